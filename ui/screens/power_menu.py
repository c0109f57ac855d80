"""Shut down or restart the table cleanly (from settings, or BACK + NEXT held on the box).

Both are hold-to-confirm; NEXT on the box shuts down (the menu was opened by a deliberate
two-button hold, this is the confirmation), BACK cancels. The call goes through
``hardware.power`` (systemctl via logind); when it cannot, its sentence is shown here."""

from __future__ import annotations

from kivy.app import App
from kivy.properties import StringProperty
from kivy.uix.screenmanager import Screen

from ui.screens import load_kv
from ui.widgets.hold_button import HoldButton  # noqa: F401  (used by power_menu.kv)

load_kv(__file__)


class PowerMenuScreen(Screen):
    phase = StringProperty("Shut down or restart")
    error = StringProperty("")
    status = StringProperty("")

    def prepare(self, **_):
        self.error = ""
        self.status = ""

    def power_off(self) -> None:
        self._run("power_off", "Shutting down… wait until the screen goes dark before unplugging.")

    def reboot(self) -> None:
        self._run("reboot", "Restarting…")

    def _run(self, what: str, saying: str) -> None:
        import hardware.power as power  # looked up at the call: tests replace it

        self.error = ""
        # every action is committed before it is shown (the store): nothing to save first
        try:
            problem = getattr(power, what)()
        except Exception as error:  # never a traceback on the screen
            problem = f"The table could not {'shut down' if what == 'power_off' else 'restart'}: {error}."
        if problem:
            self.error = problem
            self.status = ""
        else:
            self.status = saying

    def cancel(self) -> None:
        App.get_running_app().back()

    def handle_command(self, command) -> bool:
        from hardware.commands import Next, PowerMenu, Roll, Vote

        if isinstance(command, Next):
            self.power_off()
            return True
        return isinstance(command, (Roll, Vote, PowerMenu))  # nothing else acts while this asks


SCREEN = PowerMenuScreen
