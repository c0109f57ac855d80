"""Mafia Casino secret twins through the real app (issue 13), for twins.walk.

A short 3-player game (Anna, Ben, Cleo; physical tokens), the same public moves in both twins, played
by visible text from Home: a Market Value card, Anna first; Anna taps Buy jewels (the shared screen
then says only whose moment it is: "Anna: hold to open your safe"), holds it, and on her private pad
("For Anna only", over the whole screen) puts two cards into her safe (where the twins differ: twin
"pearls" taps 10 pearls and 20 pearls, twin "diamonds" 10 diamonds and 20 diamonds); a new Market
Value card taken back, the undo question of the buy asked and kept, the Market Value card again, the Ledger looked at; Ben robs Anna's safe (the
app takes both cards: in one twin he now holds pearls, in the other diamonds), the undo question
again, his card choice looked at; Cleo plays the slot machine (a spoken result); Anna passes, and Ben
holds his sell pad open on his turn and cancels it unsold (his card choice, Sell jewels enabled, the
hold, seen before and after). The walk stops before any safe card is sold (a sale makes a value public).

The Market Value card is tapped on its button (the same in both twins), never "App picks": each
twin's session has its own seed, so the app's own draw would differ publicly. The robbery's "App
takes the cards" is the app's draw too, but it takes every card of a safe of two (min(3, 2)), so the
same positions in both twins.
"""

from __future__ import annotations

import re

from robot import Robot
from tables_help import seat_names

NAMES = ("Anna", "Ben", "Cleo")
#: what each twin puts into Anna's safe (the same count, different cards)
SAFE = {"pearls": ("10 pearls", "20 pearls"), "diamonds": ("10 diamonds", "20 diamonds")}
#: the private pad's title (it covers the whole screen while it shows)
PAD = re.compile(r"^For (Anna|Ben|Cleo) only$")
HOLD = re.compile(r": hold to open your safe$")
MARKET = re.compile(r"^● ")  # a Market Value button: "● $xM / ◆ $yM" (markup is not seen)


def _market(r: Robot, pick) -> str:
    r.wait_for(MARKET, control=True)
    card = pick([c for c in r.controls() if MARKET.match(c.text)])
    text = card.text
    r.tap(text)
    return "Market Value " + text.replace("\n", " ")


def _tap(text: str):
    def move(r: Robot, pick) -> str:
        r.tap(text)
        return text
    return move


def _end_phase(r: Robot, pick) -> str:
    """Close the token hand-over panel if it shows, then End phase 1 (the turn's end comes as the
    next move) or End turn."""
    done = ""
    if r.sees("Hand over the tokens") and any(c.text == "Done" for c in r.controls()):
        r.tap("Done")
        done = "Done, "
    r.wait_for(re.compile(r"^End (phase 1|turn)$"), control=True)
    which = "End phase 1" if any(c.text == "End phase 1" for c in r.controls()) else "End turn"
    r.tap(which)
    return done + which


END_TURN = "end the turn"  # a script item: _end_phase until End turn is tapped


class CasinoTwin:
    def __init__(self, safe: str):
        self.safe = safe  # "pearls" | "diamonds": which cards Anna puts into her safe
        self.private = False
        self.entered: list[str] = []
        self.heard: list[str] = []
        self.script = [
            _market, _tap("Anna"),
            # Anna: two cards into the safe on the private pad, a new Market Value card
            _tap("Play a card"), _tap("Buy jewels"), self._buy, _market,
            # the Market Value card taken back, then the undo question of the buy itself, kept
            _tap("Undo"), _tap("Take back"), _tap("Undo"), _tap("Keep it"), _market,
            _tap("Ledger"), _tap("Back to the table"),
            END_TURN,
            # Ben robs Anna's safe at 0 manpower; the app takes both cards
            _tap("Play a card"), _tap("Safe Robbery"), _tap("Anna"), _tap("0"), _tap("Play"),
            _tap("App takes the cards"), _tap("Undo"), _tap("Keep it"),
            # Ben (two cards in his safe now) looks at his card choice (a Mission played: no sale now)
            _tap("Play a card"), _tap("Table"), END_TURN,
            # Cleo: the slot machine, one card bet, three diamonds (a reel: Tap it, pearl, diamond)
            _tap("Play a card"), _tap("Slot Machine"), _tap("1 card"), _tap("Play"), self._slot,
            _tap("Record these"), _tap("Back to the table"), END_TURN,
            # Anna passes; Ben opens the sell pad on his own turn and closes it unsold
            END_TURN, _tap("Play a card"), _tap("Sell jewels"), self._look_at_sell_pad, _tap("‹ Cards"),
            _tap("Table"),
        ]

    def start(self, t) -> None:
        r = t.robot
        r.tap("Mafia Casino")
        r.wait_for("Money")
        seat_names(r, NAMES)
        r.tap("Physical tokens")
        r.tap("Start with 3 players")
        r.wait_for(MARKET, control=True)

    def private_open(self, t) -> bool:
        return self.private

    def _buy(self, r: Robot, pick) -> str:
        """Anna holds the button to open her safe: her pad covers the screen, she taps her cards and
        "Into the safe"; the pad is gone and the table shows the same whatever went in."""
        self.private = True
        r.hold(HOLD)
        r.wait_for(PAD)
        for card in SAFE[self.safe]:
            r.tap(card)
            self.entered.append(card)
        r.tap("Into the safe")
        r.wait_gone(PAD)
        self.private = False
        return f"hold to open the safe: {len(SAFE[self.safe])} cards on the private pad, Into the safe"

    def _look_at_sell_pad(self, r: Robot, pick) -> str:
        """Ben holds his sell pad open (his safe's cards, for him only) and cancels it unsold."""
        self.private = True
        r.hold(HOLD)
        r.wait_for(PAD)
        r.tap("Cancel")
        r.wait_gone(PAD)
        self.private = False
        return "hold to open the safe: the private sell pad opened and cancelled, nothing sold"

    def _slot(self, r: Robot, pick) -> str:
        r.wait_for("Tap it", control=True)
        for _ in range(3):
            r.tap("Tap it")
            r.tap("Pearl")
        return "3 × Tap it, Pearl: three diamonds"

    def step(self, t, pick) -> str | None:
        if not self.script:
            return None
        item = self.script.pop(0)
        if item == END_TURN:
            move = _end_phase(t.robot, pick)
            if not move.endswith("End turn"):
                self.script.insert(0, END_TURN)
            return move
        return item(t.robot, pick)


def _twin(t, safe: str) -> None:
    """One twin in this app process; its record (moves, fingerprints, speech) goes to $TWIN_RECORD_<safe>."""
    import json
    import os
    from pathlib import Path

    from twins import Ears, walk

    ears = Ears(t.app)
    driver = CasinoTwin(safe)
    seed = int(os.environ.get("TWIN_SEED", "5"))
    run: dict = {}
    try:
        walk(t, driver, seed=seed, steps=3 * len(driver.script), into=run)  # until the script is done
    finally:  # kept when a move fails, so the test can still name the first difference
        t.robot.run_for(1.0)
        t.obs["entered"] = driver.entered
        t.obs["heard"] = list(ears.lines)
        t.obs["moves"] = len(run.get("moves", ()))
        Path(os.environ[f"TWIN_RECORD_{safe}"]).write_text(json.dumps({**run, "heard": list(ears.lines),
                                                                       "entered": driver.entered}))


def twin_pearls(t) -> None:
    _twin(t, "pearls")


def twin_diamonds(t) -> None:
    _twin(t, "diamonds")


def _first_text_difference(pa: list, pb: list, said: str) -> str:
    """The first widget whose *text* differs, when that is not the widget already named (a longer
    text moves its neighbours first: the cause is often further down the screen)."""
    for i, (wa, wb) in enumerate(zip(pa, pb)):
        if wa[0] != wb[0]:
            if said.startswith(f"widget #{i} "):
                return ""
            return f"; first text that differs: widget #{i} {wa[0]!r} vs {wb[0]!r}"
    return ""


def compare(a: dict, b: dict) -> str | None:
    """The first difference between the twins' records as a sentence (step, the move before it, the
    first differing widget, or the public move itself), or None when every step is the same."""
    from twins import first_difference

    for step, (pa, pb) in enumerate(zip(a["prints"], b["prints"])):
        before = a["moves"][step - 1] if step else "the start"
        diff = first_difference(pa, pb)
        if diff:
            return f"step {step} (after {before!r}): {diff}{_first_text_difference(pa, pb, diff)}"
        ma, mb = a["moves"][step:step + 1], b["moves"][step:step + 1]
        if ma and mb and ma != mb:
            return f"step {step}: the public moves differ: {ma[0]!r} vs {mb[0]!r}"
    if len(a["prints"]) != len(b["prints"]):
        short, name = (a, "pearls") if len(a["prints"]) < len(b["prints"]) else (b, "diamonds")
        n = len(short["prints"])
        return (f"twin {name} stopped at step {n - 1}, the other went on (its next move "
                f"{(b if short is a else a)['moves'][n - 1]!r} could not be made on the same screen)")
    return None
