"""Every malformed hardware.toml of a generated set is a sentence naming the file: in the
loader, in both diagnostics (``python -m hardware.buttons`` / ``hardware.rfid``), and in the hub,
which still starts (buttons off, the status line says why) and still tells systemd READY=1."""

from __future__ import annotations

import io
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hardware import buttons as buttons_tool
from hardware import rfid as rfid_tool
from hardware.config import HardwareConfigError, load_config
from hardware.display import Backlight
from hardware.hub import SETTINGS_OFF, Hub
from hardware.notify import SystemdNotifier

KEYS = {
    "buttons": ["enabled", "pull_up", "bounce_time", "hold_time", "next", "back", "roll", "seats", "colour"],
    "rfid": ["reader", "port", "baud", "device", "repeat_suppress", "reconnect_interval", "speed"],
    "display": ["blank_after", "brightness", "contrast"],
    "sound": ["volume"],
}
TOML_VALUES = st.sampled_from([
    "inf", "-inf", "nan", "+inf", "0", "-1", "17", "14", "15", "99", "2", "1e400", "0.0", "true", "false",
    '"fast"', '"rdm6300"', '"id12"', '"wedge"', '"none"', '"/dev/serial0"', '""', "[5, 6, 13]", "[17, 17]",
    "[]", '["a"]', "[14]", "{ a = 1 }", "1979-05-27T07:32:00Z", "9223372036854775807", "0.05", "1e-9",
])


@st.composite
def hardware_files(draw) -> bytes:
    lines = []
    for table in draw(st.lists(st.sampled_from(list(KEYS)), max_size=3, unique=True)):
        lines.append(f"[{table}]")
        for key in draw(st.lists(st.sampled_from(KEYS[table]), max_size=4, unique=True)):
            lines.append(f"{key} = {draw(TOML_VALUES)}")
    text = "\n".join(lines) + "\n"
    damage = draw(st.sampled_from(["none", "none", "latin1", "deep", "deep_table", "cut", "bytes", "bom"]))
    if damage == "latin1":
        return ("# réglages du café\n" + text).encode("latin-1")
    if damage == "deep":
        return (text + "[display]\nx = " + "[" * 3000 + "]" * 3000 + "\n").encode()
    if damage == "deep_table":
        return (text + "x = " + "{ a = " * 3000 + "1" + " }" * 3000 + "\n").encode()
    if damage == "cut":
        return text.encode()[: draw(st.integers(0, max(0, len(text) - 1)))] + b"= ["
    if damage == "bytes":
        return draw(st.binary(min_size=1, max_size=60))
    if damage == "bom":
        return b"\xef\xbb\xbf" + text.encode()
    return text.encode()


class RecordingNotifier(SystemdNotifier):
    def __init__(self):
        super().__init__("", watchdog_usec="")
        self.sent: list[str] = []

    def send(self, *assignments: str) -> bool:
        self.sent.extend(assignments)
        return True


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("hwconf")


def test_every_malformed_hardware_file_is_a_sentence_naming_it_and_the_app_still_starts(folder, monkeypatch):
    from gpiozero.pins.mock import MockFactory

    monkeypatch.setattr("hardware.config.default_paths", lambda: [])  # only the generated file
    monkeypatch.setattr("hardware.buttons.default_paths", lambda: [])
    monkeypatch.setattr("hardware.config.default_paths", lambda: [])
    counts = {"malformed": 0, "fine": 0}
    done = threading.Event()
    done.set()

    @settings(max_examples=300, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(hardware_files())
    def one(content: bytes):
        path = folder / "hardware.toml"
        path.write_bytes(content)
        try:
            load_config([path])
        except HardwareConfigError as exc:
            counts["malformed"] += 1
            assert exc.problems and all(str(path) in p for p in exc.problems), exc.problems
        else:
            counts["fine"] += 1
            return
        out = io.StringIO()
        assert buttons_tool.main(["--config", str(path)], out=out, stop=done, pin_factory=MockFactory()) == 2
        assert str(path) in out.getvalue() and "Traceback" not in out.getvalue()
        err = io.StringIO()
        assert rfid_tool.main(["--config", str(path)], out=io.StringIO(), err=err, stop=done) == 2
        assert str(path) in err.getvalue()
        notifier = RecordingNotifier()
        hub = Hub(config_paths=[path], notifier=notifier, pin_factory=MockFactory(),
                  backlight=Backlight("/nonexistent"))
        try:
            hub.start()  # never raises
            assert "READY=1" in notifier.sent
            assert hub.status.startswith(SETTINGS_OFF) and hub.buttons is None
            assert any(str(path) in p for p in hub.problems)
        finally:
            hub.close()

    one()
    assert counts["malformed"] >= 150, counts
    print(f"generated hardware.toml files: {counts['malformed'] + counts['fine']}, malformed: "
          f"{counts['malformed']}, each a sentence naming the file; READY=1 sent every time")


@pytest.mark.parametrize("content, words", [
    ("# café\n[buttons]\nnext = 17\n".encode("latin-1"), "is not UTF-8 text (line 1"),
    (b"x = " + b"[" * 3000 + b"]" * 3000, "nested too deeply"),
    (b"[buttons]\nbounce_time = inf\n", "bounce_time must be a finite number of seconds, not inf"),
    (b"[display]\nbrightness = nan\n", "brightness must be a finite number, not nan"),
])
def test_the_cases_from_the_issue_name_the_file(tmp_path, content, words):
    path = tmp_path / "hardware.toml"
    path.write_bytes(content)
    with pytest.raises(HardwareConfigError) as info:
        load_config([path])
    assert words in str(info.value) and str(path) in str(info.value)


def test_the_uart_conflict_names_the_files_it_comes_from(tmp_path):
    path = tmp_path / "hardware.toml"
    path.write_text('[rfid]\nreader = "rdm6300"\n[buttons]\nseats = [14]\n')
    with pytest.raises(HardwareConfigError) as info:
        load_config([path])
    (line,) = [p for p in info.value.problems if "UART" in p]
    assert line.startswith(str(path)) and "GPIO 14" in line


def test_a_duplicate_pin_names_every_file_involved(tmp_path):
    path = tmp_path / "hardware.toml"
    path.write_text("[buttons]\nnext = 22\n")  # ROLL is on 22 in the shipped defaults
    with pytest.raises(HardwareConfigError) as info:
        load_config([path])
    assert str(path) in str(info.value) and "the shipped defaults" in str(info.value)
