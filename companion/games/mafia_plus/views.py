"""One view type per audience (ARCHITECTURE.md, "Secrets at the table").

``TableView`` is what the shared screen may show: it has no field that holds a seat's unrevealed
character, a night choice, or who is blackmailed. Public facts only: who is alive, who is out of
town, the stats (honouring the Janitor), the accused and the votes (names only for an open vote),
public declarations and reveals, the deal's progress, the night's steps and the vote's count and
verdict. ``SeatView`` is one player's private screen (with their night panel when called);
``RevealView`` is all. ``CALLED`` is the private audience of whoever holds the role called now: the
table's night screen shows its panel (``panels.NightPanel``) only behind that player's hold.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class CalledAudience:
    """Whoever holds the role called now (the shared screen, behind their "Hold to open")."""

    def __str__(self) -> str:
        return "called"


CALLED = CalledAudience()


@dataclass(frozen=True, slots=True)
class TableView:
    phase: str                      # "deal" | "night" | "day" | "over"
    night: int                      # number of the current (or last) Night; Night 0 opens the game
    day: int                        # number of the current Day (0 before Day 1)
    step: str                       # night step id, or the day stage
    line: str                       # what the GM is saying now (narration of the current step)
    players: tuple[str, ...]        # names in seat order (clockwise; seat i+1 sits on seat i's left)
    alive: tuple[bool, ...]
    away: str | None                # the player shipped out of town (public: they sit silent)
    stats: str | None               # "City-Mafia-Syndicate", None while the Janitor's sweep holds
    stats_hidden: bool
    starting_stats: str
    cards_in_play: tuple[str, ...]  # the set the group picked together (public), never per seat
    accused: tuple[str, ...]
    vote_mode: str | None           # "eliminate" | "reveal" while a vote runs
    vote_secret: bool
    votes: tuple[tuple[str, str | None], ...]  # open vote: (voter, accused or None = abstain)
    voted: tuple[str, ...]          # who has voted so far (both modes)
    tally: tuple[tuple[str, int], ...]  # after the vote: votes per accused
    verdict: str | None             # the vote's result in words, until the sentence is carried out
    declared: tuple[tuple[str, str], ...]   # (player, ability) publicly declared: Loose Cannon...
    reveals: tuple[tuple[str, str], ...]    # (player, faction shown) by a vote to reveal
    deaths: tuple[tuple[str, str], ...]     # (player, when) e.g. ("Anna", "Night 1")
    log: tuple[str, ...]            # everything announced to the table, in order
    winners: tuple[str, ...]
    end_reason: str | None
    # -- what the screens show beyond the facts above ------------------------------------------
    cast: tuple[str, ...] = ()          # the set's character ids (public, as cards_in_play)
    seen: tuple[str, ...] = ()          # the deal: who has looked at their card, in order
    night_steps: tuple[str, ...] = ()   # tonight's steps in order (the same whoever is alive)
    step_index: int = 0                 # where in night_steps the night is
    voters: tuple[str, ...] = ()        # who may vote in the vote running, in seat order
    next_voter: str | None = None       # the first of them still to vote
    verdict_kind: str | None = None     # "majority" | "tie" | "none" at the verdict
    open_powers: tuple[str, ...] = ()   # day powers in the set not yet declared (ids)
    undo_kind: str = ""                 # what an undo takes back: "deal" | "night" | "day" | ""
    undo_words: str = ""                # a day action in words ("" for the deal and night choices)
    votes_held: int = 0                 # how many votes the game has finished (a ballot's number)


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    name: str
    character: str | None           # None before the deal
    card: str | None
    faction: str | None
    ability_text: str | None
    quote: str | None
    abilities: tuple[str, ...]
    alive: bool
    away: bool
    mafia_members: tuple[str, ...]  # fellow Mafiosi (only when this seat is Mafia)
    mafia_boss: str | None          # who has the final word (only when this seat is Mafia)
    notes: tuple[str, ...]          # Detective answers, the Lady's look, blackmail learned...
    my_actions: tuple[str, ...]     # this seat's own night choices, in words
    panel: Any = None               # panels.NightPanel when this seat holds the role called now
    woken_note: str = ""            # Night Zero: what this seat learns when the Lady chose it tonight


@dataclass(frozen=True, slots=True)
class RevealSeat:
    seat: int
    name: str
    character: str
    card: str
    faction: str
    alive: bool
    lives: int
    marks: int


@dataclass(frozen=True, slots=True)
class NightView:
    night: int
    actions: tuple[str, ...]        # "Doctor (Anna) healed Bob", "Railwayman: no one" ...
    deaths: tuple[str, ...]         # "Bob (killed by the Mafia)"


@dataclass(frozen=True, slots=True)
class VoteView:
    day: int
    mode: str
    secret: bool
    accused: tuple[str, ...]
    votes: tuple[tuple[str, str | None], ...]
    doubled: str | None
    tally: tuple[tuple[str, int], ...]
    ending: str


@dataclass(frozen=True, slots=True)
class RevealView:
    table: TableView
    seats: tuple[RevealSeat, ...]
    protectee: str | None
    blackmail: tuple[str, str] | None   # (blackmailer, victim)
    boarded: tuple[str, ...]
    used: tuple[str, ...]
    nights: tuple[NightView, ...]
    votes: tuple[VoteView, ...]
    notes: tuple[tuple[str, str], ...]  # (player, private note)
