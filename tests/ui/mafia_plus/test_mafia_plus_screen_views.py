"""What the Mafia+ screens read, on the rules side: the deal's progress in the log (``Seen``), the
table view's call, steps, vote and undo words, the ``CALLED`` panel; and games stored before any of
it (by the main of 2026-12-02, ``data/main_2026_12_02.sqlite``) still resume and play to the end."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from companion.engine import TABLE, Seat
from companion.errors import IllegalAction
from companion.games.mafia_plus import ENGINE
from companion.games.mafia_plus import engine as E
from companion.games.mafia_plus.views import CALLED
from companion.session import Session
from companion.store import Store
from ui.games.mafia_plus import flow

DATA = Path(__file__).resolve().parent / "data" / "main_2026_12_02.sqlite"
PLAYERS = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina"]


@pytest.fixture
def store(tmp_path):
    s = Store.open(tmp_path / "t.db")
    yield s
    s.close()


def dealt(store, seed=3):
    session = Session.start(store, "mafia-plus", {"players": PLAYERS, "set": {"choices": ["mayor"]}}, seed=seed)
    session.draw(None)
    return session


def test_the_deals_progress_is_in_the_log_and_names_the_screen(store):
    session = dealt(store)
    assert session.view(TABLE).seen == ()
    assert flow.route(session) == "mafia_plus_deal"
    assert "seen" in ENGINE.free_entry and not any(isinstance(a, E.Seen) for a in session.legal_actions())
    for seat in range(len(PLAYERS) - 1):
        session.act(E.Seen(seat))
    assert session.view(TABLE).seen == tuple(PLAYERS[:-1])
    with pytest.raises(IllegalAction, match="already seen"):
        session.act(E.Seen(0))
    session.act(E.Seen(len(PLAYERS) - 1))
    assert flow.route(session) == "mafia_plus_night"
    # the log is the truth: a resumed session knows who has looked
    again = Session.resume(store, session.game_id)
    assert again.view(TABLE).seen == tuple(PLAYERS)
    again.act(E.Continue())
    with pytest.raises(IllegalAction, match="night has begun"):
        again.act(E.Seen(0))


def test_an_undo_after_the_deal_takes_back_the_deal_with_everyone_who_looked(store):
    session = dealt(store)
    session.act(E.Seen(0))
    view = session.view(TABLE)
    assert (view.undo_kind, view.undo_words) == ("deal", "")
    question = flow.undo_question(view.undo_kind, view.phase, view.undo_words)
    assert question.startswith("Take back the deal?")


def test_the_table_view_carries_the_call_the_steps_and_the_vote(store):
    session = dealt(store)
    for seat in range(len(PLAYERS)):
        session.act(E.Seen(seat))
    view = session.view(TABLE)
    assert view.night_steps[view.step_index] == view.step == "sleep" and view.line
    rng = random.Random(1)
    while not (session.view(TABLE).phase == "day" and session.view(TABLE).step == "verdict"):
        session.act(ENGINE.playout_policy(session.state, session.legal_actions(), rng))
        view = session.view(TABLE)
        if view.phase == "night" and view.undo_kind == "night":
            assert view.undo_words == ""  # a night choice is never named
        if view.phase == "day" and view.step == "voting":
            assert view.next_voter in view.voters and view.next_voter not in view.voted
    view = session.view(TABLE)
    assert view.verdict_kind in ("majority", "tie", "none") and view.tally and view.verdict


def test_the_called_panel_is_the_same_for_a_living_and_a_dead_role(store):
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import mafia_plus_scenes as SC

    alive, dead = (ENGINE.view(SC.engine_state("doctor", living), CALLED) for living in (True, False))
    assert alive.live and not dead.live
    assert (alive.title, alive.hint, alive.targets) == (dead.title, dead.hint, dead.targets)
    st = SC.engine_state("doctor", True)
    doctor = st.characters.index("doctor")
    assert ENGINE.view(st, Seat(doctor)).panel.live
    other = next(i for i, c in enumerate(st.characters) if c != "doctor")
    assert ENGINE.view(st, Seat(other)).panel is None  # not this seat's call


@pytest.mark.parametrize("game_id", [1, 2, 3])
def test_a_game_stored_by_todays_main_resumes_and_plays_to_the_end(tmp_path, game_id):
    """1: mid-deal (three had looked, kept in a setting then: they look again); 2: Night 1; 3: a vote."""
    db = tmp_path / "old.sqlite"
    shutil.copy(DATA, db)
    store = Store.open(db)
    try:
        session = Session.resume(store, game_id)
        view = session.view(TABLE)
        assert view.seen == ()
        expected = {1: "mafia_plus_deal", 2: "mafia_plus_night", 3: "mafia_plus_vote"}[game_id]
        assert flow.route(session) == expected
        if view.phase == "night" and view.night == 0 and view.step_index == 0:
            for seat in range(len(view.players)):
                session.act(E.Seen(seat))
            assert flow.route(session) == "mafia_plus_night"
        rng = random.Random(game_id)
        for _ in range(3000):
            legal = session.legal_actions()
            if not legal:
                break
            session.act(ENGINE.playout_policy(session.state, legal, rng))
        assert session.outcome() is not None
        assert flow.route(session) == "mafia_plus_end"
        assert Session.resume(store, game_id).verify()
    finally:
        store.close()
