"""The app shell played like a person (issue 25: what tests/ui/app_shell/shell_driver.py checked
through ``ids``, now by visible text): GPIO buttons, keyboard stand-ins, the power menu, the sound
panel, an RFID reader, text-only mode and the game history.

The robot taps what it sees. What it cannot tap arrives by the real input path, the way it would
at a table:

* **GPIO buttons** are gpiozero MockFactory pins in this app process (``GPIOZERO_PIN_FACTORY=mock``,
  the pins the hardware TOML names), pulled low as a pressed button does;
* **keys** come through the window's ``on_key_down`` (a USB keyboard standing in for the buttons);
* **RFID tags** are bytes written to a pseudo-terminal behind the port the hardware TOML names
  (a reader plugged in after the start is found by the hub's reconnect, as on the table);
* **shutting down** runs the ``systemctl`` the test put first on PATH (it records each call).

The speaker on the status bar is an icon with no text: it is tapped where a person sees it, at
the right end of the bar next to the sound status.
"""

from __future__ import annotations

import os
import re
import time
import tty
from pathlib import Path

from kivy.core.window import Keyboard, Window
from kivy.tests.common import UnitTestTouch

PAYLOAD_A = "0F00ABCDEF"  # uid 0011259375
PAYLOAD_B = "0F00000457"  # uid 0000001111
ROLL_TEXT = re.compile(r"^\d \+ \d$")  # the dice screen's "5 + 5" under the total
SOUND = re.compile(r"^(SOUND ON|TEXT ONLY)")


# -- the inputs a robot cannot tap ------------------------------------------------------------
def press_pin(r, number: int, seconds: float = 0.15) -> None:
    """A MockFactory pin pulled low (pressed: the button wires the GPIO to GND), then released."""
    from gpiozero import Device

    pin = Device.pin_factory.pin(number)
    pin.drive_low()
    r.run_for(seconds)
    pin.drive_high()
    r.run_for(0.3)


def key(r, name: str) -> None:
    """A key pressed and let go on the keyboard, as the window delivers it."""
    code = Keyboard.keycodes[name]
    Window.dispatch("on_key_down", code, 0, name if len(name) == 1 else "", [])
    r.run_for(0.05)
    Window.dispatch("on_key_up", code, 0)
    r.run_for(0.3)


class FakePort:
    """A serial device behind a stable symlink (like /dev/serial/by-id/...): a pty pair."""

    def __init__(self, path: str) -> None:
        self.path = path
        master, slave = os.openpty()
        tty.setraw(slave)
        name = os.ttyname(slave)
        os.close(slave)
        if os.path.lexists(path):
            os.unlink(path)
        os.symlink(name, path)
        self.master: int | None = master

    def tag(self, payload: str) -> None:
        """A tag laid on an RDM6300: its frame repeats (the reader counts it at the second)."""
        from hardware.rfid import encode_frame

        os.write(self.master, encode_frame(payload) * 2)

    def noise(self) -> None:
        os.write(self.master, b"\x02garbage")

    def unplug(self) -> None:
        if os.path.lexists(self.path):
            os.unlink(self.path)
        if self.master is not None:
            os.close(self.master)
            self.master = None


_PORT: FakePort | None = None


def _port() -> FakePort:
    global _PORT
    if _PORT is None:
        _PORT = FakePort(os.environ["RFID_PORT"])
    return _PORT


def tap_speaker(r) -> None:
    """The speaker icon: right of the sound status, centred on the status bar."""
    r.wait_for(SOUND)
    # the status bar's own sound text: the top-most one (Settings shows the sound line too)
    status = max((s for s in r._visible() if SOUND.search(s.text)), key=lambda s: s.rect[1])
    x, y, w, _h = status.rect
    right = x + w
    touch = UnitTestTouch((right + Window.width) / 2, y)
    touch.touch_down()
    r.run_for(0.08)
    touch.touch_up()
    r.run_for(0.3)


def hold_in_row(r, row_text: str, control: str) -> None:
    """Hold the ``control`` drawn on the same row as ``row_text`` for its own hold time; told
    "Hold longer" (a loaded machine's frames came late), hold it again, longer, as a person would."""
    for attempt in range(3):
        r.wait_for(row_text)
        row = [s for s in r._visible() if s.text == row_text][0]
        cy = row.rect[1] + row.rect[3] / 2
        target = [c for c in r.controls() if c.text in (control, "Hold longer")
                  and c.rect[1] <= cy <= c.rect[1] + c.rect[3]][0]
        seconds = float(getattr(target.widget, "hold_seconds", 1.0)) * (1 + attempt)
        x, y, w, h = target.rect
        touch = UnitTestTouch(x + w / 2, y + h / 2)
        touch.touch_down()
        r.run_for(seconds + 0.25)
        touch.touch_up()
        r.run_for(0.3)
        if not r.sees(row_text) or not r.sees("Hold longer"):
            return


def _home(t) -> None:
    """Back to Home by the status bar's back button (the dice screen's title is also a home card's)."""
    r = t.robot
    for _ in range(6):
        if r.sees("Choose a game"):
            return
        r.tap(re.compile("^(‹ (Home|Back)|Close|Done)$"))
        r.run_for(0.3)


def _settings(t) -> None:
    _home(t)
    t.robot.tap("Settings")
    t.robot.wait_for("Test the buttons", control=True)


# -- scenarios --------------------------------------------------------------------------------
def gpio(t):
    """GPIO on MockFactory pins (NEXT 17, BACK 27, ROLL 22), no reader configured; the database
    file was not ours: moved aside, said in the home banner until OK."""
    from tables_help import check_layout

    r = t.robot
    r.wait_for("Choose a game")
    r.run_for(0.5)
    t.obs["status_bar"] = [s.text for s in r._visible() if s.rect[1] > Window.height * 0.8]
    t.obs["notice"] = r.wait_for(re.compile("nothing was deleted"))
    t.obs["notice_ok"] = [[c.text, round(c.rect[3])] for c in r.controls() if c.text == "OK"]
    check_layout(t, "home-notice")  # the banner's sentence whole, its OK a full-size target
    t.shot("home_notice")
    r.tap("OK")
    r.wait_gone(re.compile("nothing was deleted"))
    t.obs["notice_gone"] = True
    r.tap("Dice & Spinner")
    r.wait_for("Roll 2 dice", control=True)
    t.obs["game"] = t.outside.latest_game("dice")
    press_pin(r, 22)  # ROLL
    r.wait_for(ROLL_TEXT)
    t.obs["after_roll_pin"] = _stored(t)
    press_pin(r, 17)  # NEXT rolls again on the dice screen
    r.run_for(1.0)
    t.obs["after_next_pin"] = _stored(t)
    press_pin(r, 27, 1.4)  # BACK held: undo, asked once
    t.obs["question"] = r.wait_for(re.compile("^Take back the roll"))
    t.obs["on_dice_while_asked"] = r.sees("Dice & Spinner") and r.sees("Keep it")
    t.shot("gpio_dice_undo")
    t.obs["stored_while_asked"] = _stored(t)
    press_pin(r, 17)  # NEXT confirms the question
    r.wait_gone(re.compile("^Take back the roll"))
    r.run_for(0.3)
    t.obs["after_confirm"] = _stored(t)
    press_pin(r, 27)  # BACK: home
    t.obs["home_after_back"] = r.wait_for("Choose a game")
    r.tap("Settings")
    r.wait_for("Test the buttons", control=True)
    t.obs["settings_texts"] = r.texts()
    t.shot("settings")
    r.tap("Test the buttons")
    press_pin(r, 22)
    t.obs["tested_roll"] = r.sees("ROLL")
    press_pin(r, 27)  # BACK while testing: shown, not acted on
    t.obs["tested_back"] = [r.sees("BACK"), r.sees("Stop testing")]
    t.shot("settings_testing")
    r.tap("Stop testing")


def keys(t):
    """Keyboard stand-ins (no GPIO), the power menu through a recording systemctl, the sound panel,
    narration off and on in Settings."""
    r = t.robot
    calls = Path(os.environ["SYSTEMCTL_CALLS"])
    _port()  # the reader is plugged in from the start (rfid uses it)
    r.wait_for("Choose a game")
    r.tap("Dice & Spinner")
    r.wait_for("Roll 2 dice", control=True)
    t.obs["game"] = t.outside.latest_game("dice")
    key(r, "r")
    r.wait_for(ROLL_TEXT)
    t.obs["after_r"] = _stored(t)
    key(r, "spacebar")
    r.run_for(1.0)
    t.obs["after_space"] = _stored(t)
    key(r, "u")
    t.obs["undo_question"] = r.wait_for(re.compile("^Take back the roll"))
    r.tap("Keep it")
    t.obs["total_before_power"] = _total(r)

    # the power menu (BACK + NEXT held on the box, or `p`): a tap is not enough, hold to confirm
    key(r, "p")
    t.obs["power_title"] = r.wait_for("Turn the table off?")
    r.tap("Shut down")
    r.run_for(0.3)
    t.obs["calls_after_tap"] = _calls(calls)
    r.hold(re.compile("^(Shut down|Hold longer)$"))  # the tap left its hint on the button
    t.obs["power_error"] = r.wait_for(re.compile("^The table could not shut down"))
    t.obs["calls_after_hold"] = _calls(calls)
    t.shot("power_menu_error")
    key(r, "enter")  # NEXT confirms shutting down from the box
    t.obs["power_status"] = r.wait_for(re.compile("^Shutting down"))
    t.obs["calls_after_next"] = _calls(calls)
    t.shot("power_menu")
    key(r, "backspace")  # BACK: back to the dice, as they were
    r.wait_gone("Turn the table off?")
    t.obs["after_power_back"] = [r.sees("Roll 2 dice"), _total(r)]

    # the sound panel from the status bar's speaker: nothing said yet, then an Il Capo turn said
    from twins import Ears

    ears = Ears(t.app)
    tap_speaker(r)
    r.wait_for("Repeat last announcement")
    t.obs["before_any_line"] = [r.sees("Nothing announced yet."),
                                any(c.text == "Repeat last announcement" for c in r.controls())]
    r.tap("Close")
    _settings(t)
    r.tap("Voice ›")
    r.tap("Test line")  # the narrator's test line: an announcement to repeat
    r.run_for(2.0)
    _home(t)
    r.tap("Dice & Spinner")
    r.wait_for("Roll 2 dice", control=True)
    tap_speaker(r)
    r.wait_for("Repeat last announcement")
    t.obs["last_line_shown"] = [s for s in r.texts() if s.startswith('"') or s == "Nothing announced yet."]
    r.tap("Quieter")
    r.tap("Quieter")
    t.obs["volume_shown"] = r.wait_for("80%")
    t.obs["repeat_enabled"] = any(c.text == "Repeat last announcement" for c in r.controls())
    t.shot("sound_panel")
    heard = ears.mark()
    r.tap("Repeat last announcement")
    r.run_for(1.0)
    t.obs["repeated"] = ears.lines[heard:]
    r.tap("Close")
    r.run_for(0.3)
    t.obs["panel_gone"] = not r.sees("Repeat last announcement")

    # narration off and on again in Settings
    _settings(t)
    r.tap("Off")
    t.obs["narration_off"] = r.wait_for(re.compile("^TEXT ONLY · narration switched off"))
    r.tap("On")
    t.obs["narration_on_again"] = r.wait_for(re.compile("^SOUND ON ·|^SOUND ON$"))
    _home(t)


def rfid(t):
    """A reader on a pty (no GPIO): an unknown tag opens the register screen; binding stores it;
    the same tag again is known; a card named on the on-screen keyboard; unbind; unplugged."""
    from tables_help import check_layout

    r = t.robot
    port = _port()
    r.wait_for(re.compile("reader ok"), timeout=30)
    t.obs["status_bar"] = [s.text for s in r._visible() if s.rect[1] > Window.height * 0.8]
    _home(t)
    r.tap("Dice & Spinner")
    r.wait_for("Roll 2 dice", control=True)
    port.noise()  # noise and a cut frame first: never a tag
    port.tag(PAYLOAD_A)
    t.obs["register_message"] = r.wait_for(re.compile("^New tag "))
    r.run_for(0.3)
    t.obs["register_texts"] = r.texts()
    t.shot("register_tag")
    r.tap("Anna")
    t.obs["message_after_bind"] = r.wait_for(re.compile(r"^Tag .* is now Anna"))
    t.shot("register_tag_bound")
    r.tap("Done")
    r.wait_for("Roll 2 dice", control=True)
    t.obs["back_on_dice"] = True
    r.run_for(0.5)  # longer than repeat_suppress: the same tag put down again
    port.tag(PAYLOAD_A)
    r.run_for(1.0)
    t.obs["known_tag_no_register"] = not r.sees(re.compile("^New tag ")) and r.sees("Roll 2 dice")

    # a second tag: a card with a name typed on the on-screen keyboard
    port.tag(PAYLOAD_B)
    r.wait_for(re.compile("^New tag 0000 001 111"))
    r.tap("Cards")
    r.run_for(0.3)
    t.obs["card_choices"] = [c.text for c in r.controls()]
    t.shot("register_tag_cards")
    r.scroll_to("Other card…")  # the last card: the list dragged until it shows
    t.obs["card_choices_end"] = [c.text for c in r.controls()]
    r.tap("Other card…")
    for letter in "BLUE":
        r.tap(letter)
    r.tap("Space")
    for letter in "CHIP":
        r.tap(letter)
    t.obs["typed"] = r.wait_for(re.compile(r"^Blue Chip"))
    t.shot("register_tag_keyboard")
    r.tap("Save")
    t.obs["message_after_card"] = r.wait_for(re.compile(r"^Tag .* is now "))
    r.tap(re.compile(r"^Bound tags \("))
    r.run_for(0.3)
    t.shot("register_tag_list")
    hold_in_row(r, "0011 259 375", "Unbind")
    t.obs["message_after_unbind"] = r.wait_for(re.compile(r"is free again\.$"))
    r.tap("Done")
    r.wait_for("Roll 2 dice", control=True)
    t.obs["back_on_dice_again"] = True

    # Settings with a reader: the tags entry is there; its screen names a known tag
    _settings(t)
    t.obs["tags_entry"] = r.sees("RFID tags")
    check_layout(t, "settings-reader")  # a reader's words and a keyboard's stand-ins, whole
    t.shot("settings_reader")
    r.tap("RFID tags")
    port.tag(PAYLOAD_B)  # a known tag on the tags screen: named, not registered again
    t.obs["tested_tag"] = r.wait_for(re.compile(r"^Tag 0000 001 111 is "))
    r.tap("Done")
    r.wait_for("Test the buttons", control=True)

    # the wiring check: a tag on the reader is named with what it is bound to, and nothing else
    r.tap("Test the buttons")
    r.wait_for("Press a button or put a tag on the reader")
    r.run_for(0.5)  # longer than repeat_suppress: the card's tag was on the reader just now
    port.tag(PAYLOAD_B)
    t.obs["check_known"] = [r.wait_for("TAG 0000 001 111"), r.wait_for(re.compile(r"\(card\)$"))]
    port.tag(PAYLOAD_A)  # the tag unbound above
    t.obs["check_free"] = [r.wait_for("TAG 0011 259 375"), r.wait_for("not bound to anything yet")]
    r.run_for(0.5)
    t.obs["check_stayed"] = r.sees("Stop testing") and not r.sees(re.compile("^New tag "))
    check_layout(t, "settings-tag-check")
    t.shot("settings_tag_check")
    r.tap("Stop testing")
    r.wait_for("Test the buttons", control=True)

    # unplugged: the status line says so, the app keeps working
    port.unplug()
    t.obs["unplugged"] = r.wait_for(re.compile("reader disconnected"), timeout=30)
    t.obs["unplugged_still_settings"] = r.sees("Test the buttons")
    r.run_for(1.2)  # drawn at least once
    t.shot("reader_disconnected")


def text_only(t):
    """No speech synthesizer on PATH; the history of two seeded dice games, one resumed."""
    r = t.robot
    r.wait_for("Choose a game")
    r.run_for(0.5)
    t.obs["status_bar"] = [s.text for s in r._visible() if s.rect[1] > Window.height * 0.8]
    t.shot("home")
    # the game recorded by other rules (an older app's Il Capo): refused with a sentence at home
    t.obs["home_resume"] = [c.text for c in r.controls() if c.text.startswith(("Dice & Spinner ·", "Il Capo —"))]
    r.tap(re.compile("^Il Capo — "))
    t.obs["other_rules"] = r.wait_for(re.compile("cannot replay it exactly"))
    t.obs["other_rules_still_home"] = r.sees("Choose a game")
    t.shot("home_error")
    r.tap("OK")
    r.wait_gone(re.compile("cannot replay it exactly"))
    t.obs["other_rules_stays"] = any(c.text.startswith("Il Capo — ") for c in r.controls())
    r.tap("Game history")
    r.wait_for(re.compile(r"^Dice & Spinner"))
    r.run_for(0.3)
    rows = sorted((s for s in r._visible() if s.rect[1] < Window.height * 0.85),
                  key=lambda s: (-s.rect[1], s.rect[0]))
    t.obs["history_texts"] = [s.text for s in rows]
    t.shot("history")
    finished = [s for s in r._visible() if s.text == "Dice & Spinner"]
    x, y, w, h = finished[0].rect
    r.tap_at(x + w / 2, y + h / 2)  # a finished game is only listed
    r.run_for(0.3)
    t.obs["still_history"] = r.sees(re.compile(r"^Dice & Spinner · "))
    r.tap(re.compile(r"^Resume"))
    r.wait_for("Roll 2 dice", control=True)
    t.obs["resumed_total"] = _total(r)
    t.obs["resumed_chips"] = [s.text for s in r._visible() if re.match(r"^\d\+\d=\d+$", s.text)]
    _settings(t)
    t.obs["settings_sound"] = [s for s in r.texts() if s.startswith("TEXT ONLY")]
    t.obs["switch_enabled"] = [c.text for c in r.controls() if c.text in ("On", "Off")]
    t.obs["switch_shown"] = [c.text for c in r.controls(enabled_only=False) if c.text in ("On", "Off")]
    t.shot("settings_text_only")
    tap_speaker(r)
    r.wait_for("Repeat last announcement")
    t.obs["panel_texts"] = r.texts()
    t.shot("sound_panel_text_only")
    r.tap("Close")


# -- reading the screen -----------------------------------------------------------------------
def _total(r) -> str:
    """The dice screen's big total (the number above "5 + 5")."""
    texts = r.texts()
    for i, text in enumerate(texts):
        if ROLL_TEXT.match(text) and i > 0 and texts[i - 1].isdigit():
            return texts[i - 1]
    return ""


def _stored(t) -> list[str]:
    """The kinds of the actions stored for this scenario's dice game, read from the database file."""
    import json

    rows = t.outside._rows("SELECT action FROM actions WHERE game_id=? ORDER BY seq", (t.obs["game"],))
    return [json.loads(a)["kind"] for a, in rows]


def _calls(path: Path) -> list[str]:
    time.sleep(0.05)
    return path.read_text().split() if path.exists() else []
