"""The table robot: plays the real app the way a person at the table does.

It runs inside the app's own process (Kivy's window is a process-wide singleton), but it only
uses what a person has:

* **eyes** - ``texts()`` is every text a person can read on the screen now: widgets that are on
  the window, not transparent, not scrolled out of their ScrollView and not covered by an opaque
  panel drawn above them. ``enabled_controls()`` are the buttons among them that are not greyed.
* **a finger** - ``tap(text)`` touches the centre of the visible, enabled control showing that
  text (never a hidden or disabled one, never through ``ids``); ``hold(text)`` keeps the finger
  down for the hold button's own hold time, the ring filling as a person watches it.
* **patience** - ``wait_for(text)`` lets the real clock run (frames drawn, narration played)
  until the screen shows what the table must do next. A screen that shows nothing new within a
  generous limit is a stall: ``Stalled("stalled at: …")`` with every text then visible.
* **memory** - every text that was visible at any frame is remembered (``seen``), so a test
  can ask afterwards whether an announcement reached the table at all.

The robot never calls a screen's or the app's methods and never reads the engine from inside
the app. What the game recorded is read from outside: the database file, through a connection
of its own (``Outside``).
"""

from __future__ import annotations

import json
import math
import re
import sqlite3
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Sequence

from kivy.base import EventLoop
from kivy.core.window import Window
from kivy.graphics import Color, Rectangle, RoundedRectangle
from kivy.tests.common import UnitTestTouch
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.textinput import TextInput

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: headless, liveness
from headless import SeldomDrawn  # noqa: E402
from liveness import slowness  # noqa: E402

#: the longest a table waits for the next thing to do before we call it a stall (seconds on a
#: quiet machine; every limit is stretched by ``liveness.slowness`` when it is reached, so a
#: busy machine never fails a correct flow); scenarios pass longer limits where narration may
#: run first
PATIENCE = 20.0


class Stalled(AssertionError):
    """The screen stopped showing anything new to do."""


class NotOnScreen(AssertionError):
    """A control the scenario wanted to touch is not visible and enabled."""


def norm(text: str) -> str:
    text = re.sub(r"\[/?[a-z]+(=[^\]]*)?\]", "", text)  # Kivy markup is not seen
    return " ".join(text.split())


@dataclass
class Seen:
    widget: object
    text: str
    rect: tuple[float, float, float, float]  # x, y, w, h in window coordinates
    control: bool
    enabled: bool
    clip: tuple[float, float, float, float] | None = None  # the ScrollView window it shows through


def rendered_text(w) -> str:
    """What the label really draws: a shortened text reads "Hold t…nfirm", lines that do not fit
    its height are not drawn. A person reads this, not the ``text`` property."""
    core = getattr(w, "_label", None)
    lines = getattr(core, "_cached_lines", None) if core is not None else None
    if isinstance(w, Label) and lines:
        drawn = " ".join("".join(word.text for word in line.words) for line in lines)
        if drawn.strip():
            return norm(drawn)
    return norm(w.text)


def shortened(s: Seen) -> bool:
    """A label drawn shortened to fit its box: it reads "Re...eal" where the text is "Re-vote: reveal"."""
    if not isinstance(s.widget, Label):
        return False
    raw = norm(s.widget.text)
    return ("…" in s.text and "…" not in raw) or ("..." in s.text and "..." not in raw)


def _window_rect(w) -> tuple[float, float, float, float]:
    x0, y0 = w.to_window(w.x, w.y)
    x1, y1 = w.to_window(w.right, w.top)
    return x0, y0, x1 - x0, y1 - y0


def _opaque_cover(w) -> tuple[float, float, float, float] | None:
    """The rectangle an opaque background of ``w`` paints, if it paints one (a panel, a card,
    a button face): a Color with alpha ~1 followed by a (Rounded)Rectangle."""
    for canvas in (w.canvas.before, w.canvas):
        if canvas is None:
            continue
        alpha = 0.0
        for ins in canvas.children:
            if isinstance(ins, Color):
                alpha = ins.a
            elif isinstance(ins, (Rectangle, RoundedRectangle)) and alpha >= 0.95:
                (x, y), (cw, ch) = ins.pos, ins.size
                if cw > 4 and ch > 4:
                    x0, y0 = w.to_window(x, y)
                    return x0, y0, cw, ch
    return None


def _control_of(w):
    """The button a text belongs to: itself, or the nearest ButtonBehavior around it."""
    while w is not None:
        if isinstance(w, ButtonBehavior):
            return w
        parent = w.parent
        if parent is w or parent is Window:
            return None
        w = parent
    return None


def _inside(point, rect) -> bool:
    x, y = point
    rx, ry, rw, rh = rect
    return rx <= x <= rx + rw and ry <= y <= ry + rh


class Robot:
    def __init__(self, app, out: Path, hold_margin: float = 0.25, log: Callable[[str], None] | None = None):
        self.app = app
        self.out = out
        self.hold_margin = hold_margin
        self.seen: set[str] = set()
        self.steps = 0
        self.longest_wait = (0.0, "")
        self._log = log or (lambda _m: None)
        self.shots: list[str] = []
        self.cut: set[str] = set()  # labels seen shortened to fit ("Hold t…nfirm")

    # -- time ---------------------------------------------------------------------------------
    _idle = None

    def frame(self) -> None:
        """One turn of the app's main loop: the clock ticks (at most 60 frames a second, as on
        the table), input is handed out, the widgets are laid out; the window itself is drawn
        only once a second (nobody looks at it: tests/headless.py)."""
        if self._idle is None:
            self._idle = SeldomDrawn()
        self._idle()

    @staticmethod
    def _over(start: float, timeout: float) -> bool:
        """Has a wait begun at ``start`` run past ``timeout`` quiet-machine seconds, stretched by
        how slow the machine is now (read only once the quiet limit has passed)?"""
        waited = time.monotonic() - start
        return waited > timeout and waited > timeout * slowness()

    def run_for(self, seconds: float) -> None:
        """Let the real clock run (a person waiting, watching)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.frame()
            self._remember()

    # -- eyes -----------------------------------------------------------------------------------
    def _visible(self) -> list[Seen]:
        """Everything readable, in drawing order, with covers resolved."""
        items: list[tuple[int, Seen | None, tuple | None]] = []  # (order, seen, cover rect)
        win = (0, 0, Window.width, Window.height)
        order = 0

        def walk(w, clip):
            nonlocal order
            if w.opacity <= 0.05 or w.width < 1 or w.height < 1:
                return
            rect = _window_rect(w)
            order += 1
            mine = order
            cover = _opaque_cover(w)
            if cover is not None:
                items.append((mine, None, (cover, w)))
            text = getattr(w, "text", None)
            if isinstance(text, str) and text.strip() and isinstance(w, (Label, TextInput)):
                cx, cy = rect[0] + rect[2] / 2, rect[1] + rect[3] / 2
                if _inside((cx, cy), clip):
                    owner = _control_of(w)  # a text on a card belongs to the card
                    items.append((mine, Seen(w, rendered_text(w), rect, owner is not None,
                                             owner is not None and not owner.disabled and not w.disabled, clip), None))
            child_clip = clip
            if isinstance(w, ScrollView):
                x0, y0, cw, ch = rect
                cx0, cy0 = max(clip[0], x0), max(clip[1], y0)
                cx1, cy1 = min(clip[0] + clip[2], x0 + cw), min(clip[1] + clip[3], y0 + ch)
                child_clip = (cx0, cy0, max(0, cx1 - cx0), max(0, cy1 - cy0))
            for c in reversed(w.children):  # drawing order: children[-1] first
                walk(c, child_clip)

        for root in reversed(Window.children):
            walk(root, win)
        out = []
        covers = [(o, c) for o, s, c in items if c is not None]
        for o, s, _ in items:
            if s is None:
                continue
            centre = (s.rect[0] + s.rect[2] / 2, s.rect[1] + s.rect[3] / 2)
            hidden = False
            for co, (crect, cw) in covers:
                if co > o and _inside(centre, crect) and not self._is_ancestor(cw, s.widget):
                    hidden = True
                    break
            if not hidden:
                out.append(s)
        return out

    @staticmethod
    def _is_ancestor(a, w) -> bool:
        while w is not None:
            if w is a:
                return True
            parent = w.parent
            if parent is w:
                break
            w = parent
        return False

    def texts(self) -> list[str]:
        return [s.text for s in self._visible()]

    def screen_text(self) -> str:
        return " | ".join(self.texts())

    def controls(self, enabled_only: bool = True) -> list[Seen]:
        return [s for s in self._visible() if s.control and (s.enabled or not enabled_only)]

    def _remember(self) -> None:
        for t in self.texts():
            self.seen.add(t)

    def sees(self, pattern: str | re.Pattern) -> bool:
        return any(self._match(pattern, t) for t in self.texts())

    def ever_saw(self, text: str) -> bool:
        """Was ``text`` (whitespace-normalised) part of some text visible at some frame?"""
        want = norm(text)
        return any(want in t for t in self.seen)

    @staticmethod
    def _match(pattern, text: str) -> bool:
        if isinstance(pattern, re.Pattern):
            return bool(pattern.search(text))
        return norm(pattern) == text

    # -- patience -------------------------------------------------------------------------------
    def wait_for(self, *patterns, timeout: float = PATIENCE, control: bool = False) -> str:
        """Run the clock until one of ``patterns`` (exact text, or a compiled regex searched in
        each text) is visible (and, with ``control``, an enabled control); returns the text."""
        start = time.monotonic()
        while True:
            self.frame()
            visible = self._visible()
            for s in visible:
                self.seen.add(s.text)
            for s in visible:
                if control and not (s.control and s.enabled):
                    continue
                if any(self._match(p, s.text) for p in patterns):
                    waited = time.monotonic() - start
                    if waited > self.longest_wait[0]:
                        self.longest_wait = (waited, s.text)
                    return s.text
            if self._over(start, timeout):
                self.shot(f"stalled-{self.steps}")
                raise Stalled(f"stalled at: {' | '.join(s.text for s in visible)} "
                              f"(waited {time.monotonic() - start:.0f} s for "
                              f"{[getattr(p, 'pattern', p) for p in patterns]})")

    def wait_gone(self, pattern, timeout: float = PATIENCE) -> None:
        start = time.monotonic()
        while self.sees(pattern):
            self.frame()
            self._remember()
            if self._over(start, timeout):
                raise Stalled(f"stalled at: {self.screen_text()} (waited for {pattern!r} to go)")

    # -- a finger -------------------------------------------------------------------------------
    def find(self, pattern, timeout: float = PATIENCE) -> Seen:
        """The visible, enabled control showing ``pattern``, waiting for it like a person. Every
        screen acted on is also read whole: a label shortened to fit is noted in ``cut``."""
        self.wait_for(pattern, timeout=timeout, control=True)
        visible = self._visible()
        self.cut.update(s.text for s in visible if shortened(s))
        for s in [v for v in visible if v.control and v.enabled]:
            if self._match(pattern, s.text):
                return s
        raise NotOnScreen(f"no enabled control {pattern!r}; on screen: {self.screen_text()}")

    def _touch_point(self, s: Seen) -> tuple[float, float]:
        x, y, w, h = s.rect
        return x + w / 2, y + h / 2

    def tap(self, pattern, timeout: float = PATIENCE) -> None:
        s = self.find(pattern, timeout)
        self._log(f"tap {s.text!r}")
        x, y = self._touch_point(s)
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        self.run_for(0.08)  # a finger stays down for a few frames
        touch.touch_up()
        self.steps += 1
        self.frame()
        self._remember()

    def hold(self, pattern, timeout: float = PATIENCE) -> None:
        """Hold a hold-to-confirm button until its ring is full (its own hold time), then let go."""
        s = self.find(pattern, timeout)
        seconds = float(getattr(s.widget, "hold_seconds", 1.0))
        self._log(f"hold {s.text!r} {seconds:.1f}s")
        x, y = self._touch_point(s)
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        # a person keeps the finger down for the hold time (the ring fills in real time) and a
        # moment more, then lets go
        self.run_for(seconds + self.hold_margin)
        touch.touch_up()
        self.steps += 1
        self.frame()
        self._remember()

    def peek(self, pattern, seconds: float = 1.0, timeout: float = PATIENCE) -> list[str]:
        """Press and keep holding a press-to-see control, read what it shows, let go; returns the
        texts that were visible while the finger was down (what that one player saw)."""
        s = self.find(pattern, timeout)
        self._log(f"peek {s.text!r}")
        x, y = self._touch_point(s)
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.frame()  # a private screen is not remembered as seen by the table
        seen = self.texts()
        touch.touch_up()
        self.steps += 1
        self.frame()
        return seen

    def scroll_to(self, pattern, swipes: int = 8) -> Seen:
        """Drag the lists on screen, as a finger does, until a control showing ``pattern`` is in
        sight (first up, revealing what is below, then back down); returns it."""
        for direction in (1, -1):
            for _ in range(swipes + 1):
                found = [c for c in self.controls() if self._match(pattern, c.text)]
                if found:
                    return found[0]
                lists = self._scroll_areas()
                if not lists:
                    break
                before = self.texts()
                for rect in lists:
                    self.drag(rect, direction)
                if self.texts() == before:  # the end of every list
                    break
        raise NotOnScreen(f"no enabled control {pattern!r}, even scrolled; on screen: {self.screen_text()}")

    def _scroll_areas(self) -> list[tuple]:
        """Where a list can be dragged: each visible ScrollView taller than its window."""
        out = []

        def walk(w):
            if w.opacity <= 0.05 or w.width < 1 or w.height < 1:
                return
            if isinstance(w, ScrollView) and w.children and w.children[0].height > w.height + 1:
                out.append(_window_rect(w))
            for c in w.children:
                walk(c)

        for root in Window.children:
            walk(root)
        return out

    def drag(self, rect, direction: int) -> None:
        """A finger drags the list in ``rect`` by 40% of its height: ``direction`` 1 moves the
        content up (what is below comes into view), -1 down."""
        x, y, w, h = rect
        self.swipe(x + w / 2, y + h * (0.3 if direction > 0 else 0.7), direction * h * 0.4)

    def swipe_from(self, pattern, distance: float) -> None:
        """A finger on a visible text drags its list by ``distance`` px (up > 0: the rows below
        come into view)."""
        s = self.find(pattern)
        self.swipe(*self._touch_point(s), distance)

    def swipe(self, x: float, y: float, distance: float) -> None:
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        # a finger that drags moves at once: past the list's scroll distance before its
        # scroll timeout, however slow the frames are, or the list takes it for a tap
        first = math.copysign(min(abs(distance), 40), distance)
        touch.touch_move(x, y + first)
        for k in range(1, 11):
            self.frame()
            touch.touch_move(x, y + first + (distance - first) * k / 10)
        # then the finger stops before it lifts, as a person placing a row does: the list keeps no
        # speed to fling on, so it moves by the distance dragged however fast the frames came
        self.run_for(0.3)
        touch.touch_move(x, y + distance)
        self.run_for(0.05)
        touch.touch_up()
        self.run_for(0.8)  # the list settles (a person waits for it to stop)
        self.steps += 1

    def tap_at(self, x: float, y: float) -> None:
        """A stray tap at a place on the screen (what's under the finger gets it)."""
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        self.run_for(0.05)
        touch.touch_up()
        self.frame()

    # -- pictures -------------------------------------------------------------------------------
    def shot(self, name: str) -> Path:
        path = self.out / f"{name}.png"
        try:
            self.app.root.export_to_png(str(path))
            self.shots.append(name)
        except Exception as error:  # a picture that cannot be taken is said, never fatal
            self._log(f"screenshot {name} failed: {error}")
        return path


# ------------------------------------------------------------------------------------------------
# What the game recorded, read from outside the app


class Outside:
    """The stored game, read through a connection of our own and folded with a fresh engine."""

    def __init__(self, db: str):
        self.db = db
        self._folds: dict[int, tuple[list, object, list]] = {}

    def _rows(self, sql: str, args=()) -> list[tuple]:
        con = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True, timeout=10)
        try:
            return con.execute(sql, args).fetchall()
        finally:
            con.close()

    def latest_game(self, game: str | None = None) -> int | None:
        rows = self._rows("SELECT id FROM games" + (" WHERE game=?" if game else "") + " ORDER BY id DESC LIMIT 1",
                          (game,) if game else ())
        return rows[0][0] if rows else None

    def replay(self, game_id: int):
        """(engine, state, events so far) from the log alone. The fold is kept between calls and
        only the actions stored since are applied (a fresh fold when an undo changed the past)."""
        from companion import registry
        from companion.session import effective_actions

        (game, config, seed), = self._rows("SELECT game, config, seed FROM games WHERE id=?", (game_id,))
        engine = registry.get(game)
        rows = self._rows("SELECT seq, action FROM actions WHERE game_id=? ORDER BY seq", (game_id,))
        actions = effective_actions(engine, [json.loads(a) for _, a in rows])
        done, state, events = self._folds.get(game_id, ([], None, []))
        if state is None or actions[:len(done)] != done:
            done, state, events = [], engine.new(json.loads(config), seed), []
        events = list(events)
        for action in actions[len(done):]:
            state, evs = engine.apply(state, action)
            events.extend(evs)
        self._folds[game_id] = (list(actions), state, events)
        return engine, state, events

    def table_lines(self, game_id: int) -> list[str]:
        from companion.engine import TABLE

        _, _, events = self.replay(game_id)
        return [e.text for e in events if e.audience == TABLE and e.text]


def missing_announcements(robot: Robot, lines: Iterable[str]) -> list[str]:
    """Table-audience lines the table never had on screen."""
    return [line for line in lines if not robot.ever_saw(line)]
