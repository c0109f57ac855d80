"""Kivy's ``#:import NAME module`` is global to every rule of every kv file once both are loaded:
two files that give one name to two modules make whichever loaded last win, and a rule of the
other fails the moment its screen is built (a Sicily screen once found Il Capo's ``L`` in the
phone-linking row). Each name must mean one module across the app."""

import re
from collections import defaultdict
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "ui"
IMPORT = re.compile(r"^\s*#:import\s+(\w+)\s+(\S+)", re.MULTILINE)


def test_every_kv_import_name_means_one_module_across_the_app():
    meanings: dict[str, set[str]] = defaultdict(set)
    where: dict[str, list[str]] = defaultdict(list)
    for path in sorted([*UI.rglob("*.kv"), *UI.rglob("*.py")]):
        for name, target in IMPORT.findall(path.read_text(encoding="utf-8")):
            meanings[name].add(target)
            where[name].append(str(path.relative_to(UI.parent)))
    clashes = {name: (sorted(targets), where[name]) for name, targets in meanings.items() if len(targets) > 1}
    assert not clashes, f"one kv import name, several modules: {clashes}"
