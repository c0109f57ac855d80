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
    """Several hires in one visit (affordable cards first); "End turn" finishes the space like
    every other landing does, "‹ Table" goes back for something else (Trouble, the gauntlet)."""

    FOLLOWS_STATE = False
    header = StringProperty("")
    box_note = StringProperty("")  # while the crew cards are unchecked defaults (issue 14)

    def prepare(self, **params):
        super().prepare(**params)
        self.news = params.get("news", "")

    def fill(self) -> None:
        v = self.view
        seat = v.turn
        if seat < len(v.players):
            p = v.players[seat]
            self.header = f"{p.name} hires · {p.balance_text} · car {len(p.crew)} of 5"
        from companion import box

        defaults = box.unchecked_defaults(self.session.store, "il-capo", "Crew card")
        # the rulebook prints only Firpo's and Vinnie's skills: the other cards' numbers are the box's
        self.box_note = "Crew cards: defaults — check them in Your box. " if defaults else ""
        legal = set(a for a in self.session.legal_actions() if isinstance(a, Hire))
        grid = self.ids.cards
        grid.clear_widgets()
        # what the player can afford first, cheapest first: Grunts at $150,000 open the screen
        for c in sorted(v.for_hire, key=lambda c: (Hire(c.name) not in legal, c.cost, c.name)):
            card = IlCapoCrewCard(crew=c.name, title=L.short_name(c.name), line=f"{c.tier_name} · difficulty {c.difficulty}",
                                  skill=L.skill_line(c),
                                  cost=L.money(c.cost), tier=c.tier,
                                  allowed=Hire(c.name) in legal)
            card.bind(on_release=self.tap_card)
            grid.add_widget(card)

    def tap_card(self, card) -> None:
        action = Hire(card.crew)
        if not card.allowed:
            self.explain(action)
            return
        question = L.needs_confirm(self.state, action)
        if question:
            self.act_or_confirm(action)
            return
        self._hired(self.act(action))

    def confirm_undo(self) -> None:
        hiring = self._pending is not None
        super().confirm_undo()
        if hiring:
            self._hired(not self.error)

    def _hired(self, ok: bool) -> None:
        """Several hires in one visit: the screen stays, the news line says who joined."""
        if ok:
            self.ids.scroll.scroll_y = 1

    def done(self) -> None:
        self.go(L.screen_for(self.state))

    def end_turn(self) -> None:
        """Hiring is the last thing on the space: like a shot, a cop or a pick-up, the turn ends."""
        if self.act(L.EndTurn()):
            self.go(L.screen_for(self.state), news=self.news)

    def sample_route(self, app) -> Route:
        from companion.games.il_capo import Receive, Spun

        s, _ = sample_session(app, [("act", Receive(0, 350_000, "board")), ("act", Spun(6, "R"))])
        return Route(self.name, {"game": "il-capo", "game_id": s.game_id})


SCREEN = IlCapoHireScreen
