"""Crew hire from the catalog: the cards still in the deck, for the player whose turn it is.
A card the engine would refuse (too dear, car full) is dimmed; tapping it says why."""

from __future__ import annotations

from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from companion.games.il_capo import Hire
from ui.game_screen import GameScreen
from ui.screens import load_kv

from . import logic as L
from .common import GAME, IlCapoPlay

load_kv(__file__)


class IlCapoCrewCard(ButtonBehavior, BoxLayout):
    crew = StringProperty("")
    title = StringProperty("")
    line = StringProperty("")
    skill = StringProperty("")
    cost = StringProperty("")
    tier = NumericProperty(3)
    allowed = BooleanProperty(True)


class IlCapoHireScreen(IlCapoPlay, GameScreen):
    """Several hires in one visit (affordable cards first); "End turn" finishes the space like
    every other landing does, "‹ Table" goes back for something else (Trouble, the gauntlet)."""

    game = GAME
    follows_route = False  # a side screen the table opened: it never moves on its own
    header = StringProperty("")
    box_note = StringProperty("")  # while the crew cards are unchecked defaults (issue 14)

    def enter(self, news: str = "", **_) -> None:
        self.news = news

    def show(self, events) -> None:
        v = self.view()
        self.set_phase(L.phase_text(v))
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
        if events and not any(e.kind == "undone" for e in events):
            self.ids.scroll.scroll_y = 1  # several hires in one visit: the news line says who joined

    def tap_card(self, card) -> None:
        action = Hire(card.crew)
        if card.allowed:
            self.act_or_confirm(action)
        else:
            self.act(action)  # the engine's refusal is the sentence, nothing changes

    def done(self) -> None:
        self.go(self.route_target() or L.TABLE)

    def end_turn(self) -> None:
        """Hiring is the last thing on the space: like a shot, a cop or a pick-up, the turn ends."""
        if self.act(L.EndTurn()):
            self.go(self.route_target() or L.TABLE, news=self.news)


SCREEN = IlCapoHireScreen
