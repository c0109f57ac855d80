"""Dice & Spinner by the table robot: the roll on screen is the roll stored in the log."""

import pytest

from robot_run import passed, play

SCENARIO = "dice_games:real_roll"
ENTERED = "dice_games:entered_roll"


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    """Both scenarios in one app process."""
    return play(tmp_path_factory.mktemp("dice-robot"), [SCENARIO, ENTERED])


def test_a_real_roll_on_screen_is_the_stored_roll(report):
    obs = passed(report, SCENARIO)
    assert obs["shown"] == obs["stored"] and obs["by_hand"] is False
    assert obs["total_on_screen"]


def test_a_roll_of_the_real_dice_is_entered_by_the_numbers_on_the_faces(report):
    obs = passed(report, ENTERED)
    assert obs["entered"] == [5, 6] and obs["entered_by_hand"] is True
    assert obs["entered_total_on_screen"]
    assert obs.get("layout", []) == []
