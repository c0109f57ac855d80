"""The five actions and their legality; every refusal is a sentence and leaves the state unchanged."""

from dataclasses import replace

from contract_helpers import E, play, refused, run, start

from companion.engine import TABLE
from companion.games.contract.engine import (HireVicelard, Influence, Pass, PayCopper, PlaceBlackmat,
                                             Reinforce, TakeCopperCard)

LAYOUT = ("yakaz-4", "costa-5")  # positions 2 and 4; 1 and 3 lie face down


def opened():
    """Anna has opened round 1 on the Yakaz 4; Bruno's turn."""
    return play(start(2, LAYOUT), Influence(0, 1, 1, ("contract:yakaz",)))


def test_first_player_of_the_round_must_influence_a_mafioso():
    state = start(2, LAYOUT)
    assert "must influence a Mafioso first" in refused(state, Pass(0))
    assert "must influence a Mafioso first" in refused(state, PayCopper(0, 1))
    assert all(isinstance(a, Influence) for a in E.legal_actions(state))


def test_only_the_player_whose_turn_it_is_may_act():
    msg = refused(opened(), Influence(0, 3, 1, ("contract:costa",)))
    assert msg == "It is Bruno's turn, not Anna's."


def test_influence_needs_a_token_and_a_card_together():
    state = start(2, LAYOUT)
    assert "at least one token together with at least one influence card" in refused(
        state, Influence(0, 1, 0, ("contract:yakaz",)))
    assert "at least one token" in refused(state, Influence(0, 1, 2, ()))


def test_a_contract_only_influences_its_own_family():
    msg = refused(start(2, LAYOUT), Influence(0, 1, 1, ("contract:costa",)))
    assert msg == "A Costa contract can only influence a Costa Mafioso, not the Yakaz 4."


def test_a_contract_never_goes_on_a_blackmat():
    state = start(2, ("blackmat-3", "costa-5"))
    msg = refused(state, Influence(0, 1, 1, ("contract:costa",)))
    assert "The Blackmats only accept dollars" in msg


def test_a_contract_cannot_go_on_a_face_down_mafioso():
    msg = refused(start(2, LAYOUT), Influence(0, 0, 1, ("contract:yakaz",)))
    assert "face-down Mafioso" in msg and "family is unknown" in msg


def test_dollars_and_cards_face_down_go_on_any_mafioso():
    state = start(2, ("blackmat-3", "costa-5"))
    state = play(state, Influence(0, 1, 1, ("dollar", "half_dollar", "back")))  # on the Blackmat
    state = play(state, Influence(1, 0, 1, ("back", "dollar")))  # on a face-down Mafioso
    assert E.totals(state, 1) == {0: 2 + 2 + 1 + 1}  # in half points: 1 + 1 + 1/2 + 1/2
    assert E.totals(state, 0) == {1: 2 + 1 + 2}


def test_influence_values_contract_two_token_one_dollar_one_back_half():
    state = play(start(2, LAYOUT), Influence(0, 1, 2, ("contract:yakaz", "dollar", "back")))
    assert E.totals(state, 1) == {0: 2 * (2 + 2 + 1) + 1}  # 2 tokens, contract, dollar, back = 5.5
    assert E.view(state, TABLE).slots[1].influence[0].points == "5½"


def test_reinforce_only_where_the_player_already_has_a_token():
    state = opened()
    msg = refused(state, Reinforce(1, 1, 1, ("dollar",)))
    assert msg == "Bruno can only reinforce a Mafioso where one of their tokens already is; there is none on the Yakaz 4."


def test_reinforce_with_tokens_only_or_cards_only():
    state = play(opened(), Pass(1), Reinforce(0, 1, 1, ()), Pass(1), Reinforce(0, 1, 0, ("back",)))
    assert E.totals(state, 1) == {0: 2 * (1 + 2) + 2 + 1}
    assert "at least one token or one card" in refused(play(state, Pass(1)), Reinforce(0, 1, 0, ()))


def test_each_player_has_only_three_tokens():
    state = play(start(2, LAYOUT), Influence(0, 1, 3, ("contract:yakaz",)), Pass(1))
    assert E.tokens_left(state, 0) == 0
    assert "only 0 influence tokens left" in refused(state, Reinforce(0, 1, 1, ()))


def test_cannot_play_more_cards_than_in_hand():
    state = start(2, LAYOUT)
    msg = refused(state, Influence(0, 1, 1, ("contract:yakaz",) * 6))
    assert msg == "Anna has only 5 cards in hand, not 6."  # no "card(s)" (issue 26)


def test_played_cards_leave_the_hand():
    state = play(start(2, LAYOUT), Influence(0, 1, 1, ("contract:yakaz", "dollar")))
    assert state.hands == (3, 5)


def test_vicelard_card_only_on_the_mafioso_under_the_vicelard_pawn():
    state = opened()  # Bruno, the last player, holds the Vicelard card; Vicelard is on the Costa 5
    msg = refused(state, Influence(1, 1, 1, ("vicelard_contract",)))
    assert "only go on the Mafioso under the Vicelard pawn (the Costa 5)" in msg
    state = play(state, Influence(1, 3, 1, ("vicelard_contract",)))
    assert E.totals(state, 3) == {1: 2 + 4}
    assert state.vicelard_card is None and state.hands == (4, 5)  # not a hand card


def test_vicelard_card_must_use_its_dollar_side_on_a_blackmat():
    state = play(start(2, ("yakaz-4", "blackmat-3")), Influence(0, 1, 1, ("contract:yakaz",)))
    assert "must be played on its 1 $ side" in refused(state, Influence(1, 3, 1, ("vicelard_contract",)))
    state = play(state, Influence(1, 3, 1, ("vicelard_dollar",)))
    assert E.totals(state, 3) == {1: 4}


def test_vicelard_card_only_for_its_holder():
    msg = refused(start(2, LAYOUT), Influence(0, 3, 1, ("vicelard_dollar",)))
    assert msg == "Anna does not hold the Vicelard card."


def test_vicelard_card_stays_in_play_when_the_pawn_moves():
    """"If the Vicelard pawn is moved, the card nevertheless remains in play." """
    state = play(opened(), Influence(1, 3, 1, ("vicelard_contract",)), HireVicelard(0, 1))
    assert state.vicelard_at == 1 and E.totals(state, 3) == {1: 6}


def test_copper_card_plays_on_any_mafioso_for_its_holder_only():
    state = replace(opened(), copper_card=1)
    assert "does not hold the Copper card" in refused(replace(state, turn=0, copper_card=None),
                                                       Influence(0, 3, 1, ("copper",)))
    state = play(state, Influence(1, 0, 1, ("copper",)))
    assert E.totals(state, 0) == {1: 4} and state.copper_card is None and state.hands == (4, 5)


def test_pay_copper_costs_half_a_dollar_and_moves_the_pawn():
    state = play(opened(), PayCopper(1, 1, ("half_dollar",)))
    assert state.copper_at == 1 and state.hands == (4, 4) and state.discard == 1


def test_pay_copper_with_a_one_dollar_card_gets_no_change():
    state = play(opened(), PayCopper(1, 2, ("dollar",)))
    assert state.copper_at == 2 and state.hands == (4, 4)


def test_pay_copper_without_a_card_to_spare():
    msg = refused(opened(), PayCopper(1, 1, ("half_dollar", "half_dollar")))
    assert msg == "Copper costs ½ $: pay it without a card to spare."


def test_copper_never_moves_onto_vicelards_mafioso():
    msg = refused(opened(), PayCopper(1, 3))
    assert msg == "Copper cannot be moved onto Vicelard's Mafioso (the Costa 5)."


def test_copper_must_move_somewhere_else():
    assert "Copper is already on" in refused(opened(), PayCopper(1, 0))


def test_hire_vicelard_costs_one_dollar():
    assert "Vicelard costs 1 $; ½ $ is not enough." == refused(opened(), HireVicelard(1, 1, ("half_dollar",)))
    state = play(opened(), HireVicelard(1, 1, ("half_dollar", "half_dollar")))
    assert state.vicelard_at == 1 and state.hands == (4, 3) and state.discard == 2


def test_payments_are_dollar_cards():
    assert "paid with dollar cards" in refused(opened(), HireVicelard(1, 1, ("contract:yakaz",)))


def test_hiring_vicelard_onto_copper_chases_copper_where_the_active_player_says():
    state = opened()  # Copper on position 1 (face down), Vicelard on the Costa 5
    msg = refused(state, HireVicelard(1, 0))
    assert "Vicelard chases Copper" in msg and "say where Copper goes" in msg
    assert "Copper must leave" in refused(state, HireVicelard(1, 0, ("dollar",), 0))
    state, texts = run(state, HireVicelard(1, 0, ("dollar",), 3))
    assert (state.vicelard_at, state.copper_at) == (0, 3)
    assert "Bruno hires Vicelard, who moves to the face-down Mafioso in position 1. Copper is chased to the Costa 5." in texts


def test_copper_only_moves_with_vicelard_when_chased():
    assert "leave copper_to empty" in refused(opened(), HireVicelard(1, 1, ("dollar",), 2))


def test_vicelard_must_move_to_another_mafioso():
    assert "Vicelard is already on the Costa 5." == refused(opened(), HireVicelard(1, 3))


def test_passing_is_not_final():
    state = play(opened(), Pass(1))
    state = play(state, Influence(0, 3, 1, ("contract:costa",)), Influence(1, 3, 1, ("dollar",)))
    assert state.phase == "play" and state.passes == 0


def test_all_players_passing_in_succession_ends_the_round():
    state, texts = run(opened(), Pass(1), Pass(0))
    assert any("Everyone passed in succession" in t for t in texts)
    assert state.round == 2


def test_an_action_between_passes_starts_the_succession_again():
    state = play(start(3, LAYOUT), Influence(0, 1, 1, ("contract:yakaz",)), Pass(1), Pass(2))
    state = play(state, Influence(0, 3, 1, ("dollar",)), Pass(1), Pass(2))
    assert state.phase == "play" and state.passes == 2 and state.turn == 0


def test_unknown_card_and_position_are_refused_in_words():
    state = start(2, LAYOUT)
    assert "is not an influence card" in refused(state, Influence(0, 1, 1, ("joker",)))
    assert "There is no 'mafia' contract" in refused(state, Influence(0, 1, 1, ("contract:mafia",)))
    assert "There is no Mafioso in position 9" in refused(state, Influence(0, 8, 1, ("dollar",)))


def test_choices_are_refused_while_playing():
    assert "There is no choice to make now: Bruno's turn" in refused(opened(), TakeCopperCard(1))
    assert "no choice to make now" in refused(opened(), PlaceBlackmat(1, "blackmat-1", "yakaz"))


def test_every_listed_action_applies_in_play():
    state = play(opened(), Influence(1, 3, 1, ("vicelard_dollar",)))
    state = replace(state, copper_card=0)
    for action in E.legal_actions(state):
        E.apply(state, action)


def test_influence_is_allowed_again_where_the_player_already_is():
    state = play(opened(), Pass(1), Influence(0, 1, 1, ("dollar",)))
    assert E.totals(state, 1) == {0: 2 * (3 + 2)}


def test_pawns_return_to_the_ends_of_the_row_at_each_new_round():
    state = play(opened(), HireVicelard(1, 2), PayCopper(0, 1), Pass(1), Pass(0))
    assert state.round == 2 and (state.copper_at, state.vicelard_at) == (0, 3)


def test_turn_options_group_the_legal_choices_for_the_screen():
    options = E.view(start(2, LAYOUT), TABLE).turn
    assert options.must_influence and not options.can_pass and options.influence == (0, 1, 2, 3)
    assert options.pay_copper == () and options.reinforce == ()
    assert dict(options.cards)[1] == ("contract:yakaz", "dollar", "half_dollar", "back")
    options = E.view(play(opened(), Pass(1)), TABLE).turn
    assert options.seat == 0 and options.reinforce == (1,) and options.pay_copper == (1, 2)
    assert options.hire_vicelard == (0, 1, 2) and options.copper_chased_from == 0 and options.can_pass


def test_actions_are_described_with_names_for_undo():
    state = opened()
    assert E.describe(Influence(1, 3, 1, ("vicelard_contract", "back")), state) == \
        "Bruno influences the Costa 5 with 1 token, the Vicelard card (contract side) and a card face down"
    assert E.describe(HireVicelard(1, 0, ("dollar",), 2), state) == \
        "Bruno hires Vicelard to the face-down Mafioso in position 1, chasing Copper to the face-down Mafioso in position 3"
    assert E.describe(Pass(1)) == "Seat 1 passes"
