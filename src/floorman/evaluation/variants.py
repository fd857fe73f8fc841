"""Hand rankings of two games outside Robert's Rules: badugi and short-deck hold'em.

Robert's Rules of Poker ranks neither game, so these follow the standard rules
as PokerKit 0.7.7 implements them (``BadugiHand``, ``ShortDeckHoldemHand``),
which is what hand histories of these games (PHH variants ``FB`` and ``NS``)
are scored by.

**Badugi.** A hand plays the largest set of its cards with no two of a rank and
no two of a suit (a *badugi* when that is all four). More cards is better, so
any four-card badugi beats any three-card hand; then the lower hand wins,
highest card first, with the ace low: A-2-3-4 of four suits is the best hand.

**Short-deck hold'em** (36 cards, sixes to aces). The best five of five to
seven cards play, ranked as in hold'em except that a flush beats a full house,
and the ace plays low in the straight A-6-7-8-9 (the lowest straight). Three of
a kind still loses to a straight.

Values are totally ordered (higher ``strength`` is better) and compare equal
exactly when they tie, whatever the suits; a value keeps the cards that make it.

>>> from floorman.cards import parse_cards as cards
>>> v = evaluate_badugi(cards("7h 4c 3d As"))
>>> v.name
'Four-card badugi, 7-4-3-A'
>>> v > evaluate_badugi(cards("2c 3d 4h 4s"))    # three cards lose to four
True
>>> w = evaluate_short_deck(cards("Ah Kh 9h 7h 6h Kd Ks"))
>>> w.name
'Flush, Ace High'
>>> w > evaluate_short_deck(cards("Kh Kd Ks 6c 6d"))   # a flush beats a full house
True
>>> w
ShortDeckValue(strength=1294, cards=parse_cards('Ah Kh 9h 7h 6h'))
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache

from floorman._frozen import field, frozen
from floorman.cards import DECK_52, JOKER_INDEX, Card, Rank, format_cards
from floorman.errors import NotationError
from floorman.evaluation import _tables as t
from floorman.evaluation._kept import kept_checked
from floorman.evaluation.values import Category, HandValue, Ranking
from floorman.rulebook import cite

__all__ = ["BadugiValue", "ShortDeckValue", "evaluate_badugi", "evaluate_short_deck"]


# --- shared input checks --------------------------------------------------------


def _indices(cards: Iterable[Card], *, what: str) -> list[int]:
    """The cards' indices, refusing the joker and any card given twice."""
    found = [c.index for c in cards]
    if JOKER_INDEX in found:
        raise NotationError(
            f"{what} is played without the joker; remove Xx",
            text=format_cards(Card(i) for i in found),
        )
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


def _as_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    found = tuple(cards)
    for c in found:
        if not isinstance(c, Card):
            raise TypeError(f"cards must be Card objects, not {type(c).__name__}")
    return found


def _symbol(value: int) -> str:
    """A rank's symbol, ace written ``A`` whether it counts 1 or 14."""
    return "A" if value in (1, 14) else Rank(value).symbol


# --- badugi ---------------------------------------------------------------------

#: A badugi class: its ranks with the ace as 1, highest first.
BadugiPattern = tuple[int, ...]

_BADUGI_SIZES = ("One-card hand", "Two-card hand", "Three-card hand", "Four-card badugi")


def _low_rank(index: int) -> int:
    """The badugi rank (ace 1 to king 13) of a card index."""
    r = (index >> 2) + 2
    return 1 if r == 14 else r


# The number of badugi and short-deck classes (a test checks them against the
# tables): a value is checked without loading the classes, which only its name needs.
_BADUGI_SIZE = 1092
_SHORT_SIZE = 1404


@cache
def _badugi_patterns() -> tuple[BadugiPattern, ...]:
    """Every badugi class, weakest (a lone king) first; position + 1 is the strength."""
    found = [
        tuple(sorted(combo, reverse=True))
        for size in range(1, 5)
        for combo in itertools.combinations(range(1, 14), size)
    ]
    # More cards is better; then the lower hand, compared from the top card down.
    found.sort(key=lambda p: (len(p), [-r for r in p]))
    return tuple(found)


def _badugi_mask(pattern: BadugiPattern) -> int:
    """A badugi class's ranks as a 13-bit mask (bit 0 the ace, bit 12 the king)."""
    return sum(1 << (r - 1) for r in pattern)


@kept_checked(lambda value: t.is_flat(value, 2 * ((1 << 13) + _BADUGI_SIZE)))
def _flat_badugi() -> bytes:
    """The badugi tables flat: the strength of each 13-bit rank mask (0 where no
    class has those ranks), then each class's mask by strength."""
    by_mask = [0] * (1 << 13)
    masks = [_badugi_mask(p) for p in _badugi_patterns()]
    for strength, mask in enumerate(masks, 1):
        by_mask[mask] = strength
    return t.flat("H", by_mask + masks)


@cache
def _badugi_tables() -> tuple[memoryview, memoryview]:
    """The strength of each rank mask, and the mask of each strength less one."""
    view = memoryview(_flat_badugi()).cast("H")
    return view[: 1 << 13], view[1 << 13 :]


def _badugi_strength(found: Sequence[int]) -> int:
    """The strength of cards (by index) that are a badugi, or 0 if two share a rank or suit."""
    ranks = suits = 0
    for c in found:
        ranks |= 1 << (_low_rank(c) - 1)
        suits |= 1 << (c & 3)
    if ranks.bit_count() != len(found) or suits.bit_count() != len(found):
        return 0
    return _badugi_tables()[0][ranks]


@frozen(order=True)
class BadugiValue:
    """A badugi hand's worth; higher ``strength`` is better.

    Strengths are dense, 1 (a lone king) to 1,092 (A-2-3-4 of four suits):
    13 one-card, 78 two-card and 286 three-card hands, then 715 badugis.
    ``cards`` are the cards that play, highest first; values compare by strength
    alone, so hands that tie are equal.

    >>> BadugiValue(strength=1092).name
    'Four-card badugi, 4-3-2-A'
    >>> BadugiValue(strength=1).name
    'One-card hand, K'
    >>> from floorman.cards import parse_cards
    >>> v = BadugiValue(strength=335, cards=parse_cards("8h 5c 2d"))
    >>> v.name, v.size, v.ranks
    ('Three-card hand, 8-5-2', 3, (Rank.EIGHT, Rank.FIVE, Rank.TWO))
    >>> v
    BadugiValue(strength=335, cards=parse_cards('8h 5c 2d'))
    >>> BadugiValue(strength=334, cards=parse_cards("8h 5c 2d"))
    Traceback (most recent call last):
    ...
    ValueError: the cards 8h 5c 2d are a badugi of strength 335, not 334
    """

    strength: int
    cards: tuple[Card, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        size = _BADUGI_SIZE
        if not 1 <= self.strength <= size:
            raise ValueError(f"a badugi strength is 1 to {size}, not {self.strength}")
        if not self.cards:
            return
        cards = _as_cards(self.cards)
        object.__setattr__(self, "cards", cards)
        found = [c.index for c in cards]
        strength = 0 if JOKER_INDEX in found else _badugi_strength(found)
        if not strength:
            raise ValueError(
                f"the cards {format_cards(cards)} are not a badugi (no two of a rank or of a suit)"
            )
        if strength != self.strength:
            raise ValueError(
                f"the cards {format_cards(cards)} are a badugi of strength {strength},"
                f" not {self.strength}"
            )

    def __repr__(self) -> str:
        if not self.cards:
            return f"BadugiValue(strength={self.strength})"
        return f"BadugiValue(strength={self.strength}, cards=parse_cards({format_cards(self.cards)!r}))"

    @property
    def _pattern(self) -> BadugiPattern:
        mask = _badugi_tables()[1][self.strength - 1]
        return tuple(r for r in range(13, 0, -1) if mask >> (r - 1) & 1)

    @property
    def size(self) -> int:
        """How many cards play: 4 for a badugi, fewer for a three-, two- or one-card hand."""
        return len(self._pattern)

    @property
    def is_badugi(self) -> bool:
        """Whether all four cards play (a four-card badugi)."""
        return self.size == 4

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The ranks that play, highest first (the ace, playing low, last)."""
        return tuple(Rank(14 if r == 1 else r) for r in self._pattern)

    @property
    def name(self) -> str:
        """The hand's name: ``"Four-card badugi, 7-4-3-A"``, ``"Three-card hand, 8-5-2"``."""
        pattern = self._pattern
        return f"{_BADUGI_SIZES[len(pattern) - 1]}, " + "-".join(_symbol(r) for r in pattern)

    def __str__(self) -> str:
        return self.name


def evaluate_badugi(cards: Iterable[Card]) -> BadugiValue:
    """The best badugi hand among four or more cards.

    The hand is the largest set of cards with no two of a rank and no two of a
    suit, the lowest such set when there are several; the ace is low.

    >>> from floorman.cards import parse_cards as cards
    >>> evaluate_badugi(cards("Ac 2d 3h 4s")).name
    'Four-card badugi, 4-3-2-A'
    >>> evaluate_badugi(cards("2s 4c 5d 6h"))
    BadugiValue(strength=1079, cards=parse_cards('6h 5d 4c 2s'))
    >>> evaluate_badugi(cards("2s 3s 4d 7h")).name   # two spades: one plays
    'Three-card hand, 7-4-2'
    >>> evaluate_badugi(cards("Kc Kd Kh Ks")).name
    'One-card hand, K'
    >>> evaluate_badugi(cards("Ac 2c 3c"))
    Traceback (most recent call last):
    ...
    floorman.errors.NotationError: a badugi hand needs at least 4 cards, got 3
    """
    found = _indices(cards, what="a badugi hand")
    if len(found) < 4:
        raise NotationError(
            f"a badugi hand needs at least 4 cards, got {len(found)}",
            text=format_cards(Card(i) for i in found),
        )
    best_combo: tuple[int, ...] = ()
    # Four suits: no set of more than four cards can be a badugi.
    for size in range(4, 0, -1):
        best = 0
        for combo in itertools.combinations(found, size):
            strength = _badugi_strength(combo)
            if strength > best:
                best, best_combo = strength, combo
        if best:
            shown = sorted(best_combo, key=lambda c: (_low_rank(c), c & 3), reverse=True)
            return BadugiValue(strength=best, cards=tuple(DECK_52[i] for i in shown))
    raise AssertionError("unreachable: any one card is a one-card hand")  # pragma: no cover


# --- short-deck hold'em ---------------------------------------------------------

# Category order in short-deck hold'em, lowest first: a flush beats a full house.
_SHORT_ORDER = {
    t.HIGH_CARD: 1,
    t.ONE_PAIR: 2,
    t.TWO_PAIR: 3,
    t.THREE_OF_A_KIND: 4,
    t.STRAIGHT: 5,
    t.FULL_HOUSE: 6,
    t.FLUSH: 7,
    t.FOUR_OF_A_KIND: 8,
    t.STRAIGHT_FLUSH: 9,
}

# Straights as sets of ranks, highest first; A-6-7-8-9 (nine high) is the lowest.
_SHORT_STRAIGHTS = (
    *((top, frozenset(range(top - 4, top + 1))) for top in range(14, 9, -1)),
    (9, frozenset({14, 6, 7, 8, 9})),
)


def _short_straight_top(ranks: Iterable[int]) -> int:
    """The top rank of the straight five short-deck ranks make, or 0."""
    present = frozenset(ranks)
    for top, straight in _SHORT_STRAIGHTS:
        if present == straight:
            return top
    return 0


def _classify_short5(ranks: Sequence[int], *, flush: bool) -> t.Pattern:
    """The short-deck class ``(category, ranks)`` of five cards (ranks 6..14).

    ``flush`` says whether the five share a suit. Categories are the standard
    ones of :mod:`floorman.evaluation.values`; only their order differs.

    >>> _classify_short5([14, 6, 7, 8, 9], flush=False)
    (5, (9,))
    >>> _classify_short5([13, 13, 13, 6, 6], flush=False)
    (7, (13, 6))
    """
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in groups)
    order = tuple(r for r, _ in groups)
    top = _short_straight_top(ranks) if len(counts) == 5 else 0
    if top and flush:
        return (t.STRAIGHT_FLUSH, (top,))
    if shape == (4, 1):
        return (t.FOUR_OF_A_KIND, order)
    if flush:
        return (t.FLUSH, order)
    if shape == (3, 2):
        return (t.FULL_HOUSE, order)
    if top:
        return (t.STRAIGHT, (top,))
    if shape[0] == 3:
        return (t.THREE_OF_A_KIND, order)
    if shape == (2, 2, 1):
        return (t.TWO_PAIR, order)
    if shape[0] == 2:
        return (t.ONE_PAIR, order)
    return (t.HIGH_CARD, order)


@cache
def _short_table() -> dict[tuple[tuple[int, ...], bool], t.Pattern]:
    """The class of every five short-deck ranks (descending) with or without a flush."""
    table: dict[tuple[tuple[int, ...], bool], t.Pattern] = {}
    for combo in itertools.combinations_with_replacement(range(14, 5, -1), 5):
        if any(combo[i] == combo[i + 4] for i in range(len(combo) - 4)):
            continue  # five of a rank: the deck has four
        table[combo, False] = _classify_short5(combo, flush=False)
        if len(set(combo)) == 5:
            table[combo, True] = _classify_short5(combo, flush=True)
    return table


@cache
def _short_classes() -> tuple[t.Pattern, ...]:
    """Every short-deck class, weakest (J-9-8-7-6) first; position + 1 is the strength (1,404)."""
    return tuple(sorted(set(_short_table().values()), key=lambda p: (_SHORT_ORDER[p[0]], p[1])))


@cache
def _short_strengths() -> dict[tuple[tuple[int, ...], bool], int]:
    """Strength of five ranks (descending) and flush flag: what the flat table holds."""
    strength = {p: i + 1 for i, p in enumerate(_short_classes())}
    return {key: strength[p] for key, p in _short_table().items()}


@kept_checked(lambda value: t.is_packed(value, _SHORT_SIZE))
def _packed_short() -> bytes:
    return t.pack(_short_classes())


@cache
def _short_patterns() -> t.Classes:
    """Every short-deck class, weakest first, as :class:`~floorman.evaluation._tables.Classes`."""
    return t.Classes(_packed_short(), sorted_rows=False)


# The short-deck ranks 6 to ace as 0 to 8 (a card's rank index less 4), each with a
# key: the sums of the keys of five ranks (at most four of a rank) are all distinct
# and below _SHORT_NONFLUSH, so a sum indexes the table of hands with no flush. A
# flush, five ranks of one suit, is found by the mask of its ranks (9 bits).
_SHORT_KEYS = (0, 1, 5, 22, 94, 312, 992, 2422, 5624)
_SHORT_NONFLUSH = 4 * _SHORT_KEYS[8] + _SHORT_KEYS[7] + 1
#: Each card's short-deck rank key, and its rank's bit (0 for the cards below the six).
_SHORT_CARD_KEYS = tuple(_SHORT_KEYS[(c >> 2) - 4] if c >= 16 else 0 for c in range(52))
_SHORT_CARD_BITS = tuple(1 << ((c >> 2) - 4) if c >= 16 else 0 for c in range(52))
#: The strengths of the straight and the straight flush A-6-7-8-9, where the ace
#: plays low (a test checks them against the classes).
_SHORT_LOW_STRAIGHTS = (1129, 1399)


@kept_checked(lambda value: t.is_flat(value, 2 * (_SHORT_NONFLUSH + (1 << 9))))
def _flat_short() -> bytes:
    """The short-deck strengths flat: by rank-key sum with no flush, then by the
    rank mask of a flush."""
    nonflush = [0] * _SHORT_NONFLUSH
    flush = [0] * (1 << 9)
    for (ranks, suited), strength in _short_strengths().items():
        if suited:
            flush[sum(1 << (r - 6) for r in ranks)] = strength
            continue
        key = sum(_SHORT_KEYS[r - 6] for r in ranks)
        if nonflush[key]:
            raise AssertionError(f"two sets of five short-deck ranks share the key {key}")
        nonflush[key] = strength
    return t.flat("H", nonflush + flush)


@cache
def _short_lookup() -> tuple[memoryview, memoryview]:
    """The short-deck strengths by rank-key sum (no flush) and by a flush's rank mask."""
    view = memoryview(_flat_short()).cast("H")
    return view[:_SHORT_NONFLUSH], view[_SHORT_NONFLUSH:]


def _short_strength(five: Sequence[int]) -> int:
    """The strength of five distinct short-deck cards given by index (16 to 51)."""
    nonflush, flush = _short_lookup()
    a, b, c, d, e = five
    suit = a & 3
    if b & 3 == suit and c & 3 == suit and d & 3 == suit and e & 3 == suit:
        bits = _SHORT_CARD_BITS
        return flush[bits[a] | bits[b] | bits[c] | bits[d] | bits[e]]
    keys = _SHORT_CARD_KEYS
    return nonflush[keys[a] + keys[b] + keys[c] + keys[d] + keys[e]]


def _short_display(combo: Sequence[int], strength: int) -> tuple[int, ...]:
    """The five cards by index, groups first, then by rank; A-6-7-8-9 ends with the ace."""
    counts = Counter(c >> 2 for c in combo)
    low_ace = strength in _SHORT_LOW_STRAIGHTS

    def key(c: int) -> tuple[int, int, int]:
        r = c >> 2
        return (-counts[r], 1 if low_ace and r == 12 else -r, -c)

    return tuple(sorted(combo, key=key))


# How many of a class's deciding ranks its name states (the rest are listed).
_NAMED = {
    t.HIGH_CARD: 1,
    t.ONE_PAIR: 1,
    t.TWO_PAIR: 2,
    t.THREE_OF_A_KIND: 1,
    t.FLUSH: 1,
    t.FOUR_OF_A_KIND: 1,
}


@frozen(order=True)
class ShortDeckValue:
    """A short-deck hold'em hand's worth; higher ``strength`` is better.

    Strengths are dense, 1 (J-9-8-7-6, the weakest hand: T-9-8-7-6 and
    9-8-7-6-A are straights) to 1,404 (the royal flush)::

        high card 1-120, one pair 121-624, two pair 625-876,
        three of a kind 877-1128, straight 1129-1134, full house 1135-1206,
        flush 1207-1326, four of a kind 1327-1398, straight flush 1399-1404.

    ``cards`` are the five that play; values compare by strength alone.
    ``category`` is one of the standard :class:`~floorman.evaluation.Category`
    members, whose own order is hold'em's (``FLUSH`` below ``FULL_HOUSE``): to
    rank hands compare values, never categories.

    >>> ShortDeckValue(strength=1).name
    'High Card, Jack'
    >>> ShortDeckValue(strength=1404).name
    'Royal Flush'
    >>> ShortDeckValue(strength=1129).name, ShortDeckValue(strength=1129).ranks
    ('Straight, Nine High', (Rank.NINE,))
    >>> ShortDeckValue(strength=1207).category
    Category.FLUSH
    """

    strength: int
    cards: tuple[Card, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        size = _SHORT_SIZE
        if not 1 <= self.strength <= size:
            raise ValueError(f"a short-deck strength is 1 to {size}, not {self.strength}")
        if not self.cards:
            return
        cards = _as_cards(self.cards)
        object.__setattr__(self, "cards", cards)
        found = [c.index for c in cards]
        five = len(set(found)) == len(found) == 5 and all(16 <= c < 52 for c in found)
        strength = _short_strength(found) if five else None
        if strength is None:
            raise ValueError(f"the cards {format_cards(cards)} are not five short-deck cards")
        if strength != self.strength:
            raise ValueError(
                f"the cards {format_cards(cards)} are a short-deck hand of strength"
                f" {strength}, not {self.strength}"
            )

    def __repr__(self) -> str:
        if not self.cards:
            return f"ShortDeckValue(strength={self.strength})"
        return f"ShortDeckValue(strength={self.strength}, cards=parse_cards({format_cards(self.cards)!r}))"

    @property
    def _pattern(self) -> t.Pattern:
        return _short_patterns()[self.strength - 1]

    @property
    def _as_high(self) -> HandValue:
        # The same class in the standard ranking, for its name: every short-deck
        # class exists there (A-6-7-8-9 reads as the nine-high straight).
        # The standard classes are sorted weakest first, so a class's position is its
        # strength less one: found in the classes that name the hand, not a second table.
        return HandValue(
            ranking=Ranking.HIGH, strength=t.high_classes().position(self._pattern) + 1
        )

    @property
    def category(self) -> Category:
        """The hand's category, e.g. ``Category.FLUSH`` (ordered for short deck by strength)."""
        return Category(self._pattern[0])

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The ranks that decide between hands of the category, most significant first.

        A straight is named by its top card: A-6-7-8-9 is ``(Rank.NINE,)``.
        """
        return tuple(Rank(r) for r in self._pattern[1])

    @property
    def name(self) -> str:
        """The hand's name, as for hold'em: ``"Flush, Ace High"``, ``"Straight, Nine High"``."""
        return self._as_high.name

    @property
    def description(self) -> str:
        """The name with every deciding rank the name leaves out.

        >>> ShortDeckValue(strength=1207).description
        'Flush, Jack High; 9, 8, 7, 6'
        >>> ShortDeckValue(strength=1129).description
        'Straight, Nine High'
        """
        category, ranks = self._pattern
        kickers = ranks[_NAMED.get(category, len(ranks)) :]
        if not kickers:
            return self.name
        return f"{self.name}; " + ", ".join(_symbol(r) for r in kickers)

    def __str__(self) -> str:
        return self.name


def evaluate_short_deck(cards: Iterable[Card]) -> ShortDeckValue:
    """The best short-deck hold'em hand among five to seven cards (sixes to aces).

    >>> from floorman.cards import parse_cards as cards
    >>> evaluate_short_deck(cards("As 6c 7h 8h 9d Kc Kd")).name   # the ace plays low
    'Straight, Nine High'
    >>> evaluate_short_deck(cards("Kh Ks 9h 6c Kc Jh Ts")).description
    'Three of a Kind, Kings; J, T'
    >>> evaluate_short_deck(cards("As Ks Qs Js 5s"))
    Traceback (most recent call last):
    ...
    floorman.errors.NotationError: short-deck hold'em has no card below the six: 5s
    """
    found = _indices(cards, what="a short-deck hand")
    low = [i for i in found if i < 16]  # 2c..5s are indices 0-15
    if low:
        raise NotationError(
            "short-deck hold'em has no card below the six: " + format_cards(Card(i) for i in low),
            text=format_cards(Card(i) for i in found),
        )
    if not 5 <= len(found) <= 7:
        raise NotationError(
            f"a short-deck hand is the best five of 5 to 7 cards, got {len(found)}",
            text=format_cards(Card(i) for i in found),
        )
    best = 0
    best_combo: tuple[int, ...] = ()
    for combo in itertools.combinations(found, 5):
        strength = _short_strength(combo)
        if strength > best:
            best, best_combo = strength, combo
    shown = _short_display(best_combo, best)
    return ShortDeckValue(strength=best, cards=tuple(DECK_52[i] for i in shown))
