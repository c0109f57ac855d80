"""Enter a Mafioso as it comes face up: its family, then its value (two taps, no keyboard).

Only the cards the engine still accepts are offered (``legal_actions``: the Mafiosi not yet
seen); the value tap records ``MafiosoTurnedUp(..., by_hand=True)`` at once. While the layout
still waits for another face-up card the screen stays, ready for the next one.
"""

from __future__ import annotations

from collections import Counter

from kivy.clock import Clock
from kivy.properties import BooleanProperty, StringProperty

from ui import theme as th
from ui.game_screen import GameScreen
from ui.screens import load_kv
from ui.widgets.big_button import BigButton

from . import logic
from .flow import GAME, table_view
from .widgets import ContractColourButton

load_kv(__file__)


class ContractRevealScreen(GameScreen):
    game = GAME
    family = StringProperty("")
    message = StringProperty("")
    counting = BooleanProperty(False)  # opened at the count: a card turned over goes back to it

    def enter(self, **_) -> None:
        self.family = ""
        view = table_view(self.session)
        self.counting = view.phase == "count"
        if view.turn_up is None:  # nothing to turn up: where the game is
            Clock.schedule_once(lambda *_: self.follow_route(), 0)

    def route_target(self) -> str | None:
        """Stay for the next face-up card of the layout; a card turned over at the count goes back
        to the count (which may have just finished: its result is shown before the next round)."""
        if self.counting:
            return "contract_count"
        view = table_view(self.session)
        if view.phase == "layout" and view.turn_up is not None:
            return self.name
        return super().route_target()

    def offered(self) -> Counter:
        """family -> how many of its cards may come up (the engine's legal turn-ups)."""
        return Counter(c.rsplit("-", 1)[0] for c in self._cards())

    def _cards(self) -> list[str]:
        return [a.card for a in self.session.legal_actions() if a.kind == "mafioso_turned_up"]

    # -- taps -----------------------------------------------------------------------------
    def pick_family(self, family: str) -> None:
        self.error = ""
        self.family = family
        self.show([])

    def pick_value(self, card: str) -> None:
        from companion.games.contract.engine import MafiosoTurnedUp

        self.family = ""
        self.act(MafiosoTurnedUp(table_view(self.session).turn_up, card, by_hand=True))

    def draw_card(self) -> None:
        self.family = ""
        self.draw()

    def cancel(self) -> None:
        self.go("contract_round")

    # -- showing --------------------------------------------------------------------------
    def show(self, events) -> None:
        if "families" not in self.ids or self.session is None:
            return
        view = table_view(self.session)
        pos = view.turn_up
        if pos is None:
            return
        engine = self.session.engine
        self.message = view.prompt + (" Tap its family, then its value." if not self.family
                                      else f" Now tap the value of the {engine.fam(self.family)}.")
        self.set_phase(f"Round {view.round}/{view.rounds} · position {pos + 1}")
        offered = self.offered()
        fams = engine.data.families + ("blackmat",)
        row = self.ids.families
        row.clear_widgets()
        self.family_buttons = {}
        for fam in fams:
            fill, ink = logic.family_colours(engine.data.colour(fam))
            button = ContractColourButton(text=engine.fam(fam), fill=th.rgb(fill), ink=th.rgb(ink),
                                          chosen=fam == self.family, disabled=not offered.get(fam))
            button.bind(on_release=lambda b, f=fam: self.pick_family(f))
            row.add_widget(button)
            self.family_buttons[fam] = button
        values = self.ids.value_row
        values.clear_widgets()
        self.value_buttons = {}
        if self.family:
            cards = sorted({c for c in self._cards() if c.startswith(self.family + "-")},
                           key=lambda c: int(c.rsplit("-", 1)[1]))
            for card in cards:
                button = BigButton(text=card.rsplit("-", 1)[1], variant="secondary",
                                   font_size=th.THEME.s(th.NUMBER * 0.75), bold=True)
                button.bind(on_release=lambda b, c=card: self.pick_value(c))
                values.add_widget(button)
                self.value_buttons[card] = button


SCREEN = ContractRevealScreen
