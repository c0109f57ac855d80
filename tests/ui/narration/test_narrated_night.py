"""A whole narrated 7-player night played by the table robot (espeak-ng at the robot's pace):
every line it speaks was rendered before it was due, and the bed of sound is there at night,
ducked under speech and gone by day."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ACCEPTANCE = HERE.parents[1] / "acceptance"
sys.path.insert(0, str(ACCEPTANCE))

from robot_run import ROOT, play  # noqa: E402
from sox_measure import sox_stats  # noqa: E402

from ui.narration.narrator import BED_DUCK  # noqa: E402

FAST = {"mafia_plus.min_call_seconds": 0.5, "mafia_plus.seed": 7}


@pytest.fixture(scope="module")
def night(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("narrated-night")
    report = play(tmp, ["narrated_night:seven_player_night"], settings=FAST, narration="on",
                  env={"PYTHONPATH": f"{ROOT}:{HERE}"})
    obs = report["scenarios"].get("narrated_night:seven_player_night", {})
    assert obs.get("ok"), f"{obs.get('error')}\n{obs.get('traceback', '')}\n{report['stderr']}"
    return obs


def test_a_seven_player_night_renders_nothing_on_demand(night):
    """The pre-render (fixed lines after start-up, names at the deal) covers every line of the night."""
    assert night["on_demand_in_night"] == 0, f"rendered while due: {night['on_demand_lines']}"


def test_the_bed_plays_at_night_ducked_under_speech_and_is_gone_by_day(night):
    assert night["bed_playing_at_night"]
    levels = night["bed_levels"]
    assert levels.get("speaking") and levels.get("quiet"), levels
    full = night["bed_volume"]
    duck = full * BED_DUCK
    # under a line it sits at the duck (it dips within a quarter second of the line's start) ...
    assert min(levels["speaking"]) == pytest.approx(duck, abs=0.01)
    # ... and between lines it comes back up (the robot's lines follow each other quickly)
    assert max(levels["quiet"]) > duck + 0.1 and max(levels["quiet"]) <= full + 1e-6
    assert not night["bed_playing_by_day"] and night["bed_level_by_day"] == 0.0


def test_speech_stands_well_above_the_ducked_bed(night):
    """Levels measured with sox: the bed file, scaled by its ducked volume, against a spoken line."""
    bed = sox_stats(Path(night["bed_file"]), speech_only=False)
    line = sox_stats(Path(night["a_line_file"]))
    ducked_db = bed["RMS lev dB"] + 20 * math.log10(night["bed_volume"] * BED_DUCK)
    assert line["RMS lev dB"] - ducked_db > 20, (line["RMS lev dB"], ducked_db)
    assert bed["Pk lev dB"] < -6  # a soft bed: never near full scale
