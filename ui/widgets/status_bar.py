"""The status line: a way back, the phase in words, sound and connections, the speaker button.

Right of the phase, two short lines say what the table may need (TABLE-UX.md, "Always"):
``TEXT ONLY · no speech synthesizer installed`` (or ``SOUND ON``) and the hardware line
(``buttons ok · reader disconnected``; nothing when no buttons are wired: Settings explains the
keyboard stand-ins), then ``phones: 3 connected`` while any phone is. The speaker button opens the sound
panel (volume, repeat the last announcement) from every screen.

The look is the ``<-StatusBar>`` rule below; ``load_rules()`` is called by the app after
``theme.kv`` (which no longer styles the status bar).
"""

from __future__ import annotations

from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.widget import Widget

RULES = """
#:import th ui.theme
#:import T ui.theme.THEME

<-StatusBar>:
    size_hint_y: None
    height: th.STATUS_H * T.scale
    padding: th.GAP * T.scale, th.GAP * T.scale / 2
    spacing: th.GAP * T.scale
    canvas.before:
        Color:
            rgba: th.SURFACE
        Rectangle:
            pos: self.pos
            size: self.size
        Color:
            rgba: th.LINE
        Line:
            points: [self.x, self.y, self.right, self.y]
            width: 1
    BigButton:
        id: back
        text: root.back_text
        variant: 'ghost'
        font_size: th.BODY * T.scale
        size_hint_x: None
        width: (130 * T.scale) if root.show_back else 0
        opacity: 1 if root.show_back else 0
        disabled: not root.show_back
        size_hint_min_y: 0
        on_release: root.dispatch('on_back')
    NoirLabel:
        id: phase
        text: root.phase
        bold: True
    BoxLayout:
        orientation: 'vertical'
        size_hint_x: None
        width: min(root.info_width + 4 * T.scale, 420 * T.scale)
        Label:
            id: text_only
            text: root.sound_short
            font_name: th.FONT
            font_size: th.CAPTION * T.scale
            bold: root.text_only
            color: th.ACCENT if root.text_only else th.MUTED
            text_size: self.size
            halign: 'right'
            valign: 'middle'
            shorten: True
        Label:
            id: connections
            text: root.connections_short
            font_name: th.FONT
            font_size: th.CAPTION * T.scale
            color: th.ERROR if 'disconnected' in root.connections else th.MUTED
            text_size: self.size
            halign: 'right'
            valign: 'middle'
            shorten: True
    SpeakerButton:
        id: speaker
        size_hint: None, None
        size: 52 * T.scale, (th.STATUS_H - th.GAP) * T.scale
        pos_hint: {'center_y': 0.5}
        muted: root.text_only
        on_release: root.dispatch('on_sound')

<SpeakerButton>:
    canvas.before:
        Color:
            rgba: th.SURFACE_PRESSED if self.state == 'down' else th.SURFACE_HI
        RoundedRectangle:
            pos: self.pos
            size: self.size
            radius: [th.RADIUS * T.scale]
        Color:
            rgba: th.MUTED if self.muted else th.TEXT
        # a speaker: the box and the cone
        Rectangle:
            pos: self.center_x - 13 * T.scale, self.center_y - 5 * T.scale
            size: 7 * T.scale, 10 * T.scale
        Triangle:
            points: [self.center_x - 7 * T.scale, self.center_y - 5 * T.scale, self.center_x - 7 * T.scale, self.center_y + 5 * T.scale, self.center_x + 2 * T.scale, self.center_y + 12 * T.scale]
        Triangle:
            points: [self.center_x - 7 * T.scale, self.center_y - 5 * T.scale, self.center_x + 2 * T.scale, self.center_y + 12 * T.scale, self.center_x + 2 * T.scale, self.center_y - 12 * T.scale]
        Color:
            rgba: (0, 0, 0, 0) if self.muted else th.ACCENT
        Line:
            circle: (self.center_x + 2 * T.scale, self.center_y, 8 * T.scale, 50, 130)
            width: 1.6 * T.scale
        Line:
            circle: (self.center_x + 2 * T.scale, self.center_y, 14 * T.scale, 50, 130)
            width: 1.6 * T.scale
        Color:
            rgba: th.ACCENT if self.muted else (0, 0, 0, 0)
        Line:
            points: [self.center_x + 6 * T.scale, self.center_y - 6 * T.scale, self.center_x + 16 * T.scale, self.center_y + 6 * T.scale]
            width: 1.8 * T.scale
        Line:
            points: [self.center_x + 6 * T.scale, self.center_y + 6 * T.scale, self.center_x + 16 * T.scale, self.center_y - 6 * T.scale]
            width: 1.8 * T.scale

<SoundPanel>:
    canvas.before:
        Color:
            rgba: 0, 0, 0, 0.6
        Rectangle:
            pos: self.pos
            size: self.size
    BoxLayout:
        id: card
        orientation: 'vertical'
        size_hint: None, None
        width: 430 * T.scale
        height: self.minimum_height
        pos: root.right - self.width - th.GAP * T.scale, max(root.y + th.GAP * T.scale, root.top - th.STATUS_H * T.scale - self.height - th.GAP * T.scale)
        padding: th.PAD * T.scale
        spacing: th.GAP * T.scale
        canvas.before:
            Color:
                rgba: th.SURFACE
            RoundedRectangle:
                pos: self.pos
                size: self.size
                radius: [th.RADIUS * T.scale]
            Color:
                rgba: th.LINE
            Line:
                rounded_rectangle: (self.x + 1, self.y + 1, self.width - 2, self.height - 2, th.RADIUS * T.scale)
                width: 1.2
        BoxLayout:
            size_hint_y: None
            height: 40 * T.scale
            Title:
                text: 'Sound'
            Label:
                text: root.volume_text
                font_name: th.FONT
                bold: True
                font_size: th.TITLE * T.scale
                color: th.ACCENT
                text_size: self.size
                halign: 'right'
                valign: 'middle'
        Paragraph:
            id: sound_line
            text: root.sound_text
            color: th.ACCENT if root.text_only else th.MUTED
            font_size: th.CAPTION * T.scale
        BoxLayout:
            size_hint_y: None
            height: th.TOUCH * T.scale
            spacing: th.GAP * 1.5 * T.scale
            BigButton:
                id: quieter
                text: 'Quieter'
                disabled: root.text_only or root.volume <= 0
                on_release: root.dispatch('on_volume_step', -1)
            BigButton:
                id: louder
                text: 'Louder'
                disabled: root.text_only or root.volume >= 1
                on_release: root.dispatch('on_volume_step', 1)
        BigButton:
            id: repeat
            text: 'Repeat last announcement'
            variant: 'primary'
            size_hint_y: None
            height: th.TOUCH * T.scale
            disabled: not root.last_line
            on_release: root.dispatch('on_repeat')
        Paragraph:
            id: last_line
            text: ('"' + root.last_line + '"') if root.last_line else 'Nothing announced yet.'
            color: th.MUTED
            font_size: th.CAPTION * T.scale
            # the whole line, wrapped: a text-only table reads what was said here (three lines
            # hold the longest announcement; a single line shortened it to "Everyon...ain")
            max_lines: 3
        BoxLayout:
            size_hint_y: None
            height: th.TOUCH * T.scale
            spacing: th.GAP * 1.5 * T.scale
            BigButton:
                id: settings
                text: 'Settings'
                on_release: root.dispatch('on_settings')
            BigButton:
                id: close
                text: 'Close'
                on_release: root.dispatch('on_dismiss')
"""

_loaded = False


def load_rules() -> None:
    """Load the status bar's look once, after theme.kv (the ``-`` replaces theme.kv's rule)."""
    global _loaded
    if not _loaded:
        Builder.load_string(RULES, filename="status_bar.kv")
        _loaded = True


class SpeakerButton(ButtonBehavior, Widget):
    """The small speaker that opens the sound panel; crossed out in text-only mode."""

    muted = BooleanProperty(False)


class SoundPanel(FloatLayout):
    """Volume and "repeat last announcement", over any screen (opened by the speaker button).

    The app fills the properties and answers the events; a tap outside the card closes it.
    """

    volume = NumericProperty(1.0)
    volume_text = StringProperty("100%")
    text_only = BooleanProperty(True)
    sound_text = StringProperty("")
    last_line = StringProperty("")

    __events__ = ("on_volume_step", "on_repeat", "on_settings", "on_dismiss")

    def on_touch_down(self, touch):
        if self.ids.card.collide_point(*touch.pos):
            return super().on_touch_down(touch)
        self.dispatch("on_dismiss")
        return True  # nothing under the panel is pressed by the tap that closes it

    def on_touch_move(self, touch):
        super().on_touch_move(touch)
        return True

    def on_touch_up(self, touch):
        super().on_touch_up(touch)
        return True

    def on_volume_step(self, steps):
        pass

    def on_repeat(self):
        pass

    def on_settings(self):
        pass

    def on_dismiss(self):
        pass


def _text_width(text: str, size: float, bold: bool) -> float:
    """Width in design px of a line in Roboto at ``size``: the status block is as wide as its text."""
    from kivy.core.text import Label as CoreLabel

    label = CoreLabel(text=text, font_size=size, font_name="Roboto", bold=bold)
    label.refresh()
    return float(label.content_width)


def sound_line(text_only: bool, reason: str) -> str:
    """The status bar's sound part.

    >>> sound_line(True, "no speech synthesizer installed")
    'TEXT ONLY · no speech synthesizer installed'
    >>> sound_line(False, "")
    'SOUND ON'
    """
    if text_only:
        return f"TEXT ONLY · {reason}" if reason else "TEXT ONLY"
    return "SOUND ON"


def compact_reason(reason: str) -> str:
    """
    >>> compact_reason("no speech synthesizer installed")
    'no speech synthesizer'
    """
    return reason.replace(" installed", "")


def table_connections(line: str) -> str:
    """The hardware part of the status line in the table's words: only what a player may need.
    No physical buttons wired is nothing to report at the table (the keyboard stand-ins are
    explained in Settings' button test); a reader's trouble keeps its words.

    >>> table_connections("buttons: keyboard stand-ins")
    ''
    >>> table_connections("buttons: keyboard stand-ins · reader disconnected")
    'reader disconnected'
    >>> table_connections("buttons: NEXT, BACK, ROLL, 6 seats · reader connected")
    'buttons ok · reader ok'
    >>> table_connections("starting buttons…")
    ''
    """
    parts = []
    for part in line.split(" · "):
        if part in ("buttons: keyboard stand-ins", "starting buttons…", ""):
            continue
        if part.startswith("buttons: "):
            part = "buttons ok"
        elif part == "reader connected":
            part = "reader ok"
        parts.append(part)
    return " · ".join(parts)


class StatusBar(BoxLayout):
    phase = StringProperty("")
    connections = StringProperty("")
    phones = StringProperty("")  # "phones: 3 connected" (ui.phones.table): how many, never what they do
    text_only = BooleanProperty(True)
    text_only_reason = StringProperty("")
    sound_text = StringProperty("TEXT ONLY")
    sound_short = StringProperty("TEXT ONLY")
    connections_short = StringProperty("")
    info_width = NumericProperty(200)
    show_back = BooleanProperty(False)
    back_text = StringProperty("‹ Home")

    __events__ = ("on_back", "on_sound")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.fbind("text_only", self._sound_text)
        self.fbind("text_only_reason", self._sound_text)
        self.fbind("connections", self._sound_text)
        self.fbind("phones", self._sound_text)
        from ui.theme import THEME

        THEME.fbind("scale", self._sound_text)
        self._sound_text()

    def _sound_text(self, *_):
        from ui.theme import CAPTION, THEME

        self.sound_text = sound_line(self.text_only, self.text_only_reason)
        # the phase ("Round 1 · Anna's turn") is what the table reads: a long reason must not cut it;
        # a reason that does not fit beside it is in the sound panel and Settings
        reason = compact_reason(self.text_only_reason)
        self.sound_short = sound_line(self.text_only, reason if len(reason) <= 14 else "")
        self.connections_short = " · ".join(p for p in (table_connections(self.connections), self.phones) if p)
        # measured at design size; a margin for hinting at larger scales
        self.info_width = (max(_text_width(self.sound_short, CAPTION, True),
                               _text_width(self.connections_short, CAPTION, False)) * 1.1 + 6) * THEME.scale

    def on_back(self):
        pass

    def on_sound(self):
        pass
