"""What every Mafia Casino screen shares: its session, acting through it (refusals become a
sentence in place), undo with one question, narration of results, and following the game to the
screen where the current phase is played."""

from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.engine import TABLE, replay
from companion.errors import CompanionError

from ui.screens import load_kv

from . import logic as L

load_kv(__file__.replace("base.py", "common.py"))  # the shared Casino kv rules

#: the last batch of session events spoken (the same list reaches every listening screen)
_SPOKEN: list = [None]


class CasinoScreen(Screen):
    phase = StringProperty("Mafia Casino")
    session = ObjectProperty(None, allownone=True)
    error = StringProperty("")  # the last refusal, shown at the place of the tap
    confirming_undo = BooleanProperty(False)
    undo_question = StringProperty("")
    can_undo = BooleanProperty(False)
    #: the screen stays put while the game is in these phases; others follow the game
    follows_game = True

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.last_events: list = []  # the events of the newest action (news, token hand-over)

    # -- session ------------------------------------------------------------------------------
    def prepare(self, game: str = L.GAME, game_id: int | None = None, **_):
        app = App.get_running_app()
        current = app.sessions.get(L.GAME)
        if current is not None and (game_id is None or current.game_id == game_id):
            session = current  # the game being played, finished or not (the victory screen shows it)
        else:
            session = app.session_for(L.GAME, game_id)
        self.attach(session)
        app.watch_phones(session)  # phones show each seat's safe and cards (ui/phones/pages.py)
        self.error = ""
        self.confirming_undo = False
        self.last_events = self.replayed_last_events()
        self.refresh()

    def attach(self, session) -> None:
        if session is not self.session:
            if self.session is not None:
                self.session.unsubscribe(self._on_events)
            session.subscribe(self._on_events)
            self.session = session

    def on_leave(self, *_):
        self.confirming_undo = False

    @property
    def engine(self):
        return self.session.engine

    @property
    def state(self):
        return self.session.state

    @property
    def view(self):
        return self.session.view(TABLE)

    def replayed_last_events(self) -> list:
        """The events of the newest action, recomputed (after a resume or an undo)."""
        s = self.session
        if s is None or not s.actions:
            return []
        actions = s.actions
        before = replay(s.engine, s.config, s.seed, actions[:-1])
        try:
            return s.engine.apply(before, actions[-1])[1]
        except CompanionError:
            return []

    # -- acting -------------------------------------------------------------------------------
    def act(self, action, where: str = "error") -> bool:
        """Play ``action``; a refusal is put in property ``where`` as its sentence."""
        self.confirming_undo = False
        self.error = ""
        try:
            self.session.act(action)
        except CompanionError as err:
            setattr(self, where, str(err))
            return False
        return True

    def draw(self, where: str = "error") -> bool:
        """Let the app turn the cards the game waits for."""
        self.confirming_undo = False
        self.error = ""
        try:
            self.session.draw()
        except CompanionError as err:
            setattr(self, where, str(err))
            return False
        return True

    def _on_events(self, session, events) -> None:
        self.last_events = list(events) if events and events[0].kind != "undone" else self.replayed_last_events()
        # every Casino screen visited listens to the session; one of them speaks each batch of events
        if events is not _SPOKEN[0]:
            _SPOKEN[0] = events
            for e in events:
                # results and "cannot make the change" are spoken; each is also on screen (result
                # screens, the victory screen, the token panel)
                if e.kind in L.RESULT_KINDS or (e.kind == "payment" and "cannot make" in e.text):
                    self.say(e.text)
        if self.manager is None or self.manager.current != self.name:
            return
        target = L.screen_for_phase(self.state.phase)
        if self.follows_game and target != self.name and self.should_follow(target):
            app = App.get_running_app()
            app.go(self.route(target))
            return
        self.refresh()

    def should_follow(self, target: str) -> bool:
        return True

    def route(self, screen: str):
        from ui.controller import Route

        return Route(screen, {"game": L.GAME, "game_id": self.session.game_id})

    def go(self, screen: str) -> None:
        App.get_running_app().go(self.route(screen))

    def say(self, text: str) -> None:
        narrator = getattr(App.get_running_app(), "narrator", None)
        if narrator is not None:
            try:
                narrator.say(text)
            except Exception:  # the narrator must never stop the bank
                pass

    # -- undo ---------------------------------------------------------------------------------
    def ask_undo(self) -> None:
        self.error = ""
        if not self.session.can_undo:
            self.error = "There is nothing to undo yet."
            return
        actions = self.session.actions
        before = replay(self.engine, self.session.config, self.session.seed, actions[:-1])
        self.undo_question = f"Take back: {self.engine.describe(actions[-1], before)}?"
        self.confirming_undo = True

    def confirm_undo(self) -> None:
        self.confirming_undo = False
        try:
            self.session.undo()
        except CompanionError as err:
            self.error = str(err)

    def cancel_undo(self) -> None:
        self.confirming_undo = False

    # -- hardware -----------------------------------------------------------------------------
    def picked_seat(self, command) -> tuple[int | None, bool]:
        """The seat a Vote(seat) or a player's tag picks (a refusal becomes the screen's error)."""
        store = getattr(App.get_running_app(), "store", None)
        tag_of = store.tag if store is not None else (lambda uid: None)
        seat, sentence, handled = L.picked_player(command, [p.name for p in self.view.players], tag_of)
        if sentence:
            self.error = sentence
        return seat, handled

    def handle_command(self, command) -> bool:
        name = type(command).__name__
        if name == "Undo":
            self.ask_undo()
            return True
        if name == "Roll" and self.view.draw_prompt:
            self.draw()
            return True
        return False

    # -- showing ------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Show the recorded state (each screen fills in its own)."""
        if self.session is None:
            return
        self.can_undo = self.session.can_undo
        self.phase = L.status_line(self.view)
        app = App.get_running_app()
        if app is not None and getattr(app, "manager", None) is not None and app.manager.current == self.name:
            app.set_phase(self.phase)

    def sample_session(self, app, where: str):
        """A seeded sample game played up to ``where`` (screenshots)."""
        from companion.session import Session

        session = Session.start(app.store, L.GAME, L.SAMPLE_CONFIG, seed=L.SAMPLE_SEED)
        for action in L.sample_actions(where):
            session.act(action)
        app.sessions[L.GAME] = session
        return session

    def sample_route(self, app):
        where = self.name.replace("mafia_casino_", "")
        session = self.sample_session(app, where)
        from ui.controller import Route

        return Route(self.name, {"game": L.GAME, "game_id": session.game_id})


def later(callback) -> None:
    Clock.schedule_once(lambda *_: callback(), 0)
