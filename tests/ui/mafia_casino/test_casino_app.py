"""Mafia Casino screens in the real app, headless (subprocesses: see tests/ui/conftest.py).

The game itself is played by the table robot, by visible text only, in
tests/acceptance/test_casino_table.py (issue #25 retired the id-driver that reached into ``ids``:
each of its checks is now a robot check there, a Kivy-free test in test_casino_logic.py, or, for
the reader's tags and the seat buttons, the commands probe below)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from headless import ROOT, kivy_env  # not conftest: another folder's conftest may hold that name
from liveness import patience
from pngcheck import colour_stats

SCREENS = ["mafia_casino_new", "mafia_casino_table", "mafia_casino_action", "mafia_casino_poker",
           "mafia_casino_roulette", "mafia_casino_slot", "mafia_casino_victory", "mafia_casino_ledger"]


def assert_not_blank(png: Path, size: tuple[int, int]) -> None:
    stats = colour_stats(png, step=5)
    assert stats["size"] == size, png.name
    assert stats["colours"] > 12 and stats["top_share"] < 0.9, (png.name, stats)


@pytest.mark.parametrize("size", ["800x480", "1280x720"])
def test_every_casino_screen_renders_with_screenshot_on_a_sample_game(tmp_path, ui_runner, size):
    screens = SCREENS if size == "800x480" else ["mafia_casino_table", "mafia_casino_poker", "mafia_casino_ledger"]
    w, h = (int(v) for v in size.split("x"))
    for name in screens:
        png = tmp_path / f"{name}-{size}.png"
        result = ui_runner(["-m", "ui.main", "--screenshot", str(png), "--screen", name, "--size", size], tmp_path)
        assert result.returncode == 0, result.stderr[-3000:]
        assert_not_blank(png, (w, h))


@pytest.fixture(scope="module")
def six(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("casino-six")
    report = tmp / "report.json"
    result = subprocess.run([sys.executable, str(Path(__file__).with_name("commands_probe.py")), str(report),
                             str(tmp / "db.sqlite")], cwd=ROOT, env=kivy_env(tmp), capture_output=True, text=True,
                            timeout=patience(120))
    obs = json.loads(report.read_text()) if report.exists() else {}
    assert "error" not in obs and result.returncode == 0, (obs.get("error"), result.stderr[-2000:])
    return obs


def test_a_players_tag_chooses_them_for_a_new_table_and_a_seventh_is_refused_in_words(six):
    assert six["tag_used"] is True and six["chosen_by_tag"] == ["Anna", "Ben", "Cleo", "Dino", "Enzo", "Fifi"]
    assert six["seventh_disabled"] is True
    assert six["seventh_tag_error"] == "Six players at most: Gino cannot join this table."


def test_vote_seat_picks_the_first_player_and_strangers_are_refused_in_words(six):
    assert six["after_start"] == "mafia_casino_table"
    assert six["vote_nobody"] == ["There is no seat 10 at this table of 6.", "first_player"]
    assert six["tag_stranger"] == ["Gino is not playing at this table.", "first_player"]
    assert six["vote_used"] is True and six["first_by_vote"] == ["actions", "Fifi"]


def test_six_players_keep_every_balance_large(six):
    assert six["players"] == 6 and six["phase_text"] == "Turn 1 · Fifi · phase 1"
    assert all(size >= 64 for size in six["balance_font"]) and all(six["balance_fits"])


def test_a_players_tag_answers_which_player_for_a_card_and_the_player_of_the_card_is_refused(six):
    assert six["target_prompt"] == "Which player?"
    assert six["target_self"] == ["Fifi plays this card: choose another player.", False]
    assert six["target_used"] is True
    assert six["target_by_tag"] == [2, "Manpower cost printed on the card?", ""]
