"""A session binds one engine to the store: validate, apply, commit, then tell listeners.

The order matters. ``act`` computes the new state first (an illegal action raises and nothing
happens), then commits the action durably, and only then swaps the state in and calls the
listeners, so a screen can never show an effect that a power cut could lose.

Chance is drawn here, never in an engine: the draw at log position ``seq`` uses
``random.Random(f"{seed}:{seq}")``, so a resumed game draws exactly what it would have drawn,
and the drawn value is logged as an ordinary action (replay never re-rolls).
"""

from __future__ import annotations

import secrets
from typing import Any, Callable, Mapping

from . import registry
from .engine import Action, Audience, Engine, Event, Outcome
from .errors import IllegalAction, NothingToUndo, StoreError
from .simulate import chance_rng
from .store import UNDO_KIND, Store

Listener = Callable[["Session", list[Event]], None]


class Session:
    def __init__(self, store: Store, engine: Engine, game_id: int, config: dict, seed: int,
                 actions: list[Action], next_seq: int):
        self.store = store
        self.engine = engine
        self.game_id = game_id
        self.config = config
        self.seed = seed
        self._actions = list(actions)
        self._seq = next_seq
        self._listeners: list[Listener] = []
        self._state = self._fold(self._actions)

    # -- creation -------------------------------------------------------------------------
    @classmethod
    def start(cls, store: Store, game: str, config: Mapping[str, Any] | None = None,
              seed: int | None = None) -> "Session":
        engine = registry.get(game)
        config = dict(config or {})
        if seed is None:
            seed = secrets.randbelow(2**31)
        engine.new(config, seed)  # validate before anything is written
        game_id = store.create_game(engine.name, engine.version, seed, config)
        return cls(store, engine, game_id, config, seed, [], 0)

    @classmethod
    def resume(cls, store: Store, game_id: int) -> "Session":
        record = store.game(game_id)
        engine = registry.get(record.game)
        if record.engine_version != engine.version:
            raise StoreError(f"Game {game_id} was recorded with version {record.engine_version} of the "
                             f"{engine.title} rules; this app has version {engine.version} and cannot "
                             f"replay it exactly. It stays in the history.")
        log = store.log(game_id)
        actions = effective_actions(engine, log)
        return cls(store, engine, game_id, record.config, record.seed, actions, len(log))

    # -- reading --------------------------------------------------------------------------
    def _fold(self, actions: list[Action]) -> Any:
        state = self.engine.new(self.config, self.seed)
        for action in actions:
            state, _ = self.engine.apply(state, action)
        return state

    @property
    def state(self) -> Any:
        return self._state

    @property
    def actions(self) -> list[Action]:
        return list(self._actions)

    @property
    def seq(self) -> int:
        """The position the next log entry will take."""
        return self._seq

    def legal_actions(self) -> list[Action]:
        return self.engine.legal_actions(self._state)

    def chance_requests(self) -> list[str]:
        return self.engine.chance_requests(self._state)

    def pending_chance(self) -> Action | None:
        """The chance action the game itself waits on (a deal, an NPC spin), as it would be drawn."""
        return self.engine.chance(self._state, chance_rng(self.seed, self._seq), None)

    def view(self, audience: Audience) -> Any:
        return self.engine.view(self._state, audience)

    def outcome(self) -> Outcome | None:
        return self.engine.outcome(self._state)

    @property
    def can_undo(self) -> bool:
        return bool(self._actions)

    # -- changing -------------------------------------------------------------------------
    def act(self, action: Action) -> list[Event]:
        state, events = self.engine.apply(self._state, action)  # IllegalAction: nothing happened
        finished = self.engine.outcome(state) is not None
        self.store.append(self.game_id, self._seq, action.to_dict(), "finished" if finished else None)
        self._seq += 1
        self._actions.append(action)
        self._state = state
        self._notify(events)
        return events

    def act_dict(self, data: Mapping[str, Any]) -> list[Event]:
        return self.act(self.engine.actions.from_dict(data))

    def draw(self, request: str | None = None) -> tuple[Action, list[Event]]:
        """Draw the chance action ``request`` asks for (or the one the game waits on) and apply it."""
        action = self.engine.chance(self._state, chance_rng(self.seed, self._seq), request)
        if action is None:
            what = f"'{request}'" if request else "anything"
            raise IllegalAction(f"There is nothing to draw for {what} now.")
        return action, self.act(action)

    def undo(self) -> Action:
        """Take back the last action: an undo record is appended, the rest is replayed."""
        if not self._actions:
            raise NothingToUndo("There is nothing to undo yet.")
        last = self._actions[-1]
        state = self._fold(self._actions[:-1])
        was_over = self.engine.outcome(self._state) is not None
        self.store.append(self.game_id, self._seq, {"kind": UNDO_KIND}, "running" if was_over else None)
        self._seq += 1
        self._actions.pop()
        self._state = state
        self._notify([Event("undone", f"Undone: {self.engine.describe(last, state)}.")])
        return last

    def abandon(self) -> None:
        self.store.set_status(self.game_id, "abandoned")

    # -- listeners ------------------------------------------------------------------------
    def subscribe(self, callback: Listener) -> None:
        self._listeners.append(callback)

    def unsubscribe(self, callback: Listener) -> None:
        if callback in self._listeners:
            self._listeners.remove(callback)

    def _notify(self, events: list[Event]) -> None:
        for callback in list(self._listeners):
            callback(self, events)


def effective_actions(engine: Engine, log: list[Mapping[str, Any]]) -> list[Action]:
    """The actions that count: each undo record takes back the latest one still standing."""
    actions: list[Action] = []
    for entry in log:
        if entry.get("kind") == UNDO_KIND:
            if actions:
                actions.pop()
        else:
            actions.append(engine.actions.from_dict(entry))
    return actions
