"""The lines Il Capo, Mafia Casino, Contract and Mafia Sicily can say, found with their own engines,
so the pre-render has them before they are due (docs/narration.md, "Nothing waits for synthesis").

Their announcements are built by the engines from the game's names and numbers, so no table of
words lists them. The engine is asked instead:

- ``fixed_lines(game)``: the lines that name nobody (the Syndicate's NPC moves, the round's
  Syndicate phase, the roulette's unmatched cards...), collected from seeded random playouts
  with stand-in names; the same set every start-up, rendered after start-up and a voice change.
- ``lines_ahead(game, state)``: every line the next ``depth`` moves can say from this state,
  found by applying each legal move (and each outcome of a spin or a turned card) to the state:
  the names, the numbers and the crews are the real ones. Queued at the start of a game (when the
  names are known) and after every commit, nearest move first, so by the time a move is made
  its line was queued two moves earlier.

Each game's speaking policy (which event texts are said) is its manifest's ``speak`` when it
has one, else the rule its screens follow today (``SPOKEN``). Money moves are not looked into:
the bank's entries are shown, never said. Kivy-free and pure: it may run on a worker thread.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Iterable

#: engine name -> which event texts of a commit are said, as the game's screens say them
SPOKEN: dict[str, Callable[[Iterable[Any]], list[str]]] = {}

def quiet(action) -> bool:
    """A move never looked into: Il Capo's bank entries (shown, never said; dozens of amounts)."""
    from companion.games.il_capo.actions import Pay, PayPlayer, Receive

    return isinstance(action, (Pay, PayPlayer, Receive))

#: the games whose lines are looked for here (Mafia+ has its own table: ui.narration.lines)
GAMES = ("il-capo", "mafia-casino", "contract", "mafia-sicily")

#: the games with lines that name nobody worth finding at start-up (the Casino names a player in
#: every line it says; Sicily's nameless lines are its map's, found ahead of each move instead)
FIXED_GAMES = ("il-capo", "contract")

#: stand-in names for the nameless lines: none of them is a word of any game's wording
SAMPLE_NAMES = ("Qzra", "Vyko", "Jelt", "Wumo", "Xiba", "Fenq")


def _il_capo(events) -> list[str]:
    return [e.text for e in events if e.text and e.kind != "money"]  # ui/games/il_capo/logic.py


_CASINO_RESULTS = ("poker_result", "roulette_result", "slot_result", "victory")


def _casino(events) -> list[str]:
    return [e.text for e in events  # ui/games/mafia_casino/base.py
            if e.kind in _CASINO_RESULTS or (e.kind == "payment" and "cannot make" in e.text)]


SPOKEN["il-capo"] = _il_capo
SPOKEN["mafia-casino"] = _casino


def _table_texts(events) -> list[str]:
    from companion.engine import TABLE

    return [e.text for e in events if e.text and getattr(e, "audience", TABLE) == TABLE]


SPOKEN["contract"] = _table_texts       # ui/games/contract/count.py: the round's items and notes
SPOKEN["mafia-sicily"] = _table_texts   # ui/games/mafia_sicily/table.py: the turn's public lines


def _peek(engine, state, config=None):
    """What a speaking policy may read of a session: the engine and a state it did not commit."""
    from types import SimpleNamespace

    return SimpleNamespace(engine=engine, state=state, config=dict(config or {}), actions=[],
                           outcome=lambda: engine.outcome(state))


def spoken(game: str, engine, state, events, config=None) -> list[str]:
    """The lines the table hears after a commit that left ``state`` with ``events``."""
    try:
        from ui.manifest import manifest_of

        manifest = manifest_of(game)
    except Exception:  # noqa: BLE001 - no manifests (a bare engine): the screens' rule
        manifest = None
    if manifest is not None and getattr(manifest, "speak", None):
        try:
            return [t for t in manifest.lines_for(_peek(engine, state, config), list(events)) if t]
        except Exception:  # noqa: BLE001 - a policy that needs a real session: the screens' rule
            pass
    policy = SPOKEN.get(game)
    return policy(events) if policy is not None else []


def state_of(session):
    """The true state of an open game: the look-ahead plays its engine forward from it (the one
    raw-state read of this area, tests/ui/test_views_only.py); no screen sees what it finds."""
    return session.state


def _engine(game: str):
    from companion import registry

    return registry.get(game)


def lines_ahead(game: str, state, depth: int = 2, engine=None, config=None,
                limit: int = 4000, chain: int = 16) -> list[str]:
    """Every line the next ``depth`` moves can say from ``state``, nearest move first (at most
    ``limit`` states looked at: a bound for the Pi, never reached by a turn of these games).

    A draw whose outcomes mostly say nothing (the roulette's "no match, turn another") is also
    followed through one silent outcome after another, up to ``chain`` times, so the line of
    the card that finally matches is ready however many cards a quick hand turns in a row."""
    engine = engine if engine is not None else _engine(game)
    out: dict[str, None] = {}
    level = [state]
    looked = [0]

    def moves_from(st):
        try:
            moves = [a for a in engine.legal_actions(st) if not quiet(a)]
        except Exception:  # noqa: BLE001 - a state the engine cannot list: nothing ahead
            return
        for action in moves:
            if looked[0] >= limit:
                return
            looked[0] += 1
            try:
                after, events = engine.apply(st, action)
            except Exception:  # noqa: BLE001 - a listed move refused: nothing to say
                continue
            yield action, after, spoken(game, engine, after, events, config)

    for _ in range(depth):
        following = []
        for st in level:
            for _action, after, lines in moves_from(st):
                for text in lines:
                    out.setdefault(text, None)
                following.append(after)
        level = following
    st = state
    for _ in range(chain):
        by_kind: dict[type, list] = {}
        for a, after, lines in moves_from(st):
            by_kind.setdefault(type(a), []).append((after, lines))
        # the one kind of move (a draw) with both silent and speaking outcomes
        draws = [o for o in by_kind.values() if len(o) > 1 and any(ls for _s, ls in o)
                 and any(not ls for _s, ls in o)]
        if len(draws) != 1:
            break
        for _after, lines in draws[0]:
            for text in lines:
                out.setdefault(text, None)
        st = next(after for after, lines in draws[0] if not lines)
    return list(out)


def fixed_lines(game: str, playouts: int = 12, moves: int = 300, seed: int = 2026) -> list[str]:
    """The lines of ``game`` that name no player: the words of seeded random playouts (the
    engine's own sample games) with stand-in names, minus every line naming one."""
    engine = _engine(game)
    rng = random.Random(seed)
    out: dict[str, None] = {}
    names: set[str] = set(SAMPLE_NAMES)
    for n in range(playouts):
        players = max(engine.min_players, min(engine.max_players, 3 + n % 4))
        try:
            state, config = _sample_game(engine, players, rng)
        except Exception:  # noqa: BLE001 - a config the engine wants otherwise: skip this playout
            continue
        names.update(player_names(state))
        for _ in range(moves):
            if engine.outcome(state) is not None:
                break
            try:
                action = engine.chance(state, rng)
                if action is None:
                    legal = engine.legal_actions(state)
                    if not legal:
                        break
                    action = engine.playout_policy(state, legal, rng)
                state, events = engine.apply(state, action)
            except Exception:  # noqa: BLE001 - a playout that cannot go on: the next one
                break
            for text in spoken(game, engine, state, events, config):
                out.setdefault(text, None)
    return [t for t in out if not any(name in t for name in names)]


def _sample_game(engine, players: int, rng):
    """A sample game of ``players`` with the stand-in names where the config takes names."""
    config = dict(engine.sample_config(players, rng))
    seed = rng.randrange(2**31)
    named = dict(config)
    if isinstance(config.get("players"), (list, tuple)):
        named["players"] = list(SAMPLE_NAMES[:len(config["players"])])
    else:
        named["names"] = list(SAMPLE_NAMES[:players])
    for candidate in (named, config):
        try:
            return engine.new(candidate, seed), candidate
        except Exception:  # noqa: BLE001 - names this game does not take: its own sample names
            continue
    raise ValueError("no sample game")


def player_names(state) -> list[str]:
    """The players' names in a state of any of these games."""
    names = getattr(state, "names", None)
    if isinstance(names, (list, tuple)) and all(isinstance(n, str) for n in names) and names:
        return list(names)
    return [p.name for p in getattr(state, "players", ()) if isinstance(getattr(p, "name", None), str)]
