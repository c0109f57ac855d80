"""Your box by touch (issue 14): a value typed on the Your box screen is what the next game uses,
while a game started before keeps the values it started with."""

from __future__ import annotations

import re

from tables_help import check_layout

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
    r.tap("Casino")
    r.tap("Price of a pearl")
    for key in ("Delete",) * 6 + ("1", "5", "0", "000", "Save"):
        r.tap(key)
    t.obs["casino_saved"] = r.wait_for(re.compile("Saved: Price of a pearl"))
    t.go_home()

    # the next game uses the box, from the game's new-game screen too
    r.tap("Il Capo")
    r.tap("Your box")
    t.obs["from_new_game"] = r.wait_for("Beefy Rico's Execution Difficulty")
    t.obs["tabs_from_new_game"] = r.sees("Casino")
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


def _sicily_game(t, key: str, shot: str = "") -> None:
    """From Home: a Sicily game with the five names (typed the first time, tapped after)."""
    from sicily_robot import new_game

    new_game(t.robot)
    t.robot.wait_for(re.compile("chooses a home city|Choose a home city|home city"))
    t.obs[key] = t.outside.latest_game("mafia-sicily")
    if shot:
        t.robot.run_for(1.0)
        t.shot(shot)
    t.go_home()


def sicily_from_your_box(t):
    """Mafia (Sicily): a roadblock's name and die numbers and the routes, edited by touch, are what the
    next game uses; the game started before keeps the shipped ones."""
    r = t.robot
    _sicily_game(t, "old_game")

    r.tap("Settings")
    r.tap("Your box")
    r.tap("Sicily")
    r.wait_for(MARK)
    t.obs["marks_before"] = sum(text == MARK for text in r.texts())
    t.shot("your_box_sicily")
    check_layout(t, "your-box-sicily")

    # a name on the letter keypad (the first Name row is Space 2, the roadblock Bagheria)
    r.tap("Name")
    for key in "BAGARIA":
        r.tap(key)
    r.tap("Save")
    t.obs["name_saved"] = r.wait_for(re.compile("^Saved: Space 2"))

    # the die numbers on the die faces: 1 and 2 off, 5 on
    r.swipe_from("Name", 120)
    r.tap("Die numbers on the space")
    t.shot("your_box_sicily_dice")
    check_layout(t, "your-box-sicily-dice")
    for face in ("1", "2", "5"):
        r.tap(face)
    r.tap("Save")
    t.obs["dice_saved"] = r.wait_for(re.compile("^Saved: Space 2: Bagaria · Die numbers on the space: 5"))

    # a bad value: no die number at all is refused in words, and nothing is saved
    r.tap("Die numbers on the space")
    r.tap("5")
    r.tap("Save")
    t.obs["refused"] = r.wait_for(re.compile("give at least one die number"))
    check_layout(t, "your-box-sicily-refused")
    r.tap("Cancel")

    # the routes: Termini Imerese and Bagaria change places on the coast (Palermo, then Cefalù)
    r.swipe_from("Die numbers on the space", -400)  # back to the top
    r.tap("Neighbours (routes)")  # the first is Palermo's
    r.wait_for("Routes · the neighbours of Palermo")
    t.shot("your_box_sicily_routes")
    check_layout(t, "your-box-sicily-routes")
    r.tap("Bagaria")
    r.tap("Termini Imerese")
    r.tap("Another space")
    r.tap("Cefalù")
    r.wait_for("Routes · the neighbours of Cefalù")
    check_layout(t, "your-box-sicily-routes-junction")  # three neighbours, long names
    r.tap("Termini Imerese")
    r.tap("Bagaria")
    r.tap("Save")
    t.obs["routes_saved"] = r.wait_for(re.compile("^Saved: the routes"))
    t.obs["palermo_routes"] = r.wait_for(re.compile("^Termini Imerese, Trapani"))
    t.shot("your_box_sicily_after")
    check_layout(t, "your-box-sicily-saved")
    t.go_home()

    _sicily_game(t, "new_game", shot="sicily_table_with_your_box")
