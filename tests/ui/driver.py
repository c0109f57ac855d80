"""Run the real app in this process and drive it by touches (kivy.tests.common.UnitTestTouch).

Kivy's Window is a process-wide singleton, so each scenario runs in its own subprocess
(tests/ui/test_app.py starts them); this script writes what it observed as JSON and the
screenshots as PNG files, and the pytest side asserts on them.

    python tests/ui/driver.py SCENARIO DB OUTDIR WxH

The scenario is a generator running inside the app's own main loop: each ``yield s`` lets the
real Clock run for ``s`` seconds (frames are drawn, animations advance) before the next step.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from pathlib import Path
from ui_harness import run_scenario  # noqa: E402

for key, value in {"KIVY_NO_ARGS": "1", "KIVY_NO_FILELOG": "1", "KIVY_NO_CONSOLELOG": "1",
                   "SDL_AUDIODRIVER": "dummy"}.items():
    os.environ.setdefault(key, value)
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from ui.main import configure_kivy  # noqa: E402

SCENARIO, DB, OUT, SIZE = sys.argv[1], sys.argv[2], Path(sys.argv[3]), sys.argv[4]
configure_kivy(tuple(int(v) for v in SIZE.split("x")), False)

from kivy.clock import Clock  # noqa: E402
from kivy.tests.common import UnitTestTouch  # noqa: E402

from companion.store import Store  # noqa: E402
from ui.app import CompanionApp  # noqa: E402
from kivy.uix.behaviors import ButtonBehavior  # noqa: E402

ANIMATION = 1.7  # longer than any animation (dice 0.8 s, wheel 1.3 s)
obs: dict = {"scenario": SCENARIO}


def tap(widget) -> None:
    x, y = widget.to_window(*widget.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    touch.touch_up()


def disk_actions(game_id: int) -> list[dict]:
    """Read the log through a separate connection: what is on disk, not in memory."""
    con = sqlite3.connect(DB)
    try:
        rows = con.execute("SELECT action FROM actions WHERE game_id=? ORDER BY seq", (game_id,)).fetchall()
    finally:
        con.close()
    return [json.loads(r[0]) for r in rows]


def visible_targets(root) -> list[tuple[str, float, float]]:
    out = []
    for w in root.walk():
        if isinstance(w, ButtonBehavior) and w.opacity > 0 and not w.disabled and w.width > 0 \
                and w.height > 0 and w.get_root_window() is not None:
            out.append((getattr(w, "text", "die"), w.width, w.height))
    return out


def shot(app, name: str) -> None:
    app.root.export_to_png(str(OUT / f"{name}.png"))


def dice_screen(app):
    return app.manager.get_screen("dice")


def screen_state(screen) -> dict:
    ids = screen.ids
    return {"total": screen.total_text, "dice_caption": screen.dice_caption,
            "die_a": ids.die_a.value, "die_b": ids.die_b.value, "spin_number": screen.spin_number,
            "spin_side": screen.spin_side, "wheel_side": ids.wheel.side, "history": [list(h) for h in screen.history],
            "chips": [c.text for c in reversed(ids.history.children)], "dice_error": screen.dice_error}


def flow(app):
    """home -> dice -> roll -> spin -> 1 die -> real dice entry -> undo -> coming soon."""
    yield 0.5
    obs["start_screen"] = app.manager.current
    obs["home_targets"] = visible_targets(app.root)
    shot(app, "home")
    home = app.manager.get_screen("home")
    cards = {c.game: c for c in home.ids.cards.children}
    obs["cards"] = {g: c.badge for g, c in cards.items()}
    tap(cards["dice"])
    yield 0.5
    obs["after_dice_card"] = app.manager.current
    screen = dice_screen(app)
    game_id = screen.session.game_id
    obs["game_id"] = game_id
    obs["before_roll"] = screen_state(screen)

    tap(screen.ids.die_a)  # tap the dice to roll two
    obs["disk_right_after_roll_tap"] = disk_actions(game_id)  # committed before anything is shown
    obs["total_right_after_roll_tap"] = screen.total_text
    yield ANIMATION
    obs["after_roll"] = screen_state(screen)

    tap(screen.ids.wheel)  # tap the wheel to spin
    obs["disk_right_after_spin_tap"] = disk_actions(game_id)
    obs["side_right_after_spin_tap"] = screen.ids.wheel.side
    yield ANIMATION
    obs["after_spin"] = screen_state(screen)
    obs["dice_targets"] = visible_targets(app.root)
    obs["number_font_sizes"] = [screen.ids.total.font_size, screen.ids.spin_number.font_size]
    shot(app, "dice")

    tap(screen.ids.roll1)
    yield ANIMATION
    obs["after_roll1"] = screen_state(screen)

    # a tap during an animation finishes it at once and starts the next roll
    tap(screen.ids.roll2)
    yield 0.1
    tap(screen.ids.spin)
    yield 0.1
    tap(screen.ids.roll2)
    yield ANIMATION
    obs["after_quick_taps"] = screen_state(screen)
    obs["disk_after_quick_taps"] = disk_actions(game_id)

    # physical dice, entered by tapping faces
    tap(screen.ids.by_hand)
    yield 0.5
    obs["entry_screen"] = app.manager.current
    entry = app.manager.get_screen("dice_entry")
    obs["entry_record_disabled_before"] = entry.ids.record.disabled
    face3 = [f for f in entry.ids.row_a.children if f.value == 3][0]
    face5 = [f for f in entry.ids.row_b.children if f.value == 5][0]
    tap(face3)
    tap(face5)
    yield 0.2
    obs["entry_record_text"] = entry.ids.record.text
    obs["entry_targets"] = visible_targets(app.root)
    shot(app, "dice_entry")
    tap(entry.ids.record)
    yield 0.5
    obs["after_entry_screen"] = app.manager.current
    obs["after_entry"] = screen_state(screen)
    obs["disk_after_entry"] = disk_actions(game_id)

    # physical spin
    tap(screen.ids.by_hand)
    yield 0.4
    tap(entry.ids.mode_spin)
    yield 0.2
    tap([b for b in entry.ids.numbers.children if b.text == "7"][0])
    tap(entry.ids.left)
    yield 0.2
    obs["entry_spin_picks"] = [entry.mode, entry.number, entry.side, entry.ids.record.text, entry.error]
    shot(app, "dice_entry_spin")
    tap(entry.ids.record)
    yield 0.5
    obs["after_entry_spin_screen"] = app.manager.current
    obs["after_entry_spin"] = screen_state(screen)

    # undo: one tap, one question
    tap(screen.ids.undo)
    yield 0.3
    obs["undo_question"] = screen.undo_question
    obs["undo_confirming"] = screen.confirming_undo
    obs["disk_before_take_back"] = len(disk_actions(game_id))
    shot(app, "dice_undo")
    tap(screen.ids.take_back)
    yield 0.3
    obs["after_undo"] = screen_state(screen)
    obs["disk_after_undo"] = disk_actions(game_id)

    # a refused request is a sentence at the place of the tap, not a traceback
    screen.roll("roll3d6")
    yield 0.2
    obs["refused"] = screen_state(screen)
    obs["disk_after_refused"] = len(disk_actions(game_id))
    shot(app, "dice_error")

    # back home, then a game card opens that game's own first screen
    app.status.dispatch("on_back")
    yield 0.4
    obs["back_to"] = app.manager.current
    obs["home_resume"] = [b.text for b in home.ids.resume_buttons.children]
    shot(app, "home_with_resume")
    tap(cards["mafia-sicily"])
    yield 0.4
    obs["sicily_screen"] = app.manager.current


def resume(app):
    """After a restart: the unfinished game is offered and reopens with the same results."""
    yield 0.5
    home = app.manager.get_screen("home")
    buttons = list(home.ids.resume_buttons.children)
    obs["resume_buttons"] = [b.text for b in buttons]
    tap(buttons[0])
    yield 0.5
    obs["resumed_screen"] = app.manager.current
    screen = dice_screen(app)
    obs["resumed"] = screen_state(screen)
    # put the dice away: hold-to-confirm; a short tap does nothing
    button = screen.ids.put_away
    x, y = button.to_window(*button.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    yield 0.2
    touch.touch_up()
    yield 0.2
    obs["short_tap_hint"] = button.hint
    obs["screen_after_short_tap"] = app.manager.current
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    yield 1.4
    touch.touch_up()
    yield 0.5
    obs["screen_after_hold"] = app.manager.current
    obs["status_after_hold"] = app.store.game(buttons[0].game_id).status
    obs["resume_after_hold"] = [b.text for b in home.ids.resume_buttons.children]


def notice(app):
    """A database that was not ours was moved aside: the home banner says so; a game that
    cannot be replayed is refused with a sentence on the home screen."""
    yield 0.5
    home = app.manager.get_screen("home")
    obs["notices"] = list(app.store.notices)
    obs["banner"] = home.ids.notice_text.text
    obs["banner_height"] = home.ids.banner.height
    shot(app, "home_notice")
    game_id = app.store.create_game("dice", 999, 1, {})
    app.resume("dice", game_id)
    yield 0.3
    obs["after_bad_resume"] = [app.manager.current, home.error, home.ids.notice_text.text]
    shot(app, "home_error")


def one_die(app):
    """Roll one die: the second face is shown empty and dimmed."""
    yield 0.5
    app.open_game("dice")
    yield 0.3
    screen = dice_screen(app)
    tap(screen.ids.roll1)
    yield ANIMATION
    obs["after_roll1"] = screen_state(screen)
    obs["die_b_dim"] = screen.ids.die_b.dim
    shot(app, "dice_one")


def sizes(app):
    """Another panel size: home and dice screens fill it, targets stay large."""
    yield 0.5
    obs["home_targets"] = visible_targets(app.root)
    shot(app, "home")
    home = app.manager.get_screen("home")
    cards = {c.game: c for c in home.ids.cards.children}
    tap(cards["dice"])
    yield 0.5
    screen = dice_screen(app)
    tap(screen.ids.die_b)
    yield 0.2
    tap(screen.ids.wheel)
    yield ANIMATION
    obs["after_roll"] = screen_state(screen)
    obs["dice_targets"] = visible_targets(app.root)
    obs["number_font_sizes"] = [screen.ids.total.font_size, screen.ids.spin_number.font_size]
    obs["window"] = list(app.root.size)
    shot(app, "dice")


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    store = Store.open(DB)
    app = CompanionApp(store=store)
    gen = {"flow": flow, "resume": resume, "sizes": sizes, "notice": notice, "one_die": one_die}[SCENARIO](app)

    return run_scenario(app, store, gen, obs, OUT / f"{SCENARIO}.json")


if __name__ == "__main__":
    sys.exit(main())
