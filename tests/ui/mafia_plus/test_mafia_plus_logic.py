"""Kivy-free Mafia+ screen logic: routing by phase, padded calls, setup, stats, secrets check."""

from __future__ import annotations

import doctest
import random

import ui.games.mafia_plus.flow as flow
import ui.games.mafia_plus.setup_model as setup_model
import ui.games.mafia_plus.stats as stats
from companion.session import Session
from companion.store import Store
from ui.games.mafia_plus.setup_model import SetupModel


def test_doctests_of_the_kivy_free_modules():
    for module in (flow, setup_model, stats):
        assert doctest.testmod(module).failed == 0


def test_route_by_phase_follows_the_game_from_deal_to_end():
    assert flow.route_for_phase("deal", 0, 0, "", 0, 7) == "mafia_plus_deal"
    assert flow.route_for_phase("night", 0, 0, "", 7, 7) == "mafia_plus_night"
    assert flow.route_for_phase("day", 0, 0, "discussion", 7, 7) == "mafia_plus_day"
    assert flow.route_for_phase("day", 0, 0, "verdict", 7, 7) == "mafia_plus_vote"
    assert flow.route_for_phase("over", 2, 0, "", 7, 7) == "mafia_plus_end"


def test_every_night_call_is_padded_to_the_same_minimum_alive_or_dead():
    hint = lambda text: 0.1 * len(text.split())  # noqa: E731
    short, long = "The Doctor wakes.", "The Lady of the Night wakes and chooses one person to seduce."
    assert flow.call_seconds(short, 8.0, hint) == flow.call_seconds(long, 8.0, hint) == 8.0


def test_countdown_warns_at_thirty_seconds_and_at_zero_once():
    warnings = [flow.timer_warning(t + 0.5, t) for t in [x / 2 for x in range(80, -1, -1)]]
    assert [w for w in warnings if w] == ["Thirty seconds left.", "Time is up. Call the vote."]


def test_setup_picks_a_pool_of_two_keeping_the_last_two_tapped():
    m = SetupModel([f"P{i}" for i in range(9)])
    slot = m.slots()[1]  # "two from the pool"
    assert slot.pick == 2
    m.pick(1, "bomber")
    m.pick(1, "mayor")
    m.pick(1, "chairmans_daughter")
    assert sorted(m.picked(1)) == ["chairmans_daughter", "mayor"]
    Session  # noqa: B018  (the config is accepted by the engine:)
    from companion.games.mafia_plus import ENGINE

    state = ENGINE.new(m.config(), 1)
    assert "mayor" in state.cast and "chairmans_daughter" in state.cast


def test_setup_at_random_gives_a_valid_set_and_needs_six_players():
    m = SetupModel(["A", "B", "C"])
    assert "at least 6" in m.count_problem()
    m = SetupModel([f"P{i}" for i in range(12)])
    m.randomise(random.Random(3))
    assert len(m.characters()) == 12


def test_secrets_check_finds_a_name_beside_its_character_and_any_name_at_night():
    players, chars, alive = ["Anna", "Bob"], ["Doctor", "Mafia Boss"], [True, True]
    assert flow.leaks(["Bob: Mafia Boss"], players, chars, alive) == ["Bob: Mafia Boss"]
    assert flow.leaks(["Bob: Mafia Boss"], players, chars, [True, False]) == []
    assert flow.leaks(["Anna"], players, chars, alive, night_neutral=True) == ["Anna"]


def test_player_stats_replay_finished_games_from_the_store(tmp_path):
    from companion.games.mafia_plus import ENGINE

    store = Store.open(tmp_path / "s.db")
    try:
        names = ["Anna", "Bob", "Carl", "Dora", "Emil", "Fay"]
        session = Session.start(store, "mafia-plus", {"players": names}, seed=5)
        session.draw(None)
        rng = random.Random(5)
        while session.outcome() is None:
            session.act(ENGINE.playout_policy(session.state, session.legal_actions(), rng))
        Session.start(store, "mafia-plus", {"players": names}, seed=6)  # unfinished: not counted
        rows = {r.name: r for r in stats.player_stats(store)}
        assert set(rows) == set(names)
        assert all(r.games == 1 for r in rows.values())
        winners = set(session.outcome().winners)
        assert {n for n, r in rows.items() if r.wins == 1} == winners
    finally:
        store.close()


def test_night_panel_of_a_dead_role_offers_what_the_living_role_would():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import mafia_plus_scenes as SC
    from companion.games.mafia_plus import ENGINE
    from companion.games.mafia_plus import panels as NP

    assert doctest.testmod(NP).failed == 0
    for role in ("doctor", "bartender"):
        alive, dead = NP.night_panel(ENGINE, SC.engine_state(role, True)), \
            NP.night_panel(ENGINE, SC.engine_state(role, False))
        assert alive.live and not dead.live
        assert (alive.title, alive.hint, alive.targets, alive.options) == \
            (dead.title, dead.hint, dead.targets, dead.options)
    # self-excluding roles: the dead role's own seat is out because it is dead, never a living seat
    dead = NP.night_panel(ENGINE, SC.engine_state("detective", False))
    st = SC.engine_state("detective", False)
    assert dead.targets == [i for i in range(len(st.players)) if st.alive[i]]


def test_night_undo_question_names_no_role_and_says_what_happens_next():
    from companion.games.mafia_plus import engine as E
    from ui.games.mafia_plus.common import kind_of_undo

    q = flow.undo_question(kind_of_undo(E.Heal(2, 3)), "night")
    assert q == flow.undo_question(kind_of_undo(E.MafiaKill(4, 3)), "night")  # whoever chose
    assert "called again" in q and "Secrets already shown stay shown" in q
    assert "Doctor" not in q and "Mafia" not in q
    # a Day action taken back during the night is named as what it is, not as a night choice
    q = flow.undo_question(kind_of_undo(E.CarryOut()), "night", "Carry out the sentence")
    assert "night choice" not in q and "Carry out the sentence" in q
