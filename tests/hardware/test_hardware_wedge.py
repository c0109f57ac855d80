"""Keyboard-wedge readers (10 digits + Enter through evdev), tested without evdev or a device."""

from __future__ import annotations

import queue
import sys

from hwtest_helpers import FakeKeyboard, drain, get

from hardware.rfid import STATUS_CONNECTED, STATUS_DISCONNECTED
from hardware.wedge import STATUS_NO_EVDEV, WedgeDecoder, WedgeReader


def typed(decoder: WedgeDecoder, keys: list[str]) -> list[str]:
    out = []
    for key in keys:
        for value in (1, 2, 0):  # down, autorepeat, up: only "down" types
            uid = decoder.key(key, value)
            if uid:
                out.append(uid)
    return out


def test_ten_digits_and_enter_give_a_tag():
    keys = [f"KEY_{d}" for d in "0011259375"] + ["KEY_ENTER"]
    assert typed(WedgeDecoder(), keys) == ["0011259375"]


def test_keypad_digits_and_keypad_enter_count_too():
    keys = [f"KEY_KP{d}" for d in "0000000001"] + ["KEY_KPENTER"]
    assert typed(WedgeDecoder(), keys) == ["0000000001"]


def test_too_few_digits_or_another_key_is_no_tag():
    d = WedgeDecoder()
    assert typed(d, [f"KEY_{x}" for x in "12345"] + ["KEY_ENTER"]) == []
    assert typed(d, [f"KEY_{x}" for x in "00112"] + ["KEY_A"] + [f"KEY_{x}" for x in "59375"] + ["KEY_ENTER"]) == []


def test_a_lost_enter_is_recovered_by_keeping_the_latest_ten_digits():
    d = WedgeDecoder()
    keys = [f"KEY_{x}" for x in "999" + "0011259375"] + ["KEY_ENTER"]
    assert typed(d, keys) == ["0011259375"]


def make_reader(keyboard: FakeKeyboard):
    tags: queue.Queue = queue.Queue()
    statuses: queue.Queue = queue.Queue()
    reader = WedgeReader(
        device="/dev/input/by-id/usb-rfid-event-kbd",
        on_tag=tags.put,
        on_status=statuses.put,
        reconnect_interval=0.02,
        open_device=keyboard.open,
    )
    return reader, tags, statuses


def test_wedge_reader_reports_tags_once_while_they_stay(clock):
    keyboard = FakeKeyboard()
    reader, tags, statuses = make_reader(keyboard)
    reader._clock = clock
    with reader:
        assert get(statuses) == STATUS_CONNECTED
        keyboard.type("0011259375\n0011259375\n0000000001\n")
        assert [get(tags), get(tags)] == ["0011259375", "0000000001"]


def test_unplugged_wedge_reader_reconnects_by_itself():
    keyboard = FakeKeyboard()
    reader, tags, statuses = make_reader(keyboard)
    with reader:
        assert get(statuses) == STATUS_CONNECTED
        keyboard.type("00112")
        keyboard.unplug()
        assert get(statuses) == STATUS_DISCONNECTED
        keyboard.plug()
        assert get(statuses) == STATUS_CONNECTED
        keyboard.type("59375\n0000000001\n")  # the half typed before the unplug is gone
        assert get(tags) == "0000000001"
        assert drain(tags) == []


def test_without_evdev_the_reader_says_it_is_unavailable(monkeypatch):
    monkeypatch.setitem(sys.modules, "evdev", None)  # import evdev -> ImportError
    statuses: queue.Queue = queue.Queue()
    reader = WedgeReader(device="/dev/input/event0", on_tag=lambda u: None, on_status=statuses.put)
    with reader:
        assert get(statuses) == STATUS_NO_EVDEV
