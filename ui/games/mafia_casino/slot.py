"""Slot Machine: the bet (1-3 cards) was chosen with the card; three cards are turned — by the app,
or tapped in as pearl / diamond / none from the real pile — and the pay table decides."""

from __future__ import annotations

from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.games.mafia_casino import actions as A
from companion.games.mafia_casino.engine import SLOT_PAY
from ui.screens import load_kv

from ui.game_screen import GameScreen

from . import logic as L
from .card_game import CardGamePlay
from .widgets import CasinoSlotSymbol  # noqa: F401  (kv)

load_kv(__file__)

PAY_LINES = (("2 pearls or\n2 diamonds", "two"), ("3 pearls", "three pearls"),
             ("3 diamonds", "three diamonds"))


def pay_table_text(bet: int) -> str:
    """The pay table as markup, the column of this bet in bold brass."""
    head = "  ".join(f"[b][color=E3A63B]{n} card{'s' if n > 1 else ''}[/color][/b]" if n == bet else
                     f"{n} card{'s' if n > 1 else ''}" for n in (1, 2, 3))
    lines = [f"[color=A59E97]Bet[/color]   {head}"]
    for title, key in PAY_LINES:
        cells = "   ".join(f"[b][color=E3A63B]${v}M[/color][/b]" if i + 1 == bet else f"${v}M"
                           for i, v in enumerate(SLOT_PAY[key]))
        lines.append(f"{title}\n      {cells}")
    return "\n".join(lines)


class CasinoSlotScreen(CardGamePlay, GameScreen):
    turning_mode = "turn"  # ROLL turns the cards then
    game = L.GAME
    follows_route = False  # the result stays on screen until the table is asked for
    mode = StringProperty("turn")  # turn / result
    prompt = StringProperty("")
    reels = ListProperty(["", "", ""])
    bet = NumericProperty(1)
    pay_text = StringProperty("")
    can_record = BooleanProperty(False)
    prize_text = StringProperty("")  # "+$15M" once the cards are turned

    def enter(self, **_) -> None:
        self.reels = ["", "", ""]

    def set_reel(self, index: int, symbol: str) -> None:
        if self.mode != "turn":
            return
        self.error = ""
        reels = list(self.reels)
        reels[index] = symbol
        self.reels = reels
        self.show([])

    def cycle_reel(self, index: int) -> None:
        """Tapping a reel enters the real card: pearl, then diamond, then none."""
        order = ("pearl", "diamond", "none")
        current = self.reels[index]
        self.set_reel(index, order[(order.index(current) + 1) % 3] if current in order else order[0])

    def record(self) -> None:
        self.act(A.SlotCardsTurned(tuple(self.reels), True))

    def app_turns(self) -> None:
        self.draw()

    def show(self, events) -> None:
        view = self.view()
        self.set_phase(L.status_line(view))
        if view.phase == "slot":
            self.mode = "turn"
            self.bet = view.game.bet
            self.prompt = (f"{view.active_name} bets {self.bet} card{'s' if self.bet > 1 else ''} and turns three "
                           f"cards: tap each reel until it shows the real card, or let the app turn them.")
            self.can_record = all(self.reels)
        else:
            self.mode = "result"
            last = view.last_game
            self.prompt = last.text if last and last.game == "slot" else "No slot machine has been played yet."
            if last and last.game == "slot":  # the result carries the cards turned and the bet
                self.reels, self.bet = list(last.cards), last.bet
            self.can_record = False
        self.prize_text = ""
        last = view.last_game
        if self.mode == "result" and last and last.game == "slot":
            self.prize_text = f"+{L.big_money(last.paid_each)}" if last.paid_each else "$0M"
        self.pay_text = pay_table_text(self.bet)
        self._fill_pay_grid()

    def _fill_pay_grid(self) -> None:
        from kivy.uix.label import Label

        from ui import theme as th

        s = th.THEME.scale
        grid = self.ids.pay_grid
        grid.clear_widgets()
        rows = [("Bet cards", ("1", "2", "3"))] + [(title, tuple(f"${v}M" for v in SLOT_PAY[key]))
                                                  for title, key in PAY_LINES]
        for r, (title, cells) in enumerate(rows):
            grid.add_widget(Label(text=title, font_name=th.FONT, font_size=th.CAPTION * s, color=th.MUTED,
                                  size_hint_x=None, width=140 * s, halign="left", valign="middle",
                                  text_size=(140 * s, None)))
            for i, cell in enumerate(cells):
                on = i + 1 == self.bet
                grid.add_widget(Label(text=cell, font_name=th.FONT, bold=on, font_size=(th.BODY if on else th.CAPTION) * s,
                                      color=th.ACCENT if on else th.TEXT))


SCREEN = CasinoSlotScreen
