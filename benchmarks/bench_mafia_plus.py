"""Mafia+ speed: full simulated 23-player games per second and the cost of resolving one night.

Run: ``.venv/bin/python benchmarks/bench_mafia_plus.py``. Prints numbers, never asserts (not a test).
Each cost is also given as a ratio against a baseline measured in the same process
(``copy.deepcopy`` of the same state), so results compare across machines.
Issue target: a night of 23 players resolves in under 1 ms here.
"""

from __future__ import annotations

import copy
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.games.mafia_plus import ENGINE  # noqa: E402
from companion.games.mafia_plus.engine import Continue, _steps  # noqa: E402
from companion.simulate import playout  # noqa: E402


def per_call(fn, min_time=0.5) -> float:
    """Seconds per call of ``fn``, repeated for at least ``min_time`` seconds."""
    n, start = 0, time.perf_counter()
    while True:
        fn()
        n += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_time:
            return elapsed / n


def dawn_states(players=23, seeds=range(10)):
    """States waiting at the 'dawn' step of a later night (the resolution is one Continue away)."""
    out = []
    for seed in seeds:
        result = playout(ENGINE, seed, players, keep_states=True)
        for s in result.states:
            if s.phase == "night" and s.night >= 1 and _steps(s)[s.step] == "dawn":
                out.append(s)
                break
    return out


def main() -> None:
    seeds = iter(range(10**9))
    game = per_call(lambda: playout(ENGINE, next(seeds), 23), min_time=2.0)
    sample = playout(ENGINE, 0, 23)
    print(f"23-player simulated games: {1 / game:8.1f} games/s  ({game * 1e3:.1f} ms per game, "
          f"~{len(sample.actions)} actions each)")

    states = dawn_states()
    resolve = sum(per_call(lambda s=s: ENGINE.apply(s, Continue())) for s in states) / len(states)
    baseline = sum(per_call(lambda s=s: copy.deepcopy(s)) for s in states) / len(states)
    print(f"resolve one 23-player night (dawn): {resolve * 1e6:8.1f} µs   "
          f"baseline deepcopy(state): {baseline * 1e6:8.1f} µs   ratio {resolve / baseline:.2f}x")

    def whole_night(s0):
        s = s0
        while s.phase == "night":
            s, _ = ENGINE.apply(s, ENGINE.playout_policy(s, ENGINE.legal_actions(s), _Rng()))
        return s

    starts = []
    for seed in range(10):
        result = playout(ENGINE, seed, 23, keep_states=True)
        starts += [s for s in result.states if s.phase == "night" and s.night == 1 and s.step == 0][:1]
    night = sum(per_call(lambda s=s: whole_night(s)) for s in starts) / len(starts)
    base2 = sum(per_call(lambda s=s: copy.deepcopy(s)) for s in starts) / len(starts)
    print(f"play a whole 23-player night (every step, legality checked): {night * 1e3:6.2f} ms   "
          f"ratio to deepcopy: {night / base2:.1f}x")
    from benchmarks.common import Row, ms, pi4_ms, print_table

    print_table("Mafia+ rules speed (23 players)", [
        Row("resolve one night (dawn)", f"{ms(resolve)} ({resolve / baseline:.2f}x a deepcopy)", resolve, 1e-3,
            "< 1 ms", pi4_ms(resolve)),
        Row("play a whole night, every step checked", f"{ms(night)} ({night / base2:.1f}x a deepcopy)", night, None,
            "(report)", pi4_ms(night)),
        Row("simulated games per second", f"{1 / game:.1f} games/s", game, None, "(report)", pi4_ms(game) + "/game"),
    ])


class _Rng:
    """Deterministic picks for the whole-night measurement (always the first option)."""

    def choice(self, seq):
        return seq[0]

    def random(self):
        return 0.5


if __name__ == "__main__":
    main()
