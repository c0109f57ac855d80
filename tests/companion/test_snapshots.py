"""Snapshots on disk (companion.snapshots): a restart resumes from the last snapshot and reads only
the log after it, with exactly the state a full replay gives; a stale, foreign, damaged, crafted or
out-of-date snapshot is ignored (the whole log replayed) and replaced; storage that cannot be
written just means no snapshot. Speed is measured in benchmarks/bench_session.py."""

import os
import pickle
import random

import pytest

from companion import registry, snapshots
from companion.engine import TABLE, replay
from companion.games.dice import DiceRolled
from companion.session import RECENT, Session, effective_actions
from companion.simulate import playout
from companion.store import Store

ENGINES = registry.engines()
IDS = [e.name for e in ENGINES]


def truth(store, game_id):
    """The state as the log on disk says it is, computed the slow way."""
    record = store.game(game_id)
    engine = registry.get(record.game)
    return replay(engine, record.config, record.seed, effective_actions(engine, store.log(game_id)))


def long_session(store, engine, seed=3, at_least=3 * snapshots.EVERY + 5):
    """A session that has played a seeded playout of more than three snapshots' worth of actions
    (the longest of a few seeds' playouts when one game is short)."""
    if engine.name == "dice":  # a dice playout finishes early; a long evening is many rolls
        config, actions = {}, [DiceRolled(((n % 6) + 1, (n * 5 % 6) + 1)) for n in range(at_least)]
    else:
        for s in range(seed, seed + 40):
            result = playout(engine, s)
            if len(result.actions) >= at_least:
                break
        config, actions, seed = result.config, result.actions, s
    assert len(actions) >= at_least, f"no {engine.name} playout is {at_least} actions long"
    session = Session.start(store, engine.name, config, seed=seed)
    for action in actions[:at_least]:
        session.act(action)
    return session


class LogReads:
    """Counts the log entries a store hands out (what a resume reads)."""

    def __init__(self, store):
        self.store, self.entries = store, 0
        self._log = store.log
        store.log = self._counted

    def _counted(self, game_id, since=0, until=None):
        out = self._log(game_id, since, until)
        self.entries += len(out)
        return out


def restart(store, game_id):
    """Resume as a freshly started process would: nothing remembered in memory."""
    RECENT.forget()
    return Session.resume(store, game_id)


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_a_restart_resumes_from_the_snapshot_and_reads_only_the_entries_after_it(store, engine):
    session = long_session(store, engine)
    reads = LogReads(store)
    resumed = restart(store, session.game_id)
    assert reads.entries < snapshots.EVERY  # not the whole log (3 * EVERY + 5 entries)
    assert resumed.state == truth(store, session.game_id) == session.state
    assert resumed.action_count == session.action_count
    assert resumed.last_action == session.last_action
    assert resumed.verify()


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_undo_and_play_after_a_snapshot_resume_equal_a_full_replay(store, engine):
    session = long_session(store, engine)
    resumed = restart(store, session.game_id)
    taken = resumed.undo()
    assert resumed.state == truth(store, session.game_id)
    resumed.act(taken)
    assert resumed.state == truth(store, session.game_id)
    again = restart(store, session.game_id)
    assert again.state == resumed.state and again.actions == resumed.actions


@pytest.mark.parametrize("undos", [1, 3, 8])
@pytest.mark.parametrize("name", ["dice", "il-capo"])
def test_undo_records_reaching_before_the_snapshot_fold_from_the_checkpoint_kept_with_it(store, name, undos):
    """The latest snapshot's own action and some before it are taken back, then one played again:
    the restart reads only the log near the snapshot, and undo still reaches back to the start."""
    engine = registry.get(name)
    session = long_session(store, engine, at_least=3 * snapshots.EVERY)  # a snapshot at the very end
    assert store.snapshot_row(session.game_id)["seq"] == session.seq
    taken = [session.undo() for _ in range(undos)]
    session.act(taken[-1])
    reads = LogReads(store)
    resumed = restart(store, session.game_id)
    assert reads.entries < 2 * snapshots.EVERY  # not the whole log (3 * EVERY + undos + 1 entries)
    assert resumed.state == truth(store, session.game_id) == session.state
    assert resumed.action_count == session.action_count and resumed.last_action == session.last_action
    assert resumed.last_events == session.last_events
    assert resumed.actions == session.actions and resumed.verify()
    assert store.snapshot_row(session.game_id)["seq"] == session.seq  # the next restart starts here
    while resumed.can_undo:  # every action back to the start, each step as the log says
        resumed.undo()
    assert resumed.state == truth(store, session.game_id) == engine.new(resumed.config, resumed.seed)


def test_undo_records_reaching_beyond_the_checkpoint_kept_with_the_snapshot_replay_it_all(store):
    session = long_session(store, registry.get("dice"), at_least=3 * snapshots.EVERY)
    for _ in range(snapshots.EVERY - 2):  # further back than the checkpoint, short of the next snapshot
        session.undo()
    reads = LogReads(store)
    resumed = restart(store, session.game_id)
    assert reads.entries >= session.seq  # the whole log was replayed
    assert resumed.state == truth(store, session.game_id)
    assert resumed.actions == session.actions
    assert store.snapshot_row(session.game_id)["seq"] == session.seq  # and a new snapshot written


@pytest.mark.parametrize("seed", range(4))
def test_restarts_among_random_rolls_and_undos_always_give_the_log_s_state(store, seed):
    """Undo records right after a snapshot, runs of them, undos with nothing left to take back:
    whatever the log holds, a restart gives its state, and undo goes on back to the start."""
    rng = random.Random(seed)
    session = Session.start(store, "dice", {}, seed=seed)
    for _ in range(6 * snapshots.EVERY):
        if rng.random() < (0.15, 0.45, 0.6, 0.3)[seed]:
            if session.can_undo:
                session.undo()
        else:
            session.act(DiceRolled((rng.randint(1, 6), rng.randint(1, 6))))
        if rng.random() < 0.05:
            session = restart(store, session.game_id)
            assert session.state == truth(store, session.game_id) and session.verify()
    while session.can_undo:
        session.undo()
    assert session.state == truth(store, session.game_id) == session.engine.new({}, seed)


def tamper(store, sql, *params):
    store.db.conn.execute(sql, params)


@pytest.mark.parametrize("damage", [
    pytest.param(("UPDATE snapshots SET entry = '{\"kind\": \"other\"}'",), id="stale entry"),
    pytest.param(("UPDATE snapshots SET seq = seq + 1000",), id="beyond the log"),
    pytest.param(("UPDATE snapshots SET data = ?", b"not a snapshot"), id="damaged data"),
    pytest.param(("UPDATE snapshots SET data = ?", b""), id="empty data"),
    pytest.param(("UPDATE snapshots SET code = 'older code'",), id="other code"),
    pytest.param(("UPDATE snapshots SET record = 'another game'",), id="foreign record"),
    pytest.param(("UPDATE snapshots SET count = -4",), id="impossible count"),
])
def test_a_snapshot_that_fails_a_check_is_ignored_and_replaced(store, damage):
    session = long_session(store, registry.get("il-capo"))
    tamper(store, *damage)
    reads = LogReads(store)
    resumed = restart(store, session.game_id)
    assert reads.entries >= session.seq  # the whole log was replayed
    assert resumed.state == truth(store, session.game_id)
    reads.entries = 0
    again = restart(store, session.game_id)  # the full replay wrote a good snapshot again
    assert reads.entries < snapshots.EVERY and again.state == resumed.state


@pytest.mark.parametrize("where", [0.25, 0.5, 0.75])
def test_a_byte_changed_anywhere_in_the_row_is_caught_before_it_is_trusted(store, where):
    """The old results are stored as blocks decoded only when read: the row's checksum covers them."""
    session = long_session(store, registry.get("dice"))
    data = bytearray(store.snapshot_row(session.game_id)["data"])
    data[int(len(data) * where)] ^= 0x10
    tamper(store, "UPDATE snapshots SET data = ?", bytes(data))
    reads = LogReads(store)
    resumed = restart(store, session.game_id)
    assert reads.entries >= session.seq  # the whole log was replayed
    assert resumed.view(TABLE) == session.view(TABLE) and resumed.state == truth(store, session.game_id)


def test_a_snapshot_from_another_database_file_is_not_used(tmp_path):
    RECENT.forget()
    engine = registry.get("il-capo")
    with Store.open(tmp_path / "a.db") as a:
        played = long_session(a, engine, seed=5)
        row = a.snapshot_row(played.game_id)
    with Store.open(tmp_path / "b.db") as b:
        other = long_session(b, engine, seed=5)  # the same game id, another game (its own start time)
        b.db.conn.execute("UPDATE snapshots SET record = ?, data = ? WHERE game_id = ?",
                          (row["record"], row["data"], other.game_id))
        resumed = restart(b, other.game_id)
        assert resumed.state == truth(b, other.game_id)
    RECENT.forget()


class Boom:
    def __reduce__(self):
        return (os.system, (f"touch {MARKER}",))


MARKER = ""


def test_a_crafted_snapshot_runs_no_code_and_is_ignored(store, tmp_path):
    global MARKER
    MARKER = str(tmp_path / "pwned")
    session = long_session(store, registry.get("dice"))
    crafted = snapshots.zlib.compress(pickle.dumps((Boom(), 0, None)))
    tamper(store, "UPDATE snapshots SET data = ?", crafted)
    resumed = restart(store, session.game_id)
    assert not os.path.exists(MARKER)
    assert resumed.state == truth(store, session.game_id)
    with pytest.raises(ValueError, match="not one of the games' own types"):
        snapshots.decode(crafted)


class Rebuilt:
    """Pickles as the snapshots' own call that rebuilds a dataclass, with what a crafted row says."""

    def __init__(self, cls, values):
        self.cls, self.values = cls, values

    def __reduce__(self):
        return (snapshots._rebuild, (self.cls, self.values))


@pytest.mark.parametrize("cls, values", [
    pytest.param(set, (), id="not a dataclass"),
    pytest.param(DiceRolled, ((1, 2),), id="too few fields"),
    pytest.param(DiceRolled, [(1, 2), False], id="not a tuple"),
])
def test_a_crafted_call_to_rebuild_a_value_is_refused(cls, values):
    assert snapshots.decode(snapshots.zlib.compress(pickle.dumps(Rebuilt(DiceRolled, ((1, 2), False))))) \
        == DiceRolled((1, 2))
    with pytest.raises(ValueError, match="not the fields of one of the games' own types"):
        snapshots.decode(snapshots.zlib.compress(pickle.dumps(Rebuilt(cls, values))))


def test_a_full_disk_or_read_only_store_skips_the_snapshot_without_a_word(store, monkeypatch):
    def full(*_):
        from companion.errors import StoreError
        raise StoreError("The storage is full.")
    monkeypatch.setattr(store, "put_snapshot", full)
    session = long_session(store, registry.get("dice"))
    assert store.snapshot_row(session.game_id) is None
    assert restart(store, session.game_id).state == session.state


def test_a_database_without_the_snapshot_table_is_the_same_schema(store):
    engine = registry.get("dice")
    session = Session.start(store, engine.name, {}, seed=1)
    assert store.snapshot_row(session.game_id) is None  # no table yet: no snapshot, no error
