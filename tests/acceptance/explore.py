"""A development aid, not a test: print what the robot reads after each step.

    EXPLORE_STEPS='["tap:Mafia+", "tap:+ New name", "hold:Start", "wait:2", "shot:name"]' \
        .venv/bin/python tests/acceptance/play.py /tmp/ex /tmp/ex/db.sqlite 800x480 explore:run
"""

import json
import os


def run(t):
    r = t.robot
    r.run_for(0.5)
    print("HOME:", r.screen_text(), flush=True)
    for step in json.loads(os.environ.get("EXPLORE_STEPS", "[]")):
        kind, _, arg = step.partition(":")
        if kind == "tap":
            r.tap(arg)
        elif kind == "hold":
            r.hold(arg)
        elif kind == "wait":
            r.run_for(float(arg))
        elif kind == "shot":
            r.shot(arg)
        r.run_for(0.3)
        print(f"--- after {step}:", r.screen_text(), flush=True)
        print("    controls:", [c.text for c in r.controls()], flush=True)
