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


@pytest.mark.parametrize("narration", ["off", "on"])
def test_seven_players_from_new_game_to_the_reveal(table_robot, narration):
    report = table_robot(["mafia_plus_table:seven_players"], settings=FAST, narration=narration)
    obs = passed(report, "mafia_plus_table:seven_players")
    assert obs["missing"] == [], f"announcements that never reached the screen: {obs['missing']}"
    assert obs["leaks"] == [], f"the shared screen gave a character away: {obs['leaks']}"
    assert obs["winners_on_screen"] == obs["winners_stored"]
    assert obs["night_calls"] >= 6  # three nights at least were called through, by themselves


def test_killed_mid_night_resumes_on_the_same_call_and_the_night_runs_on(tmp_path):
    """SIGKILL while Night 1 is being called; a new app on the same database, Resume: the same
    call is on screen and the night carries on by itself to Day 2."""
    import json
    import os
    import signal
    import subprocess
    import sys
    import time

    from robot_run import HERE, NARRATION, ROOT, play, robot_env

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
        deadline = time.monotonic() + 600
        while not (first / "ready").exists():
            assert proc.poll() is None, (first / "report.json").read_text() if (first / "report.json").exists() \
                else "the app ended before Night 1"
            assert time.monotonic() < deadline, "the robot never reached Night 1"
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
