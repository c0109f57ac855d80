"""The run loop every UI driver shares: play a scenario inside the real app's main loop.

A scenario is a generator; each ``yield s`` lets the real Clock run for ``s`` seconds (frames
turn, animations advance; the window itself is drawn once a second, as nobody looks at it and
the pictures are rendered on their own: tests/headless.py) before the next step. What the scenario observed is written as JSON to
``report`` whatever happens, and an exception becomes ``obs["error"]`` for the pytest side to show.
Kivy is imported only when a scenario runs (after the driver configured the window).
"""

from __future__ import annotations

import json
import sys
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: headless
from headless import draw_seldom  # noqa: E402


def run_scenario(app, store, gen, obs: dict, report: Path) -> int:
    from kivy.clock import Clock

    def step(*_):
        try:
            wait = next(gen)
        except StopIteration:
            app.stop()
            return
        except Exception:
            obs["error"] = traceback.format_exc()
            app.stop()
            return
        Clock.schedule_once(step, wait)

    Clock.schedule_once(step, 0)
    draw_seldom()
    try:
        app.run()
    except BaseException:
        obs["error"] = "the app stopped: " + traceback.format_exc()
        print(obs["error"], file=sys.__stderr__, flush=True)
    finally:
        store.close()
        report.write_text(json.dumps(obs, indent=1, default=str))
    return 1 if "error" in obs else 0


def run_probe(db: str, steps, obs: dict, report: Path, size=(800, 480)) -> int:
    """A probe's whole run: the real app on ``db`` at ``size``, ``steps(app)`` played in its main
    loop by ``run_scenario``; the exit code is 1 when the probe raised."""
    from ui.main import configure_kivy

    configure_kivy(size, False)
    from companion.store import Store
    from ui.app import CompanionApp

    store = Store.open(db)
    app = CompanionApp(store=store)
    return run_scenario(app, store, steps(app), obs, report)
