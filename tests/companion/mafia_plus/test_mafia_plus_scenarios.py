"""The example scenario files in docs/scenarios replay to a finished game (``companion replay``)."""

import json
from pathlib import Path

import pytest

from companion.engine import replay
from companion.games.mafia_plus import ENGINE

DOCS = Path(__file__).resolve().parents[3] / "docs" / "scenarios"
FILES = sorted(DOCS.glob("mafia-plus-*.jsonl"))


def load(path):
    lines = [json.loads(l) for l in path.read_text(encoding="utf-8").splitlines() if l.strip()]
    return lines[0], [ENGINE.actions.from_dict(d) for d in lines[1:]]


def test_there_are_example_scenarios():
    assert len(FILES) >= 2


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_scenario_file_replays_to_a_finished_game(path):
    header, actions = load(path)
    assert header["game"] == "mafia-plus"
    state = replay(ENGINE, header["config"], header["seed"], actions)
    assert ENGINE.outcome(state) is not None


def test_seven_player_scenario_ends_with_the_city_and_the_mayor_winning():
    header, actions = load(DOCS / "mafia-plus-seven-players.jsonl")
    state = replay(ENGINE, header["config"], header["seed"], actions)
    assert set(ENGINE.outcome(state).winners) == {"Anna", "Carla", "Dario", "Franco", "Gina"}
