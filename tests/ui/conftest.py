"""UI tests.

Kivy's Window is a process-wide singleton (one SDL window, one GL context, one EventLoop), so
the real app is never built inside the pytest process: an app a test needs runs in a subprocess
of its own (a fresh interpreter, a temporary database and a temporary KIVY_HOME: tests/headless.py),
and the app played by touch is the table robot's (tests/acceptance). The pytest process itself never imports
Kivy; the controller and argument tests here run without a window.
"""

import sys
from pathlib import Path

import pytest

from headless import ROOT, app_env, kivy_env, run_app  # noqa: F401  (older imports from here)

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # pngcheck


@pytest.fixture(scope="session")
def ui_runner():
    return run_app
