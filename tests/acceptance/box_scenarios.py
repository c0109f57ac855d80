"""Your box by touch (issue 14): a value typed on the Your box screen is what the next game uses,
while a game started before keeps the values it started with."""

from __future__ import annotations

import re

MARK = "not in the rulebook — check it against your box"


def _new_il_capo(r, first_time: bool) -> None:
    r.tap("Il Capo")
    if first_time:
        for name in ("ANNA", "BEN"):
            r.tap("+ New name")
            for key in name:
                r.tap(key)
            r.tap("Add")
    else:
        r.tap("Anna")
        r.tap("Ben")
    r.tap("Start with 2")
    r.wait_for("Spin for Anna")


def _shoot_rico(r) -> str:
    r.tap("Spin for Anna")
    r.tap("Trouble…")
    r.tap("Shoot Rico")
    line = r.wait_for(re.compile("takes a shot at Beefy Rico"))
    r.tap("Spin for Anna")  # the shot is spun, so the next game starts from a quiet table
    r.run_for(1.5)
    return line


def rico_from_your_box(t):
    r = t.robot
    # a game started with the shipped values
    _new_il_capo(r, first_time=True)
    t.obs["old_game"] = t.outside.latest_game("il-capo")
    t.obs["old_line"] = _shoot_rico(r)
    t.go_home()

    # Settings → Your box: Rico's difficulty typed on the number pad
    r.tap("Settings")
    r.tap("Your box")
    r.wait_for(MARK)
    t.obs["marks_before"] = sum(text == MARK for text in r.texts())
    r.tap("Beefy Rico's Execution Difficulty")
    r.tap("Delete")
    r.tap("4")
    r.tap("Save")
    t.obs["saved"] = r.wait_for(re.compile("Saved:"))
    t.obs["row_note"] = r.wait_for(re.compile("from your box"))
    t.shot("your_box_il_capo")

    # a price typed with the 000 key
    r.tap("Mafia Casino")
    r.tap("Price of a pearl")
    for key in ("Delete",) * 6 + ("1", "5", "0", "000", "Save"):
        r.tap(key)
    t.obs["casino_saved"] = r.wait_for(re.compile("Saved: Price of a pearl"))
    t.go_home()

    # the next game uses the box, from the game's new-game screen too
    r.tap("Il Capo")
    r.tap("Your box")
    t.obs["from_new_game"] = r.wait_for("Beefy Rico's Execution Difficulty")
    t.obs["tabs_from_new_game"] = r.sees("Mafia Casino")
    r.tap("‹ Back")
    r.tap("Anna")
    r.tap("Ben")
    r.tap("Start with 2")
    r.wait_for("Spin for Anna")
    t.obs["new_game"] = t.outside.latest_game("il-capo")
    t.obs["new_line"] = _shoot_rico(r)
    t.go_home()


def refused_and_checked(t):
    r = t.robot
    r.tap("Settings")
    r.tap("Your box")
    r.tap("Contract")
    r.tap("Brakova card 1")
    r.tap("Delete")
    r.tap("0")
    r.tap("Save")
    t.obs["refused"] = r.wait_for(re.compile("must be from 1 to 9"))
    r.tap("Cancel")
    r.wait_for(MARK)
    r.tap("I checked these against my box")
    t.obs["checked"] = r.wait_for(re.compile("Checked: the marks are gone"))
    t.obs["marks_after"] = sum(text == MARK for text in r.texts())
    r.tap("Il Capo")
    t.obs["il_capo_marks"] = sum(text == MARK for text in r.texts())
    t.go_home()
