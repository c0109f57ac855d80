"""Label textures are drawn into a new texture whenever their text changes.

Kivy re-renders a label whose text changed *into the texture it already has* when the size stays
the same (a caption that keeps its width, a number in a fixed box). The GL driver must then wait
until every frame still using that texture has been drawn before it may overwrite it: with Mesa
(llvmpipe here, the Pi's V3D the same way) that wait was the stall when a result landed: up to
seconds on this busy build machine for "Tap the wheel to spin again", ~330 ms in the issue's quieter
measurement. A new texture has no readers yet, so writing it never waits; the old one is freed
when the last frame that used it is done. ``install()`` (called once by the app before the first
label is built) makes every ``kivy.core.text`` label work that way.
"""

from __future__ import annotations

_installed = False


def install() -> None:
    """Make every core text label render a changed text into a fresh texture (idempotent)."""
    global _installed
    if _installed:
        return
    from kivy.core.text import LabelBase

    keep = LabelBase.refresh

    def refresh(self):
        self.texture = None  # refresh() then creates a texture of the right size instead of reusing one
        return keep(self)

    refresh.__doc__ = keep.__doc__
    LabelBase.refresh = refresh
    _installed = True
