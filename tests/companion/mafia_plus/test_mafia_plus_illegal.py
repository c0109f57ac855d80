"""Refused actions say why in words and leave the state untouched."""

from companion.games.mafia_plus.engine import (Accuse, CallVote, CarryOut, CastVote, ChairmanAnnuls, Heal,
                                               MafiaKill)
from mafia_plus_helpers import at_step, night, night0, play, quiet_day, refused, table, vote

CHARS = ["mafia_boss", "coquette", "doctor", "chairman", "citizen", "citizen", "citizen"]


def day1():
    return night0(table(CHARS))[0]


def test_nothing_but_the_deal_before_the_cards_are_dealt():
    from companion.games.mafia_plus import ENGINE
    state = ENGINE.new({"players": ["A", "B", "C", "D", "E", "F"]}, 1)
    refused(state, CarryOut(), "Deal the cards first")


def test_a_seat_that_does_not_exist_is_refused():
    refused(day1(), Accuse(9, 0), "no seat 9", "0 to 6")


def test_an_eliminated_player_cannot_be_chosen_at_night():
    s = quiet_day(day1())
    s, _ = night(s, mafia=6)
    s = at_step(quiet_day(s), "mafia")
    refused(s, MafiaKill(0, 6), "Gus has already been eliminated")


def test_carry_out_needs_a_vote_result():
    refused(day1(), CarryOut(), "no vote result")


def test_accusations_only_before_the_vote():
    s, _ = play(day1(), Accuse(2, 0), CallVote("eliminate"))
    refused(s, Accuse(3, 1), "before the vote is called")


def test_a_vote_is_to_eliminate_or_to_reveal():
    s, _ = play(day1(), Accuse(2, 0))
    refused(s, CallVote("banish"), "'eliminate' or to 'reveal'")


def test_casting_a_vote_twice_or_for_someone_not_accused_is_refused():
    s, _ = play(day1(), Accuse(2, 0), CallVote("eliminate"))
    refused(s, CastVote(0, 4), "Eve is not accused")
    s, _ = play(s, CastVote(0, None))
    refused(s, CastVote(0, 0), "already voted")


def test_only_the_chairman_may_annul_and_only_with_a_known_decision():
    s = vote(day1(), [0], {2: 0})
    refused(s, ChairmanAnnuls(2, "end_day"), "Cid is not the Chairman")
    refused(s, ChairmanAnnuls(3, "pardon"), "'revote_eliminate', 'revote_reveal' or 'end_day'")


def test_chairman_cannot_act_during_the_discussion():
    refused(day1(), ChairmanAnnuls(3, "end_day"), "only after the vote")


def test_a_night_choice_belongs_to_its_own_step():
    s = at_step(quiet_day(day1()), "mafia")
    refused(s, Heal(2, 2), "not that player's turn")
