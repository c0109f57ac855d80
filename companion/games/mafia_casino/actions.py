"""Mafia Casino actions: what the active player (or, in a Game card, each player) does.

Amounts of manpower and the cards the game needs to know (poker cards, roulette values, slot
symbols, pearls/diamonds) are entered on a card pad; the engine checks each with a sentence.
Cards turned from the draw pile are chance actions (``by_hand`` when a player typed them in).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine import Action

def _cards(n: int, word: str = "card") -> str:
    """``1 card``, ``2 cards``: a count of cards in words (never "card(s)")."""
    return f"{n} {word}{'' if n == 1 else 's'}"


# -- setup ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MarketValueDrawn(Action):
    """The Market Value card numbered ``card`` (1-4, as in data.toml) is turned face up."""

    kind = "market_value_drawn"
    card: int
    by_hand: bool = False

    def describe(self) -> str:
        return f"Market Value card {self.card} turned"


@dataclass(frozen=True, slots=True)
class FirstPlayerChosen(Action):
    """'The player who has the card with the highest value is the first player.'"""

    kind = "first_player_chosen"
    seat: int
    by_hand: bool = False

    def describe(self) -> str:
        return f"Seat {self.seat} plays first"


# -- phase 1 ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BuildConstruction(Action):
    """Play a Construction card ``name`` on ``building``; ``cost`` is the manpower printed on it."""

    kind = "build_construction"
    building: str
    name: str
    cost: int

    def describe(self) -> str:
        return f"Build {self.name} ({self.building}, {self.cost} manpower)"


@dataclass(frozen=True, slots=True)
class PlayEspionage(Action):
    kind = "play_espionage"
    cost: int

    def describe(self) -> str:
        return f"Mission Espionage ({self.cost} manpower)"


@dataclass(frozen=True, slots=True)
class PlayBomb(Action):
    kind = "play_bomb"
    target: int
    building: str
    construction: str
    cost: int

    def describe(self) -> str:
        return f"Mission Bomb on seat {self.target}'s {self.construction} ({self.cost} manpower)"


@dataclass(frozen=True, slots=True)
class PlaySafeRobbery(Action):
    kind = "play_safe_robbery"
    target: int
    cost: int

    def describe(self) -> str:
        return f"Mission Safe Robbery on seat {self.target} ({self.cost} manpower)"


@dataclass(frozen=True, slots=True)
class PlayExtortion(Action):
    kind = "play_extortion"
    cost: int

    def describe(self) -> str:
        return f"Mission Extortion ({self.cost} manpower)"


@dataclass(frozen=True, slots=True)
class PlayBlock(Action):
    """A blocking Mission: ``rock_band_on_tour``, ``obnoxious_family`` or ``expert_cheater``."""

    kind = "play_block"
    mission: str
    target: int
    cost: int

    def describe(self) -> str:
        return f"Mission {self.mission.replace('_', ' ')} on seat {self.target} ({self.cost} manpower)"


@dataclass(frozen=True, slots=True)
class PlayPoker(Action):
    kind = "play_poker"

    def describe(self) -> str:
        return "Game: Poker Texas Hold'em"


@dataclass(frozen=True, slots=True)
class PlayRoulette(Action):
    kind = "play_roulette"

    def describe(self) -> str:
        return "Game: Roulette"


@dataclass(frozen=True, slots=True)
class PlaySlotMachine(Action):
    """The Slot Machine with ``bet`` cards (1-3) discarded as the bet."""

    kind = "play_slot_machine"
    bet: int

    def describe(self) -> str:
        return f"Game: Slot Machine, betting {_cards(self.bet)}"


@dataclass(frozen=True, slots=True)
class TransactionBuy(Action):
    """Up to three cards into the safe, face down: ``((jewel, amount), ...)``, jewel pearl/diamond."""

    kind = "transaction_buy"
    cards: tuple[tuple[str, int], ...]

    def describe(self) -> str:
        return f"Transaction: {_cards(len(self.cards))} into the safe"


@dataclass(frozen=True, slots=True)
class TransactionSell(Action):
    """Sell up to three safe cards, given by their positions (0-based) in the player's safe."""

    kind = "transaction_sell"
    safe_cards: tuple[int, ...]

    def describe(self) -> str:
        return f"Transaction: sell {_cards(len(self.safe_cards), 'safe card')}"


@dataclass(frozen=True, slots=True)
class DiscardHand(Action):
    kind = "discard_hand"

    def describe(self) -> str:
        return "Discard the whole hand and draw seven"


@dataclass(frozen=True, slots=True)
class EndActions(Action):
    kind = "end_actions"

    def describe(self) -> str:
        return "End phase 1"


@dataclass(frozen=True, slots=True)
class PayManpower(Action):
    """The manpower printed on each card discarded to pay for Constructions and Missions."""

    kind = "pay_manpower"
    cards: tuple[int, ...]

    def describe(self) -> str:
        return f"Discard {_cards(len(self.cards))} for {sum(self.cards)} manpower"


# -- Game cards -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PokerCards(Action):
    """A player's two chosen cards, face down until everyone has chosen (e.g. ``('9C', '10H')``)."""

    kind = "poker_cards"
    seat: int
    cards: tuple[str, ...]

    def describe(self) -> str:
        return f"Seat {self.seat} chooses two poker cards"


@dataclass(frozen=True, slots=True)
class PokerBoard(Action):
    """The five cards the active player turns from the draw pile."""

    kind = "poker_board"
    cards: tuple[str, ...]
    by_hand: bool = False

    def describe(self) -> str:
        return "Board: " + " ".join(self.cards)


@dataclass(frozen=True, slots=True)
class RouletteBet(Action):
    """Cards placed face up: two of different values for the active player, one for the others."""

    kind = "roulette_bet"
    seat: int
    values: tuple[str, ...]

    def describe(self) -> str:
        return f"Seat {self.seat} bets on {' and '.join(self.values)}"


@dataclass(frozen=True, slots=True)
class RoulettePass(Action):
    """A player holding no card of a value not yet played cannot take part."""

    kind = "roulette_pass"
    seat: int

    def describe(self) -> str:
        return f"Seat {self.seat} cannot take part"


@dataclass(frozen=True, slots=True)
class RouletteCardTurned(Action):
    kind = "roulette_card_turned"
    value: str
    by_hand: bool = False

    def describe(self) -> str:
        return f"Roulette card turned: {self.value}"


@dataclass(frozen=True, slots=True)
class SlotCardsTurned(Action):
    """The three cards' symbols: each 'pearl', 'diamond' or 'none'."""

    kind = "slot_cards_turned"
    symbols: tuple[str, ...]
    by_hand: bool = False

    def describe(self) -> str:
        return "Slot machine shows " + ", ".join(self.symbols)


@dataclass(frozen=True, slots=True)
class SafeCardsTaken(Action):
    """Which cards (positions in the victim's safe) a Safe Robbery took at random."""

    kind = "safe_cards_taken"
    cards: tuple[int, ...]
    by_hand: bool = False

    def describe(self) -> str:
        return f"Safe robbery takes {_cards(len(self.cards))}"


# -- phase 2 ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayClient(Action):
    kind = "play_client"
    building: str

    def describe(self) -> str:
        return f"Client {self.building.title()}"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Ends phase 2; phases 3 (Super Clients) and 4 (victory, redraw) then run by themselves."""

    kind = "end_turn"

    def describe(self) -> str:
        return "End the turn"


@dataclass(frozen=True, slots=True)
class BankCorrection(Action):
    """The banker puts a mistake right, with a reason: ``amount`` > 0 the bank pays the player,
    < 0 the player pays the bank (whole dollars; any phase of a running game)."""

    kind = "bank_correction"
    seat: int
    amount: int
    reason: str

    def describe(self) -> str:
        way = "from the bank to" if self.amount > 0 else "to the bank from"
        return f"Bank correction: ${abs(self.amount):,} {way} seat {self.seat} ({self.reason})"


CORRECTION_REASONS = ("miscount", "missed income", "wrong player")  # short: three fit one row of buttons

ALL_ACTIONS = (BankCorrection, MarketValueDrawn, FirstPlayerChosen, BuildConstruction, PlayEspionage, PlayBomb,
               PlaySafeRobbery, PlayExtortion, PlayBlock, PlayPoker, PlayRoulette, PlaySlotMachine,
               TransactionBuy, TransactionSell, DiscardHand, EndActions, PayManpower, PokerCards,
               PokerBoard, RouletteBet, RoulettePass, RouletteCardTurned, SlotCardsTurned,
               SafeCardsTaken, PlayClient, EndTurn)
