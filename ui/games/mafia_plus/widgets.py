"""Mafia+ widgets: the seating ring (players in their real order round the table), the character
card (rank and suit, faction colour, ability text) and the big-letter keypad for new names."""

from __future__ import annotations

import math
from functools import lru_cache

from kivy.clock import Clock
from kivy.properties import (BooleanProperty, DictProperty, ListProperty, NumericProperty, ObjectProperty,
                             StringProperty)
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout

from ui import theme as th
from ui.screens import load_kv
from ui.widgets.big_button import BigButton



@lru_cache(maxsize=64)
def ring_positions(n: int, width: float, height: float, bw: float, bh: float, stagger: bool):
    """Centres of ``n`` seats on an ellipse, equally spaced by arc length, seat 0 at the bottom,
    going clockwise (seat i+1 on seat i's left, as the players sit). Kept per size: a tap that
    changes the seats' looks lays the ring out again at the same size (720 points walked, three
    seat heights tried, most of a Day tap's layout)."""
    a = max(10.0, width / 2 - bw / 2)
    b = max(10.0, height / 2 - bh / 2)
    samples = 720
    pts = [(-a * math.sin(2 * math.pi * k / samples), -b * math.cos(2 * math.pi * k / samples))
           for k in range(samples + 1)]
    cum = [0.0]
    for k in range(1, len(pts)):
        cum.append(cum[-1] + math.dist(pts[k], pts[k - 1]))
    total = cum[-1]
    out = []
    k = 0
    for i in range(n):
        target = total * i / n
        while cum[k] < target:
            k += 1
        x, y = pts[k]
        if stagger and i % 2:
            x, y = x * 0.8, y * 0.72
        out.append((x, y))
    return tuple(out), total


def band_positions(n: int, width: float, height: float, bw_max: float, bh: float, gap: float, min_w: float):
    """Seats for a crowded table (the ellipse would overlap): two bands, the bottom and the top
    edge, staggered in two rows where needed, keeping the clockwise order (seat 0 bottom middle,
    then to its left, along the top left to right, back along the bottom from the right).
    Returns (centres relative to the middle, button width).

    >>> pts, bw = band_positions(23, 784, 300, 170, 48, 8, 100)
    >>> len(pts), bw >= 100
    (23, True)
    """
    nb = n // 2
    nt = n - nb
    most = max(nb, nt)
    pitch = width / most
    stagger = pitch - gap < min_w
    bw = min(bw_max, (2 * pitch if stagger else pitch) - gap)
    if stagger:  # neighbours in the same row are two steps apart: the row fits inside the width
        bw = min(bw, 2 * (width - bw) / max(1, most - 1) - gap)

    def row(count, top):
        span = width - bw
        out = []
        for j in range(count):
            x = -span / 2 + span * (j / max(1, count - 1) if count > 1 else 0.5)
            inner = stagger and j % 2
            dy = height / 2 - bh / 2 - (bh + gap if inner else 0)
            out.append((x, dy if top else -dy))
        return out

    bottom, top = row(nb, False), row(nt, True)
    mid = nb // 2
    order = [bottom[j] for j in range(mid, -1, -1)] + top + [bottom[j] for j in range(nb - 1, mid, -1)]
    return order, bw


def _covers_middle(pts, bw, bh, clear) -> bool:
    """A seat would lie over the middle (``clear``: its width and height, centred), where the
    countdown, the stats and the news are read."""
    cw, ch = clear
    return cw > 0 and ch > 0 and any(abs(x) < (bw + cw) / 2 - 1 and abs(y) < (bh + ch) / 2 - 1 for x, y in pts)


def _overlap(pts, bw, bh) -> bool:
    return any(abs(a[0] - b[0]) < bw - 1 and abs(a[1] - b[1]) < bh - 1
               for i, a in enumerate(pts) for b in pts[i + 1:])


class MafiaPlusSeat(BigButton):
    seat = NumericProperty(0)
    dead = BooleanProperty(False)
    marked = BooleanProperty(False)  # e.g. accused: a brass outline, the name left whole


@lru_cache(maxsize=512)
def text_width(text: str, font_size: float, bold: bool = True) -> float:
    """How wide ``text`` renders in the theme font (to choose a seat label that fits uncut); kept,
    since every vote cast measured each badged name again ("Ben · 1", "Ben 1")."""
    from kivy.core.text import Label as CoreLabel

    core = CoreLabel(text=text, font_size=font_size, font_name=th.FONT, bold=bold)
    core.refresh()
    return core.texture.size[0]


def seat_labels(names, badges: dict, room: float, font_size: float) -> list[str]:
    """Each name with its badge ("Anna · 2"); if one of them would be cut, every seat uses the
    tighter "Anna 2" (one style on the ring). A few pixels of margin: Kivy cuts at the edge."""
    def fits(text):
        return text_width(text, font_size) <= room - 4

    badged = [(i, n, badges[i]) for i, n in enumerate(names) if badges.get(i)]
    sep = " · " if all(fits(f"{n} · {b}") for _, n, b in badged) else " "

    def label(i, n):
        text = f"{n}{sep}{badges[i]}" if badges.get(i) else n
        # a name is never cut for its badge: "Jonas away" on a narrow seat reads "Jonas" (the news
        # and the seat's look say the rest)
        return text if fits(text) else n

    return [label(i, n) for i, n in enumerate(names)]


class MafiaPlusSeatRing(FloatLayout):
    """Seats round a table; tap a seat -> ``on_seat(seat)``. ``enabled``: seats that may be tapped
    (None = all), ``selected``: highlighted seats, ``badges``: seat -> short text (vote counts)."""

    names = ListProperty([])
    alive = ListProperty([])
    enabled = ObjectProperty(None, allownone=True)
    selected = ListProperty([])
    badges = DictProperty({})
    marked = ListProperty([])
    seats_shown = BooleanProperty(True)  # False: seats hidden and untappable (the middle needs the room)
    crowded = BooleanProperty(False)  # True when the seats fill the edges in bands (no room in the middle)
    keep_clear = ListProperty([0, 0])  # the middle's share of width and height no seat may cover
    free_middle = ListProperty([0, 0])  # the middle left free by the seats (px), for what is read there
    __events__ = ("on_seat",)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.seats: list[MafiaPlusSeat] = []
        # one layout per frame however many of these a commit changes (a day's tap set six of
        # them: six layouts of every seat), just before the frame is drawn, like Kivy's own layouts
        self._schedule = Clock.create_trigger(lambda *_: self._layout(), -1)
        for prop in ("names", "alive", "enabled", "selected", "badges", "marked", "seats_shown", "size", "pos",
                     "keep_clear"):
            self.fbind(prop, self._schedule)

    def on_seat(self, seat):
        pass

    def _layout(self):
        n = len(self.names)
        if len(self.seats) != n:
            for s in self.seats:
                self.remove_widget(s)
            self.seats = []
            for i in range(n):
                s = MafiaPlusSeat(seat=i)
                s.bind(on_release=lambda w: self.dispatch("on_seat", w.seat))
                self.seats.append(s)
                self.add_widget(s)
        if not n:
            return
        scale = th.THEME.scale
        a, b = self.width / 2, self.height / 2
        perimeter = math.pi * (3 * (a + b) - math.sqrt((3 * a + b) * (a + 3 * b)))
        per = perimeter / n
        stagger = per < 105 * scale
        bw = min(170 * scale, max(80 * scale, (2 * per if stagger else per) - 10 * scale))
        # thumbs aim at the seats from across the table: 64 px tall where the ring has room
        clear = (self.keep_clear[0] * self.width, self.keep_clear[1] * self.height)
        for bh in (th.TOUCH * scale, 56 * scale, th.TOUCH_MIN * scale):
            pts, _ = ring_positions(n, self.width, self.height, bw, bh, stagger)
            crowded = _overlap(pts, bw, bh) or _covers_middle(pts, bw, bh, clear)
            if not crowded:
                break
        if crowded:  # no room round the middle: two bands (staggered up to 23), shown while picking
            for bh in (th.TOUCH * scale, 56 * scale, th.TOUCH_MIN * scale):
                pts, bw = band_positions(n, self.width, self.height, 170 * scale, bh, th.GAP * scale, 100 * scale)
                middle = 2 * (min(abs(y) for _, y in pts) - bh / 2 - th.GAP * scale)
                # taller seats only while the middle keeps a third of the height for what is read there
                if not _overlap(pts, bw, bh) and middle >= self.height / 3:
                    break
        self.crowded = crowded
        if crowded:  # between the bottom band and the top band
            inner = 2 * (min(abs(y) for _, y in pts) - bh / 2) - th.GAP * scale  # a gap from the seats
            self.free_middle = [self.width * 0.95, max(0, inner)]
        else:
            share = self.keep_clear if self.keep_clear[0] > 0 else (0.5, 0.6)
            self.free_middle = [self.width * share[0], self.height * share[1]]
        small = bw < 130 * scale
        font = (th.CAPTION if small else th.BUTTON) * scale
        labels = seat_labels(self.names, self.badges, bw - 2 * th.GAP * scale, font)
        for i, s in enumerate(self.seats):
            x, y = pts[i]
            s.size_hint = (None, None)
            s.size = (bw, bh)
            s.font_size = font
            s.center = (self.center_x + x, self.center_y + y)
            alive = self.alive[i] if i < len(self.alive) else True
            badge = self.badges.get(i, "")
            s.text = labels[i]
            s.dead = not alive
            s.marked = i in self.marked
            s.opacity = 1 if self.seats_shown else 0
            s.disabled = not self.seats_shown or (self.enabled is not None and i not in self.enabled)
            s.variant = "selected" if i in self.selected else "secondary"


class MafiaPlusCard(BoxLayout):
    """A character card: rank and suit large in the corner, name, faction colour, ability text."""

    card = StringProperty("")
    title = StringProperty("")
    faction = StringProperty("")  # "City" / "Mafia" / "Syndicate"
    ability = StringProperty("")
    extra = StringProperty("")  # fellow Mafiosi, notes
    fill = ListProperty(list(th.SURFACE))
    outline = ListProperty(list(th.LINE))

    def on_faction(self, *_):
        # the same neutral card for every character: a red, green or black card is read across
        # the table at a glance; the faction is in words and the suit, at reading size
        self.fill, self.outline = list(th.SURFACE), list(th.LINE)


from ui.widgets.name_keypad import NameKeypad  # noqa: E402,F401  (kv class: the one keypad)


load_kv(__file__)
