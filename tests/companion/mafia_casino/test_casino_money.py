"""Money: the ledger is conserved and, in token mode, the tokens always match the ledger."""

from dataclasses import replace

from casino_helpers import ENGINE, M, balance, play, started, texts, with_money
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import TABLE
from companion.games.mafia_casino import tokens
from companion.games.mafia_casino.actions import EndActions, PlayClient, PlayExtortion, PlaySlotMachine, SlotCardsTurned
from companion.games.mafia_casino.engine import money
from companion.simulate import playout


def _check_money(state):
    assert state.ledger.total() == 0  # the bank opened at $0 and players at $0: sum constant
    if state.token_mode:
        for p in state.players:
            assert tokens.value(p.tokens) + p.paper == state.ledger.balance(p.name)
            assert min(p.tokens) >= 0
        held = state.box
        for p in state.players:
            held = tokens.add(held, p.tokens)
        assert held == tokens.BOX and min(state.box) >= 0


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 6), token_mode=st.booleans())
def test_money_is_conserved_and_tokens_match_the_ledger_through_random_games(seed, players, token_mode):
    result = playout(ENGINE, seed, config={"players": players, "tokens": token_mode}, keep_states=True)
    assert result.outcome is not None
    for state in result.states:
        _check_money(state)


@settings(max_examples=40, deadline=None)
@given(payer=st.tuples(st.integers(0, 20), st.integers(0, 5), st.integers(0, 10)),
       payee=st.tuples(st.integers(0, 20), st.integers(0, 5), st.integers(0, 10)),
       amount=st.integers(1, 60))
def test_token_settlement_moves_exactly_the_amount(payer, payee, amount):
    result = tokens.settle(payer, payee, amount * M)
    if result is None:
        return
    given_, back = result
    assert tokens.value(given_) - tokens.value(back) == amount * M
    assert all(0 <= g <= p for g, p in zip(given_, payer)) and all(0 <= b <= q for b, q in zip(back, payee))


def test_every_movement_is_a_ledger_entry_with_its_reason():
    state = with_money(started(), 1, 3 * M)
    state, _ = play(state, PlayExtortion(0), EndActions(), PlayClient("hotel"))
    reasons = [t.reason for t in state.ledger.journal]
    assert reasons == ["test money", "Extortion"]
    assert [entry[3] for entry in ENGINE.view(state, TABLE).ledger] == reasons


def test_token_mode_says_which_tokens_the_bank_hands_over():
    state, events = play(started(tokens=True), PlaySlotMachine(3), SlotCardsTurned(("diamond",) * 3))
    assert balance(state, 0) == 15 * M
    assert "The bank hands Anna 1 blue $10M and 1 red $5M." in texts(events)
    assert state.players[0].tokens == (0, 1, 1) and state.box == (20, 4, 9)


def test_token_mode_gives_change_when_the_payer_has_no_exact_tokens():
    state = with_money(with_money(started(tokens=True), 1, 5 * M), 0, 4 * M)
    assert state.players[1].tokens == (0, 1, 0) and state.players[0].tokens == (4, 0, 0)
    state, events = play(state, PlayExtortion(0))  # Ben owes $1M and holds one red $5M
    assert "Ben hands Anna 1 red $5M; Anna gives back 4 green $1M in change." in texts(events)
    assert state.players[1].tokens == (4, 0, 0) and state.players[0].tokens == (0, 1, 0)


def test_token_mode_changes_money_at_the_bank_when_the_players_cannot():
    state = with_money(started(tokens=True), 1, 5 * M)  # Anna holds nothing to give change
    state, events = play(state, PlayExtortion(0))
    assert "Change through the bank" in texts(events)
    assert state.players[1].tokens == (4, 0, 0) and state.players[0].tokens == (1, 0, 0)


def test_token_mode_says_so_when_the_stock_cannot_make_the_change():
    state = replace(started(tokens=True), box=(0, 0, 1))  # tokens elsewhere
    state, events = play(state, PlaySlotMachine(1), SlotCardsTurned(("pearl", "pearl", "none")))
    assert balance(state, 0) == 2 * M
    assert "The tokens cannot make this change" in texts(events) and "note $2M on paper" in texts(events)
    assert state.players[0].paper == 2 * M and state.players[0].tokens == (0, 0, 0)


def test_token_free_mode_moves_no_tokens():
    state, events = play(started(tokens=False), PlaySlotMachine(3), SlotCardsTurned(("diamond",) * 3))
    assert state.players[0].tokens == (0, 0, 0) and "hands" not in texts(events)


def test_money_is_shown_in_millions():
    assert (money(3 * M), money(1_500_000), money(-2 * M), money(0)) == ("$3M", "$1.5M", "-$2M", "$0M")


def test_a_bank_correction_with_a_reason_moves_money_either_way_and_is_refused_without_one():
    """Issue 18: a banker expects a correction with a reason, like Il Capo's manual pay/receive."""
    from casino_helpers import balance, play, refused, started
    from companion.games.mafia_casino.actions import BankCorrection

    state, events = play(started(), BankCorrection(1, 2_000_000, "missed income"))
    assert balance(state, 1) == 2_000_000
    assert "Bank correction: $2M from the bank to Ben (missed income)." in [e.text for e in events]
    state, _ = play(state, BankCorrection(1, -500_000, "miscount"))
    assert balance(state, 1) == 1_500_000
    refused(state, BankCorrection(1, 1_000_000, " "), "needs a reason")
    refused(state, BankCorrection(0, -1_000_000, "miscount"), "cannot take")
