"""Mafia (Sicily): every screen renders its sample game (``--screenshot``) and is listed. The game
itself is played by touch in tests/acceptance/sicily_table_test.py (the robot, by visible text)."""

from __future__ import annotations

import pytest
from sicily_ui_helpers import ROOT, assert_not_blank, run_app

SCREENS = ["mafia_sicily_setup", "mafia_sicily_table", "mafia_sicily_map", "mafia_sicily_hand",
           "mafia_sicily_scores", "mafia_sicily_victory"]


@pytest.mark.parametrize("screen", SCREENS)
def test_every_screen_renders_with_screenshot(screen, tmp_path):
    png = tmp_path / f"{screen}.png"
    result = run_app(["-m", "ui.main", "--screenshot", str(png), "--screen", screen], tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    assert_not_blank(png, (800, 480))


def test_every_screen_is_listed():
    result = run_app(["-m", "ui.main", "--list-screens"], ROOT / "tests")
    for screen in SCREENS:
        assert screen in result.stdout
