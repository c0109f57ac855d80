"""Setup and rounds: deck by player count, layout, rounds, first player, Vicelard card, hands."""

from collections import Counter

import pytest
from contract_helpers import E, lay, pass_all, play, refused, run, start

from companion.errors import ConfigError
from companion.games.contract import data as contract_data
from companion.games.contract.engine import Influence, MafiosoTurnedUp, Pass, TraffickingDealt


def test_data_file_has_the_printed_mafiosi_counts():
    """"Brakova (5 cards), Yakaz (5 cards), Rodrigos (5 cards), Costa (5 cards), Blackmat (4 cards)"."""
    counts = Counter(c.rsplit("-", 1)[0] for c in contract_data.load().deck)
    assert counts == {"brakova": 5, "yakaz": 5, "rodrigos": 5, "costa": 5, "blackmat": 4}


def test_data_file_mistakes_are_reported_in_words():
    with pytest.raises(ConfigError, match="missing the entry"):
        contract_data.parse({"families": ["yakaz"]})


@pytest.mark.parametrize("players, cards, rounds", [(2, 20, 5), (3, 20, 4), (4, 24, 4), (5, 24, 4)])
def test_value_two_mafiosi_removed_with_two_or_three_players(players, cards, rounds):
    state = E.new({"players": players}, 0)
    assert len(state.deck) == cards
    assert state.rounds == rounds
    assert any(c.endswith("-2") for c in state.deck) == (players >= 4)


@pytest.mark.parametrize("players, size", [(2, 4), (3, 5), (4, 6), (5, 6)])
def test_layout_size_by_player_count_alternates_back_and_face_up(players, size):
    state = start(players)
    assert [s.face_down for s in state.slots] == [i % 2 == 0 for i in range(size)]


def test_copper_starts_on_the_leftmost_card_and_vicelard_on_the_rightmost():
    state = start(3)
    assert state.copper_at == 0 and state.vicelard_at == 4


def test_last_player_right_of_the_first_holds_the_vicelard_card_at_the_start():
    state = start(3, first_player=1)
    assert state.first == 1 and state.turn == 1
    assert state.vicelard_card == 0


def test_face_up_mafiosi_are_laid_out_left_to_right_before_play():
    state = start(2)
    assert state.phase == "layout" and E.awaiting_turn_up(state) == 1
    msg = refused(state, MafiosoTurnedUp(3, "yakaz-4"))
    assert "position 2 first" in msg
    msg = refused(state, Influence(0, 1, 1, ("dollar",)))
    assert "Lay out face up the Mafioso in position 2" in msg
    state = lay(state, "yakaz-4", "costa-5")
    assert state.phase == "play"
    assert [s.card for s in state.slots] == [None, "yakaz-4", None, "costa-5"]


def test_a_mafioso_already_seen_cannot_be_turned_up_again():
    state = lay(start(2), "yakaz-5")
    msg = refused(state, MafiosoTurnedUp(3, "yakaz-5"))
    assert "no Yakaz 5 left" in msg


def test_value_two_mafioso_refused_with_three_players():
    msg = refused(start(3), MafiosoTurnedUp(1, "yakaz-2"))
    assert "removed with 2 or 3 players" in msg


def test_unknown_mafioso_name_refused():
    assert "not a Mafioso card" in refused(start(2), MafiosoTurnedUp(1, "yakaz-9"))


def test_trafficking_tiles_must_be_the_tiles_of_the_box():
    state = E.new({"players": 2}, 0)
    msg = refused(state, TraffickingDealt((6, 6, 8, 9), (2, 3, 4, 5)))
    assert "one of each per family" in msg
    state = start(2)
    assert "already dealt" in refused(state, TraffickingDealt((6, 7, 8, 9), (2, 3, 4, 5)))


def test_five_influence_cards_are_dealt_to_each_player():
    state = start(3)
    assert state.hands == (5, 5, 5)
    assert state.draw_pile == 53 - 15


def test_hands_are_kept_between_rounds_up_to_ten_cards():
    """"if a player has 3 cards left, they will begin the next round with at least 8 ... (maximum 10)"."""
    state = lay(start(2), "yakaz-4", "costa-5")
    state = play(state, Influence(0, 1, 1, ("contract:yakaz", "dollar")))  # Anna keeps 3
    state = pass_all(state)
    assert state.round == 2 and state.hands == (8, 10)


def test_draw_pile_is_remade_from_the_discards_when_it_runs_out():
    """"if necessary, the influence draw pile is remade by shuffling the discard pile"."""
    from dataclasses import replace
    state = lay(start(2), "yakaz-4", "costa-5")
    state = replace(state, draw_pile=3, discard=40)
    state = play(state, Influence(0, 1, 1, ("contract:yakaz",)), Pass(1))
    state, texts = run(state, Pass(0))
    assert "Shuffle the 41 discarded influence cards to remake the draw pile." in texts
    # Bruno (first in round 2) needs 5, the pile has 3: the 41 discards are shuffled in first
    assert state.round == 2 and state.hands == (9, 10)
    assert (state.draw_pile, state.discard) == (34, 0)


def test_first_player_moves_to_the_left_each_round():
    state = lay(start(3, first_player=2), "yakaz-4", "costa-5")
    state = play(state, Influence(2, 1, 1, ("contract:yakaz",)))
    state = pass_all(state)
    # the count waits for nothing: Carla's Yakaz 4 is face up
    assert state.round == 2 and state.first == 0 and state.turn == 0


@pytest.mark.parametrize("config, words", [
    ({"players": 1}, "2 to 5 players"),
    ({"players": 6}, "2 to 5 players"),
    ({"players": 2, "names": ["Anna"]}, "need 2 names"),
    ({"players": 2, "names": ["Anna", "Anna"]}, "name of their own"),
    ({"players": 3, "first_player": 3}, "seat from 0 to 2"),
    ({"players": 3, "colour": "red"}, "no option colour"),
])
def test_bad_configurations_are_refused_in_words(config, words):
    with pytest.raises(ConfigError, match=words):
        E.new(config, 0)
