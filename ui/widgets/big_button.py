"""A rounded button with a visible pressed state, in four variants of the noir theme."""

from __future__ import annotations

from kivy.properties import ColorProperty, OptionProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label

from ui import theme as th

_BG = {
    "primary": (th.ACCENT, th.ACCENT_PRESSED, th.ON_ACCENT),
    "secondary": (th.SURFACE_HI, th.SURFACE_PRESSED, th.TEXT),
    "ghost": (th.rgb("#000000", 0), th.SURFACE_PRESSED, th.TEXT),
    "selected": (th.ACCENT, th.ACCENT_PRESSED, th.ON_ACCENT),
}


class BigButton(ButtonBehavior, Label):
    """``variant``: primary (the one accent), secondary, ghost or selected (a chosen option)."""

    variant = OptionProperty("secondary", options=list(_BG))
    bg_now = ColorProperty(th.SURFACE_HI)
    fg_now = ColorProperty(th.TEXT)
    outline = ColorProperty(th.LINE)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.fbind("state", self._refresh)
        self.fbind("disabled", self._refresh)
        self.fbind("variant", self._refresh)
        self._refresh()

    def _refresh(self, *_):
        normal, pressed, fg = _BG[self.variant]
        if self.disabled:
            self.bg_now, self.fg_now, self.outline = th.DISABLED, th.DISABLED_TEXT, th.DISABLED
            return
        self.bg_now = pressed if self.state == "down" else normal
        self.fg_now = fg
        self.outline = th.ACCENT if self.variant == "ghost" and self.state == "down" else (
            th.LINE if self.variant in ("secondary", "ghost") else normal)
