"""Mafia (Sicily): the turn screen, the shared screen the whole table reads.

Top: the calendar (red, black, State, orange, green, State) with the current slot lit. Left: the
prompt (what the table waits for), what the last action did, and the way to the map (a screen of its
own, ``board.py``: full space names need the whole screen; tapping a space there moves the chosen
counter). Right: the last dice, large, with what they served, and the choices as big buttons, exactly
the engine's legal actions that name no card (card plays live on each player's private card screen).
"""

from __future__ import annotations

from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty
from kivy.uix.label import Label

from companion.engine import TABLE  # noqa: F401
from companion.games.mafia_sicily.engine import DiceRolled, Move
from ui import theme as th
from ui.game_screen import GameScreen
from ui.theme import THEME as T
from ui.screens import load_kv
from ui.games.mafia_sicily import flow, model
from ui.games.mafia_sicily.flow import GAME, SAMPLE_NAMES, start_sample  # noqa: F401  (the other screens)
from ui.controller import Route
from ui.widgets.big_button import BigButton
from ui.widgets.dice_tray import DiceTray  # noqa: F401  (used by table.kv)
from ui.widgets.hold_button import HoldButton  # noqa: F401

load_kv(__file__)


class SicilySlot(Label):
    faction = StringProperty("red")
    current = BooleanProperty(False)


class SicilyChoiceButton(BigButton):
    choice = ObjectProperty(None, allownone=True)

    def plain(self) -> None:
        """The looks its kv rule gives a new button (a reused one may have had the two-column
        or the dice-face looks)."""
        self.font_size, self.max_lines, self.height = th.BODY * T.scale, 2, (th.TOUCH_MIN + 4) * T.scale


class SicilyTableScreen(GameScreen):
    game = GAME
    phase = StringProperty("Mafia (Sicily)")
    table_view = ObjectProperty(None, allownone=True)
    engine = ObjectProperty(None, allownone=True)
    prompt_text = StringProperty("")
    who_text = StringProperty("")
    dice_caption = StringProperty("No dice rolled yet")
    news_text = StringProperty("")
    shootout_text = StringProperty("")
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
        self._faces: list[int] = []  # real dice entered so far
        self._look_seat: int | None = None  # who just drew a card and should look at it
        self._turn_of = ""  # the side whose turn the screen showed last (whose roll, whose result)
        self._space = ""  # back from the map: the space either die could take the counter to
        self._shown_roll = 0  # which roll the tray shows (the view's count of rolls)
        self.choices = model.Choices()
        self._choice_buttons: list[SicilyChoiceButton] = []  # made so far, the first ones shown (_fill_buttons)

    # -- entering -------------------------------------------------------------------------
    def enter(self, selected: str = "", space: str = "", **_):
        self.table.app_services.watch_phones(self.session)  # phones show each seat's own hand
        self.engine = model.game_engine(self.session)  # the game's own box values (names, routes)
        self.selected, self._faces, self._space = selected, [], space
        self._look_seat = None
        self._turn_of = ""
        self._shown_roll = 0
        self.last_turn_text = ""

    def sample_route(self, app) -> Route:
        session = start_sample(self.table)
        return Route("mafia_sicily_table", {"game": GAME, "game_id": session.game_id})

    # -- showing: once per commit, from the views --------------------------------------------
    def show(self, events) -> None:
        view = self.view()  # the one view of this commit
        self.table_view = view
        if not events:  # entering: what the last action did, from the session's checkpoints
            self.news_text = " ".join(model.table_lines(self.session.last_events))
        elif any(e.kind == "undone" for e in events):
            self.selected, self._faces, self._look_seat = "", [], None
            self.last_turn_text = ""
            self.news_text = " ".join(model.table_lines(events))
        else:
            self._told(view, events)
            self.selected, self._faces = "", []
        self._show_dice(view, animate=bool(events) and not any(e.kind == "undone" for e in events))
        # whose turn the screen shows; "" while the home cities are chosen (no turn has a result yet)
        self._turn_of = view.turn_of if len(view.homes) >= len(model.FAMILIES) else ""
        self._redraw()

    def _told(self, view, events) -> None:
        """What this commit did, whole, and who should look at a new card (the host said it)."""
        lines = model.table_lines(events)
        self._look_seat = flow.look_seat(events)
        if self._look_seat is not None:
            name = model.player_name(view, self._look_seat)
            lines = lines + [f"{name}, look at your new card on your private screen."]
        was = model.FACTION_SHORT.get(self._turn_of, "")
        ended, rest = model.split_at_turn(events, lines)
        if was and ended:
            lines = rest
        else:
            ended = []
        self.last_turn_text = f"{was}'s turn: {' '.join(ended)}" if ended else ""
        if lines or ended:
            # everything this action did, whole (a cut first line lost instructions, issue 18)
            self.news_text = " ".join(lines)

    def _show_dice(self, view, animate: bool) -> None:
        """The view's last roll, tumbling in if this commit rolled it; once the next side's turn has
        begun with something else, the last side's dice are not left big on the table."""
        tray, roll = self.ids.tray, view.last_roll
        count = roll[4] if roll else 0
        new, self._shown_roll = count != self._shown_roll, count
        if not roll or (animate and not new and roll[3] != view.turn_of):
            tray.show(())
            self.dice_caption = "No dice rolled yet"
            return
        dice, by_hand, awaiting, side, _ = roll
        tray.show(dice, animate=animate and new and not by_hand)
        if side != view.turn_of:  # the die that decided the last turn, said as that side's
            self.dice_caption = f"{model.FACTION_SHORT[side]}'s last roll"
        else:
            purpose = model.roll_purpose(awaiting)
            self.dice_caption = (f"For {purpose}" if purpose else "Rolled") + (" · real dice" if by_hand else "")

    def _redraw(self) -> None:
        """The choices and the words round them, from the view shown (a tap that only chooses a
        counter or enters a die's face redraws, computing no view)."""
        view = self.table_view
        self.choices = model.table_choices(self.engine, view, self.selected, self._faces)
        if self.selected not in ("by_hand", "by_card"):
            self.selected = self.choices.selected
        self.highlight = self.choices.destinations
        if self._space and self.selected:  # back from the map, where either die could take the counter there
            moves = [a for a in self.session.legal_actions()
                     if isinstance(a, Move) and a.counter == self.selected and a.to == self._space]
            self.choices.buttons = [b for b in self.choices.buttons if b.kind == "counter"] + [
                model.Choice(model.move_text(self.engine, m, view), m) for m in moves]
            self.highlight = [self._space]
        self._space = ""
        self.prompt_text = view.awaiting
        self.hint_text = self.choices.hint
        self.map_text = self.choices.map_hint or "See the map"
        self.map_wanted = bool(self.choices.map_hint)
        who = model.player_name(view, view.acting_seat)
        self.who_text = (f"{who} decides" if who else "")
        self.turn_text = f"Turn {view.turn_number}"
        self.shootout_text = model.shootout_text(view)
        self.cards_text = "Cards"
        self.set_phase(model.phase_text(view))
        self._fill_calendar(view)
        self._fill_buttons()

    def _fill_calendar(self, view) -> None:
        """The six slots, made once; a commit only moves the lit one (making six labels with
        their kv rules was most of a move's tap)."""
        strip = self.ids.calendar
        slots = model.calendar_slots(view)
        if len(strip.children) != len(slots):
            strip.clear_widgets()
            for _ in slots:
                strip.add_widget(SicilySlot())
        for label, slot in zip(reversed(strip.children), slots):
            label.text, label.faction, label.current = slot.label, slot.faction, slot.current

    def _fill_buttons(self) -> None:
        """The choices; in two columns (caption-size text) when there are more than three, so
        three to six stay in sight at 800x480 without a scroll."""
        box = self.ids.choices
        choices = list(self.choices.buttons)
        faces = any(c.kind == "face" for c in choices)
        if self._look_seat is not None and not self.choices.private_seats and not faces:
            # after a draw: the drawer is told to look (the card is never named here)
            name = model.player_name(self.table_view, self._look_seat)
            choices.append(model.Choice(f"{name}: see my new card", kind="cards", seat=self._look_seat))
        box.cols = model.choice_columns(len(choices), faces)
        while len(self._choice_buttons) < len(choices):
            button = SicilyChoiceButton()
            button.bind(on_release=lambda b: self.choose(b.choice))
            self._choice_buttons.append(button)
        for button, choice in zip(self._choice_buttons, choices):
            if button.state == "down":  # the one just tapped, now another choice: not shown pressed
                button.state = "normal"
            button.text, button.choice = choice.text, choice
            button.variant = "primary" if choice.primary else "secondary"
            button.plain()
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
                    button.text = model.move_text(self.engine, choice.action, self.table_view, compact=True)
        shown = self._choice_buttons[:len(choices)]
        if list(reversed(box.children)) != shown:
            box.clear_widgets()
            for button in shown:
                box.add_widget(button)
        self.ids.choices_scroll.scroll_y = 1

    # -- taps -----------------------------------------------------------------------------
    def choose(self, choice: model.Choice) -> None:
        """A choice was tapped: a commit is shown by ``show`` (once); a pick only redraws."""
        self.error = ""
        self.confirming_undo = False
        if choice.kind == "roll":
            self.draw(choice.request)
        elif choice.kind == "draw":
            self.draw(None)
        elif choice.kind == "counter":
            self.selected = choice.counter
            self._faces = []
            self._redraw()
        elif choice.kind == "face":
            self._enter_face(int(choice.request))
        elif choice.kind == "cards":
            self.open_cards(choice.seat)
        elif choice.kind == "enter":
            self.open_cards(choice.seat, enter=True)
        else:
            self.act(choice.action)

    def _enter_face(self, value: int) -> None:
        """Real dice: one tap per die; the roll is recorded when every die is in."""
        faces = self._faces + [value]
        need = 2 if self.session.chance_requests() == ["roll2d6"] else 1
        if len(faces) < need:
            self._faces = faces
            self._redraw()
            return
        self._faces, self.selected = [], ""
        self.act(DiceRolled(tuple(faces), True))

    def open_map(self) -> None:
        """The map on a screen of its own (tap a space there to move the chosen counter)."""
        self.error = ""
        self.go("mafia_sicily_map", selected=self.selected if self.selected not in ("by_hand", "by_card") else "")

    def on_roll(self) -> bool:
        for choice in self.choices.buttons:
            if choice.kind == "roll":
                self.choose(choice)
                return True
        return False

    roll = on_roll  # a tap on the dice

    def open_cards(self, seat: int | None = None, enter: bool = False) -> None:
        if seat is None:
            seats = self.choices.private_seats
            seat = seats[0] if seats else self.table_view.acting_seat
        self.go("mafia_sicily_hand", seat=seat if seat is not None else 0, enter=enter,
                seats=list(self.choices.private_seats))

    def open_scores(self) -> None:
        self.go("mafia_sicily_scores")

    def on_next(self) -> bool:
        if self.confirming_undo:
            self.confirm_undo()
            return True
        primary = [c for c in self.choices.buttons if c.primary]
        if primary:
            self.choose(primary[0])
            return True
        return False

    def on_vote(self, seat: int) -> bool:
        if 0 <= seat < self.table_view.players:
            self.open_cards(seat)
            return True
        return False

    def on_tag(self, uid: str) -> bool:
        binding = self.table.store.tag(uid)
        names = list(self.table_view.names)
        if binding is not None and binding.kind == "player" and binding.ref in names:
            self.open_cards(names.index(binding.ref))
            return True
        return False


SCREEN = SicilyTableScreen
