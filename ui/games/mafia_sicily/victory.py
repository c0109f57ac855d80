"""Mafia (Sicily): the winner, why, the final scores and (now that it is over) every hand."""

from __future__ import annotations

from kivy.app import App
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.engine import REVEAL, TABLE
from companion.errors import CompanionError
from ui.controller import Route
from ui.screens import load_kv
from ui.games.mafia_sicily import model
from ui.games.mafia_sicily.scores import fill_scores
from ui.games.mafia_sicily.table import GAME, say, start_sample

load_kv(__file__)


def finished_sample(app):
    """A seeded game played to its end by the engine's playout policy (for the screenshot)."""
    import random

    from companion.session import Session

    session = Session.start(app.store, GAME, {"players": 5, "names": ["Anna", "Bruno", "Carla", "Dario", "Elena"]},
                            seed=7)
    engine = session.engine
    rng = random.Random(7)
    state = session.state
    actions = []
    from companion.simulate import chance_rng

    for step in range(20000):
        if engine.outcome(state) is not None:
            break
        legal = engine.legal_actions(state)
        if not legal:
            action = engine.chance(state, chance_rng(7, step), None)
        else:
            action = engine.playout_policy(state, legal, rng)
        state, _ = engine.apply(state, action)
        actions.append(action)
    for action in actions:
        session.act(action)
    app.sessions[GAME] = session
    return session


class SicilyVictoryScreen(Screen):
    phase = StringProperty("Game over")
    session = ObjectProperty(None, allownone=True)
    winner_text = StringProperty("")
    reason_text = StringProperty("")
    hands_text = StringProperty("")
    error = StringProperty("")
    confirming_undo = BooleanProperty(False)

    def prepare(self, game: str = GAME, game_id: int | None = None, **_):
        app = App.get_running_app()
        if game_id is not None:
            from companion.session import Session

            current = app.sessions.get(GAME)
            self.session = current if current is not None and current.game_id == game_id else \
                Session.resume(app.store, game_id)
        else:
            self.session = app.sessions.get(GAME)
        view = self.session.view(TABLE)
        self.winner_text = model.winners_text(view) or "The game goes on."
        self.reason_text = view.result
        fill_scores(self.ids.tiles, view, with_cards=False)
        self.error = ""
        self.confirming_undo = False
        if self.session.outcome() is not None:
            reveal = self.session.view(REVEAL)
            engine = self.session.engine.for_state(self.session.state)  # the game's own box values
            parts = []
            for side, cards in reveal.hands:
                if cards and side in model.FACTION_SHORT:
                    parts.append(f"{model.FACTION_SHORT[side]}: " + ", ".join(engine.card_by_id[c].name for c in cards))
            self.hands_text = ("Cards held at the end — " + "; ".join(parts) + ".") if parts else "Nobody held a card at the end."
            say(f"{self.winner_text} {self.reason_text}")

    def sample_route(self, app) -> Route:
        session = finished_sample(app)
        return Route("mafia_sicily_victory", {"game": GAME, "game_id": session.game_id})

    def home(self) -> None:
        app = App.get_running_app()
        app.end_session(GAME)
        app.go(app.controller.after_finish(GAME))

    def ask_undo(self) -> None:
        self.confirming_undo = True

    def confirm_undo(self) -> None:
        self.confirming_undo = False
        try:
            self.session.undo()
        except CompanionError as error:
            self.error = str(error)
            return
        app = App.get_running_app()
        app.sessions[GAME] = self.session
        app.go(Route("mafia_sicily_table", {"game": GAME, "game_id": self.session.game_id}))

    def handle_command(self, command) -> bool:
        kind = type(command).__name__
        if kind == "Next":
            self.home()
            return True
        if kind == "Undo":
            self.ask_undo()
            return True
        return False


SCREEN = SicilyVictoryScreen
