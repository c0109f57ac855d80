"""The panel's backlight: brightness when the panel allows it, blanking after an idle time.

The official 7" display (and most DSI panels) expose ``/sys/class/backlight/<name>/`` with
``brightness``, ``max_brightness`` and ``bl_power``; HDMI screens usually expose nothing, and then
every call quietly does nothing (``available`` is False). Writing needs the ``video`` group
(Raspberry Pi OS's udev rules), which the service user has.
"""

from __future__ import annotations

import math
import time
from pathlib import Path
from typing import Callable

SYSFS_BACKLIGHT = Path("/sys/class/backlight")
BL_POWER_ON = 0
BL_POWER_OFF = 4  # FB_BLANK_POWERDOWN


class Backlight:
    def __init__(self, root: str | Path = SYSFS_BACKLIGHT) -> None:
        self.device: Path | None = None
        self.max_brightness = 0
        try:
            for candidate in sorted(Path(root).iterdir()):
                try:
                    maximum = int((candidate / "max_brightness").read_text().strip())
                except (OSError, ValueError):
                    continue
                if maximum > 0 and (candidate / "brightness").exists():
                    self.device, self.max_brightness = candidate, maximum
                    break
        except OSError:
            pass

    @property
    def available(self) -> bool:
        return self.device is not None

    def set_brightness(self, fraction: float) -> bool:
        """0.0 .. 1.0 of the panel's range (never fully dark: at least one step); False if not possible."""
        if self.device is None:
            return False
        value = max(1, min(self.max_brightness, math.ceil(fraction * self.max_brightness)))
        return self._write("brightness", value)

    def brightness(self) -> float | None:
        if self.device is None:
            return None
        try:
            return int((self.device / "brightness").read_text().strip()) / self.max_brightness
        except (OSError, ValueError):
            return None

    def blank(self, off: bool) -> bool:
        if self.device is None:
            return False
        return self._write("bl_power", BL_POWER_OFF if off else BL_POWER_ON)

    def _write(self, name: str, value: int) -> bool:
        try:
            (self.device / name).write_text(f"{value}\n")
            return True
        except OSError:
            return False


class IdleBlanker:
    """Blank the panel after ``blank_after`` idle seconds (0 = never); any activity wakes it.

    ``activity()`` comes from touches (the UI) and from every hardware command (the hub);
    ``tick()`` from the Kivy clock (``Hub.poll``). Returns what changed, for tests and the UI.
    """

    def __init__(self, backlight: Backlight, blank_after: float, *, clock: Callable[[], float] = time.monotonic):
        self.backlight = backlight
        self.blank_after = blank_after
        self._clock = clock
        self._last = clock()
        self.blanked = False

    def activity(self) -> bool:
        """True if this woke the screen."""
        self._last = self._clock()
        if self.blanked:
            self.blanked = False
            self.backlight.blank(False)
            return True
        return False

    def tick(self) -> bool:
        """True if the screen was blanked just now."""
        if self.blanked or self.blank_after <= 0 or not self.backlight.available:
            return False
        if self._clock() - self._last >= self.blank_after:
            self.blanked = True
            self.backlight.blank(True)
            return True
        return False
