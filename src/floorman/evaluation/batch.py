"""Vectorised evaluation: millions of hands at once with numpy.

A batch is an integer array of card indices (``Card.index``), one hand per
row. The strengths are the same integers as :attr:`HandValue.strength`
for ``Ranking.HIGH`` (higher is better), so batch and single-hand results mix.

The method: each card maps to one 64-bit key, the sum of a rank key that is
unique for every multiset of ranks of one hand size, and four 4-bit suit
counters. Summing a hand's card keys gives, in the low bits, the index of its
best non-flush hand in a table, and in the high bits whether any suit has five
cards; only those rare rows look at their suited ranks. Where the compiled
evaluator was built, one loop in C does the same for each row, with the same
tables.

>>> import numpy as np
>>> from floorman.cards import parse_cards
>>> hands = np.array([[c.index for c in parse_cards(h)]
...                   for h in ["As Ks Qs Js Ts 2c 3d", "2c 2d 7h 7s 9c Kd Ah"]])
>>> evaluate_high_batch(hands).tolist()
[7462, 4258]
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np
import numpy.typing as npt

from floorman.errors import NotationError
from floorman.evaluation import _tables as t
from floorman.evaluation._native import FAST

__all__ = ["evaluate_high_batch", "evaluate_low8_keys", "hand_keys", "strengths_from_keys"]

IntArray = npt.NDArray[np.int64]
StrengthArray = npt.NDArray[np.uint16]

#: Card index -> 64-bit key (rank key plus suit counter), as numpy.
CARD_KEYS: IntArray = np.array(t.CARD_KEYS, dtype=np.int64)
#: Card index -> its rank's key alone (for ace-to-five lows, where suits do not count).
RANK_ONLY_KEYS: IntArray = np.array([t.RANK_KEYS[i >> 2] for i in range(52)], dtype=np.int64)


@cache
def _nonflush_array(size: int) -> StrengthArray:
    keys, strengths = t.pairs_of(t.flat_nonflush(size))
    out = np.zeros(keys[-1] + 1, dtype=np.uint16)  # the keys ascend
    out[np.asarray(keys, dtype=np.int64)] = np.asarray(strengths)
    return out


@cache
def _flush_array() -> StrengthArray:
    return np.frombuffer(t.flat_flush(), dtype=np.uint16)


@cache
def _low8_array() -> StrengthArray:
    """Ace-to-five strength of eight-or-better lows by five-card rank-key sum; 0 if none."""
    floor = t.low_strengths()[(t.HIGH_CARD, (8, 7, 6, 5, 4))]
    strengths = t.low_strengths()
    size = 4 * t.RANK_KEYS[12] + t.RANK_KEYS[11] + 1
    out = np.zeros(size, dtype=np.uint16)
    for combo in t._rank_multisets(5):
        s = strengths[t.classify_low5(combo)]
        if s >= floor:
            out[sum(t.RANK_KEYS[r - 2] for r in combo)] = s
    return out


def _flush_suits(suit_bits: IntArray) -> IntArray:
    """Which suit has five or more cards, from the probe bits of flushing rows."""
    return np.where(
        suit_bits & 0x8, 0, np.where(suit_bits & 0x80, 1, np.where(suit_bits & 0x800, 2, 3))
    ).astype(np.int64)


def _suited_masks(cards: IntArray, suits: IntArray) -> IntArray:
    """13-bit rank masks of each row's cards of the given suit."""
    bits = np.where((cards & 3) == suits[:, None], np.left_shift(1, cards >> 2), 0)
    masks: IntArray = np.bitwise_or.reduce(bits, axis=1)
    return masks


#: Two cards' keys summed, indexed by the two card indices as one little-endian
#: 16-bit number (``first + 256 * second``); the sum is symmetric, so byte
#: order does not matter. Halves the gathers of a batch.
def _pair_keys() -> IntArray:
    both = np.arange(1 << 16)
    lo, hi = both & 0xFF, both >> 8
    ok = (lo < 52) & (hi < 52)
    out = np.zeros(1 << 16, dtype=np.int64)
    out[ok] = CARD_KEYS[lo[ok]] + CARD_KEYS[hi[ok]]
    return out


PAIR_KEYS: IntArray = _pair_keys()

# Rows per chunk: small enough that a chunk's temporaries stay in cache.
_CHUNK = 1 << 15

CardsOfRows = Callable[[npt.NDArray[np.intp]], IntArray]


def strengths_from_keys(keys: IntArray, size: int, cards_of_rows: CardsOfRows) -> StrengthArray:
    """High strengths of hands of ``size`` cards (5 to 7) from their summed card keys.

    ``cards_of_rows(rows)`` must return the card indices of the given rows, one
    hand per row; only rows with five or more cards of a suit are asked for.
    """
    out: StrengthArray = _nonflush_array(size)[keys & t.RANK_KEY_MASK]
    probe = ((keys >> t.SUIT_SHIFT) + t.FLUSH_PROBE) & t.FLUSH_BITS
    rows = np.flatnonzero(probe)
    if rows.size:
        suits = _flush_suits(probe[rows])
        masks = _suited_masks(cards_of_rows(rows).astype(np.int64), suits)
        # With seven cards or fewer, a flush rules out quads and full houses,
        # so the best flush is the hand.
        out[rows] = _flush_array()[masks]
    return out


def hand_keys(hands: npt.NDArray[np.uint8]) -> IntArray:
    """Summed card keys of each row of a C-contiguous ``uint8`` card array."""
    width = hands.shape[1]
    even = width - width % 2
    pairs = hands[:, :even].view(np.uint16)
    keys = PAIR_KEYS[pairs[:, 0]] if even else np.zeros(hands.shape[0], dtype=np.int64)
    for j in range(1, even // 2):
        keys += PAIR_KEYS[pairs[:, j]]
    if width % 2:
        keys += CARD_KEYS[hands[:, width - 1]]
    return keys


def _rows_of(hands: npt.NDArray[np.uint8]) -> CardsOfRows:
    def rows_of(rows: npt.NDArray[np.intp]) -> IntArray:
        return hands[rows].astype(np.int64)

    return rows_of


def evaluate_high_batch(cards: npt.ArrayLike) -> StrengthArray:
    """High strengths of many hands of 5 to 7 distinct cards, one hand per row.

    Returns a ``uint16`` array; row ``i`` equals
    ``evaluate_high(hand_i).strength``. Rows are not checked for repeated
    cards (that is the caller's contract, for speed); shape and range are.
    Pass a C-contiguous ``uint8`` array to avoid a conversion copy.

    >>> evaluate_high_batch([[0, 1, 2, 3, 4]]).tolist()   # four deuces, trey kicker
    [7297]
    >>> evaluate_high_batch([[0, 1, 2, 3]])
    Traceback (most recent call last):
    ...
    floorman.errors.NotationError: a batch holds hands of 5 to 7 cards, one per row; got shape (1, 4)
    """
    hands = np.asarray(cards)
    if hands.ndim != 2 or not 5 <= hands.shape[1] <= 7:
        raise NotationError(
            f"a batch holds hands of 5 to 7 cards, one per row; got shape {hands.shape}",
            text=str(hands.shape),
        )
    if hands.size and (hands.min() < 0 or hands.max() > 51):
        raise NotationError(
            "card indices run from 0 (2c) to 51 (As); the joker has no place in a batch",
            text=str(hands.max()),
        )
    hands = np.ascontiguousarray(hands, dtype=np.uint8)
    if FAST is not None:
        out = np.empty(hands.shape[0], dtype=np.uint16)
        FAST.high_strengths(hands, hands.shape[1], out)
        return out
    return numpy_high_batch(hands)


def numpy_high_batch(hands: npt.NDArray[np.uint8]) -> StrengthArray:
    """:func:`evaluate_high_batch` in numpy alone, on a checked C-contiguous ``uint8`` array.

    The path taken where the compiled evaluator was not built; the same strengths.
    """
    size = hands.shape[1]
    out = np.empty(hands.shape[0], dtype=np.uint16)
    for start in range(0, hands.shape[0], _CHUNK):
        chunk = hands[start : start + _CHUNK]
        out[start : start + _CHUNK] = strengths_from_keys(hand_keys(chunk), size, _rows_of(chunk))
    return out


def evaluate_low8_keys(rank_keys: IntArray) -> StrengthArray:
    """Eight-or-better low strengths of five-card hands from their summed rank keys.

    0 where the hand has no qualifying low (pairs, or a card above eight).
    """
    return _low8_array()[rank_keys]
