"""Mafia+ with phones: the table robot plays the Kivy table, and every private moment happens on
the player's own phone page in a real headless Chromium (tests/phones/browser.py), used like a
person: visible text, real holds, waiting for the page.

The people: at the deal each phone opens the table's address (read off the table's screen, under
its QR code), shows a code, and the player types it on the table's keypad; the card is seen on the
phone. At night the called player answers on the phone; a secret vote is cast on the phones. The
table stays the narrator and the public screen. After the game every frame and response each page
received is scanned for another seat's card.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from companion.engine import Seat

from mafia_plus_table import NAMES, MafiaPlusTable

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "phones"))
from browser import Browser  # noqa: E402

ADDRESS = re.compile(r"^(?:https?://)?[\w.\-]+:(\d+)/?$")  # "10.42.0.1:8765", under the QR code
CODE = re.compile(r"type this code:\s*(\d{4})")


class PhoneTable(MafiaPlusTable):
    """The same people as MafiaPlusTable, each with a phone for what is private."""

    screenshots = False

    def __init__(self, t, names, seed=1):
        super().__init__(t, names, seed)
        self.browser = Browser(pump=self.r.run_for)
        self.pages: dict[str, object] = {}

    def close(self) -> None:
        self.browser.close()

    def port(self) -> str:
        for text in self.r.texts():
            found = ADDRESS.match(text.strip())
            if found:
                return found.group(1)
        raise AssertionError(f"the table shows no address to join: {self.r.texts()}")

    # -- the deal: link a phone, see the card on it ----------------------------------------------
    def deal(self) -> None:
        r = self.r
        r.tap("Deal the cards")
        for i, name in enumerate(self.names):
            r.wait_for(f"Pass to {name}")
            self.check("deal")
            page = self.browser.phone(f"http://127.0.0.{i + 2}:{self.port()}/")
            code = CODE.search(page.wait_for("type this code")).group(1)
            r.tap("Link a phone")
            r.wait_for(f"Type the code {name}'s phone shows")
            for digit in code:
                r.tap(digit)
            r.tap("Link")
            r.wait_for(f"{name}'s phone is linked.")
            page.wait_for(name)
            self.pages[name] = page
            page.press("Hold to see your card")
            seen = page.wait_for(f"For {name} only")
            self.cards[name] = next(NAMES[line] for line in seen.splitlines() if line in NAMES)
            page.lift()
            page.wait_for("Hold to see your card")
            self.check("deal, the card seen on the phone")
            r.hold("Seen it · pass on ›")
        self.obs["cards"] = dict(self.cards)

    # -- the night: every phone dark and the same; the called one answers -------------------------
    def night_panel(self, role: str, actor: str) -> None:
        # every phone, at this call: the same dark page (read without the phone's own name)
        same = {}
        for name, each in self.pages.items():
            each.wait_for("Hold to answer")
            same[name] = each.text().replace(name, "", 1)
        self.obs.setdefault("night_pages", []).append(same)
        page = self.pages[actor]
        page.hold("Hold to answer")
        if role == "lady_tap":
            seen = page.wait_for("For the one the Lady chose")
            self.obs.setdefault("lady_learned", []).append(seen)
            page.tap("Close")
            return
        seen = page.wait_for(" only")
        self.obs.setdefault("phone_panels", []).append(seen.splitlines()[0] if seen else "")
        target = self.pick(role, actor, [b.text for b in page.buttons() if b.text in self.names])
        if target:
            page.tap(target)
            page.hold(next(b.text for b in page.buttons() if b.text.startswith("Hold to ")
                           and b.text.endswith(f" {target}")))
        else:
            page.tap("Not tonight")
            page.hold("Hold to confirm: not tonight")
        if role in ("detective", "lady_of_the_night"):
            answer = page.wait_for("Night ")
            self.obs.setdefault("answers", []).append(answer)
            page.wait_for("Hold to see your card", patience=15)  # the answer hides itself
        self.check("night, answered on the phone")

    # -- the secret vote on the phones ----------------------------------------------------------
    def vote(self, target, other, mafia, tie=False, carry_out=True):
        r = self.r

        while True:
            text = r.wait_for(re.compile(r"^Carry out$|^Debate again$|^Pass to "), timeout=60)
            self.check("vote")
            if not text.startswith("Pass to "):
                break
            voter = text[len("Pass to "):]
            pick = other if voter in mafia else target
            page = self.pages[voter]
            page.wait_for("Secret vote")
            page.tap(pick)
            page.hold(f"Hold to vote: {pick}")
            page.wait_for("Your vote is in")
            r.wait_gone(f"Pass to {voter}")
        if carry_out:
            r.hold("Carry out")
            self.check("verdict carried out")
        return text

    # -- what every page received ---------------------------------------------------------------------
    def scan(self) -> None:
        engine, state, _ = self.t.outside.replay(self.game_id)
        leaks = []
        for i, name in enumerate(self.names):
            seen = "\n".join(self.pages[name].received())
            own = engine.view(state, Seat(i))
            for j, other in enumerate(self.names):
                theirs = engine.view(state, Seat(j))
                if j != i and theirs.card not in " ".join(own.notes) and theirs.card in seen:
                    leaks.append(f"{name}'s phone received {other}'s card {theirs.card}")
        self.obs["phone_leaks"] = leaks
        self.obs["phones_at_end"] = {name: page.text() for name, page in self.pages.items()}


def seven_players(t) -> None:
    """Seven players, every seat with a phone, a secret vote: from the join to the reveal."""
    table = PhoneTable(t, ["Anna", "Ben", "Carla", "Dario", "Elena", "Franco", "Gina"], seed=7)
    try:
        table.new_game(picks=["Mayor K♣"], vote="Secret (phone or pass)")
        table.deal()
        table.to_the_end(["eliminate", "cannon"])
        table.scan()
    finally:
        table.close()
