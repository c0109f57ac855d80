"""The app shell with its hardware hub and narrator, run for real (headless, in subprocesses):
GPIO buttons on MockFactory pins, keyboard stand-ins, an RFID reader on a pseudo-terminal,
no TTS on PATH, the history, the power menu, the sound panel. See shell_driver.py."""

from __future__ import annotations

import pytest
from shell_helpers import assert_not_blank, run_scenario

GPIO = "[buttons]\nnext = 17\nback = 27\nroll = 22\n"
NO_GPIO = "[buttons]\nenabled = false\n"


@pytest.fixture(scope="module")
def gpio(tmp_path_factory):
    return run_scenario("gpio", tmp_path_factory.mktemp("shell-gpio"), "1024x600", hardware=GPIO)


@pytest.fixture(scope="module")
def keys(tmp_path_factory):
    return run_scenario("keys", tmp_path_factory.mktemp("shell-keys"), "800x480", hardware=NO_GPIO)


@pytest.fixture(scope="module")
def rfid(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("shell-rfid")
    port = str(tmp / "rfid-port")
    hardware = (NO_GPIO + f'[rfid]\nreader = "rdm6300"\nport = "{port}"\nrepeat_suppress = 0.2\n'
                'reconnect_interval = 0.2\n')
    return run_scenario("rfid", tmp, "800x480", hardware=hardware, port=port)


@pytest.fixture(scope="module")
def text_only(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("shell-text-only")
    empty_bin = tmp / "bin"
    empty_bin.mkdir()
    return run_scenario("text_only", tmp, "1280x720", hardware=NO_GPIO, extra_env={"PATH": str(empty_bin)})


# -- buttons ---------------------------------------------------------------------------------
def test_gpio_roll_button_on_a_mock_pin_rolls_the_dice_on_disk(gpio):
    obs, _ = gpio
    assert obs["status"]["connections"] == "buttons: NEXT, BACK, ROLL"
    rolled = obs["after_roll_pin"]
    assert len(rolled) == 1 and rolled[0]["kind"] == "dice_rolled" and len(rolled[0]["dice"]) == 2


def test_gpio_next_button_on_the_dice_screen_rolls_again(gpio):
    obs, _ = gpio
    assert [a["kind"] for a in obs["after_next_pin"]] == ["dice_rolled", "dice_rolled"]


def test_gpio_back_held_asks_to_undo_once_and_next_confirms(gpio):
    obs, _ = gpio
    asked, question = obs["undo_asked"]
    assert asked and question.startswith("Take back the roll")
    assert obs["screen_after_hold"] == "dice" and obs["disk_before_confirm"] == 2
    assert obs["after_confirm"][-1]["kind"] == "_undo"


def test_gpio_back_press_goes_home(gpio):
    assert gpio[0]["after_back"] == "home"


def test_no_reader_configured_means_no_rfid_on_the_settings_screen(gpio):
    obs, _ = gpio
    assert obs["has_reader"] is False and obs["tags_button_shown"] is False
    assert not [t for t in obs["settings_texts"] if "tag" in t.lower() or "reader" in t.lower() or "RFID" in t]


def test_settings_live_test_shows_each_press_and_swallows_it(gpio):
    obs, _ = gpio
    assert obs["tested_roll"] == "ROLL"
    assert obs["tested_back"] == ["BACK", "settings"]  # shown, and BACK did not leave the screen


# -- keyboard stand-ins ------------------------------------------------------------------------
def test_keyboard_stand_ins_roll_the_dice_and_say_so_in_the_status_bar(keys):
    obs, _ = keys
    assert obs["status"]["connections"] == "buttons: keyboard stand-ins"
    assert [a["kind"] for a in obs["after_r"]] == ["dice_rolled"]
    assert [a["kind"] for a in obs["after_space"]] == ["dice_rolled", "dice_rolled"]
    assert obs["undo_asked"] is True


def test_without_a_hub_the_key_map_still_drives_the_screen(keys):
    before, after = keys[0]["without_hub"]
    assert after == before + 1


# -- power menu ------------------------------------------------------------------------------
def test_power_menu_opens_from_the_power_chord_and_needs_a_hold(keys):
    obs, _ = keys
    assert obs["power_screen"] == "power_menu"
    assert obs["calls_after_tap"] == []
    assert obs["calls_after_hold"] == ["power_off"]


def test_power_off_failure_is_a_sentence_on_the_menu(keys):
    assert keys[0]["power_error"] == "The table could not shut down: not allowed."


def test_next_confirms_power_off_and_back_returns_to_the_game_as_it_was(keys):
    obs, _ = keys
    assert obs["calls_after_next"] == ["power_off", "power_off"]
    assert obs["power_status"].startswith("Shutting down")
    screen, same_game, total = obs["after_power_back"]
    assert screen == "dice" and same_game and total != ""


# -- sound -----------------------------------------------------------------------------------
def test_speaker_button_opens_volume_and_repeat_last_announcement(keys):
    obs, _ = keys
    assert obs["panel_open"] and obs["repeat_enabled"]
    assert obs["volume_after_quieter"] == [0.8, 0.8, "80%"]
    assert obs["volume_stored"] == 0.8
    current, queued = obs["repeating"]
    assert "Everyone, close your eyes." in [current, *queued]
    assert obs["panel_closed"]


def test_narration_switched_off_is_text_only_with_the_reason_and_back_on(keys):
    obs, _ = keys
    assert obs["narration_off"]["sound"] == "TEXT ONLY · narration switched off"
    assert obs["narration_on_again"]["text_only"] is False


def test_no_tts_on_path_is_text_only_with_the_reason(text_only):
    obs, _ = text_only
    assert obs["status"]["text_only"] is True
    assert obs["status"]["reason"] == "no speech synthesizer installed"
    assert obs["status"]["sound"] == "TEXT ONLY · no speech synthesizer installed"
    assert obs["can_switch"] is False and obs["settings_switch_disabled"] == [True, True]


# -- RFID ------------------------------------------------------------------------------------
def test_unknown_tag_on_the_pty_reader_opens_register_tag(rfid):
    obs, _ = rfid
    assert obs["has_reader"] and "reader connected" in obs["status"]["connections"]
    assert obs["opened"] == ["register_tag", "0011259375"]


def test_binding_a_tag_to_a_player_stores_it_and_returns_to_the_game(rfid):
    obs, _ = rfid
    assert obs["tags_after_bind"] == {"0011259375": ["player", "Anna"]}
    assert obs["message_after_bind"] == "Tag 0011 259 375 is now Anna (player)."
    assert obs["after_done"] == "dice"


def test_the_same_tag_again_selects_the_player_without_the_register_screen(rfid):
    assert rfid[0]["known_tag"] == ["dice", "0011259375", "Anna"]


def test_cards_are_the_mafia_plus_characters_and_other_card_typed_on_screen(rfid):
    obs, _ = rfid
    assert "K♡ Doctor" in obs["card_choices"] and obs["card_choices"][-1] == "Other card…"
    assert obs["typed"] == "Blue Chip"
    assert obs["tags_after_card"]["0000001111"] == ["card", "other:Blue Chip"]


def test_unbind_is_hold_to_confirm_and_removes_the_binding(rfid):
    obs, _ = rfid
    assert obs["tags_after_unbind"] == {"0000001111": ["card", "other:Blue Chip"]}
    assert obs["after_second_done"] == "dice"


def test_reader_configured_shows_the_tags_entry_in_settings(rfid):
    assert rfid[0]["tags_button_shown"] is True


def test_reader_unplugged_status_line_says_disconnected_and_the_app_keeps_going(rfid):
    obs, _ = rfid
    assert "reader disconnected" in obs["unplugged"]["connections"]
    assert obs["unplugged_screen"] == "settings"


# -- history ---------------------------------------------------------------------------------
def test_history_lists_games_newest_first_with_status_and_times(text_only):
    rows = text_only[0]["rows"]
    assert [r[2] for r in rows] == ["Unfinished", "Finished"]
    assert rows[1][1] == "Dice & Spinner"  # finished: not replayed, no standing
    assert rows[0][1].startswith("Dice & Spinner · ") and rows[0][1].endswith(("roll", "rolls"))  # where it stands
    assert rows[0][4].startswith("played ") and rows[1][4].startswith("started ") and "ended" in rows[1][4]


def test_history_tap_on_an_unfinished_game_resumes_it(text_only):
    obs, _ = text_only
    assert obs["after_finished_tap"] == "history"  # a finished game is only listed
    screen, resumed_id, wanted_id, total = obs["resumed"]
    assert screen == "dice" and resumed_id == wanted_id and total != ""


# -- pictures --------------------------------------------------------------------------------
@pytest.mark.parametrize("run,name,size", [
    ("gpio", "settings", (1024, 600)), ("gpio", "settings_testing", (1024, 600)),
    ("keys", "power_menu", (800, 480)), ("keys", "power_menu_error", (800, 480)),
    ("keys", "sound_panel", (800, 480)),
    ("rfid", "register_tag", (800, 480)), ("rfid", "register_tag_cards", (800, 480)),
    ("rfid", "register_tag_keyboard", (800, 480)), ("rfid", "register_tag_list", (800, 480)),
    ("rfid", "settings_reader", (800, 480)), ("rfid", "reader_disconnected", (800, 480)),
    ("text_only", "history", (1280, 720)), ("text_only", "settings_text_only", (1280, 720)),
    ("text_only", "home", (1280, 720)), ("text_only", "sound_panel_text_only", (1280, 720)),
])
def test_every_new_screen_picture_is_not_blank(request, run, name, size):
    _, shots = request.getfixturevalue(run)
    assert_not_blank(shots / f"{name}.png", size)
