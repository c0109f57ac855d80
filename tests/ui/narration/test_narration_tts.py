"""Text to WAV without Kivy: espeak-ng output, the cache, atomic writes, picking an engine."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from liveness import patience  # tests/: a wait stretched on a busy machine
from narration_fakes import ToneSynthesizer, fake_voice_file, no_found_voices, wav_stats, write_tone  # noqa: F401

from ui.narration.tts import (CALM_WPM, CHIME_SECONDS, EspeakSynthesizer, NarrationConfig,
                              NarrationConfigError, PiperSynthesizer, Renderer, SynthesisError,
                              WavCache, line_duration_hint, pick_synthesizer, wav_duration)

SENTENCE = "The Doctor wakes up and chooses someone to save."


def espeak_or_fail() -> EspeakSynthesizer:
    synth = EspeakSynthesizer()
    assert synth.is_available(), "espeak-ng is not on PATH: install it (./dev test does, through apt)"
    return synth


class CountingRun:
    """Wraps subprocess.run to count the TTS processes started."""

    def __init__(self):
        self.commands: list[list[str]] = []

    def __call__(self, cmd, **kwargs):
        self.commands.append(list(cmd))
        return subprocess.run(cmd, **kwargs)


# -- espeak-ng really speaks -------------------------------------------------------------------

def test_espeak_renders_a_short_sentence_as_speech_length_audio(tmp_path):
    synth = espeak_or_fail()
    path = WavCache(tmp_path).render(synth, SENTENCE)
    speech_seconds, peak, rms = wav_stats(path)  # the length of the audio, not a timing of our code
    assert 0.5 < speech_seconds < 10.0, "a short sentence should be 0.5-10 s of speech"
    assert peak > 3000, "the WAV is silent"
    assert rms > 300, "the WAV is mostly silence"


def test_espeak_speaks_at_the_calm_pace_with_configured_voice_and_pitch(tmp_path):
    synth = EspeakSynthesizer("en-gb", pitch=40)
    cmd = synth.command(tmp_path / "x.wav")
    assert cmd[cmd.index("-s") + 1] == str(CALM_WPM) == "150"
    assert cmd[cmd.index("-v") + 1] == "en-gb"
    assert cmd[cmd.index("-p") + 1] == "40"
    assert "--stdin" in cmd  # the text never becomes a command-line option


def test_a_slower_speed_gives_a_longer_recording(tmp_path):
    espeak_or_fail()
    cache = WavCache(tmp_path)
    calm = wav_duration(cache.render(EspeakSynthesizer(speed=150), SENTENCE))
    brisk = wav_duration(cache.render(EspeakSynthesizer(speed=300), SENTENCE))
    assert calm > brisk > 0


def test_a_line_starting_with_a_dash_is_spoken_not_taken_for_an_option(tmp_path):
    path = WavCache(tmp_path).render(espeak_or_fail(), "-v is not a voice, it is a word.")
    assert wav_stats(path)[0] > 0.5


# -- the cache -------------------------------------------------------------------------------------

def test_cache_hit_does_not_render_again(tmp_path):
    espeak_or_fail()
    run = CountingRun()
    synth = EspeakSynthesizer(run=run)
    cache = WavCache(tmp_path)
    first = cache.render(synth, SENTENCE)
    mtime = first.stat().st_mtime_ns
    second = cache.render(synth, SENTENCE)
    assert second == first
    assert len(run.commands) == 1
    assert second.stat().st_mtime_ns == mtime


def test_cache_key_covers_engine_voice_settings_and_text(tmp_path):
    cache = WavCache(tmp_path)
    base = cache.path_for(EspeakSynthesizer(), SENTENCE)
    assert cache.path_for(EspeakSynthesizer(), SENTENCE) == base
    others = {
        cache.path_for(EspeakSynthesizer(voice="en-gb"), SENTENCE),
        cache.path_for(EspeakSynthesizer(speed=170), SENTENCE),
        cache.path_for(EspeakSynthesizer(pitch=60), SENTENCE),
        cache.path_for(EspeakSynthesizer(), SENTENCE + " "),
        cache.path_for(ToneSynthesizer(), SENTENCE),
    }
    assert base not in others and len(others) == 5
    assert base.parent == tmp_path


def test_cache_write_is_atomic_the_final_name_appears_only_when_complete(tmp_path):
    cache = WavCache(tmp_path)
    seen = {}

    class Watching(ToneSynthesizer):
        def synthesize(self, text, out):
            final = cache.path_for(self, text)
            seen["tmp_dir"] = out.parent
            seen["final_existed"] = final.exists()
            seen["tmp_is_final"] = out == final
            super().synthesize(text, out)

    path = cache.render(Watching(), "Night falls.")
    assert seen == {"tmp_dir": tmp_path, "final_existed": False, "tmp_is_final": False}
    speech_seconds = wav_duration(path)  # the rendered audio's length: a whole WAV, not a torn one
    assert speech_seconds > 0
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no temporary file left behind


def test_cache_keeps_nothing_when_rendering_fails_half_way(tmp_path):
    class Crashing(ToneSynthesizer):
        def synthesize(self, text, out):
            out.write_bytes(b"RIFF\x00\x00")  # a torn file...
            raise SynthesisError("tone crashed")  # ...then the engine dies

    cache = WavCache(tmp_path)
    with pytest.raises(SynthesisError, match="tone crashed"):
        cache.render(Crashing(), "Night falls.")
    assert list(tmp_path.iterdir()) == []
    assert cache.lookup(Crashing(), "Night falls.") is None


def test_cache_refuses_an_engine_output_that_is_not_audio(tmp_path):
    class Garbage(ToneSynthesizer):
        def synthesize(self, text, out):
            out.write_text("not a wav")

    with pytest.raises(SynthesisError, match="readable WAV"):
        WavCache(tmp_path).render(Garbage(), "Night falls.")
    assert list(tmp_path.iterdir()) == []


def test_engine_failure_is_reported_in_words(tmp_path):
    def failing_run(cmd, **kwargs):
        return subprocess.CompletedProcess(cmd, 1, b"", b"espeak-ng: voice 'xx' not found\n")

    with pytest.raises(SynthesisError) as error:
        WavCache(tmp_path).render(EspeakSynthesizer(run=failing_run), "Night falls.")
    assert "could not speak 'Night falls.'" in str(error.value)
    assert "voice 'xx' not found" in str(error.value)


def test_default_cache_dir_is_the_user_cache_dir_and_can_be_overridden(tmp_path):
    assert WavCache().directory.parts[-2:] == ("mafia-companion", "narration")
    assert NarrationConfig(cache_dir=str(tmp_path)).resolved_cache_dir() == tmp_path


def test_chime_is_generated_once_soft_and_short(tmp_path):
    cache = WavCache(tmp_path)
    path = cache.chime()
    mtime = path.stat().st_mtime_ns
    chime_seconds, peak, _rms = wav_stats(path)  # the chime's audio length
    assert abs(chime_seconds - CHIME_SECONDS) < 0.05
    assert 1000 < peak < 0.5 * 32767  # audible but soft: never louder than half scale
    assert cache.chime() == path and path.stat().st_mtime_ns == mtime


# -- the worker ------------------------------------------------------------------------------------

def test_renderer_renders_on_one_worker_thread_and_each_line_once(tmp_path):
    gate = threading.Event()
    synth = ToneSynthesizer(gate=gate)
    renderer = Renderer(synth, WavCache(tmp_path))
    try:
        futures = renderer.prerender(["Night falls.", "The Doctor wakes up.", "Night falls."])
        assert futures[0] is futures[2]  # the same line in flight is not queued twice
        gate.set()
        paths = [f.result(patience(10)) for f in futures]
        assert paths[0] == paths[2] and paths[0] != paths[1]
        assert renderer.render("Night falls.", timeout=patience(10)) == paths[0]
        assert synth.calls == ["Night falls.", "The Doctor wakes up."]
        assert set(synth.threads) != {threading.current_thread().name}
        assert all(name.startswith("narration-tts") for name in synth.threads)
    finally:
        renderer.close()


def test_renderer_hands_back_a_failure_instead_of_raising_in_the_worker(tmp_path):
    renderer = Renderer(ToneSynthesizer(fail_on="Bomber"), WavCache(tmp_path))
    try:
        future = renderer.submit("The Bomber wakes up.")
        assert isinstance(future.exception(patience(10)), SynthesisError)
        assert renderer.render("The Doctor wakes up.", timeout=patience(10)).is_file()
    finally:
        renderer.close()


# -- choosing an engine -------------------------------------------------------------------------

def test_pick_synthesizer_is_none_when_espeak_ng_is_not_on_path(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    assert pick_synthesizer(NarrationConfig()) is None
    assert pick_synthesizer({"piper_voice": str(tmp_path / "missing.onnx")}) is None


def test_pick_synthesizer_uses_espeak_ng_by_default():
    espeak_or_fail()
    synth = pick_synthesizer(None)
    assert isinstance(synth, EspeakSynthesizer)
    assert synth.speed == CALM_WPM


def test_pick_synthesizer_is_none_when_narration_is_switched_off():
    assert pick_synthesizer({"engine": "none"}) is None


def fake_piper(bin_dir: Path) -> Path:
    """A stand-in ``piper`` program honouring the real CLI: --model, --output_file, text on stdin."""
    script = bin_dir / "piper"
    script.write_text(
        f"#!{sys.executable}\n"
        "import sys\n"
        f"sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
        "from narration_fakes import write_tone\n"
        "args = sys.argv[1:]\n"
        "assert args[args.index('--model') + 1].endswith('.onnx')\n"
        "text = sys.stdin.read()\n"
        "assert text, 'no text on stdin'\n"
        "write_tone(args[args.index('--output_file') + 1], seconds=0.8)\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return script


def test_piper_is_picked_when_its_voice_file_and_program_exist(tmp_path, monkeypatch):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake_piper(bin_dir)
    voice = fake_voice_file(tmp_path / "en_US-lessac-medium.onnx")
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setattr("ui.narration.tts.piper_module_available", lambda: False)  # the piper program
    synth = pick_synthesizer({"piper_voice": str(voice), "piper_speaker": 2})
    assert isinstance(synth, PiperSynthesizer)
    cmd = synth.command(tmp_path / "out.wav")
    assert cmd[cmd.index("--speaker") + 1] == "2"
    path = WavCache(tmp_path / "cache").render(synth, "Night falls.")
    audio_seconds = wav_duration(path)  # the stand-in piper writes 0.8 s of audio
    assert audio_seconds == pytest.approx(0.8, abs=0.01)


def test_piper_falls_back_to_espeak_when_the_piper_program_is_missing(tmp_path, monkeypatch):
    espeak_or_fail()
    voice = fake_voice_file(tmp_path / "voice.onnx")
    monkeypatch.setattr("ui.narration.tts.piper_module_available", lambda: False)
    monkeypatch.setenv("PATH", os.pathsep.join(
        str(Path(p)) for p in os.environ["PATH"].split(os.pathsep) if not (Path(p) / "piper").exists()))
    assert isinstance(pick_synthesizer({"piper_voice": str(voice)}), EspeakSynthesizer)
    assert isinstance(pick_synthesizer({"engine": "piper"}), EspeakSynthesizer)


def test_piper_cache_key_changes_when_the_voice_file_is_replaced(tmp_path):
    voice = tmp_path / "voice.onnx"
    voice.write_bytes(b"model one")
    cache = WavCache(tmp_path)
    before = cache.path_for(PiperSynthesizer(voice), "Night falls.")
    voice.write_bytes(b"a different, larger model")
    assert cache.path_for(PiperSynthesizer(voice), "Night falls.") != before


# -- settings ----------------------------------------------------------------------------------------

def test_settings_with_an_unknown_key_are_refused_by_name():
    with pytest.raises(NarrationConfigError, match="unknown key.*speeed"):
        NarrationConfig.from_mapping({"speeed": 150})


@pytest.mark.parametrize("data, words", [
    ({"engine": "festival"}, "engine 'festival' is not one of"),
    ({"speed": 40}, "speed 40 words per minute is outside"),
    ({"pitch": 120}, "pitch 120 is outside"),
    ({"piper_voice": "voice.bin"}, "should be the path of a .onnx"),
    ({"speed": "slow"}, "speed should be a whole number, not 'slow'"),
])
def test_bad_settings_are_explained_in_words(data, words):
    with pytest.raises(NarrationConfigError, match=words):
        NarrationConfig.from_mapping(data)


def test_settings_load_layered_files_later_wins_and_names_the_bad_file(tmp_path):
    first = tmp_path / "etc.toml"
    first.write_text('[narration]\nvoice = "en-gb"\nspeed = 140\n')
    second = tmp_path / "user.toml"
    second.write_text("speed = 160\n")
    cfg = NarrationConfig.load([first, second, tmp_path / "absent.toml"])
    assert (cfg.voice, cfg.speed) == ("en-gb", 160)
    bad = tmp_path / "bad.toml"
    bad.write_text("pitch = 300\n")
    with pytest.raises(NarrationConfigError, match="bad.toml"):
        NarrationConfig.load([first, bad])


# -- how long a line sounds (estimates of audio length, not timings of our code) -------------------

def test_night_call_hint_depends_on_the_words_only_not_on_who_is_alive():
    # The same call is made whether the Doctor is alive or dead: the same hint either way.
    call = "Doctor, wake up and choose someone to save."
    hint = line_duration_hint
    assert hint(call) == hint(call)
    same_length = "Detective, wake up and choose someone to check."
    assert abs(hint(call) - hint(same_length)) < 0.5


def test_longer_lines_get_longer_hints_and_every_line_at_least_a_second():
    short = line_duration_hint("Sleep.")
    longer = line_duration_hint("Everyone, close your eyes. The night begins, and the town is quiet.")
    assert short >= 1.0
    assert longer > short
    words = "Eight words spoken at the pace take this long."
    slow, calm = line_duration_hint(words, wpm=75), line_duration_hint(words)
    assert slow > calm


def test_hint_is_close_to_what_espeak_ng_really_takes(tmp_path):
    synth = espeak_or_fail()
    line = "Everyone, close your eyes. The Mafia wakes up and chooses a victim."
    real = wav_duration(WavCache(tmp_path).render(synth, line))
    hint = line_duration_hint(line)
    assert 0.5 * real < hint < 2.0 * real


def test_prune_drops_least_recently_used_lines_first_and_keeps_the_chime(tmp_path):
    cache = WavCache(tmp_path)
    synth = ToneSynthesizer(seconds=0.2)
    old, used, new = (cache.render(synth, text) for text in ("Old line.", "Used line.", "New line."))
    cache.chime()
    for age, path in ((3000, old), (2000, used), (1000, new)):
        os.utime(path, (path.stat().st_atime - age, path.stat().st_mtime - age))
    cache.lookup(synth, "Used line.")  # played again just now
    stale = tmp_path / ".torn.part"
    stale.write_bytes(b"RIFF")
    os.utime(stale, (0, 0))
    size = new.stat().st_size
    assert cache.prune(max_bytes=2 * size) == 2  # the oldest line and the torn render
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["chime-v1.wav", used.name, new.name])
    assert cache.prune(max_bytes=0) == 2 and [p.name for p in tmp_path.iterdir()] == ["chime-v1.wav"]


def test_tts_and_the_package_import_no_kivy():
    code = ("import sys, ui.narration, ui.narration.tts; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'kivy'))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=patience(60),
                          cwd=Path(__file__).resolve().parents[3])
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"


def test_tts_docstring_examples_hold():
    import doctest

    import ui.narration.tts as tts
    assert doctest.testmod(tts).failed == 0
