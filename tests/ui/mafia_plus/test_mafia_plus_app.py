"""Mafia+ in the real app, headless, by touches only (subprocesses, see tests/ui/conftest.py)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
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


@pytest.fixture(scope="module")
def game7(tmp_path_factory):
    base = tmp_path_factory.mktemp("mp7")
    return drive("game7", base), base


def test_seven_player_game_from_new_game_to_reveal_by_touches(game7):
    obs, _ = game7
    assert obs["typed_player_added"] is True  # a new name typed on the big-letter keypad
    assert "Syndicate: Mayor" in obs["summary"]  # the A/B/pool choice resolved by a tap
    assert obs["screens"][:3] == ["mafia_plus_setup", "mafia_plus_deal", "mafia_plus_night"]
    assert obs["end_screen"] == "mafia_plus_end" and obs["game_status"] == "finished"
    # fixed seed 7, the driver's play: the City (and the surviving Syndicate) win
    assert obs["winners"] == ["Bruno", "Carla", "Dario", "Elena", "Fabio"]
    assert "Fabio (Syndicate)" in obs["winners_text"]
    assert "Characters" in obs["reveal"] and "Night 1" in obs["reveal"] and "vote to eliminate" in obs["reveal"]


def test_hold_to_peek_shows_the_card_only_while_held(game7):
    obs, _ = game7
    assert all(obs["peeks"]) and all(obs["hidden_after_release"])
    card, title, faction, whose = obs["peek_card"]
    assert card and title and faction in ("City", "Mafia", "Syndicate") and whose == "Anna"


def test_private_night_answers_are_shown_to_the_role(game7):
    obs, _ = game7
    assert any("card is" in a for a in obs["answers"])  # the Lady of the Night's look
    assert any("thumbs" in a for a in obs["answers"])  # the Detective's answer


def test_shared_screens_never_name_a_living_players_character(game7):
    obs, _ = game7
    assert obs["leaks"] == []


def test_stats_screen_counts_games_and_wins_by_faction(game7):
    obs, _ = game7
    assert obs["stats_screen"] == "mafia_plus_stats"
    assert any("Fabio" in r and "Syndicate 1" in r for r in obs["stats_rows"])
    assert any("Anna" in r and "0 wins" in r for r in obs["stats_rows"])


def test_game_screenshots_are_not_blank(game7):
    obs, base = game7
    for name in obs["shots"]:
        assert_not_blank(base / "shots" / f"{name}.png")


@pytest.fixture(scope="module")
def game11(tmp_path_factory):
    base = tmp_path_factory.mktemp("mp11")
    return drive("game11c", base), base


def test_eleven_players_railwayman_chairman_and_a_tie_with_a_secret_vote(game11):
    """Issue 4's second game. The recommended 11-player set offers "Railwayman / Chairman", so
    the game uses a custom set built on the setup screen (Poor Bloody Infantry out, Chairman in)."""
    obs, _ = game11
    assert obs["leaks"] == []
    assert "Railwayman" in obs["summary"] and "Chairman" in obs["summary"] and "stats 6-3-2" in obs["summary"]
    assert obs.get("shipped")  # the Railwayman shipped someone from the night panel
    assert obs.get("tie_seen") and obs.get("back_to_debate")  # a tie goes back to the debate
    assert obs.get("chairman_used") is True  # the Chairman annulled a verdict and called a re-vote
    assert any("Chairman calls a re-vote" in line for line in obs["log"])
    assert obs["end_screen"] == "mafia_plus_end" and obs["winners"]


def test_custom_set_shows_the_engines_validation_and_live_stats_in_place(game11):
    obs, base = game11
    assert obs["custom_page"] == "custom"
    # one card out: the engine's own sentence, in place; one card in: playable, stats updated
    assert obs["custom_problems"] == ["The set has 10 characters but there are 11 players.", ""]
    assert obs["custom_stats"] == ["10 of 11 cards · stats 5-3-2", "11 of 11 cards · stats 6-3-2"]
    assert_not_blank(base / "shots" / "setup_custom.png")


def test_a_role_nobody_can_play_gets_the_same_night_panel_as_a_living_one(tmp_path):
    """Secrets at the table: the same call, the role's player alive in one game and dead in the
    other: every text and enabled state of the panel is equal, before and after picking, and the
    screen returns to the same neutral call; only the living role's choice is recorded."""
    obs = drive("panels", tmp_path)
    panels = obs["panels"]
    for role, recorded in (("doctor", "Heal"), ("bartender", "Shift")):
        alive, dead = panels[f"{role}/alive"], panels[f"{role}/dead"]
        assert alive["opened"]["panel"] == "act"
        assert not alive["opened"]["confirm"][1] is False  # nothing picked yet: confirm disabled
        assert alive["picked"]["confirm"][1] is False  # picked: hold to confirm enabled
        for moment in ("neutral", "opened", "picked", "after"):
            assert alive[moment] == dead[moment], (role, moment)
        assert "Nothing to choose" not in str(dead)
        assert alive["after"]["panel"] == "" and alive["after"]["screen"] == "mafia_plus_night"
        assert alive["recorded"] == [recorded] and dead["recorded"] == []


def test_loose_cannon_may_shoot_during_the_vote_with_confirmation(tmp_path):
    """docs/rules/mafia-plus.md: the Cannon may shoot during the vote and until the sentence is
    carried out. A false claim is refused in place with the engine's sentence; the real Cannon
    holds to shoot, and the shot ends the Day."""
    obs = drive("cannonvote", tmp_path)
    assert obs["stage"] == "voting"
    assert obs["cannon_button"] == ["Loose Cannon", False, 1]
    assert [t[0] for t in obs["shoot_text"]] == ["Hold: Dario shoots Elena", "Hold: Bruno shoots Elena"]
    assert all(t[1] == "Cancel" for t in obs["shoot_text"])  # the button cancels while choosing
    assert obs["cannon_errors"] == ["Dario is not the Loose Cannon.", ""]
    after = obs["after_shot"]
    assert after["alive"] is False and after["used"] is True and after["screen"] == "mafia_plus_night"
    assert "Bruno stands up as the Loose Cannon and shoots Elena!" in after["log"]


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
    assert obs["night_targets"] == 23  # the Mafia may choose any of the 23 (themselves included)
    for name, found in measured.items():
        assert found["overlaps"] == [], (name, found["overlaps"])
        assert found["clipped"] == [], (name, found["clipped"])
        assert found["small"] == [], (name, found["small"])
        assert found["covered"] == [], (name, found["covered"])
        assert_not_blank(tmp_path / "shots" / f"{name}.png")
    assert obs["setup_seated"] == 23
    for name in ("p23_setup_seats", "p23_my_card", "p23_night_panel", "p23_day_accuse", "p23_vote", "p23_verdict"):
        assert measured[name]["seats"] == 23, name


def test_an_accused_seat_keeps_its_whole_name_at_every_size(screens23):
    """The accused are outlined on the ring, their names whole (was "Carla…used" at 1280x720)."""
    obs, _, _ = screens23
    assert obs["accused"] == ["Carla", "Valeria"]
    assert obs["accused_seats"] == [["Carla", True], ["Valeria", True]]
    assert obs["measured"]["p23_day_accuse"]["clipped"] == []


def test_killed_mid_night_resumes_on_the_same_step(tmp_path):
    out = tmp_path / "shots"
    proc = subprocess.Popen([sys.executable, DRIVER, "killnight", str(tmp_path / "table.db"), str(out), "800x480"],
                            cwd=ROOT, env=env(tmp_path), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 180
        while not (out / "ready").exists():
            assert proc.poll() is None, "the app ended before reaching the night"
            assert time.monotonic() < deadline, "the app never reached Night 1"
            time.sleep(0.2)
        killed = json.loads((out / "killnight.json").read_text())["killed_at"]
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    obs = drive("resume", tmp_path)
    assert obs["resumed_screen"] == "mafia_plus_night"
    assert obs["resumed_at"] == killed
    assert killed[0] == "night" and killed[1] == 1
    assert obs["leaks"] == []


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
