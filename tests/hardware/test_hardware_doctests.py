"""The examples in hardware/'s docstrings run (pytest's --doctest-modules covers companion/ only)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["hardware.commands", "hardware.config", "hardware.buttons", "hardware.rfid", "hardware.wedge"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
