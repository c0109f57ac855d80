"""Mafia Casino: the app is the bank and the croupier; the cards stay on the table.

The engine keeps balances (a double-entry ``Ledger`` in integer dollars), the physical tokens
when the table plays with them, the four phases of a turn, buildings with their constructions
and blocks, the Super Clients, the safes (secret), the Market Value, and resolves the three Game
cards. Cards turned from the draw pile are chance actions: the session draws them, or the table
types in the real ones (``by_hand``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any, Mapping

from companion.bank import BANK, Ledger
from companion.engine import REVEAL, Action, ActionCodec, Audience, Engine, Event, Outcome, Seat
from companion.errors import ConfigError, IllegalAction

from . import poker, tokens
from .actions import (ALL_ACTIONS, BankCorrection, BuildConstruction, DiscardHand, EndActions, EndTurn, FirstPlayerChosen,
                      MarketValueDrawn, PayManpower, PlayBlock, PlayBomb, PlayClient, PlayEspionage,
                      PlayExtortion, PlayPoker, PlayRoulette, PlaySafeRobbery, PlaySlotMachine, PokerBoard,
                      PokerCards, RouletteBet, RouletteCardTurned, RoulettePass, SafeCardsTaken,
                      SlotCardsTurned, TransactionBuy, TransactionSell)
from .actions import _cards
from .data import BUILDINGS, PROTECTOR, CasinoData, with_box

MILLION = 1_000_000
#: "If a player earns at least 30 million dollars, the game ends and the richest player is the winner."
VICTORY = 30 * MILLION
HAND = 7
MAX_MANPOWER = 5  # "from 0 to 5 manpower"
POKER_STAKE = 2 * MILLION  # "wins 2 million dollars per player around the table"
ROULETTE_PER_CARD, ROULETTE_MAX = MILLION, 10 * MILLION
INCOME_PER_CONSTRUCTION = MILLION
SUPER_CLIENT_MIN = 3
#: Slot Machine pay table in $M by number of bet cards (1 / 2 / 3).
SLOT_PAY = {"two": (2, 4, 6), "three pearls": (4, 8, 12), "three diamonds": (5, 10, 15)}
SLOT_SYMBOLS = ("pearl", "diamond", "none")
JEWELS = ("pearl", "diamond")
#: The blocking Missions and the building each one holds.
BLOCKERS = {"rock_band_on_tour": "hotel", "obnoxious_family": "restaurant", "expert_cheater": "casino"}
BLOCKER_TITLES = {"rock_band_on_tour": "Rock Band on Tour", "obnoxious_family": "Obnoxious Family",
                  "expert_cheater": "Expert Cheater"}
BLOCKER_OF = {b: m for m, b in BLOCKERS.items()}
PLAYER_NAMES = ("Anna", "Ben", "Cleo", "Dino", "Enzo", "Fifi")


def money(amount: int) -> str:
    """Dollars as the screen shows them: ``$3M``, ``$1.5M``, ``-$2M``."""
    sign = "-" if amount < 0 else ""
    amount = abs(amount)
    if amount % MILLION == 0:
        return f"{sign}${amount // MILLION}M"
    return f"{sign}${amount / MILLION:.2f}".rstrip("0").rstrip(".") + "M"


# --------------------------------------------------------------------------------------------
# State


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    hand: int = HAND
    built: tuple[tuple[str, ...], ...] = ((), (), ())  # constructions per building, BUILDINGS order
    blocked: tuple[str, ...] = ()  # buildings held by a blocking Mission
    safe: tuple[tuple[str, int], ...] = ()  # SECRET: (jewel, amount) of each card, face down
    tokens: tokens.Stock = tokens.NONE
    paper: int = 0  # token mode: dollars the tokens could not carry (owed when negative)

    def constructions(self, building: str) -> tuple[str, ...]:
        return self.built[BUILDINGS.index(building)]


@dataclass(frozen=True, slots=True)
class PokerRound:
    players: tuple[int, ...]
    holes: tuple[tuple[int, tuple[str, ...]], ...] = ()  # SECRET until the board is turned


@dataclass(frozen=True, slots=True)
class RouletteRound:
    order: tuple[int, ...]  # the active player, then clockwise
    bets: tuple[tuple[int, tuple[str, ...]], ...] = ()  # face up
    passed: tuple[int, ...] = ()
    turned: tuple[str, ...] = ()

    @property
    def done(self) -> tuple[int, ...]:
        return tuple(s for s, _ in self.bets) + self.passed

    @property
    def played_values(self) -> tuple[str, ...]:
        return tuple(v for _, vs in self.bets for v in vs)


@dataclass(frozen=True, slots=True)
class SlotRound:
    bet: int


@dataclass(frozen=True, slots=True)
class Robbery:
    target: int


@dataclass(frozen=True, slots=True)
class GameResult:
    """The public result of the last Game card, for the result screen."""

    game: str
    text: str
    winners: tuple[int, ...]
    paid_each: int
    details: tuple[tuple[str, str], ...] = ()  # (player, what they had; roulette: the values placed)
    cards: tuple[str, ...] = ()  # what was turned from the pile: poker's board, roulette's cards, slot's symbols
    bet: int = 0  # the slot machine's bet (cards)


@dataclass(frozen=True, slots=True)
class CasinoState:
    players: tuple[Player, ...]
    ledger: Ledger
    token_mode: bool
    box: tokens.Stock
    data: CasinoData  # the box values this game started with (config "box"), kept for replay
    phase: str = "market"
    active: int = 0
    turn: int = 0
    market: int | None = None  # index of the Market Value card showing
    turn_type: str | None = None  # construction / mission / game / transaction
    cost_due: int = 0
    super_clients: tuple[int | None, ...] = (None, None, None)
    game: PokerRound | RouletteRound | SlotRound | Robbery | None = None
    last_game: GameResult | None = None
    winners: tuple[int, ...] = ()
    end_reason: str = ""
    journal_turns: tuple[int, ...] = ()  # the turn each ledger entry was booked in (the ledger's history)
    #: the newest action's private lines, (seat, text): a robbery's cards for robber and victim only
    notes: tuple[tuple[int, str], ...] = ()


# --------------------------------------------------------------------------------------------
# Views


@dataclass(frozen=True, slots=True)
class PlayerPublic:
    seat: int
    name: str
    balance: int
    balance_text: str
    hand: int
    constructions: tuple[tuple[str, tuple[str, ...]], ...]
    blocked: tuple[str, ...]
    super_clients: tuple[str, ...]
    safe_cards: int
    tokens: tuple[tuple[str, int], ...]
    paper: int


@dataclass(frozen=True, slots=True)
class GamePublic:
    game: str
    waiting_for: tuple[str, ...]
    chosen: tuple[str, ...] = ()
    bets: tuple[tuple[str, tuple[str, ...]], ...] = ()
    turned: tuple[str, ...] = ()
    bet: int = 0


@dataclass(frozen=True, slots=True)
class TableView:
    """The shared screen: no field for safe contents or face-down poker cards."""

    phase: str
    instruction: str
    active: int
    active_name: str
    turn: int
    turn_type: str | None
    manpower_due: int
    market: tuple[str, int, int] | None
    super_clients: tuple[tuple[str, str | None], ...]
    players: tuple[PlayerPublic, ...]
    game: GamePublic | None
    last_game: GameResult | None
    token_mode: bool
    box: tuple[tuple[str, int], ...]
    ledger: tuple[tuple[str, str, int, str], ...]
    winners: tuple[str, ...]
    draw_prompt: str | None = None  # a chance draw is awaited: enter the real cards or let the app draw
    market_cards: tuple[tuple[str, int, int], ...] = ()  # the game's four Market Value cards (box values)
    ledger_turns: tuple[int, ...] = ()  # the turn of each ``ledger`` entry (0: the setup)
    #: the seats with a private line from the newest action (the robber first, then the victim):
    #: who may hold to see it; the line itself is in that seat's view only
    noted: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class SeatView:
    """One player's private screen: the table plus their safe and their face-down poker cards."""

    seat: int
    table: TableView
    safe: tuple[tuple[str, int], ...]
    poker_cards: tuple[str, ...]
    note: str = ""  # the newest action's private line for this seat ("You took: 10 pearls.")


@dataclass(frozen=True, slots=True)
class RevealView:
    table: TableView
    safes: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]
    poker_cards: tuple[tuple[str, tuple[str, ...]], ...]


# --------------------------------------------------------------------------------------------
# Engine


class MafiaCasinoEngine(Engine):
    name = "mafia-casino"
    title = "Mafia Casino"
    version = 1
    actions = ActionCodec(*ALL_ACTIONS)
    min_players = 2
    max_players = 6
    free_entry = frozenset({"market_value_drawn", "first_player_chosen", "pay_manpower", "poker_board", "roulette_card_turned", "slot_cards_turned", "safe_cards_taken", "roulette_bet", "transaction_buy", "transaction_sell", "bank_correction"})  # cards turned by hand, manpower, amounts

    # -- new --------------------------------------------------------------------------------
    def new(self, config: Mapping[str, Any], seed: int) -> CasinoState:
        unknown = set(config) - {"players", "tokens", "box"}
        if unknown:
            raise ConfigError(f"Mafia Casino has no option {', '.join(sorted(unknown))}.")
        players = config.get("players", 3)
        if isinstance(players, int) and not isinstance(players, bool):
            if not self.min_players <= players <= self.max_players:
                raise ConfigError(f"Mafia Casino is for 2 to 6 players, not {players}.")
            names = list(PLAYER_NAMES[:players])
        elif isinstance(players, (list, tuple)) and all(isinstance(p, str) for p in players):
            names = [p.strip() for p in players]
            if not self.min_players <= len(names) <= self.max_players:
                raise ConfigError(f"Mafia Casino is for 2 to 6 players, not {len(names)}.")
            if any(not n for n in names):
                raise ConfigError("Every player needs a name.")
            if len({n.lower() for n in names}) != len(names):
                raise ConfigError("Two players have the same name; give each player a different name.")
            if any(n.lower() == BANK for n in names):
                raise ConfigError("'bank' is the bank's name; choose another name for that player.")
        else:
            raise ConfigError("players must be a number (2 to 6) or a list of names.")
        token_mode = config.get("tokens", False)
        if not isinstance(token_mode, bool):
            raise ConfigError("tokens must be true (hand over physical tokens) or false (ledger only).")
        data = with_box(config.get("box"))
        ledger = Ledger.open({n: 0 for n in names}, bank=0, unlimited_bank=True)
        return CasinoState(players=tuple(Player(n) for n in names), ledger=ledger, token_mode=token_mode,
                           box=tokens.BOX if token_mode else tokens.NONE, data=data)

    def sample_config(self, players: int | None, rng: Any) -> dict[str, Any]:
        if players is None:
            players = rng.randint(self.min_players, self.max_players)
        players = max(self.min_players, min(self.max_players, players))
        return {"players": players, "tokens": rng.random() < 0.5}

    # -- words ---------------------------------------------------------------------------------
    def describe(self, action: Action, state: CasinoState | None = None) -> str:
        """The action in words with the players' names (undo messages): "Ben bets on 5"."""
        text = action.describe()
        if state is None:
            return text
        names = [p.name for p in state.players]

        def name(match: "re.Match[str]") -> str:
            seat = int(match.group(1))
            return names[seat] if 0 <= seat < len(names) else match.group(0)

        text = re.sub(r"\b[Ss]eat (\d+)", name, text)
        mine = PHASE_ACTIONS["actions"] + PHASE_ACTIONS["manpower"] + PHASE_ACTIONS["clients"]
        if isinstance(action, mine):  # the active player's own cards
            text = f"{names[state.active]}: {text[:1].lower() + text[1:]}"
        return text

    # -- outcome ------------------------------------------------------------------------------
    def outcome(self, state: CasinoState) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(state.winners, state.end_reason)

    # -- legality -------------------------------------------------------------------------------
    def check(self, state: CasinoState, action: Action) -> None:
        if self.outcome(state) is not None:
            raise IllegalAction("The game is over; nothing more can be played.")
        reason = self._why_not(state, action)
        if reason:
            raise IllegalAction(reason)

    def legal_actions(self, state: CasinoState) -> list[Action]:
        if self.outcome(state) is not None:
            return []
        return [a for a in dict.fromkeys(self._candidates(state)) if self._why_not(state, a) is None]

    def _candidates(self, s: CasinoState) -> list[Action]:
        data = s.data
        n = len(s.players)
        me = s.players[s.active]
        out: list[Action] = []
        if s.phase == "market":
            out += [MarketValueDrawn(i, True) for i in range(1, len(data.market) + 1)]
        elif s.phase == "first_player":
            out += [FirstPlayerChosen(i, True) for i in range(n)]
        elif s.phase == "actions":
            for b, names in zip(BUILDINGS, data.constructions):
                out += [BuildConstruction(b, name, cost) for name in names for cost in (1, 3)]
            out += [PlayEspionage(1), PlayExtortion(2)]
            for t in range(n):
                if t == s.active:
                    continue
                out += [PlaySafeRobbery(t, 2)] + [PlayBlock(m, t, 2) for m in BLOCKERS]
                for b in BUILDINGS:
                    out += [PlayBomb(t, b, c, 3) for c in s.players[t].constructions(b)]
            out += [PlayPoker(), PlayRoulette()] + [PlaySlotMachine(b) for b in (1, 2, 3)]
            out += [TransactionBuy((("pearl", 10),)), TransactionBuy((("diamond", 20), ("pearl", 20)))]
            out += [TransactionSell((i,)) for i in range(len(me.safe))]
            out += [TransactionSell(tuple(range(min(3, len(me.safe)))))] if me.safe else []
            out += [DiscardHand(), EndActions()]
        elif s.phase == "manpower":
            q, r = divmod(s.cost_due, MAX_MANPOWER)
            out += [PayManpower((MAX_MANPOWER,) * q + ((r,) if r else ()))]
            if s.cost_due <= MAX_MANPOWER:
                out += [PayManpower((s.cost_due,))]
        elif s.phase == "poker":
            pairs = (("AS", "AH"), ("10C", "JC"), ("2D", "7S"), ("KD", "KH"), ("5H", "6H"))
            for seat in s.game.players:
                out += [PokerCards(seat, p) for p in pairs]
        elif s.phase == "roulette":
            seat = self._roulette_next(s)
            if seat == s.active:
                out += [RouletteBet(seat, (a, b)) for a, b in zip(data.values, data.values[1:])]
            elif seat is not None:
                out += [RouletteBet(seat, (v,)) for v in data.values] + [RoulettePass(seat)]
        elif s.phase == "roulette_spin":
            out += [RouletteCardTurned(v, True) for v in data.values]
        elif s.phase == "slot":
            out += [SlotCardsTurned((a, b, c), True) for a in SLOT_SYMBOLS for b in SLOT_SYMBOLS for c in SLOT_SYMBOLS]
        elif s.phase == "robbery":
            safe = s.players[s.game.target].safe
            k = min(3, len(safe))
            for combo in list(combinations(range(len(safe)), k))[:10]:
                out.append(SafeCardsTaken(combo, True))
        elif s.phase == "clients":
            out += [PlayClient(b) for b in BUILDINGS] + [EndTurn()]
        if s.phase not in ("market", "first_player"):
            for seat in range(n):
                out += [BankCorrection(seat, 1_000_000, "missed income"),
                        BankCorrection(seat, -1_000_000, "miscount")]
        return out

    def explain_illegal(self, state: CasinoState, action: Action) -> str:
        return self._why_not(state, action) or f"{action.describe()} is allowed now."

    def _why_not(self, s: CasinoState, a: Action) -> str | None:
        """The reason ``a`` is refused now, as a sentence; None when it is allowed."""
        expected = PHASE_ACTIONS.get(s.phase, ())
        if isinstance(a, BankCorrection) and s.phase in ("market", "first_player"):
            return "No money has moved yet: a bank correction comes once the game is under way."
        if not isinstance(a, expected + (BankCorrection,)):
            return f"{a.describe()} is not possible now: {self._instruction(s)}"
        return getattr(self, f"_why_not_{a.kind}")(s, a)

    def _why_not_bank_correction(self, s: CasinoState, a: BankCorrection) -> str | None:
        if why := self._bad_seat(s, a.seat):
            return why
        if not _is_int(a.amount) or a.amount == 0:
            return f"A correction is a whole number of dollars, not {a.amount!r}."
        if not isinstance(a.reason, str) or not a.reason.strip():
            return "A bank correction needs a reason, so the table can follow the ledger."
        name = s.players[a.seat].name
        if a.amount < 0 and s.ledger.balance(name) < -a.amount:
            return (f"{name} has only {money(s.ledger.balance(name))}: a correction cannot take "
                    f"{money(-a.amount)} back.")
        return None

    # setup
    def _why_not_market_value_drawn(self, s: CasinoState, a: MarketValueDrawn) -> str | None:
        count = len(s.data.market)
        if not _is_int(a.card) or not 1 <= a.card <= count:
            return f"The Market Value cards are numbered 1 to {count}, not {a.card!r}."
        if s.market is not None and a.card - 1 == s.market:
            return (f"Market Value card {a.card} is the one showing; the new card comes from the "
                    f"{count - 1} others.")
        return None

    def _why_not_first_player_chosen(self, s: CasinoState, a: FirstPlayerChosen) -> str | None:
        return self._bad_seat(s, a.seat)

    # phase 1
    def _one_type(self, s: CasinoState, kind: str) -> str | None:
        me = s.players[s.active]
        if s.turn_type is not None and s.turn_type != kind:
            return (f"{me.name} has already played a {s.turn_type.title()} card this turn: "
                    f"only one type of action card per turn.")
        if s.turn_type == kind and kind in ("game", "transaction"):
            return f"Only one {kind.title()} card may be played per turn."
        return None

    def _card_costs(self, s: CasinoState, cost: Any, hand_after: int) -> str | None:
        me = s.players[s.active]
        if not _is_int(cost) or not 0 <= cost <= MAX_MANPOWER:
            return f"A card costs 0 to {MAX_MANPOWER} manpower, not {cost!r}."
        if me.hand < 1:
            return f"{me.name} has no card left in hand to play."
        total = s.cost_due + cost
        if total > MAX_MANPOWER * hand_after:
            return (f"{me.name} could not pay {total} manpower with {_cards(hand_after)} left in hand "
                    f"(at most {MAX_MANPOWER} manpower a card).")
        return None

    def _why_not_build_construction(self, s: CasinoState, a: BuildConstruction) -> str | None:
        me = s.players[s.active]
        if (why := self._one_type(s, "construction")) or (why := _bad_building(a.building)):
            return why
        names = s.data.constructions_of(a.building)
        if a.name not in names:
            return (f"'{a.name}' is not a {a.building.title()} construction; they are: {', '.join(names)}.")
        if a.name in me.constructions(a.building):
            return f"{me.name} already has the {a.name} in the {a.building.title()}: no construction twice."
        if a.building in me.blocked and a.name != PROTECTOR[a.building]:
            mission = BLOCKER_TITLES[BLOCKER_OF[a.building]]
            return (f"{me.name}'s {a.building.title()} is blocked by {mission}: only the "
                    f"{PROTECTOR[a.building]} can be built there (it cancels the mission).")
        return self._card_costs(s, a.cost, me.hand - 1)

    def _mission_basics(self, s: CasinoState, cost: Any, hand_after: int, target: Any = None) -> str | None:
        if why := self._one_type(s, "mission"):
            return why
        if target is not None:
            if why := self._bad_seat(s, target):
                return why
            if target == s.active:
                return "A Mission targets another player, not the one who plays it."
        return self._card_costs(s, cost, hand_after)

    def _why_not_play_espionage(self, s: CasinoState, a: PlayEspionage) -> str | None:
        me = s.players[s.active]
        stolen = sum(1 for i, p in enumerate(s.players) if i != s.active and p.hand > 0)
        return self._mission_basics(s, a.cost, me.hand - 1 + stolen)

    def _why_not_play_bomb(self, s: CasinoState, a: PlayBomb) -> str | None:
        me = s.players[s.active]
        if why := self._mission_basics(s, a.cost, me.hand - 1, a.target):
            return why
        if why := _bad_building(a.building):
            return why
        victim = s.players[a.target]
        if a.construction not in victim.constructions(a.building):
            return f"{victim.name} has no {a.construction} in the {a.building.title()} to destroy."
        return None

    def _why_not_play_safe_robbery(self, s: CasinoState, a: PlaySafeRobbery) -> str | None:
        return self._mission_basics(s, a.cost, s.players[s.active].hand - 1, a.target)

    def _why_not_play_extortion(self, s: CasinoState, a: PlayExtortion) -> str | None:
        return self._mission_basics(s, a.cost, s.players[s.active].hand - 1)

    def _why_not_play_block(self, s: CasinoState, a: PlayBlock) -> str | None:
        if a.mission not in BLOCKERS:
            return (f"'{a.mission}' is not a blocking Mission; they are: "
                    f"{', '.join(BLOCKER_TITLES.values())}.")
        if why := self._mission_basics(s, a.cost, s.players[s.active].hand - 1, a.target):
            return why
        victim = s.players[a.target]
        building = BLOCKERS[a.mission]
        if PROTECTOR[building] in victim.constructions(building):
            return (f"{BLOCKER_TITLES[a.mission]} cannot be played: {victim.name}'s "
                    f"{PROTECTOR[building]} protects the {building.title()}.")
        if building in victim.blocked:
            return f"{victim.name}'s {building.title()} is already blocked by {BLOCKER_TITLES[a.mission]}."
        return None

    def _game_basics(self, s: CasinoState, cards_needed: int, what: str) -> str | None:
        me = s.players[s.active]
        if why := self._one_type(s, "game"):
            return why
        if me.hand - 1 < cards_needed:
            return (f"{me.name} needs the Game card and {_cards(cards_needed, 'more card')} in hand for {what}, "
                    f"but holds {me.hand}.")
        return None

    def _why_not_play_poker(self, s: CasinoState, a: PlayPoker) -> str | None:
        if why := self._game_basics(s, 2, "poker"):
            return why
        if not any(p.hand >= 2 for i, p in enumerate(s.players) if i != s.active):
            return "Poker needs an opponent with at least two cards in hand; nobody else can take part."
        return None

    def _why_not_play_roulette(self, s: CasinoState, a: PlayRoulette) -> str | None:
        return self._game_basics(s, 2, "the roulette (two cards of different values)")

    def _why_not_play_slot_machine(self, s: CasinoState, a: PlaySlotMachine) -> str | None:
        if not _is_int(a.bet) or not 1 <= a.bet <= 3:
            return f"The slot machine takes a bet of 1 to 3 cards, not {a.bet!r}."
        return self._game_basics(s, a.bet, f"a bet of {_cards(a.bet)}")

    def _why_not_transaction_buy(self, s: CasinoState, a: TransactionBuy) -> str | None:
        me = s.players[s.active]
        if why := self._one_type(s, "transaction"):
            return why
        if not 1 <= len(a.cards) <= 3:
            return f"A Transaction puts 1 to 3 cards into the safe, not {len(a.cards)}."
        amounts = s.data.jewel_amounts
        for card in a.cards:
            if (not isinstance(card, tuple) or len(card) != 2 or card[0] not in JEWELS
                    or not _is_int(card[1]) or card[1] not in amounts):
                return (f"{card!r} cannot go into the safe: only cards with pearls or diamonds "
                        f"({' or '.join(map(str, amounts))} of them) can be added.")
        if me.hand - 1 < len(a.cards):
            return f"{me.name} holds {_cards(me.hand)}: not enough for the Transaction and {len(a.cards)} more."
        return None

    def _why_not_transaction_sell(self, s: CasinoState, a: TransactionSell) -> str | None:
        me = s.players[s.active]
        if why := self._one_type(s, "transaction"):
            return why
        if me.hand < 1:
            return f"{me.name} has no Transaction card in hand."
        if not 1 <= len(a.safe_cards) <= 3:
            return f"A Transaction sells 1 to 3 safe cards, not {len(a.safe_cards)}."
        if len(set(a.safe_cards)) != len(a.safe_cards):
            return "The same safe card cannot be sold twice."
        if any(not _is_int(i) or not 0 <= i < len(me.safe) for i in a.safe_cards):
            return f"{me.name}'s safe holds {_cards(len(me.safe))}; pick among them."
        return None

    def _why_not_discard_hand(self, s: CasinoState, a: DiscardHand) -> str | None:
        if s.turn_type is not None:
            return (f"{s.players[s.active].name} has already played a {s.turn_type.title()} card: "
                    f"the whole hand may be discarded only instead of playing action cards.")
        return None

    def _why_not_end_actions(self, s: CasinoState, a: EndActions) -> str | None:
        return None

    def _why_not_pay_manpower(self, s: CasinoState, a: PayManpower) -> str | None:
        me = s.players[s.active]
        if not a.cards:
            return f"Discard cards worth at least {s.cost_due} manpower."
        if any(not _is_int(c) or not 0 <= c <= MAX_MANPOWER for c in a.cards):
            return f"A card shows 0 to {MAX_MANPOWER} manpower."
        if len(a.cards) > me.hand:
            return f"{me.name} holds only {_cards(me.hand)}, not {len(a.cards)}."
        total = sum(a.cards)
        if total < s.cost_due:
            return f"{total} manpower does not cover the cost of {s.cost_due}: discard more."
        if total - min(a.cards) >= s.cost_due:
            return (f"No excess cards: {total - min(a.cards)} manpower already covers {s.cost_due} "
                    f"without the card worth {min(a.cards)}, so keep it.")
        return None

    # Game cards
    def _why_not_poker_cards(self, s: CasinoState, a: PokerCards) -> str | None:
        if why := self._bad_seat(s, a.seat):
            return why
        name = s.players[a.seat].name
        if a.seat not in s.game.players:
            return f"{name} has fewer than two cards in hand and cannot take part in this poker game."
        if a.seat in dict(s.game.holes):
            return f"{name} has already chosen two cards."
        if len(a.cards) != 2:
            return f"Each player chooses exactly two cards, not {len(a.cards)}."
        return _bad_cards(a.cards) or _too_many_copies(s.data, [c for _, cs in s.game.holes for c in cs], a.cards)

    def _why_not_poker_board(self, s: CasinoState, a: PokerBoard) -> str | None:
        if len(a.cards) != 5:
            return f"The board is five cards from the draw pile, not {len(a.cards)}."
        holes = [c for _, cs in s.game.holes for c in cs] if isinstance(s.game, PokerRound) else []
        return _bad_cards(a.cards) or _too_many_copies(s.data, holes, a.cards)

    def _why_not_roulette_bet(self, s: CasinoState, a: RouletteBet) -> str | None:
        if why := self._bad_seat(s, a.seat):
            return why
        nxt = self._roulette_next(s)
        name = s.players[a.seat].name
        if a.seat != nxt:
            return f"It is {s.players[nxt].name}'s turn to place a roulette card, not {name}'s."
        values = s.data.values
        if any(v not in values for v in a.values):
            return f"A card value is one of {', '.join(values)}."
        if a.seat == s.active:
            if len(a.values) != 2 or a.values[0] == a.values[1]:
                return f"{name} places two cards of different values."
        elif len(a.values) != 1:
            return f"{name} places one card."
        taken = [v for v in a.values if v in s.game.played_values]
        if taken:
            return f"A {taken[0]} is already on the table: choose a card of a value not yet played."
        return None

    def _why_not_roulette_pass(self, s: CasinoState, a: RoulettePass) -> str | None:
        if why := self._bad_seat(s, a.seat):
            return why
        nxt = self._roulette_next(s)
        if a.seat != nxt:
            return f"It is {s.players[nxt].name}'s turn to place a roulette card."
        if a.seat == s.active:
            return "The active player who played the Roulette places two cards."
        return None

    def _why_not_roulette_card_turned(self, s: CasinoState, a: RouletteCardTurned) -> str | None:
        values = s.data.values
        return None if a.value in values else f"'{a.value}' is not a card value; use one of {', '.join(values)}."

    def _why_not_slot_cards_turned(self, s: CasinoState, a: SlotCardsTurned) -> str | None:
        if len(a.symbols) != 3 or any(x not in SLOT_SYMBOLS for x in a.symbols):
            return "The slot machine turns three cards, each showing a pearl, a diamond or none."
        return None

    def _why_not_safe_cards_taken(self, s: CasinoState, a: SafeCardsTaken) -> str | None:
        victim = s.players[s.game.target]
        k = min(3, len(victim.safe))
        if len(a.cards) != k or len(set(a.cards)) != k:
            return f"The robbery takes {_cards(k, 'different card')} from {victim.name}'s safe."
        if any(not _is_int(i) or not 0 <= i < len(victim.safe) for i in a.cards):
            return f"{victim.name}'s safe holds {_cards(len(victim.safe))}; pick among them."
        return None

    def _why_not_play_client(self, s: CasinoState, a: PlayClient) -> str | None:
        if why := _bad_building(a.building):
            return why
        me = s.players[s.active]
        if me.hand < 1:
            return f"{me.name} has no card left in hand."
        return None

    def _why_not_end_turn(self, s: CasinoState, a: EndTurn) -> str | None:
        return None

    def _bad_seat(self, s: CasinoState, seat: Any) -> str | None:
        if not _is_int(seat) or not 0 <= seat < len(s.players):
            return f"There is no seat {seat!r}: seats are 0 to {len(s.players) - 1}."
        return None

    # -- apply ---------------------------------------------------------------------------------
    def _apply(self, state: CasinoState, action: Action) -> tuple[CasinoState, list[Event]]:
        if state.notes:
            state = replace(state, notes=())  # a private line lasts until the next action
        s, events = getattr(self, f"_do_{action.kind}")(state, action)
        booked = len(s.ledger.journal) - len(s.journal_turns)
        if booked > 0:  # each entry remembers the turn it was booked in (the turn the action began in)
            s = replace(s, journal_turns=s.journal_turns + (state.turn,) * booked)
        return s, events

    def _do_bank_correction(self, s: CasinoState, a: BankCorrection):
        name = s.players[a.seat].name
        if a.amount > 0:
            s, events = self._pay(s, None, a.seat, a.amount, f"correction: {a.reason}")
        else:
            s, events = self._pay(s, a.seat, None, -a.amount, f"correction: {a.reason}")
        way = "from the bank to" if a.amount > 0 else "from"
        tail = "" if a.amount > 0 else " to the bank"
        text = f"Bank correction: {money(abs(a.amount))} {way} {name}{tail} ({a.reason})."
        return s, [Event("correction", text, data={"seat": a.seat, "amount": a.amount, "reason": a.reason})] + events

    def _do_market_value_drawn(self, s: CasinoState, a: MarketValueDrawn):
        card = s.data.market[a.card - 1]
        label = card.name if "market" in card.name.lower() else f"Market value: {card.name}"  # not "Market value: Market value 4"
        text = f"{label} — {money(card.pearl)} per pearl, {money(card.diamond)} per diamond."
        events = [Event("market_value", text, data={"card": a.card, "pearl": card.pearl, "diamond": card.diamond})]
        s = replace(s, market=a.card - 1)
        if s.turn == 0:
            s = replace(s, phase="first_player")
            events.append(Event("first_player", "Each player picks a card: the highest value plays first."))
            return s, events
        s = replace(s, phase="clients")
        events.append(self._phase_event(s))
        return s, events

    def _do_first_player_chosen(self, s: CasinoState, a: FirstPlayerChosen):
        s = replace(s, active=a.seat, turn=1, phase="actions")
        name = s.players[a.seat].name
        return s, [Event("first_player", f"{name} plays first. Everybody draws seven cards, starting with {name}."),
                   self._phase_event(s)]

    def _do_build_construction(self, s: CasinoState, a: BuildConstruction):
        me = s.players[s.active]
        i = BUILDINGS.index(a.building)
        built = list(me.built)
        built[i] = built[i] + (a.name,)
        blocked = me.blocked
        text = f"{me.name} builds the {a.name} in the {a.building.title()}."
        if a.building in blocked:
            blocked = tuple(b for b in blocked if b != a.building)
            text += f" It cancels {BLOCKER_TITLES[BLOCKER_OF[a.building]]}: that Mission is discarded."
        me = replace(me, built=tuple(built), blocked=blocked, hand=me.hand - 1)
        s = replace(_set(s, s.active, me), turn_type="construction", cost_due=s.cost_due + a.cost)
        return s, [Event("construction", text, data={"seat": s.active, "building": a.building, "name": a.name})]

    def _do_play_espionage(self, s: CasinoState, a: PlayEspionage):
        victims = [i for i, p in enumerate(s.players) if i != s.active and p.hand > 0]
        for v in victims:
            s = _set(s, v, replace(s.players[v], hand=s.players[v].hand - 1))
        me = s.players[s.active]
        s = replace(_set(s, s.active, replace(me, hand=me.hand - 1 + len(victims))),
                    turn_type="mission", cost_due=s.cost_due + a.cost)
        who = _names([s.players[v].name for v in victims]) or "nobody (no one holds a card)"
        text = f"Espionage: {me.name} takes one card at random from the hand of {who}."
        return s, [Event("espionage", text, data={"seat": s.active, "from": victims})]

    def _do_play_bomb(self, s: CasinoState, a: PlayBomb):
        s = self._mission_paid(s, a.cost)
        victim = s.players[a.target]
        i = BUILDINGS.index(a.building)
        built = list(victim.built)
        built[i] = tuple(c for c in built[i] if c != a.construction)
        s = _set(s, a.target, replace(victim, built=tuple(built)))
        text = (f"Bomb: {s.players[s.active].name} destroys {victim.name}'s {a.construction} in the "
                f"{a.building.title()}; it goes to the discard pile.")
        return s, [Event("bomb", text, data={"target": a.target, "building": a.building, "name": a.construction})]

    def _do_play_safe_robbery(self, s: CasinoState, a: PlaySafeRobbery):
        s = self._mission_paid(s, a.cost)
        victim = s.players[a.target]
        me = s.players[s.active]
        if not victim.safe:
            return s, [Event("safe_robbery", f"Safe Robbery: {victim.name}'s safe is empty; {me.name} finds nothing.")]
        k = min(3, len(victim.safe))
        s = replace(s, phase="robbery", game=Robbery(a.target))
        text = f"Safe Robbery: {me.name} takes {_cards(k)} at random from {victim.name}'s safe."
        return s, [Event("safe_robbery", text, data={"target": a.target, "cards": k})]

    def _do_play_extortion(self, s: CasinoState, a: PlayExtortion):
        s = self._mission_paid(s, a.cost)
        events = [Event("extortion", f"Extortion: {s.players[s.active].name} takes $1M from every other player who has money.")]
        for i, p in enumerate(s.players):
            if i == s.active:
                continue
            amount = min(MILLION, s.ledger.balance(p.name))
            if amount > 0:
                s, evs = self._pay(s, i, s.active, amount, "Extortion")
                events += evs
        return s, events

    def _do_play_block(self, s: CasinoState, a: PlayBlock):
        s = self._mission_paid(s, a.cost)
        victim = s.players[a.target]
        building = BLOCKERS[a.mission]
        s = _set(s, a.target, replace(victim, blocked=tuple(sorted(victim.blocked + (building,)))))
        text = (f"{BLOCKER_TITLES[a.mission]}: {victim.name}'s {building.title()} is blocked — no new "
                f"construction but the {PROTECTOR[building]}, and no income from it.")
        return s, [Event("blocked", text, data={"target": a.target, "building": building})]

    def _mission_paid(self, s: CasinoState, cost: int) -> CasinoState:
        me = s.players[s.active]
        return replace(_set(s, s.active, replace(me, hand=me.hand - 1)), turn_type="mission",
                       cost_due=s.cost_due + cost)

    def _do_play_poker(self, s: CasinoState, a: PlayPoker):
        s = self._game_played(s, 0)
        seats = tuple(i for i, p in enumerate(s.players) if p.hand >= 2)
        out = [p.name for i, p in enumerate(s.players) if i not in seats]
        s = replace(s, phase="poker", game=PokerRound(seats))
        text = (f"Poker Texas Hold'em: {_names([s.players[i].name for i in seats])} each choose two cards "
                f"face down.")
        if out:
            text += f" {_names(out)} cannot take part (fewer than two cards)."
        return s, [Event("poker", text, data={"players": seats})]

    def _do_poker_cards(self, s: CasinoState, a: PokerCards):
        p = s.players[a.seat]
        rnd = s.game
        s = _set(s, a.seat, replace(p, hand=p.hand - 2))
        rnd = replace(rnd, holes=rnd.holes + ((a.seat, tuple(c.upper() for c in a.cards)),))
        events = [Event("poker_chosen", f"{p.name} has chosen two cards."),
                  Event("poker_cards", f"Your poker cards: {' '.join(a.cards)}.", Seat(a.seat))]
        if len(rnd.holes) == len(rnd.players):
            s = replace(s, game=rnd, phase="poker_board")
            shown = "; ".join(f"{s.players[i].name}: {' '.join(c)}" for i, c in sorted(rnd.holes))
            events.append(Event("poker_reveal", f"Cards face up — {shown}. "
                                f"{s.players[s.active].name} turns five cards from the draw pile."))
        else:
            s = replace(s, game=rnd)
        return s, events

    def _do_poker_board(self, s: CasinoState, a: PokerBoard):
        board = [poker.parse_card(c) for c in a.cards]
        hands = {seat: poker.best_hand([poker.parse_card(c) for c in hole] + board) for seat, hole in s.game.holes}
        won = poker.winners(hands)
        pot = POKER_STAKE * len(s.players)
        unit = s.data.split_unit
        each = pot // len(won) // unit * unit if len(won) > 1 else pot
        names = [s.players[w].name for w in won]
        best = hands[won[0]]
        losers = [seat for seat in hands if seat not in won]
        if len(won) == 1:
            text = f"Poker: {names[0]} wins {money(pot)} with {best.describe()}."
        else:
            text = f"Poker: {_names(names)} tie with {best.describe()} and split the {money(pot)} pot: {money(each)} each."
            if each * len(won) < pot:
                text += f" The {money(pot - each * len(won))} that cannot be split stays in the bank."
        if losers:
            runner = max(losers, key=lambda seat: hands[seat].key)
            text += f" {_cap(poker.why(best, hands[runner]))} ({s.players[runner].name})."
        details = tuple((s.players[seat].name, f"{h.describe()}: {' '.join(poker.card_code(c) for c in h.cards)}")
                        for seat, h in sorted(hands.items()))
        events = [Event("poker_result", text, data={"board": a.cards, "winners": won, "each": each,
                                                     "hands": {s.players[k].name: v.name for k, v in hands.items()}})]
        result = GameResult("poker", text, tuple(won), each, details, cards=tuple(a.cards))
        for w in won:
            if each:
                s, evs = self._pay(s, None, w, each, "Poker Texas Hold'em")
                events += evs
        s = replace(s, game=None, last_game=result, phase="clients")
        return s, events + [self._phase_event(s)]

    def _do_play_roulette(self, s: CasinoState, a: PlayRoulette):
        s = self._game_played(s, 0)
        n = len(s.players)
        order = tuple((s.active + k) % n for k in range(n))
        s = replace(s, phase="roulette", game=RouletteRound(order))
        events = [Event("roulette", f"Roulette: {s.players[s.active].name} places two cards of different values face up; "
                                    f"then each player in turn places one card of a value not yet played.")]
        return self._roulette_skip_empty(s, events)

    def _roulette_next(self, s: CasinoState) -> int | None:
        done = s.game.done
        return next((seat for seat in s.game.order if seat not in done), None)

    def _roulette_skip_empty(self, s: CasinoState, events: list[Event]):
        while (nxt := self._roulette_next(s)) is not None and nxt != s.active and s.players[nxt].hand == 0:
            s = replace(s, game=replace(s.game, passed=s.game.passed + (nxt,)))
            events.append(Event("roulette_pass", f"{s.players[nxt].name} has no card and cannot take part."))
        if self._roulette_next(s) is None:
            s = replace(s, phase="roulette_spin")
            events.append(Event("roulette_spin", f"{s.players[s.active].name} turns cards from the draw pile, one at a time, until one matches."))
        return s, events

    def _do_roulette_bet(self, s: CasinoState, a: RouletteBet):
        p = s.players[a.seat]
        s = _set(s, a.seat, replace(p, hand=p.hand - len(a.values)))
        s = replace(s, game=replace(s.game, bets=s.game.bets + ((a.seat, a.values),)))
        return self._roulette_skip_empty(s, [Event("roulette_bet", f"{p.name} places {' and '.join(a.values)}.")])

    def _do_roulette_pass(self, s: CasinoState, a: RoulettePass):
        s = replace(s, game=replace(s.game, passed=s.game.passed + (a.seat,)))
        return self._roulette_skip_empty(s, [Event("roulette_pass", f"{s.players[a.seat].name} cannot take part.")])

    def _do_roulette_card_turned(self, s: CasinoState, a: RouletteCardTurned):
        rnd = replace(s.game, turned=s.game.turned + (a.value,))
        count = len(rnd.turned)
        owner = next((seat for seat, vs in rnd.bets if a.value in vs), None)
        if owner is None:
            return replace(s, game=rnd), [Event("roulette_turned", f"Card {count}: {a.value} — no match, turn another.")]
        prize = min(count * ROULETTE_PER_CARD, ROULETTE_MAX)
        name = s.players[owner].name
        text = f"Card {count}: {a.value} — it matches {name}'s card! {name} wins {money(prize)}."
        events = [Event("roulette_result", text, data={"winner": owner, "cards": count, "prize": prize})]
        s, evs = self._pay(s, None, owner, prize, "Roulette")
        s = replace(s, game=None, phase="clients",
                    last_game=GameResult("roulette", text, (owner,), prize,
                                         tuple((s.players[seat].name, " ".join(vs)) for seat, vs in rnd.bets),
                                         cards=rnd.turned))
        return s, events + evs + [self._phase_event(s)]

    def _do_play_slot_machine(self, s: CasinoState, a: PlaySlotMachine):
        s = self._game_played(s, a.bet)
        s = replace(s, phase="slot", game=SlotRound(a.bet))
        return s, [Event("slot", f"Slot machine: {s.players[s.active].name} bets {_cards(a.bet)} and turns three cards.")]

    def _do_slot_cards_turned(self, s: CasinoState, a: SlotCardsTurned):
        bet = s.game.bet
        combo = slot_combination(a.symbols)
        prize = SLOT_PAY[combo][bet - 1] * MILLION if combo else 0
        name = s.players[s.active].name
        shown = ", ".join(a.symbols)
        if prize:
            text = f"Slot machine: {shown} — {combo}! {name} wins {money(prize)} on a {bet}-card bet."
        else:
            text = f"Slot machine: {shown} — no two alike. {name} wins nothing."
        events = [Event("slot_result", text, data={"symbols": a.symbols, "bet": bet, "prize": prize})]
        if prize:
            s, evs = self._pay(s, None, s.active, prize, "Slot machine")
            events += evs
        s = replace(s, game=None, phase="clients",
                    last_game=GameResult("slot", text, (s.active,) if prize else (), prize,
                                         cards=tuple(a.symbols), bet=bet))
        return s, events + [self._phase_event(s)]

    def _game_played(self, s: CasinoState, extra_cards: int) -> CasinoState:
        me = s.players[s.active]
        return replace(_set(s, s.active, replace(me, hand=me.hand - 1 - extra_cards)), turn_type="game")

    def _do_transaction_buy(self, s: CasinoState, a: TransactionBuy):
        me = s.players[s.active]
        s = replace(_set(s, s.active, replace(me, hand=me.hand - 1 - len(a.cards), safe=me.safe + a.cards)),
                    turn_type="transaction", phase="market")
        secret = ", ".join(f"{n} {j}s" for j, n in a.cards)
        return s, [Event("transaction", f"Transaction: {me.name} buys — {_cards(len(a.cards))} {'goes' if len(a.cards) == 1 else 'go'} face down into the safe. "
                                        "A new Market Value card is turned."),
                   Event("safe", f"Into your safe: {secret}.", Seat(s.active))]

    def _do_transaction_sell(self, s: CasinoState, a: TransactionSell):
        me = s.players[s.active]
        card = s.data.market[s.market]
        sold = [me.safe[i] for i in a.safe_cards]
        pearls = sum(n for j, n in sold if j == "pearl")
        diamonds = sum(n for j, n in sold if j == "diamond")
        amount = pearls * card.pearl + diamonds * card.diamond
        safe = tuple(c for i, c in enumerate(me.safe) if i not in a.safe_cards)
        s = replace(_set(s, s.active, replace(me, hand=me.hand - 1, safe=safe)), turn_type="transaction", phase="market")
        text = (f"Transaction: {me.name} sells {pearls} pearls and {diamonds} diamonds at "
                f"{money(card.pearl)} and {money(card.diamond)}: {money(amount)}. A new Market Value card is turned.")
        events = [Event("transaction", text, data={"pearls": pearls, "diamonds": diamonds, "amount": amount})]
        if amount:
            s, evs = self._pay(s, None, s.active, amount, "Transaction (sale)")
            events += evs
        return s, events

    def _do_safe_cards_taken(self, s: CasinoState, a: SafeCardsTaken):
        target = s.game.target
        victim = s.players[target]
        taken = tuple(victim.safe[i] for i in a.cards)
        s = _set(s, target, replace(victim, safe=tuple(c for i, c in enumerate(victim.safe) if i not in a.cards)))
        me = s.players[s.active]
        s = replace(_set(s, s.active, replace(me, safe=me.safe + taken)), game=None, phase="actions")
        listed = ", ".join(f"{n} {j}s" for j, n in taken)
        s = replace(s, notes=((s.active, f"You took: {listed}."), (target, f"Stolen from your safe: {listed}.")))
        return s, [Event("safe_robbery", f"{me.name} puts {_cards(len(taken))} from {victim.name}'s safe into their own."),
                   Event("safe", f"You took: {listed}.", Seat(s.active)),
                   Event("safe", f"Stolen from your safe: {listed}.", Seat(target))]

    def _do_discard_hand(self, s: CasinoState, a: DiscardHand):
        me = s.players[s.active]
        s = _set(s, s.active, replace(me, hand=HAND))
        events = [Event("discard_hand", f"{me.name} discards the whole hand and draws seven cards; on to phase 3.")]
        return self._end_turn(s, events)

    def _do_end_actions(self, s: CasinoState, a: EndActions):
        if s.cost_due:
            s = replace(s, phase="manpower")
            text = f"{s.players[s.active].name} discards cards worth at least {s.cost_due} manpower (excess is lost)."
            return s, [Event("manpower", text, data={"cost": s.cost_due})]
        s = replace(s, phase="clients")
        return s, [self._phase_event(s)]

    def _do_pay_manpower(self, s: CasinoState, a: PayManpower):
        me = s.players[s.active]
        lost = sum(a.cards) - s.cost_due
        text = f"{me.name} discards {_cards(len(a.cards))} for {sum(a.cards)} manpower" + (f" ({lost} lost)." if lost else ".")
        s = replace(_set(s, s.active, replace(me, hand=me.hand - len(a.cards))), cost_due=0, phase="clients")
        return s, [Event("manpower_paid", text), self._phase_event(s)]

    def _do_play_client(self, s: CasinoState, a: PlayClient):
        me = s.players[s.active]
        s = _set(s, s.active, replace(me, hand=me.hand - 1))
        count = len(me.constructions(a.building))
        where = f"Client {a.building.title()}"
        if a.building in me.blocked:
            mission = BLOCKER_TITLES[BLOCKER_OF[a.building]]
            return s, [Event("client", f"{where}: {me.name}'s {a.building.title()} is blocked by {mission}; no income.")]
        if count == 0:
            return s, [Event("client", f"{where}: {me.name} has no construction there; the card is simply discarded.")]
        amount = count * INCOME_PER_CONSTRUCTION
        events = [Event("client", f"{where}: {count} construction(s) — {me.name} takes {money(amount)} from the bank.")]
        s, evs = self._pay(s, None, s.active, amount, f"{where} ({count} construction{'' if count == 1 else 's'})")
        return s, events + evs

    def _do_end_turn(self, s: CasinoState, a: EndTurn):
        return self._end_turn(s, [])

    def _end_turn(self, s: CasinoState, events: list[Event]):
        """Phase 3 (Super Clients move, then pay the active player) and phase 4 (victory, redraw)."""
        s, evs = self._move_super_clients(s)
        events += evs
        me = s.players[s.active]
        for i, b in enumerate(BUILDINGS):
            if s.super_clients[i] != s.active:
                continue
            count = len(me.constructions(b))
            if b in me.blocked:
                events.append(Event("super_client", f"Super Client {b.title()}: {me.name}'s {b.title()} is blocked; no income."))
            elif count:
                events.append(Event("super_client", f"Super Client {b.title()}: {me.name} takes {money(count * MILLION)}."))
                s, evs = self._pay(s, None, s.active, count * INCOME_PER_CONSTRUCTION, f"Super Client {b.title()}")
                events += evs
        # phase 4.1: victory
        balances = [s.ledger.balance(p.name) for p in s.players]
        if max(balances) >= VICTORY:
            top = max(balances)
            won = tuple(i for i, b in enumerate(balances) if b == top)
            names = _names([s.players[i].name for i in won])
            reason = (f"{names} {'wins' if len(won) == 1 else 'share the win'} with {money(top)}: "
                      f"a player reached {money(VICTORY)} and the richest wins.")
            s = replace(s, phase="over", winners=won, end_reason=reason, game=None)
            return s, events + [Event("victory", reason, data={"winners": won})]
        # phase 4.2: draw back to seven
        me = s.players[s.active]
        if me.hand < HAND:
            events.append(Event("draw", f"{me.name} draws {_cards(HAND - me.hand)} to hold seven."))
            s = _set(s, s.active, replace(me, hand=HAND))
        s = replace(s, active=(s.active + 1) % len(s.players), turn=s.turn + 1, phase="actions",
                    turn_type=None, cost_due=0)
        return s, events + [self._phase_event(s)]

    def _move_super_clients(self, s: CasinoState):
        """'The opponents absolutely must surpass the number of constructions ... to take' it."""
        events = []
        holders = list(s.super_clients)
        for i, b in enumerate(BUILDINGS):
            counts = [len(p.built[i]) for p in s.players]
            top = max(counts)
            leaders = [k for k, c in enumerate(counts) if c == top]
            holder = holders[i]
            title = f"Super Client {b.title()}"
            if holder is not None:
                if counts[holder] >= SUPER_CLIENT_MIN and counts[holder] == top:
                    continue  # keeps it, even when equalled
                if top >= SUPER_CLIENT_MIN and len(leaders) == 1:
                    new = leaders[0]
                    events.append(Event("super_client_moves", f"{title} moves from {s.players[holder].name} to {s.players[new].name} ({top} constructions)."))
                else:
                    new = None
                    why = "a tie for the most constructions" if top >= SUPER_CLIENT_MIN else f"nobody has {SUPER_CLIENT_MIN} constructions"
                    events.append(Event("super_client_moves", f"{s.players[holder].name} loses the {title}; it goes back to the middle ({why})."))
                holders[i] = new
            elif top >= SUPER_CLIENT_MIN and len(leaders) == 1:
                holders[i] = leaders[0]
                events.append(Event("super_client_moves", f"{s.players[leaders[0]].name} takes the {title} ({top} constructions)."))
        return replace(s, super_clients=tuple(holders)), events

    # -- money -----------------------------------------------------------------------------------
    def _pay(self, s: CasinoState, payer: int | None, payee: int | None, amount: int, reason: str):
        """Book ``amount`` from payer to payee (None = the bank); in token mode say which tokens move."""
        pname = BANK if payer is None else s.players[payer].name
        qname = BANK if payee is None else s.players[payee].name
        s = replace(s, ledger=s.ledger.transfer(pname, qname, amount, reason))
        who = lambda seat: "the bank" if seat is None else s.players[seat].name  # noqa: E731
        text = f"{_cap(who(payer))} pays {who(payee)} {money(amount)} ({reason})."
        data: dict[str, Any] = {"payer": who(payer), "payee": who(payee), "amount": amount, "reason": reason}
        if s.token_mode:
            s, token_text, moves = _settle_tokens(s, payer, payee, amount, who)
            text += " " + token_text
            data["tokens"] = moves
        return s, [Event("payment", text, data=data)]

    # -- chance -----------------------------------------------------------------------------------
    def chance(self, state: CasinoState, rng: Any, request: str | None = None) -> Action | None:
        if request is not None:
            raise IllegalAction(f"'{request}' is not something to draw in Mafia Casino; the game asks for its own draws.")
        if self.outcome(state) is not None:
            return None
        data = state.data
        s = state
        if s.phase == "market":
            return MarketValueDrawn(rng.choice([i for i in range(1, len(data.market) + 1) if i - 1 != s.market]))
        if s.phase == "first_player":
            return FirstPlayerChosen(rng.randrange(len(s.players)))
        if s.phase == "poker_board":
            holes = [c for _, cs in s.game.holes for c in cs] if isinstance(s.game, PokerRound) else []
            while True:  # the deck holds each value and suit ``copies`` times: never more on the table
                board = tuple(rng.choice(data.values) + rng.choice(data.suit_letters) for _ in range(5))
                if _too_many_copies(s.data, holes, board) is None:
                    return PokerBoard(board)
        if s.phase == "roulette_spin":
            return RouletteCardTurned(rng.choice(data.values))
        if s.phase == "slot":
            names = [k for k, _ in data.slot_weights]
            weights = [w for _, w in data.slot_weights]
            return SlotCardsTurned(tuple(rng.choices(names, weights, k=3)))
        if s.phase == "robbery":
            size = len(s.players[s.game.target].safe)
            return SafeCardsTaken(tuple(sorted(rng.sample(range(size), min(3, size)))))
        return None

    def playout_policy(self, state: CasinoState, legal, rng: Any) -> Action:
        """Favour the Game cards and income so that random games reach $30M quickly."""
        groups: dict[str, list[Action]] = {}
        for a in legal:
            groups.setdefault(a.kind, []).append(a)
        kinds = list(groups)
        weights = [POLICY_WEIGHTS.get(k, 1.0) for k in kinds]
        kind = rng.choices(kinds, weights, k=1)[0]
        return rng.choice(groups[kind])

    def secret_twins(self, config: Mapping[str, Any], seed: int, rng: Any):
        base = self.new(config, seed)
        base, _ = self.apply(base, MarketValueDrawn(1))
        base, _ = self.apply(base, FirstPlayerChosen(0))
        a = _set(base, 0, replace(base.players[0], safe=(("pearl", 10),)))
        b = _set(base, 0, replace(base.players[0], safe=(("diamond", 20),)))
        poker_state, _ = self.apply(base, PlayPoker())
        c, _ = self.apply(poker_state, PokerCards(0, ("AS", "AH")))
        d, _ = self.apply(poker_state, PokerCards(0, ("2C", "7D")))
        return [(a, b), (c, d)]

    # -- views ----------------------------------------------------------------------------------
    def view(self, state: CasinoState, audience: Audience):
        table = self._table_view(state)
        if isinstance(audience, Seat):
            if not 0 <= audience.n < len(state.players):
                raise IllegalAction(f"There is no seat {audience.n}.")
            holes = dict(state.game.holes) if isinstance(state.game, PokerRound) else {}
            note = next((text for seat, text in state.notes if seat == audience.n), "")
            return SeatView(audience.n, table, state.players[audience.n].safe, holes.get(audience.n, ()), note)
        if audience == REVEAL:
            holes = state.game.holes if isinstance(state.game, PokerRound) else ()
            return RevealView(table, tuple((p.name, p.safe) for p in state.players),
                              tuple((state.players[i].name, c) for i, c in holes))
        return table

    def _table_view(self, s: CasinoState) -> TableView:
        data = s.data
        players = []
        for i, p in enumerate(s.players):
            bal = s.ledger.balance(p.name)
            players.append(PlayerPublic(
                seat=i, name=p.name, balance=bal, balance_text=money(bal), hand=p.hand,
                constructions=tuple(zip(BUILDINGS, p.built)), blocked=p.blocked,
                super_clients=tuple(b for b, h in zip(BUILDINGS, s.super_clients) if h == i),
                safe_cards=len(p.safe), tokens=tuple(zip(tokens.COLOURS, p.tokens)) if s.token_mode else (),
                paper=p.paper))
        market = None
        if s.market is not None:
            card = data.market[s.market]
            market = (card.name, card.pearl, card.diamond)
        return TableView(
            phase=s.phase, instruction=self._instruction(s), active=s.active, active_name=s.players[s.active].name,
            turn=s.turn, turn_type=s.turn_type, manpower_due=s.cost_due, market=market,
            super_clients=tuple((b, None if h is None else s.players[h].name) for b, h in zip(BUILDINGS, s.super_clients)),
            players=tuple(players), game=self._game_public(s), last_game=s.last_game, token_mode=s.token_mode,
            box=tuple(zip(tokens.COLOURS, s.box)) if s.token_mode else (),
            ledger=tuple((t.payer, t.payee, t.amount, t.reason) for t in s.ledger.journal),
            winners=tuple(s.players[i].name for i in s.winners), draw_prompt=self.awaiting_draw(s),
            market_cards=tuple((c.name, c.pearl, c.diamond) for c in data.market),
            ledger_turns=s.journal_turns, noted=tuple(seat for seat, _ in s.notes))

    def awaiting_draw(self, s: CasinoState) -> str | None:
        """What the game waits to have turned (session ``draw()`` or entered by hand), or None."""
        me = s.players[s.active].name
        return {
            "market": "Turn a Market Value card.",
            "first_player": "Each player picks a card; enter who has the highest value.",
            "poker_board": f"{me} turns five cards from the draw pile for the board.",
            "roulette_spin": f"{me} turns the next card from the draw pile.",
            "slot": f"{me} turns three cards from the draw pile.",
            "robbery": f"{me} takes cards at random from the safe.",
        }.get(s.phase) if self.outcome(s) is None else None

    def _game_public(self, s: CasinoState) -> GamePublic | None:
        g = s.game
        name = lambda i: s.players[i].name  # noqa: E731
        if isinstance(g, PokerRound):
            chosen = tuple(name(i) for i, _ in g.holes)
            return GamePublic("poker", tuple(name(i) for i in g.players if name(i) not in chosen), chosen)
        if isinstance(g, RouletteRound):
            nxt = self._roulette_next(s)
            return GamePublic("roulette", () if nxt is None else (name(nxt),),
                              bets=tuple((name(i), v) for i, v in g.bets), turned=g.turned)
        if isinstance(g, SlotRound):
            return GamePublic("slot", (name(s.active),), bet=g.bet)
        if isinstance(g, Robbery):
            return GamePublic("safe_robbery", (name(s.active),))
        return None

    def _instruction(self, s: CasinoState) -> str:
        me = s.players[s.active].name
        p = s.phase
        if p == "market":
            return "turn a Market Value card."
        if p == "first_player":
            return "each player picks a card; the highest value plays first."
        if p == "actions":
            return (f"{me}'s turn, phase 1: play Construction, Mission, Game or Transaction cards "
                    f"(one type), discard the whole hand, or end phase 1.")
        if p == "manpower":
            return f"{me} discards cards worth at least {s.cost_due} manpower."
        if p == "poker":
            return f"poker: {_names(self._game_public(s).waiting_for)} choose two cards face down."
        if p == "poker_board":
            return f"poker: {me} turns five cards from the draw pile."
        if p == "roulette":
            return f"roulette: {s.players[self._roulette_next(s)].name} places a card."
        if p == "roulette_spin":
            return f"roulette: {me} turns the next card from the draw pile."
        if p == "slot":
            return f"slot machine: {me} turns three cards."
        if p == "robbery":
            return f"safe robbery: {me} takes cards at random from {s.players[s.game.target].name}'s safe."
        if p == "clients":
            return f"{me}'s turn, phase 2: play Client cards, then end the turn."
        return s.end_reason or "the game is over."

    def _phase_event(self, s: CasinoState) -> Event:
        text = self._instruction(s)
        return Event("phase", _cap(text), data={"phase": s.phase, "active": s.active})


PHASE_ACTIONS: dict[str, tuple[type, ...]] = {
    "market": (MarketValueDrawn,),
    "first_player": (FirstPlayerChosen,),
    "actions": (BuildConstruction, PlayEspionage, PlayBomb, PlaySafeRobbery, PlayExtortion, PlayBlock,
                PlayPoker, PlayRoulette, PlaySlotMachine, TransactionBuy, TransactionSell, DiscardHand,
                EndActions),
    "manpower": (PayManpower,),
    "poker": (PokerCards,),
    "poker_board": (PokerBoard,),
    "roulette": (RouletteBet, RoulettePass),
    "roulette_spin": (RouletteCardTurned,),
    "slot": (SlotCardsTurned,),
    "robbery": (SafeCardsTaken,),
    "clients": (PlayClient, EndTurn),
}

POLICY_WEIGHTS = {"discard_hand": 0.1, "end_actions": 0.6, "play_poker": 3, "play_roulette": 3,
                  "play_slot_machine": 4, "build_construction": 2, "transaction_sell": 2,
                  "play_client": 3, "end_turn": 1, "roulette_pass": 0.3}


def slot_combination(symbols: tuple[str, ...]) -> str | None:
    """Pay-table line for three symbols: 'three diamonds', 'three pearls', 'two' or None."""
    for jewel in JEWELS:
        if symbols.count(jewel) == 3:
            return f"three {jewel}s"
    if any(symbols.count(j) == 2 for j in JEWELS):
        return "two"
    return None


def _settle_tokens(s: CasinoState, payer: int | None, payee: int | None, amount: int, who):
    """Move tokens for a booked payment; when impossible, put it on paper and say so."""
    def stock(st, seat):
        return st.box if seat is None else st.players[seat].tokens

    def move(st, frm, to, given, back):
        f = tokens.add(tokens.sub(stock(st, frm), given), back)
        t = tokens.add(tokens.sub(stock(st, to), back), given)
        st = replace(st, box=f) if frm is None else _set(st, frm, replace(st.players[frm], tokens=f))
        return replace(st, box=t) if to is None else _set(st, to, replace(st.players[to], tokens=t))

    def say(frm, to, given, back):
        text = f"{_cap(who(frm))} hands {who(to)} {tokens.describe(given)}"
        if back != tokens.NONE:
            text += f"; {who(to)} gives back {tokens.describe(back)} in change"
        return text + "."

    direct = tokens.settle(stock(s, payer), stock(s, payee), amount)
    if direct:
        return move(s, payer, payee, *direct), say(payer, payee, *direct), {"given": direct[0], "change": direct[1]}
    if payer is not None and payee is not None:
        first = tokens.settle(stock(s, payer), s.box, amount)
        if first:
            mid = move(s, payer, None, *first)
            second = tokens.settle(mid.box, stock(mid, payee), amount)
            if second:
                text = "Change through the bank: " + say(payer, None, *first) + " " + say(None, payee, *second)
                return move(mid, None, payee, *second), text, {"via_bank": [first, second]}
    if payer is not None:
        s = _set(s, payer, replace(s.players[payer], paper=s.players[payer].paper - amount))
    if payee is not None:
        s = _set(s, payee, replace(s.players[payee], paper=s.players[payee].paper + amount))
    text = (f"The tokens cannot make this change ({who(payer)} holds {tokens.describe(stock(s, payer))}, "
            f"{who(payee)} holds {tokens.describe(stock(s, payee))}): note {money(amount)} on paper.")
    return s, text, {"paper": amount}


def _set(s: CasinoState, seat: int, player: Player) -> CasinoState:
    players = list(s.players)
    players[seat] = player
    return replace(s, players=tuple(players))


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _bad_building(building: Any) -> str | None:
    if building not in BUILDINGS:
        return f"'{building}' is not a building: choose casino, restaurant or hotel."
    return None


def _bad_cards(cards) -> str | None:
    for code in cards:
        try:
            poker.parse_card(code)
        except IllegalAction as err:
            return str(err)
    return None


def _too_many_copies(data, on_table, new) -> str | None:
    """A sentence when ``new`` cards with those already ``on_table`` need more copies of one value
    and suit than the deck holds (data.toml ``copies``, 3: 156 cards over 13 values x 4 suits)."""
    from collections import Counter

    copies = data.copies
    count = Counter(poker.parse_card(c) for c in on_table)
    for code in new:
        card = poker.parse_card(code)
        count[card] += 1
        if count[card] > copies:
            value = data.values[card[0] - 2]
            suit = dict(data.suits)[card[1]]
            return (f"The deck has only {copies} cards showing the {value} of {suit}: "
                    f"{count[card]} cannot be on the table. Check the cards entered.")
    return None


def _cap(text: str) -> str:
    """Upper-case the first letter only (str.capitalize would lower-case names)."""
    return text[:1].upper() + text[1:]


def _names(names) -> str:
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


ENGINE = MafiaCasinoEngine()
