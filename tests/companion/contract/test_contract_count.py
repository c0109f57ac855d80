"""The count of influences, Copper and Vicelard at the count, Blackmats in the play areas."""

from dataclasses import replace

from contract_helpers import E, area, pass_all, play, refused, run, start, with_areas

from companion.engine import TABLE
from companion.games.contract.engine import (CopperDiscard, HireVicelard, Influence, MafiosoTurnedUp, Pass,
                                             PayCopper, PlaceBlackmat, Reinforce, TakeCopperCard)

LAYOUT = ("yakaz-4", "costa-5")  # positions 2 and 4 (index 1 and 3); 1 and 3 lie face down


def test_highest_total_wins_the_mafioso_into_its_family_column():
    state = play(start(2, LAYOUT), Influence(0, 1, 1, ("contract:yakaz",)), Influence(1, 1, 1, ("dollar",)))
    state, texts = run(state, Pass(0), Pass(1))
    assert "The Yakaz 4: Anna 3, Bruno 2. Anna wins it with 3 points." in texts
    assert state.areas[0] == area("yakaz-4") and state.areas[1] == area()


def test_a_tie_in_influence_points_discards_the_mafioso():
    state = play(start(2, LAYOUT), Influence(0, 1, 1, ("dollar", "back")), Influence(1, 1, 1, ("back", "dollar")))
    state, texts = run(state, Pass(0), Pass(1))
    assert "The Yakaz 4: Anna 2½, Bruno 2½. Anna and Bruno tie at 2½: nobody wins it, it is discarded." in texts
    assert state.areas == (area(), area()) and "yakaz-4" in state.out


def test_a_mafioso_nobody_influenced_leaves_the_game():
    state = play(start(2, LAYOUT), Influence(0, 1, 1, ("contract:yakaz",)))
    state, texts = run(state, Pass(1), Pass(0))
    assert "Nobody influenced the Costa 5: it leaves the game." in texts
    assert "Nobody influenced the face-down Mafioso in position 1: it leaves the game unseen." in texts


def test_the_count_goes_from_the_left():
    state = play(start(2, LAYOUT), Influence(0, 3, 1, ("contract:costa",)), Influence(1, 1, 1, ("dollar",)),
                 Pass(0))
    state, texts = run(state, Pass(1))
    counted = [t.split(":")[0] for t in texts if t.startswith(("The ", "Nobody"))]
    assert counted == ["Nobody influenced the face-down Mafioso in position 1", "The Yakaz 4",
                       "Nobody influenced the face-down Mafioso in position 3", "The Costa 5"]
    assert E.view(state, TABLE).count == ()  # the next round has begun: its count is empty


def test_a_won_face_down_mafioso_is_turned_over_before_it_is_awarded():
    state = play(start(2, LAYOUT), Influence(0, 0, 1, ("back",)))
    state, texts = run(state, Pass(1), Pass(0))
    assert texts[-1] == "Position 1: Anna 1½. Anna wins it: turn the Mafioso over."
    assert state.phase == "count" and E.awaiting_turn_up(state) == 0
    assert "Turn over the Mafioso in position 1" in E.prompt(state)
    assert refused(state, Pass(1)) == "Not yet: Turn over the Mafioso in position 1."
    assert all(isinstance(a, MafiosoTurnedUp) and a.position == 0 for a in E.legal_actions(state))
    state, texts = run(state, MafiosoTurnedUp(0, "rodrigos-3", by_hand=True))
    assert texts[0] == "The face-down Mafioso in position 1 is the Rodrigos 3."
    assert "The Rodrigos 3: Anna 1½. Anna wins it with 1½ points." in texts
    assert state.areas[0] == area("rodrigos-3") and state.round == 2


def test_rulebook_example_purple_wins_yellow_four_with_six_points_and_discards_whites_yellow_five():
    """"the purple player wins the yellow 4 card with 6 points (2+2+1+1). The Copper pawn is on this card.
    The purple player chooses to make the yellow 5 card, present in the white player's play area, be
    discarded ... The purple player does not win the Copper card for the next round." """
    state = E.new({"players": 2, "names": ["Purple", "White"]}, 0)
    state = play(state, *E.legal_actions(state)[:1])
    state = play(state, MafiosoTurnedUp(1, "yakaz-4"), MafiosoTurnedUp(3, "costa-5"))
    state = with_areas(state, White=area("yakaz-5"))
    state = play(state, Influence(0, 1, 1, ("contract:yakaz", "contract:yakaz", "dollar")),
                 PayCopper(1, 1, ("half_dollar",)), Pass(0), Pass(1))
    assert state.pending and E.legal_actions(state) == [CopperDiscard(0, 1, "yakaz-5"), TakeCopperCard(0)]
    state, texts = run(state, CopperDiscard(0, 1, "yakaz-5"))
    assert "Copper talks: Purple makes White discard the Yakaz 5." in texts
    assert state.areas == (area("yakaz-4"), area())
    assert state.round == 2 and state.copper_card is None


def test_copper_winner_may_take_the_copper_card_for_the_next_round_instead():
    state = with_areas(start(2, LAYOUT), Bruno=area("yakaz-5"))
    state = play(state, Influence(0, 1, 1, ("contract:yakaz",)), PayCopper(1, 1), Pass(0), Pass(1))
    state, texts = run(state, TakeCopperCard(0))
    assert "Anna takes the Copper card for the next round." in texts
    assert state.areas[1] == area("yakaz-5")
    assert state.round == 2 and state.copper_card == 0 and E.view(state, TABLE).players[0].holds_copper_card


def test_copper_card_is_taken_when_there_is_nothing_to_discard():
    state = replace(start(2, LAYOUT), copper_at=1)
    state, texts = run(state, Influence(0, 1, 1, ("contract:yakaz",)), Pass(1), Pass(0))
    assert any("with no Yakaz Mafioso to discard, Anna takes the Copper card" in t for t in texts)
    assert state.copper_card == 0


def test_copper_on_a_blackmat_only_gives_the_copper_card():
    """A Blackmat has no family, so no "Mafioso of the same family" can be discarded."""
    state = with_areas(replace(start(2, ("blackmat-3", "costa-5")), copper_at=1), Bruno=area("yakaz-5"))
    state = play(state, Influence(0, 1, 1, ("dollar",)), Pass(1), Pass(0))
    assert state.copper_card == 0 and state.areas[1] == area("yakaz-5")


def test_copper_only_discards_a_same_family_mafioso_of_another_player():
    state = with_areas(start(2, LAYOUT), Anna=area("yakaz-3"), Bruno=area("yakaz-5", "costa-4",
                                                                          blackmats={"yakaz": ("blackmat-1",)}))
    state = play(state, Influence(0, 1, 1, ("contract:yakaz",)), PayCopper(1, 1), Pass(0), Pass(1))
    assert refused(state, CopperDiscard(0, 0, "yakaz-3")) == "Copper makes another player discard, not Anna."
    assert "only discard a Yakaz Mafioso already won by another player" in refused(
        state, CopperDiscard(0, 1, "costa-4"))
    assert "has no Blackmat 1" in refused(state, CopperDiscard(0, 1, "blackmat-1"))
    assert "Anna chooses now" in refused(state, TakeCopperCard(1))


def test_vicelard_winner_takes_the_vicelard_card_for_the_next_round():
    state = play(start(2, LAYOUT), Influence(0, 3, 1, ("contract:costa",)))
    state, texts = run(state, Pass(1), Pass(0))
    assert "Vicelard was on the Costa 5: Anna takes the Vicelard card for the next round." in texts
    assert state.vicelard_card == 0


def test_vicelard_card_goes_to_nobody_when_nobody_wins_its_mafioso():
    """Bruno held the Vicelard card in round 1 and did not play it; nobody won Vicelard's Mafioso."""
    state = play(start(2, LAYOUT), Influence(0, 1, 1, ("contract:yakaz",)), Pass(1), Pass(0))
    assert state.round == 2 and state.vicelard_card is None


def test_vicelard_card_follows_the_pawn_not_where_the_card_was_played():
    state = play(start(2, LAYOUT), Influence(0, 1, 1, ("contract:yakaz",)),
                 Influence(1, 3, 1, ("vicelard_contract",)), HireVicelard(0, 1), Pass(1), Pass(0))
    assert state.vicelard_card == 0  # Anna won the Yakaz 4, where Vicelard stood at the count


def test_tokens_return_and_played_cards_are_discarded_at_the_end_of_the_round():
    state = play(start(2, LAYOUT), Influence(0, 1, 2, ("contract:yakaz", "dollar")),
                 Influence(1, 3, 1, ("vicelard_contract", "back")), Pass(0), Pass(1))
    assert state.round == 2 and E.tokens_left(state, 0) == 3 and E.tokens_left(state, 1) == 3
    assert state.discard == 3  # the Vicelard card is not an influence card of the pile


def test_blackmat_joins_the_family_column_of_the_winners_choice():
    state = with_areas(start(2, ("blackmat-3", "costa-5")), Anna=area("yakaz-5", "costa-3"))
    state = play(state, Influence(0, 1, 1, ("dollar",)), Pass(1), Pass(0))
    assert E.legal_actions(state) == [PlaceBlackmat(0, "blackmat-3", "yakaz"), PlaceBlackmat(0, "blackmat-3", "costa")]
    assert "not 'Brakova'" in refused(state, PlaceBlackmat(0, "blackmat-3", "brakova"))
    assert "Anna chooses now" in refused(state, PlaceBlackmat(1, "blackmat-3", "costa"))
    state, texts = run(state, PlaceBlackmat(0, "blackmat-3", "costa"))
    assert "The Blackmat 3 joins Anna's Costa." in texts
    assert state.areas[0] == area("yakaz-5", "costa-3", blackmats={"costa": ("blackmat-3",)})


def test_blackmat_points_add_to_the_family_where_it_is_placed():
    state = with_areas(start(2, LAYOUT), Anna=area("yakaz-5", "costa-3", blackmats={"costa": ("blackmat-3",)}))
    cols = {c.name: c.total for c in E.view(state, TABLE).players[0].columns}
    assert cols == {"Yakaz": 5, "Costa": 6}


def test_blackmat_joins_the_only_column_by_itself():
    state = with_areas(start(2, ("blackmat-3", "costa-5")), Anna=area("yakaz-5"))
    state = play(state, Influence(0, 1, 1, ("dollar",)), Pass(1), Pass(0))
    assert state.round == 2 and state.areas[0] == area("yakaz-5", blackmats={"yakaz": ("blackmat-3",)})


def test_blackmat_waits_without_a_column_and_joins_the_next_coloured_mafioso():
    """"If the player has no family column, the Blackmat is kept until the player wins a coloured Mafioso,
    which it necessarily joins." """
    state = play(start(2, ("blackmat-3", "costa-5")), Influence(0, 1, 1, ("dollar",)), Pass(1), Pass(0))
    assert state.areas[0] == area(waiting=("blackmat-3",))
    state = play(state, MafiosoTurnedUp(1, "rodrigos-4"), MafiosoTurnedUp(3, "costa-4"))
    state, texts = run(state, Influence(1, 1, 1, ("contract:rodrigos",)), Influence(0, 3, 1, ("contract:costa",)),
                       Pass(1), Pass(0))
    assert "Anna's waiting Blackmat 3 joins the Costa." in texts
    assert state.areas[0] == area("costa-4", blackmats={"costa": ("blackmat-3",)})


def test_blackmat_moves_to_another_family_when_its_column_is_emptied():
    """"if all the red cards of the column are discarded, the Blackmat immediately joins another family"."""
    state = with_areas(start(2, LAYOUT),
                       Bruno=area("yakaz-5", "costa-3", "rodrigos-4", blackmats={"yakaz": ("blackmat-1",)}))
    state = play(state, Influence(0, 1, 1, ("contract:yakaz",)), PayCopper(1, 1), Pass(0), Pass(1))
    state, texts = run(state, CopperDiscard(0, 1, "yakaz-5"))
    assert "Bruno's Yakaz column is empty: the Blackmat 1 must join another family." in texts
    assert E.legal_actions(state) == [PlaceBlackmat(1, "blackmat-1", "rodrigos"), PlaceBlackmat(1, "blackmat-1", "costa")]
    state = play(state, PlaceBlackmat(1, "blackmat-1", "rodrigos"))
    assert state.areas[1] == area("costa-3", "rodrigos-4", blackmats={"rodrigos": ("blackmat-1",)})


def test_blackmat_waits_when_its_emptied_column_was_the_only_one():
    state = with_areas(start(2, LAYOUT), Bruno=area("yakaz-5", blackmats={"yakaz": ("blackmat-1",)}))
    state = play(state, Influence(0, 1, 1, ("contract:yakaz",)), PayCopper(1, 1), Pass(0), Pass(1),
                 CopperDiscard(0, 1, "yakaz-5"))
    assert state.areas[1] == area(waiting=("blackmat-1",))


def test_reinforced_influence_counts_with_the_first():
    state = play(start(2, LAYOUT), Influence(0, 1, 1, ("back",)), Influence(1, 1, 1, ("dollar",)),
                 Reinforce(0, 1, 0, ("contract:yakaz",)), Pass(1), Pass(0))
    assert state.areas[0] == area("yakaz-4")
