"""Random legal playouts: the conformance suite's workhorse and ``companion simulate``.

A playout draws every chance event with a seeded ``random.Random`` exactly as the session does,
and otherwise picks among ``legal_actions`` with the engine's ``playout_policy``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from .engine import Action, Engine, Event, Outcome


@dataclass
class Playout:
    config: dict[str, Any]
    seed: int
    actions: list[Action] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)
    outcome: Outcome | None = None
    final: Any = None


def chance_rng(seed: int, seq: int) -> random.Random:
    """The generator for the draw at log position ``seq``: resume-safe, no hidden RNG state."""
    return random.Random(f"{seed}:{seq}")


def playout(engine: Engine, seed: int, players: int | None = None, max_steps: int = 20_000,
            keep_states: bool = False, config: dict[str, Any] | None = None) -> Playout:
    rng = random.Random(seed)
    if config is None:
        config = engine.sample_config(players, rng)
    state = engine.new(config, seed)
    result = Playout(config=config, seed=seed)
    if keep_states:
        result.states.append(state)
    for step in range(max_steps):
        if engine.outcome(state) is not None:
            break
        action = engine.chance(state, chance_rng(seed, step), None)
        if action is None:
            legal = engine.legal_actions(state)
            requests = engine.chance_requests(state)
            if requests and rng.random() < 0.5:
                action = engine.chance(state, chance_rng(seed, step), rng.choice(requests))
            elif legal:
                action = engine.playout_policy(state, legal, rng)
            elif requests:
                action = engine.chance(state, chance_rng(seed, step), rng.choice(requests))
            else:
                raise RuntimeError(f"{engine.name}: no legal action and no outcome (seed {seed})")
        state, events = engine.apply(state, action)
        result.actions.append(action)
        result.events.extend(events)
        if keep_states:
            result.states.append(state)
    result.outcome = engine.outcome(state)
    result.final = state
    return result
