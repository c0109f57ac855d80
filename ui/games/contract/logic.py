"""Kivy-free helpers of the Contract screens: which buttons, which words, which colours.

The engine decides every rule; these functions only group its ``TurnOptions`` into buttons and
turn taps into actions. They read the engine's view (the last count, the briefcases, Copper's
choice are in it) and the session's legal actions, never the raw state or the log.
Tested in a plain interpreter (tests/ui/contract/test_contract_logic.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Sequence

# the Mafiosi colours of contract.toml (``colour``) -> (card fill, text on it), noir-friendly tones
FAMILY_HEX = {
    "red": ("#B23A3E", "#FFFFFF"),
    "yellow": ("#D9A520", "#17130C"),
    "blue": ("#2F64B0", "#FFFFFF"),
    "green": ("#2E8B57", "#FFFFFF"),
    "black": ("#0B0B0E", "#F3EEE6"),
}
FACE_DOWN_HEX = ("#3B3146", "#F3EEE6")  # a card back
COPPER_HEX = "#4F8FD6"  # the police pawn
VICELARD_HEX = "#B07CD8"

ACTIONS = ("influence", "reinforce", "copper", "vicelard", "pass")
ACTION_LABEL = {"influence": "Influence", "reinforce": "Reinforce", "copper": "Copper",
                "vicelard": "Vicelard", "pass": "Pass"}
ACTION_PROMPT = {"influence": "Influence: tap the Mafioso.",
                 "reinforce": "Reinforce: tap a Mafioso where you have a token.",
                 "copper": "Pay Copper ½ $: tap where Copper goes.",
                 "vicelard": "Hire Vicelard 1 $: tap where Vicelard goes."}
MAX_PLAYERS = 5
MIN_PLAYERS = 2


def family_colours(colour: str | None, face_down: bool = False) -> tuple[str, str]:
    """(fill, text) hex colours of a Mafioso card; a face-down card shows its back."""
    if face_down or colour is None:
        return FACE_DOWN_HEX
    return FAMILY_HEX.get(colour, FACE_DOWN_HEX)


# -- the turn ---------------------------------------------------------------------------------
def enabled_actions(options) -> dict[str, bool]:
    """The five action buttons, enabled exactly where ``TurnOptions`` offers something."""
    if options is None:
        return {a: False for a in ACTIONS}
    return {"influence": bool(options.influence), "reinforce": bool(options.reinforce),
            "copper": bool(options.pay_copper), "vicelard": bool(options.hire_vicelard),
            "pass": bool(options.can_pass)}


def targets(options, action: str | None) -> tuple[int, ...]:
    """The Mafiosi (positions) a chosen action may aim at."""
    if options is None or action is None:
        return ()
    return {"influence": options.influence, "reinforce": options.reinforce, "copper": options.pay_copper,
            "vicelard": options.hire_vicelard}.get(action, ())


def chase_targets(slots: int, vicelard_to: int) -> tuple[int, ...]:
    """Where Copper may be chased when Vicelard lands on it: any other Mafioso."""
    return tuple(p for p in range(slots) if p != vicelard_to)


def playable(options, position: int) -> tuple[str, ...]:
    for pos, kinds in (options.cards if options else ()):
        if pos == position:
            return tuple(kinds)
    return ()


def kind_label(kind: str, engine) -> str:
    """The button text of one influence card kind."""
    if kind.startswith("contract:"):
        return f"{engine.fam(kind[9:])} contract"
    return {"dollar": "1 $", "half_dollar": "½ $", "back": "Face down", "copper": "Copper card",
            "vicelard_contract": "Vicelard contract", "vicelard_dollar": "Vicelard 1 $"}.get(kind, kind)


def kind_points(kind: str, engine) -> str:
    from companion.games.contract.engine import halves_text

    key = "contract" if kind.startswith("contract:") else kind
    return "+" + halves_text(engine.data.halves(key))


_SHORT = {"dollar": ("1 $", ""), "half_dollar": ("½ $", ""), "back": ("Face down", ""),
          "copper": ("Copper card", ""), "vicelard_contract": ("Vicelard", "contract "),
          "vicelard_dollar": ("Vicelard", "1 $ side ")}


def kind_button(kind: str, engine, chosen: int = 0) -> str:
    """Two short lines for a card button: ``Contract ×2`` / ``+2``."""
    first, second = ("Contract", "") if kind.startswith("contract:") else _SHORT.get(kind, (kind, ""))
    if chosen:
        first += f" ×{chosen}"
    return f"{first}\n{second}{kind_points(kind, engine)}"  # two lines: the button does not shorten


def short_name(name: str, width: int = 9) -> str:
    return name if len(name) <= width else name[:width - 1] + "."


@dataclass(frozen=True)
class Draft:
    """What the active player is composing: an action, its Mafioso, tokens and cards."""

    action: str
    position: int | None = None
    tokens: int = 0
    cards: tuple[str, ...] = ()
    copper_to: int | None = None
    chasing: bool = False  # Vicelard lands on Copper: the next tap says where Copper goes

    def aim(self, position: int, options) -> "Draft":
        if self.action == "vicelard" and options is not None and position == options.copper_chased_from:
            return replace(self, position=position, chasing=True)
        tokens = 1 if self.action == "influence" and options is not None and options.tokens_left else 0
        return replace(self, position=position, tokens=tokens)

    def chase(self, position: int) -> "Draft":
        return replace(self, copper_to=position, chasing=False)

    def add(self, kind: str) -> "Draft":
        return replace(self, cards=self.cards + (kind,))

    def drop_last(self) -> "Draft":
        return replace(self, cards=self.cards[:-1])

    def with_tokens(self, tokens: int, most: int) -> "Draft":
        return replace(self, tokens=max(0, min(most, tokens)))

    @property
    def composing(self) -> bool:
        """Cards and tokens are being chosen (influence or reinforce, Mafioso chosen)."""
        return self.action in ("influence", "reinforce") and self.position is not None

    @property
    def paying(self) -> bool:
        return self.action in ("copper", "vicelard") and self.position is not None and not self.chasing

    def play(self, seat: int):
        """The engine action of an influence or reinforce draft (the engine judges it)."""
        from companion.games.contract.engine import Influence, Reinforce

        cls = Influence if self.action == "influence" else Reinforce
        return cls(seat, self.position, self.tokens, tuple(self.cards))

    def pay(self, seat: int, payment: tuple[str, ...]):
        from companion.games.contract.engine import HireVicelard, PayCopper

        if self.action == "copper":
            return PayCopper(seat, self.position, payment)
        return HireVicelard(seat, self.position, payment, self.copper_to)


def probe(action: str, seat: int, position: int):
    """The smallest engine action of ``action`` aimed at ``position``: what the engine is asked
    about when a Mafioso that is not a target is tapped (its refusal is the sentence shown)."""
    from companion.games.contract.engine import HireVicelard, Influence, PayCopper, Reinforce

    return {"influence": Influence(seat, position, 1, ("dollar",)),
            "reinforce": Reinforce(seat, position, 1, ()),
            "copper": PayCopper(seat, position, ("half_dollar",)),
            "vicelard": HireVicelard(seat, position, ("dollar",), None)}[action]


def payments(action: str) -> list[tuple[str, tuple[str, ...]]]:
    """The ways to pay (button text, cards): Copper ½ $, Vicelard 1 $ — no change is given."""
    if action == "copper":
        return [("Pay a ½ $ card", ("half_dollar",)), ("Pay a 1 $ card", ("dollar",))]
    return [("Pay a 1 $ card", ("dollar",)), ("Pay two ½ $ cards", ("half_dollar", "half_dollar"))]


def draft_summary(draft: Draft, engine) -> str:
    """``1 token + Yakaz contract = 3 points`` (what the Play button is about to record)."""
    from companion.games.contract.engine import halves_text

    parts = [f"{draft.tokens} token{'s' if draft.tokens != 1 else ''}"] if draft.tokens else []
    parts += [kind_label(k, engine) for k in draft.cards]
    halves = draft.tokens * engine.data.halves("token")
    for k in draft.cards:
        halves += engine.data.halves("contract" if k.startswith("contract:") else k)
    if not parts:
        return "Nothing chosen yet"
    return " + ".join(parts) + f" = {halves_text(halves)} pt"


# -- new game ---------------------------------------------------------------------------------
def toggle_seat(seats: Sequence[str], name: str) -> tuple[str, ...]:
    """Tapping a name seats it next (in the order around the table); tapping again unseats it."""
    seats = tuple(seats)
    if name in seats:
        return tuple(s for s in seats if s != name)
    if len(seats) >= MAX_PLAYERS:
        return seats
    return seats + (name,)


def start_problem(seats: Sequence[str]) -> str:
    """Why the game cannot start yet, or '' when it can."""
    if len(seats) < MIN_PLAYERS:
        return f"Tap at least {MIN_PLAYERS} names, in seat order from the first player."
    return ""


@dataclass(frozen=True)
class ScoreLine:
    name: str
    total: int
    winner: bool
    details: tuple[str, ...] = field(default_factory=tuple)


def score_lines(engine, score) -> list[ScoreLine]:
    """The final score table, richest first: trafficking tiles and briefcases in words."""
    out = []
    for row in sorted(score.rows, key=lambda r: (-r.total, r.seat)):
        details = tuple(f"{engine.fam(f)} {'1st' if rank == 'first' else '2nd'} {v} $" for f, rank, v in row.trafficking)
        details += tuple(f"{title} {v} $" for title, v in row.briefcases)
        out.append(ScoreLine(row.name, row.total, row.seat in score.winners, details))
    return out


def special_card_holders(view) -> str:
    """"Cleo holds the Vicelard card." (and the Copper card's holder): from round 1 on, where the
    rule gives it to the last player, the table is told who may play it."""
    held = [f"{p.name} holds the {card} card" for p in view.players
            for card, has in (("Vicelard", p.holds_vicelard_card), ("Copper", p.holds_copper_card)) if has]
    if not held:
        return ""
    return (" and ".join(held) if len(held) <= 2 else ", ".join(held)) + "."


# -- passes in a row and the hardware's player picks ---------------------------------------
def passes_text(passes: int, players: int) -> str:
    """The round screen's "passes in a row" (issue 8), e.g. "Passes 2/3\nin a row": when all
    players have passed in succession the round ends, so the table sees how close it is."""
    return f"Passes {passes}/{players}\nin a row"


def choice_button(action, view, engine) -> tuple[str, str]:
    """(key, text) of a button of the count's choice: a Blackmat's column, a player Copper makes
    discard, or the Copper card."""
    kind = action.kind
    if kind == "place_blackmat":
        return f"blackmat:{action.family}", f"With the {engine.fam(action.family)}"
    if kind == "copper_discard":
        return (f"discard:{action.victim}:{action.card}",
                f"{short_name(view.players[action.victim].name, 10)} discards\nthe {engine.label(action.card)}")
    return "copper_card", "Take the\nCopper card"  # two lines: whole beside three discards


def discard_pick(engine, view, legal, victim: int) -> tuple[Any | None, str]:
    """Vote(seat) / a player's tag during Copper's choice: (the CopperDiscard of that player, "")
    when there is exactly one card to discard, else (None, the sentence saying why not). Reads the
    view's choice and the legal actions (the discards the rule allows)."""
    choice = view.choice
    if choice is None or choice.what != "copper":
        return None, ""
    names = [p.name for p in view.players]
    fam = engine.fam(choice.card.rsplit("-", 1)[0])
    if victim == choice.seat:
        return None, f"{names[victim]} won Copper's Mafioso: choose another player who discards, or take the Copper card."
    picks = [a for a in legal if a.kind == "copper_discard" and a.victim == victim]
    if not picks:
        return None, f"{names[victim]} has no {fam} Mafioso to discard."
    if len(picks) > 1:
        return None, f"{names[victim]} has {len(picks)} {fam} Mafiosi: tap the one {names[victim]} discards."
    return picks[0], ""


def tagged_player(store, uid: str) -> str | None:
    """The player's name a tag is bound to (None for an unknown tag or a card tag)."""
    binding = store.tag(uid)
    return binding.ref if binding is not None and binding.kind == "player" else None
