"""Il Capo money: every transfer a ledger entry with its reason; no sequence creates or destroys money."""

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import replay
from companion.errors import IllegalAction
from companion.games.il_capo import ENGINE as E
from companion.games.il_capo.actions import Pay, PayPlayer, Receive

from ilcapo_scenes import balance, bank, game, play, refused


def test_manual_payments_are_ledger_entries_with_reason_manual_and_the_note():
    state, texts = play(game(2), Pay(0, 50_000, "toll bridge"), Receive(1, 250_000), PayPlayer(1, 0, 100_000, "deal"))
    reasons = [t.reason for t in state.ledger.journal]
    assert reasons == ["manual (toll bridge)", "manual", "manual (deal)"]
    assert balance(state, 0) == 200_000 and balance(state, 1) == 300_000 and bank(state) == -200_000
    assert texts == ["Anna pays $50,000 to the bank. (toll bridge)", "Ben receives $250,000 from the bank.",
                     "Ben pays $100,000 to Anna. (deal)"]


def test_bank_payments_work_at_any_moment_of_the_game():
    state = play(game(2), Receive(1, 1_000))[0]
    assert state.awaiting == "move"  # the flow is untouched


def test_a_payment_the_player_cannot_afford_is_refused_with_the_shortfall():
    refused(game(2), Pay(0, 200_000), "Anna cannot pay $200,000: only $150,000 on hand")
    refused(game(2), PayPlayer(1, 0, 150_001), "Ben cannot pay $150,001")


def test_amounts_must_be_whole_dollars_above_zero():
    refused(game(2), Receive(0, 0), "above $0")
    refused(game(2), Receive(0, -5), "above $0")


def test_a_player_cannot_pay_themselves():
    refused(game(2), PayPlayer(1, 1, 10), "Ben cannot pay themselves")


def test_payments_name_real_seats():
    refused(game(2), Receive(5, 10), "no player at seat 5")


def _money_walk(state, draws):
    """Random legal actions plus random bank payments (legal or not), keeping the log."""
    log = []
    n = len(state.players)
    for pick, kind, amount in draws:
        if E.outcome(state) is not None:
            break
        if kind == 0:
            action = [Pay(pick % n, amount), Receive(pick % n, amount),
                      PayPlayer(pick % n, (pick // n) % n, amount)][pick % 3]
        else:
            legal = E.legal_actions(state)
            play_ = [a for a in legal if not isinstance(a, (Pay, Receive, PayPlayer))] or legal
            action = play_[pick % len(play_)]  # game moves; bank moves come from kind 0
        before = copy.deepcopy(state) if kind == 0 else state
        try:
            state, _ = E.apply(state, action)
        except IllegalAction as err:
            assert str(err) and state == before
            continue
        log.append(action)
    return state, log


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 8),
       draws=st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 4), st.integers(1, 2_000_000)),
                      max_size=150))
def test_no_sequence_of_actions_creates_or_destroys_money(players, draws):
    start = game(players)
    total = start.ledger.total()
    state, log = _money_walk(start, draws)
    assert state.ledger.total() == total == 150_000 * players
    assert sum(state.ledger.balance(p.name) for p in state.players) + bank(state) == total
    assert replay(E, {"players": [p.name for p in start.players]}, 0, log) == state


def test_long_random_games_keep_money_constant_and_every_transfer_has_a_reason():
    rng = random.Random(5)
    for seed in range(5):
        draws = [(rng.randrange(10_000), rng.randrange(5), rng.randrange(1, 2_000_000)) for _ in range(600)]
        state, _ = _money_walk(game(2 + seed), draws)
        assert state.ledger.total() == 150_000 * (2 + seed)
        assert all(t.reason for t in state.ledger.journal)
