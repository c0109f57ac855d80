"""The appliance unit and its install script.

``systemd-analyze verify`` checks the unit where systemd is installed (it is on Debian machines
with systemd; the test says so when it is skipped); the unit's required keys are always checked
by parsing it, so CI without systemd still guards the contract.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from liveness import patience  # tests/: a wait stretched on a busy machine

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "mafia-companion.service"
INSTALL = ROOT / "systemd" / "install.sh"


def parse_unit(text: str) -> dict[str, dict[str, list[str]]]:
    """systemd's INI dialect: repeated keys accumulate, ``#``/``;`` comments, no interpolation."""
    sections: dict[str, dict[str, list[str]]] = {}
    current = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], {})
            continue
        assert current is not None, f"key outside a section: {line}"
        key, sep, value = line.partition("=")
        assert sep, f"not a key=value line: {line}"
        current.setdefault(key.strip(), []).append(value.strip())
    return sections


@pytest.fixture(scope="module")
def unit():
    return parse_unit(UNIT.read_text())


def one(unit, section, key):
    values = unit[section].get(key)
    assert values, f"[{section}] {key}= is missing"
    assert len(values) == 1, f"[{section}] {key}= appears {len(values)} times"
    return values[0]


def environment(unit) -> dict[str, str]:
    env = {}
    for line in unit["Service"].get("Environment", []):
        key, _, value = line.partition("=")
        env[key] = value
    return env


def test_unit_verifies_with_systemd_analyze(tmp_path):
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed here; the parsed checks below still run")
    # verify insists that ExecStart exists: point it at a stand-in with the same arguments.
    fake = tmp_path / "mafia-companion"
    fake.write_text("#!/bin/sh\nexit 0\n")
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    text = UNIT.read_text().replace("/opt/mafia-companion/venv/bin/mafia-companion", str(fake))
    copy = tmp_path / UNIT.name
    copy.write_text(text)
    result = subprocess.run(
        [analyze, "verify", "--man=no", str(copy)], capture_output=True, text=True, timeout=patience(60)
    )
    complaints = [
        line for line in (result.stdout + result.stderr).splitlines() if UNIT.name in line or str(copy) in line
    ]
    assert result.returncode == 0 and not complaints, result.stdout + result.stderr


def test_unit_starts_the_app_fullscreen_from_the_venv(unit):
    exec_start = one(unit, "Service", "ExecStart")
    assert exec_start == "/opt/mafia-companion/venv/bin/mafia-companion --fullscreen"
    assert one(unit, "Install", "WantedBy") == "multi-user.target"


def test_unit_runs_as_a_dedicated_non_root_user_with_the_device_groups(unit):
    assert one(unit, "Service", "User") == "mafia"
    assert one(unit, "Service", "Group") == "mafia"
    groups = set(" ".join(unit["Service"]["SupplementaryGroups"]).split())
    assert groups >= {"video", "render", "input", "gpio", "dialout", "audio"}


def test_unit_has_a_writable_working_directory(unit):
    assert one(unit, "Service", "StateDirectory") == "mafia-companion"
    assert one(unit, "Service", "WorkingDirectory") == "/var/lib/mafia-companion"
    env = environment(unit)
    assert env["HOME"] == "/var/lib/mafia-companion"
    assert env["MAFIA_COMPANION_DB"].startswith("/var/lib/mafia-companion/")


def test_unit_draws_on_the_display_with_kmsdrm_and_logs_to_the_journal(unit):
    env = environment(unit)
    assert env["SDL_VIDEODRIVER"] == "kmsdrm"
    assert env["KIVY_NO_FILELOG"] == "1"  # Kivy's own log files off: the journal has it all
    assert env["KCFG_GRAPHICS_SHOW_CURSOR"] == "0"
    assert one(unit, "Service", "StandardOutput") == "journal"
    assert one(unit, "Service", "StandardError") == "journal"
    assert "getty@tty1.service" in " ".join(unit["Unit"]["Conflicts"])


def test_unit_restarts_on_failure_and_on_a_frozen_ui(unit):
    assert one(unit, "Service", "Restart") == "on-failure"
    assert one(unit, "Service", "Type") == "notify"
    assert one(unit, "Service", "NotifyAccess") == "main"
    assert int(one(unit, "Service", "WatchdogSec")) >= 10


def test_unit_hardening_does_not_close_gpio_drm_input_or_serial(unit):
    service = unit["Service"]
    for blocking in ("PrivateDevices", "DevicePolicy", "DeviceAllow", "ProtectClock", "ProtectKernelLogs",
                     "MemoryDenyWriteExecute", "PrivateUsers"):
        assert blocking not in service, f"{blocking}= would block the table's devices"
    assert one(unit, "Service", "NoNewPrivileges") == "yes"
    assert one(unit, "Service", "ProtectSystem") == "strict"
    assert "AF_UNIX" in one(unit, "Service", "RestrictAddressFamilies")  # sd_notify needs it


def test_install_script_is_valid_bash_and_executable():
    subprocess.run(["bash", "-n", str(INSTALL)], check=True)
    assert os.access(INSTALL, os.X_OK)
    if shutil.which("shellcheck"):
        subprocess.run(["shellcheck", "-S", "warning", str(INSTALL)], check=True)


def test_install_dry_run_lists_every_step_and_changes_nothing(tmp_path):
    result = subprocess.run(
        ["bash", str(INSTALL), "--dry-run", "--no-start", "--keep-desktop", "--prefix", str(tmp_path / "opt")],
        capture_output=True, text=True, timeout=patience(60),
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for step in (
        "apt-get install -y -qq --no-install-recommends python3-venv",
        "python3-lgpio",
        "useradd --system --user-group",
        f"python3 -m venv --system-site-packages {tmp_path / 'opt'}/venv",
        f"pip install --quiet --upgrade {ROOT}",
        "/etc/mafia-companion/hardware.toml",  # written, or kept when it exists
        "write /etc/polkit-1/rules.d/50-mafia-companion.rules",
        "write /etc/systemd/system/mafia-companion.service",
        "systemctl enable mafia-companion.service",
    ):
        assert step in out, f"missing step: {step}\n{out}"
    assert "systemctl restart" not in out
    assert not (tmp_path / "opt").exists()


def test_install_refuses_unknown_options():
    result = subprocess.run(["bash", str(INSTALL), "--frobnicate"], capture_output=True, text=True)
    assert result.returncode == 2 and "unknown option '--frobnicate'" in result.stderr


# -- the table's own Wi-Fi (phones, #16) ------------------------------------------------------------
HOTSPOT = ROOT / "systemd" / "hotspot.sh"


def test_unit_lets_the_phones_server_listen_on_the_network(unit):
    families = one(unit, "Service", "RestrictAddressFamilies").split()
    assert {"AF_INET", "AF_INET6"} <= set(families)


def fake_nmcli(tmp_path: Path, existing: str = "") -> tuple[dict, Path]:
    """A stand-in nmcli on PATH that records every call's arguments (one JSON list a line)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "nmcli.log"
    nmcli = bin_dir / "nmcli"
    nmcli.write_text(
        "#!/usr/bin/env python3\n"
        "import json, sys\n"
        f"open({str(log)!r}, 'a').write(json.dumps(sys.argv[1:]) + '\\n')\n"
        f"if sys.argv[1:4] == ['-t', '-f', 'NAME']: print({existing!r})\n"
    )
    nmcli.chmod(0o755)
    env = dict(os.environ, PATH=f"{bin_dir}:{os.environ['PATH']}")
    return env, log


def nmcli_calls(log: Path) -> list[list[str]]:
    import json

    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


def my_group() -> str:
    import grp

    return grp.getgrgid(os.getgid()).gr_name


def test_hotspot_makes_a_networkmanager_access_point_on_at_boot_and_writes_what_the_app_reads(tmp_path):
    import tomllib

    env, log = fake_nmcli(tmp_path)
    etc = tmp_path / "etc"
    password = 'pa"ss\\word 1'
    result = subprocess.run(["bash", str(HOTSPOT), "Mafia Table", password, "--etc", str(etc),
                             "--group", my_group()], env=env, capture_output=True, text=True, timeout=patience(60))
    assert result.returncode == 0, result.stderr
    calls = nmcli_calls(log)
    assert ["device", "wifi", "hotspot", "ifname", "wlan0", "con-name", "Hotspot", "ssid", "Mafia Table",
            "password", password] in calls
    modify = next(c for c in calls if c[:3] == ["connection", "modify", "Hotspot"])
    assert "connection.autoconnect" in modify and modify[modify.index("connection.autoconnect") + 1] == "yes"
    assert password not in result.stdout + result.stderr  # never printed
    written = etc / "hotspot.toml"
    assert stat.S_IMODE(written.stat().st_mode) == 0o640
    assert tomllib.loads(written.read_text()) == {"ssid": "Mafia Table", "password": password}
    # and the app reads it for the Wi-Fi QR code
    code = ("import sys; from ui.phones.table import load_hotspot; "
            f"h = load_hotspot({{'MAFIA_COMPANION_HOTSPOT': {str(written)!r}}}); print(h.wifi_data())")
    read = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=patience(60))
    assert read.stdout.strip() == 'WIFI:T:WPA;S:Mafia Table;P:pa\\"ss\\\\word 1;;', read.stderr


def test_hotspot_run_again_replaces_the_old_access_point(tmp_path):
    env, log = fake_nmcli(tmp_path, existing="Wired connection 1\nHotspot")
    result = subprocess.run(["bash", str(HOTSPOT), "Table", "new-password", "--etc", str(tmp_path / "etc"),
                             "--group", my_group()], env=env, capture_output=True, text=True, timeout=patience(60))
    assert result.returncode == 0, result.stderr
    calls = nmcli_calls(log)
    delete = calls.index(["connection", "delete", "Hotspot"])
    assert delete < next(i for i, c in enumerate(calls) if c[:3] == ["device", "wifi", "hotspot"])


@pytest.mark.parametrize("ssid, password, says", [
    ("Table", "short", "8 to 63 characters"),
    ("x" * 33, "long-enough", "1 to 32 characters"),
])
def test_hotspot_refuses_what_wpa2_cannot_take_and_calls_nothing(tmp_path, ssid, password, says):
    env, log = fake_nmcli(tmp_path)
    result = subprocess.run(["bash", str(HOTSPOT), ssid, password, "--etc", str(tmp_path / "etc")],
                            env=env, capture_output=True, text=True, timeout=patience(60))
    assert result.returncode == 2 and says in result.stderr
    assert nmcli_calls(log) == [] and not (tmp_path / "etc").exists()


def test_install_dry_run_with_hotspot_lists_it_and_never_prints_the_password(tmp_path):
    env, log = fake_nmcli(tmp_path)
    result = subprocess.run(
        ["bash", str(INSTALL), "--dry-run", "--no-start", "--keep-desktop", "--prefix", str(tmp_path / "opt"),
         "--hotspot", "Mafia Table", "s3cret-pass"], env=env, capture_output=True, text=True, timeout=patience(60))
    assert result.returncode == 0, result.stderr
    assert "nmcli device wifi hotspot ifname wlan0 con-name Hotspot ssid Mafia Table" in result.stdout
    assert "/etc/mafia-companion/hotspot.toml" in result.stdout
    assert "s3cret-pass" not in result.stdout + result.stderr
    assert nmcli_calls(log) == []  # a dry run changes nothing


def test_install_without_running_systemd_enables_but_does_not_reload_or_start(tmp_path):
    """A chroot or an image being prepared: `systemctl enable` only makes the link and works there;
    daemon-reload and restart would fail and stop the install halfway (./dev pi-check found it)."""
    env = {**os.environ, "MAFIA_COMPANION_SYSTEMD_RUN": str(tmp_path / "no-such-dir")}
    result = subprocess.run(
        ["bash", str(INSTALL), "--dry-run", "--keep-desktop", "--prefix", str(tmp_path / "opt")],
        capture_output=True, text=True, timeout=patience(60), env=env,
    )
    assert result.returncode == 0, result.stderr
    assert "systemctl enable mafia-companion.service" in result.stdout
    assert "daemon-reload" not in result.stdout and "systemctl restart" not in result.stdout
    assert "systemd is not running here" in result.stdout


def test_install_with_running_systemd_reloads_and_starts(tmp_path):
    running = tmp_path / "run-systemd-system"
    running.mkdir()
    env = {**os.environ, "MAFIA_COMPANION_SYSTEMD_RUN": str(running)}
    result = subprocess.run(
        ["bash", str(INSTALL), "--dry-run", "--keep-desktop", "--prefix", str(tmp_path / "opt")],
        capture_output=True, text=True, timeout=patience(60), env=env,
    )
    assert result.returncode == 0, result.stderr
    assert "systemctl daemon-reload" in result.stdout
    assert "systemctl restart mafia-companion.service" in result.stdout
