"""Narration test helpers: a fake synthesizer writing short tones, WAV measuring helpers.

A plain module with a unique name (not conftest.py): the test modules import it directly.
"""

from __future__ import annotations

import math
import struct
import threading
import wave
from pathlib import Path

from ui.narration.tts import Synthesizer


def write_tone(path: Path, seconds: float = 0.12, freq: float = 440.0, rate: int = 22050) -> None:
    n = int(rate * seconds)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(b"".join(struct.pack("<h", int(8000 * math.sin(2 * math.pi * freq * i / rate)))
                               for i in range(n)))


def wav_stats(path: Path) -> tuple[float, int, float]:
    """(duration in s, peak |sample|, RMS) of a 16-bit WAV."""
    with wave.open(str(path), "rb") as w:
        assert w.getsampwidth() == 2, "espeak-ng and the chime write 16-bit samples"
        frames = w.readframes(w.getnframes())
        duration = w.getnframes() / w.getframerate()
    samples = struct.unpack(f"<{len(frames) // 2}h", frames)
    peak = max((abs(s) for s in samples), default=0)
    rms = math.sqrt(sum(s * s for s in samples) / len(samples)) if samples else 0.0
    return duration, peak, rms


class ToneSynthesizer(Synthesizer):
    """Speaks every line as a short tone; counts calls and remembers the threads it ran on."""

    engine = "tone"

    def __init__(self, seconds: float = 0.12, fail_on: str | None = None, gate: threading.Event | None = None):
        super().__init__()
        self.seconds = seconds
        self.fail_on = fail_on
        self.gate = gate
        self.calls: list[str] = []
        self.threads: list[str] = []

    @property
    def voice(self) -> str:
        return "tone"

    @property
    def settings(self) -> dict:
        return {"seconds": self.seconds}

    def is_available(self) -> bool:
        return True

    def command(self, out: Path) -> list[str]:
        return []

    def synthesize(self, text: str, out: Path) -> None:
        from ui.narration.tts import SynthesisError
        self.calls.append(text)
        self.threads.append(threading.current_thread().name)
        if self.gate is not None:
            from liveness import patience  # tests/ (this module also runs as a fake piper, without it)

            self.gate.wait(patience(10))
        if self.fail_on is not None and self.fail_on in text:
            raise SynthesisError(f"tone could not speak {text!r}")
        write_tone(out, self.seconds)


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def no_found_voices(monkeypatch):
    """Engine choice tests see no installed piper voice unless they give one (the shared venv may
    have one): import this fixture into a test module to make it apply there."""
    import ui.narration.voices as voices

    monkeypatch.setattr(voices, "find_voices", lambda *a, **k: [])


def fake_voice_file(path: Path) -> Path:
    """A file that passes the cheap voice checks (ONNX's first byte, a piper .onnx.json beside it)."""
    path.write_bytes(b"\x08\x07 not really a model")
    Path(f"{path}.json").write_text('{"phoneme_id_map": {}}')
    return path
