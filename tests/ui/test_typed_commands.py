"""Hardware commands are types: the UI matches them with ``isinstance`` (or the game screen base's
typed handlers ``on_next``, ``on_roll``, ``on_vote``...), never by class-name strings (issue #24).

``ALLOWED`` is what is left per area of ui/ (an area may only go down; the target is none)."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "ui"
COMMANDS = {"Next", "Back", "Undo", "Roll", "Vote", "PowerMenu", "TagSeen", "StatusChanged"}

ALLOWED: dict[str, int] = {}


def _area(path: Path) -> str:
    parts = path.relative_to(UI).parts
    return parts[1] if parts[0] == "games" and len(parts) > 2 else parts[0] if len(parts) > 1 else "shell"


def _is_type_name(node: ast.AST) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "__name__" and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name) and node.value.func.id == "type")


def by_name(source: str) -> int:
    """Comparisons of a class name (``type(x).__name__ == ...``) or of a string with a command's name."""
    found = 0
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                values = [side] if isinstance(side, ast.Constant) else list(getattr(side, "elts", []))
                if _is_type_name(side) or any(isinstance(v, ast.Constant) and v.value in COMMANDS for v in values):
                    found += 1
                    break
    return found


def counts() -> dict[str, int]:
    totals: Counter = Counter()
    for path in sorted(UI.rglob("*.py")):
        totals[_area(path)] += by_name(path.read_text(encoding="utf-8"))
    return {area: n for area, n in totals.items() if n}


def test_the_guard_sees_a_match_by_name():
    assert by_name("k = type(c).__name__\nif k == 'Undo': pass\nif k in ('Roll', 'Vote'): pass\n"
                   "if type(c).__name__ == 'X': pass\n") == 3
    assert by_name("why = f'{type(error).__name__}: {error}'\n") == 0
    assert by_name("if isinstance(c, Undo): pass\n") == 0


def test_no_area_matches_commands_by_name_more_than_today():
    now = counts()
    worse = {a: (n, ALLOWED.get(a, 0)) for a, n in now.items() if n > ALLOWED.get(a, 0)}
    assert not worse, f"match hardware commands by type (isinstance), not by name: (found, allowed) {worse}"


def test_the_allowances_are_kept_tight():
    now = counts()
    loose = {a: (now.get(a, 0), n) for a, n in ALLOWED.items() if now.get(a, 0) != n}
    assert not loose, f"lower these allowances to what is found now (found, allowed): {loose}"
