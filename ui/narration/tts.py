"""Offline text-to-speech rendered once per line into cached WAV files. No Kivy here.

ARCHITECTURE.md, ui/: "offline TTS (espeak-ng, optionally piper when a voice file is configured)
rendered to cached WAV in a worker thread". This module turns a line of text into a WAV file;
``ui.narration.narrator`` plays the files. Everything here runs in a plain interpreter, so the
rendering and the cache are tested without a window or a sound card.

- ``NarrationConfig``: the settings (engine, voice, calm pace, pitch, piper voice file, cache dir).
- ``EspeakSynthesizer`` / ``PiperSynthesizer``: one subprocess per line, text on stdin, WAV out.
- ``pick_synthesizer(config)``: piper when its voice file and executable exist, else espeak-ng,
  else ``None`` (no TTS installed: the narrator goes text-only).
- ``WavCache``: one file per (engine, voice, settings, text), written atomically (temp + rename).
- ``Renderer``: renders on one worker thread; ``submit``/``prerender`` return futures so the
  upcoming lines of a night are ready before they are due.
- ``line_duration_hint(text)``: how long a line takes at the calm pace, so calls can be padded to
  a similar length whoever is alive.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import os
import re
import shutil
import struct
import subprocess
import tempfile
import threading
import time
import tomllib
import wave
from abc import ABC, abstractmethod
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Callable, ClassVar, Iterable, Mapping

import platformdirs

from companion.errors import CompanionError

log = logging.getLogger(__name__)

APP_NAME = "mafia-companion"
ENGINES = ("auto", "espeak", "piper", "none")
#: The calm pace of the narrator, in words per minute (espeak-ng's default is 175).
CALM_WPM = 150
ETC_PATH = Path("/etc/mafia-companion/narration.toml")
ENV_PATH = "MAFIA_COMPANION_NARRATION"
#: Bump when the chime's sound changes, so an old cached chime is not reused.
CHIME_NAME = "chime-v1.wav"
CHIME_SECONDS = 0.7
#: The cache is pruned (least recently used first) to this size when a Renderer starts.
DEFAULT_CACHE_BYTES = 200 * 1024 * 1024


class NarrationError(CompanionError):
    """Something about narration that the app reports in words (and then carries on in text)."""


class NarrationConfigError(NarrationError):
    """Narration settings that cannot be used; the message names the key and what to fix."""


class SynthesisError(NarrationError):
    """A line could not be turned into sound (the engine failed, timed out or wrote no audio)."""


# --------------------------------------------------------------------------------------------
# Settings
# --------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class NarrationConfig:
    """Narration settings. Every field has a default that works on Raspberry Pi OS with espeak-ng.

    ``engine``: ``auto`` (piper when configured and installed, else espeak-ng), ``espeak``,
    ``piper`` (falls back to espeak-ng when piper cannot run) or ``none`` (text only).
    """

    engine: str = "auto"
    voice: str = "en-us"            # espeak-ng voice name (espeak-ng --voices)
    speed: int = CALM_WPM           # espeak-ng words per minute
    pitch: int = 45                 # espeak-ng pitch 0..99 (50 is its default; a little lower is calmer)
    piper_voice: str = ""           # path to a piper voice model (.onnx, with its .onnx.json beside it)
    piper_speaker: int | None = None
    piper_length_scale: float = 1.15  # > 1 speaks slower: the calm pace for piper voices
    espeak_command: str = "espeak-ng"
    piper_command: str = "piper"
    cache_dir: str = ""             # "" = platformdirs user cache dir / narration
    timeout: float = 60.0           # seconds one line may take to render

    def __post_init__(self) -> None:
        wrong = [f"{name} should be {what}, not {getattr(self, name)!r}."
                 for name, kinds, what in _FIELD_TYPES if not _is(getattr(self, name), kinds)]
        if wrong:
            raise NarrationConfigError(" ".join(wrong))
        problems = []
        if self.engine not in ENGINES:
            problems.append(f"narration engine {self.engine!r} is not one of {', '.join(ENGINES)}.")
        if not 80 <= self.speed <= 450:
            problems.append(f"narration speed {self.speed} words per minute is outside 80..450.")
        if not 0 <= self.pitch <= 99:
            problems.append(f"narration pitch {self.pitch} is outside 0..99.")
        if not 0.5 <= self.piper_length_scale <= 3.0:
            problems.append(f"piper_length_scale {self.piper_length_scale} is outside 0.5..3.")
        if self.piper_voice and not self.piper_voice.endswith(".onnx"):
            problems.append(f"piper_voice {self.piper_voice!r} should be the path of a .onnx voice file.")
        if self.timeout <= 0:
            problems.append("narration timeout must be a positive number of seconds.")
        if not self.voice or not re.fullmatch(r"[A-Za-z0-9_+\-/]+", self.voice):
            problems.append(f"espeak-ng voice {self.voice!r} is not a voice name (see espeak-ng --voices).")
        if problems:
            raise NarrationConfigError(" ".join(problems))

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any] | None, source: str = "the narration settings") -> "NarrationConfig":
        """Build from a dict (a TOML ``[narration]`` table); unknown keys are refused by name."""
        data = dict(data or {})
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise NarrationConfigError(
                f"{source}: unknown {'key' if len(unknown) == 1 else 'keys'} {', '.join(unknown)}; "
                f"known keys are {', '.join(sorted(known))}.")
        for key in ("cache_dir", "piper_voice"):
            if key in data and data[key] is not None:
                data[key] = str(Path(str(data[key])).expanduser()) if data[key] else ""
        try:
            return cls(**data)
        except NarrationConfigError as error:
            raise NarrationConfigError(f"{source}: {error}") from None


    @classmethod
    def load(cls, paths: Iterable[Path] | None = None) -> "NarrationConfig":
        """Layered like the hardware settings: /etc, then the user config dir, then $MAFIA_COMPANION_NARRATION.

        Each file is TOML with the keys at top level or under ``[narration]``; later files win.
        """
        if paths is None:
            paths = [ETC_PATH, Path(platformdirs.user_config_dir(APP_NAME)) / "narration.toml"]
            if os.environ.get(ENV_PATH):
                paths.append(Path(os.environ[ENV_PATH]))
        merged: dict[str, Any] = {}
        for path in paths:
            path = Path(path)
            if not path.is_file():
                continue
            try:
                data = tomllib.loads(path.read_text(encoding="utf-8"))
            except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
                raise NarrationConfigError(f"{path}: cannot be read as TOML ({error}).") from None
            data = data.get("narration", data)
            cls.from_mapping(data, source=str(path))  # name the file that holds a mistake
            merged.update(data)
        return cls.from_mapping(merged)

    def resolved_cache_dir(self) -> Path:
        return Path(self.cache_dir) if self.cache_dir else default_cache_dir()


_TEXT, _WHOLE, _NUMBER = (str,), (int,), (int, float)
_FIELD_TYPES = (
    ("engine", _TEXT, "text"), ("voice", _TEXT, "text"), ("speed", _WHOLE, "a whole number"),
    ("pitch", _WHOLE, "a whole number"), ("piper_voice", _TEXT, "a file path"),
    ("piper_speaker", (int, type(None)), "a whole number"),
    ("piper_length_scale", _NUMBER, "a number"), ("espeak_command", _TEXT, "text"),
    ("piper_command", _TEXT, "text"), ("cache_dir", _TEXT, "a directory path"),
    ("timeout", _NUMBER, "a number of seconds"),
)


def _is(value: Any, kinds: tuple[type, ...]) -> bool:
    return isinstance(value, kinds) and not isinstance(value, bool)


def default_cache_dir() -> Path:
    return Path(platformdirs.user_cache_dir(APP_NAME)) / "narration"


def _as_config(config: NarrationConfig | Mapping[str, Any] | None) -> NarrationConfig:
    if isinstance(config, NarrationConfig):
        return config
    return NarrationConfig.from_mapping(config)


# --------------------------------------------------------------------------------------------
# Synthesizers
# --------------------------------------------------------------------------------------------

Runner = Callable[..., subprocess.CompletedProcess]


class Synthesizer(ABC):
    """Turns one line of text into a WAV file by running an offline TTS program.

    ``run`` is ``subprocess.run`` (injectable so tests can count or fake the calls).
    """

    engine: ClassVar[str] = ""

    def __init__(self, *, run: Runner | None = None, timeout: float = 60.0):
        self._run = run if run is not None else subprocess.run
        self.timeout = timeout

    @property
    @abstractmethod
    def voice(self) -> str:
        """The voice, as named in the cache key and in messages."""

    @property
    @abstractmethod
    def settings(self) -> dict[str, Any]:
        """Everything besides the voice and the text that changes the sound (part of the cache key)."""

    @abstractmethod
    def is_available(self) -> bool:
        """True when the program (and for piper the voice file) is there."""

    @abstractmethod
    def command(self, out: Path) -> list[str]:
        """The command line that reads the text on stdin and writes a WAV to ``out``."""

    def describe(self) -> str:
        return f"{self.engine} ({self.voice})"

    def synthesize(self, text: str, out: Path) -> None:
        """Write ``text`` spoken to the WAV file ``out``; raise ``SynthesisError`` in words."""
        cmd = self.command(Path(out))
        try:
            proc = self._run(cmd, input=text.encode("utf-8"), stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, timeout=self.timeout, check=False)
        except subprocess.TimeoutExpired:
            raise SynthesisError(f"{self.engine} took longer than {self.timeout:g} s to speak {text!r}.") from None
        except OSError as error:
            raise SynthesisError(f"{self.engine} could not be started: {error.strerror or error}.") from None
        if proc.returncode != 0:
            detail = (proc.stderr or b"").decode("utf-8", "replace").strip().splitlines()
            why = detail[-1] if detail else f"exit status {proc.returncode}"
            raise SynthesisError(f"{self.engine} could not speak {text!r}: {why}")


class EspeakSynthesizer(Synthesizer):
    """espeak-ng (Raspberry Pi OS: ``apt-get install espeak-ng``): small, fast, robotic but clear."""

    engine = "espeak-ng"

    def __init__(self, voice: str = "en-us", speed: int = CALM_WPM, pitch: int = 45, *,
                 command: str = "espeak-ng", run: Runner | None = None, timeout: float = 60.0):
        super().__init__(run=run, timeout=timeout)
        self._voice, self.speed, self.pitch, self.executable = voice, int(speed), int(pitch), command

    @property
    def voice(self) -> str:
        return self._voice

    @property
    def settings(self) -> dict[str, Any]:
        return {"speed": self.speed, "pitch": self.pitch}

    def is_available(self) -> bool:
        return shutil.which(self.executable) is not None

    def command(self, out: Path) -> list[str]:
        # -b 1: the text is UTF-8; --stdin: a line starting with "-" is never taken for an option.
        return [shutil.which(self.executable) or self.executable, "-v", self._voice, "-s", str(self.speed),
                "-p", str(self.pitch), "-b", "1", "-w", str(out), "--stdin"]

    def describe(self) -> str:
        return f"espeak-ng (voice {self._voice}, {self.speed} words per minute)"


class PiperSynthesizer(Synthesizer):
    """piper (neural, far more natural): used only when a voice file is configured and ``piper`` runs.

    Both the C++ piper release and ``pip install piper-tts`` accept ``--model``, ``--output_file``,
    ``--length_scale`` and ``--speaker`` and read the text on stdin.
    """

    engine = "piper"

    def __init__(self, model: str | Path, *, length_scale: float = 1.15, speaker: int | None = None,
                 command: str = "piper", run: Runner | None = None, timeout: float = 60.0):
        super().__init__(run=run, timeout=timeout)
        self.model = Path(model).expanduser() if model else Path()
        self.length_scale, self.speaker, self.executable = float(length_scale), speaker, command

    @property
    def voice(self) -> str:
        return str(self.model)

    @property
    def settings(self) -> dict[str, Any]:
        try:  # a voice file replaced at the same path must not replay the old voice from the cache
            st = self.model.stat()
            stamp = [st.st_size, int(st.st_mtime)]
        except OSError:
            stamp = None
        return {"length_scale": self.length_scale, "speaker": self.speaker, "model_file": stamp}

    def is_available(self) -> bool:
        return (self.model.suffix == ".onnx" and self.model.is_file()
                and shutil.which(self.executable) is not None)

    def command(self, out: Path) -> list[str]:
        cmd = [shutil.which(self.executable) or self.executable, "--model", str(self.model),
               "--output_file", str(out), "--length_scale", f"{self.length_scale:g}"]
        if self.speaker is not None:
            cmd += ["--speaker", str(self.speaker)]
        return cmd

    def describe(self) -> str:
        return f"piper (voice {self.model.name})"


def pick_synthesizer(config: NarrationConfig | Mapping[str, Any] | None = None, *,
                     run: Runner | None = None) -> Synthesizer | None:
    """The synthesizer to use, or ``None`` when no TTS is installed (or narration is off).

    piper wins when its voice file is configured and both it and the ``piper`` program exist;
    otherwise espeak-ng when it is on PATH.
    """
    cfg = _as_config(config)
    if cfg.engine == "none":
        return None
    if cfg.engine in ("auto", "piper") and cfg.piper_voice:
        piper = PiperSynthesizer(cfg.piper_voice, length_scale=cfg.piper_length_scale,
                                 speaker=cfg.piper_speaker, command=cfg.piper_command,
                                 run=run, timeout=cfg.timeout)
        if piper.is_available():
            return piper
        log.warning("piper voice %s configured but piper cannot run (missing program or file); "
                    "using espeak-ng", cfg.piper_voice)
    elif cfg.engine == "piper":
        log.warning("narration engine 'piper' needs piper_voice = the .onnx file; using espeak-ng")
    espeak = EspeakSynthesizer(cfg.voice, cfg.speed, cfg.pitch, command=cfg.espeak_command,
                               run=run, timeout=cfg.timeout)
    return espeak if espeak.is_available() else None


# --------------------------------------------------------------------------------------------
# The cache
# --------------------------------------------------------------------------------------------

def wav_duration(path: str | Path) -> float:
    """Seconds of audio in a WAV file (0.0 when it cannot be read)."""
    try:
        with wave.open(str(path), "rb") as w:
            return w.getnframes() / float(w.getframerate() or 1)
    except (OSError, EOFError, wave.Error):
        return 0.0


def _now() -> float:
    return time.time()  # file ages only: nothing in the game's rules depends on it


def _check_wav(path: Path, what: str) -> None:
    try:
        with wave.open(str(path), "rb") as w:
            frames = w.getnframes()
    except (OSError, EOFError, wave.Error) as error:
        raise SynthesisError(f"{what} did not produce a readable WAV file ({error}).") from None
    if frames <= 0:
        raise SynthesisError(f"{what} produced no sound.")


class WavCache:
    """One WAV per (engine, voice, settings, text) in a directory; a line is rendered once.

    Files appear atomically: rendered to a temporary name in the same directory, checked, then
    renamed over the final name, so a crash or power cut never leaves a half file that would be
    played later, and two renders of the same line (two processes) cannot corrupt each other.
    """

    def __init__(self, directory: str | Path | None = None):
        self.directory = Path(directory) if directory else default_cache_dir()

    @staticmethod
    def key(synth: Synthesizer, text: str) -> str:
        blob = json.dumps([synth.engine, synth.voice, synth.settings, text], sort_keys=True,
                          ensure_ascii=False)
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:40]

    def path_for(self, synth: Synthesizer, text: str) -> Path:
        return self.directory / f"{synth.engine}-{self.key(synth, text)}.wav"

    def lookup(self, synth: Synthesizer, text: str) -> Path | None:
        path = self.path_for(synth, text)
        if not path.is_file():
            return None
        try:
            os.utime(path)  # recently used lines survive prune()
        except OSError:
            pass
        return path

    def render(self, synth: Synthesizer, text: str) -> Path:
        """The WAV of ``text`` spoken by ``synth``: from the cache, or rendered now and stored."""
        path = self.path_for(synth, text)
        if path.is_file():
            return path

        def write(tmp: Path) -> None:
            synth.synthesize(text, tmp)
            _check_wav(tmp, synth.describe())

        return self.write_atomic(path, write)

    def write_atomic(self, path: Path, writer: Callable[[Path], None]) -> Path:
        """Let ``writer`` fill a temporary file beside ``path``, then rename it into place."""
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=".part")
        os.close(fd)
        tmp = Path(tmp_name)
        try:
            writer(tmp)
            os.replace(tmp, path)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        return path

    def chime(self) -> Path:
        """The soft chime played before a call: generated once with ``wave``, no binary asset."""
        path = self.directory / CHIME_NAME
        if path.is_file():
            return path
        return self.write_atomic(path, write_chime)

    def prune(self, max_bytes: int = DEFAULT_CACHE_BYTES) -> int:
        """Delete the least recently used lines until the cache fits ``max_bytes``; returns how many.

        Lines name players ("Anna was shipped out of town"), so the cache grows game after game;
        the night script itself is reused every game and stays warm. Leftover ``.part`` files
        (a render cut by a power loss) go too.
        """
        if not self.directory.is_dir():
            return 0
        removed = 0
        entries = []
        for item in self.directory.iterdir():
            try:
                st = item.stat()
            except OSError:
                continue
            if item.suffix == ".part" and st.st_mtime < _now() - 3600:
                item.unlink(missing_ok=True)
                removed += 1
            elif item.suffix == ".wav" and item.name != CHIME_NAME:
                entries.append((st.st_mtime, st.st_size, item))
        total = sum(size for _m, size, _i in entries)
        for _mtime, size, item in sorted(entries, key=lambda e: e[0]):
            if total <= max_bytes:
                break
            item.unlink(missing_ok=True)
            total -= size
            removed += 1
        return removed

    def clear(self) -> int:
        """Delete every cached line (not the directory); returns how many files went."""
        count = 0
        if self.directory.is_dir():
            for item in self.directory.iterdir():
                if item.suffix in (".wav", ".part") and item.is_file():
                    item.unlink(missing_ok=True)
                    count += 1
        return count


def write_chime(path: str | Path, *, rate: int = 22050, seconds: float = CHIME_SECONDS,
                amplitude: float = 0.22) -> None:
    """A soft two-note bell (E5 then A5, sine with a gentle attack and exponential decay)."""
    notes = ((659.25, 0.0), (880.0, 0.18))
    n = int(rate * seconds)
    frames = bytearray()
    for i in range(n):
        t = i / rate
        value = 0.0
        for freq, start in notes:
            if t >= start:
                u = t - start
                envelope = min(1.0, u / 0.012) * math.exp(-u * 6.0)
                value += math.sin(2 * math.pi * freq * u) * envelope
        fade = min(1.0, (n - i) / (rate * 0.05))  # no click at the end
        frames += struct.pack("<h", int(max(-1.0, min(1.0, value * amplitude * fade)) * 32767))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(bytes(frames))


# --------------------------------------------------------------------------------------------
# The worker
# --------------------------------------------------------------------------------------------

class Renderer:
    """Renders lines on one worker thread, each line once (cache on disk + futures in flight).

    ``submit(text)`` returns a ``Future[Path]`` at once; ``prerender(lines)`` queues the upcoming
    lines of a script; ``render(text)`` waits for the file. The worker never touches Kivy: the
    narrator polls the futures from the UI thread.
    """

    def __init__(self, synth: Synthesizer, cache: WavCache | None = None, *,
                 executor: ThreadPoolExecutor | None = None):
        self.synth = synth
        self.cache = cache if cache is not None else WavCache()
        self._executor = executor or ThreadPoolExecutor(max_workers=1, thread_name_prefix="narration-tts")
        self._own_executor = executor is None
        self._lock = threading.Lock()
        self._in_flight: dict[str, Future] = {}
        self._executor.submit(self._prune_quietly)  # first job on the worker: keep the SD card tidy

    def _prune_quietly(self) -> None:
        try:
            self.cache.prune()
        except OSError as error:
            log.warning("narration: could not prune the cache (%s)", error)

    def submit(self, text: str) -> Future:
        path = self.cache.lookup(self.synth, text)
        if path is not None:
            done: Future = Future()
            done.set_result(path)
            return done
        key = self.cache.key(self.synth, text)
        with self._lock:
            future = self._in_flight.get(key)
            if future is not None and not future.cancelled():
                return future
            future = self._executor.submit(self.cache.render, self.synth, text)
            self._in_flight[key] = future
        future.add_done_callback(lambda f, k=key: self._forget(k, f))
        return future

    def _forget(self, key: str, future: Future) -> None:
        with self._lock:
            if self._in_flight.get(key) is future:
                del self._in_flight[key]

    def prerender(self, lines: Iterable[str]) -> list[Future]:
        return [self.submit(text) for text in lines]

    def render(self, text: str, timeout: float | None = None) -> Path:
        """The WAV for ``text``, rendered on the worker; blocks (not for the UI thread)."""
        return self.submit(text).result(timeout)

    def close(self, wait: bool = False) -> None:
        if self._own_executor:
            self._executor.shutdown(wait=wait, cancel_futures=True)


# --------------------------------------------------------------------------------------------
# Timing
# --------------------------------------------------------------------------------------------

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_BREAK = re.compile(r"[.,;:!?…—–]+")


def line_duration_hint(text: str, wpm: float = CALM_WPM) -> float:
    """Seconds a line takes when spoken at ``wpm`` (default the calm pace), chime not included.

    Words at the pace plus a short pause at each clause break and a little lead-in. It depends on
    the words only, so "The Doctor wakes up" takes as long whether or not the Doctor is alive;
    the night screens pad each call to a fixed minimum on top of it.

    >>> line_duration_hint("Doctor, wake up.") < line_duration_hint("Doctor, wake up and choose someone to save.")
    True
    """
    words = len(_WORD.findall(text))
    breaks = len(_BREAK.findall(text.strip().rstrip(".!?…")))
    return round(max(1.0, 0.3 + words * 60.0 / wpm + 0.25 * breaks), 2)
