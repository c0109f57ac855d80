"""The vote and its verdict. Open vote: each voter in seat order taps their choice on the ring,
with a live tally. Secret vote: "Pass to <name>", hold to open a private ballot, tap, back to the
neutral screen. Verdict: the tally, the Chairman's and the Chairman's Daughter's declarations,
and carrying the sentence out (hold). A tie goes back to the debate (the engine decides)."""

from __future__ import annotations

from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from companion.engine import TABLE
from companion.games.mafia_plus import engine as E
from ui.controller import Route
from ui.screens import load_kv
from ui.widgets.hold_button import HoldButton  # noqa: F401

from . import flow
from .common import GAME, MafiaPlusScreen, play_until, sample_session

load_kv(__file__)


class MafiaPlusVoteScreen(MafiaPlusScreen):
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

    def prepare(self, *args, **kwargs):
        self.mode, self._by, self._target, self.cannon_ready = "", None, None, False
        super().prepare(*args, **kwargs)

    def refresh(self) -> None:
        if self.follow():
            return
        st = self.state
        table = self.session.view(TABLE)
        self.hold_seconds = self.setting(flow.HOLD_SETTING, 1.0)
        self.stage = st.stage
        self.secret = st.vote_secret
        self.app.set_phase(f"Mafia+ · Day {st.day} · vote")
        legal = self.engine.legal_actions_by_seat(st)
        ring = self.ids.ring
        ring.names = list(st.players)
        ring.alive = list(st.alive)
        ring.selected = []
        accused = list(st.vote.accused) if st.vote else []
        counts = {a: 0 for a in accused}
        for v, t in (st.vote.votes if st.vote and not st.vote_secret else ()):
            if t is not None:
                counts[t] += 1
        if st.stage == "verdict":
            counts = dict(self.engine._tally(st))
        # a secret vote shows no running count (a "0" would read as nobody voting): the accused
        # are outlined; the totals show at the verdict
        secret_running = st.vote_secret and st.stage == "voting"
        ring.badges = {} if secret_running else {a: str(c) for a, c in counts.items()}
        ring.marked = accused
        if st.stage == "voting":
            pending = [s for s in legal if s is not None]
            self._voter = pending[0] if pending else None
            self.voter = st.players[self._voter] if self._voter is not None else ""
            if st.vote_secret:
                self.title = f"Pass to {self.voter}"
                self.prompt = f"Voted: {len(table.voted)} of {len(st.vote.voters)}"
                ring.enabled = [] if not self.ballot_open else accused
            else:
                self.title = f"{self.voter} votes"
                self.prompt = "Tap the accused they vote for, or Abstain."
                # every accused, whoever votes: a greyed Blackmailer would be a tell
                ring.enabled = accused
            self.tally_text = ""
        else:
            self.outcome = self.engine._result(st)[0]
            verdict = table.verdict or ""
            self.title = verdict[:1].upper() + verdict[1:]  # "Tie between Ben and Dario"
            self.tally_text = ", ".join(f"{n} {c}" for n, c in table.tally)
            self.chairman_open = "chairman" in st.cast and "chairman" not in st.used
            self.daughter_open = "chairmans_daughter" in st.cast and "chairmans_daughter" not in st.used
            if self.mode == "chair_by" or self.mode == "daughter_by":
                ring.enabled = [i for i in range(len(st.players)) if st.alive[i] and i != st.away]
                self.prompt = ("Chairman" if self.mode == "chair_by" else "Chairman's Daughter") + \
                    ": stand up and tap your own name."
            elif self.mode == "chair_decide":
                ring.enabled = []
                self.prompt = f"{st.players[self._by]}, as Chairman: re-vote or end the Day?"
            else:
                ring.enabled = []
                self.prompt = {"tie": "A tie: debate again, or declare a power now.",
                               "none": "Nobody received a vote: end the Day, or declare a power now."}.get(
                    self.outcome, "Carry out the sentence, or declare a power now.")
        # the Loose Cannon may shoot during the vote and until the sentence is carried out
        # (docs/rules/mafia-plus.md); the button shows whether or not the Cannon is alive
        self.cannon_open = "loose_cannon" in st.cast and "loose_cannon" not in st.used
        if self.mode.startswith("cannon"):
            ring.enabled = [i for i in range(len(st.players)) if st.alive[i] and i != st.away]
            ring.selected = [s for s in (self._by, self._target) if s is not None]
            self.prompt = ("Loose Cannon: stand up and tap your own name." if self.mode == "cannon_by"
                           else f"{st.players[self._by]}, tap the person you shoot.")
        self._fill_options()

    def _fill_options(self) -> None:
        from ui.widgets.big_button import BigButton

        box = self.ids.options
        box.clear_widgets()
        st = self.state
        items = []
        if self.mode.startswith("cannon"):
            pass
        elif st.stage == "voting" and (not st.vote_secret or self.ballot_open):
            items.append(("Abstain", lambda *_: self.cast(None)))
        if st.stage == "verdict" and self.mode == "chair_decide":
            items.append(("Re-vote", lambda *_: self.annul("revote_eliminate")))
            items.append(("Reveal vote", lambda *_: self.annul("revote_reveal")))  # his card allows it
            items.append(("End the Day", lambda *_: self.annul("end_day")))
        for text, fn in items:
            b = BigButton(text=text)
            b.bind(on_release=fn)
            box.add_widget(b)

    # -- voting -----------------------------------------------------------------------------
    def tap_seat(self, seat: int) -> None:
        st = self.state
        if self.mode == "cannon_by":
            self._by, self.mode = seat, "cannon_target"
            self.refresh()
        elif self.mode == "cannon_target":
            self._target = seat
            self.cannon_text = f"Hold: {st.players[self._by]} shoots {st.players[seat]}"
            self.cannon_ready = True
            self.refresh()
        elif st.stage == "voting":
            self.cast(seat)
        elif self.mode == "chair_by":
            self._by, self.mode = seat, "chair_decide"
            self.refresh()
        elif self.mode == "daughter_by":
            self.mode = ""
            self.act(E.DaughterDeclares(seat))
            self.refresh()

    def cast(self, target) -> None:
        if self._voter is None:
            return
        self.ballot_open = False
        self.act(E.CastVote(self._voter, target))
        if self.manager and self.manager.current == self.name:
            self.refresh()

    def open_ballot(self) -> None:
        self.ballot_open = True
        self.refresh()

    # -- the Loose Cannon, during the vote and the verdict ----------------------------------
    def start_cannon(self) -> None:
        self.error = ""
        self.mode = "" if self.mode.startswith("cannon") else "cannon_by"
        self._by = self._target = None
        self.cannon_ready = False
        self.refresh()

    def shoot(self) -> None:
        """Hold to confirm; the engine refuses a false claim with its sentence, shown here."""
        if self._by is None or self._target is None:
            return
        by, target = self._by, self._target
        self.mode, self._by, self._target, self.cannon_ready = "", None, None, False
        self.act(E.CannonShot(by, target))
        if self.manager and self.manager.current == self.name and not self.follow():
            self.refresh()

    # -- verdict ----------------------------------------------------------------------------
    def start_chairman(self) -> None:
        self.error = ""
        self.mode = "" if self.mode.startswith("chair") else "chair_by"
        self.refresh()

    def start_daughter(self) -> None:
        self.error = ""
        self.mode = "" if self.mode == "daughter_by" else "daughter_by"
        self.refresh()

    def annul(self, decision: str) -> None:
        by, self.mode = self._by, ""
        self.act(E.ChairmanAnnuls(by, decision))
        if self.manager and self.manager.current == self.name:
            self.refresh()

    def carry_out(self) -> None:
        self.mode = ""
        self.act(E.CarryOut())

    def handle_command(self, command) -> bool:
        if type(command).__name__ == "Vote":
            if self.state.stage == "voting" and (not self.secret or self.ballot_open):
                self.cast(command.seat)
                return True
            if self.mode in ("chair_by", "daughter_by", "cannon_by", "cannon_target"):
                self.tap_seat(command.seat)
                return True
        return super().handle_command(command)

    def sample_route(self, app) -> Route:
        session = sample_session(app)
        play_until(session, lambda st: st.phase == "day" and st.stage == "voting" and st.vote.votes)
        return Route(self.name, {"game": GAME, "game_id": session.game_id})


SCREEN = MafiaPlusVoteScreen
