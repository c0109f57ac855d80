"""The hardware.toml layers and the messages for settings that cannot work."""

from __future__ import annotations

import pytest

from hardware.config import (
    ETC_PATH,
    HardwareConfigError,
    default_paths,
    load_config,
    user_config_path,
)


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


def problems_of(*paths) -> str:
    with pytest.raises(HardwareConfigError) as info:
        load_config(paths)
    return str(info.value)


def test_shipped_defaults_give_next_back_roll_and_no_reader():
    cfg = load_config([])
    assert cfg.buttons.pins() == {"NEXT": 17, "BACK": 27, "ROLL": 22}
    assert cfg.buttons.pull_up and cfg.buttons.enabled
    assert cfg.rfid.reader == "none" and not cfg.rfid.enabled
    assert cfg.rfid.baud == 9600 and cfg.rfid.repeat_suppress == 1.0


def test_etc_overrides_defaults_and_user_file_overrides_etc(tmp_path):
    etc = write(tmp_path, "etc.toml", '[buttons]\nnext = 5\nroll = 6\n[rfid]\nreader = "rdm6300"\n')
    user = write(tmp_path, "user.toml", "[buttons]\nroll = 13\nseats = [19, 26]\n")
    cfg = load_config([etc, user])
    assert cfg.buttons.pins() == {"NEXT": 5, "BACK": 27, "ROLL": 13, "SEAT 1": 19, "SEAT 2": 26}
    assert cfg.rfid.reader == "rdm6300"
    assert cfg.sources == ("hardware/defaults.toml", str(etc), str(user))


def test_missing_override_files_are_skipped(tmp_path):
    assert load_config([tmp_path / "nope.toml"]).buttons.next == 17


def test_default_paths_are_etc_then_user_config_then_env(monkeypatch, tmp_path):
    monkeypatch.delenv("MAFIA_COMPANION_HARDWARE", raising=False)
    assert default_paths() == [ETC_PATH, user_config_path()]
    assert user_config_path().name == "hardware.toml" and "mafia-companion" in str(user_config_path())
    monkeypatch.setenv("MAFIA_COMPANION_HARDWARE", str(tmp_path / "x.toml"))
    assert default_paths()[-1] == tmp_path / "x.toml"


def test_button_not_fitted_is_false(tmp_path):
    cfg = load_config([write(tmp_path, "h.toml", "[buttons]\nroll = false\n")])
    assert cfg.buttons.roll is None and "ROLL" not in cfg.buttons.pins()


def test_pin_off_the_header_names_the_file_and_the_fix(tmp_path):
    path = write(tmp_path, "h.toml", "[buttons]\nnext = 40\n")
    message = problems_of(path)
    assert str(path) in message
    assert "NEXT is set to GPIO 40, which is not a pin of the Raspberry Pi header" in message
    assert "BCM GPIO number from 2 to 27" in message


def test_pin_that_is_not_a_number_is_refused_in_words(tmp_path):
    message = problems_of(write(tmp_path, "h.toml", '[buttons]\nback = "pin 13"\n'))
    assert "BACK must be a BCM GPIO number like 17 (or false if it is not fitted), not 'pin 13'" in message


def test_duplicate_pin_names_both_buttons(tmp_path):
    message = problems_of(write(tmp_path, "h.toml", "[buttons]\nseats = [5, 17]\n"))
    assert "GPIO 17 (physical pin 11) is given to both NEXT and SEAT 2" in message


def test_duplicate_pin_between_seats(tmp_path):
    message = problems_of(write(tmp_path, "h.toml", "[buttons]\nseats = [5, 6, 5]\n"))
    assert "GPIO 5 (physical pin 29) is given to both SEAT 1 and SEAT 3" in message


def test_every_problem_is_reported_at_once(tmp_path):
    with pytest.raises(HardwareConfigError) as info:
        load_config([write(tmp_path, "h.toml", "[buttons]\nnext = 1\nroll = 27\nhold_time = -1\n")])
    assert len(info.value.problems) == 3


def test_button_on_the_uart_pins_of_a_serial_reader_is_refused(tmp_path):
    text = '[buttons]\nseats = [15]\n[rfid]\nreader = "rdm6300"\nport = "/dev/serial0"\n'
    message = problems_of(write(tmp_path, "h.toml", text))
    assert "GPIO 15 (SEAT 1) is the UART RX that the RFID reader on /dev/serial0 uses" in message


def test_uart_pins_are_free_when_the_reader_is_on_usb(tmp_path):
    text = '[buttons]\nseats = [15]\n[rfid]\nreader = "rdm6300"\nport = "/dev/ttyUSB0"\n'
    assert load_config([write(tmp_path, "h.toml", text)]).buttons.seats == (15,)


def test_unknown_setting_is_a_typo_not_silence(tmp_path):
    message = problems_of(write(tmp_path, "h.toml", "[buttons]\nnxt = 5\n"))
    assert "[buttons] has no setting 'nxt'" in message and "next" in message


def test_unknown_section_is_refused(tmp_path):
    assert "there is no [gpio] section" in problems_of(write(tmp_path, "h.toml", "[gpio]\nnext = 5\n"))


def test_broken_toml_says_so_without_a_traceback(tmp_path):
    path = write(tmp_path, "h.toml", "[buttons\nnext = 5\n")
    assert f"{path} is not valid TOML" in problems_of(path)


def test_unknown_reader_lists_the_known_ones(tmp_path):
    message = problems_of(write(tmp_path, "h.toml", '[rfid]\nreader = "pn532"\n'))
    assert "'pn532' is not a reader this app knows; use one of none, rdm6300, id12, wedge" in message


def test_wedge_reader_needs_a_device(tmp_path):
    message = problems_of(write(tmp_path, "h.toml", '[rfid]\nreader = "wedge"\n'))
    assert "a wedge reader needs [rfid] device" in message


def test_seats_must_be_a_list(tmp_path):
    message = problems_of(write(tmp_path, "h.toml", "[buttons]\nseats = 5\n"))
    assert "seats must be a list of GPIO numbers, seat 1 first" in message


def test_times_must_be_positive_numbers(tmp_path):
    message = problems_of(write(tmp_path, "h.toml", '[buttons]\nbounce_time = "fast"\n[rfid]\nrepeat_suppress = 0\n'))
    assert "bounce_time must be a number of seconds, not 'fast'" in message
    assert "repeat_suppress must be more than 0" in message


def test_duplicates_do_not_matter_when_buttons_are_off(tmp_path):
    cfg = load_config([write(tmp_path, "h.toml", "[buttons]\nenabled = false\nroll = 17\n")])
    assert not cfg.buttons.enabled


def test_display_settings_default_and_are_checked(tmp_path):
    cfg = load_config([])
    assert cfg.display.blank_after == 600 and cfg.display.brightness == 1.0
    message = problems_of(write(tmp_path, "h.toml", "[display]\nbrightness = 2\nblank_after = -5\n"))
    assert "brightness must be between 0.1 and 1.0, not 2" in message
    assert "blank_after must be 0 (never) or more seconds" in message
