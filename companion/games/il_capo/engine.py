"""Il Capo: the app as the Underboss — the bank, every spin, the NPCs, combat, crews and counters.

The physical board and pieces stay on the table. The engine never knows where a piece stands: the
table tells it what happened ("Anna landed on a cop", "Rico landed on Ben") and the engine runs
everything the Underboss would: the spins, the shots, the bounties, the taxes, the counters.

Flow (all data in the state, the engine moves itself on inside ``apply``)::

    round r:  for each seat in order:  move (spin) -> land (report / act) -> [encounter] -> next seat
              Syndicate phase:  for each NPC alive:  npc_spin -> npc_hits (who got hit?) -> [encounter]
    round r+1 ...

``state.awaiting`` says what the table must give next: ``move``, ``land``, ``spin`` (a player's
shot or beating), ``react`` (a shield skill or take the hit), ``rico`` (tax or beating),
``npc_spin`` / ``npc_hits`` (Syndicate phase), ``over``. NPC spins (their moves and shots) are the
chance the game itself waits for (``chance(state, rng, None)``); players' spins are asked for with
the request ``"spin"``. Either may be entered by hand from the physical spinner (``by_hand``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping, Sequence

from companion.bank import BANK, Ledger, format_dollars
from companion.chance import is_spin, spin
from companion.engine import (Action, ActionCodec, Audience, Engine, Event, Outcome, RevealAudience, Seat)
from companion.errors import ConfigError, IllegalAction

from . import data as D
from .actions import (ALL_ACTIONS, QUICK_AMOUNTS, Challenge, DevelopSkyscraper, EndTurn, EnterMansion, Hire,
                      LandedOnCop, NavigateDeadMansRow, NpcDone, NpcHit, Pay, PayPlayer, PayTax, PickUp, Receive,
                      ShootBrothers, ShootMarcello, ShootRico, ShootReleased, Spun, StandOffShoot, TakeBeating,
                      TakeHit, UseSkill)
from .data import BoardNumbers, CrewCard

NPCS = ("cop1", "cop2", "rico", "brothers")
NPC_NAMES = {"cop1": "Cop car 1", "cop2": "Cop car 2", "rico": "Beefy Rico (the black limo)",
             "brothers": "the Ricigliano Brothers (the white limo)"}
SIDES = ("L", "R")
SPINS = tuple(Spun(n, s, h) for h in (False, True) for n in range(1, 11) for s in SIDES)
DEFAULT_NAMES = ("Anna", "Ben", "Carla", "Dino", "Elena", "Franco", "Gina", "Hugo")


# --------------------------------------------------------------------------------------------
# State


@dataclass(frozen=True, slots=True)
class PlayerState:
    name: str
    crew: tuple[str, ...] = ()  # in the car, in hiring order
    out: str = ""  # why this player's game is over ("" while playing)
    prison: int = 0  # turns still to skip in prison
    hospital: int = 0  # turns still to skip in the hospital
    skyscraper: bool = False
    dead_mans_row: bool = False
    from_prison: bool = False  # released from prison: the next move starts on the Out of Jail space

    @property
    def is_playing(self) -> bool:
        return not self.out

    @property
    def is_safe(self) -> bool:
        """In prison or the hospital: "players cannot be whacked, targeted for shootouts, or taxed"."""
        return self.prison > 0 or self.hospital > 0


@dataclass(frozen=True, slots=True)
class Jailed:
    """A busted crew member: in Jail until the end of round ``release_after_round``."""

    crew: str
    owner: str
    release_after_round: int


@dataclass(frozen=True, slots=True)
class Encounter:
    """A confrontation in progress, resolved spin by spin.

    kinds: ``pvp`` (stage 0 the actor's initial shot, 1 the target's return fire), ``rico`` (tax
    or beating), ``beating``, ``brothers`` (stage 0 Bobby, 1 Vinnie, 2 their direct shot),
    ``shoot_rico``, ``shoot_brothers`` (two stages), ``shoot_marcello``, ``shoot_released``,
    ``showdown`` and ``moretti_fire`` (``queue`` = whom Moretti still shoots at, "" = the player).
    """

    kind: str
    actor: int  # the acting seat (-1 when an NPC acts)
    target: int  # the seat on the receiving end (-1 when it is an NPC)
    origin: str  # "turn" or "syndicate": where play resumes afterwards
    stage: int = 0
    bonus: int = 0  # offensive skill declared for the initial shot
    crew: str = ""  # the released crew member being shot at
    queue: tuple[str, ...] = ()
    spin: int = 0  # react: the (modified) shot waiting for the defender's answer
    victim: str = ""  # react: whom that shot would hit ("" = the player)


@dataclass(frozen=True, slots=True)
class IlCapoState:
    players: tuple[PlayerState, ...]
    ledger: Ledger
    catalog: tuple[CrewCard, ...]
    board: BoardNumbers
    round: int = 1
    turn: int = 0
    awaiting: str = "move"
    npc: int = 0  # index into NPCS during the Syndicate phase
    npc_hit: tuple[int, ...] = ()  # seats the current NPC move already hit
    rico_alive: bool = True
    brothers_alive: bool = True
    marcello_alive: bool = True
    jail: tuple[Jailed, ...] = ()
    released: tuple[str, ...] = ()  # waiting on the Out of Jail space
    graveyard: tuple[str, ...] = ()
    used_skills: tuple[str, ...] = ()
    standoffs: tuple[tuple[int, int], ...] = ()  # pairs (low seat, high seat)
    encounter: Encounter | None = None
    last_spin: tuple[int, str] | None = None
    last_spin_by: str = ""  # whose spin ``last_spin`` was, in words ("Anna", "Cop car 1", "Moretti")
    npc_move: tuple[int, str] | None = None  # the current NPC's own movement spin (beatings spin in between)
    winner: int = -1
    result: str = ""


# --------------------------------------------------------------------------------------------
# Views (nothing in Il Capo is secret: all audiences see the table's facts)


@dataclass(frozen=True, slots=True)
class CrewView:
    name: str
    tier: int
    tier_name: str
    difficulty: int
    cost: int
    skill: str
    skill_text: str
    skill_used: bool
    effect: str = ""  # "shot_bonus" / "shield" / "board": the skill buttons say "+2" / "-2"
    amount: int = 0


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    name: str
    balance: int
    balance_text: str
    crew: tuple[CrewView, ...]
    status: str  # "street", "prison", "hospital", "out"
    turns_left: int
    out_reason: str
    skyscraper: bool
    dead_mans_row: bool
    stand_off_with: tuple[int, ...]
    from_prison: bool = False  # released from prison: moves next from the Out of Jail space


@dataclass(frozen=True, slots=True)
class EncounterView:
    """The confrontation in progress, as the table sees it (the encounter screen's headline)."""

    kind: str
    actor: int
    target: int
    origin: str  # "turn" or "syndicate"
    crew: str = ""


@dataclass(frozen=True, slots=True)
class TableView:
    round: int
    turn: int
    turn_name: str
    awaiting: str
    prompt: str
    spinner: str  # who spins next ("" when nobody)
    last_spin: tuple[int, str] | None
    players: tuple[PlayerView, ...]
    npcs: tuple[tuple[str, bool], ...]  # (name, still on the board)
    marcello_alive: bool
    jail: tuple[tuple[str, str, int], ...]  # (crew, owner, released after round)
    out_of_jail: tuple[str, ...]
    graveyard: tuple[str, ...]
    for_hire: tuple[CrewView, ...]
    bank_balance: int
    transactions: tuple[tuple[str, str, int, str], ...]  # the last few (payer, payee, amount, reason)
    winner: str
    last_spin_by: str = ""  # whose the last spin was ("Anna", "Cop car 1"): a big number never goes unowned
    encounter: EncounterView | None = None
    npc: int = 0  # which NPC moves in the Syndicate phase (index into NPCS)
    npc_hit: tuple[int, ...] = ()  # seats the current NPC move already hit
    npc_move: tuple[int, str] | None = None  # the current NPC's own movement spin
    crew_costs: tuple[tuple[str, int], ...] = ()  # every crew card's price (a released one's pick-up)
    skyscraper_cost: int = 0
    marcello_dues: int = 0


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    name: str
    table: TableView


@dataclass(frozen=True, slots=True)
class RevealView:
    table: TableView
    transactions: tuple[tuple[str, str, int, str], ...]  # the whole journal


# --------------------------------------------------------------------------------------------
# Small helpers over the state


def _card(state: IlCapoState, name: str) -> CrewCard:
    for card in state.catalog:
        if card.name == name:
            return card
    raise IllegalAction(f"There is no crew member called '{name}' in the crew catalog.")


def _known(state: IlCapoState, name: str) -> bool:
    return any(card.name == name for card in state.catalog)


def _rank(state: IlCapoState, name: str) -> tuple[int, int]:
    """Weakest first: by Execution Difficulty, then by catalog order (a fixed, visible tie-break)."""
    for i, card in enumerate(state.catalog):
        if card.name == name:
            return card.difficulty, i
    return 99, 99


def ranked_crew(state: IlCapoState, seat: int) -> tuple[str, ...]:
    """The car from the weakest (takes the bullet first) to the strongest."""
    return tuple(sorted(state.players[seat].crew, key=lambda n: _rank(state, n)))


def _difficulty(state: IlCapoState, victim: str) -> int:
    return D.PLAYER_DIFFICULTY if victim == "" else _card(state, victim).difficulty


def _needs(state: IlCapoState, victim: str) -> int:
    """The lowest spin that hits: higher than a crew member's Execution Difficulty; 9 or 10 for a player.

    "Your personal Execution Difficulty is 9, meaning ... they must spin a 9 or 10."
    """
    return D.PLAYER_DIFFICULTY if victim == "" else _card(state, victim).difficulty + 1


def _who(state: IlCapoState, seat: int, victim: str) -> str:
    name = state.players[seat].name
    return name if victim == "" else f"{name}'s {victim}"


def _owner(state: IlCapoState, crew: str) -> int:
    for seat, p in enumerate(state.players):
        if crew in p.crew:
            return seat
    return -1


def _available(state: IlCapoState, crew: str) -> bool:
    return (_owner(state, crew) < 0 and crew not in state.graveyard and crew not in state.released
            and all(j.crew != crew for j in state.jail))


def _set_player(state: IlCapoState, seat: int, **changes: Any) -> IlCapoState:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def _pay(state: IlCapoState, payer: str, payee: str, amount: int, reason: str) -> IlCapoState:
    return replace(state, ledger=state.ledger.transfer(payer, payee, amount, reason))


def _playing(state: IlCapoState) -> list[int]:
    return [s for s, p in enumerate(state.players) if p.is_playing]


def _partners(state: IlCapoState, seat: int) -> list[int]:
    return [b if a == seat else a for a, b in state.standoffs if seat in (a, b)]


def _drop_standoffs(state: IlCapoState, seat: int) -> IlCapoState:
    return replace(state, standoffs=tuple(p for p in state.standoffs if seat not in p))


def _spinner(state: IlCapoState) -> int | None:
    """Who spins next: a seat, -1 for an NPC (the Underboss), None when no spin is awaited."""
    if state.awaiting == "move":
        return state.turn
    if state.awaiting == "npc_spin":
        return -1
    if state.awaiting != "spin" or state.encounter is None:
        return None
    e = state.encounter
    if e.kind == "pvp":
        return e.actor if e.stage == 0 else e.target
    if e.kind in ("beating",):
        return e.target
    if e.kind == "brothers":
        return -1 if e.stage == 2 else e.target
    if e.kind == "moretti_fire":
        return -1
    return e.actor  # the player's own shots: Rico, the brothers, Marcello, released crew, Moretti


def _a(n: int) -> str:
    """A number with its article as said aloud: "an 8", "an 11", "a 9".

    >>> _a(8), _a(9), _a(11)
    ('an 8', 'a 9', 'an 11')
    """
    return f"an {n}" if n in (8, 11, 18) or str(n).startswith("8") else f"a {n}"


def spin_owner(state: IlCapoState) -> str:
    """Whose the spin awaited now is, in words: a player's name, an NPC's short name, or Moretti."""
    if state.awaiting == "npc_spin":
        name = NPC_NAMES[NPCS[state.npc]].split(" (")[0]
        return name[0].upper() + name[1:]  # "The Ricigliano Brothers", "Beefy Rico", "Cop car 1"
    who = _spinner(state)
    if who is None:
        return ""
    if who >= 0:
        return state.players[who].name
    e = state.encounter
    if e is not None and e.kind == "moretti_fire":
        return "Moretti"
    return "The Ricigliano Brothers" if e is not None and e.kind == "brothers" else "The Underboss"


def _saving_shields(state: IlCapoState, seat: int, shot: int, needs: int) -> list[str]:
    """Unused shield skills in ``seat``'s car that would turn ``shot`` into a miss."""
    out = []
    for name in state.players[seat].crew:
        card = _card(state, name)
        if card.effect == "shield" and name not in state.used_skills and shot - card.amount < needs:
            out.append(name)
    return out


# --------------------------------------------------------------------------------------------
# The engine


class IlCapoEngine(Engine):
    """The Underboss of Il Capo: bank, spinner, NPCs, encounters, crews, counters, the showdown."""

    name = "il-capo"
    title = "Il Capo"
    version = 1
    actions = ActionCodec(*ALL_ACTIONS)
    min_players = D.MIN_PLAYERS
    max_players = D.MAX_PLAYERS
    free_entry = frozenset({"pay", "receive", "pay_player"})  # bank payments take any amount; legal_actions lists quick amounts

    # -- setup --------------------------------------------------------------------------------
    def new(self, config: Mapping[str, Any], seed: int) -> IlCapoState:
        """Config: ``players`` (2-8 names, or a count), optional ``box`` (the table's box values,
        companion/box.py; the shipped defaults without it).

        "Each player begins with a set amount of cash ($150,000)". The catalog and board numbers
        are copied into the state (and the box into the logged config), so editing the box never
        changes a game already logged.
        """
        unknown = set(config) - {"players", "box"}
        if unknown:
            raise ConfigError(f"Il Capo has no option {', '.join(sorted(unknown))}.")
        players = config.get("players", 3)
        if isinstance(players, int) and not isinstance(players, bool):
            if not D.MIN_PLAYERS <= players <= D.MAX_PLAYERS:
                raise ConfigError(f"Il Capo is for {D.MIN_PLAYERS} to {D.MAX_PLAYERS} players, not {players}.")
            names = list(DEFAULT_NAMES[:players])
        elif isinstance(players, (list, tuple)):
            names = [str(n).strip() if isinstance(n, str) else n for n in players]
        else:
            raise ConfigError("'players' must be a list of names (or a number of players).")
        if not D.MIN_PLAYERS <= len(names) <= D.MAX_PLAYERS:
            raise ConfigError(f"Il Capo is for {D.MIN_PLAYERS} to {D.MAX_PLAYERS} players, not {len(names)}.")
        for n in names:
            if not isinstance(n, str) or not n:
                raise ConfigError("Every player needs a name.")
            if n.lower() == BANK:
                raise ConfigError(f"'{n}' is reserved for the bank; pick another name.")
        if len(set(n.lower() for n in names)) != len(names):
            raise ConfigError("Two players have the same name; give everyone a different name.")
        catalog, board = D.parse_box(config["box"] if "box" in config else D.default_box())
        ledger = Ledger.open({n: D.STARTING_CASH for n in names}, bank=0)
        return IlCapoState(players=tuple(PlayerState(n) for n in names), ledger=ledger, catalog=catalog,
                           board=board)

    def sample_config(self, players: int | None, rng: Any) -> dict[str, Any]:
        if players is None:
            players = rng.randint(D.MIN_PLAYERS, D.MAX_PLAYERS)
        players = max(D.MIN_PLAYERS, min(D.MAX_PLAYERS, players))
        return {"players": list(DEFAULT_NAMES[:players])}

    # -- queries ------------------------------------------------------------------------------
    def outcome(self, state: IlCapoState) -> Outcome | None:
        if state.awaiting != "over":
            return None
        return Outcome((state.winner,) if state.winner >= 0 else (), state.result)

    def chance_requests(self, state: IlCapoState) -> list[str]:
        s = _spinner(state)
        return ["spin"] if s is not None and s >= 0 else []

    def chance(self, state: IlCapoState, rng: Any, request: str | None = None) -> Action | None:
        """NPC spins are drawn unasked (request None); a player's spin when they ask ("spin")."""
        s = _spinner(state)
        if request is None:
            return Spun(*spin(rng)) if s == -1 else None
        if request != "spin":
            raise IllegalAction(f"'{request}' is not something to do with the spinner here; ask for 'spin'.")
        if s is None:
            raise IllegalAction(f"Nobody needs to spin now. {prompt(state)}")
        if s == -1:
            raise IllegalAction("This spin belongs to the Underboss (an NPC); it is drawn without asking.")
        return Spun(*spin(rng))

    def legal_actions(self, state: IlCapoState) -> list[Action]:
        if state.awaiting == "over":
            return []
        return [a for a in self._candidates(state) if self._why(state, a) is None]

    def _candidates(self, state: IlCapoState) -> list[Action]:
        w = state.awaiting
        out: list[Action] = []
        n = len(state.players)
        if w in ("move", "npc_spin", "spin"):
            out.extend(SPINS)
        if w == "move":
            out.extend(StandOffShoot(t) for t in _partners(state, state.turn))
        elif w == "land":
            out += [EndTurn(), LandedOnCop(), ShootRico(), ShootBrothers(), ShootMarcello(), DevelopSkyscraper(),
                    NavigateDeadMansRow(), EnterMansion()]
            out += [Challenge(t) for t in range(n)]
            for name in state.released:
                out += [PickUp(name), ShootReleased(name)]
            out += [Hire(c.name) for c in state.catalog]
            out += [UseSkill(c) for c in state.players[state.turn].crew]
        elif w == "npc_hits":
            out += [NpcHit(t) for t in range(n)] + [NpcDone()]
        elif w == "rico":
            out += [PayTax(), TakeBeating()]
        elif w == "spin" and state.encounter is not None and state.encounter.actor >= 0:
            out += [UseSkill(c) for c in state.players[state.encounter.actor].crew]
        elif w == "react" and state.encounter is not None:
            e = state.encounter
            defender = e.target if e.stage == 0 else e.actor
            out += [UseSkill(c) for c in state.players[defender].crew] + [TakeHit()]
        for seat in _playing(state):
            for amount in QUICK_AMOUNTS:
                out += [Receive(seat, amount), Pay(seat, amount)]
        if 0 <= state.turn < n and state.players[state.turn].is_playing:
            for other in _playing(state):
                if other != state.turn:
                    out += [PayPlayer(state.turn, other, amount) for amount in QUICK_AMOUNTS]
        return out

    def check(self, state: IlCapoState, action: Action) -> None:
        if self.outcome(state) is not None:
            raise IllegalAction("The game is over; nothing more can be played.")
        reason = self._why(state, action)
        if reason:
            raise IllegalAction(reason)

    def explain_illegal(self, state: IlCapoState, action: Action) -> str:
        return self._why(state, action) or f"{action.describe()} is allowed now."

    # -- legality: one place that says why not ------------------------------------------------
    def _why(self, state: IlCapoState, a: Action) -> str | None:
        """None when ``a`` may be applied now; otherwise the sentence that says why not."""
        if state.awaiting == "over":
            return "The game is over; nothing more can be played."
        if isinstance(a, (Pay, Receive, PayPlayer)):
            return self._why_bank(state, a)
        if isinstance(a, Spun):
            if not is_spin(a.number, a.side) or not isinstance(a.by_hand, bool):
                return f"The spinner shows 1 to 10 and L or R, not {a.number!r} {a.side!r}."
            if _spinner(state) is None:
                return f"Nobody needs to spin now. {prompt(state)}"
            return None
        w = state.awaiting
        p = state.players[state.turn] if 0 <= state.turn < len(state.players) else None
        if isinstance(a, StandOffShoot):
            if w != "move":
                return f"A stand-off shot is chosen at the start of a turn, instead of moving. {prompt(state)}"
            if a.target not in _partners(state, state.turn):
                return f"{p.name} is not in a stand-off with {self._seat_name(state, a.target)}."
            return None
        if isinstance(a, (NpcHit, NpcDone)):
            if w != "npc_hits":
                return f"That is asked after an NPC moves in the Syndicate phase. {prompt(state)}"
            if isinstance(a, NpcHit):
                return self._why_target(state, a.seat, NPC_NAMES[NPCS[state.npc]], npc=True)
            return None
        if isinstance(a, (PayTax, TakeBeating)):
            if w != "rico":
                return f"Nobody owes Beefy Rico right now. {prompt(state)}"
            if isinstance(a, PayTax):
                victim = state.players[state.encounter.target]
                if not state.ledger.can_pay(victim.name, D.RICO_TAX):
                    return (f"{victim.name} cannot pay Rico's {format_dollars(D.RICO_TAX)} tax with only "
                            f"{format_dollars(state.ledger.balance(victim.name))}: it is the beating.")
            return None
        if isinstance(a, TakeHit):
            return None if w == "react" else f"No shot is waiting for an answer. {prompt(state)}"
        if isinstance(a, UseSkill):
            return self._why_skill(state, a)
        # everything else is something the player whose turn it is does on the space they landed on
        if w != "land":
            if w == "move" and p is not None:
                return f"{p.name} must spin to move first. {prompt(state)}"
            return f"{a.describe()} is not possible now. {prompt(state)}"
        name = p.name
        if isinstance(a, EndTurn) or isinstance(a, LandedOnCop):
            return None
        if isinstance(a, ShootRico):
            return None if state.rico_alive else "Beefy Rico has been whacked and is off the board."
        if isinstance(a, ShootBrothers):
            return None if state.brothers_alive else "The Ricigliano Brothers have been whacked and are off the board."
        if isinstance(a, ShootMarcello):
            return None if state.marcello_alive else "Marcello Valli is already dead."
        if isinstance(a, Challenge):
            if a.target == state.turn:
                return f"{name} cannot open fire on themselves."
            return self._why_target(state, a.target, name, npc=False)
        if isinstance(a, (PickUp, ShootReleased)):
            if a.crew not in state.released:
                return f"{a.crew} is not waiting on the Out of Jail space."
            if isinstance(a, PickUp):
                return self._why_recruit(state, state.turn, a.crew, "pick up")
            return None
        if isinstance(a, Hire):
            if not _known(state, a.crew):
                return f"There is no crew member called '{a.crew}' in the crew catalog."
            if a.crew in state.graveyard:
                return f"{a.crew} was whacked and lies in the graveyard: never to be recruited again."
            owner = _owner(state, a.crew)
            if owner >= 0:
                return f"{a.crew} already rides with {state.players[owner].name}."
            if a.crew in state.released:
                return f"{a.crew} waits on the Out of Jail space: pick him up there instead."
            if not _available(state, a.crew):
                return f"{a.crew} is in Jail."
            return self._why_recruit(state, state.turn, a.crew, "hire")
        if isinstance(a, DevelopSkyscraper):
            if p.skyscraper:
                return f"{name} has already developed a Skyscraper."
            cost = self._skyscraper_cost(state)
            if not state.ledger.can_pay(name, cost):
                return (f"{name} cannot pay {format_dollars(cost)} for a Skyscraper"
                        f"{'' if not state.marcello_alive else ' and Marcello Valli' + chr(39) + 's dues'}: "
                        f"only {format_dollars(state.ledger.balance(name))} on hand.")
            return None
        if isinstance(a, NavigateDeadMansRow):
            return f"{name} has already made it through Dead Man's Row." if p.dead_mans_row else None
        if isinstance(a, EnterMansion):
            missing = []
            if not p.skyscraper:
                missing.append("develop a Skyscraper")
            if not p.dead_mans_row:
                missing.append("navigate Dead Man's Row")
            if missing:
                return f"{name} must first {' and '.join(missing)} before entering the Mansion."
            if not state.ledger.can_pay(name, D.BUY_OFF):
                return (f"{name} cannot pay the {format_dollars(D.BUY_OFF)} buy-off: only "
                        f"{format_dollars(state.ledger.balance(name))} on hand.")
            return None
        return f"{a.describe()} is not possible now. {prompt(state)}"

    @staticmethod
    def _seat_name(state: IlCapoState, seat: int) -> str:
        if isinstance(seat, int) and 0 <= seat < len(state.players):
            return state.players[seat].name
        return f"seat {seat!r}"

    def _why_target(self, state: IlCapoState, seat: int, by: str, npc: bool) -> str | None:
        if not isinstance(seat, int) or not 0 <= seat < len(state.players):
            return f"There is no player at seat {seat!r}."
        p = state.players[seat]
        if not p.is_playing:
            return f"{p.name} is out of the game ({p.out})."
        if p.prison:
            return f"{p.name} is in prison, a safe zone: nobody can touch them there."
        if p.hospital:
            return f"{p.name} is in the hospital, a safe zone: nobody can touch them there."
        if npc and seat in state.npc_hit:
            return f"{by} has already dealt with {p.name} on this move."
        return None

    def _why_recruit(self, state: IlCapoState, seat: int, crew: str, verb: str) -> str | None:
        p = state.players[seat]
        if len(p.crew) >= D.CAR_CAPACITY:
            return f"{p.name}'s car is full: {D.CAR_CAPACITY} crew members plus {p.name}."
        cost = _card(state, crew).cost
        if not state.ledger.can_pay(p.name, cost):
            return (f"{p.name} cannot pay {format_dollars(cost)} to {verb} {crew}: only "
                    f"{format_dollars(state.ledger.balance(p.name))} on hand.")
        return None

    def _why_skill(self, state: IlCapoState, a: UseSkill) -> str | None:
        if not _known(state, a.crew):
            return f"There is no crew member called '{a.crew}' in the crew catalog."
        card = _card(state, a.crew)
        owner = _owner(state, a.crew)
        if owner < 0:
            return f"{a.crew} is not in anyone's car, so their skill cannot be used."
        if a.crew in state.used_skills:
            return f"{a.crew}'s {card.skill} has already been used: each skill works once per game."
        w, e = state.awaiting, state.encounter
        label = f"{a.crew}'s {card.skill}"
        if w == "land":
            if owner != state.turn:
                return f"{label} belongs to {state.players[owner].name}, whose turn it is not."
            if card.effect != "board":
                return f"{label} is a combat skill: it is used during a shootout, not on the board."
            return None
        if w == "spin" and e is not None:
            if e.kind in ("shoot_rico", "shoot_brothers", "shoot_marcello", "showdown", "moretti_fire",
                          "brothers", "beating"):
                return f"Skills cannot be used against the Moretti Family (the Moretti guardrail)."
            if e.kind not in ("pvp", "shoot_released") or e.stage != 0:
                return "An offensive skill applies only to the initial shot."
            if owner != e.actor:
                return f"{label} belongs to {state.players[owner].name}, who is not taking this shot."
            if card.effect != "shot_bonus":
                return f"{label} is not an offensive skill."
            if e.bonus:
                return "One offensive skill per shot: a bonus is already declared."
            return None
        if w == "react" and e is not None:
            defender = e.target if e.stage == 0 else e.actor
            if owner != defender:
                return f"{label} belongs to {state.players[owner].name}, who is not being shot at."
            if card.effect != "shield":
                return f"{label} is not a defensive skill."
            needs = _needs(state, e.victim)
            if e.spin - card.amount >= needs:
                return (f"{label} (-{card.amount}) would not stop {_a(e.spin)}: {e.spin - card.amount} still "
                        f"hits {_who(state, defender, e.victim)} (needs {needs} or more).")
            return None
        return f"No skill can be used now. {prompt(state)}"

    def _why_bank(self, state: IlCapoState, a: Action) -> str | None:
        seats = (a.payer, a.payee) if isinstance(a, PayPlayer) else (a.seat,)
        for s in seats:
            if not isinstance(s, int) or not 0 <= s < len(state.players):
                return f"There is no player at seat {s!r}."
        if not isinstance(a.amount, int) or isinstance(a.amount, bool) or a.amount <= 0:
            return f"An amount must be a whole number of dollars above $0, not {a.amount!r}."
        if not isinstance(a.note, str):
            return "A note must be text."
        for s_ in seats:
            if not state.players[s_].is_playing:
                return f"{state.players[s_].name} is out of the game: no money changes hands with them any more."
        if isinstance(a, PayPlayer):
            if a.payer == a.payee:
                return f"{state.players[a.payer].name} cannot pay themselves."
            payer = state.players[a.payer].name
        elif isinstance(a, Pay):
            payer = state.players[a.seat].name
        else:
            return None
        if not state.ledger.can_pay(payer, a.amount):
            return (f"{payer} cannot pay {format_dollars(a.amount)}: only "
                    f"{format_dollars(state.ledger.balance(payer))} on hand.")
        return None

    @staticmethod
    def _skyscraper_cost(state: IlCapoState) -> int:
        return state.board.skyscraper_cost + (state.board.marcello_dues if state.marcello_alive else 0)

    # -- applying -------------------------------------------------------------------------------
    def _apply(self, state: IlCapoState, a: Action) -> tuple[IlCapoState, list[Event]]:
        ev: list[Event] = []
        state = self._dispatch(state, a, ev)
        state = self._check_last_standing(state, ev)
        return state, ev

    def _dispatch(self, s: IlCapoState, a: Action, ev: list[Event]) -> IlCapoState:
        if isinstance(a, (Pay, Receive, PayPlayer)):
            return self._bank(s, a, ev)
        if isinstance(a, Spun):
            s = replace(s, last_spin=(a.number, a.side), last_spin_by=spin_owner(s))
            if s.awaiting == "move":
                return self._move(s, a, ev)
            if s.awaiting == "npc_spin":
                return self._npc_move(s, a, ev)
            return self._encounter_spin(s, a, ev)
        if isinstance(a, StandOffShoot):
            me = s.players[s.turn].name
            ev.append(Event("stand_off", f"{me} stays and shoots it out with {s.players[a.target].name}.",
                            data={"seat": s.turn, "target": a.target}))
            return self._open_pvp(s, s.turn, a.target, ev)
        if isinstance(a, NpcHit):
            return self._npc_hit(s, a.seat, ev)
        if isinstance(a, NpcDone):
            return self._next_npc(s, ev)
        if isinstance(a, PayTax):
            seat = s.encounter.target
            name = s.players[seat].name
            s = _pay(s, name, BANK, D.RICO_TAX, "tax (Beefy Rico)")
            ev.append(Event("tax", f"{name} pays Beefy Rico's tax of {format_dollars(D.RICO_TAX)}.",
                            data={"seat": seat, "amount": D.RICO_TAX}))
            return self._finish(s, ev)
        if isinstance(a, TakeBeating):
            return self._start_beating(s, s.encounter.target, s.encounter.origin, ev)
        if isinstance(a, TakeHit):
            e = s.encounter
            defender = e.target if e.stage == 0 else e.actor
            ev.append(Event("shot", f"No shield: the {e.spin} hits {_who(s, defender, e.victim)}.",
                            data={"target": defender, "number": e.spin, "hit": True}))
            return self._pvp_hit(s, e.victim, ev)
        if isinstance(a, UseSkill):
            return self._use_skill(s, a, ev)
        return self._land(s, a, ev)

    # -- bank -------------------------------------------------------------------------------------
    def _bank(self, s: IlCapoState, a: Action, ev: list[Event]) -> IlCapoState:
        reason = "manual" + (f" ({a.note})" if a.note else "")
        money = format_dollars(a.amount)
        if isinstance(a, Pay):
            name = s.players[a.seat].name
            s = _pay(s, name, BANK, a.amount, reason)
            text = f"{name} pays {money} to the bank."
        elif isinstance(a, Receive):
            name = s.players[a.seat].name
            s = _pay(s, BANK, name, a.amount, reason)
            text = f"{name} receives {money} from the bank."
        else:
            payer, payee = s.players[a.payer].name, s.players[a.payee].name
            s = _pay(s, payer, payee, a.amount, reason)
            text = f"{payer} pays {money} to {payee}."
        ev.append(Event("money", text + (f" ({a.note})" if a.note else ""), data={"amount": a.amount}))
        return s

    # -- turns and rounds -------------------------------------------------------------------------
    def _advance(self, s: IlCapoState, start: int, ev: list[Event]) -> IlCapoState:
        """Hand the turn to the next seat from ``start`` that can play; skipped turns tick counters.

        "skip 3 turns": each turn that comes round while a counter is above zero is skipped and
        counts down; at zero the player is released and plays their next turn.
        """
        seat = start
        while seat < len(s.players):
            p = s.players[seat]
            if not p.is_playing:
                seat += 1
                continue
            if p.prison or p.hospital:
                where = "prison" if p.prison else "the hospital"
                left = (p.prison or p.hospital) - 1
                changes = {"prison": left, "from_prison": not left} if p.prison else {"hospital": left}
                s = _set_player(s, seat, **changes)
                if left:
                    text = f"{p.name} sits out this turn in {where} ({left} more to go)."
                elif p.prison:
                    text = (f"{p.name} sits out a last turn in prison and is released: play resumes from the "
                            f"Out of Jail space next turn.")
                else:
                    text = f"{p.name} sits out a last turn in the hospital and is back on the street next turn."
                ev.append(Event("turn_skipped", text, data={"seat": seat, "where": where, "left": left}))
                seat += 1
                continue
            s = replace(s, turn=seat, awaiting="move", encounter=None)
            if p.from_prison:
                extra_jail = " You start from the Out of Jail space."
            else:
                extra_jail = ""
            partners = _partners(s, seat)
            extra = ""
            if partners:
                others = " and ".join(s.players[o].name for o in partners)
                extra = f" In a stand-off with {others}: spin to flee, or stay and shoot."
            ev.append(Event("turn", f"Round {s.round}: {p.name}'s turn. Spin to move.{extra_jail}{extra}",
                            data={"seat": seat, "round": s.round}))
            return s
        return self._start_syndicate(s, ev)

    def _next_turn(self, s: IlCapoState, ev: list[Event]) -> IlCapoState:
        return self._advance(replace(s, encounter=None), s.turn + 1, ev)

    def _start_syndicate(self, s: IlCapoState, ev: list[Event]) -> IlCapoState:
        """ "After every player has moved, the Underboss spins for the NPC Threats." """
        ev.append(Event("syndicate", f"Round {s.round} is played. The Syndicate phase: the Underboss spins "
                                     f"for the NPCs.", data={"round": s.round}))
        return self._npc_from(replace(s, encounter=None, turn=len(s.players)), 0, ev)

    def _npc_alive(self, s: IlCapoState, npc: str) -> bool:
        return {"rico": s.rico_alive, "brothers": s.brothers_alive}.get(npc, True)

    def _npc_from(self, s: IlCapoState, index: int, ev: list[Event]) -> IlCapoState:
        while index < len(NPCS) and not self._npc_alive(s, NPCS[index]):
            index += 1
        if index >= len(NPCS):
            return self._end_round(s, ev)
        npc = NPC_NAMES[NPCS[index]]
        ev.append(Event("npc_turn", f"Spinning for {npc}.", data={"npc": NPCS[index]}))
        return replace(s, awaiting="npc_spin", npc=index, npc_hit=(), npc_move=None)

    def _npc_move(self, s: IlCapoState, a: Spun, ev: list[Event]) -> IlCapoState:
        """ "The L (Left) or R (Right) result on the spinner determines their mandatory direction." """
        npc = NPCS[s.npc]
        way = "left" if a.side == "L" else "right (or straight where there is no right turn)"
        spaces = "space" if a.number == 1 else "spaces"
        text = (f"{NPC_NAMES[npc][0].upper() + NPC_NAMES[npc][1:]} moves {a.number} {spaces}, turning {way}. "
                f"Did it land on anyone?")
        ev.append(Event("npc_moved", text, data={"npc": npc, "number": a.number, "side": a.side}))
        return replace(s, awaiting="npc_hits", npc_move=(a.number, a.side))

    def _next_npc(self, s: IlCapoState, ev: list[Event]) -> IlCapoState:
        return self._npc_from(replace(s, encounter=None), s.npc + 1, ev)

    def _end_round(self, s: IlCapoState, ev: list[Event]) -> IlCapoState:
        """Jailed crew are released "after three full rounds of turns are played"."""
        done = s.round
        free = [j for j in s.jail if j.release_after_round <= done]
        for j in free:
            ev.append(Event("released", f"{j.crew} ({j.owner}'s crew) is released from Jail and waits, unarmed, "
                                        f"on the Out of Jail space.", data={"crew": j.crew}))
        s = replace(s, jail=tuple(j for j in s.jail if j not in free),
                    released=s.released + tuple(j.crew for j in free), round=done + 1, npc=0, npc_hit=())
        return self._advance(s, 0, ev)

    # -- a player's move and landing --------------------------------------------------------------
    def _move(self, s: IlCapoState, a: Spun, ev: list[Event]) -> IlCapoState:
        p = s.players[s.turn]
        partners = _partners(s, s.turn)
        if partners:
            others = " and ".join(s.players[o].name for o in partners)
            ev.append(Event("fled", f"{p.name} flees the stand-off with {others}.", data={"seat": s.turn}))
            s = _drop_standoffs(s, s.turn)
        if p.from_prison:
            s = _set_player(s, s.turn, from_prison=False)
        ev.append(Event("moved", f"{p.name} spins {a.number}: move {a.number} space{'' if a.number == 1 else 's'}. "
                                        f"Where did you land?",
                        data={"seat": s.turn, "number": a.number, "side": a.side}))
        return replace(s, awaiting="land")

    def _land(self, s: IlCapoState, a: Action, ev: list[Event]) -> IlCapoState:
        seat = s.turn
        p = s.players[seat]
        name = p.name
        if isinstance(a, EndTurn):
            return self._next_turn(s, ev)
        if isinstance(a, LandedOnCop):
            s = self._bust(s, seat, ev)
            return self._next_turn(s, ev)
        if isinstance(a, Hire):
            card = _card(s, a.crew)
            s = _pay(s, name, BANK, card.cost, f"hire ({a.crew})")
            s = _set_player(s, seat, crew=p.crew + (a.crew,))
            ev.append(Event("hired", f"{name} hires {a.crew}, a {card.tier_name} with Execution Difficulty "
                                     f"{card.difficulty}, for {format_dollars(card.cost)}.",
                            data={"seat": seat, "crew": a.crew, "cost": card.cost}))
            return s
        if isinstance(a, PickUp):
            card = _card(s, a.crew)
            s = _pay(s, name, BANK, card.cost, f"pick-up ({a.crew})")
            s = _set_player(s, seat, crew=p.crew + (a.crew,))
            s = replace(s, released=tuple(c for c in s.released if c != a.crew))
            ev.append(Event("picked_up", f"{name} picks up {a.crew} from the Out of Jail space for "
                                         f"{format_dollars(card.cost)}.", data={"seat": seat, "crew": a.crew}))
            return self._next_turn(s, ev)
        if isinstance(a, DevelopSkyscraper):
            s = _pay(s, name, BANK, s.board.skyscraper_cost, "skyscraper")
            text = f"{name} develops a Skyscraper for {format_dollars(s.board.skyscraper_cost)}"
            if s.marcello_alive:
                s = _pay(s, name, BANK, s.board.marcello_dues, "dues (Marcello Valli)")
                text += f" and pays Marcello Valli's dues of {format_dollars(s.board.marcello_dues)}."
            else:
                text += "; Marcello Valli is dead, so no dues."
            ev.append(Event("skyscraper", text, data={"seat": seat}))
            return _set_player(s, seat, skyscraper=True)
        if isinstance(a, NavigateDeadMansRow):
            ev.append(Event("dead_mans_row", f"{name} made it through Dead Man's Row.", data={"seat": seat}))
            return _set_player(s, seat, dead_mans_row=True)
        if isinstance(a, EnterMansion):
            s = _pay(s, name, BANK, D.BUY_OFF, "buy-off (Moretti guards)")
            ev.append(Event("buy_off", f"{name} pays the {format_dollars(D.BUY_OFF)} buy-off and slips into the "
                                       f"Mansion with {len(p.crew)} crew. Spin: spin plus crew must reach "
                                       f"{D.SHOWDOWN_TARGET}.", data={"seat": seat, "crew": len(p.crew)}))
            return replace(s, awaiting="spin", encounter=Encounter("showdown", seat, -1, "turn"))
        if isinstance(a, Challenge):
            ev.append(Event("challenge", f"{name} opens fire on {s.players[a.target].name}!",
                            data={"seat": seat, "target": a.target}))
            return self._open_pvp(s, seat, a.target, ev)
        kinds = {ShootRico: ("shoot_rico", "Beefy Rico", s.board.rico_difficulty),
                 ShootBrothers: ("shoot_brothers", "the Ricigliano Brothers", s.board.brothers_difficulty),
                 ShootMarcello: ("shoot_marcello", "Marcello Valli", s.board.marcello_difficulty)}
        if type(a) in kinds:
            kind, who, diff = kinds[type(a)]
            twice = " Two hits in a row are needed." if kind == "shoot_brothers" else ""
            ev.append(Event("shoot_npc", f"{name} takes a shot at {who}: spin higher than {diff} to hit."
                                         f"{twice}",
                            data={"seat": seat, "npc": kind[6:]}))
            return replace(s, awaiting="spin", encounter=Encounter(kind, seat, -1, "turn"))
        if isinstance(a, ShootReleased):
            diff = _card(s, a.crew).difficulty
            ev.append(Event("shoot_released", f"{name} takes a shot at {a.crew} (unarmed): spin higher than "
                                              f"{diff}, his Execution Difficulty.", data={"seat": seat, "crew": a.crew}))
            return replace(s, awaiting="spin", encounter=Encounter("shoot_released", seat, -1, "turn", crew=a.crew))
        raise IllegalAction(f"{a.describe()} is not possible now.")  # pragma: no cover (checked before)

    # -- Syndicate encounters ----------------------------------------------------------------------
    def _npc_hit(self, s: IlCapoState, seat: int, ev: list[Event]) -> IlCapoState:
        npc = NPCS[s.npc]
        s = replace(s, npc_hit=s.npc_hit + (seat,))
        if npc in ("cop1", "cop2"):
            return self._bust(s, seat, ev)
        if npc == "rico":
            return self._start_rico(s, seat, "syndicate", ev)
        return self._start_brothers(s, seat, "syndicate", ev)

    def _bust(self, s: IlCapoState, seat: int, ev: list[Event]) -> IlCapoState:
        """Cops: "Move your lowest level Crew Member piece to Jail" / alone: prison, skip 3 turns."""
        p = s.players[seat]
        if p.crew:
            low = ranked_crew(s, seat)[0]
            release = s.round + D.JAIL_ROUNDS
            s = _set_player(s, seat, crew=tuple(c for c in p.crew if c != low))
            s = replace(s, jail=s.jail + (Jailed(low, p.name, release),))
            ev.append(Event("busted", f"Busted! {p.name}'s lowest crew member, {low}, goes to Jail until three "
                                      f"full rounds are played (end of round {release}).",
                            data={"seat": seat, "crew": low, "release_after_round": release}))
            return s
        s = _drop_standoffs(_set_player(s, seat, prison=D.SAFE_ZONE_TURNS), seat)
        ev.append(Event("prison", f"Busted! {p.name} is alone and goes to prison: safe, but skipping the next "
                                  f"{D.SAFE_ZONE_TURNS} turns.", data={"seat": seat}))
        return s

    def _start_rico(self, s: IlCapoState, seat: int, origin: str, ev: list[Event]) -> IlCapoState:
        """Rico: "Pay the Tax ($250,000) or Take a Beating ... Unless you do not have the money"."""
        name = s.players[seat].name
        if not s.ledger.can_pay(name, D.RICO_TAX):
            ev.append(Event("rico", f"Beefy Rico wants his cut from {name}, who cannot pay "
                                    f"{format_dollars(D.RICO_TAX)}, so there is no choice.",
                            data={"seat": seat, "forced": True}))
            return self._start_beating(s, seat, origin, ev)
        ev.append(Event("rico", f"Beefy Rico wants his cut from {name}: pay {format_dollars(D.RICO_TAX)} "
                                f"or take a beating.", data={"seat": seat, "forced": False}))
        return replace(s, awaiting="rico", encounter=Encounter("rico", -1, seat, origin))

    def _start_beating(self, s: IlCapoState, seat: int, origin: str, ev: list[Event]) -> IlCapoState:
        ev.append(Event("beating", f"{s.players[seat].name} takes the beating: spin. "
                                   f"{D.BEATING_HOSPITAL_AT_MOST} or less means the hospital.", data={"seat": seat}))
        return replace(s, awaiting="spin", encounter=Encounter("beating", -1, seat, origin))

    def _start_brothers(self, s: IlCapoState, seat: int, origin: str, ev: list[Event]) -> IlCapoState:
        """ "You must beat Bobby (Intelligence/Charisma) AND Vinnie (Strength)." """
        name = s.players[seat].name
        if not s.players[seat].crew:
            ev.append(Event("brothers", f"The Ricigliano Brothers come for {name}, who has no crew: they shoot "
                                        f"straight at {name}. A 9 or 10 ends {name}'s game.", data={"seat": seat}))
            return replace(s, awaiting="spin", encounter=Encounter("brothers", -1, seat, origin, stage=2))
        ev.append(Event("brothers", f"The Ricigliano Brothers try to whack {name}'s crew. {name}: spin against "
                                    f"Bobby Ricigliano; {D.BROTHERS_LOSE_AT_MOST} or lower loses your weakest crew member.",
                        data={"seat": seat}))
        return replace(s, awaiting="spin", encounter=Encounter("brothers", -1, seat, origin))

    # -- the spins of an encounter ------------------------------------------------------------------
    def _encounter_spin(self, s: IlCapoState, a: Spun, ev: list[Event]) -> IlCapoState:
        e = s.encounter
        n = a.number
        handler = getattr(self, f"_spin_{e.kind}")
        return handler(s, e, n, ev)

    def _spin_beating(self, s, e, n, ev):
        name = s.players[e.target].name
        if n <= D.BEATING_HOSPITAL_AT_MOST:
            s = _drop_standoffs(_set_player(s, e.target, hospital=D.SAFE_ZONE_TURNS), e.target)
            ev.append(Event("hospital", f"{name} spins {n}: beaten badly, off to the hospital for "
                                        f"{D.SAFE_ZONE_TURNS} turns.", data={"seat": e.target, "number": n}))
        else:
            ev.append(Event("beating_survived", f"{name} spins {n} and walks the beating off.",
                            data={"seat": e.target, "number": n}))
        return self._finish(s, ev)

    def _spin_brothers(self, s, e, n, ev):
        """ "Lose the first spin (6 or lower) and lose your weakest Crew Member. Lose the 2nd ... top"."""
        seat = e.target
        name = s.players[seat].name
        if e.stage == 2:
            if n >= D.BROTHERS_KILL_AT_LEAST:
                ev.append(Event("shot", f"The Riciglianos spin {n}: {name} is whacked. {name}'s game is over.",
                                data={"seat": seat, "number": n, "hit": True}))
                s = self._whack_player(s, seat, "whacked by the Ricigliano Brothers", ev)
            else:
                ev.append(Event("shot", f"The Riciglianos spin {n} and miss {name}.",
                                data={"seat": seat, "number": n, "hit": False}))
            return self._finish(s, ev)
        brother = "Bobby Ricigliano" if e.stage == 0 else "Vinnie Ricigliano"
        if n <= D.BROTHERS_LOSE_AT_MOST:
            ranked = ranked_crew(s, seat)
            lost = ranked[0] if e.stage == 0 else ranked[-1]
            which = "weakest" if e.stage == 0 else "top"
            ev.append(Event("lost_to_brothers", f"{name} spins {n} and loses to {brother}: {name}'s {which} crew "
                                                f"member, {lost}, is whacked.",
                            data={"seat": seat, "number": n, "crew": lost}))
            s = self._whack_crew(s, seat, lost, ev)
            if not s.players[seat].crew:
                ev.append(Event("brothers", f"{name} has run out of crew: the Riciglianos shoot straight at "
                                            f"{name}. A 9 or 10 ends {name}'s game.", data={"seat": seat}))
                return replace(s, encounter=replace(e, stage=2))
        else:
            ev.append(Event("beat_brother", f"{name} spins {n} and beats {brother}.",
                            data={"seat": seat, "number": n}))
        if e.stage == 0:
            ev.append(Event("brothers", f"{name}: now spin against Vinnie Ricigliano; {D.BROTHERS_LOSE_AT_MOST} or lower loses "
                                        f"your top crew member.", data={"seat": seat}))
            return replace(s, encounter=replace(e, stage=1))
        return self._finish(s, ev)

    def _spin_shoot_rico(self, s, e, n, ev):
        name = s.players[e.actor].name
        if n > s.board.rico_difficulty:
            s = replace(s, rico_alive=False)
            s = _pay(s, BANK, name, D.MORETTI_BOUNTY, "bounty (Beefy Rico)")
            ev.append(Event("whacked_npc", f"{name} spins {n}: Beefy Rico is whacked and off the board. "
                                           f"{format_dollars(D.MORETTI_BOUNTY)} bounty to {name}.",
                            data={"seat": e.actor, "npc": "rico", "number": n}))
            return self._finish(s, ev)
        ev.append(Event("missed_npc", f"{name} spins {n} and misses Beefy Rico. Rico returns fire!",
                        data={"seat": e.actor, "npc": "rico", "number": n}))
        return self._start_rico(replace(s, encounter=None), e.actor, e.origin, ev)

    def _spin_shoot_brothers(self, s, e, n, ev):
        name = s.players[e.actor].name
        if n > s.board.brothers_difficulty:
            if e.stage == 0:
                ev.append(Event("hit_npc", f"{name} spins {n}: one down. Spin again: both must fall.",
                                data={"seat": e.actor, "npc": "brothers", "number": n}))
                return replace(s, encounter=replace(e, stage=1))
            s = replace(s, brothers_alive=False)
            s = _pay(s, BANK, name, D.MORETTI_BOUNTY, "bounty (Ricigliano Brothers)")
            ev.append(Event("whacked_npc", f"{name} spins {n}: the Ricigliano Brothers are whacked and off the "
                                           f"board. {format_dollars(D.MORETTI_BOUNTY)} bounty to {name}.",
                            data={"seat": e.actor, "npc": "brothers", "number": n}))
            return self._finish(s, ev)
        ev.append(Event("missed_npc", f"{name} spins {n} and misses. The Ricigliano Brothers return fire!",
                        data={"seat": e.actor, "npc": "brothers", "number": n}))
        return self._start_brothers(replace(s, encounter=None), e.actor, e.origin, ev)

    def _spin_shoot_marcello(self, s, e, n, ev):
        name = s.players[e.actor].name
        if n > s.board.marcello_difficulty:
            s = replace(s, marcello_alive=False)
            s = _pay(s, BANK, name, D.MORETTI_BOUNTY, "bounty (Marcello Valli)")
            ev.append(Event("whacked_npc", f"{name} spins {n}: Marcello Valli is whacked. "
                                           f"{format_dollars(D.MORETTI_BOUNTY)} bounty to {name}; all dues to "
                                           f"Marcello are waived from now on.",
                            data={"seat": e.actor, "npc": "marcello", "number": n}))
        else:
            ev.append(Event("missed_npc", f"{name} spins {n} and misses Marcello Valli. Follow the directions on "
                                          f"the board.", data={"seat": e.actor, "npc": "marcello", "number": n}))
        return self._finish(s, ev)

    def _spin_shoot_released(self, s, e, n, ev):
        """Released crew "are not armed and will NOT return fire"."""
        name = s.players[e.actor].name
        total = n + e.bonus
        diff = _card(s, e.crew).difficulty
        shown = f"{n}+{e.bonus}={total}" if e.bonus else str(n)
        if total > diff:
            s = replace(s, released=tuple(c for c in s.released if c != e.crew), graveyard=s.graveyard + (e.crew,))
            s = _pay(s, BANK, name, D.CREW_BOUNTY, f"bounty ({e.crew})")
            ev.append(Event("whacked", f"{name} spins {shown}: {e.crew} is whacked and goes to the graveyard. "
                                       f"{format_dollars(D.CREW_BOUNTY)} bounty to {name}.",
                            data={"seat": e.actor, "crew": e.crew, "number": n}))
        else:
            ev.append(Event("missed", f"{name} spins {shown} and misses {e.crew}, who is unarmed and does not "
                                      f"return fire.", data={"seat": e.actor, "crew": e.crew, "number": n}))
        return self._finish(s, ev)

    def _spin_showdown(self, s, e, n, ev):
        """ "Add your Spin Total to the number of Crewmembers in your car. 10 or Higher" wins."""
        seat = e.actor
        p = s.players[seat]
        total = n + len(p.crew)
        if total >= D.SHOWDOWN_TARGET:
            ev.append(Event("il_capo", f"{p.name} spins {n} + {len(p.crew)} crew = {total}: Vincenzo 'The Vise' "
                                       f"Moretti is whacked. Welcome to the throne, {p.name}: IL CAPO!",
                            data={"seat": seat, "number": n, "total": total}))
            return replace(s, awaiting="over", encounter=None, winner=seat,
                           result=f"{p.name} whacked Vincenzo 'The Vise' Moretti and is Il Capo.")
        queue = ranked_crew(s, seat) + ("",)
        ev.append(Event("moretti_fire", f"{p.name} spins {n} + {len(p.crew)} crew = {total}: the hit fails. Boss "
                                        f"Moretti returns fire on each of them, lowest rank first.",
                        data={"seat": seat, "number": n, "total": total}))
        return replace(s, encounter=Encounter("moretti_fire", seat, -1, "turn", queue=queue))

    def _spin_moretti_fire(self, s, e, n, ev):
        """Moretti "targets your crew from lowest rank to highest. Spin for each member (including yourself)"."""
        seat = e.actor
        victim, rest = e.queue[0], e.queue[1:]
        diff = _difficulty(s, victim)
        who = _who(s, seat, victim)
        if n >= _needs(s, victim):
            ev.append(Event("shot", f"Moretti spins {n} against {who} (difficulty {diff}): hit.",
                            data={"seat": seat, "crew": victim, "number": n, "hit": True}))
            if victim:
                s = self._whack_crew(s, seat, victim, ev)
            else:
                s = self._whack_player(s, seat, "whacked by Vincenzo Moretti", ev)
                return self._finish(s, ev)
        else:
            ev.append(Event("shot", f"Moretti spins {n} against {who} (difficulty {diff}): missed.",
                            data={"seat": seat, "crew": victim, "number": n, "hit": False}))
        if rest:
            return replace(s, encounter=replace(e, queue=rest))
        name = s.players[seat].name
        s = _drop_standoffs(_set_player(s, seat, hospital=D.SAFE_ZONE_TURNS, dead_mans_row=False), seat)
        ev.append(Event("hospital", f"{name} survives the hail of bullets and regroups at the hospital with the "
                                    f"surviving crew for {D.SAFE_ZONE_TURNS} turns.", data={"seat": seat}))
        return self._finish(s, ev)

    # -- player against player ---------------------------------------------------------------------
    def _open_pvp(self, s: IlCapoState, actor: int, target: int, ev: list[Event]) -> IlCapoState:
        s = replace(s, awaiting="spin", encounter=Encounter("pvp", actor, target, "turn"))
        victim = ranked_crew(s, target)[0] if s.players[target].crew else ""
        ev.append(Event("aim", f"{s.players[actor].name} aims at {_who(s, target, victim)} (Execution Difficulty "
                               f"{_difficulty(s, victim)}): {_a(_needs(s, victim))} or more hits.",
                        data={"seat": actor, "target": target, "victim": victim}))
        return s

    def _spin_pvp(self, s, e, n, ev):
        """ "If the number is higher than that character's Execution Difficulty, they are removed"."""
        shooter, defender = (e.actor, e.target) if e.stage == 0 else (e.target, e.actor)
        victim = ranked_crew(s, defender)[0] if s.players[defender].crew else ""
        diff = _difficulty(s, victim)
        bonus = e.bonus if e.stage == 0 else 0
        total = n + bonus
        shown = f"{n}+{bonus}={total}" if bonus else str(n)
        who = _who(s, defender, victim)
        shooter_name = s.players[shooter].name
        if total >= _needs(s, victim):
            shields = _saving_shields(s, defender, total, _needs(s, victim))
            if shields:
                ev.append(Event("shield_offer", f"{shooter_name} spins {shown} against {who}: a hit, unless "
                                                f"{s.players[defender].name} uses a shield skill.",
                                data={"seat": shooter, "target": defender, "number": n}))
                return replace(s, awaiting="react", encounter=replace(e, spin=total, victim=victim))
            ev.append(Event("shot", f"{shooter_name} spins {shown} against {who} (difficulty {diff}): hit.",
                            data={"seat": shooter, "target": defender, "number": n, "hit": True}))
            return self._pvp_hit(replace(s, encounter=replace(e, victim=victim)), victim, ev)
        ev.append(Event("shot", f"{shooter_name} spins {shown} against {who} (difficulty {diff}): missed.",
                        data={"seat": shooter, "target": defender, "number": n, "hit": False}))
        return self._pvp_miss(s, ev)

    def _pvp_miss(self, s: IlCapoState, ev: list[Event]) -> IlCapoState:
        """ "Return Fire: If you miss, the defender immediately gets a chance to return fire"."""
        e = s.encounter
        if e.stage == 0:
            victim = ranked_crew(s, e.actor)[0] if s.players[e.actor].crew else ""
            ev.append(Event("return_fire", f"{s.players[e.target].name} returns fire at {_who(s, e.actor, victim)} "
                                           f"(Execution Difficulty {_difficulty(s, victim)}): {_a(_needs(s, victim))} or more hits.",
                            data={"seat": e.target, "target": e.actor}))
            return replace(s, awaiting="spin", encounter=replace(e, stage=1, spin=0, victim=""))
        return self._end_pvp(s, ev)

    def _pvp_hit(self, s: IlCapoState, victim: str, ev: list[Event]) -> IlCapoState:
        e = s.encounter
        shooter, defender = (e.actor, e.target) if e.stage == 0 else (e.target, e.actor)
        shooter_name = s.players[shooter].name
        if victim:
            s = self._whack_crew(s, defender, victim, ev)
            s = _pay(s, BANK, shooter_name, D.CREW_BOUNTY, f"bounty ({victim})")
            ev.append(Event("bounty", f"{format_dollars(D.CREW_BOUNTY)} bounty to {shooter_name}.",
                            data={"seat": shooter, "amount": D.CREW_BOUNTY}))
        else:
            name = s.players[defender].name
            s = self._whack_player(s, defender, f"whacked by {shooter_name}", ev)
            s = _pay(s, BANK, shooter_name, D.PLAYER_BOUNTY, f"bounty ({name})")
            ev.append(Event("bounty", f"{format_dollars(D.PLAYER_BOUNTY)} bounty to {shooter_name}.",
                            data={"seat": shooter, "amount": D.PLAYER_BOUNTY}))
        return self._end_pvp(s, ev)

    def _end_pvp(self, s: IlCapoState, ev: list[Event]) -> IlCapoState:
        """ "If both players survive, they remain on the same square" — a stand-off."""
        e = s.encounter
        a, b = s.players[e.actor], s.players[e.target]
        if a.is_playing and b.is_playing:
            pair = (min(e.actor, e.target), max(e.actor, e.target))
            if pair not in s.standoffs:
                s = replace(s, standoffs=s.standoffs + (pair,))
            ev.append(Event("stand_off", f"{a.name} and {b.name} both survive: a stand-off on the same square. On "
                                         f"their turn each may flee (spin to move) or stay and shoot.",
                            data={"seats": pair}))
        return self._finish(s, ev)

    # -- skills -------------------------------------------------------------------------------------
    def _use_skill(self, s: IlCapoState, a: UseSkill, ev: list[Event]) -> IlCapoState:
        card = _card(s, a.crew)
        owner = _owner(s, a.crew)
        name = s.players[owner].name
        s = replace(s, used_skills=s.used_skills + (a.crew,))
        if s.awaiting == "land":
            ev.append(Event("skill", f"{name} uses {a.crew}'s {card.skill}: {card.text} Play the space you land "
                                     f"on.", data={"seat": owner, "crew": a.crew}))
            return s
        e = s.encounter
        if s.awaiting == "spin":
            ev.append(Event("skill", f"{name} uses {a.crew}'s {card.skill}: +{card.amount} to this shot.",
                            data={"seat": owner, "crew": a.crew}))
            return replace(s, encounter=replace(e, bonus=card.amount))
        # react: "the attacker's turn ends if the modified spin fails. The defender then takes their
        # Return Fire shot using standard rules."
        total = e.spin - card.amount
        ev.append(Event("skill", f"{name} uses {a.crew}'s {card.skill}: the shot drops to {total}, a miss.",
                        data={"seat": owner, "crew": a.crew}))
        return self._pvp_miss(replace(s, awaiting="spin", encounter=replace(e, spin=0, victim="")), ev)

    # -- whacking and endings -------------------------------------------------------------------------
    def _whack_crew(self, s: IlCapoState, seat: int, crew: str, ev: list[Event]) -> IlCapoState:
        """ "Permanent Removal": whacked crew go to the Graveyard, out of the game for good."""
        p = s.players[seat]
        s = _set_player(s, seat, crew=tuple(c for c in p.crew if c != crew))
        ev.append(Event("graveyard", f"{crew} goes to the graveyard, never to return.",
                        data={"seat": seat, "crew": crew}))
        return replace(s, graveyard=s.graveyard + (crew,))

    def _whack_player(self, s: IlCapoState, seat: int, why: str, ev: list[Event]) -> IlCapoState:
        p = s.players[seat]
        if p.crew:
            ev.append(Event("crew_freed", f"{', '.join(p.crew)} go back to the recruitment deck.",
                            data={"seat": seat}))
        s = _set_player(s, seat, out=why, crew=(), prison=0, hospital=0)
        ev.append(Event("out", f"{p.name} is out of the game ({why}).", data={"seat": seat}))
        return _drop_standoffs(s, seat)

    def _finish(self, s: IlCapoState, ev: list[Event]) -> IlCapoState:
        """An encounter is over: back to the Syndicate phase, or the turn ends."""
        e = s.encounter
        s = replace(s, encounter=None)
        if e is not None and e.origin == "syndicate":
            return replace(s, awaiting="npc_hits")
        return self._next_turn(s, ev)

    def _check_last_standing(self, s: IlCapoState, ev: list[Event]) -> IlCapoState:
        """ "in the event you are the only human player left, the game is over"."""
        if s.awaiting == "over":
            return s
        alive = _playing(s)
        if len(alive) == 1:
            name = s.players[alive[0]].name
            ev.append(Event("consigliere", f"{name} is the only one left standing. The game is over: Vincenzo "
                                           f"Moretti recruits {name} as his consigliere.", data={"seat": alive[0]}))
            return replace(s, awaiting="over", encounter=None, winner=alive[0],
                           result=f"{name} is the last player standing and becomes Moretti's consigliere.")
        return s

    # -- views ------------------------------------------------------------------------------------------
    def view(self, state: IlCapoState, audience: Audience) -> Any:
        table = table_view(state)
        if isinstance(audience, Seat):
            n = audience.n
            name = state.players[n].name if 0 <= n < len(state.players) else ""
            return SeatView(n, name, table)
        if isinstance(audience, RevealAudience):
            return RevealView(table, tuple((t.payer, t.payee, t.amount, t.reason) for t in state.ledger.journal))
        return table

    def describe(self, action: Action, state: Any = None) -> str:
        """The action in words with the players' names (undo questions, the ledger screen)."""
        if state is None or not isinstance(state, IlCapoState):
            return action.describe()
        name = lambda seat: self._seat_name(state, seat)  # noqa: E731
        money = format_dollars(getattr(action, "amount", 0) or 0)
        note = f" ({action.note})" if getattr(action, "note", "") else ""
        if isinstance(action, Pay):
            return f"{name(action.seat)} pays {money} to the bank{note}"
        if isinstance(action, Receive):
            return f"{name(action.seat)} receives {money} from the bank{note}"
        if isinstance(action, PayPlayer):
            return f"{name(action.payer)} pays {money} to {name(action.payee)}{note}"
        if isinstance(action, NpcHit):
            npc = NPC_NAMES[NPCS[state.npc]] if 0 <= state.npc < len(NPCS) else "the NPC"
            return f"{npc[0].upper() + npc[1:]} landed on {name(action.seat)}"
        if isinstance(action, Challenge):
            return f"{name(state.turn)} opens fire on {name(action.target)}"
        if isinstance(action, StandOffShoot):
            return f"{name(state.turn)} stays and shoots at {name(action.target)}"
        if isinstance(action, Spun):
            who = _spinner(state)
            by = "The Underboss" if who == -1 else name(who) if who is not None else "Someone"
            side = "left" if action.side == "L" else "right"
            return f"{by}'s spin of {action.number} {side}" + (" (physical spinner)" if action.by_hand else "")
        turn = name(state.turn) if 0 <= state.turn < len(state.players) else ""
        if isinstance(action, (Hire, PickUp, EndTurn, LandedOnCop, ShootRico, ShootBrothers, ShootMarcello,
                               ShootReleased, DevelopSkyscraper, NavigateDeadMansRow, EnterMansion)) and turn:
            text = action.describe()
            return f"{turn}: {text[0].lower() + text[1:]}"
        return action.describe()

    # -- random playouts ---------------------------------------------------------------------------
    def playout_policy(self, state: IlCapoState, legal: Sequence[Action], rng: Any) -> Action:
        """Push towards an ending: build, run the Row, take the Mansion; fight now and then."""
        w = state.awaiting
        play = [a for a in legal if not isinstance(a, (Pay, Receive, PayPlayer))]
        if not play:
            return rng.choice(list(legal))
        if w == "land":
            by_type = {type(a): a for a in play}
            for kind in (EnterMansion, DevelopSkyscraper, NavigateDeadMansRow):
                if kind in by_type and rng.random() < 0.8:
                    return by_type[kind]
            r = rng.random()
            if r < 0.35:
                return Receive(state.turn, 500_000, "board")
            if r < 0.65:
                fights = [a for a in play if not isinstance(a, (EndTurn, UseSkill))]
                if fights:
                    return rng.choice(fights)
            return EndTurn() if rng.random() < 0.7 else rng.choice(play)
        if w == "npc_hits":
            hits = [a for a in play if isinstance(a, NpcHit)]
            return rng.choice(hits) if hits and rng.random() < 0.3 else NpcDone()
        return rng.choice(play)


# --------------------------------------------------------------------------------------------
# Prompts and the table view


def prompt(state: IlCapoState) -> str:
    """What the table must do next, in one sentence (the screen's headline)."""
    w, e = state.awaiting, state.encounter
    p = state.players
    if w == "over":
        return state.result
    if w == "move":
        extra = ""
        partners = _partners(state, state.turn)
        if partners:
            extra = " (flee the stand-off) or stay and shoot at " + " or ".join(p[o].name for o in partners)
        if p[state.turn].from_prison:
            extra += " from the Out of Jail space"
        return f"{p[state.turn].name}: spin to move{extra}."
    if w == "land":
        return f"{p[state.turn].name}: where did you land? Hire, shoot, report a cop, or end the turn."
    if w == "npc_spin":
        return f"Spin for {NPC_NAMES[NPCS[state.npc]]}."
    if w == "npc_hits":
        return f"Did {NPC_NAMES[NPCS[state.npc]]} land on anyone? Tap each player hit, then 'nobody else'."
    if w == "rico":
        return f"{p[e.target].name}: pay Beefy Rico {format_dollars(D.RICO_TAX)} or take a beating."
    if w == "react":
        defender = e.target if e.stage == 0 else e.actor
        return f"{p[defender].name}: use a shield skill to survive {_a(e.spin)}, or take the hit."
    if w == "spin" and e is not None:
        s = _spinner(state)
        who = "The Underboss" if s == -1 else p[s].name
        what = {"pvp": "to shoot", "beating": "for the beating", "brothers": "against the Ricigliano Brothers",
                "shoot_rico": "to shoot at Beefy Rico", "shoot_brothers": "to shoot at the Ricigliano Brothers",
                "shoot_marcello": "to shoot at Marcello Valli", "shoot_released": f"to shoot at {e.crew}",
                "showdown": "to whack Vincenzo Moretti", "moretti_fire": "for Moretti's return fire"}[e.kind]
        return f"{who}: spin {what}."
    return ""


def _crew_view(state: IlCapoState, name: str) -> CrewView:
    c = _card(state, name)
    return CrewView(c.name, c.tier, c.tier_name, c.difficulty, c.cost, c.skill, c.text, name in state.used_skills,
                    c.effect, c.amount)


def table_view(state: IlCapoState) -> TableView:
    players = []
    for seat, p in enumerate(state.players):
        status = "out" if p.out else "prison" if p.prison else "hospital" if p.hospital else "street"
        bal = state.ledger.balance(p.name)
        players.append(PlayerView(seat, p.name, bal, format_dollars(bal),
                                  tuple(_crew_view(state, c) for c in ranked_crew(state, seat)), status,
                                  p.prison or p.hospital, p.out, p.skyscraper, p.dead_mans_row,
                                  tuple(_partners(state, seat)), p.from_prison))
    s = _spinner(state)
    spinner = "" if s is None else "the Underboss" if s == -1 else state.players[s].name
    turn_name = state.players[state.turn].name if 0 <= state.turn < len(state.players) else "the Syndicate"
    return TableView(
        round=state.round, turn=state.turn, turn_name=turn_name, awaiting=state.awaiting, prompt=prompt(state),
        spinner=spinner, last_spin=state.last_spin, players=tuple(players),
        npcs=tuple((NPC_NAMES[n], state.rico_alive if n == "rico" else state.brothers_alive if n == "brothers"
                    else True) for n in NPCS),
        marcello_alive=state.marcello_alive,
        jail=tuple((j.crew, j.owner, j.release_after_round) for j in state.jail),
        out_of_jail=state.released, graveyard=state.graveyard,
        for_hire=tuple(_crew_view(state, c.name) for c in state.catalog if _available(state, c.name)),
        bank_balance=state.ledger.balance(BANK),
        transactions=tuple((t.payer, t.payee, t.amount, t.reason) for t in state.ledger.journal[-10:]),
        winner=state.players[state.winner].name if state.winner >= 0 else "",
        last_spin_by=state.last_spin_by if state.last_spin else "",
        encounter=None if state.encounter is None else EncounterView(
            state.encounter.kind, state.encounter.actor, state.encounter.target, state.encounter.origin,
            state.encounter.crew),
        npc=state.npc, npc_hit=state.npc_hit, npc_move=state.npc_move,
        crew_costs=tuple((c.name, c.cost) for c in state.catalog),
        skyscraper_cost=state.board.skyscraper_cost, marcello_dues=state.board.marcello_dues,
    )


ENGINE = IlCapoEngine()
