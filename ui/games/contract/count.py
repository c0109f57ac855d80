"""The count, left to right: each Mafioso with everyone's total (large), the winner or the tie,
then Copper's and Vicelard's consequences, Blackmats and briefcases.

The engine counts by itself and stops only where the table must act: a won face-down Mafioso
to turn over, a Blackmat's column, Copper's choice. Those are the buttons at the bottom (the
engine's legal actions, nothing else). The engine clears the count when the next round
starts, so the screen rebuilds it from the log (``logic.count_record``). Tiles appear one by
one as the count happens; every line is spoken by the narrator when there is one.
"""

from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, ColorProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from ui import theme as th
from ui.controller import Route
from ui.screens import load_kv
from ui.widgets.big_button import BigButton

from . import logic
from .base import GAME, ContractScreen, find_session, home_of, sample_session, say

load_kv(__file__)

STEP_SECONDS = 0.35  # one tile after the other; the whole count stays under 1.5 s


class ContractCountTile(BoxLayout):
    fill = ColorProperty(th.SURFACE_HI)
    ink = ColorProperty(th.TEXT)
    label = StringProperty("")
    verdict = StringProperty("")
    won = BooleanProperty(False)
    pending = BooleanProperty(False)


class ContractCountScreen(ContractScreen):
    message = StringProperty("")
    notes = StringProperty("")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.tiles: list[ContractCountTile] = []
        self.choice_buttons: dict[str, BigButton] = {}
        self.record = None
        self._event = None
        self._spoken = 0

    def prepare(self, game: str = GAME, game_id: int | None = None, **_):
        self.follow(find_session(App.get_running_app(), game_id, finished_ok=True))
        self.error = ""
        self.refresh()
        self.settle()
        if self.session is None:
            Clock.schedule_once(lambda *_: self.go("contract_new"), 0)

    def sample_route(self, app) -> Route:
        session = sample_session(app, "count")
        return Route(self.name, {"game": GAME, "game_id": session.game_id})

    # -- taps -----------------------------------------------------------------------------
    def choose(self, action) -> None:
        if self.act(action):
            self.refresh(animate=True)

    def enter_card(self) -> None:
        self.go("contract_reveal")

    def draw_card(self) -> None:
        if self.draw():
            self.refresh(animate=True)

    def next_round(self) -> None:
        self.go(home_of(self.session))

    def on_session_events(self, events) -> None:
        self.refresh(animate=True)

    def after_undo(self) -> None:
        if self.session.state.phase == "count" or logic.count_record(
                self.engine, self.session.config, self.session.seed, self.session.actions) is not None:
            self.refresh()
            self.settle()
        else:
            self.go(home_of(self.session))

    def on_enter(self, *_):
        self._speak_new()

    # -- showing --------------------------------------------------------------------------
    def refresh(self, animate: bool = False) -> None:
        if "tiles" not in self.ids or self.session is None:
            return
        s = self.session
        state = s.state
        self.record = record = logic.count_record(s.engine, s.config, s.seed, s.actions)
        counting = state.phase == "count"
        if record is None:
            self.set_phase("Contract · the count")
            self.message = "No round has been counted yet."
            self.notes = ""
            self._fill_tiles([], [], animate=False)
            self._bottom(state, None)
            return
        self.set_phase(f"Count of round {record.round}")
        pending = []
        if counting:  # the Mafiosi still to count, with the influence on them now
            counted = {i.position for i in record.items}
            view = self.view()
            for slot in view.slots:
                if slot.position not in counted:
                    pending.append(slot)
        self._fill_tiles(record.items, pending, animate)
        self.notes = "\n".join(record.notes)
        if counting:
            self.message = (record.waiting + " " if record.waiting and state.pending == () else "") + s.engine.prompt(state)
        elif s.outcome() is not None:
            self.message = f"Round {record.round} is counted: that was the last round."
        else:
            self.message = f"Round {record.round} is counted. Take back your tokens; round {state.round} is next."
        self._bottom(state, record)
        if self.manager is not None and self.manager.current == self.name:
            self._speak_new()

    def _speak_new(self) -> None:
        record = self.record
        if record is None:
            return
        lines = [i.text for i in record.items] + list(record.notes)
        for line in lines[self._spoken:]:
            say(line)
        self._spoken = len(lines)

    def _fill_tiles(self, items, pending, animate: bool) -> None:
        row = self.ids.tiles
        before = len(self.tiles)
        row.clear_widgets()
        self.tiles = []
        players = len(self.session.state.names)
        size = min(th.NUMBER, 150 / max(players, 1)) if players > 2 else th.NUMBER
        for item in items:
            fill, ink = logic.family_colours(item.colour, item.card is None)
            tile = ContractCountTile(fill=th.rgb(fill), ink=th.rgb(ink), label=item.label, verdict=item.verdict,
                                     won=item.winner is not None)
            self._totals(tile, item.totals, item.winner, size)
            row.add_widget(tile)
            self.tiles.append(tile)
        for slot in pending:
            colour = logic.card_colour(self.engine, slot.card)
            fill, ink = logic.family_colours(colour, slot.card is None)
            label = slot.label if slot.card else f"Position {slot.position + 1}"
            tile = ContractCountTile(fill=th.rgb(fill), ink=th.rgb(ink), label=label, verdict="to count",
                                     pending=True)
            self._totals(tile, tuple((i.name, i.points) for i in slot.influence), None, size * 0.7)
            row.add_widget(tile)
        if animate and len(self.tiles) > before:
            for tile in self.tiles[before:]:
                tile.opacity = 0
            self._reveal_from(before)

    def _totals(self, tile, totals, winner, size: float) -> None:
        box = tile.ids.totals
        for name, points in totals:
            line = BoxLayout(spacing=th.THEME.s(4))
            colour = th.ACCENT if name == winner else th.TEXT
            who = Label(text=logic.short_name(name, 8), font_name=th.FONT, font_size=th.THEME.s(th.CAPTION),
                        color=colour, halign="left", valign="middle", shorten=True)
            who.bind(size=lambda w, s: setattr(w, "text_size", s))
            number = Label(text=points, font_name=th.FONT, bold=True, font_size=th.THEME.s(size), color=colour,
                           halign="right", valign="middle", size_hint_x=None, width=th.THEME.s(size * 1.5))
            number.bind(size=lambda w, s: setattr(w, "text_size", s))
            line.add_widget(who)
            line.add_widget(number)
            box.add_widget(line)
        if not totals:
            box.add_widget(Label(text="no influence", font_name=th.FONT, font_size=th.THEME.s(th.CAPTION),
                                 color=th.DIM))

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

    def _bottom(self, state, record) -> None:
        bar = self.ids.bottom_bar
        bar.clear_widgets()
        self.choice_buttons = {}
        engine = self.engine

        def add(key, text, on_release, variant="secondary", size_hint_x=1.0, disabled=False):
            button = BigButton(text=text, variant=variant, size_hint_x=size_hint_x, disabled=disabled)
            if "\n" in text:
                button.font_size = th.THEME.s(th.CAPTION)
                button.shorten = False
            button.bind(on_release=lambda *_: on_release())
            bar.add_widget(button)
            self.choice_buttons[key] = button
            return button

        if state.phase == "count" and engine.awaiting_turn_up(state) is not None:
            add("enter", "Enter the card", self.enter_card, variant="primary", size_hint_x=1.2)
            add("draw", "No deck: the app draws", self.draw_card, size_hint_x=1.3)
        elif state.phase == "count":
            for action in self.session.legal_actions():
                key, text = self._choice_text(action, state)
                add(key, text, lambda a=action: self.choose(a), variant="primary" if key == "copper_card" else "secondary")
        else:
            add("areas", "Play areas", lambda: self.go("contract_areas"))
            last = self.session.outcome() is not None
            add("next", "Final score ›" if last else "Next round ›", self.next_round, variant="primary",
                size_hint_x=1.3)
        add("undo", "Undo", self.ask_undo, size_hint_x=0.7, disabled=not self.session.can_undo)

    def _choice_text(self, action, state) -> tuple[str, str]:
        e = self.engine
        kind = action.kind
        if kind == "place_blackmat":
            return f"blackmat:{action.family}", f"With the {e.fam(action.family)}"
        if kind == "copper_discard":
            return (f"discard:{action.victim}:{action.card}",
                    f"{logic.short_name(state.names[action.victim], 10)} discards\nthe {e.label(action.card)}")
        return "copper_card", "Take the Copper card"

    def handle_command(self, command) -> bool:
        """NEXT = next round; Vote(seat) or a player's tag during Copper's choice = that player
        discards (when they have exactly one such card; otherwise the sentence says why). ROLL: unused."""
        from hardware.commands import Next, TagSeen, Vote

        if isinstance(command, Next) and "next" in self.choice_buttons:
            self.next_round()
            return True
        if isinstance(command, (Vote, TagSeen)) and self.session is not None:
            state = self.session.state
            if not state.pending or state.pending[0].what != "copper":
                return False
            if isinstance(command, Vote):
                seat = command.seat
            else:
                name = logic.tagged_player(App.get_running_app().store, command.uid)
                if name not in state.names:
                    return False
                seat = state.names.index(name)
            if not 0 <= seat < len(state.names):
                return False
            action, why = logic.discard_pick(self.engine, state, seat)
            if action is None:
                self.error = why
            else:
                self.choose(action)
            return True
        return super().handle_command(command)


SCREEN = ContractCountScreen
