"""The examples in docstrings are tests too (python-chess style).

Run here instead of with pytest's --doctest-modules, which would also import every test
folder's conftest.py as a module and trip over their shared basename. Kivy modules are only
imported when their docstrings hold examples; modules that need a window are skipped.
"""

import doctest
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("companion", "hardware", "ui")


def modules_with_examples():
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if ">>> " in path.read_text(encoding="utf-8"):
                rel = path.relative_to(ROOT).with_suffix("")
                parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
                yield ".".join(parts)


MODULES = list(modules_with_examples())


def test_there_are_doctests_to_run():
    assert "companion.bank" in MODULES and "companion.engine" in MODULES


FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    if name.startswith("ui."):  # keep Kivy out of the test process (UI tests run the app in subprocesses)
        code = (f"import doctest, importlib, sys; m = importlib.import_module({name!r});"
                f"sys.exit(doctest.testmod(m, optionflags={FLAGS}).failed)")
        proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
        assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
        return
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=FLAGS)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name}"
