"""What every Contract screen shares: finding the session, following it, undo asked once,
the narrator (guarded), and which screen the game's state belongs on."""

from __future__ import annotations

from kivy.app import App
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.engine import TABLE
from companion.errors import CompanionError
from ui.controller import Route

from . import logic

GAME = "contract"
SAMPLE_SEED = 8080


def find_session(app, game_id: int | None = None, finished_ok: bool = False):
    """The Contract session asked for, the one open, or the newest unfinished one; None if none."""
    from companion.session import Session

    current = app.sessions.get(GAME)
    if game_id is not None and (current is None or current.game_id != game_id):
        current = Session.resume(app.store, game_id)
    if current is not None and current.outcome() is not None and not finished_ok and game_id is None:
        current = None
    if current is None:
        for record in app.store.unfinished_games():
            if record.game == GAME:
                current = Session.resume(app.store, record.id)
                break
    if current is not None:
        app.sessions[GAME] = current
    return current


def home_of(session) -> str:
    """The screen the game's state belongs on."""
    if session is None:
        return "contract_new"
    if session.outcome() is not None:
        return "contract_score"
    state = session.state
    if state.phase == "count":
        return "contract_count"
    return "contract_round"


def say(text: str) -> None:
    narrator = getattr(App.get_running_app(), "narrator", None)
    if narrator is not None and text:
        try:
            narrator.say(text)
        except Exception:  # the narrator never stops the game
            pass


def sample_session(app, steps: str = "play"):
    """A seeded 2-player game for screenshots: tiles dealt, Mafiosi laid, a few plays."""
    from companion.games.contract.engine import Influence, Pass, PayCopper
    from companion.session import Session

    session = Session.start(app.store, GAME, {"players": 2, "names": ["Anna", "Bruno"]}, seed=SAMPLE_SEED)
    while session.state.phase in ("trafficking", "layout"):
        session.draw()
    if steps == "layout":
        app.sessions[GAME] = session
        return session
    e = session.engine
    state = session.state
    up = [i for i, s in enumerate(state.slots) if s.card]
    a = up[0]
    fam = state.slots[a].card.rsplit("-", 1)[0]
    kinds = e.playable_kinds(state, 0, a)
    contract = f"contract:{fam}" if f"contract:{fam}" in kinds else "dollar"
    session.act(Influence(0, a, 1, (contract, "dollar")))
    session.act(Influence(1, a, 1, ("dollar",)))
    session.act(PayCopper(0, up[-1] if up[-1] != len(state.slots) - 1 else up[0], ("half_dollar",)))
    session.act(Influence(1, 0, 1, ("back", "dollar")))
    if steps == "count":
        for seat in (0, 1):
            session.act(Pass(session.state.turn))
        while session.state.phase == "count" and session.engine.awaiting_turn_up(session.state) is not None:
            session.draw()
    app.sessions[GAME] = session
    return session


class ContractScreen(Screen):
    """Base of the Contract screens (not registered itself)."""

    phase = StringProperty("Contract")
    session = ObjectProperty(None, allownone=True)
    error = StringProperty("")
    confirming_undo = BooleanProperty(False)
    undo_question = StringProperty("")

    def follow(self, session) -> None:
        if session is self.session:
            return
        if self.session is not None:
            self.session.unsubscribe(self._on_events)
        if session is not None:
            session.subscribe(self._on_events)
        self.session = session

    def on_leave(self, *_):
        self.confirming_undo = False

    def _on_events(self, session, events) -> None:
        if self.manager is not None and self.manager.current == self.name:
            self.on_session_events(events)

    def on_session_events(self, events) -> None:  # overridden
        self.refresh()

    def refresh(self) -> None:  # overridden
        pass

    @property
    def engine(self):
        return self.session.engine

    def view(self):
        return self.session.view(TABLE)

    def set_phase(self, text: str) -> None:
        self.phase = text
        app = App.get_running_app()
        if app is not None and getattr(app, "manager", None) is not None and app.manager.current == self.name:
            app.set_phase(text)

    def go(self, screen: str, **params) -> None:
        app = App.get_running_app()
        if self.session is not None and screen != "contract_new":
            params.setdefault("game_id", self.session.game_id)
        app.go(Route(screen, {"game": GAME, **params}))

    def go_home_of_game(self) -> None:
        self.go(home_of(self.session))

    def act(self, action) -> bool:
        """Record an action; a refusal is the sentence in ``error`` and nothing changes."""
        self.error = ""
        self.confirming_undo = False
        try:
            self.session.act(action)
        except CompanionError as err:
            self.error = str(err)
            return False
        return True

    def draw(self) -> bool:
        self.error = ""
        try:
            self.session.draw()
        except CompanionError as err:
            self.error = str(err)
            return False
        return True

    # -- undo, asked once ---------------------------------------------------------------
    def ask_undo(self) -> None:
        self.error = ""
        if self.session is None or not self.session.can_undo:
            self.error = "There is nothing to undo yet."
            return
        s = self.session
        self.undo_question = logic.undo_question(s.engine, s.config, s.seed, s.actions)
        self.confirming_undo = True

    def cancel_undo(self) -> None:
        self.confirming_undo = False

    def confirm_undo(self) -> None:
        self.confirming_undo = False
        try:
            self.session.undo()
        except CompanionError as err:
            self.error = str(err)
            return
        self.after_undo()

    def after_undo(self) -> None:
        target = home_of(self.session)
        if target != self.name:
            self.go(target)
        else:
            self.refresh()

    def handle_command(self, command) -> bool:
        from hardware.commands import Undo

        if isinstance(command, Undo):
            self.ask_undo()
            return True
        return False
