"""The layout check over the screens of Il Capo (8 players), Mafia Casino (6), Contract (5), Sicily (5), Home
and Settings at the three screen sizes: nothing cut ("…" drawn) or drawn over another text, no
target under 48 px, no text under 22 px. One app process per size."""

import pytest

from robot_run import passed

TOURS = ["layout_tours:home_and_settings", "layout_tours:casino_six", "layout_tours:il_capo_eight",
         "layout_tours:contract_five", "layout_tours:sicily_five"]


@pytest.mark.parametrize("size", ["800x480", "1024x600", "1280x720"])
def test_every_screen_reached_with_the_most_players_reads_whole(table_robot, size):
    report = table_robot(TOURS, size=size, timeout=1800)
    problems = []
    for tour in TOURS:
        problems += passed(report, tour).get("layout", [])
    assert problems == []
