"""A digit keypad for short codes (a phone's pairing code): 1-9 in a phone's order, then
Delete, 0 and the confirming key. Like ``name_keypad``: big keys, no system keyboard.

``text`` is what was typed so far; ``on_submit(text)`` fires when the confirming key is tapped
(it is greyed until ``length`` digits are typed).
"""

from __future__ import annotations

from kivy.properties import NumericProperty, StringProperty
from kivy.uix.gridlayout import GridLayout

from ui import theme as th

from .big_button import BigButton

DELETE = "Delete"


def typed(text: str, key: str, length: int) -> str:
    """The code after one key.

    >>> t = ""
    >>> for key in "12345":
    ...     t = typed(t, key, 4)
    >>> t, typed(t, DELETE, 4), typed("", DELETE, 4)
    ('1234', '123', '')
    """
    if key == DELETE:
        return text[:-1]
    if key.isdigit() and len(text) < length:
        return text + key
    return text


class CodeKeypad(GridLayout):
    text = StringProperty("")
    length = NumericProperty(4)
    confirm_text = StringProperty("Link")

    __events__ = ("on_submit",)

    def __init__(self, **kwargs):
        kwargs.setdefault("cols", 3)
        super().__init__(**kwargs)
        from ui.theme import THEME

        self.spacing = th.GAP * THEME.scale
        for key in ("1", "2", "3", "4", "5", "6", "7", "8", "9", DELETE, "0"):
            b = BigButton(text=key)
            b.bind(on_release=lambda w: self.press(w.text))
            self.add_widget(b)
        self.confirm = BigButton(text=self.confirm_text, variant="primary", disabled=True)
        self.confirm.bind(on_release=lambda *_: self.dispatch("on_submit", self.text))
        self.bind(confirm_text=self.confirm.setter("text"))
        self.add_widget(self.confirm)
        self.fbind("text", self._ready)
        self.fbind("length", self._ready)

    def press(self, key: str) -> None:
        self.text = typed(self.text, key, int(self.length))

    def _ready(self, *_):
        self.confirm.disabled = len(self.text) < int(self.length)

    def on_submit(self, text):
        pass
