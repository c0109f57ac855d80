"""The Il Capo spinner: ten numbered segments under a fixed pointer, landing on the drawn number.

The session has already drawn and committed ``(number, side)``; ``spin_to`` only shows it: two
or three full turns easing out onto the number's segment in ``SPIN_SECONDS``, then the hub
shows L or R.
"""

from __future__ import annotations

import math
import random

from kivy.animation import Animation
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, PopMatrix, PushMatrix, Rectangle, Rotate, Triangle
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.widget import Widget

from ui import theme as th
from ui.geometry import SEG_DEG, SEGMENTS, landing_angle, number_at_pointer  # noqa: F401

SPIN_SECONDS = 1.2  # the number shows within 1.5 s of the tap (TABLE-UX), with frames to spare


class SpinnerWheel(ButtonBehavior, Widget):
    angle = NumericProperty(0)
    number = NumericProperty(0)  # 0 = not spun yet
    side = StringProperty("")  # "L" / "R" once landed, "" while spinning or before
    spinning = BooleanProperty(False)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._anim = None
        self._textures = {}
        self._side_pending = ""
        for prop in ("pos", "size", "angle", "side", "state"):
            self.fbind(prop, self._draw)
        self._draw()

    def spin_to(self, number: int, side: str, seconds: float = SPIN_SECONDS) -> None:
        self.finish()
        jitter = random.uniform(-SEG_DEG * 0.3, SEG_DEG * 0.3)
        target = landing_angle(number, self.angle, turns=2, jitter=jitter)
        self.number, self._side_pending, self.side, self.spinning = number, side, "", True
        self._anim = Animation(angle=target, d=seconds, t="out_cubic")
        self._anim.bind(on_complete=lambda *_: self._landed())
        self._anim.start(self)

    def show(self, number: int, side: str) -> None:
        """Land at once, no animation (a physical spin typed in, or a resumed game)."""
        self.finish()
        self.angle = landing_angle(number, 0, turns=0)
        self.number, self.side, self.spinning = number, side, False

    def finish(self) -> None:
        if self._anim is not None:
            anim, self._anim = self._anim, None
            anim.cancel(self)
            self.angle = landing_angle(self.number, 0, turns=0)
            self._landed()

    def _landed(self) -> None:
        self._anim = None
        self.side, self.spinning = self._side_pending, False

    def _texture(self, text: str, size: float, colour=th.TEXT):
        key = (text, round(size), colour)
        if key not in self._textures:
            label = CoreLabel(text=text, font_size=size, bold=True, color=colour, font_name=th.FONT)
            label.refresh()
            self._textures[key] = label.texture
        return self._textures[key]

    def _draw(self, *_):
        self.canvas.clear()
        r = min(self.width, self.height) / 2 - 4
        if r <= 10:
            return
        cx, cy = self.center
        with self.canvas:
            Color(*th.LINE)
            Ellipse(pos=(cx - r - 3, cy - r - 3), size=(2 * r + 6, 2 * r + 6))
            PushMatrix()
            Rotate(angle=self.angle, origin=(cx, cy))
            for i in range(SEGMENTS):
                Color(*(th.WHEEL_A if i % 2 == 0 else th.WHEEL_B))
                Ellipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r),
                        angle_start=i * SEG_DEG, angle_end=(i + 1) * SEG_DEG)
            Color(*th.LINE)
            for i in range(SEGMENTS):
                PushMatrix()
                Rotate(angle=-i * SEG_DEG, origin=(cx, cy))
                Line(points=[cx, cy, cx, cy + r], width=1)
                PopMatrix()
            PopMatrix()
            # numbers stay upright (a 6 must never read as a 9): placed on the turning wheel
            for i in range(SEGMENTS):
                tex = self._texture(str(i + 1), r * 0.27)
                a = math.radians(i * SEG_DEG + SEG_DEG / 2 - self.angle)
                x = cx + math.sin(a) * r * 0.72
                y = cy + math.cos(a) * r * 0.72
                Color(1, 1, 1, 1)
                Rectangle(texture=tex, size=tex.size, pos=(x - tex.width / 2, y - tex.height / 2))
            # hub: L or R once landed
            hub = r * 0.36
            Color(*(th.SURFACE_PRESSED if self.state == "down" else th.SURFACE))
            Ellipse(pos=(cx - hub, cy - hub), size=(2 * hub, 2 * hub))
            Color(*th.ACCENT)
            Line(circle=(cx, cy, hub), width=2)
            if self.side:
                tex = self._texture(self.side, hub * 1.15, th.ACCENT)
                Color(1, 1, 1, 1)
                Rectangle(texture=tex, size=tex.size, pos=(cx - tex.width / 2, cy - tex.height / 2))
            # the fixed pointer at the top
            Color(*th.ACCENT)
            p = r * 0.13
            Triangle(points=[cx - p, cy + r + p * 0.9, cx + p, cy + r + p * 0.9, cx, cy + r - p * 0.9])
