"""An append-only tuple for the histories a state keeps, cheap to extend and to read back from a
snapshot (issue 28: resume after a restart costs the same in a long game as in a short one).

Some states keep a record of everything (the dice's every result, the bank's every payment)
while the rules and the table's views read only the newest few; the reveal and a few screens still
read all of it. A ``Chain`` is an immutable sequence that is equal to the tuple of its items
(``chain == tuple(chain)``, same hash), kept as full blocks of ``BLOCK`` items and a short tail:

* adding at the end (``chain + (item,)``) copies the tail and shares every full block; a tuple
  copied the whole history on every action;
* pickled (``companion.snapshots``), a full block is encoded once, kept as those bytes, and every
  later snapshot reuses them; read back, a block stays bytes until one of its items is read. So a
  snapshot of a long game loads in the same time as a short one's: the newest items, what the
  rules and the table read, are in the tail and the last block.

A block is decoded with the snapshots' restricted unpickler (the games' own types only). The
row's checksum, checked before a snapshot is trusted, covers every block, so a damaged row is
never trusted; only a row crafted to pass every check could hold a block that does not decode, and
reading it then raises a ``StoreError`` in words (as before, a crafted row runs no code).

>>> chain = Chain(range(3)) + (3,)
>>> chain == (0, 1, 2, 3), chain[-1], chain[1:3], len(chain)
(True, 3, (1, 2), 4)
"""

from __future__ import annotations

import copyreg
import itertools
import operator
import pickle
import zlib
from collections.abc import Sequence
from typing import Any, Iterable, Iterator

from .errors import StoreError

#: Items per block: what a snapshot decodes at most before the newest item can be read.
BLOCK = 64


class _Block:
    """``BLOCK`` items, and the bytes they pickle to, compressed (either made from the other on
    first use; compressed once, so a snapshot's row holds its old blocks at their small size)."""

    __slots__ = ("_items", "_data")

    def __init__(self, items: tuple | None = None, data: bytes | None = None):
        self._items, self._data = items, data

    @property
    def items(self) -> tuple:
        items = self._items
        if items is None:  # read back from a snapshot: decoded on first use (a race decodes twice)
            from .snapshots import loads  # snapshots imports this module for its allowed types

            try:
                items = loads(zlib.decompress(self._data))
            except (ValueError, zlib.error) as err:
                raise StoreError(f"This game's saved state (a copy beside its log) cannot be read: {err}. "
                                 f"The log is not affected.") from None
            if not (isinstance(items, tuple) and len(items) == BLOCK):
                raise StoreError("This game's saved state (a copy beside its log) cannot be read: a block of "
                                 "its history is not one. The log is not affected.")
            self._items = items
        return items

    @property
    def data(self) -> bytes:
        data = self._data
        if data is None:
            from .snapshots import dumps

            data = self._data = zlib.compress(dumps(self._items), 1)
        return data


class Chain(Sequence):
    """An immutable sequence equal to the tuple of its items; see the module."""

    __slots__ = ("_blocks", "_tail", "_len")

    def __init__(self, items: Iterable[Any] = ()):
        items = tuple(items)
        cut = len(items) - len(items) % BLOCK
        self._set(tuple(_Block(items[i:i + BLOCK]) for i in range(0, cut, BLOCK)), items[cut:])

    def _set(self, blocks: tuple[_Block, ...], tail: tuple) -> None:
        self._blocks, self._tail, self._len = blocks, tail, len(blocks) * BLOCK + len(tail)

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, index):
        if isinstance(index, slice):
            start, stop, step = index.indices(self._len)
            if step != 1:
                return tuple(self)[index]
            if start >= stop:
                return ()
            first, last = start // BLOCK, (stop - 1) // BLOCK
            joined = tuple(itertools.chain.from_iterable(self._part(b) for b in range(first, last + 1)))
            return joined[start - first * BLOCK:stop - first * BLOCK]
        index = operator.index(index)
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("Chain index out of range")
        block, i = divmod(index, BLOCK)
        return self._part(block)[i]

    def _part(self, block: int) -> tuple:
        return self._tail if block == len(self._blocks) else self._blocks[block].items

    def __iter__(self) -> Iterator[Any]:
        for block in self._blocks:
            yield from block.items
        yield from self._tail

    def __reversed__(self) -> Iterator[Any]:
        yield from reversed(self._tail)
        for block in reversed(self._blocks):
            yield from reversed(block.items)

    def __add__(self, other: Any) -> "Chain":
        if not isinstance(other, (tuple, Chain)):
            return NotImplemented
        blocks, tail = self._blocks, self._tail + tuple(other)
        if len(tail) >= BLOCK:
            cut = len(tail) - len(tail) % BLOCK
            blocks += tuple(_Block(tail[i:i + BLOCK]) for i in range(0, cut, BLOCK))
            tail = tail[cut:]
        chain = Chain.__new__(Chain)
        chain._set(blocks, tail)
        return chain

    def __radd__(self, other: Any) -> "Chain":
        if not isinstance(other, tuple):
            return NotImplemented
        return Chain(other + tuple(self))

    def __eq__(self, other: Any) -> bool:
        if isinstance(other, Chain):  # same length, same blocks: a shared block is not decoded
            return self._len == other._len and self._tail == other._tail and all(
                a is b or a.items == b.items for a, b in zip(self._blocks, other._blocks))
        if isinstance(other, tuple):
            return self._len == len(other) and tuple(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Chain({tuple(self)!r})"

    def __copy__(self) -> "Chain":
        return self  # immutable

    def __deepcopy__(self, memo: dict) -> "Chain":
        return self

    def __reduce__(self):
        return copyreg.__newobj__, (Chain,), (tuple(b.data for b in self._blocks), self._tail)

    def __setstate__(self, state: Any) -> None:
        """From a pickle (a snapshot): the blocks stay bytes until read."""
        payloads, tail = state
        if not (isinstance(payloads, tuple) and all(type(p) is bytes for p in payloads)
                and isinstance(tail, tuple) and len(tail) < BLOCK):
            raise pickle.UnpicklingError("not a chain of blocks")
        self._set(tuple(_Block(data=p) for p in payloads), tail)
