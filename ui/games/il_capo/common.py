"""What the Il Capo screens share: the player tiles, choice buttons, the one-question bar, the
hand-entered spinner pad, and two small mixins over ``ui.game_screen.GameScreen`` for what is Il
Capo's own (the game screen base does the session, acting, undo, the route and commands):

* ``IlCapoPlay``: the news line from a commit's events, a big spend asked once, dimmed choices
  that say why, seats picked by a tap, a player button or a player's RFID tag;
* ``SpinnerPlay``: the wheel (the app spins, or the physical spinner's number is tapped in), and a
  spin's result held on screen under the acting player until "Continue" when the game moves on.

A screen never re-implements a rule: it enables what the session's ``legal_actions`` lists, reads
the table view (``logic.table_view``: one per commit) and plays taps through ``act`` / ``draw``;
the table host shows each commit once (``on_commit``), so no screen refreshes after acting.
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.chance import Spun
from companion.engine import TABLE
from ui import theme as th
from ui.screens import load_kv
from ui.widgets.big_button import BigButton
from ui.widgets.spinner_wheel import SPIN_SECONDS, SpinnerWheel  # noqa: F401  (used by the kv files)

from . import logic as L

load_kv(__file__)

GAME = "il-capo"
#: event kinds that announce what comes next, not what a spin did (kept off a held result)
NEXT_STEP_KINDS = ("turn", "syndicate", "npc_turn")


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


def fill_tiles(box, view, marks=None, on_tap=None, tile_class=None) -> list:
    """Player tiles in ``box`` (a GridLayout), one or two columns by the number of players; the
    tiles are made once and refilled in place after (a tap changes words, not widgets)."""
    marks = marks or {}
    tile_class = tile_class or IlCapoTile
    players = view.players
    tiles = list(reversed(box.children))
    if len(tiles) != len(players) or any(type(t) is not tile_class for t in tiles):
        box.clear_widgets()
        tiles = []
        for _ in players:
            tile = tile_class()
            if on_tap is not None:
                tile.bind(on_release=on_tap)
            box.add_widget(tile)
            tiles.append(tile)
    box.cols = 1 if len(players) <= 4 else 2
    for tile, p in zip(tiles, players):
        tile.fill(p, marks.get(p.seat, ""), compact=box.cols > 1, view=view)
    return tiles


class IlCapoPlay:
    """Mixed in before ``GameScreen`` by every in-game Il Capo screen (not the new-game screen)."""

    NEWS_SKIP: tuple[str, ...] = ()  # event kinds this screen already shows elsewhere

    news = StringProperty("")
    prompt = StringProperty("")
    continue_to = StringProperty("")  # a held result: where "Continue" goes
    confirm_yes = StringProperty("Take back")
    confirm_no = StringProperty("Keep it")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._pending = None  # a big spend waiting for its one "Pay" tap
        self._was_spin = False

    # -- the views: the table view, once per commit ---------------------------------------
    def view(self, audience=TABLE):
        return L.table_view(self.session) if audience is TABLE else super().view(audience)

    # -- one commit --------------------------------------------------------------------------
    def on_commit(self, session, events) -> None:
        """Take the news and whether it was a spin from the commit, then the base shows it once."""
        if session is not self.session:
            self.session = session
        undone = any(e.kind == "undone" for e in events)
        lines = [e.text for e in events if e.text and e.kind not in self.NEWS_SKIP]
        if lines:
            self.news = " ".join(lines)
        elif any(e.text for e in events):  # news this screen shows elsewhere: the old line would go stale
            self.news = ""
        self.record_events(events)
        last = session.last_action
        self._was_spin = bool(events) and not undone and isinstance(last, Spun)
        if undone:
            self.continue_to = ""
        if self._was_spin and "wheel" in self.ids:
            self._present_spin(last.number, last.side, animate=not last.by_hand)
        super().on_commit(session, events)

    def follow_route(self) -> bool:
        """After a spin the result stays on screen until "Continue" (under the acting player's
        title); after anything else the game goes where its state belongs at once."""
        if not self.follows_route:
            return False
        target = self.route_target()
        if not target or target == self.name:
            return False
        if self._was_spin:
            self.continue_to = target
            return False
        self.go(target, news=self.news)
        return True

    def record_events(self, events) -> None:  # the encounter screen keeps a log
        pass

    def do_continue(self) -> None:
        target = self.continue_to or self.route_target()
        self.continue_to = ""
        if target and target != self.name:
            self.go(target, news=self.news)

    def held_prompt(self) -> str:
        """The one line over a held result: whose spin it was (the result itself is shown large)."""
        by = self.view().last_spin_by
        return f"{L.whose_spin(by)}: the result" if by else "The result"

    def show_prompt(self, view) -> None:
        """The prompt and the status line (a held result keeps the acting player's)."""
        self.prompt = view.prompt if not self.continue_to else self.held_prompt()
        if not self.continue_to:
            self.set_phase(L.phase_text(view))

    # -- acting: a big spend asked once, a dimmed choice says why -------------------------
    def act(self, action, where: str = "error") -> bool:
        self._pending = None
        return super().act(action, where)

    def act_or_confirm(self, action) -> bool:
        """Play ``action``, or first ask once when it spends more than the threshold."""
        question = L.needs_confirm(self.view(), action)
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

    def choose(self, button) -> None:
        choice = button.choice
        if choice.mode == "hand":
            self.open_hand()
        elif choice.action is not None:
            # a dimmed one is tried too: the engine's refusal is the sentence, nothing changes
            self.act_or_confirm(choice.action) if choice.enabled else self.act(choice.action)
        else:
            self.open_mode(choice)

    def open_mode(self, choice) -> None:  # screens with menus override
        pass

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

    # -- the one question: undo (the base words it) or the big spend ------------------------
    def ask_undo(self) -> None:
        self._pending = None
        for w in self.walk(restrict=True):
            if isinstance(w, IlCapoUndoBar):
                w.ids.take_back.text, w.ids.keep.text = "Take back", "Keep it"
        self.confirm_yes, self.confirm_no = "Take back", "Keep it"
        super().ask_undo()

    def confirm_undo(self) -> None:
        pending, self._pending = self._pending, None
        if pending is not None:  # the big spend, asked once: now it is paid
            self.confirming_undo = False
            self.act(pending)
            return
        super().confirm_undo()

    def cancel_undo(self) -> None:
        self._pending = None
        super().cancel_undo()

    def on_leave(self, *args):
        self._pending = None
        self.hand_open = False
        return super().on_leave(*args)

    # -- commands: by type (the base dispatches) -------------------------------------------
    def on_next(self) -> bool:
        if self.confirming_undo:
            self.confirm_undo()
            return True
        if self.continue_to:
            self.do_continue()
            return True
        return self.next_step()

    def next_step(self) -> bool:
        return False

    def on_roll(self) -> bool:
        return self.spin() or True

    def spin(self) -> bool:
        return False

    def on_vote(self, seat: int) -> bool:
        return self.pick_seat(seat)

    def on_tag(self, uid: str) -> bool:
        seat = L.seat_for_tag(self.table.store.tag(uid), self.view())
        return self.pick_seat(seat) if seat is not None else False

    def pick_seat(self, seat: int) -> bool:
        return False

    hand_open = BooleanProperty(False)  # the physical spinner's entry pad is over the middle

    def open_hand(self) -> None:
        pass


class SpinnerPlay(IlCapoPlay):
    """The screens with the wheel (table, encounter, Syndicate): the app spins, or the table taps
    in what the physical spinner shows; the big number always says whose spin it was."""

    spin_number = StringProperty("")
    spin_side = StringProperty("")
    spin_owner = StringProperty("")  # under the number: "Anna's spin", or "Ben to spin" once it is stale
    spinning = BooleanProperty(False)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._reveal = None

    def spin_awaited(self) -> tuple[bool, str | None]:
        return L.spin_request(self.view(), self.session.chance_requests())

    def nobody_spins(self) -> str:
        return f"Nobody needs to spin now. {self.view().prompt}".strip()

    def spin(self) -> bool:
        """The app spins: a player's spin is asked for ("spin"), the Underboss's is drawn unasked."""
        self.confirming_undo = False
        self.error = ""
        awaited, request = self.spin_awaited()
        if not awaited:
            self.error = self.nobody_spins()
            return False
        return self.draw(request)

    def show_spinner(self, view, events) -> None:
        """The prompt, the status line and the wheel (settled on entering and after an undo)."""
        self.show_prompt(view)
        if self.hand_open and not self.spin_awaited()[0]:
            self.hand_open = False
        if not events or any(e.kind == "undone" for e in events):
            self.settle()
        else:
            self._own_spin()

    # -- the physical spinner, entered by hand --------------------------------------------
    def open_hand(self) -> None:
        self.confirming_undo = False
        if not self.spin_awaited()[0]:
            self.error = self.nobody_spins()
            return
        self.error = ""
        self.hand_open = not self.hand_open

    def close_hand(self) -> None:
        self.hand_open = False

    def hand_spin(self, number: int, side: str) -> bool:
        """Record what the physical spinner shows (refusals in place, nothing changes)."""
        self.hand_open = False
        return self.act(Spun(number, side, True))

    # -- the wheel ---------------------------------------------------------------------------
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
        last = self.view().last_spin
        if last is None:
            self.ids.wheel.number, self.ids.wheel.side = 0, ""
            self.spin_number = self.spin_side = ""
        else:
            self.ids.wheel.show(*last)
            self._show_spin_text(*last)
        self._own_spin()

    def _own_spin(self) -> None:
        """The big number always says whose it was; at a new mover's turn (a player's move, an NPC's
        spin) the old number is cleared, so "4 LEFT" never stands beside "Ben: spin to move"."""
        if "wheel" not in self.ids or self.session is None:
            return
        v = self.view()
        if self.spinning:  # the wheel turns: only say whose spin it is
            self.spin_owner = L.whose_spin(v.last_spin_by)
            return
        if v.awaiting in ("move", "npc_spin") and not self.continue_to:
            self.ids.wheel.finish()
            self.ids.wheel.number, self.ids.wheel.side = 0, ""
            self.spin_number = self.spin_side = ""
            who = v.spinner if v.awaiting == "move" else L.NPC_SHORT.get(L.NPC_ORDER[v.npc], "")
            self.spin_owner = L.to_spin(who)
        elif v.last_spin:
            self.spin_owner = L.whose_spin(v.last_spin_by)
        else:
            self.spin_owner = ""
