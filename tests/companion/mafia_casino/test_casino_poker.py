"""Poker Texas Hold'em hand ranking under Mafia Casino's own order (rulebook 1.2.1)."""

import random

import pytest

from companion.errors import IllegalAction
from companion.games.mafia_casino import poker
from companion.games.mafia_casino.poker import best_hand, parse_card, winners, why


def hand(text):
    return best_hand([parse_card(c) for c in text.split()])


# One hand per rulebook rank, strongest first (rulebook: "from the strongest to the weakest").
LADDER = [
    ("same-suit straight", "6C 7C 8C 9C 10C 2D 2H"),
    ("five of a kind", "9C 9D 9H 9S 9C 2D 4H"),
    ("four of a kind", "9C 9D 9H 9S JC 2D 4H"),
    ("full house", "9C 9D 9H JS JC 2D 4H"),
    ("same suit", "AD JD 9D 5D 3D 2S 4C"),
    ("straight", "2C 3D 4H 5S 6C JD KH"),
    ("three of a kind", "9C 9D 9H 2S 5C JD KH"),
    ("two pairs", "9C 9D JH JS 2C 3D 5H"),
    ("one pair", "9C 9D 2H 3S 5C JD KH"),
    ("high card", "AC 3D 5H 7S 9C JD KH"),
]


@pytest.mark.parametrize("name,cards", LADDER)
def test_each_rulebook_poker_hand_is_recognised(name, cards):
    assert hand(cards).name == name


@pytest.mark.parametrize("i", range(len(LADDER) - 1))
def test_each_poker_hand_beats_the_next_in_the_rulebook_order(i):
    stronger, weaker = hand(LADDER[i][1]), hand(LADDER[i + 1][1])
    assert stronger.key > weaker.key
    assert why(stronger, weaker) == f"{LADDER[i][0]} beats {LADDER[i + 1][0]}"


def test_five_of_a_kind_beats_four_of_a_kind_and_the_screen_says_why():
    five, four = hand("9C 9D 9H 9S 9C 2D 4H"), hand("AC AD AH AS KC 2D 4H")
    assert winners({0: five, 1: four}) == [0]
    assert why(five, four) == "five of a kind beats four of a kind"


def test_same_suit_straight_beats_five_of_a_kind():
    assert hand("2H 3H 4H 5H 6H 9C 9D").key > hand("AC AD AH AS AC 2D 3H").key


def test_ace_low_straight_a_2_3_4_5_counts_as_the_lowest_straight():
    wheel = hand("AC 2D 3H 4S 5C 9D JH")
    assert wheel.name == "straight" and wheel.tiebreak == (5,)
    assert hand("2C 3D 4H 5S 6C 9D JH").key > wheel.key


def test_straight_does_not_wrap_around_the_ace():
    assert hand("QC KD AH 2S 3C 7D 9H").name == "high card"


def test_same_suit_may_hold_two_cards_of_the_same_value():
    h = hand("9C 9C 5C 3C 2C KD JH")  # a 170-card deck repeats cards
    assert h.name == "same suit" and h.tiebreak == (9, 9, 5, 3, 2)


def test_same_suit_straight_needs_distinct_values_of_one_suit():
    assert hand("6C 7C 7C 8C 9C 2D 3H").name != "same-suit straight"
    assert hand("6C 7C 8C 9C 10C 10C 3H").name == "same-suit straight"


def test_higher_five_of_a_kind_wins():
    assert winners({0: hand("9C 9D 9H 9S 9C 2D 4H"), 1: hand("JC JD JH JS JC 2D 4H")}) == [1]


def test_full_house_is_ranked_by_its_three_then_its_pair():
    a, b = hand("9C 9D 9H 2S 2C KD 4H"), hand("8C 8D 8H AS AC KD 4H")
    assert winners({0: a, 1: b}) == [0]
    assert hand("9C 9D 9H 9S 2C 2D 4H").name == "four of a kind"  # not a full house


def test_kicker_breaks_a_tie_between_equal_pairs():
    a, b = hand("9C 9D AH 3S 5C 7D 2H"), hand("9S 9H KH 3S 5C 7D 2H")
    assert winners({0: a, 1: b}) == [0]
    assert "on the higher cards" in why(a, b)


def test_identical_best_five_cards_are_a_tie():
    board = "AC KD QH JS 9C"
    a = best_hand([parse_card(c) for c in f"{board} 2D 3H".split()])
    b = best_hand([parse_card(c) for c in f"{board} 2S 4C".split()])
    assert winners({0: a, 1: b}) == [0, 1]


def test_two_pairs_kicker_may_come_from_a_third_pair():
    h = hand("9C 9D JH JS 5C 5D 8H")
    assert h.name == "two pairs" and h.tiebreak == (11, 9, 8)


def test_hand_description_names_the_cards():
    assert hand("9C 9D 9H JS JC 2D 4H").describe() == "a full house (9s over Js)"


@pytest.mark.parametrize("code,word", [("1C", "value"), ("9X", "suit"), ("", "not a card")])
def test_bad_card_code_is_refused_with_a_sentence(code, word):
    with pytest.raises(IllegalAction, match=word):
        parse_card(code)


def _treys_code(code: str) -> str:
    value, suit = code[:-1], code[-1]
    return ("T" if value == "10" else value) + suit.lower()


def test_winners_agree_with_treys_on_10000_standard_deals():
    """Differential check: on a standard 52-card deck the game's order is ordinary poker."""
    treys = pytest.importorskip("treys")
    evaluator = treys.Evaluator()
    deck = [v + s for v in poker.values() for s in "CDHS"]
    rng = random.Random(2024)
    for _ in range(10_000):
        players = rng.randint(2, 6)
        cards = rng.sample(deck, 5 + 2 * players)
        board, holes = cards[:5], [cards[5 + 2 * i: 7 + 2 * i] for i in range(players)]
        ours = {i: best_hand([parse_card(c) for c in h + board]) for i, h in enumerate(holes)}
        tb = [treys.Card.new(_treys_code(c)) for c in board]
        scores = {i: evaluator.evaluate(tb, [treys.Card.new(_treys_code(c)) for c in h]) for i, h in enumerate(holes)}
        theirs = sorted(i for i, sc in scores.items() if sc == min(scores.values()))
        assert winners(ours) == theirs, (board, holes)


def test_poker_refuses_more_copies_of_a_card_than_the_deck_holds():
    """156 action cards carry a value and a suit: 13 x 4 x 3, so each (the 9 of clubs) exists 3
    times (data.toml ``copies``). A fourth 9 of clubs on the table is an entry mistake."""
    from casino_helpers import play, refused, started
    from companion.games.mafia_casino.actions import PlayPoker, PokerBoard, PokerCards

    state, _ = play(started(), PlayPoker(), PokerCards(0, ("9C", "9C")), PokerCards(1, ("9C", "4D")))
    refused(state, PokerCards(2, ("9C", "8D")), "only 3 cards showing the 9 of clubs")
    state, _ = play(state, PokerCards(2, ("7C", "8D")))
    refused(state, PokerBoard(("9C", "KH", "JD", "9S", "QC")), "only 3 cards showing the 9 of clubs")
    play(state, PokerBoard(("9D", "9H", "9S", "9S", "QC")))  # other suits of the 9 are fine
