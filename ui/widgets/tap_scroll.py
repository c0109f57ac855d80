"""A ScrollView that never loses a tap.

Kivy's ScrollView cannot know at touch-down whether a finger will scroll or tap, so it holds the
touch back for ``scroll_timeout`` (250 ms). A finger lifted before that (a quick tap, or down and
up in the same frame) is replayed to the button as a press *now* and a release **0.2 s later**
(``Clock.schedule_once(partial(self._do_touch_up, touch), .2)`` in ``on_scroll_stop``). If the
screen rebuilds its buttons in those 0.2 s - which is exactly what happens right after a screen
change, when the new screen fills itself and refreshes on the game's events - the release goes
to a button that is no longer in the tree and the tap is lost: the person saw the button, touched
it, and nothing happened.

The same window loses a tap when the screen fills itself between the finger's down and up (it
has just opened): the new buttons are not laid out until the next frame, so the replayed press
finds no button under the finger.

``TapScrollView`` lays out its content before it replays a tap, and releases the replayed tap in
the same frame as the finger's release, so the button gets press and release together, before
any rebuild can come in between. Dragging to
scroll is unchanged (the timeout and ``scroll_distance`` still decide what is a scroll).
"""

from __future__ import annotations

from kivy.uix.scrollview import ScrollView

RELEASED = "tap_scroll.released"


class TapScrollView(ScrollView):
    def on_scroll_stop(self, touch, check_children=True):
        ud = touch.ud.get(self._get_uid())
        tapped = isinstance(ud, dict) and ud.get("mode") == "unknown" and not ud.get("user_stopped")
        if tapped:
            self._settle_layout()
        rv = super().on_scroll_stop(touch, check_children)
        if tapped and not touch.ud.get(RELEASED):
            touch.ud[RELEASED] = True
            # Kivy replays the release in window coordinates; the touch is in our parent's here
            touch.push()
            touch.apply_transform_2d(self.to_window)
            super()._do_touch_up(touch)
            touch.pop()
        return rv

    def _settle_layout(self) -> None:
        """Buttons added since the last frame are still piled at (0, 0) until the next layout pass;
        the tap is replayed after we lay them out where the screen is about to draw them."""
        from kivy.uix.layout import Layout

        stack = [self._viewport] if self._viewport is not None else []
        while stack:
            w = stack.pop()
            if isinstance(w, Layout):
                w.do_layout()
            stack.extend(w.children)

    def _do_touch_up(self, touch, *largs):
        if largs and touch.ud.get(RELEASED):
            return  # Kivy's delayed release: already delivered in the tap's own frame
        super()._do_touch_up(touch)
