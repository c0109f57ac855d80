"""The end: the winner large (Il Capo, or Moretti's consigliere), the result, final balances."""

from __future__ import annotations

from kivy.app import App
from kivy.properties import StringProperty

from ui.controller import Route

from .common import GAME, IlCapoScreen, sample_session
from ui.screens import load_kv

load_kv(__file__)


class IlCapoEndScreen(IlCapoScreen):
    winner = StringProperty("")
    crown = StringProperty("")

    def fill(self) -> None:
        v = self.view
        self.winner = v.winner or "Nobody"
        self.crown = "IL CAPO" if "Il Capo" in v.prompt else "CONSIGLIERE" if "consigliere" in v.prompt else "GAME OVER"
        self.fill_tiles(self.ids.tiles, {p.seat: "turn" for p in v.players if p.name == v.winner})
        self.ids.tiles.cols = 1 if len(v.players) <= 2 else 2
        for tile in self.ids.tiles.children:  # the game is over: the gauntlet no longer matters
            tile.gauntlet = ""

    def new_game(self) -> None:
        app = App.get_running_app()
        app.end_session(GAME)
        app.go(Route("il_capo_new", {"game": GAME}))

    def home(self) -> None:
        app = App.get_running_app()
        app.end_session(GAME)
        app.go(Route("home"))

    def sample_route(self, app) -> Route:
        from companion.games.il_capo import EndTurn, Receive, Spun

        steps = [("act", Receive(0, 2_000_000, "board")), ("act", Spun(6, "R"))]
        from companion.games.il_capo import DevelopSkyscraper, EnterMansion, NavigateDeadMansRow
        steps += [("act", DevelopSkyscraper()), ("act", NavigateDeadMansRow()), ("act", EnterMansion()),
                  ("act", Spun(10, "R"))]
        s, news = sample_session(app, steps)
        return Route(self.name, {"game": "il-capo", "game_id": s.game_id, "news": news})


SCREEN = IlCapoEndScreen
