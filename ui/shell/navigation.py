"""The app's navigation: screens created on first visit (a game screen handed the table host),
routes carried out, Back, overlays that return to the screen as it was, the screens Home leads
to built while Home sits idle, and Home and those screens prepared again while the table rests.
The flow itself is decided by ``ui.controller.Controller``. A mixin of ``ui.app.CompanionApp``."""

from __future__ import annotations

import importlib
import logging

from kivy.clock import Clock

from companion.errors import CompanionError
from ui.controller import SCREENS, Route

log = logging.getLogger("ui.app")

#: Screens that sit over whatever the table was doing and go back to it exactly as it was.
OVERLAY_SCREENS = ("register_tag", "power_menu")


def freeze_garbage() -> None:
    """Exempt everything alive now (Kivy, the screens built so far) from the garbage collector's
    full passes: those walk every object, and with the screens built they took tens of ms (seconds
    on a busy machine) in the middle of an animation frame. Objects made later are collected as
    usual; a frozen one that is dropped is simply never freed (they live as long as the app)."""
    import gc

    gc.collect()
    gc.freeze()


#: seconds without a touch before the table counts as resting: the collector's full pass runs then
GC_REST = 2.0


def full_passes_at_rest_only() -> None:
    """No full (oldest generation) collection on its own: the young generations are collected as
    usual (cheap), the full pass only when the table rests (``NavigationMixin._collect_at_rest``),
    never inside a tap or an animation frame."""
    import gc

    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, 1_000_000)


class NavigationMixin:
    def _collect_at_rest(self, *_) -> None:
        """Once per rest (GC_REST without a touch), a full collection of what is not frozen."""
        import gc

        rested = Clock.get_boottime() - self._last_touch >= GC_REST
        if rested and self._last_touch != getattr(self, "_collected_after", None):
            self._collected_after = self._last_touch
            gc.collect()

    # -- screens built before they are needed -------------------------------------------------
    #: Screens the table opens from Home, built while Home sits idle so that their first opening
    #: is a switch, not an import + kv parse + build (hundreds of ms here, seconds on a Pi).
    #: (Contract's card opens the round, which moves on to its new game screen when no game runs.)
    PREBUILD = ("dice", "settings", "history", "dice_entry", "contract_new")
    #: Of those, the ones whose ``prepare`` only reads (no game started, nothing written, no
    #: screen change): prepared early too, with the route Home's tap gives, at the size shown.
    #: The tap then only switches screens, as long as nothing they read has changed since
    #: (``table_stamp``). A game screen's ``prepare`` opens or starts its game: never early.
    PREPARE_EARLY = ("mafia_plus_setup", "il_capo_new", "mafia_casino_new", "mafia_sicily_setup",
                     "settings", "history")
    PREBUILD_IDLE = 0.5  # seconds without a touch before the next piece is built

    def _prebuild_later(self) -> None:
        from kivy.core.window import Window

        from ui.controller import GAME_ENTRY

        if self.screenshot:
            return
        names = [*dict.fromkeys([*GAME_ENTRY.values(), *self.PREBUILD])]
        # one piece per step: import a screen's module (its kv too), build the screen, prepare it
        self._prebuild = [(kind, n) for n in names if n in SCREENS for kind in ("import", "build", "prepare")
                          if kind != "prepare" or n in self.PREPARE_EARLY]
        self._last_touch = self._last_frame = Clock.get_boottime()
        Window.bind(on_flip=self._frame_drawn)
        self.table.follow(lambda _session, _events: self._prepare_again_later())  # a commit: Home's words change
        self._step_later(self.PREBUILD_IDLE)
        full_passes_at_rest_only()
        self._gc_event = Clock.schedule_interval(self._collect_at_rest, GC_REST / 2)

    def _frame_drawn(self, *_) -> None:
        self._last_frame = Clock.get_boottime()

    def _step_later(self, seconds: float) -> None:
        if self._step_event is not None:
            self._step_event.cancel()
        self._step_event = Clock.schedule_once(self._prebuild_step, seconds)

    def _prepare_again_later(self) -> None:
        """A change of screen or a commit: what the early-prepared screens read may have changed.
        At the next rest the ones whose preparation was used or is stale are prepared again
        (``_stale``); nothing is computed here, in the tap."""
        if self.screenshot or not self.services_started:
            return
        self._recheck = True
        if not self._prebuild:
            self._step_later(self.REST)

    def _stale(self) -> list[tuple[str, str]]:
        """The preparations to do again now: Home first when it is not showing (Back leads there
        from everywhere, so going back costs only a switch), then the screens Home leads to.
        Never the screen showing, nor one an overlay returns to as it was."""
        stamp = self.table_stamp()
        current = self.manager.current
        kept = self.current_route.params.get("return_to")
        names = ["home", *self.PREPARE_EARLY] if current != "home" else list(self.PREPARE_EARLY)
        return [("prepare", n) for n in names if n != current and (kept is None or n != kept.screen)
                and self.manager.has_screen(n) and not self._ready(n, stamp) and ("prepare", n) not in self._prebuild]

    def _ready(self, name: str, stamp: tuple) -> bool:
        """Screen ``name`` was prepared with what the table holds now (``stamp``)."""
        if name == "home":
            return self.manager.get_screen("home").filled_with == stamp
        return name in self.prebuilt and self.prebuilt[name][1] == stamp

    def early_route(self, name: str) -> Route:
        """The route a tap on Home gives for screen ``name``."""
        from ui.controller import GAME_ENTRY

        for game, entry in GAME_ENTRY.items():
            if entry == name and self.controller.has_screens(game):
                return self.controller.open_game(game)
        return Route(name)

    def table_stamp(self) -> tuple:
        """What the early-prepared screens read, in a few numbers: the store's writes (this
        connection's count and SQLite's data version for the others), the games open, the
        phones' server, the window size. Equal stamps: a prepare now would show the same."""
        stamp: tuple = (tuple((k, id(v)) for k, v in sorted(self.sessions.items())),
                        bool(getattr(self.phones, "running", False)), tuple(self.manager.size))
        try:
            conn = self.store.db.conn
            stamp += (conn.total_changes, conn.execute("PRAGMA data_version").fetchone()[0])
        except Exception:  # no store to read: never trust an early preparation then
            stamp += (object(),)
        return stamp

    #: seconds without a touch and without a new frame (nothing moves: a tumble draws every
    #: 60 ms) before the next screen is prepared early: the table rests
    REST = 0.2

    def _prebuild_step(self, *_):
        """Build or prepare the next piece while the table rests. Imports and builds wait for
        Home untouched for PREBUILD_IDLE; a preparation runs on any screen but the one showing
        (and the one an overlay returns to) once nobody touched it and nothing moved for REST
        (a result still tumbling after its tap is no rest), one per clock tick."""
        self._step_event = None
        if self._stopping:
            return
        now = Clock.get_boottime()
        rest = self.REST - min(now - self._last_touch, now - self._last_frame)
        if self._recheck:
            if rest > 0:
                self._step_later(max(rest, 0.02))
                return
            self._recheck = False
            self._prebuild[:0] = self._stale()  # before any build still waiting for Home
        if not self._prebuild:
            if not self._frozen:
                self._frozen = True  # once: later garbage is collected at rest (GC_REST), not frozen for good
                freeze_garbage()
            return
        kind, name = self._prebuild[0]
        if kind == "prepare":
            wait = rest
        else:
            wait = self.PREBUILD_IDLE - (now - self._last_touch) if self.manager.current == "home" else self.PREBUILD_IDLE
        if wait > 0:
            self._step_later(max(wait, 0.02))
            return
        self._prebuild.pop(0)
        kept = self.current_route.params.get("return_to")
        try:
            if kind == "import":
                importlib.import_module(SCREENS[name])
            elif kind == "build":
                screen = self.screen(name)
                screen.size = self.manager.size  # laid out at the size it will show, while Home waits
            elif name != self.manager.current and (kept is None or name != kept.screen):
                self._prepare_early(name)
        except Exception:  # the real opening will show what is wrong; building early is only a bonus
            log.exception("building the %s screen early failed", name)
            self.prebuilt.pop(name, None)
        # the next piece in the next tick (a preparation), a little later (a build)
        self._step_later(1 / 120 if not self._prebuild or self._prebuild[0][0] == "prepare" else 0.05)

    def _prepare_early(self, name: str) -> None:
        screen = self.screen(name)
        route = self.early_route(name)
        phase = self.status.phase
        screen.size = self.manager.size
        screen.prepare(**dict(route.params))
        self.status.phase = phase  # the status line stays the showing screen's
        if name != "home":  # Home is always prepared when shown: it keeps its own stamp (filled_with)
            self.prebuilt[name] = (route, self.table_stamp())

    # -- navigation -----------------------------------------------------------------------
    def screen(self, name: str):
        """The screen called ``name``, importing and creating it on first use (a game screen is
        handed the table host)."""
        if not self.manager.has_screen(name):
            module = importlib.import_module(SCREENS[name])
            screen = module.SCREEN(name=name)
            if hasattr(screen, "table"):
                screen.table = self.table
            self.manager.add_widget(screen)
        return self.manager.get_screen(name)

    def go(self, route: Route) -> None:
        screen = self.screen(route.screen)
        early = self.prebuilt.pop(route.screen, None)
        if early is not None and early[0] == route and early[1] == self.table_stamp():
            pass  # prepared while Home sat idle, and nothing it reads has changed since: only switch
        elif hasattr(screen, "prepare"):
            try:
                screen.prepare(**dict(route.params))
            except CompanionError as error:  # e.g. a game that cannot be resumed: say it at home
                self.go(self.controller.home())
                self.screen("home").show_error(str(error))
                return
        self.current_route = route
        self.manager.current = route.screen
        self.table.show_on(screen)
        self._show_status_for(route.screen, screen)
        self._prepare_again_later()

    def _show_status_for(self, name: str, screen) -> None:
        self.status.show_back = name != "home"
        back_home = self.controller.back(name).screen == "home" and "return_to" not in self.current_route.params
        self.status.back_text = "‹ Home" if back_home else "‹ Back"
        self.status.phase = getattr(screen, "phase", "")

    def back(self) -> None:
        route = self.current_route
        back_to = route.params.get("return_to") if route.screen == self.manager.current else None
        if back_to is not None:
            self.return_to(back_to)
        else:
            self.go(self.controller.back(self.manager.current))

    def return_to(self, route: Route) -> None:
        """Back to a screen left for an overlay, as it was: no ``prepare`` (a game screen
        mid-night keeps its step), only the status line restored."""
        if not self.manager.has_screen(route.screen):
            self.go(route)
            return
        screen = self.manager.get_screen(route.screen)
        self.current_route = route
        self.manager.current = route.screen
        self.table.show_on(screen)
        self._show_status_for(route.screen, screen)
        self._prepare_again_later()

    def open_game(self, game: str) -> None:
        self.go(self.controller.open_game(game))

    def resume(self, game: str, game_id: int) -> None:
        self.go(self.controller.resume(game, game_id))

    def set_phase(self, text: str) -> None:
        self.status.phase = text

    def open_overlay(self, screen: str, **params) -> None:
        """Open register_tag / power_menu over the current screen; Back returns to it as it was."""
        if self.manager.current == screen:
            self.go(Route(screen, {**dict(self.current_route.params), **params}))
            return
        self.go(Route(screen, {**params, "return_to": self.current_route}))

    # -- sessions -------------------------------------------------------------------------
    def session_for(self, game: str, game_id: int | None = None):
        """The running session of ``game`` (``ui.table.TableHost.open``), for the screens not yet
        on the game screen base: the one asked for, the one open unless finished, the newest
        unfinished one in the store, or a new one."""
        current = self.sessions.get(game)
        if game_id is None and current is not None and current.outcome() is not None:
            self.table.close(game)
        return self.table.open(game, game_id)

    def end_session(self, game: str) -> None:
        self.table.close(game)

