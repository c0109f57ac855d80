"""Linking a seat's phone at the table, during that seat's own private moment (docs/phones.md):
the pieces every game's private screen shares, so that the words, the keypad and the hold are the
same at every table (the Mafia+ deal, Mafia (Sicily)'s private cards, Mafia Casino's join step).

* ``PhoneLinkRow(seat=, name=)``: "Link a phone" (a tap opens the keypad) or, when the seat has a
  phone already, "Hold to replace <name>'s phone" (a tap only says "Hold longer"). It follows
  ``app.phones`` by itself: with phones off (or ``active`` False) it shows nothing and takes no
  touch; ``on`` and ``linked`` say what it shows, for the screen's own wording.
* ``PhoneKeypad``: the digit keypad over the whole screen ("Type the code <name>'s phone shows",
  the digits, ``Delete``, ``Link``, ``Cancel``). The right code links the seat and fires
  ``on_linked(seat, name)``; a wrong one shows ``LinkError``'s sentence at the keypad and nothing
  changes. While it is open no touch reaches what it covers.
* ``PhoneJoin``: "Phones: scan to join" over the table's address as a QR code, the address as a
  person types it under it (nothing when phones are off).

A screen puts a row where the seat's private moment is, one keypad last in its root (over
everything) and tells the row which keypad it opens (``keypad: keypad``).
"""

from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from ui.widgets.big_button import BigButton  # noqa: F401  (used by the kv below)
from ui.widgets.code_keypad import CodeKeypad  # noqa: F401
from ui.widgets.hold_button import HoldButton  # noqa: F401
from ui.widgets.qr_code import QRCode  # noqa: F401

LINK = "Link a phone"


def replace_text(name: str) -> str:
    """
    >>> replace_text("Anna")
    "Hold to replace Anna's phone"
    """
    return f"Hold to replace {name}'s phone"


def prompt_text(name: str) -> str:
    """
    >>> prompt_text("Anna")
    "Type the code Anna's phone shows"
    """
    return f"Type the code {name}'s phone shows"


def linked_text(name: str) -> str:
    """
    >>> linked_text("Anna")
    "Anna's phone is linked."
    """
    return f"{name}'s phone is linked."


def shown_code(typed: str, length: int = 4) -> str:
    """The code as typed so far, a dot for each digit still to come.

    >>> shown_code(""), shown_code("12")
    ('· · · ·', '1 2 · ·')
    """
    return " ".join((typed + "·" * length)[:length])


def _phones():
    return getattr(App.get_running_app(), "phones", None)


Builder.load_string("""
#:import th ui.theme
#:import T ui.theme.THEME
#:import phone_linking ui.phones.linking

<PhoneLinkRow>:
    spacing: th.PAD * T.scale
    opacity: 1 if root.on else 0
    BigButton:
        id: link_phone
        text: phone_linking.LINK
        size_hint_x: None
        width: (250 * T.scale) if root.on and not root.linked else 0
        opacity: 1 if root.on and not root.linked else 0
        disabled: not root.on or root.linked
        on_release: root.open_keypad()
    HoldButton:
        id: replace_phone
        text: self.hint or phone_linking.replace_text(root.name)
        size_hint_x: 1 if root.linked else None
        width: 0
        opacity: 1 if root.on and root.linked else 0
        disabled: not (root.on and root.linked)
        hold_seconds: root.hold_seconds
        on_confirm: root.open_keypad()
    Widget:
        size_hint_x: 0.001 if root.linked else 1

<PhoneKeypad>:
    size_hint: (1, 1) if root.is_open else (0, 0)
    opacity: 1 if root.is_open else 0
    disabled: not root.is_open
    padding: th.PAD * T.scale
    spacing: th.PAD * T.scale
    canvas.before:
        Color:
            rgba: th.BG
        Rectangle:
            pos: self.pos
            size: self.size
    BoxLayout:
        orientation: 'vertical'
        spacing: th.GAP * T.scale
        Paragraph:
            id: keypad_prompt
            text: phone_linking.prompt_text(root.name)
            font_size: th.TITLE * T.scale
            bold: True
            halign: 'center'
        Label:
            id: typed_code
            text: phone_linking.shown_code(keypad.text)
            font_name: th.FONT
            bold: True
            font_size: th.NUMBER * T.scale
            color: th.ACCENT
        ErrorLine:
            id: keypad_error
            text: root.error
        BigButton:
            id: keypad_cancel
            text: 'Cancel'
            variant: 'ghost'
            size_hint_y: None
            height: th.TOUCH * T.scale
            on_release: root.close()
    CodeKeypad:
        id: keypad
        size_hint_x: None
        width: 340 * T.scale
        on_submit: root.submit(args[1])

<PhoneJoin>:
    orientation: 'vertical'
    spacing: th.GAP / 2 * T.scale
    opacity: 1 if root.on else 0
    Label:
        text: 'Phones: scan to join' if root.url else ''  # no network: the sentence alone says so
        font_name: th.FONT
        bold: True
        font_size: th.CAPTION * T.scale
        color: th.ACCENT
        size_hint_y: None
        height: 30 * T.scale
    QRCode:
        id: qr
        data: root.url
        caption: root.address
""", filename="phone_linking.kv")


class _FollowsPhones:
    """Re-reads ``app.phones`` (running, address, links) whenever they change."""

    def _follow_phones(self) -> None:
        Clock.schedule_once(lambda _dt: self._bind_phones(), 0)

    def _bind_phones(self) -> None:
        phones = _phones()
        if phones is not None and not getattr(self, "_phones_bound", False):
            phones.bind(running=self.update, url=self.update, address=self.update, linked=self.update)
            self._phones_bound = True
        self.update()

    def update(self, *_):
        raise NotImplementedError


class PhoneLinkRow(_FollowsPhones, BoxLayout):
    seat = NumericProperty(0)
    name = StringProperty("")
    active = BooleanProperty(True)  # the screen's say: this is the seat's private moment now
    keypad = ObjectProperty(None, allownone=True)  # the PhoneKeypad this row opens
    hold_seconds = NumericProperty(1.0)
    on = BooleanProperty(False)  # shown: phones running and the moment is now
    linked = BooleanProperty(False)  # the seat has a phone (the hold replaces it)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.fbind("seat", self._new_seat)
        self.fbind("active", self.update)
        self._follow_phones()

    def _new_seat(self, *_):
        self.ids.replace_phone.hint = ""  # "Hold longer" was said to the seat before
        self.update()

    def update(self, *_):
        phones = _phones()
        # no network, no phone can reach the table: nothing to link (the sentence beside it says why)
        self.on = bool(self.active and phones is not None and phones.running and phones.url)
        self.linked = bool(self.on and phones.is_linked(int(self.seat)))

    def open_keypad(self) -> None:
        if self.on and self.keypad is not None:
            self.keypad.open_for(int(self.seat), self.name)


class PhoneKeypad(BoxLayout):
    seat = NumericProperty(-1)
    name = StringProperty("")
    is_open = BooleanProperty(False)
    error = StringProperty("")

    __events__ = ("on_linked",)

    def open_for(self, seat: int, name: str) -> None:
        self.seat, self.name = seat, name
        self.ids.keypad.text = ""
        self.error = ""
        self.is_open = True

    def close(self) -> None:
        self.is_open = False
        self.error = ""

    def submit(self, code: str) -> None:
        """The code typed: the seat's phone is linked, or the sentence why not (nothing changes)."""
        from ui.phones.links import LinkError

        phones = _phones()
        try:
            if phones is None:
                raise LinkError("Phones are off: turn them on in Settings.")
            phones.link(int(self.seat), code)
        except LinkError as error:
            self.error = str(error)
            self.ids.keypad.text = ""
            return
        self.close()
        self.dispatch("on_linked", int(self.seat), self.name)

    def on_linked(self, seat: int, name: str):
        pass

    def on_touch_down(self, touch):
        """While it is open, no touch reaches what it covers."""
        if not self.collide_point(*touch.pos) or self.width < 1:
            return False
        super().on_touch_down(touch)
        return True


class PhoneJoin(_FollowsPhones, BoxLayout):
    on = BooleanProperty(False)
    url = StringProperty("")
    address = StringProperty("")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._follow_phones()

    def update(self, *_):
        phones = _phones()
        self.on = bool(phones is not None and phones.running)
        self.url = phones.url if self.on else ""
        self.address = phones.address if self.on else ""
