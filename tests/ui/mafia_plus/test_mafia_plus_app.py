"""Mafia+ screens in the real app, headless (subprocesses, see tests/ui/conftest.py): layouts with
23 players at every size and every screen's picture. Whole games, the deal, the night, votes and
resuming after a kill are played by the table robot in tests/acceptance (visible text only)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(HERE.parent))  # tests/ui: pngcheck
from pngcheck import colour_stats  # noqa: E402

DRIVER = str(HERE / "mafia_plus_driver.py")
SCREENS = ["mafia_plus_setup", "mafia_plus_deal", "mafia_plus_card", "mafia_plus_night", "mafia_plus_day",
           "mafia_plus_vote", "mafia_plus_end", "mafia_plus_stats"]


def env(tmp: Path) -> dict:
    e = dict(os.environ)
    e.update(KIVY_NO_ARGS="1", KIVY_NO_FILELOG="1", KIVY_NO_CONSOLELOG="1", SDL_AUDIODRIVER="dummy",
             KIVY_HOME=str(tmp / "kivy-home"), PYTHONPATH=str(ROOT))
    e.pop("MAFIA_COMPANION_DB", None)
    return e


def drive(scenario: str, base: Path, size: str = "800x480") -> dict:
    out = base / "shots"
    result = subprocess.run([sys.executable, DRIVER, scenario, str(base / "table.db"), str(out), size], cwd=ROOT,
                            env=env(base), capture_output=True, text=True, timeout=240)
    report = out / f"{scenario}.json"
    assert report.exists(), f"the app did not report:\n{result.stderr[-3000:]}"
    obs = json.loads(report.read_text())
    assert "error" not in obs, obs["error"]
    return obs


def assert_not_blank(png: Path) -> None:
    stats = colour_stats(png)
    assert stats["colours"] >= 8, f"{png.name} has only {stats['colours']} colours"
    assert stats["top_share"] < 0.97, f"{png.name} is all one colour"


def test_twenty_three_seats_do_not_overlap_and_names_fit(tmp_path):
    obs = drive("seats23", tmp_path)
    assert len(obs["seat_sizes"]) == 23
    assert obs["seat_overlaps"] == 0 and obs["seat_texts_fit"] is True
    assert all(w >= 100 and h >= 48 for w, h in obs["seat_sizes"])  # touch targets
    assert_not_blank(tmp_path / "shots" / "seats23_vote.png")


SCREENS23 = ["p23_setup_players", "p23_setup_seats", "p23_setup_set", "p23_deal_pass", "p23_deal_card", "p23_my_card", "p23_night", "p23_night_panel", "p23_day",
             "p23_day_accuse", "p23_vote", "p23_verdict", "p23_end", "p23_stats"]


@pytest.fixture(scope="module", params=["800x480", "1280x720"])
def screens23(request, tmp_path_factory):
    base = tmp_path_factory.mktemp(f"mp23-{request.param}")
    return drive("screens23", base, request.param), base, request.param


def test_every_screen_with_23_players_has_no_overlap_no_cut_label_and_big_targets(screens23):
    """New game (players, seats, cards), deal pass, peek card, my card, night (neutral and the Mafia's panel with 23 targets), day
    (countdown and news; picking the accuser), vote, verdict, reveal, stats: seats never overlap,
    no visible label is cut or overflows, every enabled target is >= 48 px, and the text in the
    middle of a ring is clear of every seat."""
    obs, tmp_path, _ = screens23
    measured = obs["measured"]
    assert list(measured) == SCREENS23
    # the Mafia's panel offers every one of the 23 seats (themselves included), each in sight
    assert measured["p23_night_panel"]["seats"] == 23
    for name, found in measured.items():
        assert found["overlaps"] == [], (name, found["overlaps"])
        assert found["clipped"] == [], (name, found["clipped"])
        assert found["small"] == [], (name, found["small"])
        assert found["covered"] == [], (name, found["covered"])
        assert_not_blank(tmp_path / "shots" / f"{name}.png")
    assert obs["setup_seated"] == 23
    # (the verdict has no seats: they step aside so the sentence is read whole)
    for name in ("p23_setup_seats", "p23_my_card", "p23_night_panel", "p23_day_accuse", "p23_vote"):
        assert measured[name]["seats"] == 23, name


def test_an_accused_seat_keeps_its_whole_name_at_every_size(screens23):
    """The accused are outlined on the ring, their names whole (was "Carla…used" at 1280x720)."""
    obs, _, _ = screens23
    assert obs["accused"] == ["Carla", "Valeria"]
    assert obs["accused_seats"] == [["Carla", True], ["Valeria", True]]
    assert obs["measured"]["p23_day_accuse"]["clipped"] == []


@pytest.mark.parametrize("screen", SCREENS)
def test_every_mafia_plus_screen_renders_with_screenshot(tmp_path, screen):
    png = tmp_path / f"{screen}.png"
    result = subprocess.run([sys.executable, "-m", "ui.main", "--screenshot", str(png), "--screen", screen],
                            cwd=ROOT, env=env(tmp_path), capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    assert_not_blank(png)


def test_every_mafia_plus_screen_is_listed(tmp_path):
    result = subprocess.run([sys.executable, "-m", "ui.main", "--list-screens"], cwd=ROOT, env=env(tmp_path),
                            capture_output=True, text=True, timeout=60)
    assert set(SCREENS) <= set(result.stdout.split())
