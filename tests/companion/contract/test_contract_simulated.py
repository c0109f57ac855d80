"""Property: every simulated game ends after the right number of rounds with a consistent score."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import TABLE
from companion.games.contract.data import BLACKMAT
from companion.games.contract.engine import ENGINE as E
from companion.games.contract.engine import INFLUENCE_DECK, SPECIAL_CARDS
from companion.simulate import playout


def _on_table(state):
    return sum(1 for s in state.slots for p in s.plays for c in p.cards if c not in SPECIAL_CARDS)


def _check_invariants(state):
    assert state.draw_pile + state.discard + sum(state.hands) + _on_table(state) == INFLUENCE_DECK
    assert all(0 <= h <= 10 for h in state.hands)
    assert all(0 <= E.tokens_left(state, s) <= 3 for s in range(state.players))
    kept = Counter(c for a in state.areas for c in a.cards) + Counter(state.out)
    assert not kept - Counter(state.seen), "a Mafioso was won or discarded without being seen"
    assert not Counter(state.seen) - Counter(state.deck), "a Mafioso was seen twice"
    for a in state.areas:
        assert all(col.cards for col in a.columns), "a family column without a coloured Mafioso"
        assert all(c.startswith(BLACKMAT) for col in a.columns for c in col.blackmats)
        assert not (a.columns and a.waiting), "a Blackmat waits although its owner has a column"
    assert len(dict(state.briefcases)) == len(state.briefcases), "a first-to briefcase was won twice"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5))
def test_simulated_games_end_after_the_right_number_of_rounds_with_a_consistent_score(seed, players):
    result = playout(E, seed, players, keep_states=True)
    final = result.final
    assert result.outcome is not None and final.phase == "over"
    assert final.round == final.rounds == (5 if players == 2 else 4)
    assert [e.data["round"] for e in result.events if e.kind == "round"] == list(range(1, final.rounds + 1))
    for state in result.states[::5] + [final]:
        _check_invariants(state)
        if state.slots and state.phase == "play":
            assert state.copper_at != state.vicelard_at, "Copper shares Vicelard's Mafioso"
    score = E.final_score(final)
    tiles = Counter((fam, rank) for r in score.rows for fam, rank, _ in r.trafficking)
    assert all(n == 1 for n in tiles.values()), "a trafficking tile was given twice"
    for row in score.rows:
        assert row.total == sum(v for *_, v in row.trafficking) + sum(v for _, v in row.briefcases)
    best = max(r.total for r in score.rows)
    assert result.outcome.winners == tuple(r.seat for r in score.rows if r.total == best)
    assert all(e.audience == TABLE and e.text for e in result.events)
