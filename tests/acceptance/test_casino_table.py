"""Mafia Casino by the table robot: a 3-player token game from Home through poker, the slot
machine and roulette to a $30M win, with a bank correction booked with a reason; after each step
the balances and whose turn it is on screen match the stored game read from outside."""

from robot_run import passed

SCENARIO = "casino_games:anna_to_thirty"


def test_three_players_through_poker_slot_and_roulette_to_thirty_million(table_robot):
    report = table_robot([SCENARIO], timeout=1800)
    obs = passed(report, SCENARIO)
    assert obs["mismatches"] == []
    assert obs["poker_result"][0].startswith("Poker: Anna wins $6M with five of a kind (9s).")
    assert obs["correction"] == "correction: missed income"
    assert obs["stored_winner"] == ["Anna"] and "Anna wins!" in obs["victory_texts"]
    assert obs["layout"] == []  # poker pad faces 22 px+, reels and bet cards >= 48 px, nothing cut
