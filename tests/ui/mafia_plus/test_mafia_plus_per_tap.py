"""One tap, one view, one rebuild (issue #24): an accusation on the Day and a vote cast each compute
the table view once and draw the screen once, in the real app (count_per_tap.py); the chips under
the ring follow the accusations made and dropped."""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))  # tests/: headless
from headless import app_env, run_app  # noqa: E402


def test_an_accusation_and_a_vote_each_compute_one_table_view_and_draw_once(tmp_path):
    out = tmp_path / "counts.json"
    result = run_app([str(HERE / "count_per_tap.py"), str(tmp_path / "t.db"), str(out)], tmp_path,
                     timeout=120, env=app_env(tmp_path))
    obs = json.loads(out.read_text()) if out.exists() else {}
    assert result.returncode == 0 and "error" not in obs, obs.get("error") or result.stderr[-3000:]
    assert obs["day_screen"] == "mafia_plus_day" and len(obs["accused"]) == 1
    assert obs["vote_screen"] == "mafia_plus_vote" and len(obs["voted"]) == 1
    # the accusation chips (reused from tap to tap) name the accused in order, one each
    assert obs["chips_two"] == [f"{name} ×" for name in obs["accused_two"]] and len(obs["chips_two"]) == 2
    assert obs["chips_dropped"] == [f"{name} ×" for name in obs["accused_dropped"]] == [obs["chips_two"][1]]
    for tap in ("accusation", "vote"):
        assert obs[tap]["table_views"] == 1, (tap, obs[tap])
        assert obs[tap]["shows"] == 1, (tap, obs[tap])
