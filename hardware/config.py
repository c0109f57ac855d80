"""The hardware settings: pin map, pull-up, bounce and hold times, the RFID reader.

Layered like KlipperScreen's config: the defaults shipped beside this file
(``hardware/defaults.toml``), then ``/etc/mafia-companion/hardware.toml``, then the user config
directory (platformdirs), then ``$MAFIA_COMPANION_HARDWARE``. A later file only needs the keys it
changes. Anything wrong (a pin that is not on the header, one pin given to two buttons, a typo in
a key) raises ``HardwareConfigError`` whose message names the file and says what to fix; the hub
shows it and falls back to the keyboard stand-ins instead of crashing.
"""

from __future__ import annotations

import math
import os
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Mapping

from companion.errors import CompanionError
from hardware.board import board_model, header_uart

APP_NAME = "mafia-companion"
ETC_PATH = Path("/etc/mafia-companion/hardware.toml")
ENV_PATH = "MAFIA_COMPANION_HARDWARE"

#: BCM GPIO numbers a button may use on the 40-pin header (GPIO0/1 are the HAT EEPROM bus).
HEADER_GPIOS = range(2, 28)
#: Physical pin of each BCM GPIO on the 40-pin header, for messages and the wiring check.
PHYSICAL_PIN = {
    2: 3, 3: 5, 4: 7, 5: 29, 6: 31, 7: 26, 8: 24, 9: 21, 10: 19, 11: 23, 12: 32, 13: 33,
    14: 8, 15: 10, 16: 36, 17: 11, 18: 12, 19: 35, 20: 38, 21: 40, 22: 15, 23: 16, 24: 18,
    25: 22, 26: 37, 27: 13,
}
UART_GPIOS = {14: "TX", 15: "RX"}
#: ``port = "auto"``: the UART on GPIO14/15 of this board (/dev/ttyAMA0 on a Pi 5, else /dev/serial0)
AUTO_PORT = "auto"
UART_PORTS = {"/dev/serial0", "/dev/ttyAMA0", "/dev/ttyS0", "/dev/ttyAMA10"}
READERS = ("none", "rdm6300", "id12", "wedge")
SERIAL_READERS = ("rdm6300", "id12")


class HardwareConfigError(CompanionError):
    """The hardware settings cannot be used; ``problems`` holds one sentence per mistake."""

    def __init__(self, problems: Iterable[str]):
        self.problems = tuple(problems)
        super().__init__("\n".join(self.problems))


@dataclass(frozen=True, slots=True)
class ButtonsConfig:
    enabled: bool = True
    pull_up: bool = True
    bounce_time: float = 0.05
    hold_time: float = 1.0
    next: int | None = 17
    back: int | None = 27
    roll: int | None = 22
    seats: tuple[int, ...] = ()

    def pins(self) -> dict[str, int]:
        """Button name -> BCM GPIO, fitted buttons only: NEXT, BACK, ROLL, SEAT 1, SEAT 2..."""
        named = {"NEXT": self.next, "BACK": self.back, "ROLL": self.roll}
        named.update({f"SEAT {i}": pin for i, pin in enumerate(self.seats, start=1)})
        return {name: pin for name, pin in named.items() if pin is not None}


@dataclass(frozen=True, slots=True)
class RfidConfig:
    reader: str = "none"
    port: str = "/dev/serial0"
    baud: int = 9600
    device: str = ""
    repeat_suppress: float = 1.0
    reconnect_interval: float = 1.0

    @property
    def enabled(self) -> bool:
        return self.reader != "none"


@dataclass(frozen=True, slots=True)
class DisplayConfig:
    blank_after: float = 600.0
    brightness: float = 1.0


@dataclass(frozen=True, slots=True)
class HardwareConfig:
    buttons: ButtonsConfig = field(default_factory=ButtonsConfig)
    rfid: RfidConfig = field(default_factory=RfidConfig)
    display: DisplayConfig = field(default_factory=DisplayConfig)
    #: The files that were read, in order (the shipped defaults first).
    sources: tuple[str, ...] = ()


def user_config_path() -> Path:
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME)) / "hardware.toml"


def default_paths() -> list[Path]:
    """The override files in the order they apply (later wins); missing files are skipped."""
    paths = [ETC_PATH, user_config_path()]
    if os.environ.get(ENV_PATH):
        paths.append(Path(os.environ[ENV_PATH]))
    return paths


def _defaults_text() -> str:
    return resources.files(__package__).joinpath("defaults.toml").read_text(encoding="utf-8")


def load_config(paths: Iterable[str | os.PathLike] | None = None) -> HardwareConfig:
    """Read the shipped defaults and then each existing file of ``paths`` (default: /etc, user).

    >>> load_config([]).buttons.pins()
    {'NEXT': 17, 'BACK': 27, 'ROLL': 22}
    """
    defaults = tomllib.loads(_defaults_text())
    merged: dict[str, dict[str, Any]] = {table: dict(values) for table, values in defaults.items()}
    origin: dict[tuple[str, str], str] = {
        (table, key): "the shipped defaults" for table, values in defaults.items() for key in values
    }
    sources = ["hardware/defaults.toml"]
    problems: list[str] = []
    for path in default_paths() if paths is None else [Path(p) for p in paths]:
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            continue
        except OSError as exc:
            problems.append(f"{path} cannot be read ({exc.strerror or exc}).")
            continue
        except UnicodeDecodeError as exc:
            line = path.read_bytes()[: exc.start].count(b"\n") + 1
            problems.append(f"{path} is not UTF-8 text (line {line} has the byte 0x{exc.object[exc.start]:02X}, "
                            f"perhaps an accented letter saved as Latin-1); save the file as UTF-8.")
            continue
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            problems.append(f"{path} is not valid TOML: {exc}.")
            continue
        except RecursionError:
            problems.append(f"{path} is not usable TOML: its values are nested too deeply.")
            continue
        sources.append(str(path))
        for table, values in data.items():
            if table not in merged:
                problems.append(
                    f"{path}: there is no [{table}] section; use [buttons], [rfid] or [display]."
                )
                continue
            if not isinstance(values, dict):
                problems.append(f"{path}: '{table}' must be a [{table}] section.")
                continue
            for key, value in values.items():
                if key not in merged[table]:
                    known = ", ".join(sorted(merged[table]))
                    problems.append(f"{path}: [{table}] has no setting '{key}' (known: {known}).")
                    continue
                merged[table][key] = value
                origin[(table, key)] = str(path)
    if problems:
        raise HardwareConfigError(problems)
    return validate(merged, origin, tuple(sources))


def _where(origin: Mapping[tuple[str, str], str], table: str, key: str) -> str:
    return origin.get((table, key), "the settings")


def validate(
    data: Mapping[str, Mapping[str, Any]],
    origin: Mapping[tuple[str, str], str] | None = None,
    sources: tuple[str, ...] = (),
) -> HardwareConfig:
    """Check merged settings and build the config; every problem is reported at once."""
    origin = origin or {}
    problems: list[str] = []

    def where(table: str, key: str) -> str:
        return _where(origin, table, key)

    def number(table: str, key: str, positive: bool = True) -> float:
        value = data[table][key]
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            unit = "" if key == "brightness" else " of seconds"
            shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:40] + "…"
            finite = "finite " if isinstance(value, float) else ""
            problems.append(f"{where(table, key)}: [{table}] {key} must be a {finite}number{unit}, not {shown}.")
            return 1.0
        if positive and value <= 0:
            problems.append(f"{where(table, key)}: [{table}] {key} must be more than 0, not {value!r}.")
        return float(value)

    def boolean(table: str, key: str) -> bool:
        value = data[table][key]
        if not isinstance(value, bool):
            problems.append(f"{where(table, key)}: [{table}] {key} must be true or false, not {value!r}.")
            return False
        return value

    def pin(label: str, value: Any, key: str, allow_off: bool) -> int | None:
        if value is False and allow_off:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            hint = " (or false if it is not fitted)" if allow_off else ""
            problems.append(
                f"{where('buttons', key)}: {label} must be a BCM GPIO number like 17{hint}, not {value!r}."
            )
            return None
        if value not in HEADER_GPIOS:
            problems.append(
                f"{where('buttons', key)}: {label} is set to GPIO {value}, which is not a pin of the "
                f"Raspberry Pi header; use a BCM GPIO number from 2 to 27 (GPIO17 is physical pin 11)."
            )
            return None
        return value

    b = data["buttons"]
    enabled = boolean("buttons", "enabled")
    pull_up = boolean("buttons", "pull_up")
    bounce = number("buttons", "bounce_time")
    hold = number("buttons", "hold_time")
    named = {
        "NEXT": pin("NEXT", b["next"], "next", True),
        "BACK": pin("BACK", b["back"], "back", True),
        "ROLL": pin("ROLL", b["roll"], "roll", True),
    }
    seats_value = b["seats"]
    seats: list[int] = []
    if not isinstance(seats_value, list):
        problems.append(
            f"{where('buttons', 'seats')}: [buttons] seats must be a list of GPIO numbers, seat 1 first, "
            f"like [5, 6, 13], not {seats_value!r}."
        )
    else:
        for i, value in enumerate(seats_value, start=1):
            p = pin(f"seat {i}", value, "seats", False)
            if p is not None:
                seats.append(p)
                named[f"SEAT {i}"] = p

    r = data["rfid"]
    reader = r["reader"]
    if reader not in READERS:
        problems.append(
            f"{where('rfid', 'reader')}: [rfid] reader = {reader!r} is not a reader this app knows; "
            f"use one of {', '.join(READERS)}."
        )
    port = r["port"]
    if port == AUTO_PORT:  # the header's UART of this board (hardware/board.py: Pi 5 differs)
        port = header_uart(board_model())
    if not isinstance(port, str) or (reader in SERIAL_READERS and not port):
        problems.append(f"{where('rfid', 'port')}: [rfid] port must be a device path like /dev/serial0.")
    device = r["device"]
    if not isinstance(device, str):
        problems.append(f"{where('rfid', 'device')}: [rfid] device must be a device path or name.")
    elif reader == "wedge" and not device:
        problems.append(
            f"{where('rfid', 'reader')}: a wedge reader needs [rfid] device, e.g. "
            f"\"/dev/input/by-id/usb-...-event-kbd\" (see `ls /dev/input/by-id`)."
        )
    baud = r["baud"]
    if isinstance(baud, bool) or not isinstance(baud, int) or baud <= 0:
        problems.append(f"{where('rfid', 'baud')}: [rfid] baud must be a whole number like 9600, not {baud!r}.")
    repeat = number("rfid", "repeat_suppress")
    reconnect = number("rfid", "reconnect_interval")

    blank_after = number("display", "blank_after", positive=False)
    if blank_after < 0:
        problems.append(f"{where('display', 'blank_after')}: [display] blank_after must be 0 (never) or more seconds.")
    brightness = number("display", "brightness")
    if not 0.1 <= brightness <= 1.0:
        problems.append(
            f"{where('display', 'brightness')}: [display] brightness must be between 0.1 and 1.0, not {brightness:g}."
        )

    # One pin, one button; and the UART pins belong to a reader on the header UART.
    by_pin: dict[int, list[str]] = {}
    for name, p in named.items():
        if p is not None:
            by_pin.setdefault(p, []).append(name)
    def files_of(names: list[str]) -> str:
        keys = ["seats" if n.startswith("SEAT") else n.lower() for n in names]
        return " and ".join(dict.fromkeys(where("buttons", k) for k in keys))

    if enabled:
        for p, names in by_pin.items():
            if len(names) > 1:
                problems.append(
                    f"GPIO {p} (physical pin {PHYSICAL_PIN[p]}) is given to both "
                    f"{' and '.join(names)}: each button needs its own pin "
                    f"(check {files_of(names)})."
                )
        if reader in SERIAL_READERS and isinstance(port, str) and port in UART_PORTS:
            for p, role in UART_GPIOS.items():
                if p in by_pin:
                    problems.append(
                        f"{files_of(by_pin[p])}: GPIO {p} ({', '.join(by_pin[p])}) is the UART {role} that the "
                        f"RFID reader on {port} uses (set in {where('rfid', 'reader')}); move the button to "
                        f"a free GPIO."
                    )

    if problems:
        raise HardwareConfigError(problems)
    return HardwareConfig(
        buttons=ButtonsConfig(
            enabled=enabled,
            pull_up=pull_up,
            bounce_time=bounce,
            hold_time=hold,
            next=named["NEXT"],
            back=named["BACK"],
            roll=named["ROLL"],
            seats=tuple(seats),
        ),
        rfid=RfidConfig(
            reader=reader,
            port=port,
            baud=baud,
            device=device,
            repeat_suppress=repeat,
            reconnect_interval=reconnect,
        ),
        display=DisplayConfig(blank_after=blank_after, brightness=brightness),
        sources=sources,
    )
