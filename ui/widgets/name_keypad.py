"""The one big-letter keypad every game uses to type a name (no system keyboard on the table).

Letters in alphabetical rows (A-J, K-T, U-Z and - '), then a wide Space and Delete, so no key's
label is ever cut and a person who learned it in one game finds the same keys in every other.
"""

from __future__ import annotations

from kivy.properties import NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from ui import theme as th

from .big_button import BigButton

ROWS = ("ABCDEFGHIJ", "KLMNOPQRST", "UVWXYZ-'")
SPACE, DELETE = "Space", "Delete"
MAX_LENGTH = 24


def typed(text: str, ch: str, max_length: int = MAX_LENGTH) -> str:
    """The text after one key: each word's first letter upper case, the rest lower.

    >>> t = ""
    >>> for ch in "ANNA MARIA":
    ...     t = typed(t, ch)
    >>> t
    'Anna Maria'
    """
    if len(text) >= max_length:
        return text
    if ch != " " and text and not text.endswith(" "):
        ch = ch.lower()
    return text + ch


def remember_typed(store, text: str) -> tuple[str, str]:
    """A typed name, its spaces tidied, saved in the player list: ``(name, "")``, or ``("", the
    store's sentence)`` when the list refuses it (empty, too long, a clash): every setup screen
    shows that sentence in place and keeps the keypad open.

    >>> class Store:
    ...     def add_player(self, name):
    ...         if not name:
    ...             from companion.errors import CompanionError
    ...             raise CompanionError("A player needs a name.")
    >>> remember_typed(Store(), "  Anna   Maria ")
    ('Anna Maria', '')
    >>> remember_typed(Store(), "   ")
    ('', 'A player needs a name.')
    """
    from companion.errors import CompanionError

    name = " ".join(text.split())
    try:
        store.add_player(name)
    except CompanionError as error:
        return "", str(error)
    return name, ""


class NameKeypad(BoxLayout):
    """``text`` is what was typed so far; bind to it. ``max_length`` caps it."""

    text = StringProperty("")
    max_length = NumericProperty(MAX_LENGTH)

    def __init__(self, **kwargs):
        kwargs.setdefault("orientation", "vertical")
        super().__init__(**kwargs)
        from ui.theme import THEME

        self.spacing = th.GAP * THEME.scale
        rows = [list(r) for r in ROWS] + [[SPACE, DELETE]]
        for row in rows:
            line = BoxLayout(spacing=th.GAP * THEME.scale)
            for label in row:
                b = BigButton(text=label)
                if label == SPACE:
                    b.size_hint_x = 6
                    b.bind(on_release=lambda *_: self.type(" "))
                elif label == DELETE:
                    b.size_hint_x = 4
                    b.bind(on_release=lambda *_: self.backspace())
                else:
                    b.bind(on_release=lambda w: self.type(w.text))
                line.add_widget(b)
            if len(row) < 10 and row[0] != SPACE:
                line.add_widget(BoxLayout(size_hint_x=10 - len(row)))  # keys keep one width
            self.add_widget(line)

    def type(self, ch: str) -> None:
        self.text = typed(self.text, ch, int(self.max_length))

    def backspace(self) -> None:
        self.text = self.text[:-1]
