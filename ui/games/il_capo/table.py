"""The table: whose turn, the spinner's result large, the prompt, every player's balance large,
crew and jail / hospital / prison counters. A turn: spin to move, then say what the space holds."""

from __future__ import annotations

from kivy.properties import StringProperty

from ui.game_screen import GameScreen
from ui.screens import load_kv

from . import logic as L
from .common import GAME, IlCapoChoice, SpinnerPlay, fill_tiles

load_kv(__file__)

MENUS = {
    "trouble": ("What is on the space?", ("cop", "player", "rico", "brothers", "marcello", "jail", "skill")),
    "gauntlet": ("The gauntlet", ("skyscraper", "row", "mansion")),
}


class IlCapoTableScreen(SpinnerPlay, GameScreen):
    game = GAME
    # the prompt already says whose turn it is: the news line keeps what happened (a cop's bust
    # was pushed out of the two-line news by "Round 1: Ben's turn. Spin to move.")
    NEWS_SKIP = ("turn", "released")  # and the line under the tiles says who waits on the Out of Jail space
    menu = StringProperty("")  # an open choice panel over the middle
    menu_title = StringProperty("")
    jail_line = StringProperty("")  # Jail and the Out of Jail space, under the tiles

    def enter(self, news: str = "", **_) -> None:
        self.continue_to = ""
        self.menu = ""
        if news:
            self.news = news

    def show(self, events) -> None:
        v = self.view()
        self.show_spinner(v, events)
        marks = {v.turn: "turn"} if v.turn < len(v.players) else {}
        if self.menu == "target":
            marks = {c.action.target: "target" for c in L.target_choices(v, self.session.legal_actions())
                     if c.enabled}
        fill_tiles(self.ids.tiles, v, marks, on_tap=self.tap_tile)
        self.jail_line = L.jail_line(v)
        self._fill_controls(v)
        if self.menu:
            self._fill_menu(v)

    def _fill_controls(self, v) -> None:
        box = self.ids.controls
        box.clear_widgets()
        w = v.awaiting
        if self.continue_to or L.screen_for(v) != self.name:
            buttons = [L.Choice("continue", "Continue ›", mode="continue", primary=True)]
        elif w == "move":
            buttons = [L.Choice("hand", "Real spinner", mode="hand"),
                       L.Choice("spin", f"Spin for {v.turn_name}", mode="spin", primary=True)]
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

    def _fill_menu(self, v) -> None:
        legal = self.session.legal_actions()
        if self.menu in MENUS:
            title, keys = MENUS[self.menu]
            choices = [c for c in L.land_choices(v, legal) if c.key in keys]
        elif self.menu == "target":
            title, choices = "Shoot whom? Tap a player.", L.target_choices(v, legal)
        elif self.menu == "jail":
            title, choices = "The Out of Jail space", L.jail_choices(v, legal)
        else:
            title, choices = "Use a skill", L.skill_choices(v, legal)
        self.menu_title = title
        upright = self.height > self.width  # 720x1280: three columns cut "Landed on a cop"
        cols = (2 if upright else 3) if len(choices) > 4 else (2 if len(choices) == 4 else 1)
        buttons = self.fill_choices(self.ids.menu_grid, choices, cols=cols)
        for b in buttons:
            b.font_size = self.ids.close_menu.font_size

    # -- taps ------------------------------------------------------------------------------
    def choose(self, button) -> None:
        if button.choice.action is not None:
            self.menu = ""
        super().choose(button)

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
            self.open_menu(mode)

    def open_menu(self, mode: str) -> None:
        """A choice panel over the middle (no commit: only what the panel and the marks show)."""
        self.menu = mode
        self.error = ""
        v = self.view()
        self._fill_menu(v)
        if mode == "target":
            marks = {c.action.target: "target" for c in L.target_choices(v, self.session.legal_actions())
                     if c.enabled}
            fill_tiles(self.ids.tiles, v, marks, on_tap=self.tap_tile)

    def close_menu(self) -> None:
        closing_target = self.menu == "target"
        self.menu = ""
        if closing_target:
            v = self.view()
            fill_tiles(self.ids.tiles, v, {v.turn: "turn"} if v.turn < len(v.players) else {}, on_tap=self.tap_tile)

    def tap_tile(self, tile) -> None:
        if self.menu == "target":
            self.close_menu()
            self.act(L.Challenge(tile.seat))
        else:
            self.go("il_capo_bank", seat=tile.seat)

    def spin(self) -> bool:
        self.menu = ""
        return super().spin()

    def next_step(self) -> bool:
        v = self.view()
        if v.awaiting == "move":
            return self.spin()
        if v.awaiting == "land" and not self.menu:
            return self.act(L.EndTurn())
        return False

    def pick_seat(self, seat: int) -> bool:
        if self.menu == "target":
            self.close_menu()
            self.act(L.Challenge(seat))
            return True
        return False

    def on_leave(self, *args):
        self.menu = ""
        return super().on_leave(*args)


SCREEN = IlCapoTableScreen
