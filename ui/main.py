"""``mafia-companion``: start the touchscreen app (or render one screen to a PNG and exit).

Kivy reads its configuration when first imported, so everything here happens before any
``kivy`` import: our own argument parsing (``KIVY_NO_ARGS``), the window size, and exactly one
touch input provider (see ``configure_input``).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Callable, Mapping

SIZES = ("800x480", "1024x600", "1280x720", "720x1280")
ROTATIONS = (0, 90, 180, 270)
#: the same settings for the appliance (/etc/mafia-companion/environment): the command line wins
SIZE_ENV, ROTATION_ENV = "MAFIA_COMPANION_SIZE", "MAFIA_COMPANION_ROTATION"
#: set when the store must be opened before the app (after it failed to open after the first frame)
OPEN_FIRST = "MAFIA_COMPANION_OPEN_FIRST"


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
        if w < 320 or h < 240:
            raise ValueError
        return w, h
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a window size like 800x480 (at least 320x240).") from None


def _rotation(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value not in ROTATIONS:
        raise argparse.ArgumentTypeError(f"'{text}' is not a rotation; use 0, 90, 180 or 270 (degrees).")
    return value


def parse_args(argv: list[str] | None = None, env: Mapping[str, str] | None = None) -> argparse.Namespace:
    from ui.controller import SCREENS

    env = os.environ if env is None else env

    p = argparse.ArgumentParser(prog="mafia-companion", description="The Mafia Table Companion touchscreen app.")
    p.add_argument("--db", metavar="PATH", help="database file (default: the user data directory, "
                   "or $MAFIA_COMPANION_DB)")
    p.add_argument("--size", type=_size, default=env.get(SIZE_ENV) or "800x480", metavar="WxH",
                   help="window size, e.g. 800x480 (the original 7\" panel), 1024x600, 1280x720, 720x1280 "
                        f"(Touch Display 2 upright); default ${SIZE_ENV} or 800x480")
    p.add_argument("--rotation", type=_rotation, default=env.get(ROTATION_ENV) or "0", metavar="DEG",
                   help="turn the picture 0, 90, 180 or 270 degrees (e.g. 90: the Touch Display 2, "
                        f"720x1280 upright, used lying wide); default ${ROTATION_ENV} or 0")
    p.add_argument("--fullscreen", action="store_true", help="fill the display (the appliance mode)")
    p.add_argument("--screenshot", metavar="FILE", help="render a screen to this PNG file and exit")
    p.add_argument("--screen", default="home", choices=list(SCREENS), metavar="NAME",
                   help="the screen for --screenshot (see --list-screens)")
    p.add_argument("--list-screens", action="store_true", help="print the screen names and exit")
    args = p.parse_args(argv)
    if args.screen != "home" and not args.screenshot:
        p.error("--screen only goes with --screenshot FILE")
    return args


def configure_input(config, env: Mapping[str, str]) -> str:
    """Configure exactly one touch input provider; return a sentence saying which.

    Kivy's default ``[input]`` has ``mouse`` *and* ``probesysfs``; on a Pi the latter adds a
    hidinput/mtdev provider for the touchscreen while SDL2 also turns the same finger into
    mouse events, so every tap arrives twice (the classic double-tap bug). We clear the whole
    section and keep one provider:

    * default: Kivy's ``mouse`` provider (multitouch emulation off). SDL2 (desktop X11/Wayland
      and the Pi's KMSDRM console alike) delivers the touchscreen as mouse events, and Kivy's
      SDL2 window ignores raw finger events on Linux, so this is the only path a tap takes.
    * ``MAFIA_COMPANION_INPUT=hidinput:/dev/input/eventN`` (or ``mtdev:...``): read the touch
      device directly instead, for a panel SDL does not see; ``mouse`` is then removed.
    """
    for key in list(config.options("input")) if config.has_section("input") else []:
        config.remove_option("input", key)
    if not config.has_section("input"):
        config.add_section("input")
    spec = env.get("MAFIA_COMPANION_INPUT", "").strip()
    if spec:
        kind, _, device = spec.partition(":")
        config.set("input", "touch", f"{kind},{device}" if device else kind)
        return f"one touch provider: {kind} {device}".strip()
    config.set("input", "mouse", "mouse,disable_multitouch")
    return "one touch provider: SDL2 mouse events (probesysfs/mtdev/hidinput removed)"


def configure_kivy(size: tuple[int, int], fullscreen: bool, env: Mapping[str, str] | None = None,
                   rotation: int = 0) -> str:
    """Set Kivy's configuration in memory (never written back to ~/.kivy/config.ini)."""
    env = os.environ if env is None else env
    os.environ.setdefault("KIVY_NO_ARGS", "1")  # our argparse owns sys.argv
    # SDL2 is the window on every platform the app runs on (X11, Wayland, the Pi's KMSDRM console);
    # Kivy's fallback x11 provider ends the process on "Couldn't connect to X server" without a word
    os.environ.setdefault("KIVY_WINDOW", "sdl2")
    from kivy.config import Config

    Config.set("graphics", "width", str(size[0]))
    Config.set("graphics", "height", str(size[1]))
    Config.set("graphics", "resizable", "1")
    Config.set("graphics", "rotation", str(rotation))
    if fullscreen:
        Config.set("graphics", "fullscreen", "auto")
        Config.set("graphics", "borderless", "1")
    else:
        Config.set("graphics", "fullscreen", "0")
    Config.set("kivy", "exit_on_escape", "0" if fullscreen else "1")
    Config.set("kivy", "keyboard_mode", "system")  # never pop up Kivy's virtual keyboard
    return configure_input(Config, env)


def run(argv: list[str] | None = None, on_first_frame: Callable[[], None] | None = None) -> int:
    args = parse_args(argv)
    if args.list_screens:
        from ui.controller import SCREENS

        print("\n".join(SCREENS))
        return 0
    if args.screenshot:
        Path(args.screenshot).resolve().parent.mkdir(parents=True, exist_ok=True)
    input_note = configure_kivy(args.size, args.fullscreen, rotation=args.rotation)
    from ui.display_wait import open_window, sentence, wait_and_retry

    problem = open_window()
    if problem:  # a sentence and a patient retry, not a traceback (ui/display_wait.py)
        if args.screenshot:  # a picture never waits for a display
            print(f"mafia-companion: {sentence(problem, None)}", file=sys.__stderr__, flush=True)
            return 3
        from hardware.notify import SystemdNotifier

        wait_and_retry(problem, SystemdNotifier())

    from companion.errors import CompanionError

    def open_store():
        from companion.store import Store  # sqlite-utils: imported after the first frame

        return Store.open(db)

    def storage_problem(error: str) -> int:
        """The games cannot be opened: say it full screen and stay up (ui/storage_problem.py)."""
        print(f"mafia-companion: {error}", file=sys.__stderr__, flush=True)  # Kivy may wrap sys.stderr
        from ui.storage_problem import RETRY_OK, StorageProblemApp

        problem = StorageProblemApp(error, screenshot=args.screenshot, on_first_frame=on_first_frame,
                                    retry=lambda: _opens(db))
        problem.run()
        if problem.exit_code == RETRY_OK:  # the games open now: this very process starts afresh
            os.execv(sys.executable, [sys.executable, *sys.orig_argv[1:]])
        return problem.exit_code

    tmp = None
    db = args.db
    store = None
    if args.screenshot or os.environ.get(OPEN_FIRST):
        if args.screenshot and db is None:
            # screenshots run on a throwaway sample database, never on the table's real games
            tmp = tempfile.TemporaryDirectory(prefix="mafia-companion-shot-")
            db = os.path.join(tmp.name, "sample.db")
        try:
            store = open_store()  # a picture needs its sample game before the first frame
        except CompanionError as error:  # e.g. a newer schema: the sentence on the screen, and stay up
            return storage_problem(str(error))
    app = None
    try:
        from ui.app import CompanionApp

        # the table's app opens the store just after the first frame (see CompanionApp.store)
        app = CompanionApp(store=store, open_store=open_store, screenshot=args.screenshot,
                           screenshot_screen=args.screen, on_first_frame=on_first_frame,
                           input_note=input_note, sample=tmp is not None)
        app.run()
        if app.store_error:
            # the games would not open just after the first frame: start again opening them first,
            # so that the problem is shown full screen instead of a blank restart loop
            print(f"mafia-companion: {app.store_error}", file=sys.__stderr__, flush=True)
            os.environ[OPEN_FIRST] = "1"
            os.execv(sys.executable, [sys.executable, *sys.orig_argv[1:]])
        return app.exit_code
    finally:
        if app is not None and app.store_is_open:
            app.store.close()
        elif store is not None:
            store.close()
        if tmp is not None:
            tmp.cleanup()


def _opens(db) -> bool:
    from companion.errors import CompanionError
    from companion.store import Store

    try:
        Store.open(db).close()
        return True
    except CompanionError:
        return False


def main(argv: list[str] | None = None) -> int:
    try:
        return run(argv)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
