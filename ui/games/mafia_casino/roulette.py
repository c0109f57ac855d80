"""Roulette: the active player places two cards of different values, every other player one of a
value not yet played (or says they cannot); then cards are turned one at a time — by the app or
tapped in from the real pile — until one matches: $1M a card turned, up to $10M."""

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


class CasinoRouletteScreen(CardGamePlay, GameScreen):
    turning_mode = "spin"  # ROLL turns the cards then
    game = L.GAME
    follows_route = False  # the result stays on screen until the table is asked for
    mode = StringProperty("bets")  # bets / spin / result
    prompt = StringProperty("")
    picked = ListProperty([])
    can_place = BooleanProperty(False)
    can_pass = BooleanProperty(False)
    prize_text = StringProperty("")  # "Cleo +$2M", large, once the roulette is settled

    def enter(self, **_) -> None:
        self.picked = []

    def _placer(self):
        view = self.view()
        if view.phase != "roulette" or not view.game.waiting_for:
            return None
        name = view.game.waiting_for[0]
        return next(p.seat for p in view.players if p.name == name)

    def _needed(self) -> int:
        return 2 if self._placer() == self.view().active else 1

    # -- taps ---------------------------------------------------------------------------------
    def tap_value(self, value: str) -> None:
        self.error = ""
        if self.mode == "spin":
            self.act(A.RouletteCardTurned(value, True))
            return
        picked = list(self.picked)
        if value in picked:
            picked.remove(value)
        elif len(picked) < self._needed():
            picked.append(value)
        else:
            picked = picked[1:] + [value]
        self.picked = picked
        self.show([])

    def place(self) -> None:
        seat = self._placer()
        picked, self.picked = self.picked, []
        if not self.act(A.RouletteBet(seat, tuple(picked))):  # refused: the picks stay
            self.picked = picked
            self.show([])

    def cannot(self) -> None:
        self.picked = []
        self.act(A.RoulettePass(self._placer()))

    def app_turns(self) -> None:
        self.draw()

    # -- showing ------------------------------------------------------------------------------
    def show(self, events) -> None:
        view = self.view()
        self.set_phase(L.status_line(view))
        game = view.game
        played: tuple[str, ...] = ()
        if view.phase == "roulette":
            self.mode = "bets"
            seat = self._placer()
            name = view.players[seat].name
            self.prompt = (f"{name} places two cards of different values face up." if seat == view.active else
                           f"{name} places one card of a value not yet played.")
            played = tuple(v for _, vs in game.bets for v in vs)
            self.can_place = len(self.picked) == self._needed()
            self.can_pass = seat != view.active
        elif view.phase == "roulette_spin":
            self.mode = "spin"
            self.prompt = (f"{view.active_name} turns cards from the draw pile until one matches: "
                           f"tap the value turned, or let the app turn it.")
            self.can_place = self.can_pass = False
        else:
            self.mode = "result"
            last = view.last_game
            self.prompt = last.text if last and last.game == "roulette" else "No roulette has been played yet."
            self.can_place = self.can_pass = False
        self.prize_text = ""
        if self.mode == "result" and view.last_game and view.last_game.game == "roulette":
            last = view.last_game
            self.prize_text = f"{view.players[last.winners[0]].name} +{L.big_money(last.paid_each)}"
        self._fill_pad(played)
        self._fill_bets(view)

    def _fill_pad(self, played) -> None:
        pad = self.ids.pad
        if not pad.children:  # made once, then updated in place (a tap never lands on a stale face)
            for value in L.card_values():
                face = CasinoCardFace(code=value)
                face.bind(on_release=lambda f: self.tap_value(f.code))
                pad.add_widget(face)
        for face in pad.children:
            face.selected = face.code in self.picked
            face.disabled = self.mode == "result" or face.code in played

    @staticmethod
    def _bets_and_turned(view):
        if view.game is not None:
            return view.game.bets, view.game.turned
        last = view.last_game  # the finished round: its result carries the bets and the cards turned
        if last is None or last.game != "roulette":
            return (), ()
        return tuple((name, tuple(values.split())) for name, values in last.details), last.cards

    def _fill_bets(self, view) -> None:
        s = th.THEME.scale
        box = self.ids.bets
        box.clear_widgets()
        bets, turned = self._bets_and_turned(view)
        winner = {view.players[w].name for w in view.last_game.winners} if (
            self.mode == "result" and view.last_game and view.last_game.game == "roulette") else set()
        for name, values in bets:
            row = BoxLayout(size_hint_y=None, height=56 * s, spacing=th.GAP * s)  # 22 px+ faces
            row.add_widget(Label(text=name, font_name=th.FONT, bold=True, font_size=th.BODY * s,
                                 color=th.ACCENT if name in winner else th.TEXT, size_hint_x=None, width=130 * s,
                                 halign="left", valign="middle", text_size=(130 * s, None)))
            for v in values:
                row.add_widget(CasinoCardFace(code=v, size_hint_x=None, width=48 * s))
            row.add_widget(Label())
            box.add_widget(row)
        strip = self.ids.turned
        strip.clear_widgets()
        for i, v in enumerate(turned):
            strip.add_widget(CasinoCardFace(code=v, size_hint=(None, None), width=48 * s, height=64 * s,
                                            selected=self.mode == "result" and i == len(turned) - 1))
        count = len(turned)
        if self.mode == "spin":
            self.ids.turned_label.text = (f"Turned: {count} · a match now pays ${min(count + 1, 10)}M")
        else:
            self.ids.turned_label.text = f"Turned: {count} card{'s' if count != 1 else ''}" if turned else ""


SCREEN = CasinoRouletteScreen
