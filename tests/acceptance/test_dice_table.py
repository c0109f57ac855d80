"""Dice & Spinner by the table robot: the roll on screen is the roll stored in the log. One app at
800x480 plays the shell's table session on a fresh database (dice_games.shell_flow: what the
retired tests/ui/driver.py checked through ``ids``), then a real roll and one entered by hand."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from robot_run import passed, play

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))  # tests/ui/pngcheck.py
from pngcheck import colour_stats  # noqa: E402

FLOW = "dice_games:shell_flow"
SCENARIO = "dice_games:real_roll"
ENTERED = "dice_games:entered_roll"


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    """The three scenarios in one app process, the table session first (a fresh database)."""
    return play(tmp_path_factory.mktemp("dice-robot"), [FLOW, SCENARIO, ENTERED])


def assert_not_blank(png: Path, size: tuple[int, int]) -> None:
    stats = colour_stats(png)
    assert stats["size"] == size
    assert stats["colours"] >= 12, f"{png.name} has only {stats['colours']} colours"
    assert stats["top_share"] < 0.85, f"{png.name} is mostly one colour"


def last_of(actions, kind):
    return [a for a in actions if a["kind"] == kind][-1]


def test_a_real_roll_on_screen_is_the_stored_roll(report):
    obs = passed(report, SCENARIO)
    assert obs["shown"] == obs["stored"] and obs["by_hand"] is False
    assert obs["total_on_screen"]


def test_a_roll_of_the_real_dice_is_entered_by_the_numbers_on_the_faces(report):
    obs = passed(report, ENTERED)
    assert obs["entered"] == [5, 6] and obs["entered_by_hand"] is True
    assert obs["entered_total_on_screen"]
    assert obs.get("layout", []) == []


# -- the table session (dice_games.shell_flow) -------------------------------------------------
def test_the_app_starts_on_home_with_the_five_games_and_dice(report):
    obs = passed(report, FLOW)
    assert obs["cards"] == sorted(["Mafia+", "Il Capo", "Mafia Casino", "Contract", "Mafia (Sicily)",
                                   "Dice & Spinner"])
    assert obs["badges"] == ["PLAY"] * 6  # every game has its screens now
    assert obs["resume_at_start"] is False


def test_tapping_the_dice_rolls_two_dice_recorded_before_shown(report):
    obs = passed(report, FLOW)
    before = obs["before_roll"]
    assert before["numbers"] == [] and before["chips"] == [] and "Tap the dice to roll" in before["texts"]
    on_disk = obs["stored_right_after_roll_tap"]
    assert len(on_disk) == 1 and on_disk[0]["kind"] == "dice_rolled" and len(on_disk[0]["dice"]) == 2
    # on disk while the dice still tumble: no total shown yet
    assert obs["shown_right_after_roll_tap"]["numbers"] == []
    a, b = on_disk[0]["dice"]
    shown = obs["after_roll"]
    assert shown["faces"] == [[a, False], [b, False]]
    assert shown["numbers"] == [str(a + b)] and f"{a} + {b}" in shown["texts"]
    assert shown["chips"] == [[f"{a}+{b}={a + b}", False]]


def test_tapping_the_wheel_spins_and_lands_on_the_recorded_number_with_side(report):
    obs = passed(report, FLOW)
    spun = obs["stored_right_after_spin_tap"][-1]
    assert spun["kind"] == "spun" and spun["by_hand"] is False
    assert obs["shown_right_after_spin_tap"]["side"] == ""  # still spinning, already stored
    shown = obs["after_spin"]
    total = str(sum(obs["stored_right_after_roll_tap"][0]["dice"]))
    assert shown["numbers"] == [total, str(spun["number"])]
    assert shown["side"] == {"L": "LEFT", "R": "RIGHT"}[spun["side"]]
    assert shown["chips"][0] == [f"{spun['number']} {spun['side']}", False]


def test_one_die_shows_a_single_face_and_leaves_the_second_empty(report):
    obs = passed(report, FLOW)
    value = obs["stored_after_quick_taps"][2]["dice"]
    assert len(value) == 1
    shown = obs["after_roll1"]
    assert shown["faces"] == [[value[0], False], [0, True]]  # the second face: a faint empty outline
    assert shown["numbers"][0] == str(value[0]) and "One die" in shown["texts"]


def test_taps_during_an_animation_are_all_recorded_and_the_last_is_shown(report):
    obs = passed(report, FLOW)
    disk = obs["stored_after_quick_taps"]
    assert [a["kind"] for a in disk] == ["dice_rolled", "spun", "dice_rolled", "dice_rolled", "spun", "dice_rolled"]
    shown = obs["after_quick_taps"]
    roll, spin = last_of(disk, "dice_rolled"), last_of(disk, "spun")
    assert shown["numbers"] == [str(sum(roll["dice"])), str(spin["number"])]
    assert shown["side"] == {"L": "LEFT", "R": "RIGHT"}[spin["side"]]
    assert len(shown["chips"]) == 6


def test_a_physical_roll_is_entered_by_tapping_faces(report):
    obs = passed(report, FLOW)
    assert obs["record_before"] == [["Record", False]]  # nothing picked: greyed
    assert obs["record_text"] == "Record 3 + 5"
    assert obs["stored_after_entry"][-1] == {"kind": "dice_rolled", "dice": [3, 5], "by_hand": True}
    assert obs["after_entry"]["numbers"][0] == "8"
    assert obs["after_entry"]["chips"][0] == ["3+5=8", True]  # outlined: a real roll


def test_a_physical_spin_is_entered_by_tapping_number_and_side(report):
    obs = passed(report, FLOW)
    assert obs["spin_record_text"] == "Record 7 L"
    shown = obs["after_entry_spin"]
    assert shown["numbers"][1:] == ["7"] and shown["side"] == "LEFT"
    assert shown["chips"][0] == ["7 L", True]


def test_undo_asks_once_then_takes_back_the_last_result(report):
    obs = passed(report, FLOW)
    assert obs["undo_question_whole"] == "Take back the spin 7 L (real)?"
    disk = obs["stored_after_undo"]
    assert len(disk) == obs["stored_before_take_back"] + 1
    assert disk[-1] == {"kind": "_undo"} and disk[-2]["kind"] == "spun" and disk[-2]["number"] == 7
    shown = obs["after_undo"]
    spin = last_of(obs["stored_after_quick_taps"], "spun")
    assert shown["numbers"][1:] == [str(spin["number"])]
    assert shown["side"] == {"L": "LEFT", "R": "RIGHT"}[spin["side"]]
    assert shown["chips"][0] == ["3+5=8", True]


def test_back_home_offers_resume_and_a_game_card_opens_its_own_screen(report):
    obs = passed(report, FLOW)
    assert len(obs["home_resume"]) == 1
    assert obs["sicily_first_screen"] == "Start the game"


def test_put_away_needs_a_hold_and_then_leaves_the_resume_list(report):
    obs = passed(report, FLOW)
    assert obs["chips_resumed"] == obs["after_undo"]["chips"]  # reopened as it was
    assert obs["short_tap_hint"] == "Hold longer" and obs["short_tap_still_dice"]
    assert obs["home_after_hold"] == "Choose a game"
    assert obs["resume_after_hold"] == [] and obs["status_after_hold"] == "finished"


def test_touch_targets_texts_and_numbers_are_large_at_800x480(report):
    obs = passed(report, FLOW)
    assert obs.get("layout", []) == []  # no target under 48 px, no text cut or under 22 px
    assert set(obs["screens"]) == {"home", "dice", "dice-entry-picked"}
    assert len(obs["number_font_sizes"]) == 2 and min(obs["number_font_sizes"]) >= 64


@pytest.mark.parametrize("name", ["home", "dice", "dice_entry", "dice_entry_spin", "dice_undo",
                                  "home_with_resume"])
def test_every_screen_picture_is_not_blank(report, name):
    obs = passed(report, FLOW)
    assert name in obs["shots"]
    assert_not_blank(Path(report["out"]) / f"{name}.png", (800, 480))
