"""The Narrator on Kivy's Clock: lines in order, one at a time, chime, repeat, volume, text-only.

tests/conftest.py sets SDL_AUDIODRIVER=dummy, so SoundLoader really plays (headless) and the queue
is exercised with real Kivy sounds; the Clock is ticked by hand a bounded number of times.
No assertion here is about elapsed time.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from liveness import patience  # tests/: a wait stretched on a busy machine
from narration_fakes import ToneSynthesizer, no_found_voices  # noqa: F401 (an autouse fixture)

from kivy.clock import Clock
from kivy.core.audio import SoundLoader

from ui.narration import NO_AUDIO, NO_TTS, SWITCHED_OFF, Narrator
from ui.narration.narrator import reading_pause
from ui.narration.tts import EspeakSynthesizer, NarrationConfig

MAX_TICKS = 1500  # ~25 s at Kivy's 60 fps cap: a bound, never reached when things work


class Recorder:
    """Listens to a narrator and, every tick, counts how many of its sounds are playing."""

    def __init__(self):
        self.events: list[tuple[str, str]] = []
        self.sounds: list = []
        self.lengths: dict[str, float] = {}  # file name -> length when loaded (unload zeroes it)
        self.most_playing_at_once = 0

    def loader(self, path: str):
        sound = SoundLoader.load(path)
        self.sounds.append((Path(path).name, sound))
        self.lengths[Path(path).name] = sound.length if sound is not None else 0.0
        return sound

    def on_line(self, _narrator, text):
        self.events.append(("line", text))

    def on_idle(self, _narrator):
        self.events.append(("idle", ""))

    def lines(self) -> list[str]:
        return [text for kind, text in self.events if kind == "line"]

    def sample(self) -> None:
        playing = sum(1 for _name, s in self.sounds if s is not None and s.state == "play")
        self.most_playing_at_once = max(self.most_playing_at_once, playing)


def make(tmp_path, recorder: Recorder, synthesizer=None, **kwargs) -> Narrator:
    return Narrator(NarrationConfig(cache_dir=str(tmp_path)),
                    synthesizer=ToneSynthesizer() if synthesizer is None else synthesizer,
                    sound_loader=recorder.loader, on_line=recorder.on_line, on_idle=recorder.on_idle,
                    **kwargs)


def run_until_idle(narrator: Narrator, recorder: Recorder, idles: int = 1) -> None:
    for _ in range(MAX_TICKS):
        Clock.tick()
        recorder.sample()
        if sum(1 for kind, _ in recorder.events if kind == "idle") >= idles and not narrator.is_busy:
            return
    pytest.fail(f"narrator did not go idle; events so far: {recorder.events}")


@pytest.fixture
def narrators():
    made: list[Narrator] = []
    yield made
    for narrator in made:
        narrator.close()


def test_lines_play_in_the_order_said_never_two_at_once(tmp_path, narrators):
    rec = Recorder()
    narrator = make(tmp_path, rec)
    narrators.append(narrator)
    assert not narrator.is_text_only
    script = ["Everyone, close your eyes.", "The Doctor wakes up.", "The Doctor goes back to sleep.",
              "The Detective wakes up."]
    narrator.say(script[0])
    for line in script[1:]:
        narrator.say(line, chime=True)
    run_until_idle(narrator, rec)
    assert rec.lines() == script
    assert rec.events[-1] == ("idle", "")
    assert rec.most_playing_at_once == 1
    spoken = [name for name, _s in rec.sounds if not name.startswith("chime")]
    assert len(spoken) == 4  # every line was heard, not shown as text
    assert any(name.startswith("chime") for name, _s in rec.sounds)
    assert all(length > 0 for length in rec.lengths.values())


def test_on_line_fires_on_the_clock_never_inside_say(tmp_path, narrators):
    rec = Recorder()
    narrator = make(tmp_path, rec)
    narrators.append(narrator)
    narrator.say("Night falls.")
    assert rec.events == [] and narrator.is_busy
    run_until_idle(narrator, rec)
    assert rec.events == [("line", "Night falls."), ("idle", "")]
    assert narrator.current_line == "" and narrator.last_line == "Night falls."


def test_a_line_said_while_another_plays_waits_its_turn(tmp_path, narrators):
    rec = Recorder()
    narrator = make(tmp_path, rec)
    narrators.append(narrator)
    narrator.say("The Mafia wakes up.")
    for _ in range(MAX_TICKS):
        Clock.tick()
        if narrator._sound is not None:  # the first line is sounding now
            break
    narrator.say("The Mafia goes back to sleep.")
    run_until_idle(narrator, rec)
    assert rec.lines() == ["The Mafia wakes up.", "The Mafia goes back to sleep."]
    assert rec.most_playing_at_once == 1


def test_repeat_last_says_the_last_line_again(tmp_path, narrators):
    rec = Recorder()
    narrator = make(tmp_path, rec)
    narrators.append(narrator)
    assert narrator.repeat_last() is None  # nothing said yet: nothing to repeat
    narrator.say("Anna was shipped out of town.")
    run_until_idle(narrator, rec)
    assert narrator.repeat_last() == "Anna was shipped out of town."
    run_until_idle(narrator, rec, idles=2)
    assert rec.lines() == ["Anna was shipped out of town."] * 2
    assert narrator.synthesizer.calls == ["Anna was shipped out of town."]  # rendered once, cached


def test_repeat_last_comes_before_lines_still_waiting(tmp_path, narrators):
    rec = Recorder()
    narrator = make(tmp_path, rec)
    narrators.append(narrator)
    narrator.say("First.")
    narrator.say("Second.")
    for _ in range(MAX_TICKS):
        Clock.tick()
        if rec.lines():
            break
    narrator.repeat_last()
    run_until_idle(narrator, rec)
    assert rec.lines() == ["First.", "First.", "Second."]


def test_volume_clamps_to_zero_one_and_reaches_the_playing_sound(tmp_path, narrators):
    rec = Recorder()
    narrator = make(tmp_path, rec)
    narrators.append(narrator)
    narrator.volume = 1.7
    assert narrator.volume == 1.0
    narrator.volume = -0.3
    assert narrator.volume == 0.0
    narrator.volume = 0.4
    narrator.say("Day breaks.")
    for _ in range(MAX_TICKS):
        Clock.tick()
        if narrator._sound is not None:
            break
    assert narrator._sound.volume == pytest.approx(0.4)
    narrator.volume = 0.8
    assert narrator._sound.volume == pytest.approx(0.8)
    run_until_idle(narrator, rec)


def test_stop_silences_forgets_the_queue_and_goes_idle(tmp_path, narrators):
    rec = Recorder()
    narrator = make(tmp_path, rec)
    narrators.append(narrator)
    for line in ("One.", "Two.", "Three."):
        narrator.say(line)
    for _ in range(MAX_TICKS):
        Clock.tick()
        if rec.lines():
            break
    narrator.stop()
    assert rec.events == [("line", "One."), ("idle", "")]
    assert not narrator.is_busy and all(s.state == "stop" for _n, s in rec.sounds)
    for _ in range(20):
        Clock.tick()
    assert rec.lines() == ["One."]
    narrator.say("Four.")  # usable again after a stop
    run_until_idle(narrator, rec, idles=2)
    assert rec.lines() == ["One.", "Four."]


def test_a_line_that_cannot_be_rendered_is_still_shown_and_the_next_one_speaks(tmp_path, narrators):
    rec = Recorder()
    narrator = make(tmp_path, rec, synthesizer=ToneSynthesizer(fail_on="Bomber"),
                    reading_pause=lambda text: 0.0)
    narrators.append(narrator)
    narrator.say("The Bomber wakes up.")
    narrator.say("The Bomber goes back to sleep.")
    narrator.say("The Doctor wakes up.")
    run_until_idle(narrator, rec)
    assert rec.lines() == ["The Bomber wakes up.", "The Bomber goes back to sleep.", "The Doctor wakes up."]
    assert not narrator.is_text_only  # one bad line does not silence the night
    assert [n for n, _s in rec.sounds if not n.startswith("chime")] != []


def test_real_espeak_line_is_played_through_kivy(tmp_path, narrators):
    espeak = EspeakSynthesizer()
    assert espeak.is_available(), "espeak-ng is not on PATH: install it (./dev test does, through apt)"
    rec = Recorder()
    narrator = make(tmp_path, rec, synthesizer=espeak)
    narrators.append(narrator)
    narrator.say("Night.")
    run_until_idle(narrator, rec)
    assert rec.lines() == ["Night."]
    speech = [length for name, length in rec.lengths.items() if name.startswith("espeak-ng-")]
    assert len(speech) == 1 and 0.3 < speech[0] < 10


# -- text-only mode ---------------------------------------------------------------------------------

def test_without_espeak_the_narrator_is_text_only_and_still_delivers_every_line(tmp_path, monkeypatch,
                                                                                narrators):
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))
    rec = Recorder()
    narrator = Narrator(NarrationConfig(cache_dir=str(tmp_path)), sound_loader=rec.loader,
                        reading_pause=lambda text: 0.0, on_line=rec.on_line, on_idle=rec.on_idle)
    narrators.append(narrator)
    assert narrator.synthesizer is None
    assert narrator.is_text_only and narrator.text_only_reason == NO_TTS
    assert narrator.describe == "text only: no speech synthesizer installed"
    narrator.say("Everyone, close your eyes.", chime=True)
    narrator.say("The Doctor wakes up.", chime=True)
    narrator.prerender(["The Doctor goes back to sleep."])  # harmless without TTS
    assert narrator.repeat_last() is None
    run_until_idle(narrator, rec)
    assert rec.lines() == ["Everyone, close your eyes.", "The Doctor wakes up."]
    assert rec.sounds == []  # nothing tried to play, not even the chime


def test_narration_switched_off_is_text_only_with_its_own_reason(tmp_path, narrators):
    narrator = Narrator({"engine": "none", "cache_dir": str(tmp_path)})
    narrators.append(narrator)
    assert narrator.is_text_only and narrator.text_only_reason == SWITCHED_OFF


class SilentSound:
    """What SDL's mixer hands back with no audio device: loads, length 0, never plays."""

    def __init__(self, length=0.0):
        self.length, self.state, self.volume = length, "stop", 1.0

    def play(self):
        pass  # stays stopped

    def stop(self):
        self.state = "stop"

    def unload(self):
        pass


@pytest.mark.parametrize("length", [0.0, 1.5], ids=["length-zero", "stays-stopped"])
def test_no_audio_device_means_text_only_and_the_game_goes_on(tmp_path, narrators, length):
    rec = Recorder()
    narrator = Narrator(NarrationConfig(cache_dir=str(tmp_path)), synthesizer=ToneSynthesizer(),
                        sound_loader=lambda path: SilentSound(length), reading_pause=lambda text: 0.0,
                        on_line=rec.on_line, on_idle=rec.on_idle)
    narrators.append(narrator)
    narrator.say("Everyone, close your eyes.", chime=True)
    narrator.say("The Doctor wakes up.", chime=True)
    run_until_idle(narrator, rec)
    assert narrator.is_text_only and narrator.text_only_reason == NO_AUDIO
    assert rec.lines() == ["Everyone, close your eyes.", "The Doctor wakes up."]


def test_a_sound_backend_that_raises_never_crashes_the_narrator(tmp_path, narrators):
    def broken(path):
        raise RuntimeError("mixer exploded")

    rec = Recorder()
    narrator = Narrator(NarrationConfig(cache_dir=str(tmp_path)), synthesizer=ToneSynthesizer(),
                        sound_loader=broken, reading_pause=lambda text: 0.0,
                        on_line=rec.on_line, on_idle=rec.on_idle)
    narrators.append(narrator)
    narrator.say("Day breaks.")
    run_until_idle(narrator, rec)
    assert narrator.text_only_reason == NO_AUDIO and rec.lines() == ["Day breaks."]


def test_text_only_reading_pause_grows_with_the_line():
    assert reading_pause("Sleep.") >= 1.5
    assert reading_pause("Everyone, close your eyes. The night begins, and the town is quiet.") > \
        reading_pause("Sleep.")


def test_with_no_sound_device_at_all_real_sdl_reports_text_only(tmp_path):
    """No mock: SDL told to use a driver that does not exist opens nothing, like a Pi with no audio."""
    script = textwrap.dedent(f"""
        import json, os
        from kivy.clock import Clock
        from ui.narration import Narrator
        lines = []
        n = Narrator({{"cache_dir": {str(tmp_path)!r}}}, reading_pause=lambda t: 0.0,
                     on_line=lambda _n, t: lines.append(t))
        n.say("Everyone, close your eyes.", chime=True)
        n.say("The Doctor wakes up.", chime=True)
        for _ in range({MAX_TICKS}):
            Clock.tick()
            if not n.is_busy:
                break
        print(json.dumps({{"reason": n.text_only_reason, "lines": lines, "busy": n.is_busy}}))
        n.close()
    """)
    env = dict(os.environ, SDL_AUDIODRIVER="no-such-driver", KIVY_NO_ARGS="1", KIVY_NO_FILELOG="1",
               KIVY_NO_CONSOLELOG="1")
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=patience(60),
                          env=env, cwd=Path(__file__).resolve().parents[3])
    assert proc.returncode == 0, proc.stderr[-2000:]
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result == {"reason": NO_AUDIO, "lines": ["Everyone, close your eyes.", "The Doctor wakes up."],
                      "busy": False}


def test_a_blank_line_is_delivered_without_rendering(tmp_path, narrators):
    rec = Recorder()
    narrator = make(tmp_path, rec, reading_pause=lambda text: 0.0)
    narrators.append(narrator)
    narrator.say("   ")
    run_until_idle(narrator, rec)
    assert rec.lines() == ["   "] and narrator.synthesizer.calls == []
