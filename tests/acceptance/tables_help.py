"""What the Il Capo, Mafia Casino, Contract and Dice scenarios share: typing names on the one
keypad, reading balances off the screen, and the layout check a person makes with their eyes
(no text cut or overlapping, no target under 48 px, body text at least 22 px).

Everything here uses the robot's senses only (what is drawn); the layout check reads the drawn
labels' sizes, as a ruler held to the screen would. Candidates for robot.py: ``type_name`` and
``layout_problems``.
"""

from __future__ import annotations

import re

from kivy.core.window import Window
from kivy.uix.label import Label

from robot import Robot, norm, shortened

MONEY = re.compile(r"^-?\$[\d,]+(\.\d+)?[MK]?$")
MIN_TARGET = 48
MIN_TEXT = 22


def type_name(r: Robot, name: str) -> None:
    """'+ New name', the letters on the one keypad, 'Add'."""
    r.tap("+ New name")
    for ch in name.upper():
        r.tap("Space" if ch == " " else ch)
    r.wait_for(re.compile(rf"^{re.escape(name)}_$"))
    r.tap("Add")


def seat_names(r: Robot, names) -> None:
    """Each player tapped among the names the app remembers, or typed on the keypad if new."""
    for name in names:
        if any(c.text == name for c in r.controls()):
            r.tap(name)
        else:
            type_name(r, name)


def tap_last(r: Robot, text: str) -> None:
    """Tap the last visible, enabled control showing ``text`` (a pad below cards that show the
    same value: the pad is drawn last)."""
    from kivy.tests.common import UnitTestTouch

    r.wait_for(text, control=True)
    s = [c for c in r.controls() if c.text == text][-1]
    x, y, w, h = s.rect
    touch = UnitTestTouch(x + w / 2, y + h / 2)
    touch.touch_down()
    r.run_for(0.08)
    touch.touch_up()
    r.steps += 1
    r.frame()


def value_after(texts: list[str], name: str, pattern: re.Pattern = MONEY, within: int = 6) -> str | None:
    """The first text matching ``pattern`` after ``name`` (a player's tile: name, lines, balance)."""
    for i, t in enumerate(texts):
        if t == name:
            for u in texts[i + 1:i + 1 + within]:
                if pattern.search(u):
                    return u
    return None


def dollars(text: str) -> int:
    return int(text.replace("$", "").replace(",", ""))


# -- the layout check --------------------------------------------------------------------------

def _drawn_rect(w) -> tuple[float, float, float, float]:
    """Where a label's text is drawn in window coordinates (its texture placed by halign/valign)."""
    tw, th = w.texture_size
    x0, y0 = w.to_window(w.x, w.y)
    if w.text_size[0] is None and w.text_size[1] is None:
        return x0 + (w.width - tw) / 2, y0 + (w.height - th) / 2, tw, th
    halign = w.halign
    valign = w.valign
    x = x0 + (0 if halign in ("left", "justify", "auto") else (w.width - tw) if halign == "right" else (w.width - tw) / 2)
    y = y0 + (w.height - th if valign == "top" else 0 if valign == "bottom" else (w.height - th) / 2)
    return x, y, tw, th


def _overlap(a, b, slack: float = 3) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return (min(ax + aw, bx + bw) - max(ax, bx) > slack) and (min(ay + ah, by + bh) - max(ay, by) > slack)


def _ink(w) -> tuple[float, float, float, float]:
    """The drawn text's box without the font's empty line spacing (texture padding)."""
    x, y, tw, th = _drawn_rect(w)
    pad = min(th * 0.18, w.font_size * 0.25)
    return x + 2, y + pad, max(0, tw - 4), max(0, th - 2 * pad)


SUITS = "♠♣♡♢♥♦"


def missing_glyphs(w) -> str:
    """Card suits a label would draw as empty boxes: Roboto (the theme font) has none of them, so
    a suit must be drawn through markup in a font that has it (``suit_markup``)."""
    if not any(ch in w.text for ch in SUITS):
        return ""
    text = w.text
    if w.markup:
        text = re.sub(r"\[font=[^\]]*(DejaVu|Symbola|Noto)[^\]]*\].*?\[/font\]", "", text)
    font = str(getattr(w, "font_name", ""))
    if any(f in font for f in ("DejaVu", "Symbola", "Noto")):
        return ""
    return "".join(ch for ch in text if ch in SUITS)


def _clipped(rect, clip):
    """The part of a drawn box a person sees through its ScrollView (the rest is not drawn)."""
    if clip is None:
        return rect
    x, y, w, h = rect
    x0, y0 = max(x, clip[0]), max(y, clip[1])
    x1, y1 = min(x + w, clip[0] + clip[2]), min(y + h, clip[1] + clip[3])
    return x0, y0, max(0, x1 - x0), max(0, y1 - y0)


def layout_problems(r: Robot, where: str) -> list[str]:
    """What a person would find wrong on this screen: a text cut ("…") or drawn outside its
    box, two texts drawn over each other, a control smaller than 48 px, text under 22 px."""
    out: list[str] = []
    seen = r._visible()
    labels = [s for s in seen if isinstance(s.widget, Label) and s.text]
    for s in labels:
        w = s.widget
        if shortened(s):
            out.append(f"{where}: cut {s.text!r} (is {norm(w.text)!r})")
        if missing_glyphs(w):
            out.append(f"{where}: drawn as empty boxes {missing_glyphs(w)!r} in {s.text!r}")
        if w.font_size < MIN_TEXT - 0.5 and re.search(r"\w", s.text):
            out.append(f"{where}: small text {w.font_size:.0f} px {s.text!r}")
        x, y, tw, th = _ink(w)
        wx, wy, ww, wh = s.rect
        if tw > 4 and th > 4 and (x < -1 or y < -1 or x + tw > Window.width + 1 or y + th > Window.height + 1):
            out.append(f"{where}: off the screen {s.text!r}")
    for s in seen:
        if s.control:
            owner = s.widget
            from robot import _control_of

            c = _control_of(owner) or owner
            cx, cy = c.to_window(c.x, c.y)
            if min(c.width, c.height) < MIN_TARGET - 0.5:
                out.append(f"{where}: small target {c.width:.0f}x{c.height:.0f} {s.text!r}")
    inks = [(s, _clipped(_ink(s.widget), s.clip)) for s in labels]
    for i, (a, ra) in enumerate(inks):
        for b, rb in inks[i + 1:]:
            if r._is_ancestor(a.widget, b.widget) or r._is_ancestor(b.widget, a.widget):
                continue
            if ra[2] > 4 and rb[2] > 4 and _overlap(ra, rb):
                out.append(f"{where}: {a.text!r} overlaps {b.text!r}")
    return out


def check_layout(t, where: str) -> None:
    """Record this screen's layout problems (once each) and a screenshot of it."""
    problems = t.obs.setdefault("layout", [])
    found = layout_problems(t.robot, where)
    for p in found:
        key = p.split(": ", 1)[1]
        if not any(q.split(": ", 1)[1] == key for q in problems):
            problems.append(p)
    screens = t.obs.setdefault("screens", [])
    if where not in screens:
        screens.append(where)
        t.robot.shot(f"{t.obs.get('size', '')}{where}")
