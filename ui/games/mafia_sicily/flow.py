"""Mafia (Sicily)'s flow, Kivy-free: which screen a state belongs on, what the narrator says after a
commit, and the seeded sample games the screenshots show (named in the manifest)."""

from __future__ import annotations

from companion.engine import Seat

from . import model

GAME = "mafia-sicily"
SAMPLE_SEED = 4242
SAMPLE_NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena"]


def route(session) -> str | None:
    """A finished game belongs on the victory screen; a running one stays where the table is."""
    if session is not None and session.outcome() is not None:
        return "mafia_sicily_victory"
    return None


def seat_name(session, seat: int) -> str:
    names = session.config.get("names") or []
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


def look_seat(events) -> int | None:
    """After a draw: the seat that drew (told to look at its private screen; the card never named)."""
    if not any(e.kind == "card_drawn" for e in events):
        return None
    return next((e.audience.n for e in events if e.kind == "card_secret" and isinstance(e.audience, Seat)), None)


def lines(session, events) -> list[str]:
    """Every line the whole table may see, whole and in order, then who should look at a new card;
    nothing for an undo (its sentence is on screen)."""
    if any(e.kind == "undone" for e in events):
        return []
    said = model.table_lines(events)
    seat = look_seat(events)
    if seat is not None:
        said.append(f"{seat_name(session, seat)}, look at your new card on your private screen.")
    return said


def start_sample(table, players: int = 5, steps: int = 7):
    """A seeded sample game: homes chosen, a movement roll, a few moves (for screenshots)."""
    from companion.games.mafia_sicily.engine import CardDrawn

    session = table.start(GAME, {"players": players, "names": SAMPLE_NAMES[:players]}, seed=SAMPLE_SEED)
    for _ in range(steps):
        if session.outcome() is not None:
            break
        requests = session.chance_requests()
        if requests:
            session.draw(requests[0])
            continue
        legal = [a for a in session.legal_actions() if not model.is_private(a) and not isinstance(a, CardDrawn)]
        if legal:
            session.act(legal[0])
        else:  # a card to draw
            session.draw(None)
    return session


def finished_sample(table):
    """A seeded game played to its end by the engine's playout policy (for the screenshot): played
    out on the engine first, then committed action by action."""
    import random

    from companion.simulate import chance_rng

    config = {"players": 5, "names": SAMPLE_NAMES}
    session = table.start(GAME, config, seed=7)
    engine = session.engine
    rng = random.Random(7)
    state = engine.new(config, 7)
    actions = []
    for step in range(20000):
        if engine.outcome(state) is not None:
            break
        legal = engine.legal_actions(state)
        action = engine.chance(state, chance_rng(7, step), None) if not legal else \
            engine.playout_policy(state, legal, rng)
        state, _ = engine.apply(state, action)
        actions.append(action)
    for action in actions:
        session.act(action)
    return session
