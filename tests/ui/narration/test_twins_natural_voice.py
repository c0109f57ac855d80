"""The twins' pause check with the natural voice: two Mafia+ games that differ only in secrets,
narrated by piper (real synthesis), sound the same, line for line and length for length, and no
night call is cut short of its padded length (which is the rendered WAV's length)."""

from __future__ import annotations

import sys
from pathlib import Path

ACCEPTANCE = Path(__file__).resolve().parents[2] / "acceptance"
sys.path.insert(0, str(ACCEPTANCE))

from test_twins_mafia_plus import PAIRS, _both  # noqa: E402


def test_twins_narrated_by_piper_sound_the_same_and_keep_every_pause(tmp_path, monkeypatch):
    from mafia_plus_twins import compare, short_calls

    a, b = _both(tmp_path, monkeypatch, PAIRS, narration="piper")  # the one CI pair
    differences = compare(a, b)
    assert not differences, "the twins differ:\n" + "\n".join(differences)
    short = short_calls(a) + short_calls(b)
    assert not short, "a night call was cut short:\n" + "\n".join(short)
    assert a["games"] and a["games"][0]["heard"]
