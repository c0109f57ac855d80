"""The lines of the games that build their words (ui/narration/games.py), found with their own
engines: the next moves' lines from a state, the nameless lines, and the renderer's queue order."""

from __future__ import annotations

import random
from liveness import patience  # tests/: a wait stretched on a busy machine

from companion import registry
from ui.narration import games as G
from ui.narration.tts import Renderer


def _state(game: str, players: int = 3, seed: int = 1):
    return G._sample_game(registry.get(game), players, random.Random(seed))


def test_il_capo_first_spin_lines_are_ahead_with_the_real_names():
    state, config = _state("il-capo")
    first = state.players[state.turn].name
    ahead = G.lines_ahead("il-capo", state, config=config)
    for n in range(1, 11):
        assert f"{first} spins {n}: move {n} space{'' if n == 1 else 's'}. Where did you land?" in ahead
    # nearest move first: every spin's line before any line two moves away
    assert ahead.index(f"{first} spins 10: move 10 spaces. Where did you land?") < 20


def test_every_line_a_played_il_capo_game_says_was_found_one_move_before():
    engine = registry.get("il-capo")
    state, config = _state("il-capo", 4, seed=5)
    rng = random.Random(5)
    said = 0
    for _ in range(150):
        if engine.outcome(state) is not None:
            break
        ahead = set(G.lines_ahead("il-capo", state, depth=1, config=config))
        action = engine.chance(state, rng) or engine.playout_policy(state, engine.legal_actions(state), rng)
        state, events = engine.apply(state, action)
        if G.quiet(action):
            continue
        lines = G.spoken("il-capo", engine, state, events, config)
        said += len(lines)
        assert set(lines) <= ahead, (action, set(lines) - ahead)
    assert said > 30


def test_the_roulette_match_is_ahead_however_many_cards_are_turned_before_it():
    engine = registry.get("mafia-casino")
    state, config = _state("mafia-casino")
    rng = random.Random(1)
    while state.phase != "roulette_spin":
        action = engine.chance(state, rng) or engine.playout_policy(state, engine.legal_actions(state), rng)
        state, _ = engine.apply(state, action)
    ahead = G.lines_ahead("mafia-casino", state, config=config)
    owner, values = state.game.bets[0]
    name = state.players[owner].name
    assert any(line.startswith(f"Card 12: {values[0]} — it matches {name}'s card!") for line in ahead), ahead


def test_nameless_lines_name_nobody_and_are_the_same_every_start():
    lines = G.fixed_lines("il-capo")
    assert any(line.startswith("Round 1 is played. The Syndicate phase") for line in lines)
    assert any(" moves 7 spaces, turning left" in line for line in lines)
    assert not any(name in line for line in lines for name in G.SAMPLE_NAMES)
    assert G.fixed_lines("il-capo") == lines


class _Slow:
    """A synthesizer that waits for a gate, so the queue's order can be read."""

    engine = "fake"
    voice = "v"
    timeout = 5.0
    parallel = 1

    def __init__(self, gate):
        self.gate, self.order = gate, []

    def settings(self):
        return {}

    def describe(self):
        return "fake"


def test_a_games_next_moves_go_before_the_background_already_waiting(tmp_path):
    import threading

    from ui.narration.tts import WavCache

    gate = threading.Event()
    rendered: list[str] = []

    class Cache(WavCache):
        def lookup(self, synth, text):
            return None

        def key(self, synth, text):
            return text

        def render(self, synth, text):
            gate.wait(patience(5))
            rendered.append(text)
            return tmp_path / "x.wav"

    renderer = Renderer(_Slow(gate), Cache(tmp_path))
    try:
        renderer.prerender(["busy"])  # taken by the worker, waits at the gate
        while renderer.pending():
            threading.Event().wait(0.01)
        background = renderer.prerender(["fixed 1", "fixed 2"])
        renderer.prerender(["next 1", "next 2", "fixed 2"], first=True)
        said_now = renderer.submit("last")
        gate.set()
        said_now.result(patience(5))
        for future in background:
            future.result(patience(5))
    finally:
        renderer.close(wait=True)
    # the line said now first, then the next moves in their order, then the rest
    assert rendered == ["busy", "last", "next 1", "next 2", "fixed 2", "fixed 1"], rendered


def test_the_worker_delivers_a_games_next_moves_to_the_front_and_the_nameless_lines_behind():
    import threading

    from ui.narration.ahead import LookAhead

    got: list[tuple[list[str], bool]] = []
    done = threading.Event()

    def deliver(lines, first):
        got.append((lines, first))
        if len(got) == 2:
            done.set()

    state, config = _state("il-capo")
    ahead = LookAhead(deliver)
    try:
        ahead.fixed(["il-capo"])
        ahead.want("il-capo", state, config, depth=1)
        assert done.wait(patience(30))
    finally:
        ahead.close()
    fronts = {first: lines for lines, first in got}
    assert fronts[True] == G.lines_ahead("il-capo", state, depth=1, config=config)
    assert fronts[False] == G.fixed_lines("il-capo")
