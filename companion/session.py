"""A session binds one engine to the store: validate, apply, commit, then tell listeners.

The order matters. ``act`` computes the new state first (an illegal action raises and nothing
happens), then commits the action durably, and only then swaps the state in and calls the
listeners, so a screen can never show an effect that a power cut could lose.

Chance is drawn here, never in an engine: the draw at log position ``seq`` uses
``random.Random(f"{seed}:{seq}")``, so a resumed game draws exactly what it would have drawn,
and the drawn value is logged as an ordinary action (replay never re-rolls).

Undo and resume cost the same in a 5,000-action game as in a 100-action one
(``companion.checkpoints``): the session keeps the folded state after every 32nd action in memory
and an undo replays all but the last action from the nearest of them; a game this process already
folded resumes from its remembered fold once the log confirms it (same record, same entry at the
same position), reading only the entries written since. After a restart, a game resumes from its
snapshot on disk (``companion.snapshots``: the state every 64 log entries, verified against the log
before it is trusted) and reads only the entries after it (and, when undo records among them take
back the snapshot's own latest actions, the few entries before it); the actions before it are read
from the log only when something needs them (the first undo, ``actions``). The log stays the only
truth.
"""

from __future__ import annotations

import json
import secrets
import weakref
from typing import Any, Callable, Mapping

from . import registry, snapshots
from .checkpoints import Checkpoints, Folded, Recent
from .engine import Action, Audience, Engine, Event, Outcome
from .errors import CompanionError, IllegalAction, NothingToUndo, StoreError
from .simulate import chance_rng
from .store import UNDO_KIND, Store
from .views import Views

Listener = Callable[["Session", list[Event]], None]

#: Games folded in this process (see ``companion.checkpoints``); ``RECENT.forget()`` empties it.
RECENT = Recent()


class Session:
    def __init__(self, store: Store, engine: Engine, game_id: int, config: dict, seed: int,
                 actions: list[Action], next_seq: int, *, record: tuple = (), last_entry: Mapping | None = None,
                 checkpoints: Checkpoints | None = None, state: Any = None, prefix: int = 0,
                 prefix_seq: int = 0, snapshot_seq: int = 0):
        self.store = store
        self.engine = engine
        self.game_id = game_id
        self.config = config
        self.seed = seed
        # shared: the action list and checkpoints are also another session's (a remembered fold
        # handed over without copying); the first change copies them (copy on write)
        self._shared = False
        self._actions = actions if checkpoints is not None else list(actions)
        self._seq = next_seq
        self._listeners: list[Listener] = []
        self._checkpoints = checkpoints or Checkpoints(engine, config, seed)
        self._state = self._checkpoints.fold(self._actions) if checkpoints is None else state
        self._record = record
        self._last_entry = _as_logged(last_entry)
        # resumed from a snapshot: the first ``_prefix`` effective actions are still in the log
        # only (``_actions`` holds the ones after them) until ``_load_prefix`` reads them
        self._prefix = prefix
        self._prefix_seq = prefix_seq if prefix else 0  # the log position those end at
        self._snapshot_seq = snapshot_seq  # the log position of the newest snapshot on disk
        # (log position, state before the latest action, that action, its events): what "the last
        # action in words" and "what just happened" are answered from, without a fold of the log
        self._latest: tuple[int, Any, Action, list[Event]] | None = None
        #: (the state, its views by audience): the views of the latest state, computed once
        self._views_of: tuple[Any, dict] = (None, {})
        self._remember()

    # -- creation -------------------------------------------------------------------------
    @classmethod
    def start(cls, store: Store, game: str, config: Mapping[str, Any] | None = None,
              seed: int | None = None) -> "Session":
        engine = registry.get(game)
        config = dict(config or {})
        if seed is None:
            seed = secrets.randbelow(2**31)
        engine.new(config, seed)  # validate before anything is written
        game_id = store.create_game(engine.name, engine.version, seed, config)
        return cls(store, engine, game_id, config, seed, [], 0, record=_record_key(store.game(game_id)))

    @classmethod
    def resume(cls, store: Store, game_id: int) -> "Session":
        record = store.game(game_id)
        engine = registry.get(record.game)
        if record.engine_version != engine.version:
            raise StoreError(f"Game {game_id} was recorded with version {record.engine_version} of the "
                             f"{engine.title} rules; this app has version {engine.version} and cannot "
                             f"replay it exactly. It stays in the history.")
        key = _record_key(record)
        folded = RECENT.get(_recent_key(store, game_id))
        if folded is not None and folded.record == key:
            resumed = cls._resume_folded(store, engine, game_id, record, folded)
            if resumed is not None:
                return resumed
        resumed = cls._resume_snapshot(store, engine, game_id, record, key)
        if resumed is not None:
            return resumed
        log = store.log(game_id)
        actions = effective_actions(engine, log)
        session = cls(store, engine, game_id, record.config, record.seed, actions, len(log), record=key,
                      last_entry=log[-1] if log else None)
        session._snapshot_if_due()  # the next restart starts from here, not from the first entry
        return session

    @classmethod
    def _resume_folded(cls, store: Store, engine: Engine, game_id: int, record, folded: Folded) -> "Session | None":
        """Resume from this process's fold of the game if the log confirms it, reading only the
        entries written since; None when the log disagrees (then the caller replays it all)."""
        since = folded.next_seq - 1
        tail = _log_since(store, game_id, max(since, 0))
        if since >= 0 and (not tail or tail[0] != folded.last_entry):
            return None  # the log is shorter or differs where the fold ended: trust only the log
        new = tail[1:] if since >= 0 else tail
        actions, checkpoints, state = folded.actions, folded.checkpoints, folded.state
        if new:  # written by another session since: apply them to copies
            actions, checkpoints = list(actions), checkpoints.copy()
        if folded.owner is not None and folded.owner() is not None:
            folded.owner()._shared = True  # the session that folded it copies before its next change
        for entry in new:
            if entry.get("kind") == UNDO_KIND:
                if actions:
                    actions.pop()
                    checkpoints.truncate(len(actions))
                    state = checkpoints.fold(actions)
            else:
                action = engine.actions.from_dict(entry)
                state, _ = engine.apply(state, action)
                actions.append(action)
                checkpoints.note(len(actions), state)
        resumed = cls(store, engine, game_id, record.config, record.seed, actions, folded.next_seq + len(new),
                      record=folded.record, last_entry=tail[-1] if tail else folded.last_entry,
                      checkpoints=checkpoints, state=state)
        resumed._shared = not new
        return resumed

    @classmethod
    def _resume_snapshot(cls, store: Store, engine: Engine, game_id: int, record, key: tuple) -> "Session | None":
        """Resume from the snapshot on disk if it passes every check (``companion.snapshots``),
        reading only the log entries written after it; None to replay the whole log instead.

        Undo records after it may take back the snapshot's own latest actions too: then the state
        is folded from the checkpoint kept with it (``below``), with the standing actions between
        the two read back from the log just before the snapshot (``_standing_before``)."""
        snap = snapshots.load(store, game_id, key)
        if snap is None:
            return None
        tail = _log_since(store, game_id, snap.seq)
        after: list[Action] = []
        taken = 0  # how many of the snapshot's own latest actions the undo records took back
        for entry in tail:
            if entry.get("kind") == UNDO_KIND:
                if after:
                    after.pop()
                elif taken < snap.count:
                    taken += 1
            else:
                after.append(engine.actions.from_dict(entry))
        checkpoints = Checkpoints(engine, record.config, record.seed)
        if not taken:
            checkpoints.adopt([(snap.below_count, snap.below_state), (snap.count, snap.state)])
            prefix, prefix_seq, base, state = snap.count, snap.seq, [], snap.state
        else:
            if snap.count - taken < snap.below_count:
                return None  # back beyond the checkpoint kept with the snapshot: replay it all
            standing = _standing_before(store, engine, game_id, snap.seq, snap.count - snap.below_count)
            if standing is None:
                return None  # cannot happen for a verified snapshot; trust the log
            prefix_seq, kept = standing
            base = kept[:len(kept) - taken]
            checkpoints.adopt([(snap.below_count, snap.below_state)])
            prefix, state = snap.below_count, snap.below_state
        actions = base + after
        for i, action in enumerate(actions, start=prefix + 1):
            state, _ = engine.apply(state, action)
            checkpoints.note(i, state)
        last = tail[-1] if tail else json.loads(store.log_entry(game_id, snap.seq - 1)[0])
        session = cls(store, engine, game_id, record.config, record.seed, actions, snap.seq + len(tail),
                      record=key, last_entry=last, checkpoints=checkpoints, state=state, prefix=prefix,
                      prefix_seq=prefix_seq, snapshot_seq=snap.seq)
        if taken:  # the snapshot holds actions since taken back: the next restart starts from here
            session._snapshot_if_due(now=True)
        return session

    def _load_prefix(self) -> None:
        """Read the actions before the snapshot this session resumed from (see ``_prefix``)."""
        if not self._prefix:
            return
        actions = effective_actions(self.engine, self.store.log(self.game_id, until=self._prefix_seq))
        if len(actions) != self._prefix:  # cannot happen for a verified snapshot; trust the log
            actions = effective_actions(self.engine, self.store.log(self.game_id))
            self._actions, self._prefix = actions, 0
            self._checkpoints = Checkpoints(self.engine, self.config, self.seed)
            self._state = self._checkpoints.fold(self._actions)
            return
        self._actions, self._prefix = actions + self._actions, 0
        self._remember()

    def _count(self) -> int:
        """How many effective actions the game has (those before a snapshot included)."""
        return self._prefix + len(self._actions)

    def _snapshot_if_due(self, now: bool = False) -> None:
        """Every ``snapshots.EVERY`` log entries (or ``now``), keep the folded state on disk (a cache)."""
        if (not now and self._seq - self._snapshot_seq < snapshots.EVERY) or not self._record:
            return
        count = self._count()
        if snapshots.save(self.store, self.game_id, self._record, self._seq, count, self._state,
                          self._checkpoints.below(count)):
            self._snapshot_seq = self._seq

    def _remember(self) -> None:
        if self._prefix:
            return  # a fold that starts from a snapshot is not shared (it has no action list yet)
        if self._record:
            RECENT.remember(_recent_key(self.store, self.game_id),
                            Folded(self._record, self._seq, self._last_entry, self._actions, self._checkpoints,
                                   self._state, weakref.ref(self)))

    def _own(self) -> None:
        """Copy the action list and checkpoints before changing them if another session shares them."""
        if self._shared:
            self._actions, self._checkpoints, self._shared = list(self._actions), self._checkpoints.copy(), False

    def verify(self) -> bool:
        """True if the state equals a full replay of the log on disk (tests and diagnostics)."""
        self._load_prefix()
        log = self.store.log(self.game_id)
        actions = effective_actions(self.engine, log)
        state = self.engine.new(self.config, self.seed)
        for action in actions:
            state, _ = self.engine.apply(state, action)
        return len(log) == self._seq and actions == self._actions and state == self._state

    @property
    def state(self) -> Any:
        return self._state

    @property
    def actions(self) -> list[Action]:
        self._load_prefix()
        return list(self._actions)

    @property
    def action_count(self) -> int:
        """How many effective actions the game has (without reading them)."""
        return self._count()

    @property
    def last_action(self) -> Action | None:
        """The latest effective action, or None (without copying the whole list)."""
        if not self._actions:
            self._load_prefix()
        return self._actions[-1] if self._actions else None

    @property
    def last_action_words(self) -> str:
        """The latest effective action in words ("" when there is none): what an undo takes back."""
        latest = self._latest_action()
        if latest is None:
            return ""
        _, before, action, _ = latest
        return self.engine.describe(action, before)

    @property
    def last_events(self) -> list[Event]:
        """The events of the latest effective action ([] when there is none): what just happened,
        also after a resume or an undo (recomputed once from the checkpoints, never from the log)."""
        latest = self._latest_action()
        return list(latest[3]) if latest is not None else []

    def _latest_action(self) -> tuple[int, Any, Action, list[Event]] | None:
        if self._count() == 0:
            return None
        if self._latest is not None and self._latest[0] == self._seq:
            return self._latest
        count = self._count()
        before = self._checkpoints.kept(count - 1) if self._actions else None
        if before is None:
            self._load_prefix()
            before = self._checkpoints.fold(self._actions, len(self._actions) - 1)
        action = self._actions[-1]
        try:
            events = self.engine.apply(before, action)[1]
        except IllegalAction:  # cannot happen for a logged action; "what happened" is then nothing
            events = []
        self._latest = (self._seq, before, action, events)
        return self._latest

    @property
    def seq(self) -> int:
        """The position the next log entry will take."""
        return self._seq

    def legal_actions(self) -> list[Action]:
        return self.engine.legal_actions(self._state)

    def check(self, action: Action) -> None:
        """Raise IllegalAction with the rule's sentence if ``action`` would be refused now; nothing
        changes either way (a screen can say why a tap is not taken without reading the state)."""
        self.engine.check(self._state, action)

    def allows(self, action: Action) -> bool:
        """Would ``action`` be accepted now? The engine's own legality, nothing recorded: what a
        screen enables (a refusal's sentence still comes from ``act``)."""
        try:
            self.check(action)
        except CompanionError:
            return False
        return True

    def chance_requests(self) -> list[str]:
        return self.engine.chance_requests(self._state)

    def pending_chance(self) -> Action | None:
        """The chance action the game itself waits on (a deal, an NPC spin), as it would be drawn."""
        return self.engine.chance(self._state, chance_rng(self.seed, self._seq), None)

    def view(self, audience: Audience) -> Any:
        """What ``audience`` may see now. Computed once per state: the screen showing, Home's
        Resume row and the History, prepared while the table rests, all read the same one."""
        state, views = self._views_of
        if state is not self._state:
            state, views = self._views_of = (self._state, {})
        try:
            return views[audience]
        except KeyError:
            view = views[audience] = self.engine.view(state, audience)
            return view
        except TypeError:  # an audience that cannot be a key: computed each time
            return self.engine.view(state, audience)

    def views(self) -> "Views":
        """This moment's views per audience, computed on first ask (for a reader on another
        thread, such as the phones' web server, which must not hold the state)."""
        return Views(self.engine, self._state)

    def outcome(self) -> Outcome | None:
        return self.engine.outcome(self._state)

    @property
    def can_undo(self) -> bool:
        return self._count() > 0

    # -- changing -------------------------------------------------------------------------
    def act(self, action: Action) -> list[Event]:
        state, events = self.engine.apply(self._state, action)  # IllegalAction: nothing happened
        finished = self.engine.outcome(state) is not None
        entry = action.to_dict()
        self.store.append(self.game_id, self._seq, entry, "finished" if finished else None)
        self._own()
        before = self._state
        self._seq += 1
        self._latest = (self._seq, before, action, events)
        self._actions.append(action)
        self._checkpoints.note(self._count(), state)
        self._state = state
        self._last_entry = _as_logged(entry)
        self._remember()
        self._notify(events)
        self._snapshot_if_due()
        return events

    def act_dict(self, data: Mapping[str, Any]) -> list[Event]:
        return self.act(self.engine.actions.from_dict(data))

    def draw(self, request: str | None = None) -> tuple[Action, list[Event]]:
        """Draw the chance action ``request`` asks for (or the one the game waits on) and apply it."""
        action = self.engine.chance(self._state, chance_rng(self.seed, self._seq), request)
        if action is None:
            what = f"'{request}'" if request else "anything"
            raise IllegalAction(f"There is nothing to draw for {what} now.")
        return action, self.act(action)

    def undo(self) -> Action:
        """Take back the last action: an undo record is appended, the rest is replayed."""
        self._load_prefix()
        if not self._actions:
            raise NothingToUndo("There is nothing to undo yet.")
        self._own()
        last = self._actions[-1]
        state = self._checkpoints.fold(self._actions, len(self._actions) - 1)
        was_over = self.engine.outcome(self._state) is not None
        entry = {"kind": UNDO_KIND}
        self.store.append(self.game_id, self._seq, entry, "running" if was_over else None)
        self._seq += 1
        self._actions.pop()
        self._checkpoints.truncate(len(self._actions))
        self._state = state
        self._last_entry = _as_logged(entry)
        self._remember()
        self._notify([Event("undone", f"Undone: {self.engine.describe(last, state)}.")])
        self._snapshot_if_due()
        return last

    def abandon(self) -> None:
        self.store.set_status(self.game_id, "abandoned")

    # -- listeners ------------------------------------------------------------------------
    def subscribe(self, callback: Listener) -> None:
        self._listeners.append(callback)

    def unsubscribe(self, callback: Listener) -> None:
        if callback in self._listeners:
            self._listeners.remove(callback)

    def _notify(self, events: list[Event]) -> None:
        for callback in list(self._listeners):
            callback(self, events)


def _record_key(record) -> tuple:
    """What a remembered fold must share with the store's record of the game."""
    return (record.game, record.engine_version, record.seed, repr(record.config), record.started)


def _recent_key(store: Store, game_id: int) -> tuple[str, int]:
    return (str(getattr(store, "path", id(store))), game_id)


def _as_logged(entry: Mapping[str, Any] | None) -> Any:
    """An entry as reading it back from the log gives it (tuples become lists)."""
    return None if entry is None else json.loads(json.dumps(entry))


def _log_since(store: Store, game_id: int, seq: int) -> list[dict[str, Any]]:
    """The log entries of a game from position ``seq`` on (checked by the store, like every read)."""
    return store.log(game_id, since=seq)


def _standing_before(store: Store, engine: Engine, game_id: int, seq: int, n: int) -> tuple[int, list[Action]] | None:
    """The last ``n`` effective actions of the log before position ``seq``, and the position of the
    first of them (the log before it folds into the actions before them); None if fewer stand.

    Read backwards, a little at a time: an undo record cancels the nearest earlier action that is
    not cancelled already (one that found nothing to take back only hides actions that were all
    taken back before it, so it never hides a standing one)."""
    found: list[Mapping[str, Any]] = []
    cancelled, end = 0, seq
    while end > 0:
        begin = max(end - 2 * n - 2, 0)
        entries = store.log(game_id, since=begin, until=end)
        for back, entry in enumerate(reversed(entries), start=1):
            if entry.get("kind") == UNDO_KIND:
                cancelled += 1
            elif cancelled:
                cancelled -= 1
            else:
                found.append(entry)
                if len(found) == n:
                    return end - back, [engine.actions.from_dict(e) for e in reversed(found)]
        end = begin
    return None


def effective_actions(engine: Engine, log: list[Mapping[str, Any]]) -> list[Action]:
    """The actions that count: each undo record takes back the latest one still standing."""
    actions: list[Action] = []
    for entry in log:
        if entry.get("kind") == UNDO_KIND:
            if actions:
                actions.pop()
        else:
            actions.append(engine.actions.from_dict(entry))
    return actions
