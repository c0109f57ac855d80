"""Run the real app headless, open a Mafia (Sicily) game on its turn screen and count, per tap, how
many table views the engine computed and how many times the choices were rebuilt (issue #24: "one
view computed and one rebuild per tap"). A measurement that reaches inside, so it lives here, not
in the robot's scenarios.

    python tests/ui/mafia_sicily/tap_count_probe.py DB REPORT.json
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

for key, value in {"KIVY_NO_ARGS": "1", "KIVY_NO_FILELOG": "1", "KIVY_NO_CONSOLELOG": "1",
                   "SDL_AUDIODRIVER": "dummy"}.items():
    os.environ.setdefault(key, value)
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))
sys.path.insert(0, str(HERE.parent))  # tests/ui: the run loop
from ui_harness import run_scenario  # noqa: E402

from ui.main import configure_kivy  # noqa: E402

DB, REPORT = sys.argv[1], Path(sys.argv[2])
configure_kivy((800, 480), False)

from companion.engine import TABLE  # noqa: E402
from companion.store import Store  # noqa: E402
from ui.app import CompanionApp  # noqa: E402
from ui.controller import Route  # noqa: E402

obs: dict = {"taps": []}


def counted(app, session):
    """Count the session's table views and the turn screen's rebuilds of its choices."""
    counts = {"views": 0, "rebuilds": 0}
    view = session.view

    def counting_view(audience):
        if audience == TABLE:
            counts["views"] += 1
        return view(audience)

    session.view = counting_view
    screen = app.manager.get_screen("mafia_sicily_table")
    fill = screen._fill_buttons

    def counting_fill():
        counts["rebuilds"] += 1
        fill()

    screen._fill_buttons = counting_fill
    return counts, screen


def probe(app):
    yield 0.5
    session = app.table.start("mafia-sicily", {"players": 5, "names": ["A", "B", "C", "D", "E"]}, seed=5)
    app.go(Route("mafia_sicily_table", {"game": "mafia-sicily", "game_id": session.game_id}))
    yield 0.3
    counts, screen = counted(app, session)
    for _ in range(12):  # home cities, rolls, moves: each a tap on the first choice the screen offers
        if session.outcome() is not None:
            break
        choice = next((c for c in screen.choices.buttons if c.kind in ("act", "roll", "draw")), None)
        if choice is None:  # a counter to choose first (no commit): pick the first, then its first move
            counter = next(c for c in screen.choices.buttons if c.kind == "counter" and c.counter)
            screen.choose(counter)
            choice = next(c for c in screen.choices.buttons if c.kind == "act")
        counts["views"] = counts["rebuilds"] = 0
        seq = session.seq
        screen.choose(choice)
        obs["taps"].append({"text": choice.text, "committed": session.seq > seq, **counts})
        yield 0.1
        screen.ids.tray.finish()


def main() -> int:
    store = Store.open(DB)
    app = CompanionApp(store=store)
    return run_scenario(app, store, probe(app), obs, REPORT)


if __name__ == "__main__":
    sys.exit(main())
