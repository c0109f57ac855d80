"""Mafia Casino in the real app, by touches only (subprocesses; see mafia_casino_driver.py).

One 3-player game in token mode: Poker, Roulette and Slot Machine each entered on their screens,
a Construction paid with manpower (a short payment refused in words, nothing recorded), a
Client, an undo, an Extortion with tokens handed over, and the $30M win — at 800x480 and
1280x720. Every Mafia Casino screen also renders alone with --screenshot.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from casino_ui_runs import DRIVER, ROOT, finish, start
from pngcheck import colour_stats

SIZES = ("800x480", "1280x720")
SCREENS = ("mafia_casino_new", "mafia_casino_table", "mafia_casino_action", "mafia_casino_poker",
           "mafia_casino_roulette", "mafia_casino_slot", "mafia_casino_victory", "mafia_casino_ledger")
DOCS = ROOT / "docs" / "screenshots"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("casino")
    procs = {}
    for size in SIZES:
        d = tmp / f"play-{size}"
        procs[("play", size)] = start([str(DRIVER), "play", str(d / "db.sqlite"), str(d / "out"), size], d)
    d = tmp / "six"
    procs[("six", "800x480")] = start([str(DRIVER), "six", str(d / "db.sqlite"), str(d / "out"), "800x480"], d)
    for name in SCREENS:
        d = tmp / f"shot-{name}"
        procs[("shot", name)] = start(["-m", "ui.main", "--screenshot", str(d / f"{name}.png"), "--screen", name], d)
    results = finish(procs)
    return tmp, results


def observed(runs, size: str) -> dict:
    tmp, results = runs
    code, _, stderr = results[("play", size)]
    obs = json.loads((tmp / f"play-{size}" / "out" / "play.json").read_text())
    assert "error" not in obs, obs.get("error")
    assert code == 0, stderr[-2000:]
    return obs


@pytest.mark.parametrize("size", SIZES)
def test_a_three_player_game_by_touches_to_a_30m_win(runs, size):
    obs = observed(runs, size)
    assert obs["entry_screen"] == "mafia_casino_new" and obs["home_badge"] == "Play"
    assert obs["typed"] == "Anna" and obs["chosen"] == ["Anna", "Ben", "Cleo"]  # typed on the on-screen keyboard
    assert obs["after_start"] == "mafia_casino_table" and obs["token_mode"] is True
    assert obs["first_phase"] == "actions"
    # one of each Game card, on its own screen
    assert obs["poker_screen"] == "mafia_casino_poker"
    assert obs["poker_prompts"][0].startswith("All cards face up: tap Anna's two cards")
    assert obs["poker_mode_board"] == "board"
    assert "Anna wins $6M with five of a kind" in obs["poker_result"]
    assert "Five of a kind beats full house" in obs["poker_result"]  # why the winner wins
    assert obs["roulette_screen"] == "mafia_casino_roulette" and obs["roulette_disabled"] == ["5", "Q"]
    assert "Cleo wins $2M" in obs["roulette_result"]
    assert obs["slot_screen"] == "mafia_casino_slot" and obs["slot_reels"] == ["diamond"] * 3
    assert "three diamonds! Cleo wins $15M" in obs["slot_result"]
    assert obs["victory_screen"] == "mafia_casino_victory"
    assert obs["victory_text"][:2] == ["Cleo wins!", "$31M"]
    assert obs["store_status"] == "finished" and obs["after_home"] == "home"


@pytest.mark.parametrize("size", SIZES)
def test_balances_on_screen_equal_the_engine_ledger_and_the_stored_log(runs, size):
    obs = observed(runs, size)
    labels = [c["label"] for c in obs["checks"]]
    assert labels == ["start", "after poker", "after roulette", "after slot", "after client", "after extortion",
                      "before the win"]
    for check in obs["checks"]:
        assert check["screen"], check
        assert check["disk"], check
    assert obs["checks"][-1]["panels"] == {"Anna": "$6M", "Ben": "$2M", "Cleo": "$31M"}


def test_token_hand_over_is_shown_after_each_payment(runs):
    obs = observed(runs, "800x480")
    assert obs["poker_tokens_shown"] is True
    assert "The bank pays Anna $6M (Poker Texas Hold'em)" in obs["poker_token_rows"]
    assert obs["poker_handover"] == [["The bank", "Anna", [1, 1, 0], [0, 0, 0]]]  # one green and one red
    assert obs["extortion_rows"][0] == "Anna pays Ben $1M (Extortion)"
    assert [h[:2] for h in obs["extortion_handover"]] == [["Anna", "Ben"], ["Cleo", "Ben"]]


def test_a_refused_manpower_payment_is_a_sentence_and_changes_nothing(runs):
    obs = observed(runs, "800x480")
    assert obs["refused"] == "2 manpower does not cover the cost of 3: discard more."
    assert obs["refused_log_same"] and obs["refused_state_same"]
    assert obs["refused_screen"] == "mafia_casino_action"
    assert obs["construction_summary"] == "Construction: Casino · Poker Room · 3 manpower"
    assert obs["after_pay_phase"] == "clients"


def test_undo_asks_once_names_the_player_and_restores_the_balance(runs):
    obs = observed(runs, "800x480")
    assert obs["undo_question"] == "Take back: Anna: client Casino?"
    assert obs["anna_after_client"] == "$7M" and obs["anna_after_undo"] == "$6M"
    assert obs["phase_after_undo"] == "clients" and obs["log_has_undo"]


@pytest.mark.parametrize("size", SIZES)
def test_touch_targets_are_large_and_screenshots_are_not_blank(runs, size):
    obs = observed(runs, size)
    assert obs["new_small_targets"] == [] and obs["action_small_targets"] == [] and obs["ledger_small_targets"] == []
    tmp, _ = runs
    expected = {"new_keyboard", "new_game", "table_market", "action_choose", "poker_holes", "poker_board",
                "poker_result", "table_tokens", "roulette_bets", "roulette_result", "slot_turn", "slot_result",
                "action_cost", "manpower_refused", "table_undo", "table_extortion", "table_before_win", "victory",
                "ledger"}
    assert expected <= set(obs["shots"])
    w, h = (int(v) for v in size.split("x"))
    for name in obs["shots"]:
        stats = colour_stats(tmp / f"play-{size}" / "out" / f"{name}.png", step=5)
        assert stats["size"] == (w, h), name
        assert stats["colours"] > 12 and stats["top_share"] < 0.9, (name, stats)


def test_six_players_keep_every_balance_large_and_a_seventh_is_refused(runs):
    tmp, results = runs
    code, _, stderr = results[("six", "800x480")]
    obs = json.loads((tmp / "six" / "out" / "six.json").read_text())
    assert "error" not in obs, obs.get("error")
    assert obs["seventh_disabled"] is True and obs["players"] == 6
    assert all(size >= 64 for size in obs["balance_font"]) and all(obs["balance_fits"])
    assert obs["small_targets"] == [] and obs["phase_text"] == "Turn 1 · Fifi · phase 1"
    stats = colour_stats(tmp / "six" / "out" / "table_six.png", step=5)
    assert stats["colours"] > 12 and stats["top_share"] < 0.9


@pytest.mark.parametrize("name", SCREENS)
def test_every_casino_screen_renders_with_screenshot(runs, name):
    tmp, results = runs
    code, _, stderr = results[("shot", name)]
    png = tmp / f"shot-{name}" / f"{name}.png"
    assert code == 0, stderr[-2000:]
    stats = colour_stats(png, step=5)
    assert stats["size"] == (800, 480)
    assert stats["colours"] > 12 and stats["top_share"] < 0.9, stats


def test_casino_screens_are_listed():
    from ui.controller import GAME_ENTRY, PARENT, SCREENS as ALL

    assert set(SCREENS) <= set(ALL)
    assert GAME_ENTRY["mafia-casino"] == "mafia_casino_new"
    assert PARENT["mafia_casino_poker"] == "mafia_casino_table"


def test_ledger_history_lists_the_played_payments_newest_first_and_undo_there_takes_back_the_last(runs):
    obs = observed(runs, "800x480")
    assert obs["ledger_screen"] == "mafia_casino_ledger"  # the bank's Ledger button
    assert obs["ledger_rows"] == [
        ["Turn 4", "The bank pays Anna", "$1M", "Client Casino (1 construction)"],
        ["Turn 3", "The bank pays Cleo", "$15M", "Slot machine"],
        ["Turn 2", "The bank pays Cleo", "$2M", "Roulette"],
        ["Turn 1", "The bank pays Anna", "$6M", "Poker Texas Hold'em"],
    ]
    # undo asks once (nothing recorded while asking), then the last action is gone from the list
    assert obs["ledger_undo_question"] == "Take back: Anna: client Casino?"
    assert obs["ledger_log_same_while_asking"] is True
    assert obs["ledger_log_last"] == {"kind": "_undo"}
    assert obs["ledger_rows_after_undo"] == obs["ledger_rows"][1:]
    assert obs["ledger_screen_after_undo"] == "mafia_casino_ledger" and obs["ledger_phase_after_undo"] == "clients"
    assert obs["ledger_back_to"] == "mafia_casino_table" and obs["anna_after_ledger_undo"] == "$6M"


def test_roomy_balances_sit_inside_their_panels(runs):
    obs = observed(runs, "800x480")
    assert all(check["inside"] for check in obs["checks"]), [c["label"] for c in obs["checks"] if not c["inside"]]


def test_token_hand_over_sits_beside_a_compact_list_of_balances_and_next_closes_it(runs):
    obs = observed(runs, "800x480")
    beside = obs["tokens_beside"]
    assert beside["showing"] and beside["side_by_side"] and beside["compact"] and beside["cols"] == 1
    assert beside["list"] == {"Anna": "$6M", "Ben": "$2M", "Cleo": "$16M"}  # every balance still in view
    assert obs["next_used"] is True
    assert obs["tokens_after_next"] == {"showing": False, "cols": 3, "compact": False}


def _six(runs) -> dict:
    tmp, results = runs
    obs = json.loads((tmp / "six" / "out" / "six.json").read_text())
    assert "error" not in obs, obs.get("error")
    return obs


def test_a_players_tag_chooses_them_for_a_new_table_and_a_seventh_is_refused_in_words(runs):
    obs = _six(runs)
    assert obs["tag_used"] is True and obs["chosen_by_tag"] == ["Anna", "Ben", "Cleo", "Dino", "Enzo", "Fifi"]
    assert obs["seventh_tag_error"] == "Six players at most: Gino cannot join this table."


def test_vote_seat_picks_the_first_player_and_strangers_are_refused_in_words(runs):
    obs = _six(runs)
    assert obs["vote_nobody"] == ["There is no seat 10 at this table of 6.", "first_player"]
    assert obs["tag_stranger"] == ["Gino is not playing at this table.", "first_player"]
    assert obs["vote_used"] is True and obs["first_by_vote"] == ["actions", "Fifi"]


def test_a_players_tag_answers_which_player_for_a_card_and_the_player_of_the_card_is_refused(runs):
    obs = _six(runs)
    assert obs["target_prompt"] == "Which player?"
    assert obs["target_self"] == ["Fifi plays this card: choose another player.", False]
    assert obs["target_used"] is True
    assert obs["target_by_tag"] == [2, "Manpower cost printed on the card?", ""]


@pytest.mark.parametrize("size", SIZES)
def test_poker_result_names_the_winner_and_amount_large_and_every_hand_fits(runs, size):
    obs = observed(runs, size)
    title, amount, hand, font = obs["poker_winner"]
    assert (title, amount, hand) == ("Anna wins", "$6M", "five of a kind (9s)")
    assert font >= 64
    assert obs["poker_hand_labels_fit"] is True
