"""The robot looks for the sixth game where a person would: its card on Home, its screen when the
card is tapped, its tab and value in Settings → Your box."""

import re


def tour(t):
    r = t.robot
    r.wait_for("Choose a game")
    t.obs["card"] = [r.sees("Tally"), r.sees("Counts the chips")]
    r.tap("Tally")
    t.obs["screen"] = r.wait_for("Tally: every chip counted")
    r.tap("‹ Home")
    r.tap("Settings")
    r.tap("Your box")
    r.tap("Tally")
    t.obs["field"] = r.wait_for("Chips per player")
    r.tap("Chips per player")
    r.tap("Delete")
    r.tap("8")
    r.tap("Save")
    t.obs["saved"] = r.wait_for(re.compile("^Saved:"))
    t.obs["tabs"] = [c.text for c in r.controls() if c.text in ("Il Capo", "Casino", "Contract", "Sicily", "Tally")]
