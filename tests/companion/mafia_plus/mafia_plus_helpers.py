"""Small scenario builders for the Mafia+ tests: a table with chosen cards, and whole nights/days."""

from __future__ import annotations

import copy

import pytest

from companion.engine import TABLE, Seat
from companion.errors import IllegalAction
from companion.games.mafia_plus import ENGINE
from companion.games.mafia_plus.engine import (Accuse, Blackmail, CallVote, CarryOut, CastVote, Continue, Dealt,
                                               GunShot, Heal, Investigate, MafiaKill, Mark, Pass, Protect, Seduce,
                                               Ship, Shift, Sweep, _steps)

NAMES = ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou", "Max", "Ned",
         "Ola", "Pat", "Quin", "Rex", "Sue", "Tom", "Uma", "Vic", "Wes"]

BASE = ["mafia_boss", "coquette", "doctor", "detective", "citizen", "citizen"]


def table(chars, vote="open", reveal=True):
    """A dealt game (physical deal) with ``chars`` in seat order, at the start of Night 0."""
    chars = list(chars)
    config = {"players": NAMES[: len(chars)], "characters": chars, "vote": vote, "reveal_votes": reveal}
    state = ENGINE.new(config, 1)
    state, _ = ENGINE.apply(state, Dealt(tuple(chars), by_hand=True))
    return state


def seat(state, cid):
    return state.characters.index(cid)


def play(state, *actions):
    events = []
    for a in actions:
        state, ev = ENGINE.apply(state, a)
        events.extend(ev)
    return state, events


def step(state):
    return _steps(state)[state.step]


def refused(state, action, *words):
    """The action is refused with a message containing ``words``, and the state is unchanged."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as err:
        ENGINE.apply(state, action)
    for w in words:
        assert w.lower() in str(err.value).lower(), str(err.value)
    assert state == before
    return str(err.value)


_CHOICE = {"mafia": MafiaKill, "doctor": Heal, "railwayman": Ship, "detective": Investigate,
           "angel_of_death": Mark, "lady_of_the_night": Seduce, "bodyguard": Protect,
           "blackmailer": Blackmail, "blackmailing_boss": Blackmail, "gun_shop_owner": GunShot}


def next_action(state, choices):
    """The action for the current night step: the scenario's choice, else Continue / Pass, else a
    harmless default (the Doctor heals themselves; information roles take the first legal person)."""
    s = step(state)
    by_seat = ENGINE.legal_actions_by_seat(state)
    actor = next(iter(by_seat))
    legal = by_seat[actor]
    if actor is None:
        return Continue()
    if s in choices and choices[s] is not None:
        value = choices[s]
        if s == "janitor":
            return Sweep(actor)
        if s == "bartender":
            return Shift(actor, value)
        return _CHOICE[s](actor, value)
    if Pass(actor) in legal:
        return Pass(actor)
    if s == "doctor":
        return Heal(actor, actor)
    if s in ("detective", "lady_of_the_night", "bodyguard", "blackmailer", "blackmailing_boss"):
        return legal[0]
    raise AssertionError(f"the scenario must say what the {s} chooses on Night {state.night}")


def _drive(state, choices, events, until=None):
    """Play the current night to its end (or up to step ``until``)."""
    while state.phase == "night" and step(state) != until:
        state, ev = ENGINE.apply(state, next_action(state, choices))
        events.extend(ev)
    return state


def at_step(state, name, **choices):
    """Drive the current night up to step ``name``."""
    return _drive(state, choices, [], until=name)


def night0(state, **choices):
    """Night Zero with choices by step id: lady_of_the_night=, bodyguard=, blackmailer=..."""
    events = []
    state = _drive(state, choices, events)
    return state, events


def night(state, **choices):
    """One later night: mafia=, doctor=, railwayman=, detective=, angel_of_death=, janitor=True,
    bartender="left"/"right", gun_shop_owner=."""
    events = []
    state = _drive(state, choices, events)
    return state, events


def quiet_day(state):
    """End a Day without a sentence: one accusation, everybody abstains."""
    by_seat = ENGINE.legal_actions_by_seat(state)
    accuse = next(a for k, acts in by_seat.items() if k is not None for a in acts if isinstance(a, Accuse))
    state, ev = play(state, accuse, CallVote("eliminate"))
    while state.stage == "voting":
        voter = next(k for k in ENGINE.legal_actions_by_seat(state) if k is not None
                     and any(isinstance(a, CastVote) for a in ENGINE.legal_actions_by_seat(state)[k]))
        state, _ = play(state, CastVote(voter, None))
    state, _ = play(state, CarryOut())
    return state


def vote(state, accused, votes, mode="eliminate", accuser=None):
    """Accuse ``accused`` (seats), call the vote, cast ``votes`` {voter: target|None} (others abstain),
    in the order the engine asks. Returns the state at the verdict."""
    for t in accused:
        by = accuser if accuser is not None else next(
            i for i in range(len(state.players)) if i != t and state.alive[i] and i != state.away)
        state, _ = play(state, Accuse(by, t))
    state, _ = play(state, CallVote(mode))
    while state.stage == "voting":
        legal = ENGINE.legal_actions_by_seat(state)
        voter = next(k for k in legal if k is not None and any(isinstance(a, CastVote) for a in legal[k]))
        state, _ = play(state, CastVote(voter, votes.get(voter)))
    return state


def table_text(state):
    return " ".join(ENGINE.view(state, TABLE).log)


def notes(state, n):
    return ENGINE.view(state, Seat(n)).notes
