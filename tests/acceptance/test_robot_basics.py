"""The robot itself: it reads what is drawn (a cut label reads cut), touches only what is visible
and enabled, and reports a stall with the screen's texts."""

from robot_run import passed


def test_robot_reads_home_and_opens_a_game_by_its_card(table_robot):
    report = table_robot(["robot_checks:home_and_keypad", "robot_checks:stall_is_reported"])
    obs = passed(report, "robot_checks:home_and_keypad")
    assert "Mafia+" in obs["home"] and "Dice & Spinner" in obs["home"]
    assert obs["typed"] == "An B"  # the one keypad: Space and Delete readable and working
    stall = report["scenarios"]["robot_checks:stall_is_reported"]
    assert stall["ok"] and stall["stalled"].startswith("stalled at: ")
    assert "Choose a game" in stall["stalled"]
