"""Mafia (Sicily) secret twins through the real app (issue 13), for twins.play_twins.

Both twins play the same seeded random public moves by visible text, after a short fixed opening that
brings three callers to telephones. Every die is entered by hand
(real dice: a public move) and every card is entered on the drawer's private screen, where the twins
differ: twin "first" takes the first card of the printed deck that is still in the deck, twin "last"
the last one. So the twins hold different cards with the same public history, and from the first
draw on, anything the screens offer because of a held card shows up as a difference.
"""

from __future__ import annotations

import re

from robot import Robot, Stalled
from sicily_robot import new_game

#: controls that are not a public move of the random walk: navigation, private doors, the app's own
#: randomness (each twin's session has its own seed, so an app roll or draw would differ publicly)
SKIP = re.compile(r"^(‹ |Cards$|Score$|Undo$|Keep it$|Take back$|Roll 2 dice$|Roll the die$|Draw the |"
                  r"Yes, on my private screen$|Play a card|Use a card|Give up a card|.*: see my new card$|"
                  r"Enter the real card)")
ENTER = re.compile(r"^Enter the real card")
YES = "Yes, on my private screen"
PRIVATE = re.compile(r"^For .+ only")
#: the opening: home cities in Palermo / Catania and the first movement rolls 1 + 1, so the Red and
#: Black Bosses and the Prefetto reach a telephone at once (card draws, where the twins part); the
#: seeded random walk takes over after it
OPENING_ROLLS = 3
FACES = ("1", "2", "3", "4", "5", "6")


def shared_controls(r: Robot):
    return [c for c in r.controls() if not SKIP.match(c.text)]


class SicilyTwin:
    def __init__(self, card: str, peek_every: int = 7):
        self.card = card  # "first" | "last": which acceptable card this twin enters when it draws
        self.peek_every = peek_every
        self.steps = 0
        self.private = False
        self.entered: list[str] = []
        self.rolls = 0

    def start(self, t) -> None:
        r = t.robot
        new_game(r, TWIN_NAMES)
        r.wait_for(re.compile(r"as home city$"), control=True)

    def private_open(self, t) -> bool:
        return self.private

    def _enter_card(self, t) -> None:
        """On the private screen: tap cards from this twin's end of the printed deck until one is taken."""
        r = t.robot
        self.private = True
        r.wait_for(PRIVATE)
        cards = [c.text for c in r.controls() if not c.text.startswith("‹") and c.text not in ("Cards",)]
        cards = [c for c in cards if not PRIVATE.match(c)]
        order = cards if self.card == "first" else list(reversed(cards))
        for name in order:
            r.tap(name)
            r.run_for(0.2)
            if not r.sees(PRIVATE):
                self.entered.append(name)
                break
        self.private = False

    def step(self, t, pick) -> str | None:
        r = t.robot
        self.steps += 1
        try:
            r.wait_for(re.compile(r"."), control=True)
        except Stalled:
            return None
        if any(ENTER.match(c.text) for c in r.controls()):
            r.tap(ENTER)
            self._enter_card(t)
            return "Enter the real card (private screen)"
        if r.sees("Enter real dice") and any(c.text == "Enter real dice" for c in r.controls()):
            r.tap("Enter real dice")
            two = r.sees(re.compile(r"^Real first die"))
            opening = two and self.rolls < OPENING_ROLLS
            self.rolls += two
            text = ""
            for n in range(2 if two else 1):
                if n:
                    r.wait_for(re.compile(r"^Real second die"))
                faces = [c for c in r.controls() if c.text in FACES]
                face = faces[0] if opening else pick(faces)
                text += (" + " if n else "Real dice ") + face.text
                r.tap(face.text)
            return text
        homes = [c for c in r.controls() if c.text.endswith("as home city")]
        if homes:  # the opening: Palermo or Catania, next to a telephone two spaces on
            chosen = next((c for c in homes if "Palermo" in c.text or "Catania" in c.text), homes[0])
            r.tap(chosen.text)
            return chosen.text
        # now and then a player opens the private door and closes it again without playing
        if self.steps % self.peek_every == 0 and any(c.text == YES for c in r.controls()):
            r.tap(YES)
            self.private = True
            r.wait_for(PRIVATE)
            r.tap(re.compile(r"^‹ "))
            self.private = False
            return YES + " (and back)"
        choices = shared_controls(r)
        if not choices:
            return None
        # Bosses and the Prefetto head for telephones (card draws come sooner); otherwise at random
        phones = [c for c in choices if "(telephone)" in c.text]
        callers = [c for c in choices if re.match(r"^(\w+ Boss|Prefetto) · ", c.text)]
        chosen = pick(phones or callers or choices)
        text = chosen.text
        r.tap(text)
        return text


TWIN_NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]  # short: fewer key taps, same screens


def _twin_run(t, card: str) -> None:
    """One twin in this app process, every seed in $TWIN_SEEDS in turn. Twin "first" writes its record
    to $TWIN_RECORD; twin "last" reads it and compares each step. Both write what their speaker said."""
    import json
    import os
    from pathlib import Path

    from twins import Ears, walk

    ears = Ears(t.app)
    seeds = [int(x) for x in os.environ.get("TWIN_SEEDS", "11").split(",")]
    steps = int(os.environ.get("TWIN_STEPS", "20"))
    record = Path(os.environ["TWIN_RECORD"])
    against = json.loads(record.read_text()) if card == "last" else None
    out = {"runs": [], "cards": []}
    try:
        for i, seed in enumerate(seeds):
            driver = SicilyTwin(card)
            run = walk(t, driver, seed=seed, steps=steps, against=against["runs"][i] if against else None)
            out["runs"].append(run)
            out["cards"].append(driver.entered)
            t.go_home()
    finally:
        t.robot.run_for(1.0)
        out["heard"] = list(ears.lines)
        t.obs["cards"] = out["cards"]
        t.obs["moves"] = [len(r["moves"]) for r in out["runs"]]
        t.obs["heard"] = out["heard"]
        if card == "first":
            record.write_text(json.dumps(out))


def twin_first(t) -> None:
    _twin_run(t, "first")


def twin_last(t) -> None:
    _twin_run(t, "last")
