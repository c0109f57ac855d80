"""The shell (Home, Settings), Contract's round, Il Capo (8 players), Mafia Casino (6), Sicily (5) and
Mafia+ (7) upright at 720x1280, the Touch Display 2's own size: nothing cut or drawn over another
text, no target under 48 px, no text under 22 px (the same check as test_layout_tables.py)."""

from robot_run import passed

TOURS = ["layout_tours:home_and_settings",
         "layout_tours:contract_round_upright",  # Contract's round, rows of three (issue #23)
         "layout_tours:il_capo_eight",
         "layout_tours:casino_six",  # the table, the card choice, the poker pad, the ledger (issue #23)
         "layout_tours:sicily_five",  # the new game, the turn, the map turned a quarter, cards, score
         "layout_tours:mafia_plus_seven"]  # the new game, the deal, the nights, the Day, the vote


def test_the_shell_and_the_five_games_read_whole_upright_on_the_touch_display_2(table_robot):
    report = table_robot(TOURS, size="720x1280", timeout=900)
    problems = []
    for tour in TOURS:
        problems += passed(report, tour).get("layout", [])
    assert problems == []
