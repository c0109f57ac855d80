"""Secret twins at the screen level (issue 13): two games that differ only in hidden information,
played with the same public moves through the real app, must look and sound the same to the table.

Twin A is played first, recording after every public move the shared screen's *fingerprint*; then
twin B, compared step by step. The first difference fails, naming the step, the move before it and the
first differing widget. Reusable for any game, in one app process (Kivy's window is one per process):

    report = play_twins(t, driver_a, driver_b, seed=3, steps=40)

or, with the speaker compared too, each twin in its own app process (``walk`` records twin A to a
file, ``walk(..., against=record)`` checks twin B, ``same_speech`` compares what each speaker said).

A *driver* is an object with

* ``start(t)`` - bring the app from Home to the first shared screen of a new game;
* ``step(t, pick) -> str | None`` - make one public move and come back to the shared screen (a private
  screen opened on the way, e.g. to enter a secret card, must be closed again before returning); the
  move is chosen with ``pick(controls)``, which both twins share (same seed, same order), so twins
  whose screens are equal make the same public move. It returns what was done (for the log), or None
  when there is nothing more to do;
* optionally ``private_open(t) -> bool`` - True while a private screen is showing (no fingerprint then).

The hidden difference lives inside the drivers (e.g. twin A enters one card on its private screen,
twin B another). ``fingerprint`` defaults to ``shared_fingerprint`` (every visible text with its place,
whether it is a control, enabled, its text colour and the colour painted behind it); the screen's
name as shown is one of those texts (the status bar's title).

The robot only looks and listens: the speaker is heard through the narrator's ``on_line`` event (what
a person hears), never by calling into the app.
"""

from __future__ import annotations

import random
import re
import time
from typing import Callable, Protocol, Sequence

from kivy.graphics import Color

from robot import Robot, Seen

Fingerprint = list[tuple]


class TwinsDiffer(AssertionError):
    """The twins' shared screens (or speakers) differ: something hidden shows."""


class Driver(Protocol):
    def start(self, t) -> None: ...

    def step(self, t, pick: Callable[[Sequence[Seen]], Seen]) -> str | None: ...


# -- what the table sees and hears ------------------------------------------------------------------

def _rgba(value) -> tuple | None:
    try:
        return tuple(round(float(v), 2) for v in value)
    except TypeError:
        return None


def _painted(w) -> tuple | None:
    """The colour painted behind a widget (its canvas.before's last Color before a shape)."""
    canvas = getattr(w, "canvas", None)
    before = getattr(canvas, "before", None) if canvas is not None else None
    if before is None:
        return None
    colours = [ins.rgba for ins in before.children if isinstance(ins, Color)]
    return _rgba(colours[0]) if colours else None


def _owner(w):
    from robot import _control_of

    return _control_of(w) or w


#: the table's own address under the phones' QR code ("192.168.4.1:40123"): a fact of the device,
#: not of the game, and two twin apps on one machine cannot share a port
ADDRESS = re.compile(r"^\d{1,3}(\.\d{1,3}){3}:\d{2,5}$")


def shared_fingerprint(robot: Robot) -> Fingerprint:
    """Every readable thing on the shared screen: (text, x, y, w, h, control, enabled, text colour,
    colour behind). Places are rounded to whole pixels; the device's address reads as one word."""
    out = []
    for s in robot._visible():
        x, y, w, h = (round(v) for v in s.rect)
        owner = _owner(s.widget)
        out.append(("<the table's address>" if ADDRESS.match(s.text) else s.text, x, y, w, h, s.control, s.enabled, _rgba(getattr(s.widget, "color", None)),
                    _painted(owner)))
    return out


FIELDS = ("text", "x", "y", "width", "height", "control", "enabled", "text colour", "colour behind")


def first_difference(a: Fingerprint, b: Fingerprint) -> str | None:
    """A sentence naming the first widget that differs, or None when the fingerprints are equal."""
    for i, (wa, wb) in enumerate(zip(a, b)):
        if wa != wb:
            diff = [f"{name}: {va!r} vs {vb!r}" for name, va, vb in zip(FIELDS, wa, wb) if va != vb]
            return f"widget #{i} {wa[0]!r} (twin B: {wb[0]!r}) differs in " + "; ".join(diff)
    if len(a) != len(b):
        longer, which = (a, "A") if len(a) > len(b) else (b, "B")
        extra = longer[min(len(a), len(b))]
        return f"twin {which} shows more: first extra widget {extra[0]!r} (control={extra[5]}, enabled={extra[6]})"
    return None


class Ears:
    """What the speaker said, in order (the narrator's ``on_line``: the text of every line it starts)."""

    def __init__(self, app):
        self.lines: list[str] = []
        self.at: list[float] = []  # when each line started (time.monotonic), for the pauses between
        self._bound = None
        self._attach(app, getattr(app, "narrator", None))
        if hasattr(app, "bind"):  # the speaker may be switched on after the first frames
            app.bind(narrator=self._attach)

    def _attach(self, _app, narrator) -> None:
        if narrator is not None and narrator is not self._bound:
            narrator.bind(on_line=self._heard)
            self._bound = narrator

    def _heard(self, _narrator, text: str) -> None:
        self.lines.append(text)
        self.at.append(time.monotonic())

    def mark(self) -> int:
        return len(self.lines)


def settled(robot: Robot, fingerprint: Callable[[Robot], Fingerprint], timeout: float = 5.0) -> Fingerprint:
    """The fingerprint once the screen stops changing (three looks in a row the same), as a person
    waits for a screen to settle before reading it. Not a timing check: the limit only ends a wait."""
    last, same = None, 0
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        robot.run_for(0.05)
        now = fingerprint(robot)
        same = same + 1 if now == last else 0
        last = now
        if same >= 2:
            break
    return last


# -- playing the twins ------------------------------------------------------------------------------

def _chooser(seed: int):
    rng = random.Random(seed)

    def pick(controls: Sequence[Seen]) -> Seen:
        return controls[rng.randrange(len(controls))]

    return pick


def _plain(fp: Fingerprint) -> list:
    """A fingerprint as JSON gives it back (lists, not tuples), so twins from two processes compare."""
    import json

    return json.loads(json.dumps(fp))


def walk(t, driver: Driver, *, seed: int, steps: int, against: dict | None = None,
         fingerprint: Callable[[Robot], Fingerprint] = shared_fingerprint, into: dict | None = None) -> dict:
    """Play one twin: a new game, then up to ``steps`` public moves chosen with ``seed``. Records the
    shared screen's fingerprint before every move; with ``against`` (the other twin's record) it
    compares at every step and raises ``TwinsDiffer`` at the first difference. With ``into`` the
    record grows in that dict as the twin plays, so what was seen is kept when a move fails (a tell
    can stall one twin: a button the other twin taps is disabled in this one)."""
    r = t.robot
    moves: list[str] = []
    prints: list = []
    if into is not None:
        into.update(seed=seed, moves=moves, prints=prints)
    driver.start(t)
    pick = _chooser(seed)
    for step in range(steps + 1):
        private = getattr(driver, "private_open", None)
        assert not (private and private(t)), "a private screen was left open: the table would see it"
        fp = _plain(settled(r, fingerprint))
        prints.append(fp)
        if against is not None:
            if step >= len(against["prints"]):
                raise TwinsDiffer(f"seed {seed}: this twin goes on after the other stopped (step {step})")
            diff = first_difference(against["prints"][step], fp)
            if diff:
                before = against["moves"][step - 1] if step else "the start"
                r.shot(f"twins-{seed}-{step}")
                raise TwinsDiffer(f"seed {seed}, step {step} (after {before!r}): {diff}")
        if step == steps:
            break
        move = driver.step(t, pick)
        if move is None:
            break
        if against is not None and step < len(against["moves"]) and against["moves"][step] != move:
            raise TwinsDiffer(f"seed {seed}, step {step}: the public move differs: {against['moves'][step]!r} "
                              f"vs {move!r}")
        moves.append(move)
    if against is not None and len(prints) != len(against["prints"]):
        raise TwinsDiffer(f"seed {seed}: one twin made {len(against['moves'])} moves, the other {len(moves)}")
    return {"seed": seed, "moves": moves, "prints": prints}


def same_speech(a: Sequence[str], b: Sequence[str]) -> dict:
    """The two speakers said the same lines in the same order, as far as both got (the speaker may still
    be busy with the last lines when a run ends, so only the common part is compared)."""
    n = min(len(a), len(b))
    for i in range(n):
        if a[i] != b[i]:
            raise TwinsDiffer(f"spoken line {i} differs: {a[i]!r} vs {b[i]!r}")
    return {"lines_heard": [len(a), len(b)], "lines_compared": n}


def play_twins(t, driver_a: Driver, driver_b: Driver, *, seed: int, steps: int,
               fingerprint: Callable[[Robot], Fingerprint] = shared_fingerprint) -> dict:
    """Both twins in this one process, A then B (screens only: the speaker of one app process carries
    A's unspoken lines into B; for speech, run each twin in its own process with ``walk`` and compare
    the two ``Ears`` with ``same_speech``, as tests/acceptance/test_twins_sicily.py does)."""
    a = walk(t, driver_a, seed=seed, steps=steps, fingerprint=fingerprint)
    t.go_home()
    b = walk(t, driver_b, seed=seed, steps=steps, against=a, fingerprint=fingerprint)
    t.go_home()
    return {"seed": seed, "steps": len(b["moves"]), "moves": b["moves"],
            "widgets_compared": sum(map(len, b["prints"]))}
