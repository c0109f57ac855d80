"""Physical buttons through gpiozero: NEXT, BACK (hold = undo), ROLL and the per-seat buttons.

gpiozero calls back from its own threads; this module only turns edges into commands and hands
them to ``on_command`` (the hub puts them on a ``queue.Queue``), never touching a widget.

Contact bounce is filtered here, in software, with an injectable clock: after an accepted edge,
edges for ``bounce_time`` seconds are ignored, so a storm of edges gives exactly one command per
press whatever pin library is underneath (gpiozero's MockFactory does not emulate bounce at all).
A transition swallowed inside that window (a tap shorter than ``bounce_time``) is recovered at
the next edge.

Which edge gives which command:

* NEXT, ROLL, SEAT n: on press (``Next()``, ``Roll()``, ``Vote(n - 1)``).
* BACK: on release if it was not held (``Back()``); held for ``hold_time``: ``Undo()`` at once,
  and the release then gives nothing.
* BACK and NEXT held together for ``hold_time``: ``PowerMenu()`` (NEXT pressed while BACK is down
  gives no ``Next``, so the chord does not advance the screen).

Run ``python -m hardware.buttons`` to see every press, release and hold as it happens.
"""

from __future__ import annotations

import argparse
import functools
import math
import sys
import threading
import time
import warnings
from typing import Callable, Iterable, TextIO

from companion.errors import CompanionError

from .commands import Back, Command, Next, PowerMenu, Roll, Undo, Vote
from .config import PHYSICAL_PIN, ButtonsConfig, HardwareConfigError, default_paths, load_config


class ButtonsUnavailable(CompanionError):
    """GPIO cannot be used here (no GPIO on this machine, a pin busy or refused)."""

    def __init__(self, message: str, *, no_gpio: bool = False):
        super().__init__(message)
        #: True on a machine without GPIO at all (a laptop, CI): normal, not a problem to report.
        self.no_gpio = no_gpio


class Debouncer:
    """Edge filter for one button: raw edges with their times in, accepted transitions out.

    >>> d = Debouncer(0.05)
    >>> d.edge(True, 0.0), d.edge(False, 0.001), d.edge(True, 0.002)   # press with bounce
    ([True], [], [])
    >>> d.edge(False, 0.5), d.edge(True, 0.501)                         # release with bounce
    ([False], [])
    """

    def __init__(self, bounce_time: float):
        self.bounce_time = bounce_time
        self.pressed = False
        self._last = -math.inf

    def edge(self, pressed: bool, now: float) -> list[bool]:
        if now - self._last < self.bounce_time:
            return []
        self._last = now
        if pressed == self.pressed:
            # The opposite transition was swallowed inside the bounce window: replay both.
            out = [not pressed, pressed]
        else:
            out = [pressed]
        self.pressed = pressed
        return out


def command_for_button(name: str) -> Command | None:
    """The command a button gives on press (BACK decides on release or hold instead)."""
    if name == "NEXT":
        return Next()
    if name == "ROLL":
        return Roll()
    if name.startswith("SEAT "):
        return Vote(int(name[5:]) - 1)
    return None


class ButtonPanel:
    """The configured buttons, as gpiozero ``Button`` devices (keyword-only, gpiozero style).

    ``on_command(command)`` and ``on_event(name, what)`` (``what`` in pressed / released / held)
    are called from gpiozero's threads. Raises ``ButtonsUnavailable`` with a sentence when GPIO
    cannot be used; nothing stays open then.
    """

    def __init__(
        self,
        config: ButtonsConfig,
        *,
        on_command: Callable[[Command], None],
        on_event: Callable[[str, str], None] | None = None,
        pin_factory=None,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.config = config
        self._on_command = on_command
        self._on_event = on_event
        self._clock = clock
        self._lock = threading.RLock()
        self._debouncers: dict[str, Debouncer] = {}
        self._buttons: dict = {}
        self._back_spent = False  # BACK's press already gave Undo / PowerMenu
        self._chord_fired = False
        self._closed = False
        try:
            from gpiozero import Button
        except ImportError as exc:  # pragma: no cover - gpiozero is a dependency
            raise ButtonsUnavailable(f"gpiozero is not installed ({exc}).") from exc
        try:
            for name, pin in config.pins().items():
                try:
                    with warnings.catch_warnings():
                        # PinFactoryFallback chatter on a machine without GPIO; the result is enough.
                        warnings.simplefilter("ignore")
                        button = Button(
                            pin,
                            pull_up=config.pull_up,
                            bounce_time=None,  # filtered in software, identically on every pin library
                            hold_time=config.hold_time,
                            pin_factory=pin_factory,
                        )
                except Exception as exc:  # gpiozero raises many types; all mean "not usable"
                    raise ButtonsUnavailable(_explain(name, pin, exc), no_gpio=_is_no_gpio(exc)) from exc
                self._buttons[name] = button
                self._debouncers[name] = Debouncer(config.bounce_time)
                button.when_pressed = functools.partial(self._edge, name, True)
                button.when_released = functools.partial(self._edge, name, False)
                button.when_held = functools.partial(self._held, name)
        except BaseException:
            self.close()
            raise

    # -- gpiozero callbacks (its threads) ---------------------------------------------------

    def _edge(self, name: str, pressed: bool) -> None:
        with self._lock:
            if self._closed:
                return
            for transition in self._debouncers[name].edge(pressed, self._clock()):
                self._transition(name, transition)

    def _transition(self, name: str, pressed: bool) -> None:
        self._event(name, "pressed" if pressed else "released")
        if name == "BACK":
            if pressed:
                self._back_spent = False
                self._chord_fired = False
            elif not self._back_spent:
                self._emit(Back())
            return
        if pressed:
            if name == "NEXT" and self._is_down("BACK"):
                self._back_spent = True  # a chord is starting: neither Next nor Back
                return
            command = command_for_button(name)
            if command is not None:
                self._emit(command)

    def _held(self, name: str) -> None:
        with self._lock:
            if self._closed or not self._is_down(name):
                return
            self._event(name, "held")
            if name in ("BACK", "NEXT") and self._is_down("BACK") and self._is_down("NEXT"):
                if not self._chord_fired:
                    self._chord_fired = True
                    self._back_spent = True
                    self._emit(PowerMenu())
            elif name == "BACK" and not self._back_spent:
                self._back_spent = True
                self._emit(Undo())

    def _is_down(self, name: str) -> bool:
        d = self._debouncers.get(name)
        return d is not None and d.pressed

    def _emit(self, command: Command) -> None:
        self._on_command(command)

    def _event(self, name: str, what: str) -> None:
        if self._on_event is not None:
            self._on_event(name, what)

    # -- public -------------------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._buttons)

    def describe(self) -> str:
        """"NEXT, BACK, ROLL, 4 seats" for the status line."""
        names = [n for n in self._buttons if not n.startswith("SEAT ")]
        seats = sum(1 for n in self._buttons if n.startswith("SEAT "))
        if seats:
            names.append(f"{seats} seat{'s' if seats != 1 else ''}")
        return ", ".join(names) or "none"

    def close(self) -> None:
        with self._lock:
            self._closed = True
            buttons, self._buttons = self._buttons, {}
        for button in buttons.values():
            try:
                button.close()
            except Exception:  # pragma: no cover - closing must never fail the caller
                pass

    def __enter__(self) -> "ButtonPanel":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _is_no_gpio(exc: Exception) -> bool:
    return type(exc).__name__ == "BadPinFactory" or "pin factory" in str(exc).lower()


def _explain(name: str, pin: int, exc: Exception) -> str:
    kind = type(exc).__name__
    where = f"GPIO {pin} (physical pin {PHYSICAL_PIN.get(pin, '?')}) for {name}"
    if _is_no_gpio(exc):
        return f"No GPIO on this machine, so no physical buttons ({exc})."
    if "busy" in str(exc).lower() or kind == "GPIOPinInUse":
        return f"{where} is in use by another program or device; free it or choose another pin."
    if kind == "PinFixedPull":
        return f"{where} has a fixed pull-up on the Pi; wire that button to GND with pull_up = true, or use another pin."
    return f"{where} cannot be used: {exc}"


# -- python -m hardware.buttons ----------------------------------------------------------------


def main(
    argv: Iterable[str] | None = None,
    *,
    out: TextIO | None = None,
    stop: threading.Event | None = None,
    pin_factory=None,
) -> int:
    """Print each press / release / hold (and the command it gives) until Ctrl-C."""
    out = out or sys.stdout
    parser = argparse.ArgumentParser(
        prog="python -m hardware.buttons",
        description="Check the button wiring: prints every press, release and hold as it happens.",
    )
    parser.add_argument("--config", action="append", default=[], help="another hardware.toml to read last")
    args = parser.parse_args(list(argv) if argv is not None else None)
    try:
        config = load_config([*default_paths(), *args.config]).buttons
    except HardwareConfigError as exc:
        print(f"The hardware settings need fixing:\n{exc}", file=out)
        return 2
    pins = config.pins()
    lock = threading.Lock()

    def say(text: str) -> None:
        with lock:
            print(text, file=out, flush=True)

    def on_event(name: str, what: str) -> None:
        pin = pins[name]
        say(f"{name:<8} GPIO{pin:<2} (pin {PHYSICAL_PIN[pin]:>2})  {what}")

    def on_command(command: Command) -> None:
        say(f"         -> {command!r}")

    try:
        panel = ButtonPanel(config, on_command=on_command, on_event=on_event, pin_factory=pin_factory)
    except ButtonsUnavailable as exc:
        say(f"{exc}\nThe app will use the keyboard stand-ins (see docs/hardware.md).")
        return 1
    stop = stop or threading.Event()
    with panel:
        say(f"Watching {panel.describe()}; press the buttons (Ctrl-C to stop).")
        for name, pin in pins.items():
            say(f"  {name:<8} GPIO{pin:<2} (pin {PHYSICAL_PIN[pin]:>2})")
        try:
            while not stop.wait(0.2):
                pass
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
