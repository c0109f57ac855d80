"""Card text helpers (Kivy-free): the suits drawn in a font that has them."""

from __future__ import annotations

SUIT_FONT = "data/fonts/DejaVuSans.ttf"  # shipped with Kivy; Roboto has no card suits (they showed as boxes)


def suits(text: str) -> str:
    """Kivy markup drawing the card suits (♠ ♣ ♡ ♢ ♥ ♦) in a font that has them; the rest untouched
    (for labels with ``markup: True``).

    >>> suits("4♠ Mafioso")
    '4[font=data/fonts/DejaVuSans.ttf]♠[/font] Mafioso'
    """
    return "".join(f"[font={SUIT_FONT}]{ch}[/font]" if ch in "♠♣♡♢♥♦" else ch for ch in text)
