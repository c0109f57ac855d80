"""Encounters and combat, spin by spin: who faces whom, the app's spin large, each shot's result
(the newest one alone, whole and as large as it fits) and the money it moved, skills, shields, Rico's tax or the beating, and flee-or-stay."""

from __future__ import annotations

from kivy.properties import ListProperty, StringProperty

from ui.controller import Route

from . import logic as L
from .common import NEXT_STEP_KINDS, IlCapoChoice, IlCapoScreen, sample_session
from ui.screens import load_kv

load_kv(__file__)

LOG = 5


class IlCapoEncounterScreen(IlCapoScreen):
    NEWS_SKIP = ("turn",)  # the news handed to the table after Continue: its prompt says whose turn
    title = StringProperty("")
    log = ListProperty([])  # this encounter's lines, oldest first
    result = StringProperty("")  # the newest of them, shown large

    def prepare(self, news: str = "", **params):
        self.log = [news] if news else []
        super().prepare(news="", **params)
        self.news = ""

    def record_events(self, events) -> None:
        lines = [e.text for e in events if e.text and e.kind not in NEXT_STEP_KINDS]
        if lines:  # one entry per tap, its lines in the order they happened (the hit before the stand-off)
            self.log = (list(self.log) + [" ".join(lines)])[-LOG:]

    def fill(self) -> None:
        st, v = self.state, self.view
        if L.screen_for(st) == self.name:
            self.title = L.encounter_title(st)
        legal = self.session.legal_actions()
        box = self.ids.controls
        box.clear_widgets()
        awaited, _ = L.spin_request(self.engine, st)
        if self.continue_to or L.screen_for(st) != self.name:
            choices = [L.Choice("continue", "Continue ›", mode="continue", primary=True)]
        else:
            choices = []
            if awaited and st.awaiting in ("spin", "move"):
                who = v.spinner if v.spinner != "the Underboss" else "the Underboss"
                verb = "Flee: spin to move" if st.awaiting == "move" else f"Spin for {who}"
                choices.append(L.Choice("hand", "Real spinner", mode="hand"))
                choices.append(L.Choice("spin", verb, mode="spin", primary=True))
            choices += L.encounter_choices(st, v, legal)
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

    def on_next(self) -> bool:
        awaited, _ = L.spin_request(self.engine, self.state)
        return self.spin() if awaited else False

    def sample_route(self, app) -> Route:
        from companion.games.il_capo import Challenge, Receive, Hire, Spun

        s, news = sample_session(app, [("act", Receive(0, 500_000, "board")), ("act", Spun(6, "R")),
                                       ("act", Hire("Firpo")), ("act", Challenge(1)), ("act", Spun(4, "L"))])
        return Route(self.name, {"game": "il-capo", "game_id": s.game_id, "news": news})


SCREEN = IlCapoEncounterScreen
