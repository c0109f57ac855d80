"""Undo messages name the players: ``describe(action, state)`` with the state it was played in."""

from companion.games.mafia_casino import ENGINE
from companion.games.mafia_casino.actions import (BuildConstruction, FirstPlayerChosen, PlayBomb,
                                                  PokerCards, RouletteBet)

from casino_helpers import started


def test_describe_names_the_players_instead_of_seats():
    state = started(players=3)
    assert ENGINE.describe(PlayBomb(1, "hotel", "Pool", 2), state) == "Anna: mission Bomb on Ben's Pool (2 manpower)"
    assert ENGINE.describe(BuildConstruction("hotel", "Pool", 1), state).startswith("Anna: build Pool")
    assert ENGINE.describe(RouletteBet(2, ("5",))) == "Seat 2 bets on 5"  # no state: the plain words


def test_describe_of_secret_poker_cards_does_not_reveal_them():
    state = started(players=3)
    text = ENGINE.describe(PokerCards(1, ("AS", "AH")), state)
    assert "Ben" in text and "AS" not in text


def test_describe_setup_actions_with_names():
    state = ENGINE.new({"players": ["Zoe", "Max"]}, seed=1)
    assert ENGINE.describe(FirstPlayerChosen(1), state) == "Max plays first"
