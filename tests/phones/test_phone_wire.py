"""Phones on a real Wi-Fi (issue #22): what a listener, another page or a flood gets from the
table's server, measured on real sockets (wire.py counts the bytes between client and server).

Each test names the finding of the issue it checks; each failed on main before the fix."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import aiohttp
from yarl import URL

from companion.games.mafia_plus import engine as E
from ui.phones import links as L
from ui.phones.server import FRAME, PhoneServer, RateLimit

from phones_help import (TWIN_A, TWIN_B, Phone, TableThread, linked_phone, play_to_second_doctor_call,
                         quiet_choice, run)
from wire import Wire

DOCTOR, DETECTIVE, CANNON, LADY, BOSS, COQUETTE, BARTENDER = range(7)
PHONE_JS = Path(__file__).resolve().parents[2] / "ui" / "phones" / "static" / "phone.js"


async def _eventually(check, patience: float = 10.0):
    """A liveness check: ``check()`` must come true within a generous limit."""
    for _ in range(int(patience / 0.05)):
        if check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("stalled: it never happened")


def _client(base: str, ip: str, origin: str | None = None) -> aiohttp.ClientSession:
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True),
                                 connector=aiohttp.TCPConnector(local_addr=(ip, 0)),
                                 headers={"Origin": origin or base.rstrip("/")})


# -- 1. frames whose length says nothing ------------------------------------------------------------
def test_no_compression_and_every_frame_and_page_the_same_length_on_the_wire(tmp_path):
    """Finding 1: through a logging proxy, with the client offering permessage-deflate as Chromium
    does: the server negotiates no compression, and Night 1's role panel, "Not your call", the
    Detective's answer and an empty "done" are frames of one length; so are /api/page answers."""
    table = TableThread(tmp_path / "w.db")
    server = PhoneServer(table.desk, "127.0.0.1", 0)
    assert server.start()
    wire = Wire(server.port, "127.0.0.9")
    base = f"http://127.0.0.9:{server.port}/"
    table.advance(lambda s: s.phase == "night" and s.night == 1 and E._steps(s)[s.step] == "detective",
                  quiet_choice)
    table.call_now()

    async def go():
        phones = {}
        for seat in (DETECTIVE, CANNON):
            phone = Phone(base)
            await phone.http.close()
            phone.http = _client(base, "127.0.0.9")
            code = (await phone.hello())["code"]
            table.call(lambda s=seat, c=code: table.desk.link(s, c))
            phone.ws = await phone.http.ws_connect(base + "ws", compress=15)  # offers permessage-deflate
            await phone.next()
            phones[seat] = phone
        role = await phones[DETECTIVE].ask({"t": "open"})
        other = await phones[CANNON].ask({"t": "open"})
        boss = next(i for i, c in enumerate(role["choices"]) if c["label"] == "Elena")
        answer = await phones[DETECTIVE].ask({"t": "choose", "key": role["key"], "i": boss})
        empty = await phones[DETECTIVE].ask({"t": "choose", "key": role["key"], "i": boss})  # the call still runs
        for phone in phones.values():
            async with phone.http.get(base + "api/page") as r:
                await r.read()
        for phone in phones.values():
            await phone.close()
        return role, other, answer, empty, phones
    role, other, answer, empty, phones = run(go())
    wire.close()
    server.stop()
    table.close()
    assert role["choices"] and other["hint"].startswith("Not your call")
    assert "Mafia" in answer["answer"] and empty["answer"] == "Night 1: no answer tonight."
    upgrades = [head for head, _ in wire.seen.responses if head.startswith(b"HTTP/1.1 101")]
    assert len(upgrades) == 2 and not any(b"sec-websocket-extensions" in h.lower() for h in upgrades)
    assert any(b"permessage-deflate" in r.lower() for r in wire.seen.requests)  # it was asked for
    text = [(rsv1, size) for op, rsv1, size in wire.seen.frames if op == 1]
    assert len(text) >= 6 and set(text) == {(0, FRAME + 4)}  # 4 bytes of header, never compressed
    # every JSON answer (hello, page) alike; only a new phone's first hello carries its cookie
    pages = [size for head, size in wire.seen.responses
             if b"200 OK" in head and b"application/json" in head and b"set-cookie" not in head.lower()]
    assert len(pages) >= 2 and len(set(pages)) == 1, pages


def test_what_a_phone_sends_is_one_length_too():
    """The page pads its own messages (phone.js SEND_BYTES), so "open", "choose" and "ping" match."""
    js = PHONE_JS.read_text()
    assert re.search(r"const SEND_BYTES = \d+;", js) and "SEND_BYTES - new TextEncoder().encode(text).length" in js


# -- 2. a seat's socket closes when its link ends ------------------------------------------------
def test_a_seats_socket_closes_when_its_link_ends_and_only_linked_phones_count(table, server):
    """Finding 3: after a new game, a relinked seat or phones off, the old socket hears "unlinked"
    and is closed; the table counts and lists only phones linked in this game."""
    async def go():
        old = await linked_phone(table, server, 3)
        await old.connect()
        await _eventually(lambda: table.desk.connected == frozenset({3}))
        new = await linked_phone(table, server, 3)  # "Hold to replace": the seat goes to another phone
        told = await old.until(lambda m: m["t"] == "unlinked")
        closed = await old.ws.receive(timeout=5)
        await new.connect()
        await _eventually(lambda: table.desk.connected == frozenset({3}))
        table.new_game()
        told_new = await new.until(lambda m: m["t"] == "unlinked")
        await new.ws.receive(timeout=5)
        await _eventually(lambda: table.desk.connected == frozenset())
        third = await linked_phone(table, server, 1)
        await third.connect()
        await _eventually(lambda: table.desk.connected == frozenset({1}))
        server.stop()  # phones off
        told_off = await third.until(lambda m: m["t"] == "unlinked")
        for phone in (old, new, third):
            await phone.close()
        return told, closed, told_new, told_off
    told, closed, told_new, told_off = run(go())
    assert told["t"] == told_new["t"] == told_off["t"] == "unlinked"
    assert closed.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING)


# -- 3. joining that a flood cannot break ---------------------------------------------------------
def test_a_join_flood_from_many_addresses_never_evicts_a_waiting_phones_code(table, server):
    """Finding 4: 80 hellos from 80 loopback addresses: the newcomers beyond the cap are refused in
    words, and the code the victim's phone shows still links its seat."""
    async def go():
        victim = Phone(server.url())
        code = (await victim.hello())["code"]
        answers = []
        for n in range(80):
            async with _client(server.url(), f"127.0.1.{n + 2}", server.url().rstrip("/")) as http:
                async with http.post(server.url() + "api/hello") as r:
                    answers.append((r.status, json.loads(await r.text())))
        again = await victim.hello()
        await victim.close()
        return code, again, answers
    code, again, answers = run(go())
    refused = [a for status, a in answers if status == 503]
    assert len(refused) == 80 - (L.PENDING_LIMIT - 1) and refused[0]["error"] == L.FULL
    assert again["code"] == code
    table.call(lambda: table.desk.link(2, code))  # the victim's code still works
    assert table.desk.links.linked_seats() == {2}


def test_one_address_holds_few_waiting_codes_and_a_cookie_is_limited_from_any_address(table, server):
    """Limits per address and per cookie: one address gets PENDING_PER_ADDRESS codes at most; one
    cookie asking from many addresses is slowed down like one asking from one."""
    async def go():
        statuses = []
        for _ in range(L.PENDING_PER_ADDRESS + 2):
            async with _client(server.url(), "127.0.2.1") as http:
                async with http.post(server.url() + "api/hello") as r:
                    statuses.append(r.status)
        phone = Phone(server.url())
        await phone.hello()
        cookie = phone.http.cookie_jar.filter_cookies(URL(server.url()))["mtc_phone"].value
        await phone.close()
        seen = []
        for n in range(12):
            async with _client(server.url(), f"127.0.3.{n + 2}") as http:
                async with http.post(server.url() + "api/hello", headers={"Cookie": f"mtc_phone={cookie}"}) as r:
                    seen.append(r.status)
        return statuses, seen
    statuses, seen = run(go())
    assert statuses[:L.PENDING_PER_ADDRESS] == [200] * L.PENDING_PER_ADDRESS and statuses[-1] == 503
    assert 429 in seen


def test_a_waiting_phone_polls_inside_the_hello_limit_and_its_code_lives_while_it_waits():
    """Finding 6: the page asked hello every second against 0.5/s and showed "Looking for the
    table" under a valid code after ~20 s. Its interval now keeps inside both limits for ever,
    and a code asked for stays valid however long its phone waits."""
    interval = int(re.search(r"const HELLO_MS = (\d+);", PHONE_JS.read_text()).group(1)) / 1000
    now = [0.0]
    server = PhoneServer.__new__(PhoneServer)
    PhoneServer.__init__(server, type("D", (), {"set_publisher": lambda self, f: None})())
    for limit in (server._hello, server._hello_cookie):
        polled = RateLimit(limit.rate, limit.burst, clock=lambda: now[0])
        for _ in range(1000):  # 50 minutes of waiting
            now[0] += interval
            assert polled.allow("me")
    links = L.Links(clock=lambda: now[0])
    links.use_game(1, {})
    token, code = links.hello("10.42.0.7")
    for _ in range(1000):
        now[0] += interval
        assert links.code_of(token) == code
    links.link(0, code)
    assert links.seat_of(token) == 0


# -- 4. Origin and Host -----------------------------------------------------------------------------
def test_a_forged_origin_or_host_gets_403_on_every_route_and_the_socket(table, server):
    """Finding 5: a valid cookie with `Origin: http://evil.example`, or another port of this host
    (another web service on the Pi), or a Host that is not the table's address: 403, no upgrade."""
    async def go():
        phone = await linked_phone(table, server, 0)
        cookie = phone.http.cookie_jar.filter_cookies(URL(server.url()))["mtc_phone"].value
        await phone.close()
        own = server.url().rstrip("/")
        results = {}
        for label, headers in {
            "evil origin": {"Origin": "http://evil.example"},
            "another port": {"Origin": f"http://127.0.0.1:{server.port + 1}"},
            "rebound host": {"Origin": "http://evil.example:%d" % server.port, "Host": f"evil.example:{server.port}"},
            "cross-site fetch": {"Origin": own, "Sec-Fetch-Site": "cross-site"},
            "no origin": {},
        }.items():
            async with aiohttp.ClientSession(headers={"Cookie": f"mtc_phone={cookie}", **headers}) as http:
                for route in ("ws", "api/hello", "api/page", "api/room", ""):
                    method = http.post if route == "api/hello" else http.get
                    extra = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                             "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="} if route == "ws" else {}
                    async with method(server.url() + route, headers=extra) as r:
                        results[(label, route)] = (r.status, await r.text())
        async with aiohttp.ClientSession(headers={"Cookie": f"mtc_phone={cookie}", "Origin": own}) as http:
            ws = await http.ws_connect(server.url() + "ws")
            first = json.loads((await ws.receive()).data)
            await ws.close()
        return results, first
    results, first = run(go())
    for (label, route), (status, body) in results.items():
        if label == "no origin" and route in ("api/page", "api/room", ""):
            assert status == 200, (label, route)  # a plain GET from the address bar sends no Origin
            continue
        if label == "cross-site fetch" and route == "":
            assert status == 200  # the page holds no data: a link from a chat may open it
            continue
        assert status == 403, (label, route, status)
        assert "Anna" not in body
    assert first["t"] == "page" and first["name"] == "Anna"


def test_at_most_two_sockets_per_token(table, server):
    """Finding 6: one cookie opened 50 WebSockets, each getting every push. A third is refused."""
    async def go():
        phone = await linked_phone(table, server, 0)
        sockets = [await phone.http.ws_connect(server.url() + "ws") for _ in range(3)]
        firsts = [json.loads((await ws.receive()).data)["t"] for ws in sockets]
        third_closed = (await sockets[2].receive(timeout=5)).type
        for ws in sockets:
            await ws.close()
        await phone.close()
        return firsts, third_closed
    firsts, third_closed = run(go())
    assert firsts == ["page", "page", "busy"]
    assert third_closed in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)


# -- 6. the room's public screen -----------------------------------------------------------------
def _room_checkpoints(table, server) -> list[bytes]:
    """The room's page (HTTP and the pushed frame, as bytes) at moments of a scripted game."""
    seen: list[bytes] = []

    async def go():
        async with aiohttp.ClientSession(headers={"Origin": server.url().rstrip("/")}) as http:
            ws = await http.ws_connect(server.url() + "ws/room")
            frames = [await ws.receive()]

            async def checkpoint():
                async with http.get(server.url() + "api/room") as r:
                    body = await r.read()
                while True:  # the socket's newest frame, once it shows what HTTP shows
                    try:
                        frames.append(await ws.receive(timeout=0.3))
                    except asyncio.TimeoutError:
                        if frames[-1].data.encode() == body:
                            break
                        async with http.get(server.url() + "api/room") as r:
                            body = await r.read()
                seen.append(body)

            await checkpoint()  # the deal, before Night Zero's first call
            table.call_now()
            await checkpoint()
            table.advance(lambda s: s.phase == "night" and s.night == 1, quiet_choice)
            table.call_now()
            await checkpoint()
            table.advance(lambda s: s.phase == "day", quiet_choice)
            table.call(lambda: table.desk.set_timer("4:53"))
            await checkpoint()
            table.act(E.Accuse(1, 6))
            table.act(E.CallVote("eliminate"))
            await checkpoint()
            table.call(lambda: table.session.act(E.CastVote(next(
                k for k in table.session.engine.legal_actions_by_seat(table.session.state) if k is not None), 6)))
            await checkpoint()
            table.call(lambda: table.desk.set_timer(""))
            play_to_second_doctor_call(table)
            table.call_now()
            await checkpoint()
            await ws.close()
    run(go())
    return seen


def test_the_room_screen_of_twins_that_differ_only_in_secrets_is_byte_identical(tmp_path):
    """The room's page is built from the table's view only: two games that differ only in who holds
    which card (A's Doctor alive on Night 2, B's dead) give the same bytes at every moment, and no
    character's name is in them."""
    runs = []
    for name, cast in (("a", TWIN_A), ("b", TWIN_B)):
        table = TableThread(tmp_path / f"{name}.db", cast)
        server = PhoneServer(table.desk, "127.0.0.1", 0)
        assert server.start()
        runs.append(_room_checkpoints(table, server))
        server.stop()
        table.close()
    a, b = runs
    pages = [json.loads(x) for x in a]
    assert len(a) == len(b) == 7 and a == b
    assert [p["headline"] for p in pages] == ["The deal", "Night 0", "Night 1", "Day 2", "Day 2", "Day 2", "Night 2"]
    assert pages[3]["timer"] == "4:53" and any("Accused: Bruno" in f or "Accused" in f for f in pages[4]["facts"])
    assert any(" 1 voted (" in f for f in pages[5]["facts"])
    assert all(p["reveal"] == [] for p in pages)  # (the roles' names are public: the set, the calls)


def _to_the_end(st, legal):
    """Night: the first target offered; Day: the first and last player present accused, every
    vote for the first accused - the game ends in a few rounds."""
    if st.phase == "day":
        present = [i for i in range(len(st.players)) if E._available(st, i)]
        if st.stage == "discussion" and not st.accused:
            return E.Accuse(present[0], present[-1])
        if st.stage == "discussion":
            return E.CallVote("eliminate")
        if st.stage == "voting":
            voter = next(k for k in legal if k is not None)
            return next((a for a in legal[voter] if getattr(a, "target", None) is not None), legal[voter][0])
        return legal[None][0]
    actions = next(v for k, v in legal.items() if k is not None)
    return next((a for a in actions if isinstance(a, E._Choice)), actions[0])


def test_the_room_screen_shows_the_reveal_at_the_end_and_needs_no_cookie(table, server):
    table.advance(lambda s: s.phase == "over", _to_the_end)

    async def go():
        async with aiohttp.ClientSession() as http:  # a TV's browser: no cookie, no Origin on a GET
            async with http.get(server.url() + "api/room") as r:
                body = json.loads(await r.text())
            async with http.get(server.url() + "room") as r:
                html = await r.text()
        return body, html
    body, html = run(go())
    assert body["headline"] == "Game over" and body["facts"][0].startswith("Winners:")
    assert len(body["reveal"]) == 7 and body["reveal"][0].startswith("Anna: Doctor")
    assert "/room.js" in html


# -- 5. the page's moments ---------------------------------------------------------------------------
def test_the_deal_is_the_deal_and_a_night_starts_with_no_previous_call(table, server):
    """Finding 6: the deal's linked phone showed "Night 0"; at the start of Night 1 phones showed
    Night 0's last call ("Morning comes…") with a "Hold to answer"."""
    async def go():
        phone = await linked_phone(table, server, 0)
        deal = await phone.connect()
        table.advance(lambda s: E._steps(s)[s.step] == "dawn")
        table.call_now()  # the table's last call of Night Zero
        dawn = await phone.until(lambda m: m["t"] == "page" and m["night"])
        table.advance(lambda s: s.phase == "night" and s.night == 1, quiet_choice)
        night = await phone.until(lambda m: m["t"] == "page" and m["headline"] == "Night 1")
        await phone.close()
        return deal, dawn, night
    deal, dawn, night = run(go())
    assert deal["headline"] == "The deal" and not deal["dark"]
    assert dawn["headline"] == "Night 0" and dawn["line"]
    assert night["night"] is None and night["line"] == "" and night["dark"]


def test_the_room_screen_is_rate_limited_and_checks_origin_like_the_rest(table, server):
    """The room needs no cookie, so it is limited by address: a fifth room socket from one address
    hears a sentence and is closed; a forged Origin gets 403."""
    async def go():
        own = server.url().rstrip("/")
        async with aiohttp.ClientSession(headers={"Origin": own}) as http:
            sockets = [await http.ws_connect(server.url() + "ws/room") for _ in range(5)]
            kinds = [json.loads((await ws.receive()).data)["t"] for ws in sockets]
            for ws in sockets:
                await ws.close()
        async with aiohttp.ClientSession(headers={"Origin": "http://evil.example"}) as http:
            async with http.get(server.url() + "ws/room") as r:
                forged = r.status
        return kinds, forged
    kinds, forged = run(go())
    assert kinds == ["room"] * 4 + ["busy"] and forged == 403
