"""Acceptance: the table robot plays the real app, headless, the way people at a table do.

Each test starts ``play.py`` in a fresh interpreter (Kivy's window is one per process) with a
temporary database, runs one or more scenarios in that one app process, and asserts on the
report and the stored log read from outside. See robot.py for what the robot may and may not do.
"""

from __future__ import annotations

import pytest

collect_ignore = ["play.py", "robot.py", "table.py", "explore.py", "robot_checks.py", "robot_run.py"]

from robot_run import play  # noqa: E402


@pytest.fixture
def table_robot(tmp_path):
    return lambda scenarios, **kw: play(tmp_path, scenarios, **kw)
