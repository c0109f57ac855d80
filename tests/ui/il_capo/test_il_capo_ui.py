"""Il Capo screens rendered by the real app, headless (subprocesses: see tests/ui/conftest.py).

The game itself is played by the table robot, by visible text only, in
tests/acceptance/test_il_capo_table.py (issue #25 retired the id-driver that reached into ``ids``:
each of its checks is now a robot check there or a Kivy-free test in test_il_capo_logic.py)."""

from __future__ import annotations

import pytest
from il_capo_uihelp import assert_not_blank, run_app

SCREENS = ["il_capo_new", "il_capo_table", "il_capo_syndicate", "il_capo_encounter", "il_capo_bank",
           "il_capo_hire", "il_capo_end"]


@pytest.mark.parametrize("size", ["800x480", "1280x720"])
def test_every_il_capo_screen_renders_with_screenshot_on_a_sample_game(tmp_path, size):
    listed = run_app(["-m", "ui.main", "--list-screens"], tmp_path)
    assert set(SCREENS) <= set(listed.stdout.split())
    screens = SCREENS if size == "800x480" else ["il_capo_table", "il_capo_bank", "il_capo_syndicate"]
    w, h = (int(v) for v in size.split("x"))
    for name in screens:
        png = tmp_path / f"{name}-{size}.png"
        result = run_app(["-m", "ui.main", "--screenshot", str(png), "--screen", name, "--size", size], tmp_path)
        assert result.returncode == 0, result.stderr[-3000:]
        assert_not_blank(png, (w, h))
