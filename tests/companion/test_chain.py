"""A Chain (companion.chain) is the tuple of its items in every way a state, a view or a screen can
read it, also after a trip through a snapshot; a block of it that does not decode is refused in
words and runs no code. Speed is measured in benchmarks/bench_session.py."""

import copy
import os
import pickle
import zlib

import pytest

from companion import snapshots
from companion.chain import BLOCK, Chain
from companion.engine import TABLE
from companion.errors import StoreError
from companion.games.dice import DiceRolled
from companion.games.dice.engine import ENGINE as DICE

LENGTHS = [0, 1, BLOCK - 1, BLOCK, BLOCK + 1, 2 * BLOCK, 3 * BLOCK + 7]


def grown(n):
    """A chain of n items built the way a state builds it: one item at a time."""
    chain = Chain()
    for i in range(n):
        chain = chain + (i,)
    return chain


@pytest.mark.parametrize("n", LENGTHS)
@pytest.mark.parametrize("how", ["grown", "made", "pickled", "snapshot"])
def test_a_chain_reads_exactly_like_the_tuple_of_its_items(n, how):
    items = tuple(range(n))
    chain = {"grown": lambda: grown(n), "made": lambda: Chain(items),
             "pickled": lambda: pickle.loads(pickle.dumps(grown(n))),
             "snapshot": lambda: snapshots.decode(snapshots.encode(grown(n)))}[how]()
    assert chain == items and items == chain and chain == Chain(items) and hash(chain) == hash(items)
    assert len(chain) == n and bool(chain) == bool(items)
    assert list(chain) == list(items) and list(reversed(chain)) == list(reversed(items))
    for i in (0, 1, n // 2, n - 1, -1, -n):
        if -n <= i < n:
            assert chain[i] == items[i]
    for i in (n, -n - 1):
        with pytest.raises(IndexError):
            chain[i]
    for cut in (slice(None), slice(-10, None), slice(None, -1), slice(3, BLOCK + 5), slice(BLOCK, 2 * BLOCK),
                slice(None, None, -1), slice(1, None, 3), slice(5, 2)):
        assert chain[cut] == items[cut] and type(chain[cut]) is tuple
    assert (chain + ("x", "y")) == items + ("x", "y") and (("x",) + chain) == ("x",) + items
    assert (chain + chain) == items + items
    assert (n - 1 in chain) == (n > 0) and chain.count(0) == items.count(0)
    assert chain != items + (0,) and chain != Chain(items + (0,))
    assert copy.copy(chain) == items and copy.deepcopy(chain) == items


def test_chains_of_equal_items_are_equal_however_they_were_built_and_differ_where_an_item_does():
    items = tuple(range(2 * BLOCK + 3))
    assert grown(len(items)) == snapshots.decode(snapshots.encode(Chain(items)))
    changed = items[:5] + ("other",) + items[6:]
    assert Chain(changed) != snapshots.decode(snapshots.encode(grown(len(items))))


def test_a_state_and_its_views_are_the_same_after_a_trip_through_a_snapshot():
    state = DICE.new({}, 1)
    for n in range(3 * BLOCK + 5):
        state, _ = DICE.apply(state, DiceRolled(((n % 6) + 1, (n * 5 % 6) + 1), by_hand=n % 7 == 0))
    back = snapshots.decode(snapshots.encode(state))
    assert back == state
    assert DICE.view(back, TABLE) == DICE.view(state, TABLE)
    assert type(DICE.view(back, TABLE).history) is tuple  # views stay dataclasses of tuples


MARKER = ""


class Boom:
    def __reduce__(self):
        return (os.system, (f"touch {MARKER}",))


def crafted_chain(block: bytes) -> Chain:
    """A Chain whose one block holds ``block``, as unpickling a crafted row would make it."""
    chain = Chain.__new__(Chain)
    chain.__setstate__(((block,), ()))
    return chain


@pytest.mark.parametrize("block", [
    pytest.param(lambda: zlib.compress(pickle.dumps((Boom(),) * BLOCK)), id="would run a command"),
    pytest.param(lambda: b"not a block", id="not compressed"),
    pytest.param(lambda: zlib.compress(pickle.dumps((1, 2))), id="too short"),
])
def test_a_block_that_does_not_decode_is_refused_in_words_when_read_and_runs_no_code(tmp_path, block):
    global MARKER
    MARKER = str(tmp_path / "pwned")
    chain = snapshots.decode(snapshots.encode(crafted_chain(block())))
    assert len(chain) == BLOCK and chain + (1,) is not None  # nothing read yet
    with pytest.raises(StoreError, match="saved state .* cannot be read.*The log is not affected"):
        chain[0]
    assert not os.path.exists(MARKER)


def test_a_chain_whose_blocks_are_not_bytes_does_not_decode():
    raw = pickle.dumps(crafted_chain(b"BLOCK"), protocol=5)
    assert raw.count(b"C\x05BLOCK") == 1  # SHORT_BINBYTES: the block's bytes
    as_text = raw.replace(b"C\x05BLOCK", b"\x8c\x05BLOCK")  # SHORT_BINUNICODE: the same as a str
    with pytest.raises(ValueError, match="does not decode"):
        snapshots.decode(zlib.compress(as_text))
