"""Il Capo by the table robot: a whole 3-player game from Home to Il Capo, by visible text only,
every spin entered by hand; after each step the screen matches the stored game read from outside."""

import pytest
from robot_run import passed, play

SCENARIO = "il_capo_games:three_players"


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """One game, played once, read by every test below."""
    return passed(play(tmp_path_factory.mktemp("il-capo-table"), [SCENARIO], timeout=1800), SCENARIO)


def test_three_players_through_every_encounter_to_a_winner(played):
    obs = played
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


def test_il_capo_results_whole_under_the_acting_player_and_payments_confirmed(played):
    """Issue #26, played by visible text: a held result is the one idea (whole, the acting player's
    status line and title, whose spin it was), the old spin is cleared at the next turn, Jail and
    the Out of Jail space are on the tiles, crew cards say what a skill does, a payment is confirmed."""
    obs = played
    held = obs["held_result"]
    assert held["status"] == ["Round 5 · Ben's turn"] and held["title"] and held["whose"]
    assert held["result"] and held["result"].startswith("Ben spins 10: Marcello Valli is whacked.")
    assert not held["old_prompt"]
    assert obs["after_turn_change"] == {"prompt": True, "owner": True, "cleared": True}
    assert obs["jail_until"] == [4]
    assert obs["jail_tile"] == f"Jail: {obs['hired'].split()[0]} (Anna) until the end of round 4"
    assert obs["released_prompt"] and obs["released_tile"]
    assert obs["hire_skill_shown"]
    (first, taps1), (second, taps2) = obs["payments_confirmed"]
    assert first == "Done: Carla receives $1,000,000 from the bank. Carla now has $1,150,000." or \
        first.startswith("Done: Carla receives $1,000,000 from the bank. Carla now has $")
    assert taps1 == taps2 == 2  # the amount, Receive: the confirmation costs no tap
