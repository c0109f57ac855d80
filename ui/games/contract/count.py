"""The count, left to right: each Mafioso with everyone's total (large), the winner or the tie,
then Copper's and Vicelard's consequences, Blackmats and briefcases.

The engine counts by itself and stops only where the table must act: a won face-down Mafioso
to turn over, a Blackmat's column, Copper's choice. Those are the buttons at the bottom (the
engine's legal actions, nothing else). The engine keeps the latest count in its view
(``ContractView.last_count``) after the next round started, so it is shown until the table
moves on. Tiles appear one by one as the count happens; the narrator reads each line
(the manifest's speaking policy, ``flow.lines``).
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import BooleanProperty, ColorProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui import theme as th
from ui.game_screen import GameScreen
from ui.screens import load_kv
from ui.widgets.big_button import BigButton

from . import logic
from .flow import GAME, route, table_view
from .widgets import ContractUndoBar  # noqa: F401  (kv: the undo question over the bottom bar)

load_kv(__file__)

STEP_SECONDS = 0.35  # one tile after the other; the whole count stays under 1.5 s


class ContractCountTile(BoxLayout):
    fill = ColorProperty(th.SURFACE_HI)
    ink = ColorProperty(th.TEXT)
    label = StringProperty("")
    verdict = StringProperty("")
    won = BooleanProperty(False)
    pending = BooleanProperty(False)


class ContractCountScreen(GameScreen):
    game = GAME
    follows_route = False  # the count stays shown after the round moved on, until "Next round ›"
    message = StringProperty("")
    notes = StringProperty("")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.tiles: list[ContractCountTile] = []
        self.choice_buttons: dict[str, BigButton] = {}
        self.record = None
        self._event = None

    def enter(self, **_) -> None:
        self.settle()

    # -- taps -----------------------------------------------------------------------------
    def choose(self, action) -> None:
        self.act(action)

    def enter_card(self) -> None:
        self.go("contract_reveal")

    def draw_card(self) -> None:
        self.draw()

    def next_round(self) -> None:
        self.go(route(self.session))

    def after_undo(self) -> None:
        if table_view(self.session).phase != "count":  # the pass that began the count is taken back
            self.go(route(self.session))

    # -- hardware -------------------------------------------------------------------------
    def on_next(self) -> bool:
        """NEXT = next round (or the final score)."""
        if "next" in self.choice_buttons:
            self.next_round()
            return True
        return False

    def on_vote(self, seat: int) -> bool:
        """A player's button during Copper's choice: that player discards (when they have exactly
        one such card; otherwise the sentence says why)."""
        view = table_view(self.session)
        if view.choice is None or view.choice.what != "copper" or not 0 <= seat < len(view.players):
            return False
        action, why = logic.discard_pick(self.session.engine, view, self.session.legal_actions(), seat)
        if action is None:
            self.error = why
        else:
            self.choose(action)
        return True

    def on_tag(self, uid: str) -> bool:
        """A player's tag during Copper's choice: as their button."""
        view = table_view(self.session)
        names = [p.name for p in view.players]
        name = logic.tagged_player(self.table.store, uid)
        if view.choice is None or view.choice.what != "copper" or name not in names:
            return False
        return self.on_vote(names.index(name))

    # -- showing --------------------------------------------------------------------------
    def show(self, events) -> None:
        if "tiles" not in self.ids or self.session is None:
            return
        view = table_view(self.session)
        self.record = record = view.last_count
        counting = view.phase == "count"
        if record is None:
            self.set_phase("Contract · the count")
            self.message = "No round has been counted yet."
            self.notes = ""
            self._fill_tiles([], [], animate=False)
            self._bottom(view)
            return
        self.set_phase(f"Count of round {record.round}")
        pending = []
        if counting:  # the Mafiosi still to count, with the influence on them now
            counted = {i.position for i in record.items}
            pending = [slot for slot in view.slots if slot.position not in counted]
        self._fill_tiles(record.items, pending, animate=bool(events))
        # while several choices take a row of their own the notes give way (the narrator said them,
        # and they are back once the choice is made): the tiles keep room for everyone's points
        many = counting and view.choice is not None and len(self.session.legal_actions()) > 2
        self.notes = "" if many else "\n".join(record.notes)
        if counting:
            self.message = (record.waiting + " " if record.waiting and view.choice is None else "") + view.prompt
        elif view.phase == "over":
            self.message = f"Round {record.round} is counted: that was the last round."
        else:
            self.message = f"Round {record.round} is counted. Take back your tokens; round {view.round} is next."
        self._bottom(view)

    def _fill_tiles(self, items, pending, animate: bool) -> None:
        row = self.ids.tiles
        before = len(self.tiles)
        row.clear_widgets()
        self.tiles = []
        players = len(table_view(self.session).players)
        size = min(th.NUMBER, 150 / max(players, 1)) if players > 2 else th.NUMBER
        for item in items:
            fill, ink = logic.family_colours(item.colour, item.card is None)
            tile = ContractCountTile(fill=th.rgb(fill), ink=th.rgb(ink), label=item.label, verdict=item.verdict,
                                     won=item.winner is not None)
            self._totals(tile, item.totals, item.winner, size)
            row.add_widget(tile)
            self.tiles.append(tile)
        for slot in pending:
            fill, ink = logic.family_colours(slot.colour, slot.card is None)
            label = slot.label if slot.card else f"Position {slot.position + 1}"
            tile = ContractCountTile(fill=th.rgb(fill), ink=th.rgb(ink), label=label, verdict="to count",
                                     pending=True)
            self._totals(tile, tuple((i.name, i.points) for i in slot.influence), None, size * 0.7)
            row.add_widget(tile)
        if animate and len(self.tiles) > before:
            for tile in self.tiles[before:]:
                tile.opacity = 0
            self._reveal_from(before)
        elif not animate:
            self.settle()

    def _totals(self, tile, totals, winner, size: float) -> None:
        box = tile.ids.totals
        for name, points in totals:
            line = BoxLayout(spacing=th.THEME.s(4))
            colour = th.ACCENT if name == winner else th.TEXT
            who = Label(text=logic.short_name(name, 8), font_name=th.FONT, font_size=th.THEME.s(th.CAPTION),
                        color=colour, halign="left", valign="middle", shorten=True)
            who.bind(size=lambda w, s: setattr(w, "text_size", s))
            # as wide as it draws ("2½"), so the name beside it keeps the rest ("Bruno" was cut)
            number = Label(text=points, font_name=th.FONT, bold=True, font_size=th.THEME.s(size), color=colour,
                           halign="right", valign="middle", size_hint_x=None)
            number.bind(texture_size=lambda w, ts: setattr(w, "width", ts[0] + th.THEME.s(2)))
            # never taller than its line (several players on a short tile drew over each other) nor
            # wider than half of it (the name beside it was cut: "B...o")
            def fit(line, _value, n=number, most=th.THEME.s(size), chars=max(1, len(points))):
                n.font_size = max(1, min(most, line.height, line.width * 0.5 / (0.7 * chars)))

            line.bind(size=fit)
            line.add_widget(who)
            line.add_widget(number)
            box.add_widget(line)
        if not totals:  # wraps inside a narrow tile (six at 800 px drew it over the tile's edges)
            empty = Label(text="no influence", font_name=th.FONT, font_size=th.THEME.s(th.CAPTION), color=th.DIM,
                          halign="center", valign="middle")
            empty.bind(size=lambda w, s: setattr(w, "text_size", s))
            box.add_widget(empty)

    def _reveal_from(self, index: int) -> None:
        if self._event is not None:
            self._event.cancel()

        def step(*_):
            for tile in self.tiles:
                if tile.opacity == 0:
                    tile.opacity = 1
                    return
            self._event.cancel()
            self._event = None

        self._event = Clock.schedule_interval(step, STEP_SECONDS)

    def settle(self) -> None:
        """Show every tile at once (resume, undo, screenshots)."""
        if self._event is not None:
            self._event.cancel()
            self._event = None
        for tile in self.tiles:
            tile.opacity = 1

    def _bottom(self, view) -> None:
        bar, choices = self.ids.bottom_bar, self.ids.choice_bar
        bar.clear_widgets()
        choices.clear_widgets()
        choices.height = 0
        self.choice_buttons = {}

        def add(key, text, on_release, variant="secondary", size_hint_x=1.0, disabled=False, into=bar):
            button = BigButton(text=text, variant=variant, size_hint_x=size_hint_x, disabled=disabled)
            if "\n" in text:
                button.font_size = th.THEME.s(th.CAPTION)
                button.shorten = False
            button.bind(on_release=lambda *_: on_release())
            into.add_widget(button)
            self.choice_buttons[key] = button
            return button

        if view.phase == "count" and view.turn_up is not None:
            add("enter", "Enter the card", self.enter_card, variant="primary", size_hint_x=1.2)
            add("draw", "No deck: the app draws", self.draw_card, size_hint_x=1.3)
        elif view.phase == "count":
            legal = self.session.legal_actions()
            into = bar
            if len(legal) > 2:  # beside Undo they would be cut: a row of their own above it
                into = choices
                choices.height = th.THEME.s(th.TOUCH)
                bar.add_widget(Widget())
            for action in legal:
                key, text = logic.choice_button(action, view, self.session.engine)
                add(key, text, lambda a=action: self.choose(a), into=into,
                    variant="primary" if key == "copper_card" else "secondary")
        else:
            add("areas", "Play areas", lambda: self.go("contract_areas"))
            last = view.phase == "over"
            add("next", "Final score ›" if last else "Next round ›", self.next_round, variant="primary",
                size_hint_x=1.3)
        add("undo", "Undo", self.ask_undo, size_hint_x=0.7, disabled=not self.can_undo)


SCREEN = ContractCountScreen
