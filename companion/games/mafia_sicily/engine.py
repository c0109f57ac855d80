"""Mafia (Sicily): the table assistant for the State and the Families.

The board and the counters stay on the table. The app keeps the calendar, rolls every die, keeps the
Roma / USA / SISDE decks digitally, resolves the activities of the space where a moved counter ends,
tracks every counter and control counter and checks victory at the start of each turn.

Flow (rule D2): each turn is *returns* (D3), *movement* (D4) and *activities* (D5). Internally a turn
is a queue of small tasks run by ``_run``; whenever a die, a card draw or a player's choice is needed
the engine stops on a ``prompt`` and ``legal_actions`` lists exactly what may be done.

Dice are requested by the table ("roll1d6" / "roll2d6") so that a card can still be played before
the roll; card draws are the game's own chance events (``chance(state, rng, None)``). Drawing a
uniformly random card from the cards left in a deck is the same as shuffling the deck after every
return (rule D6 "the deck is reshuffled"), so decks are kept as sets of remaining cards.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, replace
from typing import Any, Mapping, Sequence

from companion.chance import DiceRolled, roll_dice
from companion.engine import REVEAL, Action, ActionCodec, Audience, Engine, Event, Outcome, Seat, TableAudience
from companion.errors import ConfigError, IllegalAction

from .data import BOX_NAMES, BOXES, Board, Card, load_board, load_decks, load_rules, parse_box

FAMILIES = ("red", "black", "orange", "green")
FAMILY_NAMES = {"red": "Red (rosso)", "black": "Black (nero)", "orange": "Orange (arancio)",
                "green": "Green (verde)"}
FACTIONS = ("state",) + FAMILIES
#: Hands: one per side, plus (two players, H6) each player's own Roma hand while running the State.
HAND_KEYS = FACTIONS + ("state0", "state1")
#: Rule D1: red, black, State, orange, green, State, then back to red.
CALENDAR = ("red", "black", "state", "orange", "green", "state")
DECKS = ("roma", "usa", "sisde")
STATE_COUNTERS = ("prefetto", "sisde", "cc1", "cc2", "cc3")
COUNTERS = STATE_COUNTERS + tuple(x for f in FAMILIES for x in (f"boss_{f}", f"picc_{f}_1", f"picc_{f}_2"))
#: Rule C2: Enna for everyone; black and green may not choose Palermo, red and orange not Catania.
HOME_FORBIDDEN = {"red": "catania", "orange": "catania", "black": "palermo", "green": "palermo"}
CITIES = ("palermo", "catania", "enna")
CITY_NAMES = {"palermo": "Palermo", "catania": "Catania", "enna": "Enna"}
#: Rule F1: in the three-player game one player has red and orange, the other black and green.
SEATS = {
    5: {"state": 0, "red": 1, "black": 2, "orange": 3, "green": 4},
    4: {"red": 0, "black": 1, "orange": 2, "green": 3},
    3: {"state": 0, "red": 1, "orange": 1, "black": 2, "green": 2},
    #: H1: the RV-player (red and green) and the NA-player (black and orange); the State alternates.
    2: {"red": 0, "green": 0, "black": 1, "orange": 1},
}
DIE_CHOICES = ("sum", "first", "second")


def kind_of(counter: str) -> str:
    if counter.startswith("boss_"):
        return "boss"
    if counter.startswith("picc_"):
        return "picciotto"
    if counter.startswith("cc"):
        return "cc"
    return counter  # prefetto, sisde


def faction_of(counter: str) -> str:
    if counter in STATE_COUNTERS:
        return "state"
    parts = counter.split("_")
    if len(parts) < 2:
        raise IllegalAction(f"'{counter}' is not a counter of Mafia (Sicily).")
    return parts[1]


def is_mafioso(counter: str) -> bool:
    return kind_of(counter) in ("boss", "picciotto")


def counter_name(counter: str) -> str:
    k = kind_of(counter)
    if k == "boss":
        return f"the {FAMILY_NAMES[faction_of(counter)]} Boss"
    if k == "picciotto":
        return f"a {FAMILY_NAMES[faction_of(counter)]} Picciotto"
    if k == "cc":
        return f"Carabinieri {counter[2:]}"
    return {"prefetto": "the Prefetto", "sisde": "the SISDE"}[counter]


def faction_name(faction: str) -> str:
    return "the State" if faction.startswith("state") else f"the {FAMILY_NAMES[faction]} Family"


def _numbers(ns) -> str:
    """(4, 5, 6) -> "4-6"; (1, 3, 5) -> "1, 3 or 5"; (6,) -> "6"."""
    ns = sorted(ns)
    if len(ns) > 2 and ns == list(range(ns[0], ns[-1] + 1)):
        return f"{ns[0]}-{ns[-1]}"
    return ", ".join(map(str, ns[:-1])) + (" or " if len(ns) > 1 else "") + str(ns[-1])


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# --------------------------------------------------------------------------------------------
# Actions


@dataclass(frozen=True, slots=True)
class ChooseHome(Action):
    """Rule C2: a Family chooses its home city (oldest player first)."""

    kind = "choose_home"
    city: str

    def describe(self) -> str:
        return f"Choose {CITY_NAMES.get(self.city, self.city)} as home city"


@dataclass(frozen=True, slots=True)
class CardDrawn(Action):
    """The top card of a (freshly shuffled) deck; enterable by hand with a physical deck."""

    kind = "card_drawn"
    deck: str
    card: str

    def describe(self) -> str:
        return f"Draw a {self.deck.upper() if self.deck != 'roma' else 'Roma'} card"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Rule D4: move ``counter`` to ``to`` using the sum of the dice or one die."""

    kind = "move"
    counter: str
    to: str
    die: str = "sum"
    facing: str = ""

    def describe(self) -> str:
        face = {"N": " facing north", "S": " facing south"}.get(self.facing, "")
        return f"Move {counter_name(self.counter)} to {self.to} ({self.die}){face}"


@dataclass(frozen=True, slots=True)
class Helicopter(Action):
    """Roma card Helicopter Operation: change each movement die by up to 2 points."""

    kind = "helicopter"
    first: int
    second: int

    def describe(self) -> str:
        return f"Play Helicopter Operation ({self.first:+d}, {self.second:+d})"


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play a held card (``target``: a space, counter or family where the card needs one)."""

    kind = "play_card"
    card: str
    target: str = ""

    def describe(self) -> str:
        return f"Play {self.card}" + (f" on {self.target}" if self.target else "")


@dataclass(frozen=True, slots=True)
class PlayEvidence(Action):
    """Rule D6c: the SISDE pair turns the detention of that Family's Boss into an arrest."""

    kind = "play_evidence"
    family: str

    def describe(self) -> str:
        return f"Play the SISDE pair on the {FAMILY_NAMES.get(self.family, self.family)} Boss"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline to play a card now."""

    kind = "pass"

    def describe(self) -> str:
        return "Do not play a card"


@dataclass(frozen=True, slots=True)
class TryControl(Action):
    """Rule D5b: a Picciotto rolls to assert control (even succeeds)."""

    kind = "try_control"

    def describe(self) -> str:
        return "Try to take control of the space"


@dataclass(frozen=True, slots=True)
class Shootout(Action):
    """Rule D5c: start a shootout against ``target`` (a Boss counter, a Family's Picciotti, or 'sisde')."""

    kind = "shootout"
    target: str

    def describe(self) -> str:
        if self.target in FAMILIES:
            return f"Shoot at the {FAMILY_NAMES[self.target]} Picciotti"
        return f"Shoot at {counter_name(self.target)}"


@dataclass(frozen=True, slots=True)
class Detain(Action):
    """Rule D5c: send a Boss to the Carabinieri Station (``lair``: play Discover a Lair)."""

    kind = "detain"
    boss: str
    lair: bool = False

    def describe(self) -> str:
        return f"Detain {counter_name(self.boss)}" + (" (Discover a Lair)" if self.lair else "")


@dataclass(frozen=True, slots=True)
class Arrest(Action):
    """Rule D6c: the Prefetto arrests a Boss in his space by playing the SISDE pair."""

    kind = "arrest"
    boss: str
    lair: bool = False

    def describe(self) -> str:
        return f"Arrest {counter_name(self.boss)} with the SISDE pair" + (" (Discover a Lair)" if self.lair else "")


@dataclass(frozen=True, slots=True)
class ArrestPicciotti(Action):
    """Rule D5b: the Carabinieri arrest a Family's Picciotti in their space (who may resist)."""

    kind = "arrest_picciotti"
    family: str

    def describe(self) -> str:
        return f"Arrest the {FAMILY_NAMES.get(self.family, self.family)} Picciotti"


@dataclass(frozen=True, slots=True)
class Resist(Action):
    """Rule D5c(iii): Picciotti resist an arrest by the Carabinieri: a shootout."""

    kind = "resist"

    def describe(self) -> str:
        return "Resist the arrest (shootout)"


@dataclass(frozen=True, slots=True)
class Submit(Action):
    kind = "submit"

    def describe(self) -> str:
        return "Go quietly to Prison"


@dataclass(frozen=True, slots=True)
class LoseCard(Action):
    """News leak: the player returns one held card of their choice."""

    kind = "lose_card"
    card: str

    def describe(self) -> str:
        return f"Give up {self.card}"


@dataclass(frozen=True, slots=True)
class RemoveControl(Action):
    """Two players (H5): the Carabinieri may remove one control counter, without a roll."""

    kind = "remove_control"

    def describe(self) -> str:
        return "Remove a control counter"


@dataclass(frozen=True, slots=True)
class Undercover(Action):
    """Two players (H8): the SISDE sends one mafioso in its space back to his home city."""

    kind = "undercover"
    counter: str

    def describe(self) -> str:
        return f"Undercover operation: send {counter_name(self.counter)} home"


@dataclass(frozen=True, slots=True)
class TakeRoma(Action):
    """Two players (H6): a player acting for a State counter, holding no Roma card, may draw one."""

    kind = "take_roma"

    def describe(self) -> str:
        return "Draw a Roma card"


@dataclass(frozen=True, slots=True)
class CallUSA(Action):
    """Rule D5b: a Boss on a telephone booth "can call the USA": the Family chooses to call or not."""

    kind = "call_usa"
    call: bool = True

    def describe(self) -> str:
        return "Call the USA" if self.call else "Do not call the USA"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """End this counter's activities."""

    kind = "done"

    def describe(self) -> str:
        return "Done"


ALL_ACTIONS = (ChooseHome, DiceRolled, CardDrawn, Move, Helicopter, PlayCard, PlayEvidence, Pass, TryControl,
               Shootout, Detain, Arrest, ArrestPicciotti, Resist, Submit, LoseCard, RemoveControl, Undercover, TakeRoma,
               CallUSA,
               Done)


# --------------------------------------------------------------------------------------------
# State


@dataclass(frozen=True, slots=True)
class SicilyState:
    """Everything the app tracks. Tuples of pairs only, so states compare and hash."""

    players: int
    check_moves: bool
    homes: tuple[tuple[str, str], ...]
    home_queue: tuple[str, ...]
    pos: tuple[tuple[str, str], ...]
    facing: tuple[tuple[str, str], ...]
    control: tuple[tuple[str, str, int], ...]
    hands: tuple[tuple[str, tuple[str, ...]], ...]
    decks: tuple[tuple[str, tuple[str, ...]], ...]
    turn: int
    turns: int
    queue: tuple[tuple, ...]
    prompt: tuple | None
    dice: tuple[int, ...]
    dice_left: tuple[str, ...]
    moved: tuple[str, ...]
    blocked: tuple[str, ...]
    restaurant_done: bool
    air_banned: bool
    helicopter_used: bool
    temp_roadblocks: tuple[str, ...]
    shootout: tuple[tuple[str, Any], ...] | None
    act_done: tuple[str, ...]
    last_move: tuple | None
    last_drawn: str
    roma_drawn: tuple[tuple[str, int], ...]
    winners: tuple[int, ...] | None
    reason: str
    #: The players' names by seat (config ``names``; empty when not given): for undo messages and screens.
    names: tuple[str, ...] = ()
    #: The table's box values the game started with (config ``box``, as canonical JSON; empty: the
    #: shipped board.toml / rules.toml / decks.toml). ``SicilyEngine.for_state`` reads the game's
    #: board, RETURNS and SISDE names from it, so editing the box never changes this game.
    box: str = ""
    #: D5b "can call the USA": the Boss's Family is asked (issue 26). Games recorded before the
    #: question existed replay as they were played (the call was automatic): their config lacks the key.
    ask_usa_call: bool = False
    #: Each seat's private notes, oldest first: (seat, text) of every event only that seat may see
    #: (the card drawn, the Mole's look), so its card screen and its phone can show them again.
    notes: tuple[tuple[int, str], ...] = ()
    #: The last roll: (dice, entered by hand, what it was for in words, the side whose turn it was,
    #: how many rolls so far), or () before the first.
    last_roll: tuple = ()


class _W:
    """A mutable working copy of the state used inside one ``_apply`` (never escapes it)."""

    def __init__(self, s: SicilyState):
        self.players = s.players
        self.check_moves = s.check_moves
        self.homes = dict(s.homes)
        self.home_queue = list(s.home_queue)
        self.pos = dict(s.pos)
        self.facing = dict(s.facing)
        self.control = {sp: (c, n) for sp, c, n in s.control}
        self.hands = {f: list(h) for f, h in s.hands}
        self.decks = {d: list(c) for d, c in s.decks}
        self.turn = s.turn
        self.turns = s.turns
        self.queue = list(s.queue)
        self.prompt = s.prompt
        self.dice = s.dice
        self.dice_left = list(s.dice_left)
        self.moved = list(s.moved)
        self.blocked = list(s.blocked)
        self.restaurant_done = s.restaurant_done
        self.air_banned = s.air_banned
        self.helicopter_used = s.helicopter_used
        self.temp_roadblocks = list(s.temp_roadblocks)
        self.shootout = dict(s.shootout) if s.shootout is not None else None
        self.act_done = list(s.act_done)
        self.last_move = s.last_move
        self.last_drawn = s.last_drawn
        self.roma_drawn = dict(s.roma_drawn)
        self.winners = s.winners
        self.reason = s.reason
        self.names = s.names
        self.box = s.box
        self.ask_usa_call = s.ask_usa_call
        self.notes = list(s.notes)
        self.last_roll = s.last_roll
        self.events: list[Event] = []

    def freeze(self) -> SicilyState:
        return SicilyState(
            players=self.players, check_moves=self.check_moves,
            homes=tuple(sorted(self.homes.items())), home_queue=tuple(self.home_queue),
            pos=tuple((c, self.pos[c]) for c in COUNTERS), facing=tuple((c, self.facing[c]) for c in COUNTERS),
            control=tuple(sorted((sp, c, n) for sp, (c, n) in self.control.items() if n > 0)),
            hands=tuple((f, tuple(sorted(self.hands[f]))) for f in HAND_KEYS),
            decks=tuple((d, tuple(sorted(self.decks[d]))) for d in DECKS),
            turn=self.turn, turns=self.turns, queue=tuple(self.queue), prompt=self.prompt, dice=tuple(self.dice),
            dice_left=tuple(self.dice_left), moved=tuple(self.moved), blocked=tuple(self.blocked),
            restaurant_done=self.restaurant_done, air_banned=self.air_banned,
            helicopter_used=self.helicopter_used, temp_roadblocks=tuple(self.temp_roadblocks),
            shootout=tuple(sorted(self.shootout.items())) if self.shootout is not None else None,
            act_done=tuple(self.act_done), last_move=self.last_move, last_drawn=self.last_drawn,
            roma_drawn=tuple(sorted(self.roma_drawn.items())), winners=self.winners, reason=self.reason,
            names=self.names, box=self.box, ask_usa_call=self.ask_usa_call, notes=tuple(self.notes),
            last_roll=self.last_roll)

    # -- small helpers --------------------------------------------------------------------
    @property
    def current(self) -> str:
        return CALENDAR[self.turn]

    def say(self, kind: str, text: str, audience: Audience | None = None, **data: Any) -> None:
        self.events.append(Event(kind, text, audience if audience is not None else TableAudience(), data))
        if isinstance(audience, Seat) and text:
            self.notes.append((audience.n, text))

    def at(self, space: str) -> list[str]:
        return [c for c in COUNTERS if self.pos[c] == space]

    def push(self, *tasks: tuple) -> None:
        """Run these tasks next, in this order, before what was queued."""
        self.queue[0:0] = list(tasks)


# --------------------------------------------------------------------------------------------
# Views


@dataclass(frozen=True, slots=True)
class TableView:
    """The shared screen: no card identities, only how many each holds and how many are left."""

    players: int
    turn_of: str
    calendar: tuple[str, ...]
    calendar_position: int
    turn_number: int
    awaiting: str
    acting_seat: int | None
    homes: tuple[tuple[str, str], ...]
    positions: tuple[tuple[str, str], ...]
    facing: tuple[tuple[str, str], ...]
    control: tuple[tuple[str, str, int], ...]
    spaces_controlled: tuple[tuple[str, int], ...]
    remediation_points: float
    hand_sizes: tuple[tuple[str, int], ...]
    deck_sizes: tuple[tuple[str, int], ...]
    dice: tuple[int, ...]
    dice_left: tuple[str, ...]
    blocked: tuple[str, ...]
    temporary_roadblocks: tuple[str, ...]
    winners: tuple[int, ...] | None
    result: str
    names: tuple[str, ...] = ()
    #: the last roll, public: (dice, entered by hand, what it was for, whose turn, rolls so far) or ()
    last_roll: tuple = ()
    # -- what the shared screen offers, decided here so no screen reads the state (issue 24) --
    #: the kind of question the table is asked ("roll", "draw", "move", "window", "lose", "decide",
    #: "home", ...), "" when nothing is asked (the game over)
    prompt_kind: str = ""
    #: the chance the table is asked for ("roll1d6" / "roll2d6"), "" when none
    chance: str = ""
    #: the deck a card is to be drawn from ("roma" / "usa" / "sisde"), "" when none
    draw_deck: str = ""
    #: whether the app checks moves against the routes (off: the players say where a counter went)
    check_moves: bool = True
    #: the public legal actions, in the engine's order: none names or betrays a held card
    #: (``is_private``) and none is chance (a roll, a draw); the shared screen's buttons
    offers: tuple[Action, ...] = ()
    #: move checking off: per counter that may move, the moves the routes would allow (facing
    #: dropped), as the map's suggestions; () with checking on or no routes
    suggestions: tuple[tuple[str, tuple["Move", ...]], ...] = ()
    #: the way to a private card screen (issue 13: decided on public facts only, the kind of moment
    #: and hand *sizes*): (kind, seats) with kind "window" | "lose" | "first" | "instead" | "use", or ()
    card_door: tuple = ()
    #: the running shootout: (attackers, defenders, rolls as (side, counter, die)) or ()
    shootout: tuple = ()


def is_private(action: Action) -> bool:
    """Actions that name a held card or betray holding one: never on the shared screen (the owner's
    card screen only)."""
    if isinstance(action, (PlayCard, PlayEvidence, Helicopter, LoseCard, Arrest)):
        return True
    return isinstance(action, Detain) and action.lair


@dataclass(frozen=True, slots=True)
class HeldCard:
    id: str
    deck: str
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class SeatView:
    """One player's private screen (hold to peek): the table plus their own Families' cards."""

    seat: int
    factions: tuple[str, ...]
    hands: tuple[tuple[str, tuple[HeldCard, ...]], ...]
    table: TableView
    #: what only this seat was told, oldest first (the card it drew, the Mole's look)
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RevealView:
    """After the game: every hand and what was left in each deck."""

    hands: tuple[tuple[str, tuple[str, ...]], ...]
    decks: tuple[tuple[str, tuple[str, ...]], ...]
    table: TableView


# --------------------------------------------------------------------------------------------
# The engine


def _boxed(method):
    """Run ``method`` on the engine of the state's own box (``SicilyEngine.for_state``)."""
    name = method.__name__

    @functools.wraps(method)
    def wrapper(self, state, *args, **kwargs):
        box = getattr(state, "box", "")
        if box is not self._box and box != self._box:
            return getattr(_engine_for_box(box), name)(state, *args, **kwargs)
        return method(self, state, *args, **kwargs)

    return wrapper


@functools.lru_cache(maxsize=8)
def _engine_for_box(box: str) -> "SicilyEngine":
    """The engine with a table's box values in place (``box``: canonical JSON of the values)."""
    if not box:
        return ENGINE
    data = parse_box(json.loads(box))
    engine = SicilyEngine(data.board, data.rules, data.decks)
    engine._box = box
    return engine


def box_key(values: Mapping[str, Any]) -> str:
    """The canonical text of box values, as a state keeps it."""
    return json.dumps(values, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


class SicilyEngine(Engine):
    name = "mafia-sicily"
    title = "Mafia (Sicily)"
    version = 1
    actions = ActionCodec(*ALL_ACTIONS)
    min_players = 2
    max_players = 5
    free_entry = frozenset()  # legal_actions lists every action

    def __init__(self, board: Board | None = None, rules: Mapping[str, Any] | None = None,
                 decks: Mapping[str, Sequence[Card]] | None = None):
        self.board = board or load_board()
        self.rules = dict(rules or load_rules())
        self.cards = {d: tuple(c) for d, c in (decks or load_decks()).items()}
        self.card_by_id = {c.id: c for d in self.cards.values() for c in d}
        g = self.rules["game"]
        self.returns = {box: tuple(self.rules["returns"][box]) for box in BOXES}
        self.supply = int(g["control_counters_per_family"])
        self.space_ids = self.board.ids
        self.space_names = {s.id: s.name for s in self.board.spaces}
        self.space_type = {s.id: s.type for s in self.board.spaces}
        self.space_numbers = {s.id: tuple(s.numbers) for s in self.board.spaces}
        self.roadblocks = self.board.of_type("roadblock")
        self.airports = self.board.airports

    #: The box this engine's board, RETURNS and SISDE names come from ("" = the shipped files).
    _box = ""

    def for_state(self, state: Any) -> "SicilyEngine":
        """The engine with the game's own box values (``state.box``): its board (names, routes, die
        numbers), RETURNS and SISDE card names. Screens look names up here, never in package data."""
        box = getattr(state, "box", "")
        return self if box == self._box else _engine_for_box(box)

    def for_config(self, config: Mapping[str, Any]) -> "SicilyEngine":
        """The engine of a game started with ``config`` (its ``box``, if any): the same as
        ``for_state`` of its states, for a screen that holds the session, not a state."""
        return _engine_for_box(box_key(config["box"])) if "box" in config else self

    # -- setup -----------------------------------------------------------------------------
    def new(self, config: Mapping[str, Any], seed: int) -> SicilyState:
        """Rule C: State counters on the roadblocks, Palermo and Catania; decks shuffled; Families choose homes.

        ``box`` (optional): the table's box values (companion/box.py, docs/box.md); the game keeps
        them in its state, so editing the box later never changes it. Without it: the shipped files.
        """
        unknown = set(config) - {"players", "age_order", "check_moves", "names", "box", "ask_usa_call"}
        if unknown:
            raise ConfigError(f"Mafia (Sicily) has no option {', '.join(sorted(unknown))}.")
        if "box" in config:
            try:
                parse_box(config["box"])
            except ConfigError as err:
                raise ConfigError(f"Your box for Mafia (Sicily): {err}") from None
            key = box_key(config["box"])
            return _engine_for_box(key)._new(config, seed, key)
        return self._new(config, seed, self._box)

    def _new(self, config: Mapping[str, Any], seed: int, box: str) -> SicilyState:
        players = config.get("players", 5)
        if isinstance(players, bool) or not isinstance(players, int) or players not in SEATS:
            raise ConfigError(f"Mafia (Sicily) is for 2 to 5 players, not {players!r}.")
        order = config.get("age_order", FAMILIES)
        if (not isinstance(order, (list, tuple)) or not all(isinstance(f, str) for f in order)
                or sorted(order) != sorted(FAMILIES)):
            raise ConfigError("age_order must list the four Families red, black, orange and green, oldest first.")
        order = tuple(order)
        names = config.get("names", ())
        if not isinstance(names, (list, tuple)):
            raise ConfigError(f"names must give one name for each of the {players} players, by seat.")
        if names:
            if (not isinstance(names, (list, tuple)) or len(names) != players
                    or not all(isinstance(n, str) and n.strip() for n in names)):
                raise ConfigError(f"names must give one name for each of the {players} players, by seat.")
            if len({n.strip().lower() for n in names}) != len(names):
                raise ConfigError("Two players have the same name; give each player a different name.")
        names = tuple(n.strip() for n in names)
        check = config.get("check_moves", True)
        if not isinstance(check, bool):
            raise ConfigError("check_moves must be true or false.")
        ask_call = config.get("ask_usa_call", False)
        if not isinstance(ask_call, bool):
            raise ConfigError("ask_usa_call must be true or false.")
        pos = {c: "off" for c in COUNTERS}
        for cc, rb in zip(("cc1", "cc2", "cc3"), self.roadblocks):
            pos[cc] = rb
        pos["prefetto"] = "palermo"
        pos["sisde"] = "catania" if players != 4 else "off"  # G2: the SISDE counter is not used
        w = _W(SicilyState(
            players=players, check_moves=check and self.board.routes is not None, homes=(), home_queue=order,
            pos=tuple(pos.items()), facing=tuple((c, "") for c in COUNTERS), control=(),
            hands=tuple((f, ()) for f in HAND_KEYS),
            decks=tuple((d, tuple(sorted(c.id for c in self.cards[d]))) for d in DECKS),
            turn=0, turns=0, queue=(), prompt=None, dice=(), dice_left=(), moved=(), blocked=(),
            restaurant_done=False, air_banned=False, helicopter_used=False, temp_roadblocks=(), shootout=None,
            act_done=(), last_move=None, last_drawn="", roma_drawn=(), winners=None, reason="", names=names,
            box=box, ask_usa_call=ask_call))
        w.push(("homes",))
        self._run(w)
        return w.freeze()

    def sample_config(self, players: int | None, rng: Any) -> dict[str, Any]:
        if players is None:
            players = 5
        players = max(self.min_players, min(self.max_players, players))
        order = list(FAMILIES)
        rng.shuffle(order)
        return {"players": players, "age_order": order}

    # -- seats -----------------------------------------------------------------------------
    @_boxed
    def seat_of(self, s: SicilyState | _W, faction: str) -> int:
        """The seat that decides for ``faction``; with four players the State is run by whoever's turn it is."""
        seats = SEATS[s.players]
        if faction in ("state0", "state1"):
            return int(faction[-1])
        if faction == "state" and s.players == 4:
            return seats[CALENDAR[s.turn]] if CALENDAR[s.turn] != "state" else 0
        if faction == "state" and s.players == 2:
            # H3/H4: RV runs the first State turn, NA the second; in a Family turn, the opponent
            cur = CALENDAR[s.turn]
            if cur == "state":
                return 0 if s.turn == 2 else 1
            return 1 - seats[cur]
        return seats[faction]

    def _hk(self, s, faction: str) -> str:
        """The hand a side's cards go to: with two players the State's cards are the controller's own."""
        if faction == "state" and s.players == 2:
            return f"state{self.seat_of(s, 'state')}"
        return faction

    @_boxed
    def factions_of_seat(self, s: SicilyState, seat: int) -> tuple[str, ...]:
        out = tuple(f for f in FAMILIES if SEATS[s.players].get(f) == seat)
        if SEATS[s.players].get("state") == seat:
            out = ("state",) + out
        if s.players == 4 and self.seat_of(s, "state") == seat:
            out = out + ("state",)
        if s.players == 2:
            out = out + (f"state{seat}",)
        return out

    # -- the task runner -------------------------------------------------------------------
    def _run(self, w: _W) -> None:
        guard = 0
        while w.prompt is None and w.winners is None:
            guard += 1
            if guard > 10_000:
                raise RuntimeError("mafia-sicily: the task queue did not settle")
            if not w.queue:
                w.queue.append(("turn_start",))
            task = w.queue.pop(0)
            getattr(self, "_t_" + task[0])(w, *task[1:])

    def _t_homes(self, w: _W) -> None:
        if w.home_queue:
            w.prompt = ("home", w.home_queue[0])
            return
        w.say("setup", "Every Family has a home city. The red Family begins.")

    def _t_turn_start(self, w: _W) -> None:
        """Rule E: victory is checked at the start of a turn; then returns, movement, activities."""
        f = w.current
        if w.players == 4 and f == "state":  # G1: nobody plays the State's turns
            w.turn = (w.turn + 1) % len(CALENDAR)
            return
        w.moved, w.dice, w.dice_left, w.act_done = [], (), [], []
        w.restaurant_done = w.air_banned = w.helicopter_used = False
        w.last_move = None
        if f == "state":
            w.temp_roadblocks = []
        if self._check_victory(w):
            return
        w.say("turn", f"Turn {w.turns + 1}: {faction_name(f)} plays.", faction=f)
        w.push(("returns",), ("movement",), ("activities",), ("turn_end",))

    def _check_victory(self, w: _W) -> bool:
        f = w.current
        halves = self._remediation_halves(w)
        need = int(self.rules["game"]["remediation_halves_to_win"])
        if w.players == 4 and halves >= need:
            w.winners = ()
            w.reason = (f"The State has {halves / 2:g} remediation points at the start of a turn: "
                        "with four players that is a loss for everyone.")
        elif f == "state" and halves >= need and w.players != 2:
            w.winners = (self.seat_of(w, "state"),)
            w.reason = f"The State has {halves / 2:g} remediation points at the start of its turn and wins."
        elif f != "state":
            n = self._controlled(w, f)
            if n >= self._spaces_to_win(w):
                w.winners = (self.seat_of(w, f),)
                w.reason = f"{cap(faction_name(f))} controls {n} spaces at the start of its turn and wins."
        if w.winners is not None:
            w.prompt = None
            w.queue = []
            w.say("game_over", w.reason)
            return True
        return False

    def _spaces_to_win(self, s) -> int:
        g = self.rules["game"]
        return int(g["spaces_to_win_two_families_per_player"] if s.players in (2, 3) else g["spaces_to_win"])

    def _controlled(self, w, family: str) -> int:
        control = w.control if isinstance(w, _W) else {sp: (c, n) for sp, c, n in w.control}
        return sum(1 for c, n in control.values() if c == family and n > 0)

    def _remediation_halves(self, w, families=FAMILIES) -> int:
        """Rule E: +2 per Boss in Prison, +1 per Boss detained, +1/2 per Picciotto in Prison (in halves)."""
        g = self.rules["game"]
        pos = w.pos if isinstance(w, _W) else dict(w.pos)
        total = 0
        for c, p in pos.items():
            if is_mafioso(c) and faction_of(c) not in families:
                continue
            if kind_of(c) == "boss":
                total += int(g["boss_in_prison_halves"]) if p == "prison" else 0
                total += int(g["boss_detained_halves"]) if p == "station" else 0
            elif kind_of(c) == "picciotto" and p == "prison":
                total += int(g["picciotto_in_prison_halves"])
        return total

    def _t_turn_end(self, w: _W) -> None:
        if w.players == 4 and w.hands["state"]:  # G3: the State cards drawn this turn go back
            for card in list(w.hands["state"]):
                self._return_card(w, "state", card, quiet=True)
            w.say("cards_returned", "The Roma and SISDE cards drawn this turn go back into their decks.")
        if w.players == 2:
            self._two_player_turn_end(w)
            if w.winners is not None:
                return
        w.turn = (w.turn + 1) % len(CALENDAR)
        w.turns += 1

    def _two_player_turn_end(self, w: _W) -> None:
        """H6/H7: SISDE cards go back at the end of the turn they were drawn; Roma cards at the end of the
        holder's next State turn. H10: the State's points are checked at the end of a State turn."""
        for key in ("state0", "state1"):
            sisde = [c for c in w.hands[key] if self.card_by_id[c].deck == "sisde"]
            for card in sisde:
                self._return_card(w, key, card, quiet=True)
        if w.current != "state":
            return
        key = self._hk(w, "state")
        old = [c for c in w.hands[key] if self.card_by_id[c].deck == "roma" and w.roma_drawn.get(c, w.turns) < w.turns]
        for card in old:
            self._return_card(w, key, card, quiet=True)
        if old:
            w.say("cards_returned", f"{len(old)} Roma card{'s' if len(old) != 1 else ''} held since an earlier turn "
                                    f"go{'es' if len(old) == 1 else ''} back into the deck.")
        need = int(self.rules["game"]["remediation_halves_to_win"])
        hit = [seat for seat in (0, 1)
               if self._remediation_halves(w, [f for f in FAMILIES if SEATS[2][f] == seat]) >= need]
        if hit:
            w.winners = tuple(1 - seat for seat in hit) if len(hit) == 1 else ()
            if len(hit) == 1:
                pair = " and ".join(FAMILY_NAMES[f] for f in FAMILIES if SEATS[2][f] == hit[0])
                w.reason = (f"At the end of a State turn the State has 4 remediation points against the {pair} "
                            f"Families: the other player wins.")
            else:
                w.reason = "At the end of a State turn the State has 4 remediation points against both players: a draw."
            w.prompt = None
            w.queue = []
            w.say("game_over", w.reason)

    # -- returns (D3) ----------------------------------------------------------------------
    def _t_returns(self, w: _W) -> None:
        f = w.current
        out = [c for c in COUNTERS if faction_of(c) == f and w.pos[c] in BOXES]
        w.push(*[("return", c) for c in out])

    def _t_return(self, w: _W, c: str) -> None:
        if w.pos[c] not in BOXES:
            return
        w.prompt = ("roll", 1, ("return", c))

    def _on_return_roll(self, w: _W, c: str, value: int) -> None:
        box = w.pos[c]
        if value not in self.returns[box]:
            w.say("return_failed", f"{cap(counter_name(c))} stays in {BOX_NAMES[box]} (rolled {value}).")
            return
        if box == "prison" and faction_of(c) != "state" and self._ask(w, ("state",)):
            w.prompt = ("window", self._keys(w, ("state",)), "support", c)
            return
        self._release(w, c, f"rolled {value}")

    def _release(self, w: _W, c: str, why: str) -> None:
        f = faction_of(c)
        home = "palermo" if f == "state" else w.homes[f]
        box = w.pos[c]
        w.pos[c], w.facing[c] = home, ""
        w.say("returned", f"{cap(counter_name(c))} comes back from {BOX_NAMES[box]} to {self.space_names[home]} ({why}).",
              counter=c, to=home)

    # -- movement (D4) ---------------------------------------------------------------------
    def _movable(self, w, faction: str) -> list[str]:
        pos = w.pos if isinstance(w, _W) else dict(w.pos)
        return [c for c in COUNTERS if faction_of(c) == faction and pos[c] in self.space_ids]

    def _t_movement(self, w: _W) -> None:
        f = w.current
        if f in w.blocked:
            w.blocked.remove(f)
            w.say("blocked", f"The Antimafia Commission: {faction_name(f)} may not move any counter this turn.")
            return
        if not self._movable(w, f) and not (w.players == 4 and self._movable(w, "state")):
            w.say("no_move", f"{cap(faction_name(f))} has no counter on the board to move.")
            return
        w.prompt = ("roll", 2, ("move",))

    def _t_move_more(self, w: _W) -> None:
        f = w.current
        if len(w.dice_left) == 1 and w.dice_left[0] != "state":
            if [c for c in self._movable(w, f) if c not in w.moved]:
                w.prompt = ("move", f)
                return
        if w.players == 4 and "state_moved" not in w.act_done:
            w.act_done.append("state_moved")
            if "state" in w.blocked:
                w.blocked.remove("state")
                w.say("blocked", "The Antimafia Commission: no State counter may move this turn.")
                return
            if self._movable(w, "state"):
                w.dice_left = ["state"]
                w.prompt = ("move", "state")
                return

    @_boxed
    def destinations(self, s, counter: str, steps: int, air_banned: bool = False,
                     check: bool | None = None) -> dict[tuple[str, str], bool]:
        """Where ``counter`` may end a move of exactly ``steps``: {(space, facing): needs_air}.

        Rule D4: clockwise on the outer track; the centre track both ways but a counter keeps the
        direction it entered (translator's note); Bosses and the Prefetto may hop between the
        airports for one point, once per move.
        """
        pos = s.pos if isinstance(s, _W) else dict(s.pos)
        fac = s.facing if isinstance(s, _W) else dict(s.facing)
        start = pos[counter]
        r = self.board.routes
        if r is None or not (s.check_moves if check is None else check):
            return {(sp, ""): False for sp in self.space_ids if sp != start}
        can_fly = kind_of(counter) in ("boss", "prefetto") and not air_banned
        ring, center = r.ring, r.center
        frontier = {(start, fac[counter], False)}
        for _ in range(steps):
            nxt = set()
            for sp, h, flew in frontier:
                for sp2, h2 in self._steps(sp, h, ring, center, r.north_junction, r.south_junction):
                    nxt.add((sp2, h2, flew))
                if can_fly and not flew and sp in self.airports:
                    other = [a for a in self.airports if a != sp][0]
                    nxt.add((other, "", True))
            frontier = nxt
        out: dict[tuple[str, str], bool] = {}
        for sp, h, flew in frontier:
            keep = h if (sp in center or sp in (r.north_junction, r.south_junction)) else ""
            out[(sp, keep)] = out.get((sp, keep), True) and flew
        return out

    @staticmethod
    def _steps(sp, h, ring, center, nj, sj):
        if sp in center:
            i = center.index(sp)
            opts = []
            if h in ("S", ""):
                opts.append((center[i + 1] if i + 1 < len(center) else sj, "S"))
            if h in ("N", ""):
                opts.append((center[i - 1] if i > 0 else nj, "N"))
            return opts
        nxt = (ring[(ring.index(sp) + 1) % len(ring)], "")
        if sp == nj and h != "N":
            return [nxt, (center[0], "S")]
        if sp == sj and h != "S":
            return [nxt, (center[-1], "N")]
        return [nxt]

    def _die_value(self, w, die: str) -> int:
        a, b = w.dice
        return {"sum": a + b, "first": a, "second": b}[die]

    def _move_options(self, s) -> list[Action]:
        faction = s.prompt[1]
        dice_left = list(s.dice_left)
        moved = list(s.moved)
        out: list[Action] = []
        if dice_left == ["state"]:
            choices = ["first", "second"] if s.dice[0] != s.dice[1] else ["first"]
            movers = self._movable(s, "state")
        else:
            movers = [c for c in self._movable(s, faction) if c not in moved]
            if not moved:
                choices = ["sum"] + (["first", "second"] if len(movers) >= 2 else [])
                if len(movers) >= 2 and s.dice[0] == s.dice[1]:
                    choices = ["sum", "first"]
            else:
                choices = dice_left
        for c in movers:
            for die in choices:
                for (sp, face) in sorted(self.destinations(s, c, self._die_value(s, die), s.air_banned)):
                    out.append(Move(c, sp, die, face))
        return out

    def _on_move(self, w: _W, a: Move) -> None:
        steps = self._die_value(w, a.die)
        needs_air = self.destinations(w, a.counter, steps, w.air_banned)[(a.to, a.facing)]
        if not w.check_moves and self.board.routes is not None:
            # players move on their own board; a move the app's map reaches only by air is a flight,
            # so ATI Strike and Bomb at the Airport still get their question
            mapped = self.destinations(w, a.counter, steps, w.air_banned, check=True)
            ends = [air for (sp, _f), air in mapped.items() if sp == a.to]
            needs_air = bool(ends) and all(ends)
        frm = w.pos[a.counter]
        w.last_move = (a.counter, frm, w.facing[a.counter], a.die, tuple(w.dice_left))
        w.pos[a.counter], w.facing[a.counter] = a.to, a.facing
        w.moved.append(a.counter)
        if a.die == "sum" or w.dice_left == ["state"]:
            w.dice_left = []
        else:
            w.dice_left = [d for d in w.dice_left if d not in (a.die, "sum")]
        how = " by air" if needs_air else ""
        w.say("moved", f"{cap(counter_name(a.counter))} moves {steps} from {self.space_names.get(frm, frm)} "
                       f"to {self.space_names[a.to]}{how}.", counter=a.counter, to=a.to)
        w.push(("move_more",))
        if needs_air:
            w.push(("airport_window",))

    def _airport_sides(self, w) -> tuple[str, ...]:
        """The hands that could stop a flight: every side's but the mover's (public)."""
        mover = self._hk(w, faction_of(w.last_move[0]))
        return tuple(k for k in self._live_hands(w) if k != mover)

    def _t_airport_window(self, w: _W) -> None:
        if w.last_move is None:
            return
        sides = self._airport_sides(w)
        if self._ask(w, sides, keys=True):
            w.prompt = ("window", sides, "airport", w.last_move[0])

    def _cancel_air_move(self, w: _W, card: str, f: str) -> None:
        c, frm, face, die, dice_left = w.last_move
        w.pos[c], w.facing[c] = frm, face
        w.moved.remove(c)
        w.dice_left = list(dice_left)
        w.air_banned = True
        w.last_move = None
        self._return_card(w, f, card, quiet=True)
        w.say("card_played", f"{cap(faction_name(f))} plays {self.card_by_id[card].name}: no flight this turn; "
                             f"{counter_name(c)} must move again by land.", card=card)
        # drop the pending move_more and other airport windows of this move; ask for the move again
        while w.queue and w.queue[0][0] in ("airport_window", "move_more"):
            w.queue.pop(0)
        w.prompt = ("move", faction_of(c) if w.dice_left != ["state"] else "state")

    # -- the card question (issue 13: the same question whoever holds what) -----------------
    def _live_hands(self, w) -> tuple[str, ...]:
        """The hands in play in this game (public: which sides exist)."""
        if w.players == 2:
            return ("state0", "state1") + FAMILIES
        return FACTIONS

    def _keys(self, w, sides: Sequence[str]) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self._hk(w, f) for f in sides))

    def _ask(self, w, sides: Sequence[str], keys: bool = False) -> bool:
        """Whether to put "Anyone playing a card?" to the table at a moment where ``sides`` could play.

        Decided on public facts only: the sides that could play by the rules and how many cards they
        hold (the table sees hand sizes), never on which cards those are. An empty hand is known to
        everybody, so nobody is asked on its behalf."""
        hands = w.hands if isinstance(w, _W) else dict(w.hands)
        ks = tuple(sides) if keys else self._keys(w, sides)
        return any(hands.get(k) for k in ks)

    @_boxed
    def window_cards(self, s, prompt: tuple | None = None) -> list[tuple[str, str]]:
        """(hand, card) for every card that may be played at the current card question."""
        p = prompt or s.prompt
        _, sides, wk, subject = p
        w = s if isinstance(s, _W) else _W(s)
        fits = {"support": ("support_of_the_judiciary",), "wiretap": ("wiretap",), "killers": ("killers",),
                "airport": ("ati_strike", "bomb_airport")}.get(wk, ())
        out = []
        for k in sides:
            if wk == "shootout":
                so = w.shootout
                side = "a" if self._hk(w, so["a_faction"]) == k else "d"
                cards = self._shoot_cards(w, side)
            else:
                cards = [c for c in fits if c in w.hands[k]]
            out += [(k, c) for c in cards]
        return out

    @_boxed
    def seat_of_hand(self, s, key: str) -> int:
        """The seat that holds hand ``key`` (a side, or state0/state1 with two players)."""
        return self.seat_of(s, key)

    # -- activities (D5) -------------------------------------------------------------------
    def _t_activities(self, w: _W) -> None:
        w.push(*[("resolve", c, w.pos[c]) for c in w.moved])

    def _t_resolve(self, w: _W, c: str, space: str) -> None:
        """Rule D5a: the space's effect, then the counters already there, then the mover's own actions."""
        if w.pos[c] != space:
            return
        w.act_done = [x for x in w.act_done if x == "state_moved"]
        w.push(("effect", c, space), ("present", c, space), ("own", c, space))

    def _t_effect(self, w: _W, c: str, space: str) -> None:
        if w.pos[c] != space:
            return
        t = self.space_type[space]
        nums = self.space_numbers[space]
        if space in w.temp_roadblocks:
            t, nums = "roadblock", tuple(self.rules["game"]["antimafia_operation_numbers"])
        k = kind_of(c)
        if t == "roadblock" and is_mafioso(c):
            w.prompt = ("roll", 1, ("roadblock", c, nums))
        elif t == "ambush" or (t == "assassination" and k in ("boss", "prefetto")):
            w.prompt = ("roll", 1, ("hit", c, t, nums))
        elif t == "restaurant" and not w.restaurant_done:
            w.restaurant_done = True
            w.say("restaurant", f"An attack on the restaurant in {self.space_names[space]}: every counter there rolls.")
            w.push(*[("restaurant_roll", x, space) for x in w.at(space)])
        elif t == "antimafia" and k in ("boss", "prefetto"):
            w.prompt = ("roll", 1, ("antimafia", c, nums))
        elif t == "news_leak":
            f = faction_of(c)
            if w.hands[self._hk(w, f)]:
                w.prompt = ("lose", f)

    def _t_restaurant_roll(self, w: _W, c: str, space: str) -> None:
        if w.pos[c] == space:
            w.prompt = ("roll", 1, ("hit", c, "restaurant", self.space_numbers[space]))

    def _t_present(self, w: _W, c: str, space: str) -> None:
        """Rule D5b: a Prefetto already there arrests arriving Picciotti and may detain an arriving Boss;
        an opposing Boss there stops arriving Picciotti from doing anything."""
        if w.pos[c] != space:
            return
        here = w.at(space)
        if is_mafioso(c) and "prefetto" in here:
            if kind_of(c) == "picciotto":
                w.push(("prefetto_arrests", faction_of(c), space, False))
            elif self._boss_targets(w, space, include=(c,)):
                if w.players == 4:
                    w.push(("detain", c, "prefetto", False))
                else:
                    w.prompt = ("decide", "state", "prefetto", space, c)
            return
        if kind_of(c) == "picciotto":
            bosses = [b for b in here if kind_of(b) == "boss" and faction_of(b) != faction_of(c)]
            if bosses:
                w.act_done.append("stopped")
                w.say("stopped", f"{cap(counter_name(bosses[0]))} is here: {counter_name(c)} can do nothing.")

    def _t_own(self, w: _W, c: str, space: str) -> None:
        if w.pos[c] != space or "stopped" in w.act_done:
            return
        k = kind_of(c)
        f = faction_of(c)
        tel = self.space_type[space] == "telephone"
        if k == "boss":
            self._control_action(w, f, space, c)
            if tel:
                w.push(("telephone", c, space))
            w.push(("decide_task", f, c, space))
        elif k == "picciotto":
            w.push(("decide_task", f, c, space))
        elif k == "prefetto":
            if w.players == 2:  # H5: the Prefetto removes every control counter in his space
                while w.control.get(space, ("", 0))[1] > 0:
                    self._state_removes_control(w, space, c)
            else:
                self._state_removes_control(w, space, c)
            tasks = [("draw", "roma", "state", "the Prefetto acts")] if w.players == 4 else []
            tasks += [("offer_roma",)] if w.players == 2 else []
            tasks += [("prefetto_arrests", fam, space, True) for fam in FAMILIES
                     if any(kind_of(x) == "picciotto" and faction_of(x) == fam for x in w.at(space))]
            if tel:
                tasks.append(("telephone", c, space))
            tasks.append(("decide_task", "state", c, space))
            w.push(*tasks)
        elif k == "sisde" and w.players == 2:  # H8: no investigation; the undercover operation instead
            if any(is_mafioso(x) for x in w.at(space)):
                w.push(("offer_roma",), ("decide_task", "state", c, space))
        elif k == "sisde":
            n = sum(1 for x in w.at(space) if is_mafioso(x))
            if n:
                w.say("investigation", f"The SISDE investigates {n} mafioso counter{'s' if n != 1 else ''} in "
                                      f"{self.space_names[space]}.")
                w.push(*[("draw", "sisde", "state", "investigation")] * n)
        elif k == "cc":
            tasks = []
            if w.players == 4:
                tasks.append(("draw", "roma", "state", "the Carabinieri act"))
            if w.players == 2:
                tasks.append(("offer_roma",))
            elif w.control.get(space, ("", 0))[1] > 0:
                tasks.append(("cc_control", c, space))
            tasks.append(("decide_task", "state", c, space))
            w.push(*tasks)

    def _t_offer_roma(self, w: _W) -> None:
        """H6: acting for a State counter while holding no Roma card, a player may draw one."""
        hand = w.hands[self._hk(w, "state")]
        if w.decks["roma"] and not any(self.card_by_id[x].deck == "roma" for x in hand):
            w.prompt = ("offer_roma", "state")

    def _t_cc_control(self, w: _W, c: str, space: str) -> None:
        if w.pos[c] == space and w.control.get(space, ("", 0))[1] > 0:
            w.prompt = ("roll", 1, ("cc_control", c, space))

    def _t_decide_task(self, w: _W, f: str, c: str, space: str) -> None:
        if w.pos[c] != space:
            return
        probe = ("decide", f, c, space, "")
        if any(not isinstance(a, Done) for a in self._decide_options(w, probe)):
            w.prompt = probe

    def _t_telephone(self, w: _W, c: str, space: str) -> None:
        """Rule D5d: the Prefetto calls Rome, a Boss calls the USA (the Wiretap card stops a USA call)."""
        if w.pos[c] != space:
            return
        if kind_of(c) == "prefetto":
            w.say("telephone", f"The Prefetto calls Rome from {self.space_names[space]}.")
            w.push(("draw", "roma", "state", "telephone"))
        elif w.ask_usa_call:  # "can call the USA": the Boss's Family decides (docs/rules/mafia-sicily.md)
            w.prompt = ("call", faction_of(c), c, space)
        else:
            self._t_usa_call(w, c, space)

    def _t_usa_call(self, w: _W, c: str, space: str) -> None:
        if w.players != 4 and self._ask(w, ("state",)):
            w.prompt = ("window", self._keys(w, ("state",)), "wiretap", c)
            return
        w.say("telephone", f"{cap(counter_name(c))} calls the USA from {self.space_names[space]}.")
        w.push(("draw", "usa", faction_of(c), "telephone"))

    def _t_draw(self, w: _W, deck: str, f: str, why: str) -> None:
        if not w.decks[deck]:
            w.say("deck_empty", f"The {deck.upper() if deck != 'roma' else 'Roma'} deck is empty: no card to draw.")
            w.last_drawn = ""
            return
        w.prompt = ("draw", deck, f)

    def _on_draw(self, w: _W, a: CardDrawn) -> None:
        f = w.prompt[2]
        w.decks[a.deck].remove(a.card)
        w.hands[self._hk(w, f)].append(a.card)
        if w.players == 2 and a.deck == "roma":
            w.roma_drawn[a.card] = w.turns
        w.last_drawn = a.card
        card = self.card_by_id[a.card]
        deckname = "Roma" if a.deck == "roma" else a.deck.upper()
        w.say("card_drawn", f"{cap(faction_name(f))} draws a {deckname} card.", deck=a.deck, faction=f)
        w.say("card_secret", f"You drew {card.name}: {card.text}", Seat(self.seat_of(w, f)), card=a.card)

    def _return_card(self, w: _W, f: str, card: str, quiet: bool = False) -> None:
        f = self._hk(w, f)
        w.hands[f].remove(card)
        w.roma_drawn.pop(card, None)
        w.decks[self.card_by_id[card].deck].append(card)
        if not quiet:
            w.say("card_returned", f"{cap(faction_name(f))} returns a card to its deck, which is reshuffled.")

    def _eliminate(self, w: _W, c: str, why: str) -> None:
        """To the Continent; rule D6: an eliminated Boss or Prefetto returns all his side's cards."""
        w.pos[c], w.facing[c] = "continent", ""
        w.say("eliminated", f"{cap(counter_name(c))} is eliminated ({why}) and goes to the Continent.", counter=c)
        if kind_of(c) in ("boss", "prefetto"):
            f = faction_of(c)
            if w.hands[self._hk(w, f)]:
                for card in list(w.hands[self._hk(w, f)]):
                    self._return_card(w, f, card, quiet=True)
                w.say("cards_returned", f"All the cards of {faction_name(f)} go back to their decks.")

    def _detain(self, w: _W, c: str, why: str) -> None:
        w.pos[c], w.facing[c] = "station", ""
        w.say("detained", f"{cap(counter_name(c))} is detained ({why}) and taken to the Carabinieri Station.", counter=c)

    def _arrest(self, w: _W, c: str, why: str) -> None:
        w.pos[c], w.facing[c] = "prison", ""
        w.say("arrested", f"{cap(counter_name(c))} is arrested ({why}) and goes to Prison.", counter=c)

    # -- control ---------------------------------------------------------------------------
    def _placed(self, w: _W, family: str) -> int:
        return sum(n for c, n in w.control.values() if c == family)

    def _control_action(self, w: _W, f: str, space: str, c: str) -> None:
        """Rule D5c CONTROL: place a counter; against another colour remove one; cities never controlled."""
        name = self.space_names[space]
        if self.space_type[space] == "city":
            w.say("no_control", f"{name} is a city: no Family can control it.")
            return
        owner, n = w.control.get(space, ("", 0))
        if owner and owner != f:
            if n > 1:
                w.control[space] = (owner, n - 1)
                w.say("control_removed", f"{cap(counter_name(c))} removes one {FAMILY_NAMES[owner]} control counter "
                                         f"from {name}; {n - 1} remain.", space=space)
                return
            del w.control[space]
            w.say("control_removed", f"The {FAMILY_NAMES[owner]} control counter in {name} goes back to its owner.",
                  space=space)
            owner, n = "", 0
        if self._placed(w, f) >= self.supply:
            w.say("no_control", f"{cap(faction_name(f))} has no control counter left to place.")
            return
        w.control[space] = (f, n + 1)
        w.say("control", f"{cap(faction_name(f))} controls {name}"
                         + (f" ({n + 1} counters)" if n + 1 > 1 else "") + ".", space=space, family=f)

    def _state_removes_control(self, w: _W, space: str, c: str) -> None:
        owner, n = w.control.get(space, ("", 0))
        if not owner:
            return
        if n > 1:
            w.control[space] = (owner, n - 1)
        else:
            del w.control[space]
        w.say("control_removed", f"{cap(counter_name(c))} removes a {FAMILY_NAMES[owner]} control counter from "
                                 f"{self.space_names[space]}.", space=space)

    # -- arrests, detentions, shootouts ----------------------------------------------------
    def _home_protected(self, w, boss: str, space: str) -> bool:
        homes = w.homes if isinstance(w, _W) else dict(w.homes)
        return homes.get(faction_of(boss)) == space

    def _boss_targets(self, w, space: str, include=None) -> list[str]:
        pos = w.pos if isinstance(w, _W) else dict(w.pos)
        bosses = [b for b in COUNTERS if kind_of(b) == "boss" and pos[b] == space]
        if include is not None:
            bosses = [b for b in bosses if b in include]
        hands = w.hands if isinstance(w, _W) else dict(w.hands)
        return [b for b in bosses if not self._home_protected(w, b, space) or "lair" in hands[self._hk(w, "state")]]

    def _t_prefetto_arrests(self, w: _W, fam: str, space: str, by_move: bool) -> None:
        """Rule D5b: the Prefetto arrests every Picciotto there; Killers from Las Vegas lets them shoot first."""
        picc = [x for x in w.at(space) if kind_of(x) == "picciotto" and faction_of(x) == fam]
        if not picc or w.pos["prefetto"] != space:
            return
        if w.players == 2 and SEATS[2][fam] == self.seat_of(w, "state"):
            w.prompt = ("optional_arrest", "state", fam, space)  # H4: own Families only if the player wishes
            return
        if self._ask(w, (fam,)):
            w.prompt = ("window", self._keys(w, (fam,)), "killers", space)
            return
        for p in picc:
            self._arrest(w, p, "by the Prefetto")

    def _t_detain(self, w: _W, boss: str, actor: str, lair: bool) -> None:
        self._do_detain(w, boss, actor, lair)

    def _do_detain(self, w: _W, boss: str, actor: str, lair: bool) -> None:
        if lair:
            self._return_card(w, "state", "lair", quiet=True)
            w.say("card_played", "The State plays Discover a Lair in the City.")
        if actor == "prefetto" and w.players in (2, 4):
            # G3: the Prefetto draws a SISDE card first; the Boss's colour turns detention into arrest
            w.push(("draw", "sisde", "state", "detention"), ("sisde_check", boss))
            return
        self._detain(w, boss, f"by {counter_name(actor)}")

    def _t_sisde_check(self, w: _W, boss: str) -> None:
        card = self.card_by_id.get(w.last_drawn)
        if card is not None and card.family == faction_of(boss):
            self._arrest(w, boss, f"the SISDE card {card.name} matches")
        else:
            self._detain(w, boss, "by the Prefetto")

    def _start_shootout(self, w: _W, kind: str, a: Sequence[str], d: Sequence[str], a_fire: Sequence[str],
                        d_fire: Sequence[str], after: tuple | None = None) -> None:
        """Rule D5c SHOOTOUT: both sides roll a die per counter that fires; odd dice hit."""
        w.shootout = {"kind": kind, "a": tuple(a), "d": tuple(d), "a_fire": tuple(a_fire), "d_fire": tuple(d_fire),
                      "a_faction": faction_of(a[0]), "d_faction": faction_of(d[0]), "rolls": (),
                      "special": (), "leather": ()}
        names_a = ", ".join(counter_name(x) for x in a)
        names_d = ", ".join(counter_name(x) for x in d)
        w.say("shootout", f"Shootout in {self.space_names[w.pos[a[0]]]}: {names_a} against {names_d}.")
        tasks = [("shoot_window",)]
        tasks += [("shot", side, x) for side, xs in (("a", a_fire), ("d", d_fire)) for x in xs]
        tasks.append(("shoot_resolve",))
        if after is not None:
            tasks.append(after)
        w.push(*tasks)

    def _shoot_cards(self, w: _W, side: str) -> list[str]:
        so = w.shootout
        f = self._hk(w, so[side + "_faction"])
        out = []
        if "special_weapons" in w.hands[f] and side not in so["special"]:
            out.append("special_weapons")
        if "leatherheads" in w.hands[f] and side not in so["leather"] and so[side + "_fire"]:
            out.append("leatherheads")
        return out

    def _t_shoot_window(self, w: _W) -> None:
        so = w.shootout
        sides = self._keys(w, (so["a_faction"], so["d_faction"]))
        if self._ask(w, sides, keys=True):
            w.prompt = ("window", sides, "shootout", "")

    def _t_shot(self, w: _W, side: str, shooter: str) -> None:
        w.prompt = ("roll", 1, ("shot", side, shooter))

    def _t_shoot_resolve(self, w: _W) -> None:
        so = w.shootout
        hits = {"a": 0, "d": 0}  # hits scored BY that side
        for side, shooter, value in so["rolls"]:
            target = "d" if side == "a" else "a"
            hit = value == 1 if target in so["special"] else value % 2 == 1
            hits[side] += hit
        for side in so["leather"]:
            hits[side] += 1
        for side, target in (("a", "d"), ("d", "a")):
            victims = list(so[target])[: hits[side]]
            for v in victims:
                self._eliminate(w, v, "shot in the shootout")
        if not hits["a"] and not hits["d"]:
            w.say("shootout_over", "Nobody is hit.")
        w.shootout = None

    def _t_after_resist(self, w: _W, fam: str, space: str) -> None:
        """Rule D5b CARABINIERI: if both sides survive the shootout the Carabinieri still make the arrest."""
        ccs = [x for x in w.at(space) if kind_of(x) == "cc"]
        picc = [x for x in w.at(space) if kind_of(x) == "picciotto" and faction_of(x) == fam]
        if ccs and picc:
            for p in picc:
                self._arrest(w, p, "by the Carabinieri after the shootout")

    def _t_after_killers(self, w: _W, fam: str, space: str) -> None:
        if w.pos["prefetto"] == space:
            for p in [x for x in w.at(space) if kind_of(x) == "picciotto" and faction_of(x) == fam]:
                self._arrest(w, p, "by the Prefetto after the shootout")

    # -- decisions ------------------------------------------------------------------------
    def _decide_options(self, s, prompt: tuple) -> list[Action]:
        _, f, actor, space, subject = prompt
        pos = s.pos if isinstance(s, _W) else dict(s.pos)
        hands = s.hands if isinstance(s, _W) else dict(s.hands)
        control = s.control if isinstance(s, _W) else {sp: (c, n) for sp, c, n in s.control}
        done = list(s.act_done)
        here = [c for c in COUNTERS if pos[c] == space]
        k = kind_of(actor)
        out: list[Action] = []
        state_hand = hands[self._hk(s, "state")]
        if k == "picciotto":
            if self.space_type[space] != "city" and "control" not in done:
                out.append(TryControl())
            if "shoot" not in done:
                fams = sorted({faction_of(x) for x in here if kind_of(x) == "picciotto" and faction_of(x) != f},
                              key=FAMILIES.index)
                out += [Shootout(fam) for fam in fams]
                if "sisde" in here:
                    out.append(Shootout("sisde"))
        elif k == "boss":
            if "shoot" not in done:
                out += [Shootout(b) for b in here if kind_of(b) == "boss" and faction_of(b) != f]
        elif k in ("prefetto", "cc"):
            targets = [subject] if subject else [b for b in here if kind_of(b) == "boss"]
            for b in targets:
                if pos[b] != space:
                    continue
                home = self._home_protected(s, b, space)
                lair_opts = [True] if home else [False]
                if home and "lair" not in state_hand:
                    continue
                for lair in lair_opts:
                    out.append(Detain(b, lair))
                    pair = {f"clue_{faction_of(b)}_1", f"clue_{faction_of(b)}_2"}
                    if k == "prefetto" and pair <= set(state_hand) and s.players not in (2, 4):
                        out.append(Arrest(b, lair))
            if k == "cc" and not subject:
                fams = sorted({faction_of(x) for x in here if kind_of(x) == "picciotto"}, key=FAMILIES.index)
                out += [ArrestPicciotti(fam) for fam in fams]
                if s.players == 2 and "control" not in done and control.get(space, ("", 0))[1] > 0:
                    out.append(RemoveControl())
        elif k == "sisde" and s.players == 2 and "undercover" not in done:
            out += [Undercover(x) for x in here if is_mafioso(x)]
        out.append(Done())
        return out

    def _on_decide(self, w: _W, a: Action) -> None:
        _, f, actor, space, subject = w.prompt
        w.prompt = None
        again = ("decide_task", f, actor, space) if not subject else None
        if isinstance(a, Done):
            if subject:
                w.say("no_detention", f"The Prefetto lets {counter_name(subject)} go.")
            return
        if again is not None:
            w.push(again)
        if isinstance(a, TryControl):
            w.act_done.append("control")
            w.prompt = ("roll", 1, ("picc_control", actor, space))
        elif isinstance(a, Shootout):
            w.act_done.append("shoot")
            here = w.at(space)
            mine = [x for x in here if kind_of(x) == "picciotto" and faction_of(x) == f]
            if a.target == "sisde":
                self._start_shootout(w, "sisde", mine, ["sisde"], mine, [])
            elif a.target in FAMILIES:
                theirs = [x for x in here if kind_of(x) == "picciotto" and faction_of(x) == a.target]
                self._start_shootout(w, "picciotti", mine, theirs, mine, theirs)
            else:
                self._start_shootout(w, "bosses", [actor], [a.target], [actor], [a.target])
        elif isinstance(a, Detain):
            self._do_detain(w, a.boss, actor, a.lair)
        elif isinstance(a, Arrest):
            fam = faction_of(a.boss)
            for card in (f"clue_{fam}_1", f"clue_{fam}_2"):
                self._return_card(w, "state", card, quiet=True)
            if a.lair:
                self._return_card(w, "state", "lair", quiet=True)
            w.say("card_played", f"The State plays the SISDE pair on the {FAMILY_NAMES[fam]} Family.")
            self._arrest(w, a.boss, "by the Prefetto with the SISDE evidence")
        elif isinstance(a, RemoveControl):
            w.act_done.append("control")
            self._state_removes_control(w, space, actor)
        elif isinstance(a, Undercover):
            w.act_done.append("undercover")
            home = w.homes[faction_of(a.counter)]
            w.pos[a.counter], w.facing[a.counter] = home, ""
            w.say("undercover", f"Undercover operation: {counter_name(a.counter)} is sent back to "
                                f"{self.space_names[home]}.", counter=a.counter)
        elif isinstance(a, ArrestPicciotti):
            w.say("arrest_attempt", f"{cap(counter_name(actor))} tries to arrest the {FAMILY_NAMES[a.family]} Picciotti.")
            w.prompt = ("resist", a.family, actor, space)

    # -- legal actions ---------------------------------------------------------------------
    @_boxed
    def legal_actions(self, state: SicilyState) -> list[Action]:
        if state.winners is not None or state.prompt is None:
            return []
        p = state.prompt
        kind = p[0]
        hands = dict(state.hands)
        if kind == "home":
            fam = p[1]
            taken = {h for f, h in state.homes if state.players == 2 and SEATS[2][f] == SEATS[2][fam]}
            return [ChooseHome(c) for c in CITIES if HOME_FORBIDDEN[fam] != c and c not in taken]
        if kind == "roll":
            n = p[1]
            out: list[Action] = []
            if n == 1:
                out = [DiceRolled((a,), h) for h in (False, True) for a in range(1, 7)]
            else:
                out = [DiceRolled((a, b), h) for h in (False, True) for a in range(1, 7) for b in range(1, 7)]
            purpose = p[2]
            if purpose[0] == "return":
                c = purpose[1]
                box = dict(state.pos)[c]
                f = faction_of(c)
                if box == "prison" and "government_protection" in hands[f]:
                    out.append(PlayCard("government_protection", c))
                if box == "station" and "notable_protection" in hands[f]:
                    out.append(PlayCard("notable_protection", c))
            return out
        if kind == "draw":
            return [CardDrawn(p[1], card) for card in dict(state.decks)[p[1]]]
        if kind == "move":
            out = self._move_options(state)
            if not state.moved and state.dice_left != ("state",):
                out += self._free_plays(state, p[1])
            return out
        if kind == "window":
            return [PlayCard(c) for _k, c in self.window_cards(state)] + [Pass()]
        if kind == "decide":
            return self._decide_options(state, p)
        if kind == "resist":
            return [Resist(), Submit()]
        if kind == "offer_roma":
            return [TakeRoma(), Pass()]
        if kind == "call":
            return [CallUSA(True), CallUSA(False)]
        if kind == "optional_arrest":
            return [ArrestPicciotti(p[2]), Pass()]
        if kind == "lose":
            return [LoseCard(c) for c in sorted(set(hands[self._hk(state, p[1])]))]
        return []

    def _free_plays(self, s: SicilyState, f: str) -> list[Action]:
        """Cards played on a player's own turn before the first move (our window for "any time")."""
        hands = dict(s.hands)
        pos = dict(s.pos)
        out: list[Action] = []
        hand = set(hands[self._hk(s, f)])
        if f == "state" and s.players != 4:
            if "helicopter" in hand and not s.helicopter_used:
                m = int(self.rules["game"]["helicopter_max_change"])
                for x in range(-m, m + 1):
                    for y in range(-m, m + 1):
                        if (x, y) != (0, 0) and s.dice[0] + x >= 1 and s.dice[1] + y >= 1:
                            out.append(Helicopter(x, y))
            if "antimafia_operation" in hand:
                out += [PlayCard("antimafia_operation", sp) for sp in self.space_ids if sp not in s.temp_roadblocks]
            for fam in FAMILIES:
                boss = pos[f"boss_{fam}"]
                with_prefetto = (boss == pos["prefetto"] and boss in self.space_ids
                                 and dict(s.homes).get(fam) != boss)
                if (boss == "station" or with_prefetto) and {f"clue_{fam}_1", f"clue_{fam}_2"} <= hand:
                    out.append(PlayEvidence(fam))
            if "government_falls" in hand:
                out.append(PlayCard("government_falls"))
        elif f in FAMILIES:
            if "american_boss" in hand:
                control = {sp: (c, n) for sp, c, n in s.control}
                placed = sum(n for c, n in control.values() if c == f)
                if placed < self.supply:
                    out += [PlayCard("american_boss", sp) for sp in self.space_ids if control.get(sp, ("",))[0] == f]
            if "mole" in hand:
                out.append(PlayCard("mole"))
            if "wife" in hand:
                out.append(PlayCard("wife"))
        return out

    # -- apply -----------------------------------------------------------------------------
    @_boxed
    def _apply(self, state: SicilyState, action: Action) -> tuple[SicilyState, list[Event]]:
        w = _W(state)
        if isinstance(action, DiceRolled):
            count = (state.last_roll[4] if state.last_roll else 0) + 1
            w.last_roll = (tuple(action.dice), bool(action.by_hand), self.awaiting(state), CALENDAR[state.turn], count)
        p = w.prompt
        kind = p[0]
        if kind == "home":
            fam = p[1]
            w.homes[fam] = action.city
            w.home_queue.pop(0)
            for c in (f"boss_{fam}", f"picc_{fam}_1", f"picc_{fam}_2"):
                w.pos[c] = action.city
            w.say("home", f"{cap(faction_name(fam))} makes {CITY_NAMES[action.city]} its home city.", family=fam)
            w.prompt = None
            w.push(("homes",))
        elif kind == "roll" and isinstance(action, PlayCard):
            c = action.target
            f = faction_of(c)
            self._return_card(w, f, action.card, quiet=True)
            w.say("card_played", f"{cap(faction_name(f))} plays {self.card_by_id[action.card].name}.", card=action.card)
            w.prompt = None
            self._release(w, c, self.card_by_id[action.card].name)
        elif kind == "roll":
            w.prompt = None
            self._on_roll(w, p[2], action.dice)
        elif kind == "draw":
            self._on_draw(w, action)
            w.prompt = None
        elif kind == "move":
            w.prompt = None
            if isinstance(action, Move):
                self._on_move(w, action)
            elif isinstance(action, Helicopter):
                self._return_card(w, "state", "helicopter", quiet=True)
                w.helicopter_used = True
                w.dice = (w.dice[0] + action.first, w.dice[1] + action.second)
                w.say("card_played", f"The State plays Helicopter Operation: the dice now count {w.dice[0]} and "
                                     f"{w.dice[1]}.", dice=list(w.dice))
                w.prompt = p
            else:
                self._free_play(w, p[1], action)
                w.prompt = p
        elif kind == "window":
            self._on_window(w, p, action)
        elif kind == "decide":
            self._on_decide(w, action)
        elif kind == "resist":
            _, fam, actor, space = p
            w.prompt = None
            picc = [x for x in w.at(space) if kind_of(x) == "picciotto" and faction_of(x) == fam]
            if isinstance(action, Resist):
                ccs = [x for x in w.at(space) if kind_of(x) == "cc"]
                self._start_shootout(w, "resist", picc, ccs, picc, ccs, ("after_resist", fam, space))
            else:
                for x in picc:
                    self._arrest(w, x, "by the Carabinieri")
        elif kind == "call":
            _, fam, boss, space = p
            w.prompt = None
            if action.call:
                w.push(("usa_call", boss, space))
            else:
                w.say("no_call", f"{cap(counter_name(boss))} does not call the USA.")
        elif kind == "offer_roma":
            w.prompt = None
            if isinstance(action, TakeRoma):
                w.push(("draw", "roma", "state", "a State action"))
        elif kind == "optional_arrest":
            w.prompt = None
            if isinstance(action, ArrestPicciotti):
                for x in [x for x in w.at(p[3]) if kind_of(x) == "picciotto" and faction_of(x) == p[2]]:
                    self._arrest(w, x, "by the Prefetto")
            else:
                w.say("no_arrest", f"The Prefetto leaves the {FAMILY_NAMES[p[2]]} Picciotti alone.")
        elif kind == "lose":
            f = p[1]
            self._return_card(w, f, action.card, quiet=True)
            w.say("news_leak", f"News leak: {faction_name(f)} loses a card, which goes back into its deck.")
            w.say("card_lost", f"You gave up {self.card_by_id[action.card].name}.", Seat(self.seat_of(w, f)))
            w.prompt = None
        self._run(w)
        return w.freeze(), w.events

    def _free_play(self, w: _W, f: str, a: Action) -> None:
        if isinstance(a, PlayEvidence):
            for card in (f"clue_{a.family}_1", f"clue_{a.family}_2"):
                self._return_card(w, "state", card, quiet=True)
            w.say("card_played", f"The State plays the SISDE pair on the {FAMILY_NAMES[a.family]} Family.")
            boss = f"boss_{a.family}"
            why = "the detention becomes an arrest" if w.pos[boss] == "station" else "by the Prefetto with the SISDE evidence"
            self._arrest(w, boss, why)
            return
        card = self.card_by_id[a.card]
        self._return_card(w, f, a.card, quiet=True)
        if a.card == "antimafia_operation":
            w.temp_roadblocks.append(a.target)
            w.say("card_played", f"The State plays Anti-Mafia Operation: {self.space_names[a.target]} is a roadblock "
                                 "until the State's next turn.", card=a.card, space=a.target)
        elif a.card == "american_boss":
            owner, n = w.control[a.target]
            w.control[a.target] = (owner, n + 1)
            w.say("card_played", f"{cap(faction_name(f))} plays Visit of an American Boss: another control counter "
                                 f"in {self.space_names[a.target]}.", card=a.card, space=a.target)
        elif a.card == "mole":
            w.say("card_played", f"{cap(faction_name(f))} plays Mole in Prefecture and looks at the State's cards.")
            keys = ("state0", "state1") if w.players == 2 else ("state",)
            held = ", ".join(self.card_by_id[c].name for k in keys for c in sorted(w.hands[k])) or "no cards"
            w.say("mole", f"The State holds: {held}.", Seat(self.seat_of(w, f)))
        else:
            w.say("card_played", f"{cap(faction_name(f))} plays {card.name}: {card.text}", card=a.card)

    def _on_window(self, w: _W, p: tuple, a: Action) -> None:
        _, sides, wk, subject = p
        w.prompt = None
        played = isinstance(a, PlayCard)
        f = next((k for k in sides if played and a.card in w.hands[k]), sides[0])
        f = "state" if f in ("state0", "state1") else f
        if wk == "support":
            if played:
                self._return_card(w, "state", a.card, quiet=True)
                w.say("card_played", f"The State plays Support of the Judiciary: {counter_name(subject)} stays in Prison.")
            else:
                self._release(w, subject, "a successful roll")
        elif wk == "wiretap":
            if played:
                self._return_card(w, "state", a.card, quiet=True)
                w.say("card_played", f"The State plays Wiretap: {counter_name(subject)} cannot call the USA.")
            else:
                w.say("telephone", f"{cap(counter_name(subject))} calls the USA.")
                w.push(("draw", "usa", faction_of(subject), "telephone"))
        elif wk == "killers":
            space = subject
            f = sides[0]
            if played:
                self._return_card(w, f, a.card, quiet=True)
                w.say("card_played", f"{cap(faction_name(f))} plays Killers from Las Vegas against the Prefetto!")
                picc = [x for x in w.at(space) if kind_of(x) == "picciotto" and faction_of(x) == f]
                self._start_shootout(w, "killers", picc, ["prefetto"], picc, ["prefetto"], ("after_killers", f, space))
            else:
                for x in [x for x in w.at(space) if kind_of(x) == "picciotto" and faction_of(x) == f]:
                    self._arrest(w, x, "by the Prefetto")
        elif wk == "airport":
            if played:
                self._cancel_air_move(w, a.card, next(k for k in sides if a.card in w.hands[k]))
        elif wk == "shootout":
            if played:
                so = w.shootout
                hand = next(k for k in sides if a.card in w.hands[k])
                side = "a" if self._hk(w, so["a_faction"]) == hand else "d"
                self._return_card(w, hand, a.card, quiet=True)
                key = "special" if a.card == "special_weapons" else "leather"
                w.shootout[key] = w.shootout[key] + (side,)
                who = so[side + "_faction"]
                w.say("card_played", f"{cap(faction_name(who))} plays {self.card_by_id[a.card].name} in the shootout.")
                w.push(("shoot_window",))  # the question again: the other side may answer with a card

    def _on_roll(self, w: _W, purpose: tuple, dice: tuple[int, ...]) -> None:
        what = purpose[0]
        v = dice[0]
        if what == "return":
            self._on_return_roll(w, purpose[1], v)
        elif what == "move":
            w.dice = tuple(dice)
            w.dice_left = list(DIE_CHOICES)
            w.say("movement_roll", f"{cap(faction_name(w.current))} rolls {dice[0]} and {dice[1]} for movement.",
                  dice=list(dice))
            if self._movable(w, w.current):
                w.prompt = ("move", w.current)
            else:  # four players: only a State counter can move
                w.dice_left = []
                w.push(("move_more",))
        elif what == "roadblock":
            c, nums = purpose[1], purpose[2]
            if v in nums:
                self._detain(w, c, f"roadblock, rolled {v}")
            else:
                w.say("roadblock_passed", f"{cap(counter_name(c))} passes the roadblock (rolled {v}).")
        elif what == "hit":
            c, t, nums = purpose[1], purpose[2], purpose[3]
            label = {"ambush": "ambush", "assassination": "assassination attempt", "restaurant": "restaurant attack"}[t]
            if v in nums:
                self._eliminate(w, c, f"{label}, rolled {v}")
            else:
                w.say("survived", f"{cap(counter_name(c))} survives the {label} (rolled {v}).")
        elif what == "antimafia":
            c, nums = purpose[1], purpose[2]
            f = faction_of(c)
            if v in nums:
                if f not in w.blocked:
                    w.blocked.append(f)
                w.say("antimafia", f"The Antimafia Commission (rolled {v}): {faction_name(f)} may not move in its "
                                   "next movement phase.")
            else:
                w.say("antimafia_passed", f"The Antimafia Commission finds nothing (rolled {v}).")
        elif what == "picc_control":
            c, space = purpose[1], purpose[2]
            if v % 2 == 0:
                self._control_action(w, faction_of(c), space, c)
            else:
                w.say("control_failed", f"{cap(counter_name(c))} fails to take control (rolled {v}).")
        elif what == "cc_control":
            c, space = purpose[1], purpose[2]
            if v % 2 == 0:
                self._state_removes_control(w, space, c)
            else:
                w.say("control_kept", f"{cap(counter_name(c))} fails to remove a control counter (rolled {v}).")
        elif what == "shot":
            side, shooter = purpose[1], purpose[2]
            w.shootout["rolls"] = w.shootout["rolls"] + ((side, shooter, v),)
            w.say("shot", f"{cap(counter_name(shooter))} fires: {v}.")

    def describe(self, action: Action, state: SicilyState | None = None) -> str:
        """Button text with the board's names (``Move.describe`` alone knows only ids).

        With ``state`` (where the action is played, e.g. for "Undone: ..."), the sentence says who
        did it: the player's name when the game has names, else the side.
        """
        if state is not None and state.box != self._box:
            return self.for_state(state).describe(action, state)
        if state is not None and isinstance(action, (CardDrawn, LoseCard)):
            # said to the whole table (undo): which card was drawn or given up stays secret
            text = action.describe() if isinstance(action, CardDrawn) else "Give up a card"
        else:
            text = self._describe(action)
        if state is None or state.prompt is None:
            return text
        seat = self.acting_seat(state)
        if seat is None:
            return text
        side = self._acting_side(state)
        who = self.seat_name(state, seat)
        if side:
            label = faction_name(side)
            who = f"{who}, {label}" if state.names else cap(label)
        return f"{text} ({who})"

    @_boxed
    def seat_name(self, s: SicilyState, seat: int) -> str:
        """The player at ``seat``: the configured name, else what the seat plays ("the State")."""
        if s.names and 0 <= seat < len(s.names):
            return s.names[seat]
        facs = self.factions_of_seat(s, seat)
        return " and ".join(faction_name(f) for f in facs) if facs else f"Player {seat + 1}"

    def _acting_side(self, s: SicilyState) -> str:
        p = s.prompt
        if p[0] == "window":
            return ""  # a question to the whole table, never to the side that could play
        if p[0] in ("home", "move", "decide", "resist", "lose", "offer_roma", "optional_arrest", "call"):
            return p[1]
        if p[0] == "draw":
            return p[2]
        if p[0] == "roll":
            purpose = p[2]
            if purpose[0] == "shot":
                return faction_of(purpose[2])
            if purpose[0] == "cc_control":
                return "state"
            return CALENDAR[s.turn]
        return ""

    def _describe(self, action: Action) -> str:
        if isinstance(action, Move):
            face = {"N": ", facing north", "S": ", facing south"}.get(action.facing, "")
            die = {"sum": "both dice", "first": "the first die", "second": "the second die"}.get(action.die, action.die)
            return f"Move {counter_name(action.counter)} to {self.space_names.get(action.to, action.to)} ({die}{face})"
        if isinstance(action, PlayCard):
            name = self.card_by_id[action.card].name if action.card in self.card_by_id else action.card
            target = self.space_names.get(action.target) or (counter_name(action.target) if action.target in COUNTERS
                                                             else action.target)
            return f"Play {name}" + (f" on {target}" if target else "")
        if isinstance(action, LoseCard) and action.card in self.card_by_id:
            return f"Give up {self.card_by_id[action.card].name}"
        if isinstance(action, CardDrawn) and action.card in self.card_by_id:
            return f"Draw {self.card_by_id[action.card].name} (entered by hand)"
        return action.describe()

    # -- explanations ----------------------------------------------------------------------
    @_boxed
    def awaiting(self, s: SicilyState) -> str:
        """What the table is waiting for, in words (the prompt line of the screen)."""
        if s.winners is not None:
            return s.reason
        p = s.prompt
        if p is None:
            return ""
        k = p[0]
        if k == "home":
            return f"{cap(faction_name(p[1]))}: choose your home city."
        if k == "roll":
            purpose = p[2]
            # the numbers that decide are always said (issue 14: they are the box's, not the rulebook's)
            n = {"return": lambda: self.returns[dict(s.pos)[purpose[1]]],
                 "roadblock": lambda: purpose[2], "hit": lambda: purpose[3], "antimafia": lambda: purpose[2],
                 "picc_control": lambda: (2, 4, 6), "cc_control": lambda: (2, 4, 6),
                 "shot": lambda: (1,) if ("d" if purpose[1] == "a" else "a") in (s.shootout and dict(s.shootout)["special"] or ())
                 else (1, 3, 5)}.get(purpose[0], lambda: ())()
            what = {"return": lambda: f"the return of {counter_name(purpose[1])} from {BOX_NAMES[dict(s.pos)[purpose[1]]]}",
                    "move": lambda: "movement (two dice)",
                    "roadblock": lambda: f"the roadblock against {counter_name(purpose[1])}",
                    "hit": lambda: f"the {purpose[2]} against {counter_name(purpose[1])}",
                    "antimafia": lambda: "the Antimafia Commission",
                    "picc_control": lambda: f"control by {counter_name(purpose[1])}",
                    "cc_control": lambda: f"{counter_name(purpose[1])} removing a control counter",
                    "shot": lambda: f"{counter_name(purpose[2])} firing"}[purpose[0]]()
            effect = {"return": "comes back", "roadblock": "detained", "hit": "eliminated", "antimafia": "blocked",
                      "picc_control": "takes control", "cc_control": "removes one", "shot": "hits"}.get(purpose[0], "")
            return f"Roll for {what}" + (f" ({effect} on {_numbers(n)})." if n else ".")
        if k == "draw":
            return f"Draw a card from the {'Roma' if p[1] == 'roma' else p[1].upper()} deck for {faction_name(p[2])}."
        if k == "move":
            if s.moved and len(s.dice_left) == 1 and s.dice_left[0] in ("first", "second"):
                # after the first of two counters: what is left, in the players' words (issue 26)
                die = s.dice_left[0]
                value = s.dice[0] if die == "first" else s.dice[1]
                return (f"{cap(faction_name(p[1]))}: 1 counter moved, 1 left: move another counter "
                        f"{value} with the {die} die.")
            return f"{cap(faction_name(p[1]))}: move (dice {s.dice[0]} and {s.dice[1]})."
        if k == "window":
            return f"{self.window_moment(s)} Anyone playing a card?"
        if k == "decide":
            return f"{cap(faction_name(p[1]))}: choose the activities of {counter_name(p[2])}."
        if k == "resist":
            return f"{cap(faction_name(p[1]))}: resist the arrest or go quietly?"
        if k == "lose":
            return f"News leak: {faction_name(p[1])} gives up one card."
        if k == "offer_roma":
            return "The player acting for the State may draw a Roma card."
        if k == "call":
            return (f"{cap(counter_name(p[2]))} is on the telephone booth in {self.space_names[p[3]]}: "
                    f"call the USA (draw a USA card)?")
        if k == "optional_arrest":
            return f"The State may arrest the {FAMILY_NAMES[p[2]]} Picciotti."
        return ""

    @_boxed
    def window_moment(self, s) -> str:
        """What just happened that a card could answer, in public words (never who could play)."""
        _, _sides, wk, subject = s.prompt
        if wk == "support":
            return f"{cap(counter_name(subject))} rolled a way out of Prison."
        if wk == "wiretap":
            return f"{cap(counter_name(subject))} is about to call the USA."
        if wk == "killers":
            return f"The Prefetto is about to arrest Picciotti in {self.space_names.get(subject, subject)}."
        if wk == "airport":
            return f"{cap(counter_name(subject))} flew between the airports."
        if wk == "shootout":
            return "A shootout is about to start."
        return ""

    @_boxed
    def acting_seat(self, s: SicilyState) -> int | None:
        p = s.prompt
        if p is None or s.winners is not None:
            return None
        if p[0] == "window":
            return None  # a question to the whole table, never to the side that could play
        if p[0] in ("home", "move", "decide", "resist", "lose", "offer_roma", "optional_arrest", "call"):
            return self.seat_of(s, p[1])
        if p[0] == "draw":
            return self.seat_of(s, p[2])
        if p[0] == "roll":
            purpose = p[2]
            if purpose[0] == "shot":
                return self.seat_of(s, faction_of(purpose[2]))
            if purpose[0] == "cc_control":
                return self.seat_of(s, "state")
            return self.seat_of(s, CALENDAR[s.turn])
        return None

    @_boxed
    def explain_illegal(self, state: SicilyState, action: Action) -> str:
        if state.winners is not None:
            return "The game is over; nothing more can be played."
        now = self.awaiting(state)
        p = state.prompt
        k = p[0] if p else ""
        if isinstance(action, ChooseHome) and k == "home":
            fam = p[1]
            if action.city not in CITIES:
                return f"{action.city!r} is not a city: choose Palermo, Catania or Enna."
            if HOME_FORBIDDEN[fam] != action.city:
                return (f"{CITY_NAMES[action.city]} is already the home city of your other Family: a player's two "
                        "Families need different home cities.")
            return (f"The {FAMILY_NAMES[fam]} Family may not choose {CITY_NAMES[action.city]} as its home city "
                    "(see the city colours on the map).")
        if isinstance(action, DiceRolled):
            if k != "roll":
                return f"No die is to be rolled now. {now}"
            if len(action.dice) != p[1]:
                return f"Roll {p[1]} {'die' if p[1] == 1 else 'dice'} now, not {len(action.dice)}."
            return f"A die shows 1 to 6, not {list(action.dice)}."
        if isinstance(action, Move) and k == "move":
            if action.counter not in COUNTERS:
                return f"There is no counter called {action.counter!r}."
            mover = p[1]
            if faction_of(action.counter) != mover:
                return f"{cap(counter_name(action.counter))} does not belong to {faction_name(mover)}."
            if action.counter in state.moved:
                return f"{cap(counter_name(action.counter))} has already moved this turn."
            if dict(state.pos)[action.counter] not in self.space_ids:
                return f"{cap(counter_name(action.counter))} is not on the board."
            if action.die not in DIE_CHOICES:
                return f"Use the sum of the dice or the first or second die, not {action.die!r}."
            steps = self._die_value(state, action.die)
            where = self.space_names.get(action.to, action.to)
            return (f"{cap(counter_name(action.counter))} cannot end a move of exactly {steps} on {where}: "
                    "movement is clockwise, the full amount, and may not turn back on the centre track.")
        if isinstance(action, PlayEvidence):
            fam = FAMILY_NAMES.get(action.family, action.family)
            pair = {f"clue_{action.family}_1", f"clue_{action.family}_2"}
            if not pair <= set(dict(state.hands)[self._hk(state, "state")]):
                return f"The State does not hold both SISDE cards on the {fam} Family."
            return (f"The SISDE pair on the {fam} Family cannot be played now: the Boss must be detained or in the "
                    "Prefetto's space (on the State's turn, before the first move).")
        if isinstance(action, (PlayCard, Helicopter)):
            card = getattr(action, "card", "helicopter" if isinstance(action, Helicopter) else "SISDE pair")
            name = self.card_by_id[card].name if card in self.card_by_id else card
            holders = [f for f, h in state.hands if card in h]
            if not holders:
                return f"Nobody holds {name} to play it."
            return f"{name} cannot be played now. {now}"
        if isinstance(action, Detain) and k == "decide":
            if self._home_protected(state, action.boss, p[3]):
                return (f"{cap(counter_name(action.boss))} is in his home city: he cannot be detained there "
                        "without the Discover a Lair card.")
            return f"{cap(counter_name(action.boss))} cannot be detained now. {now}"
        if isinstance(action, Arrest) and k == "decide":
            fam = faction_of(action.boss) if action.boss in COUNTERS else action.boss
            if kind_of(p[2]) != "prefetto":
                return "Only the Prefetto can arrest a Boss."
            return (f"The State needs both SISDE cards on the {FAMILY_NAMES.get(fam, fam)} Family, and the Prefetto "
                    "in the Boss's space, to arrest him.")
        if isinstance(action, TryControl) and k == "decide":
            if kind_of(p[2]) != "picciotto":
                return "Only a Picciotto rolls for control; a Boss controls automatically."
            if self.space_type[p[3]] == "city":
                return f"{self.space_names[p[3]]} is a city: no Family can control it."
            return "This Picciotto has already tried for control this turn."
        if isinstance(action, Shootout) and k == "decide":
            if kind_of(p[2]) in ("prefetto", "cc", "sisde"):
                return "The State never starts a shootout."
            return f"There is no opposing counter here that {counter_name(p[2])} may shoot at."
        if isinstance(action, CardDrawn):
            if k != "draw":
                return f"No card is to be drawn now. {now}"
            return f"That card is not in the {action.deck} deck now."
        return f"{cap(self.describe(action))} is not possible now. {now}"

    # -- views -----------------------------------------------------------------------------
    def _table(self, s: SicilyState) -> TableView:
        return TableView(
            players=s.players, turn_of=CALENDAR[s.turn], calendar=CALENDAR, calendar_position=s.turn,
            turn_number=s.turns + 1, awaiting=self.awaiting(s), acting_seat=self.acting_seat(s), homes=s.homes,
            positions=s.pos, facing=tuple(x for x in s.facing if x[1]), control=s.control,
            spaces_controlled=tuple((f, self._controlled(s, f)) for f in FAMILIES),
            remediation_points=self._remediation_halves(s) / 2,
            hand_sizes=tuple((f, len(h)) for f, h in s.hands
                             if (f in FAMILIES or (f == "state") == (s.players != 2))), deck_sizes=tuple((d, len(c)) for d, c in s.decks),
            dice=s.dice, dice_left=s.dice_left, blocked=s.blocked, temporary_roadblocks=s.temp_roadblocks,
            winners=s.winners, result=s.reason, names=s.names, last_roll=s.last_roll, **self._offer(s))

    def _offer(self, s: SicilyState) -> dict[str, Any]:
        """The table view's offer: what is asked, the public actions, the map's suggestions, the card
        door and the shootout (public facts only: secret twins get the same offer)."""
        if s.winners is not None or s.prompt is None:
            return {"check_moves": s.check_moves}
        legal = self.legal_actions(s)
        kind = s.prompt[0]
        requests = self.chance_requests(s)
        offers = tuple(a for a in legal if not is_private(a) and not isinstance(a, (DiceRolled, CardDrawn)))
        so = dict(s.shootout) if s.shootout is not None else None
        return {"prompt_kind": kind, "chance": requests[0] if requests else "",
                "draw_deck": s.prompt[1] if kind == "draw" else "", "check_moves": s.check_moves,
                "offers": offers, "suggestions": self._suggestions(s, offers), "card_door": self._card_door(s),
                "shootout": (tuple(so["a"]), tuple(so["d"]), tuple(so["rolls"])) if so is not None else ()}

    def _suggestions(self, s: SicilyState, offers: Sequence[Action]) -> tuple:
        """With move checking off the players move on their own board and say where; the app's map
        only suggests: the moves the routes allow (as if checking were on), facing dropped."""
        if s.check_moves or self.board.routes is None or not any(isinstance(a, Move) for a in offers):
            return ()
        out: dict[str, list[Move]] = {}
        for m in self.legal_actions(replace(s, check_moves=True)):
            if isinstance(m, Move):
                plain = Move(m.counter, m.to, m.die, "")
                if plain not in out.setdefault(m.counter, []):
                    out[m.counter].append(plain)
        return tuple((c, tuple(ms)) for c, ms in out.items())

    def _card_door(self, s: SicilyState) -> tuple:
        """Issue 13: the shared screen's way to a private card screen, decided on the kind of moment
        and how many cards the sides that could act hold, never on which: a holder of nothing
        useful gets the same door as a holder of the fitting card."""
        p = s.prompt
        kind = p[0]
        if kind == "window":
            return "window", tuple(dict.fromkeys(self.seat_of_hand(s, k) for k in p[1]))
        acting = self.acting_seat(s)
        if acting is None:
            return ()
        if kind == "lose":
            return "lose", (acting,)
        hands = dict(s.hands)
        if not sum(len(hands.get(k, ())) for k in self.factions_of_seat(s, acting)):
            return ()
        if kind == "move" and not s.moved and s.dice_left != ("state",):
            return "first", (acting,)
        if kind == "roll" and p[2][0] == "return" and dict(s.pos)[p[2][1]] in ("prison", "station") \
                and faction_of(p[2][1]) != "state":
            return "instead", (self.seat_of(s, faction_of(p[2][1])),)
        if kind == "decide" and faction_of(p[2]) == "state":
            return "use", (acting,)
        return ()

    @_boxed
    def view(self, state: SicilyState, audience: Audience) -> Any:
        table = self._table(state)
        if audience == REVEAL:
            return RevealView(state.hands, state.decks, table)
        if isinstance(audience, Seat):
            mine = self.factions_of_seat(state, audience.n)
            hands = dict(state.hands)
            return SeatView(audience.n, mine, tuple(
                (f, tuple(HeldCard(c, self.card_by_id[c].deck, self.card_by_id[c].name, self.card_by_id[c].text)
                          for c in hands[f])) for f in mine), table,
                tuple(text for seat, text in state.notes if seat == audience.n))
        return table

    @_boxed
    def outcome(self, state: SicilyState) -> Outcome | None:
        if state.winners is None:
            return None
        return Outcome(state.winners, state.reason)

    # -- chance ----------------------------------------------------------------------------
    @_boxed
    def chance_requests(self, state: SicilyState) -> list[str]:
        if state.winners is None and state.prompt and state.prompt[0] == "roll":
            return ["roll1d6" if state.prompt[1] == 1 else "roll2d6"]
        return []

    @_boxed
    def chance(self, state: SicilyState, rng: Any, request: str | None = None) -> Action | None:
        if state.winners is not None or state.prompt is None:
            return None
        p = state.prompt
        if request is None:
            if p[0] == "draw":
                deck = dict(state.decks)[p[1]]
                return CardDrawn(p[1], deck[rng.randrange(len(deck))])
            return None
        want = self.chance_requests(state)
        if request not in want:
            raise IllegalAction(f"'{request}' is not what the table needs now. {self.awaiting(state)}")
        return DiceRolled(roll_dice(rng, p[1]))

    # -- conformance helpers ---------------------------------------------------------------
    def secret_twins(self, config: Mapping[str, Any], seed: int, rng: Any) -> Sequence[tuple[Any, Any]]:
        """The same position with different cards in the State's hand and the Red Family's hand."""
        s = self.new(config, seed)
        while s.prompt[0] == "home":
            s, _ = self.apply(s, self.legal_actions(s)[0])
        hands = dict(s.hands)
        decks = dict(s.decks)
        out = []
        for deck, fac, x, y in (("roma", "state", "wiretap", "helicopter"), ("usa", "red", "mole", "killers")):
            if s.players in (2, 4) and fac == "state":
                continue
            def holding(card):
                h = dict(hands)
                d = dict(decks)
                h[fac] = (card,)
                d[deck] = tuple(sorted(c for c in decks[deck] if c != card))
                return replace(s, hands=tuple((f, h[f]) for f in HAND_KEYS), decks=tuple((k, d[k]) for k in DECKS))
            out.append((holding(x), holding(y)))
        return out

    @_boxed
    def playout_policy(self, state: SicilyState, legal: Sequence[Action], rng: Any) -> Action:
        """Random, but Families go for control and players mostly pass their card windows."""
        rolls = [a for a in legal if isinstance(a, DiceRolled)]
        if rolls:
            return rng.choice(rolls)
        for pref in (TryControl, Arrest, Detain, Submit):
            opts = [a for a in legal if isinstance(a, pref)]
            if opts and rng.random() < 0.85:
                return rng.choice(opts)
        if any(isinstance(a, Pass) for a in legal) and rng.random() < 0.7:
            return Pass()
        moves = [a for a in legal if isinstance(a, Move)]
        if moves and rng.random() < 0.9:
            return rng.choice(moves)
        return rng.choice(list(legal))


ENGINE = SicilyEngine()
