"""Phones as private screens (#16) at the Mafia (Sicily) and Mafia Casino tables, played by the table
robot and "phones" (plain aiohttp clients, as a phone's browser talks to the table: its own cookie
jar, POST /api/hello for the code it shows, the WebSocket for its page and card).

Each seat links its own phone during its private moment: Sicily's private card screen ("For Anna
only"), Casino's "Join with phones" step ("Pass to Anna"). The robot reads the table's address
under its QR code, types the code on the table's keypad by the digits' visible text, and sees the
sentence a wrong code gets. Then the game is played until cards are held, and every phone's card
is read: its own seat's cards, never another seat's (checked against the stored game, read from
outside). Nothing calls into the app.
"""

from __future__ import annotations

import json
import re

import aiohttp

from phones_table import ADDRESS, Phone, wrong
from tables_help import check_layout, seat_names

WRONG = re.compile(r"^No phone shows the code")


class SeatPhone(Phone):
    """A phone that also keeps every frame its WebSocket received (to look for another seat's cards)."""

    def __init__(self, url: str):
        super().__init__(url)
        self.received: list[str] = []

    def card(self) -> dict:
        """Ask for the card (what "Hold to see your card" shows) and wait for it."""
        async def go():
            for _ in range(2):
                if self.ws is None or self.ws.closed:  # a phone that slept opens its page again
                    self.ws = await self.session.ws_connect(self.url + "ws")
                await self.ws.send_str(json.dumps({"t": "card"}))
                while True:
                    msg = await self.ws.receive(timeout=10)
                    if msg.type != aiohttp.WSMsgType.TEXT:
                        # this test's phone answers no heartbeat while the table plays on (a
                        # browser does), so the server may have closed it: connect again
                        break
                    self.received.append(msg.data)
                    data = json.loads(msg.data)
                    if data.get("t") in ("card", "error"):
                        return data
            raise AssertionError("the phone's page could not be read")
        return self._run(go())

    def everything(self) -> str:
        return "\n".join(self.received)


def _address(r) -> str:
    return f"http://{r.wait_for(ADDRESS)}/"


def _type(r, code: str) -> None:
    for digit in code:
        r.tap(digit)
    r.tap("Link")


def _link(t, url: str, name: str, where: str, try_wrong: bool = False) -> SeatPhone:
    """At this seat's private moment: "Link a phone", (a wrong code first), the phone's code."""
    r, obs = t.robot, t.obs
    phone = SeatPhone(url)
    code = phone.hello()["code"]
    r.tap("Link a phone")
    r.wait_for(f"Type the code {name}'s phone shows")
    if try_wrong:
        check_layout(t, f"{where}-keypad")
        stray = SeatPhone(url)  # a phone waiting with another code: a wrong code must not link it
        stray_code = stray.hello()["code"]
        bad = wrong(code) if wrong(code) != stray_code else wrong(stray_code)
        _type(r, bad)
        obs["wrong_code"] = r.wait_for(WRONG)
        obs["keypad_still_open"] = r.sees(f"Type the code {name}'s phone shows")
        check_layout(t, f"{where}-keypad-wrong")
        obs["after_wrong"] = [phone.page()[0], stray.page()[0]]
        stray.close()
    _type(r, code)
    obs.setdefault("linked_notes", []).append(r.wait_for(f"{name}'s phone is linked."))
    status, page = phone.page()
    obs.setdefault("pages", {})[name] = [status, page.get("name") if isinstance(page, dict) else page]
    phone.connect()
    return phone


def _replace_needs_a_hold(t, name: str) -> None:
    """A seat that has a phone: a tap on "Hold to replace" only says "Hold longer"; a hold opens
    the keypad (Cancel closes it again)."""
    r, obs = t.robot, t.obs
    r.tap(f"Hold to replace {name}'s phone")
    r.run_for(0.3)
    obs["tap_opened_keypad"] = r.sees(f"Type the code {name}'s phone shows")
    r.hold("Hold longer")
    obs["hold_opened_keypad"] = bool(r.wait_for(f"Type the code {name}'s phone shows"))
    r.tap("Cancel")


def _read_cards(t, phones: dict[str, SeatPhone], held_by_seat: dict[int, list[str]], names) -> None:
    """Every phone's card: its own seat's cards all there, no other seat's anywhere it received."""
    obs = t.obs
    obs["cards_read"] = {}
    leaks, missing = [], []
    for name, phone in phones.items():
        seat = names.index(name)
        card = phone.card()
        text = "\n".join(str(card.get(k, "")) for k in ("title", "extra"))
        obs["cards_read"][name] = text
        for want in held_by_seat.get(seat, []):
            if want not in text:
                missing.append(f"{name}'s phone lacks {want!r}")
        everything = phone.everything() + "\n" + text
        for other, theirs in held_by_seat.items():
            if other != seat:
                leaks += [f"{name}'s phone received {names[other]}'s {c!r}" for c in theirs
                          if c in everything and c not in held_by_seat.get(seat, [])]
    obs["phone_missing"] = missing
    obs["phone_leaks"] = leaks


# -- Mafia (Sicily) ------------------------------------------------------------------------------

SICILY = ["Anna", "Bruno", "Carla", "Dario", "Elena"]
NAV = re.compile(r"^(‹ |Cards$|Score$|Undo$|Keep it$|Take back$|Yes, on my private screen$|Play a card|Use a card|"
                 r"Give up a card|Enter real dice$|See the map$|Map: |Moved elsewhere\? Map|Phones)")
LOOK = re.compile(r": see my new card$")


def _sicily_held(t, game_id: int) -> dict[int, list[str]]:
    engine, state, _ = t.outside.replay(game_id)
    out = {}
    for seat in range(state.players):
        sides = engine.factions_of_seat(state, seat)
        out[seat] = [engine.card_by_id[c].name for k, cards in state.hands if k in sides for c in cards]
    return out


def _sicily_play_until_cards(t, game_id: int, limit: int = 90) -> int:
    """Public moves (real dice 1 + 1 at first, so callers reach a telephone at once; draws by the
    app) until a card is held; returns how many seats hold one."""
    r = t.robot
    rolls = 0
    for _ in range(limit):
        held = _sicily_held(t, game_id)
        if any(held.values()):
            return sum(1 for v in held.values() if v)
        r.wait_for(re.compile("."), control=True)
        r.run_for(0.2)
        controls = [c.text for c in r.controls()]
        homes = [c for c in controls if c.endswith("as home city")]
        if homes:
            r.tap(next((c for c in homes if "Palermo" in c or "Catania" in c), homes[0]))
            continue
        if "Roll 2 dice" in controls:
            rolls += 1
            if rolls <= 3:
                r.tap("Enter real dice")
                r.wait_for(re.compile(r"^Real first die"))
                r.tap("1")
                r.wait_for(re.compile(r"^Real second die"))
                r.tap("1")
            else:
                r.tap("Roll 2 dice")
            continue
        if "Roll the die" in controls:
            r.tap("Roll the die")
            continue
        if any(c.startswith("Draw the ") for c in controls):
            r.tap(re.compile(r"^Draw the "))
            continue
        phones = [c for c in controls if "(telephone) · " in c]
        callers = [c for c in controls if re.match(r"^(\w+ Boss|Prefetto) · ", c)]
        public = [c for c in controls if not NAV.match(c) and not LOOK.search(c)]
        for want in (phones, callers, [c for c in public if c in ("Done", "No", "Go quietly")], public):
            if want:
                r.tap(want[0])
                break
        else:
            break
    return sum(1 for v in _sicily_held(t, game_id).values() if v)


def sicily(t) -> None:
    """Five players: each links a phone on their own private card screen ("For Anna only": Link a
    phone, the keypad, the table's QR beside); a wrong code is refused in words and links nothing;
    a linked seat's phone is replaced only by a hold; the game is played until cards are held and
    each phone shows its own seat's cards, never another's."""
    from sicily_robot import new_game

    r, obs = t.robot, t.obs
    new_game(r, SICILY)
    r.wait_for("Cards", control=True)
    game_id = t.outside.latest_game("mafia-sicily")
    r.tap("Cards")
    r.wait_for(re.compile(r"^For .+ only$"))
    r.wait_for("Phones: scan to join")
    url = _address(r)
    phones: dict[str, SeatPhone] = {}
    for i, name in enumerate(SICILY):
        if not r.sees(f"For {name} only"):
            r.tap(name)  # "Another player:" - the device is passed to them
            r.wait_for(f"For {name} only")
        if i == 0:
            check_layout(t, "sicily-hand-phones-5")
        phones[name] = _link(t, url, name, "sicily", try_wrong=(i == 0))
        if i == 0:
            check_layout(t, "sicily-hand-linked-5")
            _replace_needs_a_hold(t, name)
            r.wait_for(f"Hold to replace {name}'s phone")
    obs["status_line"] = r.wait_for("phones: 5 connected")
    r.tap("Anna")  # back at a seat that has a phone: its screen says so
    obs["linked_line"] = r.wait_for("Anna: your cards are on your phone too.")
    check_layout(t, "sicily-hand-has-phone-5")
    r.tap(re.compile(r"^‹ "))
    obs["holding"] = _sicily_play_until_cards(t, game_id)
    _read_cards(t, phones, _sicily_held(t, game_id), SICILY)
    for phone in phones.values():
        phone.close()


# -- Mafia Casino ----------------------------------------------------------------------------------

CASINO = ("Anna", "Ben", "Cleo", "Dan", "Eva", "Fay")
MARKET = re.compile(r"^● ")


def _casino_buy(r, cards) -> None:
    r.tap("Play a card")
    r.tap("Buy jewels")
    r.hold(re.compile(r": hold to open your safe$"))  # the buyer's private pad (issue 26)
    r.wait_for(re.compile(r"^For .+ only$"))
    for card in cards:
        r.tap(card)
    r.tap("Into the safe")
    r.wait_gone(re.compile(r"^For .+ only$"))
    r.wait_for(MARKET, control=True)
    r.tap([c.text for c in r.controls() if MARKET.match(c.text)][0])


def _casino_end_turn(r) -> None:
    for _ in range(4):
        if r.sees("Hand over the tokens") and any(c.text == "Done" for c in r.controls()):
            r.tap("Done")
        r.wait_for(re.compile(r"^End (phase 1|turn)$"), control=True)
        if any(c.text == "End turn" for c in r.controls()):
            r.tap("End turn")
            return
        r.tap("End phase 1")


def _casino_held(t, game_id: int) -> dict[int, list[str]]:
    """Each seat's safe as the pad words a jewel card ("20 pearls"), from the stored game."""
    _, state, _ = t.outside.replay(game_id)
    return {i: [f"{n} {j}s" for j, n in p.safe] for i, p in enumerate(state.players)}


def casino(t) -> None:
    """Six players: "Phones" on the table opens Join with phones; seat by seat ("Pass to Anna")
    each links their own phone or skips; a wrong code is refused in words and links nothing; then
    Anna buys pearls and Ben diamonds into their safes, and each phone shows its own safe only."""
    r, obs = t.robot, t.obs
    r.tap("Mafia Casino")
    r.wait_for("Money")
    seat_names(r, CASINO)
    r.tap("Start with 6 players")
    r.wait_for("App picks", control=True)
    game_id = t.outside.latest_game("mafia-casino")
    r.tap("App picks")
    r.wait_for("Anna", control=True)
    r.tap("Anna")
    r.wait_for("Play a card", control=True)
    check_layout(t, "casino-table-phones-6")
    r.tap("Phones")
    r.wait_for("Pass to Anna")
    url = _address(r)
    phones: dict[str, SeatPhone] = {}
    for i, name in enumerate(CASINO):
        r.wait_for(f"Pass to {name}")
        if i == 0:
            check_layout(t, "casino-join-6")
        if name == "Dan":  # Dan has no phone: the table goes on without one
            r.tap("Skip")
            continue
        phones[name] = _link(t, url, name, "casino", try_wrong=(i == 0))
        if i == 0:
            check_layout(t, "casino-join-linked-6")
            _replace_needs_a_hold(t, name)
        if name == CASINO[-1]:
            check_layout(t, "casino-join-last-6")
        r.tap("Pass on ›")
    obs["done_line"] = r.wait_for("Every seat had its turn")
    check_layout(t, "casino-join-done-6")
    obs["status_line"] = r.wait_for("phones: 5 connected")
    r.tap("Back to the table")
    r.wait_for("Play a card", control=True)
    _casino_buy(r, ("10 pearls", "20 pearls"))  # Anna
    _casino_end_turn(r)
    r.wait_for("Play a card", control=True)
    _casino_buy(r, ("10 diamonds",))  # Ben
    held = _casino_held(t, game_id)
    obs["safes"] = {CASINO[s]: v for s, v in held.items()}
    _read_cards(t, phones, held, list(CASINO))
    for phone in phones.values():
        phone.close()
