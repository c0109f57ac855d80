"""The header's UART chosen by the board model: a Pi 5 is /dev/ttyAMA0 with dtparam=uart0=on.

Raspberry Pi documentation (PR #3294, for issue #3239): "On the Raspberry Pi 5, /dev/serial0 is a
symbolic link that points to /dev/ttyAMA10" (the debug connector); GPIO14/15 are UART0, ttyAMA0.
The board model is a fake device-tree file here ($MAFIA_COMPANION_BOARD_MODEL).
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from liveness import patience  # tests/: a wait stretched on a busy machine

from hardware.board import board_model, header_uart, uart_config
from hardware.config import HardwareConfigError, load_config

ROOT = Path(__file__).resolve().parents[2]
UART_SH = ROOT / "systemd" / "uart.sh"
INSTALL = ROOT / "systemd" / "install.sh"
PI5 = "Raspberry Pi 5 Model B Rev 1.0"
PI4 = "Raspberry Pi 4 Model B Rev 1.5"


@pytest.fixture
def model(tmp_path, monkeypatch):
    """Write a device-tree model file (NUL-terminated, as the kernel gives it) and point the app at it."""
    def write(text: str) -> Path:
        path = tmp_path / "model"
        path.write_bytes(text.encode() + b"\0")
        monkeypatch.setenv("MAFIA_COMPANION_BOARD_MODEL", str(path))
        return path
    return write


@pytest.mark.parametrize("text, port, line", [
    (PI5, "/dev/ttyAMA0", "dtparam=uart0=on"),
    ("Raspberry Pi Compute Module 5 Rev 1.0", "/dev/ttyAMA0", "dtparam=uart0=on"),
    ("Raspberry Pi 500 Rev 1.0", "/dev/ttyAMA0", "dtparam=uart0=on"),
    (PI4, "/dev/serial0", "enable_uart=1"),
    ("Raspberry Pi 3 Model B Plus Rev 1.3", "/dev/serial0", "enable_uart=1"),
])
def test_the_board_model_picks_the_header_uart(model, text, port, line):
    model(text)
    assert board_model() == text  # the trailing NUL is gone
    assert (header_uart(board_model()), uart_config(board_model())) == (port, line)


def test_not_a_pi_reads_as_no_model(tmp_path, monkeypatch):
    monkeypatch.setenv("MAFIA_COMPANION_BOARD_MODEL", str(tmp_path / "absent"))
    assert board_model() == "" and header_uart("") == "/dev/serial0"


def test_shipped_default_port_is_auto_and_follows_the_board(model):
    assert 'port = "auto"' in (ROOT / "hardware" / "defaults.toml").read_text()
    model(PI5)
    assert load_config([]).rfid.port == "/dev/ttyAMA0"
    model(PI4)
    assert load_config([]).rfid.port == "/dev/serial0"


def test_a_port_the_owner_sets_is_kept(model, tmp_path):
    model(PI5)
    f = tmp_path / "hw.toml"
    f.write_text('[rfid]\nreader = "rdm6300"\nport = "/dev/ttyUSB0"\n')
    assert load_config([f]).rfid.port == "/dev/ttyUSB0"


def test_a_seat_on_the_pi5_uart_pin_names_ttyama0(model, tmp_path):
    model(PI5)
    f = tmp_path / "hw.toml"
    f.write_text('[buttons]\nseats = [15]\n[rfid]\nreader = "rdm6300"\n')
    with pytest.raises(HardwareConfigError) as error:
        load_config([f])
    assert "GPIO 15 (SEAT 1) is the UART RX that the RFID reader on /dev/ttyAMA0 uses" in str(error.value)


def run_uart(tmp_path, text: str, *args: str, raspi_config: bool = False) -> subprocess.CompletedProcess:
    bin_ = tmp_path / "bin"
    bin_.mkdir(exist_ok=True)
    if raspi_config:
        (bin_ / "raspi-config").write_text(f'#!/bin/sh\necho "$*" >> {tmp_path}/raspi-calls\n')
        (bin_ / "raspi-config").chmod(0o755)
    (tmp_path / "model").write_bytes(text.encode() + b"\0")
    env = {"PATH": f"{bin_}:/usr/bin:/bin", "MAFIA_COMPANION_BOARD_MODEL": str(tmp_path / "model")}
    return subprocess.run(["bash", str(UART_SH), *args], env=env, capture_output=True, text=True, timeout=patience(60))


def test_enable_uart_on_a_pi5_writes_dtparam_uart0_once(tmp_path):
    config = tmp_path / "config.txt"
    config.write_text("dtparam=audio=on\n")
    for _ in range(2):  # idempotent: install.sh runs again after every git pull
        result = run_uart(tmp_path, PI5, "--config", str(config), raspi_config=True)
        assert result.returncode == 0, result.stderr
    text = config.read_text()
    assert text.startswith("dtparam=audio=on\n") and text.count("dtparam=uart0=on") == 1
    assert "enable_uart" not in text
    assert not (tmp_path / "raspi-calls").exists()  # the Pi 5's console stays on the debug UART
    assert "/dev/ttyAMA0" in result.stdout and "already has dtparam=uart0=on" in result.stdout


def test_enable_uart_on_a_pi4_uses_raspi_config(tmp_path):
    config = tmp_path / "config.txt"
    config.write_text("")
    result = run_uart(tmp_path, PI4, "--config", str(config), raspi_config=True)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "raspi-calls").read_text().splitlines() == ["nonint do_serial_cons 1", "nonint do_serial_hw 0"]
    assert config.read_text() == ""


def test_enable_uart_on_a_pi4_without_raspi_config_writes_enable_uart(tmp_path):
    config = tmp_path / "config.txt"
    config.write_text("")
    result = run_uart(tmp_path, PI4, "--config", str(config))
    assert result.returncode == 0, result.stderr
    assert "enable_uart=1" in config.read_text() and "console=serial0" in result.stdout


def test_enable_uart_dry_run_changes_nothing(tmp_path):
    config = tmp_path / "config.txt"
    config.write_text("")
    result = run_uart(tmp_path, PI5, "--config", str(config), "--dry-run")
    assert result.returncode == 0 and "[dry-run] add dtparam=uart0=on to" in result.stdout
    assert config.read_text() == ""


def install_dry_run(tmp_path, *args: str, model_text: str = PI5, default_target: str = "") -> str:
    """install.sh --dry-run as on a booted Pi: this board model, systemd running, and (when
    default_target is given) a systemctl that answers `get-default` with it."""
    (tmp_path / "model").write_bytes(model_text.encode() + b"\0")
    (tmp_path / "run-systemd").mkdir(exist_ok=True)
    env = dict(os.environ, MAFIA_COMPANION_BOARD_MODEL=str(tmp_path / "model"),
               MAFIA_COMPANION_SYSTEMD_RUN=str(tmp_path / "run-systemd"))
    if default_target:
        bin_dir = tmp_path / "bin"
        bin_dir.mkdir(exist_ok=True)
        fake = bin_dir / "systemctl"
        fake.write_text(f'#!/bin/sh\n[ "$1" = get-default ] && echo {default_target}\nexit 0\n')
        fake.chmod(0o755)
        env["PATH"] = f"{bin_dir}:{env['PATH']}"
    result = subprocess.run(["bash", str(INSTALL), "--dry-run", "--prefix", str(tmp_path / "opt"), *args],
                            env=env, capture_output=True, text=True, timeout=patience(60))
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_install_asks_apt_for_each_package_alone_and_compiles_nothing(tmp_path):
    out = install_dry_run(tmp_path, "--keep-desktop", "--no-start")
    installs = [line for line in out.splitlines() if "apt-get install" in line]
    assert all(len(line.split("--no-install-recommends")[1].split()) == 1 for line in installs)
    names = {line.split()[-1] for line in installs}
    assert {"python3-venv", "python3-lgpio", "libmtdev1", "espeak-ng"} <= names
    assert not names & {"python3-dev", "python3-pip", "gcc", "build-essential"}
    assert "going on without it" in INSTALL.read_text()  # python3-lgpio is only in Pi OS's archive


def test_install_enable_uart_on_a_pi5_and_waits_for_the_reboot(tmp_path):
    out = install_dry_run(tmp_path, "--enable-uart", "--keep-desktop")
    assert "the reader's UART is /dev/ttyAMA0" in out and "add dtparam=uart0=on to" in out
    assert "systemctl restart" not in out  # started by the reboot the UART needs
    assert "reboot to start it" in out


def test_install_over_a_running_desktop_leaves_its_display_until_the_reboot(tmp_path):
    """Right after install.sh the desktop still holds the display: the app must not be started
    into it (#23: a crash loop); the console boot is only the default for the next boot."""
    out = install_dry_run(tmp_path, default_target="graphical.target")
    assert "systemctl set-default multi-user.target" in out
    assert "systemctl isolate" not in out and "systemctl restart" not in out
    assert "reboot to start it" in out


def test_install_on_a_console_pi_starts_the_service_now(tmp_path):
    out = install_dry_run(tmp_path, default_target="multi-user.target")
    assert "set-default" not in out
    assert "systemctl restart mafia-companion.service" in out
