"""(g) Opening the database: 10,000 finished games against 10, as a ratio (issue 15).

Opening used to run ``PRAGMA quick_check`` (it reads the whole file) every time: 1 ms with 10
games, 141 ms with 10,000 (113 MB) on the build machine, more on an SD card. Now the whole-file
check runs only after an unclean shutdown (a write-ahead log left beside the file), so a clean
open should cost the same whatever the history. Both files are built here with the real schema
(``Store.open``), about 11 kB of actions per game like the issue's 113 MB; each is opened
``ROUNDS`` times, interleaved. The unclean open (with the check) is printed for comparison.
Printed, never asserted. Run: .venv/bin/python benchmarks/bench_store_open.py [games]
"""

from __future__ import annotations

import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.store import Store  # noqa: E402

ROUNDS = 9
ACTIONS_PER_GAME = 40
ACTION = json.dumps({"kind": "dice_rolled", "dice": [3, 4], "by_hand": False, "note": "x" * 200})


def build(path: Path, games: int) -> None:
    with Store.open(path) as store:
        conn = store.db.conn
        conn.execute("BEGIN")
        for gid in range(1, games + 1):
            conn.execute("INSERT INTO games (id, game, engine_version, seed, config, status, started, ended) "
                         "VALUES (?, 'dice', 1, ?, '{}', 'finished', '2026-12-01T20:00:00+00:00', "
                         "'2026-12-01T21:00:00+00:00')", (gid, gid))
            conn.executemany("INSERT INTO actions (game_id, seq, action, at) VALUES (?, ?, ?, "
                             "'2026-12-01T20:30:00+00:00')", ((gid, seq, ACTION) for seq in range(ACTIONS_PER_GAME)))
        conn.execute("COMMIT")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def open_once(path: Path) -> float:
    start = time.perf_counter()
    store = Store.open(path)
    store.unfinished_games()  # what the home screen asks first
    elapsed = time.perf_counter() - start
    store.close()
    return elapsed


def unclean_copy(path: Path, to: Path) -> Path:
    """The files as a power cut leaves them: the database plus a write-ahead log beside it."""
    with Store.open(path) as store:
        store.set_setting("bench", 1)
        shutil.copyfile(path, to)
        shutil.copyfile(str(path) + "-wal", str(to) + "-wal")
    return to


def main() -> None:
    many = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    with tempfile.TemporaryDirectory() as tmp:
        small, big = Path(tmp) / "ten.db", Path(tmp) / "many.db"
        build(small, 10)
        build(big, many)
        size_mb = big.stat().st_size / 1e6
        t_small, t_big, t_unclean = [], [], []
        for r in range(ROUNDS):
            t_small.append(open_once(small))
            t_big.append(open_once(big))
            t_unclean.append(open_once(unclean_copy(big, Path(tmp) / f"cut{r}.db")))
        a, b, c = (statistics.median(t) * 1e3 for t in (t_small, t_big, t_unclean))
        print(f"open + resume list, 10 games:            {a:.2f} ms (median of {ROUNDS})")
        print(f"open + resume list, {many} games ({size_mb:.0f} MB): {b:.2f} ms")
        print(f"ratio {many} games / 10 games, clean open: {b / a:.2f}  (target: flat, about 1)")
        print(f"after an unclean shutdown (whole-file check): {c:.2f} ms, ratio to 10 games {c / a:.1f}")


if __name__ == "__main__":
    main()
