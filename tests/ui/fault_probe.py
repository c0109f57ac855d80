"""Start the real app (``ui.main.run``) headless and report what its screen shows 1.5 s after the
first frame; used by test_app_faults.py in a subprocess (Kivy's window is one per process).

    python tests/ui/fault_probe.py REPORT.json [ui.main arguments...]

With ``$PROBE_UNTIL`` (an App class name) it waits for that app instead: any other app's screen
is written to REPORT.waiting.json and left running (the storage-problem screen retries by itself).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

for key, value in {"KIVY_NO_ARGS": "1", "KIVY_NO_FILELOG": "1", "KIVY_NO_CONSOLELOG": "1",
                   "SDL_AUDIODRIVER": "dummy"}.items():
    os.environ.setdefault(key, value)
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

REPORT = Path(sys.argv[1])
obs: dict = {}


def first_frame() -> None:
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.uix.label import Label

    def look(_dt, tries=[0]):
        app = App.get_running_app()
        if hasattr(app, "services_started") and app.hub is None and not app.hub_error and tries[0] < 100:
            tries[0] += 1
            Clock.schedule_once(look, 0.1)  # the hub starts just after the first frame
            return
        texts = [w.text for w in app.root.walk() if isinstance(w, Label) and w.text and w.opacity > 0]
        until = os.environ.get("PROBE_UNTIL")
        if until and type(app).__name__ != until:
            REPORT.with_suffix(".waiting.json").write_text(json.dumps({"app": type(app).__name__, "texts": texts}))
            Clock.schedule_once(look, 0.5)
            return
        obs["app"] = type(app).__name__
        obs["texts"] = [w.text for w in app.root.walk() if isinstance(w, Label) and w.text and w.opacity > 0
                        and w.get_root_window() is not None]
        obs["connections"] = getattr(app, "connections", None)
        obs["problems"] = list(getattr(app, "problems", []))
        obs["still_running"] = True
        app.stop()

    Clock.schedule_once(look, 1.5)


from ui.main import run  # noqa: E402

obs["exit_code"] = run(sys.argv[2:], on_first_frame=first_frame)
REPORT.write_text(json.dumps(obs, indent=1))
