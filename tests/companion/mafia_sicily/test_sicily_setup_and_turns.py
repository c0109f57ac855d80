"""Board data, setup (rule C), the calendar (D1), returns (D3) and movement (D4)."""

import pytest

from companion.errors import ConfigError
from companion.games.mafia_sicily.data import TYPE_COUNTS, load_board, load_rules
from companion.games.mafia_sicily.engine import CALENDAR, ChooseHome, Helicopter, Move, Pass, PlayCard
from sicily_scenario import card_question, E, FREE, edit, play, refused, started, texts, turn_of, where


def test_board_has_the_rulebooks_26_spaces_by_type():
    board = load_board()
    assert len(board.spaces) == 26
    for kind, n in TYPE_COUNTS.items():
        assert len(board.of_type(kind)) == n
    assert board.airports == ("palermo", "catania")
    assert board.space("enna").type == "city"
    for kind in ("roadblock", "ambush", "restaurant", "assassination", "antimafia"):
        assert all(board.space(s).numbers for s in board.of_type(kind)), kind


def test_returns_table_is_editable_data_with_a_row_per_box():
    rules = load_rules()
    assert set(rules["returns"]) == {"station", "prison", "continent"}


def test_setup_places_carabinieri_on_roadblocks_prefetto_in_palermo_sisde_in_catania():
    s = E.new({"players": 5}, 0)
    pos = dict(s.pos)
    assert sorted(pos[c] for c in ("cc1", "cc2", "cc3")) == sorted(E.board.of_type("roadblock"))
    assert pos["prefetto"] == "palermo" and pos["sisde"] == "catania"
    assert s.control == ()


def test_home_cities_are_chosen_oldest_family_first():
    s = E.new({"players": 5, "age_order": ["green", "red", "orange", "black"]}, 0)
    assert s.prompt == ("home", "green")
    s, _ = E.apply(s, ChooseHome("enna"))
    assert s.prompt == ("home", "red")
    assert where(s, "boss_green") == where(s, "picc_green_1") == where(s, "picc_green_2") == "enna"


def test_home_city_colour_restrictions_black_and_green_not_palermo():
    s = E.new({"players": 5, "age_order": ["black", "red", "orange", "green"]}, 0)
    refused(s, ChooseHome("palermo"), "Black", "may not choose Palermo", engine=E)
    assert ChooseHome("catania") in E.legal_actions(s) and ChooseHome("enna") in E.legal_actions(s)


def test_home_city_colour_restrictions_red_and_orange_not_catania():
    s = E.new({"players": 5}, 0)
    refused(s, ChooseHome("catania"), "Red", "Catania", engine=E)


def test_several_families_may_share_a_home_city():
    s = started(homes={"red": "enna", "black": "enna", "orange": "enna", "green": "enna"})
    assert all(h == "enna" for _, h in s.homes)


def test_bad_player_count_is_refused_in_words():
    with pytest.raises(ConfigError, match="2 to 5 players"):
        E.new({"players": 6}, 0)
    with pytest.raises(ConfigError, match="no option"):
        E.new({"players": 5, "colour": "red"}, 0)


def test_calendar_is_red_black_state_orange_green_state():
    assert CALENDAR == ("red", "black", "state", "orange", "green", "state")
    # one counter per side waits in the Carabinieri Station, the rest are off the board: every turn
    # is just a failed return roll, so the order of turns shows the calendar
    from companion.games.mafia_sicily.engine import COUNTERS
    pos = {c: "off" for c in COUNTERS}
    pos.update({"cc1": "station", "picc_red_1": "station", "picc_black_1": "station",
                "picc_orange_1": "station", "picc_green_1": "station"})
    s, _ = turn_of(started(), "red", pos=pos)
    order = []
    for _ in range(7):
        order.append(CALENDAR[s.turn])
        s, _ = play(s, 1)
    assert order == ["red", "black", "state", "orange", "green", "state", "red"]


def test_returns_roll_one_die_per_counter_in_the_boxes_and_succeed_to_home_city():
    s, _ = turn_of(started(), "red", pos={"boss_red": "continent", "picc_red_1": "prison"})
    assert s.prompt == ("roll", 1, ("return", "boss_red"))
    s, ev = play(s, 6)  # continent returns on 5-6 (rules.toml)
    assert where(s, "boss_red") == "palermo"
    assert "comes back from the Continent to Palermo" in texts(ev)
    assert s.prompt == ("roll", 1, ("return", "picc_red_1"))
    s, ev = play(s, 5)  # prison only on 6
    assert where(s, "picc_red_1") == "prison" and "stays in Prison" in texts(ev)
    assert s.prompt == ("roll", 2, ("move",))


def test_state_counters_return_to_palermo():
    s, _ = turn_of(started(), "state", pos={"cc1": "continent"})
    s, _ = play(s, 6)
    assert where(s, "cc1") == "palermo"


def test_detained_counter_returns_from_the_station_on_the_returns_table():
    s, _ = turn_of(started(), "black", pos={"boss_black": "station"})
    s, _ = play(s, 4)
    assert where(s, "boss_black") == "enna"


def test_movement_one_counter_by_the_sum_of_both_dice():
    s, _ = turn_of(started(engine=E), "black", engine=E, pos={"boss_black": "bagheria"})
    s, _ = play(s, (2, 3), engine=E)
    legal = E.legal_actions(s)
    assert Move("boss_black", "patti", "sum") in legal  # bagheria + 5 clockwise
    s, ev = E.apply(s, Move("boss_black", "patti", "sum"))
    assert where(s, "boss_black") == "patti"
    assert s.prompt is None or s.prompt[0] != "move"


def test_movement_two_counters_one_die_each():
    s, _ = turn_of(started(engine=E), "red", engine=E, pos={"boss_red": "bagheria", "picc_red_1": "agrigento"})
    s, _ = play(s, (1, 4), engine=E)
    s, _ = E.apply(s, Move("boss_red", "termini", "first"))
    assert s.prompt == ("move", "red")
    assert all(a.die == "second" and a.counter != "boss_red" for a in E.legal_actions(s))
    s, _ = E.apply(s, Move("picc_red_1", "trapani", "second"))
    assert s.moved == ("boss_red", "picc_red_1")


def test_after_the_first_of_two_counters_the_prompt_says_what_is_left():
    """Issue 26: "move one counter (using the sum of two dice) or two counters (using the result of a
    die for each)": once one counter used a die, the prompt says one is left and with which die."""
    s, _ = turn_of(started(engine=E), "red", engine=E, pos={"boss_red": "bagheria", "picc_red_1": "agrigento"})
    s, _ = play(s, (1, 4), engine=E)
    assert E.awaiting(s) == "The Red (rosso) Family: move (dice 1 and 4)."
    s, _ = E.apply(s, Move("boss_red", "termini", "first"))
    assert E.awaiting(s) == "The Red (rosso) Family: 1 counter moved, 1 left: move another counter 4 with the second die."


def test_movement_must_be_the_full_amount_clockwise():
    s, _ = turn_of(started(engine=E), "red", engine=E, pos={"boss_red": "bagheria"})
    s, _ = play(s, (2, 3), engine=E)
    refused(s, Move("boss_red", "capo_orlando", "sum"), "exactly 5", "Capo d'Orlando", engine=E)
    refused(s, Move("boss_red", "palermo", "sum"), "clockwise", engine=E)


def test_a_counter_of_another_family_may_not_be_moved():
    s, _ = turn_of(started(engine=E), "red", engine=E)
    s, _ = play(s, (2, 3), engine=E)
    refused(s, Move("boss_black", "cefalu", "sum"), "does not belong", engine=E)


def test_centre_track_keeps_the_direction_a_counter_entered():
    """Translator's note: movement on the centre track continues in the direction it entered."""
    s, _ = turn_of(started(engine=E), "red", engine=E, pos={"boss_red": "cefalu", "picc_red_1": "off",
                                                           "picc_red_2": "off"})
    s, _ = play(s, (1, 1), engine=E)
    assert Move("boss_red", "leonforte", "sum", "S") in E.legal_actions(s)
    s, _ = E.apply(s, Move("boss_red", "leonforte", "sum", "S"))
    assert dict(s.facing)["boss_red"] == "S"
    # next turn it must keep going south: 2 steps reach Piazza Armerina, never back to Cefalu
    s, _ = turn_of(s, "red", engine=E)
    s, _ = play(s, (1, 1), engine=E)
    dests = {a.to for a in E.legal_actions(s) if isinstance(a, Move)}
    assert "piazza_armerina" in dests and "cefalu" not in dests


def test_counter_starting_in_enna_may_leave_north_or_south():
    s, _ = turn_of(started(engine=E), "black", engine=E, pos={"picc_black_1": "off", "picc_black_2": "off"})
    s, _ = play(s, (1, 1), engine=E)
    dests = {(a.to, a.facing) for a in E.legal_actions(s) if isinstance(a, Move)}
    assert ("petralia", "N") in dests and ("gela", "S") in dests


def test_facing_is_kept_on_the_junction_after_leaving_the_centre_track():
    s, _ = turn_of(started(engine=E), "black", engine=E, pos={"picc_black_1": "off", "picc_black_2": "off"},
                   facing={"boss_black": "S"})
    s, _ = play(s, (1, 1), engine=E)
    s, _ = E.apply(s, Move("boss_black", "gela", "sum", "S"))
    s, _ = turn_of(s, "black", engine=E)
    s, _ = play(s, (1, 1), engine=E)
    dests = {a.to for a in E.legal_actions(s) if isinstance(a, Move)}
    assert dests == {"agrigento"}  # no U-turn back into the centre


def test_outer_track_counter_on_the_junction_may_still_turn_into_the_centre():
    s, _ = turn_of(started(engine=E), "green", engine=E, pos={"boss_green": "gela", "picc_green_1": "off",
                                                             "picc_green_2": "off"})
    s, _ = play(s, (1, 1), engine=E)
    dests = {a.to for a in E.legal_actions(s) if isinstance(a, Move)}
    assert dests == {"agrigento", "enna"}


def test_airport_hop_for_bosses_and_prefetto_only():
    s, _ = turn_of(started(engine=E), "red", engine=E, pos={"picc_red_1": "palermo"})
    s, _ = play(s, (1, 1), engine=E)
    boss = {a.to for a in E.legal_actions(s) if isinstance(a, Move) and a.counter == "boss_red" and a.die == "sum"}
    picc = {a.to for a in E.legal_actions(s) if isinstance(a, Move) and a.counter == "picc_red_1" and a.die == "sum"}
    assert "augusta" in boss  # Palermo -air-> Catania -> Augusta
    assert "augusta" not in picc and picc == {"termini"}


def test_airport_hop_never_back_and_forth_in_one_move():
    s, _ = turn_of(started(engine=E), "red", engine=E)
    s, _ = play(s, (1, 1), engine=E)
    boss = {a.to for a in E.legal_actions(s) if isinstance(a, Move) and a.counter == "boss_red" and a.die == "sum"}
    assert "palermo" not in boss  # Palermo -> Catania -> Palermo is not allowed


def test_without_routes_the_app_trusts_the_players_moves():
    s, _ = turn_of(started(), "red")
    s, _ = play(s, (1, 1))
    s, _ = FREE.apply(s, Move("boss_red", "marsala", "sum"))
    assert where(s, "boss_red") == "marsala"


def test_single_counter_on_the_board_moves_by_the_sum_only():
    s, _ = turn_of(started(engine=E), "red", engine=E, pos={"picc_red_1": "prison", "picc_red_2": "prison"})
    s, _ = play(s, 1, 1, (2, 3), engine=E)
    assert {a.die for a in E.legal_actions(s) if isinstance(a, Move)} == {"sum"}


def test_helicopter_operation_changes_each_movement_die_by_up_to_two():
    s, _ = turn_of(started(engine=E), "state", engine=E, hands={"state": ["helicopter"]})
    s, _ = play(s, (3, 4), engine=E)
    assert Helicopter(2, -2) in E.legal_actions(s) and Helicopter(3, 0) not in E.legal_actions(s)
    s, ev = E.apply(s, Helicopter(2, -2))
    assert s.dice == (5, 2) and "helicopter" in dict(s.decks)["roma"]
    assert "Helicopter Operation" in texts(ev)
    refused(s, Helicopter(1, 1), "Nobody holds", engine=E)


def test_ati_strike_cancels_a_flight_and_the_boss_moves_by_land():
    s, _ = turn_of(started(engine=E), "red", engine=E, hands={"state": ["ati_strike"]},
                   pos={"picc_red_1": "off", "picc_red_2": "off"})
    s, _ = play(s, (1, 1), engine=E)
    s, _ = E.apply(s, Move("boss_red", "augusta", "sum"))
    assert card_question(s) == ("airport", "boss_red")
    s, ev = E.apply(s, PlayCard("ati_strike"))
    assert where(s, "boss_red") == "palermo" and s.prompt == ("move", "red")
    assert {a.to for a in E.legal_actions(s) if isinstance(a, Move)} == {"termini"}
    assert "no flight" in texts(ev)


def test_bomb_at_the_airport_held_but_passed_lets_the_flight_stand():
    s, _ = turn_of(started(engine=E), "red", engine=E, hands={"black": ["bomb_airport"]},
                   pos={"picc_red_1": "off", "picc_red_2": "off"})
    s, _ = play(s, (1, 1), engine=E)
    s, _ = E.apply(s, Move("boss_red", "augusta", "sum"))
    assert card_question(s) == ("airport", "boss_red")
    s, _ = E.apply(s, Pass())
    assert where(s, "boss_red") == "augusta"


def test_government_protection_frees_a_prisoner_without_rolling():
    s, _ = turn_of(started(), "red", pos={"picc_red_1": "prison"}, hands={"red": ["government_protection"]})
    s, ev = FREE.apply(s, PlayCard("government_protection", "picc_red_1"))
    assert where(s, "picc_red_1") == "palermo" and "government_protection" in dict(s.decks)["usa"]


def test_protection_of_a_notable_person_frees_a_detained_counter():
    s, _ = turn_of(started(), "green", pos={"boss_green": "station"}, hands={"green": ["notable_protection"]})
    assert PlayCard("notable_protection", "boss_green") in FREE.legal_actions(s)
    s, _ = FREE.apply(s, PlayCard("notable_protection", "boss_green"))
    assert where(s, "boss_green") == "catania"


def test_support_of_the_judiciary_blocks_a_successful_prison_exit():
    s, _ = turn_of(started(), "red", pos={"picc_red_1": "prison"}, hands={"state": ["support_of_the_judiciary"]})
    s, _ = play(s, 6)
    assert card_question(s) == ("support", "picc_red_1")
    s, ev = FREE.apply(s, PlayCard("support_of_the_judiciary"))
    assert where(s, "picc_red_1") == "prison" and "stays in Prison" in texts(ev)


def test_antimafia_commission_block_skips_the_next_movement_phase():
    s, ev = turn_of(started(), "red", blocked=("red",))
    assert "may not move any counter this turn" in texts(ev)
    assert "red" not in s.blocked and CALENDAR[s.turn] == "black"
