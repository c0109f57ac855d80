"""Mafia (Sicily): the turn screen, the shared screen the whole table reads.

Top: the calendar (red, black, State, orange, green, State) with the current slot lit. Left: the
prompt (what the table waits for), what the last action did, and the way to the map (a screen of its
own, ``board.py``: full space names need the whole screen; tapping a space there moves the chosen
counter). Right: the last dice, large, with what they served, and the choices as big buttons, exactly
the engine's legal actions that name no card (card plays live on each player's private card screen).
"""

from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen

from companion.engine import Seat, TABLE
from companion.errors import CompanionError
from companion.games.mafia_sicily.engine import Move
from ui import theme as th
from ui.controller import Route
from ui.theme import THEME as T
from ui.screens import load_kv
from ui.games.mafia_sicily import model
from ui.widgets.big_button import BigButton
from ui.widgets.dice_face import ROLL_SECONDS, DiceFace  # noqa: F401
from ui.widgets.hold_button import HoldButton  # noqa: F401

load_kv(__file__)

GAME = "mafia-sicily"
SAMPLE_SEED = 4242
SAMPLE_NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena"]

#: Private lines (a drawn card's name, the Mole's look) by (game id, seat), shown on the card screen.
NOTES: dict[tuple[int, int], list[str]] = {}


def say(text: str) -> None:
    narrator = getattr(App.get_running_app(), "narrator", None)
    if narrator is not None and text:
        try:
            narrator.say(text)
        except Exception:  # the narrator never stops the game
            pass


def start_sample(app, players: int = 5, steps: int = 7):
    """A seeded sample game: homes chosen, a movement roll, a few moves (for screenshots)."""
    from companion.session import Session

    session = Session.start(app.store, GAME, {"players": players, "names": SAMPLE_NAMES[:players]},
                            seed=SAMPLE_SEED)
    for _ in range(steps):
        if session.outcome() is not None:
            break
        requests = session.chance_requests()
        if requests:
            session.draw(requests[0])
        elif session.state.prompt and session.state.prompt[0] == "draw":
            session.draw(None)
        else:
            legal = [a for a in session.legal_actions() if not model.is_private(a)]
            session.act(legal[0])
    app.sessions[GAME] = session
    return session


class SicilySlot(Label):
    faction = StringProperty("red")
    current = BooleanProperty(False)


class SicilyChoiceButton(BigButton):
    choice = ObjectProperty(None, allownone=True)


class SicilyTableScreen(Screen):
    phase = StringProperty("Mafia (Sicily)")
    session = ObjectProperty(None, allownone=True)
    view = ObjectProperty(None, allownone=True)
    engine = ObjectProperty(None, allownone=True)
    prompt_text = StringProperty("")
    who_text = StringProperty("")
    total_text = StringProperty("")
    dice_caption = StringProperty("No dice rolled yet")
    news_text = StringProperty("")
    shootout_text = StringProperty("")
    error = StringProperty("")
    can_undo = BooleanProperty(False)
    confirming_undo = BooleanProperty(False)
    undo_question = StringProperty("")
    selected = StringProperty("")
    cards_text = StringProperty("Cards")
    highlight = ListProperty([])
    turn_text = StringProperty("")
    hint_text = StringProperty("")
    map_text = StringProperty("See the map")
    map_wanted = BooleanProperty(False)
    #: what the Family (or the State) whose turn just ended did last ("Red's turn: ... takes control"),
    #: body-size, above the next side's prompt: a result read as the next side's was the issue-26 mix-up
    last_turn_text = StringProperty("")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._reveal = None
        self._roll_for = ""
        self._faces: list[int] = []  # real dice entered so far
        self._look_seat: int | None = None  # who just drew a card and should look at it
        self._turn_of = ""  # the side whose turn the screen showed last (whose roll, whose result)
        self.choices = model.Choices()

    # -- entering -------------------------------------------------------------------------
    def prepare(self, game: str = GAME, game_id: int | None = None, selected: str = "", space: str = "", **_):
        app = App.get_running_app()
        session = app.session_for(GAME, game_id)
        app.watch_phones(session)  # phones show each seat's own hand (ui/phones/pages.py)
        if session is not self.session:
            if self.session is not None:
                self.session.unsubscribe(self._on_events)
            session.subscribe(self._on_events)
            self.session = session
            self.engine = model.game_engine(session)  # the game's own box values (names, routes)
        self.selected, self._faces = selected, []
        self.error = ""
        self.confirming_undo = False
        self.settle(rebuild=True)
        if space and self.selected:  # back from the map, where either die could take the counter there
            state = self.session.state
            moves = [a for a in self.session.legal_actions()
                     if isinstance(a, Move) and a.counter == self.selected and a.to == space]
            self.choices.buttons = [b for b in self.choices.buttons if b.kind == "counter"] + [
                model.Choice(model.move_text(self.engine, m, state), m) for m in moves]
            self.highlight = [space]
            self._fill_buttons()

    def sample_route(self, app) -> Route:
        session = start_sample(app)
        return Route("mafia_sicily_table", {"game": GAME, "game_id": session.game_id})

    def on_leave(self, *_):
        self.confirming_undo = False

    # -- showing --------------------------------------------------------------------------
    def settle(self, rebuild: bool = False) -> None:
        """Finish the dice animation and show the recorded state."""
        if self._reveal is not None:
            self._reveal.cancel()
            self._reveal = None
        if self.session is None or "die_a" not in self.ids:
            return
        self.ids.die_a.finish()
        self.ids.die_b.finish()
        if rebuild:
            d = model.digest(self.engine, self.session.config, self.session.seed, self.session.actions)
            self._show_dice(d.dice, d.roll_for, d.by_hand)
            self.news_text = " ".join(d.news)
            self.last_turn_text = ""
        self.refresh()

    def _show_dice(self, dice, roll_for: str, by_hand: bool, animate: bool = False) -> None:
        a, b = self.ids.die_a, self.ids.die_b
        if not dice:
            a.value = b.value = 0
            self.total_text, self.dice_caption = "", "No dice rolled yet"
            return
        b.dim = len(dice) == 1
        if animate:
            a.roll_to(dice[0])
            if len(dice) > 1:
                b.roll_to(dice[1])
        else:
            a.value = dice[0]
        if len(dice) == 1:
            b.value = 0
        elif not animate:
            b.value = dice[1]
        self.total_text = str(sum(dice))
        how = " · real dice" if by_hand else ""
        self.dice_caption = (f"For {roll_for}" if roll_for else "Rolled") + how

    def refresh(self) -> None:
        s = self.session.state
        view = self.session.view(TABLE)
        self.view = view
        # whose turn the screen shows; "" while the home cities are chosen (no turn has a result yet)
        self._turn_of = view.turn_of if len(view.homes) >= len(model.FAMILIES) else ""
        if self.session.outcome() is not None:
            Clock.schedule_once(lambda *_: self._finished(), 0)
        self.choices = model.table_choices(self.engine, s, self.selected, self._faces)
        if self.selected not in ("by_hand", "by_card"):
            self.selected = self.choices.selected
        self.highlight = self.choices.destinations
        self.prompt_text = view.awaiting
        self.hint_text = self.choices.hint
        self.map_text = self.choices.map_hint or "See the map"
        self.map_wanted = bool(self.choices.map_hint)
        who = model.player_name(view, view.acting_seat)
        self.who_text = (f"{who} decides" if who else "")
        self.turn_text = f"Turn {view.turn_number}"
        self.shootout_text = model.shootout_text(self.engine, s)
        self.can_undo = self.session.can_undo
        self.cards_text = "Cards"
        self.phase = model.phase_text(view)
        app = App.get_running_app()
        if app.manager.current == self.name:
            app.set_phase(self.phase)
        self._fill_calendar(view)
        self._fill_buttons()

    def _fill_calendar(self, view) -> None:
        strip = self.ids.calendar
        strip.clear_widgets()
        for slot in model.calendar_slots(view):
            strip.add_widget(SicilySlot(text=slot.label, faction=slot.faction, current=slot.current))

    def _fill_buttons(self) -> None:
        """The choices; in two columns (caption-size text) when there are more than three, so
        three to six stay in sight at 800x480 without a scroll."""
        box = self.ids.choices
        box.clear_widgets()
        choices = list(self.choices.buttons)
        faces = any(c.kind == "face" for c in choices)
        if self._look_seat is not None and not self.choices.private_seats and not faces:
            # after a draw: the drawer is told to look (the card is never named here)
            name = model.player_name(self.view, self._look_seat)
            choices.append(model.Choice(f"{name}: see my new card", kind="cards", seat=self._look_seat))
        box.cols = model.choice_columns(len(choices), faces)
        for choice in choices:
            button = SicilyChoiceButton(text=choice.text, choice=choice,
                                        variant="primary" if choice.primary else "secondary")
            if faces:
                if choice.kind == "face":
                    button.font_size = th.NUMBER * 0.6 * T.scale
                else:
                    button.font_size = th.CAPTION * T.scale
            elif box.cols > 1:
                button.font_size = th.CAPTION * T.scale
                button.max_lines = 3
                button.height = 76 * T.scale
                if isinstance(choice.action, Move):
                    button.text = model.move_text(self.engine, choice.action, self.session.state, compact=True)
            button.bind(on_release=lambda b: self.choose(b.choice))
            box.add_widget(button)
        self.ids.choices_scroll.scroll_y = 1

    # -- taps -----------------------------------------------------------------------------
    def choose(self, choice: model.Choice) -> None:
        self.error = ""
        self.confirming_undo = False
        try:
            if choice.kind == "roll":
                self._roll_for = model.roll_purpose(self.engine.awaiting(self.session.state))
                self.session.draw(choice.request)
            elif choice.kind == "draw":
                self.session.draw(None)
            elif choice.kind == "counter":
                self.selected = choice.counter
                self._faces = []
                self.refresh()
            elif choice.kind == "face":
                self._enter_face(int(choice.request))
            elif choice.kind == "cards":
                self.open_cards(choice.seat)
            elif choice.kind == "enter":
                self.open_cards(choice.seat, enter=True)
            else:
                self._roll_for = ""
                self.session.act(choice.action)
        except CompanionError as error:
            self.error = str(error)

    def _enter_face(self, value: int) -> None:
        """Real dice: one tap per die; the roll is recorded when every die is in."""
        from companion.games.mafia_sicily.engine import DiceRolled

        faces = self._faces + [value]
        need = 2 if self.session.chance_requests() == ["roll2d6"] else 1
        if len(faces) < need:
            self._faces = faces
            self.refresh()
            return
        self._faces, self.selected = [], ""
        self._roll_for = model.roll_purpose(self.engine.awaiting(self.session.state))
        self.session.act(DiceRolled(tuple(faces), True))

    def open_map(self) -> None:
        """The map on a screen of its own (tap a space there to move the chosen counter)."""
        self.error = ""
        App.get_running_app().go(Route("mafia_sicily_map", {"game": GAME, "game_id": self.session.game_id,
                                                            "selected": self.selected
                                                            if self.selected not in ("by_hand", "by_card") else ""}))

    def roll(self) -> bool:
        for choice in self.choices.buttons:
            if choice.kind == "roll":
                self.choose(choice)
                return True
        return False

    def open_cards(self, seat: int | None = None, enter: bool = False) -> None:
        app = App.get_running_app()
        if seat is None:
            seats = self.choices.private_seats
            seat = seats[0] if seats else self.view.acting_seat
        app.go(Route("mafia_sicily_hand", {"game": GAME, "game_id": self.session.game_id,
                                           "seat": seat if seat is not None else 0, "enter": enter,
                                           "seats": list(self.choices.private_seats)}))

    def open_scores(self) -> None:
        App.get_running_app().go(Route("mafia_sicily_scores", {"game": GAME, "game_id": self.session.game_id}))

    def ask_undo(self) -> None:
        self.error = ""
        if not self.session.can_undo:
            self.error = "There is nothing to undo yet."
            return
        last = self.session.actions[-1]
        before = model.digest_state(self.engine, self.session.config, self.session.seed, self.session.actions[:-1])
        self.undo_question = f"Take back: {self.engine.describe(last, before)}?"
        self.confirming_undo = True

    def confirm_undo(self) -> None:
        self.confirming_undo = False
        try:
            self.session.undo()
        except CompanionError as error:
            self.error = str(error)

    def cancel_undo(self) -> None:
        self.confirming_undo = False

    def handle_command(self, command) -> bool:
        kind = type(command).__name__
        if kind == "Roll":
            return self.roll()
        if kind == "Undo":
            self.ask_undo()
            return True
        if kind == "Next":
            primary = [c for c in self.choices.buttons if c.primary]
            if self.confirming_undo:
                self.confirm_undo()
                return True
            if primary:
                self.choose(primary[0])
                return True
            return False
        if kind == "Vote":
            if 0 <= command.seat < self.session.state.players:
                self.open_cards(command.seat)
                return True
            return False
        if kind == "TagSeen":
            binding = App.get_running_app().store.tag(command.uid)
            names = list(self.view.names)
            if binding is not None and binding.kind == "player" and binding.ref in names:
                self.open_cards(names.index(binding.ref))
                return True
            return False
        return False

    # -- the session tells -----------------------------------------------------------------
    def _on_events(self, session, events) -> None:
        lines = model.table_lines(events)
        for e in events:
            if isinstance(e.audience, Seat):
                NOTES.setdefault((session.game_id, e.audience.n), []).append(e.text)
        if any(e.kind == "undone" for e in events):
            self.selected, self._faces = "", []
            self.settle(rebuild=True)
            self.news_text = " ".join(lines)
            return
        last = session.actions[-1] if session.actions else None
        from companion.games.mafia_sicily.engine import DiceRolled

        drew = [e for e in events if e.kind == "card_drawn"]
        self._look_seat = None
        if drew:
            seat = next((e.audience.n for e in events if e.kind == "card_secret" and isinstance(e.audience, Seat)),
                        None)
            self._look_seat = seat
            if seat is not None:
                name = model.player_name(session.view(TABLE), seat)
                lines = lines + [f"{name}, look at your new card on your private screen."]
        was = model.FACTION_SHORT.get(self._turn_of, "")
        ended, rest = model.split_at_turn(events, lines)
        if was and ended:
            lines = rest
        else:
            ended = []
        self.last_turn_text = f"{was}'s turn: {' '.join(ended)}" if ended else ""
        turn_began = bool(was) and any(e.kind == "turn" for e in events)
        if isinstance(last, DiceRolled):
            self.settle()
            self._show_dice(last.dice, self._roll_for, last.by_hand, animate=not last.by_hand)
            if turn_began:  # the die that decided the last turn, said as that side's (its result beside)
                self.dice_caption = f"{was}'s last roll"
        elif turn_began:  # a new side's turn: the last side's dice are not left big on the table
            self._show_dice((), "", False)
        if ended:
            for line in ended:
                say(line)
        if lines or ended:
            # everything this action did, whole (a cut first line lost instructions, issue 18)
            self.news_text = " ".join(lines)
            for line in lines:
                say(line)
        self.selected = ""
        self._faces = []
        self.refresh()

    def _finished(self) -> None:
        app = App.get_running_app()
        if self.session is None or self.session.outcome() is None or app.manager.current != self.name:
            return
        app.go(Route("mafia_sicily_victory", {"game": GAME, "game_id": self.session.game_id}))


SCREEN = SicilyTableScreen
