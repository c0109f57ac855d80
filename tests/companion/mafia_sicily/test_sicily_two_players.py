"""The translator's experimental two-player variant (section H)."""

from companion.engine import TABLE, Seat
from companion.games.mafia_sicily.engine import (ArrestPicciotti, CardDrawn, ChooseHome, Detain, Done, Move, Pass,
                                                 RemoveControl, TakeRoma, Undercover)
from sicily_scenario import E, FREE, arrive, edit, play, refused, started, texts, turn_of, where

HOMES2 = {"red": "palermo", "black": "catania", "orange": "enna", "green": "enna"}


def two(**kw):
    return started(2, homes=HOMES2, **kw)


def test_two_players_rv_plays_red_and_green_na_plays_black_and_orange():
    s = two()
    assert [FREE.seat_of(s, f) for f in ("red", "green", "black", "orange")] == [0, 0, 1, 1]


def test_two_players_a_players_two_families_need_different_home_cities():
    s = E.new({"players": 2, "age_order": ["red", "green", "black", "orange"]}, 0)
    s, _ = E.apply(s, ChooseHome("enna"))
    assert E.legal_actions(s) == [ChooseHome("catania")]
    refused(s, ChooseHome("enna"), "other Family", "different home cities", engine=E)


def test_two_players_opposing_families_may_share_a_home_city():
    s = two()
    assert dict(s.homes)["orange"] == dict(s.homes)["green"] == "enna"


def test_two_players_state_turns_alternate_rv_first_then_na():
    s, _ = turn_of(two(), "state")
    assert FREE.seat_of(s, "state") == 0 and FREE.view(s, TABLE).acting_seat == 0
    s, _ = turn_of(two(), "state", second_state_turn=True)
    assert FREE.seat_of(s, "state") == 1


def test_two_players_state_counters_in_a_family_turn_are_run_by_the_opponent():
    s, _ = arrive(two(), "boss_black", "cefalu", pos={"prefetto": "cefalu"})
    assert s.prompt == ("decide", "state", "prefetto", "cefalu", "boss_black")
    assert FREE.acting_seat(s) == 0  # black's turn: the RV-player decides for the Prefetto


def test_two_players_prefetto_detention_draws_a_sisde_card_matching_colour_arrests():
    s, _ = arrive(two(), "boss_black", "cefalu", pos={"prefetto": "cefalu"})
    s, _ = FREE.apply(s, Detain("boss_black"))
    s, ev = FREE.apply(s, CardDrawn("sisde", "clue_black_1"))
    assert where(s, "boss_black") == "prison"


def test_two_players_sisde_cards_go_back_at_the_end_of_the_same_turn():
    s, _ = arrive(two(), "boss_black", "cefalu", pos={"prefetto": "cefalu"})
    s, _ = FREE.apply(s, Detain("boss_black"))
    s, _ = FREE.apply(s, CardDrawn("sisde", "clue_red_1"))
    assert where(s, "boss_black") == "station"
    assert dict(s.hands)["state0"] == () and len(dict(s.decks)["sisde"]) == 8


def test_two_players_prefetto_removes_every_control_counter_in_his_space():
    s, ev = arrive(two(), "prefetto", "cefalu", control={"cefalu": ("red", 3)})
    assert s.control == ()


def test_two_players_carabinieri_remove_a_control_counter_by_choice_without_rolling():
    s, _ = arrive(two(), "cc1", "cefalu", control={"cefalu": ("black", 2)})
    assert s.prompt == ("offer_roma", "state")
    s, _ = FREE.apply(s, Pass())
    assert s.prompt[0] == "decide" and RemoveControl() in FREE.legal_actions(s)
    s, _ = FREE.apply(s, RemoveControl())
    assert s.control == (("cefalu", "black", 1),)
    refused(s, RemoveControl(), "not possible now")


def test_two_players_a_player_acting_for_the_state_without_roma_cards_may_draw_one():
    s, _ = arrive(two(), "cc1", "cefalu")
    assert FREE.legal_actions(s) == [TakeRoma(), Pass()]
    s, _ = FREE.apply(s, TakeRoma())
    s, ev = FREE.apply(s, CardDrawn("roma", "wiretap"))
    assert dict(s.hands)["state0"] == ("wiretap",)
    assert [e for e in ev if e.audience == Seat(0) and "Wiretap" in e.text]
    assert dict((f, tuple(c.id for c in cards)) for f, cards in FREE.view(s, Seat(0)).hands)["state0"] == ("wiretap",)


def test_two_players_no_roma_offer_to_a_player_who_already_holds_one():
    s, _ = arrive(two(), "cc1", "cefalu", hands={"state0": ["wiretap"]}, control={"cefalu": ("red", 1)})
    assert s.prompt[0] == "decide"


def test_two_players_roma_cards_go_back_at_the_end_of_the_holders_next_state_turn():
    s, _ = arrive(two(), "cc1", "cefalu")
    s, _ = FREE.apply(s, TakeRoma())
    s, _ = FREE.apply(s, CardDrawn("roma", "wiretap"))
    # the rest of this State turn: the card drawn now is kept past its end
    while s.turn == 2:
        legal = FREE.legal_actions(s)
        s, _ = FREE.apply(s, next((a for a in legal if isinstance(a, (Done, Pass))), legal[0]))
    assert dict(s.hands)["state0"] == ("wiretap",)
    # the RV-player's next State turn (after black): at its end the card goes back
    s, _ = turn_of(s, "state")
    s, _ = play(s, (1, 1))
    s, _ = FREE.apply(s, Move("cc2", "augusta", "sum"))
    while s.turn == 2:
        legal = FREE.legal_actions(s)
        s, _ = FREE.apply(s, next((a for a in legal if isinstance(a, (Done, Pass))), legal[0]))
    assert dict(s.hands)["state0"] == () and "wiretap" in dict(s.decks)["roma"]


def test_two_players_sisde_undercover_operation_sends_one_mafioso_home():
    s, _ = arrive(two(), "sisde", "cefalu", pos={"boss_black": "cefalu", "picc_red_1": "cefalu"})
    s, _ = FREE.apply(s, Pass())  # no Roma card
    assert Undercover("boss_black") in FREE.legal_actions(s)
    s, ev = FREE.apply(s, Undercover("boss_black"))
    assert where(s, "boss_black") == "catania" and "Undercover" in texts(ev)
    assert s.prompt is None or s.prompt[0] != "decide"  # one, and only one
    assert dict(s.hands)["state0"] == ()  # and no investigation draw


def test_two_players_arresting_the_controllers_own_picciotti_is_optional():
    s, _ = arrive(two(), "prefetto", "cefalu", pos={"picc_red_1": "cefalu", "picc_black_1": "cefalu"})
    s, _ = FREE.apply(s, Pass())  # the Roma card is offered first, to be usable with the action
    # the RV-player runs this State turn: black's Picciotto is arrested, red's only if RV wishes
    assert s.prompt == ("optional_arrest", "state", "red", "cefalu")
    s, _ = FREE.apply(s, Pass())
    assert where(s, "picc_red_1") == "cefalu" and where(s, "picc_black_1") == "prison"
    s, _ = arrive(two(), "prefetto", "cefalu", pos={"picc_red_1": "cefalu"})
    s, _ = play(s, Pass(), ArrestPicciotti("red"))
    assert where(s, "picc_red_1") == "prison"


def test_two_players_a_family_needs_five_spaces():
    four = {sp: ("green", 1) for sp in ("cefalu", "patti", "noto", "gela")}
    s, _ = turn_of(two(), "green", control=four)
    assert s.winners is None
    s, _ = turn_of(two(), "green", control={**four, "ragusa": ("green", 1)})
    assert s.winners == (0,)


def test_two_players_four_points_against_one_pair_at_the_end_of_a_state_turn_makes_the_other_player_win():
    pos = {"boss_red": "prison", "boss_green": "prison"}
    s, _ = turn_of(two(), "state", pos=pos)
    assert s.winners is None  # not at the start of the State turn
    s, _ = play(s, (1, 1))
    s, _ = FREE.apply(s, Move("cc2", "augusta", "sum"))
    while s.winners is None and s.turn == 2:
        legal = FREE.legal_actions(s)
        s, _ = FREE.apply(s, next((a for a in legal if isinstance(a, (Done, Pass))), legal[0]))
    assert s.winners == (1,) and "Red (rosso) and Green (verde)" in s.reason


def test_two_players_points_against_both_pairs_split_are_not_enough():
    s, _ = turn_of(two(), "state", pos={"boss_red": "prison", "boss_black": "prison"})
    s, _ = play(s, (1, 1))
    s, _ = FREE.apply(s, Move("cc2", "augusta", "sum"))
    assert s.winners is None
