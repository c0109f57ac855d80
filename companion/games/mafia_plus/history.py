"""Finished Mafia+ games as (players, faction per seat, winners), replayed from the store's log
(never cached): the stats screen's source. On the rules side, since it folds logs into states."""

from __future__ import annotations


def finished_games(store) -> list[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]]:
    """(players, factions, winners) of every finished Mafia+ game in the store, by replaying its log."""
    from companion import registry
    from companion.engine import replay
    from companion.session import effective_actions

    from . import characters as C

    engine = registry.get("mafia-plus")
    out = []
    for record in store.list_games():
        if record.game != engine.name or record.status != "finished" or record.engine_version != engine.version:
            continue
        try:
            state = replay(engine, record.config, record.seed, effective_actions(engine, store.log(record.id)))
        except Exception:  # a log this version cannot replay is left out, never a crash
            continue
        if state.winners is None or state.characters is None:
            continue
        out.append((state.players, tuple(C.faction(c) for c in state.characters),
                    tuple(state.players[i] for i in state.winners)))
    return out
