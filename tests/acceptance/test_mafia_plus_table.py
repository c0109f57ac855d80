"""Mafia+ at a real table, played by the robot (visible text, real holds, waits like a person).

Every game is checked after every step: no living player's character on the shared screen,
and every table-audience line the engine produced reached the screen (read from the stored game,
outside the app). The night must run by itself: a call that shows nothing new for longer than
the narration and the padded call together is a stall, and the game fails there.
"""

from __future__ import annotations

import pytest

from robot_run import passed

#: the owner's settings for these games: the night's calls padded to half a second (the table
#: setting is 8 s), the same hold time as the box's default, a fixed shuffle for reproducibility
FAST = {"mafia_plus.min_call_seconds": 0.5, "mafia_plus.seed": 7}


def _clean(obs) -> None:
    """Every announcement reached the screen, no character leaked, no suit drawn as a box."""
    assert obs["missing"] == [], f"announcements that never reached the screen: {obs['missing']}"
    assert obs["leaks"] == [], f"the shared screen gave a character away: {obs['leaks']}"
    assert obs.get("boxes", []) == [], f"card suits drawn as empty boxes: {obs.get('boxes')}"
    assert obs.get("cut", []) == [], f"labels shortened to fit: {obs.get('cut')}"
    assert obs.get("markup", []) == [], f"markup drawn as letters: {obs.get('markup')}"


def _held(obs) -> None:
    _clean(obs)
    assert obs["winners_on_screen"] == obs["winners_stored"]


@pytest.mark.parametrize("narration", ["off", "on"])
def test_seven_players_from_new_game_to_the_reveal(table_robot, narration):
    """The 7-player game of docs/scenarios, narration spoken (espeak-ng) and text-only."""
    scenario = "mafia_plus_table:seven_players"
    obs = passed(table_robot([scenario], settings=FAST, narration=narration), scenario)
    _held(obs)
    assert obs["night_calls"] >= 6  # three nights at least were called through, by themselves


def test_twelve_players_with_railwayman_chairman_a_tie_and_a_secret_vote_to_the_reveal(table_robot):
    """12 players with a custom set (the Railwayman and the Chairman both in), a secret vote, a tie
    on Day 1 debated and voted again, the Chairman's re-vote on Day 2, to the reveal. Narrated
    (espeak-ng) only: the 7-player game above proves the same flow in both modes, and this game
    is the suite's longest (docs/mafia-plus-table.md, "How the table robot plays it")."""
    scenario = "mafia_plus_table:twelve_players"
    obs = passed(table_robot([scenario], settings=FAST, narration="on"), scenario)
    _held(obs)
    assert obs["railwayman_called"]
    assert obs["tie"] == "Debate again"  # a tie: the accused are debated again, then a new vote
    assert any(t.startswith("A tie: debate again") for t in obs["tie_screen"])
    assert obs["chairman"]  # the Chairman stood up, annulled the vote and called a re-vote


@pytest.mark.parametrize("size", ["800x480", "1280x720"])
def test_twenty_three_players_through_the_deal_a_night_and_a_day(table_robot, size):
    """The most players the game allows, at the smallest and the largest screen: every card
    peeked, Night 1 called through by itself, a whole Day with an open vote of everyone in town,
    the next night begins. Every kind of moment (new game's players, seats, cards and vote; the
    deal; each night call and panel; the day, picking who accuses, the accused; the vote, the
    verdict) is measured as a person would: no text cut or drawn over another (a seat over a
    seat, the ring's middle text under a seat), no target under 48 px, no text under 22 px."""
    scenario = "mafia_plus_table:twenty_three_players"
    obs = passed(table_robot([scenario], settings=FAST, size=size), scenario)
    _clean(obs)
    assert len(obs["cards"]) == 23 and obs["calls"]
    assert obs["next_night"]
    assert obs["layout"] == [], obs["layout"]
    for moment in ("mp-setup-players", "mp-setup-seats", "mp-setup-set", "mp-setup-vote", "mp-deal-pass-23",
                   "mp-day-who-accuses-23", "mp-day-accused-23", "mp-vote-23", "mp-verdict"):
        assert moment in obs["screens"], (moment, obs["screens"])
    assert any(m.startswith("mp-night-panel-") for m in obs["screens"]), obs["screens"]
    # each role's panel on Night 1 offers every other seat, each in sight (no name scrolled away)
    assert obs["offered"] and all(n >= 22 for n in obs["offered"].values()), obs["offered"]


def test_killed_mid_night_resumes_on_the_same_call_and_the_night_runs_on(tmp_path):
    """SIGKILL while Night 1 is being called; a new app on the same database, Resume: the same
    call is on screen and the night carries on by itself to Day 2."""
    import json
    import os
    import signal
    import subprocess
    import sys
    import time

    from liveness import patience
    from robot_run import HERE, NARRATION, QUIET, ROOT, play, robot_env

    first = tmp_path / "first"
    narration = tmp_path / "narration.toml"
    narration.write_text(NARRATION["off"])
    env = {**robot_env(tmp_path), "MAFIA_COMPANION_NARRATION": str(narration)}
    args = [sys.executable, str(HERE / "play.py"), str(first), str(tmp_path / "table.db"), "800x480",
            "mafia_plus_table:until_night_one_then_wait"]
    for key, value in FAST.items():
        args += ["--setting", f"{key}={json.dumps(value)}"]
    proc = subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        # the game's length is no limit: the robot is stuck only when its live log stops growing
        # for QUIET quiet-machine seconds, stretched on a busy machine (tests/liveness.py)
        log, last, moved = first / "log.txt", -1, time.monotonic()
        while not (first / "ready").exists():
            assert proc.poll() is None, (first / "report.json").read_text() if (first / "report.json").exists() \
                else "the app ended before Night 1"
            size = log.stat().st_size if log.exists() else -1
            if size != last:
                last, moved = size, time.monotonic()
            assert time.monotonic() - moved < patience(QUIET), \
                f"the robot stopped before Night 1: nothing new in its log for {QUIET:.0f}+ s"
            time.sleep(0.2)
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    report = play(tmp_path, ["mafia_plus_table:resume_night_one"], name="second", narration="off")
    obs = passed(report, "mafia_plus_table:resume_night_one")
    assert obs["resumed_on"] == obs["killed_on"]
    assert "Resume the game" in obs["paused"] and obs["still_paused"]
    assert obs["after_pause"] == obs["resumed_on"]  # the night waited for the table
    assert obs["leaks"] == []
    assert any(t.startswith("Day 2 begins") or "Day 2" in t for t in obs["day"]) or "Accuse" in obs["day"]
