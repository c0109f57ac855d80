"""A power cut at any moment loses no action the screen has shown.

A child process plays dice as fast as it can and prints each action right after the session
committed it (the moment the screen would show it). We SIGKILL it at random moments and check
that every action it reported is in the database, and that the game resumes cleanly.
"""

import os
import random
import signal
import subprocess
import sys
import textwrap

from companion.session import Session
from companion.store import Store

WRITER = textwrap.dedent("""
    import sys
    from companion.session import Session
    from companion.store import Store
    store = Store.open(sys.argv[1])
    session = Session.start(store, "dice", {}, seed=int(sys.argv[2]))
    print("game", session.game_id, flush=True)
    requests = ["roll2d6", "spin", "roll1d6"]
    for i in range(100000):
        action, _ = session.draw(requests[i % 3])
        print("committed", i, action.kind, flush=True)
""")


def test_sigkill_at_random_moments_loses_no_reported_action(tmp_path):
    rng = random.Random(2026)
    db = tmp_path / "power.db"
    for run in range(6):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(db), str(run)], stdout=subprocess.PIPE,
                                text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        game_id = int(proc.stdout.readline().split()[1])
        target = rng.randint(1, 300)  # kill after a random number of reported commits
        reported = 0
        for line in proc.stdout:
            if line.startswith("committed"):
                reported += 1
                if reported >= target:
                    break
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        with Store.open(db) as store:
            assert store.notices == []  # the file is healthy after the kill
            session = Session.resume(store, game_id)
            assert len(session.actions) >= reported
            assert store.unfinished_games()[0].id == game_id
