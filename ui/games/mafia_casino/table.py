"""The bank: whose turn and phase, every balance large in $ millions, buildings with their
constructions and blocks, Super Clients and the Market Value; the buttons the phase allows; the
token hand-over panel after a payment in token mode. Right after a Safe Robbery, the robber and
the victim each hold a button to see, alone, which cards moved (the table hears only how many)."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import BooleanProperty, ListProperty, StringProperty

from companion.engine import Seat
from companion.games.mafia_casino import actions as A
from companion.games.mafia_casino.engine import money
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from ui import theme as th
from ui.screens import load_kv
from ui.widgets.big_button import BigButton
from ui.widgets.hold_button import HoldButton

from ui.game_screen import GameScreen

from . import logic as L
from .widgets import CasinoHandover, CasinoHandText, CasinoPlayerPanel, player_lines

load_kv(__file__)

PEARL = "[font=DejaVuSans][color=F7F3EC]●[/color][/font]"
DIAMOND = "[font=DejaVuSans][color=4F8FF0]◆[/color][/font]"


class CasinoTableScreen(GameScreen):
    game = L.GAME
    market_text = StringProperty("")
    super_text = StringProperty("")
    message = StringProperty("")
    showing_tokens = BooleanProperty(False)
    instruction = StringProperty("")
    phones_on = BooleanProperty(False)  # the "Phones" button (Join with phones) is offered
    notes = ListProperty([])  # the newest action's private lines (L.PrivateNote), one hold-to-see each
    note_showing = BooleanProperty(False)
    view_phase = StringProperty("")  # the Bank button waits until money can move (after the setup)
    note_title = StringProperty("")
    note_text = StringProperty("")
    upright = BooleanProperty(False)  # taller than wide (720x1280): the bars stacked, two rows of buttons

    def on_size(self, *_) -> None:
        upright = self.height > self.width
        if upright != self.upright:
            self.upright = upright
            if self.session is not None and hasattr(self, "last_events"):
                view = self.view()  # turned: the balances and the buttons laid out the other way
                self._fill_players(view)
                self._fill_controls(view)

    def enter(self, **_) -> None:
        watch = getattr(self.table.app_services, "watch_phones", None)
        if watch is not None:
            watch(self.session)  # phones show each seat's safe and cards (ui/phones/pages.py)

    def show(self, events) -> None:
        view = self.view()
        self.set_phase(L.status_line(view))
        self.last_events = self.session.last_events
        self._phones_changed()
        self.view_phase = view.phase
        if view.market:
            name, pearl, diamond = view.market
            self.market_text = (f"[color=A59E97]Market[/color]   {PEARL} [b]{money(pearl)}[/b]   "
                                f"{DIAMOND} [b]{money(diamond)}[/b]")
        else:
            self.market_text = "[color=A59E97]Market[/color]   not turned yet"
        short = {"casino": "Casino", "restaurant": "Rest.", "hotel": "Hotel"}
        supers = "  ·  ".join(f"{short[b]} [b]{h or '—'}[/b]" for b, h in view.super_clients)
        self.super_text = f"[color=E3A63B][font=DejaVuSans]★[/font][/color] {supers}"
        self._fill_tokens(view)  # first: while tokens move the balances shrink to a compact list
        self._fill_players(view)
        self.instruction = L.sentence(view.draw_prompt or view.instruction)
        self.message = L.news(self.last_events) or self.instruction
        last = self.session.last_action
        if isinstance(last, (A.EndTurn, A.DiscardHand)) and view.phase == "actions":
            moves = [e.text for e in self.last_events if e.kind in ("super_client_moves", "super_client")]
            self.message = " ".join(moves + [f"{view.active_name}'s turn, phase 1."])
        self._full_message = self.message
        if self.showing_tokens:  # beside the panel, two lines: the news's first sentence (the result
            self.message = L.first_sentence(self.message)  # screen showed all of it, the narrator said it)
        self._fill_controls(view)
        self._fill_notes(view)

    # -- private lines: hold to see, hidden on release (or after a few seconds) -------------------
    NOTE_SECONDS = 5

    def _fill_notes(self, view) -> None:
        notes = L.private_notes(view, lambda seat: self.session.view(Seat(seat)).note)
        self.notes = notes
        box = self.ids.notes
        box.clear_widgets()
        for note in notes:
            b = BigButton(text=note.button, shorten=False)
            b.font_size = th.CAPTION * th.THEME.scale  # after the kv rule, which sets its own
            b.bind(on_press=lambda _b, n=note: self.note_start(n), on_release=lambda _b: self.note_stop())
            box.add_widget(b)
        self.note_stop()

    def note_start(self, note) -> None:
        self.note_title, self.note_text = note.title, note.text
        self.note_showing = True
        self._note_timer = Clock.schedule_once(lambda *_: self.note_stop(), self.NOTE_SECONDS)

    def note_stop(self) -> None:
        timer = getattr(self, "_note_timer", None)
        if timer is not None:
            timer.cancel()
            self._note_timer = None
        self.note_showing = False
        self.note_title = self.note_text = ""

    def on_leave(self, *_):
        self.note_stop()
        super().on_leave()

    def _phones_changed(self, *_) -> None:
        phones = getattr(self.table.app_services, "phones", None)
        if phones is not None and not getattr(self, "_phones_bound", False):
            phones.bind(running=self._phones_changed)
            self._phones_bound = True
        self.phones_on = bool(phones is not None and phones.running)

    def _fill_players(self, view) -> None:
        grid = self.ids.players
        grid.clear_widgets()
        n = len(view.players)
        listing = self.showing_tokens  # a compact list beside the token hand-over panel
        compact = n > 3 or listing
        changes = L.balance_changes(self.last_events)
        if listing or self.upright:  # upright: one balance or two across, each whole
            grid.cols = 1 if n <= 3 else 2
        else:
            grid.cols = n if n <= 3 else (2 if n == 4 else 3)
        for p in view.players:
            tokens = ""
            if view.token_mode:
                tokens = L.token_line(tuple(c for _, c in p.tokens), p.paper)
            lines = [] if listing else player_lines(p, compact)
            change = changes.get(p.name, 0)
            panel = CasinoPlayerPanel(name=p.name, cards=f"hand {p.hand} · safe {p.safe_cards}", balance=p.balance_text, active=p.seat == view.active
                                      and view.phase != "over", compact=compact, lines=lines,
                                      tokens=tokens if not compact else "", seat=p.seat,
                                      change=L.change_text(change) if change else "", small=listing and n > 3)
            grid.add_widget(panel)

    def _fill_tokens(self, view) -> None:
        rows = L.payment_rows(self.last_events) if view.token_mode else []
        box = self.ids.token_rows
        box.clear_widgets()
        for row in rows:
            box.add_widget(self._line(row.title, bold=True, colour=th.MUTED))
            for h in row.handovers:
                box.add_widget(CasinoHandover(handover=h))
            if row.paper:
                box.add_widget(self._line(row.paper, colour=th.ERROR))
        self.showing_tokens = bool(rows)

    @staticmethod
    def _line(text: str, bold: bool = False, colour=None) -> Label:
        """A sentence of the token panel: wraps, never cut."""
        label = Label(text=text, bold=bold, font_name=th.FONT, font_size=th.CAPTION * th.THEME.scale,
                      color=colour or th.TEXT, size_hint_y=None, halign="left", valign="middle")
        label.bind(width=lambda w, width: setattr(w, "text_size", (width, None)),
                   texture_size=lambda w, size: setattr(w, "height", size[1] + 4))
        return label

    @staticmethod
    def _s() -> float:
        from ui.theme import THEME

        return THEME.scale

    def tokens_done(self) -> None:
        """Done (or NEXT): the panel closes and the balances take the whole table again."""
        self.showing_tokens = False
        self.message = getattr(self, "_full_message", self.message)
        if self.session is not None:
            self._fill_players(self.view())

    # -- the buttons of the phase -----------------------------------------------------------------
    #: upright, a row of more buttons than this is split in two rows (names and prices whole)
    UPRIGHT_ROW = 5

    def _fill_controls(self, view) -> None:
        phase = view.phase
        buttons: list[BigButton] = []
        items: list = []  # the row's widgets in order: the buttons, and a label in the clients phase

        def add(text, callback, variant="secondary", enabled=True, hint=1.0, cls=BigButton, ident=None):
            b = cls(text=text, variant=variant, size_hint_x=hint, disabled=not enabled)
            if cls is HoldButton:
                b.bind(on_confirm=lambda *_: callback())
                b.hold_seconds = 1.0
            else:
                b.bind(on_release=lambda *_: callback())
            b.ident = ident or text
            buttons.append(b)
            items.append(b)
            return b

        legal = self.session.allows
        if phase == "market":
            add("App picks", self.draw, "primary", hint=1.4, ident="draw")
            for i, (_name, pearl, diamond) in enumerate(view.market_cards, 1):  # the prices on each card
                b = add(f"{PEARL} {money(pearl)}\n{DIAMOND} {money(diamond)}",
                        lambda i=i: self.act(A.MarketValueDrawn(i, True)), enabled=legal(A.MarketValueDrawn(i, True)),
                        hint=0.9, ident=f"market_{i}")  # two short lines: upright, 1.1 cut "App picks"
                b.markup, b.shorten, b.font_size = True, False, th.CAPTION * th.THEME.scale
        elif phase == "first_player":
            add("App picks", self.draw, "primary", hint=1.5, ident="draw")
            for p in view.players:
                add(p.name, lambda s=p.seat: self.act(A.FirstPlayerChosen(s, True)), ident=f"first_{p.seat}")
        elif phase == "actions":
            add("Play a card", lambda: self.go("mafia_casino_action"), "primary", hint=1.6, ident="play")
            add("End phase 1", lambda: self.act(A.EndActions()), hint=1.4, ident="end_actions")
        elif phase == "manpower":
            add(f"Discard {view.manpower_due} manpower", lambda: self.go("mafia_casino_action"), "primary", hint=2,
                ident="manpower")
        elif phase == "robbery":
            add("App takes the cards", self.draw, "primary", hint=2, ident="draw")
        elif phase == "clients":
            label = Label(text="Client:", font_name=th.FONT, font_size=th.BODY * th.THEME.scale, color=th.MUTED,
                          size_hint_x=0.55)
            items.append(label)
            for b in ("casino", "restaurant", "hotel"):
                add(b.title(), lambda b=b: self.act(A.PlayClient(b)), enabled=legal(A.PlayClient(b)),
                    hint=1.25 if b == "restaurant" else 0.95, ident=f"client_{b}")
            add("End turn", lambda: self.act(A.EndTurn()), "primary", ident="end_turn")
        elif phase in L.PHASE_SCREEN:
            add("Go to the game", lambda: self.go(L.screen_for_phase(phase)), "primary", hint=2, ident="to_game")
        add("Undo", self.ask_undo, enabled=self.session.can_undo, hint=0.8, ident="undo")
        self.buttons = {b.ident: b for b in buttons}
        self._lay_controls(items)

    def _lay_controls(self, items: list) -> None:
        """The widgets in one row; upright with more than UPRIGHT_ROW, in two rows (the first
        the longer), so that a name or a price is never cut on the narrow screen."""
        box = self.ids.controls
        for line in box.children:
            line.clear_widgets()
        box.clear_widgets()
        rows = 2 if self.upright and len(items) > self.UPRIGHT_ROW else 1
        first = (len(items) + 1) // 2 if rows == 2 else len(items)
        for part in (items[:first], items[first:])[:rows]:
            line = BoxLayout(size_hint_y=None, height=th.TOUCH * 1.1 * th.THEME.scale,
                             spacing=th.GAP * 1.5 * th.THEME.scale)
            for widget in part:
                line.add_widget(widget)
            box.add_widget(line)

    # -- hardware --------------------------------------------------------------------------
    def on_next(self) -> bool:
        if self.showing_tokens:
            self.tokens_done()  # NEXT closes the hand-over panel
            return True
        for key in ("draw", "play", "end_turn", "manpower", "to_game"):
            if key in getattr(self, "buttons", {}):
                self.buttons[key].dispatch("on_release")
                return True
        return False

    def on_roll(self) -> bool:
        if self.view().draw_prompt:
            self.draw()
            return True
        return False

    def on_vote(self, seat: int) -> bool:
        if self.view().phase != "first_player":
            return False
        seat, self.error = L.picked_seat(seat, [p.name for p in self.view().players])
        if seat is not None:
            self.act(A.FirstPlayerChosen(seat, True))
        return True

    def on_tag(self, uid: str) -> bool:
        if self.view().phase != "first_player":
            return False
        seat, sentence, handled = L.picked_by_tag(self.table.store.tag(uid), [p.name for p in self.view().players])
        self.error = sentence
        if seat is not None:
            self.act(A.FirstPlayerChosen(seat, True))
        return handled


SCREEN = CasinoTableScreen
