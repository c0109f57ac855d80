"""Shootouts, arrests, detentions, investigations (D5b, D5c, D6c) and the end of the game (E)."""

from companion.games.mafia_sicily.engine import (Arrest, ArrestPicciotti, Detain, Done, Pass, PlayCard,
                                                 PlayEvidence, Resist, Shootout, Submit, TryControl)
from sicily_scenario import card_question, FREE, arrive, play, refused, started, texts, turn_of, where

NO_STATE = {"cc1": "off", "cc2": "off", "cc3": "off", "sisde": "off", "prefetto": "off"}


def shots(s, *values):
    """Answer the shootout's die prompts in order and return (state, who fired)."""
    fired = []
    for v in values:
        assert s.prompt[0] == "roll" and s.prompt[2][0] == "shot", s.prompt
        fired.append(s.prompt[2][2])
        s, _ = play(s, v)
    return s, fired


# -- shootouts -------------------------------------------------------------------------------

def test_picciotti_shootout_both_sides_roll_and_odd_dice_hit():
    s, _ = arrive(started(), "picc_black_1", "cefalu", pos={**NO_STATE, "picc_red_1": "cefalu"})
    assert Shootout("red") in FREE.legal_actions(s)
    s, _ = FREE.apply(s, Shootout("red"))
    s, fired = shots(s, 3, 2)
    assert fired == ["picc_black_1", "picc_red_1"]
    assert where(s, "picc_red_1") == "continent" and where(s, "picc_black_1") == "cefalu"


def test_shootout_where_both_sides_miss_hits_nobody():
    s, _ = arrive(started(), "picc_black_1", "cefalu", pos={**NO_STATE, "picc_red_1": "cefalu"})
    s, _ = FREE.apply(s, Shootout("red"))
    s, ev = shots(s, 2, 4)
    assert where(s, "picc_red_1") == where(s, "picc_black_1") == "cefalu"


def test_a_picciotto_may_still_try_for_control_after_a_shootout():
    s, _ = arrive(started(), "picc_black_1", "cefalu", pos={**NO_STATE, "picc_red_1": "cefalu"})
    s, _ = FREE.apply(s, Shootout("red"))
    s, _ = shots(s, 2, 4)
    assert s.prompt[0] == "decide" and TryControl() in FREE.legal_actions(s)
    assert Shootout("red") not in FREE.legal_actions(s)


def test_boss_shootout_against_an_opposing_boss_both_fire():
    s, _ = arrive(started(), "boss_black", "cefalu", pos={**NO_STATE, "boss_red": "cefalu"})
    s, _ = FREE.apply(s, Shootout("boss_red"))
    s, fired = shots(s, 1, 5)
    assert fired == ["boss_black", "boss_red"]
    assert where(s, "boss_red") == where(s, "boss_black") == "continent"


def test_a_boss_does_not_join_a_picciotti_shootout():
    s, _ = arrive(started(), "picc_black_1", "cefalu", pos={**NO_STATE, "picc_red_1": "cefalu", "boss_red": "cefalu"})
    # the red Boss there stops the black Picciotto from doing anything at all
    assert s.prompt is None or s.prompt[0] != "decide"
    assert "can do nothing" in texts(arrive(started(), "picc_black_1", "cefalu",
                                            pos={**NO_STATE, "boss_red": "cefalu"})[1])


def test_picciotti_may_shoot_at_the_sisde_which_never_fires_back():
    s, _ = arrive(started(), "picc_black_1", "cefalu", pos={**NO_STATE, "sisde": "cefalu"})
    s, _ = FREE.apply(s, Shootout("sisde"))
    s, fired = shots(s, 5)
    assert fired == ["picc_black_1"] and where(s, "sisde") == "continent"


def test_the_state_never_starts_a_shootout():
    s, _ = arrive(started(), "cc1", "cefalu", pos={"cc2": "off", "cc3": "off", "picc_red_1": "cefalu"})
    refused(s, Shootout("red"), "never starts a shootout")


def test_special_weapons_mean_only_a_one_hits_you():
    s, _ = arrive(started(), "picc_black_1", "cefalu", pos={**NO_STATE, "picc_red_1": "cefalu"},
                  hands={"red": ["special_weapons"]})
    s, _ = FREE.apply(s, Shootout("red"))
    assert card_question(s) == ("shootout", "")
    s, _ = FREE.apply(s, PlayCard("special_weapons"))
    s, _ = shots(s, 3, 2)
    assert where(s, "picc_red_1") == "cefalu"


def test_leatherheads_eliminate_the_target_whatever_the_dice():
    s, _ = arrive(started(), "cc1", "cefalu", pos={"cc2": "off", "cc3": "off", "picc_red_1": "cefalu"},
                  hands={"state": ["leatherheads"]})
    s, _ = FREE.apply(s, ArrestPicciotti("red"))
    s, _ = FREE.apply(s, Resist())
    assert card_question(s) == ("shootout", "")
    s, _ = FREE.apply(s, PlayCard("leatherheads"))
    s, _ = shots(s, 2, 2)
    assert where(s, "picc_red_1") == "continent" and where(s, "cc1") == "cefalu"


# -- carabinieri -----------------------------------------------------------------------------

def test_carabinieri_remove_a_control_counter_on_an_even_roll():
    s, _ = arrive(started(), "cc1", "cefalu", pos={"cc2": "off", "cc3": "off"}, control={"cefalu": ("red", 2)})
    assert s.prompt == ("roll", 1, ("cc_control", "cc1", "cefalu"))
    s, _ = play(s, 6)
    assert s.control == (("cefalu", "red", 1),)
    s, _ = arrive(started(), "cc1", "cefalu", pos={"cc2": "off", "cc3": "off"}, control={"cefalu": ("red", 1)})
    s, _ = play(s, 5)
    assert s.control == (("cefalu", "red", 1),)


def test_carabinieri_arrest_picciotti_who_go_quietly():
    s, _ = arrive(started(), "cc1", "cefalu", pos={"cc2": "off", "cc3": "off", "picc_red_1": "cefalu"})
    s, _ = FREE.apply(s, ArrestPicciotti("red"))
    assert s.prompt[0] == "resist" and FREE.acting_seat(s) == 1  # the red player answers
    s, _ = FREE.apply(s, Submit())
    assert where(s, "picc_red_1") == "prison"


def test_picciotti_resist_arrest_and_if_both_sides_survive_they_are_arrested():
    s, _ = arrive(started(), "cc1", "cefalu", pos={"cc2": "off", "cc3": "off", "picc_red_1": "cefalu"})
    s, _ = FREE.apply(s, ArrestPicciotti("red"))
    s, _ = FREE.apply(s, Resist())
    s, fired = shots(s, 2, 4)
    assert fired == ["picc_red_1", "cc1"]
    assert where(s, "picc_red_1") == "prison"


def test_picciotti_who_shoot_the_carabinieri_escape_arrest():
    s, _ = arrive(started(), "cc1", "cefalu", pos={"cc2": "off", "cc3": "off", "picc_red_1": "cefalu"})
    s, _ = FREE.apply(s, ArrestPicciotti("red"))
    s, _ = FREE.apply(s, Resist())
    s, _ = shots(s, 1, 4)
    assert where(s, "cc1") == "continent" and where(s, "picc_red_1") == "cefalu"


def test_carabinieri_detain_a_boss_outside_his_home_city():
    s, _ = arrive(started(), "cc1", "cefalu", pos={"cc2": "off", "cc3": "off", "boss_red": "cefalu"})
    s, ev = FREE.apply(s, Detain("boss_red"))
    assert where(s, "boss_red") == "station" and "Carabinieri Station" in texts(ev)


def test_a_boss_cannot_be_detained_in_his_home_city():
    s, _ = arrive(started(), "cc1", "palermo", pos={"cc2": "off", "cc3": "off", "prefetto": "off",
                                                   "picc_red_2": "off"})
    assert s.prompt[0] == "decide"  # the red Picciotto may still be arrested there
    refused(s, Detain("boss_red"), "home city", "Discover a Lair")


def test_discover_a_lair_allows_detention_in_the_home_city():
    s, _ = arrive(started(), "cc1", "palermo", pos={"cc2": "off", "cc3": "off", "prefetto": "off",
                                                   "picc_red_1": "off", "picc_red_2": "off"},
                  hands={"state": ["lair"]})
    s, _ = FREE.apply(s, Detain("boss_red", True))
    assert where(s, "boss_red") == "station" and "lair" in dict(s.decks)["roma"]


# -- the prefetto ------------------------------------------------------------------------------

def test_prefetto_arrests_every_picciotto_where_he_ends_his_move():
    s, ev = arrive(started(), "prefetto", "cefalu", pos={"picc_red_1": "cefalu", "picc_black_1": "cefalu"})
    assert where(s, "picc_red_1") == where(s, "picc_black_1") == "prison"


def test_prefetto_removes_a_control_counter_where_he_arrives():
    s, ev = arrive(started(), "prefetto", "cefalu", control={"cefalu": ("red", 1)})
    assert s.control == () and "removes a Red" in texts(ev)


def test_a_picciotto_arriving_at_the_prefetto_is_arrested():
    s, ev = arrive(started(), "picc_black_1", "cefalu", pos={"prefetto": "cefalu"})
    assert where(s, "picc_black_1") == "prison" and "by the Prefetto" in texts(ev)


def test_killers_from_las_vegas_let_picciotti_shoot_the_prefetto():
    s, _ = arrive(started(), "picc_black_1", "cefalu", pos={"prefetto": "cefalu"}, hands={"black": ["killers"]})
    assert card_question(s) == ("killers", "cefalu")
    s, _ = FREE.apply(s, PlayCard("killers"))
    s, fired = shots(s, 3, 2)
    assert fired == ["picc_black_1", "prefetto"]
    assert where(s, "prefetto") == "continent" and where(s, "picc_black_1") == "cefalu"


def test_killers_shootout_survived_by_the_prefetto_still_ends_in_arrest():
    s, _ = arrive(started(), "picc_black_1", "cefalu", pos={"prefetto": "cefalu"}, hands={"black": ["killers"]})
    s, _ = FREE.apply(s, PlayCard("killers"))
    s, _ = shots(s, 2, 2)
    assert where(s, "picc_black_1") == "prison"


def test_prefetto_may_detain_a_boss_who_arrives_in_his_space():
    s, _ = arrive(started(), "boss_black", "cefalu", pos={"prefetto": "cefalu"})
    assert s.prompt == ("decide", "state", "prefetto", "cefalu", "boss_black")
    s, _ = FREE.apply(s, Detain("boss_black"))
    assert where(s, "boss_black") == "station"


def test_prefetto_may_let_an_arriving_boss_go():
    s, _ = arrive(started(), "boss_black", "cefalu", pos={"prefetto": "cefalu"})
    s, _ = FREE.apply(s, Done())
    assert where(s, "boss_black") == "cefalu" and ("cefalu", "black", 1) in s.control


def test_prefetto_arrests_a_boss_with_the_sisde_pair():
    s, _ = arrive(started(), "prefetto", "cefalu", pos={"boss_black": "cefalu"},
                  hands={"state": ["clue_black_1", "clue_black_2"]})
    s, ev = FREE.apply(s, Arrest("boss_black"))
    assert where(s, "boss_black") == "prison" and dict(s.hands)["state"] == ()
    assert "clue_black_1" in dict(s.decks)["sisde"]


def test_arrest_without_the_sisde_pair_is_refused():
    s, _ = arrive(started(), "prefetto", "cefalu", pos={"boss_black": "cefalu"}, hands={"state": ["clue_black_1"]})
    refused(s, Arrest("boss_black"), "both SISDE cards")


def test_sisde_pair_turns_a_detention_into_an_arrest():
    s, _ = turn_of(started(), "state", pos={"boss_black": "station"}, hands={"state": ["clue_black_1", "clue_black_2"]})
    s, _ = play(s, (1, 2))
    s, _ = FREE.apply(s, PlayEvidence("black"))
    assert where(s, "boss_black") == "prison"


def test_sisde_investigation_draws_a_card_per_mafioso_present():
    s, ev = arrive(started(), "sisde", "cefalu", pos={"boss_black": "cefalu", "picc_red_1": "cefalu"})
    drawn = 0
    while s.prompt and s.prompt[0] == "draw":
        assert s.prompt[1] == "sisde"
        s, _ = FREE.apply(s, FREE.legal_actions(s)[0])
        drawn += 1
    assert drawn == 2 and len(dict(s.hands)["state"]) == 2


# -- the end of the game -----------------------------------------------------------------------

def test_family_controlling_four_spaces_at_the_start_of_its_turn_wins():
    control = {sp: ("black", 1) for sp in ("cefalu", "patti", "noto", "gela")}
    s, _ = turn_of(started(), "red", control=control)
    assert s.winners is None  # checked only at the start of black's own turn
    s, ev = turn_of(started(), "black", control=control)
    assert s.winners == (2,) and "controls 4 spaces" in s.reason
    assert FREE.legal_actions(s) == []


def test_three_spaces_are_not_enough():
    s, _ = turn_of(started(), "black", control={sp: ("black", 2) for sp in ("cefalu", "patti", "noto")})
    assert s.winners is None


def test_state_wins_with_four_remediation_points_at_the_start_of_its_turn():
    s, _ = turn_of(started(), "state", pos={"boss_red": "prison", "boss_black": "station", "boss_green": "station"})
    assert s.winners == (0,) and "4 remediation points" in s.reason


def test_remediation_counts_half_a_point_per_picciotto_in_prison():
    pos = {"boss_red": "prison", "boss_black": "station", "picc_red_1": "prison"}
    s, _ = turn_of(started(), "state", pos=pos)
    assert s.winners is None and FREE.view(s, __import__("companion.engine").engine.TABLE).remediation_points == 3.5
    s, _ = turn_of(started(), "state", pos={**pos, "picc_red_2": "prison"})
    assert s.winners == (0,)


def test_remediation_is_not_checked_at_a_family_turn_with_a_state_player():
    s, _ = turn_of(started(), "red", pos={"boss_black": "prison", "boss_green": "prison"})
    assert s.winners is None


def test_sisde_pair_played_on_the_state_turn_arrests_a_boss_sharing_the_prefettos_space():
    s, _ = turn_of(started(), "state", pos={"boss_black": "cefalu", "prefetto": "cefalu"},
                   hands={"state": ["clue_black_1", "clue_black_2"]})
    s, _ = play(s, (1, 2))
    s, _ = FREE.apply(s, PlayEvidence("black"))
    assert where(s, "boss_black") == "prison"


def test_sisde_pair_is_refused_for_a_boss_away_from_the_prefetto():
    s, _ = turn_of(started(), "state", pos={"boss_black": "cefalu", "prefetto": "noto"},
                   hands={"state": ["clue_black_1", "clue_black_2"]})
    s, _ = play(s, (1, 2))
    refused(s, PlayEvidence("black"), "cannot be played now", "Prefetto's space")
    s2, _ = turn_of(started(), "state", pos={"boss_black": "station"}, hands={"state": ["clue_black_1"]})
    s2, _ = play(s2, (1, 2))
    refused(s2, PlayEvidence("black"), "does not hold both SISDE cards")


def test_discover_a_lair_with_the_sisde_pair_allows_an_arrest_in_the_home_city():
    s, _ = arrive(started(), "prefetto", "catania", pos={"sisde": "off", "picc_green_1": "off", "picc_green_2": "off"},
                  hands={"state": ["lair", "clue_green_1", "clue_green_2"]})
    assert Arrest("boss_green", True) in FREE.legal_actions(s) and Arrest("boss_green") not in FREE.legal_actions(s)
    s, _ = FREE.apply(s, Arrest("boss_green", True))
    assert where(s, "boss_green") == "prison" and dict(s.hands)["state"] == ()


def test_three_players_an_eliminated_boss_returns_only_his_own_familys_cards():
    s, _ = arrive(started(3), "boss_red", "licata", pos={"prefetto": "off"},
                  hands={"red": ["mole"], "orange": ["wife"]})
    s, _ = play(s, 1)
    assert dict(s.hands)["red"] == () and dict(s.hands)["orange"] == ("wife",)
