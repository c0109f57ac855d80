"""A sixth game added from the test folder (tests/ui/sixth_game/) with no shared file edited: the
robot finds its card on Home, its screen, and its value in Your box (docs/adding-a-game.md); the
box declaration is read by companion/box.py like the five games'."""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "acceptance"))  # the robot's runner

from robot_run import passed, play  # noqa: E402


def test_the_sixth_game_s_card_screen_and_box_appear_with_no_shared_file_edited(tmp_path):
    root = HERE.parents[1]
    path = os.pathsep.join([str(root), str(HERE / "sixth_game" / "site"), str(HERE / "sixth_game")])
    report = play(tmp_path, ["tour:tour"], env={"PYTHONPATH": path})
    obs = passed(report, "tour:tour")
    assert obs["card"] == [True, True]
    assert obs["screen"] == "Tally: every chip counted"
    assert obs["field"] == "Chips per player"
    assert obs["saved"] == "Saved: Chips per player 8."
    assert obs["tabs"][-1] == "Tally" and len(obs["tabs"]) == 5  # after the four games' tabs
    con = sqlite3.connect(report["db"])
    try:
        (value,), = con.execute("SELECT value FROM settings WHERE key='box.tally'")
    finally:
        con.close()
    assert json.loads(value)["values"] == {"chips": 8}


def test_a_box_declared_in_a_game_s_own_folder_is_read_like_the_five_games():
    import companion.games
    from companion import box

    folder = str(HERE / "sixth_game" / "companion_games")
    companion.games.__path__.append(folder)
    box._discover.cache_clear()
    try:
        assert box.games()[-1] == "tally" and box.title("tally") == "Tally"
        assert [f.label for f in box.fields("tally")] == ["Chips per player"]
        try:
            box.validate("tally", {"chips": 0})
        except box.BoxError as error:
            assert str(error) == "Your box: Chips per player must be from 1 to 20, not 0."
        else:
            raise AssertionError("a bad value was accepted")
    finally:
        companion.games.__path__.remove(folder)
        box._discover.cache_clear()
    assert "tally" not in box.games()


def test_the_sixth_game_s_phone_page_is_served_from_its_own_folder():
    """Its manifest names its phone page (tests/ui/sixth_game/ui_games/tally/phone.py); the phones
    find it there, as they find the five games' pages, and the seat's page reads views only."""
    import companion.games
    import ui.games
    from companion.views import Views
    from ui import manifest
    from ui.phones import pages

    engines, screens = str(HERE / "sixth_game" / "companion_games"), str(HERE / "sixth_game" / "ui_games")
    companion.games.__path__.append(engines)
    ui.games.__path__.append(screens)
    manifest._discover.cache_clear()
    try:
        from companion.games.tally import ENGINE

        phone = pages.for_game("tally")
        mine = Views(ENGINE, ENGINE.new({}, 1)).for_seat(1)
        page = phone.page(mine)
        assert page["headline"] == "Tally: count your chips" and page["line"].startswith("Seat 2:")
        assert phone.card(mine)["title"] == "Your cards"  # what it leaves out, the shared default answers
    finally:
        companion.games.__path__.remove(engines)
        ui.games.__path__.remove(screens)
        manifest._discover.cache_clear()
        for name in [m for m in sys.modules if m.startswith(("companion.games.tally", "ui.games.tally"))]:
            del sys.modules[name]
    assert pages.for_game("tally").page(mine)["headline"] == "Tally"  # gone: the shared default again
