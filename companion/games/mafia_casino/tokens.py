"""Physical money tokens: which tokens change hands for a payment, and in which change.

"20 '$ 1 million' tokens (green), 5 '$ 5 million' tokens (red), 10 '$ 10 million' tokens (blue)"
(Game Contents). A stock is a tuple of counts in ``DENOMINATIONS`` order. A payment is settled by
the payer handing over tokens and the payee handing back change (fewest change first); when the
two cannot make it between them, the payer first changes money at the bank's box; when even
that fails, the payment is written down on paper and the app says so.

>>> settle((0, 1, 0), (3, 0, 0), 2_000_000)   # pay $2M with a red $5M, get 3 green back
((0, 1, 0), (3, 0, 0))
"""

from __future__ import annotations

from companion.bank import make_change

DENOMINATIONS = (1_000_000, 5_000_000, 10_000_000)
COLOURS = ("green $1M", "red $5M", "blue $10M")
#: The box, as printed in Game Contents.
BOX = (20, 5, 10)

Stock = tuple[int, int, int]
NONE: Stock = (0, 0, 0)


def value(stock: Stock) -> int:
    return sum(n * d for n, d in zip(stock, DENOMINATIONS))


def _as_map(stock: Stock) -> dict[int, int]:
    return dict(zip(DENOMINATIONS, stock))


def _from_map(change: dict[int, int]) -> Stock:
    return tuple(change.get(d, 0) for d in DENOMINATIONS)  # type: ignore[return-value]


def add(a: Stock, b: Stock) -> Stock:
    return tuple(x + y for x, y in zip(a, b))  # type: ignore[return-value]


def sub(a: Stock, b: Stock) -> Stock:
    return tuple(x - y for x, y in zip(a, b))  # type: ignore[return-value]


def settle(payer: Stock, payee: Stock, amount: int) -> tuple[Stock, Stock] | None:
    """``(given, change)``: the payer gives ``given``, the payee hands back ``change``; None if impossible."""
    unit = DENOMINATIONS[0]
    if amount <= 0 or amount % unit:
        return None
    extra = 0
    while extra <= value(payer) - amount:
        given = make_change(amount + extra, _as_map(payer))
        if given is not None:
            back = make_change(extra, _as_map(payee))
            if back is not None:
                return _from_map(given), _from_map(back)
        extra += unit
    return None


def describe(stock: Stock) -> str:
    """``'1 blue $10M and 2 green $1M'``; ``'nothing'`` for no token."""
    parts = [f"{n} {c}" for n, c in zip(reversed(stock), reversed(COLOURS)) if n]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
