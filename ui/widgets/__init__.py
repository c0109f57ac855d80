"""Widgets worth owning: big rounded buttons, dice faces, the spinner wheel, hold-to-confirm,
the status bar. Their look lives in ``ui/theme.kv`` (loaded once by the app)."""

from .big_button import BigButton
from .dice_face import DiceFace
from .hold_button import HoldButton
from .spinner_wheel import SpinnerWheel
from .status_bar import StatusBar

__all__ = ["BigButton", "DiceFace", "HoldButton", "SpinnerWheel", "StatusBar"]
