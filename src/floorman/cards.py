"""Ranks, suits, cards and decks, with notation that round-trips.

A card is written as its rank and suit: ``As``, ``Th``, ``2c``; the joker is
``Xx``. Every card has an ``index`` from 0 to 51 (the joker is 52) ordered by
rank and then by suit, so ``index = 4 * (rank - 2) + suit``; the evaluators
work on these integers.

The suits carry the rulebook's order for drawing cards (RRP5 ties.1: spades,
hearts, diamonds, clubs from highest to lowest). That order decides the button
draw and the stud bring-in; it never decides who wins a pot.

>>> Card.parse("As")
Card.parse('As')
>>> Card.parse("As").rank, Card.parse("As").suit
(Rank.ACE, Suit.SPADES)
>>> str(Card.parse("10h"))
'Th'
>>> format_cards(parse_cards("AsKd 2c"))
'As Kd 2c'
>>> Card.parse("Ks") > Card.parse("Kh")   # suit order, for draws only
True
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from functools import cache, total_ordering

from floorman._frozen import frozen
from floorman._static import TYPE_CHECKING
from floorman.errors import NotationError

if TYPE_CHECKING:
    import re

__all__ = [
    "DECK_52",
    "DECK_53",
    "JOKER",
    "Card",
    "Deck",
    "Rank",
    "Suit",
    "format_cards",
    "indices",
    "parse_cards",
]


class Rank(enum.IntEnum):
    """A card's rank, valued 2 (deuce) to 14 (ace); the ace plays low where a game says so."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The one-character notation: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_SYMBOLS[self - 2]

    @property
    def word(self) -> str:
        """The rank's name: ``"Ace"``."""
        return _RANK_WORDS[self - 2]

    @property
    def plural(self) -> str:
        """The rank's plural: ``"Sixes"``, ``"Aces"``."""
        return "Sixes" if self is Rank.SIX else self.word + "s"

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank symbol: ``A``, ``K``, ... ``T`` or ``10``, ``9``, ... ``2``.

        >>> Rank.parse("t")
        Rank.TEN
        """
        found = _RANK_BY_SYMBOL.get(text.upper())
        if found is None:
            raise NotationError(
                f"not a rank: {text!r} (ranks are A K Q J T 9 8 7 6 5 4 3 2)", text=text
            )
        return found

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


class Suit(enum.IntEnum):
    """A card's suit, valued in the rulebook's order for draws (RRP5 ties.1)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The one-letter notation: ``c``, ``d``, ``h``, ``s``."""
        return "cdhs"[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit letter (either case) or symbol.

        >>> Suit.parse("S")
        Suit.SPADES
        """
        found = _SUIT_BY_SYMBOL.get(text.lower())
        if found is None:
            raise NotationError(f"not a suit: {text!r} (suits are s h d c)", text=text)
        return found

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_RANK_SYMBOLS = "23456789TJQKA"
_RANK_WORDS = [
    "Two",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Jack",
    "Queen",
    "King",
    "Ace",
]
_RANK_BY_SYMBOL = {s: Rank(i + 2) for i, s in enumerate(_RANK_SYMBOLS)} | {"10": Rank.TEN}
_SUIT_BY_SYMBOL = {"c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES}
_SUIT_BY_SYMBOL |= {"♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES}

JOKER_INDEX = 52
_JOKER_TEXT = "Xx"


@total_ordering
@frozen
class Card:
    """One card, identified by its ``index`` (0-51, or 52 for the joker).

    Build cards with :meth:`parse` or :meth:`of`; instances are shared, so
    ``Card.parse("As") is Card.of(Rank.ACE, Suit.SPADES)``. Cards compare by rank
    and then by suit (RRP5 ties.1), the order used for draws and bring-ins; the
    joker sorts above every card.

    >>> Card.of(Rank.ACE, Suit.SPADES) is Card.parse("As")
    True
    >>> Card.parse("Xx").is_joker
    True
    >>> Card.parse("Zz")
    Traceback (most recent call last):
    ...
    floorman.errors.NotationError: not a card: 'Zz' (expected a rank A K Q J T 9-2 and a suit s h d c, as in 'As' or 'Td', or Xx for the joker)
    """

    index: int

    def __post_init__(self) -> None:
        if not 0 <= self.index <= JOKER_INDEX:
            raise NotationError(f"card index {self.index} is outside 0-52", text=str(self.index))

    def __new__(cls, index: int) -> Card:
        # Cards are interned: one object per index.
        if 0 <= index <= JOKER_INDEX and _INTERNED:
            return _INTERNED[index]
        return object.__new__(cls)

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        """The card of a rank and suit."""
        return _INTERNED[4 * (rank - 2) + suit]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card: ``As``, ``th``, ``10d``, ``Xx`` (joker)."""
        found = _CARD_BY_TEXT.get(text)
        if found is not None:
            return found
        stripped = text.strip()
        if stripped.lower() == _JOKER_TEXT.lower():
            return _INTERNED[JOKER_INDEX]
        if len(stripped) in (2, 3):
            rank_text, suit_text = stripped[:-1], stripped[-1]
            if rank_text.upper() in _RANK_BY_SYMBOL and suit_text.lower() in _SUIT_BY_SYMBOL:
                return cls.of(Rank.parse(rank_text), Suit.parse(suit_text))
        raise NotationError(
            f"not a card: {text!r} (expected a rank A K Q J T 9-2 and a suit s h d c,"
            f" as in 'As' or 'Td', or Xx for the joker)",
            text=text,
        )

    @property
    def is_joker(self) -> bool:
        """Whether this is the joker."""
        return self.index == JOKER_INDEX

    @property
    def rank(self) -> Rank:
        """The card's rank; the joker has none and raises ``ValueError``."""
        if self.index == JOKER_INDEX:
            raise ValueError("the joker has no rank")
        return _RANKS[self.index >> 2]

    @property
    def suit(self) -> Suit:
        """The card's suit; the joker has none and raises ``ValueError``."""
        if self.index == JOKER_INDEX:
            raise ValueError("the joker has no suit")
        return _SUITS[self.index & 3]

    def __str__(self) -> str:
        return _CARD_TEXT[self.index]

    def __repr__(self) -> str:
        return f"Card.parse({_CARD_TEXT[self.index]!r})"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    # Cards are compared and hashed more than any other value (every card a deal
    # checks, every hand read): by their index, not through a key made for each call.
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index == other.index

    def __hash__(self) -> int:
        return hash((self.index,))  # as a dataclass hashes it: sets keep their order

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (self.index,))


_RANKS = tuple(Rank)
_SUITS = tuple(Suit)
_INTERNED: list[Card] = []
_INTERNED.extend([Card(i) for i in range(JOKER_INDEX + 1)])
_CARD_TEXT = (
    *tuple(_RANK_SYMBOLS[i >> 2] + "cdhs"[i & 3] for i in range(JOKER_INDEX)),
    _JOKER_TEXT,
)
_CARD_BY_TEXT = {text: _INTERNED[i] for i, text in enumerate(_CARD_TEXT)}

JOKER = _INTERNED[JOKER_INDEX]

_SPLIT = r"[\s,]+"
_TOKEN = r"(10|[2-9TJQKAtjqka])([cdhsCDHS♣♦♥♠])|([Xx][Xx])"


# Compiled at the first parse_cards, not at import: a process that reads cards
# one at a time (a replay, through Card.parse) never needs them, nor the re module.
@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    import re

    return re.compile(_SPLIT), re.compile(_TOKEN)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards written together or apart: ``"AsKs"``, ``"As Ks"``, ``"As,Ks"``.

    >>> parse_cards("AhKh Qh")
    (Card.parse('Ah'), Card.parse('Kh'), Card.parse('Qh'))
    >>> parse_cards("")
    ()
    >>> parse_cards("AsK")
    Traceback (most recent call last):
    ...
    floorman.errors.NotationError: cannot read cards in 'AsK': 'K' is not a card (write cards as in 'As Kd Th')
    """
    split, token = _patterns()
    cards: list[Card] = []
    for chunk in split.split(text.strip()):
        pos = 0
        while pos < len(chunk):
            match = token.match(chunk, pos)
            if match is None:
                raise NotationError(
                    f"cannot read cards in {text!r}: {chunk[pos:]!r} is not a card"
                    " (write cards as in 'As Kd Th')",
                    text=text,
                )
            cards.append(Card.parse(match.group(0)))
            pos = match.end()
    return tuple(cards)


def format_cards(cards: Iterable[Card], *, sep: str = " ") -> str:
    """Write cards as text, ``"As Kd"``; :func:`parse_cards` reads it back."""
    return sep.join(_CARD_TEXT[c.index] for c in cards)


@frozen
class Deck:
    """A full deck in canonical order: 52 cards, or 53 with the joker.

    Shuffling and dealing belong to the dealer; a deck is just the set of cards.

    >>> len(Deck()), len(Deck(joker=True))
    (52, 53)
    >>> Deck().without(parse_cards("As Ks"))[-1]
    Card.parse('Ah')
    """

    joker: bool = False

    @property
    def cards(self) -> tuple[Card, ...]:
        """The deck's cards, deuce of clubs first."""
        return DECK_53 if self.joker else DECK_52

    def without(self, dead: Iterable[Card]) -> tuple[Card, ...]:
        """The deck's cards less the given ones, in canonical order."""
        gone = {c.index for c in dead}
        return tuple(c for c in self.cards if c.index not in gone)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __getitem__(self, i: int) -> Card:
        return self.cards[i]


DECK_52: tuple[Card, ...] = tuple(_INTERNED[:JOKER_INDEX])
DECK_53: tuple[Card, ...] = tuple(_INTERNED)


def indices(cards: Iterable[Card]) -> list[int]:
    """The cards' integer indices, the form the fast evaluators take.

    >>> indices(parse_cards("2c As"))
    [0, 51]
    """
    return [c.index for c in cards]
