"""Phones in a real headless Chromium (Debian's chromium + chromium-driver, installed by ./dev):
seven phones play a whole Mafia+ game, each page used like a person (visible text, real holds).

The table here is the session on its own thread doing what the table screen does (calling each
step, the Game Master's Continue, the accusations); tests/acceptance plays the Kivy table itself.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from companion.engine import Seat
from companion.games.mafia_plus import engine as E
from companion.session import Session
from ui.games.mafia_plus import night_panel as NP
from ui.phones.server import FRAME, PhoneServer

from browser import Browser, chromium_available
from wire import Wire
from phones_help import CAST, CONFIG, PLAYERS, TWIN_A, TWIN_B, TableThread, play_to_second_doctor_call, quiet_choice

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "phones"


def _wait_until(done, patience: float = 20.0) -> None:
    """A liveness check: the table must take a phone's action within a generous limit."""
    end = time.monotonic() + patience
    while not done():
        if time.monotonic() > end:
            raise AssertionError("stalled: the table did not take the phone's action")
        time.sleep(0.05)


def _serve(table, host: str = "0.0.0.0") -> PhoneServer:
    server = PhoneServer(table.desk, host, 0)
    assert server.start(), server.error
    return server


def _code(page) -> str:
    """The four digits the phone shows (waits for them: a page back at joining asks first)."""
    import re

    end = time.monotonic() + 20
    while time.monotonic() < end:
        found = re.search(r"type this code:\s*(\d{4})", page.text())
        if found:
            return found.group(1)
        time.sleep(0.05)
    raise AssertionError(f"stalled: no code on the page: {page.text()!r}")


def _join(browser, table, server, seats) -> dict:
    """Each phone opens the table's address; the table types the code the phone shows."""
    pages = {}
    for seat in seats:
        page = browser.phone(f"http://127.0.0.{seat + 2}:{server.port}/")
        code = _code(page)
        table.call(lambda s=seat, c=code: table.desk.link(s, c))
        page.wait_for(PLAYERS[seat])
        pages[seat] = page
    return pages


@pytest.fixture(scope="module")
def browser():
    problem = chromium_available()
    if problem:  # a failure, not a skip: these tests are the proof that phones work
        pytest.fail(problem)
    b = Browser()
    yield b
    b.close()


def _secret_game(tmp_path, cast=CAST, name="game") -> TableThread:
    table = TableThread(tmp_path / f"{name}.db", cast)

    def start():
        session = Session.start(table.store, "mafia-plus", {**CONFIG, "vote": "secret"}, seed=5)
        session.act(E.Dealt(tuple(cast), by_hand=True))
        table.session = session
        table.desk.watch(session)
    table.call(start)
    return table


def test_seven_phones_play_mafia_plus_from_the_join_to_the_reveal(tmp_path, browser):
    """...each phone through a logging proxy at its own address (wire.py): Chromium asks for
    permessage-deflate, the table grants none, and every frame on the wire is one length."""
    table = _secret_game(tmp_path)
    server = _serve(table, "127.0.0.1")
    wires = [Wire(server.port, f"127.0.0.{seat + 2}") for seat in range(7)]
    engine = table.session.engine
    pages = _join(browser, table, server, range(7))

    for seat, page in pages.items():  # the card: shown while held, gone when the finger lifts
        character = engine.view(table.session.state, Seat(seat)).character
        page.press("Hold to see your card")
        page.wait_for(f"For {PLAYERS[seat]} only")
        assert character in page.text()
        page.lift()
        page.wait_for("Hold to see your card")
        assert character not in page.text()

    for _ in range(400):
        st = table.session.state
        if st.phase == "over":
            break
        if st.phase == "night":
            table.call_now()
            key = (st.night, st.step)
            legal = engine.legal_actions_by_seat(st)
            actor = next((k for k in legal if k is not None), None)
            if actor is None:
                table.act(E.Continue())
                continue
            phone = pages[actor]
            phone.hold("Hold to answer")
            phone.wait_for("only")
            action = legal[actor][0]
            step = E._steps(st)[st.step]
            phone.tap(PLAYERS[action.target] if isinstance(action, E._Choice) else NP.option_text(action))
            phone.hold(NP.confirm_text(step, action, PLAYERS))
            _wait_until(lambda: (table.session.state.night, table.session.state.step) != key
                        or table.session.state.phase != "night")
            continue
        if st.stage == "discussion":
            present = [i for i in range(7) if E._available(st, i)]
            table.act(E.Accuse(present[0], present[-1]))
            table.act(E.CallVote("eliminate"))
            continue
        if st.stage == "voting":
            for seat in list(engine.legal_actions_by_seat(st)):
                phone = pages[seat]
                phone.wait_for("Secret vote")
                accused = PLAYERS[st.vote.accused[0]]
                phone.tap(accused)
                phone.hold(f"Hold to vote: {accused}")
                phone.wait_for("Your vote is in")
            continue
        table.act(E.CarryOut())
    assert table.session.state.phase == "over"
    for page in pages.values():
        page.wait_for("Game over")

    state = table.session.state
    for seat, page in pages.items():  # every frame and response a page received
        seen = "\n".join(page.received())
        own = engine.view(state, Seat(seat))
        for other in range(7):
            theirs = engine.view(state, Seat(other))
            if other != seat and theirs.card not in " ".join(own.notes):
                assert theirs.card not in seen, f"{PLAYERS[seat]}'s page received {PLAYERS[other]}'s card"
    server.stop()
    table.close()
    for wire in wires:
        wire.close()
    _same_length_on_the_wire(wires)


def _same_length_on_the_wire(wires) -> None:
    seen = [w.seen for w in wires]
    asked = [r for s in seen for r in s.requests if r.startswith(b"GET /ws")]
    granted = [h for s in seen for h, _ in s.responses if h.startswith(b"HTTP/1.1 101")]
    assert asked and all(b"permessage-deflate" in r.lower() for r in asked)  # Chromium asks for it
    assert granted and not any(b"sec-websocket-extensions" in h.lower() for h in granted)
    frames = [(rsv1, size) for s in seen for op, rsv1, size in s.frames if op == 1]
    assert len(frames) > 50 and set(frames) == {(0, FRAME + 4)}, sorted(set(frames))
    sent = {size for s in seen for op, size in s.sent_frames if op == 1}
    assert len(sent) == 1, sent  # "open", "card", "choose", "vote": one length
    answers = {size for s in seen for h, size in s.responses
               if b"application/json" in h and b"200 OK" in h and b"set-cookie" not in h.lower()}
    assert len(answers) == 1, answers


def test_dead_and_living_doctor_pages_are_the_same_in_the_browser(tmp_path, browser):
    """Twins that differ only in secrets (phones_help): on Night 2 A's Doctor (seat 0) is alive
    and B's (seat 2) is dead. Every page's night DOM is the same seat by seat; the Doctor's panel,
    its choice and what follows are the same whether the Doctor lives or not (the Doctor sits at
    another seat in B, so the page's own name is set aside there)."""
    seen = []
    for name, cast in (("a", TWIN_A), ("b", TWIN_B)):
        table = TableThread(tmp_path / f"{name}.db", cast)
        server = _serve(table)
        play_to_second_doctor_call(table)
        pages = _join(browser, table, server, (0, 2))
        table.call_now()
        for page in pages.values():
            page.wait_for("Hold to answer")
        night = {seat: page.html() for seat, page in pages.items()}
        doctor = pages[cast.index("doctor")]
        doctor.hold("Hold to answer")
        doctor.wait_for("For the Doctor only")
        panel = doctor.html("#panel")
        doctor.tap(PLAYERS[6])
        doctor.hold(f"Hold to heal {PLAYERS[6]}")
        doctor.wait_for("Hold to answer")
        after = doctor.html().replace(f">{PLAYERS[cast.index('doctor')]}<", ">the Doctor's name<")
        seen.append((night, panel, after))
        server.stop()
        table.close()
    for part, (a, b) in enumerate(zip(seen[0], seen[1])):
        assert a == b, (part, [(x, y) for x, y in zip(str(a).splitlines(), str(b).splitlines()) if x != y])


def test_a_reload_mid_night_returns_to_the_same_panel(tmp_path, browser):
    table = _secret_game(tmp_path)
    server = _serve(table)
    table.advance(lambda s: s.phase == "night" and s.night == 1 and E._steps(s)[s.step] == "doctor",
                  quiet_choice)
    (page,) = _join(browser, table, server, (0,)).values()
    table.call_now()
    page.hold("Hold to answer")
    page.wait_for("For the Doctor only")
    page.reload()
    shown = page.wait_for("For the Doctor only")
    assert "Hold to answer" not in shown
    server.stop()
    table.close()


def test_a_page_with_a_wrong_or_old_token_receives_nothing(tmp_path, browser):
    table = _secret_game(tmp_path)
    server = _serve(table)
    (page,) = _join(browser, table, server, (3,)).values()
    page.driver.add_cookie({"name": "mtc_phone", "value": "forged-token-of-nobody"})
    page.reload()
    page.wait_for("Join the table")
    table.new_game()  # the old token belongs to the last game
    page.reload()
    page.wait_for("Join the table")
    after_reload = page.received()[len(page.kept):]
    assert not any(name in frame for frame in after_reload for name in PLAYERS)
    server.stop()
    table.close()


def test_phone_screenshots_for_the_readme(tmp_path, browser):
    """The README's phone pictures, taken by Chromium at 390x844 from a real game."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    table = _secret_game(tmp_path)
    server = _serve(table)
    join = browser.phone(f"http://127.0.0.20:{server.port}/")
    join.wait_for("type this code")
    join.screenshot(SHOTS / "join.png")
    (page,) = _join(browser, table, server, (1,)).values()
    page.press("Hold to see your card")
    page.wait_for("For Bruno only")
    page.screenshot(SHOTS / "card.png")
    page.lift()
    table.advance(lambda s: s.phase == "night" and s.night == 1 and E._steps(s)[s.step] == "detective",
                  quiet_choice)
    table.call_now()
    page.wait_for("Hold to answer")
    page.screenshot(SHOTS / "night.png")
    page.hold("Hold to answer")
    page.wait_for("For the Detective only")
    page.tap(PLAYERS[4])
    page.screenshot(SHOTS / "night-panel.png")
    page.hold(f"Hold to investigate {PLAYERS[4]}")
    page.wait_for("Night 1:")
    page.screenshot(SHOTS / "night-answer.png")
    table.advance(lambda s: s.phase == "day", quiet_choice)
    table.act(E.Accuse(0, 4))
    table.act(E.Accuse(3, 5))
    table.act(E.CallVote("eliminate"))
    page.wait_for("Secret vote")
    page.tap(PLAYERS[4])
    page.screenshot(SHOTS / "secret-vote.png")
    server.stop()
    table.close()


# -- issue #22: the page's state, a lost seat, another origin, long names ----------------------------
def _mine_replaced(page, seat: int) -> str:
    return page.html().replace(f">{PLAYERS[seat]}<", ">me<")


def test_two_phones_alive_and_dead_have_the_same_dom_after_nights_and_a_vote(tmp_path, browser):
    """Seat 0 (the Doctor) heals on Night 1, votes on Day 2; seat 2 dies on Night 1 and opens
    "Not your call". At Night 2's call both pages are the same DOM, hidden parts included: no
    "Hold to heal", no ballot, no "Your vote is in." left over."""
    table = _secret_game(tmp_path)
    server = _serve(table)
    pages = _join(browser, table, server, (0, 2))
    table.advance(lambda s: s.phase == "night" and s.night == 1 and E._steps(s)[s.step] == "doctor", quiet_choice)
    table.call_now()
    doctor, other = pages[0], pages[2]
    other.hold("Hold to answer")
    other.wait_for("Not your call")
    other.tap("Close")
    doctor.hold("Hold to answer")
    doctor.wait_for("For the Doctor only")
    doctor.tap(PLAYERS[6])
    doctor.hold(f"Hold to heal {PLAYERS[6]}")
    doctor.wait_for("Hold to answer")
    table.advance(lambda s: s.phase == "day" and s.day == 2, quiet_choice)
    table.act(E.Accuse(1, 6))
    table.act(E.CallVote("eliminate"))
    doctor.wait_for("Secret vote")
    table.advance(lambda s: 0 in table.session.engine.legal_actions_by_seat(s), quiet_choice)
    doctor.tap(PLAYERS[6])
    doctor.hold(f"Hold to vote: {PLAYERS[6]}")
    doctor.wait_for("Your vote is in")
    table.advance(lambda s: s.phase == "night" and s.night == 2, quiet_choice)
    table.call_now()
    for page in pages.values():
        page.wait_for("Hold to answer")
    a, b = _mine_replaced(doctor, 0), _mine_replaced(other, 2)
    server.stop()
    table.close()
    assert "Your vote is in" not in a and "Hold to heal" not in a and "selected" not in a
    assert a == b, [(x, y) for x, y in zip(a.split("><"), b.split("><")) if x != y]


def test_a_lost_seat_returns_its_page_to_joining_with_nothing_of_the_game(tmp_path, browser):
    """Finding 3: after a new game (and after the seat went to another phone) the old page showed
    the new game's names and "Hold to see your card". Now it is back at "Join the table"."""
    table = _secret_game(tmp_path)
    server = _serve(table)
    (page,) = _join(browser, table, server, (3,)).values()
    table.new_game()
    page.wait_for("Join the table")
    assert not any(name in page.html() for name in PLAYERS)
    code = _code(page)
    table.call(lambda: table.desk.link(3, code))
    page.wait_for(PLAYERS[3])
    newcomer = browser.phone(f"http://127.0.0.30:{server.port}/")
    code = _code(newcomer)
    table.call(lambda: table.desk.link(3, code))  # "Hold to replace Dario's phone"
    newcomer.wait_for(PLAYERS[3])
    page.wait_for("Join the table")
    assert not any(name in page.html() for name in PLAYERS)
    assert table.desk.connected == frozenset({3})
    server.stop()
    table.close()


EVIL = b"""<!doctype html><html><body><p id="out">waiting</p><script>
const out = document.getElementById("out");
const ws = new WebSocket("ws://" + location.hostname + ":PORT/ws");
ws.onmessage = (e) => { out.textContent = "GOT " + e.data.slice(0, 60); };
ws.onclose = () => { if (!out.textContent.startsWith("GOT")) out.textContent = "closed"; };
ws.onerror = () => { if (!out.textContent.startsWith("GOT")) out.textContent = "closed"; };
</script></body></html>"""


def test_a_page_of_another_service_on_this_host_reads_no_seat(tmp_path, browser):
    """Finding 5: a page served by another web service on the Pi (same address, another port:
    same-site, so the Strict cookie goes along) opened /ws and read the seat's card."""
    import http.server
    import threading

    table = _secret_game(tmp_path)
    server = _serve(table)
    (page,) = _join(browser, table, server, (1,)).values()
    body = EVIL.replace(b"PORT", str(server.port).encode())

    class Evil(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass
    evil = http.server.ThreadingHTTPServer(("127.0.0.3", 0), Evil)
    threading.Thread(target=evil.serve_forever, daemon=True).start()
    try:
        # the phone's own address, the other service's port: the cookie is sent along
        other = browser.phone(f"http://127.0.0.3:{evil.server_address[1]}/")
        shown = other.wait_for("closed")
        assert "GOT" not in shown
        assert not any(PLAYERS[1] in frame for frame in other.received())
    finally:
        evil.shutdown()
        server.stop()
        table.close()


def test_a_long_name_without_spaces_stays_inside_the_choice_grid(tmp_path, browser):
    """Finding 6: a 24-letter name without a space overflowed the choice grid."""
    long_name = "Maximilianaconstantinaa"[:24]
    players = PLAYERS[:6] + [long_name]
    table = TableThread(tmp_path / "long.db")

    def start():
        session = Session.start(table.store, "mafia-plus", {**CONFIG, "players": players}, seed=5)
        session.act(E.Dealt(tuple(CAST), by_hand=True))
        table.session = session
        table.desk.watch(session)
    table.call(start)
    server = _serve(table)
    table.advance(lambda s: s.phase == "night" and s.night == 1 and E._steps(s)[s.step] == "doctor", quiet_choice)
    (page,) = _join(browser, table, server, (0,)).values()
    table.call_now()
    page.hold("Hold to answer")
    page.wait_for("For the Doctor only")
    page.tap(long_name)
    page.wait_for(f"Hold to heal {long_name}")
    page.screenshot(tmp_path / "long-name.png")
    outside = page.driver.execute_script("""
        const w = document.documentElement.clientWidth;
        return [...document.querySelectorAll('#panel button')].filter(
            (b) => b.offsetParent && (b.scrollWidth > b.clientWidth + 1 || b.getBoundingClientRect().right > w + 0.5)
        ).map((b) => b.textContent);""")
    server.stop()
    table.close()
    assert outside == []


def test_the_room_screen_in_a_browser_follows_the_table(tmp_path, browser):
    """/room in any browser on the table's network, no cookie: the deal, the night's call, the
    Day with its countdown, accused and the vote's progress (a picture for the README)."""
    table = _secret_game(tmp_path)
    server = _serve(table)
    room = browser.phone(f"http://127.0.0.40:{server.port}/room")
    room.wait_for("The deal")
    table.call_now()
    room.wait_for("Night 0")
    table.advance(lambda s: s.phase == "day" and s.day == 2, quiet_choice)
    table.call(lambda: table.desk.set_timer("4:53"))
    table.act(E.Accuse(1, 6))
    table.act(E.CallVote("eliminate"))
    table.advance(lambda s: 0 not in table.session.engine.legal_actions_by_seat(s) and len(s.vote.votes) >= 2,
                  quiet_choice)
    shown = room.wait_for("2 voted")
    assert "4:53" in shown and f"Accused: {PLAYERS[1]}" not in shown and PLAYERS[6] in shown
    room.screenshot(SHOTS / "room.png")
    assert not room.buttons()  # it only shows
    server.stop()
    table.close()
