"""Mafia+ screens in the real app's picture mode (``ui.main --screenshot``, one fresh app each):
every screen renders and is listed. Whole games, the deal, the night, votes, resuming after a
kill and the layout with 23 players at the smallest and the largest screen are played by the
table robot in tests/acceptance (visible text only: test_mafia_plus_table.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/ui: pngcheck
from pngcheck import colour_stats  # noqa: E402

from headless import run_app  # noqa: E402

SCREENS = ["mafia_plus_setup", "mafia_plus_deal", "mafia_plus_card", "mafia_plus_night", "mafia_plus_day",
           "mafia_plus_vote", "mafia_plus_end", "mafia_plus_stats"]


def assert_not_blank(png: Path) -> None:
    stats = colour_stats(png)
    assert stats["colours"] >= 8, f"{png.name} has only {stats['colours']} colours"
    assert stats["top_share"] < 0.97, f"{png.name} is all one colour"


@pytest.mark.parametrize("screen", SCREENS)
def test_every_mafia_plus_screen_renders_with_screenshot(tmp_path, screen):
    png = tmp_path / f"{screen}.png"
    result = run_app(["-m", "ui.main", "--screenshot", str(png), "--screen", screen], tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    assert_not_blank(png)


def test_every_mafia_plus_screen_is_listed(tmp_path):
    result = run_app(["-m", "ui.main", "--list-screens"], tmp_path, timeout=60)
    assert set(SCREENS) <= set(result.stdout.split())
