"""The noir theme: colours, a type scale and sizes, designed at 800x480 and scaled.

Every size below is in *design pixels* at the official 7" 800x480 panel (about 133 px per inch).
``THEME.scale`` follows the window (``min(w / 800, h / 480)``) and kv rules multiply by it
(``font_size: T.s(T.DISPLAY)`` re-evaluates when the window changes because it reads
``T.scale``), so the same layout fills 1024x600 and 1280x720.

Faction colours follow the Mafia+ card suits: City (hearts, diamonds) red, Mafia (spades)
near-black with a light outline, Syndicate (clubs) green.
"""

from __future__ import annotations

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, NumericProperty

DESIGN_SIZE = (800, 480)


def rgb(hex_colour: str, alpha: float = 1.0) -> tuple[float, float, float, float]:
    h = hex_colour.lstrip("#")
    return (int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255, alpha)


# -- colours ---------------------------------------------------------------------------------
BG = rgb("#0F0F13")  # the table at night
SURFACE = rgb("#1B1B22")  # cards
SURFACE_HI = rgb("#262630")  # raised / secondary buttons
SURFACE_PRESSED = rgb("#33333F")
LINE = rgb("#3A3A46")  # hairlines and outlines
TEXT = rgb("#F3EEE6")  # warm white
MUTED = rgb("#A59E97")
DIM = rgb("#6E6862")
ACCENT = rgb("#E3A63B")  # the one accent: brass
ACCENT_PRESSED = rgb("#B8822A")
ON_ACCENT = rgb("#17130C")
ERROR = rgb("#FF8A7A")  # sentences about a refused tap
DISABLED = rgb("#2A2A30")
DISABLED_TEXT = rgb("#5E5A56")

CITY = rgb("#C8373B")  # hearts and diamonds
MAFIA = rgb("#121215")  # spades: near-black...
MAFIA_OUTLINE = rgb("#D9D6D0")  # ...with a light outline
SYNDICATE = rgb("#2E8B57")  # clubs

# a card's (fill, outline) by faction; the suit glyph is drawn in the outline colour
FACTION_COLOURS = {
    "city": (CITY, CITY),
    "mafia": (MAFIA, MAFIA_OUTLINE),
    "syndicate": (SYNDICATE, SYNDICATE),
    "accent": (ACCENT, ACCENT),
}

DIE_FACE = rgb("#F4EFE4")  # ivory dice
DIE_PIP = rgb("#17151A")
DIE_EDGE = rgb("#BDB5A6")
WHEEL_A = rgb("#7A1F24")  # spinner segments alternate deep red and black
WHEEL_B = rgb("#1E1E24")

# -- type scale (design px) -------------------------------------------------------------------
CAPTION = 22  # secondary labels; nothing on screen is smaller than this
BODY = 24
BUTTON = 26
TITLE = 34
NUMBER = 64  # the numbers people look for: at least 64, bold
HERO = 96

# -- sizes (design px) ---------------------------------------------------------------------------
TOUCH_MIN = 48  # never smaller
TOUCH = 64  # where a thumb aims across the table
GAP = 8  # at least 8 px between targets
PAD = 16
RADIUS = 14
STATUS_H = 56

FONT = "Roboto"


class Theme(EventDispatcher):
    """The live scale factor; kv reads ``T.scale`` (through ``T.s``) so layouts follow resizes."""

    scale = NumericProperty(1.0)
    #: the window is upright (taller than wide): screens with side-by-side panels stack them
    portrait = BooleanProperty(False)

    def s(self, design_px: float, scale: float | None = None) -> float:
        """Design pixels -> real pixels. kv passes ``T.scale`` explicitly to get a binding."""
        return design_px * (self.scale if scale is None else scale)

    def fit(self, width: float, height: float) -> None:
        """Scale the 800x480 design to the window. Upright (the Touch Display 2 at 720x1280) the
        design's 800 px width would shrink text and targets below the table's minimum (22 px text,
        48 px targets) although there is height to spare: there the scale never goes below 1.

        >>> t = Theme(); t.fit(800, 480); a = t.scale; t.fit(720, 1280); b = t.scale; t.fit(640, 360); (a, b, t.scale)
        (1.0, 1.0, 0.75)
        """
        scale = min(width / DESIGN_SIZE[0], height / DESIGN_SIZE[1])
        if height > width:
            scale = max(1.0, scale)
        self.scale = max(0.5, scale)
        self.portrait = height > width


THEME = Theme()
