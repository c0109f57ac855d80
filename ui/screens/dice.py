"""Dice & Spinner: tap the dice to roll 2d6 (or 1d6), tap the wheel to spin 1-10 with L/R.

Every result is drawn by the session (``session.draw``), which commits it to disk before this
screen is told; the animation then only *shows* what is already recorded, and a new tap
finishes any running animation at once. Physical rolls come from the dice_entry screen as
``DiceRolled(..., by_hand=True)`` and appear without animation.
"""

from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen

from companion.errors import CompanionError
from companion.games.dice import DiceRolled, Finish, Spun
from ui.screens import load_kv
from ui.widgets.dice_face import ROLL_SECONDS
from ui.widgets.hold_button import HoldButton  # noqa: F401  (used by dice.kv)
from ui.widgets.spinner_wheel import SPIN_SECONDS

load_kv(__file__)

HISTORY = 8


def chip_text(action) -> str:
    """The short form of a result for the history strip.

    >>> chip_text(DiceRolled((3, 5)))
    '3+5=8'
    >>> chip_text(Spun(7, 'L'))
    '7 L'
    """
    if isinstance(action, DiceRolled):
        if len(action.dice) == 1:
            return str(action.dice[0])
        return "+".join(str(d) for d in action.dice) + f"={sum(action.dice)}"
    if isinstance(action, Spun):
        return f"{action.number} {action.side}"
    return ""


class HistoryChip(Label):
    physical = BooleanProperty(False)
    newest = BooleanProperty(False)


class DiceScreen(Screen):
    phase = StringProperty("Dice & Spinner")
    session = ObjectProperty(None, allownone=True)
    total_text = StringProperty("")
    dice_caption = StringProperty("Tap the dice to roll")
    spin_number = StringProperty("")
    spin_side = StringProperty("")
    spin_caption = StringProperty("Tap the wheel to spin")
    dice_error = StringProperty("")
    spin_error = StringProperty("")
    undo_error = StringProperty("")
    confirming_undo = BooleanProperty(False)
    undo_question = StringProperty("")
    can_undo = BooleanProperty(False)
    history = ListProperty([])
    single = BooleanProperty(False)  # the last dice roll was one die

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._reveal_event = None

    # -- entering -------------------------------------------------------------------------
    def prepare(self, game: str = "dice", game_id: int | None = None, **_):
        app = App.get_running_app()
        session = app.session_for("dice", game_id)
        if session is not self.session:
            if self.session is not None:
                self.session.unsubscribe(self._on_events)
            session.subscribe(self._on_events)
            self.session = session
        self.confirming_undo = False
        self._clear_errors()
        self.settle()

    def on_leave(self, *_):
        self.confirming_undo = False

    # -- taps -----------------------------------------------------------------------------
    def roll(self, request: str = "roll2d6") -> None:
        """Draw (and commit) a roll or spin; the listener shows it."""
        self.confirming_undo = False
        self._clear_errors()
        try:
            self.session.draw(request)
        except CompanionError as error:
            if request == "spin":
                self.spin_error = str(error)
            else:
                self.dice_error = str(error)

    def handle_command(self, command) -> bool:
        """Hardware buttons (hardware/commands.py): ROLL rolls two dice, NEXT rolls again too."""
        kind = type(command).__name__
        if kind in ("Roll", "Next") and self.session is not None:
            if self.confirming_undo and kind == "Next":
                self.confirm_undo()  # NEXT confirms the question on screen
                return True
            self.roll("roll2d6")
            return True
        return False

    def request_undo(self) -> None:
        """A long hold of BACK: the same one question as the Undo button."""
        self.ask_undo()

    def enter_by_hand(self) -> None:
        app = App.get_running_app()
        app.go(app.controller.physical_entry())

    def ask_undo(self) -> None:
        self._clear_errors()
        if not self.session.can_undo:
            self.undo_error = "There is nothing to undo yet."
            return
        last = self.session.actions[-1]
        what = "spin" if isinstance(last, Spun) else "roll"
        real = " (real)" if getattr(last, "by_hand", False) else ""
        self.undo_question = f"Take back the {what} {chip_text(last)}{real}?"
        self.confirming_undo = True

    def confirm_undo(self) -> None:
        self.confirming_undo = False
        try:
            self.session.undo()
        except CompanionError as error:
            self.undo_error = str(error)

    def cancel_undo(self) -> None:
        self.confirming_undo = False

    def put_away(self) -> None:
        try:
            self.session.act(Finish())
        except CompanionError as error:
            self.dice_error = str(error)

    # -- showing --------------------------------------------------------------------------
    def _on_events(self, session, events) -> None:
        for event in events:
            if event.kind == "rolled":
                self._present_roll(tuple(event.data["dice"]), animate=not event.data.get("by_hand"))
            elif event.kind == "spun":
                self._present_spin(event.data["number"], event.data["side"],
                                   animate=not event.data.get("by_hand"))
            elif event.kind == "undone":
                self.settle()
            elif event.kind == "finished":
                app = App.get_running_app()
                session.unsubscribe(self._on_events)
                self.session = None
                app.end_session("dice")
                app.go(app.controller.after_finish("dice"))

    # The result (the big number, the caption, its chip in the history strip) appears when the dice
    # land or the wheel stops, never while they still move: until then the texts show everything
    # recorded before this roll (``_refresh_texts(upto=-1)``). The session has recorded it already.
    def _present_roll(self, dice: tuple[int, ...], animate: bool) -> None:
        self._finish_animations()
        self.single = len(dice) == 1
        a, b = self.ids.die_a, self.ids.die_b
        if animate:
            self._refresh_texts(upto=-1)
            a.roll_to(dice[0])
            if len(dice) > 1:
                b.roll_to(dice[1])
            self.total_text = ""
            self.dice_caption = "Rolling…"
            self._reveal_event = Clock.schedule_once(lambda *_: self._refresh_texts(), ROLL_SECONDS)
        else:
            a.value = dice[0]
            self._refresh_texts()
        b.dim = len(dice) == 1
        if len(dice) == 1:
            b.value = 0

    def _present_spin(self, number: int, side: str, animate: bool) -> None:
        self._finish_animations()
        wheel = self.ids.wheel
        if animate:
            self._refresh_texts(upto=-1)
            wheel.spin_to(number, side)
            self.spin_number, self.spin_side, self.spin_caption = "", "", "Spinning…"
            self._reveal_event = Clock.schedule_once(lambda *_: self._refresh_texts(), SPIN_SECONDS)
        else:
            wheel.show(number, side)
            self._refresh_texts()

    def _finish_animations(self) -> None:
        """Land whatever still moves (a new tap never waits for the old animation)."""
        if self._reveal_event is not None:
            self._reveal_event.cancel()
            self._reveal_event = None
        if "die_a" not in self.ids:
            return
        self.ids.die_a.finish()
        self.ids.die_b.finish()
        self.ids.wheel.finish()

    def settle(self) -> None:
        """Finish every animation and show the recorded state (resume, undo, screenshots)."""
        self._finish_animations()
        if "die_a" not in self.ids or self.session is None:
            return
        last_roll = self._last(DiceRolled)
        if last_roll is not None:
            self.ids.die_a.value = last_roll.dice[0]
            self.ids.die_b.value = last_roll.dice[1] if len(last_roll.dice) > 1 else 0
            self.ids.die_b.dim = len(last_roll.dice) == 1
            self.single = len(last_roll.dice) == 1
        else:
            self.ids.die_a.value = self.ids.die_b.value = 0
            self.ids.die_b.dim = False
        last_spin = self._last(Spun)
        if last_spin is not None:
            self.ids.wheel.show(last_spin.number, last_spin.side)
        else:
            self.ids.wheel.number, self.ids.wheel.side = 0, ""
        self._refresh_texts()

    def _last(self, cls, actions=None):
        for action in reversed(self.session.actions if actions is None else actions):
            if isinstance(action, cls):
                return action
        return None

    def _refresh_texts(self, upto: int | None = None) -> None:
        """Show the recorded results (``upto=-1``: all but the newest, still animating)."""
        self._reveal_event = None
        actions = self.session.actions[:upto]
        roll, spin = self._last(DiceRolled, actions), self._last(Spun, actions)
        if roll is None:
            self.total_text, self.dice_caption = "", "Tap the dice to roll"
        else:
            self.total_text = str(sum(roll.dice))
            how = " · real dice" if roll.by_hand else ""
            self.dice_caption = (" + ".join(map(str, roll.dice)) if len(roll.dice) > 1 else "One die") + how
        if spin is None:
            self.spin_number, self.spin_side, self.spin_caption = "", "", "Tap the wheel to spin"
        else:
            self.spin_number = str(spin.number)
            self.spin_side = "LEFT" if spin.side == "L" else "RIGHT"
            self.spin_caption = "Real spinner" if spin.by_hand else "Tap the wheel to spin again"
        self.can_undo = self.session.can_undo
        recent = [a for a in actions if isinstance(a, (DiceRolled, Spun))][-HISTORY:]
        self.history = [(chip_text(a), bool(a.by_hand)) for a in reversed(recent)]
        self._fill_history()

    def _fill_history(self) -> None:
        """The chips, newest first; existing chips are reused (building new widgets at the moment a
        result lands cost a frame)."""
        strip = self.ids.history
        chips = list(reversed(strip.children))  # as shown, left to right
        for i, (text, physical) in enumerate(self.history):
            if i < len(chips):
                chips[i].text, chips[i].physical, chips[i].newest = text, physical, i == 0
            else:
                strip.add_widget(HistoryChip(text=text, physical=physical, newest=i == 0))
        for chip in chips[len(self.history):]:
            strip.remove_widget(chip)

    def _clear_errors(self) -> None:
        self.dice_error = self.spin_error = self.undo_error = ""


SCREEN = DiceScreen
