"""Run headless (a fresh interpreter): the real app opens a seeded Il Capo game's bank, and the
table taps "+50K" then "Pay bank" by their visible text. The engine's ``view`` and the bank
screen's ``show`` are wrapped and counted during the "Pay bank" tap. Writes JSON to argv[2]."""

import json
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # tests/ui: ui_harness
sys.path.insert(0, str(HERE.parents[1]))  # tests: headless
sys.path.insert(0, str(HERE.parents[2]))  # the checkout
os.environ.setdefault("KIVY_NO_ARGS", "1")


def main(db: str, report: str) -> int:
    from ui.main import configure_kivy

    configure_kivy((800, 480), False)
    from kivy.tests.common import UnitTestTouch
    from kivy.uix.behaviors import ButtonBehavior

    from companion.games.il_capo import ENGINE
    from companion.session import Session
    from companion.store import Store
    from ui.app import CompanionApp
    from ui.controller import Route
    from ui.games.il_capo.bank import IlCapoBankScreen
    from ui_harness import run_scenario

    store = Store.open(db)
    session = Session.start(store, "il-capo", {"players": ["Anna", "Ben", "Carla"]}, seed=7)
    app = CompanionApp(store=store)
    obs: dict = {}
    counts = {"view": 0, "show": 0}
    real_view, real_show = ENGINE.view, IlCapoBankScreen.show

    def counted_view(state, audience):
        counts["view"] += 1
        return real_view(state, audience)

    def counted_show(self, events):
        counts["show"] += 1
        return real_show(self, events)

    def visible(w) -> bool:
        while w is not None and w is not w.parent:
            if getattr(w, "opacity", 1) == 0 or getattr(w, "disabled", False):
                return False
            if w is app.root:
                return True
            w = w.parent
        return False

    def tap(text: str) -> None:
        for w in app.root.walk(restrict=True):
            if getattr(w, "text", None) == text and visible(w):
                while w is not None and not isinstance(w, ButtonBehavior):
                    w = w.parent
                x, y = w.to_window(*w.center)
                touch = UnitTestTouch(x, y)
                touch.touch_down()
                touch.touch_up()
                return
        raise LookupError(f"no visible button reads {text!r}")

    def scenario():
        yield 1.0
        app.go(Route("il_capo_bank", {"game": "il-capo", "game_id": session.game_id, "seat": 0}))  # setup only
        yield 0.5
        tap("+50K")
        yield 0.3
        ENGINE.view = counted_view  # an instance attribute: the session calls the engine's view
        IlCapoBankScreen.show = counted_show
        before = time.perf_counter()
        tap("Pay bank")
        obs["tap_s"] = time.perf_counter() - before
        del ENGINE.view  # the class's own again
        IlCapoBankScreen.show = real_show
        yield 0.3
        obs["counts"] = dict(counts)
        obs["line"] = next((w.text for w in app.root.walk(restrict=True)
                            if getattr(w, "text", "").startswith("Done:") and visible(w)), "")

    return run_scenario(app, store, scenario(), obs, Path(report))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
