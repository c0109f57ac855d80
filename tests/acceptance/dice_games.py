"""Dice & Spinner at the table: a real roll of two dice and a spin, by visible text only; the
total and the dice on screen are the roll stored in the game's log, read from outside."""

from __future__ import annotations

import json
import re

from tables_help import check_layout, tap_last


def real_roll(t):
    r = t.robot
    r.tap("Dice & Spinner")
    r.wait_for("Roll 2 dice", control=True)
    check_layout(t, "dice")
    r.tap("Roll 2 dice")
    shown = r.wait_for(re.compile(r"^\d\+\d=\d+$"), timeout=10)  # the chip beside "Last"
    gid = t.outside.latest_game("dice")
    rows = t.outside._rows("SELECT action FROM actions WHERE game_id=? ORDER BY seq", (gid,))
    stored = [json.loads(a) for (a,) in rows if json.loads(a).get("kind") == "dice_rolled"][-1]
    a, b = stored["dice"]
    t.obs["shown"] = shown
    t.obs["stored"] = f"{a}+{b}={a + b}"
    t.obs["by_hand"] = stored["by_hand"]
    r.run_for(1.6)  # the tumble settles
    t.obs["total_on_screen"] = str(a + b) in r.texts()
    check_layout(t, "dice-rolled")
    r.tap("Spin")
    r.run_for(2.0)
    check_layout(t, "dice-spun")


def entered_roll(t):
    """A real roll of 5 and 6 entered on the Dice & Spinner screen by the numbers under the faces
    (a person reads "5", not pips): the first row is the first die, the second row (drawn last) the
    second; the stored roll is by hand and the screen shows its total."""
    r = t.robot
    if not any(c.text == "Real dice" for c in r.controls()):  # not already at the dice (a scenario before)
        r.tap("Dice & Spinner")
    r.tap("Real dice")
    r.wait_for("First die")
    check_layout(t, "dice-entry")
    r.tap("5")
    tap_last(r, "6")
    r.tap("Record 5 + 6")
    r.wait_for("5 + 6 · real dice")
    gid = t.outside.latest_game("dice")
    rows = t.outside._rows("SELECT action FROM actions WHERE game_id=? ORDER BY seq", (gid,))
    stored = [json.loads(a) for (a,) in rows if json.loads(a).get("kind") == "dice_rolled"][-1]
    t.obs["entered"] = stored["dice"]
    t.obs["entered_by_hand"] = stored["by_hand"]
    t.obs["entered_total_on_screen"] = "11" in r.texts()
