"""Crew hire from the catalog: the cards still in the deck, for the player whose turn it is.
A card the engine would refuse (too dear, car full) is dimmed; tapping it says why."""

from __future__ import annotations

from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from companion.games.il_capo import Hire
from ui.controller import Route

from . import logic as L
from .common import IlCapoScreen, sample_session
from ui.screens import load_kv

load_kv(__file__)


class IlCapoCrewCard(ButtonBehavior, BoxLayout):
    crew = StringProperty("")
    title = StringProperty("")
    line = StringProperty("")
    skill = StringProperty("")
    cost = StringProperty("")
    tier = NumericProperty(3)
    allowed = BooleanProperty(True)


class IlCapoHireScreen(IlCapoScreen):
    FOLLOWS_STATE = False
    header = StringProperty("")
    box_note = StringProperty("")  # while the crew cards are unchecked defaults (issue 14)

    def fill(self) -> None:
        v = self.view
        seat = v.turn
        if seat < len(v.players):
            p = v.players[seat]
            self.header = f"{p.name} hires · {p.balance_text} · car {len(p.crew)} of 5"
        from companion import box

        defaults = box.unchecked_defaults(self.session.store, "il-capo", "Crew card")
        self.box_note = "Crew cards: defaults — check them in Your box. " if defaults else ""
        legal = set(a for a in self.session.legal_actions() if isinstance(a, Hire))
        grid = self.ids.cards
        grid.clear_widgets()
        for c in v.for_hire:
            card = IlCapoCrewCard(crew=c.name, title=L.short_name(c.name), line=f"{c.tier_name} · difficulty {c.difficulty}",
                                  skill=c.skill, cost=L.money(c.cost), tier=c.tier,
                                  allowed=Hire(c.name) in legal)
            card.bind(on_release=self.tap_card)
            grid.add_widget(card)

    def tap_card(self, card) -> None:
        action = Hire(card.crew)
        if not card.allowed:
            self.explain(action)
            return
        if self.act(action):
            self.news = ""
            self.go(L.screen_for(self.state))

    def done(self) -> None:
        self.go(L.screen_for(self.state))

    def sample_route(self, app) -> Route:
        from companion.games.il_capo import Receive, Spun

        s, _ = sample_session(app, [("act", Receive(0, 350_000, "board")), ("act", Spun(6, "R"))])
        return Route(self.name, {"game": "il-capo", "game_id": s.game_id})


SCREEN = IlCapoHireScreen
