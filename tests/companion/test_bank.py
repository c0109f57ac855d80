"""The shared bank: integer dollars, zero-sum transfers, refusals in words, exact token change."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.bank import BANK, Ledger, format_dollars, make_change
from companion.errors import IllegalAction

PLAYERS = ["Anna", "Ben", "Cid"]
CASINO_STOCK = {1_000_000: 20, 5_000_000: 5, 10_000_000: 10}


def test_every_transfer_is_recorded_with_its_reason():
    ledger = Ledger.open({"Anna": 150_000, "Ben": 150_000}).transfer("Anna", "Ben", 250, "bounty")
    assert ledger.journal[-1].reason == "bounty" and ledger.history("Ben")[0].amount == 250
    assert sum(amount for _, amount in ledger.journal[-1].legs) == 0


def test_unaffordable_payment_is_refused_in_words_and_nothing_changes():
    ledger = Ledger.open({"Anna": 100_000, "Ben": 0})
    with pytest.raises(IllegalAction, match=r"Anna cannot pay \$250,000 for Rico's tax: only \$100,000 on hand"):
        ledger.transfer("Anna", BANK, 250_000, "Rico's tax")
    assert ledger.balance("Anna") == 100_000 and ledger.journal == ()


@pytest.mark.parametrize("amount", [0, -5, 1.5, "10", True])
def test_amounts_must_be_positive_whole_dollars(amount):
    with pytest.raises(IllegalAction, match="whole number of dollars|more than \\$0"):
        Ledger.open({"Anna": 10}).transfer(BANK, "Anna", amount, "manual")


def test_unknown_account_and_self_payment_are_refused():
    ledger = Ledger.open({"Anna": 10})
    with pytest.raises(IllegalAction, match="no account called 'Zed'"):
        ledger.transfer("Zed", "Anna", 5, "manual")
    with pytest.raises(IllegalAction, match="cannot pay themselves"):
        ledger.transfer("Anna", "Anna", 5, "manual")


def test_a_limited_bank_cannot_pay_more_than_it_holds():
    ledger = Ledger.open({"Anna": 0}, bank=100, unlimited_bank=False)
    with pytest.raises(IllegalAction, match="The bank cannot pay"):
        ledger.transfer(BANK, "Anna", 200, "income")


def test_format_dollars():
    assert format_dollars(150_000) == "$150,000" and format_dollars(-5_000) == "-$5,000"


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(PLAYERS + [BANK]), st.sampled_from(PLAYERS + [BANK]),
                          st.integers(-10, 400_000)), max_size=40))
def test_money_is_conserved_through_any_sequence_of_transfers(moves):
    ledger = Ledger.open({p: 150_000 for p in PLAYERS}, bank=1_000_000, unlimited_bank=False)
    total = ledger.total()
    for payer, payee, amount in moves:
        try:
            ledger = ledger.transfer(payer, payee, amount, "test")
        except IllegalAction:
            pass
        assert ledger.total() == total
        assert all(balance >= 0 for _, balance in ledger.balances)


def test_change_uses_the_fewest_tokens():
    assert make_change(17_000_000, CASINO_STOCK) == {10_000_000: 1, 5_000_000: 1, 1_000_000: 2}


def test_change_when_greedy_would_fail():
    assert make_change(6, {5: 1, 2: 3}) == {2: 3}


def test_change_the_stock_cannot_make_is_none():
    assert make_change(3_000_000, {1_000_000: 2, 5_000_000: 5}) is None


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 60), st.dictionaries(st.sampled_from([1, 5, 10]), st.integers(0, 6)))
def test_change_is_exact_and_within_stock(amount, stock):
    change = make_change(amount, stock)
    if change is not None:
        assert sum(d * n for d, n in change.items()) == amount
        assert all(n <= stock[d] for d, n in change.items())
