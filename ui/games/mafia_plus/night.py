"""The night: one neutral near-black screen that looks the same whatever happens.

The night runs itself, call after call, at the narration's pace (a small clock, ``_tick``, looks
ten times a second at where the game stands; nothing depends on one event arriving):

1. a new step is called: its line shown and spoken with a chime, and the call padded to the same
   minimum length (``flow.call_seconds``) whether the role is alive, dead, out of town or absent;
2. when the padded call is over and the line has been said: if nobody can act, the app itself
   takes the Game Master's ``Continue``; otherwise the called player holds "Called? Hold to open",
   taps a target on a private panel (only legal targets enabled) and holds to confirm;
3. the "thank you, go back to sleep" line is said - never before the padded call is over, even when
   a living role chose sooner (else a call cut short says the role is alive) - and only when it has
   been said is the next step called; at dawn the morning's news are shown large until said, then
   the Day begins.

On Night Zero, after the Lady of the Night's call, the one she chose is woken the same way (same
words, same padding, whoever it is) and sees on a private panel who the Lady is (rulebook: "The
chosen person wakes up, and the LotN sees their character card"). Pause freezes all of this and
shows the pause curtain; Resume carries on from the same call.
"""

from __future__ import annotations

import time

from kivy.clock import Clock
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.engine import TABLE
from companion.games.mafia_plus import engine as E
from companion.games.mafia_plus import panels as NP
from companion.games.mafia_plus.narration import line
from companion.games.mafia_plus.views import CALLED
from ui.game_screen import GameScreen
from ui.screens import load_kv
from ui.widgets.hold_button import HoldButton  # noqa: F401

from . import flow
from .common import MafiaPlusTable, narration_facts

load_kv(__file__)

VERBS, ANSWER_STEPS, role_title, option_text = NP.VERBS, NP.ANSWER_STEPS, NP.role_title, NP.option_text
LADY_WAKE, LADY_SLEEP = line("lady.wake"), line("lady.sleep")
TICK = 0.1
LADY_TAP_SECONDS = 4.0


class MafiaPlusNightScreen(MafiaPlusTable, GameScreen):
    phase = StringProperty("Mafia+ · Night")
    night_title = StringProperty("")
    call_text = StringProperty("")
    news_text = StringProperty("")  # the last "thank you, go back to sleep" line
    panel = StringProperty("")  # "" (neutral) | "act" | "none" | "answer" | "busy"
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
        self._pad_until = 0.0
        self._answer: str | None = None
        self._choice = None
        self._answer_event = None
        self._model = None
        self._actions: list = []
        self._ticker = None
        self._lady = ""  # "" | "due" | "calling": the Lady's chosen one is woken next
        self._held: list[str] | None = None  # a choice's "go back to sleep" lines, said when the call is over
        self._view = None  # the table view of the last commit (the tick reads it, never recomputes it)
        self._nobody_acts: bool | None = None  # the GM continues this step (asked once per commit)

    # -- the call -------------------------------------------------------------------------------
    def enter(self, **_):
        self._shown = None
        self._lady = ""
        self._held = None
        self.panel = ""
        self.news_text = ""
        self.call_text = ""  # never last night's words: the tick calls this step in a moment
        self._tell_phones(None)
        view = self.view()
        if view.phase == "night":
            from ui.narration.lines import mafia_plus_lines

            self.app.prerender_lines(mafia_plus_lines(narration_facts(view)))  # tonight's dawn, by name
            self.app.night_sound(True)  # the bed that masks the room, the same every night
        if self._ticker is None:
            self._ticker = Clock.schedule_interval(self._tick, TICK)

    def on_leave(self, *_):
        super().on_leave()
        self.app.night_sound(False)
        if self._ticker is not None:
            self._ticker.cancel()
            self._ticker = None

    def show(self, events) -> None:
        view = self._view = self.view()
        if self.wrong_screen(view):
            return
        self.hold_seconds = self.setting(flow.HOLD_SETTING, 1.0)
        self.night_title = f"Night {view.night}"

    def _tick(self, _dt) -> None:
        if not self._here() or self.paused or self.panel or self.confirming_undo or self.curtain:
            return
        if not self.quiet():
            return  # a line is still being said: the table hears it out
        view = self._view
        if view.phase != "night":
            if not self.follow_route():
                self.show([])
            return
        now = time.monotonic()
        if self._pad_until is not None and now < self._pad_until:
            return  # the call keeps its padded length, whoever answered it and however fast
        if self._held is not None:
            lines, self._held = self._held, None
            self.news_text = " ".join(lines)
            self.say_lines(lines)
            return
        if self._lady == "due":
            self._lady = "calling"
            self._call(LADY_WAKE, wake=True)
            self._pad_until = None  # counted from the moment the call has been said, below
            return
        if self._lady == "calling":
            if self._pad_until is None:
                # the Lady must reach the one she chose before they can look: twice a call, at
                # least LADY_TAP_SECONDS after the words; the same whoever was chosen
                minimum = self.setting(flow.CALL_SETTING, flow.MIN_CALL_SECONDS)
                self._pad_until = now + max(2 * minimum, LADY_TAP_SECONDS)
            if now < self._pad_until:
                return
            self._lady = ""
            self.news_text = LADY_SLEEP
            self.say(LADY_SLEEP)
            return
        if self._shown != (view.night, view.step_index):
            self._shown = (view.night, view.step_index)
            self._call(view.line)
            return
        if self._nobody_acts is None:
            legal = self.session.legal_actions()
            self._nobody_acts = all(isinstance(a, E.Continue) for a in legal)
        if self._nobody_acts:  # nobody can act: the app is the GM and continues
            self._nobody_acts = None
            self.act(E.Continue())

    def _call(self, text: str, wake: bool = False) -> None:
        from ui.narration import line_duration_hint

        view = self._view
        hint = line_duration_hint
        self.night_title = f"Night {view.night}"
        self.set_phase(f"Mafia+ · Night {view.night}")
        self.call_text = text
        self._tell_phones(f"{view.night}:{view.step_index}" + (":wake" if wake else ""), text)
        narrator = getattr(self.app, "narrator", None)
        if narrator is not None:
            try:
                narrator.say(text, chime=True)
                hint = narrator.call_length  # the rendered WAV's length (the same for every role)
            except Exception:  # never stop the night for sound
                pass
        seconds = flow.call_seconds(text, self.setting(flow.CALL_SETTING, flow.MIN_CALL_SECONDS), hint)
        self._pad_until = time.monotonic() + seconds

    def _tell_phones(self, key: str | None, text: str = "") -> None:
        """Every phone shows the table's call at the moment the table makes it (ui/phones)."""
        from ui.phones import desk_of

        desk = desk_of(self.app)
        if desk is not None:
            desk.set_call(key, text)

    def toggle_pause(self) -> None:
        super().toggle_pause()
        if self.paused:
            # the padded call keeps the time it had left
            self._paused_left = max(0.0, (self._pad_until or 0.0) - time.monotonic())
        else:
            self._pad_until = time.monotonic() + getattr(self, "_paused_left", 0.0)

    def on_commit(self, session, events) -> None:
        """The night's own pace: lines held until the padded call is over, dawn on the curtain."""
        if not self._here():
            return
        self.session = session
        self.can_undo = session.can_undo
        view = self._view = self.view()
        self._nobody_acts = None
        lines = self.public_lines(events)
        private = [e.text for e in events if e.audience != TABLE and e.kind == "private"]
        self._answer = private[0] if private else None
        if any(e.data.get("line") == "done.lady_of_the_night" for e in events) and view.night == 0:
            self._lady = "due"
        if view.phase != "night":
            self.app.night_sound(False)  # dawn: the bed fades out
            self.say_lines(lines)
            self.show_curtain(lines)  # the morning's news, large, then the Day
            return
        if lines and self._pad_until is not None and time.monotonic() < self._pad_until:
            # a living role that chose before its padded call was over: the table hears the "go
            # back to sleep" when the call is over, as it would for a dead role (no tell in the pause)
            self._held = (self._held or []) + lines
        elif lines:
            self.news_text = " ".join(lines)
            self.say_lines(lines)
        if view.phase == "night" and self.follow_route():  # an undo back to the deal
            return

    # -- the private panel ----------------------------------------------------------------------
    def open_panel(self) -> None:
        """The called role's private panel. A role nobody can play now gets the very panel it
        would have (companion/games/mafia_plus/panels.py, the CALLED view): same picker, targets and hold-to-confirm; it records nothing."""
        self.error = ""
        view = self._view
        model = self.session.view(CALLED)  # private: shown only behind the called player's hold
        if view.phase != "night" or model is None:
            return
        if self._lady == "calling":
            self.panel_title = "For the one the Lady chose"
            self._show_answer(model.woken_note or "Nobody was chosen tonight.")
            return
        self._model = model
        self.panel_title = model.title
        self.panel_hint = model.hint
        self._choice = None
        self.can_confirm = False
        self.confirm_text = "Hold to confirm"
        ring = self.ids.ring
        ring.names = list(view.players)
        ring.alive = list(view.alive)
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
            if NP.is_choice(a) and a.target == seat:
                self._select(a, NP.confirm_text(self._model.step, a, self._view.players))
                self.ids.ring.selected = [seat]

    def choose_option(self, text: str) -> None:
        for a in self._actions:
            if not NP.is_choice(a) and option_text(a) == text:
                self._select(a, NP.confirm_text(self._model.step, a, self._view.players))
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
                self._show_answer(NP.NO_ANSWER.format(night=self._view.night))
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

    def on_vote(self, seat: int) -> bool:
        if self.panel == "act":
            self.choose_seat(seat)
            return True
        return False

    def on_next(self) -> bool:
        if self.panel == "act" and self.can_confirm:
            self.confirm()
            return True
        return False


SCREEN = MafiaPlusNightScreen
