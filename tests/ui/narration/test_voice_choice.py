"""Settings' voice chooser, played by the table robot: the voices found are offered by name, a
tap switches the narrator and says the test line in that voice (real piper synthesis)."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "acceptance"))

from robot_run import ROOT, play  # noqa: E402
from sox_measure import sox_stats  # noqa: E402

from ui.screens.settings import TEST_LINE  # noqa: E402


def test_the_owner_picks_the_shipped_voice_hears_it_and_goes_back(tmp_path):
    report = play(tmp_path, ["voice_choice:pick_voices"], narration="on",
                  env={"PYTHONPATH": f"{ROOT}:{HERE}"})
    obs = report["scenarios"].get("voice_choice:pick_voices", {})
    assert obs.get("ok"), f"{obs.get('error')}\n{obs.get('traceback', '')}\n{report['stderr']}"
    assert obs["before"] == "espeak-ng"  # the robot's narration file asks for espeak-ng
    assert "joe (en_US, medium), shipped" in obs["chooser"]
    assert "espeak-ng (robotic but clear)" in obs["chooser"]
    assert obs["after_joe"].startswith("piper (voice joe")
    assert obs["heard"] == TEST_LINE
    stats = sox_stats(Path(obs["joe_file"]), speech_only=False)
    assert stats["Length s"] > 1.5 and stats["RMS lev dB"] > -35  # the test line, spoken by piper
    assert obs["after_espeak"] == "espeak-ng"
