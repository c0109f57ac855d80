"""GPIO buttons through gpiozero's MockFactory: bounce storms, holds, chords, seat votes.

The debounce clock is driven by hand (``clock.advance``), so a bounce burst is "the same instant"
and a real press is "later": exactly one command per press, with no sleeping and no timing
assertion. Holds come from gpiozero's own hold thread; tests wait for them on the queue.
"""

from __future__ import annotations

import io
import queue
import threading

import pytest
from hwtest_helpers import drain, get, wait_for

from hardware.buttons import ButtonPanel, ButtonsUnavailable, Debouncer, main
from hardware.commands import Back, Next, PowerMenu, Roll, Undo, Vote
from hardware.config import ButtonsConfig

NEVER = 3600.0  # a hold time no test reaches
PINS = dict(next=17, back=27, roll=22, seats=(5, 6, 13))


def panel(factory, clock, *, hold_time=NEVER, pull_up=True, bounce_time=0.05, **pins):
    q: queue.Queue = queue.Queue()
    cfg = ButtonsConfig(hold_time=hold_time, pull_up=pull_up, bounce_time=bounce_time, **{**PINS, **pins})
    return ButtonPanel(cfg, on_command=q.put, pin_factory=factory, clock=clock), q


def bounce_press(pin, clock, edges=7, pull_up=True):
    """A press whose contacts chatter ``edges`` times within a millisecond, then settle down."""
    down, up = (pin.drive_low, pin.drive_high) if pull_up else (pin.drive_high, pin.drive_low)
    for _ in range(edges):
        down()
        clock.advance(0.0002)
        up()
        clock.advance(0.0002)
    down()


def bounce_release(pin, clock, edges=7, pull_up=True):
    down, up = (pin.drive_low, pin.drive_high) if pull_up else (pin.drive_high, pin.drive_low)
    for _ in range(edges):
        up()
        clock.advance(0.0002)
        down()
        clock.advance(0.0002)
    up()


def press(pin, clock, pull_up=True):
    bounce_press(pin, clock, pull_up=pull_up)
    clock.advance(0.2)
    bounce_release(pin, clock, pull_up=pull_up)
    clock.advance(0.2)


# -- one command per press ---------------------------------------------------------------------


def test_bouncing_next_gives_exactly_one_next_per_press(mock_factory, clock):
    p, q = panel(mock_factory, clock)
    with p:
        press(mock_factory.pin(17), clock)
        assert drain(q) == [Next()]


def test_button_storm_gives_one_command_per_real_press(mock_factory, clock):
    p, q = panel(mock_factory, clock)
    with p:
        for _ in range(25):  # someone mashing ROLL, every press chattering
            press(mock_factory.pin(22), clock)
        assert drain(q) == [Roll()] * 25


def test_release_bounce_gives_nothing_more(mock_factory, clock):
    p, q = panel(mock_factory, clock)
    with p:
        pin = mock_factory.pin(17)
        pin.drive_low()
        assert drain(q) == [Next()]
        clock.advance(0.3)
        bounce_release(pin, clock, edges=20)
        assert drain(q) == []


def test_seat_buttons_vote_for_their_seat_counted_from_zero(mock_factory, clock):
    p, q = panel(mock_factory, clock)
    with p:
        for gpio in (13, 5, 6):
            press(mock_factory.pin(gpio), clock)
        assert drain(q) == [Vote(2), Vote(0), Vote(1)]


def test_buttons_wired_to_3v3_with_pull_down_press_on_high(mock_factory, clock):
    p, q = panel(mock_factory, clock, pull_up=False)
    with p:
        press(mock_factory.pin(17), clock, pull_up=False)
        assert drain(q) == [Next()]


def test_tap_shorter_than_bounce_time_is_recovered_at_the_next_edge(mock_factory, clock):
    p, q = panel(mock_factory, clock)
    with p:
        pin = mock_factory.pin(17)
        pin.drive_low()
        clock.advance(0.01)
        pin.drive_high()  # a 10 ms tap: the release falls inside the bounce window
        clock.advance(1.0)
        pin.drive_low()  # the next press still counts
        assert drain(q) == [Next(), Next()]


def test_debouncer_replays_a_swallowed_transition():
    d = Debouncer(0.05)
    assert d.edge(True, 0.0) == [True]
    assert d.edge(False, 0.01) == []  # swallowed
    assert d.edge(True, 1.0) == [False, True]


# -- BACK: short = back, long hold = undo ------------------------------------------------------------


def test_short_press_of_back_is_back(mock_factory, clock):
    p, q = panel(mock_factory, clock)
    with p:
        press(mock_factory.pin(27), clock)
        assert drain(q) == [Back()]


def test_bouncing_back_gives_one_back_after_the_release(mock_factory, clock):
    p, q = panel(mock_factory, clock)
    with p:
        bounce_press(mock_factory.pin(27), clock, edges=15)
        assert drain(q) == []  # nothing yet: it may become a hold
        clock.advance(0.3)
        bounce_release(mock_factory.pin(27), clock, edges=15)
        assert drain(q) == [Back()]


def test_long_hold_of_back_is_undo_and_the_release_gives_nothing(mock_factory, clock):
    p, q = panel(mock_factory, clock, hold_time=0.05)
    with p:
        pin = mock_factory.pin(27)
        bounce_press(pin, clock)
        assert get(q, "the hold of BACK") == Undo()
        clock.advance(2.0)
        bounce_release(pin, clock)
        assert drain(q) == []


def test_holding_back_and_next_together_opens_the_power_menu(mock_factory, clock):
    # A hold time far longer than the gap between the two presses below, even on a busy machine.
    p, q = panel(mock_factory, clock, hold_time=0.5)
    with p:
        back, nxt = mock_factory.pin(27), mock_factory.pin(17)
        back.drive_low()
        clock.advance(0.01)
        nxt.drive_low()  # NEXT while BACK is down: part of the chord, not Next
        assert wait_for(q, PowerMenu(), "the chord") == []
        clock.advance(2.0)
        nxt.drive_high()
        clock.advance(0.1)
        back.drive_high()
        assert drain(q) == []


def test_commands_from_gpiozero_threads_reach_the_queue(mock_factory, clock):
    """gpiozero calls back from its own threads: presses driven from another thread arrive whole."""
    p, q = panel(mock_factory, clock)
    lock = threading.Lock()

    def masher(gpio):
        for _ in range(20):
            with lock:  # the mock clock is shared; real edges would carry their own times
                press(mock_factory.pin(gpio), clock)

    with p:
        threads = [threading.Thread(target=masher, args=(g,)) for g in (17, 22, 5)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        got = drain(q)
    assert sorted(map(repr, got)) == sorted(map(repr, [Next()] * 20 + [Roll()] * 20 + [Vote(0)] * 20))


def test_closed_panel_gives_nothing_and_frees_the_pins(mock_factory, clock):
    p, q = panel(mock_factory, clock)
    p.close()
    mock_factory.pin(17).drive_low()
    assert drain(q) == []
    p2, _ = panel(mock_factory, clock)  # the same pins can be opened again
    p2.close()


def test_describe_lists_buttons_and_seat_count(mock_factory, clock):
    p, _ = panel(mock_factory, clock)
    with p:
        assert p.describe() == "NEXT, BACK, ROLL, 3 seats"
    p, _ = panel(mock_factory, clock, roll=None, seats=())
    with p:
        assert p.describe() == "NEXT, BACK"


# -- pins that cannot be used ----------------------------------------------------------------------


def test_pin_with_a_fixed_pull_up_is_refused_in_words(mock_factory, clock):
    # GPIO2/3 carry the I2C pull-ups on a real Pi; the mock factory knows that.
    with pytest.raises(ButtonsUnavailable) as info:
        panel(mock_factory, clock, pull_up=False, next=2)
    assert "GPIO 2 (physical pin 3) for NEXT" in str(info.value)
    assert mock_factory.pin(27).when_changed is None  # nothing left half-open


def test_pin_already_used_by_another_device_is_refused_in_words(mock_factory, clock):
    from gpiozero import LED

    led = LED(22, pin_factory=mock_factory)
    try:
        with pytest.raises(ButtonsUnavailable) as info:
            panel(mock_factory, clock)
        assert "GPIO 22 (physical pin 15) for ROLL" in str(info.value)
    finally:
        led.close()


def test_machine_without_gpio_is_reported_as_such(monkeypatch, clock):
    from gpiozero.exc import BadPinFactory

    def no_factory(*args, **kwargs):
        raise BadPinFactory("Unable to load any default pin factory!")

    monkeypatch.setattr("gpiozero.Button", no_factory)
    with pytest.raises(ButtonsUnavailable) as info:
        ButtonPanel(ButtonsConfig(), on_command=lambda c: None, clock=clock)
    assert info.value.no_gpio
    assert "No GPIO on this machine" in str(info.value)


# -- python -m hardware.buttons -------------------------------------------------------------------


class Lines(io.StringIO):
    def __init__(self) -> None:
        super().__init__()
        self.lines: queue.Queue = queue.Queue()
        self._partial = ""

    def write(self, text: str) -> int:
        *complete, self._partial = (self._partial + text).split("\n")
        for line in complete:
            self.lines.put(line)
        return super().write(text)


def test_diagnostic_prints_each_press_release_and_hold(mock_factory, monkeypatch, tmp_path):
    cfg = tmp_path / "hardware.toml"
    cfg.write_text("[buttons]\nhold_time = 0.05\nseats = [5]\n")
    monkeypatch.setattr("hardware.buttons.default_paths", lambda: [])
    out, stop, result = Lines(), threading.Event(), {}
    t = threading.Thread(
        target=lambda: result.setdefault(
            "rc", main(["--config", str(cfg)], out=out, stop=stop, pin_factory=mock_factory)
        )
    )
    t.start()
    try:
        wait_for(out.lines, "  SEAT 1   GPIO5  (pin 29)")
        mock_factory.pin(5).drive_low()
        assert get(out.lines) == "SEAT 1   GPIO5  (pin 29)  pressed"
        assert get(out.lines) == "         -> Vote(seat=0)"
        assert get(out.lines) == "SEAT 1   GPIO5  (pin 29)  held"
        mock_factory.pin(5).drive_high()
        assert get(out.lines) == "SEAT 1   GPIO5  (pin 29)  released"
    finally:
        stop.set()
        t.join(10)
    assert result["rc"] == 0


def test_diagnostic_reports_bad_settings_without_a_traceback(monkeypatch, tmp_path):
    cfg = tmp_path / "hardware.toml"
    cfg.write_text("[buttons]\nnext = 40\n")
    monkeypatch.setattr("hardware.buttons.default_paths", lambda: [])
    out = io.StringIO()
    assert main(["--config", str(cfg)], out=out) == 2
    assert "GPIO 40, which is not a pin of the Raspberry Pi header" in out.getvalue()
