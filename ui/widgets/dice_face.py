"""A real six-sided die face with pips, drawn in the canvas, and its short roll animation.

The animation is decoration only: the session has already drawn and committed the roll when
``roll_to`` is called, so tumbling faces use the UI's own throwaway randomness.
"""

from __future__ import annotations

import random

from kivy.clock import Clock
from kivy.graphics import Color, Ellipse, Line, PopMatrix, PushMatrix, Rotate, RoundedRectangle
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui import theme as th

# pip positions on a 3x3 grid (column, row), row 0 at the bottom
PIPS = {
    1: [(1, 1)],
    2: [(0, 2), (2, 0)],
    3: [(0, 2), (1, 1), (2, 0)],
    4: [(0, 0), (0, 2), (2, 0), (2, 2)],
    5: [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)],
    6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)],
}

ROLL_SECONDS = 0.8  # well under the 1.5 s the table allows
_TICK = 0.06


class DiceFace(ButtonBehavior, Widget):
    """``value`` 1-6 shows pips; 0 shows an empty face. ``selected`` draws an accent ring
    (used by the physical-entry screen). ``caption`` (e.g. the face's number) is written under the
    face, so a face to tap is found by what it reads, not only by counting pips."""

    value = NumericProperty(0)
    tilt = NumericProperty(0)
    selected = BooleanProperty(False)
    dim = BooleanProperty(False)
    rolling = BooleanProperty(False)
    caption = StringProperty("")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._event = None
        self._final = 0
        self._left = 0.0
        self._caption = None
        self._holding = False  # value and tilt change together: one drawing for both
        for prop in ("pos", "size", "value", "tilt", "selected", "dim", "state", "caption"):
            self.fbind(prop, self._draw)
        self._draw()

    def _face_box(self) -> tuple[float, float, float]:
        """(x, y, side) of the square face: the whole widget, or above the caption."""
        from ui.theme import CAPTION, THEME

        if not self.caption:
            side = min(self.width, self.height)
            return self.center_x - side / 2, self.center_y - side / 2, side
        line = CAPTION * 1.3 * THEME.scale
        side = max(0.0, min(self.width, self.height - line - 4))
        if self._caption is None:
            self._caption = Label(font_name=th.FONT, bold=True, color=th.TEXT, halign="center", valign="middle")
            self.add_widget(self._caption)
        c = self._caption
        c.text, c.font_size = self.caption, CAPTION * THEME.scale
        c.pos, c.size = (self.x, self.y), (self.width, line)
        return self.center_x - side / 2, self.y + line + 4, side

    def roll_to(self, final: int, seconds: float = ROLL_SECONDS) -> None:
        """Tumble for ``seconds`` and land on ``final`` (already recorded by the session)."""
        self.finish()
        self._final, self._left, self.rolling = final, seconds, True
        self._event = Clock.schedule_interval(self._tick, _TICK)
        self._tick(0)

    def finish(self) -> None:
        """Jump to the end of a running animation (a new tap must never wait for the old one)."""
        if self._event is not None:
            self._event.cancel()
            self._event = None
            self._turn(self._final, 0)
            self.rolling = False

    def _tick(self, dt: float) -> None:
        self._left -= dt
        if self._left <= 0:
            self.finish()
            return
        self._turn(random.choice([v for v in range(1, 7) if v != self.value]), random.uniform(-18, 18))

    def _turn(self, value: int, tilt: float) -> None:
        """Show ``value`` at ``tilt``, drawn once (each tumbling step changes both)."""
        self._holding = True
        try:
            self.value, self.tilt = value, tilt
        finally:
            self._holding = False
        self._draw()

    def _draw(self, *_):
        if self._holding:
            return
        self.canvas.before.clear()
        x, y, side = self._face_box()
        fx, fy = x + side / 2, y + side / 2  # the face's centre
        radius = side * 0.16
        with self.canvas.before:
            if self.dim and int(self.value) == 0:
                # the die not rolled (one-die roll): a faint outline, not a grey block
                Color(*th.DIM)
                # solid, not dashed: Kivy rebuilds a dashed line's texture whenever it is redrawn,
                # which stalled frames for seconds (see docs/performance.md)
                Line(rounded_rectangle=(x + 2, y + 2, side - 4, side - 4, radius), width=1)
                return
            PushMatrix()
            Rotate(angle=self.tilt, origin=(fx, fy))
            if self.selected:
                Color(*th.ACCENT)
                RoundedRectangle(pos=(x - 5, y - 5), size=(side + 10, side + 10), radius=[radius + 4])
            Color(*th.DIE_EDGE)
            RoundedRectangle(pos=(x, y - side * 0.04), size=(side, side), radius=[radius])
            face = th.DIE_FACE if not self.dim else th.rgb("#8C877E")
            if self.state == "down":
                face = th.rgb("#D9D2C3")
            Color(*face)
            RoundedRectangle(pos=(x, y), size=(side, side), radius=[radius])
            Color(*th.DIE_PIP)
            pip = side * 0.17
            step = side * 0.28
            for col, row in PIPS.get(int(self.value), []):
                cx = fx + (col - 1) * step
                cy = fy + (row - 1) * step
                Ellipse(pos=(cx - pip / 2, cy - pip / 2), size=(pip, pip))
            if int(self.value) == 0:
                Color(*th.DIE_EDGE)
                Line(rounded_rectangle=(x + side * 0.2, y + side * 0.2, side * 0.6, side * 0.6, radius / 2),
                     width=1)
            PopMatrix()
