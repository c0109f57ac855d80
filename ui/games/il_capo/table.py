"""The table: whose turn, the spinner's result large, the prompt, every player's balance large,
crew and jail / hospital / prison counters. A turn: spin to move, then say what the space holds."""

from __future__ import annotations

from kivy.properties import StringProperty

from companion.engine import TABLE
from ui.controller import Route

from . import logic as L
from .common import IlCapoChoice, IlCapoScreen, sample_session
from ui.screens import load_kv

load_kv(__file__)

MENUS = {
    "trouble": ("What is on the space?", ("cop", "player", "rico", "brothers", "marcello", "jail", "skill")),
    "gauntlet": ("The gauntlet", ("skyscraper", "row", "mansion")),
}


class IlCapoTableScreen(IlCapoScreen):
    # the prompt already says whose turn it is: the news line keeps what happened (a cop's bust
    # was pushed out of the two-line news by "Round 1: Ben's turn. Spin to move.")
    NEWS_SKIP = ("turn", "released")  # and the line under the tiles says who waits on the Out of Jail space
    menu = StringProperty("")  # an open choice panel over the middle
    menu_title = StringProperty("")
    jail_line = StringProperty("")  # Jail and the Out of Jail space, under the tiles

    def fill(self) -> None:
        v = self.view
        marks = {v.turn: "turn"} if v.turn < len(v.players) else {}
        if self.menu == "target":
            marks = {c.action.target: "target" for c in L.target_choices(v, self.session.legal_actions())
                     if c.enabled}
        self.fill_tiles(self.ids.tiles, marks, on_tap=self.tap_tile)
        self.jail_line = L.jail_line(v)
        self._fill_controls()
        if self.menu:
            self._fill_menu()

    def _fill_controls(self) -> None:
        box = self.ids.controls
        box.clear_widgets()
        w = self.state.awaiting
        if self.continue_to or L.screen_for(self.state) != self.name:
            buttons = [L.Choice("continue", "Continue ›", mode="continue", primary=True)]
        elif w == "move":
            buttons = [L.Choice("hand", "Real spinner", mode="hand"),
                       L.Choice("spin", f"Spin for {self.view.turn_name}", mode="spin", primary=True)]
        elif w == "land":
            buttons = [L.Choice("hire", "Hire crew", mode="hire"),
                       L.Choice("trouble", "Trouble…", mode="trouble"),
                       L.Choice("gauntlet", "Gauntlet…", mode="gauntlet"),
                       L.Choice("end", "End turn", L.EndTurn(), primary=True)]
        else:
            buttons = []
        for choice in buttons:
            button = IlCapoChoice(choice)
            button.font_size = button.font_size * 1.08
            button.bind(on_release=self.choose)
            box.add_widget(button)

    def _fill_menu(self) -> None:
        legal = self.session.legal_actions()
        if self.menu in MENUS:
            title, keys = MENUS[self.menu]
            choices = [c for c in L.land_choices(self.view, legal) if c.key in keys]
        elif self.menu == "target":
            title, choices = "Shoot whom? Tap a player.", L.target_choices(self.view, legal)
        elif self.menu == "jail":
            title, choices = "The Out of Jail space", L.jail_choices(self.view, legal, self.state)
        else:
            title, choices = "Use a skill", L.skill_choices(self.view, legal)
        self.menu_title = title
        buttons = self.fill_choices(self.ids.menu_grid, choices, cols=3 if len(choices) > 4 else (2 if len(choices) == 4 else 1))
        for b in buttons:
            b.font_size = self.ids.close_menu.font_size

    # -- taps ------------------------------------------------------------------------------
    def choose(self, button) -> None:
        if button.choice.action is not None:
            self.menu = ""
        super().choose(button)
        self.refresh()

    def open_mode(self, choice) -> None:
        mode = choice.mode
        if mode == "continue":
            self.do_continue()
        elif mode == "spin":
            self.spin()
        elif mode == "hire":
            self.menu = ""
            self.go("il_capo_hire")
        elif not choice.enabled:
            self.error = {"jail": "Nobody is waiting on the Out of Jail space.",
                          "player": "There is nobody on the street to shoot at."}.get(choice.key, "Not possible now.")
        else:
            self.menu = mode if mode != "trouble" or choice.key == "trouble" else mode
            self.error = ""
            self.refresh()

    def close_menu(self) -> None:
        self.menu = ""
        self.refresh()

    def tap_tile(self, tile) -> None:
        if self.menu == "target":
            self.menu = ""
            self.act(L.Challenge(tile.seat))
            self.refresh()
        else:
            self.go("il_capo_bank", seat=tile.seat)

    def spin(self) -> bool:
        self.menu = ""
        return super().spin()

    def on_next(self) -> bool:
        if self.state.awaiting == "move":
            return self.spin()
        if self.state.awaiting == "land" and not self.menu:
            return self.act(L.EndTurn())
        return False

    def pick_seat(self, seat: int) -> bool:
        if self.menu == "target":
            self.menu = ""
            self.act(L.Challenge(seat))
            return True
        return False

    def on_leave(self, *args):
        self.menu = ""
        super().on_leave(*args)

    # -- screenshots -----------------------------------------------------------------------
    def sample_route(self, app) -> Route:
        from companion.games.il_capo import EndTurn, Hire, Receive, Spun

        s, news = sample_session(app, [("act", Spun(6, "R")), ("act", Receive(0, 500_000, "board")),
                                 ("act", Hire("Firpo")), ("act", EndTurn()), ("act", Spun(4, "L"))])
        return Route(self.name, {"game": "il-capo", "game_id": s.game_id, "news": news})


SCREEN = IlCapoTableScreen
