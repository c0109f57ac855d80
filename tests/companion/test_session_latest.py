"""The session answers "what was the last action, in words" and "what just happened" itself, so
no screen folds the log to word an undo question or to find the last events (issue #24)."""

from companion import snapshots
from companion.engine import replay
from companion.games.dice import DiceRolled
from companion.session import RECENT, Session


def _expected(session):
    actions = session.actions
    before = replay(session.engine, session.config, session.seed, actions[:-1])
    return session.engine.describe(actions[-1], before), session.engine.apply(before, actions[-1])[1]


def test_a_new_game_has_no_last_action(store):
    session = Session.start(store, "dice", {}, seed=1)
    assert session.last_action_words == ""
    assert session.last_events == []


def test_last_action_in_words_and_its_events_after_each_action(store):
    session = Session.start(store, "il-capo", {"players": ["Anna", "Ben", "Carla"]}, seed=7)
    for _ in range(12):
        if session.pending_chance() is not None or session.chance_requests():
            events = session.draw(session.chance_requests()[0] if session.chance_requests() else None)[1]
        else:
            events = session.act(session.legal_actions()[0])
        words, expected_events = _expected(session)
        assert session.last_action_words == words
        assert session.last_events == events == expected_events


def test_after_an_undo_the_answer_is_the_action_before(store):
    session = Session.start(store, "dice", {}, seed=3)
    session.act(DiceRolled((1, 2)))
    first_events = list(session.last_events)
    session.act(DiceRolled((5, 6)))
    session.undo()
    assert session.last_events == first_events
    assert session.last_action_words == _expected(session)[0]
    session.undo()
    assert session.last_action_words == "" and session.last_events == []


def test_after_a_restart_from_a_snapshot_the_answer_is_the_same(store):
    session = Session.start(store, "dice", {}, seed=5)
    for n in range(snapshots.EVERY + 3):
        session.act(DiceRolled((n % 6 + 1, 1)))
    words, events = session.last_action_words, session.last_events
    for exact in (True, False):  # resumed with actions after the snapshot, and exactly at one
        RECENT.forget()
        resumed = Session.resume(store, session.game_id)
        assert resumed.last_action_words == words
        assert resumed.last_events == events
        if exact:
            while session.seq % snapshots.EVERY:
                session.act(DiceRolled((2, 2)))
            words, events = session.last_action_words, session.last_events


def test_allows_answers_the_engines_legality_and_records_nothing(store):
    """``Session.allows`` is what a screen enables: the engine's check, nothing written."""
    from companion.games.mafia_casino import actions as A

    session = Session.start(store, "mafia-casino", {"players": 3}, seed=1)
    assert session.allows(A.MarketValueDrawn(1, True))
    assert not session.allows(A.EndTurn())  # the market card first
    assert session.seq == 0 and session.actions == []
