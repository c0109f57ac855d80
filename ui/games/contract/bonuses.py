"""Bonuses: the trafficking tiles dealt onto the families (first / second) and every bonus
briefcase in use — who won a "first to" one, who leads an end-game one (a tie gives nobody)."""

from __future__ import annotations

from kivy.app import App
from kivy.uix.label import Label

from ui import theme as th
from ui.controller import Route
from ui.screens import load_kv

from . import logic
from .base import GAME, ContractScreen, find_session, sample_session

load_kv(__file__)


def _label(text, size=th.CAPTION, colour=th.TEXT, bold=False, halign="left", **kw):
    label = Label(text=text, font_name=th.FONT, font_size=th.THEME.s(size), color=colour, bold=bold,
                  halign=halign, valign="middle", shorten=True, **kw)
    label.bind(size=lambda w, s: setattr(w, "text_size", s))
    return label


class ContractBonusesScreen(ContractScreen):
    def prepare(self, game: str = GAME, game_id: int | None = None, **_):
        self.follow(find_session(App.get_running_app(), game_id, finished_ok=True))
        self.refresh()

    def sample_route(self, app) -> Route:
        session = sample_session(app, "count")
        return Route(self.name, {"game": GAME, "game_id": session.game_id})

    def refresh(self) -> None:
        if "tiles" not in self.ids or self.session is None:
            return
        view = self.view()
        state = self.session.state
        self.set_phase("Contract · bonuses")
        tiles = self.ids.tiles
        tiles.clear_widgets()
        data = self.engine.data
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
        self.case_rows = logic.briefcase_rows(self.engine, state)
        for title, value, status in self.case_rows:
            cases.add_widget(_label(title, size=th.CAPTION))
            cases.add_widget(_label(f"{value} $", size=th.BODY, bold=True, colour=th.ACCENT, halign="center"))
            won = status.startswith("Won")
            cases.add_widget(_label(status, colour=th.TEXT if won else th.MUTED, bold=won))


SCREEN = ContractBonusesScreen
