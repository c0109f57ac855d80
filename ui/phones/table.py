"""The phones at the table: the glue between the app and the (Kivy-free) desk and web server.

The app creates one ``PhoneTable`` and calls ``start()`` after the first frame (``start_services``)
and ``stop()`` when it closes; screens that hold a session call ``watch(session)``. Everything here
runs on the table (Kivy) thread, except ``run_on_table``, which the web server's thread calls: it
puts a ``PhoneJob`` on the hardware hub's queue, the same way a GPIO button's press arrives, so a
phone's action is applied between two frames exactly like a button's (or, without a hub, through
``Clock.schedule_once``).

What the table shows of the phones is which seats are connected (``on_status``: "phones: 3
connected"), never what they do.

Settings and environment:

* store setting ``phones.enabled`` (default on): the Settings toggle;
* ``MAFIA_COMPANION_PHONES_HOST`` (default ``0.0.0.0``), ``MAFIA_COMPANION_PHONES_PORT`` (default
  8765; when it is taken, any free port: the QR code carries the real one);
* ``MAFIA_COMPANION_HOTSPOT`` or ``/etc/mafia-companion/hotspot.toml`` (written by
  ``systemd/install.sh --hotspot``): the Pi's own Wi-Fi, for a second QR code that joins it; its
  optional ``address`` and ``interface`` say which address is the hotspot's (else NetworkManager's
  shared-mode 10.42.x.1 is).

The address in the QR code is read from the interfaces (``address.py``) at start and again every
``REREAD_SECONDS`` on the Kivy clock, so a Wi-Fi that comes or goes changes ``url`` and ``address``
within seconds, and every QR code bound to them redraws itself. A poll rather than a netlink
subscription: the same read at start and after (no second code path), no thread to stop or to race
with the table's, nothing to resynchronise after a missed event; a read costs well under a
millisecond (``benchmarks/bench_address.py``).
"""

from __future__ import annotations

import logging
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty

from ui.phones.address import NO_NETWORK, HotspotHint

log = logging.getLogger(__name__)

ENABLED_SETTING = "phones.enabled"
HOST_ENV = "MAFIA_COMPANION_PHONES_HOST"
PORT_ENV = "MAFIA_COMPANION_PHONES_PORT"
HOTSPOT_ENV = "MAFIA_COMPANION_HOTSPOT"
HOTSPOT_PATH = Path("/etc/mafia-companion/hotspot.toml")
DEFAULT_HOST = "0.0.0.0"
DEFAULT_PORT = 8765
REREAD_SECONDS = 2.0  # how often the interfaces are read again (a Wi-Fi that comes or goes)


@dataclass(frozen=True)
class PhoneJob:
    """A phone's action travelling to the table thread on the hub's queue (like a button press).
    ``wakes = False``: a phone acting at night never lights up a blanked table screen."""

    fn: Callable[[], None]
    wakes = False

    def run(self) -> None:
        try:
            self.fn()
        except Exception:  # a phone must never stop the table's clock
            log.exception("a phone's job failed")


@dataclass(frozen=True)
class Hotspot:
    ssid: str
    password: str
    address: str = ""  # the hotspot's own address, when it is not NetworkManager's 10.42.x.1
    interface: str = ""  # the interface it runs on (wlan0)

    def hint(self) -> HotspotHint:
        return HotspotHint(self.address, self.interface)

    def wifi_data(self) -> str:
        """What a phone's camera reads to join the Wi-Fi (the WIFI: scheme every phone knows).

        >>> Hotspot("Mafia Table", "pass;word").wifi_data()
        'WIFI:T:WPA;S:Mafia Table;P:pass\\\\;word;;'
        """
        from segno.helpers import make_wifi_data

        return make_wifi_data(ssid=self.ssid, password=self.password, security="WPA")


def load_hotspot(env: dict | None = None) -> Hotspot | None:
    """The Pi's own access point, as the install script wrote it; None when there is none (or the
    file cannot be read: the address QR alone still works on any shared Wi-Fi)."""
    env = os.environ if env is None else env
    path = Path(env[HOTSPOT_ENV]) if env.get(HOTSPOT_ENV) else HOTSPOT_PATH
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError):
        return None
    ssid, password = data.get("ssid"), data.get("password")
    if not isinstance(ssid, str) or not ssid or not isinstance(password, str):
        return None
    address, interface = data.get("address", ""), data.get("interface", "")
    return Hotspot(ssid, password, address if isinstance(address, str) else "",
                   interface if isinstance(interface, str) else "")


def host_and_port(env: dict | None = None) -> tuple[str, int]:
    """The address the server asks for (a bad port number is the default one).

    >>> host_and_port({}), host_and_port({PORT_ENV: "0", HOST_ENV: "127.0.0.1"}), host_and_port({PORT_ENV: "x"})
    (('0.0.0.0', 8765), ('127.0.0.1', 0), ('0.0.0.0', 8765))
    """
    env = os.environ if env is None else env
    host = env.get(HOST_ENV, "").strip() or DEFAULT_HOST
    try:
        port = int(env.get(PORT_ENV, DEFAULT_PORT))
    except ValueError:
        port = DEFAULT_PORT
    return host, port if 0 <= port <= 65535 else DEFAULT_PORT


def connected_line(count: int) -> str:
    """The status line's word on phones: how many, never which or what they do.

    >>> connected_line(0), connected_line(1), connected_line(3)
    ('', 'phones: 1 connected', 'phones: 3 connected')
    """
    return f"phones: {count} connected" if count else ""


def short_address(url: str) -> str:
    """The address as a person types it into a browser (no scheme, no trailing slash).

    >>> short_address("http://192.168.4.1:8765/")
    '192.168.4.1:8765'
    """
    return url.removeprefix("http://").rstrip("/")


class PhoneTable(EventDispatcher):
    """Owns the desk and the server while phones are on; kv binds to its properties
    (``app.phones.running``, ``.address``, ``.seats``...).

    ``store`` and ``hub`` are callables (the app opens its store lazily and starts its hub after
    the first frame): the store holds ``phones.enabled`` and the links.
    """

    running = BooleanProperty(False)  # the server is up (phones on and it could start)
    url = StringProperty("")  # http://10.42.0.1:8765/ (what the QR code carries; "" with no network)
    address = StringProperty("")  # 10.42.0.1:8765 (what a person types), or NO_NETWORK's sentence
    wifi_data = StringProperty("")  # WIFI:T:WPA;S:...;; when the Pi runs its own access point
    wifi_ssid = StringProperty("")
    status = StringProperty("")  # "phones: 3 connected" (the status line)
    seats = ObjectProperty(frozenset())  # the seats whose phone is connected now
    linked = NumericProperty(0)  # bumped when a seat is linked (screens re-read ``is_linked``)
    error = StringProperty("")  # why phones are off though switched on, in words

    def __init__(self, store: Callable[[], object], hub: Callable[[], object] | None = None,
                 env: dict | None = None, **kwargs) -> None:
        super().__init__(**kwargs)
        self._store = store
        self._hub = hub or (lambda: None)
        self._env = os.environ if env is None else env
        self.desk = None
        self.server = None
        self._session = None  # the last session a screen asked us to watch (kept while off)
        self._hotspot: Hotspot | None = None
        self._reread_event = None

    # -- the setting -------------------------------------------------------------------------------
    @property
    def enabled(self) -> bool:
        return bool(self._store().get_setting(ENABLED_SETTING, True))

    def set_enabled(self, on: bool) -> bool:
        """The Settings toggle: off stops the server at once, on starts it. True when running."""
        self._store().set_setting(ENABLED_SETTING, bool(on))
        if on:
            return self.start()
        self.stop()
        self.error = ""
        return False

    # -- life --------------------------------------------------------------------------------------
    def start(self) -> bool:
        """Start serving when phones are on (once); False with ``error`` in words when it cannot."""
        if self.server is not None:
            return True
        if not self.enabled:
            return False
        from ui.phones.desk import PhoneDesk
        from ui.phones.server import PhoneServer

        self.error = ""
        hotspot = load_hotspot(self._env)
        desk = PhoneDesk(self.run_on_table, self._store())
        desk.on_connected = self._connected
        host, port = host_and_port(self._env)
        server = PhoneServer(desk, host, port)
        ok = server.start()
        if not ok and port != 0:  # the port is taken (another app, a second table): any free one
            log.info("phones: %s; trying any free port", server.error)
            server = PhoneServer(desk, host, 0)
            ok = server.start()
        if not ok:
            self.error = server.error or "Phones are off: the table's web server could not start."
            server.stop()
            return False
        self.desk, self.server = desk, server
        if self._session is not None:
            desk.watch(self._session, listen=False)
        self._hotspot = hotspot
        self.reread()
        from kivy.clock import Clock

        self._reread_event = Clock.schedule_interval(self.reread, REREAD_SECONDS)
        self._connected(frozenset())
        self.running = True
        return True

    def stop(self) -> None:
        server, self.server, self.desk = self.server, None, None
        if self._reread_event is not None:
            self._reread_event.cancel()
            self._reread_event = None
        self.running = False
        self.url = self.address = self.wifi_data = self.wifi_ssid = ""
        if server is not None:
            try:
                server.stop()
            except Exception:  # closing must never turn a clean exit into a traceback
                log.exception("stopping the phones' server failed")
        self._connected(frozenset())

    def reread(self, *_) -> None:
        """The address from the interfaces now (the Kivy clock calls it every REREAD_SECONDS)."""
        if self.server is None:
            return
        url = self.server.url(hotspot=self._hotspot.hint() if self._hotspot else None)
        # the QR code that joins the Pi's own Wi-Fi only while that Wi-Fi is up and is the one the
        # address QR points at: a hotspot that is down (or a venue's Wi-Fi in use) offers no join
        up = self._hotspot is not None and bool(url) and self._hotspot_in_use(url)
        self.wifi_data = self._hotspot.wifi_data() if up else ""
        self.wifi_ssid = self._hotspot.ssid if up else ""
        self.address = short_address(url) if url else NO_NETWORK
        self.url = url

    def _hotspot_in_use(self, url: str) -> bool:
        from ui.phones.address import choose, read

        try:
            choice = choose(read(), self._hotspot.hint())
        except OSError:
            return False
        return choice is not None and choice.kind == "hotspot" and f"//{choice.address}:" in url

    # -- the table thread --------------------------------------------------------------------------
    def run_on_table(self, fn: Callable[[], None]) -> None:
        """Called from the server's thread: ``fn`` runs on the table thread, between two frames."""
        hub = self._hub()
        commands = getattr(hub, "commands", None)
        if commands is not None:
            commands.put(PhoneJob(fn))
            return
        from kivy.clock import Clock

        Clock.schedule_once(lambda _dt: PhoneJob(fn).run(), 0)

    def _connected(self, seats: frozenset) -> None:
        seats = frozenset(seats) if self.desk is not None else frozenset()
        self.seats = seats
        self.status = connected_line(len(seats))

    # -- what screens use --------------------------------------------------------------------------
    def watch(self, session) -> None:
        """Phones follow ``session`` (the game open at the table)."""
        self._session = session
        if self.desk is not None:
            self.desk.watch(session, listen=False)

    def committed(self, session, events) -> None:
        """The table host's word after each commit of an open game (phones follow the watched one)."""
        if self.desk is not None:
            self.desk.committed(session, events)

    def link(self, seat: int, code: str) -> None:
        """Raises ``LinkError`` with a sentence when no waiting phone shows ``code``."""
        from ui.phones.links import LinkError

        if self.desk is None:
            raise LinkError("Phones are off: turn them on in Settings.")
        self.desk.link(seat, code)
        self.linked += 1

    def is_linked(self, seat: int) -> bool:
        return self.desk is not None and self.desk.is_linked(seat)
