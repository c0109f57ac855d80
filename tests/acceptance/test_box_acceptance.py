"""Your box, played by the table robot (issue 14): values typed by touch are saved in the database,
used by the next game and shown in its announcements; a game started before keeps its values and
replays unchanged; a bad value is refused with a sentence; "I checked" removes the marks."""

import sqlite3

from robot_run import passed
from robot import Outside


def _setting(db, key):
    import json

    con = sqlite3.connect(db)
    try:
        row = con.execute("SELECT value FROM settings WHERE key=?", (key,)).fetchone()
    finally:
        con.close()
    return json.loads(row[0]) if row else None


def test_a_value_typed_in_your_box_is_used_by_the_next_game_and_the_old_game_keeps_its_own(table_robot):
    report = table_robot(["box_scenarios:rico_from_your_box", "box_scenarios:refused_and_checked"])
    obs = passed(report, "box_scenarios:rico_from_your_box")
    assert obs["marks_before"] >= 2
    assert obs["saved"] == "Saved: Beefy Rico's Execution Difficulty 4."
    assert obs["old_line"] == "Anna takes a shot at Beefy Rico: spin higher than 7 to hit."
    assert obs["new_line"] == "Anna takes a shot at Beefy Rico: spin higher than 4 to hit."
    assert obs["tabs_from_new_game"] is False  # opened from Il Capo's new-game screen: Il Capo only
    assert obs["casino_saved"] == "Saved: Price of a pearl $150,000."

    box = _setting(report["db"], "box.il-capo")
    assert box["values"]["npc"]["rico_difficulty"] == 4
    assert _setting(report["db"], "box.mafia-casino")["values"]["market_value"][0]["pearl"] == 150_000
    outside = Outside(report["db"])
    _, old, _ = outside.replay(obs["old_game"])
    _, new, _ = outside.replay(obs["new_game"])
    assert old.board.rico_difficulty == 7 and new.board.rico_difficulty == 4

    checked = passed(report, "box_scenarios:refused_and_checked")
    assert checked["refused"] == "Your box: Brakova card 1 must be from 1 to 9, not 0."
    assert _setting(report["db"], "box.contract")["values"]["mafiosi"]["brakova"][0] == 2
    assert checked["marks_after"] == 0 and checked["il_capo_marks"] >= 1


def test_sicily_values_typed_in_your_box_are_the_next_games_and_the_old_game_keeps_its_own(table_robot):
    report = table_robot(["box_scenarios:sicily_from_your_box"])
    obs = passed(report, "box_scenarios:sicily_from_your_box")
    assert obs["marks_before"] >= 2
    assert obs["name_saved"] == "Saved: Space 2: Bagheria · Name: Bagaria."
    assert obs["dice_saved"] == "Saved: Space 2: Bagaria · Die numbers on the space: 5."
    assert obs["refused"] == "The die numbers of Bagaria (roadblock): give at least one die number from 1 to 6."
    assert obs["routes_saved"] == "Saved: the routes. Clockwise: Palermo → Termini Imerese."
    assert obs["palermo_routes"] == "Termini Imerese, Trapani"
    assert obs["layout"] == [], obs["layout"]  # nothing cut, overlapping or too small at 800x480

    values = _setting(report["db"], "box.mafia-sicily")["values"]
    assert values["spaces"]["bagheria"] == {"name": "Bagaria", "numbers": [5], "neighbours": ["termini", "cefalu"]}
    assert values["clockwise_from_palermo"] == "termini"

    outside = Outside(report["db"])
    old_engine, old, _ = outside.replay(obs["old_game"])
    new_engine, new, _ = outside.replay(obs["new_game"])
    old_e, new_e = old_engine.for_state(old), new_engine.for_state(new)
    assert old_e.space_names["bagheria"] == "Bagheria" and old_e.space_numbers["bagheria"] == (1, 2)
    assert old_e.board.routes.ring[:4] == ("palermo", "bagheria", "termini", "cefalu")
    assert new_e.space_names["bagheria"] == "Bagaria" and new_e.space_numbers["bagheria"] == (5,)
    assert new_e.board.routes.ring[:4] == ("palermo", "termini", "bagheria", "cefalu")
    # each game carries the box it started with (the old one: the defaults, as they were then)
    assert old.box != new.box and '"bagheria":{"name":"Bagheria"' in old.box
