"""Contract: the scorekeeper. The cards stay on the table; players tell the app what they play.

The app keeps the round and the turn, counts influence, applies Copper and Vicelard, keeps the
play areas by family column and the briefcases, and computes the final score. It never knows
what is in a hand (only how many cards), so nothing in the state is secret.

Chance is an action: the setup shuffle of the trafficking tiles (``TraffickingDealt``) and every
Mafioso turned face up (``MafiosoTurnedUp``: the face-up layout, and a face-down Mafioso revealed
at the count) are drawn by the session from the cards not yet seen, or entered by hand as the
physical cards come up.

Influence is counted in half points (``halves``) so that the card back's 1/2 stays an integer.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from itertools import permutations
from typing import Any, Mapping, Sequence

from companion.engine import Action, ActionCodec, Audience, Engine, Event, Outcome
from companion.errors import ConfigError, IllegalAction

from . import data as _data
from .data import BLACKMAT, ContractData, card_family, card_value

# -- numbers printed in the rulebook --------------------------------------------------------
# "2 players > 4 cards, 3 players > 5 cards, 4 players > 6 cards, 5 players > 6 cards"
LAYOUT = {2: 4, 3: 5, 4: 6, 5: 6}
# "5 rounds with 2 players. 4 rounds with 3, 4 and 5 players."
ROUNDS = {2: 5, 3: 4, 4: 4, 5: 4}
TOKENS = 3  # "15 influence tokens (3 per player)"
DEAL = 5  # "Deal 5 influence cards to each player"
HAND_MAX = 10  # "(maximum 10 influence cards)"
INFLUENCE_DECK = 53  # "53 influence cards"
COPPER_PRICE = 1  # "Pay 1/2 $" (in half dollars)
VICELARD_PRICE = 2  # "Pay 1 $" (in half dollars)
MONEY = {"dollar": 2, "half_dollar": 1}  # a card's worth in half dollars when paying

HAND_CARDS = ("dollar", "half_dollar", "back")  # plus "contract:<family>"
SPECIAL_CARDS = ("copper", "vicelard_contract", "vicelard_dollar")


def halves_text(halves: int) -> str:
    """``13`` -> ``'6½'``: influence points as a player says them."""
    whole, half = divmod(halves, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


def _count(n: int, word: str, plural: str | None = None) -> str:
    """``(1, 'card')`` -> ``'1 card'``, ``(2, 'card')`` -> ``'2 cards'``: no "card(s)" on a screen."""
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def _join(words: Sequence[str]) -> str:
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


# ============================================================================================
# Actions


@dataclass(frozen=True, slots=True)
class TraffickingDealt(Action):
    """Setup: the first and second trafficking tiles shuffled onto the families (in the order of
    the families in contract.toml)."""

    kind = "trafficking_dealt"
    first: tuple[int, ...]
    second: tuple[int, ...]
    by_hand: bool = False

    def describe(self) -> str:
        return f"Trafficking tiles dealt: first {self.first}, second {self.second}"


@dataclass(frozen=True, slots=True)
class MafiosoTurnedUp(Action):
    """A Mafioso card comes face up at ``position`` (0 = leftmost): laid face up in the layout,
    or a face-down one revealed at the count."""

    kind = "mafioso_turned_up"
    position: int
    card: str
    by_hand: bool = False

    def describe(self) -> str:
        return f"Mafioso {self.card} turned up at position {self.position + 1}"


@dataclass(frozen=True, slots=True)
class Influence(Action):
    """Action 1: one or more tokens, necessarily with one or more cards, on a Mafioso.

    ``cards`` name what is played: ``contract:<family>``, ``dollar``, ``half_dollar``, ``back``
    (any card face down), and the special ``copper``, ``vicelard_contract``, ``vicelard_dollar``.
    """

    kind = "influence"
    seat: int
    position: int
    tokens: int
    cards: tuple[str, ...]

    def describe(self) -> str:
        return f"Seat {self.seat} influences position {self.position + 1}: {_count(self.tokens, 'token')}, {self.cards}"


@dataclass(frozen=True, slots=True)
class Reinforce(Action):
    """Action 2: tokens and/or cards on a Mafioso where the player already has a token."""

    kind = "reinforce"
    seat: int
    position: int
    tokens: int
    cards: tuple[str, ...] = ()

    def describe(self) -> str:
        return f"Seat {self.seat} reinforces position {self.position + 1}: {_count(self.tokens, 'token')}, {self.cards}"


@dataclass(frozen=True, slots=True)
class PayCopper(Action):
    """Action 3: pay 1/2 $ to move the Copper pawn (never onto Vicelard's Mafioso)."""

    kind = "pay_copper"
    seat: int
    position: int
    payment: tuple[str, ...] = ("half_dollar",)

    def describe(self) -> str:
        return f"Seat {self.seat} pays Copper to move to position {self.position + 1}"


@dataclass(frozen=True, slots=True)
class HireVicelard(Action):
    """Action 4: pay 1 $ to move the Vicelard pawn; if Copper is there, the active player moves
    Copper to ``copper_to``."""

    kind = "hire_vicelard"
    seat: int
    position: int
    payment: tuple[str, ...] = ("dollar",)
    copper_to: int | None = None

    def describe(self) -> str:
        chase = f", Copper chased to position {self.copper_to + 1}" if self.copper_to is not None else ""
        return f"Seat {self.seat} hires Vicelard to position {self.position + 1}{chase}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Action 5: pass (not final)."""

    kind = "pass"
    seat: int

    def describe(self) -> str:
        return f"Seat {self.seat} passes"


@dataclass(frozen=True, slots=True)
class PlaceBlackmat(Action):
    """The owner of a Blackmat chooses the family column it joins."""

    kind = "place_blackmat"
    seat: int
    card: str
    family: str

    def describe(self) -> str:
        return f"Seat {self.seat} puts {self.card} with the {self.family}"


@dataclass(frozen=True, slots=True)
class CopperDiscard(Action):
    """Copper's first power: the winner makes ``victim`` discard ``card`` (same family)."""

    kind = "copper_discard"
    seat: int
    victim: int
    card: str

    def describe(self) -> str:
        return f"Seat {self.seat} makes seat {self.victim} discard {self.card}"


@dataclass(frozen=True, slots=True)
class TakeCopperCard(Action):
    """Copper's second power: the winner takes the Copper card for the next round."""

    kind = "take_copper_card"
    seat: int

    def describe(self) -> str:
        return f"Seat {self.seat} takes the Copper card"


PLAY_ACTIONS = (Influence, Reinforce, PayCopper, HireVicelard, Pass)
CHOICE_ACTIONS = (PlaceBlackmat, CopperDiscard, TakeCopperCard)


# ============================================================================================
# State


@dataclass(frozen=True, slots=True)
class Play:
    """What one action put on a Mafioso."""

    seat: int
    tokens: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Slot:
    """One Mafioso of the layout. ``card`` is None while it lies face down and unrevealed."""

    card: str | None
    face_down: bool
    plays: tuple[Play, ...] = ()


@dataclass(frozen=True, slots=True)
class Column:
    """A family column of a play area: its coloured cards and the Blackmats hired with them."""

    family: str
    cards: tuple[str, ...]
    blackmats: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Area:
    """A player's play area: columns by family, and Blackmats waiting for a first column."""

    columns: tuple[Column, ...] = ()
    waiting: tuple[str, ...] = ()

    def column(self, family: str) -> Column | None:
        for col in self.columns:
            if col.family == family:
                return col
        return None

    @property
    def cards(self) -> tuple[str, ...]:
        out: list[str] = []
        for col in self.columns:
            out.extend(col.cards + col.blackmats)
        return tuple(out) + self.waiting


@dataclass(frozen=True, slots=True)
class Pending:
    """A choice the count waits for: ``blackmat`` (where ``card`` goes) or ``copper``."""

    what: str
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class CountLine:
    """The result of counting one Mafioso: totals in half points and the winner (or None)."""

    position: int
    card: str | None
    totals: tuple[tuple[int, int], ...]
    winner: int | None
    text: str


@dataclass(frozen=True, slots=True)
class CountRecord:
    """The latest count as it happened, kept until the next count starts (the round moves on at
    once, and the table still wants to read it): each Mafioso counted, then what followed."""

    round: int
    lines: tuple[CountLine, ...] = ()
    notes: tuple[str, ...] = ()  # Copper, Vicelard, Blackmats, briefcases, in order
    waiting: str = ""  # a won face-down Mafioso waiting to be turned over
    complete: bool = False


#: the events of a count that are told after the Mafiosi (a choice asked is not a result)
COUNT_NOTES = ("copper_card", "copper_discard", "vicelard_card", "blackmat", "briefcase")


@dataclass(frozen=True, slots=True)
class ContractState:
    players: int
    names: tuple[str, ...]
    rounds: int
    deck: tuple[str, ...]  # the Mafiosi of this game (value 2 removed with 2-3 players)
    briefcase_ids: tuple[str, ...]  # the briefcases in use with this player count
    phase: str  # trafficking | layout | play | count | over
    round: int
    first: int
    turn: int
    hands: tuple[int, ...]
    draw_pile: int
    discard: int
    areas: tuple[Area, ...]
    passes: int = 0
    opened: bool = False  # has the first player influenced yet this round
    slots: tuple[Slot, ...] = ()
    copper_at: int = 0
    vicelard_at: int = 0
    vicelard_card: int | None = None  # the seat holding the (unplayed) Vicelard card
    copper_card: int | None = None
    next_vicelard: int | None = None
    next_copper: int | None = None
    count_at: int = 0
    pending: tuple[Pending, ...] = ()
    seen: tuple[str, ...] = ()  # every Mafioso turned face up so far
    out: tuple[str, ...] = ()  # Mafiosi known to have left the game (ties, Copper)
    briefcases: tuple[tuple[str, int], ...] = ()  # "first to" briefcases won: (id, seat)
    first_tiles: tuple[int, ...] = ()  # by family, in data order
    second_tiles: tuple[int, ...] = ()
    count_lines: tuple[CountLine, ...] = ()  # the count of the current (or last) round
    last_count: CountRecord | None = None  # the latest count, kept into the next round
    data: ContractData | None = None  # the box values this game started with (config "box")


# ============================================================================================
# Views (nothing is secret: every audience sees the same table)


@dataclass(frozen=True, slots=True)
class InfluenceView:
    name: str
    tokens: int
    cards: tuple[str, ...]
    points: str


@dataclass(frozen=True, slots=True)
class SlotView:
    position: int
    card: str | None
    label: str
    face_down: bool
    copper: bool
    vicelard: bool
    influence: tuple[InfluenceView, ...]
    where: str = ""  # "the Yakaz 4" / "the face-down Mafioso in position 2"
    colour: str | None = None  # the family's colour (None face down)


@dataclass(frozen=True, slots=True)
class ColumnView:
    family: str
    name: str
    colour: str
    cards: tuple[str, ...]
    blackmats: tuple[str, ...]
    total: int


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    name: str
    hand: int
    tokens_left: int
    columns: tuple[ColumnView, ...]
    waiting_blackmats: tuple[str, ...]
    briefcases: tuple[str, ...]
    holds_vicelard_card: bool
    holds_copper_card: bool
    first_player: bool


@dataclass(frozen=True, slots=True)
class ScoreRow:
    seat: int
    name: str
    trafficking: tuple[tuple[str, str, int], ...]  # (family, "first"/"second", $)
    briefcases: tuple[tuple[str, int], ...]  # (title, $)
    total: int


@dataclass(frozen=True, slots=True)
class FinalScore:
    rows: tuple[ScoreRow, ...]
    winners: tuple[int, ...]
    lines: tuple[str, ...]  # the breakdown in words


@dataclass(frozen=True, slots=True)
class TurnOptions:
    """What the player whose turn it is may do: the buttons of the quick action entry."""

    seat: int
    must_influence: bool
    tokens_left: int
    hand: int
    influence: tuple[int, ...]  # positions
    reinforce: tuple[int, ...]
    cards: tuple[tuple[int, tuple[str, ...]], ...]  # position -> card kinds playable there
    pay_copper: tuple[int, ...]
    hire_vicelard: tuple[int, ...]
    copper_chased_from: int  # hiring Vicelard here also asks where Copper goes
    can_pass: bool


@dataclass(frozen=True, slots=True)
class CountItemView:
    """One Mafioso of a count: everyone's points (highest first) and the verdict."""

    position: int
    card: str | None
    label: str
    colour: str | None
    totals: tuple[tuple[str, str], ...]  # (name, points as said)
    winner: str | None
    text: str

    @property
    def verdict(self) -> str:
        if self.winner:
            return f"{self.winner} wins"
        return "Tie: discarded" if self.totals else "Nobody: out"


@dataclass(frozen=True, slots=True)
class CountView:
    round: int
    items: tuple[CountItemView, ...]
    notes: tuple[str, ...]
    waiting: str
    complete: bool


@dataclass(frozen=True, slots=True)
class BriefcaseView:
    """A briefcase in use: who won a "first to" one, who leads an end-game one now."""

    title: str
    value: int
    status: str


@dataclass(frozen=True, slots=True)
class ContractView:
    round: int
    rounds: int
    phase: str
    prompt: str
    acting: int | None
    passes_in_a_row: int
    slots: tuple[SlotView, ...]
    players: tuple[PlayerView, ...]
    trafficking: tuple[tuple[str, int, int], ...]  # (family name, first $, second $)
    briefcases_won: tuple[tuple[str, str], ...]  # (title, name)
    count: tuple[str, ...]
    score: FinalScore | None
    turn: TurnOptions | None
    turn_up: int | None = None  # the position whose Mafioso the table turns up next
    choice: Pending | None = None  # the count's choice waiting (a Blackmat's column, Copper's)
    last_count: CountView | None = None  # the latest count, also after the round moved on
    briefcase_rows: tuple[BriefcaseView, ...] = ()


# ============================================================================================
# The engine


class ContractEngine(Engine):
    """Contract, 2-5 players. The scorekeeper of the rulebook in /work/shared/rules/contract.md."""

    name = "contract"
    title = "Contract"
    version = 1
    actions = ActionCodec(TraffickingDealt, MafiosoTurnedUp, *PLAY_ACTIONS, *CHOICE_ACTIONS)
    min_players = 2
    max_players = 5
    free_entry = frozenset({"trafficking_dealt", "influence", "reinforce", "pay_copper", "hire_vicelard"})  # card combinations are too many to list

    def __init__(self, data: ContractData | None = None):
        self.data = data if data is not None else _data.load()

    # -- words ---------------------------------------------------------------------------
    def _d(self, state: ContractState) -> ContractData:
        """The game's own data (its box values), or the shipped data for a state made without it."""
        return state.data if state.data is not None else self.data

    def label(self, card: str | None) -> str:
        """``'yakaz-4'`` -> ``'Yakaz 4'``."""
        if card is None:
            return "face-down Mafioso"
        return f"{self.data.name(card_family(card))} {card_value(card)}"

    def fam(self, family: str) -> str:
        return self.data.name(family)

    def card_text(self, card: str) -> str:
        if card.startswith("contract:"):
            return f"a {self.fam(card[9:])} contract"
        return {"dollar": "a 1 $ card", "half_dollar": "a 1/2 $ card", "back": "a card face down",
                "copper": "the Copper card", "vicelard_contract": "the Vicelard card (contract side)",
                "vicelard_dollar": "the Vicelard card (1 $ side)"}.get(card, repr(card))

    def where(self, state: ContractState, position: int) -> str:
        slot = state.slots[position]
        return f"the {self.label(slot.card)}" if slot.card else f"the face-down Mafioso in position {position + 1}"

    def describe(self, action: Action, state: Any = None) -> str:
        """The action in words with the players' names and the Mafiosi (for undo and the log)."""
        if not isinstance(state, ContractState):
            return action.describe()
        try:
            n = state.names
            if isinstance(action, MafiosoTurnedUp):
                return f"The {self.label(action.card)} turned up in position {action.position + 1}"
            if isinstance(action, TraffickingDealt):
                return "The trafficking tiles dealt"
            who = n[action.seat]
            if isinstance(action, Pass):
                return f"{who} passes"
            if isinstance(action, (Influence, Reinforce)):
                played = [f"{action.tokens} token{'s' if action.tokens != 1 else ''}"] if action.tokens else []
                played += [self.card_text(c) for c in action.cards]
                verb = "influences" if isinstance(action, Influence) else "reinforces"
                return f"{who} {verb} {self.where(state, action.position)} with {_join(played)}"
            if isinstance(action, PayCopper):
                return f"{who} pays Copper to move to {self.where(state, action.position)}"
            if isinstance(action, HireVicelard):
                chase = (f", chasing Copper to {self.where(state, action.copper_to)}"
                         if action.copper_to is not None else "")
                return f"{who} hires Vicelard to {self.where(state, action.position)}{chase}"
            if isinstance(action, PlaceBlackmat):
                return f"{who} puts the {self.label(action.card)} with the {self.fam(action.family)}"
            if isinstance(action, CopperDiscard):
                return f"{who} makes {n[action.victim]} discard the {self.label(action.card)}"
            if isinstance(action, TakeCopperCard):
                return f"{who} takes the Copper card"
        except (IndexError, KeyError, TypeError, ValueError):
            pass
        return action.describe()

    # -- setup -----------------------------------------------------------------------------
    def new(self, config: Mapping[str, Any], seed: int) -> ContractState:
        """Setup: "With 2 or 3 players, remove the Mafiosi of value 2" ... "the last player (to the
        right of the 1st player) takes the Vicelard card"."""
        unknown = set(config) - {"players", "names", "first_player", "box"}
        if unknown:
            raise ConfigError(f"Contract has no option {', '.join(sorted(unknown))}.")
        names = config.get("names")
        if names is not None and (not isinstance(names, (list, tuple))
                                  or not all(isinstance(n, str) for n in names)):
            raise ConfigError("names must be a list of the players' names, by seat, like [\"Ann\", \"Ben\"].")
        players = config.get("players", len(names) if names else None)
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 5:
            raise ConfigError(f"Contract is played by 2 to 5 players, not {players!r}.")
        if names is None:
            names = [f"Player {i + 1}" for i in range(players)]
        names = tuple(str(n).strip() for n in names)
        if len(names) != players:
            raise ConfigError(f"{players} players need {players} names, not {len(names)}.")
        if any(not n for n in names) or len(set(names)) != len(names):
            raise ConfigError("Every player needs a name of their own (no blanks, no repeats).")
        first = config.get("first_player", 0)
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players:
            raise ConfigError(f"The first player must be a seat from 0 to {players - 1}, not {first!r}.")
        data = _data.parse_box(config["box"]) if "box" in config else self.data
        deck = tuple(c for c in data.deck if players > 3 or card_value(c) != 2)
        if len(deck) < LAYOUT[players] * ROUNDS[players]:
            raise ConfigError(f"The box gives {len(deck)} Mafiosi for {players} players; the game needs "
                              f"{LAYOUT[players] * ROUNDS[players]}.")
        briefcases = tuple(b.id for b in data.briefcases if players in b.players)
        return ContractState(players=players, names=names, rounds=ROUNDS[players], deck=deck,
                             briefcase_ids=briefcases, phase="trafficking", round=0, first=first, turn=first,
                             hands=(0,) * players, draw_pile=INFLUENCE_DECK, discard=0,
                             areas=(Area(),) * players, vicelard_card=(first - 1) % players, data=data)

    def sample_config(self, players: int | None, rng: Any) -> dict[str, Any]:
        if players is None:
            players = rng.randint(self.min_players, self.max_players)
        players = max(self.min_players, min(self.max_players, players))
        return {"players": players, "first_player": rng.randrange(players)}

    # -- helpers -------------------------------------------------------------------------
    def pool(self, state: ContractState) -> Counter:
        """The Mafiosi not yet seen face up (the draw pile and the face-down cards)."""
        return Counter(state.deck) - Counter(state.seen)

    def tokens_left(self, state: ContractState, seat: int) -> int:
        placed = sum(p.tokens for s in state.slots for p in s.plays if p.seat == seat)
        return TOKENS - placed

    def totals(self, state: ContractState, position: int) -> dict[int, int]:
        """Influence on one Mafioso in half points: "contract 2, token 1, dollar 1, card back 1/2"."""
        out: dict[int, int] = {}
        for p in state.slots[position].plays:
            pts = p.tokens * self._d(state).halves("token")
            for c in p.cards:
                pts += self._d(state).halves("contract" if c.startswith("contract:") else c)
            out[p.seat] = out.get(p.seat, 0) + pts
        return out

    def awaiting_turn_up(self, state: ContractState) -> int | None:
        """The position whose Mafioso must be turned up next, if the game waits for one."""
        if state.phase == "layout":
            for i, s in enumerate(state.slots):
                if not s.face_down and s.card is None:
                    return i
        if state.phase == "count" and not state.pending and state.count_at < len(state.slots):
            return state.count_at  # _advance_count stops only on a won face-down Mafioso
        return None

    def acting(self, state: ContractState) -> int | None:
        if state.phase == "play":
            return state.turn
        if state.phase == "count" and state.pending:
            return state.pending[0].seat
        return None

    def prompt(self, state: ContractState) -> str:
        """What the app waits for, in words (the status line)."""
        n = state.names
        if state.phase == "over":
            return "The game is over."
        if state.phase == "trafficking":
            return "Shuffle the trafficking tiles onto the families."
        pos = self.awaiting_turn_up(state)
        if pos is not None:
            verb = "Lay out face up" if state.phase == "layout" else "Turn over"
            return f"{verb} the Mafioso in position {pos + 1}."
        if state.phase == "play":
            if not state.opened:
                return f"{n[state.turn]} opens round {state.round} and must influence a Mafioso."
            return f"{n[state.turn]}'s turn ({state.passes} pass{'es' if state.passes != 1 else ''} in a row)."
        p = state.pending[0]
        if p.what == "blackmat":
            return f"{n[p.seat]}: choose the family column for the {self.label(p.card)}."
        return f"{n[p.seat]} won Copper's Mafioso: discard a {self.fam(card_family(p.card))} Mafioso of " \
               f"another player, or take the Copper card."

    # -- legal actions -------------------------------------------------------------------
    def playable_kinds(self, state: ContractState, seat: int, position: int) -> list[str]:
        """Single cards this seat may put on this Mafioso now (the UI's card buttons)."""
        slot = state.slots[position]
        kinds: list[str] = []
        if state.hands[seat] > 0:
            fam = card_family(slot.card) if slot.card else None
            if fam and fam != BLACKMAT:
                kinds.append(f"contract:{fam}")
            kinds.extend(HAND_CARDS)
        if state.copper_card == seat:
            kinds.append("copper")
        if state.vicelard_card == seat and position == state.vicelard_at:
            if slot.card and card_family(slot.card) != BLACKMAT:
                kinds.append("vicelard_contract")
            kinds.append("vicelard_dollar")
        return kinds

    def legal_actions(self, state: ContractState) -> list[Action]:
        """A representative set (single cards, one token); ``check`` accepts any legal combination."""
        if state.phase == "over":
            return []
        if state.phase == "trafficking":
            d = self._d(state)
            return [TraffickingDealt(tuple(p), d.second_tiles) for p in permutations(d.first_tiles)]
        pos = self.awaiting_turn_up(state)
        if pos is not None:
            return [MafiosoTurnedUp(pos, c) for c in sorted(self.pool(state))]
        if state.phase == "count":
            return self._choices(state)
        seat = state.turn
        out: list[Action] = []
        tokens = self.tokens_left(state, seat)
        for p in range(len(state.slots)):
            kinds = self.playable_kinds(state, seat, p)
            if tokens:
                out.extend(Influence(seat, p, 1, (k,)) for k in kinds)
            if state.opened and any(pl.seat == seat and pl.tokens for pl in state.slots[p].plays):
                if tokens:
                    out.append(Reinforce(seat, p, 1, ()))
                out.extend(Reinforce(seat, p, 0, (k,)) for k in kinds)
        if not state.opened:
            return out
        if state.hands[seat] >= 1:
            for p in range(len(state.slots)):
                if p not in (state.copper_at, state.vicelard_at):
                    out.append(PayCopper(seat, p, ("half_dollar",)))
            for p in range(len(state.slots)):
                if p == state.vicelard_at:
                    continue
                if p == state.copper_at:
                    out.extend(HireVicelard(seat, p, ("dollar",), q) for q in range(len(state.slots)) if q != p)
                else:
                    out.append(HireVicelard(seat, p, ("dollar",), None))
        out.append(Pass(seat))
        return out

    def _choices(self, state: ContractState) -> list[Action]:
        p = state.pending[0]
        if p.what == "blackmat":
            return [PlaceBlackmat(p.seat, p.card, c.family) for c in state.areas[p.seat].columns]
        return [*(CopperDiscard(p.seat, v, c) for v, c in self.copper_targets(state, p.seat, p.card)),
                TakeCopperCard(p.seat)]

    def copper_targets(self, state: ContractState, seat: int, card: str) -> list[tuple[int, str]]:
        """Copper's first power: "a Mafioso of the same family already won by another player"."""
        fam = card_family(card)
        out = []
        if fam == BLACKMAT:
            return out
        for v, area in enumerate(state.areas):
            col = area.column(fam)
            if v != seat and col:
                out.extend((v, c) for c in sorted(set(col.cards)))
        return out

    # -- legality --------------------------------------------------------------------------
    def check(self, state: ContractState, action: Action) -> None:
        if state.phase == "over":
            raise IllegalAction("The game is over; nothing more can be played.")
        if isinstance(action, TraffickingDealt):
            return self._check_trafficking(state, action)
        if isinstance(action, MafiosoTurnedUp):
            return self._check_turned_up(state, action)
        if state.phase in ("trafficking", "layout") or self.awaiting_turn_up(state) is not None:
            raise IllegalAction(f"Not yet: {self.prompt(state)}")
        if isinstance(action, CHOICE_ACTIONS):
            return self._check_choice(state, action)
        if state.phase != "play":
            raise IllegalAction(f"The round is being counted: {self.prompt(state)}")
        n = state.names
        seat = action.seat
        if not isinstance(seat, int) or not 0 <= seat < state.players:
            raise IllegalAction(f"There is no seat {seat!r} at this table.")
        if seat != state.turn:
            raise IllegalAction(f"It is {n[state.turn]}'s turn, not {n[seat]}'s.")
        if not state.opened and not isinstance(action, Influence):
            raise IllegalAction(f"{n[seat]} is the first player of the round and must influence a Mafioso first.")
        if isinstance(action, Pass):
            return None
        self._check_position(state, action.position)
        if isinstance(action, (Influence, Reinforce)):
            return self._check_influence(state, action)
        if isinstance(action, PayCopper):
            return self._check_copper(state, action)
        return self._check_vicelard(state, action)

    def _check_position(self, state: ContractState, position: Any) -> None:
        size = len(state.slots)
        if not isinstance(position, int) or isinstance(position, bool) or not 0 <= position < size:
            shown = position + 1 if isinstance(position, int) and not isinstance(position, bool) else repr(position)
            raise IllegalAction(f"There is no Mafioso in position {shown}: this round has {size}, "
                                f"numbered 1 to {size} from the left.")

    def _check_trafficking(self, state: ContractState, action: TraffickingDealt) -> None:
        if state.phase != "trafficking":
            raise IllegalAction("The trafficking tiles were already dealt at the start of the game.")
        d = self._d(state)
        if sorted(action.first) != sorted(d.first_tiles) or sorted(action.second) != sorted(d.second_tiles):
            raise IllegalAction(f"The first tiles are {_join([str(v) for v in sorted(d.first_tiles)])} and the "
                                f"second tiles {_join([str(v) for v in sorted(d.second_tiles)])}, one of each "
                                f"per family.")

    def _check_turned_up(self, state: ContractState, action: MafiosoTurnedUp) -> None:
        pos = self.awaiting_turn_up(state)
        if pos is None:
            raise IllegalAction(f"No Mafioso is waiting to be turned up: {self.prompt(state)}")
        if action.position != pos:
            raise IllegalAction(f"Turn up the Mafioso in position {pos + 1} first (from the left).")
        if not isinstance(action.card, str) or action.card not in self._d(state).deck:
            raise IllegalAction(f"'{action.card}' is not a Mafioso card (write it like yakaz-4).")
        if action.card not in state.deck:
            raise IllegalAction(f"The {self.label(action.card)} is not in this game: the Mafiosi of value 2 "
                                f"are removed with 2 or 3 players.")
        if self.pool(state)[action.card] == 0:
            raise IllegalAction(f"There is no {self.label(action.card)} left to turn up: every one is already "
                                f"on the table, won or out of the game.")

    def _check_choice(self, state: ContractState, action: Action) -> None:
        if state.phase != "count" or not state.pending:
            raise IllegalAction(f"There is no choice to make now: {self.prompt(state)}")
        p = state.pending[0]
        n = state.names
        if action.seat != p.seat:
            other = n[action.seat] if isinstance(action.seat, int) and 0 <= action.seat < state.players else "anyone else"
            raise IllegalAction(f"{n[p.seat]} chooses now, not {other}: {self.prompt(state)}")
        if p.what == "blackmat":
            if not isinstance(action, PlaceBlackmat):
                raise IllegalAction(f"First choose where the {self.label(p.card)} goes.")
            if action.card != p.card:
                raise IllegalAction(f"The Blackmat to place is the {self.label(p.card)}.")
            if state.areas[p.seat].column(action.family) is None:
                have = _join([self.fam(c.family) for c in state.areas[p.seat].columns])
                raise IllegalAction(f"A Blackmat joins a family column {n[p.seat]} already has ({have}), "
                                    f"not '{dict(self._d(state).names).get(action.family, action.family)}'.")
            return None
        if isinstance(action, TakeCopperCard):
            return None
        if not isinstance(action, CopperDiscard):
            raise IllegalAction(f"First use Copper's power: {self.prompt(state)}")
        if (action.victim, action.card) not in self.copper_targets(state, p.seat, p.card):
            fam = self.fam(card_family(p.card))
            if action.victim == p.seat:
                raise IllegalAction(f"Copper makes another player discard, not {n[p.seat]}.")
            raise IllegalAction(f"Copper can only discard a {fam} Mafioso already won by another player; "
                                f"{n[action.victim] if 0 <= action.victim < state.players else 'that seat'} "
                                f"has no {self.label(action.card) if '-' in action.card else action.card}.")

    def _check_cards(self, state: ContractState, seat: int, position: int, cards: tuple[str, ...]) -> None:
        """Card legality: "a contract only on its own family, never on a Blackmat; dollars anywhere;
        the Vicelard card only on the card under the Vicelard pawn (the $1 side on a Blackmat)"."""
        n = state.names
        slot = state.slots[position]
        where = self.where(state, position)
        fam = card_family(slot.card) if slot.card else None
        from_hand = 0
        for c in cards:
            if not isinstance(c, str):
                raise IllegalAction(f"{c!r} is not an influence card.")
            if c.startswith("contract:"):
                cf = c[9:]
                if cf not in self._d(state).families:
                    raise IllegalAction(f"There is no '{cf}' contract; the families are "
                                        f"{_join([self.fam(f) for f in self._d(state).families])}.")
                if fam is None:
                    raise IllegalAction(f"A contract cannot go on a face-down Mafioso (its family is unknown "
                                        f"until the count); play dollars or cards face down there.")
                if fam == BLACKMAT:
                    raise IllegalAction(f"The Blackmats only accept dollars: {self.card_text(c)} cannot go on "
                                        f"{where}.")
                if cf != fam:
                    text = self.card_text(c)
                    raise IllegalAction(f"{text[0].upper() + text[1:]} can only influence a {self.fam(cf)} "
                                        f"Mafioso, not {where}.")
                from_hand += 1
            elif c in HAND_CARDS:
                from_hand += 1
            elif c == "copper":
                if state.copper_card != seat:
                    raise IllegalAction(f"{n[seat]} does not hold the Copper card.")
            elif c in ("vicelard_contract", "vicelard_dollar"):
                if state.vicelard_card != seat:
                    raise IllegalAction(f"{n[seat]} does not hold the Vicelard card.")
                if position != state.vicelard_at:
                    raise IllegalAction(f"The Vicelard card can only go on the Mafioso under the Vicelard pawn "
                                        f"({self.where(state, state.vicelard_at)}).")
                if c == "vicelard_contract" and fam in (None, BLACKMAT):
                    what = "a Blackmat" if fam == BLACKMAT else "a face-down Mafioso"
                    raise IllegalAction(f"On {what} the Vicelard card must be played on its 1 $ side.")
            else:
                raise IllegalAction(f"'{c}' is not an influence card: use contract:<family>, dollar, "
                                    f"half_dollar, back, copper, vicelard_contract or vicelard_dollar.")
        specials = [c for c in cards if c in SPECIAL_CARDS]
        if len(specials) != len(set(c.split("_")[0] for c in specials)):
            raise IllegalAction("The Copper card and the Vicelard card can each be played only once.")
        if from_hand > state.hands[seat]:
            raise IllegalAction(f"{n[seat]} has only {_count(state.hands[seat], 'card')} in hand, not {from_hand}.")

    def _check_influence(self, state: ContractState, action: Influence | Reinforce) -> None:
        n = state.names
        seat = action.seat
        if not isinstance(action.tokens, int) or isinstance(action.tokens, bool) or action.tokens < 0:
            raise IllegalAction("The number of tokens must be 0 or more.")
        left = self.tokens_left(state, seat)
        if action.tokens > left:
            raise IllegalAction(f"{n[seat]} has only {_count(left, 'influence token')} left, not {action.tokens}.")
        where = self.where(state, action.position)
        if isinstance(action, Influence):
            if action.tokens < 1 or not action.cards:
                raise IllegalAction("To influence a Mafioso, play at least one token together with at least "
                                    "one influence card.")
        else:
            if not any(p.seat == seat and p.tokens for p in state.slots[action.position].plays):
                raise IllegalAction(f"{n[seat]} can only reinforce a Mafioso where one of their tokens "
                                    f"already is; there is none on {where}.")
            if action.tokens < 1 and not action.cards:
                raise IllegalAction("To reinforce, play at least one token or one card.")
        self._check_cards(state, seat, action.position, tuple(action.cards))

    def _check_payment(self, state: ContractState, seat: int, payment: tuple[str, ...], price: int,
                       what: str) -> None:
        n = state.names
        if not payment or any(c not in MONEY for c in payment):
            raise IllegalAction(f"{what} is paid with dollar cards (dollar or half_dollar).")
        worth = [MONEY[c] for c in payment]
        if sum(worth) < price:
            raise IllegalAction(f"{what} costs {halves_text(price)} $; {halves_text(sum(worth))} $ is not enough.")
        if any(sum(worth) - w >= price for w in worth):
            raise IllegalAction(f"{what} costs {halves_text(price)} $: pay it without a card to spare.")
        if len(payment) > state.hands[seat]:
            raise IllegalAction(f"{n[seat]} has only {_count(state.hands[seat], 'card')} in hand.")

    def _check_copper(self, state: ContractState, action: PayCopper) -> None:
        """"Pay 1/2 $ to move the Copper pawn onto any Mafioso card in play except the one where the
        Vicelard pawn is." """
        if action.position == state.vicelard_at:
            raise IllegalAction(f"Copper cannot be moved onto Vicelard's Mafioso ({self.where(state, action.position)}).")
        if action.position == state.copper_at:
            raise IllegalAction(f"Copper is already on {self.where(state, action.position)}.")
        self._check_payment(state, action.seat, tuple(action.payment), COPPER_PRICE, "Copper")

    def _check_vicelard(self, state: ContractState, action: HireVicelard) -> None:
        """"Pay 1 $ to move the Vicelard pawn" ... "Copper is forced to leave. The active player must
        then move the Copper pawn onto another Mafioso card of their choice." """
        if action.position == state.vicelard_at:
            raise IllegalAction(f"Vicelard is already on {self.where(state, action.position)}.")
        if action.position == state.copper_at:
            if action.copper_to is None:
                raise IllegalAction(f"Vicelard chases Copper from {self.where(state, action.position)}: say where "
                                    f"Copper goes.")
            self._check_position(state, action.copper_to)
            if action.copper_to == action.position:
                raise IllegalAction("Copper must leave Vicelard's Mafioso for another one.")
        elif action.copper_to is not None:
            raise IllegalAction("Copper only moves when Vicelard lands on its Mafioso; leave copper_to empty.")
        self._check_payment(state, action.seat, tuple(action.payment), VICELARD_PRICE, "Vicelard")

    # -- apply -----------------------------------------------------------------------------
    def _apply(self, state: ContractState, action: Action) -> tuple[ContractState, list[Event]]:
        state, events = self._apply_rules(state, action)
        return self._record_count(state, events), events

    def _record_count(self, state: ContractState, events: list[Event]) -> ContractState:
        """Keep the latest count as the events tell it (the count may stop for the table several
        times, and the next round starts in the same step as the count ends)."""
        record = state.last_count
        for event in events:
            if event.kind == "count":
                record = CountRecord(event.data["round"])
            if record is None or record.complete:
                continue
            if event.kind == "counted":
                d = event.data
                totals = tuple((state.names.index(name), int(round(points * 2))) for name, points in d["totals"].items())
                line = CountLine(d["position"], d.get("card"), totals, d.get("winner"), event.text)
                record = replace(record, lines=record.lines + (line,), waiting="")
            elif event.kind == "turn_over":
                record = replace(record, waiting=event.text)
            elif event.kind in COUNT_NOTES:
                record = replace(record, notes=record.notes + (event.text,))
            elif event.kind == "round_over":
                record = replace(record, complete=True)
        return state if record is state.last_count else replace(state, last_count=record)

    def _apply_rules(self, state: ContractState, action: Action) -> tuple[ContractState, list[Event]]:
        events: list[Event] = []
        if isinstance(action, TraffickingDealt):
            d = self._d(state)
            tiles = _join([f"{self.fam(f)} {a} $ / {b} $" for f, a, b in zip(d.families, action.first, action.second)])
            events.append(Event("trafficking", f"Trafficking tiles (first / second): {tiles}.",
                                data={"first": action.first, "second": action.second}))
            state = replace(state, first_tiles=tuple(action.first), second_tiles=tuple(action.second))
            state = self._start_round(state, 1, events)
        elif isinstance(action, MafiosoTurnedUp):
            state = self._turn_up(state, action, events)
        elif isinstance(action, PLAY_ACTIONS):
            state = self._play(state, action, events)
        else:
            state = self._choose(state, action, events)
        return state, events

    def _start_round(self, state: ContractState, number: int, events: list[Event]) -> ContractState:
        """"New Round": tokens back, deal 5 (at most 10 in hand), the next player to the left is first,
        Copper on the leftmost card, Vicelard on the rightmost."""
        n = state.names
        first = state.first if number == 1 else (state.first + 1) % state.players
        hands, pile, discard = list(state.hands), state.draw_pile, state.discard
        dealt = []
        for i in range(state.players):
            seat = (first + i) % state.players
            want = min(DEAL, HAND_MAX - hands[seat])
            if want > pile:
                events.append(Event("reshuffle", f"Shuffle the {discard} discarded influence cards to remake "
                                                 f"the draw pile.", data={"cards": discard}))
                pile, discard = pile + discard, 0
            want = min(want, pile)
            hands[seat] += want
            pile -= want
            dealt.append(f"{want} to {n[seat]}")
        size = LAYOUT[state.players]
        slots = tuple(Slot(None, i % 2 == 0) for i in range(size))
        if number == 1:
            vicelard, copper = state.vicelard_card, None
        else:
            vicelard, copper = state.next_vicelard, state.next_copper
        state = replace(state, phase="layout", round=number, first=first, turn=first, passes=0, opened=False,
                        slots=slots, copper_at=0, vicelard_at=size - 1, vicelard_card=vicelard,
                        copper_card=copper, next_vicelard=None, next_copper=None, count_at=0, pending=(),
                        hands=tuple(hands), draw_pile=pile, discard=discard, count_lines=())
        pattern = " - ".join("back" if s.face_down else "face up" for s in slots)
        holders = []
        if vicelard is not None:
            holders.append(f"{n[vicelard]} holds the Vicelard card")
        if copper is not None:
            holders.append(f"{n[copper]} holds the Copper card")
        events.append(Event("round", f"Round {number} of {state.rounds}. Lay out {size} Mafiosi from the left: "
                                     f"{pattern}. Deal influence cards: {_join(dealt)}. "
                                     f"{n[first]} is the first player." + (f" {_join(holders)}." if holders else ""),
                            data={"round": number, "first": first, "layout": size}))
        return state

    def _turn_up(self, state: ContractState, action: MafiosoTurnedUp, events: list[Event]) -> ContractState:
        slots = list(state.slots)
        slots[action.position] = replace(slots[action.position], card=action.card)
        state = replace(state, slots=tuple(slots), seen=state.seen + (action.card,))
        if state.phase == "layout":
            events.append(Event("laid", f"Position {action.position + 1}: the {self.label(action.card)}.",
                                data={"position": action.position, "card": action.card}))
            if self.awaiting_turn_up(state) is None:
                state = replace(state, phase="play")
                events.append(Event("turn", f"{state.names[state.first]} opens round {state.round} and must "
                                            f"influence a Mafioso.", data={"seat": state.first}))
            return state
        events.append(Event("revealed", f"The face-down Mafioso in position {action.position + 1} is the "
                                        f"{self.label(action.card)}.",
                            data={"position": action.position, "card": action.card}))
        return self._advance_count(state, events)

    def _play(self, state: ContractState, action: Action, events: list[Event]) -> ContractState:
        n = state.names
        seat = action.seat
        if isinstance(action, Pass):
            passes = state.passes + 1
            events.append(Event("pass", f"{n[seat]} passes.", data={"seat": seat, "passes": passes}))
            state = replace(state, passes=passes)
            if passes >= state.players:
                events.append(Event("count", "Everyone passed in succession: the round is over. Count of "
                                             "influences, from the left.", data={"round": state.round}))
                state = replace(state, phase="count", count_at=0)
                return self._advance_count(state, events)
            return self._next_turn(state, events)
        where = self.where(state, action.position)
        hands = list(state.hands)
        if isinstance(action, (Influence, Reinforce)):
            cards = tuple(action.cards)
            hands[seat] -= sum(1 for c in cards if c not in SPECIAL_CARDS)
            slots = list(state.slots)
            slot = slots[action.position]
            slots[action.position] = replace(slot, plays=slot.plays + (Play(seat, action.tokens, cards),))
            vicelard_card = None if any(c.startswith("vicelard") for c in cards) else state.vicelard_card
            copper_card = None if "copper" in cards else state.copper_card
            state = replace(state, slots=tuple(slots), hands=tuple(hands), vicelard_card=vicelard_card,
                            copper_card=copper_card)
            played = ([f"{action.tokens} token{'s' if action.tokens != 1 else ''}"] if action.tokens else [])
            played += [self.card_text(c) for c in cards]
            total = self.totals(state, action.position)[seat]
            verb = "influences" if isinstance(action, Influence) else "reinforces"
            events.append(Event(action.kind, f"{n[seat]} {verb} {where} with {_join(played)}: "
                                             f"{halves_text(total)} points there.",
                                data={"seat": seat, "position": action.position, "points": total / 2}))
        elif isinstance(action, PayCopper):
            hands[seat] -= len(action.payment)
            state = replace(state, copper_at=action.position, hands=tuple(hands),
                            discard=state.discard + len(action.payment))
            events.append(Event("copper", f"{n[seat]} pays Copper, who moves to {self.where(state, action.position)}.",
                                data={"seat": seat, "position": action.position}))
        else:
            hands[seat] -= len(action.payment)
            copper_at = action.copper_to if action.copper_to is not None else state.copper_at
            state = replace(state, vicelard_at=action.position, copper_at=copper_at, hands=tuple(hands),
                            discard=state.discard + len(action.payment))
            chase = (f" Copper is chased to {self.where(state, copper_at)}."
                     if action.copper_to is not None else "")
            events.append(Event("vicelard", f"{n[seat]} hires Vicelard, who moves to {where}.{chase}",
                                data={"seat": seat, "position": action.position, "copper_to": action.copper_to}))
        state = replace(state, passes=0, opened=True)
        return self._next_turn(state, events)

    def _next_turn(self, state: ContractState, events: list[Event]) -> ContractState:
        turn = (state.turn + 1) % state.players
        events.append(Event("turn", f"{state.names[turn]}'s turn.", data={"seat": turn}))
        return replace(state, turn=turn)

    # -- the count -------------------------------------------------------------------------
    def _advance_count(self, state: ContractState, events: list[Event]) -> ContractState:
        """"Starting necessarily from the left ... The one who has the most points wins the Mafioso
        card ... In case of a tie in influence points, the Mafioso is ... discarded." """
        n = state.names
        while not state.pending and state.count_at < len(state.slots):
            pos = state.count_at
            slot = state.slots[pos]
            totals = self.totals(state, pos)
            ranked = sorted(totals.items(), key=lambda kv: -kv[1])
            points = ", ".join(f"{n[s]} {halves_text(v)}" for s, v in ranked)
            top = ranked[0][1] if ranked else 0
            leaders = [s for s, v in ranked if v == top]
            label = self.label(slot.card)
            if not ranked:
                text = (f"Nobody influenced the {label}: it leaves the game." if slot.card else
                        f"Nobody influenced the face-down Mafioso in position {pos + 1}: it leaves the game unseen.")
                line = CountLine(pos, slot.card, (), None, text)
            elif len(leaders) > 1:
                text = (f"{'The ' + label if slot.card else f'Position {pos + 1}'}: {points}. "
                        f"{_join([n[s] for s in leaders])} tie at {halves_text(top)}: nobody wins it, it is discarded.")
                line = CountLine(pos, slot.card, tuple(ranked), None, text)
            elif slot.card is None:
                # a face-down Mafioso has a winner: wait for it to be turned over
                events.append(Event("turn_over", f"Position {pos + 1}: {points}. {n[leaders[0]]} wins it: turn "
                                                 f"the Mafioso over.", data={"position": pos, "winner": leaders[0]}))
                return state
            else:
                winner = leaders[0]
                text = f"The {label}: {points}. {n[winner]} wins it with {halves_text(top)} points."
                line = CountLine(pos, slot.card, tuple(ranked), winner, text)
            events.append(Event("counted", line.text, data={"position": pos, "card": slot.card,
                                                            "winner": line.winner,
                                                            "totals": {n[s]: v / 2 for s, v in ranked}}))
            state = replace(state, count_at=pos + 1, count_lines=state.count_lines + (line,))
            if line.winner is None:
                if slot.card and ranked:
                    state = replace(state, out=state.out + (slot.card,))
                continue
            state = self._win(state, line.winner, slot.card, events)
            if pos == state.copper_at:
                state = self._copper_power(state, line.winner, slot.card, events)
            if pos == state.vicelard_at:
                state = replace(state, next_vicelard=line.winner)
                events.append(Event("vicelard_card", f"Vicelard was on the {label}: {n[line.winner]} takes the "
                                                     f"Vicelard card for the next round.",
                                    data={"seat": line.winner}))
        if state.pending or state.count_at < len(state.slots):
            return state
        return self._end_round(state, events)

    def _win(self, state: ContractState, seat: int, card: str, events: list[Event]) -> ContractState:
        """The winner places the Mafioso "in their personal play area, in a column by family colour"."""
        n = state.names
        area = state.areas[seat]
        fam = card_family(card)
        if fam == BLACKMAT:
            return self._home_blackmat(state, seat, card, events)
        col = area.column(fam)
        if col is None:
            col = Column(fam, (card,), area.waiting)
            if area.waiting:
                events.append(Event("blackmat", f"{n[seat]}'s waiting {_join([self.label(c) for c in area.waiting])} "
                                                f"join{'s' if len(area.waiting) == 1 else ''} the {self.fam(fam)}.",
                                    data={"seat": seat, "family": fam}))
            area = Area(self._sorted_columns(area.columns + (col,)), ())
        else:
            area = replace(area, columns=tuple(replace(c, cards=c.cards + (card,)) if c.family == fam else c
                                               for c in area.columns))
        state = self._set_area(state, seat, area)
        return self._check_first_to(state, seat, events)

    def _sorted_columns(self, columns: tuple[Column, ...]) -> tuple[Column, ...]:
        order = self.data.families
        return tuple(sorted(columns, key=lambda c: order.index(c.family)))

    def _set_area(self, state: ContractState, seat: int, area: Area) -> ContractState:
        areas = list(state.areas)
        areas[seat] = area
        return replace(state, areas=tuple(areas))

    def _home_blackmat(self, state: ContractState, seat: int, card: str, events: list[Event]) -> ContractState:
        """"they can place it in any family column in their possession" ... "If the player has no family
        column, the Blackmat is kept until the player wins a coloured Mafioso"."""
        n = state.names
        area = state.areas[seat]
        if not area.columns:
            events.append(Event("blackmat", f"{n[seat]} has no family column yet: the {self.label(card)} waits "
                                            f"for their first coloured Mafioso.", data={"seat": seat}))
            state = self._set_area(state, seat, replace(area, waiting=area.waiting + (card,)))
        elif len(area.columns) == 1:
            state = self._place(state, seat, card, area.columns[0].family, events)
        else:
            state = replace(state, pending=state.pending + (Pending("blackmat", seat, card),))
            events.append(Event("choice", f"{n[seat]}: choose the family column for the {self.label(card)}.",
                                data={"seat": seat, "card": card}))
            return state
        return self._check_first_to(state, seat, events)

    def _place(self, state: ContractState, seat: int, card: str, family: str, events: list[Event]) -> ContractState:
        area = state.areas[seat]
        area = replace(area, columns=tuple(replace(c, blackmats=c.blackmats + (card,)) if c.family == family else c
                                           for c in area.columns))
        events.append(Event("blackmat", f"The {self.label(card)} joins {state.names[seat]}'s {self.fam(family)}.",
                            data={"seat": seat, "card": card, "family": family}))
        return self._set_area(state, seat, area)

    def _copper_power(self, state: ContractState, seat: int, card: str, events: list[Event]) -> ContractState:
        """"The player who wins this Mafioso card has two choices": discard a same-family Mafioso of
        another player, or take the Copper card. With no card to discard, only the Copper card is left."""
        if not self.copper_targets(state, seat, card):
            events.append(Event("copper_card", f"Copper was on the {self.label(card)}; with no "
                                               f"{'family' if card_family(card) == BLACKMAT else self.fam(card_family(card))} "
                                               f"Mafioso to discard, {state.names[seat]} takes the Copper card for the "
                                               f"next round.", data={"seat": seat}))
            return replace(state, next_copper=seat)
        events.append(Event("choice", f"Copper talks: {state.names[seat]} makes another player discard a "
                                      f"{self.fam(card_family(card))} Mafioso, or takes the Copper card.",
                            data={"seat": seat, "card": card}))
        return replace(state, pending=state.pending + (Pending("copper", seat, card),))

    def _choose(self, state: ContractState, action: Action, events: list[Event]) -> ContractState:
        n = state.names
        state = replace(state, pending=state.pending[1:])
        if isinstance(action, PlaceBlackmat):
            state = self._place(state, action.seat, action.card, action.family, events)
            state = self._check_first_to(state, action.seat, events)
        elif isinstance(action, TakeCopperCard):
            events.append(Event("copper_card", f"{n[action.seat]} takes the Copper card for the next round.",
                                data={"seat": action.seat}))
            state = replace(state, next_copper=action.seat)
        else:
            state = self._discard(state, action.seat, action.victim, action.card, events)
        return self._advance_count(state, events)

    def _discard(self, state: ContractState, seat: int, victim: int, card: str, events: list[Event]) -> ContractState:
        """Copper's discard; "if all the red cards of the column are discarded, the Blackmat immediately
        joins another family of its play area" (the owner chooses when there are several)."""
        n = state.names
        fam = card_family(card)
        area = state.areas[victim]
        col = area.column(fam)
        cards = list(col.cards)
        cards.remove(card)
        events.append(Event("copper_discard", f"Copper talks: {n[seat]} makes {n[victim]} discard the "
                                              f"{self.label(card)}.", data={"seat": seat, "victim": victim,
                                                                            "card": card}))
        state = replace(state, out=state.out + (card,))
        if cards:
            area = replace(area, columns=tuple(replace(c, cards=tuple(cards)) if c.family == fam else c
                                               for c in area.columns))
            return self._set_area(state, victim, area)
        area = replace(area, columns=tuple(c for c in area.columns if c.family != fam))
        state = self._set_area(state, victim, area)
        for black in col.blackmats:
            events.append(Event("blackmat", f"{n[victim]}'s {self.fam(fam)} column is empty: the "
                                            f"{self.label(black)} must join another family.",
                                data={"seat": victim, "card": black}))
            state = self._home_blackmat(state, victim, black, events)
        return state

    # -- briefcases ------------------------------------------------------------------------
    def measure(self, area: Area, measure: str, strength: int | None = None) -> int:
        coloured = [c for col in area.columns for c in col.cards]
        if measure == "different_families":
            return len(area.columns)
        if measure == "largest_family":
            return max((len(col.cards) for col in area.columns), default=0)
        if measure == "blackmats":
            return sum(1 for c in area.cards if card_family(c) == BLACKMAT)
        if measure == "mafiosi":
            return len(area.cards)
        if measure == "strength":
            return sum(1 for c in area.cards if card_value(c) == strength)
        raise ValueError(measure)  # pragma: no cover - data.parse validates measures

    def _check_first_to(self, state: ContractState, seat: int, events: list[Event]) -> ContractState:
        """"During the game, the first player to fulfil the conditions can win the corresponding bonus
        briefcase." Checked card by card during the count, so "first" is well defined."""
        won = dict(state.briefcases)
        for ident in state.briefcase_ids:
            b = self._d(state).briefcase(ident)
            if b.when != "first" or ident in won:
                continue
            if self.measure(state.areas[seat], b.measure, b.strength) >= b.threshold(state.players):
                state = replace(state, briefcases=state.briefcases + ((ident, seat),))
                events.append(Event("briefcase", f"{state.names[seat]} is the first: \"{b.label(state.players)}\" "
                                                 f"— a {b.value} $ briefcase.",
                                    data={"seat": seat, "briefcase": ident, "value": b.value}))
        return state

    # -- end of round / game ---------------------------------------------------------------
    def _end_round(self, state: ContractState, events: list[Event]) -> ContractState:
        """"Each player takes back all their influence tokens ... All influence cards played are
        discarded." Then the next round, or the end of the game after the last one."""
        played = sum(1 for s in state.slots for p in s.plays for c in p.cards if c not in SPECIAL_CARDS)
        unseen = sum(1 for s in state.slots if s.card is None)
        state = replace(state, discard=state.discard + played, count_at=len(state.slots),
                        slots=tuple(replace(s, plays=()) for s in state.slots))
        events.append(Event("round_over", f"Round {state.round} is counted. Take back your tokens and discard "
                                          f"the influence cards played ({played})."
                                          + (f" Remove the {_count(unseen, 'face-down Mafioso', 'face-down Mafiosi')} nobody won." if unseen else ""),
                            data={"round": state.round}))
        if state.round >= state.rounds:
            state = replace(state, phase="over", vicelard_card=None, copper_card=None)
            score = self.final_score(state)
            for line in score.lines:
                events.append(Event("score", line))
            return state
        return self._start_round(state, state.round + 1, events)

    def final_score(self, state: ContractState) -> FinalScore:
        """"End of the Game": trafficking tiles per family to first and second by column total
        (Blackmats included), ties broken by the highest card; end-game briefcases (a tie gives nobody
        the briefcase); the richest wins."""
        n = state.names
        d = self._d(state)
        traffic: dict[int, list[tuple[str, str, int]]] = {s: [] for s in range(state.players)}
        lines: list[str] = []
        for i, fam in enumerate(d.families):
            if not state.first_tiles:
                break
            ranking = []
            for s, area in enumerate(state.areas):
                col = area.column(fam)
                if col:
                    total = sum(card_value(c) for c in col.cards + col.blackmats)
                    ranking.append(((total, tuple(sorted((card_value(c) for c in col.cards), reverse=True))), s))
            ranking.sort(reverse=True)
            keys = [k for k, _ in ranking]
            # a player is placed only if nobody shares their (total, highest cards) key
            places = [s if keys.count(k) == 1 else None for k, s in ranking]
            for rank, tiles in ((0, state.first_tiles), (1, state.second_tiles)):
                if rank < len(places) and places[rank] is not None:
                    s = places[rank]
                    traffic[s].append((fam, ("first", "second")[rank], tiles[i]))
                    lines.append(f"{d.name(fam)}: {n[s]} takes the {('first', 'second')[rank]} trafficking "
                                 f"tile ({tiles[i]} $).")
                elif rank < len(places):
                    lines.append(f"{d.name(fam)}: a complete tie, nobody takes the "
                                 f"{('first', 'second')[rank]} trafficking tile.")
        cases: dict[int, list[tuple[str, int]]] = {s: [] for s in range(state.players)}
        for ident, s in state.briefcases:
            b = d.briefcase(ident)
            cases[s].append((b.label(state.players), b.value))
        for ident in state.briefcase_ids:
            b = d.briefcase(ident)
            if b.when != "end":
                continue
            counts = [self.measure(a, b.measure, b.strength) for a in state.areas]
            best = max(counts)
            leaders = [s for s, c in enumerate(counts) if c == best]
            if best > 0 and len(leaders) == 1:
                cases[leaders[0]].append((b.label(state.players), b.value))
                lines.append(f"Briefcase \"{b.label(state.players)}\": {n[leaders[0]]} ({best}), {b.value} $.")
            else:
                lines.append(f"Briefcase \"{b.label(state.players)}\": a tie, nobody wins it.")
        rows = []
        for s in range(state.players):
            total = sum(v for *_, v in traffic[s]) + sum(v for _, v in cases[s])
            rows.append(ScoreRow(s, n[s], tuple(traffic[s]), tuple(cases[s]), total))
        best = max(r.total for r in rows)
        winners = tuple(r.seat for r in rows if r.total == best)
        lines.append("Final score: " + _join([f"{r.name} {r.total} $" for r in sorted(rows, key=lambda r: -r.total)])
                     + ".")
        lines.append(f"{_join([n[s] for s in winners])} {'wins' if len(winners) == 1 else 'share the victory'} "
                     f"with {best} $.")
        return FinalScore(tuple(rows), winners, tuple(lines))

    def outcome(self, state: ContractState) -> Outcome | None:
        if state.phase != "over":
            return None
        score = self.final_score(state)
        return Outcome(score.winners, score.lines[-1])

    # -- chance ------------------------------------------------------------------------------
    def chance(self, state: ContractState, rng: Any, request: str | None = None) -> Action | None:
        """The trafficking shuffle and each Mafioso turned up, drawn from the cards not yet seen."""
        if request is not None:
            raise IllegalAction(f"Contract has nothing to roll or spin ('{request}').")
        if state.phase == "trafficking":
            first = list(self._d(state).first_tiles)
            second = list(self._d(state).second_tiles)
            rng.shuffle(first)
            rng.shuffle(second)
            return TraffickingDealt(tuple(first), tuple(second))
        pos = self.awaiting_turn_up(state)
        if pos is None:
            return None
        pool = sorted(self.pool(state).elements())
        return MafiosoTurnedUp(pos, rng.choice(pool))

    def playout_policy(self, state: ContractState, legal: Sequence[Action], rng: Any) -> Action:
        passes = [a for a in legal if isinstance(a, Pass)]
        if passes and rng.random() < 0.35:
            return passes[0]
        return rng.choice(list(legal))

    # -- views -------------------------------------------------------------------------------
    def view(self, state: ContractState, audience: Audience) -> ContractView:
        """The app never knows a hand, so every audience sees the same table."""
        n = state.names
        d = self._d(state)
        slots = []
        for i, s in enumerate(state.slots):
            totals = self.totals(state, i)
            inf = []
            for seat in sorted(totals):
                plays = [p for p in s.plays if p.seat == seat]
                inf.append(InfluenceView(n[seat], sum(p.tokens for p in plays),
                                         tuple(c for p in plays for c in p.cards), halves_text(totals[seat])))
            slots.append(SlotView(i, s.card, self.label(s.card) if s.card else "face down", s.face_down,
                                  i == state.copper_at, i == state.vicelard_at, tuple(inf), self.where(state, i),
                                  d.colour(card_family(s.card)) if s.card else None))
        players = []
        for seat, area in enumerate(state.areas):
            cols = tuple(ColumnView(c.family, d.name(c.family), d.colour(c.family), c.cards, c.blackmats,
                                    sum(card_value(x) for x in c.cards + c.blackmats)) for c in area.columns)
            cases = tuple(d.briefcase(i).label(state.players) for i, s in state.briefcases if s == seat)
            players.append(PlayerView(seat, n[seat], state.hands[seat], self.tokens_left(state, seat), cols,
                                       area.waiting, cases, state.vicelard_card == seat, state.copper_card == seat,
                                       seat == state.first))
        traffic = tuple((d.name(f), a, b) for f, a, b in zip(d.families, state.first_tiles, state.second_tiles))
        won = tuple((d.briefcase(i).label(state.players), n[s]) for i, s in state.briefcases)
        return ContractView(state.round, state.rounds, state.phase, self.prompt(state), self.acting(state),
                            state.passes, tuple(slots), tuple(players), traffic, won,
                            tuple(line.text for line in state.count_lines),
                            self.final_score(state) if state.phase == "over" else None,
                            self.options(state), self.awaiting_turn_up(state),
                            state.pending[0] if state.pending else None, self._count_view(state),
                            self.briefcase_rows(state))

    def _count_view(self, state: ContractState) -> CountView | None:
        record = state.last_count
        if record is None:
            return None
        d, n = self._d(state), state.names
        items = tuple(CountItemView(line.position, line.card,
                                    self.label(line.card) if line.card else f"Position {line.position + 1}",
                                    d.colour(card_family(line.card)) if line.card else None,
                                    tuple((n[seat], halves_text(h)) for seat, h in line.totals),
                                    n[line.winner] if line.winner is not None else None, line.text)
                      for line in record.lines)
        return CountView(record.round, items, record.notes, record.waiting, record.complete)

    def briefcase_rows(self, state: ContractState) -> tuple[BriefcaseView, ...]:
        """Every briefcase in use: who won a "first to" one, who leads an end-game one now (a tie
        gives nobody the briefcase)."""
        won = dict(state.briefcases)
        rows = []
        for ident in state.briefcase_ids:
            b = self._d(state).briefcase(ident)
            if b.when == "first":
                # short: the status sits beside the title and the value on the screen
                status = f"Won: {state.names[won[ident]]}" if ident in won else "Open"
            else:
                counts = [self.measure(a, b.measure, b.strength) for a in state.areas]
                best = max(counts)
                leaders = [state.names[s] for s, c in enumerate(counts) if c == best]
                if best == 0:
                    status = "Nobody"
                elif len(leaders) == 1:
                    status = f"{leaders[0]} leads ({best})"
                else:
                    status = f"Tie at {best}"
            rows.append(BriefcaseView(b.label(state.players), b.value, status))
        return tuple(rows)

    def options(self, state: ContractState) -> TurnOptions | None:
        """The turn's possibilities grouped by action, so a screen needs few taps per action."""
        if state.phase != "play":
            return None
        seat = state.turn
        size = len(state.slots)
        tokens = self.tokens_left(state, seat)
        cards = tuple((p, tuple(self.playable_kinds(state, seat, p))) for p in range(size))
        influence = tuple(p for p, kinds in cards if tokens and kinds)
        reinforce = tuple(p for p, kinds in cards if state.opened and (tokens or kinds)
                          and any(pl.seat == seat and pl.tokens for pl in state.slots[p].plays))
        paying = state.opened and state.hands[seat] > 0
        copper = tuple(p for p in range(size) if paying and p not in (state.copper_at, state.vicelard_at))
        vicelard = tuple(p for p in range(size) if paying and p != state.vicelard_at)
        return TurnOptions(seat, not state.opened, tokens, state.hands[seat], influence, reinforce, cards, copper,
                           vicelard, state.copper_at, state.opened)


ENGINE = ContractEngine()
