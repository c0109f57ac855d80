"""Phase 1 by taps: which card was played (Construction, Mission, Game, Transaction or discarding
the hand), then its targets one question at a time, then Play. Only options the engine could
accept are enabled; a refusal is said in place. The manpower discard is entered here too: tap the
manpower printed on each discarded card.

Buying and selling jewels is the player's private moment (the rule: face down, "without showing
them to the other players"): the shared screen says only whose moment it is and offers a hold
button; held, a pad covers the whole screen ("For Anna only") with the jewel cards; it hides itself
after a few seconds without a tap, and after "Into the safe" the table shows the same whatever was
picked."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import BooleanProperty, ListProperty, StringProperty

from companion.games.mafia_casino import actions as A
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from hardware.commands import Back, Undo
from ui import theme as th
from ui.screens import load_kv
from ui.widgets.big_button import BigButton
from ui.widgets.hold_button import HoldButton  # noqa: F401  (kv: the private moment's hold)

from ui.game_screen import GameScreen

from . import logic as L
from . import widgets  # noqa: F401  (the shared Casino kv rules)

load_kv(__file__)


class CasinoActionScreen(GameScreen):
    game = L.GAME
    mode = StringProperty("choose")  # choose / fields / manpower / private (buying or selling jewels)
    heading = StringProperty("")
    prompt = StringProperty("")
    summary = StringProperty("")
    discarded = ListProperty([])
    # the private safe moment: the hold on the shared screen, then the pad over everything
    hold_text = StringProperty("")
    private_showing = BooleanProperty(False)
    private_title = StringProperty("")
    private_prompt = StringProperty("")
    private_picked = StringProperty("")
    private_commit = StringProperty("")
    private_error = StringProperty("")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.wizard = L.Wizard()
        self.option_buttons: dict = {}
        self._idle = None

    def on_size(self, *_) -> None:
        upright = self.height > self.width
        if self.session is not None and self.mode == "choose" and upright != getattr(self, "_drawn_upright", upright):
            self.show([])  # turned: the card choice laid out the other way

    def enter(self, **_) -> None:
        self.close_private()
        self.wizard = L.Wizard()
        self.discarded = []

    def on_leave(self, *_):
        self.close_private()
        super().on_leave()

    def turn(self, view=None) -> L.Turn:
        """The views and the engine's legality the card wizard asks (never the raw state)."""
        return L.Turn.of(self.session, view)

    # -- taps ---------------------------------------------------------------------------------
    def choose(self, key: str) -> None:
        self.error = ""
        self.wizard = L.Wizard(key)
        self.wizard.answers = {f: [] for f in self.wizard.fields() if f in ("cards", "safe_cards")}
        self.show([])

    def answer(self, name: str, value, multi: int) -> None:
        self.error = ""
        if multi:
            picked = list(self.wizard.answers.get(name, []))
            if value in picked and name == "safe_cards":
                picked.remove(value)
            elif len(picked) < multi:
                picked.append(value)
            else:
                self.error = f"At most {multi} cards."
            self.wizard.answers[name] = picked
        else:
            self.wizard.answers[name] = value
        self.show([])

    def back_step(self) -> None:
        """Undo the last answer (or go back to the card choice)."""
        self.error = ""
        answers = self.wizard.answers
        singles = [f for f in self.wizard.fields() if f in answers and f not in ("cards", "safe_cards")]
        multis = [f for f in ("cards", "safe_cards") if answers.get(f)]
        if multis:
            answers[multis[0]] = []
        elif singles:
            del answers[singles[-1]]
        else:
            self.wizard = L.Wizard()
        self.show([])

    # -- the private safe moment -----------------------------------------------------------------
    def _private_field(self) -> str:
        return "cards" if self.wizard.key == "buy" else "safe_cards"

    def open_private(self) -> None:
        """The hold is full: the pad covers the screen for the player alone."""
        if self.wizard.key not in L.PRIVATE_KEYS or self.session is None:
            return
        self.wizard.answers = {self._private_field(): []}
        self.private_error = ""
        self.private_showing = True
        self._fill_private()
        self._touch_idle()

    def close_private(self) -> None:
        """Hide the pad and forget its picks: nothing of them stays on the table."""
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
        self.private_showing = False
        self.private_picked = self.private_error = ""
        if self.wizard.key in L.PRIVATE_KEYS:
            self.wizard.answers = {self._private_field(): []}
        if "private_grid" in self.ids:
            self.ids.private_grid.clear_widgets()

    def _touch_idle(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
        self._idle = Clock.schedule_once(lambda *_: self.close_private(), L.PRIVATE_IDLE)

    def private_pick(self, value) -> None:
        self._touch_idle()
        name = self._private_field()
        picked = list(self.wizard.answers.get(name, []))
        self.private_error = ""
        if value in picked and name == "safe_cards":
            picked.remove(value)
        elif len(picked) < 3:
            picked.append(value)
        else:
            self.private_error = "At most 3 cards: tap Clear to start again."
        self.wizard.answers[name] = picked
        self._fill_private()

    def private_clear(self) -> None:
        self._touch_idle()
        self.wizard.answers = {self._private_field(): []}
        self.private_error = ""
        self._fill_private()

    def private_commit_tap(self) -> None:
        self._touch_idle()
        action = self.wizard.build()
        if action is None:
            self.private_error = "Tap at least one card first."
            return
        if self.act(action, where="private_error"):
            self.close_private()

    def _fill_private(self) -> None:
        if "private_grid" not in self.ids or self.session is None:
            return
        turn = self.turn()
        curtain = L.private_curtain(self.wizard.key, self.view().active_name)
        self.private_title = curtain.title
        self.private_commit = curtain.commit
        question = self.wizard.question(turn)
        self.private_prompt = question.prompt if question else ""
        self.private_picked = L.private_picked(self.wizard.key, turn.own_safe(), self.wizard.answers)
        grid = self.ids.private_grid
        grid.clear_widgets()
        picked = self.wizard.answers.get(self._private_field(), [])
        options = question.options if question else ()
        grid.cols = 2 if len(options) <= 4 else 3
        for option in options:
            count = picked.count(option.value)
            text = option.label + (f"  ×{count}" if count and self.wizard.key == "buy" else "")
            b = BigButton(text=text, variant="selected" if count else "secondary", shorten=False, halign="center")
            b.font_size = self._px(28)
            b.bind(on_release=lambda _b, v=option.value: self.private_pick(v))
            grid.add_widget(b)

    def play(self) -> None:
        action = self.wizard.build()
        if action is None:
            self.error = "Answer the question above first."
            return
        self.act(action)

    def add_manpower(self, value: int) -> None:
        self.error = ""
        self.discarded = self.discarded + [value]
        self.show([])

    def clear_manpower(self) -> None:
        self.error = ""
        self.discarded = []
        self.show([])

    def pay(self) -> None:
        if self.act(A.PayManpower(tuple(self.discarded))):
            self.discarded = []

    # -- showing ------------------------------------------------------------------------------
    def show(self, events) -> None:
        view = self.view()
        turn = self.turn(view)
        self.set_phase(L.status_line(view))
        grid = self.ids.grid
        self._pending = []  # (container, text, callback, ident, enabled, selected, big)
        self._outer = {}  # id(a row of cards) -> the widget the grid holds for it (upright: its group)
        me = view.active_name
        try:
            self._layout(view, turn, grid, me)
        finally:
            self._apply_options(grid)

    def _apply_options(self, grid) -> None:
        """Show the options collected by _layout; the same buttons are updated in place (a quick
        second tap must land on the button it aims at, not on one rebuilt a frame ago)."""
        pending = self._pending
        same = [p[3] for p in pending] == list(self.option_buttons) and all(
            p[0] is grid for p in pending) and len(grid.children) == len(pending)
        if same:
            for container, text, callback, ident, enabled, selected, big in pending:
                b = self.option_buttons[ident]
                b.text, b.disabled = text, not enabled
                b.variant = "selected" if selected else "secondary"
                b.callback = callback
            return
        grid.clear_widgets()
        self.option_buttons = {}
        for container, text, callback, ident, enabled, selected, big in pending:
            self._make_option(container, text, callback, ident, enabled, selected, big)
            outer = self._outer.get(id(container), container)  # upright: the group (name over cards)
            if container is not grid and outer.parent is None:
                grid.add_widget(outer)

    def _layout(self, view, turn, grid, me) -> None:
        if view.phase == "manpower":
            self.mode = "manpower"
            self.heading = f"{me} discards cards worth at least {view.manpower_due} manpower"
            self.prompt = "Tap the manpower printed on each card discarded (extra manpower is lost)."
            self.summary = ("Discarded: " + " + ".join(map(str, self.discarded)) + f" = {sum(self.discarded)}"
                            if self.discarded else "Nothing discarded yet.")
            grid.cols = 6
            for value in range(0, 6):
                self._option(grid, str(value), lambda v=value: self.add_manpower(v), f"mp_{value}", big=True)
            return
        if view.phase != "actions":
            self.mode = "choose"
            self.heading = L.sentence(view.instruction)
            self.prompt = self.summary = ""
            return
        if self.wizard.key in L.PRIVATE_KEYS:
            # the shared screen: whose moment it is and the hold, the same whatever the safe holds
            self.mode = "private"
            curtain = L.private_curtain(self.wizard.key, me)
            self.heading, self.prompt, self.hold_text = curtain.heading, curtain.prompt, curtain.hold
            self.summary = ""
            if self.private_showing:
                self._fill_private()
            return
        if self.wizard.key is None:
            self.mode = "choose"
            self.heading = f"{me} plays which card?"
            self.prompt = ""
            self.summary = f"Already this turn: {view.turn_type.title()} cards." if view.turn_type else ""
            grid.cols = 1
            self._drawn_upright = upright = self.height > self.width
            for label, keys in L.CHOICE_ROWS:
                row = BoxLayout(spacing=self._px(th.GAP))
                if upright:  # 720x1280: the group's name over its cards, which get the whole width
                    group = BoxLayout(orientation="vertical", spacing=self._px(th.GAP / 2))
                    name = Label(text=label, font_name=th.FONT, bold=True, font_size=self._px(th.CAPTION),
                                 color=th.MUTED, size_hint_y=None, height=self._px(30),
                                 halign="left", valign="middle")
                    name.bind(size=lambda w, size: setattr(w, "text_size", size))
                    group.add_widget(name)
                    group.add_widget(row)
                    self._outer[id(row)] = group  # our own map: never walk .parent against an ids proxy
                else:
                    row.add_widget(Label(text=label, font_name=th.FONT, bold=True, font_size=self._px(th.CAPTION),
                                         color=th.MUTED, size_hint_x=None, width=self._px(104),
                                         halign="left", valign="middle", text_size=(self._px(104), None)))
                for key, title in keys:
                    enabled = L.choice_enabled(turn, key)
                    self._option(row, title, lambda k=key: self.choose(k), key, enabled=enabled)
            return
        self.mode = "fields"
        self.heading = self.wizard.summary(turn)
        question = self.wizard.question(turn)
        self.summary = ""
        if question is None:
            self.prompt = "Ready: tap Play."
            return
        self.prompt = question.prompt
        picked = self.wizard.answers.get(question.name, []) if question.multi else []
        n = len(question.options)
        grid.cols = 3 if n in (3, 6, 9) else min(4, max(1, n))
        if not question.options:
            self.prompt += " — none possible."
        for option in question.options:
            chosen = question.multi and option.value in picked
            self._option(grid, option.label + (f"  ×{picked.count(option.value)}" if chosen and question.name == "cards" else ""),
                         lambda o=option, q=question: self.answer(q.name, o.value, q.multi),
                         f"opt_{option.label}", enabled=option.enabled, selected=chosen,
                         big=question.name in ("cost", "bet"))

    @staticmethod
    def _px(v: float) -> float:
        from ui.theme import THEME

        return v * THEME.scale

    def _option(self, container, text, callback, ident, enabled=True, selected=False, big=False) -> None:
        self._pending.append((container, text, callback, ident, enabled, selected, big))

    def _make_option(self, container, text, callback, ident, enabled, selected, big) -> None:
        b = BigButton(text=text, variant="selected" if selected else "secondary", disabled=not enabled,
                      markup=True, shorten=False, halign="center")
        b.font_size = self._px(34 if big else 24)
        b.callback = callback
        b.bind(on_release=lambda w: w.callback())
        if container.__class__.__name__ == "BoxLayout":  # a row of the card choice
            b.font_size = self._px(th.CAPTION)
            b.shorten = True
        self.option_buttons[ident] = b
        container.add_widget(b)

    # -- hardware: a button never acts under the private pad; Vote(seat) or a tag answers "Which player?"
    def handle_command(self, command) -> bool:
        if self.private_showing:  # BACK or UNDO hide the pad; nothing else passes it
            if isinstance(command, (Back, Undo)):
                self.close_private()
            return True
        return super().handle_command(command)

    def on_vote(self, seat: int) -> bool:
        if not self._asks_target():
            return False
        seat, self.error = L.picked_seat(seat, [p.name for p in self.view().players])
        if seat is not None:
            self._target(seat)
        return True

    def on_tag(self, uid: str) -> bool:
        if not self._asks_target():
            return False
        seat, sentence, handled = L.picked_by_tag(self.table.store.tag(uid), [p.name for p in self.view().players])
        self.error = sentence
        if seat is not None:
            self._target(seat)
        return handled

    def _asks_target(self) -> bool:
        if self.mode != "fields":
            return False
        question = self.wizard.question(self.turn())
        return question is not None and question.name == "target"

    def _target(self, seat: int) -> None:
        question = self.wizard.question(self.turn())
        option = next((o for o in question.options if o.value == seat), None)
        name = self.view().players[seat].name
        if option is None:
            self.error = f"{name} plays this card: choose another player."
        elif not option.enabled:
            self.error = f"{name} cannot be chosen for this card."
        else:
            self.answer("target", seat, 0)

    def ready(self) -> bool:
        return self.mode == "fields" and self.wizard.build() is not None


SCREEN = CasinoActionScreen
