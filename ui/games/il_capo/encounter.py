"""Encounters and combat, spin by spin: who faces whom, the app's spin large, each shot's result
(the newest one alone, whole and as large as it fits) and the money it moved, skills, shields, Rico's tax or the beating, and flee-or-stay."""

from __future__ import annotations

from kivy.properties import ListProperty, StringProperty

from ui.game_screen import GameScreen
from ui.screens import load_kv

from . import logic as L
from .common import GAME, NEXT_STEP_KINDS, IlCapoChoice, SpinnerPlay

load_kv(__file__)

LOG = 5


class IlCapoEncounterScreen(SpinnerPlay, GameScreen):
    game = GAME
    NEWS_SKIP = ("turn",)  # the news handed to the table after Continue: its prompt says whose turn
    title = StringProperty("")
    log = ListProperty([])  # this encounter's lines, oldest first
    result = StringProperty("")  # the newest of them, shown large

    def enter(self, news: str = "", **_) -> None:
        self.continue_to = ""
        self.log = [news] if news else []
        self.news = ""

    def record_events(self, events) -> None:
        lines = [e.text for e in events if e.text and e.kind not in NEXT_STEP_KINDS]
        if lines:  # one entry per tap, its lines in the order they happened (the hit before the stand-off)
            self.log = (list(self.log) + [" ".join(lines)])[-LOG:]

    def show(self, events) -> None:
        v = self.view()
        self.show_spinner(v, events)
        here = L.screen_for(v) == self.name
        if here:
            self.title = L.encounter_title(v)
        legal = self.session.legal_actions()
        box = self.ids.controls
        box.clear_widgets()
        awaited, _ = self.spin_awaited()
        if self.continue_to or not here:
            choices = [L.Choice("continue", "Continue ›", mode="continue", primary=True)]
        else:
            choices = []
            if awaited and v.awaiting in ("spin", "move"):
                verb = "Flee: spin to move" if v.awaiting == "move" else f"Spin for {v.spinner}"
                choices.append(L.Choice("hand", "Real spinner", mode="hand"))
                choices.append(L.Choice("spin", verb, mode="spin", primary=True))
            choices += L.encounter_choices(v, legal)
        for choice in choices:
            button = IlCapoChoice(choice)
            button.bind(on_release=self.choose)
            box.add_widget(button)
        self.result = self.log[-1] if self.log else ""

    def open_mode(self, choice) -> None:
        if choice.mode == "continue":
            self.do_continue()
        elif choice.mode == "spin":
            self.spin()

    def next_step(self) -> bool:
        return self.spin() if self.spin_awaited()[0] else False


SCREEN = IlCapoEncounterScreen
