"""Robot scenarios (run by tests/acceptance/play.py): the table robot's Il Capo and Mafia Casino
games played with narration on, noting every line the narrator said and which of them it had to
render on demand: said before their render had finished (``on_demand_lines``: the robot outran
a loaded machine) or before anything had asked for them (``unforeseen_lines``: the pre-render
missed them)."""

from __future__ import annotations

import casino_games
import il_capo_games


def _narrated(t, scenario) -> None:
    for _ in range(100):  # the narrator starts with the services, a moment after the first frame
        if t.app.narrator is not None:
            break
        t.robot.run_for(0.1)
    narrator = t.app.narrator
    said: list[str] = []
    pending: list[int] = []
    narrator.bind(on_line=lambda _n, text: (said.append(text), pending.append(narrator.pending_renders())))
    before = narrator.rendered_on_demand
    missed = len(narrator.unforeseen_lines)
    asked: list[tuple] = []  # every state the look-ahead was asked to look from, in order
    ahead = t.app.look_ahead
    want = ahead.want
    ahead.want = lambda game, state, config=None, depth=None: (asked.append((game, state, config, depth)),
                                                               want(game, state, config, depth))[1]
    scenario(t)
    t.robot.run_for(2.0)  # the last lines of the game are said
    t.obs["said"] = list(dict.fromkeys(said))
    t.obs["on_demand"] = narrator.rendered_on_demand - before
    t.obs["on_demand_lines"] = narrator.on_demand_lines[before:]
    t.obs["unforeseen_lines"] = narrator.unforeseen_lines[missed:]
    t.obs["pending_when_said"] = pending
    t.obs["looked_ahead"] = t.app.look_ahead.looked
    # a line the worker had not reached yet when it was due (a loaded machine) is still one the
    # look-ahead finds from the states it was asked about: looked for here, after the game, so
    # what is asserted does not depend on the machine's speed
    from ui.narration.games import lines_ahead

    found: set[str] = set()
    for game, state, config, depth in asked:
        found.update(lines_ahead(game, state, depth=depth or ahead.depth, config=config))
    t.obs["not_foreseeable"] = [line for line in t.obs["unforeseen_lines"] if line not in found]


def il_capo(t) -> None:
    _narrated(t, il_capo_games.three_players)


def casino(t) -> None:
    _narrated(t, casino_games.anna_to_thirty)
