"""Fixtures for the hardware tests: mock GPIO pins, a hand-driven clock, pseudo-terminal readers."""

from __future__ import annotations

import pytest
from hwtest_helpers import FakeClock, FakePort


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def mock_factory():
    from gpiozero.pins.mock import MockFactory

    factory = MockFactory()
    yield factory
    factory.reset()


@pytest.fixture
def fake_port(tmp_path):
    port = FakePort(tmp_path / "rfid-reader")
    yield port
    port.close()
