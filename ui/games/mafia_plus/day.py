"""The Day: the dawn's announcement (who died, the stats unless swept), a large countdown for the
discussion (warnings spoken at 30 s and at 0), accusations tapped on the ring (who accuses, then
whom), the Loose Cannon's declared shot (hold to confirm), and calling the vote."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.games.mafia_plus import engine as E
from ui.game_screen import GameScreen
from ui.screens import load_kv
from ui.widgets.hold_button import HoldButton  # noqa: F401

from . import flow
from .common import MafiaPlusTable

load_kv(__file__)


def day_lines(log, day: int) -> list[str]:
    """What was announced since Day ``day`` began.

    >>> day_lines(("x", "Day 2 begins.", "Tonight we lost Bob.", "The stats are 3-2-0 (City-Mafia-Syndicate)."), 2)
    ['Day 2 begins.', 'Tonight we lost Bob.', 'The stats are 3-2-0 (City-Mafia-Syndicate).']
    """
    start = f"Day {day} begins."
    idx = max((i for i, t in enumerate(log) if t == start), default=0)
    return list(log[idx:])


#: seconds after a commit before the next accusation's chip is made (the table is talking, not tapping)
SPARE_AFTER = 0.5


def present_seats(view) -> list[int]:
    """Seats alive and in town (they may speak, act and be chosen)."""
    return [i for i, (name, a) in enumerate(zip(view.players, view.alive)) if a and name != view.away]


class MafiaPlusDayScreen(MafiaPlusTable, GameScreen):
    phase = StringProperty("Mafia+ · Day")
    stats_text = StringProperty("")
    countdown = StringProperty("")
    news = StringProperty("")
    prompt = StringProperty("")
    mode = StringProperty("")  # "" | accuse_by | accuse_target | cannon_by | cannon_target
    accused = ListProperty([])
    can_call = BooleanProperty(False)
    can_reveal = BooleanProperty(False)
    can_end = BooleanProperty(False)
    cannon_open = BooleanProperty(False)
    cannon_text = StringProperty("Hold to shoot")
    cannon_ready = BooleanProperty(False)
    remaining = NumericProperty(0)
    hold_seconds = NumericProperty(1.0)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._timer_day = None
        self._tick_event = None
        self._by = None
        self._target = None
        self._view = None
        self._legal: list = []
        self._chips: list = []  # the accusation chips made so far, shown in order (_fill_accused)

    def on_leave(self, *_):
        super().on_leave()
        if self._tick_event is not None:
            self._tick_event.cancel()
            self._tick_event = None
        self._tell_phones("")

    def on_countdown(self, _screen, text: str) -> None:
        self._tell_phones(text)

    def _tell_phones(self, text: str) -> None:
        """Phones show the Day's countdown as the table reads it (public; ui/phones)."""
        from ui.phones import desk_of

        desk = desk_of(self.app)
        if desk is not None:
            desk.set_timer(text)

    def show(self, events) -> None:
        table = self._view = self.view()
        if self.wrong_screen(table):
            return
        self.hold_seconds = self.setting(flow.HOLD_SETTING, 1.0)
        self.set_phase(f"Mafia+ · Day {table.day}")
        self.stats_text = table.stats or ("—" if table.stats_hidden else table.starting_stats)
        self.news = "\n".join(day_lines(table.log, table.day)[-2:])
        if self._timer_day != (table.night, table.day):
            self._timer_day = (table.night, table.day)
            self.mode, self._by, self._target, self.cannon_ready = "", None, None, False
            self.remaining = self.setting(flow.TIMER_SETTING, flow.DEFAULT_DISCUSSION)
        if self._tick_event is None:
            self._tick_event = Clock.schedule_interval(self._tick, 0.5)
        self.countdown = flow.clock_text(self.remaining)
        legal = self._legal = self.session.legal_actions()
        self.can_call = any(isinstance(a, E.CallVote) and a.mode == "eliminate" for a in legal)
        self.can_reveal = any(isinstance(a, E.CallVote) and a.mode == "reveal" for a in legal)
        self.can_end = any(isinstance(a, E.Continue) for a in legal)
        self.cannon_open = "loose_cannon" in table.open_powers
        self.accused = list(table.accused)
        self._fill_accused()
        ring = self.ids.ring
        ring.names = list(table.players)
        ring.alive = list(table.alive)
        ring.badges = {}
        # outlined: the name stays whole (the chips below name them too)
        ring.marked = [table.players.index(n) for n in table.accused]
        if table.away is not None:
            ring.badges = {**ring.badges, table.players.index(table.away): "away"}
        self._update_ring()

    def _update_ring(self) -> None:
        view = self._view
        ring = self.ids.ring
        accusations = [a for a in self._legal if isinstance(a, E.Accuse)]
        present = present_seats(view)
        if self.mode == "accuse_by":
            ring.enabled = sorted({a.by for a in accusations})
            self.prompt = "Who accuses? Tap them."
        elif self.mode == "accuse_target":
            # every living name but the accuser's own: greying the Blackmailer would show the table
            # who blackmailed whom; a forbidden choice gets the engine's refusal, naming nobody
            ring.enabled = [i for i in present if i != self._by]
            self.prompt = f"{view.players[self._by]} accuses whom? Tap them."
        elif self.mode == "cannon_by":
            ring.enabled = present
            self.prompt = "Loose Cannon: stand up and tap your own name."
        elif self.mode == "cannon_target":
            ring.enabled = present
            self.prompt = f"{view.players[self._by]}, tap the person you shoot."
        else:
            ring.enabled = None  # looks normal; taps are ignored outside a choice
            self.prompt = ""
        ring.selected = [s for s in (self._by, self._target) if s is not None and self.mode]

    def _fill_accused(self) -> None:
        """One chip per accused, in order; the chips made before are refilled (making a button
        applies its kv rules: most of an accusation's tap), extra ones taken off the row."""
        box = self.ids.accused_box
        width = max(160, self.ids.accuse.width)
        while len(self._chips) < len(self.accused):
            self._spare_chip()
        for i, chip in enumerate(self._chips):
            shown = chip in box.children  # (box is the ids proxy: never "is" the parent)
            if i < len(self.accused):
                name = self.accused[i]
                if chip.state == "down" and getattr(chip, "accused", name) != name:
                    chip.state = "normal"  # the chip just dropped, now another name's: not shown pressed
                chip.accused, chip.text, chip.width = name, f"{name} ×", width
                if not shown:
                    box.add_widget(chip, index=0)  # after the chips before it
            elif shown:
                box.remove_widget(chip)
        if len(self._chips) == len(self.accused):  # the next accusation's chip, made while the table talks
            Clock.schedule_once(lambda _dt: self._spare_chip(), SPARE_AFTER)

    def _spare_chip(self) -> None:
        """One more chip, not shown yet (making a button applies its kv rules: a tap's worth)."""
        from ui.widgets.big_button import BigButton

        if len(self._chips) > len(self.accused):
            return
        chip = BigButton(size_hint_x=None)
        chip.bind(on_release=lambda w: self.drop(w.accused))
        self._chips.append(chip)

    def _tick(self, dt) -> None:
        if self.paused or self._view is None or self._view.phase != "day":
            return
        before = self.remaining
        self.remaining = max(0.0, self.remaining - dt)
        self.countdown = flow.clock_text(self.remaining)
        warning = flow.timer_warning(before, self.remaining)
        if warning:
            self.say(warning, chime=True)

    # -- taps -------------------------------------------------------------------------------
    def start_accuse(self) -> None:
        self.error = ""
        self.mode = "" if self.mode.startswith("accuse") else "accuse_by"
        self._by = self._target = None
        self._update_ring()

    def start_cannon(self) -> None:
        self.error = ""
        self.mode = "" if self.mode.startswith("cannon") else "cannon_by"
        self._by = self._target = None
        self.cannon_ready = False
        self._update_ring()

    def tap_seat(self, seat: int) -> None:
        players = self._view.players
        if not self.mode:
            return
        if self.mode == "accuse_by":
            self._by, self.mode = seat, "accuse_target"
        elif self.mode == "accuse_target":
            by, self.mode, self._by = self._by, "", None
            if not self.act(E.Accuse(by, seat)):  # refused: the sentence shows, the ring is redrawn
                self._update_ring()
            return
        elif self.mode == "cannon_by":
            self._by, self.mode = seat, "cannon_target"
        elif self.mode == "cannon_target":
            self._target = seat
            self.cannon_text = f"Hold: {players[self._by]} shoots {players[seat]}"
            self.cannon_ready = True
        self._update_ring()

    def shoot(self) -> None:
        if self._by is None or self._target is None:
            return
        by, target = self._by, self._target
        self.mode, self._by, self._target, self.cannon_ready = "", None, None, False
        if not self.act(E.CannonShot(by, target)):
            self._update_ring()

    def drop(self, name: str) -> None:
        self.act(E.DropAccusation(self._view.players.index(name)))

    def call_vote(self, mode: str = "eliminate") -> None:
        self.mode = ""
        self.act(E.CallVote(mode))

    def end_day(self) -> None:
        self.act(E.Continue())

    def on_vote(self, seat: int) -> bool:
        if self.mode:
            self.tap_seat(seat)
            return True
        return False


SCREEN = MafiaPlusDayScreen
