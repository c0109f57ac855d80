"""Phones as private screens (#16), played by the table robot and a "phone" (a plain aiohttp
client, as a phone's browser talks to the table).

The robot reads the table's address where a person reads it (the text under the QR code on the
deal screen), taps the code's digits on the table's keypad by their visible text, and checks
from the phone's side (GET /api/page) that the link took. Nothing calls into the app.
"""

from __future__ import annotations

import asyncio
import os
import re

import aiohttp

from mafia_plus_table import MafiaPlusTable
from robot import NotOnScreen, Stalled
from liveness import patience  # noqa: E402  (tests/, on the path from robot.py)

RESUME = re.compile(r"^Mafia\+ · ")  # the home screen's Resume row for the open game ("Mafia+ · Night 0 — …")
ADDRESS = re.compile(r"^\d{1,3}(\.\d{1,3}){3}:\d{2,5}$")
SEVEN = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina"]
TWENTY_THREE = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Hugo", "Ines", "Jonas", "Kira",
                "Luca", "Mara", "Nico", "Olga", "Paolo", "Quinn", "Rosa", "Sven", "Tina", "Ugo", "Vera",
                "Valentina"]


class Phone:
    """One phone's browser: its own cookie jar, talking to the table's address."""

    def __init__(self, url: str):
        self.url = url
        self.loop = asyncio.new_event_loop()
        self.session = self.loop.run_until_complete(self._open())
        self.ws = None

    async def _open(self):
        # a browser sends its page's Origin with every POST and WebSocket handshake
        return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True),
                                     timeout=aiohttp.ClientTimeout(total=patience(10)),
                                     headers={"Origin": self.url.rstrip("/")})

    def _run(self, coro):
        return self.loop.run_until_complete(coro)

    def hello(self) -> dict:
        async def go():
            async with self.session.post(self.url + "api/hello") as r:
                assert r.status == 200, r.status
                answer = await r.json()
                answer.pop("_", None)  # the padding: every answer is one frame long
                return answer
        return self._run(go())

    def page(self) -> tuple[int, dict | str]:
        async def go():
            async with self.session.get(self.url + "api/page") as r:
                return r.status, (await r.json(content_type=None)) if r.status == 200 else await r.text()
        return self._run(go())

    def connect(self) -> None:
        """Open the page's WebSocket (the phone is 'connected' while it stays open)."""
        self.ws = self._run(self.session.ws_connect(self.url + "ws"))

    def close(self) -> None:
        async def go():
            if self.ws is not None:
                await self.ws.close()
            await self.session.close()
        self._run(go())
        self.loop.close()


def refused(url: str) -> bool:
    """GET / finds nobody listening (phones off)."""
    async def go():
        try:
            async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=5)) as s:
                async with s.get(url) as r:
                    return r.status >= 400
        except (aiohttp.ClientConnectionError, asyncio.TimeoutError):
            return True
    return asyncio.run(go())


def table_address(r) -> str:
    """The address printed under the QR code, as a person reads it (http:// added)."""
    text = r.wait_for(ADDRESS)
    return f"http://{text}/"


def type_code(r, code: str) -> None:
    for digit in code:
        r.tap(digit)
    r.tap("Link")


def wrong(code: str) -> str:
    return f"{(int(code) + 5000) % 10000:04d}"


def link_at_the_deal(t) -> None:
    """7 players, phones on: the QR and the address before the shuffle (on another port when the
    asked one is busy), a wrong code's sentence at the keypad, the right code links Anna (her
    phone sees her page), the status line counts the connected phone, a second phone replaces
    hers only by a hold, and the seats without phones are dealt exactly as before."""
    r = t.robot
    obs = t.obs
    table = MafiaPlusTable(t, SEVEN)
    table.new_game()
    before = set(r.cut)  # what this test checks is cut from the deal on
    r.wait_for("Phones: scan to join")
    url = table_address(r)
    obs["address"] = url
    busy = os.environ.get("PHONES_TEST_BUSY_PORT")
    if busy:
        obs["busy_port_avoided"] = not url.rstrip("/").endswith(":" + busy)
    t.shot("phones-deal-qr-7")
    r.tap("Deal the cards")
    r.wait_for("Pass to Anna")
    t.shot("phones-pass-7")

    anna = Phone(url)
    code = anna.hello()["code"]
    obs["page_before_link"] = anna.page()[0]
    r.tap("Link a phone")
    r.wait_for("Type the code Anna's phone shows")
    type_code(r, wrong(code))
    obs["wrong_code"] = r.wait_for(re.compile(r"^No phone shows the code"))
    obs["keypad_still_open"] = r.sees("Type the code Anna's phone shows")
    t.shot("phones-keypad-wrong-7")
    type_code(r, code)
    obs["linked_note"] = r.wait_for("Anna's phone is linked.")
    obs["keypad_closed"] = not r.sees("Type the code Anna's phone shows")
    status, page = anna.page()
    obs["page_after_link"] = status
    obs["page_name"] = page.get("name") if isinstance(page, dict) else page
    anna.connect()
    obs["status_line"] = r.wait_for("phones: 1 connected")

    # replacing the phone is a hold, never a tap
    r.wait_for("Hold to replace Anna's phone")
    r.tap("Hold to replace Anna's phone")
    r.run_for(0.3)
    obs["tap_opened_keypad"] = r.sees("Type the code Anna's phone shows")
    new = Phone(url)
    code2 = new.hello()["code"]
    obs["tap_hint"] = r.wait_for("Hold longer")
    r.hold("Hold longer")  # the same button, now saying how
    r.wait_for("Type the code Anna's phone shows")
    type_code(r, code2)
    r.wait_for("Anna's phone is linked.")
    obs["old_phone_after_replace"] = anna.page()[0]
    obs["new_phone_after_replace"] = new.page()[0]
    t.go_home()  # the table comes back to the deal later: a linked seat's pass says so
    r.tap(RESUME)
    obs["pass_hint_linked"] = r.wait_for("Anna: your card is on your phone too.")

    # the deal goes on as before, Anna's card on the table too
    for name in SEVEN:
        r.wait_for(f"Pass to {name}")
        seen = r.peek("Hold to see my card", seconds=0.6)
        assert f"For {name} only" in seen, seen
        table.check("deal, phones")
        r.hold("Seen it · pass on ›")
    obs["dealt"] = True
    anna.close()
    new.close()
    obs["cut"] = sorted(set(r.cut) - before)


def twenty_three_at_the_deal(t) -> None:
    """23 players, 800x480: the QR beside the shuffle, the small QR beside a pass, the keypad."""
    r = t.robot
    table = MafiaPlusTable(t, TWENTY_THREE)
    table.new_game()
    before = set(r.cut)  # (the setup's seat ring at 23 cuts "Valentina": not this test's screens)
    r.wait_for("Phones: scan to join")
    url = table_address(r)
    t.shot("phones-deal-qr-23")
    r.tap("Deal the cards")
    r.wait_for("Pass to Anna")
    for name in TWENTY_THREE[:-1]:
        r.wait_for(f"Pass to {name}")
        r.hold("Seen it · pass on ›")
    name = TWENTY_THREE[-1]
    r.wait_for(f"Pass to {name}")
    t.shot("phones-pass-23")
    phone = Phone(url)
    code = phone.hello()["code"]
    r.tap("Link a phone")
    r.wait_for(f"Type the code {name}'s phone shows")
    for digit in code[:2]:
        r.tap(digit)
    t.shot("phones-keypad-23")
    for digit in code[2:]:
        r.tap(digit)
    r.tap("Link")
    r.wait_for(f"{name}'s phone is linked.")
    t.shot("phones-linked-23")
    status, page = phone.page()
    t.obs["page"] = [status, page.get("name") if isinstance(page, dict) else page]
    phone.close()
    t.obs["cut"] = sorted(set(r.cut) - before)


def phones_off(t) -> None:
    """Settings: "Phones: On" tapped turns them off at once (nobody answers
    the address any more) and the deal shows nothing of phones; tapped again, they are back."""
    r = t.robot
    obs = t.obs
    table = MafiaPlusTable(t, SEVEN)
    table.new_game()
    url = table_address(r)
    obs["served_before"] = not refused(url)
    t.go_home()
    r.tap("Settings")
    r.tap("Phones: On")
    r.wait_for("Phones: Off")
    t.shot("phones-settings-off")
    obs["refused_when_off"] = refused(url)
    t.go_home()
    r.tap(RESUME)
    r.wait_for("Deal the cards")
    obs["qr_when_off"] = r.sees("Phones: scan to join") or r.sees(ADDRESS)
    r.tap("Deal the cards")
    r.wait_for("Pass to Anna")
    obs["link_button_when_off"] = r.sees("Link a phone")
    t.go_home()
    r.tap("Settings")
    r.tap("Phones: Off")
    r.wait_for("Phones: On")
    t.shot("phones-settings-on")
    t.go_home()
    r.tap(RESUME)
    r.wait_for("Pass to Anna")
    obs["address_on"] = r.wait_for(ADDRESS)
    try:
        r.find("Link a phone", timeout=5)
        obs["link_button_back"] = True
    except (Stalled, NotOnScreen):
        obs["link_button_back"] = False
