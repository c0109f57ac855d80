"""Contract in the real app, headless, by touches only (subprocesses: see tests/ui/conftest.py).

One whole 2-player game with a fixed seed: names typed on the on-screen keyboard, the Mafiosi
entered by family and value, every action by taps, a refusal, an undo, each count, and the final
score compared with the engine's and with a replay of the store's log.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from contract_uihelp import assert_not_blank, drive, run_app  # noqa: E402

SCREENS = ["contract_round", "contract_new", "contract_reveal", "contract_count", "contract_areas",
           "contract_bonuses", "contract_score"]
GAME_SHOTS = ["contract_keyboard", "contract_new", "contract_trafficking", "contract_bonuses", "contract_reveal",
              "contract_reveal_value", "contract_round", "contract_compose", "contract_pay", "contract_chase",
              "contract_refused", "contract_undo", "contract_count", "contract_count_choice", "contract_areas",
              "contract_score"]


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    base = tmp_path_factory.mktemp("contract-game")
    db = base / "table.db"
    obs = drive("game", db, base / "shots", "800x480")
    return obs, db, base / "shots"


def replayed_score(db: Path, game_id: int):
    """The final score from the store's log alone (a fresh replay, no screen involved)."""
    from companion.engine import TABLE
    from companion.session import Session
    from companion.store import Store

    store = Store.open(db)
    try:
        session = Session.resume(store, game_id)
        return session.view(TABLE).score, store.game(game_id).status, session.state.round
    finally:
        store.close()


def test_new_game_names_typed_on_the_on_screen_keyboard_in_seat_order(played):
    obs, _, _ = played
    assert obs["after_card"] == "contract_new"
    assert obs["typed"] == "Bruno"
    assert obs["seats"] == ["Anna", "Bruno"] and obs["known"] == ["Anna", "Bruno"]
    assert obs["after_start"] == "contract_round"
    assert obs["seed"] == 4242


def test_a_whole_two_player_game_by_touches_ends_on_the_final_score(played):
    obs, _, _ = played
    assert obs["final_screen"] == "contract_score"
    assert obs["rounds_played"] == 5  # "5 rounds with 2 players"
    assert len(obs["count_messages"]) == 5
    assert obs["count_messages"][-1] == "Round 5 is counted: that was the last round."
    assert obs["revealed_by_hand"] >= 2  # the Mafiosi entered by family + value taps


def test_the_score_on_screen_equals_the_engine_and_the_stores_log(played):
    obs, db, _ = played
    score, status, rounds = replayed_score(db, obs["game_id"])
    from_log = {r.name: r.total for r in score.rows}
    assert obs["score_engine"] == from_log
    assert obs["score_shown"] == {name: f"{total} $" for name, total in from_log.items()}
    assert obs["winner_shown"] == [score.rows[s].name for s in score.winners] == obs["winners_engine"]
    assert obs["headline"] == score.lines[-1]
    assert status == "finished" and rounds == 5


def test_only_influence_is_enabled_for_the_first_player_of_a_round(played):
    obs, _, _ = played
    assert obs["enabled_actions"] == {"action:influence": True, "action:reinforce": False,
                                      "action:copper": False, "action:vicelard": False, "action:pass": False}


def test_hiring_vicelard_onto_copper_asks_where_copper_goes(played):
    obs, db, _ = played
    assert obs["chase_message"] == "Vicelard chases Copper: tap the Mafioso where Copper goes."
    from companion.store import Store

    store = Store.open(db)
    try:
        log = store.log(obs["game_id"])
    finally:
        store.close()
    kinds = [a["kind"] for a in log]
    assert "pay_copper" in kinds
    hired = [a for a in log if a["kind"] == "hire_vicelard"]
    assert hired and hired[0]["copper_to"] is not None


def test_a_refused_action_is_a_sentence_and_changes_nothing(played):
    obs, _, _ = played
    assert obs["refused_error"] == ("To influence a Mafioso, play at least one token together with at least "
                                    "one influence card.")
    assert obs["refused_message_shown"] == obs["refused_error"]
    assert obs["refused_disk_same"] is True and obs["refused_state_same"] is True


def test_undo_asks_once_with_names_then_takes_back(played):
    obs, _, _ = played
    assert obs["undo_confirming"] is True
    assert obs["undo_question"].startswith("Take back: Anna influences ")
    assert obs["after_undo_disk"] == [obs["after_fix_disk"], {"kind": "_undo"}]
    assert obs["undo_restored"] is True and obs["undo_confirming_after"] is False


def test_the_count_shows_each_mafioso_and_the_choices_as_buttons(played):
    obs, _, _ = played
    for verdicts in obs["count_tiles"]:
        assert len(verdicts) == 4  # the whole row of a 2-player round, left to right
        assert all(v.endswith(" wins") or v in ("Tie: discarded", "Nobody: out") for v in verdicts)
    # this seed's game asks where a Blackmat goes: one button per family column of the winner
    assert obs["count_choices"] == [["With the Brakova", "With the Costa"]]
    assert obs["areas_rows"] == ["Anna", "Bruno"]


def test_touch_targets_are_large(played):
    obs, _, _ = played
    for key in ("round_targets", "keyboard_targets", "score_targets"):
        small = [t for t in obs[key] if min(t[1], t[2]) < 48]
        assert not small, f"{key}: targets under 48 px: {small}"


@pytest.mark.parametrize("name", GAME_SHOTS)
def test_every_game_picture_is_not_blank(played, name):
    _, _, shots = played
    assert_not_blank(shots / f"{name}.png", (800, 480))


def test_every_contract_screen_is_listed_and_renders_with_screenshot(tmp_path):
    listed = run_app(["-m", "ui.main", "--list-screens"], tmp_path)
    assert listed.returncode == 0
    assert set(SCREENS) <= set(listed.stdout.split())
    for name in SCREENS:
        out = tmp_path / f"{name}.png"
        result = run_app(["-m", "ui.main", "--screenshot", str(out), "--screen", name, "--size", "800x480"],
                         tmp_path)
        assert result.returncode == 0, result.stderr[-2000:]
        assert_not_blank(out, (800, 480))


def test_a_larger_panel_scales_the_round_and_the_count(tmp_path):
    obs = drive("sizes", tmp_path / "t.db", tmp_path / "shots", "1280x720")
    assert obs["window"] == [1280, 720]
    for key in ("round_targets", "count_targets", "compose_targets"):
        assert all(min(t[1], t[2]) >= 48 for t in obs[key]), obs[key]
    for name in ("contract_round", "contract_count", "contract_compose"):
        assert_not_blank(tmp_path / "shots" / f"{name}.png", (1280, 720))


# -- a whole 3-player game (issue 8: "an end-to-end UI test of a 3-player game by touches") ------------

@pytest.fixture(scope="module")
def played3(tmp_path_factory):
    """One subprocess: three names typed, the app deals and draws every Mafioso, 4 rounds by taps."""
    base = tmp_path_factory.mktemp("contract-game3")
    db = base / "table.db"
    obs = drive("game3", db, base / "shots", "800x480")
    return obs, db, base / "shots"


def test_a_whole_three_player_game_by_touches_plays_four_rounds_to_the_final_score(played3):
    obs, _, _ = played3
    assert obs["seats"] == ["Anna", "Bruno", "Carla"] and obs["seed"] == 4243
    assert obs["final_screen"] == "contract_score"
    assert obs["rounds_played"] == 4  # "4 rounds with 3-5 players"
    assert obs["count_messages"] == [f"Round {r} is counted. Take back your tokens; round {r + 1} is next."
                                     for r in (1, 2, 3)] + ["Round 4 is counted: that was the last round."]
    for verdicts in obs["count_tiles"]:
        assert len(verdicts) == 5  # the 3-player layout: 5 Mafiosi, counted left to right


def test_three_player_copper_discards_chosen_at_the_table_are_in_the_stores_log(played3):
    obs, db, _ = played3
    from companion.store import Store

    assert obs["discards"], "the fixed seed no longer reaches a Copper discard"
    store = Store.open(db)
    try:
        log = store.log(obs["game_id"])
    finally:
        store.close()
    discarded = [f"discard:{a['victim']}:{a['card']}" for a in log if a["kind"] == "copper_discard"]
    assert discarded == obs["discards"]
    assert all("Take the Copper card" in choices for choices in obs["count_choices"] if
               any("discards" in c for c in choices))


def test_three_player_score_on_screen_equals_the_engine_and_the_stores_log(played3):
    obs, db, _ = played3
    score, status, rounds = replayed_score(db, obs["game_id"])
    from_log = {r.name: r.total for r in score.rows}
    assert set(from_log) == {"Anna", "Bruno", "Carla"}
    assert obs["score_engine"] == from_log
    assert obs["score_shown"] == {name: f"{total} $" for name, total in from_log.items()}
    assert obs["winner_shown"] == [score.rows[s].name for s in score.winners] == obs["winners_engine"]
    assert obs["headline"] == score.lines[-1]
    assert status == "finished" and rounds == 4


def test_a_players_tag_seats_that_player_on_the_new_game_screen(played3):
    obs, _, _ = played3
    assert obs["seats_untapped"] == ["Anna", "Bruno"]  # Carla freed by a tap on her name
    assert obs["tag_used"] is True and obs["seats_tagged"] == ["Anna", "Bruno", "Carla"]


def test_the_first_name_tapped_is_the_first_player(played3):
    obs, _, _ = played3
    assert obs["new_message"] == "3 players. Anna plays first."
    assert obs["round1_opener"] == "Anna" == obs["seats"][0]


def test_the_app_deals_the_trafficking_tiles_at_random(played3):
    obs, db, _ = played3
    from companion.store import Store

    assert "deal" in obs["trafficking_buttons"] and "The app deals them at random" in obs["trafficking_message"]
    store = Store.open(db)
    try:
        first = store.log(obs["game_id"])[0]
    finally:
        store.close()
    assert first["kind"] == "trafficking_dealt" and first["by_hand"] is False


def test_passes_in_a_row_are_on_the_round_screen(played3):
    obs, _, _ = played3
    # round 1: influence, influence, Copper, influence, then a pass by each player
    assert obs["passes_shown"] == ["Passes 0/3\nin a row"] * 5 + ["Passes 1/3\nin a row", "Passes 2/3\nin a row"]


def test_vote_during_coppers_choice_makes_that_player_discard(played3):
    obs, _, _ = played3
    error, unchanged = obs["vote_winner"]
    assert error.endswith("won Copper's Mafioso: choose another player who discards, or take the Copper card.")
    assert unchanged is True
    used, key, recorded = obs["vote_discard"]
    assert used is True and key == obs["discards"][0]
    assert f"discard:{recorded['victim']}:{recorded['card']}" == key and recorded["kind"] == "copper_discard"


def test_a_tag_for_a_player_with_two_cards_asks_for_a_tap_and_changes_nothing(played3):
    obs, _, _ = played3
    used, error, unchanged = obs["tag_several"]
    assert used is True and unchanged is True
    assert error == "Carla has 2 Costa Mafiosi: tap the one Carla discards."


@pytest.mark.parametrize("name", ["contract3_round", "contract3_passes", "contract3_discard", "contract3_score"])
def test_every_three_player_picture_is_not_blank(played3, name):
    _, _, shots = played3
    assert_not_blank(shots / f"{name}.png", (800, 480))
