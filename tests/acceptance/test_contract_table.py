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
