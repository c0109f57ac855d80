"""Scenarios that check the robot's own senses."""

from robot import Stalled


def home_and_keypad(t):
    r = t.robot
    t.obs["home"] = r.texts()
    r.tap("Mafia+")
    r.tap("+ New name")
    for key in ("A", "N", "Space", "B", "E", "Delete"):
        r.tap(key)
    t.obs["typed"] = r.wait_for(__import__("re").compile(r"_$")).rstrip("_").rstrip()
    r.tap("Cancel")


def stall_is_reported(t):
    r = t.robot
    try:
        r.wait_for("A text no screen ever shows", timeout=1.5)
    except Stalled as error:
        t.obs["stalled"] = str(error)
