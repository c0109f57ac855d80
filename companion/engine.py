"""The contract every game engine satisfies (OpenSpiel's State, python-chess's Board).

An engine is a stateless object with five pure functions over frozen states::

    state = engine.new(config, seed)            # config validated here (ConfigError)
    engine.legal_actions(state)                  # what may be done now; the UI enables exactly these
    state2, events = engine.apply(state, action) # IllegalAction with a reason; `state` untouched
    engine.view(state, TABLE | Seat(n) | REVEAL) # a separate type per audience, secrets stripped
    engine.outcome(state)                        # None while running, else Outcome

Chance (dice, spins, shuffles, deals) is an action too. Engines never import ``random``: the
session draws with a seeded ``random.Random`` through ``engine.chance(state, rng, request)``,
which returns an ordinary action such as ``DiceRolled((3, 5))``; that action is what gets logged,
so replay never re-rolls, and a player with physical dice enters the same action by hand.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass, field
from typing import Any, ClassVar, Iterable, Mapping, Sequence

from .errors import BadActionData, IllegalAction

# --------------------------------------------------------------------------------------------
# Audiences


@dataclass(frozen=True, slots=True)
class TableAudience:
    """The shared screen everyone can see."""

    def __str__(self) -> str:
        return "table"


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's private view (seats are numbered from 0 in table order)."""

    n: int

    def __str__(self) -> str:
        return f"seat:{self.n}"


@dataclass(frozen=True, slots=True)
class RevealAudience:
    """Everything, after the game (or for a replay file)."""

    def __str__(self) -> str:
        return "reveal"


TABLE = TableAudience()
REVEAL = RevealAudience()
Table = TABLE
Reveal = REVEAL
Audience = TableAudience | Seat | RevealAudience


def parse_audience(text: str) -> Audience:
    """``table``, ``reveal`` or ``seat:N`` -> the audience; a clear error otherwise."""
    text = text.strip().lower()
    if text == "table":
        return TABLE
    if text == "reveal":
        return REVEAL
    if text.startswith("seat:"):
        try:
            return Seat(int(text[5:]))
        except ValueError:
            pass
    raise BadActionData(f"'{text}' is not an audience: use table, reveal or seat:N (N a seat number).")


# --------------------------------------------------------------------------------------------
# Actions


def _freeze(value: Any) -> Any:
    """JSON lists become tuples so that actions stay hashable and comparable."""
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. Subclasses are frozen slotted dataclasses with a unique ``kind``.

    >>> from companion.games.dice.engine import DiceRolled
    >>> DiceRolled((3, 5)).to_dict()
    {'kind': 'dice_rolled', 'dice': [3, 5], 'by_hand': False}
    """

    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):
            out[f.name] = _thaw(getattr(self, f.name))
        return out

    def describe(self) -> str:
        """A short human sentence; engines override where a better one exists."""
        args = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self))
        return f"{self.kind}({args})"


class ActionCodec:
    """The set of action classes of one game, keyed by ``kind``: the replay/scenario format."""

    def __init__(self, *classes: type[Action]):
        self._by_kind: dict[str, type[Action]] = {}
        for cls in classes:
            if not cls.kind or cls.kind in self._by_kind:
                raise ValueError(f"action kind {cls.kind!r} of {cls.__name__} is empty or repeated")
            self._by_kind[cls.kind] = cls
        # per class: its fields and resolved type hints, worked out on first use (resolving the
        # hints compiles every annotation: done per action it made resuming a long game slow)
        self._shapes: dict[type[Action], tuple[dict[str, dataclasses.Field], dict[str, Any]]] = {}

    @property
    def kinds(self) -> list[str]:
        return list(self._by_kind)

    def __iter__(self):
        return iter(self._by_kind.values())

    def from_dict(self, data: Mapping[str, Any]) -> Action:
        if not isinstance(data, Mapping):
            raise BadActionData(f"An action must be a JSON object with a 'kind', not {data!r}.")
        kind = data.get("kind")
        cls = self._by_kind.get(kind) if isinstance(kind, str) else None
        if cls is None:
            known = ", ".join(sorted(self._by_kind))
            shown = repr(kind) if len(repr(kind)) <= 40 else repr(kind)[:40] + "…"
            raise BadActionData(f"Unknown action kind {shown}; this game knows: {known}.")
        shape = self._shapes.get(cls)
        if shape is None:
            shape = self._shapes[cls] = ({f.name: f for f in dataclasses.fields(cls)}, typing.get_type_hints(cls))
        names, hints = shape
        extra = set(data) - set(names) - {"kind"}
        if extra:
            field = "field" if len(extra) == 1 else "fields"
            raise BadActionData(f"Action '{kind}' has no {field} {', '.join(sorted(extra))}.")
        kwargs = {}
        for name, f in names.items():
            if name in data:
                try:
                    value = _freeze(data[name])
                except RecursionError:
                    raise BadActionData(f"Action '{kind}': field '{name}' is nested too deeply.") from None
                _check_type(kind, name, value, hints.get(name))
                kwargs[name] = value
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise BadActionData(f"Action '{kind}' needs the field '{name}'.")
        return cls(**kwargs)


def _check_type(kind: str, name: str, value: Any, hint: Any) -> None:
    """Reject obviously wrong JSON types (a string where a seat number belongs)."""
    if hint is None:
        return
    origin = typing.get_origin(hint)
    simple = {int: int, str: str, bool: bool, float: (int, float)}
    if hint in simple:
        ok = isinstance(value, simple[hint]) and not (hint is int and isinstance(value, bool))
    elif origin is tuple:
        ok = isinstance(value, tuple) and _items_match(value, typing.get_args(hint))
    elif origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        args = typing.get_args(hint)
        ok = any(_matches(value, a) for a in args)
    else:
        return
    if not ok:
        raise BadActionData(f"Action '{kind}': field '{name}' has the wrong type ({value!r}).")


def _items_match(value: tuple, args: tuple) -> bool:
    """``tuple[int, ...]`` / ``tuple[str, int]``: each item of the right simple type."""
    if len(args) == 2 and args[1] is Ellipsis:
        return all(_matches(v, args[0]) for v in value)
    if args and Ellipsis not in args:
        return len(value) == len(args) and all(_matches(v, a) for v, a in zip(value, args))
    return True


def _matches(value: Any, hint: Any) -> bool:
    if hint is type(None):
        return value is None
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint in (str, bool):
        return isinstance(value, hint)
    if typing.get_origin(hint) is tuple:
        return isinstance(value, tuple)
    return True


# --------------------------------------------------------------------------------------------
# Events and outcomes


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, in words, for one audience.

    ``text`` is what the table hears or reads (narration is data); ``audience`` says who may see
    it: the shared screen shows only events whose audience is ``TABLE``.
    """

    kind: str
    text: str
    audience: Audience = TABLE
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"event": self.kind, "text": self.text, "audience": str(self.audience), **to_jsonable(self.data)}


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winners (seat numbers or names) and why, in words."""

    winners: tuple[Any, ...]
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"winners": to_jsonable(self.winners), "reason": self.reason}


def to_jsonable(value: Any) -> Any:
    """Views, states and events are dataclasses of tuples; JSON wants dicts and lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if isinstance(value, Action):
            return value.to_dict()
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [to_jsonable(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, (set, frozenset)) else items
    if isinstance(value, (TableAudience, RevealAudience)):
        return str(value)
    if hasattr(value, "value") and hasattr(value, "name") and not isinstance(value, (int, str)):
        return value.value  # Enum
    return value


# --------------------------------------------------------------------------------------------
# The engine contract


class Engine:
    """Base class of a game engine. Subclasses set the class attributes and the pure methods.

    ``apply`` is implemented here once: it checks legality through ``check`` (so untrusted touch
    and GPIO input can never slip an illegal action through) and then calls ``_apply``.
    """

    name: ClassVar[str] = ""  # registry key, e.g. "mafia-plus"
    title: ClassVar[str] = ""  # shown on the home screen, e.g. "Mafia+"
    version: ClassVar[int] = 1  # bump when replaying old logs would give a different state
    actions: ClassVar[ActionCodec]
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    #: Action kinds the table enters freely (an amount, a card combination, a hand-dealt
    #: arrangement): ``legal_actions`` lists only quick picks for these, and ``check`` accepts any
    #: legal value; every other kind is listed completely, so a screen enables exactly what
    #: ``legal_actions`` lists and offers a free-entry control only for these kinds.
    free_entry: ClassVar[frozenset[str]] = frozenset()

    # -- required -------------------------------------------------------------------------
    def new(self, config: Mapping[str, Any], seed: int) -> Any:
        raise NotImplementedError

    def legal_actions(self, state: Any) -> list[Action]:
        raise NotImplementedError

    def _apply(self, state: Any, action: Action) -> tuple[Any, list[Event]]:
        """Apply an action already known to be legal."""
        raise NotImplementedError

    def view(self, state: Any, audience: Audience) -> Any:
        raise NotImplementedError

    def outcome(self, state: Any) -> Outcome | None:
        raise NotImplementedError

    # -- provided, override where useful ----------------------------------------------------
    def check(self, state: Any, action: Action) -> None:
        """Raise IllegalAction with a reason when ``action`` may not be applied now.

        The default accepts exactly the members of ``legal_actions``; engines whose action space
        is too large to list (amounts of money) override this with explicit rules.
        """
        if self.outcome(state) is not None:
            raise IllegalAction("The game is over; nothing more can be played.")
        if action not in self.legal_actions(state):
            raise IllegalAction(self.explain_illegal(state, action))

    def explain_illegal(self, state: Any, action: Action) -> str:
        return f"{action.describe()} is not allowed now."

    def apply(self, state: Any, action: Action) -> tuple[Any, list[Event]]:
        if not isinstance(action, Action) or type(action) not in set(self.actions):
            raise IllegalAction(f"{action!r} is not an action of {self.title}.")
        self.check(state, action)
        return self._apply(state, action)

    def chance(self, state: Any, rng: Any, request: str | None = None) -> Action | None:
        """Draw a chance action with ``rng`` (a ``random.Random`` owned by the session).

        ``request`` names what a player asked for ("roll2d6", "spin"...); ``None`` asks for the
        chance event the game itself is waiting on (a shuffle or deal), if any. Returns None when
        there is nothing to draw. Engines use only ``rng``'s methods; they never import random.
        """
        return None

    def chance_requests(self, state: Any) -> list[str]:
        """The chance requests a player may make now (buttons such as ROLL)."""
        return []

    def sample_config(self, players: int | None, rng: Any) -> dict[str, Any]:
        """A valid config for random playouts (``companion simulate``)."""
        return {}

    def default_config(self, players: int | None, rng: Any) -> dict[str, Any]:
        """What a group gets when it only says how many play (``companion new --players``):
        the rulebook's recommended setup. Defaults to ``sample_config``."""
        return self.sample_config(players, rng)

    def secret_twins(self, config: Mapping[str, Any], seed: int, rng: Any) -> Sequence[tuple[Any, Any]]:
        """Pairs of states that differ only in secrets (for the no-leak conformance test)."""
        return ()

    def playout_policy(self, state: Any, legal: Sequence[Action], rng: Any) -> Action:
        """How a random playout picks among legal actions; engines may bias towards progress."""
        return rng.choice(list(legal))

    def describe(self, action: Action, state: Any = None) -> str:
        """The action in words; ``state`` (where it is played) lets an engine use player names."""
        return action.describe()


def replay(engine: Engine, config: Mapping[str, Any], seed: int, actions: Iterable[Action]):
    """Fold ``actions`` over ``new(config, seed)``: the state is a pure function of the log."""
    state = engine.new(config, seed)
    for action in actions:
        state, _ = engine.apply(state, action)
    return state
