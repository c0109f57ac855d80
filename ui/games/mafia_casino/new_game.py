"""A new Mafia Casino table: 2 to 6 players from the remembered names (or new ones typed on the
on-screen keyboard), token-free (the app is the only bank) or token-tracked (the app says which
physical tokens change hands). A resumed game goes straight to the table."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import BooleanProperty, ListProperty, StringProperty

from companion import box
from companion.engine import TABLE as TABLE_AUDIENCE
from companion.errors import CompanionError
from ui.game_screen import GameScreen
from ui.screens import load_kv
from ui.widgets.big_button import BigButton
from ui.widgets.name_keypad import NameKeypad, remember_typed  # noqa: F401  (NameKeypad: a kv class)

from . import logic as L
from . import widgets  # noqa: F401  (the shared Casino kv rules)

load_kv(__file__)


class CasinoNewGameScreen(GameScreen):
    game = L.GAME
    follows_route = False
    chosen = ListProperty([])
    tokens = BooleanProperty(True)
    typing = BooleanProperty(False)
    open_game = StringProperty("")  # "Continue Anna, Ben and Cleo's game" when one is open
    chosen_text = StringProperty("")

    def prepare(self, game: str = L.GAME, game_id: int | None = None, chosen=None, **_):
        """No game yet on this screen (it starts one): the names, or a resumed game's own screen."""
        self.error = ""
        self.typing = False
        if game_id is not None:  # Resume: straight to where the game stands, once this route has finished
            Clock.schedule_once(lambda *_: self._open(self.table.open(L.GAME, game_id)), 0)
            return
        if chosen is not None:
            self.chosen = list(chosen)
        current = self.table.sessions.get(L.GAME)
        if current is not None and current.outcome() is None:
            self.open_game = L.continue_label([p.name for p in current.view(TABLE_AUDIENCE).players])
        else:
            self.open_game = ""
        self.set_phase("New casino table")
        self.refresh_names()

    def _open(self, session) -> None:
        """The game's own screen (the manifest's route); the phones follow it."""
        watch = getattr(self.table.app_services, "watch_phones", None)
        if watch is not None:
            watch(session)  # phones show each seat's safe and cards (ui/phones/pages.py)
        self.session = session
        self.go(L.route(session))

    # -- names ----------------------------------------------------------------------------------
    def refresh_names(self) -> None:
        if "names" not in self.ids:
            return
        grid = self.ids.names
        known = self.table.store.players()
        for name in self.chosen:
            if name not in known:
                known.append(name)
        if hasattr(self, "name_buttons") and list(self.name_buttons)[:-1] == known:  # same names: update in place
            for name, b in self.name_buttons.items():
                chosen = name in self.chosen
                b.variant = "selected" if chosen else ("ghost" if name == "+" else "secondary")
                b.disabled = not chosen and len(self.chosen) >= L.MAX_PLAYERS
            self._chosen_text()
            return
        grid.clear_widgets()
        self.name_buttons = {}
        for name in known:
            chosen = name in self.chosen
            b = BigButton(text=name, variant="selected" if chosen else "secondary",
                          disabled=not chosen and len(self.chosen) >= L.MAX_PLAYERS)
            b.bind(on_release=lambda w, n=name: self.toggle(n))
            self.name_buttons[name] = b
            grid.add_widget(b)
        add = BigButton(text="+ New name", variant="ghost", disabled=len(self.chosen) >= L.MAX_PLAYERS)
        add.bind(on_release=lambda *_: self.start_typing())
        self.name_buttons["+"] = add
        grid.add_widget(add)
        self._chosen_text()

    def _chosen_text(self) -> None:
        self.chosen_text = ("  ".join(f"{i + 1}. {n}" for i, n in enumerate(self.chosen))
                            if self.chosen else "Tap the players in seating order, first player first.")

    def toggle(self, name: str) -> None:
        self.error = ""
        if name in self.chosen:
            self.chosen = [n for n in self.chosen if n != name]
        elif len(self.chosen) < L.MAX_PLAYERS:
            self.chosen = self.chosen + [name]
        self.refresh_names()

    # -- the on-screen keyboard ----------------------------------------------------------------------
    def start_typing(self) -> None:
        self.error = ""
        self.ids.keypad.text = ""
        self.typing = True

    def cancel_typing(self) -> None:
        self.typing = False

    def add_name(self) -> None:
        name, self.error = remember_typed(self.table.store, self.ids.keypad.text)
        if not name:
            return
        self.typing = False
        if name not in self.chosen and len(self.chosen) < L.MAX_PLAYERS:
            self.chosen = self.chosen + [name]
        self.refresh_names()

    # -- starting -------------------------------------------------------------------------------
    def set_tokens(self, on: bool) -> None:
        self.tokens = on

    def start(self) -> None:
        self.error = ""
        if not L.MIN_PLAYERS <= len(self.chosen) <= L.MAX_PLAYERS:
            self.error = f"Mafia Casino is for 2 to 6 players: choose {'at least two' if len(self.chosen) < 2 else 'six at most'}."
            return
        try:
            session = self.table.start(L.GAME, {"players": list(self.chosen), "tokens": self.tokens,
                                                **box.config(self.table.store, L.GAME)})
        except CompanionError as err:
            self.error = str(err)
            return
        self.chosen = []
        self._open(session)

    def open_box(self) -> None:
        """The Market Value cards and constructions of your copy of the game (ui/screens/your_box.py)."""
        self.table.app_services.open_overlay("your_box", game=L.GAME)

    def continue_game(self) -> None:
        session = self.table.sessions.get(L.GAME)
        if session is not None:
            self._open(session)

    # -- hardware: a player's tag chooses (or un-chooses) that player; NEXT starts ----------------
    def on_tag(self, uid: str) -> bool:
        if self.typing:
            return False
        binding = self.table.store.tag(uid)
        if binding is None or binding.kind != "player":
            return False
        if binding.ref not in self.chosen and len(self.chosen) >= L.MAX_PLAYERS:
            self.error = f"Six players at most: {binding.ref} cannot join this table."
        else:
            self.toggle(binding.ref)
        return True

    def on_next(self) -> bool:
        if not self.typing and L.MIN_PLAYERS <= len(self.chosen) <= L.MAX_PLAYERS:
            self.start()
            return True
        return False

    def on_undo(self) -> bool:
        return False  # nothing recorded here yet


SCREEN = CasinoNewGameScreen
