"""``./dev``'s set-up: which Debian packages the app and the tests get, and a broken ``.venv`` repaired.

The set-up functions are sourced from ``dev`` itself and run in bash against a fake ``apt-get`` /
``dpkg-query`` / ``sudo`` on PATH that record every call (nothing is installed on this machine);
the virtual environments are real ones under a temporary directory, never the checkout's.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from liveness import patience  # tests/: a wait stretched on a busy machine

ROOT = Path(__file__).resolve().parents[2]
DEV = ROOT / "dev"
PY_MINOR = f"python{sys.version_info[0]}.{sys.version_info[1]}"

FAKE_APT = r"""#!/bin/sh
# apt-get stand-in: records its arguments; `install` fails for a name listed in $FAKE_MISSING
echo "apt-get $*" >> "$FAKE_CALLS"
[ "$1" = update ] && exit 0
for p in "$@"; do
  case "$p" in -*|install) continue ;; esac
  if grep -qx "$p" "$FAKE_MISSING" 2>/dev/null; then echo "E: Unable to locate package $p" >&2; exit 100; fi
  echo "$p" >> "$FAKE_INSTALLED"
  [ "$p" = python3-venv ] && touch "$FAKE_VENV_OK"
done
exit 0
"""
FAKE_DPKG_QUERY = r"""#!/bin/sh
# dpkg-query stand-in: a package is installed when its name is a line of $FAKE_INSTALLED
for p in "$@"; do :; done
grep -qx "$p" "$FAKE_INSTALLED" 2>/dev/null && printf 'install ok installed' && exit 0
exit 1
"""
FAKE_SUDO = '#!/bin/sh\nexec "$@"\n'


@pytest.fixture
def fake_system(tmp_path):
    """A PATH with the fake package tools first; returns (run, calls) helpers."""
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    for name, text in (("apt-get", FAKE_APT), ("dpkg-query", FAKE_DPKG_QUERY), ("sudo", FAKE_SUDO)):
        (bin_ / name).write_text(text)
        (bin_ / name).chmod(0o755)
    env = {
        "PATH": f"{bin_}:/usr/local/bin:/usr/bin:/bin",
        "HOME": str(tmp_path),
        "FAKE_CALLS": str(tmp_path / "calls"),
        "FAKE_MISSING": str(tmp_path / "missing"),
        "FAKE_INSTALLED": str(tmp_path / "installed"),
        "FAKE_VENV_OK": str(tmp_path / "venv-ok"),
        "DEV_VENV": str(tmp_path / "venv"),
    }

    class System:
        path = tmp_path

        def run(self, script: str, **extra) -> subprocess.CompletedProcess:
            return subprocess.run(["bash", "-c", f"set -euo pipefail; source {DEV}; cd {ROOT}; {script}"],
                                  env={**env, **extra}, capture_output=True, text=True, timeout=patience(600))

        def calls(self) -> list[str]:
            p = tmp_path / "calls"
            return p.read_text().splitlines() if p.exists() else []

        def installs(self) -> list[str]:
            return [c.split()[-1] for c in self.calls() if " install " in c]

        def missing(self, *names: str) -> None:
            (tmp_path / "missing").write_text("".join(f"{n}\n" for n in names))

        def already(self, *names: str) -> None:
            (tmp_path / "installed").write_text("".join(f"{n}\n" for n in names))

    return System()


def dev_list(name: str) -> list[str]:
    out = subprocess.run(["bash", "-c", f'source {DEV}; echo "${{{name}[@]}}"'], capture_output=True, text=True,
                         check=True)
    return out.stdout.split()


def test_sourcing_dev_runs_nothing(tmp_path):
    out = subprocess.run(["bash", "-c", f"source {DEV}; echo sourced"], capture_output=True, text=True,
                         cwd=tmp_path)
    assert out.returncode == 0 and out.stdout == "sourced\n" and out.stderr == ""


def test_app_gets_only_what_the_app_needs_one_apt_get_per_package(fake_system):
    result = fake_system.run("app_packages")
    assert result.returncode == 0, result.stderr
    assert fake_system.installs() == dev_list("APP_PACKAGES")
    assert "libmtdev1" in fake_system.installs()  # Kivy's start-up traceback without it
    for test_tool in ("chromium", "chromium-driver", "sox", "systemd"):
        assert test_tool not in " ".join(fake_system.calls())
    assert [c for c in fake_system.calls() if c.startswith("apt-get update")] == ["apt-get update -qq"]


def test_test_adds_the_test_tools(fake_system):
    result = fake_system.run("app_packages; test_packages")
    assert result.returncode == 0, result.stderr
    assert fake_system.installs() == dev_list("APP_PACKAGES") + dev_list("TEST_PACKAGES")
    assert {"chromium", "chromium-driver", "sox", "systemd"} <= set(fake_system.installs())
    assert len([c for c in fake_system.calls() if c.startswith("apt-get update")]) == 1


def test_one_missing_name_costs_only_itself(fake_system):
    fake_system.missing("espeak-ng")
    result = fake_system.run("app_packages; cat \"$FAKE_INSTALLED\"")
    assert result.returncode == 0
    assert "could not install espeak-ng" in result.stderr
    assert result.stdout.split() == [p for p in dev_list("APP_PACKAGES") if p != "espeak-ng"]


def test_nothing_asked_of_apt_when_everything_is_there(fake_system):
    fake_system.already(*dev_list("APP_PACKAGES"))
    assert fake_system.run("app_packages").returncode == 0
    assert fake_system.calls() == []


def make_real_venv(path: Path) -> None:
    subprocess.run([sys.executable if sys.prefix == sys.base_prefix else "/usr/bin/python3", "-m", "venv",
                    str(path)], check=True, capture_output=True, timeout=patience(600))


def healthy(path: Path) -> bool:
    if not (path / "bin" / "python").exists():
        return False
    return subprocess.run([str(path / "bin" / "python"), "-m", "pip", "--version"], capture_output=True).returncode == 0


@pytest.mark.parametrize("damage", ["no pip", "no python", "only pyvenv.cfg"])
def test_a_broken_venv_is_made_again(fake_system, damage):
    venv = fake_system.path / "venv"
    if damage == "only pyvenv.cfg":  # a `python3 -m venv` interrupted at its start
        venv.mkdir()
        (venv / "pyvenv.cfg").write_text("home = /usr/bin\n")
    else:
        make_real_venv(venv)
        if damage == "no pip":  # ensurepip failed half-way: "No module named pip" forever
            for p in (venv / "lib" / PY_MINOR / "site-packages").glob("pip*"):
                shutil.rmtree(p)
        else:
            (venv / "bin" / "python").unlink()
    assert not healthy(venv)
    result = fake_system.run("make_venv")
    assert result.returncode == 0, result.stderr
    assert f"the virtual environment in {venv} is broken" in result.stderr
    assert healthy(venv)


def test_a_healthy_venv_is_kept(fake_system):
    venv = fake_system.path / "venv"
    make_real_venv(venv)
    (venv / "keep-me").write_text("x")
    result = fake_system.run("make_venv")
    assert result.returncode == 0 and result.stderr == ""
    assert (venv / "keep-me").exists()


def test_python3_venv_installed_when_venv_cannot_work(fake_system):
    """Debian without python3-venv: `python3 -m venv` fails on ensurepip until the package is there."""
    bin_ = fake_system.path / "bin"
    (bin_ / "python3").write_text(
        "#!/bin/sh\n"
        'if [ "$1 $2" = "-m venv" ] && [ ! -e "$FAKE_VENV_OK" ]; then\n'
        '  mkdir -p "$3/bin"; echo "The virtual environment was not created successfully because ensurepip is '
        'not available." >&2; exit 1\nfi\n'
        "exec /usr/bin/python3 \"$@\"\n")
    (bin_ / "python3").chmod(0o755)
    result = fake_system.run("make_venv")
    assert result.returncode == 0, result.stderr
    assert "installing python3-venv" in result.stderr
    assert "python3-venv" in fake_system.installs()
    assert healthy(fake_system.path / "venv")


def test_ci_still_runs_dev_test_and_no_tests_collected_fails(fake_system):
    """`.ci/run` is `./dev test`; pytest's exit 5 (nothing collected) comes out of ./dev as a failure."""
    assert (ROOT / ".ci" / "run").read_text().strip().endswith("./dev test")
    venv = fake_system.path / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").write_text('#!/bin/sh\n[ "$1 $2" = "-m pytest" ] && exit 5\nexit 0\n')
    (venv / "bin" / "python").chmod(0o755)
    (venv / ".installed-test").touch()
    fake_system.already(*dev_list("APP_PACKAGES"), *dev_list("TEST_PACKAGES"))
    result = fake_system.run("main test -k nothing-matches")
    assert result.returncode == 1
    assert "pytest collected no tests: that is a failure here" in result.stderr


def test_help_lists_pi_check():
    out = subprocess.run([str(DEV), "help"], capture_output=True, text=True)
    assert out.returncode == 0 and "pi-check" in out.stdout and "./dev app" in out.stdout
