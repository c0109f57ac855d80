"""Issue 18: a tap right after a screen change was lost on buttons inside ScrollViews.

The cause is Kivy's ScrollView: it holds a touch back for ``scroll_timeout`` to tell a scroll from
a tap, and replays a tap to the button only when the finger is lifted. A screen that has just
opened fills itself in that window; its new buttons are laid out only in the next frame, so the
replayed press finds no button (and the release comes 0.2 s later still). ``TapScrollView`` lays
its content out before replaying, and releases in the tap's own frame (ui/widgets/tap_scroll.py)."""

import json
import sys
from pathlib import Path

from liveness import run_watched

HERE = Path(__file__).resolve().parent


def test_a_quick_tap_inside_a_scrollview_survives_the_screen_filling_itself_under_the_finger(tmp_path):
    env = {"KIVY_HOME": str(tmp_path), "KIVY_NO_ARGS": "1", "KIVY_NO_FILELOG": "1", "KIVY_NO_CONSOLELOG": "1",
           "PATH": "/usr/bin:/bin", "SDL_AUDIODRIVER": "dummy"}
    out = run_watched([sys.executable, str(HERE / "tap_scroll_probe.py")], None, 120, env=env,
                      cwd=HERE.parents[1])  # ended only when stuck (tests/liveness.py)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["kivy"] == 0  # the cause, shown: Kivy's own ScrollView loses this tap
    assert result["tap_scroll"] == 1  # ours delivers it exactly once
