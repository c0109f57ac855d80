"""The final score: the richest first, each player's trafficking tiles and briefcases, the
total in $ (large) and the winner; the engine's breakdown in words below."""

from __future__ import annotations

from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from ui.game_screen import GameScreen
from ui.screens import load_kv

from . import logic
from .flow import GAME, table_view

load_kv(__file__)


class ContractScoreRow(BoxLayout):
    name = StringProperty("")
    details = StringProperty("")
    total = StringProperty("")
    winner = BooleanProperty(False)


class ContractScoreScreen(GameScreen):
    game = GAME
    breakdown = StringProperty("")
    headline = StringProperty("")

    def enter(self, **_) -> None:
        self.headline = ""

    def new_game(self) -> None:
        self.table.close(GAME)
        self.go("contract_new")

    def show(self, events) -> None:
        if "rows" not in self.ids or self.session is None:
            return
        view = table_view(self.session)
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
        said = self.headline
        self.headline = score.lines[-1]
        for line in logic.score_lines(self.session.engine, score):
            row = ContractScoreRow(name=line.name, details=", ".join(line.details) or "nothing won",
                                   total=f"{line.total} $", winner=line.winner)
            box.add_widget(row)
            self.score_rows[line.name] = row
        self.breakdown = "\n".join(score.lines[:-2])
        if said != self.headline:
            self.say(self.headline)  # the winner, once as the score shows


SCREEN = ContractScoreScreen
