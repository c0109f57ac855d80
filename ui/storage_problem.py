"""The screen for when the games cannot be opened at all: one sentence and what to do, full screen.

On the appliance nobody reads stderr: a database that cannot be opened (written by a newer app,
storage that cannot be read, a folder that cannot be created, another program holding it) used
to end the app with exit 2, and systemd restarted it into the same blank screen every few
seconds. Instead this small App shows the store's sentence and the remedy on the display, tells
systemd it is ready (with the sentence as its status) and keeps feeding the watchdog, so it
stays up. Every few seconds it tries to open the games again (in a thread: a held lock makes an
open wait); once they open (the other program let go, the card came back), it ends with
``RETRY_OK`` and ``ui.main`` starts the real app in its place. Nothing is written anywhere.
"""

from __future__ import annotations

import threading
from typing import Callable

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from ui import theme as th

TITLE = "The games cannot be opened"
RETRY_SECONDS = 5.0
RETRY_OK = 75  # the exit code that means "they open now: start the real app"
RESTART = "Then restart the companion (switch it off and on). Nothing has been deleted."


def advice_for(sentence: str) -> str:
    """What the owner can do about the store's sentence.

    >>> advice_for("The database /x.db was written by a newer version of the companion (schema 3); ...")
    'What to do: install the newer version of the companion that wrote these games.'
    >>> advice_for("The disk is full: nothing was saved.")
    'What to do: free some space on the memory card.'
    """
    text = sentence.lower()
    if "newer version" in text:
        return "What to do: install the newer version of the companion that wrote these games."
    if "full" in text:
        return "What to do: free some space on the memory card."
    if "another program" in text or "busy" in text:
        return "What to do: close the other program that is using the games (a companion command, a backup)."
    if "read-only" in text or "cannot be written" in text or "cannot create" in text or "permission" in text:
        return ("What to do: check the memory card: it may be full, write-protected, mounted read-only, "
                "or failing; the folder must be writable by the companion's user.")
    return "What to do: check the memory card, and keep a copy of the database file before anything else."


class StorageProblemApp(App):
    title = "Mafia Table Companion"

    def __init__(self, sentence: str, screenshot: str | None = None, notifier=None,
                 on_first_frame=None, retry: Callable[[], bool] | None = None, **kwargs):
        super().__init__(**kwargs)
        self.sentence = sentence
        self.retry = retry  # True when the games open now (called in a worker thread)
        self._trying = False
        self.screenshot = screenshot
        self.on_first_frame = on_first_frame
        self.exit_code = 2
        if notifier is None:
            from hardware.notify import SystemdNotifier

            notifier = SystemdNotifier()
        self.notifier = notifier

    def build(self):
        Window.clearcolor = th.BG
        root = BoxLayout(orientation="vertical", padding=(th.PAD * 2, th.PAD * 2), spacing=th.PAD)
        for name, text, size, colour, bold in (
                ("title", TITLE, th.TITLE, th.ACCENT, True),
                ("sentence", self.sentence, th.BODY, th.TEXT, False),
                ("advice", advice_for(self.sentence), th.BODY, th.TEXT, False),
                ("restart", RESTART, th.CAPTION, th.MUTED, False)):
            label = Label(text=text, font_size=size, color=colour, bold=bold, halign="center", valign="middle")
            label.bind(width=lambda w, width: setattr(w, "text_size", (width, None)))
            label.bind(texture_size=lambda w, size: setattr(w, "height", size[1]))
            label.size_hint_y = None
            setattr(self, f"{name}_label", label)
            root.add_widget(label)
        return root

    def on_start(self):
        self.notifier.ready(f"{TITLE}: {self.sentence}")
        Clock.schedule_interval(lambda _dt: self.notifier.watchdog(), 1.0)
        if self.retry is not None and not self.screenshot:
            Clock.schedule_interval(self._try_again, RETRY_SECONDS)

        def first(*_):
            Window.unbind(on_flip=first)
            if self.on_first_frame is not None:
                self.on_first_frame()
            if self.screenshot:
                Clock.schedule_once(self._shoot, 0.3)

        Window.bind(on_flip=first)

    def _try_again(self, _dt=0.0) -> None:
        if self._trying:
            return
        self._trying = True

        def attempt():
            try:
                ok = bool(self.retry())
            except Exception:
                ok = False
            Clock.schedule_once(lambda _dt: self._tried(ok), 0)

        threading.Thread(target=attempt, name="storage-retry", daemon=True).start()

    def _tried(self, ok: bool) -> None:
        self._trying = False
        if ok:
            self.restart_label.text = "The games can be opened now: starting…"
            self.exit_code = RETRY_OK
            Clock.schedule_once(lambda _dt: self.stop(), 0.5)

    def _shoot(self, *_):
        self.root.export_to_png(self.screenshot)
        self.stop()

    def visible_text(self) -> list[str]:
        return [self.title_label.text, self.sentence_label.text, self.advice_label.text, self.restart_label.text]
