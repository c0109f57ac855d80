"""Hold-to-confirm: a ring fills while the finger stays down; letting go early cancels.

For destructive or secret-revealing actions (TABLE-UX.md). ``on_confirm`` fires once, when the
ring is full; a plain tap only shows the hint ``Hold longer`` (short: it fits every button).
"""

from __future__ import annotations

import time

from kivy.clock import Clock
from kivy.properties import NumericProperty, StringProperty

from .big_button import BigButton

HOLD_SECONDS = 1.0


class HoldButton(BigButton):
    progress = NumericProperty(0.0)  # 0..1, drawn as a ring in theme.kv
    hold_seconds = NumericProperty(HOLD_SECONDS)
    hint = StringProperty("")

    __events__ = ("on_confirm",)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._event = None

    def on_press(self):
        self.hint = ""
        self.progress = 0.0
        self._cancel()
        self._pressed_at = time.monotonic()
        self._event = Clock.schedule_interval(self._tick, 1 / 30)

    def on_release(self):
        if self._event is not None:
            if time.monotonic() - getattr(self, "_pressed_at", time.monotonic()) >= self.hold_seconds:
                self._tick(0)  # held long enough in real time: a late frame must not cancel it
                if self._event is None:
                    return
            self._cancel()
            self.progress = 0.0
            self.hint = "Hold longer"

    def _tick(self, _dt):
        # the time really held, not the sum of frame times: a slow frame never makes a person
        # hold longer than the hold time
        held = time.monotonic() - getattr(self, "_pressed_at", time.monotonic())
        self.progress = min(1.0, held / max(0.05, self.hold_seconds))
        if self.progress >= 1.0:
            self._cancel()
            self.dispatch("on_confirm")
            Clock.schedule_once(lambda *_: setattr(self, "progress", 0.0), 0.3)

    def _cancel(self):
        if self._event is not None:
            self._event.cancel()
            self._event = None

    def on_confirm(self):
        pass
