"""Issue #24's measure for Mafia Casino: one tap, one view computed, one rebuild.

A bank payment ("Bank pays" on the Bank screen) in the real app, headless: the engine's ``view`` is
wrapped and every Casino screen's ``show`` counted over that one tap. Before the table host, the
tap was shown by every Casino screen visited (each subscribed to the session) and the bank redrew
itself before the table did (``act`` then ``refresh``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from headless import ROOT, kivy_env  # not conftest: another folder's conftest may hold that name
from liveness import patience

PROBE = str(Path(__file__).with_name("one_view_probe.py"))


def test_a_bank_payment_computes_one_view_and_rebuilds_the_table_once(tmp_path):
    report = tmp_path / "report.json"
    result = subprocess.run([sys.executable, PROBE, str(report), str(tmp_path / "db.sqlite")], cwd=ROOT,
                            env=kivy_env(tmp_path), capture_output=True, text=True, timeout=patience(120))
    obs = json.loads(report.read_text()) if report.exists() else {}
    assert "error" not in obs and result.returncode == 0, (obs.get("error"), result.stderr[-2000:])
    assert obs["current"] == "mafia_casino_table" and obs["ben"] == "$5M"  # booked, shown on the table
    assert obs["tokens_showing"] is True  # with the tokens to hand over
    assert len(obs["views"]) == 1, obs["views"]  # the table's show, nothing else
    assert obs["shows"] == {"mafia_casino_table": 1}, obs["shows"]
