"""Dice & Spinner: tap the dice to roll 2d6 (or 1d6), tap the wheel to spin 1-10 with L/R.

Every result is drawn by the session (the base's ``draw``), which commits it to disk before this
screen is told (``show``, once per commit); the trays (``ui/widgets/dice_tray.py``) then only
*show* what is already recorded, and a new tap finishes any running animation at once. Physical
rolls come from the dice_entry screen as ``DiceRolled(..., by_hand=True)`` and appear without
animation. Everything shown comes from the view (``DiceView.history``), never the log.
"""

from __future__ import annotations

from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.label import Label

from companion.games.dice import DiceRolled, Finish, Spun
from ui.controller import Route
from ui.game_screen import GameScreen
from ui.screens import load_kv
from ui.widgets.dice_tray import DiceTray, SpinTray  # noqa: F401  (used by dice.kv)
from ui.widgets.hold_button import HoldButton  # noqa: F401  (used by dice.kv)

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
    key = None  # (place in the results, text, physical): the result this chip shows


class DiceScreen(GameScreen):
    game = "dice"
    starts_game = True
    phase = StringProperty("Dice & Spinner")
    dice_caption = StringProperty("Tap the dice to roll")
    spin_caption = StringProperty("Tap the wheel to spin")
    dice_error = StringProperty("")
    spin_error = StringProperty("")
    history = ListProperty([])
    single = BooleanProperty(False)  # the last dice roll was one die

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        # the strip's chips, made with the screen (built while Home waits): a result that lands
        # takes one of these instead of a new label with its kv rules
        self._spare_chips = [HistoryChip() for _ in range(HISTORY)]

    # -- entering -------------------------------------------------------------------------
    def enter(self, **_):
        self._clear_errors()

    # -- taps -----------------------------------------------------------------------------
    def roll(self, request: str = "roll2d6") -> None:
        """Draw (and commit) a roll or spin; the table host hands the commit to ``show``."""
        self._clear_errors()
        self.draw(request, where="spin_error" if request == "spin" else "dice_error")

    def on_roll(self) -> bool:
        """ROLL on the box rolls two dice."""
        self.roll("roll2d6")
        return True

    def on_next(self) -> bool:
        """NEXT confirms the undo question on screen, else rolls again."""
        if self.confirming_undo:
            self.confirm_undo()
        else:
            self.roll("roll2d6")
        return True

    def enter_by_hand(self) -> None:
        self.go("dice_entry")

    def undo_question_text(self) -> str:
        last = self.view().history[-1]
        what = "spin" if isinstance(last, Spun) else "roll"
        real = " (real)" if getattr(last, "by_hand", False) else ""
        return f"Take back the {what} {chip_text(last)}{real}?"

    def put_away(self) -> None:
        self.act(Finish(), where="dice_error")

    # -- showing --------------------------------------------------------------------------
    def show(self, events) -> None:
        """Entering, an undo, or a commit: the trays show the view's last roll and spin (a new one
        tumbling in, unless it was entered by hand); the words follow when it lands (``landed``)."""
        view = self.view()
        if view.finished:
            self.table.close("dice")
            self.table.go(Route("home"))
            return
        tray, spin_tray = self.ids.tray, self.ids.spin_tray
        tray.finish()  # a new result never waits for the old animation
        spin_tray.finish()
        kinds = {e.kind: e for e in events}
        rolls = [a for a in view.history if isinstance(a, DiceRolled)]
        spins = [a for a in view.history if isinstance(a, Spun)]
        roll, spin = (rolls[-1] if rolls else None), (spins[-1] if spins else None)
        self.single = roll is not None and len(roll.dice) == 1
        if "rolled" in kinds:
            tray.show(roll.dice, animate=not kinds["rolled"].data.get("by_hand"))
        elif "spun" in kinds:
            spin_tray.show(spin.number, spin.side, animate=not kinds["spun"].data.get("by_hand"))
        else:  # entering, an undo: everything as recorded, at once
            tray.show(roll.dice if roll else ())
            spin_tray.show(spin.number if spin else None, spin.side if spin else "")
        if tray.rolling or spin_tray.rolling:
            self._texts(view.history[:-1])  # what was recorded before the result still moving
            if tray.rolling:
                self.dice_caption = "Rolling…"
            else:
                self.spin_caption = "Spinning…"

    def landed(self) -> None:
        """A tray stopped (or showed a result at once): the recorded results' words appear."""
        if self.session is None or self.ids.tray.rolling or self.ids.spin_tray.rolling:
            return
        self._texts(self.view().history)

    def _texts(self, results) -> None:
        rolls = [a for a in results if isinstance(a, DiceRolled)]
        spins = [a for a in results if isinstance(a, Spun)]
        roll, spin = (rolls[-1] if rolls else None), (spins[-1] if spins else None)
        if roll is None:
            self.dice_caption = "Tap the dice to roll"
        else:
            how = " · real dice" if roll.by_hand else ""
            self.dice_caption = (" + ".join(map(str, roll.dice)) if len(roll.dice) > 1 else "One die") + how
        self.spin_caption = ("Tap the wheel to spin" if spin is None else
                             "Real spinner" if spin.by_hand else "Tap the wheel to spin again")
        recent = [(i, a) for i, a in enumerate(results) if isinstance(a, (DiceRolled, Spun))][-HISTORY:]
        self.history = [(chip_text(a), bool(a.by_hand)) for _, a in reversed(recent)]
        self._fill_history([(i, text, physical) for (i, _), (text, physical) in zip(reversed(recent), self.history)])

    def _fill_history(self, entries) -> None:
        """The chips, newest first. A chip keeps the result it shows (``key``): when a result lands
        the others only move along and the new one takes a spare chip, so one label is drawn
        anew instead of all eight (and none is built while the result lands)."""
        strip = self.ids.history
        shown = list(reversed(strip.children))  # as shown, left to right
        wanted = set(entries)
        by_key = {chip.key: chip for chip in shown if chip.key in wanted}
        spare = [chip for chip in shown if chip.key not in wanted] + self._spare_chips
        chips = []
        for n, key in enumerate(entries):
            chip = by_key.pop(key, None) or (spare.pop() if spare else HistoryChip())
            chip.key, chip.newest = key, n == 0
            chip.text, chip.physical = key[1], key[2]
            chips.append(chip)
        if chips != shown:
            strip.clear_widgets()
            for chip in chips:
                strip.add_widget(chip)
        self._spare_chips = spare

    def _clear_errors(self) -> None:
        self.dice_error = self.spin_error = self.error = ""


SCREEN = DiceScreen
