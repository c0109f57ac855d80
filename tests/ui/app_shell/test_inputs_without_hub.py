"""The shell's inputs when the hardware hub could not start (ui/shell/inputs.py), in-process: the
robot cannot make the hub fail for real, so this reaches inside (it proves the wiring, not the
table). The keys then map straight to commands; the problem is one sentence; the status says the
keyboard stands in."""

from __future__ import annotations

import sys
import types

import hardware
from hardware import Roll, command_for_key
from ui.shell.inputs import InputsMixin


class _Shell(InputsMixin):
    def __init__(self):
        self.hub = None
        self.hub_error = ""
        self.screenshot = False
        self.connections = ""
        self.problems: list[str] = []
        self.commands: list = []
        self._keys_down: set[str] = set()

    def add_problems(self, problems):
        self.problems += list(problems)

    def dispatch_command(self, command):
        self.commands.append(command)
        return True


def _no_window_keyboard(monkeypatch):
    """Kivy's Keyboard names without opening a window (importing kivy.core.window would)."""
    fake = types.ModuleType("kivy.core.window")

    class Keyboard:
        @staticmethod
        def keycode_to_string(_cls, key):
            return {114: "r", 32: "spacebar"}.get(key, "")

    fake.Keyboard = Keyboard
    monkeypatch.setitem(sys.modules, "kivy.core.window", fake)


def test_a_hub_that_could_not_start_is_one_sentence_and_the_keyboard_stands_in(monkeypatch):
    def broken():
        raise OSError("no GPIO chip")

    monkeypatch.setattr(hardware, "Hub", broken)
    shell = _Shell()
    shell._start_hardware()
    try:
        assert shell.hub is None
        assert shell.problems == ["The buttons and reader could not start (no GPIO chip); the keyboard stand-ins work."]
        assert shell.connections == "buttons: keyboard stand-ins"
        assert shell.has_reader is False
    finally:
        shell._poll_event.cancel()


def test_without_a_hub_the_key_map_still_drives_the_screen(monkeypatch):
    _no_window_keyboard(monkeypatch)
    shell = _Shell()
    assert shell._on_key_down(None, 114) is True
    assert isinstance(shell.commands[-1], Roll) and isinstance(command_for_key("r"), Roll)
    assert shell._on_key_down(None, 114) is True and len(shell.commands) == 1  # held: one press, one command
