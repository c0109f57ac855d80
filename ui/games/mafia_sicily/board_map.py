"""The Mafia (Sicily) map: the 26 spaces on a grid shaped like the island, every counter, control and box.

Issue 18: a person must find each space on their own board. So each space is a tile with its full name
(the board's own name, from the game's data) in body-size text, no tile lies over another (an 8 x 5 grid:
the outer track round the edge clockwise, the centre track down through Enna), the border colour says the
space's type and its key is drawn inside the island, and the counters and control are chips with numbers
in body-size text:

* a chip in a Family's colour per Family with counters there, its number how many; square when the Boss
  is among them, round otherwise;
* the State's counters one chip each kind, by letter: P the Prefetto (square), S the SISDE, C a
  Carabiniere ("2C" two);
* a controlled space is filled with the Family's colour, its ``×n`` chip the number of control counters;
* the key under the map (``CounterKeyChip`` and a word each) says all of that (issue 26).

Tiles in ``highlight`` (where the chosen counter may go) are lit: a brass glow and a white inner ring. A tile is a button: tapping it
dispatches ``on_space``; its name is a real label, so a person (and the table robot) reads it.
"""

from __future__ import annotations

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Line, Rectangle, RoundedRectangle
from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui import theme as th
from ui.theme import THEME as T
from ui.games.mafia_sicily import model

TYPE_COLOURS = {"city": th.ACCENT, "telephone": th.rgb("#5FA8D3"), "roadblock": th.rgb("#3D6FB6"),
                "antimafia": th.rgb("#7D8FD8"), "ambush": th.rgb("#B0413E"), "restaurant": th.rgb("#E0736B"),
                "assassination": th.rgb("#8E2A2A"), "news_leak": th.rgb("#9C7BC4"), "blank": th.LINE}
CHIP = 26  # design px: a counter chip (three fit a tile at 800x480)
TEXT = th.CAPTION  # design px: the names and the key (22, the table's smallest)
CHIP_TEXT = th.BODY  # design px: a chip's number or letter, bold (issue 26: the chips were hard to read)
STATE_LETTERS = (("prefetto", "P"), ("sisde", "S"), ("cc", "C"))

_TEXTURES: dict = {}


def text_texture(text: str, size: float, colour=th.TEXT, bold: bool = True):
    key = (text, round(size), tuple(colour), bold)
    if key not in _TEXTURES:
        label = CoreLabel(text=text, font_size=size, bold=bold, color=colour, font_name=th.FONT)
        label.refresh()
        _TEXTURES[key] = label.texture
    return _TEXTURES[key]


def fitting_size(name: str, size: float, width: float) -> float:
    """The name's font size: ``size`` unless its longest word is wider than the tile (a board's own
    long name, edited in "Your box"); then smaller, so a word is never broken or cut."""
    words = name.split() or [""]
    while size > 12:
        if max(text_texture(w, size, bold=False).width for w in words) <= width:
            return size
        size -= 1
    return size


def blit(tex, cx, cy) -> None:
    Color(1, 1, 1, 1)
    Rectangle(texture=tex, size=tex.size, pos=(cx - tex.width / 2, cy - tex.height / 2))


def chips(counters) -> list[tuple[str, bool, str]]:
    """(side, square, text) per chip in the engine's counter order: a Family's chip says how many of
    its counters are there (square with its Boss among them); the State's counters are told apart by
    letter, P Prefetto (square), S SISDE, C Carabiniere ("2C": two), as the map's key says."""
    out: dict[str, list] = {}
    state: dict[str, int] = {}
    for c in counters:
        side, shape, _ = model.token(c)
        if side == "state":
            state[model.kind_of(c)] = state.get(model.kind_of(c), 0) + 1
            out.setdefault("state", [False, 0])
            continue
        entry = out.setdefault(side, [False, 0])
        entry[0] = entry[0] or shape == "square" and model.kind_of(c) == "boss"
        entry[1] += 1
    items: list[tuple[str, bool, str]] = []
    for side, (boss, n) in out.items():
        if side != "state":
            items.append((side, boss, str(n)))
            continue
        for kind, letter in STATE_LETTERS:
            if state.get(kind):
                items.append(("state", kind == "prefetto", (str(state[kind]) if state[kind] > 1 else "") + letter))
    return items


def draw_chips(counters, x, y, width, control=None, selected_side: str = "") -> None:
    """The chip row: one chip per side, then the control chip; from (x, y), at most ``width`` wide."""
    size = CHIP * T.scale
    gap = 3 * T.scale
    items = chips(counters)
    room = int((width + gap) // (size + gap)) - (1 if control else 0)
    if len(items) > room:  # a crowded space: the rest in one grey chip, "+" and how many chips more
        items = items[:room - 1] + [("more", False, f"+{len(items) - room + 1}")]
    cx = x
    for side, boss, n in items:
        fill = th.LINE if side == "more" else th.rgb(model.FACTION_HEX[side])
        Color(*(th.MAFIA_OUTLINE if side == "black" else th.BG))
        RoundedRectangle(pos=(cx - 1.5, y - 1.5), size=(size + 3, size + 3),
                         radius=[3 * T.scale if boss else (size + 3) / 2])
        Color(*fill)
        RoundedRectangle(pos=(cx, y), size=(size, size), radius=[2 * T.scale if boss else size / 2])
        if side == selected_side:
            Color(*th.ACCENT)
            Line(rounded_rectangle=(cx - 3, y - 3, size + 6, size + 6, 4 * T.scale), width=2)
        blit(text_texture(n, CHIP_TEXT * T.scale), cx + size / 2, y + size / 2)
        cx += size + gap
    if control:
        owner, n = control
        tex = text_texture(f"×{n}", CHIP_TEXT * T.scale)
        w = max(size, tex.width + 6 * T.scale)
        cx = x + width - w
        Color(*th.ACCENT)
        RoundedRectangle(pos=(cx - 2, y - 2), size=(w + 4, size + 4), radius=[5 * T.scale])
        Color(*th.rgb(model.FACTION_HEX[owner]))
        RoundedRectangle(pos=(cx, y), size=(w, size), radius=[4 * T.scale])
        blit(tex, cx + w / 2, y + size / 2)


class SpaceTile(ButtonBehavior, Widget):
    """One space: its name (a label), its border in its type's colour, its chips."""

    sid = StringProperty("")
    kind = StringProperty("blank")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.label = Label(font_name=th.FONT, color=th.TEXT, halign="center", valign="middle", line_height=0.92)
        self.add_widget(self.label)
        self.counters: list[str] = []
        self.control = None
        self.lit = False
        self.temporary = False
        self.selected_side = ""
        self.fbind("pos", self.draw)
        self.fbind("size", self.draw)
        self.fbind("state", self.draw)

    def draw(self, *_):
        s = T.scale
        chip_row = (CHIP + 3) * s
        lab = self.label
        lab.font_size = fitting_size(lab.text, TEXT * s, self.width)
        # the label is the whole tile (a 48 px target whatever the map's height); its name is laid
        # out above the chip row, which the bottom padding keeps free
        lab.pos, lab.size = self.pos, self.size
        lab.padding = [0, 0, 0, chip_row]
        lab.text_size = (lab.width, None)
        self.canvas.before.clear()
        self.canvas.after.clear()
        r = 10 * s
        with self.canvas.before:
            fill = th.rgb(model.FACTION_HEX[self.control[0]], 0.75) if self.control else th.SURFACE_HI
            if self.lit and not self.control:
                fill = th.rgb("#4A3A1C")  # a brass glow: where the chosen counter may go
            if self.state == "down":
                fill = th.LINE
            Color(*fill)
            RoundedRectangle(pos=self.pos, size=self.size, radius=[r])
            if self.control and self.control[0] == "black":  # near-black on the dark table: outlined
                Color(*th.MAFIA_OUTLINE)
                Line(rounded_rectangle=(self.x + 6 * s, self.y + 6 * s, self.width - 12 * s, self.height - 12 * s,
                                        r * 0.7), width=1.2 * s)
            Color(*(TYPE_COLOURS["roadblock"] if self.temporary else TYPE_COLOURS.get(self.kind, th.LINE)))
            Line(rounded_rectangle=(self.x + 2, self.y + 2, self.width - 4, self.height - 4, r),
                 width=(3 if self.kind != "blank" else 1.2) * s)
            if self.lit:  # white, not brass: a brass border already means a city
                Color(*th.TEXT)
                Line(rounded_rectangle=(self.x + 6 * s, self.y + 6 * s, self.width - 12 * s, self.height - 12 * s,
                                        r * 0.7), width=2.5 * s)
        with self.canvas.after:
            draw_chips(self.counters, self.x + 5 * s, self.y + 4 * s, self.width - 10 * s, self.control,
                       self.selected_side)


class SicilyBoardMap(Widget):
    """The grid of tiles plus the boxes (Station, Prison, Continent) and the border key inside it."""

    engine = ObjectProperty(None, allownone=True)
    view = ObjectProperty(None, allownone=True)
    highlight = ListProperty([])
    selected = StringProperty("")

    __events__ = ("on_space",)

    def on_space(self, space: str):
        pass

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.tiles: dict[str, SpaceTile] = {}
        self.box_labels: dict[str, Label] = {}
        self.key_labels: list[Label] = []
        self._grid = None
        self._built_for = None
        self._cols, self._rows = model.GRID_COLS, model.GRID_ROWS
        for prop in ("pos", "size", "view", "highlight", "selected", "engine"):
            self.fbind(prop, self._update)

    # -- geometry --------------------------------------------------------------------------
    @property
    def turned(self) -> bool:
        """Upright (taller than wide) with the shipped grid's shape: the grid a quarter turn clockwise."""
        return self.height > self.width and (self._cols, self._rows) == (model.GRID_COLS, model.GRID_ROWS)

    def area(self, col: float, row: float, cols: float = 1, rows: float = 1) -> tuple[float, float, float, float]:
        """(x, y, w, h) of a block of the cells drawn (upright: of the turned grid), row 0 on top."""
        across, down = (self._rows, self._cols) if self.turned else (self._cols, self._rows)
        cw, ch = self.width / across, self.height / down
        return self.x + col * cw, self.top - (row + rows) * ch, cols * cw, rows * ch

    def inner(self, what: str) -> tuple[float, float, float, float]:
        """(x, y, w, h) of "key", "tap", "error" or "back" inside the island, either way up."""
        areas = ({"key": model.UPRIGHT_KEY_AREA, "tap": model.UPRIGHT_TAP_AREA, "error": model.UPRIGHT_ERROR_AREA,
                  "back": model.UPRIGHT_BACK_AREA} if self.turned else
                 {"key": model.KEY_AREA, "tap": model.TAP_AREA, "error": model.ERROR_AREA, "back": model.BACK_AREA})
        return self.area(*areas[what])

    def _cell(self, sid: str) -> tuple[int, int]:
        col, row = self._grid[sid]
        return model.turned_cell(col, row) if self.turned else (col, row)

    def _tile_rect(self, col, row):
        x, y, w, h = self.area(col, row)
        g = 1.0 * T.scale
        return x + g, y + g, w - 2 * g, h - 2 * g

    # -- building and updating -----------------------------------------------------------
    def _build(self) -> None:
        board = self.engine.board
        self._grid = model.grid_layout(board)
        self._cols, self._rows = model.grid_size(board)
        self.clear_widgets()
        self.tiles = {}
        for space in board.spaces:
            tile = SpaceTile(sid=space.id, kind=space.type)
            tile.bind(on_release=lambda t: self.dispatch("on_space", t.sid))
            self.tiles[space.id] = tile
            self.add_widget(tile)
        self.box_labels = {}
        for box in model.BOXES:
            lab = Label(text={"station": "Station", "prison": "Prison", "continent": "Continent"}[box],
                        font_name=th.FONT, color=th.MUTED, halign="center", valign="top")
            self.box_labels[box] = lab
            self.add_widget(lab)
        self.key_labels = []
        kinds = [k for k in model.TYPE_ORDER if k in {s.type for s in board.spaces}]
        for kind in kinds:
            lab = Label(text=model.TYPE_WORDS[kind], font_name=th.FONT, color=th.TEXT, halign="left",
                        valign="middle")
            lab.kind = kind
            self.key_labels.append(lab)
            self.add_widget(lab)

    def _update(self, *_):
        if self.engine is None:
            return
        if self._grid is None or self._built_for is not self.engine:  # another game: its own board
            self._build()
            self._built_for = self.engine
        names = model.space_names(self.engine)
        here = model.places(self.view) if self.view is not None else {}
        control = model.control_of(self.view) if self.view is not None else {}
        temp = set(self.view.temporary_roadblocks) if self.view is not None else set()
        chosen_side = model.faction_of(self.selected) if self.selected else ""
        for sid, tile in self.tiles.items():
            x, y, w, h = self._tile_rect(*self._cell(sid))
            tile.label.text = names.get(sid, sid)  # before draw(): the size fits the name
            tile.counters = here.get(sid, [])
            tile.control = control.get(sid)
            tile.lit = sid in self.highlight
            tile.temporary = sid in temp
            tile.selected_side = chosen_side if self.selected and sid == self._place_of(self.selected) else ""
            tile.pos, tile.size = (x, y), (w, h)
            tile.draw()
        self._draw_boxes(here)
        self._place_key()

    def _place_of(self, counter: str) -> str:
        return dict(self.view.positions).get(counter, "") if self.view is not None else ""

    def _draw_boxes(self, here) -> None:
        s = T.scale
        self.canvas.before.clear()
        with self.canvas.before:
            # the tracks behind the tiles
            Color(*th.LINE)
            routes = self.engine.board.routes
            if routes:
                ring = list(routes.ring)
                pts = [v for sid in ring + ring[:1] for v in self._centre(sid)]
                Line(points=pts, width=1.5 * s)
                centre = [routes.north_junction, *routes.center, routes.south_junction]
                Line(points=[v for sid in centre for v in self._centre(sid)], width=1.5 * s)
        self.canvas.after.clear()
        for box, lab in self.box_labels.items():
            if self.turned:
                x, y, w, h = self._tile_rect(*model.UPRIGHT_BOX_CELLS[box])
            else:
                x, y, w, h = self._tile_rect(*model.BOX_CELLS[box]) if self._cols == model.GRID_COLS else \
                    self._tile_rect(4 + model.BOXES.index(box), 1)
            lab.font_size = TEXT * s
            lab.pos, lab.size = (x, y + (CHIP + 5) * s), (w, h - (CHIP + 5) * s)
            lab.text_size = (w, None)
            with self.canvas.before:
                Color(*th.SURFACE)
                RoundedRectangle(pos=(x, y), size=(w, h), radius=[10 * s])
                Color(*th.LINE)
                Line(rounded_rectangle=(x + 1, y + 1, w - 2, h - 2, 10 * s), width=1)
            with self.canvas.after:
                draw_chips(here.get(box, []), x + 5 * s, y + 4 * s, w - 10 * s)

    def _centre(self, sid):
        x, y, w, h = self.area(*self._cell(sid))
        return x + w / 2, y + h / 2

    def _place_key(self) -> None:
        """The border key, one type a line, in the island's west (a swatch before each word)."""
        s = T.scale
        x, y, w, h = self.inner("key")
        pad = 8 * s
        line = min(28 * s, (h - 2 * pad) / max(1, len(self.key_labels)))
        sw = 18 * s
        with self.canvas.before:
            Color(*th.SURFACE)
            RoundedRectangle(pos=(x + 2 * s, y + 2 * s), size=(w - 4 * s, h - 4 * s), radius=[10 * s])
        for i, lab in enumerate(self.key_labels):
            ly = y + h - pad - (i + 1) * line
            lab.font_size = TEXT * s
            lab.pos, lab.size = (x + pad + sw + 8 * s, ly), (w - 2 * pad - sw - 8 * s, line)
            lab.text_size = lab.size
            with self.canvas.before:
                Color(*TYPE_COLOURS[lab.kind])
                Line(rounded_rectangle=(x + pad, ly + (line - sw) / 2, sw, sw, 4 * s), width=2.5 * s)


class CounterKeyChip(Widget):
    """One chip of the counters' key, drawn as the map draws it (``draw_chips``)."""

    side = StringProperty("red")
    text = StringProperty("")  # not a label: the word beside it is what a person reads
    square = BooleanProperty(False)
    control = BooleanProperty(False)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        for prop in ("pos", "size", "side", "text", "square", "control"):
            self.fbind(prop, self._draw)

    def _draw(self, *_):
        self.canvas.clear()
        size = CHIP * T.scale
        with self.canvas:
            y = self.y + (self.height - size) / 2
            if self.control:
                draw_chips([], self.x, y, size, (self.side, 1))
            else:
                fill = th.rgb(model.FACTION_HEX[self.side])
                Color(*fill)
                RoundedRectangle(pos=(self.x, y), size=(size, size),
                                 radius=[2 * T.scale if self.square else size / 2])
                blit(text_texture(self.text, CHIP_TEXT * T.scale), self.x + size / 2, y + size / 2)
