"""The round at a glance and the quick action entry.

The row of Mafiosi (family colour, Copper and Vicelard pawns, everyone's influence) fills the
top; below it one sentence (the prompt, or a refusal at the place of the tap); the controls sit
at the bottom edge: the five actions enabled from the engine's ``TurnOptions``, then the
Mafioso by a tap on its card, then the cards and tokens played, then Play.
"""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.label import Label
from kivy.utils import escape_markup

import companion.session  # noqa: F401  (the round's first prepare opens a session: imported with this
# module, built while Home sits idle, not inside the first tap on Contract's card)
from companion.errors import CompanionError
from ui import theme as th
from ui.controller import Route
from ui.game_screen import GameScreen
from ui.screens import load_kv
from ui.widgets.big_button import BigButton

from . import logic
from .flow import GAME, table_view
from .widgets import ContractMafiosoCard

load_kv(__file__)


class ContractRoundScreen(GameScreen):
    game = GAME
    message = StringProperty("")
    info = StringProperty("")
    passes_text = StringProperty("")
    draft = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.buttons: dict[str, BigButton] = {}  # the bars' buttons shown now, by key
        self._made: dict[str, BigButton | Label] = {}  # every bar widget made so far, by key (reused)
        self.cards: list[ContractMafiosoCard] = []
        self.holders = ""
        self._counted = False  # the commit being shown began a count
        # drawn as it is built (while Home sits idle): the state a first tap on the card shows when
        # no game runs, its New game button made then, not inside that tap
        self.show([])

    # -- entering -------------------------------------------------------------------------
    def prepare(self, game: str | None = None, game_id: int | None = None, **params):
        """The Contract card: the game running; a finished one or none sets up a new game."""
        if game_id is None:
            current = self.table.sessions.get(GAME)
            if current is not None and current.outcome() is not None:
                self.table.close(GAME)
        try:
            super().prepare(game, game_id, **params)
        except CompanionError:
            if game_id is not None:
                raise
            self.session = None
            self.draft = None
            self.show([])
            Clock.schedule_once(lambda *_: self.table.go(Route("contract_new", {"game": GAME})), 0)

    def enter(self, **_) -> None:
        self.draft = None
        self._counted = False
        if self.route_target() != self.name:  # a count to finish, a final score: go there
            Clock.schedule_once(lambda *_: self.follow_route(), 0)

    def on_commit(self, session, events) -> None:
        # a count that ran through in one step (no card to turn, no choice) is still shown
        self._counted = any(e.kind == "count" for e in events)
        super().on_commit(session, events)

    def route_target(self) -> str | None:
        """The count when one began (the round may have moved on already), the last count before
        the final score."""
        target = super().route_target()
        return "contract_count" if target == "contract_score" or self._counted else target

    # -- taps -----------------------------------------------------------------------------
    def choose(self, action: str) -> None:
        """One of the five action buttons."""
        self.error = ""
        self.confirming_undo = False
        options = table_view(self.session).turn
        if action == "pass":
            self.draft = None
            self.act(self._pass(options.seat))
            return
        if self.draft is not None and self.draft.action == action:
            self.draft = None  # the chosen action again: cancel
        else:
            self.draft = logic.Draft(action)
            aims = logic.targets(options, action)
            if len(aims) == 1:
                self.draft = self.draft.aim(aims[0], options)
        self.show([])

    def tap_card(self, position: int) -> None:
        self.error = ""
        view = table_view(self.session)
        options = view.turn
        if self.draft is None:
            if options is not None:
                self.error = "Choose an action first (Influence, Reinforce, Copper, Vicelard or Pass)."
            return
        if self.draft.chasing:
            if position in logic.chase_targets(len(view.slots), self.draft.position):
                self.draft = self.draft.chase(position)
            else:
                self.error = "Copper must leave Vicelard's Mafioso: tap another one."
        elif position in logic.targets(options, self.draft.action):
            self.draft = self.draft.aim(position, options)
        else:
            self.error = self._why_not(options.seat, position)
        self.show([])

    def add_card(self, kind: str) -> None:
        self.error = ""
        self.draft = self.draft.add(kind)
        self.show([])

    def drop_card(self) -> None:
        self.error = ""
        self.draft = self.draft.drop_last()
        self.show([])

    def tokens(self, delta: int) -> None:
        self.error = ""
        options = table_view(self.session).turn
        self.draft = self.draft.with_tokens(self.draft.tokens + delta, options.tokens_left)
        self.show([])

    def play(self) -> None:
        """Record the composed influence; the host shows the commit (a refusal keeps the draft)."""
        draft = self.draft
        self.draft = None
        if not self.act(draft.play(table_view(self.session).turn.seat)):
            self.draft = draft
            self.show([])

    def pay(self, payment: tuple[str, ...]) -> None:
        draft = self.draft
        self.draft = None
        if not self.act(draft.pay(table_view(self.session).turn.seat, payment)):
            self.draft = draft
            self.show([])

    def cancel(self) -> None:
        self.error = ""
        self.draft = None
        self.show([])

    def enter_card(self) -> None:
        self.go("contract_reveal")

    def draw_card(self) -> None:
        dealing = table_view(self.session).phase == "trafficking"
        if self.draw() and dealing:  # show where the tiles go, large, before the layout
            self.go("contract_bonuses")

    def after_undo(self) -> None:
        self.draft = None

    def _why_not(self, seat: int, position: int) -> str:
        """The rule's own sentence for aiming the chosen action at this Mafioso (asked, not tried)."""
        from companion.errors import IllegalAction

        try:
            self.session.check(logic.probe(self.draft.action, seat, position))
        except IllegalAction as err:
            return str(err)
        return "That Mafioso cannot be chosen for this action."

    @staticmethod
    def _pass(seat):
        from companion.games.contract.engine import Pass

        return Pass(seat)

    # -- hardware -------------------------------------------------------------------------
    def on_next(self) -> bool:
        """NEXT = Play the composed influence (no player is chosen here and nothing is rolled)."""
        if self.draft is not None and self.draft.composing:
            self.play()
            return True
        return False

    def on_back(self) -> bool:
        """BACK cancels the entry being composed (else the app goes back)."""
        if self.draft is not None:
            self.cancel()
            return True
        return False

    # -- showing --------------------------------------------------------------------------
    def show(self, events) -> None:
        if "row" not in self.ids:
            return
        if self.session is None:
            self.message = "No Contract game is running yet."
            self._fill_row(None)
            self._bars_none()
            return
        view = table_view(self.session)
        self._drawn_upright = self.upright
        names = [p.name for p in view.players]
        acting = view.acting
        who = names[acting] if acting is not None else ""
        self.set_phase(f"Round {max(view.round, 1)}/{view.rounds}" + (f" · {who}" if who else ""))
        self._fill_row(view)
        if view.turn is not None:
            t = view.turn
            self.info = (f"{names[t.seat]}: {t.hand} card{'s' if t.hand != 1 else ''} in hand, "
                         f"{t.tokens_left} token{'s' if t.tokens_left != 1 else ''}.")
        else:
            self.info = f"Round {view.round} of {view.rounds}"
        self.holders = logic.special_card_holders(view)
        if view.phase == "play":
            self._bars_play(view)
        else:
            self._bars_setup(view)

    def _fill_row(self, view) -> None:
        row = self.ids.row
        if view is None or len(getattr(self, "cards", [])) != len(view.slots):
            row.clear_widgets()  # the cards are made once per row length; a tap refills them
            self.cards = []
        if view is None:
            return
        draft = self.draft
        # while cards and tokens (or a payment) are chosen for one Mafioso, the row is not a
        # control: a tap on another card must not re-aim the entry by mistake (issue 26)
        locked = draft is not None and (draft.composing or draft.paying)
        aims: tuple[int, ...] = ()
        if draft is not None and draft.chasing:
            aims = logic.chase_targets(len(view.slots), draft.position)
        elif draft is not None and draft.position is None:
            aims = logic.targets(view.turn, draft.action)
        def card_is_chosen(slot) -> bool:
            return draft is not None and draft.position == slot.position

        fresh = not self.cards
        for i, slot in enumerate(view.slots):
            fill, ink = logic.family_colours(slot.colour, slot.card is None)
            looks = dict(
                fill=th.rgb(fill), ink=th.rgb(ink), label=slot.label if slot.card else "Face down",
                place=str(slot.position + 1), copper=slot.copper, vicelard=slot.vicelard,
                lines=[f"{escape_markup(logic.short_name(i.name))} [b]{i.points}[/b]" for i in slot.influence],
                line_size=th.THEME.s(30 if len(view.players) <= 3 else 24),
                selected=draft is not None and draft.position == slot.position,
                target=slot.position in aims,
                faded=(bool(aims) and slot.position not in aims) or (locked and not card_is_chosen(slot)),
                disabled=locked)
            if fresh:
                card = ContractMafiosoCard(**looks)
                card.position = slot.position
                card.bind(on_release=lambda c: self.tap_card(c.position))
                row.add_widget(card)
                self.cards.append(card)
            else:  # the same card, its looks changed in place (no kv rules applied again)
                card = self.cards[i]
                card.position = slot.position
                for key, value in looks.items():
                    if getattr(card, key) != value:
                        setattr(card, key, value)

    def _button(self, key: str, text: str, on_release, variant: str = "secondary", disabled: bool = False,
                size_hint_x: float = 1, font: float | None = None) -> BigButton:
        """The bar's button ``key``: the one made before under that key (shown in any earlier
        bar), refilled, or a new one (a tap re-lays the bars out; making their buttons again
        applied their kv rules each time: a Play made the five actions and the four others anew)."""
        button = self._made.get(key)
        if button is None:
            button = self._made[key] = BigButton(text=text, variant=variant, disabled=disabled,
                                                 size_hint_x=size_hint_x)
            button.bind(on_release=lambda b: b.tap_action())
            button.default_font = button.font_size
        else:
            button.text, button.variant, button.disabled, button.size_hint_x = text, variant, disabled, size_hint_x
        button.font_size = th.THEME.s(font) if font is not None else button.default_font
        button.shorten = "\n" not in text
        button.tap_action = on_release
        self.buttons[key] = button
        return button

    def _label(self, key: str, text: str, size_hint_x: float = 1, colour=th.MUTED, bold: bool = False) -> Label:
        """The bar's sentence ``key`` (the tokens, the passes, the hand), reused like the buttons."""
        label = self._made.get(key)
        if label is None:
            label = self._made[key] = Label(font_name=th.FONT, font_size=th.THEME.s(th.CAPTION), halign="center",
                                            valign="middle")
            label.bind(size=lambda w, s: setattr(w, "text_size", s))
        label.text, label.color, label.bold, label.size_hint_x = text, colour, bold, size_hint_x
        label.shorten = "\n" not in text
        return label

    def _bars(self):
        top, bottom = self.ids.top_bar, self.ids.bottom_bar
        top.clear_widgets()
        bottom.clear_widgets()
        self.buttons = {}
        return top, bottom

    @property
    def upright(self) -> bool:
        return self.height > self.width

    def on_size(self, *_):
        if self.upright != getattr(self, "_drawn_upright", self.upright) and self.session is not None:
            self.show([])  # turned: the row and the bars are laid out for the other way

    def _nav(self, bottom, view) -> None:
        # upright the bar is narrow: the longer names on two lines, whole (issue #23)
        areas, last = ("Play\nareas", "Last\ncount") if self.upright else ("Play areas", "Last count")
        bottom.add_widget(self._button("areas", areas, lambda: self.go("contract_areas")))
        bottom.add_widget(self._button("bonuses", "Bonuses", lambda: self.go("contract_bonuses")))
        bottom.add_widget(self._button("last_count", last, lambda: self.go("contract_count"),
                                       disabled=view.last_count is None))
        bottom.add_widget(self._button("undo", "Undo", self.ask_undo, disabled=not self.can_undo,
                                       size_hint_x=0.8))

    def _bars_none(self) -> None:
        top, bottom = self._bars()
        top.add_widget(self._button("new", "New game", lambda: self.go("contract_new"), variant="primary"))

    def _bars_setup(self, view) -> None:
        top, bottom = self._bars()
        self.message = view.prompt + (f" {self.holders}" if self.holders else "")
        if view.phase == "trafficking":
            self.message = (view.prompt + " The app deals them at random: place the tiles as it says.")
            top.add_widget(self._button("deal", "Deal the trafficking tiles", self.draw_card, variant="primary"))
        elif view.turn_up is not None:
            top.add_widget(self._button("enter", "Enter the card", self.enter_card, variant="primary",
                                        size_hint_x=1.3))
            top.add_widget(self._button("draw", "No deck: the app draws", self.draw_card))
        self._nav(bottom, view)

    def _bars_play(self, view) -> None:
        top, bottom = self._bars()
        options = view.turn
        draft = self.draft
        names = [p.name for p in view.players]
        if draft is not None and draft.composing:
            where = view.slots[draft.position].where
            self.message = f"{names[options.seat]} on {where}: {logic.draft_summary(draft, self.session.engine)}"
            for kind in logic.playable(options, draft.position):
                chosen = draft.cards.count(kind)
                top.add_widget(self._button(f"kind:{kind}", logic.kind_button(kind, self.session.engine, chosen),
                                            lambda k=kind: self.add_card(k),
                                            variant="selected" if chosen else "secondary", font=th.CAPTION))
            bottom.add_widget(self._button("tokens_down", "−", lambda: self.tokens(-1), size_hint_x=0.55,
                                           disabled=draft.tokens <= 0))
            bottom.add_widget(self._label("tokens", f"{draft.tokens} token{'s' if draft.tokens != 1 else ''}",
                                          size_hint_x=0.9, colour=th.TEXT, bold=True))
            bottom.add_widget(self._button("tokens_up", "+", lambda: self.tokens(1), size_hint_x=0.55,
                                           disabled=draft.tokens >= options.tokens_left))
            bottom.add_widget(self._button("drop", "Drop card", self.drop_card, disabled=not draft.cards,
                                           size_hint_x=1.2))
            bottom.add_widget(self._button("cancel", "Cancel", self.cancel, size_hint_x=0.9))
            bottom.add_widget(self._button("play", "Play", self.play, variant="primary", size_hint_x=1.1))
            return
        if draft is not None and draft.paying:
            where = view.slots[draft.position].where
            chase = f", Copper to {view.slots[draft.copper_to].where}" if draft.copper_to is not None else ""
            pawn = "Copper" if draft.action == "copper" else "Vicelard"
            self.message = f"{names[options.seat]} moves {pawn} to {where}{chase}. How does {names[options.seat]} pay?"
            for i, (text, payment) in enumerate(logic.payments(draft.action)):
                top.add_widget(self._button(f"pay{i}", text, lambda p=payment: self.pay(p),
                                            variant="primary" if i == 0 else "secondary"))
            bottom.add_widget(self._label("hand", self.info, size_hint_x=2, colour=th.TEXT))
            bottom.add_widget(self._button("cancel", "Cancel", self.cancel))
            return
        enabled = logic.enabled_actions(options)
        for action in logic.ACTIONS:
            chosen = draft is not None and draft.action == action
            top.add_widget(self._button(f"action:{action}", logic.ACTION_LABEL[action],
                                        lambda a=action: self.choose(a), disabled=not enabled[action],
                                        variant="selected" if chosen else ("primary" if action == "influence"
                                                                           and options.must_influence else
                                                                           "secondary")))
        if draft is None:
            self.message = f"{view.prompt} {self.info}" + (f" {self.holders}" if self.holders else "")
            self.passes_text = logic.passes_text(view.passes_in_a_row, len(view.players))
            bottom.add_widget(self._label("passes", self.passes_text, size_hint_x=1.0, colour=th.TEXT if
                                          view.passes_in_a_row else th.MUTED, bold=True))
        elif draft.chasing:
            self.message = "Vicelard chases Copper: tap the Mafioso where Copper goes."
        else:
            self.message = logic.ACTION_PROMPT[draft.action]
        self._nav(bottom, view)


SCREEN = ContractRoundScreen
