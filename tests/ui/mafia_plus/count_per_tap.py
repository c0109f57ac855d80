"""Inside the real app (headless, a process of its own): how many table views are computed and how
many times the screen is drawn for one tap — an accusation on the Day, a vote cast.

    python tests/ui/mafia_plus/count_per_tap.py DB OUT.json

The engine's ``view`` is wrapped to count calls; ``show`` of the Day and Vote screens is wrapped to
count rebuilds. The taps are the screens' own handlers (the robot plays by visible text elsewhere)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

for key, value in {"KIVY_NO_ARGS": "1", "KIVY_NO_FILELOG": "1", "KIVY_NO_CONSOLELOG": "1",
                   "SDL_AUDIODRIVER": "dummy"}.items():
    os.environ.setdefault(key, value)
ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "ui"))

from ui.main import configure_kivy  # noqa: E402

DB, OUT = sys.argv[1], Path(sys.argv[2])
configure_kivy((800, 480), False)

from companion.engine import TABLE  # noqa: E402
from companion.games.mafia_plus import ENGINE  # noqa: E402
from companion.games.mafia_plus import engine as E  # noqa: E402
from companion.store import Store  # noqa: E402
from ui.app import CompanionApp  # noqa: E402
from ui_harness import run_scenario  # noqa: E402

obs: dict = {}
counts = {"table_views": 0, "views": 0, "shows": 0}


def counting(cls):
    show = cls.show

    def counted(self, events):
        counts["shows"] += 1
        return show(self, events)

    cls.show = counted


real_view = type(ENGINE).view


def counted_view(self, state, audience):
    counts["views"] += 1
    if audience == TABLE:
        counts["table_views"] += 1
    return real_view(self, state, audience)


def measure(what: str, tap) -> None:
    for key in counts:
        counts[key] = 0
    tap()
    obs[what] = dict(counts)


def scenario(app):
    from ui.controller import Route
    from ui.games.mafia_plus.common import play_until, sample_session
    from ui.games.mafia_plus.day import MafiaPlusDayScreen
    from ui.games.mafia_plus.vote import MafiaPlusVoteScreen

    counting(MafiaPlusDayScreen)
    counting(MafiaPlusVoteScreen)
    type(ENGINE).view = counted_view
    yield 0.5
    session = sample_session(app.table)
    play_until(session, lambda v: v.phase == "day" and v.step == "discussion")
    app.go(Route("mafia_plus_day", {"game": "mafia-plus", "game_id": session.game_id}))
    yield 0.5
    day = app.manager.current_screen
    obs["day_screen"] = day.name
    accusation = next(a for a in session.legal_actions() if isinstance(a, E.Accuse))
    day.start_accuse()
    day.tap_seat(accusation.by)

    def accuse():
        day.tap_seat(accusation.target)

    measure("accusation", accuse)
    obs["accused"] = list(session.view(TABLE).accused)
    yield 0.2
    # a second accusation, then the first one dropped by its chip: the chips follow the accused
    second = next(a for a in session.legal_actions() if isinstance(a, E.Accuse)
                  and a.by != accusation.by and a.target != accusation.target)
    day.start_accuse()
    day.tap_seat(second.by)
    day.tap_seat(second.target)
    yield 0.2

    def chips():
        return [c.text for c in reversed(day.ids.accused_box.children)]

    obs["chips_two"] = chips()
    obs["accused_two"] = list(session.view(TABLE).accused)
    next(c for c in day.ids.accused_box.children if c.text == obs["chips_two"][0]).dispatch("on_release")
    yield 0.2
    obs["chips_dropped"] = chips()
    obs["accused_dropped"] = list(session.view(TABLE).accused)
    day.call_vote("eliminate")
    yield 0.5
    while app.manager.current_screen.name != "mafia_plus_vote" or app.manager.current_screen.curtain:
        yield 0.2  # the vote's call is said (or read) on the curtain first
    vote = app.manager.current_screen
    obs["vote_screen"] = vote.name
    target = vote.ids.ring.marked[0]
    measure("vote", lambda: vote.tap_seat(target))
    obs["voted"] = list(session.view(TABLE).voted)


store = Store.open(DB)
for key, value in {"mafia_plus.min_call_seconds": 0.5, "mafia_plus.hold_seconds": 0.2}.items():
    store.set_setting(key, value)
app = CompanionApp(store=store)
sys.exit(run_scenario(app, store, scenario(app), obs, OUT))
