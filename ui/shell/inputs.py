"""The app's inputs: the hardware hub (buttons, reader) polled on the UI thread, each command
offered first to the current screen, the keyboard stand-ins and the touch that wakes a dimmed
panel. A mixin of ``ui.app.CompanionApp`` (docs/hardware.md)."""

from __future__ import annotations

import logging

from kivy.clock import Clock

log = logging.getLogger("ui.app")

POLL_HZ = 30


def _typing_in_a_text_field() -> bool:
    """A focused TextInput owns the keys (a name being typed): no stand-ins then."""
    try:
        from kivy.uix.behaviors.focus import FocusBehavior

        return any(w is not None and getattr(w, "focus", False) for w in FocusBehavior._keyboards.values())
    except Exception:
        return False


class InputsMixin:
    def _start_hardware(self) -> None:
        try:
            from hardware import Hub

            self.hub = Hub().start()
        except Exception as error:  # the hub promises not to raise; an import error still might
            log.exception("the hardware hub could not start")
            self.hub = None
            self.hub_error = str(error) or type(error).__name__
            self.add_problems([f"The buttons and reader could not start ({self.hub_error}); "
                               f"the keyboard stand-ins work."])
        else:
            self.add_problems(self.hub.problems)
        self._set_connections(self.hub.status if self.hub is not None else None)
        self._poll_event = Clock.schedule_interval(self._poll_hardware, 1 / POLL_HZ)

    def _set_connections(self, hub_status: str | None) -> None:
        if hub_status:
            self.connections = hub_status
        else:
            self.connections = "buttons: keyboard stand-ins" if (self.hub_error or self.hub is not None
                                                                 or self.screenshot) else "starting buttons…"

    @property
    def has_reader(self) -> bool:
        """An RFID reader is configured: only then does the UI mention tags at all."""
        return self.hub is not None and self.hub.has_reader

    # -- hardware commands ------------------------------------------------------------------
    def _poll_hardware(self, _dt=0.0) -> None:
        hub = self.hub
        if hub is None:
            return
        from hardware import StatusChanged, TagSeen
        from ui.phones.table import PhoneJob

        was_blank = hub.screen_blanked
        for message in hub.poll():
            if was_blank and not isinstance(message, (StatusChanged, TagSeen, PhoneJob)):
                continue  # the press that woke the screen does nothing else
            self.dispatch_command(message)

    def dispatch_command(self, command) -> bool:
        """One command from a button, key or reader, on the UI thread; True if something used it.

        The current screen's ``handle_command`` goes first; what it leaves is handled here.
        A failing screen handler is logged, never allowed to stop the clock (the app would die).
        """
        from hardware import Back, PowerMenu, StatusChanged, TagSeen, Undo
        from ui.phones.table import PhoneJob

        if isinstance(command, PhoneJob):  # a phone's action: on the table thread, before anything
            command.run()
            return True
        if isinstance(command, StatusChanged):
            self._set_connections(command.text)
            return True
        try:
            if self.sound_panel is not None and isinstance(command, Back):
                self.close_sound_panel()
                return True
            screen = self.manager.current_screen
            handler = getattr(screen, "handle_command", None)
            if handler is not None and handler(command):
                return True
            if isinstance(command, Back):
                if self.manager.current == "home":
                    return False
                self.back()
                return True
            if isinstance(command, Undo):
                request = getattr(screen, "request_undo", None)
                if request is None:
                    return False
                request()  # the same one question as the screen's Undo button
                return True
            if isinstance(command, TagSeen):
                return self._tag_seen(command.uid)
            if isinstance(command, PowerMenu):
                self.open_overlay("power_menu")
                return True
        except Exception:
            log.exception("a hardware command failed on screen %s", self.manager.current)
        return False

    def _tag_seen(self, uid: str) -> bool:
        binding = self.store.tag(uid)
        if binding is not None:
            self.last_tag = (uid, binding)  # known: the screen had its chance (handle_command)
            return False
        if not self.has_reader:
            return False
        self.open_overlay("register_tag", uid=uid)
        return True

    # -- keyboard stand-ins and touches ------------------------------------------------------
    def _on_key_down(self, _window, key, _scancode=None, _codepoint=None, modifiers=()):
        if any(m in ("ctrl", "alt", "meta", "super") for m in (modifiers or ())):
            return False
        if _typing_in_a_text_field():
            return False
        from kivy.core.window import Keyboard

        name = Keyboard.keycode_to_string(Keyboard, key)
        if not name:
            return False
        if name in self._keys_down:
            return self._stands_in(name)  # key repeat while held: one press is one command
        self._keys_down.add(name)
        if self.hub is not None:
            return self.hub.key(name)
        from hardware import command_for_key

        command = command_for_key(name)
        if command is None:
            return False
        self.dispatch_command(command)
        return True

    def _on_key_up(self, _window, key, *_):
        from kivy.core.window import Keyboard

        self._keys_down.discard(Keyboard.keycode_to_string(Keyboard, key))
        return False

    @staticmethod
    def _stands_in(name: str) -> bool:
        from hardware import command_for_key

        return command_for_key(name) is not None

    def _on_touch_down(self, _window, _touch):
        self._last_touch = Clock.get_boottime()
        hub = self.hub
        return bool(hub is not None and hub.activity())  # True swallows the touch that woke the panel

