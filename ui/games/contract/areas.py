"""Play areas by family column: each player's Mafiosi, Blackmats hired with a family, the column
totals (what the trafficking tiles are won with), hand, tokens and the special cards held."""

from __future__ import annotations

from kivy.properties import BooleanProperty, ColorProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from ui import theme as th
from ui.game_screen import GameScreen
from ui.screens import load_kv

from . import logic
from .flow import GAME, table_view

load_kv(__file__)


class ContractColumnTile(BoxLayout):
    fill = ColorProperty(th.SURFACE_HI)
    ink = ColorProperty(th.TEXT)
    family = StringProperty("")
    cards = StringProperty("")
    total = StringProperty("")
    empty = BooleanProperty(False)
    total_size = th.NUMBER


class ContractPlayerRow(BoxLayout):
    name = StringProperty("")
    info = StringProperty("")


def column_cards(col) -> str:
    """``3 · 4 + B1`` (coloured values, then the Blackmats hired with them)."""
    text = " · ".join(c.rsplit("-", 1)[1] for c in col.cards)
    if col.blackmats:
        text += " + " + " ".join("B" + b.rsplit("-", 1)[1] for b in col.blackmats)
    return text


class ContractAreasScreen(GameScreen):
    game = GAME
    follows_route = False  # opened from the round or the count; Back returns there

    def show(self, events) -> None:
        if "players" not in self.ids or self.session is None:
            return
        view = table_view(self.session)
        self.set_phase(f"Play areas · round {max(view.round, 1)}/{view.rounds}")
        box = self.ids.players
        box.clear_widgets()
        self.rows = {}
        data = self.session.engine.data
        count = len(view.players)
        total_size = th.THEME.s(min(th.NUMBER, 300 / count))
        for p in view.players:
            marks = []
            if p.first_player:
                marks.append("first player")
            if p.holds_vicelard_card:
                marks.append("Vicelard card")
            if p.holds_copper_card:
                marks.append("Copper card")
            info = f"{p.hand} cards\n{p.tokens_left} tokens"
            if marks:
                info += "\n" + ", ".join(marks)
            if p.waiting_blackmats:
                info += "\nWaiting: " + " ".join("B" + b.rsplit("-", 1)[1] for b in p.waiting_blackmats)
            if p.briefcases:
                info += f"\n{len(p.briefcases)} briefcase{'s' if len(p.briefcases) != 1 else ''}"
            row = ContractPlayerRow(name=p.name, info=info)
            cols = {c.family: c for c in p.columns}
            for fam in data.families:
                fill, ink = logic.family_colours(data.colour(fam))
                col = cols.get(fam)
                tile = ContractColumnTile(fill=th.rgb(fill), ink=th.rgb(ink), family=data.name(fam),
                                          cards=column_cards(col) if col else "—",
                                          total=str(col.total) if col else "", empty=col is None)
                tile.ids.total.font_size = total_size
                row.ids.columns.add_widget(tile)
            box.add_widget(row)
            self.rows[p.name] = row


SCREEN = ContractAreasScreen
