"""Poker Texas Hold'em, the croupier's way: every player puts two cards face down, then all are
turned face up ("the cards are turned face up in a way that all players can see them"), so the
hands are entered in the open: two taps per player, recorded at the second (a slip is one Undo).
The board's five cards are tapped in or turned by the app, and the result names every hand and
says why the winner wins ("Anna and Ben each win $3M" on a tie)."""

from __future__ import annotations

from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.games.mafia_casino import actions as A
from ui import theme as th
from ui.screens import load_kv

from ui.game_screen import GameScreen

from . import logic as L
from .card_game import CardGamePlay
from .widgets import CasinoCardFace

load_kv(__file__)


class CasinoPokerScreen(CardGamePlay, GameScreen):
    turning_mode = "board"  # ROLL turns the cards then
    game = L.GAME
    follows_route = False  # the result stays on screen until the table is asked for
    mode = StringProperty("holes")  # holes / board / result
    prompt = StringProperty("")
    picked = ListProperty([])
    needed = 2
    result_text = StringProperty("")
    winner_title = StringProperty("")  # "Anna wins" (large, beside the hands)
    winner_amount = StringProperty("")  # "$6M" (the number people look for)
    winner_hand = StringProperty("")
    can_confirm = BooleanProperty(False)

    def enter(self, **_) -> None:
        self.picked = []

    def _chooser(self):
        view = self.view()
        if view.game is None or not view.game.waiting_for:
            return None
        name = view.game.waiting_for[0]
        return next(p.seat for p in view.players if p.name == name)

    # -- taps ---------------------------------------------------------------------------------
    def tap_face(self, code: str) -> None:
        self.error = ""
        if len(self.picked) >= self.needed:
            self.error = f"{self.needed} cards are chosen: tap a chosen card to take it back."
            return
        self.picked = self.picked + [code]
        if self.mode == "holes" and len(self.picked) == self.needed:
            self.confirm()  # the cards are face up: the second card records the hand
            return
        self.show([])

    def untap(self, index: int) -> None:
        if index < len(self.picked):
            picked = list(self.picked)
            del picked[index]
            self.picked = picked
            self.show([])

    def confirm(self) -> None:
        if self.mode == "holes":
            seat = self._chooser()
            action = A.PokerCards(seat, tuple(self.picked))
        else:
            action = A.PokerBoard(tuple(self.picked), True)
        picked = self.picked
        self.picked = []
        if not self.act(action):  # refused: the picks stay, the sentence shows (a commit shows itself)
            self.picked = picked
            self.show([])

    def app_turns(self) -> None:
        self.picked = []
        self.draw()

    # -- showing ------------------------------------------------------------------------------
    def show(self, events) -> None:
        view = self.view()
        self.set_phase(L.status_line(view))
        if view.phase == "poker":
            self.mode, self.needed = "holes", 2
            seat = self._chooser()
            name = view.players[seat].name
            others = [n for n in view.game.waiting_for if n != name]
            # two lines at most: with six players a third (the hands recorded) pushed the first out
            self.prompt = (f"All cards face up: tap {name}'s two cards."
                           + (f"\nThen {L.names_text(others)}." if others else ""))
        elif view.phase == "poker_board":
            self.mode, self.needed = "board", 5
            self.prompt = f"The board: {view.active_name} turns five cards — tap them, or let the app turn them."
        else:
            self.mode = "result"
        self.can_confirm = self.mode != "result" and len(self.picked) == self.needed
        if self.mode == "result":
            # the pad leaves the layout: a GridLayout without a size hint keeps its rows' height,
            # which pushed the result under the buttons and left the top of the screen empty
            self.ids.pad.clear_widgets()
            self.ids.pad.height = 0  # an empty GridLayout never lays itself out again
            self._show_result(view)
        else:
            self._fill_pad()
        self._fill_slots()

    def _fill_pad(self) -> None:
        pad = self.ids.pad
        upright = self.height > self.width  # 720x1280: a column per suit, 13 rows (cards 47 px wide across)
        if pad.children and upright == getattr(self, "_pad_upright", upright):
            return
        pad.clear_widgets()
        self._pad_upright = upright
        suits, values = L.card_suits(), L.card_values()
        pad.cols = len(suits) if upright else len(values)
        codes = ([v + s for v in values for s in suits] if upright else [v + s for s in suits for v in values])
        for code in codes:
            face = CasinoCardFace(code=code, one_line=True)  # "9♣" on one line: 22 px+ (was 17 px on two)
            face.bind(on_release=lambda f: self.tap_face(f.code))
            pad.add_widget(face)

    def on_size(self, *_) -> None:
        if "pad" in self.ids and self.ids.pad.children:
            self._fill_pad()  # turned: the pad laid out the other way (nothing else changes)

    def _fill_slots(self) -> None:
        box = self.ids.slots
        box.clear_widgets()
        if self.mode == "result":
            return
        for i in range(self.needed):
            code = self.picked[i] if i < len(self.picked) else ""
            face = CasinoCardFace(code=code, size_hint_x=None, width=self.ids.slots.height * 0.72)
            face.bind(on_release=lambda f, i=i: self.untap(i))
            box.add_widget(face)

    def _show_result(self, view) -> None:
        result = view.last_game
        rows = self.ids.rows
        rows.clear_widgets()
        if result is None or result.game != "poker":
            self.result_text = "No poker game has been played yet."
            return
        self.result_text = result.text
        s = th.THEME.scale
        winners = {view.players[w].name for w in result.winners}
        entries = [("Board", "the five cards turned", result.cards)]
        for name, what in result.details:
            hand, _, cards = what.rpartition(": ")
            entries.append((name, hand, tuple(cards.split())))
        names = [view.players[w].name for w in result.winners]
        self.winner_title = L.winner_title(names)
        self.winner_amount = L.big_money(result.paid_each) if result.paid_each else ""
        self.winner_hand = next((hand for name, hand, _ in entries[1:] if name in winners), "")
        # rows as tall as the space allows (the cards are what people check), 56-66 px: 22 px+ faces
        height = min(66, max(56, (230 - th.GAP * len(entries)) / max(1, len(entries)))) * s
        for name, hand, cards in entries:
            row = BoxLayout(size_hint_y=None, height=height, spacing=th.GAP * s)
            won = name in winners
            row.add_widget(Label(text=name, font_name=th.FONT, bold=True,
                                 font_size=th.BODY * s, color=th.ACCENT if won else th.TEXT, size_hint_x=None,
                                 width=96 * s, halign="left", valign="middle", text_size=(96 * s, None),
                                 shorten=True))
            for code in cards:
                row.add_widget(CasinoCardFace(code=code, one_line=True, size_hint_x=None, width=height * 0.95,
                                              selected=won))
            label = Label(text=hand, font_name=th.FONT, font_size=th.CAPTION * s, color=th.MUTED,
                          halign="left", valign="middle", line_height=0.95)  # wraps to two lines
            label.bind(size=lambda w, size: setattr(w, "text_size", size))
            row.add_widget(label)
            rows.add_widget(row)

SCREEN = CasinoPokerScreen
