"""Il Capo in the real app, headless, by touches only (subprocesses: see tests/ui/conftest.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from il_capo_uihelp import ROOT, assert_not_blank, run_app

DRIVER = str(Path(__file__).with_name("il_capo_driver.py"))
SCREENS = ["il_capo_new", "il_capo_table", "il_capo_syndicate", "il_capo_encounter", "il_capo_bank",
           "il_capo_hire", "il_capo_end"]


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    base = tmp_path_factory.mktemp("il-capo-ui")
    out = base / "shots"
    result = run_app([DRIVER, "play", str(base / "table.db"), str(out), "800x480"], base)
    report = out / "play.json"
    assert report.exists(), f"the app did not report:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    obs = json.loads(report.read_text())
    assert "error" not in obs, obs["error"]
    return obs, out


def test_new_game_names_typed_on_the_on_screen_keyboard_in_seat_order(played):
    obs, _ = played
    assert obs["new_screen"] == "il_capo_new"
    assert obs["typed_seats"] == ["Anna", "Ben", "Carla"]
    assert obs["table_screen"] == "il_capo_table"


def test_the_app_spins_recorded_before_shown(played):
    obs, _ = played
    spun = obs["disk_right_after_spin"]
    assert spun["kind"] == "spun" and spun["by_hand"] is False
    assert obs["anna_spin_shown"] == [str(spun["number"]), {"L": "LEFT", "R": "RIGHT"}[spun["side"]]]


def test_a_refused_payment_is_a_sentence_and_nothing_changes(played):
    obs, _ = played
    assert obs["refused"] == "Anna cannot pay $1,000,000: only $150,000 on hand."
    assert obs["refused_log_unchanged"]
    assert obs["balances_after_refusal"] == {"Anna": "$150,000", "Ben": "$150,000", "Carla": "$150,000"}


def test_manual_transfer_with_the_amount_pad_and_a_hire_from_the_catalog(played):
    obs, _ = played
    assert obs["paid_player"] == {"amount": 50000, "kind": "pay_player", "note": "", "payee": 1, "payer": 0}
    assert obs["bank_balances"] == {"Anna": "$100,000", "Ben": "$200,000", "Carla": "$150,000"}
    assert obs["hired"]["kind"] == "hire"


def test_player_encounter_and_npc_encounters_are_played_spin_by_spin(played):
    obs, _ = played
    assert obs["after_challenge_screen"] == "il_capo_encounter"
    assert obs["encounter_titles"][0] == "Ben vs Carla"
    assert "Beefy Rico vs Ben" in obs["encounter_titles"]
    assert obs["rico_screen"] == "il_capo_encounter"
    assert obs["cop_news"].startswith("Busted! Anna's lowest crew member")
    kinds = obs["log_kinds"]
    assert "challenge" in kinds and "npc_hit" in kinds and "pay_tax" in kinds


def test_syndicate_phase_announces_each_npc_number_and_direction(played):
    obs, _ = played
    titles = [row[0] for row in obs["npc_log"]]
    assert titles == ["Cop car 1", "Cop car 2", "Beefy Rico", "Ricigliano Brothers"]
    for title, number, side, line in obs["npc_log"]:
        assert 1 <= int(number) <= 10 and side in ("LEFT", "RIGHT")
        assert line.startswith(f"Moves {number} space") and ("left" if side == "LEFT" else "right") in line
    assert obs["after_syndicate"] == ["il_capo_table", 2]


def test_undo_asks_once_with_names_and_takes_back(played):
    obs, _ = played
    assert obs["undo_question"].startswith("Take back: ") and obs["undo_question"].endswith("?")
    assert "seat" not in obs["undo_question"]  # names, not seat numbers
    before, after = obs["undo_actions"]
    assert after == before - 1
    assert obs["undo_disk_last"] == {"kind": "_undo"}


def test_balances_on_screen_equal_the_engine_ledger_and_the_stored_log(played):
    obs, _ = played
    shown = {name: int(text.strip("$").replace(",", "")) for name, text in obs["screen_balances"].items()}
    assert shown == obs["engine_balances"] == obs["log_balances"]
    assert sum(shown.values()) != 0


def test_every_screenshot_of_the_played_game_is_not_blank(played):
    obs, out = played
    assert {"new_game", "table", "bank", "hire", "encounter", "syndicate", "undo"} <= set(obs["shots"])
    for name in obs["shots"]:
        assert_not_blank(out / f"{name}.png", (800, 480))


@pytest.mark.parametrize("size", ["800x480", "1280x720"])
def test_every_il_capo_screen_renders_with_screenshot_on_a_sample_game(tmp_path, size):
    listed = run_app(["-m", "ui.main", "--list-screens"], tmp_path)
    assert set(SCREENS) <= set(listed.stdout.split())
    screens = SCREENS if size == "800x480" else ["il_capo_table", "il_capo_bank", "il_capo_syndicate"]
    w, h = (int(v) for v in size.split("x"))
    for name in screens:
        png = tmp_path / f"{name}-{size}.png"
        result = run_app(["-m", "ui.main", "--screenshot", str(png), "--screen", name, "--size", size], tmp_path)
        assert result.returncode == 0, result.stderr[-3000:]
        assert_not_blank(png, (w, h))


def test_bank_quick_amounts_set_the_amount_in_one_tap(played):
    obs, _ = played
    text, chosen, labels = obs["quick_amount"]
    assert labels == ["$250,000", "$500,000", "$1,000,000"]
    assert text == "$1,000,000" and chosen == [False, False, True]


def test_rfid_tag_bound_to_a_player_selects_them_on_the_bank(played):
    obs, _ = played
    assert obs["tag_used"] is True
    seat, hint = obs["tag_selected"]
    assert seat == 2 and hint.startswith("Carla:")
    assert obs["tile_selected"] == 0


# The 3-player game to a winner (cop, Rico, the Brothers, a stand-off, a pick-up, Marcello, the
# gauntlet, the showdown) is played by the table robot: tests/acceptance/test_il_capo_table.py.
