"""Space effects (D5d), control (D5c), telephones and the cards they bring (D6)."""

from companion.engine import TABLE, Seat
from companion.games.mafia_sicily.engine import Done, LoseCard, Move, Pass, PlayCard, TryControl
from sicily_scenario import card_question, FREE, arrive, play, refused, started, texts, turn_of, where

NO_CC = {"cc1": "off", "cc2": "off", "cc3": "off", "sisde": "off"}


def test_roadblock_detains_a_mafioso_on_a_printed_number():
    s, _ = arrive(started(), "picc_black_1", "bagheria", pos=NO_CC)  # bagheria shows 1-2
    assert s.prompt == ("roll", 1, ("roadblock", "picc_black_1", (1, 2)))
    s, ev = play(s, 2)
    assert where(s, "picc_black_1") == "station" and "detained" in texts(ev)


def test_roadblock_passed_on_another_number_then_the_counter_acts():
    s, _ = arrive(started(), "picc_black_1", "bagheria", pos=NO_CC)
    s, ev = play(s, 5)
    assert where(s, "picc_black_1") == "bagheria" and "passes the roadblock" in texts(ev)
    assert TryControl() in FREE.legal_actions(s)


def test_roadblock_does_not_stop_state_counters():
    s, _ = arrive(started(), "prefetto", "bagheria", pos=NO_CC)
    assert s.prompt is None or s.prompt[0] != "roll" or s.prompt[2][0] != "roadblock"


def test_ambush_eliminates_any_counter_on_a_printed_number():
    s, _ = arrive(started(), "cc1", "santo_stefano", pos={"cc2": "off", "cc3": "off"})  # shows 1
    s, ev = play(s, 1)
    assert where(s, "cc1") == "continent" and "ambush" in texts(ev)


def test_restaurant_attack_rolls_for_every_counter_there_once_per_turn():
    """Translator's note: one roll per counter in the restaurant, once per turn."""
    s, _ = turn_of(started(), "black", pos={**NO_CC, "picc_green_1": "taormina"})
    s, _ = play(s, (2, 3))
    s, _ = FREE.apply(s, Move("boss_black", "taormina", "first"))
    s, _ = FREE.apply(s, Move("picc_black_1", "taormina", "second"))
    rolls = []
    while s.prompt and s.prompt[0] == "roll":
        rolls.append(s.prompt[2][1])
        s, _ = play(s, 1 if s.prompt[2][1] == "picc_green_1" else 4)
    assert sorted(rolls) == sorted(["picc_green_1", "boss_black", "picc_black_1"])  # three rolls, not six
    assert where(s, "picc_green_1") == "continent" and where(s, "boss_black") == "taormina"


def test_counters_that_did_not_move_are_not_affected_by_their_space():
    s, ev = arrive(started(), "boss_black", "cefalu", pos={**NO_CC, "picc_green_1": "noto"})
    assert where(s, "picc_green_1") == "noto" and "ambush" not in texts(ev)


def test_assassination_strikes_only_a_boss_or_the_prefetto():
    s, _ = arrive(started(), "picc_black_1", "licata", pos=NO_CC)
    assert s.prompt[0] != "roll"
    s, _ = arrive(started(), "boss_black", "licata", pos=NO_CC, hands={"black": ["mole", "wife"]})
    s, ev = play(s, 2)
    assert where(s, "boss_black") == "continent"
    assert dict(s.hands)["black"] == () and "All the cards" in texts(ev)  # D6: an eliminated Boss returns his cards


def test_eliminated_prefetto_returns_all_the_state_cards():
    s, _ = arrive(started(), "prefetto", "licata", pos=NO_CC, hands={"state": ["wiretap", "clue_red_1"]})
    s, _ = play(s, 1)
    assert dict(s.hands)["state"] == () and "wiretap" in dict(s.decks)["roma"]


def test_antimafia_commission_blocks_the_next_movement_of_that_side():
    s, _ = arrive(started(), "boss_black", "petralia", pos=NO_CC)
    s, ev = play(s, 1)
    assert "black" in s.blocked and "may not move" in texts(ev)
    s, ev = turn_of(s, "black")
    assert "may not move any counter" in texts(ev)


def test_antimafia_commission_ignores_picciotti():
    s, _ = arrive(started(), "picc_black_1", "petralia", pos=NO_CC)
    assert s.prompt[0] == "decide"


def test_news_leak_makes_the_player_give_up_a_card_of_their_choice():
    s, _ = arrive(started(), "picc_black_1", "patti", pos=NO_CC, hands={"black": ["mole", "killers"]})
    assert s.prompt == ("lose", "black")
    refused(s, LoseCard("wife"), "not possible")
    s, ev = FREE.apply(s, LoseCard("killers"))
    assert dict(s.hands)["black"] == ("mole",) and "killers" in dict(s.decks)["usa"]
    assert "Killers" not in texts(ev) and "Killers" in texts(ev, table_only=False)


def test_boss_controls_the_space_automatically():
    s, ev = arrive(started(), "boss_black", "cefalu", pos=NO_CC)
    assert ("cefalu", "black", 1) in s.control and "controls Cefal" in texts(ev)


def test_cities_are_never_controlled():
    s, ev = arrive(started(), "boss_black", "palermo", pos={**NO_CC, "prefetto": "off"})
    assert s.control == () and "is a city" in texts(ev)
    s, _ = arrive(started(), "picc_black_1", "catania", pos={**NO_CC, "boss_green": "off"})
    assert TryControl() not in FREE.legal_actions(s)


def test_picciotto_controls_on_an_even_roll_only():
    s, _ = arrive(started(), "picc_black_1", "cefalu", pos=NO_CC)
    s, _ = FREE.apply(s, TryControl())
    s, ev = play(s, 3)
    assert s.control == () and "fails" in texts(ev)
    s, _ = arrive(started(), "picc_black_1", "cefalu", pos=NO_CC)
    s, _ = FREE.apply(s, TryControl())
    s, _ = play(s, 4)
    assert s.control == (("cefalu", "black", 1),)


def test_picciotto_tries_for_control_only_once_per_arrival():
    s, _ = arrive(started(), "picc_black_1", "cefalu", pos={**NO_CC, "picc_red_1": "cefalu"})
    s, _ = FREE.apply(s, TryControl())
    s, _ = play(s, 3)
    refused(s, TryControl(), "already tried")


def test_a_family_overlaps_its_own_control_counters():
    s, ev = arrive(started(), "boss_black", "cefalu", pos=NO_CC, control={"cefalu": ("black", 1)})
    assert ("cefalu", "black", 2) in s.control


def test_opposing_family_removes_one_of_several_overlapped_counters_and_places_none():
    s, ev = arrive(started(), "boss_black", "cefalu", pos=NO_CC, control={"cefalu": ("red", 2)})
    assert ("cefalu", "red", 1) in s.control and "1 remain" in texts(ev)


def test_a_single_opposing_control_counter_is_replaced():
    s, ev = arrive(started(), "boss_black", "cefalu", pos=NO_CC, control={"cefalu": ("red", 1)})
    assert s.control == (("cefalu", "black", 1),) and "goes back to its owner" in texts(ev)


def test_a_family_without_control_counters_left_places_none():
    control = {"termini": ("black", 3), "patti": ("black", 3), "messina": ("black", 2)}  # all 8, on 3 spaces
    s, ev = arrive(started(), "boss_black", "cefalu", pos=NO_CC, control=control)
    assert all(sp != "cefalu" for sp, _, _ in s.control) and "no control counter left" in texts(ev)


def test_boss_on_a_telephone_calls_the_usa_and_only_he_sees_the_card():
    s, ev = arrive(started(), "boss_black", "termini", pos=NO_CC)
    assert s.prompt[0] == "draw" and s.prompt[1] == "usa"
    s, ev = FREE.apply(s, FREE.legal_actions(s)[0])
    card = dict(s.hands)["black"][0]
    table = [e for e in ev if e.audience == TABLE]
    private = [e for e in ev if e.audience == Seat(2)]
    assert any("draws a USA card" in e.text for e in table)
    assert all(FREE.card_by_id[card].name not in e.text for e in table)
    assert any(FREE.card_by_id[card].name in e.text for e in private)


def test_a_boss_on_a_telephone_can_call_the_usa_and_his_family_chooses():
    """D5b: the Boss "Can call the USA if the space he occupies contains a telephone booth": "can",
    so his Family is asked (the acting seat), and declining draws nothing."""
    from companion.games.mafia_sicily.engine import CallUSA

    s, _ = arrive(started(ask_usa_call=True), "boss_black", "termini", pos=NO_CC, call_usa=None)
    assert s.prompt[0] == "call"
    assert FREE.legal_actions(s) == [CallUSA(True), CallUSA(False)]
    assert FREE.acting_seat(s) == FREE.seat_of(s, "black")
    assert "call the USA" in FREE.awaiting(s)
    held = dict(s.hands)["black"]
    s, ev = FREE.apply(s, CallUSA(False))
    assert "does not call the USA" in texts(ev)
    assert dict(s.hands)["black"] == held and (s.prompt is None or s.prompt[0] != "draw")


def test_a_game_recorded_before_the_call_question_replays_with_the_automatic_call():
    """Old logs have no question to answer: without ``ask_usa_call`` in the config the Boss calls."""
    s, _ = arrive(started(), "boss_black", "termini", pos=NO_CC, call_usa=None)
    assert s.prompt[0] == "draw" and s.prompt[1] == "usa"


def test_wiretap_prevents_a_call_to_the_usa():
    s, _ = arrive(started(), "boss_black", "termini", pos=NO_CC, hands={"state": ["wiretap"]})
    assert card_question(s) == ("wiretap", "boss_black")
    s, ev = FREE.apply(s, PlayCard("wiretap"))
    assert dict(s.hands)["black"] == () and "cannot call the USA" in texts(ev)


def test_prefetto_on_a_telephone_calls_rome():
    s, _ = arrive(started(), "prefetto", "messina", pos=NO_CC)
    assert s.prompt[0] == "draw" and s.prompt[1] == "roma" and s.prompt[2] == "state"


def test_picciotti_cannot_telephone():
    s, _ = arrive(started(), "picc_black_1", "termini", pos=NO_CC)
    assert s.prompt[0] == "decide"


def test_visit_of_an_american_boss_adds_a_control_counter():
    s, _ = turn_of(started(), "black", pos=NO_CC, hands={"black": ["american_boss"]},
                   control={"cefalu": ("black", 1)})
    s, _ = play(s, (1, 2))
    assert PlayCard("american_boss", "cefalu") in FREE.legal_actions(s)
    refused(s, PlayCard("american_boss", "patti"), "cannot be played now")
    s, _ = FREE.apply(s, PlayCard("american_boss", "cefalu"))
    assert ("cefalu", "black", 2) in s.control


def test_mole_in_prefecture_shows_the_state_hand_privately():
    s, _ = turn_of(started(), "black", pos=NO_CC, hands={"black": ["mole"], "state": ["wiretap"]})
    s, _ = play(s, (1, 2))
    s, ev = FREE.apply(s, PlayCard("mole"))
    private = [e for e in ev if e.audience == Seat(2)]
    assert private and "Wiretap" in private[0].text
    assert "Wiretap" not in texts(ev)


def test_antimafia_operation_turns_a_space_into_a_roadblock_until_the_next_state_turn():
    s, _ = turn_of(started(), "state", pos=NO_CC, hands={"state": ["antimafia_operation"]})
    s, _ = play(s, (1, 2))
    s, _ = FREE.apply(s, PlayCard("antimafia_operation", "cefalu"))
    assert s.temp_roadblocks == ("cefalu",)
    s, _ = arrive(s, "picc_orange_1", "cefalu")
    assert s.prompt == ("roll", 1, ("roadblock", "picc_orange_1", (1, 2)))
    s, _ = play(s, 2)
    assert where(s, "picc_orange_1") == "station"
    s, _ = turn_of(s, "state", second_state_turn=True)
    assert s.temp_roadblocks == ()


def test_done_ends_a_picciottos_activities():
    s, _ = arrive(started(), "picc_black_1", "cefalu", pos=NO_CC)
    s, _ = FREE.apply(s, Done())
    assert s.prompt[0] != "decide"


def test_the_government_falls_and_your_wife_cheats_have_no_effect_but_can_be_discarded():
    s, _ = turn_of(started(), "black", pos=NO_CC, hands={"black": ["wife"]})
    s, _ = play(s, (1, 2))
    after, ev = FREE.apply(s, PlayCard("wife"))
    assert dict(after.hands)["black"] == () and "wife" in dict(after.decks)["usa"]
    assert after.pos == s.pos and after.control == s.control and after.prompt == s.prompt
    s, _ = turn_of(started(), "state", pos=NO_CC, hands={"state": ["government_falls"]})
    s, _ = play(s, (1, 2))
    after, _ = FREE.apply(s, PlayCard("government_falls"))
    assert dict(after.hands)["state"] == () and after.pos == s.pos
