"""Mafia (Sicily): the map, a screen of its own (issue 18: on half the turn screen it could show only
three-letter codes on overlapping tiles).

Every space with its full name, its type's border colour and the key to them, the counters and the
control as chips (``board_map``); the line above Back says what a tap does now. While a counter is to
move, tapping a lit space (or, with move checking off, any space) moves the chosen counter there and
goes back to the turn; tapping the space of one of the acting side's counters chooses that counter.
When a move there could use either die, the turn screen offers just those moves.
"""

from __future__ import annotations

from kivy.properties import ListProperty, ObjectProperty, StringProperty

from companion.games.mafia_sicily.engine import Move
from ui.controller import Route
from ui.game_screen import GameScreen
from ui.screens import load_kv
from ui.games.mafia_sicily import model
from ui.games.mafia_sicily.board_map import SicilyBoardMap  # noqa: F401  (used by board.kv)
from ui.games.mafia_sicily.flow import GAME, start_sample

load_kv(__file__)


class SicilyMapScreen(GameScreen):
    game = GAME
    phase = StringProperty("Mafia (Sicily) · map")
    engine = ObjectProperty(None, allownone=True)
    table_view = ObjectProperty(None, allownone=True)
    selected = StringProperty("")
    highlight = ListProperty([])
    tap_text = StringProperty("")

    def enter(self, selected: str = "", **_):
        self.table.app_services.watch_phones(self.session)
        self.engine = model.game_engine(self.session)  # the game's own board: names, routes
        self.selected = selected

    def sample_route(self, app) -> Route:
        session = start_sample(self.table, steps=14)
        return Route("mafia_sicily_map", {"game": GAME, "game_id": session.game_id})

    def show(self, events) -> None:
        self.table_view = self.view()
        self._redraw()

    def _redraw(self) -> None:
        view = self.table_view
        self.set_phase(model.phase_text(view))
        choices = model.table_choices(self.engine, view, self.selected)
        moving = view.prompt_kind == "move"
        self.selected = choices.selected if moving else ""
        self.highlight = choices.destinations if moving else []
        if moving and self.selected:
            what = model.short_name(self.selected)
            self.tap_text = (f"Tap a lit space: the {what} moves there." if view.check_moves
                             else f"Tap the space the {what} moved to. Lit: where the dice take it.")
        elif moving:
            self.tap_text = "Tap a space with the counter to move."
        else:
            self.tap_text = "The key under the map says what each chip means."
        self._place()

    def _place(self, *_):
        board = self.ids.board
        x, y, w, h = board.inner("error" if self.error else "tap")
        g = 4 * self.ids.board.height / 480
        self.ids.tap.width = w - 2 * g
        self.ids.tap.x, self.ids.tap.top = x + g, y + h - g
        x, y, w, h = board.inner("back")
        self.ids.back.pos, self.ids.back.size = (x + g, y + g), (w - 2 * g, h - 2 * g)

    # -- taps -----------------------------------------------------------------------------
    def tap_space(self, space: str) -> None:
        """A space was tapped: choose the counter there, or move the chosen one there."""
        self.error = ""
        legal = [a for a in self.session.legal_actions() if isinstance(a, Move)]
        if not legal:
            self.error = "Nothing moves now: the map only shows the board."
            return
        if not self.selected:
            positions = dict(self.table_view.positions)
            here = [m.counter for m in legal if positions[m.counter] == space]
            if here:
                self.selected = here[0]
                self._redraw()
            else:
                self.error = "None of the counters to move is there: tap the space of one that is."
            return
        mine = [m for m in legal if m.counter == self.selected and m.to == space]
        if len(mine) > 1:  # either die could take it there: the turn screen offers just those
            self.back(space=space)
            return
        if self.act(mine[0] if mine else Move(self.selected, space, "sum")):
            self.selected = ""
            self.back()

    def back(self, space: str = "") -> None:
        self.go("mafia_sicily_table", selected=self.selected, space=space)

    def on_next(self) -> bool:
        self.back()
        return True


SCREEN = SicilyMapScreen
