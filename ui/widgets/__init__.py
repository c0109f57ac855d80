"""Widgets worth owning: big rounded buttons, dice faces, the spinner wheel, hold-to-confirm,
the status bar. Their look lives in ``ui/theme.kv`` (loaded once by the app).

Imported lazily (``from ui.widgets import DiceFace`` works): the home screen needs only the
button and the status bar, and every module imported before the first frame costs start-up time.
"""

from importlib import import_module

_MODULES = {
    "BigButton": "big_button",
    "DiceFace": "dice_face",
    "HoldButton": "hold_button",
    "SpinnerWheel": "spinner_wheel",
    "StatusBar": "status_bar",
}

__all__ = list(_MODULES)


def __getattr__(name):
    if name in _MODULES:
        return getattr(import_module(f"{__name__}.{_MODULES[name]}"), name)
    raise AttributeError(name)
