"""Contract's own widgets: a Mafioso card of the row, a family-coloured button, an on-screen
keyboard for new names. Their look is in widgets.kv (every rule prefixed Contract)."""

from __future__ import annotations

from kivy.properties import (BooleanProperty, ColorProperty, ListProperty, NumericProperty, ObjectProperty,
                             StringProperty)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from ui import theme as th
from ui.screens import load_kv
from ui.widgets.big_button import BigButton
from ui.widgets.name_keypad import NameKeypad  # noqa: F401  (kv class: the one keypad)

load_kv(__file__)


class ContractMafiosoCard(ButtonBehavior, BoxLayout):
    """One Mafioso of the row: family colour, name, pawns and everyone's influence on it."""

    fill = ColorProperty(th.SURFACE_HI)
    ink = ColorProperty(th.TEXT)
    label = StringProperty("")
    place = StringProperty("")  # "1".."6" from the left
    copper = BooleanProperty(False)
    vicelard = BooleanProperty(False)
    lines = ListProperty([])  # influence lines "Anna 3½" (markup)
    line_size = NumericProperty(24)
    selected = BooleanProperty(False)
    target = BooleanProperty(False)  # a legal target of the chosen action
    faded = BooleanProperty(False)  # not a target while an action is being aimed


class ContractColourButton(BigButton):
    """A BigButton painted in a family colour (the reveal screen's family choice)."""

    fill = ColorProperty(th.SURFACE_HI)
    ink = ColorProperty(th.TEXT)
    chosen = BooleanProperty(False)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.fbind("fill", self._refresh)
        self.fbind("ink", self._refresh)
        self.fbind("chosen", self._refresh)
        self._refresh()

    def _refresh(self, *_):
        if not hasattr(self, "chosen"):
            return
        if self.disabled:
            self.bg_now, self.fg_now, self.outline = th.DISABLED, th.DISABLED_TEXT, th.DISABLED
            return
        r, g, b, _ = self.fill
        self.bg_now = (r * 0.75, g * 0.75, b * 0.75, 1) if self.state == "down" else self.fill
        self.fg_now = self.ink
        self.outline = th.ACCENT if self.chosen else th.LINE




class ContractUndoBar(BoxLayout):
    """The undo question over a screen's bottom bar, with Keep it / Take back (the base's undo)."""

    screen = ObjectProperty(None, allownone=True)  # the GameScreen asking
    anchor = ObjectProperty(None, allownone=True)  # the bar it covers
    asking = BooleanProperty(False)


class ContractKeyboard(BoxLayout):
    """A new player's name typed on the one keypad every game uses (no keyboard at the table)."""

    text = StringProperty("")
    __events__ = ("on_done", "on_cancel")

    def clear(self) -> None:
        self.ids.keypad.text = ""

    def on_done(self, *_):
        pass

    def on_cancel(self, *_):
        pass
