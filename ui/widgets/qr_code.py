"""A QR code a phone's camera reads across the table: segno's matrix as a tiny texture (one texel
per module, the quiet zone included), drawn with nearest filtering so every module stays a crisp
square at any size, dark on light; the text a person can type instead sits under it.

``QRCode(data=..., caption=...)``: the square is as large as the widget allows, in whole pixels
per module (no module a pixel wider than its neighbour), centred above the caption. With no
``data`` (the table has no network) nothing is drawn and the caption (the sentence that says so)
sits in the middle of the room the square had.
"""

from __future__ import annotations

from kivy.graphics import Color, Rectangle
from kivy.graphics.texture import Texture
from kivy.lang import Builder
from kivy.properties import NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

QUIET = 4  # modules of light margin the standard asks for
DARK, LIGHT = 0x14, 0xFF

Builder.load_string("""
#:import th ui.theme
#:import T ui.theme.THEME

<QRCode>:
    orientation: 'vertical'
    spacing: th.GAP / 2 * T.scale
    QRSquare:
        id: square
        data: root.data
    Label:
        # with no code to show (no network), the caption alone, in the middle of the square's room
        id: caption
        text: root.caption
        font_name: th.FONT
        font_size: root.caption_size * T.scale
        bold: True
        color: th.TEXT
        size_hint_y: None
        height: (self.texture_size[1] + 2 * T.scale) if root.caption else 0
        text_size: self.width, None
        halign: 'center'
    Widget:
        size_hint_y: None if root.data else 1
        height: 0
""", filename="qr_code.kv")


def matrix(data: str) -> list[list[bool]]:
    """The QR code's modules, quiet zone included (True = dark).

    >>> m = matrix("http://10.42.0.1:8765/")
    >>> len(m) == len(m[0]) == 25 + 2 * QUIET, m[QUIET][QUIET], m[0][0]
    (True, True, False)
    """
    import segno

    code = segno.make(data, error="m", micro=False)
    return [[bool(v) for v in row] for row in code.matrix_iter(border=QUIET)]


def texture_for(data: str) -> Texture:
    """One luminance texel per module, nearest filtering (crisp when scaled up)."""
    rows = matrix(data)
    n = len(rows)
    pixels = bytearray()
    for row in reversed(rows):  # Kivy's textures start at the bottom row
        pixels.extend(DARK if dark else LIGHT for dark in row)
    texture = Texture.create(size=(n, n), colorfmt="luminance")
    texture.mag_filter = "nearest"
    texture.min_filter = "nearest"
    texture.blit_buffer(bytes(pixels), colorfmt="luminance", bufferfmt="ubyte")
    return texture


class QRSquare(Widget):
    data = StringProperty("")
    modules = NumericProperty(0)  # per side, quiet zone included (0 = nothing to draw)
    texture = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        with self.canvas:
            self._color = Color(1, 1, 1, 1)
            self._rect = Rectangle()
        self.fbind("data", self._build)
        self.fbind("pos", self._place)
        self.fbind("size", self._place)
        self._build()

    def _build(self, *_):
        self.texture = texture_for(self.data) if self.data else None
        self.modules = self.texture.width if self.texture is not None else 0
        self._rect.texture = self.texture
        self._place()

    def _place(self, *_):
        if not self.modules:
            self._rect.size = (0, 0)
            return
        side = min(self.width, self.height)
        per = max(1, int(side // self.modules))  # whole pixels per module: every module the same
        edge = per * self.modules
        self._rect.size = (edge, edge)
        self._rect.pos = (int(self.center_x - edge / 2), int(self.center_y - edge / 2))

    @property
    def drawn(self) -> tuple[float, float, float, float]:
        """Where the code is drawn (x, y, w, h): for tests and layout checks."""
        (x, y), (w, h) = self._rect.pos, self._rect.size
        return x, y, w, h


class QRCode(BoxLayout):
    data = StringProperty("")
    caption = StringProperty("")
    caption_size = NumericProperty(22)
