"""Bonuses: the trafficking tiles dealt onto the families (first / second) and every bonus
briefcase in use — who won a "first to" one, who leads an end-game one (a tie gives nobody)."""

from __future__ import annotations

from kivy.uix.label import Label

from ui import theme as th
from ui.game_screen import GameScreen
from ui.screens import load_kv

from . import logic
from .flow import GAME, table_view

load_kv(__file__)


def _label(text, size=th.CAPTION, colour=th.TEXT, bold=False, halign="left", **kw):
    label = Label(text=text, font_name=th.FONT, font_size=th.THEME.s(size), color=colour, bold=bold,
                  halign=halign, valign="middle", shorten=True, **kw)
    label.bind(size=lambda w, s: setattr(w, "text_size", s))
    return label


class ContractBonusesScreen(GameScreen):
    game = GAME
    follows_route = False  # opened from the round (and after the deal); Back returns there

    def show(self, events) -> None:
        if "tiles" not in self.ids or self.session is None:
            return
        view = table_view(self.session)
        self.set_phase("Contract · bonuses")
        tiles = self.ids.tiles
        tiles.clear_widgets()
        data = self.session.engine.data
        if not view.trafficking:
            tiles.add_widget(_label("The trafficking tiles are not dealt yet."))
            for _ in range(4):
                tiles.add_widget(_label(""))
        else:
            tiles.add_widget(_label("Trafficking", bold=True, colour=th.MUTED))
            for fam, (name, _, _) in zip(data.families, view.trafficking):
                fill, _ = logic.family_colours(data.colour(fam))
                tiles.add_widget(_label(name, size=th.BODY, colour=th.rgb(fill), bold=True, halign="center"))
            for rank, index in (("1st tile", 1), ("2nd tile", 2)):
                tiles.add_widget(_label(rank, colour=th.MUTED))
                for row in view.trafficking:
                    tiles.add_widget(_label(f"{row[index]} $", size=th.TITLE, bold=index == 1, halign="center",
                                            colour=th.TEXT if index == 1 else th.MUTED))
        cases = self.ids.cases
        cases.clear_widgets()
        self.case_rows = view.briefcase_rows
        for title, value, status in ((r.title, r.value, r.status) for r in self.case_rows):
            cases.add_widget(_label(title, size=th.CAPTION))
            cases.add_widget(_label(f"{value} $", size=th.BODY, bold=True, colour=th.ACCENT, halign="center"))
            won = status.startswith("Won")
            cases.add_widget(_label(status, colour=th.TEXT if won else th.MUTED, bold=won))


SCREEN = ContractBonusesScreen
