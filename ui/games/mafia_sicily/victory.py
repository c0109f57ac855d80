"""Mafia (Sicily): the winner, why, the final scores and (now that it is over) every hand."""

from __future__ import annotations

from kivy.properties import StringProperty

from companion.engine import REVEAL
from ui.controller import Route
from ui.game_screen import GameScreen
from ui.screens import load_kv
from ui.games.mafia_sicily import model
from ui.games.mafia_sicily.flow import GAME, finished_sample
from ui.games.mafia_sicily.scores import fill_scores

load_kv(__file__)


class SicilyVictoryScreen(GameScreen):
    game = GAME
    phase = StringProperty("Game over")
    winner_text = StringProperty("")
    reason_text = StringProperty("")
    hands_text = StringProperty("")

    def show(self, events) -> None:
        view = self.view()
        self.winner_text = model.winners_text(view) or "The game goes on."
        self.reason_text = view.result
        fill_scores(self.ids.tiles, view, with_cards=False)
        if view.winners is not None:
            reveal = self.session.view(REVEAL)
            engine = model.game_engine(self.session)  # the game's own box values
            parts = []
            for side, cards in reveal.hands:
                if cards and side in model.FACTION_SHORT:
                    parts.append(f"{model.FACTION_SHORT[side]}: " + ", ".join(engine.card_by_id[c].name for c in cards))
            self.hands_text = ("Cards held at the end — " + "; ".join(parts) + ".") if parts else "Nobody held a card at the end."
            if not events:
                self.say(f"{self.winner_text} {self.reason_text}")

    def sample_route(self, app) -> Route:
        session = finished_sample(self.table)
        return Route("mafia_sicily_victory", {"game": GAME, "game_id": session.game_id})

    def home(self) -> None:
        self.table.close(GAME)
        self.table.go(Route("home"))

    def after_undo(self) -> None:
        self.go("mafia_sicily_table")

    def on_next(self) -> bool:
        self.home()
        return True


SCREEN = SicilyVictoryScreen
