"""Mafia+ at a real table, played by the robot (visible text, real holds, waits like a person).

Every game is checked after every step: no living player's character on the shared screen,
and every table-audience line the engine produced reached the screen (read from the stored game,
outside the app). The night must run by itself: a call that shows nothing new for longer than
the narration and the padded call together is a stall, and the game fails there.
"""

from __future__ import annotations

import pytest

from conftest import passed

#: the owner's settings for these games: the night's calls padded to half a second (the table
#: setting is 8 s), the same hold time as the box's default, a fixed shuffle for reproducibility
FAST = {"mafia_plus.min_call_seconds": 0.5, "mafia_plus.seed": 7}


@pytest.mark.parametrize("narration", ["off", "on"])
def test_seven_players_from_new_game_to_the_reveal(table_robot, narration):
    report = table_robot(["mafia_plus_table:seven_players"], settings=FAST, narration=narration)
    obs = passed(report, "mafia_plus_table:seven_players")
    assert obs["missing"] == [], f"announcements that never reached the screen: {obs['missing']}"
    assert obs["leaks"] == [], f"the shared screen gave a character away: {obs['leaks']}"
    assert obs["winners_on_screen"] == obs["winners_stored"]
    assert obs["night_calls"] >= 6  # three nights at least were called through, by themselves
