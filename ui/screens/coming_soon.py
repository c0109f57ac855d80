"""The honest card for a game whose screens are not built yet (never a fake screen)."""

from __future__ import annotations

from kivy.app import App
from kivy.properties import ColorProperty, StringProperty
from kivy.uix.screenmanager import Screen

from ui import theme as th
from ui.screens import load_kv

load_kv(__file__)


def explanation(title: str, engine: bool, resumable: bool = False) -> str:
    """What is true about this game in this build, in one or two sentences."""
    if engine:
        text = (f"The rules of {title} are in this build, but its table screens are not yet. "
                f"They arrive in a coming update.")
    else:
        text = f"{title} is not in this build yet. It arrives in a coming update."
    if resumable:
        text += " Your unfinished game is kept safe until then."
    return text + "\n\nMeanwhile, Dice & Spinner rolls and spins for any game at the table."


class ComingSoonScreen(Screen):
    phase = StringProperty("Coming soon")
    title = StringProperty("")
    body = StringProperty("")
    suit = StringProperty("")
    suit_colour = ColorProperty(th.ACCENT)

    def prepare(self, game: str = "", engine: bool = False, game_id: int | None = None, **_):
        app = App.get_running_app()
        self.title = app.controller.title_of(game)
        self.phase = f"{self.title}: coming soon"
        self.body = explanation(self.title, engine, game_id is not None)
        for card, _status in app.controller.cards():
            if card.game == game:
                self.suit = card.suit
                self.suit_colour = th.FACTION_COLOURS[card.faction][1]

    def open_dice(self) -> None:
        App.get_running_app().open_game("dice")


SCREEN = ComingSoonScreen
