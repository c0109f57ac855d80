"""One module per screen, its layout in a .kv beside it; each module exposes ``SCREEN``.

Registered by name in ``ui.controller.SCREENS`` and imported on first visit."""

from pathlib import Path

from kivy.lang import Builder


def load_kv(module_file: str) -> None:
    """Load the .kv next to a screen module once (Builder would stack duplicate rules)."""
    path = str(Path(module_file).with_suffix(".kv"))
    if path not in Builder.files:
        Builder.load_file(path)
