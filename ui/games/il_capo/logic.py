"""Il Capo screens without Kivy: which screen a state belongs on, which buttons to offer, the
amount pad, the seat picker and the on-screen keyboard's model. Plain unit tests in
tests/ui/il_capo/test_il_capo_logic.py.

The engine decides everything; these helpers only *read* its table view and legal actions (never
the raw state: tests/ui/test_views_only.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from companion.bank import format_dollars
from companion.games.il_capo import (Challenge, DevelopSkyscraper, EndTurn, EnterMansion, Hire, LandedOnCop,
                                     NavigateDeadMansRow, NpcDone, NpcHit, PayTax, PickUp, ShootBrothers,
                                     ShootMarcello, ShootRico, ShootReleased, StandOffShoot, TakeBeating,
                                     TakeHit, UseSkill)

MIN_PLAYERS, MAX_PLAYERS = 2, 8
NAME_MAX = 24

# screen names (also in __init__.py)
NEW, TABLE, SYNDICATE, ENCOUNTER, BANK, HIRE, END = ("il_capo_new", "il_capo_table", "il_capo_syndicate",
                                                    "il_capo_encounter", "il_capo_bank", "il_capo_hire",
                                                    "il_capo_end")

NPC_SHORT = {"cop1": "Cop car 1", "cop2": "Cop car 2", "rico": "Beefy Rico", "brothers": "Ricigliano Brothers"}
NPC_ORDER = ("cop1", "cop2", "rico", "brothers")


# -- where a state is played ------------------------------------------------------------------
def screen_for(view: Any) -> str:
    """The screen that asks the table for what the table view's ``awaiting`` needs."""
    w = view.awaiting
    if w == "over":
        return END
    if w in ("npc_spin", "npc_hits"):
        return SYNDICATE
    if w in ("spin", "react", "rico"):
        return ENCOUNTER
    if w == "move" and in_stand_off(view):
        return ENCOUNTER  # flee or stay
    return TABLE


def in_stand_off(view: Any) -> bool:
    return 0 <= view.turn < len(view.players) and bool(view.players[view.turn].stand_off_with)


_LAST_VIEW: list = [None, -1, None]  # (session, seq, table view): one view per commit, however many ask


def table_view(session: Any) -> Any:
    """The session's table view, computed once per commit: the route, the screen and the
    confirmation after a payment all read this one (a tap computed it twice)."""
    from companion.engine import TABLE

    cached, seq, view = _LAST_VIEW
    if cached is not session or seq != session.seq:
        view = session.view(TABLE)
        _LAST_VIEW[:] = [session, session.seq, view]
    return view


def route_for(session: Any) -> str | None:
    """The manifest's route: the screen the game's state belongs on (None: no game)."""
    return None if session is None else screen_for(table_view(session))


def spoken(session: Any, events: Iterable[Any]) -> list[str]:
    """The manifest's speaking policy: what the narrator says after a commit."""
    return spoken_lines(events)


def spin_request(view: Any, requests: Iterable[str]) -> tuple[bool, str | None]:
    """(a spin is awaited, the draw request): a player's spin is asked for with "spin" (it is in the
    session's ``chance_requests``), the Underboss's (an NPC's move or shot) is drawn unasked (None)."""
    if "spin" in requests:
        return True, "spin"
    if view.awaiting in ("npc_spin", "spin", "move"):
        return True, None
    return False, None


def phase_text(view: Any) -> str:
    """The status line: ``Round 3 · Anna's turn``."""
    if view.awaiting == "over":
        return "Il Capo · game over"
    if view.awaiting in ("npc_spin", "npc_hits") or (view.turn >= len(view.players)):
        return f"Round {view.round} · Syndicate"
    return f"Round {view.round} · {view.turn_name}'s turn"


# -- players ----------------------------------------------------------------------------------
def status_text(player: Any) -> str:
    """One short line: where the player is (street, hospital, prison, out)."""
    if player.status == "out":
        return "Out of the game"
    if player.status in ("prison", "hospital"):
        turns = "turn" if player.turns_left == 1 else "turns"
        return f"{player.status.capitalize()} · {player.turns_left} {turns}"
    if player.stand_off_with:
        return "In a stand-off"
    if getattr(player, "from_prison", False):
        return "Out of Jail space"  # "Upon your release you will resume play from the out of jail space"
    return "On the street"


def short_status(player: Any) -> str:
    """The bank tile's few words beside a name ("" on the street): ``Out``, ``Prison 2``.

    >>> from types import SimpleNamespace as NS
    >>> short_status(NS(status="out")), short_status(NS(status="prison", turns_left=2, stand_off_with=()))
    ('Out', 'Prison 2')
    """
    if player.status == "out":
        return "Out"
    if player.status in ("prison", "hospital"):
        return f"{player.status.capitalize()} {player.turns_left}"
    return "Stand-off" if getattr(player, "stand_off_with", ()) else ""


def tile_line(player: Any, view: Any = None) -> str:
    """The small line under a player's name: counters first (they matter), then the crew."""
    status = status_text(player)
    if status == "On the street":
        return crew_text(player)
    if player.status == "out":
        return f"Out: {player.out_reason}" if player.out_reason else status
    return f"{status} · {crew_text(player)}"


def jail_line(view: Any) -> str:
    """Who sits in Jail and until when, who waits on the Out of Jail space, and who moves from there
    after prison: one line under the tiles (a tile has no room for it at 5-8 players).

    "They will be released from Jail after three full rounds of turns are played. They will sit on
    the Out of Jail space" / "Upon your release you will resume play from the out of jail space".

    >>> from types import SimpleNamespace as NS
    >>> v = NS(jail=(("Luca 'The Hammer' Bruno", "Anna", 4),), out_of_jail=("Sonny the Kid",),
    ...        players=(NS(name="Carla", from_prison=True),))
    >>> jail_line(v)
    'Jail: Luca (Anna) until the end of round 4 · Out of Jail space: Sonny · Carla starts there'
    """
    parts = []
    jailed = [f"{short_name(crew).split()[0]} ({owner}) until the end of round {until}"
              for crew, owner, until in getattr(view, "jail", ())]
    if jailed:
        parts.append("Jail: " + ", ".join(jailed))
    waiting = [short_name(c).split()[0] for c in getattr(view, "out_of_jail", ())]
    if waiting:
        parts.append("Out of Jail space: " + ", ".join(waiting))
    starts = [p.name for p in getattr(view, "players", ()) if getattr(p, "from_prison", False)]
    if starts:  # one line: "Out of Jail space: Sonny · Carla starts there"
        where = "there" if waiting else "on the Out of Jail space"
        parts.append(f"{' and '.join(starts)} {'start' if len(starts) > 1 else 'starts'} {where}")
    return " · ".join(parts)


def latest_news(text: str, limit: int = 120) -> str:
    """The news line under the table: the latest sentences that fit two lines (a long message
    squeezed the player rows and shrank the wheel); the whole story stays in the ledger and logs.

    >>> latest_news("Anna spins 6. Busted! Anna goes to prison. Round 2: Ben's turn.", 40)
    "Round 2: Ben's turn."
    """
    import re as _re

    sentences = [x for x in _re.split(r"(?<=[.!?])\s+", text.strip()) if x]
    out: list[str] = []
    for sentence in reversed(sentences):
        if out and len(" ".join([sentence] + out)) > limit:
            break
        out.insert(0, sentence)
    return " ".join(out)


def compact_tile_line(player: Any, view: Any = None) -> str:
    """A tile in two columns (5-8 players): counters first, then how many crew ("2 crew")."""
    if player.status == "out":
        return "Out"
    crew = f"{len(player.crew)} crew" if player.crew else ""  # nothing said for no crew: no room
    if player.status in ("prison", "hospital"):
        return f"{player.status.capitalize()} {player.turns_left}" + (f" · {crew}" if crew else "")
    return crew


def gauntlet_done_markup(player: Any, colour: str = "E3A63B") -> str:
    """Only the gauntlet steps done, as ticks: '✓ Sky', '✓ Sky ✓ Row' or 'Mansion open'."""
    steps = gauntlet_steps(player)[:2]
    if all(done for _, done in steps):
        return f"[color={colour}][b]Mansion open[/b][/color]"
    done = [SHORT_STEPS.get(w, w)[:3] for w, d in steps if d]
    return "  ".join(f"[color={colour}][font=DejaVuSans]\u2713[/font] {w}[/color]" for w in done)


def crew_text(player: Any) -> str:
    if not player.crew:
        return "No crew"
    # first names only: the tile's line sits beside a 64 px balance ("Crew 1: Sonny the Kid" was cut)
    names = ", ".join(short_name(c.name).split()[0] for c in player.crew)
    return f"Crew: {names}"


def short_name(name: str) -> str:
    """``Luca 'The Hammer' Bruno`` -> ``Luca Bruno`` (cards keep the full name)."""
    parts = [p for p in name.split() if not (p.startswith("'") or p.endswith("'"))]
    return " ".join(parts) if parts else name


GAUNTLET_STEPS = ("Skyscraper", "Dead Man's Row", "Mansion")


def gauntlet_steps(player: Any) -> list[tuple[str, bool]]:
    """What the engine tracks on the way to Moretti: a Skyscraper, Dead Man's Row; the Mansion
    opens once both are done (entering it is the showdown itself, so it is never "done")."""
    return [("Skyscraper", bool(player.skyscraper)), ("Dead Man's Row", bool(player.dead_mans_row)),
            ("Mansion", False)]


def gauntlet_text(player: Any) -> str:
    """Plain words (narration, tests): ``Gauntlet: Skyscraper done, Dead Man's Row to do, Mansion to do``."""
    return "Gauntlet: " + ", ".join(f"{what} {'done' if done else 'to do'}" for what, done in gauntlet_steps(player))


SHORT_STEPS = {"Dead Man's Row": "Row"}


def gauntlet_markup(player: Any, done_colour: str = "E3A63B", todo_colour: str = "A59E97",
                    compact: bool = False) -> str:
    """The tile's checklist in Kivy markup: a tick (DejaVu has the glyph) before what is done, a
    ring before what is still to do; the Mansion appears once both are done (it is open then)."""
    steps = gauntlet_steps(player)[:2]
    if all(done for _, done in steps):  # both done: the Mansion is open (says both are done, in little room)
        return f"[color={done_colour}][font=DejaVuSans]\u2713[/font] [b]Mansion open[/b][/color]"
    parts = []
    for what, done in steps:
        what = SHORT_STEPS.get(what, what)
        if compact:  # two columns of tiles (5+ players): "Sky" / "Row"
            what = what[:3]
        glyph, colour = ("\u2713", done_colour) if done else ("\u25cb", todo_colour)
        parts.append(f"[color={colour}][font=DejaVuSans]{glyph}[/font] {what}[/color]")
    return "  ".join(parts)


def quick_amount_label(amount: int) -> str:
    """The bank's one-tap amounts as the game prints them: ``$250,000``."""
    return format_dollars(amount)


def money(amount: int) -> str:
    return format_dollars(amount)


def compact_money(amount: int) -> str:
    """``$1.25M`` / ``$150K``: for tight places only (the amount pad's step buttons)."""
    sign = "-" if amount < 0 else ""
    a = abs(amount)
    if a >= 1_000_000:
        text = f"{a / 1_000_000:.2f}".rstrip("0").rstrip(".")
        return f"{sign}${text}M"
    if a >= 1000 and a % 1000 == 0:
        return f"{sign}${a // 1000}K"
    return f"{sign}${a:,}"


# -- buttons from legal actions ---------------------------------------------------------------
@dataclass(frozen=True)
class Choice:
    """A button: its label, the action it plays (or a ``mode`` the screen opens), enabled or not."""

    key: str
    label: str
    action: Any = None
    mode: str = ""
    enabled: bool = True
    primary: bool = False


def _legal(legal: Iterable[Any], cls) -> list[Any]:
    return [a for a in legal if isinstance(a, cls)]


def land_choices(view: Any, legal: list[Any]) -> list[Choice]:
    """What the table can report after a move (the ``land`` step), in the board's words."""
    has = lambda cls: bool(_legal(legal, cls))  # noqa: E731
    out = [
        Choice("hire", "Hire crew", mode="hire", enabled=has(Hire)),
        Choice("cop", "Landed on a cop", LandedOnCop(), enabled=has(LandedOnCop)),
        Choice("player", "Shoot a player", mode="target", enabled=has(Challenge)),
        Choice("rico", "Shoot Rico", ShootRico(), enabled=has(ShootRico)),
        Choice("brothers", "Shoot Brothers", ShootBrothers(), enabled=has(ShootBrothers)),
        Choice("marcello", "Hit Marcello", ShootMarcello(), enabled=has(ShootMarcello)),
        Choice("jail", "Out of Jail", mode="jail", enabled=has(PickUp) or has(ShootReleased)),
        Choice("skyscraper", "Skyscraper", DevelopSkyscraper(), enabled=has(DevelopSkyscraper)),
        Choice("row", "Dead Man's Row", NavigateDeadMansRow(), enabled=has(NavigateDeadMansRow)),
        Choice("mansion", "The Mansion", EnterMansion(), enabled=has(EnterMansion)),
    ]
    board_skills = [a for a in _legal(legal, UseSkill)]
    if board_skills:
        out.append(Choice("skill", "Use a skill", mode="skill"))
    return out


def jail_choices(view: Any, legal: list[Any]) -> list[Choice]:
    """Pick up (with the price on the button, before anything is paid) or shoot each released crew."""
    out = []
    catalog = dict(getattr(view, "crew_costs", ()))
    for name in view.out_of_jail:
        cost = catalog.get(name) or next((c.cost for c in view.for_hire if c.name == name), None)
        pick = PickUp(name)
        out.append(Choice(f"pick:{name}", f"Pick up {short_name(name)}" + (f" {money(cost)}" if cost else ""),
                          pick, enabled=pick in legal))
        out.append(Choice(f"shoot:{name}", f"Shoot {short_name(name)}", ShootReleased(name),
                          enabled=ShootReleased(name) in legal))
    return out


#: a spend above this is asked once before it is paid (TABLE-UX: nothing big on one stray tap)
CONFIRM_SPEND_ABOVE = 500_000


def spend_of(view: Any, action: Any) -> tuple[int, str]:
    """(dollars the acting player pays the bank, what for) if ``action`` is played; (0, "") for free.

    >>> from types import SimpleNamespace as NS
    >>> v = NS(crew_costs=(("Firpo", 400_000),), marcello_alive=True, skyscraper_cost=1_000_000,
    ...        marcello_dues=500_000)
    >>> spend_of(v, DevelopSkyscraper())
    (1500000, "a Skyscraper + Marcello's dues")
    >>> spend_of(v, Hire("Firpo"))
    (400000, 'hiring Firpo')
    """
    costs = dict(view.crew_costs)
    if isinstance(action, Hire):
        return costs.get(action.crew, 0), f"hiring {short_name(action.crew)}"
    if isinstance(action, PickUp):
        return costs.get(action.crew, 0), f"picking up {short_name(action.crew)}"
    if isinstance(action, DevelopSkyscraper):
        if view.marcello_alive:
            return view.skyscraper_cost + view.marcello_dues, "a Skyscraper + Marcello's dues"
        return view.skyscraper_cost, "a Skyscraper"
    if isinstance(action, EnterMansion):
        from companion.games.il_capo import data as D

        return D.BUY_OFF, "the buy-off at the Mansion"
    if isinstance(action, PayTax):
        return 250_000, "Beefy Rico's tax"
    return 0, ""


def needs_confirm(view: Any, action: Any) -> str:
    """The question asked once before a big spend ("" when none is needed)."""
    amount, what = spend_of(view, action)
    if amount > CONFIRM_SPEND_ABOVE:
        return f"Pay {money(amount)} for {what}?"
    return ""


def skill_words(card: Any) -> str:
    """A skill with what it does in a few words: ``Brute Force +2`` / ``Human Shield -2`` (buttons)."""
    effect = {"shot_bonus": f" +{getattr(card, 'amount', 0)}", "shield": f" -{getattr(card, 'amount', 0)}"}
    return card.skill + effect.get(getattr(card, "effect", ""), "")


def skill_line(card: Any) -> str:
    """A crew card's skill and what it does, in the card's words (the hire screen says once when
    the cards are still the box's shipped defaults).

    >>> from types import SimpleNamespace as NS
    >>> skill_line(NS(skill="Brute Force", skill_text="+2 to your initial shot in a shootout."))
    'Brute Force: +2 to your initial shot in a shootout.'
    """
    return f"{card.skill}: {card.skill_text}".strip()


def skill_choices(view: Any, legal: list[Any]) -> list[Choice]:
    out = []
    for a in _legal(legal, UseSkill):
        card = next((c for p in view.players for c in p.crew if c.name == a.crew), None)
        label = f"{short_name(a.crew)}: {skill_words(card)}" if card else f"{a.crew}'s skill"
        out.append(Choice(f"skill:{a.crew}", label, a))
    return out


def encounter_choices(view: Any, legal: list[Any]) -> list[Choice]:
    """The buttons of an encounter step besides the spin: skills, shield or take it, tax or beating,
    flee or stay."""
    w = view.awaiting
    out: list[Choice] = []
    if w == "rico":
        out.append(Choice("tax", f"Pay {money(250_000)}", PayTax(), enabled=PayTax() in legal, primary=True))
        out.append(Choice("beating", "Take the beating", TakeBeating()))
    elif w == "react":
        out += skill_choices(view, legal)
        out.append(Choice("take", "Take the hit", TakeHit()))
    elif w == "spin":
        out += skill_choices(view, legal)
    elif w == "move":
        for a in _legal(legal, StandOffShoot):
            out.append(Choice(f"stay:{a.target}", f"Stay, shoot {view.players[a.target].name}", a))
    return out


def npc_hit_choices(view: Any, legal: list[Any], already: bool = False) -> list[Choice]:
    """A button per player the NPC may have landed on, then nobody (else)."""
    out = [Choice(f"hit:{p.seat}", p.name, NpcHit(p.seat), enabled=NpcHit(p.seat) in legal)
           for p in view.players]
    out.append(Choice("nobody", "Nobody else" if already else "Nobody", NpcDone(),
                      enabled=NpcDone() in legal, primary=True))
    return out


def target_choices(view: Any, legal: list[Any]) -> list[Choice]:
    return [Choice(f"target:{p.seat}", p.name, Challenge(p.seat), enabled=Challenge(p.seat) in legal)
            for p in view.players if p.seat != view.turn]


def encounter_title(view: Any) -> str:
    """Who is facing whom, in a few words (the encounter screen's headline)."""
    e = view.encounter
    names = [p.name for p in view.players]
    if view.awaiting == "move" and in_stand_off(view):
        pairs = view.players[view.turn].stand_off_with
        return f"Stand-off: {names[view.turn]} vs " + " and ".join(names[o] for o in pairs)
    if e is None:
        return "Encounter"
    actor = names[e.actor] if e.actor >= 0 else ""
    target = names[e.target] if e.target >= 0 else ""
    return {
        "pvp": f"{actor} vs {target}",
        "rico": f"Beefy Rico vs {target}",
        "beating": f"Beefy Rico beats {target}",
        "brothers": f"Ricigliano Brothers vs {target}",
        "shoot_rico": f"{actor} vs Beefy Rico",
        "shoot_brothers": f"{actor} vs the Ricigliano Brothers",
        "shoot_marcello": f"{actor} vs Marcello Valli",
        "shoot_released": f"{actor} vs {short_name(e.crew)}",
        "showdown": f"{actor} vs Vincenzo Moretti",
        "moretti_fire": f"Moretti returns fire on {actor}",
    }.get(e.kind, "Encounter")


def npc_progress(view: Any) -> list[tuple[str, str]]:
    """Each NPC with ``done`` / ``now`` / ``next`` / ``whacked`` for the Syndicate screen."""
    alive = [on_board for _, on_board in view.npcs]
    out = []
    for i, npc in enumerate(NPC_ORDER):
        if i < len(alive) and not alive[i]:
            mark = "whacked"
        elif view.awaiting in ("npc_spin", "npc_hits") or (view.encounter is not None
                                                            and view.encounter.origin == "syndicate"):
            mark = "done" if i < view.npc else "now" if i == view.npc else "next"
        else:
            mark = "next"
        out.append((NPC_SHORT[npc], mark))
    return out


#: the few words under the big number (the card is narrow): the NPCs by their short names
SPINNER_SHORT = {"The Ricigliano Brothers": "The Brothers", "Ricigliano Brothers": "The Brothers"}


def whose_spin(by: str) -> str:
    """``Anna's spin`` / ``The Brothers' spin`` ("" when nobody is known).

    >>> whose_spin("Anna"), whose_spin("The Ricigliano Brothers"), whose_spin("")
    ("Anna's spin", "The Brothers' spin", '')
    """
    if not by:
        return ""
    by = SPINNER_SHORT.get(by, by)
    return f"{by}' spin" if by.endswith("s") else f"{by}'s spin"


def to_spin(who: str) -> str:
    """``Ben to spin`` / ``The Brothers to spin``."""
    return f"{SPINNER_SHORT.get(who, who)} to spin" if who else ""


def spin_words(number: int, side: str) -> str:
    return f"{number} {'LEFT' if side == 'L' else 'RIGHT'}"


def ledger_line(payer: str, payee: str, amount: int, reason: str) -> str:
    """One ledger entry for the bank screen: ``Anna paid the bank $400,000: hire (Firpo)``."""
    who = lambda n: "the bank" if n == "bank" else n  # noqa: E731
    if payer == "bank":
        return f"{money(amount)} to {payee} from the bank: {reason}"
    return f"{money(amount)} from {payer} to {who(payee)}: {reason}"


def seat_for_tag(binding: Any, view: Any) -> int | None:
    """The seat an RFID tag picks: a tag bound to a player by name, if that player is at this table.

    >>> from types import SimpleNamespace as NS
    >>> v = NS(players=(NS(seat=0, name="Anna"), NS(seat=2, name="Carla")))
    >>> seat_for_tag(NS(kind="player", ref="Carla"), v), seat_for_tag(NS(kind="card", ref="x"), v)
    (2, None)
    """
    if binding is None or getattr(binding, "kind", "") != "player" or view is None:
        return None
    return next((p.seat for p in view.players if p.name == binding.ref), None)


# -- narration ----------------------------------------------------------------------------------
QUIET = {"money"}  # bank entries are shown on screen, not spoken


def spoken_lines(events: Iterable[Any]) -> list[str]:
    """Which event texts the narrator says: NPC moves and every outcome (all are on screen)."""
    return [e.text for e in events if e.text and e.kind not in QUIET]


# -- the amount pad -----------------------------------------------------------------------------
STEPS = (10_000, 50_000, 100_000, 250_000, 500_000, 1_000_000)


@dataclass
class AmountPad:
    """An amount built by tapping $ steps (no keyboard): add, take back the last step, clear."""

    taps: list[int] = field(default_factory=list)

    @property
    def value(self) -> int:
        return sum(self.taps)

    def add(self, step: int) -> None:
        if step <= 0:
            raise ValueError("steps are positive")
        self.taps.append(step)

    def set(self, amount: int) -> None:
        self.taps = [amount] if amount > 0 else []

    def back(self) -> None:
        if self.taps:
            self.taps.pop()

    def clear(self) -> None:
        self.taps = []

    @property
    def text(self) -> str:
        return money(self.value)


# -- new game: seats and names ------------------------------------------------------------------
@dataclass
class SeatPicker:
    """The players of a new game, in seat order (the order they were tapped)."""

    seats: list[str] = field(default_factory=list)

    def toggle(self, name: str) -> str:
        """Seat ``name`` (or unseat them); returns a sentence when refused, else ""."""
        if name in self.seats:
            self.seats.remove(name)
            return ""
        if len(self.seats) >= MAX_PLAYERS:
            return f"Il Capo is for at most {MAX_PLAYERS} players: unseat someone to seat {name}."
        self.seats.append(name)
        return ""

    def move_up(self, name: str) -> None:
        i = self.seats.index(name)
        if i > 0:
            self.seats[i - 1], self.seats[i] = self.seats[i], self.seats[i - 1]

    @property
    def ready(self) -> bool:
        return MIN_PLAYERS <= len(self.seats) <= MAX_PLAYERS

    @property
    def start_label(self) -> str:
        n = len(self.seats)
        if n < MIN_PLAYERS:
            return f"Pick {MIN_PLAYERS - n} more"
        return f"Start with {n}"
