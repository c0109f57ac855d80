"""A tap on the Mafia (Sicily) turn screen does its work once (issue #24): the table host hands the
commit to the screen, which computes one table view and rebuilds its choices once (the old screen
computed two views per tap: its listener refreshed, and read the log beside)."""

from __future__ import annotations

import json
import sys

from sicily_ui_helpers import HERE, run_app


def test_each_committed_tap_computes_one_table_view_and_rebuilds_the_choices_once(tmp_path):
    report = tmp_path / "taps.json"
    result = run_app([str(HERE / "tap_count_probe.py"), str(tmp_path / "t.db"), str(report)], tmp_path)
    obs = json.loads(report.read_text())
    assert "error" not in obs, obs.get("error") or result.stderr[-3000:]
    committed = [t for t in obs["taps"] if t["committed"]]
    assert len(committed) >= 8, obs["taps"]
    kinds = {t["text"].split(" ")[0] for t in committed}
    assert "Roll" in kinds, "a roll was among the taps"
    assert any(" dice (" in t["text"] or " die (" in t["text"] for t in committed), "a move was among them"
    for tap in committed:
        assert (tap["views"], tap["rebuilds"]) == (1, 1), tap
