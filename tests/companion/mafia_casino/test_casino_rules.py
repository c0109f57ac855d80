"""Mafia Casino rules, one scenario per rule (rulebook sections quoted in the engine)."""

import random
from dataclasses import replace

import pytest
from casino_helpers import (ENGINE, M, balance, bank, play, refused, started, texts, with_built, with_money,
                            with_player)

from companion.engine import REVEAL, TABLE, Seat
from companion.errors import ConfigError
from companion.games.mafia_casino.actions import (BuildConstruction, DiscardHand, EndActions, EndTurn,
                                                  FirstPlayerChosen, MarketValueDrawn, PayManpower, PlayBlock,
                                                  PlayBomb, PlayClient, PlayEspionage, PlayExtortion, PlayPoker,
                                                  PlayRoulette, PlaySafeRobbery, PlaySlotMachine, PokerBoard,
                                                  PokerCards, RouletteBet, RouletteCardTurned, RoulettePass,
                                                  SafeCardsTaken, SlotCardsTurned, TransactionBuy, TransactionSell)

# -- setup ------------------------------------------------------------------------------------


def test_setup_turns_a_market_value_card_then_the_highest_card_plays_first():
    state = ENGINE.new({"players": ["Anna", "Ben", "Cleo"]}, seed=3)
    assert state.phase == "market" and ENGINE.chance(state, random.Random(1)) is not None
    state, events = play(state, MarketValueDrawn(1, by_hand=True), FirstPlayerChosen(2, by_hand=True))
    assert "$100000" not in texts(events) and "$0.1M per pearl" in texts(events)
    assert state.phase == "actions" and state.active == 2
    assert "Cleo plays first" in texts(events)


@pytest.mark.parametrize("config,words", [
    ({"players": 1}, "2 to 6"), ({"players": 7}, "2 to 6"), ({"players": ["Anna", "anna"]}, "same name"),
    ({"players": ["Anna", "bank"]}, "bank"), ({"players": 3, "tokens": "yes"}, "tokens"),
    ({"colour": 1}, "no option"),
])
def test_bad_configuration_is_refused_with_a_sentence(config, words):
    with pytest.raises(ConfigError, match=words):
        ENGINE.new(config, 1)


# -- phase 1: one type of action card ---------------------------------------------------------


def test_only_one_type_of_action_card_per_turn():
    state, _ = play(started(), BuildConstruction("hotel", "Pool", 1))
    refused(state, PlayExtortion(1), "already played a Construction card", "one type")
    refused(state, PlayPoker(), "one type")


def test_several_construction_cards_may_be_played_in_one_turn():
    state, _ = play(started(), BuildConstruction("hotel", "Pool", 1), BuildConstruction("casino", "Cashier", 1))
    assert state.players[0].constructions("hotel") == ("Pool",) and state.players[0].constructions("casino") == ("Cashier",)


def test_only_one_transaction_card_per_turn():
    state, _ = play(started(), TransactionBuy((("pearl", 10),)))
    assert state.phase == "market"  # then straight on to phase 2: no second Transaction
    state, _ = play(state, MarketValueDrawn(2))
    assert state.phase == "clients"
    refused(state, TransactionBuy((("pearl", 10),)), "not possible now")


def test_only_one_game_card_per_turn():
    state, _ = play(started(), PlaySlotMachine(1), SlotCardsTurned(("none", "none", "none")))
    assert state.phase == "clients"
    refused(state, PlayPoker(), "not possible now", "phase 2")


def test_discarding_the_whole_hand_draws_seven_and_goes_straight_to_phase_3():
    state = with_player(started(), 0, hand=2)
    state = with_built(state, 0, "hotel", "Pool", "Spa", "Lobby")
    state, events = play(state, DiscardHand())
    assert "draws seven" in texts(events)
    assert state.players[0].hand == 7 and state.super_clients[2] == 0  # phase 3 ran
    assert balance(state, 0) == 3 * M and state.active == 1 and state.phase == "actions"


def test_discarding_the_hand_is_refused_after_playing_an_action_card():
    state, _ = play(started(), BuildConstruction("hotel", "Pool", 1))
    refused(state, DiscardHand(), "only instead of playing")


# -- manpower -----------------------------------------------------------------------------------


def test_manpower_discarded_must_cover_the_total_cost_of_the_cards_played():
    state, _ = play(started(), BuildConstruction("hotel", "Pool", 3), BuildConstruction("hotel", "Spa", 4), EndActions())
    assert state.phase == "manpower" and state.cost_due == 7
    refused(state, PayManpower((5, 1)), "does not cover", "7")
    state, events = play(state, PayManpower((5, 3)))
    assert "(1 lost)" in texts(events)  # rulebook example: 8 manpower pays for 7, excess lost
    assert state.players[0].hand == 7 - 2 - 2 and state.phase == "clients"


def test_no_excess_card_may_be_discarded_with_the_manpower():
    state, _ = play(started(), BuildConstruction("hotel", "Pool", 3), EndActions())
    refused(state, PayManpower((3, 2)), "no excess cards", "keep it")
    refused(state, PayManpower((3, 0)), "no excess")


def test_cards_played_must_be_payable_from_the_hand_left():
    state = with_player(started(), 0, hand=2)
    state, _ = play(state, BuildConstruction("hotel", "Pool", 5))  # 1 card left, worth at most 5
    refused(state, BuildConstruction("hotel", "Spa", 1), "could not pay 6 manpower", "0 card")


def test_manpower_card_values_are_0_to_5():
    refused(started(), BuildConstruction("hotel", "Pool", 6), "0 to 5 manpower")


def test_cards_without_cost_need_no_manpower():
    state, _ = play(started(), BuildConstruction("hotel", "Pool", 0), EndActions())
    assert state.phase == "clients"


# -- constructions --------------------------------------------------------------------------------


def test_the_same_construction_cannot_be_built_twice():
    state, _ = play(started(), BuildConstruction("hotel", "Penthouse", 1))
    refused(state, BuildConstruction("hotel", "Penthouse", 1), "already has the Penthouse", "no construction twice")


def test_construction_must_belong_to_the_building():
    refused(started(), BuildConstruction("casino", "Penthouse", 1), "not a Casino construction")
    refused(started(), BuildConstruction("garage", "Penthouse", 1), "not a building")


# -- blocking Missions ----------------------------------------------------------------------------

BLOCKS = [("rock_band_on_tour", "hotel", "Security Agency", "Pool"),
          ("obnoxious_family", "restaurant", "Guest List", "Kitchen"),
          ("expert_cheater", "casino", "Surveillance Camera", "Cashier")]


@pytest.mark.parametrize("mission,building,protector,other", BLOCKS)
def test_blocking_mission_holds_the_building_even_without_construction(mission, building, protector, other):
    state, events = play(started(), PlayBlock(mission, 1, 2))
    assert state.players[1].blocked == (building,)
    assert "blocked" in texts(events)


@pytest.mark.parametrize("mission,building,protector,other", BLOCKS)
def test_blocked_building_accepts_only_its_protective_construction_which_cancels_the_mission(
        mission, building, protector, other):
    state = with_player(started(), 0, blocked=(building,))
    refused(state, BuildConstruction(building, other, 1), "blocked", protector)
    state, events = play(state, BuildConstruction(building, protector, 1))
    assert state.players[0].blocked == () and "Mission is discarded" in texts(events)
    state, _ = play(state, BuildConstruction(building, other, 1))  # unblocked now
    assert other in state.players[0].constructions(building)


@pytest.mark.parametrize("mission,building,protector,other", BLOCKS)
def test_blocking_mission_cannot_be_played_on_a_protected_building(mission, building, protector, other):
    state = with_built(started(), 1, building, protector)
    refused(state, PlayBlock(mission, 1, 2), "cannot be played", protector)


def test_a_building_cannot_be_blocked_twice():
    state = with_player(started(), 1, blocked=("hotel",))
    refused(state, PlayBlock("rock_band_on_tour", 1, 2), "already blocked")


def test_missions_target_another_player():
    refused(started(), PlayBlock("expert_cheater", 0, 2), "another player")
    refused(started(), PlaySafeRobbery(7, 2), "no seat 7")


def test_blocked_building_gives_no_client_income():
    state = with_player(with_built(started(), 0, "hotel", "Pool", "Spa"), 0, blocked=("hotel",))
    state, events = play(state, EndActions(), PlayClient("hotel"))
    assert balance(state, 0) == 0 and "no income" in texts(events)


# -- other Missions ---------------------------------------------------------------------------------


def test_bomb_destroys_one_construction_of_another_player():
    state = with_built(started(), 1, "hotel", "Pool", "Spa")
    state, events = play(state, PlayBomb(1, "hotel", "Spa", 2))
    assert state.players[1].constructions("hotel") == ("Pool",) and "destroys Ben's Spa" in texts(events)
    refused(state, PlayBomb(1, "hotel", "Spa", 2), "no Spa")


def test_bombing_a_protective_construction_leaves_the_building_open_to_its_mission():
    state = with_built(started(), 1, "hotel", "Security Agency")
    state, _ = play(state, PlayBomb(1, "hotel", "Security Agency", 2), PlayBlock("rock_band_on_tour", 1, 2))
    assert state.players[1].blocked == ("hotel",)


def test_extortion_takes_1m_from_every_other_player_who_has_money():
    state = with_money(with_money(started(4), 1, 5 * M), 3, M // 2)
    state, events = play(state, PlayExtortion(1))
    assert balance(state, 0) == M + M // 2
    assert (balance(state, 1), balance(state, 2), balance(state, 3)) == (4 * M, 0, 0)
    assert "Cleo" not in texts([e for e in events if e.kind == "payment"])


def test_espionage_takes_one_card_from_each_other_players_hand():
    state = with_player(started(4), 3, hand=0)
    state, events = play(state, PlayEspionage(1))
    assert [p.hand for p in state.players] == [7 - 1 + 2, 6, 6, 0]
    assert "Ben and Cleo" in texts(events)


def test_hand_may_end_the_turn_above_seven_after_espionage():
    state, _ = play(started(), PlayEspionage(0), EndActions(), EndTurn())
    assert state.players[0].hand == 8


def test_safe_robbery_takes_up_to_three_random_cards_into_the_robbers_safe_privately():
    safe = (("pearl", 10), ("diamond", 20), ("pearl", 20), ("diamond", 10))
    state = with_player(started(), 1, safe=safe)
    state, _ = play(state, PlaySafeRobbery(1, 2))
    assert state.phase == "robbery"
    drawn = ENGINE.chance(state, random.Random(5))
    assert isinstance(drawn, SafeCardsTaken) and len(drawn.cards) == 3
    refused(state, SafeCardsTaken((0, 1)), "takes 3 different card")
    state, events = play(state, SafeCardsTaken((0, 2, 3), by_hand=True))
    assert state.players[0].safe == (("pearl", 10), ("pearl", 20), ("diamond", 10))
    assert state.players[1].safe == (("diamond", 20),)
    assert "pearl" not in texts(events, TABLE) and "10 pearls" in texts(events, Seat(0))
    assert "Stolen from your safe" in texts(events, Seat(1)) and state.phase == "actions"


def test_safe_robbery_of_an_empty_safe_finds_nothing():
    state, events = play(started(), PlaySafeRobbery(1, 2))
    assert state.phase == "actions" and "empty" in texts(events)


# -- phase 2: Client cards ---------------------------------------------------------------------------


def test_client_pays_1m_per_construction_in_its_building():
    state = with_built(started(), 0, "restaurant", "Kitchen", "Bar")
    state, events = play(state, EndActions(), PlayClient("restaurant"))
    assert balance(state, 0) == 2 * M and "takes $2M from the bank" in texts(events)  # rulebook example


def test_client_for_an_empty_building_is_simply_discarded():
    state, events = play(started(), EndActions(), PlayClient("casino"))
    assert balance(state, 0) == 0 and "simply discarded" in texts(events)
    assert state.players[0].hand == 6


# -- phase 3: Super Clients ----------------------------------------------------------------------------


def _end_turn_of(state):
    state, events = play(state, EndActions(), EndTurn())
    return state, events


def test_super_client_needs_at_least_three_constructions():
    state, _ = _end_turn_of(with_built(started(), 1, "casino", "Cashier", "Poker Room"))
    assert state.super_clients[0] is None
    state, events = _end_turn_of(with_built(started(), 1, "casino", "Cashier", "Poker Room", "VIP Lounge"))
    assert state.super_clients[0] == 1 and "Ben takes the Super Client Casino" in texts(events)


def test_super_client_is_not_given_on_a_tie_for_the_most_constructions():
    state = with_built(with_built(started(), 1, "hotel", "Pool", "Spa", "Lobby"), 2, "hotel", "Pool", "Spa", "Suites")
    state, _ = _end_turn_of(state)
    assert state.super_clients[2] is None


def test_super_client_holder_keeps_it_when_only_equalled():
    state = replace(with_built(with_built(started(), 1, "hotel", "Pool", "Spa", "Lobby"), 2, "hotel", "Pool", "Spa", "Suites"),
                    super_clients=(None, None, 1))
    state, _ = _end_turn_of(state)
    assert state.super_clients[2] == 1


def test_super_client_moves_to_the_player_who_surpasses_the_holder():
    state = with_built(with_built(started(), 1, "hotel", "Pool", "Spa", "Lobby"), 2, "hotel", "Pool", "Spa", "Suites", "Penthouse")
    state = replace(state, super_clients=(None, None, 1))
    state, events = _end_turn_of(state)
    assert state.super_clients[2] == 2 and "moves from Ben to Cleo" in texts(events)


def test_super_client_lost_after_a_bomb_goes_back_to_the_middle_on_a_tie():
    state = with_built(started(4), 1, "hotel", "Pool", "Spa", "Lobby", "Suites")
    state = with_built(with_built(state, 2, "hotel", "Pool", "Spa", "Lobby"), 3, "hotel", "Pool", "Spa", "Suites")
    state = replace(state, super_clients=(None, None, 1))
    state, events = play(state, PlayBomb(1, "hotel", "Suites", 0), PlayBomb(1, "hotel", "Lobby", 0), EndActions(), EndTurn())
    assert state.super_clients[2] is None and "back to the middle" in texts(events)


def test_super_client_lost_below_three_constructions():
    state = replace(with_built(started(), 1, "casino", "Cashier", "Poker Room"), super_clients=(1, None, None))
    state, events = _end_turn_of(state)
    assert state.super_clients[0] is None and "Ben loses the Super Client Casino" in texts(events)


def test_super_client_pays_its_holder_1m_per_construction_each_own_turn():
    state = replace(with_built(started(), 0, "hotel", "Pool", "Spa", "Lobby", "Suites"), super_clients=(None, None, 0))
    state, events = _end_turn_of(state)
    assert balance(state, 0) == 4 * M and "Super Client Hotel: Anna takes $4M" in texts(events)
    state, _ = _end_turn_of(state)  # Ben's turn: Anna's card pays on Anna's turns only
    assert balance(state, 0) == 4 * M


def test_super_client_may_sit_on_a_blocked_building_but_pays_nothing():
    state = with_player(with_built(started(), 0, "hotel", "Pool", "Spa", "Lobby"), 0, blocked=("hotel",))
    state, events = _end_turn_of(state)
    assert state.super_clients[2] == 0 and balance(state, 0) == 0 and "blocked; no income" in texts(events)


# -- phase 4 ---------------------------------------------------------------------------------------------


def test_only_the_active_player_draws_back_to_seven_at_the_end_of_the_turn():
    state, _ = play(started(), PlayPoker(), PokerCards(0, ("2C", "3D")), PokerCards(1, ("4C", "5D")),
                    PokerCards(2, ("7C", "8D")), PokerBoard(("AS", "KH", "JD", "9S", "QC")))
    state, events = play(state, EndTurn())
    assert "Anna draws 3 cards" in texts(events)
    assert [p.hand for p in state.players] == [7, 5, 5]


def test_victory_at_the_end_of_a_turn_when_someone_has_30m_richest_wins():
    state = with_money(with_money(started(), 1, 31 * M), 2, 33 * M)
    state, events = play(state, EndActions())
    assert ENGINE.outcome(state) is None  # checked at the end of the turn only
    state, events = play(state, EndTurn())
    outcome = ENGINE.outcome(state)
    assert outcome.winners == (2,) and "Cleo wins with $33M" in outcome.reason
    assert ENGINE.legal_actions(state) == []
    refused(state, EndTurn(), "game is over")


def test_victory_tie_between_the_richest_shares_the_win():
    state = with_money(with_money(started(), 1, 30 * M), 2, 30 * M)
    state, _ = play(state, EndActions(), EndTurn())
    assert ENGINE.outcome(state).winners == (1, 2) and "share the win" in ENGINE.outcome(state).reason


def test_no_victory_below_30m():
    state = with_money(started(), 1, 29 * M)
    state, _ = play(state, EndActions(), EndTurn())
    assert ENGINE.outcome(state) is None


# -- Poker Texas Hold'em ---------------------------------------------------------------------------------


def _poker(state, holes, board):
    state, _ = play(state, PlayPoker())
    for seat, cards in holes.items():
        state, _ = play(state, PokerCards(seat, cards))
    return play(state, PokerBoard(board, by_hand=True))


def test_poker_winner_takes_2m_per_player_around_the_table_from_the_bank():
    state, events = _poker(started(), {0: ("4C", "5D"), 1: ("KH", "2S"), 2: ("9C", "3D")}, ("6H", "7S", "8C", "JD", "2H"))
    assert balance(state, 0) == 6 * M and bank(state) == -6 * M
    text = texts(events)
    assert "Anna wins $6M with a straight (8 high)" in text and "Straight beats one pair" in text
    assert state.last_game.winners == (0,) and dict(state.last_game.details)["Ben"].startswith("a pair of 2s")


def test_poker_tie_splits_the_pot_between_the_winners():
    state, events = _poker(started(), {0: ("2C", "3D"), 1: ("2H", "3S"), 2: ("4C", "4D")},
                           ("AS", "KH", "QD", "JS", "10C"))
    assert balance(state, 0) == balance(state, 1) == balance(state, 2) == 2 * M
    assert "split the $6M pot: $2M each" in texts(events)


def test_poker_tie_of_two_at_a_table_of_three_pays_each_half_the_pot():
    """"the total amount of the pot (2 million dollars X number of players around the table) is
    divided by the number of winners": $6M between two is $3M each (issue 26: "$3M each")."""
    state, events = _poker(started(), {0: ("8C", "2D"), 1: ("8H", "2S"), 2: ("3C", "4D")},
                           ("AS", "KH", "QD", "JS", "8D"))
    assert [balance(state, i) for i in range(3)] == [3 * M, 3 * M, 0]
    assert "Anna and Ben tie with" in texts(events) and "split the $6M pot: $3M each" in texts(events)
    from ui.games.mafia_casino.logic import winner_title

    assert winner_title(["Anna", "Ben"]) == "Anna and Ben each win" and state.last_game.paid_each == 3 * M


def test_poker_pot_that_does_not_divide_pays_whole_millions_and_the_rest_stays_in_the_bank():
    state = started(5)
    state, events = _poker(state, {0: ("AS", "3D"), 1: ("AH", "3S"), 2: ("AD", "3C"), 3: ("QC", "4D"), 4: ("QD", "5D")},
                           ("2S", "7H", "9D", "JC", "KH"))
    # pot $10M between three tied winners (seats 0, 1, 2): $3M each, $1M stays in the bank
    assert [balance(state, i) for i in range(5)] == [3 * M, 3 * M, 3 * M, 0, 0]
    assert "$1M that cannot be split stays in the bank" in texts(events)


def test_player_with_fewer_than_two_cards_cannot_take_part_in_poker():
    state = with_player(started(), 2, hand=1)
    state, events = play(state, PlayPoker())
    assert state.game.players == (0, 1) and "Cleo cannot take part" in texts(events)
    refused(state, PokerCards(2, ("AS", "AH")), "fewer than two cards")


def test_poker_needs_an_opponent_who_can_take_part():
    state = with_player(with_player(started(), 1, hand=1), 2, hand=0)
    refused(state, PlayPoker(), "opponent with at least two cards")


def test_poker_cards_stay_secret_until_everyone_has_chosen():
    state, events = play(started(), PlayPoker(), PokerCards(1, ("AS", "AH")))
    assert "AS" not in texts(events, TABLE) and "AS AH" in texts(events, Seat(1))
    table = ENGINE.view(state, TABLE)
    assert table.game.chosen == ("Ben",) and "AS" not in repr(table)
    assert ENGINE.view(state, Seat(1)).poker_cards == ("AS", "AH")
    assert ENGINE.view(state, Seat(0)).poker_cards == ()
    refused(state, PokerCards(1, ("2C", "3C")), "already chosen")
    state, events = play(state, PokerCards(0, ("2C", "3C")), PokerCards(2, ("4C", "5C")))
    assert "Ben: AS AH" in texts(events, TABLE) and state.phase == "poker_board"


def test_poker_refuses_a_wrong_number_of_cards():
    state, _ = play(started(), PlayPoker())
    refused(state, PokerCards(0, ("AS",)), "exactly two cards")
    state, _ = play(state, PokerCards(0, ("2C", "3C")), PokerCards(1, ("2D", "3D")), PokerCards(2, ("2H", "3H")))
    refused(state, PokerBoard(("AS", "KS", "QS", "JS")), "five cards")
    refused(state, PokerBoard(("AS", "KS", "QS", "JS", "ZZ")), "not a card")


# -- Roulette ----------------------------------------------------------------------------------------------


def test_roulette_pays_1m_per_card_turned_to_the_owner_of_the_matching_value():
    state, _ = play(started(), PlayRoulette(), RouletteBet(0, ("2", "3")), RouletteBet(1, ("5",)), RouletteBet(2, ("9",)))
    assert state.phase == "roulette_spin"
    state, events = play(state, RouletteCardTurned("K"), RouletteCardTurned("7"), RouletteCardTurned("5"))
    assert balance(state, 1) == 3 * M and "Ben wins $3M" in texts(events)  # rulebook example: third card
    assert [p.hand for p in state.players] == [7 - 3, 6, 6] and state.phase == "clients"


def test_roulette_prize_is_capped_at_10m():
    state, _ = play(started(2), PlayRoulette(), RouletteBet(0, ("2", "3")), RouletteBet(1, ("5",)))
    state, _ = play(state, *[RouletteCardTurned("K")] * 11, RouletteCardTurned("2"))
    assert balance(state, 0) == 10 * M


def test_roulette_active_player_places_two_cards_of_different_values_first():
    state, _ = play(started(), PlayRoulette())
    refused(state, RouletteBet(0, ("4", "4")), "two cards of different values")
    refused(state, RouletteBet(1, ("4",)), "Anna's turn")
    refused(state, RoulettePass(0), "places two cards")


def test_roulette_card_of_a_value_already_played_is_refused():
    state, _ = play(started(), PlayRoulette(), RouletteBet(0, ("2", "3")))
    refused(state, RouletteBet(1, ("3",)), "already on the table", "not yet played")


def test_roulette_player_without_a_playable_card_sits_out():
    state = with_player(started(), 2, hand=0)
    state, events = play(state, PlayRoulette(), RouletteBet(0, ("2", "3")), RoulettePass(1))
    assert "Cleo has no card" in texts(events) and state.phase == "roulette_spin"
    state, _ = play(state, RouletteCardTurned("3"))
    assert balance(state, 0) == M


# -- Slot machine ----------------------------------------------------------------------------------------------

PAY = [(("pearl", "pearl", "none"), (2, 4, 6)), (("diamond", "none", "diamond"), (2, 4, 6)),
       (("pearl", "pearl", "diamond"), (2, 4, 6)), (("pearl", "pearl", "pearl"), (4, 8, 12)),
       (("diamond", "diamond", "diamond"), (5, 10, 15)), (("pearl", "diamond", "none"), (0, 0, 0)),
       (("none", "none", "none"), (0, 0, 0))]


@pytest.mark.parametrize("symbols,pays", PAY)
@pytest.mark.parametrize("bet", [1, 2, 3])
def test_slot_machine_pay_table(symbols, pays, bet):
    state, events = play(started(), PlaySlotMachine(bet), SlotCardsTurned(symbols, by_hand=True))
    assert balance(state, 0) == pays[bet - 1] * M
    assert state.players[0].hand == 7 - 1 - bet
    assert ("wins nothing" in texts(events)) == (pays[0] == 0)


def test_slot_machine_bet_is_one_to_three_cards():
    refused(started(), PlaySlotMachine(4), "1 to 3 cards")
    refused(with_player(started(), 0, hand=2), PlaySlotMachine(2), "needs the Game card and 2 more")


def test_slot_machine_refuses_unknown_symbols():
    state, _ = play(started(), PlaySlotMachine(1))
    refused(state, SlotCardsTurned(("ruby", "none", "none")), "pearl, a diamond or none")


# -- Transactions and market value --------------------------------------------------------------------------------


def test_transaction_buy_puts_up_to_three_cards_face_down_in_the_safe():
    state, events = play(started(), TransactionBuy((("pearl", 20), ("diamond", 10))))
    assert state.players[0].safe == (("pearl", 20), ("diamond", 10)) and state.players[0].hand == 4
    assert "20 pearls" not in texts(events, TABLE) and "20 pearls" in texts(events, Seat(0))
    table = ENGINE.view(state, TABLE)
    assert table.players[0].safe_cards == 2 and "pearl" not in repr(table)
    assert ENGINE.view(state, Seat(0)).safe == (("pearl", 20), ("diamond", 10))
    assert ENGINE.view(state, REVEAL).safes[0] == ("Anna", (("pearl", 20), ("diamond", 10)))


def test_only_pearl_or_diamond_cards_may_go_into_the_safe():
    refused(started(), TransactionBuy((("ruby", 10),)), "pearls or diamonds")
    refused(started(), TransactionBuy((("pearl", 10),) * 4), "1 to 3 cards")


def test_transaction_sell_pays_the_current_market_value_rulebook_example():
    state = with_player(started(market=1), 0, safe=(("pearl", 20), ("diamond", 20), ("pearl", 10)))
    state, events = play(state, TransactionSell((0, 1)))
    assert balance(state, 0) == 6 * M  # 20 x $100,000 + 20 x $200,000
    assert state.players[0].safe == (("pearl", 10),) and "$6M" in texts(events)
    refused(state, MarketValueDrawn(1), "the one showing")


def test_a_new_market_value_card_is_turned_after_every_transaction():
    state, _ = play(started(market=1), TransactionBuy((("pearl", 10),)))
    assert state.phase == "market"
    draw = ENGINE.chance(state, random.Random(3))
    assert isinstance(draw, MarketValueDrawn) and draw.card != 1
    assert ENGINE.view(state, TABLE).draw_prompt == "Turn a Market Value card."
    state, events = play(state, MarketValueDrawn(4, by_hand=True))
    assert state.market == 3 and ENGINE.view(state, TABLE).market == ("Market value 4", 300_000, 200_000)
    assert state.phase == "clients" and ENGINE.view(state, TABLE).draw_prompt is None


def test_selling_refuses_cards_not_in_the_safe():
    state = with_player(started(), 0, safe=(("pearl", 10),))
    refused(state, TransactionSell((1,)), "holds 1 card")
    refused(state, TransactionSell((0, 0)), "twice")


# -- the table and refused actions --------------------------------------------------------------------------------


def test_actions_of_the_wrong_phase_are_refused_with_the_current_instruction():
    message = refused(started(), PlayClient("hotel"), "not possible now", "phase 1")
    assert "Anna" in message


def test_legal_actions_guide_the_screen_in_every_phase():
    state = started()
    kinds = {a.kind for a in ENGINE.legal_actions(state)}
    assert {"build_construction", "play_poker", "play_roulette", "play_slot_machine", "transaction_buy",
            "discard_hand", "end_actions", "play_extortion", "play_block"} <= kinds
    assert "transaction_sell" not in kinds  # empty safe
    state, _ = play(state, BuildConstruction("hotel", "Pool", 7 // 2), EndActions())
    # the manpower to pay, or a bank correction (always possible once the game is under way)
    assert [a for a in ENGINE.legal_actions(state) if a.kind != "bank_correction"] == [PayManpower((3,))]


def test_table_view_type_has_no_field_for_secrets():
    from dataclasses import fields

    from companion.games.mafia_casino.engine import PlayerPublic, TableView
    names = {f.name for f in fields(TableView)} | {f.name for f in fields(PlayerPublic)}
    assert "safe" not in names and "holes" not in names and "poker_cards" not in names


def test_three_player_game_through_every_game_card_to_a_30m_win():
    state = started(3, tokens=True)
    # Anna: slot machine, 3 cards on three diamonds
    state, _ = play(state, PlaySlotMachine(3), SlotCardsTurned(("diamond",) * 3), PlayClient("hotel"), EndTurn())
    assert balance(state, 0) == 15 * M and state.active == 1
    # Ben: poker, wins the $6M pot with a flush
    state, _ = play(state, PlayPoker(), PokerCards(0, ("2C", "3D")), PokerCards(1, ("AH", "4H")),
                    PokerCards(2, ("KS", "QC")), PokerBoard(("9H", "7H", "2H", "JS", "5D")), EndTurn())
    assert balance(state, 1) == 6 * M
    # Cleo: roulette, Anna's 5 comes up on the second card
    state, _ = play(state, PlayRoulette(), RouletteBet(2, ("2", "3")), RouletteBet(0, ("5",)), RouletteBet(1, ("9",)),
                    RouletteCardTurned("K"), RouletteCardTurned("5"), EndTurn())
    assert balance(state, 0) == 17 * M
    # Anna again: slot machine to $32M; victory at the end of her turn
    state, events = play(state, PlaySlotMachine(3), SlotCardsTurned(("diamond",) * 3), EndTurn())
    assert ENGINE.outcome(state).winners == (0,) and "Anna wins with $32M" in texts(events)
    held = [sum(n * d for n, d in zip(p.tokens, (M, 5 * M, 10 * M))) for p in state.players]
    assert held == [32 * M, 6 * M, 0]


def test_extortion_manpower_is_discarded_when_phase_1_closes_and_client_cards_come_from_the_rest():
    """Issue 26: the rule says "at the end of his turn"; the app asks when phase 1 closes. Nothing is
    drawn or revealed in between (phase 2's Client income is fixed by the constructions), so the
    same cards end up discarded for manpower or played as Clients either way (docs/rules)."""
    state = with_built(with_money(started(3), 1, 2 * M), 0, "casino", "Poker Room", "Cashier")
    state, events = play(state, PlayExtortion(2), EndActions())
    assert state.phase == "manpower" and "Anna discards cards worth at least 2 manpower" in texts(events)
    refused(state, PlayClient("casino"), "not possible now", "discards cards worth at least 2")
    state, _ = play(state, PayManpower((2,)))
    assert state.phase == "clients" and state.players[0].hand == 7 - 1 - 1
    state, events = play(state, PlayClient("casino"))
    assert balance(state, 0) == M + 2 * M  # the extortion's $1M and the client's two constructions
    state, events = play(state, EndTurn())
    assert state.players[0].hand == 7 and state.active == 1
