"""The final score: the richest first, each player's trafficking tiles and briefcases, the
total in $ (large) and the winner; the engine's breakdown in words below."""

from __future__ import annotations

from kivy.app import App
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from ui.controller import Route
from ui.screens import load_kv

from . import logic
from .base import GAME, ContractScreen, find_session, say

load_kv(__file__)


class ContractScoreRow(BoxLayout):
    name = StringProperty("")
    details = StringProperty("")
    total = StringProperty("")
    winner = BooleanProperty(False)


class ContractScoreScreen(ContractScreen):
    breakdown = StringProperty("")
    headline = StringProperty("")

    def prepare(self, game: str = GAME, game_id: int | None = None, **_):
        self.follow(find_session(App.get_running_app(), game_id, finished_ok=True))
        self.error = ""
        self.refresh()

    def sample_route(self, app) -> Route:
        from companion.session import Session
        from companion.simulate import chance_rng

        session = Session.start(app.store, GAME, {"players": 3, "names": ["Anna", "Bruno", "Carla"]}, seed=77)
        engine = session.engine
        n = 0
        while session.outcome() is None and n < 5000:
            legal = session.legal_actions()
            if session.state.phase in ("trafficking", "layout") or engine.awaiting_turn_up(session.state) is not None:
                session.draw()
            else:
                session.act(engine.playout_policy(session.state, legal, chance_rng(77, n)))
            n += 1
        app.sessions[GAME] = session
        return Route(self.name, {"game": GAME, "game_id": session.game_id})

    def new_game(self) -> None:
        App.get_running_app().end_session(GAME)
        self.go("contract_new")

    def refresh(self) -> None:
        if "rows" not in self.ids or self.session is None:
            return
        view = self.view()
        score = view.score
        box = self.ids.rows
        box.clear_widgets()
        self.score_rows = {}
        if score is None:
            self.headline = "The game is not over yet."
            self.breakdown = ""
            self.set_phase("Contract · score")
            return
        self.set_phase("Contract · final score")
        self.headline = score.lines[-1]
        for line in logic.score_lines(self.engine, score):
            row = ContractScoreRow(name=line.name, details=", ".join(line.details) or "nothing won",
                                   total=f"{line.total} $", winner=line.winner)
            box.add_widget(row)
            self.score_rows[line.name] = row
        self.breakdown = "\n".join(score.lines[:-2])

    def on_enter(self, *_):
        if self.headline and self.session is not None and self.session.outcome() is not None:
            say(self.headline)


SCREEN = ContractScoreScreen
