"""Enter a physical roll or spin by tapping faces (no keyboard at the table).

The entry is recorded as ``DiceRolled(..., by_hand=True)`` / ``Spun(..., by_hand=True)``
through the game screen base's ``act``; a refusal is shown as its sentence above the Record button.
"""

from __future__ import annotations

from kivy.properties import NumericProperty, OptionProperty, StringProperty

from companion.games.dice import DiceRolled, Spun
from ui.game_screen import GameScreen
from ui.screens import load_kv
from ui.widgets import BigButton, DiceFace

load_kv(__file__)


class DiceEntryScreen(GameScreen):
    game = "dice"
    starts_game = True
    phase = StringProperty("Enter a real roll")
    mode = OptionProperty("two", options=["two", "one", "spin"])
    die_a = NumericProperty(0)
    die_b = NumericProperty(0)
    number = NumericProperty(0)
    side = StringProperty("")

    def on_kv_post(self, *_):
        for row, prop in ((self.ids.row_a, "die_a"), (self.ids.row_b, "die_b")):
            for value in range(1, 7):
                face = DiceFace(value=value, caption=str(value))
                face.bind(on_release=lambda f, p=prop: self.pick(p, int(f.value)))
                row.add_widget(face)
        for n in range(1, 11):
            button = BigButton(text=str(n))
            button.bind(on_release=lambda b: self.pick("number", int(b.text)))
            self.ids.numbers.add_widget(button)
        # the real widgets, not the weak proxies in ``ids``: the panel off screen must stay alive
        # (only a proxy kept it, so it vanished at the first garbage collection)
        self._spin_panel = self.ids.spin_panel.__self__
        self._dice_panel = self.ids.dice_panel.__self__
        self._show_panel()

    def enter(self, **_):
        self.die_a = self.die_b = self.number = 0
        self.side = self.error = ""
        self._sync()

    # -- taps -----------------------------------------------------------------------------
    def set_mode(self, mode: str) -> None:
        self.mode = mode
        self.error = ""

    def pick(self, what: str, value) -> None:
        setattr(self, what, value)
        self.error = ""

    def action(self):
        """The action the current picks describe, or None while something is missing."""
        if self.mode == "spin":
            return Spun(self.number, self.side, by_hand=True) if self.number and self.side else None
        if self.mode == "one":
            return DiceRolled((self.die_a,), by_hand=True) if self.die_a else None
        return DiceRolled((self.die_a, self.die_b), by_hand=True) if self.die_a and self.die_b else None

    def record(self) -> None:
        action = self.action()
        if action is None:
            self.error = "Tap what the spinner shows first." if self.mode == "spin" else "Tap the faces the dice show first."
            return
        if self.act(action):
            self.go("dice")  # the dice screen shows it from the view as it opens

    def cancel(self) -> None:
        self.go("dice")

    # -- showing --------------------------------------------------------------------------
    def on_mode(self, *_):
        self._show_panel()
        self._sync()

    def on_die_a(self, *_):
        self._sync()

    def on_die_b(self, *_):
        self._sync()

    def on_number(self, *_):
        self._sync()

    def on_side(self, *_):
        self._sync()

    def _show_panel(self) -> None:
        if not hasattr(self, "_spin_panel"):
            return
        body = self.ids.body
        body.clear_widgets()
        body.add_widget(self._spin_panel if self.mode == "spin" else self._dice_panel)
        self.ids.row_b_box.opacity = 0 if self.mode == "one" else 1
        self.ids.row_b_box.disabled = self.mode == "one"

    def _sync(self) -> None:
        if "row_a" not in self.ids:
            return
        for row, value in ((self.ids.row_a, self.die_a), (self.ids.row_b, self.die_b)):
            for face in row.children:
                face.selected = int(face.value) == value
        for button in self.ids.numbers.children:
            button.variant = "selected" if int(button.text) == self.number else "secondary"
        self.ids.left.variant = "selected" if self.side == "L" else "secondary"
        self.ids.right.variant = "selected" if self.side == "R" else "secondary"
        action = self.action()
        if action is None:
            self.ids.record.text = "Record"
            self.ids.record.disabled = True
        else:
            self.ids.record.disabled = False
            if isinstance(action, Spun):
                self.ids.record.text = f"Record {action.number} {action.side}"
            else:
                self.ids.record.text = "Record " + " + ".join(map(str, action.dice))


SCREEN = DiceEntryScreen
