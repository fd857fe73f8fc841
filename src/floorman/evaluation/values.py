"""Hand values: what a hand is worth under one ranking, and its name.

A :class:`HandValue` is a ranking (high, ace-to-five low, deuce-to-seven low)
and a *strength*, an integer where higher is better under that ranking. Values
of one ranking are totally ordered and hashable; comparing values of two
rankings is an error, since no pot is decided that way.

>>> from floorman.evaluation import evaluate_high
>>> from floorman.cards import parse_cards
>>> v = evaluate_high(parse_cards("Kd Ks 5c 5h 9s"))
>>> v.name
'Two Pair, Kings and Fives'
>>> v.category
Category.TWO_PAIR
>>> v
HandValue(ranking=Ranking.HIGH, strength=4782)
>>> v > evaluate_high(parse_cards("Kd Ks 5c 5h 8s"))
True
"""

from __future__ import annotations

import enum

from floorman._frozen import frozen
from floorman.cards import Rank
from floorman.evaluation import _tables as t
from floorman.rulebook import Citation, cite

__all__ = ["Category", "HandValue", "Ranking"]


class Ranking(enum.Enum):
    """Which way a hand is read."""

    #: Highest hand wins; ace high or low in a straight (RRP5 ranking.1-11).
    HIGH = "high"
    #: Lowest hand wins; ace always low, straights and flushes do not count.
    ACE_TO_FIVE = "ace-to-five"
    #: Lowest hand wins; ace always high, straights and flushes count.
    DEUCE_TO_SEVEN = "deuce-to-seven"

    def __repr__(self) -> str:
        return f"Ranking.{self.name}"


class Category(enum.IntEnum):
    """The hand categories of RRP5 ranking.1-11, lowest first.

    The royal flush (ranking.10) is the ace-high straight flush.
    """

    HIGH_CARD = t.HIGH_CARD
    ONE_PAIR = t.ONE_PAIR
    TWO_PAIR = t.TWO_PAIR
    THREE_OF_A_KIND = t.THREE_OF_A_KIND
    STRAIGHT = t.STRAIGHT
    FLUSH = t.FLUSH
    FULL_HOUSE = t.FULL_HOUSE
    FOUR_OF_A_KIND = t.FOUR_OF_A_KIND
    STRAIGHT_FLUSH = t.STRAIGHT_FLUSH
    FIVE_OF_A_KIND = t.FIVE_OF_A_KIND

    @property
    def title(self) -> str:
        """The category's name: ``"Three of a Kind"``."""
        return _TITLES[self]

    @property
    def citation(self) -> Citation:
        """The ranking rule that defines this category."""
        return cite(f"ranking.{int(self) + (1 if self is Category.FIVE_OF_A_KIND else 0)}")[0]

    def __repr__(self) -> str:
        return f"Category.{self.name}"


_TITLES = {
    Category.HIGH_CARD: "High Card",
    Category.ONE_PAIR: "One Pair",
    Category.TWO_PAIR: "Two Pair",
    Category.THREE_OF_A_KIND: "Three of a Kind",
    Category.STRAIGHT: "Straight",
    Category.FLUSH: "Flush",
    Category.FULL_HOUSE: "Full House",
    Category.FOUR_OF_A_KIND: "Four of a Kind",
    Category.STRAIGHT_FLUSH: "Straight Flush",
    Category.FIVE_OF_A_KIND: "Five of a Kind",
}


def _rank(value: int) -> Rank:
    return Rank(14 if value == 1 else value)


@frozen
class HandValue:
    """A hand's worth under one ranking; higher ``strength`` is better.

    Strengths are dense: 1 to 7,475 for high hands (7,462 without five of a kind),
    1 to 6,175 for ace-to-five and 1 to 7,462 for deuce-to-seven.

    >>> HandValue(ranking=Ranking.HIGH, strength=7462).name
    'Royal Flush'
    >>> HandValue(ranking=Ranking.ACE_TO_FIVE, strength=6175).name
    'Five Low, 5-4-3-2-A'
    >>> HandValue(ranking=Ranking.HIGH, strength=1) < HandValue(
    ...     ranking=Ranking.ACE_TO_FIVE, strength=1)
    Traceback (most recent call last):
    ...
    TypeError: cannot compare a high value with an ace-to-five value
    """

    ranking: Ranking
    strength: int

    def __post_init__(self) -> None:
        size = _SIZES[self.ranking]
        if not 1 <= self.strength <= size:
            raise ValueError(f"a {self.ranking.value} strength is 1 to {size}, not {self.strength}")

    def __repr__(self) -> str:
        return f"HandValue(ranking={self.ranking!r}, strength={self.strength})"

    def _check(self, other: object) -> HandValue:
        if not isinstance(other, HandValue):
            raise TypeError(f"cannot compare a hand value with {type(other).__name__}")
        if other.ranking is not self.ranking:
            raise TypeError(
                f"cannot compare {_a(self.ranking.value)} value"
                f" with {_a(other.ranking.value)} value"
            )
        return other

    def __lt__(self, other: object) -> bool:
        return self.strength < self._check(other).strength

    def __le__(self, other: object) -> bool:
        return self.strength <= self._check(other).strength

    def __gt__(self, other: object) -> bool:
        return self.strength > self._check(other).strength

    def __ge__(self, other: object) -> bool:
        return self.strength >= self._check(other).strength

    @property
    def category(self) -> Category:
        """The hand's category, e.g. ``Category.FLUSH``.

        For the low rankings a hand with no pair is ``HIGH_CARD``; at deuce-to-seven
        straights and flushes keep their category (and are bad lows).
        """
        return Category(self._pattern[0])

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The ranks that decide between hands of the category, most significant first."""
        return tuple(_rank(r) for r in self._pattern[1])

    @property
    def _pattern(self) -> t.Pattern:
        patterns = _patterns(self.ranking)
        if self.ranking is Ranking.DEUCE_TO_SEVEN:
            return patterns[len(patterns) - self.strength]
        return patterns[self.strength - 1]

    @property
    def name(self) -> str:
        """The hand's name: ``"Two Pair, Kings and Fives"``, ``"Seven Low, 7-5-4-3-2"``."""
        key = (type(self), self.ranking, self.strength)
        found = _NAMES.get(key)
        if found is None:
            found = _NAMES[key] = self._name()
        return found

    def _name(self) -> str:
        category, ranks = self._pattern
        if self.ranking is not Ranking.HIGH and category == t.HIGH_CARD:
            low = _rank(ranks[0]).word
            return f"{low} Low, " + "-".join(_symbol(r) for r in ranks)
        return _high_name(Category(category), [_rank(r) for r in ranks])

    @property
    def description(self) -> str:
        """The name with every deciding rank: ``"One Pair, Kings; A, 9, 4"``."""
        category, ranks = self._pattern
        # How many of the deciding ranks the name already states.
        named = {
            t.HIGH_CARD: 1 if self.ranking is Ranking.HIGH else 5,
            t.ONE_PAIR: 1,
            t.TWO_PAIR: 2,
            t.THREE_OF_A_KIND: 1,
            t.FOUR_OF_A_KIND: 1,
        }.get(category, len(ranks))
        kickers = ranks[named:]
        if not kickers:
            return self.name
        return f"{self.name}; " + ", ".join(_symbol(r) for r in kickers)

    @property
    def citations(self) -> tuple[Citation, ...]:
        """The rules that rank this hand: its category's rule and the kicker rule."""
        if self.ranking is Ranking.HIGH:
            if self.strength == _ROYAL_FLUSH:
                return cite("ranking.intro", "ranking.10")
            return (*cite("ranking.intro"), self.category.citation)
        return cite("ranking.intro", "ranking.1")

    def __str__(self) -> str:
        return self.name


_ROYAL_FLUSH = 7462

# The number of classes of each ranking (a test checks them against the tables): a
# value is checked without loading its ranking's classes, which only its name needs.
_SIZES = {
    Ranking.HIGH: t.HIGH_SIZE,
    Ranking.ACE_TO_FIVE: t.LOW_SIZE,
    Ranking.DEUCE_TO_SEVEN: t.DEUCE_TO_SEVEN_SIZE,
}

# Each hand's name, once worked out (a showdown names every pot's winning hand).
_NAMES: dict[tuple[type, Ranking, int], str] = {}


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def _symbol(value: int) -> str:
    return "A" if value in (1, 14) else _rank(value).symbol


def _patterns(ranking: Ranking) -> t.Classes:
    if ranking is Ranking.HIGH:
        return t.high_classes()
    if ranking is Ranking.ACE_TO_FIVE:
        return t.low_classes()
    return t.deuce_to_seven_classes()


def _high_name(category: Category, ranks: list[Rank]) -> str:
    title = category.title
    first = ranks[0]
    if category is Category.HIGH_CARD:
        return f"{title}, {first.word}"
    if category in (Category.ONE_PAIR, Category.THREE_OF_A_KIND, Category.FOUR_OF_A_KIND):
        return f"{title}, {first.plural}"
    if category is Category.FIVE_OF_A_KIND:
        return f"{title}, {first.plural}"
    if category is Category.TWO_PAIR:
        return f"{title}, {first.plural} and {ranks[1].plural}"
    if category is Category.FULL_HOUSE:
        return f"{title}, {first.plural} over {ranks[1].plural}"
    if category is Category.STRAIGHT_FLUSH and first is Rank.ACE:
        return "Royal Flush"
    return f"{title}, {first.word} High"
