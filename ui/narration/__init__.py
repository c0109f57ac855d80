"""Narration: lines of text spoken at the table (offline TTS to cached WAV, played one at a time).

``ui.narration.tts`` is Kivy-free (synthesizers, cache, worker, timing); ``ui.narration.narrator``
holds the Kivy ``Narrator``. Importing this package imports no Kivy: ``Narrator`` and the
text-only reasons are loaded on first access. See docs/narration.md.
"""

from ui.narration.tts import (CALM_WPM, EspeakSynthesizer, NarrationConfig, NarrationConfigError,
                              NarrationError, PiperSynthesizer, Renderer, SynthesisError,
                              Synthesizer, WavCache, line_duration_hint, pick_synthesizer,
                              wav_duration)

__all__ = [
    "CALM_WPM", "EspeakSynthesizer", "NarrationConfig", "NarrationConfigError", "NarrationError",
    "Narrator", "NO_AUDIO", "NO_TTS", "SWITCHED_OFF", "PiperSynthesizer", "Renderer",
    "SynthesisError", "Synthesizer", "WavCache", "line_duration_hint", "pick_synthesizer",
    "wav_duration",
]

_LAZY = {"Narrator", "NO_AUDIO", "NO_TTS", "SWITCHED_OFF"}


def __getattr__(name: str):
    if name in _LAZY:
        from ui.narration import narrator
        return getattr(narrator, name)
    raise AttributeError(f"module 'ui.narration' has no attribute {name!r}")
