"""The order the suite's groups start in: longest first, the lengths measured, not hand-kept.

What each test took at the last run on this checkout is kept in pytest's cache (written by
tests/conftest.py at the end of a run); a fresh checkout starts from tests/durations.json; a test
neither knows gets a default. So adding a game needs no entry anywhere: wrong or missing numbers
only cost order, never a result.

tests/durations.json is itself measured, never edited by hand: a run with
``MAFIA_TESTS_WRITE_SEED=1`` (``MAFIA_TESTS_WRITE_SEED=1 ./dev test``) rewrites it from what that
run took (``seed_from``), keeping the entries of tests the run did not reach.
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: where the long tests' lengths come from when this checkout has not measured them yet
SEED_DURATIONS = Path(__file__).with_name("durations.json")
#: pytest's cache key for the lengths the last run measured (per node id, seconds)
CACHE_KEY = "mafia-companion/durations"
#: not measured and not in the seed: a robot game (tests/acceptance) or a file's shared app; any other test
UNLISTED_APP = 60
UNLISTED = 1
#: the environment variable that makes a run write tests/durations.json from what it measured
WRITE_SEED = "MAFIA_TESTS_WRITE_SEED"
#: a group shorter than this is left out of the seed (the default orders it well enough)
SEED_SHORTEST = 10.0


def seeded_lengths() -> dict[str, float]:
    try:
        return json.loads(SEED_DURATIONS.read_text())["seconds"]
    except (OSError, ValueError, KeyError):
        return {}


def measured_lengths(config) -> dict[str, float]:
    cache = getattr(config, "cache", None)  # None under -p no:cacheprovider
    return dict(cache.get(CACHE_KEY, {}) or {}) if cache is not None else {}


def weight(name: str, members: list, shared: bool, measured: dict, seed: dict) -> float:
    """How long a group (a file's shared app, or one test) is expected to take: what its tests
    took at the last run here; else the seed table's number (longest matching key); else a
    default. So a new game's tests need no entry anywhere."""
    known = [measured[m.nodeid] for m in members if m.nodeid in measured]
    if known:  # a test added since is counted as long as the group's measured average
        return sum(known) + (len(members) - len(known)) * sum(known) / len(known)
    keys = [k for k in seed if name.startswith(k)]
    if keys:
        return seed[max(keys, key=len)]
    if shared or name.startswith("tests/acceptance/"):
        return UNLISTED_APP
    return UNLISTED


def plain_id(nodeid: str) -> str:
    """A node id without the ``@group`` xdist's workers add (tests/conftest.py puts the group into the node id)."""
    head, at, group = nodeid.rpartition("@")
    return head if at and group.startswith("tests/") else nodeid


def group_of(nodeid: str) -> str | None:
    """The ``@group`` an xdist worker added to a node id (a file whose tests share one app), or None."""
    head, at, group = nodeid.rpartition("@")
    return group if at and group.startswith("tests/") else None


def _file_exists(key: str) -> bool:
    return (ROOT / key.split("::")[0].split("#")[0]).exists()


def seed_from(durations: dict[str, float], groups: dict[str, str], old: dict[str, float],
              shortest: float = SEED_SHORTEST, exists=lambda key: True) -> dict[str, float]:
    """The seed table from one run: each group (a file sharing one app: the sum of its tests) or
    lone test that took at least ``shortest`` seconds, in whole seconds, longest first; the old
    entries of tests this run did not run are kept while their file ``exists``.

    >>> seed_from({"tests/a.py::t1": 30.4, "tests/a.py::t2": 2.0, "tests/b.py::t": 12.6, "tests/c.py::t": 1.0},
    ...           {"tests/a.py::t1": "tests/a.py", "tests/a.py::t2": "tests/a.py"},
    ...           {"tests/d.py": 99, "tests/b.py::t": 50, "tests/c.py": 20})
    {'tests/d.py': 99, 'tests/a.py': 32, 'tests/b.py::t': 13}
    """
    lengths: dict[str, float] = {}
    for nodeid, seconds in durations.items():
        key = groups.get(nodeid, nodeid)
        lengths[key] = lengths.get(key, 0.0) + seconds
    ran = list(durations)
    kept = {k: v for k, v in old.items() if exists(k) and not any(n.startswith(k) or k.startswith(n) for n in ran)}
    measured = {k: round(v) for k, v in lengths.items() if v >= shortest}
    return dict(sorted({**kept, **measured}.items(), key=lambda kv: -kv[1]))


def write_seed(durations: dict[str, float], groups: dict[str, str]) -> Path:
    """Rewrite tests/durations.json from this run's lengths (``seed_from``)."""
    try:
        about = json.loads(SEED_DURATIONS.read_text()).get("_about", "")
    except (OSError, ValueError):
        about = ""
    table = {"_about": about, "seconds": seed_from(durations, groups, seeded_lengths(), exists=_file_exists)}
    SEED_DURATIONS.write_text(json.dumps(table, indent=1, ensure_ascii=False) + "\n")
    return SEED_DURATIONS
