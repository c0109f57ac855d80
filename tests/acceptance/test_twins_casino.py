"""Issue 13's proof for Mafia Casino: secret twins through the real app.

Two app processes (one per twin, side by side) play the same public moves of a short 3-player game:
Anna buys two cards into her safe on her private pad, held open ("For Anna only", over the whole
screen; twin "pearls": 10 and 20 pearls, twin "diamonds": 10 and 20 diamonds), Ben robs her safe (so the taken cards differ too), Cleo plays
the slot machine. Before every public move the shared screen must be equal widget by widget (texts,
places, enabled, colours, the screen's name); nothing is looked at while the pad is open; the two
speakers must say the same lines. See casino_twins.py.
"""

from __future__ import annotations

import json
import threading

import pytest

from robot_run import passed, play
from twins import same_speech


def test_casino_twins_that_differ_only_in_safe_cards_look_and_sound_the_same(tmp_path, monkeypatch):
    from casino_twins import compare

    reports: dict = {}

    def run(twin: str) -> None:
        home = tmp_path / twin  # each app its own Kivy home, cache and narration file
        home.mkdir(exist_ok=True)
        try:  # a loaded machine is slow, not wrong: the app may take its time
            reports[twin] = play(home, [f"casino_twins:twin_{twin}"], db=tmp_path / f"{twin}.db",
                                 name=f"twin-{twin}")
        except Exception as error:  # (a thread's exception would be lost: keep it for the report)
            reports[twin] = {"scenarios": {}, "returncode": None, "stderr": repr(error)}

    for twin in ("pearls", "diamonds"):
        monkeypatch.setenv(f"TWIN_RECORD_{twin}", str(tmp_path / f"twin-{twin}.json"))
    threads = []
    for twin in ("pearls", "diamonds"):
        th = threading.Thread(target=run, args=(twin,))
        th.start()
        threads.append(th)
    for th in threads:
        th.join()
    records = [tmp_path / f"twin-{twin}.json" for twin in ("pearls", "diamonds")]
    if all(r.exists() for r in records):  # the first difference first, even if a twin then stalled
        a, b = (json.loads(r.read_text()) for r in records)
        difference = compare(a, b)
        if difference:
            pytest.fail("the twins differ on the table: " + difference, pytrace=False)
    for twin in ("pearls", "diamonds"):
        passed(reports[twin], f"casino_twins:twin_{twin}")
    # the twins really put different cards into the safe (otherwise nothing was tested), and the
    # walk got through the buy, the robbery and the slot machine
    assert a["entered"] != b["entered"] and len(a["entered"]) == len(b["entered"]) == 2
    assert len(a["moves"]) == len(b["moves"]) >= 25, a["moves"]
    speech = same_speech(a["heard"], b["heard"])
    assert speech["lines_compared"] >= 1, speech
    # the slot machine's result is said once (not once for every Casino screen visited)
    slot = [line for line in a["heard"] if line.startswith("Slot machine:")]
    assert len(slot) == 1, a["heard"]
