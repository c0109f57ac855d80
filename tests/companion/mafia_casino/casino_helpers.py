"""Small scenario builders for the Mafia Casino tests."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from companion.bank import BANK
from companion.errors import IllegalAction
from companion.games.mafia_casino import ENGINE
from companion.games.mafia_casino.actions import FirstPlayerChosen, MarketValueDrawn
from companion.games.mafia_casino.data import BUILDINGS
from companion.games.mafia_casino.engine import CasinoState, Player, _set

M = 1_000_000


def started(players=3, tokens=False, first=0, market=1) -> CasinoState:
    """A game past setup: market card ``market`` showing, seat ``first`` in phase 1."""
    state = ENGINE.new({"players": players, "tokens": tokens}, seed=1)
    state, _ = ENGINE.apply(state, MarketValueDrawn(market))
    state, _ = ENGINE.apply(state, FirstPlayerChosen(first))
    return state


def play(state, *actions):
    """Apply actions in order; return the final state and all events."""
    events = []
    for action in actions:
        state, evs = ENGINE.apply(state, action)
        events += evs
    return state, events


def texts(events, audience=None):
    return " | ".join(e.text for e in events if audience is None or e.audience == audience)


def refused(state, action, *words):
    """The action is refused with a sentence containing ``words``, and the state is unchanged."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, action)
    message = str(err.value)
    for word in words:
        assert word.lower() in message.lower(), f"{word!r} not in {message!r}"
    assert state == before
    return message


def with_player(state, seat, **changes) -> CasinoState:
    return _set(state, seat, replace(state.players[seat], **changes))


def with_built(state, seat, building, *names) -> CasinoState:
    built = list(state.players[seat].built)
    built[BUILDINGS.index(building)] = tuple(names)
    return with_player(state, seat, built=tuple(built))


def with_money(state, seat, amount) -> CasinoState:
    """Give a player money from the bank (ledger only; tokens too in token mode)."""
    state, _ = ENGINE._pay(state, None, seat, amount, "test money")
    return state


def balance(state, seat) -> int:
    return state.ledger.balance(state.players[seat].name)


def bank(state) -> int:
    return state.ledger.balance(BANK)


__all__ = ["ENGINE", "M", "Player", "started", "play", "texts", "refused", "with_player", "with_built",
           "with_money", "balance", "bank"]
