"""Resume and undo in a long game against the same in a short one (issue 17: flat in game length).

    .venv/bin/python benchmarks/bench_session.py

For Il Capo (the game that runs to thousands of actions) and Dice & Spinner, one game of 5,000
actions and the first 100 actions of the same game are played into a store; then, in one run:

Short and long game are measured alternately, so both see the same load on a shared machine.

* undo: ``session.undo()`` (fold all but the last action from the nearest checkpoint, plus the
  durable undo record), median over 200 undos each followed by putting the action back;
* resume, remembered: ``Session.resume`` of a game this process has folded (the Home or History
  "Resume" of a game played since the app started): checked against the log, only new entries read;
* resume after a restart: ``Session.resume`` with nothing remembered in memory: from the snapshot
  on disk (``companion.snapshots``, one every 64 log entries, verified against the log first),
  reading only the entries after it; target <= 1.5 (issue 28). The undo row leaves an undo record
  right after the latest snapshot, so the first of these restarts folds from the checkpoint kept
  with the snapshot and writes a new one; the median is the restarts after it;
* resume after a restart, no snapshot: the same with the snapshots removed (the whole log is read
  and folded: what a file from before snapshots, or a snapshot that fails a check, costs once).

The databases live in /dev/shm when it exists, so the file system's fsync does not drown the fold
being measured. Ratios long / short; target <= 1.2. A script, never a test.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.common import Row, ms, pi4_ms, print_table  # noqa: E402
from companion import registry  # noqa: E402
from companion.session import RECENT, Session  # noqa: E402
from companion.simulate import chance_rng  # noqa: E402
from companion.store import Store  # noqa: E402

LONG, SHORT = 5000, 100
UNDOS = 200
RESUMES = 9
TARGET = 1.2
RESTART_TARGET = 1.5


def long_game(name: str, n: int, seed: int = 1):
    """(config, actions): a seeded random game of ``n`` actions that has not ended.

    Random legal play that avoids ending the game while it can; once it cannot go on, the rest is
    bank traffic (Il Capo's pay / receive), the actions a long real game is mostly made of."""
    engine = registry.get(name)
    rng = random.Random(seed)
    config = {} if name == "dice" else engine.sample_config(None, rng)
    state = engine.new(config, seed)
    actions = []
    playing = True
    while len(actions) < n:
        step = len(actions)
        chosen = None
        if playing:
            first = engine.chance(state, chance_rng(seed, step), None)
            candidates = [first] if first is not None else [
                *rng.sample(engine.legal_actions(state), k=len(engine.legal_actions(state))),
                *(engine.chance(state, chance_rng(seed, step), r) for r in engine.chance_requests(state))]
            rng.shuffle(candidates) if first is None else None
            for action in candidates:
                if name == "dice" and action.kind == "finish":
                    continue
                try:
                    after, _ = engine.apply(state, action)
                except Exception:
                    continue
                if engine.outcome(after) is None:
                    chosen = action
                    break
            playing = chosen is not None
        if chosen is None:
            codec = engine.actions
            kind = "pay" if step % 2 == 0 else "receive"
            chosen = codec.from_dict({"kind": kind, "seat": 0, "amount": 1000, "note": "benchmark"})
            after, _ = engine.apply(state, chosen)
        state = after
        actions.append(chosen)
    return config, actions


def played(store: Store, name: str, config, actions) -> int:
    session = Session.start(store, name, config, seed=1)
    for action in actions:
        session.act(action)
    return session.game_id


def time_undo(stores, short_id: int, long_id: int) -> tuple[float, float]:
    """Median undo time in the short and the long game, measured alternately (same machine load)."""
    RECENT.forget()
    sessions = [Session.resume(stores[0], short_id), Session.resume(stores[1], long_id)]
    times: list[list[float]] = [[], []]
    for _ in range(UNDOS):
        for i, session in enumerate(sessions):
            start = time.perf_counter()
            last = session.undo()
            times[i].append(time.perf_counter() - start)
            session.act(last)
    return statistics.median(times[0]), statistics.median(times[1])


def time_resume(stores, short_id: int, long_id: int, remembered: bool, snapshots: bool = True) -> tuple[float, float]:
    """Median resume time of the short and the long game, measured alternately."""
    if not snapshots:
        for store in stores:
            store.db.conn.execute("DROP TABLE IF EXISTS snapshots")
    times: list[list[float]] = [[], []]
    rounds = RESUMES if not remembered else RESUMES * 10
    for _ in range(rounds):
        for i, (store, game_id) in enumerate(zip(stores, (short_id, long_id))):
            if remembered:
                Session.resume(store, game_id)  # remembered from here on
            else:
                RECENT.forget()
                if not snapshots:
                    store.db.conn.execute("DROP TABLE IF EXISTS snapshots")
            start = time.perf_counter()
            Session.resume(store, game_id)
            times[i].append(time.perf_counter() - start)
    return statistics.median(times[0]), statistics.median(times[1])


def main() -> int:
    shm = "/dev/shm" if os.path.isdir("/dev/shm") else None
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="bench-session-", dir=shm) as tmp:
        for name in ("il-capo", "dice"):
            # each game in a database of its own, as the running game is the newest one on a table:
            # its log is appended at the end of the file's index, whatever its length
            stores = [Store.open(Path(tmp) / f"{name}-{n}.db") for n in (SHORT, LONG)]
            config, actions = long_game(name, LONG)
            long_id = played(stores[1], name, config, actions)
            short_id = played(stores[0], name, config, actions[:SHORT])
            title = registry.get(name).title
            for what, measure, target in (
                ("undo", lambda: time_undo(stores, short_id, long_id), TARGET),
                ("resume (remembered)", lambda: time_resume(stores, short_id, long_id, True), TARGET),
                ("resume after restart", lambda: time_resume(stores, short_id, long_id, False), RESTART_TARGET),
                ("resume after restart, no snapshot",
                 lambda: time_resume(stores, short_id, long_id, False, snapshots=False), None),
            ):
                short, long = measure()
                ratio = long / short
                rows.append(Row(f"{title}: {what}, {LONG} vs {SHORT} actions",
                                f"{ms(long)} / {ms(short)} = {ratio:.2f}x", ratio, target,
                                f"<= {target}x" if target else "(report)", pi4_ms(long)))
            for store in stores:
                store.close()
    print_table("Resume and undo: a 5,000-action game against a 100-action one (medians)", rows,
                "Pi 4 column: the 5,000-action game's time there (estimate).")
    RECENT.forget()
    return 0


if __name__ == "__main__":
    sys.exit(main())
