"""The night: one neutral near-black screen that looks the same whatever happens.

Every step of ``current_step`` is called aloud (and shown), each call padded to the same minimum
length (``flow.call_seconds``), whether the role is alive, dead, out of town or absent. The player
called holds "Called? Hold to open" and, on a private panel, taps a target on the ring (only legal
targets enabled) and holds to confirm; the Detective's and the Lady's answers show on a private
panel that hides itself. When nobody can act, the app itself takes the Game Master's ``Continue``
once the padded call is over; the "thank you, go back to sleep" line and the next call are spoken
only when the padded time has passed, so the table hears the same rhythm either way.
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.engine import TABLE
from companion.games.mafia_plus import engine as E
from ui.controller import Route
from ui.screens import load_kv
from ui.widgets.hold_button import HoldButton  # noqa: F401

from . import flow
from . import night_panel as NP
from .common import GAME, MafiaPlusScreen, play_until, sample_session

load_kv(__file__)

VERBS, ANSWER_STEPS, role_title, option_text = NP.VERBS, NP.ANSWER_STEPS, NP.role_title, NP.option_text


class MafiaPlusNightScreen(MafiaPlusScreen):
    phase = StringProperty("Mafia+ · Night")
    night_title = StringProperty("")
    call_text = StringProperty("")
    panel = StringProperty("")  # "" (neutral) | "act" | "none" | "answer"
    panel_title = StringProperty("")
    panel_hint = StringProperty("")
    answer_text = StringProperty("")
    confirm_text = StringProperty("")
    can_confirm = BooleanProperty(False)
    options = ListProperty([])
    hold_seconds = NumericProperty(1.0)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._shown = None
        self._pad_event = None
        self._pad_done = False
        self._pending: list[str] = []
        self._answer: str | None = None
        self._choice = None
        self._answer_event = None
        self._model = None
        self._actions: list = []

    # -- the call -------------------------------------------------------------------------------
    def prepare(self, game: str = GAME, game_id: int | None = None, **params):
        self._shown = None
        self._pending = []
        self.panel = ""
        super().prepare(game, game_id, **params)

    def on_leave(self, *_):
        super().on_leave()
        self._cancel_pad()

    def refresh(self) -> None:
        if self.follow():
            return
        st = self.state
        self.hold_seconds = self.setting(flow.HOLD_SETTING, 1.0)
        if self._shown != (st.night, st.step):
            self._start_call()

    def _start_call(self) -> None:
        from ui.narration import line_duration_hint

        st = self.state
        info = E.current_step(st)
        self._shown = (st.night, st.step)
        self.night_title = f"Night {st.night}"
        self.app.set_phase(f"Mafia+ · Night {st.night}")
        self.call_text = info.text
        self.say(info.text, chime=True)
        self._cancel_pad()
        self._pad_done = False
        seconds = flow.call_seconds(info.text, self.setting(flow.CALL_SETTING, flow.MIN_CALL_SECONDS),
                                    line_duration_hint)
        self._pad_event = Clock.schedule_once(self._pad_over, seconds)

    def _cancel_pad(self) -> None:
        if self._pad_event is not None:
            self._pad_event.cancel()
            self._pad_event = None

    def _pad_over(self, *_):
        self._pad_event = None
        self._pad_done = True
        self._advance()

    def _advance(self) -> None:
        """Move the night on when the padded call is over and no private panel is open."""
        if self.paused or self.panel or not self._pad_done or self.manager is None \
                or self.manager.current != self.name:
            return
        if self._pending:
            lines, self._pending = self._pending, []
            for text in lines:
                self.say(text)
            if not self.follow():
                self._start_call()
            return
        legal = self.engine.legal_actions_by_seat(self.state)
        if list(legal) == [None]:  # nobody can act: the app is the GM and continues
            self.act(E.Continue())

    def toggle_pause(self) -> None:
        super().toggle_pause()
        if not self.paused:
            self._advance()

    def _on_events(self, session, events) -> None:
        if self.manager is None or self.manager.current != self.name:
            return
        self._pending.extend(self.public_lines(events))
        private = [e.text for e in events if e.audience != TABLE and e.kind == "private"]
        self._answer = private[0] if private else None
        if self.state.phase != "night" and not self._pad_done:
            pass
        self._advance()

    # -- the private panel ----------------------------------------------------------------------
    def open_panel(self) -> None:
        """The called role's private panel. A role nobody can play now gets the very panel it
        would have (night_panel.py): same picker, targets and hold-to-confirm; it records nothing."""
        self.error = ""
        st = self.state
        if st.phase != "night":
            return
        model = NP.night_panel(self.engine, st)
        self._model = model
        self.panel_title = model.title
        self.panel_hint = model.hint
        self._choice = None
        self.can_confirm = False
        self.confirm_text = "Hold to confirm"
        ring = self.ids.ring
        ring.names = list(st.players)
        ring.alive = list(st.alive)
        ring.selected = []
        self._actions = list(model.actions)
        ring.enabled = model.targets
        self.options = model.options
        self._fill_options()
        self.panel = model.kind

    def _fill_options(self) -> None:
        from ui.widgets.big_button import BigButton

        box = self.ids.options
        box.clear_widgets()
        for text in self.options:
            b = BigButton(text=text, variant="selected" if self._choice is not None
                          and option_text(self._choice) == text else "secondary")
            b.bind(on_release=lambda w: self.choose_option(w.text))
            box.add_widget(b)

    def choose_seat(self, seat: int) -> None:
        for a in self._actions:
            if isinstance(a, E._Choice) and a.target == seat:
                self._select(a, NP.confirm_text(self._model.step, a, self.state.players))
                self.ids.ring.selected = [seat]

    def choose_option(self, text: str) -> None:
        for a in self._actions:
            if not isinstance(a, E._Choice) and option_text(a) == text:
                self._select(a, NP.confirm_text(self._model.step, a, self.state.players))
                self.ids.ring.selected = []

    def _select(self, action, text: str) -> None:
        self._choice = action
        self.confirm_text = text
        self.can_confirm = True
        self._fill_options()

    def confirm(self) -> None:
        if self._choice is None:
            return
        step = self._model.step
        self._answer = None
        if not self._model.live:
            # nobody can play this role now: the same confirmation, nothing recorded; the padded
            # call then continues by itself (the GM's Continue)
            self._choice = None
            if step in ANSWER_STEPS:
                self._show_answer(NP.NO_ANSWER.format(night=self.state.night))
                return
            self.close_panel()
            return
        self.panel = "busy"  # events arrive while the panel is still closed to the table
        ok = self.act(self._choice)
        if not ok:
            self.panel = "act"
            return
        if step in ANSWER_STEPS and self._answer:
            self._show_answer(self._answer)
            return
        self.close_panel()

    def _show_answer(self, text: str) -> None:
        self.answer_text = text
        self.panel = "answer"
        self._answer_event = Clock.schedule_once(lambda *_: self.close_panel(), flow.ANSWER_SECONDS)

    def close_panel(self) -> None:
        if self._answer_event is not None:
            self._answer_event.cancel()
            self._answer_event = None
        self.panel = ""
        self.answer_text = ""
        self.ids.ring.selected = []
        self._advance()

    def handle_command(self, command) -> bool:
        name = type(command).__name__
        if name == "Vote" and self.panel == "act":
            self.choose_seat(command.seat)
            return True
        if name == "Next" and self.panel == "act" and self.can_confirm:
            self.confirm()
            return True
        return super().handle_command(command)

    def sample_route(self, app) -> Route:
        session = sample_session(app)
        play_until(session, lambda st: st.phase == "night" and st.night == 1 and st.step == 2)
        return Route(self.name, {"game": GAME, "game_id": session.game_id})


SCREEN = MafiaPlusNightScreen
