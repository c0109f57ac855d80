"""Dice & Spinner by the table robot: the roll on screen is the roll stored in the log."""

from robot_run import passed

SCENARIO = "dice_games:real_roll"


def test_a_real_roll_on_screen_is_the_stored_roll(table_robot):
    obs = passed(table_robot([SCENARIO]), SCENARIO)
    assert obs["shown"] == obs["stored"] and obs["by_hand"] is False
    assert obs["total_on_screen"]
