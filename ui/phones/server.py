"""The table's own small web server: phones as private screens (aiohttp, on its own thread).

Routes (the pages are plain files from ``static/``; no build step, no CDN, no internet):

- ``GET /`` and ``/phone.js``, ``/phone.css``: the page; it holds no game data.
- ``POST /api/hello``: a phone says hello. A linked phone hears ``{"linked": true}``; any other
  gets a fresh secret token in an HttpOnly cookie and a pairing code to show (links.py).
- ``GET /api/page``: the seat's current page (HTTP 403 and no game data without the seat's token).
- ``GET /ws``: a WebSocket for the seat (403 before the upgrade without the token). The server
  pushes the seat's page after every change at the table; the phone sends ``open`` (hold to
  answer), ``choose``, ``card`` (hold to peek), ``vote`` and ``ping``. When the token stops
  holding the seat (a new game, the seat given to another phone, phones off) the socket hears
  ``unlinked`` and is closed at once.
- ``GET /room``, ``/room.js``, ``GET /api/room``, ``GET /ws/room``: the room's public screen (no
  seat, no cookie): what the shared screen shows, built from the table's view only (room.py).

Secrets on the wire: no WebSocket compression is negotiated (deflate would shrink the padding back
to the content's size), and every message a phone or the room receives is padded to exactly
``FRAME`` bytes, so every frame and every JSON response is the same length on the wire. Nothing
secret is ever in a URL, a page title or a log line (no access log). The server answers only
addresses of the table's own network (private, loopback, link-local), only requests that name the
table's own address (``Host``) and come from its own pages (``Origin``), and rate-limits every
endpoint per address and per cookie.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from . import pages, room
from .links import JoinFull, digest

log = logging.getLogger(__name__)
STATIC = Path(__file__).with_name("static")
COOKIE = "mtc_phone"
FRAME = 8192          # every message is exactly this long (a longer one: a multiple of it)
BLOCK = FRAME         # (the old name)
SOCKETS_PER_TOKEN = 2  # a reload may overlap the old socket for a moment; a third is refused
ROOM_SOCKETS_PER_ADDRESS = 4  # a TV, a laptop, their reloads: the room's screens one address opens
ROOM_SOCKETS = 32
DEFAULT_PORT = 8765
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
                               "style-src 'self'; script-src 'self'; frame-ancestors 'none'",
}
FORBIDDEN = "This phone is not linked to a seat."
FOREIGN = "This page is served only at the table's own address, to its own pages."
SLOW_DOWN = "Too many requests: wait a moment."
BUSY = "This seat is open on two pages already: close one of them."
ROOM_BUSY = "The room's screen is open on too many pages here: close one of them."


def pack(message: dict, size: int = FRAME) -> str:
    """JSON padded with spaces to exactly ``size`` bytes (UTF-8), so its length says nothing.

    >>> len(pack({"t": "page"}).encode()), len(pack({"t": "x", "name": "Ånna"}).encode()), json.loads(pack({"t": "x"}))["t"]
    (8192, 8192, 'x')
    """
    base = len(json.dumps({**message, "_": ""}, separators=(",", ":"), ensure_ascii=False).encode())
    if base > size:
        log.warning("a phone message of %d bytes is longer than one frame", base)
    return json.dumps({**message, "_": " " * ((-base) % size)}, separators=(",", ":"), ensure_ascii=False)


def on_table_network(address: str | None) -> bool:
    """Private, loopback or link-local addresses only (the table's Wi-Fi, never the internet).

    >>> on_table_network("192.168.4.20"), on_table_network("10.42.0.7"), on_table_network("8.8.8.8")
    (True, True, False)
    """
    ip = _ip(address)
    return ip is not None and (ip.is_private or ip.is_loopback or ip.is_link_local)


def _ip(address: str | None):
    if not address:
        return None
    try:
        ip = ipaddress.ip_address(address.strip("[]").split("%")[0])
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip


def interface_addresses() -> set[str]:
    """Every address this machine's interfaces hold now (IPv4 from the address module's rtnetlink
    dump, IPv6 from /proc): a request must name one of them (or the address it arrived at) in its
    Host."""
    from .address import machine_addresses

    out = set(machine_addresses())
    try:
        with open("/proc/net/if_inet6") as f:
            for line in f:
                raw = line.split()[0]
                out.add(str(ipaddress.IPv6Address(int(raw, 16))))
    except (OSError, ValueError, IndexError):
        pass
    return out


def split_host(value: str | None) -> tuple[str, int | None] | None:
    """A Host header (or an origin's authority) as (host, port); None when it cannot be read.

    >>> split_host("10.42.0.1:8765"), split_host("[fe80::1]:80"), split_host("localhost"), split_host("a:b")
    (('10.42.0.1', 8765), ('fe80::1', 80), ('localhost', None), None)
    """
    if not value:
        return None
    value = value.strip().lower()
    if value.startswith("["):
        host, _, rest = value[1:].partition("]")
        port = rest[1:] if rest.startswith(":") else ""
    elif value.count(":") == 1:
        host, _, port = value.partition(":")
    else:
        host, port = value, ""
    if port and not port.isdigit():
        return None
    return host, int(port) if port else None


class RateLimit:
    """A token bucket per key (a client and a route): ``rate`` per second, bursts of ``burst``."""

    def __init__(self, rate: float, burst: int, clock=time.monotonic) -> None:
        self.rate, self.burst, self._clock = rate, burst, clock
        self._buckets: dict[Any, tuple[float, float]] = {}

    def allow(self, key) -> bool:
        now = self._clock()
        tokens, then = self._buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        if len(self._buckets) > 4096:  # forget the clients whose bucket is full again, not all
            full = (self.burst - 1) / self.rate
            self._buckets = {k: v for k, v in self._buckets.items() if now - v[1] < full}
        if tokens < 1:
            self._buckets[key] = (tokens, now)
            return False
        self._buckets[key] = (tokens - 1, now)
        return True


def table_address(hotspot=None) -> str | None:
    """This machine's address for the QR code, read from its interfaces (the hotspot's when it is
    up, else a LAN address); None when no phone could reach it (address.py says why and how)."""
    from .address import HotspotHint, table_address as from_interfaces

    return from_interfaces(hotspot or HotspotHint())



@dataclass
class _Conn:
    """One open WebSocket: the seat it follows (None: the room's screen) and its token's digest."""

    seat: int | None
    token: str
    opened: float
    address: str = ""


class PhoneServer:
    """Serves the phones of one ``PhoneDesk`` from a thread with its own event loop."""

    def __init__(self, desk, host: str = "0.0.0.0", port: int = DEFAULT_PORT) -> None:
        self.desk = desk
        self.host = host
        self.port = port
        self.error = ""
        self.loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._thread: threading.Thread | None = None
        self._sockets: dict[web.WebSocketResponse, _Conn] = {}
        self._last: dict[web.WebSocketResponse, dict] = {}
        # a phone waiting to join asks every 3 s (phone.js): well inside both hello limits
        self._hello = RateLimit(1.0, 10)
        self._hello_cookie = RateLimit(0.5, 6)
        self._reads = RateLimit(5.0, 20)
        self._reads_cookie = RateLimit(5.0, 20)
        self._messages = RateLimit(8.0, 30)
        self._addresses: tuple[float, set[str]] = (0.0, set())
        desk.set_publisher(self.publish)

    # -- life ---------------------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> bool:
        """Bind and serve; False (and ``error`` in words) when the port cannot be had."""
        ready = threading.Event()
        self._thread = threading.Thread(target=self._serve, args=(ready,), name="phones", daemon=True)
        self._thread.start()
        ready.wait(timeout)
        return not self.error and self.loop is not None

    def _serve(self, ready: threading.Event) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._open())
        except OSError as error:
            self.error = f"Phones are off: port {self.port} cannot be opened ({error.strerror or error})."
            ready.set()
            loop.close()
            return
        self.loop = loop
        ready.set()
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(self._close())
            loop.close()

    async def _open(self) -> None:
        app = web.Application(middlewares=[self._guard], client_max_size=4096)
        for path, name in (("/", "index.html"), ("/phone.js", "phone.js"), ("/phone.css", "phone.css"),
                           ("/room", "room.html"), ("/room.js", "room.js")):
            app.router.add_get(path, self._file(name))
        app.router.add_post("/api/hello", self._hello_route)
        app.router.add_get("/api/page", self._page_route)
        app.router.add_get("/api/room", self._room_route)
        app.router.add_get("/ws", self._ws_route)
        app.router.add_get("/ws/room", self._room_ws_route)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port, reuse_address=True)
        await site.start()
        if self.port == 0:
            self.port = site._server.sockets[0].getsockname()[1]

    async def _close(self) -> None:
        for ws in list(self._sockets):
            await self._drop(ws)
        if self._runner is not None:
            await self._runner.cleanup()

    def stop(self) -> None:
        """Phones off: every socket hears ``unlinked`` and closes, then the port is let go."""
        loop = self.loop
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(5)
        self.loop = None

    def url(self, address: str | None = None, hotspot=None) -> str:
        """What the QR code carries: the asked host, or (serving every interface) the address the
        interfaces give now; "" when there is none (the table then says phones need a network)."""
        host = address or (self.host if self.host not in ("0.0.0.0", "::", "") else table_address(hotspot))
        return f"http://{host}:{self.port}/" if host else ""

    # -- pushing (any thread) --------------------------------------------------------------------
    def publish(self) -> None:
        loop = self.loop
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(lambda: loop.create_task(self._broadcast()))

    async def _broadcast(self) -> None:
        """Each phone gets its page again only when it changed: at night the page follows the
        table's calls, so what the engine does between two calls reaches no phone. A socket whose
        token lost its seat (a new game, a relinked seat) is told so and closed, here and now."""
        links = self.desk.links
        for ws, conn in list(self._sockets.items()):
            if conn.seat is not None and links.seat_of_digest(conn.token) != conn.seat:
                await self._drop(ws)
        self._connections_changed()
        for ws, conn in list(self._sockets.items()):
            page = self._page(conn.seat) if conn.seat is not None else room.page(self.desk.snapshot())
            if self._last.get(ws) != page:
                self._last[ws] = page
                await self._send(ws, page)

    async def _send(self, ws: web.WebSocketResponse, message: dict) -> None:
        try:
            await ws.send_str(pack(message))
        except (ConnectionError, RuntimeError):
            pass  # a phone that went to sleep: it asks again when it wakes

    async def _drop(self, ws: web.WebSocketResponse) -> None:
        """Tell a socket its seat is gone and close it (the page goes back to joining)."""
        conn = self._sockets.pop(ws, None)
        self._last.pop(ws, None)
        if conn is not None and conn.seat is not None:
            await self._send(ws, {"t": "unlinked"})
        try:
            await ws.close()
        except (ConnectionError, RuntimeError):
            pass

    # -- what a seat sees -----------------------------------------------------------------------
    def _page(self, seat: int) -> dict:
        snap = self.desk.snapshot()
        game = pages.for_game(snap.game) if snap is not None else None
        names = pages.seat_names(game, snap.views.table) if snap is not None else []
        if snap is None or seat >= len(names):
            return {"t": "page", "game": "", "headline": "Waiting for the table", "line": "", "dark": False,
                    "can_peek": False, "night": None, "ballot": None, "players": [], "seat": seat, "name": ""}
        page = game.page(snap.views.for_seat(seat), pages.bound(snap.call, seat))
        return {"t": "page", "seat": seat, "name": names[seat], "timer": snap.timer, **page}

    def seat_for(self, request: web.Request) -> int | None:
        return self.desk.links.seat_of(request.cookies.get(COOKIE))

    # -- who may ask ------------------------------------------------------------------------------
    def _table_hosts(self, request: web.Request) -> set[str]:
        """The names a request may give in its Host: this machine's addresses (re-read every few
        seconds: a Wi-Fi comes and goes), the address the request arrived at, any loopback."""
        now = time.monotonic()
        when, found = self._addresses
        if now - when > 5 or not found:
            found = interface_addresses()
            self._addresses = (now, found)
        here = request.transport.get_extra_info("sockname") if request.transport else None
        return found | ({str(_ip(here[0]))} if here and _ip(here[0]) else set())

    def _foreign(self, request: web.Request) -> bool:
        """True for a request that does not name the table's own address and port in its Host, or
        that a page of another origin sent (Origin), or that is cross-site (Sec-Fetch-Site): a page
        served by another web service on the Pi, a rebinding name, a forged header."""
        host = split_host(request.headers.get("Host"))
        if host is None or host[1] != self.port:
            return True
        name, _ = host
        ip = _ip(name)
        if not (name == "localhost" or (ip is not None and (ip.is_loopback or str(ip) in self._table_hosts(request)))):
            return True
        origin = request.headers.get("Origin")
        must = request.method != "GET" or request.path.startswith("/ws")
        if origin is None:
            if must:
                return True
        elif origin.lower() != f"http://{request.headers['Host'].strip().lower()}":
            return True
        if not request.path.startswith(("/api/", "/ws")):
            return False  # the pages themselves hold no data: a link from a chat may open them
        return request.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none")

    @web.middleware
    async def _guard(self, request: web.Request, handler):
        if not on_table_network(request.remote):
            return web.Response(status=403, text="Only the table's own network is served.", headers=HEADERS)
        if self._foreign(request):
            return web.Response(status=403, text=FOREIGN, headers=HEADERS)
        token = request.cookies.get(COOKIE) or ""
        if request.path == "/api/hello":
            limits = [(self._hello, request.remote)] + ([(self._hello_cookie, digest(token))] if token else [])
        else:
            limits = [(self._reads, request.remote)] + ([(self._reads_cookie, digest(token))] if token else [])
        if not all([limit.allow((key, request.path)) for limit, key in limits]):
            return self._json({"error": SLOW_DOWN}, status=429)
        response = await handler(request)
        if not isinstance(response, web.WebSocketResponse):
            response.headers.update(HEADERS)
        return response

    @staticmethod
    def _json(message: dict, status: int = 200) -> web.Response:
        """Every JSON answer is ``FRAME`` bytes long, whatever it says."""
        return web.Response(body=pack(message).encode(), status=status, content_type="application/json",
                            headers=HEADERS)

    def _file(self, name: str):
        types = {".html": "text/html", ".js": "text/javascript", ".css": "text/css"}
        body = (STATIC / name).read_bytes()
        content_type = types[Path(name).suffix]

        async def serve(_request):
            return web.Response(body=body, content_type=content_type, charset="utf-8")
        return serve

    # -- routes -----------------------------------------------------------------------------------
    async def _hello_route(self, request: web.Request) -> web.Response:
        token = request.cookies.get(COOKIE)
        if self.desk.links.seat_of(token) is not None:
            return self._json({"linked": True})
        code = self.desk.links.code_of(token)
        if code is not None:
            return self._json({"linked": False, "code": code})
        try:
            token, code = self.desk.links.hello(request.remote or "")
        except JoinFull as full:
            return self._json({"error": str(full), "full": True}, status=503)
        response = self._json({"linked": False, "code": code})
        response.set_cookie(COOKIE, token, httponly=True, samesite="Strict", path="/", max_age=24 * 3600)
        return response

    async def _page_route(self, request: web.Request) -> web.Response:
        seat = self.seat_for(request)
        if seat is None:
            return self._json({"error": FORBIDDEN}, status=403)
        return self._json(self._page(seat))

    async def _room_route(self, request: web.Request) -> web.Response:
        return self._json(room.page(self.desk.snapshot()))

    async def _open_socket(self, request: web.Request, seat: int | None, token: str):
        """Upgrade without compression (deflate would undo the padding); (ws, False) for a token's
        third socket: it hears ``busy`` in words and is closed (a reload overlaps the old socket for a
        moment; nothing needs more, and fifty sockets must not each get every push)."""
        ws = web.WebSocketResponse(heartbeat=20, max_msg_size=4096, compress=False)
        await ws.prepare(request)
        rooms = [c for c in self._sockets.values() if c.seat is None]
        if seat is not None and sum(1 for c in self._sockets.values() if c.token == token) >= SOCKETS_PER_TOKEN \
                or seat is None and (len(rooms) >= ROOM_SOCKETS or sum(
                    1 for c in rooms if c.address == request.remote) >= ROOM_SOCKETS_PER_ADDRESS):
            await self._send(ws, {"t": "busy", "text": BUSY if seat is not None else ROOM_BUSY})
            await ws.close()
            return ws, False
        self._sockets[ws] = _Conn(seat, token, time.monotonic(), request.remote or "")
        self._connections_changed()
        return ws, True

    async def _forget(self, ws: web.WebSocketResponse) -> None:
        self._sockets.pop(ws, None)
        self._last.pop(ws, None)
        self._connections_changed()

    async def _ws_route(self, request: web.Request):
        raw = request.cookies.get(COOKIE)
        seat = self.seat_for(request)
        if seat is None:
            return self._json({"error": FORBIDDEN}, status=403)
        ws, accepted = await self._open_socket(request, seat, digest(raw))
        if not accepted:
            return ws
        try:
            self._last[ws] = self._page(seat)
            await self._send(ws, self._last[ws])
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                if ws not in self._sockets:
                    break
                if self.desk.links.seat_of(raw) != seat:
                    await self._drop(ws)  # the seat was given to another phone, or a new game began
                    break
                if not self._messages.allow((request.remote, seat)):
                    await self._send(ws, {"t": "error", "text": "Too fast: wait a moment."})
                    continue
                await self._send(ws, await self._answer(seat, msg.data))
        finally:
            await self._forget(ws)
        return ws

    async def _room_ws_route(self, request: web.Request):
        """The room's screen: pushed the public page after every change; it sends nothing."""
        ws, _ = await self._open_socket(request, None, "")
        try:
            self._last[ws] = room.page(self.desk.snapshot())
            await self._send(ws, self._last[ws])
            async for _msg in ws:
                pass  # the room's screen only listens
        finally:
            await self._forget(ws)
        return ws

    def _connections_changed(self) -> None:
        """The table counts only phones whose socket holds a seat linked in this game."""
        linked = self.desk.links.linked_seats()
        self.desk.set_connected(frozenset(c.seat for c in self._sockets.values()
                                          if c.seat is not None and c.seat in linked))

    async def _answer(self, seat: int, data: str) -> dict:
        try:
            message = json.loads(data)
            kind = message["t"]
        except (ValueError, TypeError, KeyError):
            return {"t": "error", "text": "The table did not understand that."}
        snap = self.desk.snapshot()
        if kind == "ping":
            return {"t": "pong"}
        if snap is None:
            return {"t": "error", "text": "No game is open at the table."}
        game = pages.for_game(snap.game)
        if kind == "open":
            return {"t": "panel", **game.panel(snap.views.for_seat(seat), pages.bound(snap.call, seat))}
        if kind == "card":
            return {"t": "card", **game.card(snap.views.for_seat(seat))}
        if kind in ("choose", "vote"):
            key, index = message.get("key"), message.get("i")
            if not isinstance(key, str) or not isinstance(index, int) or isinstance(index, bool):
                return {"t": "error", "text": "The table did not understand that."}
            return await asyncio.wrap_future(self.desk.request(seat, kind, key, index))
        return {"t": "error", "text": "The table did not understand that."}
