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
import importlib.util
import json
import logging
import math
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
import wave
from abc import ABC, abstractmethod
from concurrent.futures import Future
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Callable, ClassVar, Iterable, Mapping

import platformdirs

from companion.errors import CompanionError
from ui.narration.audio import BED_NAME, NORMALISE_VERSION, has_numpy, normalise_wav, write_bed

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
    piper_voice: str = ""           # a piper voice model (.onnx + .onnx.json); "" = the first one found
    piper_speaker: int | None = None
    piper_length_scale: float = 1.2   # > 1 speaks slower: a calm host, not a reader
    piper_threads: int = 1            # CPU threads of the piper worker (the UI keeps the others)
    espeak_command: str = "espeak-ng"
    piper_command: str = "piper"
    cache_dir: str = ""             # "" = platformdirs user cache dir / narration
    timeout: float = 60.0           # seconds one line may take to render
    prerender: bool = True          # render every fixed line in the background after start-up
    night_bed: bool = True          # the soft bed of sound under a Mafia+ night
    bed_volume: float = 0.5         # the bed's volume, 0..1 (relative to the narration volume)

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
        if not 0.0 <= self.bed_volume <= 1.0:
            problems.append(f"bed_volume {self.bed_volume} is outside 0..1.")
        if not 1 <= self.piper_threads <= 8:
            problems.append(f"piper_threads {self.piper_threads} is outside 1..8.")
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
    ("timeout", _NUMBER, "a number of seconds"), ("prerender", (bool,), "true or false"),
    ("night_bed", (bool,), "true or false"), ("bed_volume", _NUMBER, "a number from 0 to 1"),
    ("piper_threads", _WHOLE, "a whole number"),
)


def _is(value: Any, kinds: tuple[type, ...]) -> bool:
    if kinds == (bool,):
        return isinstance(value, bool)
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
    parallel: ClassVar[int] = 1  # lines it may render at once (the renderer's worker threads)

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
    #: lines rendered at once: each is its own short espeak-ng process (a game's next moves come
    #: in dozens at a time; one at a time they can fall behind a quick table)
    parallel: ClassVar[int] = 2

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


class VoiceUnusable(SynthesisError):
    """The piper voice itself cannot be used (unreadable model): the renderer falls back to espeak-ng."""


def piper_module_available() -> bool:
    """piper-tts (the Python package) is installed: voices are rendered by the piper worker."""
    return importlib.util.find_spec("piper") is not None and importlib.util.find_spec("onnxruntime") is not None


class PiperSynthesizer(Synthesizer):
    """piper (neural, far more natural than espeak-ng).

    With piper-tts installed (a project dependency) the voice is loaded once into a worker process
    (``piper_worker.py``) that renders line after line; otherwise a ``piper`` program on PATH is
    run once per line (the C++ release and piper-tts both accept ``--model``, ``--output_file``,
    ``--length_scale`` and ``--speaker`` with the text on stdin).
    """

    engine = "piper"

    def __init__(self, model: str | Path, *, length_scale: float = 1.2, speaker: int | None = None,
                 command: str = "piper", run: Runner | None = None, timeout: float = 60.0,
                 threads: int = 1, use_worker: bool | None = None):
        super().__init__(run=run, timeout=timeout)
        self.model = Path(model).expanduser() if model else Path()
        self.length_scale, self.speaker, self.executable = float(length_scale), speaker, command
        self.threads = int(threads)
        self.use_worker = piper_module_available() if use_worker is None else use_worker
        self._proc: subprocess.Popen | None = None
        self._lock = threading.Lock()

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
        return {"length_scale": self.length_scale, "speaker": self.speaker, "model_file": stamp,
                "noise_w": 0.0 if self.use_worker else None}

    def is_available(self) -> bool:
        if not (self.model.suffix == ".onnx" and self.model.is_file()):
            return False
        return self.use_worker or shutil.which(self.executable) is not None

    def command(self, out: Path) -> list[str]:
        cmd = [shutil.which(self.executable) or self.executable, "--model", str(self.model),
               "--output_file", str(out), "--length_scale", f"{self.length_scale:g}"]
        if self.speaker is not None:
            cmd += ["--speaker", str(self.speaker)]
        return cmd

    def describe(self) -> str:
        from ui.narration.voices import Voice

        return f"piper (voice {Voice(self.model, '').name})"

    def synthesize(self, text: str, out: Path) -> None:
        if not self.use_worker:
            super().synthesize(text, out)
            return
        with self._lock:
            proc = self._worker()
            request = {"text": text, "out": str(out), "length_scale": self.length_scale,
                       "speaker": self.speaker}
            reply = self._ask(proc, json.dumps(request) + "\n", f"speak {text!r}")
        if "error" in reply:
            raise SynthesisError(f"piper could not speak {text!r}: {reply['error']}")

    def _worker(self) -> subprocess.Popen:
        if self._proc is not None and self._proc.poll() is None:
            return self._proc
        script = Path(__file__).with_name("piper_worker.py")
        try:
            proc = subprocess.Popen([sys.executable, str(script), str(self.model), str(self.threads)],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.DEVNULL, text=True, encoding="utf-8")
        except OSError as error:
            raise SynthesisError(f"piper could not be started: {error.strerror or error}.") from None
        reply = self._ask(proc, None, "load the voice")
        if not reply.get("ready"):
            proc.wait(timeout=5)
            raise VoiceUnusable(f"The piper voice {self.model.name} could not be loaded "
                                f"({reply.get('error', 'no answer')}).")
        self._proc = proc
        return proc

    def _ask(self, proc: subprocess.Popen, line: str | None, what: str) -> dict:
        """Send one request line (or none) and wait for the one-line answer, within the timeout."""
        answer: list[str] = []

        def read() -> None:
            answer.append(proc.stdout.readline())

        try:
            if line is not None:
                proc.stdin.write(line)
                proc.stdin.flush()
        except OSError:
            self._kill(proc)
            raise SynthesisError(f"piper stopped before it could {what}.") from None
        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(self.timeout)
        if reader.is_alive() or not answer or not answer[0]:
            self._kill(proc)
            if reader.is_alive():
                raise SynthesisError(f"piper took longer than {self.timeout:g} s to {what}.")
            if line is None:
                raise VoiceUnusable(f"The piper voice {self.model.name} could not be loaded.")
            raise SynthesisError(f"piper stopped before it could {what}.")
        try:
            return json.loads(answer[0])
        except ValueError:
            return {"error": answer[0].strip()[:200]}

    def _kill(self, proc: subprocess.Popen) -> None:
        try:
            proc.kill()
            proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            pass
        if self._proc is proc:
            self._proc = None

    def close(self) -> None:
        """End the worker process (app shutdown, or another voice chosen)."""
        with self._lock:
            proc, self._proc = self._proc, None
        if proc is not None and proc.poll() is None:
            try:
                proc.stdin.close()
                proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                self._kill(proc)


def pick_synthesizer(config: NarrationConfig | Mapping[str, Any] | None = None, *,
                     run: Runner | None = None) -> Synthesizer | None:
    """The synthesizer to use, or ``None`` when no TTS is installed (or narration is off)."""
    return choose_synthesizer(config, run=run)[0]


def choose_synthesizer(config: NarrationConfig | Mapping[str, Any] | None = None, *,
                       run: Runner | None = None,
                       voices: Callable[[], list] | None = None) -> tuple[Synthesizer | None, str]:
    """The synthesizer to use and, when the natural voice was wanted but cannot be, why (a sentence).

    piper wins when a voice is configured (``piper_voice``) or found (``voices.find_voices``:
    shipped, the owner's folder, system-wide) and piper can run; ``engine = "espeak"`` asks for
    espeak-ng; otherwise espeak-ng when it is on PATH; ``None`` when there is no TTS at all.
    """
    from ui.narration.voices import find_voices, voice_problem

    cfg = _as_config(config)
    if cfg.engine == "none":
        return None, ""
    note = ""
    if cfg.engine in ("auto", "piper"):
        model = cfg.piper_voice
        if not model:
            found = (voices or find_voices)()
            model = str(found[0].path) if found else ""
        if model:
            problem = voice_problem(model)
            piper = PiperSynthesizer(model, length_scale=cfg.piper_length_scale,
                                     speaker=cfg.piper_speaker, command=cfg.piper_command,
                                     run=run, timeout=cfg.timeout, threads=cfg.piper_threads)
            if problem is None and piper.is_available():
                return piper, ""
            note = problem or "piper is not installed, so the natural voice cannot speak."
            log.warning("piper voice %s cannot be used (%s); using espeak-ng", model, note)
        elif cfg.engine == "piper":
            note = "No piper voice was found, so espeak-ng speaks."
    espeak = EspeakSynthesizer(cfg.voice, cfg.speed, cfg.pitch, command=cfg.espeak_command,
                               run=run, timeout=cfg.timeout)
    if note:
        note += " espeak-ng speaks instead." if "espeak-ng speaks" not in note else ""
    return (espeak if espeak.is_available() else None), note.strip()


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
        blob = json.dumps([synth.engine, synth.voice, synth.settings, text, NORMALISE_VERSION], sort_keys=True,
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
            normalise_wav(tmp)  # every line at the same loudness, never clipped

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

    def bed(self) -> Path | None:
        """The night's bed of sound (``audio.write_bed``), made once; ``None`` without numpy."""
        path = self.directory / BED_NAME
        if path.is_file():
            return path
        if not has_numpy():
            return None
        return self.write_atomic(path, write_bed)

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
            elif item.suffix == ".wav" and item.name not in (CHIME_NAME, BED_NAME):
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

    Two queues: ``submit(text)`` (a line being said now) always goes before ``prerender(lines)``
    (the background work: a game's fixed lines, the names after the deal), so a background job
    delays a line due now by at most the one line already being rendered. Both return futures.
    ``on_demand`` counts the lines that were said before they had been rendered or queued
    (``on_demand_lines`` names them): after a good pre-render it stays 0 for a whole night.

    When the piper voice turns out unusable (``VoiceUnusable``), the renderer switches to
    ``fallback`` (espeak-ng) for good and ``notice`` says so in a sentence. The worker never
    touches Kivy: the narrator polls the futures from the UI thread.
    """

    def __init__(self, synth: Synthesizer, cache: WavCache | None = None, *,
                 fallback: Callable[[], Synthesizer | None] | None = None):
        self.synth = synth
        self.cache = cache if cache is not None else WavCache()
        self.fallback = fallback
        self.notice = ""
        self.on_demand = 0
        self.on_demand_lines: list[str] = []
        #: the lines said that nothing had asked for before (not cached, never queued): what the
        #: pre-render missed, as against the lines queued but not rendered yet when due
        self.unforeseen_lines: list[str] = []
        self.rendered = 0
        self._lock = threading.Condition()
        self._urgent: list[tuple[str, Future]] = []
        self._background: list[tuple[str, Future]] = []
        self._in_flight: dict[str, Future] = {}
        self._closed = False
        self._prune_pending = True  # first job on the worker: keep the SD card tidy
        # one worker per line the voice can render at once (espeak-ng: 2; piper's one process: 1)
        self._threads = [threading.Thread(target=self._work, name=f"narration-tts-{i}", daemon=True)
                         for i in range(max(1, int(getattr(synth, "parallel", 1))))]
        for thread in self._threads:
            thread.start()

    def _prune_quietly(self) -> None:
        try:
            self.cache.prune()
        except OSError as error:
            log.warning("narration: could not prune the cache (%s)", error)

    def submit(self, text: str) -> Future:
        """The WAV of a line to be said now: from the cache, in flight, or rendered next."""
        return self._queue(text, urgent=True)

    def prerender(self, lines: Iterable[str], first: bool = False) -> list[Future]:
        """Queue lines for the background (after every line due now); each line once. ``first``
        puts them, in their order, before the background already waiting (a game's next moves
        go before the fixed lines of start-up and before the moves of a state already left)."""
        lines = list(lines)
        futures = [self._queue(text, urgent=False) for text in lines]
        if first:
            with self._lock:
                mine = {id(f) for f in futures}
                ahead = [job for job in self._background if id(job[1]) in mine]
                order = {id(f): i for i, f in enumerate(futures)}
                ahead.sort(key=lambda job: order[id(job[1])])
                self._background[:] = ahead + [job for job in self._background if id(job[1]) not in mine]
        return futures

    def _queue(self, text: str, urgent: bool) -> Future:
        path = self.cache.lookup(self.synth, text)
        if path is not None:
            done: Future = Future()
            done.set_result(path)
            return done
        key = self.cache.key(self.synth, text)
        with self._lock:
            future = self._in_flight.get(key)
            if urgent and not (future is not None and future.done()):
                # said before its WAV was ready: rendered on demand (or hurried out of the background)
                self.on_demand += 1
                self.on_demand_lines.append(text)
                if future is None:
                    self.unforeseen_lines.append(text)
            if future is not None and not future.cancelled():
                if urgent:
                    self._promote(future)
                return future
            future = Future()
            self._in_flight[key] = future
            (self._urgent if urgent else self._background).append((text, future))
            self._lock.notify()
        return future

    def _promote(self, future: Future) -> None:
        for i, (text, f) in enumerate(self._background):
            if f is future:
                del self._background[i]
                self._urgent.append((text, f))
                return

    def pending(self) -> int:
        """Lines still waiting to be rendered (both queues)."""
        with self._lock:
            return len(self._urgent) + len(self._background)

    def _work(self) -> None:
        while True:
            with self._lock:
                while not (self._closed or self._urgent or self._background or self._prune_pending):
                    self._lock.wait()
                if self._closed:
                    return
                prune, self._prune_pending = self._prune_pending, False
                job = None
                if not prune:
                    job = (self._urgent or self._background).pop(0)
            if prune:
                self._prune_quietly()
                continue
            text, future = job
            if not future.set_running_or_notify_cancel():
                self._forget(text, future)
                continue
            try:
                path = self._render(text)
            except BaseException as error:  # noqa: BLE001 - handed to whoever waits
                future.set_exception(error)
            else:
                with self._lock:
                    self.rendered += 1
                future.set_result(path)
            self._forget(text, future)

    def _render(self, text: str) -> Path:
        try:
            return self.cache.render(self.synth, text)
        except VoiceUnusable as error:
            other = self.fallback() if self.fallback is not None else None
            if other is None:
                raise
            log.warning("narration: %s; using %s", error, other.describe())
            old, self.synth = self.synth, other
            self.notice = f"{error} {other.describe().split(' (')[0]} speaks instead."
            _close(old)
            return self.cache.render(self.synth, text)

    def _forget(self, text: str, future: Future) -> None:
        with self._lock:
            for key, f in list(self._in_flight.items()):
                if f is future:
                    del self._in_flight[key]

    def render(self, text: str, timeout: float | None = None) -> Path:
        """The WAV for ``text``, rendered on the worker; blocks (not for the UI thread)."""
        return self.submit(text).result(timeout)

    def close(self, wait: bool = False) -> None:
        with self._lock:
            self._closed = True
            for _text, future in self._urgent + self._background:
                future.cancel()
            self._urgent.clear()
            self._background.clear()
            self._lock.notify_all()
        if wait:
            for thread in self._threads:
                thread.join(timeout=self.synth.timeout + 5)
        _close(self.synth)


def _close(synth: Any) -> None:
    close = getattr(synth, "close", None)
    if close is not None:
        try:
            close()
        except Exception:  # pragma: no cover
            pass


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
