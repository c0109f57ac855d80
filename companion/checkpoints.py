"""Checkpoints: folded states kept in memory so undo and resume cost the same in a long game.

The log stays the only truth (ARCHITECTURE.md, "The log is the truth"): a checkpoint is the state
after the first ``n`` effective actions, computed by folding exactly those actions over
``new(config, seed)``, and it is only ever used together with the same action list it was folded
from. Nothing here is written to disk.

* ``Checkpoints`` keeps the state after every ``every``-th action of one game, and after each of
  the last ``recent`` actions. Folding ``n`` actions starts from the nearest kept state at or below
  ``n``: an undo (fold all but the last action) usually replays nothing at all, and never more than
  ``every - 1`` actions however long the game is (an engine whose ``apply`` itself grows with the
  game, like the dice's tuple of results, would otherwise still make undo grow). Dropping actions
  drops the states beyond them (``truncate``), so a kept state never outlives its prefix.
* ``Recent`` remembers the folded log of the last few games this process played, keyed by database
  file and game id, with the log position and last log entry they were folded up to. Resuming one
  of them is checked against the log before it is trusted: the game's record (rules version, seed,
  config, start time) must be the same, the log must not be shorter, and its entry at that position
  must be the same entry; then only the entries appended since are read and applied. Anything else
  is a full replay of the log.

>>> from companion import registry
>>> from companion.engine import replay
>>> from companion.games.dice import DiceRolled
>>> engine = registry.get("dice")
>>> marks = Checkpoints(engine, {}, 1, every=2)
>>> actions = [DiceRolled((n, n)) for n in (1, 2, 3, 4, 5)]
>>> len(marks.fold(actions).results), marks.counts()
(5, [0, 2, 4])
>>> marks.fold(actions, 3) == replay(engine, {}, 1, actions[:3])
True
>>> marks.truncate(3); marks.counts()
[0, 2]
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from .engine import Action, Engine

#: One checkpoint every this many actions: an undo replays at most this many minus one. A state is
#: an immutable value that shares most of its parts with its neighbours, so 5,000 actions hold
#: about 160 of them.
EVERY = 32
#: The states after each of this many latest actions are kept too (undo after undo stays instant).
RECENT_STATES = 16
#: How many games ``Recent`` remembers (a table plays one or two at a time).
RECENT_GAMES = 8


class Checkpoints:
    """The folded state after every ``every``-th action of one game (in memory only)."""

    def __init__(self, engine: Engine, config: Mapping[str, Any], seed: int, every: int = EVERY,
                 recent: int = RECENT_STATES):
        if every < 1:
            raise ValueError("every must be at least 1")
        self.engine = engine
        self.every = every
        self.recent = recent
        # index i: the state after i * every actions (index 0 always; others as folded, or
        # handed over by a snapshot from disk, so the kept indices need not be contiguous)
        self._states: dict[int, Any] = {0: engine.new(config, seed)}
        self._latest: list[tuple[int, Any]] = []  # (count, state) of the latest actions, ascending

    def counts(self) -> list[int]:
        """How many actions each checkpoint has folded (for tests and diagnostics)."""
        return [i * self.every for i in sorted(self._states)]

    def fold(self, actions: Sequence[Action], upto: int | None = None) -> Any:
        """The state after ``actions[:upto]`` (all of them by default), replayed from the nearest
        checkpoint; checkpoints passed on the way are kept."""
        n = len(actions) if upto is None else upto
        if not 0 <= n <= len(actions):
            raise ValueError(f"cannot fold {n} of {len(actions)} actions")
        index = max(i for i in self._states if i <= n // self.every)
        start, state = index * self.every, self._states[index]
        for count, kept in reversed(self._latest):
            if start < count <= n:
                start, state = count, kept
                break
        apply = self.engine.apply
        for i in range(start, n):
            state, _ = apply(state, actions[i])
            self.note(i + 1, state)
        return state

    def note(self, count: int, state: Any) -> None:
        """Keep ``state`` (the fold of the first ``count`` actions) where a checkpoint falls, and
        among the latest states."""
        if count % self.every == 0 and count // self.every not in self._states:
            self._states[count // self.every] = state
        if self.recent and (not self._latest or self._latest[-1][0] < count):
            self._latest.append((count, state))
            if len(self._latest) > self.recent:
                del self._latest[0]

    def truncate(self, count: int) -> None:
        """Forget the states beyond the first ``count`` actions (they were taken back)."""
        for index in [i for i in self._states if i > count // self.every]:
            del self._states[index]
        while self._latest and self._latest[-1][0] > count:
            self._latest.pop()

    def copy(self) -> "Checkpoints":
        other = Checkpoints.__new__(Checkpoints)
        other.engine, other.every, other.recent = self.engine, self.every, self.recent
        other._states, other._latest = dict(self._states), list(self._latest)
        return other

    def kept(self, count: int) -> Any:
        """The state after exactly ``count`` actions if one is kept (a checkpoint or a latest
        state), else None: nothing is folded."""
        if count % self.every == 0 and count // self.every in self._states:
            return self._states[count // self.every]
        for n, state in reversed(self._latest):
            if n == count:
                return state
            if n < count:
                break
        return None

    def below(self, count: int) -> tuple[int, Any]:
        """The kept checkpoint (count, state) nearest below ``count`` (at most ``count - 1``, or
        the start): what an undo right after ``count`` actions folds from."""
        index = max(i for i in self._states if i * self.every <= max(count - 1, 0))
        return index * self.every, self._states[index]

    def adopt(self, pairs: Sequence[tuple[int, Any]]) -> None:
        """Take states folded elsewhere (a verified snapshot): each the fold of its first
        ``count`` actions of this very game."""
        for count, state in pairs:
            if count % self.every == 0:
                self._states.setdefault(count // self.every, state)
            if count and (not self._latest or self._latest[-1][0] < count):
                self._latest.append((count, state))
                if len(self._latest) > self.recent:
                    del self._latest[0]


@dataclass
class Folded:
    """A game's log as far as one session has folded it: what ``Recent`` remembers."""

    record: tuple  # (game, engine_version, seed, config, started): must match the store's record
    next_seq: int  # the log position the next entry takes
    last_entry: Mapping[str, Any] | None  # the log entry at next_seq - 1, as written
    actions: list[Action]  # the effective actions (undo records applied)
    checkpoints: Checkpoints
    state: Any
    owner: Any = None  # weakref to the session that holds this fold (it copies before changing it)


class Recent:
    """The last few games folded in this process, by (database file, game id); see the module."""

    def __init__(self, size: int = RECENT_GAMES):
        self.size = size
        self._games: OrderedDict[tuple[str, int], Folded] = OrderedDict()

    def remember(self, key: tuple[str, int], folded: Folded) -> None:
        self._games[key] = folded
        self._games.move_to_end(key)
        while len(self._games) > self.size:
            self._games.popitem(last=False)

    def get(self, key: tuple[str, int]) -> Folded | None:
        return self._games.get(key)

    def forget(self, key: tuple[str, int] | None = None) -> None:
        if key is None:
            self._games.clear()
        else:
            self._games.pop(key, None)

    def __len__(self) -> int:
        return len(self._games)
