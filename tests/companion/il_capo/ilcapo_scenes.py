"""Small scenario helpers for the Il Capo tests (a unique module name: no clash with other games)."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from companion.bank import BANK
from companion.errors import IllegalAction
from companion.games.il_capo import ENGINE
from companion.games.il_capo.actions import EndTurn, NpcDone, Receive, Spun

E = ENGINE
NAMES = ["Anna", "Ben", "Carla", "Dino", "Elena", "Franco", "Gina", "Hugo"]


def game(players: int = 3):
    return E.new({"players": NAMES[:players]}, 0)


def play(state, *actions):
    """Apply actions in order; returns the final state and every event's text."""
    texts = []
    for action in actions:
        state, events = E.apply(state, action)
        texts += [e.text for e in events]
    return state, texts


def spin(n: int, side: str = "R") -> Spun:
    return Spun(n, side)


def with_crew(state, seat: int, *crew: str):
    """Seat a crew in a car directly (scenario set-up; hiring itself has its own tests)."""
    players = list(state.players)
    players[seat] = replace(players[seat], crew=tuple(crew))
    return replace(state, players=tuple(players))


def set_player(state, seat: int, **changes):
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def rich(state, seat: int, amount: int):
    state, _ = play(state, Receive(seat, amount, "set-up"))
    return state


def balance(state, seat: int) -> int:
    return state.ledger.balance(state.players[seat].name)


def bank(state) -> int:
    return state.ledger.balance(BANK)


def landed(state):
    """The current player spins a 3 to move and stands on their space."""
    assert state.awaiting == "move", state.awaiting
    return play(state, spin(3))[0]


def to_syndicate(state):
    """Everyone still to play this round moves 3 and ends the turn: the Syndicate phase starts."""
    while state.awaiting in ("move", "land"):
        state = landed(state) if state.awaiting == "move" else play(state, EndTurn())[0]
    assert state.awaiting == "npc_spin", state.awaiting
    return state


def to_npc(state, npc: str, side: str = "R", number: int = 4):
    """Reach the Syndicate phase and spin each NPC (hitting nobody) until ``npc`` has moved."""
    from companion.games.il_capo.engine import NPCS
    state = to_syndicate(state)
    while NPCS[state.npc] != npc:
        state = play(state, spin(number, side), NpcDone())[0]
    return play(state, spin(number, side))[0]


def finish_round(state):
    """Play to the end of the round (no hits), back to a player's move."""
    while state.awaiting != "move":
        if state.awaiting == "land":
            state = play(state, EndTurn())[0]
        elif state.awaiting == "npc_spin":
            state = play(state, spin(4))[0]
        elif state.awaiting == "npc_hits":
            state = play(state, NpcDone())[0]
        else:
            raise AssertionError(f"stuck at {state.awaiting}")
    return state


def full_round(state):
    """One complete round: every player moves and ends the turn, every NPC hits nobody."""
    state = to_syndicate(state)
    return finish_round(state)


def refused(state, action, *words: str):
    """The action is refused with a sentence containing ``words``, and the state is unchanged."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as info:
        E.apply(state, action)
    message = str(info.value)
    for word in words:
        assert word.lower() in message.lower(), f"{word!r} not in {message!r}"
    assert state == before
    assert action not in E.legal_actions(state)
    return message
