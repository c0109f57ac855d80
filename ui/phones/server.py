"""The table's own small web server: phones as private screens (aiohttp, on its own thread).

Routes (the pages are plain files from ``static/``; no build step, no CDN, no internet):

- ``GET /`` and ``/phone.js``, ``/phone.css``: the page; it holds no game data.
- ``POST /api/hello``: a phone says hello. A linked phone hears ``{"linked": true}``; any other
  gets a fresh secret token in an HttpOnly cookie and a pairing code to show (links.py).
- ``GET /api/page``: the seat's current page (HTTP 403 and no game data without the seat's token).
- ``GET /ws``: a WebSocket for the seat (403 before the upgrade without the token). The server
  pushes the seat's page after every change at the table; the phone sends ``open`` (hold to
  answer), ``choose``, ``card`` (hold to peek), ``vote`` and ``ping``.

Secrets: every message a phone receives is padded to a multiple of ``BLOCK`` bytes, so its size
says nothing; nothing secret is ever in a URL, a page title or a log line (no access log); the
server answers only addresses of the table's own network (private, loopback, link-local) and
rate-limits every endpoint.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import threading
import time
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from . import pages

log = logging.getLogger(__name__)
STATIC = Path(__file__).with_name("static")
COOKIE = "mtc_phone"
BLOCK = 2048
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


def pack(message: dict) -> str:
    """JSON padded with spaces to a multiple of BLOCK bytes (sizes tell nothing).

    >>> len(pack({"t": "page"})) % BLOCK, json.loads(pack({"t": "x"}))["t"]
    (0, 'x')
    """
    base = len(json.dumps({**message, "_": ""}, separators=(",", ":"), ensure_ascii=False).encode())
    return json.dumps({**message, "_": " " * ((-base) % BLOCK)}, separators=(",", ":"), ensure_ascii=False)


def on_table_network(address: str | None) -> bool:
    """Private, loopback or link-local addresses only (the table's Wi-Fi, never the internet).

    >>> on_table_network("192.168.4.20"), on_table_network("10.42.0.7"), on_table_network("8.8.8.8")
    (True, True, False)
    """
    if not address:
        return False
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_private or ip.is_loopback or ip.is_link_local


class RateLimit:
    """A token bucket per (client, route): ``rate`` per second, bursts of ``burst``."""

    def __init__(self, rate: float, burst: int, clock=time.monotonic) -> None:
        self.rate, self.burst, self._clock = rate, burst, clock
        self._buckets: dict[Any, tuple[float, float]] = {}

    def allow(self, key) -> bool:
        now = self._clock()
        tokens, then = self._buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        if len(self._buckets) > 4096:
            self._buckets.clear()
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
        self._sockets: dict[web.WebSocketResponse, int] = {}
        self._last: dict[web.WebSocketResponse, dict] = {}
        self._hello = RateLimit(0.5, 10)
        self._reads = RateLimit(5.0, 20)
        self._messages = RateLimit(8.0, 30)
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
        app.router.add_get("/", self._file("index.html"))
        app.router.add_get("/phone.js", self._file("phone.js"))
        app.router.add_get("/phone.css", self._file("phone.css"))
        app.router.add_post("/api/hello", self._hello_route)
        app.router.add_get("/api/page", self._page_route)
        app.router.add_get("/ws", self._ws_route)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port, reuse_address=True)
        await site.start()
        if self.port == 0:
            self.port = site._server.sockets[0].getsockname()[1]

    async def _close(self) -> None:
        for ws in list(self._sockets):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def stop(self) -> None:
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
        table's calls, so what the engine does between two calls reaches no phone."""
        for ws, seat in list(self._sockets.items()):
            page = self._page(seat)
            if self._last.get(ws) != page:
                self._last[ws] = page
                await self._send(ws, page)

    async def _send(self, ws: web.WebSocketResponse, message: dict) -> None:
        try:
            await ws.send_str(pack(message))
        except (ConnectionError, RuntimeError):
            pass  # a phone that went to sleep: it asks again when it wakes

    # -- what a seat sees -----------------------------------------------------------------------
    def _page(self, seat: int) -> dict:
        snap = self.desk.snapshot()
        game = pages.for_game(snap.game) if snap is not None else None
        names = pages.seat_names(game, snap.engine, snap.state) if snap is not None else []
        if snap is None or seat >= len(names):
            return {"t": "page", "game": "", "headline": "Waiting for the table", "line": "", "dark": False,
                    "can_peek": False, "night": None, "ballot": None, "players": [], "seat": seat, "name": ""}
        page = game.page(snap.engine, snap.state, seat, snap.call)
        # (Mafia (Sicily) counts its players and keeps their names apart; Casino's are records)
        return {"t": "page", "seat": seat, "name": names[seat], "timer": snap.timer, **page}

    def seat_for(self, request: web.Request) -> int | None:
        return self.desk.links.seat_of(request.cookies.get(COOKIE))

    # -- routes -----------------------------------------------------------------------------------
    @web.middleware
    async def _guard(self, request: web.Request, handler):
        if not on_table_network(request.remote):
            return web.Response(status=403, text="Only the table's own network is served.", headers=HEADERS)
        route = "hello" if request.path == "/api/hello" else "read"
        limit = self._hello if route == "hello" else self._reads
        if not limit.allow((request.remote, route)):
            return web.json_response({"error": "Too many requests: wait a moment."}, status=429, headers=HEADERS)
        response = await handler(request)
        if not isinstance(response, web.WebSocketResponse):
            response.headers.update(HEADERS)
        return response

    def _file(self, name: str):
        types = {".html": "text/html", ".js": "text/javascript", ".css": "text/css"}
        body = (STATIC / name).read_bytes()
        content_type = types[Path(name).suffix]

        async def serve(_request):
            return web.Response(body=body, content_type=content_type, charset="utf-8")
        return serve

    async def _hello_route(self, request: web.Request) -> web.Response:
        token = request.cookies.get(COOKIE)
        if self.desk.links.seat_of(token) is not None:
            return web.json_response({"linked": True})
        code = self.desk.links.code_of(token)
        if code is not None:
            return web.json_response({"linked": False, "code": code})
        token, code = self.desk.links.hello()
        response = web.json_response({"linked": False, "code": code})
        response.set_cookie(COOKIE, token, httponly=True, samesite="Strict", path="/", max_age=24 * 3600)
        return response

    async def _page_route(self, request: web.Request) -> web.Response:
        seat = self.seat_for(request)
        if seat is None:
            return web.Response(status=403, text=FORBIDDEN)
        return web.Response(text=pack(self._page(seat)), content_type="application/json")

    async def _ws_route(self, request: web.Request):
        seat = self.seat_for(request)
        if seat is None:
            return web.Response(status=403, text=FORBIDDEN)
        ws = web.WebSocketResponse(heartbeat=20, max_msg_size=4096)
        await ws.prepare(request)
        self._sockets[ws] = seat
        self._connections_changed()
        try:
            self._last[ws] = self._page(seat)
            await self._send(ws, self._last[ws])
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                if self.desk.links.seat_of(request.cookies.get(COOKIE)) != seat:
                    await self._send(ws, {"t": "unlinked"})  # the seat was given to another phone
                    break
                if not self._messages.allow((request.remote, seat)):
                    await self._send(ws, {"t": "error", "text": "Too fast: wait a moment."})
                    continue
                await self._send(ws, await self._answer(seat, msg.data))
        finally:
            self._sockets.pop(ws, None)
            self._last.pop(ws, None)
            self._connections_changed()
        return ws

    def _connections_changed(self) -> None:
        self.desk.set_connected(frozenset(self._sockets.values()))

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
            return {"t": "panel", **game.panel(snap.engine, snap.state, seat, snap.call)}
        if kind == "card":
            return {"t": "card", **game.card(snap.engine, snap.state, seat)}
        if kind in ("choose", "vote"):
            key, index = message.get("key"), message.get("i")
            if not isinstance(key, str) or not isinstance(index, int) or isinstance(index, bool):
                return {"t": "error", "text": "The table did not understand that."}
            return await asyncio.wrap_future(self.desk.request(seat, kind, key, index))
        return {"t": "error", "text": "The table did not understand that."}
