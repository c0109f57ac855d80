"""pyproject's build metadata keeps building after setuptools drops the license table (2027-02-18),
and the Pi's GPIO library comes with the project on aarch64 Linux only."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from liveness import patience  # tests/: a wait stretched on a busy machine
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_license_is_an_spdx_string_with_a_setuptools_that_reads_it():
    assert PYPROJECT["project"]["license"] == "MIT"
    (setuptools,) = [Requirement(r) for r in PYPROJECT["build-system"]["requires"] if r.startswith("setuptools")]
    spec = setuptools.specifier
    assert "76.1.0" not in spec and "77.0.3" in spec  # PEP 639 license expressions: setuptools 77
    assert any(s.operator == "<" for s in spec), "bounded above: a future major cannot break ./dev"


def test_lgpio_only_on_aarch64_linux():
    (lgpio,) = [Requirement(r) for r in PYPROJECT["project"]["dependencies"] if r.startswith("lgpio")]
    assert lgpio.specifier == SpecifierSet(">=0.2.2")  # not the empty 0.0.0.2 also on PyPI
    pi = {"sys_platform": "linux", "platform_machine": "aarch64"}
    assert Marker(str(lgpio.marker)).evaluate(pi)
    for other in ({"sys_platform": "linux", "platform_machine": "x86_64"},
                  {"sys_platform": "darwin", "platform_machine": "arm64"}):
        assert not Marker(str(lgpio.marker)).evaluate(other)


@pytest.mark.slow
def test_the_wheel_builds_without_a_license_deprecation_warning(tmp_path):
    """A real build in a copy (pip fetches the bounded setuptools from PyPI, as ./dev does)."""
    src = tmp_path / "src"
    skip = shutil.ignore_patterns(".venv", ".git", "docs", "tests", "benchmarks", "__pycache__", "*.png")

    def ignore(folder, names):
        # only files and folders: on a Pi, lgpio leaves its notification FIFO (.lgd-nfy0) in the
        # directory it was used from, and copytree cannot copy a named pipe (./dev pi-check found it)
        special = {n for n in names if not (Path(folder, n).is_file() or Path(folder, n).is_dir())}
        return set(skip(folder, names)) | special

    shutil.copytree(ROOT, src, ignore=ignore)
    result = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", str(src), "-w",
                             str(tmp_path / "dist")], capture_output=True, text=True, timeout=patience(600))
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    log = result.stdout + result.stderr
    assert "project.license" not in log and "SetuptoolsDeprecationWarning" not in log
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    import zipfile

    with zipfile.ZipFile(wheel) as z:
        meta = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        assert "License-Expression: MIT" in z.read(meta).decode()
