"""Evaluating one hand: high, ace-to-five low, deuce-to-seven low, eight-or-better.

Each evaluator takes the cards a player holds (five for draw games, up to seven
for stud and hold'em, where the best five play) and returns a
:class:`~floorman.evaluation.values.HandValue`. Omaha's rule of exactly two hole
cards and three board cards has its own functions.

>>> from floorman.cards import parse_cards as cards
>>> evaluate_high(cards("As Ks 7d 7c 2h Qs Js")).name
'One Pair, Sevens'
>>> evaluate_ace_to_five(cards("Ah 2c 3d 4s 6h Kd Kc")).name
'Six Low, 6-4-3-2-A'
>>> evaluate_deuce_to_seven(cards("7h 5c 4d 3s 2h")).name
'Seven Low, 7-5-4-3-2'
>>> evaluate_eight_or_better(cards("9h 9c Td Js Qh Kd Ac")) is None
True
>>> evaluate_omaha(cards("As Ah Kd Qc"), cards("Ac 2s 7s 9s Jd")).name
'Three of a Kind, Aces'
"""

from __future__ import annotations

import enum
import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import cache

from floorman.cards import JOKER_INDEX, Card, Rank, format_cards
from floorman.errors import NotationError
from floorman.evaluation import _tables as t
from floorman.evaluation._native import FAST
from floorman.evaluation.values import HandValue, Ranking
from floorman.rulebook import cite

__all__ = [
    "MOST_CARDS",
    "MOST_WILD_CARDS",
    "JokerRule",
    "best_five",
    "evaluate_ace_to_five",
    "evaluate_deuce_to_seven",
    "evaluate_eight_or_better",
    "evaluate_high",
    "evaluate_omaha",
    "evaluate_omaha_eight_or_better",
    "high_strength",
    "low_strength",
    "omaha_low_strength",
    "pure_high_strength",
    "pure_low_strength",
    "pure_omaha_low_strength",
]


class JokerRule(enum.Enum):
    """What the joker may stand for in a high game.

    Robert's Rules leaves the joker's use to each game's own section (Draw High,
    Lowball), which the rulebook we cite does not include; these are the two
    practices cardrooms use. In ace-to-five low the joker is always the lowest
    card the hand lacks, which is what :attr:`WILD` gives.
    """

    #: The "bug": an ace, or any card that completes a straight, flush or
    #: straight flush; with four aces it makes five aces (RRP5 ranking.11).
    BUG = "bug"
    #: Any card at all.
    WILD = "wild"

    def __repr__(self) -> str:
        return f"JokerRule.{self.name}"


_CARD_KEYS = t.CARD_KEYS
_RANK_KEY_MASK = t.RANK_KEY_MASK
_SUIT_SHIFT = t.SUIT_SHIFT
_FLUSH_PROBE = t.FLUSH_PROBE
_FLUSH_BITS = t.FLUSH_BITS
_ACE = Rank.ACE - 2  # rank index of the ace


# Non-flush tables by hand size, filled on first use.
_NONFLUSH: list[dict[int, int] | None] = [None] * 8
# Before six- and seven-card tables are built (a fifth of a second, with numpy), each
# hand's entry is worked out from the five-card table and kept, as the table has it:
# a process that evaluates few hands (a replay, a deal) never pays for the whole table.
_PARTIAL: list[dict[int, int]] = [{} for _ in range(8)]
_MOST_PARTIAL = 20_000


def _nonflush_entry(cards: Sequence[int], key: int) -> int:
    """The non-flush table's entry for six or seven cards, from the five-card table.

    The same as :func:`~floorman.evaluation._tables.nonflush_table` builds:
    the best of the hand's five-card parts when suits do not matter.
    """
    size = len(cards)
    partial = _PARTIAL[size]
    found = partial.get(key)
    if found is not None:
        return found
    if len(partial) >= _MOST_PARTIAL:
        table = _NONFLUSH[size] = t.nonflush_table(size)
        return table[key]
    five = _NONFLUSH[5]
    if five is None:
        five = _NONFLUSH[5] = t.nonflush_table(5)
    keys = [_CARD_KEYS[c] for c in cards]
    best = partial[key] = max(
        five[sum(part) & _RANK_KEY_MASK] for part in itertools.combinations(keys, 5)
    )
    return best


def build_tables() -> None:
    """Build the high tables for five, six and seven cards now, rather than
    piece by piece as hands come (a long-running process, such as the server,
    pays once at its start instead of at some showdown).

    >>> build_tables()
    >>> all(_NONFLUSH[size] is not None for size in (5, 6, 7))
    True
    """
    t.flush_table()
    for size in (5, 6, 7):
        if _NONFLUSH[size] is None:
            _NONFLUSH[size] = t.nonflush_table(size)
        _PARTIAL[size].clear()
    if FAST is not None:
        import numpy as np

        # Its batch path reads the tables and derives every six- and seven-card
        # entry, which a single hand derives only for itself.
        FAST.high_strengths(
            np.array([[51, 47, 43, 39, 35, 31, 27]], dtype=np.uint8), 7, np.empty(1, np.uint16)
        )


def pure_high_strength(cards: Sequence[int]) -> int:
    """The high strength of 5 to 7 distinct natural cards given by index, in pure Python.

    :data:`high_strength` is this function where the compiled evaluator was
    not built (or ``FLOORMAN_PURE=1`` turns it off), and returns the same
    integers when it is compiled.

    >>> pure_high_strength([51, 47, 43, 39, 35])   # As Ks Qs Js Ts
    7462
    """
    keys = _CARD_KEYS
    key = 0
    for c in cards:
        key += keys[c]
    flush = ((key >> _SUIT_SHIFT) + _FLUSH_PROBE) & _FLUSH_BITS
    if flush:
        suit = (flush.bit_length() - 4) >> 2
        mask = 0
        for c in cards:
            if c & 3 == suit:
                mask |= 1 << (c >> 2)
        return t.flush_table()[mask]
    table = _NONFLUSH[len(cards)]
    if table is None:
        if len(cards) > 5:
            return _nonflush_entry(cards, key & _RANK_KEY_MASK)
        table = _NONFLUSH[len(cards)] = t.nonflush_table(len(cards))
    return table[key & _RANK_KEY_MASK]


#: The high strength of 5 to 7 distinct natural cards given by index.
#:
#: This is the fast path, for callers that keep cards as integers
#: (``Card.index``): compiled when the extension was built, else
#: :func:`pure_high_strength`, with the same results. It does not check that
#: the cards are distinct; :func:`evaluate_high` does.
high_strength: Callable[[Sequence[int]], int] = (
    FAST.high_strength if FAST is not None else pure_high_strength
)


def _indices(cards: Iterable[Card], *, what: str) -> list[int]:
    found = [c.index for c in cards]
    if len(set(found)) != len(found):
        twice = sorted(i for i, n in Counter(found).items() if n > 1)
        raise NotationError(
            f"{what} holds the same card twice: "
            + format_cards(Card(i) for i in twice)
            + " (a deck has one of each card)",
            text=format_cards(Card(i) for i in found),
            citations=cite("irregularities.4"),
        )
    return found


#: The most cards a hand is read from. A player's hand is seven cards in stud
#: and hold'em and nine in Omaha (four held, five on the board); ten leaves
#: room for the five-card Omaha forms, and keeps the best five a search over
#: a few hundred sets at most instead of millions.
MOST_CARDS = 10
#: The most cards a hand with wild cards (or the joker) is read from: seven, as
#: in stud. Each wild card is tried as every card it may stand for, so the
#: search grows with every card more.
MOST_WILD_CARDS = 7


def _need(found: Sequence[int], least: int, *, what: str) -> None:
    if len(found) < least:
        raise NotationError(
            f"{what} needs at least {least} cards, got {len(found)}",
            text=format_cards(Card(i) for i in found),
        )
    if len(found) > MOST_CARDS:
        raise NotationError(
            f"{what} is read from {least} to {MOST_CARDS} cards, got {len(found)}",
            text=format_cards(Card(i) for i in found),
        )


def _need_few(found: Sequence[int], wilds: int, *, what: str) -> None:
    if wilds and len(found) > MOST_WILD_CARDS:
        raise NotationError(
            f"{what} with wild cards is read from 5 to {MOST_WILD_CARDS} cards, got {len(found)}",
            text=format_cards(Card(i) for i in found),
        )


def _high_generic(cards: Sequence[int]) -> int:
    """Best high strength of any number (5+) of distinct natural cards."""
    if 5 <= len(cards) <= 7:
        return high_strength(cards)
    return max(high_strength(combo) for combo in itertools.combinations(cards, 7))


def evaluate_high(
    cards: Iterable[Card],
    *,
    wild: Iterable[Rank] = (),
    joker: JokerRule = JokerRule.BUG,
) -> HandValue:
    """The best high hand among five or more cards (RRP5 ranking.1-11).

    ``wild`` names ranks that are wild in this game; the joker (``Xx``) plays as
    ``joker`` says. A wild card or joker with four of a kind makes five of a kind,
    the highest hand (RRP5 ranking.11).

    >>> from floorman.cards import parse_cards as cards
    >>> evaluate_high(cards("Ah Ad Ac As Xx")).name
    'Five of a Kind, Aces'
    >>> evaluate_high(cards("Kh Kd Qc 5s Xx")).name   # the bug plays as an ace
    'One Pair, Kings'
    >>> evaluate_high(cards("Kh Kd Qc 5s Xx"), joker=JokerRule.WILD).name
    'Three of a Kind, Kings'
    >>> evaluate_high(cards("9h 8h 7h 6h Xx")).name   # the bug completes a straight flush
    'Straight Flush, Ten High'
    >>> evaluate_high(cards("2c 2d 9h Kc 4s"), wild=[Rank.TWO]).name
    'Three of a Kind, Kings'
    """
    found = _indices(cards, what="a high hand")
    _need(found, 5, what="a high hand")
    if isinstance(wild, tuple) and not wild and JOKER_INDEX not in found:
        # The showdown's case: natural cards only, read without building the wild-card lists.
        return HandValue(ranking=Ranking.HIGH, strength=_high_generic(found))
    wild_ranks = {int(r) - 2 for r in wild}
    naturals = [c for c in found if c != JOKER_INDEX and (c >> 2) not in wild_ranks]
    wilds = [c for c in found if c not in naturals]
    _need_few(found, len(wilds), what="a high hand")
    if not wilds:
        return HandValue(ranking=Ranking.HIGH, strength=_high_generic(naturals))
    bug = [c == JOKER_INDEX and joker is JokerRule.BUG for c in wilds]
    return HandValue(ranking=Ranking.HIGH, strength=_high_with_wilds(naturals, bug))


_BUG_CATEGORIES = frozenset({t.STRAIGHT, t.FLUSH, t.STRAIGHT_FLUSH})


def _high_with_wilds(naturals: list[int], bug: list[bool]) -> int:
    """Best strength when ``len(bug)`` wild cards join the naturals.

    A wild card stands for any card not already held; only five of a kind may
    repeat a card held. A bug that is not an ace must complete a straight or
    flush.
    """
    strengths = t.high_strengths()
    best = 0
    # Five of a kind: naturals of one rank plus wild cards (bugs only as aces).
    for rank_index in range(12, -1, -1):
        usable = sum(1 for b in bug if not b or rank_index == _ACE)
        if sum(1 for c in naturals if c >> 2 == rank_index) + usable >= 5:
            best = strengths[(t.FIVE_OF_A_KIND, (rank_index + 2,))]
            break
    if best:
        return best
    patterns = t.high_patterns()
    free = [c for c in range(52) if c not in naturals]
    # Wild cards of one kind are interchangeable: each set of stand-ins is
    # tried once, not in every order.
    n_bugs = sum(bug)
    for wilds in itertools.combinations(free, len(bug) - n_bugs):
        rest = [c for c in free if c not in wilds] if n_bugs else free
        for bugs in itertools.combinations(rest, n_bugs):
            strength = _high_generic([*naturals, *wilds, *bugs])
            if strength <= best:
                continue
            off_ace = any(c >> 2 != _ACE for c in bugs)
            if off_ace and patterns[strength - 1][0] not in _BUG_CATEGORIES:
                continue
            best = strength
    return best


@cache
def _low5() -> dict[int, int]:
    """Ace-to-five strength for each rank-key sum of five cards (the pure path's table)."""
    return t.pairs_dict(t.flat_low5())


#: The ace-to-five strength of 8-7-6-5-4, the worst low that qualifies for half the
#: pot in an eight-or-better game (a test checks it against the tables): a constant,
#: so that a process that reads a low hand need not load every low class to know it.
_EIGHT_OR_BETTER_FLOOR = 6120


def pure_low_strength(ranks: Sequence[int]) -> int:
    """Best ace-to-five strength of 5 or more cards given by rank index (0 is the deuce,
    12 the ace), in pure Python; :data:`low_strength` where nothing was compiled.

    >>> pure_low_strength([3, 2, 1, 0, 12, 11])   # 5-4-3-2-A and a king
    6175
    """
    table = _low5()
    keys = [t.RANK_KEYS[r] for r in ranks]
    return max(table[sum(combo)] for combo in itertools.combinations(keys, 5))


def pure_omaha_low_strength(hole: Sequence[int], board: Sequence[int]) -> int:
    """Best ace-to-five strength of two of ``hole`` and three of ``board`` (rank
    indices), in pure Python; :data:`omaha_low_strength` where nothing was compiled."""
    table = _low5()
    keys_h = [t.RANK_KEYS[r] for r in hole]
    keys_b = [t.RANK_KEYS[r] for r in board]
    return max(
        table[sum(two) + sum(three)]
        for two in itertools.combinations(keys_h, 2)
        for three in itertools.combinations(keys_b, 3)
    )


#: The best ace-to-five strength of 5 or more cards given by rank index: compiled
#: when the extension was built (its table read once, flat, from the disk), else
#: :func:`pure_low_strength`, with the same results.
low_strength: Callable[[Sequence[int]], int] = (
    FAST.low_strength if FAST is not None else pure_low_strength
)
#: The best ace-to-five strength of two hole cards and three board cards given by
#: rank index: compiled, else :func:`pure_omaha_low_strength`.
omaha_low_strength: Callable[[Sequence[int], Sequence[int]], int] = (
    FAST.omaha_low_strength if FAST is not None else pure_omaha_low_strength
)


def evaluate_ace_to_five(cards: Iterable[Card], *, wild: Iterable[Rank] = ()) -> HandValue:
    """The best ace-to-five low among five or more cards.

    The ace is low and straights and flushes do not count (RRP5 ranking.1), so
    5-4-3-2-A is the best hand. A joker or wild card is the lowest card the hand
    lacks.

    >>> from floorman.cards import parse_cards as cards
    >>> evaluate_ace_to_five(cards("5h 4h 3h 2h Ah")).name
    'Five Low, 5-4-3-2-A'
    >>> evaluate_ace_to_five(cards("Xx 7c 5d 3s 2h")).name
    'Seven Low, 7-5-3-2-A'
    """
    found = _indices(cards, what="a low hand")
    _need(found, 5, what="a low hand")
    wild_ranks = {int(r) - 2 for r in wild}
    naturals = [c for c in found if c != JOKER_INDEX and (c >> 2) not in wild_ranks]
    n_wild = len(found) - len(naturals)
    _need_few(found, n_wild, what="a low hand")
    if not n_wild:
        return HandValue(
            ranking=Ranking.ACE_TO_FIVE, strength=low_strength([c >> 2 for c in naturals])
        )
    # Suits do not matter in ace-to-five, so a wild card is just a rank; a deck
    # holds four of a rank, so no stand-in makes a fifth.
    best = 0
    held = [c >> 2 for c in naturals]
    for chosen in itertools.combinations_with_replacement(range(13), n_wild):
        ranks = held + list(chosen)
        if max(ranks.count(r) for r in set(chosen)) <= 4:
            best = max(best, low_strength(ranks))
    return HandValue(ranking=Ranking.ACE_TO_FIVE, strength=best)


def evaluate_eight_or_better(cards: Iterable[Card]) -> HandValue | None:
    """The best ace-to-five low of eight or better, or ``None`` if the hand has none.

    High-low split games award the low half only to five unpaired cards of
    eight or lower; the ace counts low.

    >>> from floorman.cards import parse_cards as cards
    >>> evaluate_eight_or_better(cards("8s 7d 6c 4h Ah Kd Kc")).name
    'Eight Low, 8-7-6-4-A'
    """
    value = evaluate_ace_to_five(cards)
    return value if value.strength >= _EIGHT_OR_BETTER_FLOOR else None


def evaluate_deuce_to_seven(cards: Iterable[Card]) -> HandValue:
    """The best deuce-to-seven low among five or more cards.

    The ace is high only, straights and flushes count against the hand, and
    7-5-4-3-2 of mixed suits is the best hand.

    >>> from floorman.cards import parse_cards as cards
    >>> evaluate_deuce_to_seven(cards("5h 4c 3d 2s Ah")).name   # no straight: ace high
    'Ace Low, A-5-4-3-2'
    >>> evaluate_deuce_to_seven(cards("8h 7h 5h 4h 2h")).name
    'Flush, Eight High'
    """
    found = _indices(cards, what="a low hand")
    _need(found, 5, what="a low hand")
    if JOKER_INDEX in found:
        raise NotationError(
            "deuce-to-seven is played without the joker; remove Xx",
            text=format_cards(Card(i) for i in found),
        )
    if len(found) == 5:
        return _deuce_to_seven_five(found)
    return max(map(_deuce_to_seven_five, itertools.combinations(found, 5)), key=_strength)


def _strength(value: HandValue) -> int:
    return value.strength


# The deuce-to-seven value of five cards depends only on their ranks and on
# whether they are of one suit: found once for each (a few thousand at most).
_DEUCE_TO_SEVEN_FIVES: dict[tuple[int, ...], HandValue] = {}


def _deuce_to_seven_five(hand: Sequence[int]) -> HandValue:
    """The deuce-to-seven value of five distinct cards given by index."""
    key = (*sorted([c >> 2 for c in hand]), len({c & 3 for c in hand}) == 1)
    found = _DEUCE_TO_SEVEN_FIVES.get(key)
    if found is None:
        # The classes are in high order, best low first: a class's strength is
        # the number of classes from it to the end.
        patterns = t.deuce_to_seven_classes()
        pattern = t.classify_high5([c // 4 + 2 for c in hand], [c & 3 for c in hand], ace_low=False)
        found = _DEUCE_TO_SEVEN_FIVES[key] = HandValue(
            ranking=Ranking.DEUCE_TO_SEVEN, strength=len(patterns) - patterns.position(pattern)
        )
    return found


def _omaha_split(hole: Iterable[Card], board: Iterable[Card]) -> tuple[list[int], list[int]]:
    hole_i = _indices(hole, what="an Omaha hand")
    board_i = _indices(board, what="an Omaha board")
    _indices([Card(i) for i in hole_i + board_i], what="an Omaha hand with its board")
    if len(hole_i) < 2 or not 3 <= len(board_i) <= 5 or len(hole_i) + len(board_i) > MOST_CARDS:
        raise NotationError(
            f"Omaha plays exactly two hole cards and three board cards, from a board of"
            f" three to five cards and {MOST_CARDS} cards in all; got"
            f" {len(hole_i)} hole and {len(board_i)} board cards",
            text=format_cards(Card(i) for i in hole_i + board_i),
        )
    if JOKER_INDEX in hole_i + board_i:
        raise NotationError("Omaha is played without the joker; remove Xx", text="Xx")
    return hole_i, board_i


def evaluate_omaha(hole: Iterable[Card], board: Iterable[Card]) -> HandValue:
    """The best Omaha high hand: exactly two hole cards with exactly three board cards.

    >>> from floorman.cards import parse_cards as cards
    >>> evaluate_omaha(cards("Ah Kc 2c 3d"), cards("Qh Jh Th 9h 8h")).name  # no flush: one heart
    'Straight, Ace High'
    """
    hole_i, board_i = _omaha_split(hole, board)
    best = max(
        high_strength(two + three)
        for two in itertools.combinations(hole_i, 2)
        for three in itertools.combinations(board_i, 3)
    )
    return HandValue(ranking=Ranking.HIGH, strength=best)


def evaluate_omaha_eight_or_better(hole: Iterable[Card], board: Iterable[Card]) -> HandValue | None:
    """The best Omaha eight-or-better low (two hole + three board cards), or ``None``.

    >>> from floorman.cards import parse_cards as cards
    >>> evaluate_omaha_eight_or_better(cards("Ah 2h Kc Kd"), cards("3c 4d 5s Qh Jh")).name
    'Five Low, 5-4-3-2-A'
    >>> evaluate_omaha_eight_or_better(cards("Ah Kh Kc Kd"), cards("3c 4d 5s 6h 7h")) is None
    True
    """
    hole_i, board_i = _omaha_split(hole, board)
    best = omaha_low_strength([c >> 2 for c in hole_i], [c >> 2 for c in board_i])
    if best < _EIGHT_OR_BETTER_FLOOR:
        return None
    return HandValue(ranking=Ranking.ACE_TO_FIVE, strength=best)


def best_five(
    cards: Iterable[Card],
    *,
    ranking: Ranking = Ranking.HIGH,
    wild: Iterable[Rank] = (),
    joker: JokerRule = JokerRule.BUG,
) -> tuple[Card, ...]:
    """The five cards that make the best hand under ``ranking`` (jokers included).

    >>> from floorman.cards import parse_cards as cards
    >>> from floorman.cards import format_cards
    >>> format_cards(best_five(cards("As Ks 7d 7c 2h Qs Js")))
    '7d 7c As Ks Qs'
    >>> format_cards(best_five(cards("Xx 7d 5c 4h 3s 2d Kc"), ranking=Ranking.ACE_TO_FIVE))
    '5c 4h 3s 2d Xx'
    """
    found = _indices(cards, what="a hand")
    _need(found, 5, what="a hand")
    wild = tuple(wild)
    evaluators: dict[Ranking, Callable[[Iterable[Card]], HandValue]] = {
        Ranking.HIGH: lambda hand: evaluate_high(hand, wild=wild, joker=joker),
        Ranking.ACE_TO_FIVE: lambda hand: evaluate_ace_to_five(hand, wild=wild),
        Ranking.DEUCE_TO_SEVEN: evaluate_deuce_to_seven,
    }
    evaluate = evaluators[ranking]
    target = evaluate(Card(i) for i in found)
    wild_ranks = {int(r) - 2 for r in wild}

    def wild_count(combo: tuple[int, ...]) -> int:
        return sum(1 for c in combo if c == JOKER_INDEX or c >> 2 in wild_ranks)

    # Natural cards first: a wild card is named only when the hand needs it.
    combos = sorted(itertools.combinations(found, 5), key=wild_count)
    combo = next(c for c in combos if evaluate(Card(i) for i in c) == target)
    return tuple(sorted((Card(i) for i in combo), key=_display_order(combo)))


def _display_order(combo: Sequence[int]) -> Callable[[Card], tuple[int, int, int]]:
    counts = {r: sum(1 for c in combo if c >> 2 == r) for r in {c >> 2 for c in combo}}

    def key(card: Card) -> tuple[int, int, int]:
        if card.is_joker:
            return (1, 0, 0)
        r = card.index >> 2
        return (-counts[r], -r, -card.index)

    return key
