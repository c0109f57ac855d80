"""Small scenario builders for the Mafia (Sicily) rule tests.

``E`` checks routes (the board's arrows); ``FREE`` is the same engine with the routes removed, so a
test can send a counter to any space with any roll and look only at what happens there.
"""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from companion.errors import IllegalAction
from companion.games.mafia_sicily.data import load_board
from companion.games.mafia_sicily.engine import (CALENDAR, COUNTERS, DECKS, ENGINE, HAND_KEYS, ChooseHome,
                                                 DiceRolled, SicilyEngine, _W)

E = ENGINE
FREE = SicilyEngine(board=load_board(routes=False))
HOMES = {"red": "palermo", "black": "enna", "orange": "enna", "green": "catania"}


def started(players: int = 5, homes: dict | None = None, engine: SicilyEngine = FREE, **config):
    """A game after home cities are chosen: the red Family is about to roll for movement."""
    homes = homes or HOMES
    s = engine.new({"players": players, **config}, 1)
    while s.prompt[0] == "home":
        s, _ = engine.apply(s, ChooseHome(homes[s.prompt[1]]))
    return s


def edit(s, engine: SicilyEngine = FREE, pos: dict | None = None, hands: dict | None = None,
         control: dict | None = None, facing: dict | None = None, **fields):
    """The same state with counters moved, hands dealt (from the decks) and control counters placed."""
    P = dict(s.pos)
    P.update(pos or {})
    F = dict(s.facing)
    F.update(facing or {})
    H = {f: list(h) for f, h in s.hands}
    D = {d: list(c) for d, c in s.decks}
    for f, cards in (hands or {}).items():
        for c in H[f]:
            D[engine.card_by_id[c].deck].append(c)
        H[f] = []
        for c in cards:
            D[engine.card_by_id[c].deck].remove(c)
            H[f].append(c)
    C = {sp: (c, n) for sp, c, n in s.control}
    for sp, val in (control or {}).items():
        if val is None:
            C.pop(sp, None)
        else:
            C[sp] = val
    return replace(s, pos=tuple((c, P[c]) for c in COUNTERS), facing=tuple((c, F[c]) for c in COUNTERS),
                   hands=tuple((f, tuple(sorted(H[f]))) for f in HAND_KEYS),
                   decks=tuple((d, tuple(sorted(D[d]))) for d in DECKS),
                   control=tuple(sorted((sp, c, n) for sp, (c, n) in C.items())), **fields)


def turn_of(s, faction: str, engine: SicilyEngine = FREE, second_state_turn: bool = False, **edits):
    """``s`` edited, then run from the start of ``faction``'s turn (victory check, returns...)."""
    s = edit(s, engine, **edits)
    idx = 5 if (faction == "state" and second_state_turn) else CALENDAR.index(faction)
    s = replace(s, turn=idx, queue=(("turn_start",),), prompt=None, dice=(), dice_left=(), moved=(), act_done=(),
                shootout=None, last_move=None)
    w = _W(s)
    engine._run(w)
    return w.freeze(), w.events


def play(s, *actions, engine: SicilyEngine = FREE):
    """Apply actions (ints are single die rolls, 2-tuples of ints are movement rolls); all events."""
    events = []
    for a in actions:
        if isinstance(a, int):
            a = DiceRolled((a,))
        elif isinstance(a, tuple):
            a = DiceRolled(a)
        s, ev = engine.apply(s, a)
        events += ev
    return s, events


def texts(events, table_only: bool = True) -> str:
    return " | ".join(e.text for e in events if not table_only or str(e.audience) == "table")


def where(s, counter: str) -> str:
    return dict(s.pos)[counter]


def refused(s, action, *words, engine: SicilyEngine = FREE) -> str:
    """The action is refused with a sentence containing ``words`` and the state is unchanged."""
    before = copy.deepcopy(s)
    with pytest.raises(IllegalAction) as err:
        engine.apply(s, action)
    assert s == before
    msg = str(err.value)
    for w in words:
        assert w.lower() in msg.lower(), msg
    return msg


def arrive(s, counter: str, to: str, engine: SicilyEngine = FREE, dice=(1, 2), call_usa: bool | None = True,
           **edits):
    """Start ``counter``'s side's turn (no one in the boxes), roll, and move ``counter`` to ``to``. A Boss
    ending on a telephone booth is asked whether to call the USA: ``call_usa`` answers (None: left asked)."""
    from companion.games.mafia_sicily.engine import CallUSA, Move, faction_of
    s, ev = turn_of(s, faction_of(counter), engine, **edits)
    s, ev2 = play(s, dice, engine=engine)
    s, ev3 = engine.apply(s, Move(counter, to, "sum"))
    if call_usa is not None and s.prompt is not None and s.prompt[0] == "call":
        s, ev4 = engine.apply(s, CallUSA(call_usa))
        ev3 = ev3 + ev4
    return s, ev + ev2 + ev3


def card_question(s) -> tuple[str, str] | None:
    """The card question the table is asked now, as (moment, subject), or None.

    The prompt's sides (who could play) are deliberately left out: tests check the moment, and the
    uniform-question tests check that the sides never reach the table."""
    if s.prompt is None or s.prompt[0] != "window":
        return None
    return s.prompt[2], s.prompt[3]
