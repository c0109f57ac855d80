"""Casino widgets: card faces to tap, money tokens, slot symbols, a player's bank panel and the
token hand-over panel. Their look is in widgets.kv (rules prefixed ``Casino``)."""

from __future__ import annotations

from kivy.properties import (BooleanProperty, ColorProperty, ListProperty, NumericProperty, ObjectProperty,
                             StringProperty)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui import theme as th
from ui.screens import load_kv
from ui.widgets.big_button import BigButton  # noqa: F401  (kv)

from . import logic as L

load_kv(__file__.replace("widgets.py", "common.py"))  # the pieces every Casino screen shares
load_kv(__file__)

TOKEN_COLOURS = {1: th.rgb("#2E8B57"), 5: th.rgb("#C8373B"), 10: th.rgb("#2F6FD0")}
CARD_RED = th.rgb("#C8373B")
CARD_BLACK = th.rgb("#17151A")
CARD_FACE = th.rgb("#F4EFE4")


class CasinoCardFace(ButtonBehavior, Label):
    """A playing card to tap: value over suit (``code`` like ``10H``); empty code = a blank slot,
    ``face_down`` = the back of a card (a poker card chosen in secret)."""

    code = StringProperty("")
    selected = BooleanProperty(False)
    face_down = BooleanProperty(False)
    ink = ColorProperty(CARD_BLACK)
    paper = ColorProperty(CARD_FACE)
    two_lines = BooleanProperty(True)
    one_line = BooleanProperty(False)  # "9♥" on one line, larger (the poker result rows)

    def on_one_line(self, *_):
        self._refresh()

    def on_code(self, *_):
        self._refresh()

    def on_face_down(self, *_):
        self._refresh()

    def _refresh(self):
        if not self.code or self.face_down:
            self.text = ""
            return
        value, suit = L.split_card(self.code) if self.code[-1] in L.SUIT_GLYPH else (self.code, "")
        self.ink = CARD_RED if suit in L.RED_SUITS else CARD_BLACK
        self.two_lines = bool(suit) and not self.one_line
        glyph = L.SUIT_GLYPH.get(suit, "")
        self.text = (f"{value}\n{glyph}" if self.two_lines else f"{value}{glyph}") if suit else value


class CasinoToken(Label):
    """A round money token: ``millions`` 1 (green), 5 (red) or 10 (blue)."""

    millions = NumericProperty(1)
    fill = ColorProperty(TOKEN_COLOURS[1])

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.on_millions()

    def on_millions(self, *_):
        self.fill = TOKEN_COLOURS.get(int(self.millions), th.MUTED)
        self.text = str(int(self.millions))


class CasinoSlotSymbol(ButtonBehavior, Widget):
    """A slot-machine reel window showing ``symbol``: pearl, diamond, none or '' (not turned yet)."""

    symbol = StringProperty("")


class CasinoPlayerPanel(BoxLayout):
    """One player at the bank: name, balance in $ millions, buildings, blocks, Super Clients."""

    name = StringProperty("")
    balance = StringProperty("")
    active = BooleanProperty(False)
    compact = BooleanProperty(False)
    lines = ListProperty([])  # markup lines (buildings...)
    tokens = StringProperty("")
    cards = StringProperty("")  # "hand 7 · safe 2"
    small = BooleanProperty(False)  # beside the token hand-over panel with 4-6 players: a smaller balance
    change = StringProperty("")  # the newest action's change to the balance: "+$2M", "−$1M" (or "")
    seat = NumericProperty(0)

    def on_lines(self, *_):
        if "lines" not in self.ids:
            return
        box = self.ids.lines
        box.clear_widgets()
        for text in self.lines:
            box.add_widget(CasinoBuildingLine(text=text))

    def on_kv_post(self, *_):
        self.on_lines()


class CasinoBuildingLine(Label):
    pass


class CasinoHandover(BoxLayout):
    """``giver`` hands ``given`` tokens to ``taker``; ``change`` comes back."""

    handover = ObjectProperty(None, allownone=True)

    def on_kv_post(self, *_):
        self.on_handover()

    def on_handover(self, *_):
        if "chips" not in self.ids:
            return
        box = self.ids.chips
        box.clear_widgets()
        h = self.handover
        if h is None:
            return
        box.add_widget(CasinoHandText(text=f"{h.giver} hands {_lower_bank(h.taker)}"))
        for millions, n in L.token_counts(h.given):
            box.add_widget(CasinoToken(millions=millions))
            box.add_widget(CasinoHandText(text=f"× {n}"))
        if any(h.change):
            box.add_widget(CasinoHandText(text=f"  {h.taker} gives back", color=th.ACCENT))
            for millions, n in L.token_counts(h.change):
                box.add_widget(CasinoToken(millions=millions))
                box.add_widget(CasinoHandText(text=f"× {n}"))


class CasinoHandText(Label):
    pass


def _lower_bank(name: str) -> str:
    """"The bank" leads a sentence; in the middle of one it is "the bank" ("Ben hands the bank")."""
    return "the bank" if name == "The bank" else name


def player_lines(player, compact: bool) -> list[str]:
    """Markup lines for a player's buildings: constructions, blocks (red), Super Clients (star)."""
    out = []
    blocked_colour = "FF8A7A"
    star = "[font=DejaVuSans][color=E3A63B]★[/color][/font]"
    for building, built in player.constructions:
        if compact:
            name = building[:3].title()
            if building in player.blocked:
                name = f"[color={blocked_colour}]{name}✕[/color]".replace("✕", "[font=DejaVuSans]✕[/font]")
            out.append(f"{name} [b]{len(built)}[/b]" + (star if building in player.super_clients else ""))
            continue
        mark = ""
        if building in player.super_clients:
            mark += f" {star}"
        if building in player.blocked:
            mark += f" [color={blocked_colour}]blocked[/color]"
        out.append(f"{building.title()} [b]{len(built)}[/b]{mark}")
    if compact:
        return ["  ".join(out)]
    return out


class CasinoLedgerRow(BoxLayout):
    """One line of the ledger history: turn, payer pays payee, amount, reason."""

    when = StringProperty("")
    who = StringProperty("")
    amount = StringProperty("")
    reason = StringProperty("")
