"""The order the suite's groups start in: longest first, the lengths measured, not hand-kept.

What each test took at the last run on this checkout is kept in pytest's cache (written by
tests/conftest.py at the end of a run); a fresh checkout starts from tests/durations.json; a test
neither knows gets a default. So adding a game needs no entry anywhere: wrong or missing numbers
only cost order, never a result.
"""

from __future__ import annotations

import json
from pathlib import Path

#: where the long tests' lengths come from when this checkout has not measured them yet
SEED_DURATIONS = Path(__file__).with_name("durations.json")
#: pytest's cache key for the lengths the last run measured (per node id, seconds)
CACHE_KEY = "mafia-companion/durations"
#: not measured and not in the seed: a robot game (tests/acceptance) or a file's shared app; any other test
UNLISTED_APP = 60
UNLISTED = 1


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
