"""The status line: a way home, the phase in words, what is connected, text-only mode."""

from __future__ import annotations

from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout


class StatusBar(BoxLayout):
    phase = StringProperty("")
    connections = StringProperty("")
    text_only = BooleanProperty(True)
    show_back = BooleanProperty(False)
    back_text = StringProperty("‹ Home")

    __events__ = ("on_back",)

    def on_back(self):
        pass
