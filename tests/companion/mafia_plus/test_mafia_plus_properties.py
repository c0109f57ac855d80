"""Random legal playthroughs at every player count: they finish, keep the invariants, never leak."""

import random
import re
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import TABLE
from companion.games.mafia_plus import ENGINE
from companion.games.mafia_plus import characters as C
from companion.games.mafia_plus import sets as S
from companion.simulate import playout

ROLE_NAMES = sorted((c.name for c in C.CHARACTERS.values()), key=len, reverse=True)
PUBLIC_CLAIMS = ("declared", "cannon")


def config_for(players, seed, custom):
    rng = random.Random(seed)
    config = {"players": [f"P{i + 1}" for i in range(players)], "vote": rng.choice(["open", "secret"])}
    if custom:
        config["characters"] = list(S.random_custom_set(players, rng))
    else:
        config["set"] = {"choices": S.random_choices(players, rng)}
    return config


def check_game(config, seed):
    result = playout(ENGINE, seed, config=config, keep_states=True)
    assert result.outcome is not None, "the game did not finish"
    n = len(config["players"])
    for before, action in zip(result.states, result.actions):
        if before.characters is not None:
            stats = [int(x) for x in ENGINE.view(before, TABLE).starting_stats.split("-")]
            assert sum(stats) == n
            live = [int(x) for x in S.stats_text([c for c, a in zip(before.characters, before.alive) if a])
                    .split("-")]
            assert sum(live) == sum(before.alive)
        by = getattr(action, "by", None)
        if by is not None:
            assert before.alive[by], f"the dead acted: {action}"
            assert by != before.away, f"a shipped-out player acted: {action}"
        # a permutation of characters within each faction changes nothing on the table
        if before.characters is not None:
            perm = list(before.characters)
            rng = random.Random(len(result.states))
            for f in C.FACTIONS:
                idx = [i for i, c in enumerate(perm) if C.faction(c) == f and before.alive[i]]
                vals = [perm[i] for i in idx]
                rng.shuffle(vals)
                for i, v in zip(idx, vals):
                    perm[i] = v
            twin = replace(before, characters=tuple(perm))
            assert ENGINE.view(twin, TABLE) == ENGINE.view(before, TABLE)
    for event in result.events:
        if event.audience == TABLE and event.kind not in PUBLIC_CLAIMS and event.kind != "narration":
            named = [p for p in config["players"] if re.search(rf"\b{p}\b", event.text)]
            roles = [r for r in ROLE_NAMES if r in event.text]
            assert not (named and roles), f"a table line names a character: {event.text}"
    final = result.final
    factions = [C.faction(c) for c in final.characters]
    alive_f = {f for f, a in zip(factions, final.alive) if a}
    assert not ({"city", "mafia"} <= alive_f)
    syndicate = {i for i, f in enumerate(factions) if f == "syndicate" and final.alive[i]}
    if "city" in alive_f:
        expected = {i for i, f in enumerate(factions) if f == "city"} | syndicate
    elif "mafia" in alive_f:
        expected = {i for i, f in enumerate(factions) if f == "mafia"} | syndicate
    else:
        expected = syndicate
    assert set(final.winners) == expected
    assert ENGINE.legal_actions(final) == []


@settings(max_examples=25, deadline=None)
@given(players=st.integers(6, 23), seed=st.integers(0, 10_000), custom=st.booleans())
def test_random_games_finish_keep_invariants_and_never_leak(players, seed, custom):
    check_game(config_for(players, seed, custom), seed)


def test_every_player_count_with_the_recommended_set_finishes():
    for players in range(6, 24):
        check_game(config_for(players, players, False), players)


def test_every_player_count_with_a_random_custom_set_finishes():
    for players in range(6, 24):
        check_game(config_for(players, 100 + players, True), players)


def test_secret_twins_look_the_same_on_the_table():
    for seed in range(5):
        config = ENGINE.sample_config(None, random.Random(seed))
        for a, b in ENGINE.secret_twins(config, seed, random.Random(seed)):
            assert a != b and ENGINE.view(a, TABLE) == ENGINE.view(b, TABLE)
