"""Poker Texas Hold'em under Mafia Casino's own hand order (rulebook 1.2.1).

"Possible poker hand, from the strongest to the weakest: 1. Same kind straight 2. Same value (five
of a kind) 3. Square (four of a kind) 4. Full house 5. Same kind (five cards of the same suit)
6. Straight 7. 3 same value 8. 2 pairs 9. 1 pair 10. Strongest card (A > 2)."

The deck has 170 cards, so a value (even a value *and* suit) can repeat: five of a kind exists and
a flush may hold two cards of the same value. A card is ``(rank, suit)`` with rank 2 for the
weakest value and suit a letter. A-2-3-4-5 is a straight (the lowest); see docs/rules.

>>> h = best_hand([parse_card(c) for c in ("9C", "9D", "9H", "9S", "9C", "JD", "2S")])
>>> h.category, CATEGORY_NAMES[h.category]
(8, 'five of a kind')
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Mapping, Sequence

from companion.errors import IllegalAction

from .data import load

HIGH_CARD, PAIR, TWO_PAIRS, THREE, STRAIGHT, FLUSH, FULL_HOUSE, FOUR, FIVE, STRAIGHT_FLUSH = range(10)

#: The rulebook's names, strongest last (index = category).
CATEGORY_NAMES = ("high card", "one pair", "two pairs", "three of a kind", "straight", "same suit",
                  "full house", "four of a kind", "five of a kind", "same-suit straight")

Card = tuple[int, str]


def values() -> tuple[str, ...]:
    return load().values


def parse_card(code: str) -> Card:
    """``'10H'`` -> ``(10, 'H')``; the value then the suit letter, as entered on the card pad."""
    data = load()
    if not isinstance(code, str) or len(code) < 2:
        raise IllegalAction(f"'{code}' is not a card: write the value then the suit, like 9C or 10H.")
    value, suit = code[:-1].upper(), code[-1].upper()
    if value not in data.values:
        raise IllegalAction(f"'{code}' is not a card: the value must be one of {', '.join(data.values)}.")
    if suit not in data.suit_letters:
        raise IllegalAction(f"'{code}' is not a card: the suit must be one of {', '.join(data.suit_letters)}.")
    return data.values.index(value) + 2, suit


def card_code(card: Card) -> str:
    return f"{values()[card[0] - 2]}{card[1]}"


def value_name(rank: int) -> str:
    return values()[rank - 2]


@dataclass(frozen=True, slots=True)
class Hand:
    """The best five cards: ``category`` (index in CATEGORY_NAMES), ``tiebreak`` ranks, the cards."""

    category: int
    tiebreak: tuple[int, ...]
    cards: tuple[Card, ...]

    @property
    def key(self) -> tuple[int, tuple[int, ...]]:
        return self.category, self.tiebreak

    @property
    def name(self) -> str:
        return CATEGORY_NAMES[self.category]

    def describe(self) -> str:
        """``'a full house (9s over Js)'``."""
        v = [value_name(r) for r in self.tiebreak]
        c = self.category
        if c == STRAIGHT_FLUSH:
            return f"a same-suit straight ({v[0]} high)"
        if c == FIVE:
            return f"five of a kind ({v[0]}s)"
        if c == FOUR:
            return f"four of a kind ({v[0]}s)"
        if c == FULL_HOUSE:
            return f"a full house ({v[0]}s over {v[1]}s)"
        if c == FLUSH:
            return f"same suit ({'-'.join(v)})"
        if c == STRAIGHT:
            return f"a straight ({v[0]} high)"
        if c == THREE:
            return f"three of a kind ({v[0]}s)"
        if c == TWO_PAIRS:
            return f"two pairs ({v[0]}s and {v[1]}s)"
        if c == PAIR:
            return f"a pair of {v[0]}s"
        return f"high card ({'-'.join(v)})"


def _straight_high(ranks: set[int]) -> int | None:
    """Highest card of the best straight among distinct ranks; A-2-3-4-5 counts (high card 5)."""
    top = len(values()) + 1
    for high in range(top, 5, -1):
        if all(high - i in ranks for i in range(5)):
            return high
    if top in ranks and all(r in ranks for r in range(2, 6)):
        return 5
    return None


def _straight_ranks(high: int) -> list[int]:
    if high == 5:
        return [5, 4, 3, 2, len(values()) + 1]
    return [high - i for i in range(5)]


def _take(cards: list[Card], rank: int, n: int) -> list[Card]:
    """Remove and return ``n`` cards of ``rank`` from ``cards``."""
    out = []
    for card in list(cards):
        if len(out) == n:
            break
        if card[0] == rank:
            cards.remove(card)
            out.append(card)
    return out


def _kickers(cards: list[Card], n: int) -> list[Card]:
    return sorted(cards, key=lambda c: c[0], reverse=True)[:n]


def best_hand(cards: Sequence[Card]) -> Hand:
    """The best five-card hand among ``cards`` (5 to 7 of them) under this game's order."""
    cards = list(cards)
    if len(cards) < 5:
        raise IllegalAction(f"A poker hand needs five cards, not {len(cards)}.")
    by_suit: dict[str, list[Card]] = defaultdict(list)
    for card in cards:
        by_suit[card[1]].append(card)
    counts = Counter(r for r, _ in cards)

    best_sf = None
    for suit, cs in by_suit.items():
        if len(cs) >= 5:
            high = _straight_high({r for r, _ in cs})
            if high is not None and (best_sf is None or high > best_sf[0]):
                best_sf = (high, suit)
    if best_sf:
        high, suit = best_sf
        return Hand(STRAIGHT_FLUSH, (high,), tuple((r, suit) for r in _straight_ranks(high)))

    def of_count(n: int) -> list[int]:
        return sorted((r for r, c in counts.items() if c >= n), reverse=True)

    rest = list(cards)
    if of_count(5):
        r = of_count(5)[0]
        return Hand(FIVE, (r,), tuple(_take(rest, r, 5)))
    if of_count(4):
        r = of_count(4)[0]
        four = _take(rest, r, 4)
        kick = _kickers(rest, 1)
        return Hand(FOUR, (r, kick[0][0]), tuple(four + kick))
    trips = of_count(3)
    if trips:
        t = trips[0]
        pairs = [r for r in of_count(2) if r != t]
        if pairs:
            three = _take(rest, t, 3)
            return Hand(FULL_HOUSE, (t, pairs[0]), tuple(three + _take(rest, pairs[0], 2)))
    flushes = [sorted(cs, key=lambda c: c[0], reverse=True)[:5] for cs in by_suit.values() if len(cs) >= 5]
    if flushes:
        best = max(flushes, key=lambda cs: [c[0] for c in cs])
        return Hand(FLUSH, tuple(c[0] for c in best), tuple(best))
    high = _straight_high(set(counts))
    if high is not None:
        return Hand(STRAIGHT, (high,), tuple(_take(rest, r, 1)[0] for r in _straight_ranks(high)))
    if trips:
        t = trips[0]
        three = _take(rest, t, 3)
        kick = _kickers(rest, 2)
        return Hand(THREE, (t, *(k[0] for k in kick)), tuple(three + kick))
    pairs = of_count(2)
    if len(pairs) >= 2:
        p1, p2 = pairs[:2]
        used = _take(rest, p1, 2) + _take(rest, p2, 2)
        kick = _kickers(rest, 1)
        return Hand(TWO_PAIRS, (p1, p2, kick[0][0]), tuple(used + kick))
    if pairs:
        p = pairs[0]
        used = _take(rest, p, 2)
        kick = _kickers(rest, 3)
        return Hand(PAIR, (p, *(k[0] for k in kick)), tuple(used + kick))
    top = _kickers(rest, 5)
    return Hand(HIGH_CARD, tuple(c[0] for c in top), tuple(top))


def winners(hands: Mapping[int, Hand]) -> list[int]:
    """Every seat holding the best hand (more than one is a tie: the pot is split)."""
    best = max(h.key for h in hands.values())
    return sorted(seat for seat, h in hands.items() if h.key == best)


def why(winner: Hand, loser: Hand) -> str:
    """Why ``winner`` beats ``loser``, for the screen: 'five of a kind beats four of a kind'."""
    if winner.category != loser.category:
        return f"{winner.name} beats {loser.name}"
    return f"{winner.describe()} beats {loser.describe()} on the higher cards"
