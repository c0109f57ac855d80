"""The end: the winner large (Il Capo, or Moretti's consigliere), the result, final balances."""

from __future__ import annotations

from kivy.properties import StringProperty

from ui.controller import Route
from ui.game_screen import GameScreen
from ui.screens import load_kv

from .common import GAME, IlCapoPlay, fill_tiles

load_kv(__file__)


class IlCapoEndScreen(IlCapoPlay, GameScreen):
    game = GAME
    winner = StringProperty("")
    crown = StringProperty("")

    def show(self, events) -> None:
        v = self.view()
        self.show_prompt(v)
        self.winner = v.winner or "Nobody"
        self.crown = "IL CAPO" if "Il Capo" in v.prompt else "CONSIGLIERE" if "consigliere" in v.prompt else "GAME OVER"
        fill_tiles(self.ids.tiles, v, {p.seat: "turn" for p in v.players if p.name == v.winner})
        self.ids.tiles.cols = 1 if len(v.players) <= 2 else 2
        for tile in self.ids.tiles.children:  # the game is over: the gauntlet no longer matters
            tile.gauntlet = ""

    def new_game(self) -> None:
        self.table.close(GAME)
        self.table.go(Route("il_capo_new", {"game": GAME}))

    def home(self) -> None:
        self.table.close(GAME)
        self.table.go(Route("home"))


SCREEN = IlCapoEndScreen
