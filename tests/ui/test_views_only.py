"""Screens and phones render views only (issue #24): no module under ui/ reads a session's raw
state, calls an engine's private name or folds the log itself.

The guard counts, per area of ui/, three kinds of reach-in found in the source:

* raw state: ``<something>session.state`` or ``self.state`` (a screen's alias for it);
* private engine names: a ``_name`` imported from ``companion.games.*`` or read off a module
  imported from there (``E._tally``);
* log folds: ``replay(`` or reading ``session.actions`` (the session answers ``last_events`` and
  ``last_action_words`` from its checkpoints).

``ALLOWED`` holds what is left today per area: an area may only go down (lower its number when you
remove some; the target is zero everywhere, at which point its line is deleted).
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "ui"

#: area -> (raw state reads, private engine names, log folds) still allowed
ALLOWED: dict[str, tuple[int, int, int]] = {

    "narration": (1, 0, 0),  # games.state_of: the look-ahead plays the engine forward (not a view)
}


def _area(path: Path) -> str:
    parts = path.relative_to(UI).parts
    if parts[0] == "games" and len(parts) > 2:
        return parts[1]
    return parts[0] if len(parts) > 1 else "shell"


def _is_session(node: ast.AST) -> bool:
    if isinstance(node, ast.Name):
        return node.id.endswith("session")
    if isinstance(node, ast.Attribute):
        return node.attr.endswith("session")
    return False


def reach_ins(source: str) -> Counter:
    tree = ast.parse(source)
    engine_modules: set[str] = set()
    found: Counter = Counter()
    aliases = {target.id for node in ast.walk(tree) if isinstance(node, ast.Assign) and _is_session(node.value)
               for target in node.targets if isinstance(target, ast.Name)}  # s = self._session
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("companion.games"):
            for alias in node.names:
                if alias.name.startswith("_"):
                    found["private"] += 1
                else:
                    engine_modules.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("companion.games"):
                    engine_modules.add(alias.asname or alias.name.split(".")[0])
    button_states = {id(side) for node in ast.walk(tree) if isinstance(node, ast.Compare)
                     for side in (node.left, *node.comparators)
                     if any(isinstance(c, ast.Constant) and c.value in ("down", "normal")
                            for c in (node.left, *node.comparators))}  # a Kivy button's own state
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            if node.attr == "state" and id(node) not in button_states and (_is_session(node.value) or (
                    isinstance(node.value, ast.Name) and node.value.id in aliases | {"self"})):
                found["state"] += 1
            elif node.attr == "actions" and _is_session(node.value):
                found["fold"] += 1
            elif (node.attr.startswith("_") and not node.attr.startswith("__")
                  and isinstance(node.value, ast.Name) and node.value.id in engine_modules):
                found["private"] += 1
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name == "replay":
                found["fold"] += 1
    return found


def counts() -> dict[str, tuple[int, int, int]]:
    totals: dict[str, Counter] = {}
    for path in sorted(UI.rglob("*.py")):
        totals.setdefault(_area(path), Counter()).update(reach_ins(path.read_text(encoding="utf-8")))
    return {area: (c["state"], c["private"], c["fold"]) for area, c in totals.items() if sum(c.values())}


def test_the_guard_sees_each_kind_of_reach_in():
    source = ("from companion.games.mafia_plus import engine as E\n"
              "from companion.games.mafia_plus.engine import _tally\n"
              "from companion.engine import replay\n"
              "def f(self, session):\n"
              "    session.state.phase; self.state; E._result(1); replay(1, 2, 3, session.actions)\n"
              "    return self.state == 'down'\n")
    assert reach_ins(source) == Counter(state=2, private=2, fold=2)
    assert reach_ins("def f(self):\n    return self.session.view(T).phase, self.session.last_events\n") == Counter()
    assert reach_ins("def f(self):\n    s = self._session\n    return s.state.phase\n") == Counter(state=1)


def test_no_area_of_ui_reaches_into_raw_state_private_names_or_the_log_more_than_today():
    now = counts()
    worse = {area: (found, ALLOWED.get(area, (0, 0, 0))) for area, found in now.items()
             if any(f > a for f, a in zip(found, ALLOWED.get(area, (0, 0, 0))))}
    assert not worse, (
        "these areas of ui/ read raw state / private engine names / the log more than allowed "
        f"(found, allowed) as (state, private, folds): {worse}; render views instead")


def test_the_allowances_are_kept_tight():
    """Lower ``ALLOWED`` when you remove reach-ins, so nobody can add them back unseen."""
    now = counts()
    loose = {area: (now.get(area, (0, 0, 0)), allowed) for area, allowed in ALLOWED.items()
             if tuple(now.get(area, (0, 0, 0))) != tuple(allowed)}
    assert not loose, f"lower these allowances to what is found now (found, allowed): {loose}"
