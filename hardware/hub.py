"""The one object the UI starts: every configured input, one queue of commands, one status line.

Usage from the UI (the UI thread only reads the queue; adapters write it from their threads)::

    hub = Hub()                      # reads hardware.toml layers; or Hub(config=...)
    hub.start()                      # never raises for hardware trouble: see hub.problems
    Clock.schedule_interval(lambda dt: [handle(m) for m in hub.poll()], 1 / 30)
    Window.bind(on_key_down=lambda w, key, sc, text, mods: hub.key(Keyboard.keycode_to_string(...)))
    status_bar.text = hub.status     # then update on every StatusChanged message
    ...
    Window.bind(on_touch_down=lambda *a: hub.activity())   # touches keep the screen lit
    hub.close()                      # on_stop

``poll()`` also feeds the systemd watchdog, so a frozen Kivy clock gets the app restarted.
"""

from __future__ import annotations

import queue
import threading
import time
from typing import Callable, Iterable, Mapping

from .buttons import ButtonPanel, ButtonsUnavailable
from .commands import KEY_MAP, Command, Message, StatusChanged, TagSeen, command_for_key
from .config import SERIAL_READERS, ButtonsConfig, HardwareConfig, HardwareConfigError, load_config
from .display import Backlight, IdleBlanker
from .notify import SystemdNotifier
from .rfid import CONFIRM_FRAMES, SerialReader

STANDINS = "buttons: keyboard stand-ins"
#: The status line when hardware.toml cannot be used (the sentences naming the file are in ``problems``).
SETTINGS_OFF = "buttons off: fix hardware.toml"


class Hub:
    """Opens the configured adapters and hands their commands to the UI through ``commands``.

    Keyword-only injection points (tests, the diagnostic tools): ``pin_factory`` for gpiozero,
    ``open_port(port, baud)`` for the serial reader, ``open_device(path)`` for the wedge reader,
    ``clock`` for debounce and repeat suppression, ``notifier`` for systemd.
    """

    def __init__(
        self,
        config: HardwareConfig | None = None,
        *,
        config_paths: Iterable[str] | None = None,
        pin_factory=None,
        open_port: Callable | None = None,
        open_device: Callable | None = None,
        clock: Callable[[], float] = time.monotonic,
        notifier: SystemdNotifier | None = None,
        backlight: Backlight | None = None,
    ) -> None:
        self.config = config
        self._config_paths = None if config_paths is None else list(config_paths)
        self._pin_factory = pin_factory
        self._open_port = open_port
        self._open_device = open_device
        self._clock = clock
        self.notifier = notifier if notifier is not None else SystemdNotifier()
        self._backlight = backlight
        self.blanker: IdleBlanker | None = None
        #: Messages for the UI thread: ``Command``s and ``StatusChanged``.
        self.commands: "queue.Queue[Message]" = queue.Queue()
        #: Sentences to show once (home screen), like ``store.notices``: settings to fix, a busy pin.
        self.problems: list[str] = []
        self.buttons: ButtonPanel | None = None
        #: Why GPIO buttons are not in use (None when they are, or are switched off).
        self.buttons_error: str | None = None
        self.reader = None
        self._parts: dict[str, str] = {}
        self._lock = threading.Lock()
        self._started = False

    # -- life ----------------------------------------------------------------------------------

    def start(self) -> "Hub":
        """Open what is configured; hardware trouble becomes ``problems`` and status, not errors.

        Never raises, and always tells systemd READY=1: an appliance whose settings file is
        broken must still show its screen (buttons off, the status line and banner say why)
        rather than be killed and restarted by the unit's start timeout.
        """
        if self._started:
            return self
        self._started = True
        settings_broken = False
        if self.config is None:
            try:
                self.config = load_config(self._config_paths)
            except HardwareConfigError as exc:
                settings_broken = True
                self.problems.append("The hardware settings need fixing, so buttons and reader are off:")
                self.problems.extend(exc.problems)
                self.config = HardwareConfig(buttons=ButtonsConfig(enabled=False))
            except Exception as exc:  # a reader of settings must never stop the app
                settings_broken = True
                self.problems.append(f"The hardware settings could not be read ({type(exc).__name__}: {exc}), "
                                     f"so buttons and reader are off.")
                self.config = HardwareConfig(buttons=ButtonsConfig(enabled=False))
        for part, step in (("buttons", self._start_buttons), ("reader", self._start_reader),
                           ("display", self._start_display)):
            try:
                step()
            except Exception as exc:  # gpiozero, pyserial, evdev and sysfs raise many kinds
                self.problems.append(f"The {part} could not start ({type(exc).__name__}: {exc}); "
                                     f"the keyboard stand-ins work.")
                if part == "buttons":
                    self.buttons = None
                    self._set_part("buttons", STANDINS)
        if settings_broken:
            self._set_part("buttons", SETTINGS_OFF)
        self.notifier.ready(self.status)
        return self

    def _start_display(self) -> None:
        backlight = self._backlight if self._backlight is not None else Backlight()
        backlight.set_brightness(self.config.display.brightness)
        self.blanker = IdleBlanker(backlight, self.config.display.blank_after, clock=self._clock)

    def _start_buttons(self) -> None:
        cfg = self.config.buttons
        if not cfg.enabled or not cfg.pins():
            self._set_part("buttons", STANDINS)
            return
        try:
            self.buttons = ButtonPanel(
                cfg, on_command=self.commands.put, pin_factory=self._pin_factory, clock=self._clock
            )
        except ButtonsUnavailable as exc:
            self.buttons_error = str(exc)
            if not exc.no_gpio:
                self.problems.append(f"{exc} The keyboard stand-ins work meanwhile.")
            self._set_part("buttons", STANDINS)
            return
        self._set_part("buttons", f"buttons: {self.buttons.describe()}")

    def _start_reader(self) -> None:
        cfg = self.config.rfid
        if not cfg.enabled:
            return
        common = dict(
            on_tag=self._on_tag,
            on_status=lambda status: self._set_part("reader", status),
            repeat_suppress=cfg.repeat_suppress,
            reconnect_interval=cfg.reconnect_interval,
            clock=self._clock,
        )
        self._set_part("reader", "reader connecting", announce=False)
        if cfg.reader in SERIAL_READERS:
            self.reader = SerialReader(port=cfg.port, baud=cfg.baud, open_port=self._open_port,
                                       confirm_frames=CONFIRM_FRAMES.get(cfg.reader, 1), **common)
        else:
            from .wedge import WedgeReader  # evdev is optional and Linux-only: imported lazily

            self.reader = WedgeReader(device=cfg.device, open_device=self._open_device, **common)
        self.reader.start()

    def close(self) -> None:
        self.notifier.stopping()
        if self.buttons is not None:
            self.buttons.close()
            self.buttons = None
        if self.reader is not None:
            self.reader.close()
            self.reader = None

    def __enter__(self) -> "Hub":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()

    # -- what the UI calls -----------------------------------------------------------------------

    def poll(self, limit: int = 64) -> list[Message]:
        """Everything waiting (up to ``limit``), without blocking; call it from the Kivy clock.

        Also feeds the systemd watchdog, wakes the screen on any command and blanks it when idle.
        """
        self.notifier.watchdog()
        out: list[Message] = []
        while len(out) < limit:
            try:
                out.append(self.commands.get_nowait())
            except queue.Empty:
                break
        if self.blanker is not None:
            # a message that says ``wakes = False`` (a phone's action at night) keeps the panel dark
            if any(not isinstance(m, StatusChanged) and getattr(m, "wakes", True) for m in out):
                self.blanker.activity()
            else:
                self.blanker.tick()
        return out

    def activity(self) -> bool:
        """A touch on the screen (the UI calls this): keeps it lit; True if it woke it up, so
        bound to ``on_touch_down`` the waking touch is swallowed instead of pressing something."""
        return self.blanker.activity() if self.blanker is not None else False

    @property
    def screen_blanked(self) -> bool:
        return self.blanker is not None and self.blanker.blanked

    def key(self, name: str) -> bool:
        """A key went down in the UI: queue the command it stands in for; False if none."""
        command = command_for_key(name)
        if command is None:
            return False
        self.commands.put(command)
        return True

    @property
    def key_map(self) -> Mapping[str, Command]:
        return KEY_MAP

    @property
    def has_reader(self) -> bool:
        """A reader is configured: the UI offers RFID (register tag...) only when this is true."""
        return self.config is not None and self.config.rfid.enabled and self.reader is not None

    @property
    def reader_connected(self) -> bool:
        return self.reader is not None and self.reader.connected

    @property
    def has_buttons(self) -> bool:
        return self.buttons is not None

    @property
    def status(self) -> str:
        """The hardware part of the status bar, e.g. "buttons: NEXT, BACK, ROLL · reader connected"."""
        with self._lock:
            return " · ".join(self._parts.values())

    # -- adapters' threads -----------------------------------------------------------------------

    def _on_tag(self, uid: str) -> None:
        self.commands.put(TagSeen(uid))

    def _set_part(self, key: str, text: str, announce: bool = True) -> None:
        with self._lock:
            if self._parts.get(key) == text:
                return
            self._parts[key] = text
            line = " · ".join(self._parts.values())
        if announce:
            self.commands.put(StatusChanged(line))
            self.notifier.status(line)
