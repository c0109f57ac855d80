"""What every Il Capo screen shares: the session, acting and drawing spins, refusals as sentences,
undo asked once, the narrator (guarded), hardware commands, player tiles and choice buttons.

A screen never re-implements a rule: it enables what ``engine.legal_actions`` lists, plays taps
through ``session.act`` / ``session.draw`` (committed before shown) and, when the state belongs on
another screen (``logic.screen_for``), goes there — at once after a choice, or after a
"Continue" tap when a spin's result is still being shown.
"""

from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen

from companion.engine import TABLE, replay
from companion.errors import CompanionError
from ui import theme as th
from ui.controller import Route
from ui.screens import load_kv
from ui.widgets.big_button import BigButton
from ui.widgets.spinner_wheel import SPIN_SECONDS, SpinnerWheel  # noqa: F401  (used by the kv files)

from . import logic as L

load_kv(__file__)

GAME = "il-capo"
#: event kinds that announce what comes next, not what a spin did (kept off a held result)
NEXT_STEP_KINDS = ("turn", "syndicate", "npc_turn")
SAMPLE_SEED = 4242
SAMPLE_PLAYERS = ["Anna", "Ben", "Carla"]


class IlCapoTileBase(ButtonBehavior, BoxLayout):
    """One player: name, status, crew, the balance large. ``mark``: '' / 'turn' / 'selected' / 'target'."""

    seat = NumericProperty(0)
    name_text = StringProperty("")
    balance_text = StringProperty("")
    status_text = StringProperty("")
    short_status = StringProperty("")  # the bank tile's: "Out", "Prison 2" ("" on the street)
    crew_text = StringProperty("")
    gauntlet = StringProperty("")  # the gauntlet checklist (markup): Skyscraper, Dead Man's Row, Mansion
    mark = StringProperty("")
    out = BooleanProperty(False)
    balance_size = NumericProperty(th.NUMBER)
    ring = ColorProperty(th.LINE)

    def on_mark(self, *_):
        self.ring = th.ACCENT if self.mark else th.LINE

    def fill(self, player, mark: str = "", compact: bool = False, view=None) -> None:
        self.seat = player.seat
        self.name_text = player.name
        self.balance_text = player.balance_text
        self.status_text = L.status_text(player)
        self.short_status = L.short_status(player)
        self.crew_text = L.tile_line(player, view) if not compact else L.compact_tile_line(player, view)
        # short words always: a shortened checklist hid whether the Row was done ("Skyscrap…ansion");
        # in two columns (5+ players) only what is done is shown, the rest stays blank
        if player.status == "out":
            self.gauntlet = ""
        elif compact:
            self.gauntlet = L.gauntlet_done_markup(player)
        else:
            self.gauntlet = L.gauntlet_markup(player, compact=True)
        self.out = player.status == "out"
        self.mark = mark
        self.on_mark()


class IlCapoTile(IlCapoTileBase):
    """The table's tile: name and counters / crew on the left, the balance on the right."""


class IlCapoBankTile(IlCapoTileBase):
    """A player on the bank screen: name over the balance, the balance as wide as the tile."""


class IlCapoResultText(Label):
    """A result, whole and as large as fits: the font steps down from ``max_size`` to ``min_size``
    until every line fits the widget (a result was a small scroll box cut mid-line)."""

    max_size = NumericProperty(th.TITLE)
    min_size = NumericProperty(th.BODY)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._fit_later = Clock.create_trigger(self._fit, 0)
        self.fbind("text", self._fit_later)
        self.fbind("size", self._fit_later)

    def _fit(self, *_):
        from kivy.core.text import Label as CoreLabel

        if not self.text or self.width <= 1:
            return
        scale = th.THEME.scale
        size = int(self.max_size * scale)
        while size > self.min_size * scale:
            core = CoreLabel(text=self.text, font_size=size, font_name=self.font_name, bold=self.bold,
                             text_size=(self.width, None), halign=self.halign)
            core.refresh()
            if core.texture.size[1] <= self.height:
                break
            size -= 2
        self.font_size = max(size, self.min_size * scale)


class IlCapoChip(Label):
    """A small rounded label: ``current`` in the accent, ``faded`` for what is done."""

    current = BooleanProperty(False)
    faded = BooleanProperty(False)


class IlCapoOverlay(BoxLayout):
    """A panel laid over other controls (ledger, choice menu, spinner pad, the one-question bar):
    while it is shown, every touch inside it stops here, so nothing hidden underneath (a keypad,
    a player tile) is ever pressed through it. While it is hidden (size 0, transparent) it takes
    no touch at all: a fixed-width button inside a hidden panel keeps its size, and a disabled
    widget swallows the touches that land on it (Kivy), which ate taps on the button beneath."""

    def _swallow(self, name, touch):
        if self.opacity <= 0.05 or self.width <= 1 or self.height <= 1:
            return False  # hidden: its (disabled) buttons left at their size must not eat a tap
        if self.collide_point(*touch.pos):
            getattr(super(), name)(touch)
            return True
        return getattr(super(), name)(touch)

    def on_touch_down(self, touch):
        return self._swallow("on_touch_down", touch)

    def on_touch_move(self, touch):
        return self._swallow("on_touch_move", touch)

    def on_touch_up(self, touch):
        return self._swallow("on_touch_up", touch)


class IlCapoUndoBar(IlCapoOverlay):
    """The one confirmation undo asks for, laid over a screen's controls."""

    screen = ObjectProperty(None, allownone=True)
    question = StringProperty("")


class IlCapoHandPad(IlCapoOverlay):
    """The physical spinner, entered by hand: tap the number (1-10), then L or R; the spin is
    recorded as ``Spun(..., by_hand=True)`` and shown without animation (like "Real dice")."""

    screen = ObjectProperty(None, allownone=True)
    number = NumericProperty(0)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        Clock.schedule_once(self._build, 0)

    def _build(self, *_):
        grid = self.ids.numbers
        if grid.children:
            return
        for row, side in ((range(1, 6), "L"), (range(6, 11), "R")):  # 1-5 L / 6-10 R: one glance
            for n in row:
                b = IlCapoChoice(L.Choice(f"hand:{n}", str(n), mode="hand_number"))
                b.font_size = th.BUTTON * th.THEME.scale
                b.bind(on_release=lambda btn, n=n: self.pick_number(n))
                grid.add_widget(b)
            b = IlCapoChoice(L.Choice(f"hand:{side}", side, mode="hand_side", primary=True))
            b.font_size = th.BUTTON * th.THEME.scale
            b.bind(on_release=lambda btn, side=side: self.pick_side(side))
            grid.add_widget(b)
        self._mark()
        self.fbind("number", self._mark)

    def _mark(self, *_):
        for b in self.ids.numbers.children:
            if b.key in ("hand:L", "hand:R"):
                continue
            b.variant = "selected" if b.key == f"hand:{self.number}" else "secondary"

    def pick_number(self, n: int) -> None:
        self.number = n

    def pick_side(self, side: str) -> None:
        if self.screen is None:
            return
        if not self.number:
            self.screen.error = "Tap the number the spinner shows first, then L or R."
            return
        number, self.number = self.number, 0
        self.screen.hand_spin(number, side)


class IlCapoChoice(BigButton):
    """A button made from a ``logic.Choice``; dimmed when the engine would refuse it (a tap says why)."""

    key = StringProperty("")
    allowed = BooleanProperty(True)

    def __init__(self, choice=None, **kwargs):
        super().__init__(**kwargs)
        self.choice = choice
        if choice is not None:
            self.key, self.text, self.allowed = choice.key, choice.label, choice.enabled
            self.variant = "primary" if (choice.primary and choice.enabled) else "secondary"
        self.fbind("allowed", self._dim)
        self._dim()

    def _dim(self, *_):
        self.opacity = 1 if self.allowed else 0.45


def current_session(game_id=None):
    app = App.get_running_app()
    session = app.sessions.get(GAME)
    if game_id is not None and (session is None or session.game_id != game_id):
        session = app.session_for(GAME, game_id)
    return session


def sample_session(app, steps=()):
    """A seeded three-player game for screenshots: ``steps`` are ('draw', request) / ('act', action)."""
    from companion.session import Session

    session = Session.start(app.store, GAME, {"players": list(SAMPLE_PLAYERS)}, seed=SAMPLE_SEED)
    events = []
    for kind, what in steps:
        events = session.draw(what)[1] if kind == "draw" else session.act(what)
    app.sessions[GAME] = session
    return session, " ".join(e.text for e in events if e.text)


class IlCapoScreen(Screen):
    """The base of every in-game Il Capo screen (not the new-game screen)."""

    NEWS_SKIP: tuple[str, ...] = ()  # event kinds this screen already shows elsewhere
    FOLLOWS_STATE = True  # False: a side screen (bank, hire) the table opened; it never moves on its own

    session = ObjectProperty(None, allownone=True)
    view = ObjectProperty(None, allownone=True)
    phase = StringProperty("Il Capo")
    prompt = StringProperty("")
    error = StringProperty("")
    news = StringProperty("")
    continue_to = StringProperty("")
    confirming_undo = BooleanProperty(False)  # the one-question bar is up (undo, or a big spend)
    undo_question = StringProperty("")
    confirm_yes = StringProperty("Take back")
    confirm_no = StringProperty("Keep it")
    can_undo = BooleanProperty(False)
    spin_number = StringProperty("")
    spin_side = StringProperty("")
    spin_owner = StringProperty("")  # under the number: "Anna's spin", or "Ben to spin" once it is stale
    spinning = BooleanProperty(False)
    hand_open = BooleanProperty(False)  # the physical spinner's entry pad is over the middle

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._reveal = None
        self._last_was_spin = False
        self._pending = None  # a big spend waiting for its one "Pay" tap

    # -- entering and leaving ------------------------------------------------------------
    def prepare(self, game: str = GAME, game_id: int | None = None, news: str = "", **_):
        session = current_session(game_id)
        if session is None:
            raise CompanionError("There is no Il Capo game running: start one from the Il Capo card.")
        self._attach(session)
        self.error = ""
        self.confirming_undo = False
        self.continue_to = ""
        if news:
            self.news = news
        self.refresh()
        self.settle()

    def _attach(self, session) -> None:
        if session is not self.session:
            if self.session is not None:
                self.session.unsubscribe(self._on_events)
            self.session = session
        session.unsubscribe(self._on_events)  # never twice
        session.subscribe(self._on_events)

    def on_leave(self, *_):
        self.confirming_undo = False
        self._pending = None
        self.hand_open = False
        if self.session is not None:
            self.session.unsubscribe(self._on_events)

    def go(self, screen: str, **params) -> None:
        app = App.get_running_app()
        app.go(Route(screen, {"game": GAME, "game_id": self.session.game_id, **params}))

    # -- acting ----------------------------------------------------------------------------
    @property
    def state(self):
        return self.session.state

    @property
    def engine(self):
        return self.session.engine

    def act(self, action) -> bool:
        """Play ``action``; a refusal is its sentence on this screen and nothing changes."""
        self.confirming_undo = False
        self._pending = None
        self.error = ""
        try:
            self.session.act(action)
        except CompanionError as error:
            self.error = str(error)
            return False
        return True

    def act_or_confirm(self, action) -> bool:
        """Play ``action``, or first ask once when it spends more than the threshold."""
        question = L.needs_confirm(self.state, action)
        if not question:
            return self.act(action)
        self.error = ""
        self._pending = action
        self.ask_once(question, "Pay", "Cancel")
        return False

    def ask_once(self, question: str, yes: str, no: str) -> None:
        """Raise the one-question bar with these words (undo, a big spend, a big amount)."""
        self.undo_question, self.confirm_yes, self.confirm_no = question, yes, no
        for w in self.walk(restrict=True):
            if isinstance(w, IlCapoUndoBar):
                w.ids.take_back.text, w.ids.keep.text = yes, no
        self.confirming_undo = True

    def explain(self, action) -> None:
        """A dimmed button was tapped: say why the engine refuses it, change nothing."""
        self.confirming_undo = False
        self.error = self.engine.explain_illegal(self.state, action)

    def choose(self, button) -> None:
        choice = button.choice
        if choice.mode == "hand":
            self.open_hand()
            return
        if choice.action is not None and not choice.enabled:
            self.explain(choice.action)
        elif choice.action is not None:
            self.act_or_confirm(choice.action)
        else:
            self.open_mode(choice)

    def open_mode(self, choice) -> None:  # screens with menus override
        pass

    def spin(self) -> bool:
        """The app spins: a player's spin is asked for ("spin"), the Underboss's is drawn unasked."""
        self.confirming_undo = False
        self.error = ""
        awaited, request = L.spin_request(self.engine, self.state)
        if not awaited:
            self.error = f"Nobody needs to spin now. {self.view.prompt if self.view else ''}".strip()
            return False
        try:
            self.session.draw(request)
        except CompanionError as error:
            self.error = str(error)
            return False
        return True

    # -- the physical spinner, entered by hand --------------------------------------------
    def open_hand(self) -> None:
        self.confirming_undo = False
        awaited, _ = L.spin_request(self.engine, self.state)
        if not awaited:
            self.error = f"Nobody needs to spin now. {self.view.prompt if self.view else ''}".strip()
            return
        self.error = ""
        self.hand_open = not self.hand_open

    def close_hand(self) -> None:
        self.hand_open = False

    def hand_spin(self, number: int, side: str) -> bool:
        """Record what the physical spinner shows (refusals in place, nothing changes)."""
        from companion.chance import Spun

        self.hand_open = False
        return self.act(Spun(number, side, True))

    # -- undo: one tap, one question -------------------------------------------------------
    def ask_undo(self) -> None:
        self.error = ""
        if not self.session.can_undo:
            self.error = "There is nothing to undo yet."
            return
        actions = self.session.actions
        before = replay(self.engine, self.session.config, self.session.seed, actions[:-1])
        self._pending = None
        self.ask_once(f"Take back: {self.engine.describe(actions[-1], before)}?", "Take back", "Keep it")

    def confirm_undo(self) -> None:
        self.confirming_undo = False
        pending, self._pending = self._pending, None
        if pending is not None:  # the big spend, asked once: now it is paid
            self.act(pending)
            self.refresh()
            return
        try:
            self.session.undo()
        except CompanionError as error:
            self.error = str(error)

    def cancel_undo(self) -> None:
        self.confirming_undo = False
        self._pending = None

    # -- showing ---------------------------------------------------------------------------
    def _on_events(self, session, events) -> None:
        spun = [e for e in events if e.kind not in ("undone",)]
        lines = [e.text for e in events if e.text and e.kind not in self.NEWS_SKIP]
        if lines:
            self.news = " ".join(lines)
        elif any(e.text for e in events):  # news this screen shows elsewhere: the old line would go stale
            self.news = ""
        self.record_events(events)
        narrator = getattr(App.get_running_app(), "narrator", None)
        if narrator is not None:
            try:
                if any(e.kind == "undone" for e in events):
                    narrator.stop()
                for line in L.spoken_lines(events):
                    narrator.say(line)
            except Exception:  # the narrator must never break the game; the text is on screen
                pass
        last = session.actions[-1] if session.actions else None
        was_spin = bool(spun) and type(last).__name__ == "Spun" and not any(e.kind == "undone" for e in events)
        if was_spin and "wheel" in self.ids:
            self._present_spin(last.number, last.side, animate=not last.by_hand)
        target = L.screen_for(session.state)
        moving = self.FOLLOWS_STATE and target != self.name and App.get_running_app().manager.current == self.name
        if moving and was_spin:
            # the result stays on screen until "Continue", under the acting player's title: set before
            # refresh() so the status line is not handed to the next player while the result shows
            self.continue_to = target
        self.refresh()
        if moving and not was_spin:
            Clock.schedule_once(lambda *_: self._route(target), 0)

    def held_prompt(self) -> str:
        """The one line over a held result: whose spin it was (the result itself is shown large)."""
        by = self.view.last_spin_by if self.view is not None else ""
        return f"{L.whose_spin(by)}: the result" if by else "The result"

    def record_events(self, events) -> None:  # the encounter screen keeps a log
        pass

    def _route(self, target: str) -> None:
        if self.session is None or L.screen_for(self.session.state) != target:
            return
        self.go(target, news=self.news)

    def do_continue(self) -> None:
        target = self.continue_to or L.screen_for(self.state)
        self.continue_to = ""
        if target != self.name:
            self.go(target, news=self.news)

    def _present_spin(self, number: int, side: str, animate: bool) -> None:
        self.settle()
        wheel = self.ids.wheel
        if animate:
            wheel.spin_to(number, side)
            self.spin_number, self.spin_side, self.spinning = "", "", True
            self._reveal = Clock.schedule_once(lambda *_: self._revealed(number, side), SPIN_SECONDS)
        else:
            wheel.show(number, side)
            self._show_spin_text(number, side)

    def _revealed(self, number: int, side: str) -> None:
        self._show_spin_text(number, side)
        self._own_spin()

    def _show_spin_text(self, number: int, side: str) -> None:
        self._reveal = None
        self.spinning = False
        self.spin_number = str(number)
        self.spin_side = "LEFT" if side == "L" else "RIGHT"

    def settle(self) -> None:
        """Finish animations, show the recorded last spin (resume, undo, screenshots)."""
        if self._reveal is not None:
            self._reveal.cancel()
            self._reveal = None
        self.spinning = False
        if "wheel" not in self.ids or self.session is None:
            return
        self.ids.wheel.finish()
        last = self.session.state.last_spin
        if last is None:
            self.ids.wheel.number, self.ids.wheel.side = 0, ""
            self.spin_number = self.spin_side = ""
        else:
            self.ids.wheel.show(*last)
            self._show_spin_text(*last)
        self._own_spin()

    def refresh(self) -> None:
        """Read the table view and fill the screen (screens extend ``fill``)."""
        if self.session is None:
            return
        self.view = self.session.view(TABLE)
        self.prompt = self.view.prompt if not self.continue_to else self.held_prompt()
        if not self.continue_to:  # a held result keeps the acting player's status line
            self.phase = L.phase_text(self.view)
        self.can_undo = self.session.can_undo
        app = App.get_running_app()
        if app is not None and getattr(app, "manager", None) is not None and app.manager.current == self.name:
            app.set_phase(self.phase)
        if self.hand_open and not L.spin_request(self.engine, self.state)[0]:
            self.hand_open = False
        self._own_spin()
        self.fill()

    def _own_spin(self) -> None:
        """The big number always says whose it was; at a new mover's turn (a player's move, an NPC's
        spin) the old number is cleared, so "4 LEFT" never stands beside "Ben: spin to move"."""
        if "wheel" not in self.ids or self.session is None or self.view is None:
            return
        st, v = self.state, self.view
        if self.spinning:  # the wheel turns: only say whose spin it is
            self.spin_owner = L.whose_spin(v.last_spin_by)
            return
        if st.awaiting in ("move", "npc_spin") and not self.continue_to:
            self.ids.wheel.finish()
            self.ids.wheel.number, self.ids.wheel.side = 0, ""
            self.spin_number = self.spin_side = ""
            who = v.spinner if st.awaiting == "move" else L.NPC_SHORT.get(L.NPC_ORDER[st.npc], "")
            self.spin_owner = L.to_spin(who)
        elif v.last_spin:
            self.spin_owner = L.whose_spin(v.last_spin_by)
        else:
            self.spin_owner = ""

    def fill(self) -> None:
        pass

    def fill_tiles(self, box, marks=None, on_tap=None, tile_class=None) -> list:
        """Player tiles in ``box`` (a GridLayout): one or two columns by the number of players."""
        marks = marks or {}
        players = self.view.players
        box.clear_widgets()
        box.cols = 1 if len(players) <= 4 else 2
        tiles = []
        for p in players:
            tile = (tile_class or IlCapoTile)()
            tile.fill(p, marks.get(p.seat, ""), compact=box.cols > 1, view=self.view)
            if on_tap is not None:
                tile.bind(on_release=on_tap)
            box.add_widget(tile)
            tiles.append(tile)
        return tiles

    def fill_choices(self, box, choices, cols: int | None = None) -> list:
        box.clear_widgets()
        if cols:
            box.cols = cols
        buttons = []
        for choice in choices:
            button = IlCapoChoice(choice)
            button.bind(on_release=self.choose)
            box.add_widget(button)
            buttons.append(button)
        return buttons

    # -- hardware --------------------------------------------------------------------------
    def handle_command(self, command) -> bool:
        name = type(command).__name__
        if name == "Roll":
            return self.spin() or True
        if name == "Undo":
            self.ask_undo()
            return True
        if name == "Next":
            if self.confirming_undo:
                self.confirm_undo()
                return True
            if self.continue_to:
                self.do_continue()
                return True
            return self.on_next()
        if name == "Vote":
            return self.pick_seat(command.seat)
        if name == "TagSeen":
            seat = L.seat_for_tag(App.get_running_app().store.tag(command.uid), self.view)
            return self.pick_seat(seat) if seat is not None else False
        return False

    def on_next(self) -> bool:
        return False

    def pick_seat(self, seat: int) -> bool:
        return False
