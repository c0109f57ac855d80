"""Register an RFID tag: bind it to a remembered player or to a card; list and unbind tags.

An unknown tag on the reader opens this screen over whatever the table was doing
(``app.open_overlay``); Done / BACK returns there as it was. Bindings are stored with
``store.bind_tag(uid, "player" | "card", ref)``; card refs are ``mafia-plus:<character id>``
or ``other:<name>`` (ui/screens/shell_text.py). Names are typed on an on-screen keyboard.
Only reachable when a reader is configured (no RFID anywhere otherwise)."""

from __future__ import annotations

from kivy.app import App
from kivy.properties import BooleanProperty, ListProperty, OptionProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.errors import CompanionError
from ui.screens import load_kv
from ui.screens.shell_text import binding_label, mafia_plus_cards, other_card_ref, short_uid, suit_markup
from ui.widgets.big_button import BigButton
from ui.widgets.name_keypad import NameKeypad  # noqa: F401  (kv class: the one keypad)
from ui.widgets.hold_button import HoldButton  # noqa: F401  (used by register_tag.kv)

load_kv(__file__)


class TagBindingRow(BoxLayout):
    uid = StringProperty("")
    label = StringProperty("")
    uid_text = StringProperty("")
    __events__ = ("on_unbind",)

    def on_unbind(self):
        pass


class RegisterTagScreen(Screen):
    phase = StringProperty("RFID tags")
    uid = StringProperty("")  # the new tag being registered ("" = just the list)
    tab = OptionProperty("bound", options=["players", "cards", "bound"])
    typing = OptionProperty("", options=["", "player", "card"])
    typed = StringProperty("")
    message = StringProperty("")
    error = StringProperty("")
    bound_count = StringProperty("")
    done_bind = BooleanProperty(False)  # the new tag was bound: Done returns
    choices = ListProperty([])

    def prepare(self, uid: str = "", **_):
        self.on_typing()
        self.uid = uid
        self.typing = ""
        self.typed = ""
        self.error = ""
        self.done_bind = False
        if uid:
            self.message = f"New tag {short_uid(uid)}: who or what is it? Tap a name or a card."
            self.tab = "players"
        else:
            self.message = "Put a new tag on the reader to register it."
            self.tab = "bound"
        self.refresh()

    def on_tab(self, *_):
        self.refresh()

    def on_typing(self, *_):
        """The list or the keyboard: only one of them is in the tree (a hidden widget
        would still take taps)."""
        if not hasattr(self, "_scroll"):
            self._scroll, self._keyboard = self.ids.scroll.__self__, self.ids.keyboard.__self__
        body = self.ids.body
        show, hide = (self._keyboard, self._scroll) if self.typing else (self._scroll, self._keyboard)
        if hide.parent is not None:
            body.remove_widget(hide)
        if show.parent is None:
            body.add_widget(show)

    def refresh(self) -> None:
        app = App.get_running_app()
        tags = app.store.tags()
        self.bound_count = str(len(tags))
        grid, rows = self.ids.choices, self.ids.bindings
        grid.clear_widgets()
        rows.clear_widgets()
        grid.cols = 2 if self.tab == "cards" else 3  # card names are long ("7♡ Poor Bloody Infantry")
        if self.tab == "players":
            for name in app.store.players():
                grid.add_widget(self._choice(name, lambda n=name: self.bind_tag("player", n)))
            grid.add_widget(self._choice("New player…", lambda: self.start_typing("player"), "ghost"))
        elif self.tab == "cards":
            for card in mafia_plus_cards():
                grid.add_widget(self._choice(card.label, lambda r=card.ref: self.bind_tag("card", r), card=True))
            grid.add_widget(self._choice("Other card…", lambda: self.start_typing("card"), "ghost"))
        else:
            for binding in tags:
                row = TagBindingRow(uid=binding.uid, label=suit_markup(binding_label(binding.kind, binding.ref)),
                                    uid_text=short_uid(binding.uid))
                row.bind(on_unbind=lambda r: self.unbind_tag(r.uid))
                rows.add_widget(row)
        self.ids.scroll.scroll_y = 1

    def _choice(self, text: str, action, variant: str = "secondary", card: bool = False) -> BigButton:
        button = BigButton(text=suit_markup(text) if card else text, variant=variant, markup=card)
        button.bind(on_release=lambda *_: action())
        button.disabled = not self.uid and variant != "ghost"
        return button

    # -- binding --------------------------------------------------------------------------
    def bind_tag(self, kind: str, ref: str) -> None:
        if not self.uid:
            self.error = "Put the tag on the reader first."
            return
        app = App.get_running_app()
        self.error = ""
        try:
            if kind == "player":
                app.store.add_player(ref)
            app.store.bind_tag(self.uid, kind, ref)
        except CompanionError as error:
            self.error = str(error)
            return
        self.message = f"Tag {short_uid(self.uid)} is now {binding_label(kind, ref)}."
        self.uid = ""
        self.done_bind = True
        self.typing = ""
        if self.tab == "bound":
            self.refresh()
        self.tab = "bound"

    def unbind_tag(self, uid: str) -> None:
        try:
            App.get_running_app().store.unbind_tag(uid)
        except CompanionError as error:
            self.error = str(error)
            return
        self.message = f"Tag {short_uid(uid)} is free again."
        self.refresh()

    # -- the on-screen keyboard --------------------------------------------------------------
    def start_typing(self, kind: str) -> None:
        self.typing = kind
        self.typed = ""
        self.error = ""
        self.ids.key_rows.text = ""

    def finish_typing(self) -> None:
        name = " ".join(self.typed.split())
        if not name:
            self.error = "Type a name first."
            return
        kind = self.typing
        self.bind_tag("player" if kind == "player" else "card", name if kind == "player" else other_card_ref(name))

    def cancel_typing(self) -> None:
        self.typing = ""
        self.error = ""

    def done(self) -> None:
        App.get_running_app().back()

    # -- hardware -------------------------------------------------------------------------
    def handle_command(self, command) -> bool:
        from hardware.commands import Next, Roll, TagSeen, Vote

        if isinstance(command, TagSeen):
            binding = App.get_running_app().store.tag(command.uid)
            if binding is None:
                self.prepare(uid=command.uid)
            else:
                self.uid = ""
                self.message = f"Tag {short_uid(command.uid)} is {binding_label(binding.kind, binding.ref)}."
                self.tab = "bound"
            return True
        if isinstance(command, Next) and self.done_bind:
            self.done()
            return True
        return isinstance(command, (Roll, Vote, Next))

    def sample_route(self, app):
        """For --screenshot: a new tag to register, with a few remembered players."""
        from ui.controller import Route

        if app.sample:
            for name in ("Anna", "Bruno", "Carla", "Dario", "Elena"):
                app.store.add_player(name)
        return Route("register_tag", {"uid": "0011259375"})


SCREEN = RegisterTagScreen
