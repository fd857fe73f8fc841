"""Hand classes and the lookup tables built from them.

Everything the evaluators know about hand ranking is here, derived from two
small classifiers (:func:`classify_high5` and :func:`classify_low5`): the list
of every distinct hand class in order (its position is the hand's *strength*,
higher is better), and the tables that map a hand to its strength at speed.

The tables a showdown reads are kept *flat*: unsigned integers in the
machine's byte order, in one ``bytes`` (:func:`flat_flush`,
:func:`flat_nonflush`, :func:`flat_low5`). The next process reads such a
table back from the disk in microseconds, where a dict of the same numbers
takes a millisecond; Python indexes it in place through a ``memoryview``, and
the compiled evaluator copies it into its own tables.

Ranks are integers 2..14 (ace 14; in ace-to-five low the ace is 1). A hand
class ("pattern") is ``(category, ranks)`` with the ranks in the order that
decides between hands of one category (RRP5 ranking.intro: kickers play).
"""

from __future__ import annotations

import itertools
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from functools import cache

from floorman._static import TYPE_CHECKING, overload
from floorman.evaluation._kept import kept, kept_checked

if TYPE_CHECKING:
    from typing import Any

    import numpy as np
    import numpy.typing as npt

    U8Array = npt.NDArray[np.uint8]

Pattern = tuple[int, tuple[int, ...]]


def __getattr__(name: str) -> Any:
    # numpy is imported when an array is first asked for: dealing and replaying
    # hands read the tables that pure Python builds, and start faster without it.
    if name == "U8Array":
        import numpy as np
        import numpy.typing as npt

        return npt.NDArray[np.uint8]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# Categories, lowest first (RRP5 ranking.1-11); the royal flush (ranking.10) is
# the ace-high straight flush.
HIGH_CARD = 1
ONE_PAIR = 2
TWO_PAIR = 3
THREE_OF_A_KIND = 4
STRAIGHT = 5
FLUSH = 6
FULL_HOUSE = 7
FOUR_OF_A_KIND = 8
STRAIGHT_FLUSH = 9
FIVE_OF_A_KIND = 10

# Additive rank keys: the sum of the keys of any multiset of 5, 6 or 7 ranks
# (at most four of a rank) is unique within that size, so a sum indexes a table.
RANK_KEYS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
RANK_KEY_BITS = 32
RANK_KEY_MASK = (1 << RANK_KEY_BITS) - 1
# Above the rank key, one 4-bit counter per suit: adding 3 to each counter
# sets its top bit exactly when the suit has five or more cards.
SUIT_SHIFT = RANK_KEY_BITS
FLUSH_PROBE = 0x3333
FLUSH_BITS = 0x8888

#: For each card index (4 * (rank - 2) + suit): rank key plus a one in its suit's counter.
CARD_KEYS = tuple(RANK_KEYS[i >> 2] + (1 << (SUIT_SHIFT + 4 * (i & 3))) for i in range(52))


# Straights as 13-bit rank masks (bit i is rank i + 2), highest first; the
# wheel (5-4-3-2-A) last, since the ace may play low (RRP5 ranking.5).
_STRAIGHT_MASKS = tuple((top, 0b11111 << (top - 6)) for top in range(14, 5, -1))
_WHEEL_MASK = 0b1000000001111


def straight_top_of_mask(mask: int, *, ace_low: bool = True) -> int:
    """The top rank of the highest straight in a 13-bit rank mask, or 0 if none."""
    for top, straight in _STRAIGHT_MASKS:
        if mask & straight == straight:
            return top
    if ace_low and mask & _WHEEL_MASK == _WHEEL_MASK:
        return 5
    return 0


def straight_top(ranks: Iterable[int], *, ace_low: bool = True) -> int:
    """The top rank of the highest straight among ``ranks`` (2..14), or 0 if none."""
    mask = 0
    for r in ranks:
        mask |= 1 << (r - 2)
    return straight_top_of_mask(mask, ace_low=ace_low)


def classify_high5(ranks: Sequence[int], suits: Sequence[int], *, ace_low: bool = True) -> Pattern:
    """The high-hand class of five distinct cards (RRP5 ranking.1-10).

    ``ace_low=False`` is deuce-to-seven reading, where A-2-3-4-5 is no straight.
    """
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in groups)
    order = tuple(r for r, _ in groups)
    flush = len(set(suits)) == 1
    top = straight_top(ranks, ace_low=ace_low) if len(counts) == 5 else 0
    if shape[0] == 5:
        return (FIVE_OF_A_KIND, order)
    if top and flush:
        return (STRAIGHT_FLUSH, (top,))
    if shape == (4, 1):
        return (FOUR_OF_A_KIND, order)
    if shape == (3, 2):
        return (FULL_HOUSE, order)
    if flush:
        return (FLUSH, order)
    if top:
        return (STRAIGHT, (top,))
    if shape[0] == 3:
        return (THREE_OF_A_KIND, order)
    if shape == (2, 2, 1):
        return (TWO_PAIR, order)
    if shape[0] == 2:
        return (ONE_PAIR, order)
    return (HIGH_CARD, order)


def classify_low5(ranks: Sequence[int]) -> Pattern:
    """The ace-to-five class of five cards (ace low, straights and flushes ignored).

    Ranks are given as 2..14 and read with the ace as 1. A smaller pattern is a
    better low.
    """
    counts = Counter(1 if r == 14 else r for r in ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in groups)
    order = tuple(r for r, _ in groups)
    category = {
        (1, 1, 1, 1, 1): HIGH_CARD,
        (2, 1, 1, 1): ONE_PAIR,
        (2, 2, 1): TWO_PAIR,
        (3, 1, 1): THREE_OF_A_KIND,
        (3, 2): FULL_HOUSE,
        (4, 1): FOUR_OF_A_KIND,
    }.get(shape, FIVE_OF_A_KIND)
    return (category, order)


def _rank_multisets(size: int, low: int = 2, high: int = 14) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``size`` ranks with at most four of a rank, descending."""
    for combo in itertools.combinations_with_replacement(range(high, low - 1, -1), size):
        # Sorted, so five of a rank would put equal ranks four places apart.
        if all(combo[i] != combo[i + 4] for i in range(size - 4)):
            yield combo


def high_patterns(*, ace_low: bool = True) -> tuple[Pattern, ...]:
    """Every high-hand class, weakest first, five of a kind included.

    Position + 1 is the strength. 7,462 classes without five of a kind.
    """
    return _high_patterns(ace_low)


@kept
def _high_patterns(ace_low: bool) -> tuple[Pattern, ...]:
    found: set[Pattern] = set()
    for combo in _rank_multisets(5):
        found.add(classify_high5(combo, (0, 1, 2, 3, 0), ace_low=ace_low))
        if len(set(combo)) == 5:
            found.add(classify_high5(combo, (0, 0, 0, 0, 0), ace_low=ace_low))
    found.update((FIVE_OF_A_KIND, (r,)) for r in range(2, 15))
    return tuple(sorted(found))


def high_strengths(*, ace_low: bool = True) -> dict[Pattern, int]:
    """Strength of each high-hand class: 1 (seven-high) upward."""
    return _high_strengths(ace_low)


@kept
def _high_strengths(ace_low: bool) -> dict[Pattern, int]:
    return {p: i + 1 for i, p in enumerate(_high_patterns(ace_low))}


@kept
def deuce_to_seven_patterns() -> tuple[Pattern, ...]:
    """Every deuce-to-seven class, best low (worst high) first: strength is
    7,462 minus the position. Five of a kind has no place there (no wild cards).
    """
    return tuple(p for p in high_patterns(ace_low=False) if p[0] != FIVE_OF_A_KIND)


@kept
def low_patterns() -> tuple[Pattern, ...]:
    """Every ace-to-five class, worst first; position + 1 is the strength (6,175)."""
    found = {classify_low5(combo) for combo in _rank_multisets(5)}
    return tuple(sorted(found, reverse=True))


@kept
def low_strengths() -> dict[Pattern, int]:
    """Strength of each ace-to-five class: 6,175 for 5-4-3-2-A."""
    return {p: i + 1 for i, p in enumerate(low_patterns())}


# A class packed in six bytes: its category, then its ranks (1-14), zeros after the
# last. Ranks are never zero, so a class and its bytes read back one to one.
_PACKED = 6


def pack(patterns: Iterable[Pattern]) -> bytes:
    """Classes packed for :class:`Classes`: six bytes each, in the order given."""
    out = bytearray()
    for category, ranks in patterns:
        out.append(category)
        out.extend(ranks)
        out.extend(bytes(_PACKED - 1 - len(ranks)))
    return bytes(out)


#: How many look-ups of a class bisect before :meth:`Classes.position` maps every row.
_INDEX_AFTER = 64


class Classes(Sequence[Pattern]):
    """A ranking's classes in order, packed in bytes and read one at a time.

    The same classes as the tuple a ``*_patterns`` function gives, read back from
    the disk in a fraction of the time and memory: naming a hand, or finding its
    class by bisection, reads a handful of them.

    >>> classes = high_classes()
    >>> len(classes), classes[0], classes[-1]
    (7475, (1, (7, 5, 4, 3, 2)), (10, (14,)))
    """

    __slots__ = ("_data", "_index", "_looked", "_size")

    def __init__(self, data: bytes, *, sorted_rows: bool = True) -> None:
        """``sorted_rows=False`` says the classes are in an order of their own
        (short deck's), neither ascending nor descending as patterns."""
        self._data = data
        self._size = len(data) // _PACKED
        self._index: dict[bytes, int] | None = None
        # Only classes in ascending order can be bisected: others are mapped at once.
        ascending = sorted_rows and data[:_PACKED] <= data[-_PACKED:]
        self._looked = 0 if ascending else _INDEX_AFTER

    def position(self, pattern: Pattern) -> int:
        """Where ``pattern`` stands among the classes, as ``bisect_left`` finds it.

        When the classes ascend, the first look-ups bisect the rows (a dozen
        read each); from the :data:`_INDEX_AFTER`-th on, one look-up in a mapping
        of every packed row finds it. Making the mapping costs about as much as that many bisections:
        a short replay with a showdown or two never pays for it, a long one pays
        once.

        >>> classes = high_classes()
        >>> classes.position((10, (14,))), classes.position((1, (7, 5, 4, 3, 2)))
        (7474, 0)
        """
        index = self._index
        if index is None:
            self._looked += 1
            if self._looked < _INDEX_AFTER:
                return bisect_left(self, pattern)
            data = self._data
            index = self._index = {
                data[at : at + _PACKED]: at // _PACKED for at in range(0, len(data), _PACKED)
            }
        category, ranks = pattern
        found = index.get(bytes((category, *ranks)).ljust(_PACKED, b"\0"))
        return bisect_left(self, pattern) if found is None else found

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> Pattern: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Pattern]: ...

    def __getitem__(self, index: int | slice) -> Pattern | Sequence[Pattern]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._size)))
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("class index out of range")
        at = index * _PACKED
        row = self._data[at : at + _PACKED]
        return (row[0], tuple(r for r in row[1:] if r))


def is_packed(value: object, count: int) -> bool:
    """Whether ``value`` is ``count`` classes packed (a check of a file read back)."""
    return type(value) is bytes and len(value) == _PACKED * count


#: The number of classes of each ranking (a test checks them against the classes):
#: a value is checked, and a packed file read back, without building the classes.
HIGH_SIZE = 7475
LOW_SIZE = 6175
DEUCE_TO_SEVEN_SIZE = 7462


@kept_checked(lambda value: is_packed(value, HIGH_SIZE))
def _packed_high() -> bytes:
    return pack(high_patterns())


@kept_checked(lambda value: is_packed(value, LOW_SIZE))
def _packed_low() -> bytes:
    return pack(low_patterns())


@kept_checked(lambda value: is_packed(value, DEUCE_TO_SEVEN_SIZE))
def _packed_deuce_to_seven() -> bytes:
    return pack(deuce_to_seven_patterns())


@cache
def high_classes() -> Classes:
    """:func:`high_patterns` (ace low in straights) as :class:`Classes`."""
    return Classes(_packed_high())


@cache
def low_classes() -> Classes:
    """:func:`low_patterns` as :class:`Classes`."""
    return Classes(_packed_low())


@cache
def deuce_to_seven_classes() -> Classes:
    """:func:`deuce_to_seven_patterns` as :class:`Classes`."""
    return Classes(_packed_deuce_to_seven())


def best_nonflush(counts: Sequence[int]) -> Pattern:
    """The best high-hand class from rank counts (index 0 is the deuce), no flush.

    Works for 5 to 7 cards with at most four of a rank.
    """
    present = [r for r in range(14, 1, -1) if counts[r - 2]]
    pairs = [r for r in present if counts[r - 2] >= 2]
    trips = [r for r in pairs if counts[r - 2] >= 3]
    quads = [r for r in trips if counts[r - 2] >= 4]
    if quads:
        q = quads[0]
        return (FOUR_OF_A_KIND, (q, next(r for r in present if r != q)))
    if trips:
        t = trips[0]
        others = [r for r in pairs if r != t]
        if others:
            return (FULL_HOUSE, (t, others[0]))
    top = straight_top(present)
    if top:
        return (STRAIGHT, (top,))
    if trips:
        t = trips[0]
        return (THREE_OF_A_KIND, (t, *[r for r in present if r != t][:2]))
    if len(pairs) >= 2:
        hi, lo = pairs[0], pairs[1]
        return (TWO_PAIR, (hi, lo, next(r for r in present if r not in (hi, lo))))
    if pairs:
        p = pairs[0]
        return (ONE_PAIR, (p, *[r for r in present if r != p][:3]))
    return (HIGH_CARD, tuple(present[:5]))


def best_flush(mask: int) -> Pattern:
    """The best flush or straight flush among suited ranks (bit i is rank i + 2)."""
    top = straight_top_of_mask(mask)
    if top:
        return (STRAIGHT_FLUSH, (top,))
    ranks = [r for r in range(14, 1, -1) if mask >> (r - 2) & 1]
    return (FLUSH, tuple(ranks[:5]))


# --- flat tables -----------------------------------------------------------------

# The sizes in bytes of the flat items: what the compiled evaluator reads them as.
_ITEM_SIZES = {"H": 2, "I": 4}


def flat(typecode: str, values: Iterable[int]) -> bytes:
    """``values`` as a flat table: unsigned integers of ``typecode`` (``"H"``, 16 bits,
    or ``"I"``, 32 bits) in the machine's byte order.

    >>> memoryview(flat("H", [3, 1, 2])).cast("H").tolist()
    [3, 1, 2]
    """
    from array import array

    out = array(typecode, values)
    if out.itemsize != _ITEM_SIZES[typecode]:  # pragma: no cover - no such platform known
        raise RuntimeError(f"array {typecode!r} items are {out.itemsize} bytes here")
    return out.tobytes()


def is_flat(value: object, size: int) -> bool:
    """Whether ``value`` is a flat table of ``size`` bytes (a check of a file read back)."""
    return type(value) is bytes and len(value) == size


def flat_pairs(table: dict[int, int]) -> bytes:
    """A table of rank-key sums as flat pairs: its keys ascending (32 bits each),
    then their strengths in the same order (16 bits each).

    >>> keys, strengths = pairs_of(flat_pairs({98: 7, 5: 2}))
    >>> keys.tolist(), strengths.tolist()
    ([5, 98], [2, 7])
    """
    keys = sorted(table)
    return flat("I", keys) + flat("H", [table[k] for k in keys])


def pairs_of(data: bytes) -> tuple[memoryview, memoryview]:
    """The keys and the strengths of flat pairs (:func:`flat_pairs`), read in place."""
    count = len(data) // 6
    view = memoryview(data)
    return view[: 4 * count].cast("I"), view[4 * count :].cast("H")


def pairs_dict(data: bytes) -> dict[int, int]:
    """Flat pairs as the dict they were made from."""
    keys, strengths = pairs_of(data)
    return dict(zip(keys, strengths, strict=True))


#: How many multisets of 5, 6 and 7 ranks there are with at most four of a rank:
#: the entries of a table keyed by rank-key sums of that many cards (a test counts them).
MULTISETS = {5: 6_175, 6: 18_395, 7: 49_205}


def are_pairs(value: object, size: int) -> bool:
    """Whether ``value`` is flat pairs of every multiset of ``size`` ranks (a file read back)."""
    return is_flat(value, 6 * MULTISETS[size])


@kept_checked(lambda value: is_flat(value, 2 * (1 << 13)))
def flat_flush() -> bytes:
    """:func:`flush_table` flat: a 16-bit strength for each 13-bit mask of suited ranks."""
    strengths = high_strengths()
    return flat(
        "H", (strengths[best_flush(m)] if m.bit_count() >= 5 else 0 for m in range(1 << 13))
    )


@cache
def flush_table() -> Sequence[int]:
    """Strength of the best flush for each 13-bit mask of suited ranks; 0 below five.

    >>> flush_table()[0b1111100000000]   # A-K-Q-J-T of one suit
    7462
    """
    return memoryview(flat_flush()).cast("H")


@cache
def combinations_array(n: int, k: int) -> U8Array:
    """Every ``k``-subset of ``range(n)`` in lexicographic order, one per row.

    >>> combinations_array(4, 2).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    """
    import numpy as np

    rows = np.zeros((1, 0), dtype=np.uint8)
    for column in range(k):
        # Each row grows by every value above its last one that still leaves
        # room for the columns after it.
        low = rows[:, -1].astype(np.int64) + 1 if column else np.zeros(len(rows), np.int64)
        counts = np.maximum(n - (k - column) + 1 - low, 0)
        offsets = np.cumsum(counts) - counts - low
        values = np.arange(int(counts.sum()), dtype=np.int64) - np.repeat(offsets, counts)
        rows = np.hstack([np.repeat(rows, counts, axis=0), values.astype(np.uint8)[:, None]])
    return np.ascontiguousarray(rows)


def rank_multisets_array(size: int) -> npt.NDArray[np.int64]:
    """Every multiset of ``size`` rank indices (0-12) with at most four of a rank, one per row.

    A multiset of ranks is a combination of ``size`` from ``12 + size`` slots
    with each slot's position less its column (stars and bars).
    """
    import numpy as np

    rows = combinations_array(12 + size, size).astype(np.int64) - np.arange(size)
    # Rows are sorted, so five of a rank puts equal ranks four columns apart.
    five = (rows[:, 4:] == rows[:, :-4]).any(axis=1)
    kept: npt.NDArray[np.int64] = rows[~five]
    return kept


def _built_nonflush(size: int) -> dict[int, int]:
    """Strength of the best non-flush hand for each rank-key sum of ``size`` cards.

    Five cards are classified directly; six or seven take the best of their
    five-card parts, which is the best hand when suits do not matter.
    """
    if size == 5:
        strengths = high_strengths()
        return {
            sum(RANK_KEYS[r - 2] for r in combo): strengths[classify_high5(combo, (0, 1, 2, 3, 0))]
            for combo in _rank_multisets(5)
        }
    import numpy as np

    five_keys, five_strengths = pairs_of(flat_nonflush(5))
    lookup = np.zeros(five_keys[-1] + 1, dtype=np.int64)
    lookup[np.asarray(five_keys, dtype=np.int64)] = np.asarray(five_strengths, dtype=np.int64)
    rank_keys = np.array(RANK_KEYS, dtype=np.int64)
    combos = rank_keys[rank_multisets_array(size)]
    keys = combos.sum(axis=1)
    best = np.zeros_like(keys)
    for part in itertools.combinations(range(size), 5):
        np.maximum(best, lookup[combos[:, list(part)].sum(axis=1)], out=best)
    return dict(zip(keys.tolist(), best.tolist(), strict=True))


@kept_checked(are_pairs)
def flat_nonflush(size: int) -> bytes:
    """:func:`nonflush_table` as flat pairs (:func:`flat_pairs`)."""
    return flat_pairs(_built_nonflush(size))


@cache
def nonflush_table(size: int) -> dict[int, int]:
    """Strength of the best non-flush hand for each rank-key sum of ``size`` cards (5 to 7).

    Five cards are classified directly; six or seven take the best of their
    five-card parts, which is the best hand when suits do not matter.
    """
    return pairs_dict(flat_nonflush(size))


@kept_checked(lambda value: are_pairs(value, 5))
def flat_low5() -> bytes:
    """Ace-to-five strength for each rank-key sum of five cards, as flat pairs."""
    strengths = low_strengths()
    return flat_pairs(
        {
            sum(RANK_KEYS[r - 2] for r in combo): strengths[classify_low5(combo)]
            for combo in _rank_multisets(5)
        }
    )
