"""The app's flow without a window: which screen follows which (ui.controller is Kivy-free)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ui import controller as c
from ui.controller import Controller, Route

ROOT = Path(__file__).resolve().parents[2]
ALL = ["dice", "il-capo", "contract"]


@pytest.fixture
def shell_only(monkeypatch):
    """The flow as it is for a game whose screens are not written yet: only Dice & Spinner has
    screens here (every real game now registers its own under ui/games/)."""
    monkeypatch.setattr(c, "GAME_ENTRY", {"dice": "dice"})


def test_controller_imports_no_kivy():
    code = "import sys, ui.controller, ui.geometry; print('kivy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_app_opens_on_home():
    assert Controller(ALL).home() == Route("home")


def test_dice_card_opens_the_dice_screen():
    assert Controller(ALL).open_game("dice") == Route("dice", {"game": "dice"})


def test_game_with_engine_but_no_screens_opens_coming_soon_saying_rules_exist(shell_only):
    route = Controller(ALL).open_game("il-capo")
    assert route == Route("coming_soon", {"game": "il-capo", "engine": True})


def test_game_without_engine_opens_coming_soon(shell_only):
    route = Controller(["dice"]).open_game("mafia-plus")
    assert route == Route("coming_soon", {"game": "mafia-plus", "engine": False})


def test_dice_without_its_engine_is_not_playable():
    assert Controller([]).open_game("dice").screen == "coming_soon"


def test_engine_names_with_underscores_match_cards(shell_only):
    assert Controller(["mafia_casino"]).card_status(c.home_cards()[2]) == "engine"


def test_resume_reopens_the_game_screen_with_its_id():
    assert Controller(ALL).resume("dice", 7) == Route("dice", {"game": "dice", "game_id": 7})


def test_resume_of_a_game_without_screens_keeps_the_game_and_says_so(shell_only):
    route = Controller(ALL).resume("contract", 3)
    assert route.screen == "coming_soon" and route.params["game_id"] == 3 and route.params["engine"] is True


def test_physical_entry_goes_back_to_dice_everything_else_home():
    ctl = Controller(ALL)
    assert ctl.physical_entry() == Route("dice_entry")
    assert ctl.back("dice_entry") == Route("dice")
    assert ctl.back("dice") == Route("home")
    assert ctl.back("coming_soon") == Route("home")
    assert ctl.after_finish("dice") == Route("home")


def test_home_cards_are_the_five_games_in_order_then_dice():
    titles = [card.title for card, _ in Controller(ALL).cards()]
    assert titles == ["Mafia+", "Il Capo", "Mafia Casino", "Contract", "Mafia (Sicily)", "Dice & Spinner"]


def test_card_status_ready_engine_or_soon(shell_only):
    status = {card.game: s for card, s in Controller(ALL).cards()}
    assert status == {"mafia-plus": "soon", "il-capo": "engine", "mafia-casino": "soon", "contract": "engine",
                      "mafia-sicily": "soon", "dice": "ready"}


def test_faction_colours_follow_the_card_suits():
    suits = {card.suit: card.faction for card in c.home_cards() if card.game != "dice"}
    assert suits == {"♥": "city", "♦": "city", "♠": "mafia", "♣": "syndicate"}


def test_every_screen_module_has_its_kv_beside_it():
    for name, module in c.SCREENS.items():
        path = ROOT / (module.replace(".", "/") + ".py")
        assert path.exists(), name
        assert path.with_suffix(".kv").exists(), name
        assert "SCREEN = " in path.read_text(), f"{name} does not expose SCREEN"
    assert set(c.GAME_ENTRY.values()) <= set(c.SCREENS)
    assert set(c.PARENT) | set(c.PARENT.values()) <= set(c.SCREENS)


def test_registering_a_game_screen_is_two_dictionary_entries(monkeypatch, shell_only):
    monkeypatch.setitem(c.SCREENS, "il_capo_table", "ui.screens.il_capo_table")
    monkeypatch.setitem(c.GAME_ENTRY, "il-capo", "il_capo_table")
    ctl = Controller(ALL)
    assert ctl.open_game("il-capo") == Route("il_capo_table", {"game": "il-capo"})
    assert ctl.resume("il-capo", 4).screen == "il_capo_table"
    assert ctl.card_status(c.home_cards()[1]) == "ready"
    assert "il_capo_table" in ctl.screen_names()


def test_sample_coming_soon_picks_a_game_without_screens(shell_only):
    route = Controller(ALL).sample_coming_soon()
    assert route.screen == "coming_soon" and route.params["game"] == "mafia-plus"


def test_resume_label_shows_local_time(monkeypatch):
    monkeypatch.setenv("TZ", "Europe/Rome")
    time.tzset()
    try:
        assert c.resume_label("Dice & Spinner", "2026-11-29T21:04:33+00:00") == "Dice & Spinner · 22:04"
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_resume_label_survives_an_odd_timestamp():
    assert c.resume_label("Contract", "yesterday") == "Contract · yesterday"


@pytest.mark.parametrize("number", range(1, 11))
def test_wheel_lands_on_the_drawn_number_after_two_turns(number):
    from ui.geometry import SEG_DEG, landing_angle, number_at_pointer

    for current in (0.0, 17.5, 359.0, 1234.5):
        for jitter in (-SEG_DEG * 0.3, 0.0, SEG_DEG * 0.3):
            angle = landing_angle(number, current, turns=2, jitter=jitter)
            assert number_at_pointer(angle) == number
            assert angle - current >= 720


def test_every_game_on_the_home_screen_now_has_its_screens():
    status = {card.game: s for card, s in Controller([card.game for card in c.home_cards()]).cards()}
    assert set(status.values()) == {"ready"}, status
