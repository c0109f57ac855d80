"""A panel laid over a screen (a private pad, a question): while shown it takes every touch that
lands on it, so nothing underneath is pressed through it; while hidden (transparent or size 0) it
takes none, so the buttons it leaves at their size never eat a tap meant for what is beneath.

(Il Capo's ``IlCapoOverlay`` does the same for its panels; a game's new overlay uses this one.)
"""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout


class Cover(BoxLayout):
    def _shown(self) -> bool:
        return self.opacity > 0.05 and self.width > 1 and self.height > 1

    def _take(self, name: str, touch) -> bool:
        if not self._shown():
            return False
        handled = getattr(super(), name)(touch)
        return True if self.collide_point(*touch.pos) else handled

    def on_touch_down(self, touch):
        return self._take("on_touch_down", touch)

    def on_touch_move(self, touch):
        return self._take("on_touch_move", touch)

    def on_touch_up(self, touch):
        return self._take("on_touch_up", touch)
