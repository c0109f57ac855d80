"""Your box: the values of the real cards and board that the rulebook does not print, by touch.

Reached from Settings (a game picked with the tabs at the top) and from each game's new-game
screen (opened on that game). Every value is listed with its current value; a value that is still
the shipped default is marked "not in the rulebook — check it against your box" until the table
taps "I checked these against my box". Tapping a value opens its editor: a number pad for numbers
and prices, the shared NameKeypad for names, the rulebook's kinds of skill for an Il Capo skill;
for Mafia (Sicily) the faces 1-6 for die numbers, and for the routes the space names to tap (each
tap adds or takes away a route both ways; "Another space" goes on to the next space's routes, and
Save checks the whole map at once, so a space can be moved in a few taps).
Everything is saved in the database through companion/box.py; a bad value is refused with its
sentence and nothing is saved. Sharing the values as a file: `companion box export/import`.
"""

from __future__ import annotations

from kivy.app import App
from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.scrollview import ScrollView

from companion import box
from ui import theme as th
from ui.screens import load_kv
from ui.theme import THEME
from ui.widgets.big_button import BigButton
from ui.widgets.hold_button import HoldButton  # noqa: F401  (used by your_box.kv)
from ui.widgets.name_keypad import NameKeypad

load_kv(__file__)

DIGITS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0")


class BoxRow(ButtonBehavior, BoxLayout):
    label = StringProperty("")
    value = StringProperty("")
    note = StringProperty("")
    marked = BooleanProperty(False)


class BoxHeading(BoxLayout):
    text = StringProperty("")


class YourBoxScreen(Screen):
    phase = StringProperty("Your box")
    game = StringProperty("")
    games = ListProperty([])  # the games whose tabs show: every game with BOX_FIELDS, or the one opened
    summary = StringProperty("")
    message = StringProperty("")
    editing = BooleanProperty(False)
    edit_label = StringProperty("")
    edit_note = StringProperty("")
    typed = StringProperty("")
    shown = StringProperty("")  # what was typed, as the value will read ($100,000)
    checked = BooleanProperty(False)
    usb = BooleanProperty(False)  # the USB stick bar is showing
    routing = BooleanProperty(False)  # the Sicily routes editor is open ("Another space" shows)

    _names: dict = {}

    def on_typed(self, *_):
        kind = getattr(getattr(self, "_field", None), "kind", "")
        self.shown = box.show("money", int(self.typed)) if kind == "money" and self.typed.isdigit() else self.typed

    def prepare(self, game: str | None = None, **_):
        known = box.games()
        self.games = [game] if game in known else list(known)
        if game in known:
            self.game = game
        elif self.game not in known:
            self.game = known[0]
        self._build_tabs()
        self.message = ""
        self.usb = False
        self._close_editor()
        self.refresh()
        self.ids.scroll.scroll_y = 1

    def _build_tabs(self) -> None:
        """A tab per game that declares its box (companion/box.py reads each game's BOX_FIELDS;
        the tab's words are the game's ``tab``), in their order, before the USB stick's; opened
        from a game's new-game screen, only that game's."""
        row = self.ids.tabs
        for tab in [w for w in row.children if getattr(w, "box_game", None)]:
            row.remove_widget(tab)
        for declared in box.box_games():
            if declared.game not in self.games:
                continue
            tab = BigButton(text=declared.tab, variant="selected" if declared.game == self.game else "secondary")
            tab.box_game = declared.game
            tab.bind(on_release=lambda b: self.pick(b.box_game))
            row.add_widget(tab, index=1)  # after the tabs before it, before the USB stick's
        self._tab_colours()

    def _tab_colours(self) -> None:
        for tab in self.ids.tabs.children:
            if getattr(tab, "box_game", None):
                tab.variant = "selected" if tab.box_game == self.game else "secondary"

    # -- the list ----------------------------------------------------------------------------
    def pick(self, game: str) -> None:
        self.game = game
        self.usb = False
        self.message = ""
        self._close_editor()
        self.refresh()
        self.ids.scroll.scroll_y = 1

    def refresh(self) -> None:
        store = App.get_running_app().store
        saved = box.load(store, self.game)
        self._tab_colours()
        self.phase = f"Your box · {box.title(self.game)}"
        if self.manager is not None and self.manager.current == self.name:
            App.get_running_app().set_phase(self.phase)
        fields = box.fields(self.game, saved.values)
        self._fields = {f.path: f for f in fields}
        self._values = saved.values
        self._names = box.names(self.game, saved.values)
        marked = sum(saved.marked(f) for f in fields)
        self.checked = saved.checked
        if saved.problem:
            self.summary = saved.problem
        elif saved.checked:
            self.summary = f"{len(fields)} values not printed in the rulebook: checked against your box."
        elif marked:
            self.summary = (f"{marked} of {len(fields)} values are our defaults. Tap one to enter what your "
                            f"box shows.")
        else:
            self.summary = f"All {len(fields)} values entered from your box."
        rows = self.ids.rows
        rows.clear_widgets()
        section = None
        for f in fields:
            if f.section != section:
                section = f.section
                rows.add_widget(BoxHeading(text=section))
            row = BoxRow(label=f.label, value=f.text, marked=saved.marked(f),
                         note=box.MARK if saved.marked(f) else ("the default, checked" if f.is_default else
                                                               f"from your box (default {f.default_text})"))
            row.path = f.path
            row.bind(on_release=lambda r: self.open_editor(r.path))
            rows.add_widget(row)

    def check_all(self) -> None:
        box.mark_checked(App.get_running_app().store, self.game)
        self.message = "Checked: the marks are gone. A value you change later is saved as yours."
        self.refresh()

    def reset(self) -> None:
        box.reset(App.get_running_app().store, self.game)
        self.message = f"Back to the defaults for {box.title(self.game)}: check them against your box."
        self._close_editor()
        self.refresh()

    # -- a USB stick ---------------------------------------------------------------------------
    def toggle_usb(self) -> None:
        self.usb = not self.usb
        self.message = (f"Save writes {box.usb_file(self.game)} to the stick; Read takes it back "
                        f"(checked before anything is saved).") if self.usb else ""

    def to_usb(self) -> None:
        try:
            path = box.export_usb(App.get_running_app().store, self.game)
        except box.BoxError as error:
            self.message = str(error)
            return
        self.message = f"Saved to the USB stick: {path.name}."

    def from_usb(self) -> None:
        try:
            path = box.import_usb(App.get_running_app().store, self.game)
        except box.BoxError as error:
            self.message = str(error)
            return
        self.message = f"Read from the USB stick: {path.name}."
        self.refresh()

    # -- one value -----------------------------------------------------------------------------
    def open_editor(self, path: tuple) -> None:
        self.usb = False
        f = self._fields[path]
        self._field = f
        self.typed = ""
        self.edit_label = f"{f.section} · {f.label}" if not f.section.startswith(("Moretti", "The board")) else f.label
        self.edit_note = f"Now {f.text} · default {f.default_text}"
        self.message = ""
        pad = self.ids.pad
        pad.clear_widgets()
        if f.kind in ("number", "money"):
            self.typed = str(f.value)
            self._number_pad(pad, money=f.kind == "money")
        elif f.kind == "name":
            self.typed = ""
            keypad = NameKeypad(max_length=32)
            keypad.text = ""
            keypad.bind(text=lambda _w, text: setattr(self, "typed", text))
            pad.add_widget(keypad)
        elif f.kind == "dice":  # Sicily: the die faces printed on a space or a RETURNS row
            self._dice = set(f.value)
            self.typed = box.show("dice", sorted(self._dice))
            row = BoxLayout(spacing=th.GAP * 1.5 * THEME.scale, size_hint_y=None, height=th.TOUCH * 1.5 * THEME.scale,
                            pos_hint={"center_y": 0.5})
            for face in range(1, 7):
                b = BigButton(text=str(face), variant="selected" if face in self._dice else "secondary",
                              font_size=th.TITLE * THEME.scale)
                b.bind(on_release=lambda _b, n=face: self._toggle_die(n))
                row.add_widget(b)
            holder = BoxLayout(orientation="vertical")
            holder.add_widget(BoxLayout())
            holder.add_widget(row)
            holder.add_widget(BoxLayout())
            pad.add_widget(holder)
        elif f.kind == "space":  # Sicily: which way the arrows leave Palermo
            self._towards = f.value
            self.typed = box.show("space", f.value, self._names)
            row = BoxLayout(spacing=th.GAP * 1.5 * THEME.scale)
            for sid in self._values["spaces"]["palermo"]["neighbours"]:
                b = BigButton(text=box.short_name(self._names[sid]),
                              variant="selected" if sid == f.value else "secondary")
                b.bind(on_release=lambda _b, x=sid: self._choose_towards(x))
                row.add_widget(b)
            pad.add_widget(row)
        elif f.kind == "routes":  # Sicily: the whole map as a draft, one space at a time
            self._draft = {sid: set(e["neighbours"]) for sid, e in self._values["spaces"].items()}
            self._picking = False
            self._route_space = f.path[1]
            self.routing = True
            self._route_grid()
        else:  # a kind of skill, from the rulebook's (IV.5: offensive / defensive; V: on the board)
            self.typed = box.skill_label(*f.value)
            grid = BoxLayout(orientation="vertical", spacing=8)
            for line in (box.SKILL_CHOICES[:3], box.SKILL_CHOICES[3:6], box.SKILL_CHOICES[6:]):
                row = BoxLayout(spacing=8)
                for choice in line:
                    b = BigButton(text=box.skill_label(*choice),
                                  variant="selected" if tuple(choice) == tuple(f.value) else "secondary")
                    b.bind(on_release=lambda _b, c=choice: self._choose_skill(c))
                    row.add_widget(b)
                grid.add_widget(row)
            pad.add_widget(grid)
        self.editing = True

    # -- Sicily: die faces, the arrows, the routes ------------------------------------------------
    def _toggle_die(self, face: int) -> None:
        self._dice ^= {face}
        self.typed = box.show("dice", sorted(self._dice))
        self.message = ""
        for b in self.ids.pad.children[0].children[1].children:
            b.variant = "selected" if int(b.text) in self._dice else "secondary"

    def _choose_towards(self, sid: str) -> None:
        self._towards = sid
        self.typed = box.show("space", sid, self._names)
        for b in self.ids.pad.children[0].children:
            b.variant = "selected" if b.text == self.typed else "secondary"

    def _route_grid(self) -> None:
        """The space names in the board's order: tap one to add or take away its route (or, after
        "Another space", to pick the space whose routes to change)."""
        names, here = self._names, self._route_space
        if self._picking:
            self.edit_label = "Routes · tap the space whose neighbours to change"
            self.typed = ""
        else:
            self.edit_label = f"Routes · the neighbours of {box.short_name(names[here])}"
            self.typed = box.show("routes", self._ordered(self._draft[here]), names)
        self.edit_note = "Tap a name: a route both ways" if not self._picking else "Any space of the board"
        pad = self.ids.pad
        pad.clear_widgets()
        scroll = ScrollView(do_scroll_x=False, bar_width=6 * THEME.scale, bar_color=th.ACCENT)
        grid = GridLayout(cols=3, spacing=th.GAP * THEME.scale, size_hint_y=None,
                          row_default_height=th.TOUCH_MIN * 1.15 * THEME.scale, row_force_default=True)
        grid.bind(minimum_height=grid.setter("height"))
        for sid in names:
            if sid == here and not self._picking:
                continue
            chosen = (sid == here) if self._picking else (sid in self._draft[here])
            b = BigButton(text=box.short_name(names[sid]), variant="selected" if chosen else "secondary")
            b.bind(on_release=lambda _b, x=sid: self._route_tap(x))
            grid.add_widget(b)
        scroll.add_widget(grid)
        pad.add_widget(scroll)

    def _ordered(self, ids) -> list:
        order = list(self._names)
        return sorted(ids, key=order.index)

    def _route_tap(self, sid: str) -> None:
        self.message = ""
        if self._picking:
            self._route_space, self._picking = sid, False
        else:
            here = self._route_space
            if sid in self._draft[here]:
                self._draft[here].discard(sid)
                self._draft[sid].discard(here)
            else:
                self._draft[here].add(sid)
                self._draft[sid].add(here)
        self._route_grid()

    def another_space(self) -> None:
        self._picking = not self._picking
        self._route_grid()

    def _number_pad(self, pad, money: bool) -> None:
        keys = list(DIGITS) + (["000"] if money else []) + ["Delete"]
        half = (len(keys) + 1) // 2
        grid = BoxLayout(orientation="vertical", spacing=8)
        for line in (keys[:half], keys[half:]):
            row = BoxLayout(spacing=8)
            for key in line:
                b = BigButton(text=key)
                b.bind(on_release=lambda _b, k=key: self._key(k))
                row.add_widget(b)
            grid.add_widget(row)
        pad.add_widget(grid)

    def _key(self, key: str) -> None:
        if key == "Delete":
            self.typed = self.typed[:-1]
        elif len(self.typed) < 10:
            self.typed = (self.typed + key).lstrip("0") or "0"
        self.message = ""

    def _choose_skill(self, choice) -> None:
        self._skill = tuple(choice)
        self.typed = box.skill_label(*choice)
        for row in self.ids.pad.children[0].children:
            for b in row.children:
                b.variant = "selected" if b.text == self.typed else "secondary"

    def save(self) -> None:
        f = self._field
        if f.kind in ("number", "money"):
            if not self.typed:
                self.message = f"Type a number for {f.label}."
                return
            value = int(self.typed)
        elif f.kind == "name":
            value = self.typed.strip()
            if not value:
                self.message = f"Type a name for {f.label}, or tap Cancel."
                return
        elif f.kind == "dice":
            value = sorted(self._dice)
        elif f.kind == "space":
            value = self._towards
        elif f.kind == "routes":
            value = {sid: self._ordered(near) for sid, near in self._draft.items()}
        else:
            value = getattr(self, "_skill", tuple(f.value))
        path = ("routes",) if f.kind == "routes" else f.path
        try:
            box.edit(App.get_running_app().store, self.game, path, value)
        except box.BoxError as error:
            self.message = str(error)
            return
        if f.kind == "routes":
            saved = box.load(App.get_running_app().store, self.game).values
            towards = box.show("space", saved["clockwise_from_palermo"], box.space_names(saved))
            self.message = f"Saved: the routes. Clockwise: Palermo → {towards}."
        elif self._names:  # a box that names its spaces (Sicily): the space, then the value
            where = f.section.split(" (")[0] if f.section.startswith("Space") else f.section
            self.message = f"Saved: {where} · {f.label}: {box.show(f.kind, value, self._names)}."
        else:
            self.message = f"Saved: {f.label} {box.show(f.kind, value)}."
        self._close_editor()
        self.refresh()
        self._show_row(f.path)

    def _show_row(self, path: tuple) -> None:
        """The list back where the value was tapped, once it is laid out again."""
        from kivy.clock import Clock

        def go(*_):
            for row in self.ids.rows.children:
                if getattr(row, "path", None) == path:
                    self.ids.scroll.scroll_to(row, padding=40, animate=False)
                    return

        Clock.schedule_once(go, 0.05)

    def cancel(self) -> None:
        self.message = ""
        path = getattr(getattr(self, "_field", None), "path", None)
        self._close_editor()
        if path is not None:
            self._show_row(path)

    def _close_editor(self) -> None:
        self.editing = False
        self.routing = False
        self._skill = None
        if "pad" in self.ids:
            self.ids.pad.clear_widgets()


SCREEN = YourBoxScreen
