"""What the table robot needs for Mafia (Sicily), built only from robot.py's senses (visible text,
taps, holds) plus one thing a person does that robot.py has no word for yet: keep a finger on a
hold button while reading (and tapping with the other hand) — the private hand shows only while held.
"""

from __future__ import annotations

import re
import time

from kivy.tests.common import UnitTestTouch

from robot import Robot

NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena"]


def type_name(r: Robot, name: str) -> None:
    r.tap("+ New name")
    for letter in name.upper():
        r.tap(letter)
    r.tap("Add")


def new_game(r: Robot, names=NAMES, check_moves: bool = False) -> None:
    """From Home: Mafia (Sicily), names typed for every seat, move checking as asked, Start."""
    r.tap("Mafia (Sicily)")
    r.wait_for("Start the game")
    for i, name in enumerate(names):
        if name in r.texts() and any(c.text == name for c in r.controls()):
            r.tap(name)
        else:
            type_name(r, name)
    want = re.compile("^Check moves: On" if check_moves else "^Check moves: Off")
    if not r.sees(want):
        r.tap(re.compile(r"^Check moves: "))
    r.wait_for(want)
    r.tap("Start the game")


class Held:
    """A finger kept down on a hold button: ``with Held(r, text) as h: ... h.texts ...``.

    With ``until`` (texts that should appear while held), the finger stays down past the hold time
    and the eyes wait for them like ``wait_for``, up to ``timeout`` (well inside the time a private
    screen stays open): under a loaded machine the hand can be drawn a few frames after the ring is
    full. If they never come, ``texts`` is what was there, for the test to judge."""

    def __init__(self, r: Robot, pattern, extra: float = 0.25, until: tuple = (), timeout: float = 8.0):
        self.r, self.pattern, self.extra = r, pattern, extra
        self.until, self.timeout = tuple(until), timeout

    def __enter__(self):
        r = self.r
        s = r.find(self.pattern)
        seconds = float(getattr(s.widget, "hold_seconds", 1.0))
        x, y, w, h = s.rect
        self.touch = UnitTestTouch(x + w / 2, y + h / 2)
        self.touch.touch_down()
        r.run_for(seconds + self.extra)
        self.texts = r.texts()
        end = time.monotonic() + self.timeout
        while self.until and not all(any(u in t for t in self.texts) for u in self.until) \
                and time.monotonic() < end:
            r.frame()
            self.texts = r.texts()
        return self

    def __exit__(self, *exc):
        self.touch.touch_up()
        self.r.frame()
        self.r.run_for(0.1)
        return False
