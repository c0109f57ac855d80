"""The hub the UI starts: one queue for every input, a status line, problems instead of crashes."""

from __future__ import annotations

import dataclasses
import os
import socket
import subprocess
import sys

import pytest
from hwtest_helpers import drain, get, wait_for

from hardware import KEY_MAP, command_for_key
from hardware.commands import Back, Next, PowerMenu, Roll, StatusChanged, TagSeen, Undo, Vote
from hardware.config import ButtonsConfig, DisplayConfig, HardwareConfig, RfidConfig
from hardware.display import Backlight
from hardware.hub import SETTINGS_OFF, STANDINS, Hub
from hardware.notify import SystemdNotifier
from hardware.rfid import encode_frame


class SilentNotifier(SystemdNotifier):
    def __init__(self):
        super().__init__("", watchdog_usec="")


def make_hub(config=None, **kw):
    kw.setdefault("notifier", SilentNotifier())
    kw.setdefault("backlight", Backlight("/nonexistent"))  # never the test machine's own panel
    return Hub(config, **kw)


def serial_config(port: str) -> HardwareConfig:
    return HardwareConfig(
        buttons=ButtonsConfig(enabled=False),
        rfid=RfidConfig(reader="rdm6300", port=port, reconnect_interval=0.02),
    )


# -- commands ------------------------------------------------------------------------------------


def test_commands_are_frozen_values():
    assert Vote(3) == Vote(3) and hash(Vote(3)) == hash(Vote(3))
    with pytest.raises(dataclasses.FrozenInstanceError):
        Vote(3).seat = 4
    assert Vote(2).audience.n == 2
    assert TagSeen("0000000001") != TagSeen("0000000002")


def test_keyboard_stand_ins_cover_every_button():
    kinds = {type(c) for c in KEY_MAP.values()}
    assert kinds == {Next, Back, Undo, Roll, Vote, PowerMenu}
    assert command_for_key("spacebar") == Next()
    assert command_for_key("backspace") == Back()
    assert command_for_key("r") == Roll()
    assert [command_for_key(str(d)) for d in (1, 9, 0)] == [Vote(0), Vote(8), Vote(9)]
    assert command_for_key("F1") is None


def test_key_puts_the_stand_in_command_on_the_queue():
    with make_hub(HardwareConfig(buttons=ButtonsConfig(enabled=False))) as hub:
        assert hub.key("spacebar") and hub.key("3") and not hub.key("x")
        assert [m for m in hub.poll() if not isinstance(m, StatusChanged)] == [Next(), Vote(2)]


# -- status ---------------------------------------------------------------------------------------


def test_without_buttons_the_status_says_keyboard_stand_ins():
    with make_hub(HardwareConfig(buttons=ButtonsConfig(enabled=False))) as hub:
        assert hub.status == STANDINS == "buttons: keyboard stand-ins"
        assert not hub.has_buttons and not hub.has_reader
        assert hub.problems == []


def test_with_gpio_buttons_presses_reach_the_queue(mock_factory, clock):
    cfg = HardwareConfig(buttons=ButtonsConfig(seats=(5, 6)))
    with make_hub(cfg, pin_factory=mock_factory, clock=clock) as hub:
        assert hub.status == "buttons: NEXT, BACK, ROLL, 2 seats"
        assert hub.has_buttons
        drain(hub.commands)
        mock_factory.pin(6).drive_low()
        assert hub.poll() == [Vote(1)]


def test_machine_without_gpio_falls_back_to_keyboard_without_a_problem(monkeypatch):
    from gpiozero.exc import BadPinFactory

    def no_factory(*a, **k):
        raise BadPinFactory("Unable to load any default pin factory!")

    monkeypatch.setattr("gpiozero.Button", no_factory)
    with make_hub(HardwareConfig()) as hub:
        assert hub.status == STANDINS
        assert hub.problems == []
        assert "No GPIO on this machine" in hub.buttons_error


def test_busy_pin_is_a_problem_to_show_and_keys_still_work(mock_factory):
    from gpiozero import LED

    led = LED(17, pin_factory=mock_factory)
    try:
        with make_hub(HardwareConfig(), pin_factory=mock_factory) as hub:
            assert hub.status == STANDINS
            assert any("GPIO 17 (physical pin 11) for NEXT" in p for p in hub.problems)
            assert hub.key("spacebar")
    finally:
        led.close()


def test_wrong_settings_are_shown_and_the_app_carries_on(tmp_path):
    bad = tmp_path / "hardware.toml"
    bad.write_text("[buttons]\nnext = 99\nseats = [22]\n")
    with make_hub(config_paths=[bad]) as hub:
        assert hub.status == SETTINGS_OFF  # the status line says why the buttons are off
        assert hub.problems[0].startswith("The hardware settings need fixing")
        assert any("GPIO 99" in p for p in hub.problems)
        assert any("GPIO 22 (physical pin 15) is given to both ROLL and SEAT 1" in p for p in hub.problems)


def test_no_reader_configured_means_no_rfid_in_the_ui():
    with make_hub(HardwareConfig(buttons=ButtonsConfig(enabled=False))) as hub:
        assert not hub.has_reader
        assert "reader" not in hub.status


# -- the reader through the hub ------------------------------------------------------------------


def test_tags_and_reader_status_arrive_on_the_same_queue(fake_port, clock):
    with make_hub(serial_config(fake_port.path), clock=clock) as hub:
        assert hub.has_reader
        wait_for(hub.commands, StatusChanged("buttons: keyboard stand-ins · reader connected"))
        fake_port.write(encode_frame("0F00ABCDEF") * 2)  # an RDM6300 repeats its frame: confirmed at the 2nd
        assert get(hub.commands) == TagSeen("0011259375")
        fake_port.unplug()
        assert get(hub.commands) == StatusChanged("buttons: keyboard stand-ins · reader disconnected")
        assert hub.status.endswith("reader disconnected") and not hub.reader_connected
        fake_port.plug()
        assert get(hub.commands) == StatusChanged("buttons: keyboard stand-ins · reader connected")
        fake_port.write(encode_frame("0F00ABCDEF") * 2)  # same tag, same instant: a new connection
        assert get(hub.commands) == TagSeen("0011259375")


def test_wedge_reader_is_optional_and_fed_through_an_injected_device():
    from hwtest_helpers import FakeKeyboard

    keyboard = FakeKeyboard()
    cfg = HardwareConfig(
        buttons=ButtonsConfig(enabled=False),
        rfid=RfidConfig(reader="wedge", device="/dev/input/by-id/usb-rfid-event-kbd", reconnect_interval=0.02),
    )
    with make_hub(cfg, open_device=keyboard.open) as hub:
        wait_for(hub.commands, StatusChanged("buttons: keyboard stand-ins · reader connected"))
        keyboard.type("0011259375\n")
        assert get(hub.commands) == TagSeen("0011259375")


# -- systemd --------------------------------------------------------------------------------------


@pytest.fixture
def notify_socket(tmp_path):
    path = str(tmp_path / "notify")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    sock.settimeout(10)
    yield path, sock
    sock.close()


def test_hub_tells_systemd_ready_status_watchdog_and_stopping(notify_socket, clock):
    path, sock = notify_socket
    notifier = SystemdNotifier(path, watchdog_usec="3000000", watchdog_pid=str(os.getpid()), clock=clock)
    hub = make_hub(HardwareConfig(buttons=ButtonsConfig(enabled=False)), notifier=notifier, clock=clock)
    hub.start()
    first = sock.recv(4096).decode()
    assert first.startswith("STATUS=buttons: keyboard stand-ins") or first.startswith("READY=1")
    ready = first if first.startswith("READY=1") else sock.recv(4096).decode()
    assert ready == "READY=1\nSTATUS=buttons: keyboard stand-ins"
    hub.poll()
    assert sock.recv(4096) == b"WATCHDOG=1"
    hub.poll()  # too soon: no second ping within a third of the interval
    clock.advance(1.5)
    hub.poll()
    assert sock.recv(4096) == b"WATCHDOG=1"
    hub.close()
    assert sock.recv(4096) == b"STOPPING=1"


def test_watchdog_for_another_process_is_ignored():
    assert SystemdNotifier("/nonexistent", watchdog_usec="1000000", watchdog_pid="1").watchdog_interval is None


def test_notifier_outside_systemd_does_nothing():
    n = SystemdNotifier("", watchdog_usec="")
    assert not n.enabled and not n.ready() and not n.watchdog()


def test_notifier_with_a_dead_socket_never_raises(tmp_path):
    assert SystemdNotifier(str(tmp_path / "gone")).ready("x") is False


# -- the package boundary ---------------------------------------------------------------------------


def test_hardware_never_imports_kivy_or_evdev():
    code = (
        "import sys, hardware, hardware.hub, hardware.buttons, hardware.rfid, hardware.wedge, hardware.notify\n"
        "bad = [m for m in ('kivy', 'evdev') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))))


# -- the screen -------------------------------------------------------------------------------


def fake_panel(tmp_path, maximum=255):
    panel = tmp_path / "backlight" / "rpi_backlight"
    panel.mkdir(parents=True)
    (panel / "max_brightness").write_text(f"{maximum}\n")
    (panel / "brightness").write_text(f"{maximum}\n")
    (panel / "bl_power").write_text("0\n")
    return panel


def test_idle_screen_blanks_and_a_button_or_touch_wakes_it(tmp_path, clock):
    panel = fake_panel(tmp_path)
    cfg = HardwareConfig(buttons=ButtonsConfig(enabled=False), display=DisplayConfig(blank_after=60, brightness=0.5))
    with make_hub(cfg, backlight=Backlight(tmp_path / "backlight"), clock=clock) as hub:
        assert (panel / "brightness").read_text() == "128\n"
        hub.poll()
        clock.advance(59)
        hub.poll()
        assert not hub.screen_blanked
        clock.advance(2)
        hub.poll()
        assert hub.screen_blanked and (panel / "bl_power").read_text() == "4\n"
        hub.key("r")  # a button (or its stand-in) wakes it, and still counts
        assert hub.poll() == [Roll()]
        assert not hub.screen_blanked and (panel / "bl_power").read_text() == "0\n"
        clock.advance(61)
        hub.poll()
        assert hub.screen_blanked
        assert hub.activity() is True  # the touch that wakes the screen is swallowed by the UI
        assert hub.activity() is False


def test_blanking_can_be_switched_off(tmp_path, clock):
    fake_panel(tmp_path)
    cfg = HardwareConfig(buttons=ButtonsConfig(enabled=False), display=DisplayConfig(blank_after=0))
    with make_hub(cfg, backlight=Backlight(tmp_path / "backlight"), clock=clock) as hub:
        clock.advance(10**6)
        hub.poll()
        assert not hub.screen_blanked


def test_panel_without_backlight_control_is_left_alone(tmp_path, clock):
    backlight = Backlight(tmp_path / "none")
    assert not backlight.available
    assert backlight.set_brightness(0.5) is False and backlight.blank(True) is False
    with make_hub(HardwareConfig(buttons=ButtonsConfig(enabled=False)), backlight=backlight, clock=clock) as hub:
        clock.advance(10**6)
        hub.poll()
        assert not hub.screen_blanked


def test_brightness_never_goes_fully_dark(tmp_path):
    panel = fake_panel(tmp_path, maximum=10)
    backlight = Backlight(tmp_path / "backlight")
    assert backlight.set_brightness(0.01) and (panel / "brightness").read_text() == "1\n"
    assert backlight.brightness() == 0.1


# -- power ---------------------------------------------------------------------------------------


def test_power_off_and_reboot_go_through_systemctl_and_report_failure_in_words():
    from hardware.power import power_off, reboot

    calls = []

    def ok(cmd, **kw):
        calls.append(cmd)
        return subprocess.CompletedProcess(cmd, 0, "", "")

    def refused(cmd, **kw):
        return subprocess.CompletedProcess(cmd, 1, "", "Failed to power off system via logind: Access denied\n")

    assert power_off(run=ok) is None and reboot(run=ok) is None
    assert calls == [["systemctl", "poweroff", "--no-wall"], ["systemctl", "reboot", "--no-wall"]]
    assert power_off(run=refused) == "The table could not shut down: Failed to power off system via logind: Access denied."
