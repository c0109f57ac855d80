"""Seeded sample games (screenshots, benchmarks): played by the engine's own playout policy until
the table view shows the moment wanted. On the rules side, since a playout reads the state."""

from __future__ import annotations

import random

from companion.engine import TABLE

from .engine import Seen

SAMPLE_SEED = 4242
SAMPLE_PLAYERS = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina")


def start(store, seen: int | None = None, steps: int = 0):
    """A seeded 7-player game, dealt, ``seen`` players past their card (all by default), then
    ``steps`` legal actions played (the first legal action each time, the GM's first)."""
    from companion.session import Session

    session = Session.start(store, "mafia-plus", {"players": list(SAMPLE_PLAYERS), "set": {"choices": ["mayor"]}},
                            seed=SAMPLE_SEED)
    session.draw(None)
    for seat in range(len(SAMPLE_PLAYERS) if seen is None else seen):
        session.act(Seen(seat))
    for _ in range(steps):
        legal = session.legal_actions()
        if not legal:
            break
        session.act(legal[0])
    return session


def play_until(session, done) -> None:
    """Play the engine's seeded playout policy until ``done(table view)``."""
    rng = random.Random(SAMPLE_SEED)
    for _ in range(2000):
        legal = session.legal_actions()
        if done(session.view(TABLE)) or not legal:
            return
        session.act(session.engine.playout_policy(session.state, legal, rng))
