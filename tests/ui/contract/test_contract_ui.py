"""Every Contract screen is listed and renders its sample game with ``--screenshot`` (the
manifest's samples, ui/games/contract/samples.py). Play itself is tested by the robot, by visible
text (tests/acceptance/test_contract_table.py); the layout at every size by the layout tours."""

from __future__ import annotations

from headless import app_env, run_app
from pngcheck import colour_stats

SCREENS = ["contract_round", "contract_new", "contract_reveal", "contract_count", "contract_areas",
           "contract_bonuses", "contract_score"]


def assert_not_blank(png, size: tuple[int, int]) -> None:
    stats = colour_stats(png)
    assert stats["size"] == size
    assert stats["colours"] >= 12, f"{png.name} has only {stats['colours']} colours"
    assert stats["top_share"] < 0.85, f"{png.name} is mostly one colour"


def test_every_contract_screen_is_listed_and_renders_with_screenshot(tmp_path):
    env = app_env(tmp_path)
    listed = run_app(["-m", "ui.main", "--list-screens"], tmp_path, env=env)
    assert listed.returncode == 0
    assert set(SCREENS) <= set(listed.stdout.split())
    for name in SCREENS:
        out = tmp_path / f"{name}.png"
        result = run_app(["-m", "ui.main", "--screenshot", str(out), "--screen", name, "--size", "800x480"],
                         tmp_path, timeout=180, env=env)
        assert result.returncode == 0, result.stderr[-2000:]
        assert_not_blank(out, (800, 480))
