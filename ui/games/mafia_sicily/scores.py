"""Mafia (Sicily): the scores — spaces controlled per Family, the State's remediation points, who sits
in the boxes, cards held and left in each deck (counts only: this is a shared screen)."""

from __future__ import annotations

from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout

from ui.controller import Route
from ui.game_screen import GameScreen
from ui.screens import load_kv
from ui.games.mafia_sicily import model
from ui.games.mafia_sicily.flow import GAME, start_sample



class SicilyScoreTile(BoxLayout):
    faction = StringProperty("red")
    number = StringProperty("")
    caption = StringProperty("")
    title = StringProperty("")
    cards = StringProperty("")
    who = StringProperty("")


load_kv(__file__)


def fill_scores(grid, view, with_cards: bool = True) -> None:
    """Big numbers, one tile per side, coloured like the counters."""
    grid.clear_widgets()
    seats = dict(view.hand_sizes)
    for side, number, caption in model.score_rows(view):
        who = [model.player_name(view, s) for s in _seats_of(view, side)] if view.names else []
        n = seats.get(side, 0)
        held = f"{n} card{'s' if n != 1 else ''}" if side in seats and with_cards else ""
        grid.add_widget(SicilyScoreTile(
            faction=side, number=number, caption=caption, title=model.FACTION_SHORT[side],
            who=who[0] if who else "", cards=held))


def _seats_of(view, side: str) -> list[int]:
    from companion.games.mafia_sicily.engine import SEATS

    seat = SEATS[view.players].get(side)
    return [seat] if seat is not None else []


class SicilyScoresScreen(GameScreen):
    game = GAME
    phase = StringProperty("Mafia (Sicily) · score")
    boxes_text = StringProperty("")
    decks_text = StringProperty("")

    def enter(self, **_):
        self.table.app_services.watch_phones(self.session)

    def show(self, events) -> None:
        view = self.view()
        self.set_phase(model.phase_text(view))
        fill_scores(self.ids.tiles, view)
        here = model.places(view)
        parts = []
        for box in model.BOXES:
            names = [n[:1].upper() + n[1:] for n in (model.counter_name(c) for c in here.get(box, []))]
            parts.append(f"{model.BOX_TITLES[box]}: {', '.join(names) if names else 'nobody'}.")
        self.boxes_text = "  ".join(parts)
        decks = dict(view.deck_sizes)
        blocked = ", ".join(model.FACTION_SHORT[b] for b in view.blocked)
        self.decks_text = (f"Cards left: Roma {decks['roma']} · USA {decks['usa']} · SISDE {decks['sisde']}."
                           + (f"  Antimafia block: {blocked}." if blocked else ""))

    def sample_route(self, app) -> Route:
        session = start_sample(self.table, steps=12)
        return Route("mafia_sicily_scores", {"game": GAME, "game_id": session.game_id})

    def back_to_table(self) -> None:
        self.go("mafia_sicily_table")

    def on_next(self) -> bool:
        self.back_to_table()
        return True


SCREEN = SicilyScoresScreen
