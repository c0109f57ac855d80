"""Loudness and length of a WAV as sox measures it (``sox FILE -n ... stats``): an independent
ear for the narration tests. sox is a Debian package (./dev installs it)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path


def sox_stats(path: Path, speech_only: bool = True) -> dict[str, float]:
    """sox's ``stats`` of a WAV; ``speech_only`` drops the silences first (pauses between words
    would make a line with more pauses read quieter)."""
    assert shutil.which("sox"), "sox is not on PATH: install it (./dev test does, through apt)"
    effects = ["silence", "1", "0.05", "1%", "-1", "0.05", "1%"] if speech_only else []
    out = subprocess.run(["sox", str(path), "-n", *effects, "stats"], capture_output=True, text=True,
                         check=True).stderr
    stats = {}
    for row in out.splitlines():
        parts = row.rsplit(None, 1)
        if len(parts) == 2:
            try:
                stats[parts[0].strip()] = float(parts[1])
            except ValueError:
                pass
    return stats
