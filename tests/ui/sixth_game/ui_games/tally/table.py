"""Tally's one screen: it says whose table it is (a real game's screen is a GameScreen)."""

from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen


class TallyScreen(Screen):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.add_widget(Label(text="Tally: every chip counted"))


SCREEN = TallyScreen
