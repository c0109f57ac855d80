"""A bank payment in the real app, headless, counting what one tap costs: how many views the engine
computes and how many times each Casino screen is drawn (its ``show``). Used by
test_casino_one_view.py in a subprocess (Kivy's window is one per process).

    python tests/ui/mafia_casino/one_view_probe.py REPORT.json DB
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
sys.path.insert(0, str(HERE.parent))  # tests/ui: the run loop every probe shares
from ui_harness import run_probe  # noqa: E402

REPORT, DB = Path(sys.argv[1]), sys.argv[2]
obs: dict = {}


def tap_bank_pays(app) -> None:
    from companion.engine import TABLE
    from companion.games.mafia_casino import actions as A
    from ui.controller import Route
    from ui.widgets.big_button import BigButton

    session = app.table.start("mafia-casino", {"players": ["Anna", "Ben", "Cleo"], "tokens": True})
    session.act(A.MarketValueDrawn(1, True))
    session.act(A.FirstPlayerChosen(0, True))
    app.go(Route("mafia_casino_table", {"game": "mafia-casino", "game_id": session.game_id}))
    app.go(Route("mafia_casino_bank", {"game": "mafia-casino", "game_id": session.game_id}))
    bank = app.screen("mafia_casino_bank")
    bank.pick_seat(1)
    bank.quick(5_000_000)
    pays = next(w for w in bank.walk() if isinstance(w, BigButton) and w.text == "Bank pays")

    views: list = []
    engine = session.engine
    real_view = type(engine).view

    def counted_view(state, audience):
        import traceback as tb

        views.append(" < ".join(f"{Path(f.filename).name}:{f.name}" for f in reversed(tb.extract_stack()[:-1])
                                if "/ui/" in f.filename or "/companion/" in f.filename)[:300])
        return real_view(engine, state, audience)

    shows: dict[str, int] = {}
    for screen in app.manager.screens:
        if getattr(screen, "game", "") == "mafia-casino":
            def counted_show(events, screen=screen, real=screen.show):
                shows[screen.name] = shows.get(screen.name, 0) + 1
                return real(events)
            screen.show = counted_show

    engine.view = counted_view  # this instance only, for this one tap
    try:
        pays.dispatch("on_release")
    finally:
        del engine.view
    table = app.screen("mafia_casino_table")
    ben = next(p for p in session.view(TABLE).players if p.name == "Ben")
    obs.update(views=views, shows=shows, current=app.manager.current, ben=ben.balance_text,
               tokens_showing=table.showing_tokens)

def steps(app):
    """The app's first frames, then the probe (run_scenario turns an exception into obs["error"])."""
    yield 0.5
    tap_bank_pays(app)


def main() -> int:
    return run_probe(DB, steps, obs, REPORT)


if __name__ == "__main__":
    sys.exit(main())
