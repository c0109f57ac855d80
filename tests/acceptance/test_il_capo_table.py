"""Il Capo by the table robot: a whole 3-player game from Home to Il Capo, by visible text only,
every spin entered by hand; after each step the screen matches the stored game read from outside."""

from robot_run import passed

SCENARIO = "il_capo_games:three_players"


def test_three_players_through_every_encounter_to_a_winner(table_robot):
    report = table_robot([SCENARIO], timeout=1800)
    obs = passed(report, SCENARIO)
    assert obs["mismatches"] == []  # balances, whose turn and the NPC's move == the stored game
    assert obs["jailed"] == [obs["hired"]]  # the cop took the hired crew member to Jail
    assert obs["standoffs"] == [[1, 2]]  # Ben vs Carla both missed
    # after Ben's beating spin of 8 the Rico step still shows Rico's own 6 LEFT
    assert obs["rico_line_after_beating"].startswith("Moves 6 spaces, turning left")
    assert obs["released"] == [obs["hired"]] and obs["pick_label"].endswith("$50,000")  # price before commit
    assert obs["mansion_question"] == "Pay $1,000,000 for the buy-off at the Mansion?"  # a big spend asked once
    assert obs["amount_after_ledger_tap"] == "$0"  # the ledger swallowed the tap: no amount set underneath
    assert obs["stored_winner"] == "Carla" and "Carla" in " ".join(obs["end_texts"])
    assert obs["layout"] == []
