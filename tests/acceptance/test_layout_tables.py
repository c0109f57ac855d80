"""The layout check over the screens of Il Capo (8 players), Mafia Casino (6), Contract (5), Sicily (5), Home
and Settings at the three screen sizes: nothing cut ("…" drawn) or drawn over another text, no
target under 48 px, no text under 22 px. One app process per size; the last tour rolls and spins
the dice there (dice_games.home_and_dice: the same layout scaled to the larger panels, moved from
the retired tests/ui/test_app.py, issue #25)."""

import sys
from pathlib import Path

import pytest

from robot_run import passed

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))  # tests/ui/pngcheck.py
from pngcheck import colour_stats  # noqa: E402

DICE = "dice_games:home_and_dice"
TOURS = ["layout_tours:home_and_settings", "layout_tours:casino_six", "layout_tours:il_capo_eight",
         "layout_tours:contract_five", "layout_tours:sicily_five", DICE]


@pytest.mark.parametrize("size", ["800x480", "1024x600", "1280x720"])
def test_every_screen_reached_with_the_most_players_reads_whole(table_robot, size):
    report = table_robot(TOURS, size=size)
    problems = []
    for tour in TOURS:
        problems += passed(report, tour).get("layout", [])
    assert problems == []
    # the dice at this size: the window filled, a roll and a spin shown, the numbers scaled up
    w, h = (int(v) for v in size.split("x"))
    dice = passed(report, DICE)
    assert dice["window"] == [w, h]
    assert len(dice["after_roll"]["numbers"]) == 2 and dice["after_roll"]["side"] in ("LEFT", "RIGHT")
    assert len(dice["number_font_sizes"]) == 2
    assert min(dice["number_font_sizes"]) >= 64 * min(w / 800, h / 480) - 0.5
    for name in ("home", "dice"):
        stats = colour_stats(Path(report["out"]) / f"{size}-{name}.png")
        assert stats["size"] == (w, h)
        assert stats["colours"] >= 12 and stats["top_share"] < 0.85, (name, stats)
