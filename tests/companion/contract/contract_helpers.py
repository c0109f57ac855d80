"""Small scenario helpers for the Contract tests: a table set up by hand, actions applied in order."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from companion.errors import IllegalAction
from companion.games.contract.engine import (ENGINE, Area, Column, MafiosoTurnedUp, Pass,
                                             TraffickingDealt)

E = ENGINE
NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena")
# first / second tiles by family (brakova, yakaz, rodrigos, costa), values of the shipped contract.toml
FIRST = (6, 7, 8, 9)
SECOND = (2, 3, 4, 5)


def start(players: int = 2, layout: tuple[str, ...] = (), first_player: int = 0):
    """A game after the trafficking shuffle, with the face-up Mafiosi of round 1 laid out."""
    state = E.new({"players": players, "names": list(NAMES[:players]), "first_player": first_player}, 0)
    state = play(state, TraffickingDealt(FIRST, SECOND, by_hand=True))
    return lay(state, *layout)


def lay(state, *cards):
    for card in cards:
        state = play(state, MafiosoTurnedUp(E.awaiting_turn_up(state), card, by_hand=True))
    return state


def play(state, *actions):
    for action in actions:
        state, _ = E.apply(state, action)
    return state


def run(state, *actions):
    """Apply actions and return the state and the texts of every event."""
    texts = []
    for action in actions:
        state, events = E.apply(state, action)
        texts.extend(e.text for e in events)
    return state, texts


def refused(state, action) -> str:
    """The action is refused with a sentence and the state is left exactly as it was."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as err:
        E.apply(state, action)
    assert state == before
    return str(err.value)


def pass_all(state):
    """Everyone passes in succession, from the player whose turn it is."""
    for _ in range(state.players):
        if state.phase != "play":
            break
        state = play(state, Pass(state.turn))
    return state


def with_areas(state, **areas):
    """Give players play areas (by name), e.g. with_areas(s, Anna=area("yakaz-5"))."""
    new = list(state.areas)
    for name, area in areas.items():
        new[state.names.index(name)] = area
    return replace(state, areas=tuple(new), seen=state.seen + tuple(c for a in areas.values() for c in a.cards))


def area(*cards: str, blackmats: dict | None = None, waiting: tuple = ()) -> Area:
    """An area from coloured cards, with Blackmats by family: area("yakaz-4", blackmats={"yakaz": ("blackmat-1",)})."""
    order = E.data.families
    fams = sorted({c.rsplit("-", 1)[0] for c in cards}, key=order.index)
    blackmats = blackmats or {}
    return Area(tuple(Column(f, tuple(c for c in cards if c.startswith(f + "-")), tuple(blackmats.get(f, ())))
                      for f in fams), tuple(waiting))
