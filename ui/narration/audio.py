"""Sound made and shaped by the project (no Kivy, no downloaded asset): every line brought to
the same loudness, and the soft bed of sound that masks the room at night.

numpy comes with piper-tts; without it lines are kept as rendered and there is no bed.
"""

from __future__ import annotations

import math
import wave
from pathlib import Path

#: every cached line is brought to this loudness (RMS of its speech, dBFS) ...
TARGET_RMS_DB = -20.0
#: ... unless that would push a peak past this (no clipping, ever)
PEAK_LIMIT_DB = -1.0
#: bump when the normalisation changes, so old cached lines are rendered again
NORMALISE_VERSION = 1
BED_NAME = "night-bed-v1.wav"
BED_SECONDS = 12.0
BED_RATE = 22050
#: the bed's own level in the file (the narrator's bed volume scales it further)
BED_RMS_DB = -30.0


def _np():
    try:
        import numpy
    except ImportError:  # pragma: no cover - numpy comes with piper-tts
        return None
    return numpy


def _read(path: Path):
    np = _np()
    with wave.open(str(path), "rb") as w:
        params = w.getparams()
        raw = w.readframes(w.getnframes())
    if params.sampwidth != 2:
        return params, None
    return params, np.frombuffer(raw, dtype="<i2").astype(np.float64) / 32768.0


def speech_rms_db(samples) -> float:
    """Loudness of speech: RMS over the 50 ms blocks that are not silence (dBFS)."""
    np = _np()
    if samples is None or len(samples) == 0:
        return -120.0
    block = 1102
    n = len(samples) // block
    if n == 0:
        rms = float(np.sqrt(np.mean(samples ** 2)))
    else:
        blocks = samples[: n * block].reshape(n, block)
        per = np.sqrt(np.mean(blocks ** 2, axis=1))
        loud = per[per > max(per.max() * 0.05, 1e-4)]
        rms = float(np.sqrt(np.mean(loud ** 2))) if len(loud) else float(per.max())
    return 20 * math.log10(max(rms, 1e-6))


def normalise_wav(path: str | Path) -> bool:
    """Scale the line in place to ``TARGET_RMS_DB`` (peaks kept under ``PEAK_LIMIT_DB``)."""
    np = _np()
    if np is None:
        return False
    path = Path(path)
    params, x = _read(path)
    if x is None or len(x) == 0:
        return False
    peak = float(np.max(np.abs(x)))
    if peak <= 0:
        return False
    gain = 10 ** ((TARGET_RMS_DB - speech_rms_db(x)) / 20)
    gain = min(gain, 10 ** (PEAK_LIMIT_DB / 20) / peak)
    y = np.clip(np.round(x * gain * 32768.0), -32768, 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setparams(params)
        w.writeframes(y.tobytes())
    return True


def write_bed(path: str | Path, *, seconds: float = BED_SECONDS, rate: int = BED_RATE) -> None:
    """The night's bed: soft brown-ish noise with a slow swell, that loops without a seam.

    Made in the frequency domain: random phases (a fixed seed, so every bed is the same) on a
    spectrum falling with frequency and cut above 2 kHz; the inverse FFT of such a spectrum is
    periodic by construction, so the last sample runs on into the first with no click. The slow
    swell is a whole number of cycles in the loop for the same reason.
    """
    np = _np()
    n = int(seconds * rate)
    rng = np.random.default_rng(20261202)
    freqs = np.fft.rfftfreq(n, 1 / rate)
    shape = np.zeros_like(freqs)
    band = (freqs >= 40) & (freqs <= 2000)
    shape[band] = 1.0 / np.maximum(freqs[band], 40) ** 0.8  # between pink and brown: a distant hush
    spectrum = shape * np.exp(1j * rng.uniform(0, 2 * np.pi, len(freqs)))
    x = np.fft.irfft(spectrum, n)
    t = np.arange(n) / rate
    x *= 1.0 + 0.25 * np.sin(2 * np.pi * 2 * t / seconds)  # two slow swells per loop
    x *= 10 ** (BED_RMS_DB / 20) / float(np.sqrt(np.mean(x ** 2)))
    y = np.clip(np.round(x * 32768.0), -32768, 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(y.tobytes())


def has_numpy() -> bool:
    return _np() is not None
