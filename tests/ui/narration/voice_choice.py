"""A robot scenario (run by tests/acceptance/play.py): the owner opens Settings, sees the voices
found, picks the shipped piper voice and hears the test line, then goes back to espeak-ng."""

from __future__ import annotations

import re
import time

from liveness import patience


def pick_voices(t) -> None:
    r = t.robot
    r.wait_for("Choose a game")
    r.tap("Settings")
    r.wait_for("Test the buttons", control=True)
    t.obs["before"] = t.app.narrator.voice_name
    r.tap("Voice ›")
    r.wait_for(re.compile("^Speaking now: "))
    t.obs["chooser"] = r.texts()
    r.shot("voice-chooser")
    r.tap(re.compile(r"^joe \(en_US, medium\), shipped$"))
    r.wait_for("Now speaking: joe.")
    t.obs["after_joe"] = t.app.narrator.describe
    r.run_for(1.0)
    # the test line, rendered by the piper worker and played: a liveness limit stretched by the
    # machine's slowness (a loaded machine renders slowly; a line that never comes is a stall)
    give_up = time.monotonic() + patience(60)
    narrator = t.app.narrator
    while time.monotonic() < give_up:
        if narrator.last_line and not narrator.is_busy and narrator.cache.lookup(narrator.synthesizer, narrator.last_line):
            break
        r.run_for(0.1)
    t.obs["heard"] = t.app.narrator.last_line
    t.obs["joe_file"] = str(t.app.narrator.cache.lookup(t.app.narrator.synthesizer, t.app.narrator.last_line))
    r.tap("Done")
    r.tap("Voice ›")
    r.tap(re.compile(r"^espeak-ng \(robotic but clear\)$"))
    r.wait_for("Now speaking: espeak-ng.")
    t.obs["after_espeak"] = t.app.narrator.voice_name
    r.tap("Done")
    r.wait_for("Test the buttons", control=True)
    r.shot("settings-after-voice")
