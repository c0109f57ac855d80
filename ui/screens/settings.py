"""Settings: sound (narration on/off, volume, the night bed's volume, repeat the last
announcement, the voice with a test line),
a live test of the buttons and the reader, phones as private screens on/off, and the ways to
the tags, the history and power.

With no RFID reader configured the screen says nothing about tags (docs/hardware.md)."""

from __future__ import annotations

from kivy.app import App
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from hardware.commands import TagSeen
from ui.screens import load_kv
from ui.screens.shell_text import binding_label, command_name, step_volume, volume_percent
from ui.widgets.big_button import BigButton  # noqa: F401  (used by settings.kv)

load_kv(__file__)

TEST_LINE = "This is the narrator. Everyone, close your eyes."
ESPEAK = "espeak"  # the pick that means espeak-ng (app.VOICE_KEY)


class SettingsLevelRow(BoxLayout):
    """A "Volume  –  70%  +" row (settings.kv): ``on_minus`` / ``on_plus`` when tapped."""

    __events__ = ("on_minus", "on_plus")
    label = StringProperty("")
    value = StringProperty("")

    def on_minus(self):
        pass

    def on_plus(self):
        pass


def voice_choices(voices, espeak_available: bool) -> list[tuple[str, str]]:
    """(pick, label) for every voice the owner can choose: the piper voices found, then espeak-ng.

    >>> from pathlib import Path
    >>> from ui.narration.voices import Voice
    >>> voice_choices([Voice(Path("/v/en_US-joe-medium.onnx"), "shipped")], True)
    [('/v/en_US-joe-medium.onnx', 'joe (en_US, medium), shipped'), ('espeak', 'espeak-ng (robotic but clear)')]
    """
    out = [(str(v.path), v.label) for v in voices]
    if espeak_available:
        out.append((ESPEAK, "espeak-ng (robotic but clear)"))
    return out


def settings_connections(line: str) -> str:
    """The hardware line for the owner, in words: no wired buttons means the keyboard keys stand in.

    >>> settings_connections("buttons: keyboard stand-ins")
    'No physical buttons found. A USB keyboard stands in: Space = NEXT, Backspace = BACK, R = ROLL, U = undo, 1-9 and 0 = seats.'
    """
    if "keyboard stand-ins" in line:
        rest = [p for p in line.split(" · ") if "keyboard stand-ins" not in p]
        words = ("No physical buttons found. A USB keyboard stands in: Space = NEXT, Backspace = BACK, "
                 "R = ROLL, U = undo, 1-9 and 0 = seats.")
        return " · ".join([words] + rest) if rest else words
    return line


class SettingsScreen(Screen):
    phase = StringProperty("Settings")
    volume_text = StringProperty("100%")
    bed_text = StringProperty("50%")
    voice_name = StringProperty("")  # the voice speaking now, short: "joe", "espeak-ng"
    narration_on = BooleanProperty(True)
    can_switch = BooleanProperty(False)
    text_only = BooleanProperty(True)
    sound_text = StringProperty("")
    connections = StringProperty("")
    has_reader = BooleanProperty(False)
    testing = BooleanProperty(False)
    last_pressed = StringProperty("")
    test_detail = StringProperty("")
    message = StringProperty("")
    has_last_line = BooleanProperty(False)
    phones_enabled = BooleanProperty(True)
    phones_line = StringProperty("")  # where phones join, or why they cannot (said when toggled)

    def prepare(self, **_):
        app = App.get_running_app()
        self.testing = False
        self.last_pressed = self.test_detail = self.message = ""
        if not getattr(self, "_bound", False):
            app.bind(volume=self._refresh, bed_volume=self._refresh, narration_on=self._refresh, text_only=self._refresh,
                     text_only_reason=self._refresh, connections=self._refresh, last_line=self._refresh,
                     hub=self._refresh, narrator=self._refresh)
            if app.phones is not None:
                app.phones.bind(running=self._refresh, address=self._refresh, error=self._refresh)
            self._bound = True
        self._refresh()

    def on_leave(self, *_):
        self.testing = False
        view = getattr(self, "_voices_view", None)
        if view is not None:
            view.dismiss()

    def _refresh(self, *_):
        app = App.get_running_app()
        self.volume_text = volume_percent(app.volume)
        self.bed_text = volume_percent(getattr(app, "bed_volume", 0.0))
        narrator = getattr(app, "narrator", None)
        self.voice_name = narrator.voice_name if narrator is not None else "…"
        self.narration_on = app.narration_on
        self.can_switch = app.can_switch_narration()
        self.text_only = app.text_only
        self.sound_text = app.status.sound_text
        self.connections = settings_connections(app.connections)
        self.has_reader = app.has_reader
        self.has_last_line = bool(app.last_line)
        phones = app.phones
        if phones is not None:
            self.phones_enabled = phones.enabled
            if phones.running and not phones.url:
                self.phones_line = phones.address  # no network: the sentence that says so
            elif phones.running:
                self.phones_line = f"Phones join at {phones.address} (the QR code on the deal screen)."
            elif phones.error and self.phones_enabled:
                self.phones_line = phones.error
            else:
                self.phones_line = "Phones are off: every secret is shown on this screen only."
        # no reader configured: no RFID anywhere on the screen (the button is taken out, not greyed)
        if not hasattr(self, "_tags"):
            self._tags = self.ids.tags.__self__  # a strong reference: the button may be out of the tree
        tags, bottom = self._tags, self.ids.bottom
        if self.has_reader and tags.parent is None:
            bottom.add_widget(tags, index=len(bottom.children))
        elif not self.has_reader and tags.parent is not None:
            bottom.remove_widget(tags)

    # -- sound ----------------------------------------------------------------------------
    def switch_narration(self, on: bool) -> None:
        App.get_running_app().set_narration(on)
        self._refresh()

    def step_volume(self, steps: int) -> None:
        app = App.get_running_app()
        app.set_volume(step_volume(app.volume, steps))

    def step_bed(self, steps: int) -> None:
        """The night bed's volume (0% = no bed at night)."""
        app = App.get_running_app()
        app.set_bed_volume(step_volume(app.bed_volume, steps))

    def open_voices(self, note: str = "") -> None:
        """The voice chooser: every voice found (shipped, the owner's folder, system-wide) and
        espeak-ng; tapping one switches to it and says the test line with it."""
        from kivy.uix.modalview import ModalView

        from ui.narration import EspeakSynthesizer
        from ui.narration.voices import find_voices
        import ui.theme as th
        from ui.theme import THEME as T

        app = App.get_running_app()
        narrator = getattr(app, "narrator", None)
        current = narrator.describe if narrator is not None else "starting"
        header = note or f"Speaking now: {current}"
        choices = voice_choices(find_voices(), EspeakSynthesizer().is_available())
        view = ModalView(size_hint=(0.9, 0.9), auto_dismiss=True)
        box = BoxLayout(orientation="vertical", spacing=th.GAP * T.scale, padding=th.PAD * T.scale)
        from ui.widgets.big_button import BigButton
        from kivy.uix.label import Label

        box.add_widget(Label(text=header, font_name=th.FONT, font_size=th.BODY * T.scale,
                             color=th.MUTED, size_hint_y=None, height=th.TOUCH_MIN * T.scale))
        for pick, label in choices:
            button = BigButton(text=label, size_hint_y=None, height=th.TOUCH_MIN * T.scale,
                               variant="selected" if label.split(",")[0].split(" (")[0] in current else "secondary")
            button.bind(on_release=lambda _b, pick=pick: (view.dismiss(), self.choose_voice(pick)))
            box.add_widget(button)
        self._voices_view = view
        if not choices:
            box.add_widget(Label(text="No voice is installed: every line is shown on screen.",
                                 font_name=th.FONT, font_size=th.BODY * T.scale, color=th.MUTED))
        test = BigButton(text="Test line", size_hint_y=None, height=th.TOUCH_MIN * T.scale)
        test.bind(on_release=lambda _b: (view.dismiss(), self.test_sound(),
                                          self.open_voices(f"Saying the test line with {current}.")))
        close = BigButton(text="Done", variant="primary", size_hint_y=None, height=th.TOUCH_MIN * T.scale)
        close.bind(on_release=lambda _b: view.dismiss())
        row = BoxLayout(size_hint_y=None, height=th.TOUCH_MIN * T.scale, spacing=th.GAP * T.scale)
        row.add_widget(test)
        row.add_widget(close)
        box.add_widget(Label())
        box.add_widget(row)
        view.add_widget(box)
        view.open()

    def choose_voice(self, pick: str) -> None:
        app = App.get_running_app()
        app.set_voice(pick)
        self._refresh()
        narrator = getattr(app, "narrator", None)
        if narrator is None:
            return
        narrator.say(TEST_LINE, chime=True)
        # said in the chooser, which stays open (a message line would squeeze the cards at 800x480)
        self.message = ""
        self.open_voices(f"Now speaking: {narrator.voice_name}." + (" (text only)" if app.text_only else ""))

    def repeat_last(self) -> None:
        line = App.get_running_app().repeat_last()
        self.message = f'Repeating: "{line}"' if line else "Nothing has been announced yet."

    def test_sound(self) -> None:
        """The test line, in the voice speaking now (the chooser's "Test line")."""
        app = App.get_running_app()
        narrator = getattr(app, "narrator", None)
        if narrator is None:
            self.message = "The narrator is still starting; try again in a moment."
            return
        narrator.say(TEST_LINE, chime=True)
        self.message = f'Saying: "{TEST_LINE}"' + ("" if not app.text_only else " (text only)")

    # -- phones ---------------------------------------------------------------------------
    def switch_phones(self, on: bool) -> None:
        """Phones as private screens on or off: off stops the server at once, on starts it."""
        app = App.get_running_app()
        if app.phones is None:
            return
        running = app.phones.set_enabled(on)
        self._refresh()
        # only a failure is said here: a message line squeezes the two cards above it at 800x480
        self.message = app.phones.error if on and not running else ""

    # -- hardware -------------------------------------------------------------------------
    def toggle_testing(self) -> None:
        self.testing = not self.testing
        self.last_pressed = ""
        self.test_detail = ""

    def handle_command(self, command) -> bool:
        """While testing, every press, hold and tag is shown here and does nothing else."""
        if not self.testing:
            return False
        self.last_pressed = command_name(command)
        self.test_detail = ""
        if isinstance(command, TagSeen):
            self.on_tag(command.uid)
        return True

    def on_tag(self, uid: str) -> None:
        """A tag seen while testing: what it is bound to, if anything."""
        binding = App.get_running_app().store.tag(uid)
        self.test_detail = binding_label(binding.kind, binding.ref) if binding else "not bound to anything yet"

    # -- elsewhere ------------------------------------------------------------------------
    def open_tags(self) -> None:
        from ui.controller import Route

        App.get_running_app().go(Route("register_tag"))

    def open_history(self) -> None:
        from ui.controller import Route

        App.get_running_app().go(Route("history"))

    def open_your_box(self) -> None:
        from ui.controller import Route

        App.get_running_app().go(Route("your_box"))

    def open_power(self) -> None:
        from ui.controller import Route

        App.get_running_app().go(Route("power_menu"))


SCREEN = SettingsScreen
