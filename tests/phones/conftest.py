"""Fixtures for the phone tests (helpers in phones_help.py)."""

from __future__ import annotations

import pytest

from phones_help import TableThread
from ui.phones.server import PhoneServer


@pytest.fixture
def table(tmp_path):
    t = TableThread(tmp_path / "companion.db")
    yield t
    t.close()


@pytest.fixture
def server(table):
    s = PhoneServer(table.desk, "127.0.0.1", 0)
    assert s.start(), s.error
    yield s
    s.stop()
