"""Bonus briefcases (first to / end of game), trafficking tiles and the final score."""

from dataclasses import replace

from contract_helpers import E, area, play, run, start, with_areas

from companion.games.contract.engine import Influence, Pass

LAYOUT = ("yakaz-4", "costa-5")


def _won(state):
    return dict(state.briefcases)


def test_first_to_three_cards_of_the_same_family_wins_the_briefcase_with_two_players():
    state = with_areas(start(2, LAYOUT), Anna=area("yakaz-3", "yakaz-5"))
    state, texts = run(state, Influence(0, 1, 1, ("contract:yakaz",)), Pass(1), Pass(0))
    assert 'Anna is the first: "First to have 3 cards of the same family" — a 3 $ briefcase.' in texts
    assert _won(state) == {"first_same_family": 0}


def test_a_first_to_briefcase_is_won_once_and_kept():
    state = with_areas(start(2, LAYOUT), Bruno=area("yakaz-3", "yakaz-5"))
    state = replace(state, briefcases=(("first_same_family", 0),))
    state = play(state, Influence(0, 3, 1, ("contract:costa",)),
                 Influence(1, 1, 1, ("contract:yakaz",)), Pass(0), Pass(1))
    assert _won(state) == {"first_same_family": 0}


def test_first_to_briefcases_are_checked_card_by_card_from_the_left():
    """Anna and Bruno both reach 3 of a family in the same count: the Mafioso counted first decides."""
    state = with_areas(start(2, LAYOUT), Anna=area("costa-3", "costa-4"), Bruno=area("yakaz-3", "yakaz-5"))
    state = play(state, Influence(0, 3, 1, ("contract:costa",)), Influence(1, 1, 1, ("contract:yakaz",)),
                 Pass(0), Pass(1))
    assert _won(state) == {"first_same_family": 1}


def test_first_to_different_families_needs_four_with_two_or_three_players_and_three_with_four_or_five():
    state = with_areas(start(2, LAYOUT), Anna=area("brakova-4", "rodrigos-4"))
    state = play(state, Influence(0, 1, 1, ("contract:yakaz",)), Pass(1), Pass(0))
    assert "first_different_families" not in _won(state)
    state = with_areas(start(4, ("yakaz-4", "costa-5", "rodrigos-3")), Anna=area("brakova-4", "rodrigos-4"))
    state, texts = run(state, Influence(0, 1, 1, ("contract:yakaz",)), Pass(1), Pass(2), Pass(3), Pass(0))
    assert _won(state) == {"first_different_families": 0}
    assert 'Anna is the first: "First to have 3 cards of different families" — a 3 $ briefcase.' in texts


def test_first_to_two_blackmats_counts_a_waiting_blackmat():
    state = with_areas(start(2, ("blackmat-3", "costa-5")), Anna=area(waiting=("blackmat-1",)))
    state = play(state, Influence(0, 1, 1, ("dollar",)), Pass(1), Pass(0))
    assert state.areas[0].waiting == ("blackmat-1", "blackmat-3")
    assert _won(state) == {"first_two_blackmats": 0}


def test_strength_two_briefcases_are_used_only_with_four_or_five_players():
    assert "first_strength_two" not in start(3).briefcase_ids
    assert "most_strength_two" not in start(3).briefcase_ids
    state = with_areas(start(4, ("rodrigos-2", "costa-5", "brakova-5")), Anna=area("yakaz-2", "costa-2"))
    state = play(state, Influence(0, 1, 1, ("contract:rodrigos",)), Pass(1), Pass(2), Pass(3), Pass(0))
    assert _won(state)["first_strength_two"] == 0


def test_trafficking_first_and_second_by_column_total_blackmats_included():
    # tiles: brakova 6/2, yakaz 7/3, rodrigos 8/4, costa 9/5
    state = with_areas(start(3), Anna=area("yakaz-3", blackmats={"yakaz": ("blackmat-4",)}),
                       Bruno=area("yakaz-5"), Carla=area("yakaz-4"))
    rows = E.final_score(state).rows
    assert rows[0].trafficking == (("yakaz", "first", 7),)
    assert rows[1].trafficking == (("yakaz", "second", 3),)
    assert rows[2].trafficking == ()


def test_trafficking_tie_broken_by_the_highest_card_of_the_colour():
    """Equal totals (7): Bruno's Yakaz 5 beats Anna's Yakaz 4; Blackmats are not cards of the colour."""
    state = with_areas(start(2), Anna=area("yakaz-3", "yakaz-4"),
                       Bruno=area("yakaz-5", blackmats={"yakaz": ("blackmat-1", "blackmat-1")}))
    rows = E.final_score(state).rows
    assert rows[1].trafficking == (("yakaz", "first", 7),)
    assert rows[0].trafficking == (("yakaz", "second", 3),)


def test_a_complete_tie_for_first_gives_nobody_the_first_or_the_second_tile():
    state = with_areas(start(2), Anna=area("yakaz-3"), Bruno=area("yakaz-3"))
    score = E.final_score(state)
    assert all(r.trafficking == () for r in score.rows)
    assert "Yakaz: a complete tie, nobody takes the first trafficking tile." in score.lines


def test_a_complete_tie_for_second_gives_nobody_the_second_tile():
    state = with_areas(start(3), Anna=area("yakaz-3"), Bruno=area("yakaz-3"), Carla=area("yakaz-5"))
    rows = E.final_score(state).rows
    assert rows[2].trafficking == (("yakaz", "first", 7),)
    assert rows[0].trafficking == rows[1].trafficking == ()


def test_a_family_won_by_one_player_gives_only_the_first_tile():
    state = with_areas(start(2), Anna=area("costa-3"))
    rows = E.final_score(state).rows
    assert rows[0].trafficking == (("costa", "first", 9),) and rows[1].trafficking == ()


def test_end_briefcases_most_mafiosi_largest_family_most_strength_three():
    state = with_areas(start(2), Anna=area("yakaz-3", "yakaz-4", "yakaz-5", "costa-5"),
                       Bruno=area("costa-4", "rodrigos-3", "brakova-3"))
    cases = {r.name: dict(r.briefcases) for r in E.final_score(state).rows}
    assert cases == {"Anna": {"Most Mafiosi cards": 4, "Largest family of one colour": 4},
                     "Bruno": {"Most cards of strength 3": 4}}


def test_a_tie_gives_nobody_the_end_briefcase():
    state = with_areas(start(2), Anna=area("yakaz-3", "costa-4"), Bruno=area("costa-3", "rodrigos-4"))
    score = E.final_score(state)
    assert all(r.briefcases == () for r in score.rows)
    assert 'Briefcase "Most Mafiosi cards": a tie, nobody wins it.' in score.lines


def test_most_strength_two_counts_with_four_players():
    state = with_areas(start(4), Anna=area("yakaz-2"))
    rows = E.final_score(state).rows
    assert ("Most cards of strength 2", 4) in rows[0].briefcases


def test_the_richest_player_wins_and_equal_fortunes_share_the_victory():
    state = with_areas(start(2), Anna=area("costa-3"), Bruno=area("brakova-3"))
    score = E.final_score(state)
    # Anna: Costa first 9 $; Bruno: Brakova first 6 $; every end briefcase is tied (1 card each, one 3 each)
    assert [r.total for r in score.rows] == [9, 6] and score.winners == (0,)
    assert score.lines[-1] == "Anna wins with 9 $."
    state = with_areas(start(2), Anna=area("costa-3"), Bruno=area("costa-3"))
    score = E.final_score(state)
    assert score.winners == (0, 1) and score.lines[-1] == "Anna and Bruno share the victory with 0 $."


def test_in_game_briefcases_count_in_the_final_score():
    state = replace(with_areas(start(2), Anna=area("costa-3")), briefcases=(("first_two_blackmats", 1),))
    rows = E.final_score(state).rows
    assert rows[1].briefcases == (("First to have 2 Blackmat cards", 3),) and rows[1].total == 3
