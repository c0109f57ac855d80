"""The one base of every game screen (KlipperScreen's ``ScreenPanel`` is the model).

A game screen supplies only what is its own: ``enter`` (its parameters), ``show`` (draw from the
views), and the command handlers it answers (``on_next``, ``on_roll``, ``on_vote``, ``on_tag``).
Everything the five games used to write each for themselves lives here once:

* finding the session: ``prepare`` asks the table host (``ui.table.TableHost``), never the App;
* acting: ``act`` / ``draw`` commit through the session; a refusal is its sentence in ``error``
  (or the property named by ``where``) and nothing changes;
* showing once: the host calls ``on_commit`` once per commit on the current screen, which follows
  the game's route (its manifest) or calls ``show`` — a screen never refreshes after ``act``;
* undo asked once: ``ask_undo`` words the question from the session (``last_action_words``),
  ``confirm_undo`` takes it back, then the screen follows the route;
* hardware commands by type (``handle_command``), never by class-name strings.
"""

from __future__ import annotations

from typing import ClassVar

from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.engine import TABLE
from companion.errors import CompanionError
from hardware.commands import Back, Next, Roll, TagSeen, Undo, Vote
from ui.controller import Route
from ui.manifest import manifest_of


class GameScreen(Screen):
    #: the engine name of the game this screen belongs to
    game: ClassVar[str] = ""
    #: False: a side screen the table opened (a bank, a ledger); it never moves on its own
    follows_route: ClassVar[bool] = True
    #: True: opening it with no game running starts one (else it says there is none)
    starts_game: ClassVar[bool] = False

    table = ObjectProperty(None, allownone=True)  # ui.table.TableHost, set by the app
    session = ObjectProperty(None, allownone=True)
    phase = StringProperty("")  # the status bar's phase line while this screen shows
    error = StringProperty("")  # the last refusal, shown in place
    confirming_undo = BooleanProperty(False)
    undo_question = StringProperty("")
    can_undo = BooleanProperty(False)

    # -- entering ---------------------------------------------------------------------------
    def prepare(self, game: str | None = None, game_id: int | None = None, **params):
        """Called by the app before the screen shows: find the session, then ``enter``, ``show``."""
        session = self.table.open(self.game, game_id, new_if_none=self.starts_game)
        if session is None:
            raise CompanionError(self.no_game_sentence())
        self.session = session
        self.error = ""
        self.confirming_undo = False
        self.can_undo = session.can_undo
        self.enter(**params)
        self.show([])

    def no_game_sentence(self) -> str:
        manifest = manifest_of(self.game)
        title = manifest.card.title if manifest is not None and manifest.card is not None else self.game
        return f"There is no {title} game running: start one from the {title} card."

    def enter(self, **params) -> None:
        """Hook: this screen's own route parameters."""

    def show(self, events) -> None:
        """Hook: draw the screen from the views (on entering, and once per commit)."""

    def on_leave(self, *args):
        self.confirming_undo = False
        return super().on_leave(*args) if hasattr(super(), "on_leave") else None

    # -- the views --------------------------------------------------------------------------
    def view(self, audience=TABLE):
        return self.session.view(audience)

    # -- acting -----------------------------------------------------------------------------
    def act(self, action, where: str = "error") -> bool:
        """Commit ``action``; a refusal is its sentence in property ``where``, nothing changed."""
        self.error = ""
        self.confirming_undo = False
        try:
            self.session.act(action)
        except CompanionError as err:
            setattr(self, where, str(err))
            return False
        return True

    def draw(self, request: str | None = None, where: str = "error") -> bool:
        """Let the app draw the chance the game waits for (a roll, a spin, a deal)."""
        self.error = ""
        self.confirming_undo = False
        try:
            self.session.draw(request)
        except CompanionError as err:
            setattr(self, where, str(err))
            return False
        return True

    # -- one commit, shown once -------------------------------------------------------------
    def on_commit(self, session, events) -> None:
        """From the table host, once per commit while this screen shows."""
        if session is not self.session:
            self.session = session
        self.can_undo = session.can_undo
        if self.follow_route():
            return
        self.show(events)

    def route_target(self) -> str | None:
        """The screen the game's state belongs on (the manifest's route), or None."""
        manifest = manifest_of(self.game)
        return manifest.route_for(self.session) if manifest is not None else None

    def follow_route(self) -> bool:
        """Go where the state belongs if that is another screen; True if the screen changed."""
        if not self.follows_route:
            return False
        target = self.route_target()
        if target and target != self.name:
            self.go(target)
            return True
        return False

    def go(self, screen: str, **params) -> None:
        if self.session is not None:
            params.setdefault("game_id", self.session.game_id)
        self.table.go(Route(screen, {"game": self.game, **params}))

    def set_phase(self, text: str) -> None:
        self.phase = text
        if self.manager is not None and self.manager.current == self.name:
            self.table.set_phase(text)

    def say(self, text: str, chime: bool = False) -> None:
        self.table.say(text, chime=chime)

    # -- undo, asked once -------------------------------------------------------------------
    def ask_undo(self) -> None:
        self.error = ""
        if self.session is None or not self.session.can_undo:
            self.error = "There is nothing to undo yet."
            return
        self.undo_question = self.undo_question_text()
        self.confirming_undo = True

    def undo_question_text(self) -> str:
        """The one question (a game with a rule about undo words its own)."""
        return f"Take back: {self.session.last_action_words}?"

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
        """The host has shown the undo already (``on_commit``); hook for a screen's extra."""

    def request_undo(self) -> None:
        """A long hold of BACK: the same one question as the Undo button."""
        self.ask_undo()

    # -- hardware commands, by type ---------------------------------------------------------
    def handle_command(self, command) -> bool:
        """A button, key or reader command: True if this screen used it (else the app does)."""
        if isinstance(command, Undo):
            result = self.on_undo()
        elif isinstance(command, Next):
            result = self.on_next()
        elif isinstance(command, Roll):
            result = self.on_roll()
        elif isinstance(command, Vote):
            result = self.on_vote(command.seat)
        elif isinstance(command, TagSeen):
            result = self.on_tag(command.uid)
        elif isinstance(command, Back):
            result = self.on_back()
        else:
            result = False
        return bool(result)

    def on_undo(self) -> bool:
        self.ask_undo()
        return True

    def on_next(self) -> bool:
        return False

    def on_roll(self) -> bool:
        return False

    def on_vote(self, seat: int) -> bool:
        return False

    def on_tag(self, uid: str) -> bool:
        return False

    def on_back(self) -> bool:
        return False
