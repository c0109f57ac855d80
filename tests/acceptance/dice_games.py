"""Dice & Spinner at the table: a real roll of two dice and a spin, by visible text only; the
total and the dice on screen are the roll stored in the game's log, read from outside."""

from __future__ import annotations

import json
import re

from tables_help import check_layout, tap_last


def real_roll(t):
    r = t.robot
    r.tap("Dice & Spinner")
    r.wait_for("Roll 2 dice", control=True)
    check_layout(t, "dice")
    r.tap("Roll 2 dice")
    shown = r.wait_for(re.compile(r"^\d\+\d=\d+$"), timeout=10)  # the chip beside "Last"
    gid = t.outside.latest_game("dice")
    rows = t.outside._rows("SELECT action FROM actions WHERE game_id=? ORDER BY seq", (gid,))
    stored = [json.loads(a) for (a,) in rows if json.loads(a).get("kind") == "dice_rolled"][-1]
    a, b = stored["dice"]
    t.obs["shown"] = shown
    t.obs["stored"] = f"{a}+{b}={a + b}"
    t.obs["by_hand"] = stored["by_hand"]
    r.run_for(1.6)  # the tumble settles
    t.obs["total_on_screen"] = str(a + b) in r.texts()
    check_layout(t, "dice-rolled")
    r.tap("Spin")
    r.run_for(2.0)
    check_layout(t, "dice-spun")


def entered_roll(t):
    """A real roll of 5 and 6 entered on the Dice & Spinner screen by the numbers under the faces
    (a person reads "5", not pips): the first row is the first die, the second row (drawn last) the
    second; the stored roll is by hand and the screen shows its total."""
    r = t.robot
    if not any(c.text == "Real dice" for c in r.controls()):  # not already at the dice (a scenario before)
        r.tap("Dice & Spinner")
    r.tap("Real dice")
    if r.wait_for("First die", "The number under the pointer") != "First die":  # left on the spinner
        r.tap("Two dice")
        r.wait_for("First die")
    check_layout(t, "dice-entry")
    r.tap("5")
    tap_last(r, "6")
    r.tap("Record 5 + 6")
    r.wait_for("5 + 6 · real dice")
    gid = t.outside.latest_game("dice")
    rows = t.outside._rows("SELECT action FROM actions WHERE game_id=? ORDER BY seq", (gid,))
    stored = [json.loads(a) for (a,) in rows if json.loads(a).get("kind") == "dice_rolled"][-1]
    t.obs["entered"] = stored["dice"]
    t.obs["entered_by_hand"] = stored["by_hand"]
    t.obs["entered_total_on_screen"] = "11" in r.texts()


# -- the shell's table session (what tests/ui/driver.py checked through ``ids``, issue #25) ------
HOME = "Choose a game"
TITLES = {"Mafia+", "Il Capo", "Mafia Casino", "Contract", "Mafia (Sicily)", "Dice & Spinner"}
ANIMATION = 1.7  # longer than any animation (dice 0.8 s, wheel 1.3 s)


def _stored(t) -> list[dict]:
    """The dice game's actions as stored, read from the database file through a connection of our own."""
    rows = t.outside._rows("SELECT action FROM actions WHERE game_id=? ORDER BY seq", (t.obs["game"],))
    return [json.loads(a) for (a,) in rows]


def _drawn(r, kind: str) -> list:
    """The tappable drawings without words a person sees on the screen now (the dice faces, the
    wheel), left to right: widgets of the class that draws them, on the window, not transparent."""
    from kivy.core.window import Window

    found = []

    def walk(w):
        if w.opacity <= 0.05 or w.width < 1 or w.height < 1:
            return
        if type(w).__name__ == kind:
            found.append(w)
        for c in w.children:
            walk(c)

    for root in Window.children:
        walk(root)
    return sorted(found, key=lambda w: w.to_window(w.x, w.y)[0])


def faces(r) -> list[tuple[int, bool]]:
    """Each die on the screen as a person sees it: (pips drawn, drawn as a faint empty outline)."""
    from kivy.graphics import Ellipse, RoundedRectangle

    out = []
    for w in _drawn(r, "DiceFace"):
        parts = list(w.canvas.before.children)
        pips = sum(isinstance(p, Ellipse) for p in parts)
        out.append((pips, not any(isinstance(p, RoundedRectangle) for p in parts)))
    return out


def _press(r, w) -> None:
    """A finger on the middle of a drawing, let go after a few frames; nothing runs after the
    release (what the tap stored is read before the screen could show it)."""
    from kivy.tests.common import UnitTestTouch

    x, y = w.to_window(*w.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    r.run_for(0.05)
    touch.touch_up()


def _strip(seen) -> tuple[int, int]:
    """Where the history strip is among the visible texts: after "Last", up to "Put away"."""
    start = next((i for i, s in enumerate(seen) if s.text == "Last"), len(seen))
    end = next((i for i in range(start + 1, len(seen)) if seen[i].control), len(seen))
    return start + 1, end


def chips(seen) -> list[tuple[str, bool]]:
    """The history strip beside "Last", newest first: (text, outlined as a real roll)."""
    from kivy.graphics import Color, Line

    start, end = _strip(seen)
    out = []
    for s in seen[start:end]:
        alpha = 0.0
        for ins in s.widget.canvas.before.children:
            if isinstance(ins, Color):
                alpha = ins.a
            elif isinstance(ins, Line):
                break
        out.append((s.text, alpha > 0))
    return out


def font_of(r, text: str) -> float:
    """The size a visible text is drawn at (a ruler held to the screen)."""
    return max(s.widget.font_size for s in r._visible() if s.text == text)


def shown(r) -> dict:
    """What the dice screen shows: the big numbers (the total, the spin's number), the spin's
    side, the faces, the history strip."""
    seen = r._visible()
    start, end = _strip(seen)
    rest = seen[:start] + seen[end:]
    numbers = [s.text for s in rest if s.text.isdigit()]
    side = [s.text for s in rest if s.text in ("LEFT", "RIGHT")]
    return {"numbers": numbers, "side": side[0] if side else "", "faces": faces(r), "chips": chips(seen),
            "texts": [s.text for s in seen]}


def go_home(t) -> None:
    """Back to Home by the status bar's back button (the dice screen's title is a home card's too)."""
    r = t.robot
    for _ in range(6):
        if r.sees(HOME):
            return
        r.tap(re.compile("^(‹ (Home|Back)|Close|Done|Cancel)$"))
        r.run_for(0.3)


def shell_flow(t):
    """A table session on a fresh database: home -> dice -> roll by tapping the dice -> spin by
    tapping the wheel -> one die -> taps during an animation -> real dice and a real spin typed in
    -> undo -> home with the game to resume -> a game card opens that game's first screen."""
    r = t.robot
    r.wait_for(HOME)
    r.run_for(0.5)
    check_layout(t, "home")
    t.obs["cards"] = sorted(c.text for c in r.controls() if c.text in TITLES)
    t.obs["badges"] = [s for s in r.texts() if s in ("PLAY", "SCREENS SOON", "COMING SOON")]
    t.obs["resume_at_start"] = r.sees("Resume")
    t.shot("home")
    r.tap("Dice & Spinner")
    r.wait_for("Roll 2 dice", control=True)
    t.obs["game"] = t.outside.latest_game("dice")
    t.obs["before_roll"] = shown(r)

    # tap the dice to roll two: stored before anything is shown
    _press(r, _drawn(r, "DiceFace")[0])
    t.obs["stored_right_after_roll_tap"] = _stored(t)
    t.obs["shown_right_after_roll_tap"] = shown(r)
    r.run_for(ANIMATION)
    t.obs["after_roll"] = shown(r)

    # tap the wheel to spin: stored while it still turns, no side shown yet
    _press(r, _drawn(r, "SpinnerWheel")[0])
    t.obs["stored_right_after_spin_tap"] = _stored(t)
    t.obs["shown_right_after_spin_tap"] = shown(r)
    r.run_for(ANIMATION)
    t.obs["after_spin"] = shown(r)
    check_layout(t, "dice")
    total = t.obs["after_spin"]["numbers"]
    t.obs["number_font_sizes"] = [font_of(r, n) for n in total]
    t.shot("dice")

    r.tap("Roll 1 die")
    r.run_for(ANIMATION)
    t.obs["after_roll1"] = shown(r)

    # a tap during an animation finishes it at once and starts the next
    r.tap("Roll 2 dice")
    r.run_for(0.1)
    r.tap("Spin")
    r.run_for(0.1)
    r.tap("Roll 2 dice")
    r.run_for(ANIMATION)
    t.obs["after_quick_taps"] = shown(r)
    t.obs["stored_after_quick_taps"] = _stored(t)

    # real dice, entered by tapping the faces' numbers
    r.tap("Real dice")
    r.wait_for("First die")
    t.obs["record_before"] = [[c.text, c.enabled] for c in r.controls(enabled_only=False)
                              if c.text.startswith("Record")]
    r.tap("3")
    tap_last(r, "5")
    t.obs["record_text"] = r.wait_for(re.compile("^Record "), control=True)
    check_layout(t, "dice-entry-picked")
    t.shot("dice_entry")
    r.tap("Record 3 + 5")
    t.obs["entry_caption"] = r.wait_for("3 + 5 · real dice")
    t.obs["after_entry"] = shown(r)
    t.obs["stored_after_entry"] = _stored(t)

    # a real spin: the number and the side
    r.tap("Real dice")
    r.tap("Spinner")
    r.tap("7")
    r.tap(re.compile("^L · left$"))
    t.obs["spin_record_text"] = r.wait_for(re.compile("^Record "), control=True)
    t.shot("dice_entry_spin")
    r.tap("Record 7 L")
    t.obs["spin_caption"] = r.wait_for("Real spinner")
    t.obs["after_entry_spin"] = shown(r)

    # undo: one tap, one question
    r.tap("Undo")
    t.obs["undo_question"] = r.wait_for(re.compile("^Take back the "))
    t.obs["undo_question_whole"] = [s.widget.text for s in r._visible() if s.text == t.obs["undo_question"]][0]
    t.obs["stored_before_take_back"] = len(_stored(t))
    t.shot("dice_undo")
    r.tap("Take back")
    r.wait_gone(re.compile("^Take back the "))
    r.run_for(0.3)
    t.obs["after_undo"] = shown(r)
    t.obs["stored_after_undo"] = _stored(t)

    # back home: the game to resume; a game card opens that game's own first screen
    go_home(t)
    t.obs["home_resume"] = [c.text for c in r.controls() if c.text.startswith("Dice & Spinner ·")]
    t.shot("home_with_resume")
    r.tap("Mafia (Sicily)")
    t.obs["sicily_first_screen"] = r.wait_for("Start the game")
    go_home(t)

    # the dice put away: a short tap only says to hold; held, the game ends and leaves Resume
    r.tap(t.obs["home_resume"][0])
    r.wait_for("Put away", control=True)
    t.obs["chips_resumed"] = chips(r._visible())
    r.tap("Put away")
    t.obs["short_tap_hint"] = r.wait_for("Hold longer")
    r.run_for(0.3)
    t.obs["short_tap_still_dice"] = r.sees("Roll 2 dice")
    r.hold(re.compile("^(Put away|Hold longer)$"))
    t.obs["home_after_hold"] = r.wait_for(HOME)
    r.run_for(0.3)
    t.obs["resume_after_hold"] = [c.text for c in r.controls() if c.text.startswith("Dice & Spinner ·")]
    t.obs["status_after_hold"] = t.outside._rows("SELECT status FROM games WHERE id=?", (t.obs["game"],))[0][0]


def home_and_dice(t):
    """Home and the dice at this panel's size: the same layout scaled, a roll and a spin shown,
    the numbers large (the layout check reads every target and text)."""
    from kivy.core.window import Window

    r = t.robot
    size = f"{Window.width}x{Window.height}"
    t.obs["window"] = [Window.width, Window.height]
    go_home(t)
    check_layout(t, "home")
    t.shot(f"{size}-home")
    r.tap("Dice & Spinner")
    r.wait_for("Roll 2 dice", control=True)
    _press(r, _drawn(r, "DiceFace")[-1])
    r.run_for(0.2)
    _press(r, _drawn(r, "SpinnerWheel")[0])
    r.run_for(ANIMATION)
    t.obs["after_roll"] = shown(r)
    t.obs["number_font_sizes"] = [font_of(r, n) for n in t.obs["after_roll"]["numbers"]]
    check_layout(t, "dice")
    t.shot(f"{size}-dice")
    go_home(t)
