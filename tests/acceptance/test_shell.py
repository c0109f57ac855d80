"""The app shell played like a person (shell_scenarios.py): GPIO buttons on MockFactory pins, the
keyboard stand-ins, the power menu, the sound panel, an RFID reader on a pseudo-terminal, text-only
mode with no speech synthesizer, the game history. Three app processes: the GPIO table, the
keyboard table with a reader, the table with no synthesizer. What was stored is read from the
database file afterwards."""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from pathlib import Path

import pytest

from robot_run import passed, play

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))  # tests/ui/pngcheck.py
from pngcheck import colour_stats  # noqa: E402

GPIO = "[buttons]\nnext = 17\nback = 27\nroll = 22\n"
NO_GPIO = "[buttons]\nenabled = false\n"
#: a systemctl that records each verb and refuses the first shutdown the way polkit would
SYSTEMCTL = """#!/bin/sh
case "$1" in poweroff|reboot) ;; *) exit 0 ;; esac
echo "$1" >> "$SYSTEMCTL_CALLS"
if [ "$(wc -l < "$SYSTEMCTL_CALLS")" -le 1 ]; then echo "not allowed" >&2; exit 1; fi
exit 0
"""


def _hardware(tmp: Path, text: str) -> dict:
    hw = tmp / "hardware.toml"
    hw.write_text(text)
    return {"GPIOZERO_PIN_FACTORY": "mock", "MAFIA_COMPANION_HARDWARE": str(hw)}


@pytest.fixture(scope="module")
def gpio_table(tmp_path_factory):
    """The GPIO table, started on a database file that is not ours (moved aside, said at home)."""
    tmp = tmp_path_factory.mktemp("shell-gpio")
    db = tmp / "table.db"
    db.write_bytes(b"these are not the rows you are looking for" * 200)
    return play(tmp, ["shell_scenarios:gpio"], size="1024x600", narration="on", env=_hardware(tmp, GPIO), db=db)


@pytest.fixture(scope="module")
def keys_table(tmp_path_factory):
    """Keyboard stand-ins and a reader on a pty; players Anna, Bruno, Carla known."""
    from companion.store import Store

    tmp = tmp_path_factory.mktemp("shell-keys")
    port = tmp / "rfid-port"
    hardware = NO_GPIO + (f'[rfid]\nreader = "rdm6300"\nport = "{port}"\nrepeat_suppress = 0.2\n'
                          'reconnect_interval = 0.2\n')
    bin_dir = tmp / "bin"
    bin_dir.mkdir()
    (bin_dir / "systemctl").write_text(SYSTEMCTL)
    (bin_dir / "systemctl").chmod(0o755)
    db = tmp / "table.db"
    store = Store.open(db)
    for name in ("Anna", "Bruno", "Carla"):
        store.add_player(name)
    store.close()
    env = {**_hardware(tmp, hardware), "RFID_PORT": str(port), "SYSTEMCTL_CALLS": str(tmp / "calls.txt"),
           "PATH": f"{bin_dir}:{os.environ.get('PATH', '')}"}
    return play(tmp, ["shell_scenarios:keys", "shell_scenarios:rfid"], narration="on", env=env, db=db)


@pytest.fixture(scope="module")
def text_only_table(tmp_path_factory):
    """No speech synthesizer on PATH; before the app starts: an Il Capo game an older app recorded by
    other rules, then two dice games, one finished."""
    from companion.games.dice import Finish
    from companion.session import Session
    from companion.store import Store

    tmp = tmp_path_factory.mktemp("shell-text-only")
    db = tmp / "table.db"
    store = Store.open(db)
    store.create_game("il-capo", 999, 1, {"players": ["Anna", "Ben", "Carla"]})  # an older app's rules
    done = Session.start(store, "dice", {}, seed=1)
    done.draw("roll2d6")
    done.act(Finish())
    running = Session.start(store, "dice", {}, seed=2)
    running.draw("roll2d6")
    store.close()
    empty_bin = tmp / "bin"
    empty_bin.mkdir()
    env = {**_hardware(tmp, NO_GPIO), "PATH": str(empty_bin)}
    return play(tmp, ["shell_scenarios:text_only"], size="1280x720", narration="on", env=env, db=db)


def _kinds(report, game_id) -> list[dict]:
    con = sqlite3.connect(report["db"])
    try:
        return [json.loads(a) for a, in con.execute("SELECT action FROM actions WHERE game_id=? ORDER BY seq",
                                                    (game_id,))]
    finally:
        con.close()


def _tags(report) -> dict:
    con = sqlite3.connect(report["db"])
    try:
        return {uid: [kind, ref] for uid, kind, ref in con.execute("SELECT uid, kind, ref FROM tags")}
    finally:
        con.close()


# -- the database and the resume list -------------------------------------------------------------
def test_a_database_moved_aside_is_said_in_the_home_banner_until_ok(gpio_table):
    obs = passed(gpio_table, "shell_scenarios:gpio")
    notice = obs["notice"]
    assert notice.startswith("The database file table.db ") and "It was kept as table.db.unusable-" in notice
    assert "a fresh one was started; nothing was deleted." in notice
    assert len(obs["notice_ok"]) == 1 and obs["notice_ok"][0][1] >= 48  # the banner holds a full-size OK
    assert obs.get("layout", []) == [] and obs["notice_gone"]
    assert list(Path(gpio_table["db"]).parent.glob("table.db.unusable-*")), "the unreadable file was kept"


def test_a_game_recorded_by_other_rules_is_refused_with_a_sentence_at_home(text_only_table):
    obs = passed(text_only_table, "shell_scenarios:text_only")
    assert obs["home_resume"] == ["Dice & Spinner · 1 roll", "Il Capo — Anna, Ben, Carla"]
    assert obs["other_rules"].startswith("Game 1 was recorded with version 999 of the Il Capo rules")
    assert obs["other_rules"].endswith("cannot replay it exactly. It stays in the history.")
    assert obs["other_rules_still_home"] and obs["other_rules_stays"]


# -- GPIO buttons ------------------------------------------------------------------------------
def test_gpio_roll_button_on_a_mock_pin_rolls_the_dice_on_disk(gpio_table):
    obs = passed(gpio_table, "shell_scenarios:gpio")
    assert "buttons ok" in obs["status_bar"]  # "buttons: NEXT, BACK, ROLL" in the table's words
    assert obs["after_roll_pin"] == ["dice_rolled"]
    rolled = _kinds(gpio_table, obs["game"])[0]
    assert rolled["kind"] == "dice_rolled" and len(rolled["dice"]) == 2


def test_gpio_next_button_on_the_dice_screen_rolls_again(gpio_table):
    assert passed(gpio_table, "shell_scenarios:gpio")["after_next_pin"] == ["dice_rolled", "dice_rolled"]


def test_gpio_back_held_asks_to_undo_once_and_next_confirms(gpio_table):
    obs = passed(gpio_table, "shell_scenarios:gpio")
    assert obs["question"].startswith("Take back the roll") and obs["on_dice_while_asked"]
    assert obs["stored_while_asked"] == ["dice_rolled", "dice_rolled"]
    assert obs["after_confirm"][-1] == "_undo"


def test_gpio_back_press_goes_home(gpio_table):
    assert passed(gpio_table, "shell_scenarios:gpio")["home_after_back"] == "Choose a game"


def test_settings_names_the_wired_buttons_and_no_rfid_without_a_reader(gpio_table):
    texts = passed(gpio_table, "shell_scenarios:gpio")["settings_texts"]
    assert "Buttons" in texts and "RFID tags" not in texts
    assert any("NEXT" in t and "BACK" in t and "ROLL" in t for t in texts), texts
    assert not [t for t in texts if "tag" in t.lower() or "reader" in t.lower() or "RFID" in t]


def test_settings_live_test_shows_each_press_and_swallows_it(gpio_table):
    obs = passed(gpio_table, "shell_scenarios:gpio")
    assert obs["tested_roll"] is True
    assert obs["tested_back"] == [True, True]  # shown, and BACK did not leave the screen


# -- keyboard stand-ins ------------------------------------------------------------------------
def test_keyboard_stand_ins_roll_the_dice_and_ask_to_undo(keys_table):
    obs = passed(keys_table, "shell_scenarios:keys")
    assert obs["after_r"] == ["dice_rolled"]
    assert obs["after_space"] == ["dice_rolled", "dice_rolled"]
    assert obs["undo_question"].startswith("Take back the roll")


# -- power menu --------------------------------------------------------------------------------
def test_power_menu_opens_from_the_power_key_and_needs_a_hold(keys_table):
    obs = passed(keys_table, "shell_scenarios:keys")
    assert obs["power_title"] == "Turn the table off?"
    assert obs["calls_after_tap"] == []
    assert obs["calls_after_hold"] == ["poweroff"]


def test_power_off_failure_is_a_sentence_on_the_menu(keys_table):
    assert passed(keys_table, "shell_scenarios:keys")["power_error"] == "The table could not shut down: not allowed."


def test_next_confirms_power_off_and_back_returns_to_the_game_as_it_was(keys_table):
    obs = passed(keys_table, "shell_scenarios:keys")
    assert obs["calls_after_next"] == ["poweroff", "poweroff"]
    assert obs["power_status"].startswith("Shutting down")
    on_dice, total = obs["after_power_back"]
    assert on_dice and total != "" and total == obs["total_before_power"]


# -- sound -------------------------------------------------------------------------------------
def test_speaker_button_opens_volume_and_repeat_last_announcement(keys_table):
    obs = passed(keys_table, "shell_scenarios:keys")
    assert obs["before_any_line"] == [True, False]  # nothing to repeat yet: greyed
    assert obs["repeat_enabled"] and obs["volume_shown"] == "80%"
    last = obs["last_line_shown"]
    assert len(last) == 1 and last[0].startswith('"'), last
    shown = last[0].strip('"')  # the whole line, wrapped (it was shortened to one line at 800x480)
    assert "..." not in shown and "…" not in shown, last
    assert obs["repeated"] and " ".join(obs["repeated"][0].split()) == shown
    assert obs["panel_gone"]
    con = sqlite3.connect(keys_table["db"])
    try:
        (volume,), = con.execute("SELECT value FROM settings WHERE key='narration.volume'")
    finally:
        con.close()
    assert json.loads(volume) == 0.8


def test_narration_switched_off_is_text_only_with_the_reason_and_back_on(keys_table):
    obs = passed(keys_table, "shell_scenarios:keys")
    assert obs["narration_off"].startswith("TEXT ONLY · narration switched off")
    assert obs["narration_on_again"].startswith("SOUND ON")


def test_no_tts_on_path_is_text_only_with_the_reason(text_only_table):
    obs = passed(text_only_table, "shell_scenarios:text_only")
    assert "TEXT ONLY" in obs["status_bar"]
    assert any(t.startswith("TEXT ONLY · no speech synthesizer installed") for t in obs["settings_sound"])
    assert obs["switch_enabled"] == [] and sorted(obs["switch_shown"]) == ["Off", "On"]  # shown, greyed
    assert "TEXT ONLY · no speech synthesizer installed" in obs["panel_texts"]


# -- RFID --------------------------------------------------------------------------------------
def test_unknown_tag_on_the_pty_reader_opens_register_tag(keys_table):
    obs = passed(keys_table, "shell_scenarios:rfid")
    assert "reader ok" in " ".join(obs["status_bar"])
    assert obs["register_message"].startswith("New tag 0011 259 375")


def test_binding_a_tag_to_a_player_stores_it_and_returns_to_the_game(keys_table):
    obs = passed(keys_table, "shell_scenarios:rfid")
    assert obs["message_after_bind"] == "Tag 0011 259 375 is now Anna (player)."
    assert obs["back_on_dice"]


def test_the_same_tag_again_is_known_without_the_register_screen(keys_table):
    obs = passed(keys_table, "shell_scenarios:rfid")
    assert obs["known_tag_no_register"]


def test_cards_are_the_mafia_plus_characters_and_other_card_typed_on_screen(keys_table):
    obs = passed(keys_table, "shell_scenarios:rfid")
    assert "K♡ Doctor" in obs["card_choices"] + obs["card_choices_end"]
    assert "Other card…" in obs["card_choices_end"]
    assert obs["typed"].startswith("Blue Chip")
    assert _tags(keys_table)["0000001111"] == ["card", "other:Blue Chip"]


def test_unbind_is_hold_to_confirm_and_removes_the_binding(keys_table):
    obs = passed(keys_table, "shell_scenarios:rfid")
    assert obs["message_after_unbind"] == "Tag 0011 259 375 is free again."
    assert _tags(keys_table) == {"0000001111": ["card", "other:Blue Chip"]}
    assert obs["back_on_dice_again"]


def test_reader_configured_shows_the_tags_entry_and_its_screen_names_a_known_tag(keys_table):
    obs = passed(keys_table, "shell_scenarios:rfid")
    assert obs["tags_entry"] is True
    assert obs["tested_tag"] == "Tag 0000 001 111 is Blue Chip (card)."


def test_settings_wiring_check_names_a_tag_and_its_binding_and_does_nothing_else(keys_table):
    """Settings' "Test the buttons" with a reader: each tag put down is shown with what it is
    bound to (the card, or "not bound"), and never opens the register screen meanwhile."""
    obs = passed(keys_table, "shell_scenarios:rfid")
    assert obs["check_known"] == ["TAG 0000 001 111", "Blue Chip (card)"]
    assert obs["check_free"] == ["TAG 0011 259 375", "not bound to anything yet"]
    assert obs["check_stayed"]
    assert obs.get("layout", []) == []  # Settings with a reader, testing or not: nothing cut or drawn over


def test_reader_unplugged_status_line_says_disconnected_and_the_app_keeps_going(keys_table):
    obs = passed(keys_table, "shell_scenarios:rfid")
    assert "reader disconnected" in obs["unplugged"] and obs["unplugged_still_settings"]


# -- history -----------------------------------------------------------------------------------
def test_history_lists_games_newest_first_with_status_and_times(text_only_table):
    texts = passed(text_only_table, "shell_scenarios:text_only")["history_texts"]
    running = next(i for i, t in enumerate(texts) if t.startswith("Dice & Spinner · "))
    finished = texts.index("Dice & Spinner")  # finished: not replayed, no standing
    assert running < finished  # newest first
    assert texts[running].endswith(("roll", "rolls"))  # where it stands
    assert "Finished" in texts[finished:]
    assert any(t.startswith("played ") for t in texts[running:finished])
    assert any(t.startswith("started ") and "ended" in t for t in texts[finished:])


def test_history_tap_on_an_unfinished_game_resumes_it(text_only_table):
    obs = passed(text_only_table, "shell_scenarios:text_only")
    assert obs["still_history"]  # a tap on a finished game only lists it
    con = sqlite3.connect(text_only_table["db"])
    try:
        action = con.execute("SELECT action FROM actions WHERE game_id=3 ORDER BY seq LIMIT 1").fetchone()[0]
    finally:
        con.close()
    dice = json.loads(action)["dice"]
    assert obs["resumed_total"] == str(sum(dice))  # the running game's roll, after the restart
    assert obs["resumed_chips"] == ["+".join(map(str, dice)) + f"={sum(dice)}"]  # and its history


# -- pictures ----------------------------------------------------------------------------------
# One test per app, naming its fixture: the tests of a module-scoped app are grouped on one xdist
# worker (tests/conftest.py reads the fixtures a test names), so no other worker starts that app
# again for a picture (``request.getfixturevalue`` hid the app from the grouping).
def assert_not_blank(report: dict, name: str, size: tuple[int, int]) -> None:
    png = Path(report["out"]) / f"{name}.png"
    stats = colour_stats(png)
    assert stats["size"] == size
    assert stats["colours"] >= 12, f"{png.name} has only {stats['colours']} colours"
    assert stats["top_share"] < 0.85, f"{png.name} is mostly one colour"


@pytest.mark.parametrize("name", ["home_notice", "settings", "settings_testing"])
def test_every_gpio_table_picture_is_not_blank(gpio_table, name):
    assert_not_blank(gpio_table, name, (1024, 600))


@pytest.mark.parametrize("name", ["power_menu", "power_menu_error", "sound_panel", "register_tag",
                                  "register_tag_cards", "register_tag_keyboard", "register_tag_list",
                                  "settings_reader", "reader_disconnected"])
def test_every_keys_table_picture_is_not_blank(keys_table, name):
    assert_not_blank(keys_table, name, (800, 480))


@pytest.mark.parametrize("name", ["home", "home_error", "history", "settings_text_only", "sound_panel_text_only"])
def test_every_text_only_table_picture_is_not_blank(text_only_table, name):
    assert_not_blank(text_only_table, name, (1280, 720))
