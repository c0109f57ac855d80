"""Dice and the spinner are fair: 60,000 seeded draws pass a chi-square test at p > 0.001.

The draws go through the real path (``engine.chance`` with the session's per-position RNG), so
this checks what the table gets, not just ``random.randint``.
"""

import math
from collections import Counter

from companion.games.dice import ENGINE, DiceRolled, Spun
from companion.simulate import chance_rng

N = 60_000
SEED = 20261129


def chi2_sf(x: float, k: int) -> float:
    """P(X >= x) for chi-square with k degrees of freedom (regularised upper gamma, by series)."""
    a, z = k / 2, x / 2
    term = total = 1 / a
    n = 0
    while term > total * 1e-15:
        n += 1
        term *= z / (a + n)
        total += term
    lower = math.exp(-z + a * math.log(z) - math.lgamma(a)) * total
    return max(0.0, 1.0 - lower)


def chi_square_p(counts: Counter, expected: dict) -> float:
    stat = sum((counts.get(k, 0) - e) ** 2 / e for k, e in expected.items())
    assert set(counts) <= set(expected), f"impossible outcomes {set(counts) - set(expected)}"
    return chi2_sf(stat, len(expected) - 1)


def draws(request):
    state = ENGINE.new({}, SEED)
    return [ENGINE.chance(state, chance_rng(SEED, i), request) for i in range(N)]


def test_chi2_helper_matches_known_values():
    assert abs(chi2_sf(3.841, 1) - 0.05) < 1e-3
    assert abs(chi2_sf(18.307, 10) - 0.05) < 1e-3


def test_2d6_sums_are_fair():
    rolls = draws("roll2d6")
    assert all(isinstance(r, DiceRolled) and len(r.dice) == 2 for r in rolls)
    sums = Counter(sum(r.dice) for r in rolls)
    ways = {s: 6 - abs(s - 7) for s in range(2, 13)}
    assert chi_square_p(sums, {s: N * w / 36 for s, w in ways.items()}) > 0.001


def test_single_dice_are_fair_both_in_1d6_and_in_each_die_of_2d6():
    singles = Counter(r.dice[0] for r in draws("roll1d6"))
    assert chi_square_p(singles, {f: N / 6 for f in range(1, 7)}) > 0.001
    pairs = draws("roll2d6")
    for i in (0, 1):
        faces = Counter(r.dice[i] for r in pairs)
        assert chi_square_p(faces, {f: N / 6 for f in range(1, 7)}) > 0.001


def test_spinner_numbers_and_sides_are_fair():
    spins = draws("spin")
    assert all(isinstance(s, Spun) for s in spins)
    numbers = Counter(s.number for s in spins)
    sides = Counter(s.side for s in spins)
    assert chi_square_p(numbers, {n: N / 10 for n in range(1, 11)}) > 0.001
    assert chi_square_p(sides, {"L": N / 2, "R": N / 2}) > 0.001


def test_a_loaded_die_would_be_caught():
    loaded = Counter({1: N // 6 + 600, 2: N // 6 - 600, 3: N // 6, 4: N // 6, 5: N // 6, 6: N // 6})
    assert chi_square_p(loaded, {f: N / 6 for f in range(1, 7)}) < 0.001


def test_physical_rolls_can_be_entered_by_hand():
    state = ENGINE.new({}, 1)
    state, events = ENGINE.apply(state, DiceRolled((2, 2), by_hand=True))
    state, events2 = ENGINE.apply(state, Spun(4, "R", by_hand=True))
    assert [e.text for e in events + events2] == ["Rolled 2 + 2 = 4 (physical dice)", "Spun 4 right (physical spinner)"]
