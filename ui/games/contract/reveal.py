"""Enter a Mafioso as it comes face up: its family, then its value (two taps, no keyboard).

Only the cards the engine still accepts are offered (``legal_actions``: the Mafiosi not yet
seen); the value tap records ``MafiosoTurnedUp(..., by_hand=True)`` at once. While the layout
still waits for another face-up card the screen stays, ready for the next one.
"""

from __future__ import annotations

from collections import Counter

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import StringProperty

from ui import theme as th
from ui.controller import Route
from ui.screens import load_kv
from ui.widgets.big_button import BigButton

from . import logic
from .base import GAME, ContractScreen, find_session, home_of, sample_session
from .widgets import ContractColourButton

load_kv(__file__)


class ContractRevealScreen(ContractScreen):
    family = StringProperty("")
    message = StringProperty("")

    def prepare(self, game: str = GAME, game_id: int | None = None, **_):
        self.follow(find_session(App.get_running_app(), game_id))
        self.family = ""
        self.error = ""
        self.refresh()
        if self.session is None or self.position() is None:
            Clock.schedule_once(lambda *_: self.go(home_of(self.session)), 0)

    def sample_route(self, app) -> Route:
        session = sample_session(app, "layout")
        session.undo()  # the last face-up Mafioso of the layout is still to be entered
        return Route(self.name, {"game": GAME, "game_id": session.game_id})

    def position(self) -> int | None:
        if self.session is None:
            return None
        return self.engine.awaiting_turn_up(self.session.state)

    def offered(self) -> Counter:
        """family -> how many of its cards may come up (the engine's legal turn-ups)."""
        cards = [a.card for a in self.session.legal_actions() if hasattr(a, "card") and a.kind == "mafioso_turned_up"]
        return Counter(c.rsplit("-", 1)[0] for c in cards)

    # -- taps -----------------------------------------------------------------------------
    def pick_family(self, family: str) -> None:
        self.error = ""
        self.family = family
        self.refresh()

    def pick_value(self, card: str) -> None:
        from companion.games.contract.engine import MafiosoTurnedUp

        pos = self.position()
        counting = self.session.state.phase == "count"
        if self.act(MafiosoTurnedUp(pos, card, by_hand=True)):
            self._after(counting)

    def draw_card(self) -> None:
        counting = self.session.state.phase == "count"
        if self.draw():
            self._after(counting)

    def _after(self, counting: bool) -> None:
        """Stay for the next face-up card of the layout; a card turned over at the count goes back
        to the count (which may have just finished: its result is shown before the next round)."""
        self.family = ""
        if counting:
            self.go("contract_count")
        elif self.position() is None or self.session.state.phase != "layout":
            self.go(home_of(self.session))
        else:
            self.refresh()

    def cancel(self) -> None:
        self.go("contract_round")

    # -- showing --------------------------------------------------------------------------
    def refresh(self) -> None:
        if "families" not in self.ids or self.session is None:
            return
        pos = self.position()
        if pos is None:
            return
        state = self.session.state
        self.message = self.engine.prompt(state) + (" Tap its family, then its value." if not self.family
                                                    else f" Now tap the value of the {self.engine.fam(self.family)}.")
        self.set_phase(f"Round {state.round}/{state.rounds} · position {pos + 1}")
        offered = self.offered()
        fams = self.engine.data.families + ("blackmat",)
        row = self.ids.families
        row.clear_widgets()
        self.family_buttons = {}
        for fam in fams:
            fill, ink = logic.family_colours(self.engine.data.colour(fam))
            button = ContractColourButton(text=self.engine.fam(fam), fill=th.rgb(fill), ink=th.rgb(ink),
                                          chosen=fam == self.family, disabled=not offered.get(fam))
            button.bind(on_release=lambda b, f=fam: self.pick_family(f))
            row.add_widget(button)
            self.family_buttons[fam] = button
        values = self.ids.value_row
        values.clear_widgets()
        self.value_buttons = {}
        if self.family:
            cards = sorted({a.card for a in self.session.legal_actions()
                            if getattr(a, "kind", "") == "mafioso_turned_up" and a.card.startswith(self.family + "-")},
                           key=lambda c: int(c.rsplit("-", 1)[1]))
            for card in cards:
                button = BigButton(text=card.rsplit("-", 1)[1], variant="secondary",
                                   font_size=th.THEME.s(th.NUMBER * 0.75), bold=True)
                button.bind(on_release=lambda b, c=card: self.pick_value(c))
                values.add_widget(button)
                self.value_buttons[card] = button


SCREEN = ContractRevealScreen
