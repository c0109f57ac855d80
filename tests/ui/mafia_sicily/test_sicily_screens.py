"""Mafia (Sicily) in the real app, headless, by touches (subprocesses; see tests/ui/conftest.py)."""

from __future__ import annotations

import pytest
from sicily_ui_helpers import ROOT, assert_not_blank, drive, run_app

SCREENS = ["mafia_sicily_setup", "mafia_sicily_table", "mafia_sicily_map", "mafia_sicily_hand",
           "mafia_sicily_scores", "mafia_sicily_victory"]


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    base = tmp_path_factory.mktemp("sicily-play")
    return drive("play", base, "800x480")


@pytest.fixture(scope="module")
def secrets(tmp_path_factory):
    base = tmp_path_factory.mktemp("sicily-secrets")
    return drive("secrets", base, "800x480")


@pytest.fixture(scope="module")
def large(tmp_path_factory):
    base = tmp_path_factory.mktemp("sicily-large")
    return drive("sizes", base, "1280x720")


def test_new_game_by_touch_names_typed_and_move_checking_off_by_default(played):
    obs, _ = played
    assert obs["home_badge"] == "Play" and obs["setup_screen"] == "mafia_sicily_setup"
    assert obs["keyboard_open"] and obs["typed"] == "Zoe"
    assert obs["setup_refusal"] == "Give every player a name (4 to go)."
    assert obs["seated"] == ["Zoe", "Bruno", "Carla", "Dario", "Elena"]
    assert obs["check_moves_button"].startswith("Check moves: Off")
    config = dict(obs["config"])
    assert config.pop("box") == __import__("companion.box", fromlist=["box"]).defaults("mafia-sicily")  # Your box
    assert config == {"players": 5, "names": ["Zoe", "Bruno", "Carla", "Dario", "Elena"], "check_moves": True,
                      "ask_usa_call": True}  # a Boss "can" call the USA: asked (issue 26)
    assert obs["seed"] == 20261 and obs["table_screen"] == "mafia_sicily_table"


def test_a_full_calendar_by_touches_matches_the_engine_and_the_log(played):
    obs, _ = played
    assert obs["turns"] >= 6, "a full calendar (red, black, State, orange, green, State) was played"
    assert obs["checks"] >= 20 and obs["checks_failed"] == []
    assert obs["disk_equals_session"]
    assert "tap_not_recorded" not in obs
    a = obs["last_roll"]
    shown = obs["dice_shown"]
    assert shown[0] == a[0] and shown[2] == str(sum(a)) and shown[3].startswith("For ")
    assert obs["number_font"] >= 64


def test_turn_screen_shows_at_least_three_choices_without_scrolling_at_800x480(played):
    obs, _ = played
    sight = obs["sight"]
    assert max(n for n, *_ in sight) >= 4, "the game reached a prompt with many choices"
    for n, seen, cols, refusal in sight:
        # a refusal sentence is shown whole above the choices, so it may push one row out of sight
        assert seen >= min(n, 2 if refusal else 3), (n, seen, cols, refusal)
        assert cols == (2 if n > 3 else 1)
    assert any(n >= 4 and seen >= 4 for n, seen, *_ in sight)


def test_a_real_card_from_the_physical_deck_is_entered_by_touch(played):
    obs, _ = played
    real = obs["real_card"]
    assert real is not None, "the game reached a card draw"
    from companion.games.mafia_sicily.engine import ENGINE

    deck = real["recorded"]["deck"]
    assert real["offered"] == list(dict.fromkeys(c.name for c in ENGINE.cards[deck]))
    assert real["recorded"]["kind"] == "card_drawn" and ENGINE.card_by_id[real["recorded"]["card"]].name == real["picked"]
    assert real["error"] == "" and real["picked"] not in real["news"]
    assert real["entry_screen"][0] == "mafia_sicily_hand" and real["entry_screen"][1].startswith("For ")
    assert not any(t.startswith("Enter the real card") for t in real["after"])


def test_a_refused_move_is_a_sentence_in_place_and_nothing_changes(played):
    obs, _ = played
    refused = obs["refused"]
    assert refused["error"].startswith("The Red (rosso) Boss cannot end a move of exactly")
    from companion.games.mafia_sicily.engine import ENGINE

    assert ENGINE.space_names[refused["space"]] in refused["error"] and "clockwise" in refused["error"]
    assert refused["disk_same"] and refused["state_same"] and refused["screen"] == "mafia_sicily_map"


def test_real_dice_entered_by_tapping_their_faces(played):
    obs, _ = played
    real = obs["real_dice"]
    assert real["faces"] == ["1", "2"]
    assert obs["faces_hint"] == "Real first die: tap the number it shows." and obs["faces_in_sight"] >= 7
    assert real["recorded"] == {"kind": "dice_rolled", "dice": [6, 2], "by_hand": True}
    assert real["shown"][:3] == [6, 2, "8"] and real["shown"][3].endswith("real dice")


def test_roll_button_on_the_box_rolls_the_dice_the_screen_offers(played):
    obs, _ = played
    assert obs["rolled_by_command"] == {"handled": True, "recorded": True, "kind": "dice_rolled"}


def test_private_card_screen_says_whose_it_is_and_shows_cards_only_while_held(played):
    obs, _ = played
    visit = obs["hand_visit"]
    assert visit["owner"] == f"For {visit['name']} only"
    assert visit["short_tap"] == [False, "Hold longer"]
    assert visit["revealed"] is True and "Let go to hide the cards" in visit["shown_texts"]
    assert "Let go to hide the cards" not in visit["hidden_texts"]
    assert visit["after_hide"][0] is False and not set(visit["secret"]) & set(visit["after_hide"][1])
    assert obs["back_from_hand"] == "mafia_sicily_table"


def test_scores_show_the_engines_control_and_remediation(played):
    obs, _ = played
    tiles = {title: (number, cards) for title, number, cards in obs["scores_tiles"]}
    for family, n in obs["scores_view"]:
        assert tiles[family.capitalize()][0] == str(n)
    assert tiles["Red"][1].startswith("Bruno") and tiles["State"][1].startswith("Zoe")
    assert obs["scores_leaks"] == []


def test_undo_asks_once_then_takes_back_with_the_players_name(played):
    obs, _ = played
    assert obs["undo_asking"] and obs["undo_disk_unchanged_while_asking"]
    assert obs["undo_question"].startswith("Take back: ")
    assert "(Bruno" in obs["undo_question"] or any(n in obs["undo_question"] for n in ("Zoe", "Carla", "Dario", "Elena"))
    assert obs["undo_record"] == {"kind": "_undo"}
    assert obs["undo_screen_matches"]
    assert obs["undo_news"].startswith("Undone: ")


def test_the_shared_screen_never_shows_a_card_only_a_seat_may_see(played, secrets):
    obs, _ = played
    assert obs["leaks"] == []
    sec, _ = secrets
    assert sec["held"], "the scenario needs a held card"
    assert sec["secret_names_checked"] > 0 and sec["leaks"] == []
    seat, owner, names = sec["holder"]
    assert owner.startswith("For ") and owner.endswith(" only")
    assert sec["hidden_shows_names"] == [] and sec["hidden_again_shows_names"] == []
    assert sec["revealed_shows_names"] == names


def test_touch_targets_are_large_enough(played, large):
    for obs in (played[0], large[0]):
        for text, w, h in obs["table_targets"]:
            assert h >= 48 and w >= 48, (text, w, h)


def test_three_players_at_1280x720(large):
    obs, _ = large
    assert obs["three_roles"] == ["State", "Red + Orange", "Black + Green"]
    assert "two Families each" in obs["variant"]
    assert obs["players"] == 3 and obs["window"] == [1280, 720]
    assert obs["number_font"] >= 64 * 1.5


def test_screenshots_are_not_blank(played, large, secrets):
    for (obs, out), size in ((played, (800, 480)), (large, (1280, 720)), (secrets, (800, 480))):
        pngs = sorted(out.glob("*.png"))
        assert len(pngs) >= 2
        for png in pngs:
            assert_not_blank(png, size)


@pytest.mark.parametrize("screen", SCREENS)
def test_every_screen_renders_with_screenshot(screen, tmp_path):
    png = tmp_path / f"{screen}.png"
    result = run_app(["-m", "ui.main", "--screenshot", str(png), "--screen", screen], tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    assert_not_blank(png, (800, 480))


def test_every_screen_is_listed():
    result = run_app(["-m", "ui.main", "--list-screens"], ROOT / "tests")
    for screen in SCREENS:
        assert screen in result.stdout
