"""Fixtures the companion tests share."""

import pytest

from companion.session import RECENT
from companion.store import Store


@pytest.fixture
def store(tmp_path):
    """A fresh database, with nothing remembered in memory before or after (a module that needs
    another kind of store defines its own ``store``)."""
    RECENT.forget()
    with Store.open(tmp_path / "c.db") as s:
        yield s
    RECENT.forget()
