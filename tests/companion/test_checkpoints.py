"""Checkpoints and remembered folds give exactly what a full replay of the log gives, in every game.

Speed is measured in benchmarks/bench_session.py; here only results (and how many actions an undo
replays, which is what keeps it flat) are checked.
"""

import random

import pytest

from companion import registry
from companion.checkpoints import EVERY, Checkpoints
from companion.engine import replay
from companion.errors import NothingToUndo
from companion.games.dice import DiceRolled
from companion.session import RECENT, Session, effective_actions
from companion.simulate import playout
from companion.store import Store

ENGINES = registry.engines()
IDS = [e.name for e in ENGINES]


def full_replay(store, session):
    """The state as the log on disk says it is, computed the slow way."""
    log = store.log(session.game_id)
    return replay(session.engine, session.config, session.seed, effective_actions(session.engine, log))


def played(store, engine, seed, limit=None):
    """A session that has played a seeded random playout (up to ``limit`` actions) through the store."""
    result = playout(engine, seed)
    session = Session.start(store, engine.name, result.config, seed=seed)
    for action in result.actions[:limit]:
        session.act(action)
    return session, result


class CountingEngine:
    """An engine whose ``apply`` calls are counted."""

    def __init__(self, engine):
        self.engine, self.applied = engine, 0

    def new(self, config, seed):
        return self.engine.new(config, seed)

    def apply(self, state, action):
        self.applied += 1
        return self.engine.apply(state, action)


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_undo_after_undo_equals_a_full_replay_in_every_game(store, engine):
    rng = random.Random(engine.name)
    for seed in (0, 1):
        session, result = played(store, engine, seed)
        expected = list(result.actions)
        for _ in range(min(len(expected), EVERY + 5)):  # across at least one checkpoint
            taken = session.undo()
            assert taken == expected.pop()
            assert session.state == replay(engine, result.config, seed, expected) == full_replay(store, session)
            if rng.random() < 0.3 and expected:  # redo now and then: checkpoints refill
                session.act(result.actions[len(expected)])
                expected.append(result.actions[len(expected)])
        assert session.verify()


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
def test_resume_of_a_remembered_game_equals_a_full_replay(store, engine):
    session, result = played(store, engine, 3)
    for _ in range(3):
        session.undo()
    resumed = Session.resume(store, session.game_id)  # from the remembered fold
    assert resumed.state == full_replay(store, session) == session.state
    assert resumed.actions == session.actions and resumed.seq == session.seq
    RECENT.forget()
    cold = Session.resume(store, session.game_id)  # as after a restart: the whole log
    assert cold.state == resumed.state and cold.actions == resumed.actions and cold.seq == resumed.seq


def test_resume_reads_what_another_writer_appended_since(store):
    engine = registry.get("il-capo")
    session, result = played(store, engine, 5, limit=60)
    other = Session.resume(store, session.game_id)  # e.g. the CLI, in the same process
    for action in result.actions[60:90]:
        other.act(action)
    other.undo()
    other.undo()
    RECENT.remember(("ignored", 0), None)  # unrelated traffic in the cache
    resumed = Session.resume(store, session.game_id)
    assert resumed.state == full_replay(store, resumed) == replay(engine, result.config, 5, result.actions[:88])
    assert resumed.verify()


def test_a_remembered_fold_the_log_contradicts_is_not_used(tmp_path):
    """A database replaced by a fresh one reuses game ids: the record no longer matches."""
    RECENT.forget()
    path = tmp_path / "c.db"
    with Store.open(path) as store:
        first = Session.start(store, "dice", {}, seed=1)
        first.draw("roll2d6")
        first.draw("spin")
        remembered = RECENT.get((str(path), first.game_id))
    path.unlink()
    with Store.open(path) as store:
        second = Session.start(store, "dice", {}, seed=2)
        second.draw("roll1d6")
        assert second.game_id == first.game_id
        RECENT.remember((str(path), first.game_id), remembered)  # as if the first were still in memory
        resumed = Session.resume(store, second.game_id)
        assert resumed.state == full_replay(store, resumed) and len(resumed.actions) == 1


def test_a_fold_whose_last_entry_differs_from_the_log_is_not_used(store):
    session = Session.start(store, "dice", {}, seed=4)
    session.draw("roll2d6")
    session.draw("roll2d6")
    folded = RECENT.get((str(store.path), session.game_id))
    folded.last_entry = {"kind": "dice_rolled", "dice": [6, 6], "by_hand": False}  # not what was logged
    folded.state = "nonsense"
    resumed = Session.resume(store, session.game_id)
    assert resumed.state == full_replay(store, resumed) == session.state


def test_an_undo_replays_fewer_actions_than_the_checkpoint_spacing_however_long_the_game():
    engine = registry.get("dice")
    rng = random.Random(7)
    actions = [DiceRolled((rng.randint(1, 6), rng.randint(1, 6))) for _ in range(3000)]
    counting = CountingEngine(engine)
    marks = Checkpoints(counting, {}, 7)
    state = marks.fold(actions)
    assert state == replay(engine, {}, 7, actions)
    for n in range(len(actions) - 1, len(actions) - 2 * EVERY, -1):
        counting.applied = 0
        assert marks.fold(actions, n) == replay(engine, {}, 7, actions[:n])
        marks.truncate(n)
        assert counting.applied < EVERY


def test_undo_with_nothing_left_still_says_so(store):
    session = Session.start(store, "dice", {}, seed=1)
    session.draw("spin")
    session.undo()
    with pytest.raises(NothingToUndo):
        session.undo()
    assert session.verify() and Session.resume(store, session.game_id).actions == []


def test_a_resumed_fold_is_shared_until_either_session_changes_it(store):
    first = Session.start(store, "dice", {}, seed=8)
    for _ in range(5):
        first.draw("roll2d6")
    second = Session.resume(store, first.game_id)  # handed over without copying
    second.undo()
    assert len(first.actions) == 5 and len(second.actions) == 4  # the first session's list untouched
    assert first.state == replay(first.engine, {}, 8, first.actions)
    assert second.verify()
    third = Session.resume(store, first.game_id)
    third.draw("spin")
    assert len(second.actions) == 4 and third.verify()
