"""Physical inputs for Mafia Table Companion: GPIO buttons, RFID readers, the systemd appliance.

The UI starts one ``Hub`` and polls its queue from the Kivy clock; adapters run in their own
threads and never touch widgets. This package imports ``companion`` only for types.
"""

from .commands import (
    KEY_MAP,
    Back,
    Command,
    Message,
    Next,
    PowerMenu,
    Roll,
    StatusChanged,
    TagSeen,
    Undo,
    Vote,
    command_for_key,
)
from .config import HardwareConfig, HardwareConfigError, load_config


def __getattr__(name: str):
    # Lazy, so that `python -m hardware.rfid` / `hardware.buttons` run their module only once.
    if name == "Hub":
        from .hub import Hub

        return Hub
    raise AttributeError(f"module 'hardware' has no attribute {name!r}")

__all__ = [
    "KEY_MAP",
    "Back",
    "Command",
    "Hub",
    "HardwareConfig",
    "HardwareConfigError",
    "Message",
    "Next",
    "PowerMenu",
    "Roll",
    "StatusChanged",
    "TagSeen",
    "Undo",
    "Vote",
    "command_for_key",
    "load_config",
]
