"""The dice tray and the spinner tray: how every screen that rolls shows a roll or a spin (issue #24).

The session has drawn and committed the result before a tray is told (``show``); the animation is
decoration only. The result's number appears when the dice land or the wheel stops, never while
they still move; ``on_landed`` fires then (at once when nothing animates), so a screen writes its
captions in one place. ``finish`` lands a running animation at once: a new tap never waits for the
old one. Tapping a die or the wheel fires ``on_tap``.

Used by the Dice & Spinner screen and the Mafia (Sicily) turn screen. (Il Capo's spinner still
has its own copy in ``ui/games/il_capo/common.py``.)
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui import theme as th
from ui.widgets.dice_face import ROLL_SECONDS, DiceFace
from ui.widgets.spinner_wheel import SPIN_SECONDS, SpinnerWheel


class _Tray(BoxLayout):
    """What both trays share: one pending landing, ``finish``, the two events."""

    rolling = BooleanProperty(False)
    __events__ = ("on_tap", "on_landed")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._event = None

    def on_tap(self, *_):
        pass

    def on_landed(self, *_):
        pass

    def _land_later(self, seconds: float) -> None:
        self.rolling = True
        self._event = Clock.schedule_once(lambda *_: self._land(), seconds)

    def _land(self) -> None:
        self._event = None
        self.rolling = False
        self._landed()
        self.dispatch("on_landed")

    def _landed(self) -> None:
        """Hook: put the result's number up."""

    def _stop(self) -> None:
        """Hook: stop the moving parts where they are meant to end."""

    def finish(self) -> None:
        """Land a running animation now (its ``on_landed`` fires)."""
        if self._event is not None:
            self._event.cancel()
            self._stop()
            self._land()


class DiceTray(_Tray):
    """Two dice faces and their total. ``face_width`` 0: the faces share the width."""

    face_width = NumericProperty(0)
    total_font = NumericProperty(th.HERO)
    total_width = NumericProperty(110)
    total_text = StringProperty("")
    dice = ListProperty([])  # the dice shown (landed, or landing)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.die_a, self.die_b = DiceFace(), DiceFace()
        self.total = Label(font_name=th.FONT, bold=True, color=th.ACCENT, size_hint_x=None)
        for die in (self.die_a, self.die_b):
            die.bind(on_release=lambda *_: self.dispatch("on_tap"))
            self.add_widget(die)
        self.add_widget(self.total)
        self.bind(total_text=self.total.setter("text"))
        self.fbind("total_font", self._sizes)
        self.fbind("total_width", self._sizes)
        self.fbind("face_width", self._sizes)
        self._sizes()

    def _sizes(self, *_):
        from ui.theme import THEME

        self.total.font_size = self.total_font * THEME.scale
        self.total.width = self.total_width * THEME.scale
        for die in (self.die_a, self.die_b):
            die.size_hint_x = None if self.face_width else 1
            if self.face_width:
                die.width = self.face_width * THEME.scale

    def show(self, dice, animate: bool = False) -> None:
        """Show ``dice`` (one or two faces; empty: no roll yet), tumbling first if ``animate``."""
        self.finish()
        dice = tuple(int(d) for d in dice)
        self.dice = list(dice)
        a, b = self.die_a, self.die_b
        b.dim = len(dice) == 1
        if not dice:
            a.value = b.value = 0
            self._land()
            return
        if len(dice) == 1:
            b.value = 0
        if animate:
            self.total_text = ""
            a.roll_to(dice[0])
            if len(dice) > 1:
                b.roll_to(dice[1])
            self._land_later(ROLL_SECONDS)
            return
        a.value = dice[0]
        if len(dice) > 1:
            b.value = dice[1]
        self._land()

    def _stop(self) -> None:
        self.die_a.finish()
        self.die_b.finish()

    def _landed(self) -> None:
        self.total_text = str(sum(self.dice)) if self.dice else ""


class SpinTray(_Tray):
    """The Il Capo spinner (1-10, LEFT / RIGHT) with its number and side beside it."""

    number_text = StringProperty("")
    side_text = StringProperty("")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        from ui.theme import THEME

        self.wheel = SpinnerWheel()
        self.wheel.bind(on_release=lambda *_: self.dispatch("on_tap"))
        column = BoxLayout(orientation="vertical", size_hint_x=None, width=120 * THEME.scale)
        self.number = Label(font_name=th.FONT, bold=True, font_size=th.HERO * THEME.scale, color=th.ACCENT,
                            size_hint_y=None)
        self.side = Label(font_name=th.FONT, bold=True, font_size=th.BUTTON * THEME.scale, color=th.TEXT,
                          size_hint_y=None)
        for label in (self.number, self.side):
            label.bind(texture_size=lambda w, size: setattr(w, "height", size[1]))
        column.add_widget(Widget())
        column.add_widget(self.number)
        column.add_widget(self.side)
        column.add_widget(Widget())
        self.add_widget(self.wheel)
        self.add_widget(column)
        self.bind(number_text=self.number.setter("text"), side_text=self.side.setter("text"))
        self._result: tuple[int, str] | None = None

    def show(self, number: int | None, side: str = "", animate: bool = False) -> None:
        """Show a spin (``None``: not spun yet), turning the wheel first if ``animate``."""
        self.finish()
        self._result = None if number is None else (int(number), side)
        if number is None:
            self.wheel.number, self.wheel.side = 0, ""
            self._land()
            return
        if animate:
            self.number_text = self.side_text = ""
            self.wheel.spin_to(number, side)
            self._land_later(SPIN_SECONDS)
            return
        self.wheel.show(number, side)
        self._land()

    def _stop(self) -> None:
        self.wheel.finish()

    def _landed(self) -> None:
        if self._result is None:
            self.number_text = self.side_text = ""
        else:
            number, side = self._result
            self.number_text, self.side_text = str(number), "LEFT" if side == "L" else "RIGHT"
