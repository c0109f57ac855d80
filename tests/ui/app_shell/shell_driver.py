"""Run the real app with its hardware hub and narrator, and drive it (buttons, keys, tags, touches).

    python tests/ui/app_shell/shell_driver.py SCENARIO DB OUTDIR WxH [PORT]

Like tests/ui/driver.py: Kivy's Window is a process-wide singleton, so each scenario runs in a
subprocess of its own; it writes what it observed as JSON plus PNG screenshots. The hub reads
its settings from ``$MAFIA_COMPANION_HARDWARE`` (a TOML the test writes). GPIO buttons are
gpiozero MockFactory pins (``GPIOZERO_PIN_FACTORY=mock``), which live in *this* process: the
scenario drives them here. The RFID reader reads a pseudo-terminal created here, behind the
symlink PORT that the TOML names.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import tty
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/ui: the shared harness
from ui_harness import run_scenario  # noqa: E402
from liveness import patience  # noqa: E402  (tests/, put on the path by ui_harness)

SCENARIO = DB = OUT = SIZE = PORT = None
Clock = Keyboard = Window = UnitTestTouch = Store = CompanionApp = None


def _setup() -> None:
    """Configure Kivy before importing it (only when run as a script: pytest imports this
    module for doctests, which must do nothing)."""
    global SCENARIO, DB, OUT, SIZE, PORT, Clock, Keyboard, Window, UnitTestTouch, Store, CompanionApp
    for key, value in {"KIVY_NO_ARGS": "1", "KIVY_NO_FILELOG": "1", "KIVY_NO_CONSOLELOG": "1",
                       "SDL_AUDIODRIVER": "dummy"}.items():
        os.environ.setdefault(key, value)
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
    from ui.main import configure_kivy

    SCENARIO, DB, OUT, SIZE = sys.argv[1], sys.argv[2], Path(sys.argv[3]), sys.argv[4]
    PORT = sys.argv[5] if len(sys.argv) > 5 else ""
    configure_kivy(tuple(int(v) for v in SIZE.split("x")), False)
    from kivy.clock import Clock
    from kivy.core.window import Keyboard, Window
    from kivy.tests.common import UnitTestTouch

    from companion.store import Store
    from ui.app import CompanionApp


obs: dict = {}
PAYLOAD_A = "0F00ABCDEF"  # uid 0011259375
PAYLOAD_B = "0F00000457"  # uid 0000001111


# -- helpers ---------------------------------------------------------------------------------
def tap(widget) -> None:
    x, y = widget.to_window(*widget.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    touch.touch_up()


def hold(widget, seconds: float = 1.4):
    """Hold a HoldButton: a generator step (``yield from hold(w)``)."""
    x, y = widget.to_window(*widget.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    yield seconds
    touch.touch_up()
    yield 0.2


def key(name: str) -> None:
    """A key press as the window delivers it (down then up)."""
    code = Keyboard.keycodes[name]
    Window.dispatch("on_key_down", code, 0, name if len(name) == 1 else "", [])
    Window.dispatch("on_key_up", code, 0)


def press_pin(number: int, seconds: float = 0.15):
    """A MockFactory pin pulled low (pressed: the button wires the GPIO to GND) then released."""
    from gpiozero import Device

    pin = Device.pin_factory.pin(number)
    pin.drive_low()
    yield seconds
    pin.drive_high()
    yield 0.3


def disk_actions(game_id: int) -> list[dict]:
    con = sqlite3.connect(DB)
    try:
        rows = con.execute("SELECT action FROM actions WHERE game_id=? ORDER BY seq", (game_id,)).fetchall()
    finally:
        con.close()
    return [json.loads(r[0]) for r in rows]


def disk_tags() -> dict:
    con = sqlite3.connect(DB)
    try:
        return {uid: [kind, ref] for uid, kind, ref in con.execute("SELECT uid, kind, ref FROM tags")}
    finally:
        con.close()


def shot(app, name: str) -> None:
    app.root.export_to_png(str(OUT / f"{name}.png"))


def wait_until(condition, seconds: float = 8.0):
    """Let the real clock run until ``condition()`` (or give up; the test asserts). ``seconds``
    on a quiet machine, stretched on a busy one (tests/liveness.py)."""
    waited, limit = 0.0, patience(seconds)
    while not condition() and waited < limit:
        yield 0.1
        waited += 0.1


def services(app):
    yield 0.3
    yield from wait_until(lambda: app.services_started and app._poll_event is not None)


def status(app) -> dict:
    return {"sound": app.status.sound_text, "connections": app.status.connections,
            "text_only": app.text_only, "reason": app.text_only_reason}


def texts(widget) -> list[str]:
    return [w.text for w in widget.walk() if getattr(w, "text", "") and w.opacity > 0 and w.width > 0]


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

    def write(self, data: bytes) -> None:
        os.write(self.master, data)

    def unplug(self) -> None:
        if os.path.lexists(self.path):
            os.unlink(self.path)
        if self.master is not None:
            os.close(self.master)
            self.master = None


# -- scenarios ---------------------------------------------------------------------------------
def gpio(app):
    """MockFactory pins: ROLL and NEXT roll the dice, BACK held asks to undo, NEXT confirms,
    BACK goes home; no reader: no RFID on the settings screen; the live button test."""
    yield from services(app)
    obs["status"] = status(app)
    obs["has_reader"] = app.has_reader
    app.open_game("dice")
    yield 0.3
    dice = app.manager.get_screen("dice")
    game_id = dice.session.game_id
    obs["game_id"] = game_id
    yield from press_pin(22)  # ROLL
    obs["after_roll_pin"] = disk_actions(game_id)
    yield from press_pin(17)  # NEXT
    obs["after_next_pin"] = disk_actions(game_id)
    yield 1.0
    yield from press_pin(27, 1.4)  # BACK held: undo, asks once
    obs["undo_asked"] = [dice.confirming_undo, dice.undo_question]
    obs["screen_after_hold"] = app.manager.current
    obs["disk_before_confirm"] = len(disk_actions(game_id))
    shot(app, "gpio_dice_undo")
    yield from press_pin(17)  # NEXT confirms the question
    obs["after_confirm"] = disk_actions(game_id)
    yield from press_pin(27)  # BACK: home
    obs["after_back"] = app.manager.current
    home = app.manager.get_screen("home")
    tap(home.ids.open_settings)
    yield 0.3
    settings = app.manager.get_screen("settings")
    obs["settings_screen"] = app.manager.current
    obs["settings_texts"] = texts(settings)
    obs["tags_button_shown"] = settings._tags.parent is not None
    tap(settings.ids.test_buttons)
    yield 0.2
    yield from press_pin(22)
    obs["tested_roll"] = settings.last_pressed
    yield from press_pin(27)  # BACK while testing: shown, not acted on
    obs["tested_back"] = [settings.last_pressed, app.manager.current]
    shot(app, "settings_testing")
    tap(settings.ids.test_buttons)
    yield 0.2
    shot(app, "settings")


def keys(app):
    """Keyboard stand-ins through the hub, then without a hub; the power menu; the sound panel."""
    yield from services(app)
    obs["status"] = status(app)
    app.open_game("dice")
    yield 0.3
    dice = app.manager.get_screen("dice")
    game_id = dice.session.game_id
    key("r")
    yield 0.3
    obs["after_r"] = disk_actions(game_id)
    key("spacebar")
    yield 0.3
    obs["after_space"] = disk_actions(game_id)
    yield 1.0
    key("u")
    yield 0.3
    obs["undo_asked"] = dice.confirming_undo
    tap(dice.ids.keep)
    yield 0.2

    # the power menu (BACK + NEXT held, or `p`), shutting down through hardware.power
    import hardware.power as power

    calls = []
    power.power_off = lambda **_: calls.append("power_off") or "The table could not shut down: not allowed."
    power.reboot = lambda **_: calls.append("reboot") or None
    key("p")
    yield 0.3
    menu = app.manager.get_screen("power_menu")
    obs["power_screen"] = app.manager.current
    tap(menu.ids.power_off)  # a tap is not enough: hold to confirm
    yield 0.3
    obs["calls_after_tap"] = list(calls)
    yield from hold(menu.ids.power_off)
    obs["calls_after_hold"] = list(calls)
    obs["power_error"] = menu.error
    shot(app, "power_menu_error")
    power.power_off = lambda **_: calls.append("power_off") or None
    key("enter")  # NEXT confirms shutting down from the box
    yield 0.3
    obs["calls_after_next"] = list(calls)
    obs["power_status"] = menu.status
    shot(app, "power_menu")
    key("backspace")  # BACK: back to the dice, as they were
    yield 0.3
    obs["after_power_back"] = [app.manager.current, dice.session.game_id == game_id, dice.total_text]

    # sound: the speaker on the status bar opens volume and "repeat last" on any screen
    obs["sound_on"] = status(app)
    app.narrator.say("Everyone, close your eyes.")
    yield from wait_until(lambda: app.last_line == "Everyone, close your eyes.")
    tap(app.status.ids.speaker)
    yield 0.3
    panel = app.sound_panel
    obs["panel_open"] = panel is not None
    tap(panel.ids.quieter)
    tap(panel.ids.quieter)
    yield 0.2
    obs["volume_after_quieter"] = [app.volume, app.narrator.volume, panel.volume_text]
    obs["repeat_enabled"] = not panel.ids.repeat.disabled
    shot(app, "sound_panel")
    tap(panel.ids.repeat)
    yield 0.1
    obs["repeating"] = [app.narrator.current_line, list(line.text for line in app.narrator._queue)]
    tap(panel.ids.close)
    yield 0.2
    obs["panel_closed"] = app.sound_panel is None and panel.parent is None
    obs["volume_stored"] = app.store.get_setting("narration.volume")

    # narration off and on again in settings
    app.go(app.controller.home())
    yield 0.2
    tap(app.manager.get_screen("home").ids.open_settings)
    yield 0.3
    settings = app.manager.get_screen("settings")
    tap(settings.ids.narration_off)
    yield 0.2
    obs["narration_off"] = status(app)
    tap(settings.ids.narration_on)
    yield 0.2
    obs["narration_on_again"] = status(app)

    # no hub at all (it failed to start): the keys map straight to commands
    app.hub.close()
    app.hub = None
    app.open_game("dice")
    yield 0.3
    before = len(disk_actions(game_id))
    key("r")
    yield 0.3
    obs["without_hub"] = [before, len(disk_actions(game_id))]


def rfid(app):
    """A reader on a pty: an unknown tag opens register_tag; binding stores it; the same tag again
    reaches the screen (no register screen); cards with a typed name; unbind; reader unplugged."""
    port = FAKE_PORT
    yield from services(app)
    yield from wait_until(lambda: "reader connected" in app.connections)
    obs["status"] = status(app)
    obs["has_reader"] = app.has_reader
    app.open_game("dice")
    yield 0.3
    port.write(b"\x02garbage")  # noise and a cut frame first: never a tag
    port.write(encode_frame(PAYLOAD_A))
    yield from wait_until(lambda: app.manager.current == "register_tag")
    yield 0.3  # laid out
    screen = app.manager.get_screen("register_tag")
    obs["opened"] = [app.manager.current, screen.uid]
    obs["register_texts"] = texts(screen)
    shot(app, "register_tag")
    anna = [b for b in screen.ids.choices.children if b.text == "Anna"][0]
    tap(anna)
    yield 0.2
    obs["tags_after_bind"] = disk_tags()
    obs["message_after_bind"] = screen.message
    shot(app, "register_tag_bound")
    tap(screen.ids.done)
    yield 0.3
    obs["after_done"] = app.manager.current
    yield 0.5  # longer than repeat_suppress: the same tag put down again
    port.write(encode_frame(PAYLOAD_A))
    yield from wait_until(lambda: app.last_tag is not None)
    yield 0.3
    obs["known_tag"] = [app.manager.current, app.last_tag[0] if app.last_tag else None,
                        app.last_tag[1].ref if app.last_tag else None]

    # a second tag: a card with a name typed on the on-screen keyboard
    port.write(encode_frame(PAYLOAD_B))
    yield from wait_until(lambda: app.manager.current == "register_tag")
    yield 0.3
    tap(screen.ids.tab_cards)
    yield 0.2
    import re

    obs["card_choices"] = [re.sub(r"\[/?font[^\]]*\]", "", b.text) for b in reversed(screen.ids.choices.children)]
    shot(app, "register_tag_cards")
    other = [b for b in screen.ids.choices.children if b.text == "Other card…"][0]
    screen.ids.scroll.scroll_to(other, animate=False)  # the last button: scroll down to it
    yield 0.3
    tap(other)
    yield 0.2
    for letter in "BLUE":
        tap([b for row in screen.ids.key_rows.children for b in row.children if getattr(b, 'text', None) == letter][0])
    tap([b for row in screen.ids.key_rows.children for b in row.children if getattr(b, 'text', None) == "Space"][0])
    for letter in "CHIP":
        tap([b for row in screen.ids.key_rows.children for b in row.children if getattr(b, 'text', None) == letter][0])
    yield 0.2
    obs["typed"] = screen.typed
    shot(app, "register_tag_keyboard")
    tap(screen.ids.save_name)
    yield 0.3
    obs["tags_after_card"] = disk_tags()
    shot(app, "register_tag_list")
    row = [r for r in screen.ids.bindings.children if r.uid == "0011259375"][0]
    unbind = [w for w in row.children if hasattr(w, "hold_seconds")][0]
    yield from hold(unbind)
    obs["tags_after_unbind"] = disk_tags()
    tap(screen.ids.done)
    yield 0.3
    obs["after_second_done"] = app.manager.current

    # settings with a reader: the tags entry is there
    app.go(app.controller.home())
    yield 0.2
    tap(app.manager.get_screen("home").ids.open_settings)
    yield 0.3
    settings = app.manager.get_screen("settings")
    obs["tags_button_shown"] = settings._tags.parent is not None
    shot(app, "settings_reader")

    # unplugged: the status line says so, the app keeps working
    port.unplug()
    yield from wait_until(lambda: "disconnected" in app.connections)
    obs["unplugged"] = status(app)
    obs["unplugged_screen"] = app.manager.current
    yield 0.3  # labels redraw on the next frame
    shot(app, "reader_disconnected")


def text_only(app):
    """No TTS on PATH: TEXT ONLY with the reason; the history lists games and resumes one."""
    yield from services(app)
    obs["status"] = status(app)
    obs["can_switch"] = app.can_switch_narration()
    home = app.manager.get_screen("home")
    shot(app, "home")
    tap(home.ids.open_history)
    yield 0.3
    history = app.manager.get_screen("history")
    obs["history_screen"] = app.manager.current
    rows = list(reversed(history.ids.rows.children))
    obs["rows"] = [[r.game_id, r.title, r.status, r.resumable, r.when] for r in rows]
    shot(app, "history")
    finished = [r for r in rows if not r.resumable][0]
    tap(finished)
    yield 0.3
    obs["after_finished_tap"] = app.manager.current
    unfinished = [r for r in rows if r.resumable][0]
    tap(unfinished)
    yield 0.4
    dice = app.manager.get_screen("dice") if app.manager.has_screen("dice") else None
    obs["resumed"] = [app.manager.current, dice.session.game_id if dice else None, unfinished.game_id,
                      dice.total_text if dice else None]
    app.go(app.controller.home())
    yield 0.2
    tap(home.ids.open_settings)
    yield 0.3
    settings = app.manager.get_screen("settings")
    obs["settings_switch_disabled"] = [settings.ids.narration_on.disabled, settings.ids.narration_off.disabled]
    shot(app, "settings_text_only")
    tap(app.status.ids.speaker)
    yield 0.3
    shot(app, "sound_panel_text_only")


def seed_history(store) -> None:
    """Two dice games before the app starts: one finished, one still running with a roll."""
    from companion.games.dice import Finish
    from companion.session import Session

    done = Session.start(store, "dice", {}, seed=1)
    done.draw("roll2d6")
    done.act(Finish())
    running = Session.start(store, "dice", {}, seed=2)
    running.draw("roll2d6")


def main() -> int:
    global FAKE_PORT, encode_frame
    _setup()
    obs["scenario"] = SCENARIO
    OUT.mkdir(parents=True, exist_ok=True)
    store = Store.open(DB)
    if SCENARIO == "rfid":
        from hardware.rfid import encode_frame as _encode

        def encode_frame(payload):  # a tag laid on an RDM6300: its frame repeats (counted at the second)
            return _encode(payload) * 2

        FAKE_PORT = FakePort(PORT)
        for name in ("Anna", "Bruno", "Carla"):
            store.add_player(name)
    if SCENARIO == "text_only":
        seed_history(store)
    app = CompanionApp(store=store)
    gen = {"gpio": gpio, "keys": keys, "rfid": rfid, "text_only": text_only}[SCENARIO](app)

    return run_scenario(app, store, gen, obs, OUT / f"{SCENARIO}.json")


FAKE_PORT = None
encode_frame = None

if __name__ == "__main__":
    sys.exit(main())
