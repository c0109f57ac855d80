"""Dice & Spinner, the first "game": the simplest engine that exercises the whole contract.

Rolls are chance actions drawn by the session (``chance(state, rng, "roll2d6")``) or typed in by
players who threw real dice (``DiceRolled((4, 2), by_hand=True)``); both land in the log alike.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from companion.chain import Chain
from companion.chance import DiceRolled, Spun, is_die, is_spin, roll_dice, spin
from companion.engine import Action, ActionCodec, Audience, Engine, Event, Outcome
from companion.errors import ConfigError, IllegalAction

REQUESTS = ("roll2d6", "roll1d6", "spin")


@dataclass(frozen=True, slots=True)
class Finish(Action):
    """Put the dice away: ends the session so it leaves the Resume list."""

    kind = "finish"

    def describe(self) -> str:
        return "Put the dice away"


@dataclass(frozen=True, slots=True)
class DiceState:
    #: every roll and spin, oldest first (a ``Chain``: a roll shares the results before it, and a
    #: snapshot loads them in bounded time)
    results: Chain = Chain()
    finished: bool = False
    max_rolls: int | None = None


@dataclass(frozen=True, slots=True)
class DiceView:
    """Nothing is secret here: every audience sees the same history."""

    results: tuple[str, ...]
    last: dict | None
    finished: bool
    #: every roll and spin, oldest first (the screen's history strip and its undo question)
    history: tuple[Action, ...] = ()


def _all_rolls() -> list[Action]:
    singles = [DiceRolled((a,), h) for h in (False, True) for a in range(1, 7)]
    pairs = [DiceRolled((a, b), h) for h in (False, True) for a in range(1, 7) for b in range(1, 7)]
    spins = [Spun(n, s, h) for h in (False, True) for n in range(1, 11) for s in ("L", "R")]
    return singles + pairs + spins


_ALL = tuple(_all_rolls())


class DiceEngine(Engine):
    name = "dice"
    title = "Dice & Spinner"
    version = 1
    actions = ActionCodec(DiceRolled, Spun, Finish)
    min_players = 0
    max_players = 99

    def new(self, config: Mapping[str, Any], seed: int) -> DiceState:
        unknown = set(config) - {"max_rolls", "players"}
        if unknown:
            raise ConfigError(f"Dice & Spinner has no option {', '.join(sorted(unknown))}.")
        max_rolls = config.get("max_rolls")
        if max_rolls is not None and (not isinstance(max_rolls, int) or isinstance(max_rolls, bool) or max_rolls < 1):
            raise ConfigError("max_rolls must be a whole number of at least 1, or left out.")
        return DiceState(max_rolls=max_rolls)

    def legal_actions(self, state: DiceState) -> list[Action]:
        if self.outcome(state) is not None:
            return []
        return [*_ALL, Finish()]

    def explain_illegal(self, state: DiceState, action: Action) -> str:
        if isinstance(action, DiceRolled):
            if len(action.dice) not in (1, 2):
                return f"Roll one or two dice, not {len(action.dice)}."
            bad = [d for d in action.dice if not is_die(d)]
            return f"A die shows 1 to 6; {bad[0]!r} is not a face." if bad else "That roll is not allowed now."
        if isinstance(action, Spun) and not is_spin(action.number, action.side):
            return f"The spinner shows 1 to 10 and L or R, not {action.number!r} {action.side!r}."
        return super().explain_illegal(state, action)

    def _apply(self, state: DiceState, action: Action) -> tuple[DiceState, list[Event]]:
        if isinstance(action, Finish):
            return replace(state, finished=True), [Event("finished", "The dice are put away.")]
        new = replace(state, results=state.results + (action,))
        kind = "rolled" if isinstance(action, DiceRolled) else "spun"
        data = action.to_dict()
        data.pop("kind")
        return new, [Event(kind, action.describe(), data=data)]

    def view(self, state: DiceState, audience: Audience) -> DiceView:
        last = state.results[-1].to_dict() if state.results else None
        return DiceView(tuple(a.describe() for a in state.results), last, state.finished, tuple(state.results))

    def outcome(self, state: DiceState) -> Outcome | None:
        if state.finished:
            return Outcome((), "The dice were put away.")
        if state.max_rolls is not None and len(state.results) >= state.max_rolls:
            return Outcome((), f"All {state.max_rolls} rolls were made.")
        return None

    def chance_requests(self, state: DiceState) -> list[str]:
        return [] if self.outcome(state) is not None else list(REQUESTS)

    def chance(self, state: DiceState, rng: Any, request: str | None = None) -> Action | None:
        if request is None or self.outcome(state) is not None:
            return None
        if request == "roll2d6":
            return DiceRolled(roll_dice(rng, 2))
        if request == "roll1d6":
            return DiceRolled(roll_dice(rng, 1))
        if request == "spin":
            return Spun(*spin(rng))
        raise IllegalAction(f"'{request}' is not something to roll here; try {', '.join(REQUESTS)}.")

    def sample_config(self, players: int | None, rng: Any) -> dict[str, Any]:
        return {"max_rolls": 50}


ENGINE = DiceEngine()
