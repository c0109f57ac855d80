"""The Mafia+ table's vocabulary: its actions, its state, and the facts about a state that the
engine (``engine.py``) and the called role's night panel (``panels.py``) both read.

Kept apart from the engine so that the panels stand on the rules without standing on the engine
that builds its views from them (engine -> panels -> rules, no import runs back up). The engine
module hands every name here on: ``engine.Pass``, ``engine.MafiaPlusState`` work as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, Sequence

from companion.engine import Action, Seat

from . import characters as C
from . import sets as S
from .narration import line

# --------------------------------------------------------------------------------------------
# Actions


@dataclass(frozen=True, slots=True)
class Dealt(Action):
    """The secret deal: ``characters[i]`` (ids) goes to seat i. Chance, or a recorded physical deal."""

    kind = "dealt"
    characters: tuple[str, ...]
    by_hand: bool = False

    def describe(self) -> str:
        return "The cards are dealt" + (" (physical cards)" if self.by_hand else "")


@dataclass(frozen=True, slots=True)
class Continue(Action):
    """The GM moves on: after a narration-only step, or after calling a role that cannot act."""

    kind = "continue"

    def describe(self) -> str:
        return "Continue"


@dataclass(frozen=True, slots=True)
class Seen(Action):
    """The deal's progress: ``seat`` has looked at their card and passed the device on (a free entry,
    never in ``legal_actions``: the deal screen records it, in seat order, before Night Zero's
    first call). A game stored before this action existed has none: its players look again."""

    kind = "seen"
    seat: int

    def describe(self) -> str:
        return f"Seat {self.seat} has seen their card"


@dataclass(frozen=True, slots=True)
class _Choice(Action):
    """A night choice: the acting seat ``by`` picks seat ``target``."""

    verb: ClassVar[str] = "chooses"
    by: int
    target: int

    def describe(self) -> str:
        return f"Seat {self.by} {self.verb} seat {self.target}"


@dataclass(frozen=True, slots=True)
class MafiaKill(_Choice):
    """The Mafia's victim for tonight, entered by the Boss (or the deciding Mafioso)."""
    kind = "mafia_kill"
    verb = "chooses the Mafia's victim:"


@dataclass(frozen=True, slots=True)
class Heal(_Choice):
    kind = "heal"
    verb = "heals"


@dataclass(frozen=True, slots=True)
class Ship(_Choice):
    kind = "ship"
    verb = "ships out"


@dataclass(frozen=True, slots=True)
class Investigate(_Choice):
    kind = "investigate"
    verb = "investigates"


@dataclass(frozen=True, slots=True)
class Mark(_Choice):
    kind = "mark"
    verb = "marks"


@dataclass(frozen=True, slots=True)
class Seduce(_Choice):
    kind = "seduce"
    verb = "seduces"


@dataclass(frozen=True, slots=True)
class Protect(_Choice):
    kind = "protect"
    verb = "protects"


@dataclass(frozen=True, slots=True)
class Blackmail(_Choice):
    kind = "blackmail"
    verb = "blackmails"


@dataclass(frozen=True, slots=True)
class GunShot(_Choice):
    """The Gun Shop Owner's last shot on the night the Mafia kills them."""
    kind = "gun_shot"
    verb = "shoots"


@dataclass(frozen=True, slots=True)
class Sweep(Action):
    """The Janitor sweeps tonight: no stats for the whole next Day."""
    kind = "sweep"
    by: int


@dataclass(frozen=True, slots=True)
class Shift(Action):
    """The Bartender shifts the Mafia's target one seat "left" (seat+1) or "right" (seat-1)."""
    kind = "shift"
    by: int
    direction: str


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """A role called at night declines its optional ability (Janitor, Bartender, Gun Shop Owner)."""
    kind = "pass"
    by: int


@dataclass(frozen=True, slots=True)
class Accuse(Action):
    kind = "accuse"
    by: int
    target: int


@dataclass(frozen=True, slots=True)
class DropAccusation(Action):
    """The GM narrows the list of the accused (e.g. after a tie)."""
    kind = "drop_accusation"
    target: int


@dataclass(frozen=True, slots=True)
class CallVote(Action):
    """The GM ends the discussion: a vote to "eliminate" or (if allowed) to "reveal"."""
    kind = "call_vote"
    mode: str = "eliminate"


@dataclass(frozen=True, slots=True)
class CastVote(Action):
    """``by`` names one accused, or abstains with ``target=None``."""
    kind = "cast_vote"
    by: int
    target: int | None = None


@dataclass(frozen=True, slots=True)
class CarryOut(Action):
    """The GM carries out the vote's result; Chairman and Daughter may act until this moment."""
    kind = "carry_out"


@dataclass(frozen=True, slots=True)
class ChairmanAnnuls(Action):
    """decision: "revote_eliminate" | "revote_reveal" | "end_day"."""
    kind = "chairman_annuls"
    by: int
    decision: str


@dataclass(frozen=True, slots=True)
class DaughterDeclares(Action):
    kind = "daughter_declares"
    by: int


@dataclass(frozen=True, slots=True)
class CannonShot(Action):
    kind = "cannon_shot"
    by: int
    target: int


ALL_ACTIONS = (Dealt, Seen, Continue, MafiaKill, Heal, Ship, Investigate, Mark, Seduce, Protect, Blackmail,
               GunShot, Sweep, Shift, Pass, Accuse, DropAccusation, CallVote, CastVote, CarryOut,
               ChairmanAnnuls, DaughterDeclares, CannonShot)

#: night step -> (choice action class, the character(s) called)
STEP_ACTION = {"mafia": MafiaKill, "doctor": Heal, "railwayman": Ship, "detective": Investigate,
               "angel_of_death": Mark, "lady_of_the_night": Seduce, "bodyguard": Protect,
               "blackmailer": Blackmail, "blackmailing_boss": Blackmail, "gun_shop_owner": GunShot}
NIGHT_ZERO_ORDER = ("lady_of_the_night", "bodyguard", "blackmailer", "blackmailing_boss")
NIGHT_ORDER = ("doctor", "railwayman", "detective", "angel_of_death", "janitor", "bartender",
               "gun_shop_owner")
OPTIONAL_STEPS = ("janitor", "bartender", "gun_shop_owner")
#: attacks "at the hands of a mortal": the Bodyguard dies instead of the protectee
MORTAL = ("mafia", "gun", "cannon", "bomber")
CAUSES = {"mafia": "killed by the Mafia", "gun": "shot by the Gun Shop Owner", "cannon": "shot by the Loose Cannon",
          "bomber": "blown up by the Bomber", "angel": "taken by the Angel of Death",
          "vote": "voted out", "mayor": "voted for the Mayor", "bodyguard": "died protecting"}
REVOTE = {"revote_eliminate": "eliminate", "revote_reveal": "reveal"}
#: the powers declared in the day (public once used): the Day and vote screens offer them until then
DAY_POWERS = ("loose_cannon", "chairman", "chairmans_daughter")
SINGLE_USE = ("loose_cannon", "chairman", "chairmans_daughter", "janitor", "bartender")


@lru_cache(maxsize=None)
def night_steps(night: int, cast: frozenset[str]) -> tuple[str, ...]:
    """The fixed, documented night order for the characters in the set (``cast``)."""
    if night == 0:
        return ("sleep", "mafia_meet", *(s for s in NIGHT_ZERO_ORDER if s in cast), "dawn")
    return ("sleep", "mafia", *(s for s in NIGHT_ORDER if s in cast), "dawn")


def undo_kind(action: Action) -> str:
    """What an undo of ``action`` is called: "deal", "night" (a night choice, whoever made it) or
    "day" (the words of a day action are public)."""
    if isinstance(action, Dealt):
        return "deal"
    if isinstance(action, (_Choice, Sweep, Shift, Pass)):
        return "night"
    return "day"


# --------------------------------------------------------------------------------------------
# State


@dataclass(frozen=True, slots=True)
class VoteState:
    mode: str                                   # "eliminate" | "reveal"
    accused: tuple[int, ...]
    voters: tuple[int, ...]                     # eligible, in seat order
    votes: tuple[tuple[int, int | None], ...] = ()
    doubled: int | None = None                  # the Chairman's Daughter's seat once declared


@dataclass(frozen=True, slots=True)
class NightRecord:
    night: int
    choices: tuple[tuple[str, int | None, Any], ...]   # (step, acting seat, target/value)
    deaths: tuple[tuple[int, str], ...]                 # (seat, cause)


@dataclass(frozen=True, slots=True)
class VoteRecord:
    day: int
    mode: str
    secret: bool
    accused: tuple[int, ...]
    votes: tuple[tuple[int, int | None], ...]
    doubled: int | None
    tally: tuple[tuple[int, int], ...]
    ending: str


@dataclass(frozen=True, slots=True)
class MafiaPlusState:
    players: tuple[str, ...]
    cast: tuple[str, ...]                       # the set (public), as configured
    vote_secret: bool
    reveal_votes: bool
    characters: tuple[str, ...] | None = None   # per seat, after the deal
    phase: str = "deal"
    night: int = 0
    step: int = 0
    stage: str = ""                             # day stage
    alive: tuple[bool, ...] = ()
    lives: tuple[int, ...] = ()
    marks: tuple[int, ...] = ()
    away: int | None = None
    boarded: tuple[int, ...] = ()
    protectee: int | None = None
    blackmail: tuple[int, int] | None = None    # (blackmailer, victim)
    used: tuple[str, ...] = ()
    tonight: tuple[tuple[str, int | None, Any], ...] = ()
    stats_hidden: bool = False
    accused: tuple[int, ...] = ()
    vote: VoteState | None = None
    declared: tuple[tuple[int, str], ...] = ()
    reveals: tuple[tuple[int, str], ...] = ()
    deaths: tuple[tuple[int, str], ...] = ()    # public: (seat, "Night 1" / "Day 2")
    notes: tuple[tuple[int, str], ...] = ()     # private: (seat, text)
    my_actions: tuple[tuple[int, str], ...] = ()
    nights: tuple[NightRecord, ...] = ()
    votes: tuple[VoteRecord, ...] = ()
    log: tuple[str, ...] = ()
    death_causes: tuple[tuple[int, str], ...] = ()
    winners: tuple[int, ...] | None = None
    end_reason: str | None = None
    seen: tuple[int, ...] = ()                  # the deal: seats that have looked at their card
    taken: tuple[str, str] = ("", "")           # what an undo takes back: (kind, public words)

    @property
    def day(self) -> int:
        """The current Day (during Night k: Day k, the one just ended; 0 before Day 1)."""
        if self.phase in ("day", "over"):
            return self.night + 1
        return self.night if self.phase == "night" else 0


@dataclass(frozen=True, slots=True)
class StepInfo:
    """A public description of where the game is, for the screens and the narrator."""

    phase: str
    night: int
    day: int
    step: str           # night step id or day stage
    role: str | None    # character id called now (night), "mafia", or None
    line_id: str | None
    text: str


def current_step(state: MafiaPlusState) -> StepInfo:
    """Who is called and what the GM says now (never which seat acts)."""
    if state.phase == "deal":
        return StepInfo("deal", 0, 0, "deal", None, None, "Shuffle and deal the character cards.")
    if state.phase == "night":
        step = _steps(state)[state.step]
        role = step if step in C.CHARACTERS else ("mafia" if step in ("mafia", "mafia_meet") else None)
        return StepInfo("night", state.night, state.day, step, role, f"call.{step}", line(f"call.{step}"))
    if state.phase == "day":
        text = {"discussion": "Discuss, accuse, and call the vote when ready.",
                "voting": "Voting.", "verdict": "The vote is counted; the sentence awaits."}[state.stage]
        return StepInfo("day", state.night, state.day, state.stage, None, None, text)
    return StepInfo("over", state.night, state.day, "over", None, None, state.end_reason or "")


def _steps(state: MafiaPlusState) -> tuple[str, ...]:
    return night_steps(0 if state.night == 0 else 1, frozenset(state.cast))


# --------------------------------------------------------------------------------------------
# Small helpers over the state


def _seat_of(state: MafiaPlusState, cid: str) -> int | None:
    if state.characters is None:
        return None
    try:
        return state.characters.index(cid)
    except ValueError:
        return None


def _faction(state: MafiaPlusState, seat: int) -> str:
    return C.CHARACTERS[state.characters[seat]].faction


def _available(state: MafiaPlusState, seat: int | None) -> bool:
    """Alive and in town: may speak, vote, act, be targeted."""
    return seat is not None and state.alive[seat] and seat != state.away


def _role_actor(state: MafiaPlusState, cid: str) -> int | None:
    seat = _seat_of(state, cid)
    return seat if _available(state, seat) else None


def _mafia_seats(state: MafiaPlusState) -> list[int]:
    return [i for i, c in enumerate(state.characters) if C.CHARACTERS[c].faction == "mafia"]


def _leader(state: MafiaPlusState) -> int | None:
    for i, c in enumerate(state.characters):
        if C.CHARACTERS[c].leader:
            return i
    return None


def _mafia_decider(state: MafiaPlusState) -> int | None:
    """The Boss decides; with the Boss dead or away, the first Mafioso in town in seat order."""
    lead = _leader(state)
    if _available(state, lead):
        return lead
    for i in _mafia_seats(state):
        if _available(state, i):
            return i
    return None


def _blackmailer_of(state: MafiaPlusState, seat: int) -> int | None:
    if state.blackmail and state.blackmail[1] == seat:
        return state.blackmail[0]
    return None


def _against_ok(state: MafiaPlusState, by: int | None, target: int | None) -> bool:
    """Rulebook, Blackmailer: the victim *cannot act against the Blackmailer* (accuse, vote, shoot...)."""
    return by is None or target is None or _blackmailer_of(state, by) != target


def _tonight(state: MafiaPlusState, step: str) -> tuple[int | None, Any] | None:
    for s, by, value in state.tonight:
        if s == step:
            return by, value
    return None


def _neighbour(state: MafiaPlusState, seat: int, direction: int, alive: Sequence[bool]) -> int | None:
    """Nearest seat on that side that is not eliminated (left = seat+1, clockwise)."""
    n = len(state.players)
    j = (seat + direction) % n
    while j != seat:
        if alive[j]:
            return j
        j = (j + direction) % n
    return None


def _stats(state: MafiaPlusState, alive: Sequence[bool] | None = None) -> str:
    alive = state.alive if alive is None else alive
    return S.stats_text([c for c, a in zip(state.characters, alive) if a])


def _name(state: MafiaPlusState, seat: int | None) -> str:
    return "no one" if seat is None else state.players[seat]


# --------------------------------------------------------------------------------------------
# Resolution of attacks (night, Loose Cannon, vote), with every chain
