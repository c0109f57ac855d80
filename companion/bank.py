"""The bank shared by Il Capo and Mafia Casino: integer dollars, double-entry, immutable.

Every movement of money is a ``Transfer`` whose legs sum to zero: money leaves one account and
enters another, and the bank is just one more account (``BANK``). So the sum of all balances,
bank included, never changes, which the property tests check through any sequence.

>>> ledger = Ledger.open({"Anna": 150_000}, bank=1_000_000)
>>> ledger = ledger.transfer("Anna", BANK, 50_000, "tax")
>>> ledger.balance("Anna"), ledger.balance(BANK)
(100000, 1050000)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from .chain import Chain
from .errors import IllegalAction

BANK = "bank"


@dataclass(frozen=True, slots=True)
class Transfer:
    """``amount`` dollars from ``payer`` to ``payee`` for ``reason`` (bounty, tax, hire...)."""

    payer: str
    payee: str
    amount: int
    reason: str

    @property
    def legs(self) -> tuple[tuple[str, int], tuple[str, int]]:
        return (self.payer, -self.amount), (self.payee, self.amount)


@dataclass(frozen=True, slots=True)
class Ledger:
    """Balances (as a sorted tuple, so the ledger is hashable and comparable) and the journal (a
    ``Chain``: a booking shares the whole journal before it, and a snapshot loads it in bounded time)."""

    balances: tuple[tuple[str, int], ...]
    journal: Chain = Chain()
    unlimited_bank: bool = True

    @classmethod
    def open(cls, opening: Mapping[str, int], bank: int = 0, unlimited_bank: bool = True) -> "Ledger":
        """Accounts with their opening balances; the bank may go negative when ``unlimited_bank``."""
        for name, amount in opening.items():
            _check_amount(amount, f"{name}'s opening balance", allow_zero=True)
        accounts = dict(opening)
        accounts[BANK] = bank
        return cls(tuple(sorted(accounts.items())), Chain(), unlimited_bank)

    @property
    def accounts(self) -> dict[str, int]:
        return dict(self.balances)

    def balance(self, account: str) -> int:
        try:
            return self.accounts[account]
        except KeyError:
            raise IllegalAction(f"There is no account called '{account}'.") from None

    def total(self) -> int:
        """The sum of every balance, bank included: constant for the life of a ledger."""
        return sum(amount for _, amount in self.balances)

    def can_pay(self, account: str, amount: int) -> bool:
        if account == BANK and self.unlimited_bank:
            return True
        return self.balance(account) >= amount

    def transfer(self, payer: str, payee: str, amount: int, reason: str) -> "Ledger":
        """A new ledger with the transfer booked; refused (IllegalAction) when unaffordable."""
        _check_amount(amount, "A payment")
        accounts = self.accounts
        for who in (payer, payee):
            if who not in accounts:
                raise IllegalAction(f"There is no account called '{who}'.")
        if payer == payee:
            raise IllegalAction(f"{payer} cannot pay themselves.")
        if not self.can_pay(payer, amount):
            raise IllegalAction(
                f"{_name(payer)} cannot pay {format_dollars(amount)} for {reason}: "
                f"only {format_dollars(accounts[payer])} on hand.")
        accounts[payer] -= amount
        accounts[payee] += amount
        return Ledger(tuple(sorted(accounts.items())), self.journal + (Transfer(payer, payee, amount, reason),),
                      self.unlimited_bank)

    def transfers(self, moves: Iterable[tuple[str, str, int, str]]) -> "Ledger":
        """Several transfers, all or nothing."""
        ledger = self
        for payer, payee, amount, reason in moves:
            ledger = ledger.transfer(payer, payee, amount, reason)
        return ledger

    def history(self, account: str) -> list[Transfer]:
        return [t for t in self.journal if account in (t.payer, t.payee)]


def _name(account: str) -> str:
    return "The bank" if account == BANK else account


def _check_amount(amount: object, what: str, allow_zero: bool = False) -> None:
    if not isinstance(amount, int) or isinstance(amount, bool):
        raise IllegalAction(f"{what} must be a whole number of dollars, not {amount!r}.")
    if amount < 0 or (amount == 0 and not allow_zero):
        raise IllegalAction(f"{what} must be more than $0, not {format_dollars(amount)}.")


def format_dollars(amount: int) -> str:
    """``$150,000``; negative amounts as ``-$5,000``."""
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount):,}"


def make_change(amount: int, stock: Mapping[int, int]) -> dict[int, int] | None:
    """Tokens (denomination -> count) that make ``amount`` from ``stock``, fewest tokens first.

    Returns None when the physical stock cannot make the amount exactly. Exact search, so a stock
    of {5: 1, 2: 3} still makes 6 as 2+2+2 where greedy would fail.

    >>> make_change(17_000_000, {1_000_000: 20, 5_000_000: 5, 10_000_000: 10})
    {10000000: 1, 5000000: 1, 1000000: 2}
    """
    if amount == 0:
        return {}
    denominations = sorted((d for d, n in stock.items() if n > 0), reverse=True)
    best: dict[int, int] | None = None
    best_count = None

    def search(i: int, left: int, used: dict[int, int], count: int) -> None:
        nonlocal best, best_count
        if left == 0:
            if best_count is None or count < best_count:
                best, best_count = dict(used), count
            return
        if i == len(denominations) or (best_count is not None and count >= best_count):
            return
        d = denominations[i]
        for n in range(min(stock[d], left // d), -1, -1):
            if n:
                used[d] = n
            search(i + 1, left - n * d, used, count + n)
            used.pop(d, None)

    search(0, amount, {}, 0)
    return best
