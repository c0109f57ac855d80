"""The real app, headless, driven by touches (see conftest.py for why in subprocesses)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_app
from pngcheck import colour_stats

DRIVER = str(Path(__file__).with_name("driver.py"))
SCREENS = ["home", "dice", "dice_entry", "coming_soon"]


def drive(scenario: str, db: Path, out: Path, size: str) -> dict:
    result = run_app([DRIVER, scenario, str(db), str(out), size], out.parent)
    report = out / f"{scenario}.json"
    assert report.exists(), f"the app did not report:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    obs = json.loads(report.read_text())
    assert "error" not in obs, obs["error"]
    assert result.returncode == 0, result.stderr[-3000:]
    return obs


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """One table session at 800x480, then a restart on the same database."""
    base = tmp_path_factory.mktemp("ui-flow")
    db = base / "table.db"
    flow = drive("flow", db, base / "shots", "800x480")
    resume = drive("resume", db, base / "shots", "800x480")
    return flow, resume, base / "shots"


def assert_not_blank(png: Path, size: tuple[int, int]) -> None:
    stats = colour_stats(png)
    assert stats["size"] == size
    assert stats["colours"] >= 12, f"{png.name} has only {stats['colours']} colours"
    assert stats["top_share"] < 0.85, f"{png.name} is mostly one colour"


def last_of(actions, kind):
    return [a for a in actions if a["kind"] == kind][-1]


def test_app_starts_on_home_with_the_five_games_and_dice(played):
    flow, _, _ = played
    assert flow["start_screen"] == "home"
    assert set(flow["cards"]) == {"mafia-plus", "il-capo", "mafia-casino", "contract", "mafia-sicily", "dice"}
    assert flow["cards"]["dice"] == "Play"
    assert set(flow["cards"].values()) == {"Play"}  # every game has its screens now


def test_tapping_the_dice_rolls_two_dice_recorded_before_shown(played):
    flow, _, _ = played
    assert flow["after_dice_card"] == "dice"
    assert flow["before_roll"]["total"] == "" and flow["before_roll"]["history"] == []
    on_disk = flow["disk_right_after_roll_tap"]
    assert len(on_disk) == 1 and on_disk[0]["kind"] == "dice_rolled" and len(on_disk[0]["dice"]) == 2
    # the record was on disk while the screen was still animating (no result shown yet)
    assert flow["total_right_after_roll_tap"] == ""
    a, b = on_disk[0]["dice"]
    shown = flow["after_roll"]
    assert (shown["die_a"], shown["die_b"], shown["total"]) == (a, b, str(a + b))
    assert shown["chips"] == [f"{a}+{b}={a + b}"]


def test_tapping_the_wheel_spins_and_lands_on_the_recorded_number_with_side(played):
    flow, _, _ = played
    spun = flow["disk_right_after_spin_tap"][-1]
    assert spun["kind"] == "spun" and spun["by_hand"] is False
    assert flow["side_right_after_spin_tap"] == ""  # still spinning, already recorded
    shown = flow["after_spin"]
    assert shown["spin_number"] == str(spun["number"])
    assert shown["wheel_side"] == spun["side"]
    assert shown["spin_side"] == {"L": "LEFT", "R": "RIGHT"}[spun["side"]]
    assert shown["chips"][0] == f"{spun['number']} {spun['side']}"


def test_one_die_shows_a_single_face(played):
    flow, _, _ = played
    shown = flow["after_roll1"]
    value = flow["disk_after_quick_taps"][2]["dice"]
    assert len(value) == 1
    assert shown["total"] == str(value[0]) and shown["die_a"] == value[0] and shown["die_b"] == 0


def test_taps_during_an_animation_are_all_recorded_and_the_last_is_shown(played):
    flow, _, _ = played
    disk = flow["disk_after_quick_taps"]
    assert [a["kind"] for a in disk] == ["dice_rolled", "spun", "dice_rolled", "dice_rolled", "spun", "dice_rolled"]
    shown = flow["after_quick_taps"]
    roll, spin = last_of(disk, "dice_rolled"), last_of(disk, "spun")
    assert shown["total"] == str(sum(roll["dice"]))
    assert (shown["spin_number"], shown["wheel_side"]) == (str(spin["number"]), spin["side"])
    assert len(shown["history"]) == 6


def test_physical_roll_entered_by_tapping_faces(played):
    flow, _, _ = played
    assert flow["entry_screen"] == "dice_entry"
    assert flow["entry_record_disabled_before"] is True
    assert flow["entry_record_text"] == "Record 3 + 5"
    assert flow["after_entry_screen"] == "dice"
    assert flow["disk_after_entry"][-1] == {"kind": "dice_rolled", "dice": [3, 5], "by_hand": True}
    assert flow["after_entry"]["total"] == "8"
    assert flow["after_entry"]["history"][0] == ["3+5=8", True]


def test_physical_spin_entered_by_tapping_number_and_side(played):
    flow, _, _ = played
    assert flow["entry_spin_picks"][:4] == ["spin", 7, "L", "Record 7 L"]
    shown = flow["after_entry_spin"]
    assert (shown["spin_number"], shown["wheel_side"], shown["spin_side"]) == ("7", "L", "LEFT")
    assert shown["history"][0] == ["7 L", True]


def test_undo_asks_once_then_takes_back_the_last_result(played):
    flow, _, _ = played
    assert flow["undo_confirming"] is True
    assert "7 L" in flow["undo_question"]
    disk = flow["disk_after_undo"]
    assert len(disk) == flow["disk_before_take_back"] + 1
    assert disk[-1] == {"kind": "_undo"} and disk[-2]["kind"] == "spun" and disk[-2]["number"] == 7
    shown = flow["after_undo"]
    spin = last_of(flow["disk_after_quick_taps"], "spun")
    assert (shown["spin_number"], shown["wheel_side"]) == (str(spin["number"]), spin["side"])
    assert shown["history"][0] == ["3+5=8", True]


def test_a_refused_request_is_a_sentence_at_the_dice_and_changes_nothing(played):
    flow, _, _ = played
    error = flow["refused"]["dice_error"]
    assert "roll3d6" in error and "not something to roll" in error and "Traceback" not in error
    assert flow["disk_after_refused"] == len(flow["disk_after_undo"])
    assert flow["refused"]["history"] == flow["after_undo"]["history"]


def test_back_home_offers_resume_and_a_game_card_opens_its_own_screen(played):
    flow, _, _ = played
    assert flow["back_to"] == "home"
    assert flow["home_resume"] and flow["home_resume"][0].startswith("Dice & Spinner")
    assert flow["sicily_screen"].startswith("mafia_sicily")


def test_the_coming_soon_card_is_honest(tmp_path):
    """No game lacks screens today; the card stays for future games and says what is true."""
    out = tmp_path / "coming_soon.png"
    result = run_app(["-m", "ui.main", "--screenshot", str(out), "--screen", "coming_soon", "--size", "800x480"],
                     tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    assert_not_blank(out, (800, 480))


def test_resume_after_restart_reopens_the_same_results(played):
    flow, resume, _ = played
    assert resume["resume_buttons"][0].startswith("Dice & Spinner")
    assert resume["resumed_screen"] == "dice"
    assert resume["resumed"]["history"] == flow["refused"]["history"]
    assert resume["resumed"]["total"] == flow["refused"]["total"]


def test_put_away_needs_a_hold_and_then_leaves_the_resume_list(played):
    _, resume, _ = played
    assert resume["short_tap_hint"] == "Hold longer"
    assert resume["screen_after_short_tap"] == "dice"
    assert resume["screen_after_hold"] == "home"
    assert resume["status_after_hold"] == "finished"
    assert resume["resume_after_hold"] == []


def test_touch_targets_and_numbers_are_large_at_800x480(played):
    flow, _, _ = played
    for key in ("home_targets", "dice_targets", "entry_targets"):
        small = [t for t in flow[key] if min(t[1], t[2]) < 48]
        assert not small, f"{key}: targets under 48 px: {small}"
    assert min(flow["number_font_sizes"]) >= 64


@pytest.mark.parametrize("name", ["home", "dice", "dice_entry", "dice_entry_spin", "dice_undo", "dice_error",
                                  "home_with_resume"])
def test_every_screen_picture_is_not_blank(played, name):
    _, _, shots = played
    assert_not_blank(shots / f"{name}.png", (800, 480))


@pytest.mark.parametrize("size", ["1024x600", "1280x720"])
def test_larger_panels_scale_the_same_layout(tmp_path, size):
    obs = drive("sizes", tmp_path / "t.db", tmp_path / "shots", size)
    w, h = (int(v) for v in size.split("x"))
    assert obs["window"] == [w, h]
    assert obs["after_roll"]["total"] and obs["after_roll"]["spin_number"]
    for key in ("home_targets", "dice_targets"):
        assert all(min(t[1], t[2]) >= 48 for t in obs[key]), obs[key]
    assert min(obs["number_font_sizes"]) >= 64 * min(w / 800, h / 480) - 0.5
    for name in ("home", "dice"):
        assert_not_blank(tmp_path / "shots" / f"{name}.png", (w, h))


def test_screenshot_option_renders_every_listed_screen(tmp_path):
    listed = run_app(["-m", "ui.main", "--list-screens"], tmp_path)
    assert listed.returncode == 0
    names = listed.stdout.split()
    assert set(SCREENS) <= set(names)  # and every game's own screens (their tests render them)
    for name in SCREENS:
        out = tmp_path / f"{name}.png"
        result = run_app(["-m", "ui.main", "--screenshot", str(out), "--screen", name, "--size", "800x480"],
                         tmp_path)
        assert result.returncode == 0, result.stderr[-2000:]
        assert_not_blank(out, (800, 480))


def test_a_database_moved_aside_is_reported_in_the_home_banner(tmp_path):
    db = tmp_path / "table.db"
    db.write_bytes(b"these are not the rows you are looking for" * 200)
    obs = drive("notice", db, tmp_path / "shots", "800x480")
    assert obs["notices"] and obs["banner"] == " ".join(obs["notices"])
    assert "nothing was deleted" in obs["banner"] and obs["banner_height"] >= 48
    screen, error, banner = obs["after_bad_resume"]
    assert screen == "home" and "cannot replay it exactly" in error and banner == error
    for name in ("home_notice", "home_error"):
        assert_not_blank(tmp_path / "shots" / f"{name}.png", (800, 480))
    assert list(tmp_path.glob("table.db.*")), "the unreadable file was kept"


def test_one_die_leaves_the_second_face_empty(tmp_path):
    obs = drive("one_die", tmp_path / "t.db", tmp_path / "shots", "800x480")
    shown = obs["after_roll1"]
    assert shown["die_b"] == 0 and obs["die_b_dim"] is True
    assert shown["total"] == str(shown["die_a"]) and shown["dice_caption"] == "One die"


# A database that cannot be opened: tests/ui/test_app_faults.py (the sentence on screen, app stays up).
