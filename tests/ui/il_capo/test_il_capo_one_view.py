"""Issue #24's measured outcome for Il Capo: one tap computes the table view once and fills the
screen once. A payment tapped by its visible text in the real app (headless, one_view_probe.py),
with the engine's ``view`` and the bank screen's ``show`` counted (before the game screen base,
"Pay" computed the view twice and rebuilt every tile twice)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/: headless
from headless import app_env, run_app  # noqa: E402

HERE = Path(__file__).resolve().parent


def test_a_payment_tap_computes_one_view_and_shows_once(tmp_path):
    report = tmp_path / "report.json"
    done = run_app([str(HERE / "one_view_probe.py"), str(tmp_path / "game.db"), str(report)], tmp_path,
                   env=app_env(tmp_path))
    obs = json.loads(report.read_text())
    assert "error" not in obs, obs.get("error", "") + done.stderr[-2000:]
    assert obs["line"] == "Done: Anna pays $50,000 to the bank. Anna now has $100,000."
    assert obs["counts"] == {"view": 1, "show": 1}
