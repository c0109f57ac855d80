"""Sample games for ``--screenshot`` (Kivy-free): seeded so every picture shows the same table.

``sample(table, screen)`` is the manifest's ``sample``: it starts the game the picture of
``screen`` needs and returns the route that shows it. Built by actions, read through views.
"""

from __future__ import annotations

from ui.controller import Route

from .flow import GAME, table_view

SAMPLE_SEED = 8080
NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")


def sample(table, screen: str) -> Route:
    if screen == "contract_new":
        for name in NAMES:
            table.store.add_player(name)
        return Route(screen, {"game": GAME})
    if screen == "contract_score":
        session = finished(table)
    elif screen == "contract_reveal":
        session = played(table, "layout")
        session.undo()  # the last face-up Mafioso of the layout is still to be entered
    elif screen in ("contract_count", "contract_areas", "contract_bonuses"):
        session = played(table, "count")
    else:
        session = played(table)
    return Route(screen, {"game": GAME, "game_id": session.game_id})


def played(table, steps: str = "play"):
    """A seeded 2-player game: tiles dealt, Mafiosi laid, a few plays (``count``: and counted)."""
    from companion.games.contract.engine import Influence, Pass, PayCopper

    session = table.start(GAME, {"players": 2, "names": ["Anna", "Bruno"]}, seed=SAMPLE_SEED)
    while table_view(session).phase in ("trafficking", "layout"):
        session.draw()
    if steps == "layout":
        return session
    view = table_view(session)
    up = [s.position for s in view.slots if s.card]
    a = up[0]
    family = view.slots[a].card.rsplit("-", 1)[0]
    kinds = dict(view.turn.cards)[a]
    contract = f"contract:{family}" if f"contract:{family}" in kinds else "dollar"
    session.act(Influence(0, a, 1, (contract, "dollar")))
    session.act(Influence(1, a, 1, ("dollar",)))
    session.act(PayCopper(0, up[-1] if up[-1] != len(view.slots) - 1 else up[0], ("half_dollar",)))
    session.act(Influence(1, 0, 1, ("back", "dollar")))
    if steps == "count":
        for _ in (0, 1):
            session.act(Pass(table_view(session).turn.seat))
        while table_view(session).phase == "count" and table_view(session).turn_up is not None:
            session.draw()
    return session


def finished(table, seed: int = 77):
    """A whole 3-player game played out by a seeded policy (the final score's picture)."""
    from companion.simulate import chance_rng

    session = table.start(GAME, {"players": 3, "names": ["Anna", "Bruno", "Carla"]}, seed=seed)
    engine = session.engine
    n = 0
    while session.outcome() is None and n < 5000:
        view = table_view(session)
        if view.phase in ("trafficking", "layout") or view.turn_up is not None:
            session.draw()
        else:
            # the engine's playout policy reads only the legal actions and the seeded chance
            session.act(engine.playout_policy(None, session.legal_actions(), chance_rng(seed, n)))
        n += 1
    return session
