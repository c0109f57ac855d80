"""The session: validate, commit, then show; undo by replay; resume lands on the same state."""

import pytest

from companion.engine import TABLE
from companion.errors import BadActionData, ConfigError, IllegalAction, NothingToUndo, StoreError, UnknownGame
from companion.games.dice import DiceRolled, Finish, Spun
from companion.session import Session
from companion.store import Store


@pytest.fixture
def store(tmp_path):
    with Store.open(tmp_path / "c.db") as s:
        yield s


def test_every_accepted_action_is_committed_before_listeners_hear_of_it(store):
    session = Session.start(store, "dice", {}, seed=1)
    seen = []

    def listener(s, events):
        # by the time the screen is told, the action is on disk
        seen.append((len(store.log(s.game_id)), [e.text for e in events]))

    session.subscribe(listener)
    session.act(DiceRolled((3, 5), by_hand=True))
    assert seen == [(1, ["Rolled 3 + 5 = 8 (physical dice)"])]


def test_illegal_action_changes_nothing_and_says_why(store):
    session = Session.start(store, "dice", {}, seed=1)
    with pytest.raises(IllegalAction, match="A die shows 1 to 6; 7 is not a face"):
        session.act(DiceRolled((7, 1)))
    with pytest.raises(IllegalAction, match="spinner shows 1 to 10"):
        session.act(Spun(11, "L"))
    assert session.actions == [] and store.log(session.game_id) == []


def test_malformed_action_dict_is_refused_in_words(store):
    session = Session.start(store, "dice", {}, seed=1)
    with pytest.raises(BadActionData, match="Unknown action kind 'explode'"):
        session.act_dict({"kind": "explode"})
    with pytest.raises(BadActionData, match="needs the field 'dice'"):
        session.act_dict({"kind": "dice_rolled"})
    with pytest.raises(BadActionData, match="wrong type"):
        session.act_dict({"kind": "spun", "number": "seven", "side": "L"})
    assert store.log(session.game_id) == []


def test_bad_config_is_refused_before_anything_is_written(store):
    with pytest.raises(ConfigError, match="no option colour"):
        Session.start(store, "dice", {"colour": "red"})
    with pytest.raises(UnknownGame, match="no game called 'chess'"):
        Session.start(store, "chess", {})
    assert store.list_games() == []


def test_draws_are_seeded_and_recorded_so_resume_and_replay_never_reroll(store):
    a = Session.start(store, "dice", {}, seed=99)
    b = Session.start(store, "dice", {}, seed=99)
    for request in ("roll2d6", "spin", "roll1d6", "roll2d6"):
        assert a.draw(request)[0] == b.draw(request)[0]
    resumed = Session.resume(store, a.game_id)
    assert resumed.state == a.state and resumed.actions == a.actions
    assert resumed.draw("roll2d6")[0] == b.draw("roll2d6")[0]  # the same draw a would have made


def test_draw_of_an_unknown_request_is_refused(store):
    session = Session.start(store, "dice", {}, seed=1)
    with pytest.raises(IllegalAction, match="not something to roll"):
        session.draw("shuffle")
    with pytest.raises(IllegalAction, match="nothing to draw"):
        session.draw(None)


def test_undo_appends_a_record_and_replays_all_but_the_last_action(store):
    session = Session.start(store, "dice", {}, seed=3)
    session.act(DiceRolled((1, 2)))
    session.act(DiceRolled((6, 6)))
    before = Session.resume(store, session.game_id).state
    taken = session.undo()
    assert taken == DiceRolled((6, 6))
    assert session.actions == [DiceRolled((1, 2))]
    log = store.log(session.game_id)
    assert len(log) == 3 and log[-1] == {"kind": "_undo"}  # history is never edited
    assert Session.resume(store, session.game_id).state == session.state != before


def test_undo_with_nothing_to_undo_says_so(store):
    session = Session.start(store, "dice", {}, seed=3)
    with pytest.raises(NothingToUndo, match="nothing to undo"):
        session.undo()


def test_finishing_marks_the_game_finished_and_undo_reopens_it(store):
    session = Session.start(store, "dice", {}, seed=3)
    assert [g.id for g in store.unfinished_games()] == [session.game_id]
    session.act(Finish())
    assert store.game(session.game_id).status == "finished" and store.unfinished_games() == []
    session.undo()
    assert store.game(session.game_id).status == "running"


def test_abandon_removes_the_game_from_resume(store):
    session = Session.start(store, "dice", {}, seed=3)
    session.abandon()
    assert store.unfinished_games() == [] and store.game(session.game_id).status == "abandoned"


def test_resume_refuses_a_game_recorded_by_other_rules(store):
    gid = store.create_game("dice", 999, 1, {})
    with pytest.raises(StoreError, match="version 999") as refused:
        Session.resume(store, gid)
    # the sentence the home banner shows (moved from tests/ui/test_app.py, issue #25)
    assert str(refused.value).endswith("cannot replay it exactly. It stays in the history.")
    assert "Dice & Spinner rules" in str(refused.value) and store.game(gid).status == "running"


def test_a_refused_draw_is_a_sentence_and_changes_nothing(store):
    """(moved from tests/ui/test_app.py, issue #25: the dice screen shows this sentence under the
    dice) a request the dice do not know is refused in words, nothing stored or shown changes."""
    session = Session.start(store, "dice", {}, seed=1)
    session.draw("roll2d6")
    session.draw("spin")
    before_log, before_view = store.log(session.game_id), session.view(TABLE)
    with pytest.raises(IllegalAction) as refused:
        session.draw("roll3d6")
    sentence = str(refused.value)
    assert "'roll3d6' is not something to roll here; try " in sentence and "Traceback" not in sentence
    assert store.log(session.game_id) == before_log and session.view(TABLE) == before_view
    assert len(session.actions) == 2


def test_store_failure_leaves_the_session_unchanged(store):
    session = Session.start(store, "dice", {}, seed=3)
    session.act(DiceRolled((1, 1)))
    store.db.conn.execute("PRAGMA query_only=ON")
    with pytest.raises(StoreError):
        session.act(DiceRolled((2, 2)))
    assert session.actions == [DiceRolled((1, 1))]
    assert session.view(TABLE).results == ("Rolled 1 + 1 = 2",)


def test_a_view_is_computed_once_per_state_and_anew_after_each_change(tmp_path, monkeypatch):
    """Every reader of one moment (the screen, Home's Resume row, the History) shares one view;
    an action or an undo makes the next read compute the new moment's."""
    with Store.open(tmp_path / "v.db") as store:
        session = Session.start(store, "dice", {}, seed=1)
        calls = []
        real = session.engine.view
        monkeypatch.setattr(session.engine, "view",
                            lambda state, audience: calls.append(audience) or real(state, audience))
        first = session.view(TABLE)
        assert session.view(TABLE) is first and len(calls) == 1
        session.act(DiceRolled((3, 4)))
        rolled = session.view(TABLE)
        assert rolled != first and len(calls) == 2
        session.undo()
        assert session.view(TABLE) == first and len(calls) == 3
