"""The generic conformance suite: every registered engine must pass it unchanged.

It checks the contract of ARCHITECTURE.md: seeded random playouts finish; every legal action
applies and every other sampled action is refused with the state untouched; replay of the log
equals the live state; the table view of two states differing only in secrets is equal; actions
round-trip through ``to_dict``/``from_dict``.
"""

import copy
import json
import random

import pytest

from companion import registry
from companion.engine import REVEAL, TABLE, Action, Seat, replay, to_jsonable
from companion.errors import IllegalAction
from companion.simulate import playout

ENGINES = registry.engines()
IDS = [e.name for e in ENGINES]
SEEDS = range(6)


def _player_counts(engine):
    lo, hi = max(engine.min_players, 1), engine.max_players
    counts = {lo, hi if hi < 50 else lo, (lo + min(hi, 50)) // 2}
    return sorted(counts)


@pytest.fixture(params=ENGINES, ids=IDS)
def engine(request):
    return request.param


def test_registry_knows_the_dice_game():
    assert "dice" in registry.names()


def test_random_seeded_playouts_finish(engine):
    for players in _player_counts(engine):
        for seed in SEEDS:
            result = playout(engine, seed, players)
            assert result.outcome is not None, f"{engine.name} seed {seed} players {players} did not finish"
            assert isinstance(result.outcome.reason, str) and result.outcome.reason


def test_playouts_are_deterministic_for_a_seed(engine):
    a = playout(engine, 42)
    b = playout(engine, 42)
    assert a.actions == b.actions and a.final == b.final


def test_replay_of_the_log_equals_the_live_state(engine):
    for seed in SEEDS:
        result = playout(engine, seed)
        assert replay(engine, result.config, seed, result.actions) == result.final


def test_actions_round_trip_through_dicts_and_json(engine):
    for seed in SEEDS[:3]:
        result = playout(engine, seed, keep_states=True)
        for state in result.states[:200]:
            for action in engine.legal_actions(state)[:60]:
                data = json.loads(json.dumps(action.to_dict()))
                assert engine.actions.from_dict(data) == action
        for action in result.actions:
            assert engine.actions.from_dict(json.loads(json.dumps(action.to_dict()))) == action


def test_legal_actions_apply_and_other_actions_are_refused_without_change(engine):
    rng = random.Random(7)
    for seed in SEEDS[:3]:
        result = playout(engine, seed, keep_states=True)
        pool: list[Action] = list(dict.fromkeys(result.actions))
        states = result.states[:: max(1, len(result.states) // 40)]
        for state in states:
            legal = engine.legal_actions(state)
            for action in rng.sample(legal, min(len(legal), 15)):
                engine.apply(state, action)  # must not raise
            legal_set = set(legal)
            for action in rng.sample(pool, min(len(pool), 25)):
                if action in legal_set:
                    continue
                before = copy.deepcopy(state)
                try:
                    engine.apply(state, action)
                except IllegalAction as err:
                    assert str(err), "an IllegalAction must say why"
                    assert state == before, "a refused action changed the state"
                else:
                    assert action.kind in engine.free_entry, (
                        f"{engine.name} accepted {action} which legal_actions did not list, and "
                        f"'{action.kind}' is not one of its declared free-entry kinds")


def test_finished_games_accept_nothing(engine):
    result = playout(engine, 3)
    assert engine.legal_actions(result.final) == []
    for action in result.actions[-5:]:
        with pytest.raises(IllegalAction):
            engine.apply(result.final, action)


def test_views_serialise_for_every_audience(engine):
    result = playout(engine, 1, keep_states=True)
    for state in result.states[:: max(1, len(result.states) // 10)]:
        for audience in (TABLE, REVEAL, Seat(0)):
            json.dumps(to_jsonable(engine.view(state, audience)))


def test_table_view_leaks_no_secret(engine):
    rng = random.Random(11)
    for seed in SEEDS:
        config = engine.sample_config(None, random.Random(seed))
        for a, b in engine.secret_twins(config, seed, rng):
            assert a != b, "secret twins must differ (in secrets)"
            assert engine.view(a, TABLE) == engine.view(b, TABLE)


def test_engines_never_import_random():
    import inspect
    for engine in ENGINES:
        source = inspect.getsource(inspect.getmodule(type(engine)))
        assert "import random" not in source, f"{engine.name} imports random; chance belongs to the session"


def test_getting_one_engine_imports_only_its_package():
    import subprocess
    import sys
    code = ("import sys, companion.registry as r; r.get('dice');"
            "print(sorted(m for m in sys.modules if m.startswith('companion.games.') and m.count('.') == 2))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['companion.games.dice']"


def test_unknown_game_names_the_known_ones():
    from companion.errors import UnknownGame
    with pytest.raises(UnknownGame, match="Known games: .*dice"):
        registry.get("chess")
    with pytest.raises(UnknownGame):
        registry.get("../etc")


def test_free_entry_names_only_action_kinds_the_engine_has(engine):
    """The free-entry kinds a screen may offer a free control for are real action kinds."""
    assert isinstance(engine.free_entry, frozenset)
    assert engine.free_entry <= set(engine.actions.kinds), engine.free_entry - set(engine.actions.kinds)
