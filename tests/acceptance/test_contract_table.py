"""Contract by the table robot: a whole 3-player game from Home to the final score by visible text
only; the final score on screen is the stored game's, read from outside."""

from robot_run import passed

SCENARIO = "contract_games:whole_game"


def test_a_whole_three_player_game_to_the_final_score(table_robot):
    report = table_robot([SCENARIO], timeout=1800)
    obs = passed(report, SCENARIO)
    assert obs["mismatches"] == []
    assert obs["counted_rounds"][-1] == 4 and obs["stored_winners"]
    assert obs["layout"] == []  # 'Face down', 'Blackmat 4', the pawns and the bonus statuses whole


def test_round_one_names_the_vicelard_holder_and_the_row_is_still_while_an_influence_is_composed(table_robot):
    """Issue 26: round 1 says who holds the Vicelard card (the last player, Elena, by the rule);
    with the influence panel open a stray tap on another Mafioso changes nothing; an influence is
    Influence, the Mafioso, a card, Play: 4 taps (as before: the flow did not change)."""
    report = table_robot(["contract_games:first_influence"], size="800x480", timeout=600)
    obs = passed(report, "contract_games:first_influence")
    assert obs["layout_texts"] and all("Elena holds the Vicelard card" in x for x in obs["layout_texts"])
    assert any("Elena holds the Vicelard card" in x for x in obs["turn_texts"])
    assert obs["row_controls_while_composing"] == []
    assert obs["message_after_stray_tap"] == obs["compose_message"]
    assert obs["influence_taps"] == 4
    assert obs["layout"] == []
