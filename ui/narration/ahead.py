"""The look-ahead worker: finds a game's next lines (``ui.narration.games``) off the UI thread.

A commit hands it the new state (``want``); the worker looks two moves ahead with the game's own
engine and hands the lines to ``deliver`` (the app schedules them onto the UI thread and into
the narrator's background queue: a game's next moves first, the nameless lines of start-up last). Every
state is looked at in turn, not only the newest: a quick burst of moves (the roulette's turned
cards) still finds the lines two moves ahead of each; only a backlog longer than ``BACKLOG``
drops its oldest states (their lines were said already). Kivy-free; never raises into
the caller; the thread is a daemon and stops with ``close``.
"""

from __future__ import annotations

import logging
import os
import threading
from typing import Any, Callable

log = logging.getLogger(__name__)


BACKLOG = 8


class LookAhead:
    def __init__(self, deliver: Callable[[list[str], bool], None], depth: int = 2):
        self.deliver = deliver  # deliver(lines, first): first for a game's next moves
        self.depth = depth
        self.looked = 0  # states looked at (for the tests and the benchmark)
        self._jobs: list[tuple[str, Any, Any]] = []
        self._lock = threading.Condition()
        self._closed = False
        self._thread = threading.Thread(target=self._work, name="narration-ahead", daemon=True)
        self._thread.start()

    def want(self, game: str, state: Any, config: Any = None, depth: int | None = None) -> None:
        """Look ahead from ``state`` of ``game`` (after the states of it asked for before),
        ``depth`` moves (default: the worker's)."""
        with self._lock:
            self._jobs.append((game, state, (config, depth)))
            mine = [job for job in self._jobs if job[0] == game]
            if len(mine) > BACKLOG:
                self._jobs.remove(mine[0])
            self._lock.notify()

    def fixed(self, games) -> None:
        """Find the nameless lines of ``games`` (start-up, a voice change) and deliver them."""
        with self._lock:
            self._jobs.append(("fixed:" + ",".join(games), None, None))
            self._lock.notify()

    def idle(self) -> bool:
        with self._lock:
            return not self._jobs and not self._busy

    _busy = False

    def _work(self) -> None:
        try:
            os.nice(5)  # below the UI; the renderer's piper worker sits lower still
        except (AttributeError, OSError):  # pragma: no cover
            pass
        from ui.narration import games as G

        while True:
            with self._lock:
                while not (self._closed or self._jobs):
                    self._lock.wait()
                if self._closed:
                    return
                # a game's next moves before the nameless lines of start-up
                job = next((j for j in self._jobs if not j[0].startswith("fixed:")), self._jobs[0])
                self._jobs.remove(job)
                game, state, config = job
                self._busy = True
            try:
                if game.startswith("fixed:"):
                    lines = [t for g in game[6:].split(",") for t in G.fixed_lines(g)]
                else:
                    config, depth = config
                    lines = G.lines_ahead(game, state, depth=depth or self.depth, config=config)
                    self.looked += 1
                if lines:
                    self.deliver(lines, not game.startswith("fixed:"))
            except Exception:  # noqa: BLE001 - a line not found is rendered when said
                log.exception("narration: the lines ahead of %s could not be found", game)
            finally:
                with self._lock:
                    self._busy = False

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._jobs.clear()
            self._lock.notify_all()
