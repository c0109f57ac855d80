"""Issue 18's proof for Mafia (Sicily): the table robot plays a 5-player game from Home through a full
calendar, with card draws (one from the real deck entered on the drawer's private screen), a move tapped on
the map by the spaces' names and a private peek, comparing the shared screen with the stored game after
every step, at 800x480."""

from __future__ import annotations

import pytest

from robot_run import passed, play

SCENARIO = "sicily_games:full_calendar"
NAMES_AT_TABLE = ["Anna", "Bruno", "Carla", "Dario", "Elena"]


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """One game for the three checks (one app process)."""
    return passed(play(tmp_path_factory.mktemp("sicily-robot"), [SCENARIO]), SCENARIO)


def test_a_five_player_full_calendar_by_touch_matches_the_stored_game(played):
    obs = played
    assert obs["turns_played"] >= 6, "Red, Black, State, Orange, Green, State"
    assert obs["checks"] >= 20 and not obs.get("mismatch"), obs.get("mismatch")
    assert obs["leaks"] == [], "a held card's name on the shared screen"
    assert obs["missing"] == [], "announcements the table never had on screen"
    assert obs["draws"] >= 2 and obs.get("entered_card")


def test_the_drawer_is_told_to_look_and_the_hand_shows_only_while_held(played):
    obs = played
    peek = obs["peeks"][0]
    assert peek["cards"] and peek["hidden_before"] and peek["shown_while_held"] and peek["hidden_after_release"]


def test_layout_at_800x480_has_no_cut_text_and_no_small_targets(played):
    obs = played
    assert obs["cut"] == {}, obs["cut"]
    assert obs["small"] == {}, obs["small"]


def test_the_map_shows_every_space_by_its_full_name_and_a_tap_there_moves_the_counter(played):
    from companion.games.mafia_sicily.engine import ENGINE

    obs = played
    assert obs["map_names"] == sorted(n.split(" (")[0] for n in ENGINE.space_names.values())
    assert obs["map_move"]["stored"] == obs["map_move"]["wanted"]


def test_a_result_shown_under_the_next_sides_turn_is_said_as_its_own_sides(played):
    """Issue 26: a Family's result (and its die) shown under the next side's turn says whose it was,
    never as the new side's. (What is left after one counter: the engine test
    test_after_the_first_of_two_counters_the_prompt_says_what_is_left.)"""
    obs = played
    assert obs["ended_turns"], "a turn ended with a result on screen"
    for phase, text in obs["ended_turns"]:
        side = text.split("'s ", 1)[0]
        assert f"· {side} ·" not in phase + " ·", (phase, text)  # said under the next side's turn


def test_a_boss_on_a_telephone_is_offered_the_call_to_the_usa(played):
    """Issue 26 / D5b "can call the USA": the screen offers the call and the refusal."""
    assert played.get("call_offered") == ["Call the USA", "Do not call the USA"]


CHECKS = "sicily_games:table_checks"


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    return passed(play(tmp_path_factory.mktemp("sicily-checks"), [CHECKS]), CHECKS)


def test_start_is_refused_with_a_sentence_until_every_seat_has_a_name(checked):
    assert checked["check_default"].startswith("Check moves: Off"), "move checking is off by default (issue 14)"
    assert checked["setup_refusal"] == "Give every player a name (5 to go)."
    assert checked["stored_after_refusal"], "a refused Start stores no game"


def test_undo_asks_once_names_what_it_takes_back_and_stores_nothing_while_asking(checked):
    assert checked["undo_question"].startswith("Take back: ") and "home city" in checked["undo_question"]
    assert checked["stored_while_asking"]
    assert checked["undo_news"].startswith("Undone: ")
    assert checked["undone_homes"] == []


def test_the_roll_and_the_scores_on_screen_are_the_stored_game(checked):
    assert checked["roll_shown"][0], checked["roll_shown"]
    assert all(seen for _side, _number, seen in checked["scores"]), checked["scores"]
    assert set(checked["score_names"]) == set(NAMES_AT_TABLE)
    assert checked["score_leaks"] == []
