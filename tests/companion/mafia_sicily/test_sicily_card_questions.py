"""Issue 13: at every moment a card could answer, the table is asked the same question whoever holds
what ("... Anyone playing a card?"), and "No" from a table without the card looks and takes the same as
a holder who declines. Each test plays secret twins: the same position with the fitting card in one
twin and an unrelated card of the same deck (same hand size) in the other."""

from __future__ import annotations

import pytest

from companion.engine import TABLE
from companion.games.mafia_sicily.engine import Move, Pass, PlayCard, Shootout
from sicily_scenario import E, FREE, arrive, card_question, play, started, turn_of


def _twins(build, fitting: dict, other: dict):
    return build(fitting), build(other)


def _same_for_the_table(a, b):
    assert FREE.view(a, TABLE) == FREE.view(b, TABLE)
    assert FREE.chance_requests(a) == FREE.chance_requests(b)


def _table_texts(events):
    return [e.text for e in events if e.audience == TABLE]


MOMENTS = {
    # moment: (build(hands) -> state, fitting hands, unrelated hands of the same sizes)
    "wiretap": (lambda h: arrive(started(), "boss_black", "termini", pos={"cc1": "off", "cc2": "off", "cc3": "off"},
                                 hands=h)[0],
                {"state": ["wiretap"]}, {"state": ["helicopter"]}),
    "killers": (lambda h: arrive(started(), "picc_black_1", "cefalu", pos={"prefetto": "cefalu"}, hands=h)[0],
                {"black": ["killers"]}, {"black": ["mole"]}),
    "support": (lambda h: play(turn_of(started(), "red", pos={"picc_red_1": "prison"}, hands=h)[0], 6)[0],
                {"state": ["support_of_the_judiciary"]}, {"state": ["government_falls"]}),
    "shootout": (lambda h: FREE.apply(arrive(started(), "picc_black_1", "cefalu",
                                             pos={"prefetto": "off", "sisde": "off", "cc1": "off", "cc2": "off",
                                                  "cc3": "off", "picc_red_1": "cefalu"}, hands=h)[0],
                                      Shootout("red"))[0],
                 {"red": ["special_weapons"]}, {"red": ["wife"]}),
}


@pytest.mark.parametrize("moment", sorted(MOMENTS))
def test_the_card_question_is_the_same_whether_or_not_the_card_is_held(moment):
    build, fitting, other = MOMENTS[moment]
    holder, bluffer = build(fitting), build(other)
    assert card_question(holder)[0] == moment and card_question(bluffer)[0] == moment
    _same_for_the_table(holder, bluffer)
    view = FREE.view(holder, TABLE)
    assert view.awaiting.endswith("Anyone playing a card?") and view.acting_seat is None
    assert PlayCard in {type(a) for a in FREE.legal_actions(holder)}
    assert FREE.legal_actions(bluffer) == [Pass()]


@pytest.mark.parametrize("moment", sorted(MOMENTS))
def test_no_from_a_table_without_the_card_looks_and_takes_the_same_as_a_holder_who_declines(moment):
    build, fitting, other = MOMENTS[moment]
    holder, ev_h = FREE.apply(build(fitting), Pass())
    bluffer, ev_b = FREE.apply(build(other), Pass())
    _same_for_the_table(holder, bluffer)
    assert _table_texts(ev_h) == _table_texts(ev_b)


@pytest.mark.parametrize("moment", sorted(MOMENTS))
def test_the_question_never_names_the_side_that_could_play(moment):
    build, fitting, _ = MOMENTS[moment]
    s = build(fitting)
    side = next(iter(fitting))
    words = {"state": "State", "black": "Black", "red": "Red"}[side]
    awaiting = FREE.view(s, TABLE).awaiting
    # the moment itself may name the counters involved (public), never "X may play a card"
    assert "may play" not in awaiting and f"{words} may" not in awaiting


def test_nobody_is_asked_when_every_side_that_could_play_holds_no_card():
    """Hand sizes are public: an empty hand cannot hide a card, so the question would only cost a tap."""
    s, _ = arrive(started(), "boss_black", "termini", pos={"cc1": "off", "cc2": "off", "cc3": "off"})
    assert card_question(s) is None and s.prompt[0] == "draw"


def test_a_flight_asks_every_other_side_once():
    def flown(hands):
        s, _ = turn_of(started(engine=E), "red", engine=E, hands=hands, pos={"picc_red_1": "off", "picc_red_2": "off"})
        s, _ = play(s, (1, 1), engine=E)
        return E.apply(s, Move("boss_red", "augusta", "sum"))[0]

    holder, bluffer = flown({"black": ["bomb_airport"]}), flown({"black": ["mole"]})
    assert card_question(holder) == card_question(bluffer) == ("airport", "boss_red")
    assert E.view(holder, TABLE) == E.view(bluffer, TABLE)
    a, _ = E.apply(holder, Pass())
    b, _ = E.apply(bluffer, Pass())
    assert E.view(a, TABLE) == E.view(b, TABLE)


def test_after_a_card_in_a_shootout_the_question_is_put_again_for_an_answer():
    build, fitting, _ = MOMENTS["shootout"]
    s = build({"red": ["special_weapons"], "black": ["leatherheads"]})
    s, _ = FREE.apply(s, PlayCard("special_weapons"))
    assert card_question(s) == ("shootout", "")
    assert PlayCard("leatherheads") in FREE.legal_actions(s)


def test_with_checking_off_a_move_only_the_flight_reaches_still_asks_about_airport_cards():
    s, _ = turn_of(started(engine=E, check_moves=False), "red", engine=E, hands={"black": ["mole"]},
                   pos={"picc_red_1": "off", "picc_red_2": "off"})
    s, _ = play(s, (1, 1), engine=E)
    flown, _ = E.apply(s, Move("boss_red", "augusta", "sum"))
    assert card_question(flown) == ("airport", "boss_red")
    by_land, _ = E.apply(s, Move("boss_red", "termini", "sum"))
    assert card_question(by_land) is None
