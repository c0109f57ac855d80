"""Issue 13's proof for Mafia (Sicily): secret twins through the real app.

Two app processes play the same seeded random public moves (dice entered by hand, cards entered on the
drawer's private screen); the twins differ only in which card each drawer entered. After every move
the shared screens must be equal widget by widget (texts, places, enabled, colours), and the two
speakers must have said the same lines.
"""

from __future__ import annotations

from robot_run import passed
from twins import same_speech

SEEDS = "11,12"
STEPS = 20


def test_sicily_twins_that_differ_only_in_held_cards_look_and_sound_the_same(table_robot, tmp_path, monkeypatch):
    record = tmp_path / "twin-first.json"
    monkeypatch.setenv("TWIN_SEEDS", SEEDS)
    monkeypatch.setenv("TWIN_STEPS", str(STEPS))
    monkeypatch.setenv("TWIN_RECORD", str(record))
    first = passed(table_robot(["sicily_twins:twin_first"], db=tmp_path / "first.db"), "sicily_twins:twin_first")
    last = passed(table_robot(["sicily_twins:twin_last"], db=tmp_path / "last.db"), "sicily_twins:twin_last")
    assert first["moves"] == last["moves"] and min(first["moves"]) >= 10
    # the twins really hold different cards (otherwise nothing was tested)
    assert any(a != b for a, b in zip(first["cards"], last["cards"]) if a or b), (first["cards"], last["cards"])
    speech = same_speech(first["heard"], last["heard"])
    assert speech["lines_compared"] >= 5
