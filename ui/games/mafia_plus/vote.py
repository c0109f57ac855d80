"""The vote and its verdict. Open vote: each voter in seat order taps their choice on the ring,
with a live tally. Secret vote: "Pass to <name>", hold to open a private ballot, tap, back to the
neutral screen. Verdict: the tally, the Chairman's and the Chairman's Daughter's declarations,
and carrying the sentence out (hold). A tie goes back to the debate (the engine decides)."""

from __future__ import annotations

from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from companion.games.mafia_plus import engine as E
from ui.game_screen import GameScreen
from ui.screens import load_kv
from ui.widgets.hold_button import HoldButton  # noqa: F401

from . import flow
from .common import MafiaPlusTable
from .day import present_seats

load_kv(__file__)


class MafiaPlusVoteScreen(MafiaPlusTable, GameScreen):
    phase = StringProperty("Mafia+ · Vote")
    stage = StringProperty("voting")
    secret = BooleanProperty(False)
    ballot_open = BooleanProperty(False)
    voter = StringProperty("")
    title = StringProperty("")
    tally_text = StringProperty("")
    mode = StringProperty("")  # "" | chair_by | chair_decide | daughter_by
    prompt = StringProperty("")
    chairman_open = BooleanProperty(False)
    daughter_open = BooleanProperty(False)
    cannon_open = BooleanProperty(False)
    cannon_ready = BooleanProperty(False)
    cannon_text = StringProperty("Hold to shoot")
    outcome = StringProperty("")  # the verdict: "majority" | "tie" | "none"
    hold_seconds = NumericProperty(1.0)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._by = self._target = None
        self._voter = None
        self._view = None
        self._options: dict = {}  # the option buttons made so far, by their text (_fill_options)

    def enter(self, **_):
        self.mode, self._by, self._target, self.cannon_ready = "", None, None, False

    def show(self, events) -> None:
        table = self._view = self.view()
        if self.wrong_screen(table):
            return
        self._draw(table)

    def _draw(self, table) -> None:
        """Draw from the table view (a commit's, or the same one again after a local choice)."""
        players = table.players
        self.hold_seconds = self.setting(flow.HOLD_SETTING, 1.0)
        self.stage = table.step
        self.secret = table.vote_secret
        self.set_phase(f"Mafia+ · Day {table.day} · vote")
        ring = self.ids.ring
        ring.names = list(players)
        ring.alive = list(table.alive)
        ring.selected = []
        accused = [players.index(n) for n in table.accused]
        counts = {a: 0 for a in accused}
        for _, t in table.votes:  # an open vote's votes (a secret one has none in the view)
            if t is not None:
                counts[players.index(t)] += 1
        if table.step == "verdict":
            counts = {players.index(n): c for n, c in table.tally}
        # a secret vote shows no running count (a "0" would read as nobody voting): the accused
        # are outlined; the totals show at the verdict
        secret_running = table.vote_secret and table.step == "voting"
        ring.badges = {} if secret_running else {a: str(c) for a, c in counts.items()}
        ring.marked = accused
        present = present_seats(table)
        if table.step == "voting":
            self._voter = players.index(table.next_voter) if table.next_voter is not None else None
            self.voter = table.next_voter or ""
            if table.vote_secret:
                self.title = f"Pass to {self.voter}"
                self.prompt = f"Voted: {len(table.voted)} of {len(table.voters)}"
                ring.enabled = [] if not self.ballot_open else accused
            else:
                self.title = f"{self.voter} votes"
                self.prompt = "Tap the accused they vote for, or Abstain."
                # every accused, whoever votes: a greyed Blackmailer would be a tell
                ring.enabled = accused
            self.tally_text = ""
        else:
            self.outcome = table.verdict_kind or ""
            verdict = table.verdict or ""
            self.title = verdict[:1].upper() + verdict[1:]  # "Tie between Ben and Dario"
            self.tally_text = ", ".join(f"{n} {c}" for n, c in table.tally)
            self.chairman_open = "chairman" in table.open_powers
            self.daughter_open = "chairmans_daughter" in table.open_powers
            if self.mode == "chair_by" or self.mode == "daughter_by":
                ring.enabled = present
                self.prompt = ("Chairman" if self.mode == "chair_by" else "Chairman's Daughter") + \
                    ": stand up and tap your own name."
            elif self.mode == "chair_decide":
                ring.enabled = []
                self.prompt = f"{players[self._by]}, as Chairman: re-vote or end the Day?"
            else:
                ring.enabled = []
                self.prompt = {"tie": "A tie: debate again, or declare a power now.",
                               "none": "Nobody received a vote: end the Day, or declare a power now."}.get(
                    self.outcome, "Carry out the sentence, or declare a power now.")
        # the Loose Cannon may shoot during the vote and until the sentence is carried out
        # (docs/rules/mafia-plus.md); the button shows whether or not the Cannon is alive
        self.cannon_open = "loose_cannon" in table.open_powers
        if self.mode.startswith("cannon"):
            ring.enabled = present
            ring.selected = [s for s in (self._by, self._target) if s is not None]
            self.prompt = ("Loose Cannon: stand up and tap your own name." if self.mode == "cannon_by"
                           else f"{players[self._by]}, tap the person you shoot.")
        self._fill_options()

    def _fill_options(self) -> None:
        """The buttons under the ring; each made once and kept (a vote cast made Abstain again,
        its kv rules applied), the row changed only when the buttons shown change."""
        from ui.widgets.big_button import BigButton

        box = self.ids.options
        view = self._view
        items = []
        if self.mode.startswith("cannon"):
            pass
        elif view.step == "voting" and (not view.vote_secret or self.ballot_open):
            items.append(("Abstain", lambda *_: self.cast(None)))
        if view.step == "verdict" and self.mode == "chair_decide":
            items.append(("Re-vote", lambda *_: self.annul("revote_eliminate")))
            items.append(("Reveal vote", lambda *_: self.annul("revote_reveal")))  # his card allows it
            items.append(("End the Day", lambda *_: self.annul("end_day")))
        for text, fn in items:
            if text not in self._options:
                self._options[text] = b = BigButton(text=text)
                b.bind(on_release=fn)
        wanted = [self._options[text] for text, _ in items]
        if list(reversed(box.children)) != wanted:
            box.clear_widgets()
            for b in wanted:
                box.add_widget(b)

    # -- voting -----------------------------------------------------------------------------
    def redraw(self) -> None:
        """A local choice (who declares, the ballot opened): the same view drawn again."""
        self._draw(self._view)

    def tap_seat(self, seat: int) -> None:
        players = self._view.players
        if self.mode == "cannon_by":
            self._by, self.mode = seat, "cannon_target"
            self.redraw()
        elif self.mode == "cannon_target":
            self._target = seat
            self.cannon_text = f"Hold: {players[self._by]} shoots {players[seat]}"
            self.cannon_ready = True
            self.redraw()
        elif self._view.step == "voting":
            self.cast(seat)
        elif self.mode == "chair_by":
            self._by, self.mode = seat, "chair_decide"
            self.redraw()
        elif self.mode == "daughter_by":
            self.mode = ""
            if not self.act(E.DaughterDeclares(seat)):
                self.redraw()

    def cast(self, target) -> None:
        if self._voter is None:
            return
        self.ballot_open = False
        if not self.act(E.CastVote(self._voter, target)):
            self.redraw()  # refused: the sentence shows, the ballot is closed again

    def open_ballot(self) -> None:
        self.ballot_open = True
        self.redraw()

    # -- the Loose Cannon, during the vote and the verdict ----------------------------------
    def start_cannon(self) -> None:
        self.error = ""
        self.mode = "" if self.mode.startswith("cannon") else "cannon_by"
        self._by = self._target = None
        self.cannon_ready = False
        self.redraw()

    def shoot(self) -> None:
        """Hold to confirm; the engine refuses a false claim with its sentence, shown here."""
        if self._by is None or self._target is None:
            return
        by, target = self._by, self._target
        self.mode, self._by, self._target, self.cannon_ready = "", None, None, False
        if not self.act(E.CannonShot(by, target)):
            self.redraw()

    # -- verdict ----------------------------------------------------------------------------
    def start_chairman(self) -> None:
        self.error = ""
        self.mode = "" if self.mode.startswith("chair") else "chair_by"
        self.redraw()

    def start_daughter(self) -> None:
        self.error = ""
        self.mode = "" if self.mode == "daughter_by" else "daughter_by"
        self.redraw()

    def annul(self, decision: str) -> None:
        by, self.mode = self._by, ""
        if not self.act(E.ChairmanAnnuls(by, decision)):
            self.redraw()

    def carry_out(self) -> None:
        self.mode = ""
        self.act(E.CarryOut())

    def on_vote(self, seat: int) -> bool:
        if self._view.step == "voting" and (not self.secret or self.ballot_open):
            self.cast(seat)
            return True
        if self.mode in ("chair_by", "daughter_by", "cannon_by", "cannon_target"):
            self.tap_seat(seat)
            return True
        return False


SCREEN = MafiaPlusVoteScreen
