"""The schematic board: the 26 spaces from board.toml, every counter on it, control and the boxes.

Drawn in the canvas (no child widgets), redrawn when ``view`` changes. Spaces sit round the island's
triangle in track order (``model.board_layout``); each tile shows its three-letter code, its owner's
colour and number of control counters, and the counters there as pips (square = Boss / Prefetto,
circle = Picciotto / SISDE / Carabinieri, blue = the State). Tiles in ``highlight`` get a brass ring
(where the chosen counter may go).
"""

from __future__ import annotations

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle
from kivy.properties import ListProperty, ObjectProperty
from kivy.uix.widget import Widget

from ui import theme as th
from ui.theme import THEME as T
from ui.games.mafia_sicily import model

CODE_MIN_PX = 18  # design px for the space codes

TYPE_COLOURS = {"city": th.ACCENT, "telephone": th.rgb("#5FA8D3"), "roadblock": th.rgb("#3D6FB6"),
                "ambush": th.rgb("#B0413E"), "restaurant": th.rgb("#B0413E"), "assassination": th.rgb("#B0413E"),
                "news_leak": th.rgb("#9C7BC4"), "antimafia": th.rgb("#3D6FB6"), "blank": th.LINE}


class SicilyBoardMap(Widget):
    engine = ObjectProperty(None, allownone=True)
    view = ObjectProperty(None, allownone=True)
    highlight = ListProperty([])
    selected = ObjectProperty("", allownone=True)

    __events__ = ("on_space",)

    def on_space(self, space: str):
        pass

    def space_at(self, x: float, y: float) -> str:
        """The space whose tile is under (x, y) (window coordinates of this widget's parent), or ""."""
        if self.engine is None or self._layout is None:
            return ""
        t = self.tile_size()
        for sid in self._layout:
            cx, cy = self.space_centre(sid)
            if abs(x - cx) <= t / 2 + 4 and abs(y - cy) <= t / 2 + 4:
                return sid
        return ""

    def on_touch_down(self, touch):
        if not self.collide_point(*touch.pos):
            return super().on_touch_down(touch)
        sid = self.space_at(*touch.pos)
        if sid:
            self.dispatch("on_space", sid)
            return True
        return super().on_touch_down(touch)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._textures = {}
        self._layout = None
        self._abbr = None
        for prop in ("pos", "size", "view", "highlight", "selected"):
            self.fbind(prop, self._draw)

    def on_engine(self, *_):
        """Another game (its own box: names, routes): its own places and letters."""
        self._layout = None
        self._abbr = None
        self._draw()

    def _text(self, text, size, colour=th.TEXT, bold=True):
        key = (text, round(size), tuple(colour), bold)
        if key not in self._textures:
            label = CoreLabel(text=text, font_size=size, bold=bold, color=colour, font_name=th.FONT)
            label.refresh()
            self._textures[key] = label.texture
        return self._textures[key]

    def _blit(self, tex, cx, cy):
        Color(1, 1, 1, 1)
        Rectangle(texture=tex, size=tex.size, pos=(cx - tex.width / 2, cy - tex.height / 2))

    def tile_size(self) -> float:
        # the map shares its column with the hint and the news: tiles keep 18 px codes at 800x480
        return max(20.0, min(self.width / 10.0, self.height / 7.2))

    def code_font_size(self) -> float:
        """The three-letter codes: at least 18 design px (readable across the table at 800x480),
        never more than half the tile; the pips move down to make room (``_pips``)."""
        t = self.tile_size()
        return min(t * 0.5, max(t * 0.34, CODE_MIN_PX * T.scale))

    def space_centre(self, sid: str) -> tuple[float, float]:
        x, y = self._layout[sid]
        t = self.tile_size()
        return (self.x + t / 2 + x * (self.width - t), self.y + t / 2 + y * (self.height - t))

    def _draw(self, *_):
        self.canvas.clear()
        if self.engine is None or self.view is None or self.width < 50:
            return
        board = self.engine.board
        if self._layout is None:
            self._layout = model.board_layout(board)
            self._abbr = model.abbreviations(board)
        t = self.tile_size()
        here = model.places(self.view)
        control = model.control_of(self.view)
        temp = set(self.view.temporary_roadblocks)
        with self.canvas:
            # the tracks
            Color(*th.LINE)
            if board.routes:
                ring = list(board.routes.ring)
                pts = [v for sid in ring + ring[:1] for v in self.space_centre(sid)]
                Line(points=pts, width=1.4)
                centre = [board.routes.north_junction, *board.routes.center, board.routes.south_junction]
                Line(points=[v for sid in centre for v in self.space_centre(sid)], width=1.4)
            # the spaces
            for space in board.spaces:
                cx, cy = self.space_centre(space.id)
                x, y = cx - t / 2, cy - t / 2
                owner = control.get(space.id)
                if space.id in self.highlight:
                    Color(*th.ACCENT)
                    RoundedRectangle(pos=(x - 4, y - 4), size=(t + 8, t + 8), radius=[t * 0.2 + 3])
                Color(*(th.rgb(model.FACTION_HEX[owner[0]]) if owner else th.SURFACE_HI))
                RoundedRectangle(pos=(x, y), size=(t, t), radius=[t * 0.2])
                Color(*(th.rgb("#3D6FB6") if space.id in temp else TYPE_COLOURS[space.type]))
                Line(rounded_rectangle=(x + 1, y + 1, t - 2, t - 2, t * 0.2), width=2 if space.type != "blank" else 1)
                if owner and owner[0] == "black":
                    Color(*th.MAFIA_OUTLINE)
                    Line(rounded_rectangle=(x + 3, y + 3, t - 6, t - 6, t * 0.18), width=1)
                fs = self.code_font_size()
                self._blit(self._text(self._abbr[space.id], fs), cx, y + t - fs * 0.62)
                if owner:
                    self._blit(self._text(str(owner[1]), t * 0.26, th.TEXT), x + t - t * 0.14, y + t * 0.13)
                self._pips(here.get(space.id, []), x, y, t)
            self._boxes(here, t)

    def _pips(self, counters, x, y, t):
        """Up to two rows of four pips inside the tile's lower part."""
        if not counters:
            return
        per_row = 4
        p = t * 0.22
        gap = (t - per_row * p) / (per_row + 1)
        top = y + t - self.code_font_size() * 1.15 - 1  # below the code
        for i, c in enumerate(counters[:8]):
            row, col = divmod(i, per_row)
            px = x + gap + col * (p + gap)
            py = min(y + t * 0.40, top - p) - row * (p + gap * 0.6)
            self._pip(c, px, py, p)
        if len(counters) > 8:
            self._blit(self._text(f"+{len(counters) - 8}", t * 0.22), x + t * 0.5, y - t * 0.12)

    def _pip(self, counter, px, py, p):
        faction, shape, letter = model.token(counter)
        Color(*(th.MAFIA_OUTLINE if faction == "black" else th.BG))
        if shape == "square":
            Rectangle(pos=(px - 1.5, py - 1.5), size=(p + 3, p + 3))
        else:
            Ellipse(pos=(px - 1.5, py - 1.5), size=(p + 3, p + 3))
        Color(*th.rgb(model.FACTION_HEX[faction]))
        if shape == "square":
            Rectangle(pos=(px, py), size=(p, p))
        else:
            Ellipse(pos=(px, py), size=(p, p))
        if counter == self.selected:
            Color(*th.ACCENT)
            Line(circle=(px + p / 2, py + p / 2, p * 0.85), width=2)
        if letter and p >= 9:
            self._blit(self._text(letter, p * 0.8), px + p / 2, py + p / 2)

    def _boxes(self, here, t):
        """Station, Prison, Continent inland in the west (``model.BOX_AREA``)."""
        bx, by, bw, bh = model.BOX_AREA
        gap = t * 0.15
        w = self.width * bw
        h = (self.height * bh - 2 * gap) / 3
        for i, box in enumerate(model.BOXES):
            x = self.x + self.width * bx
            y = self.y + self.height * by + (2 - i) * (h + gap)
            Color(*th.SURFACE)
            RoundedRectangle(pos=(x, y), size=(w, h), radius=[t * 0.15])
            Color(*th.LINE)
            Line(rounded_rectangle=(x + 1, y + 1, w - 2, h - 2, t * 0.15), width=1)
            title = {"station": "Station", "prison": "Prison", "continent": "Continent"}[box]
            tex = self._text(title, t * 0.30, th.MUTED)
            Color(1, 1, 1, 1)
            Rectangle(texture=tex, size=tex.size, pos=(x + t * 0.12, y + h - tex.height - 2))
            p = t * 0.22
            for j, c in enumerate(here.get(box, [])[:8]):
                self._pip(c, x + t * 0.12 + j * (p + 3), y + 4, p)
