"""PokerStars' words: the lines that open each street, and the names of hands.

The writer in :mod:`floorman.formats.pokerstars` takes its vocabulary from
here: how a street is announced (``*** FLOP ***``, ``*** 3rd STREET ***``,
``*** FIRST DRAW ***``), how the summary says when a player folded, and how a
shown hand is named (``a pair of Kings``, ``HI: ...; LO: 8,6,4,3,A``).

>>> from floorman.cards import parse_cards
>>> from floorman.games import HOLDEM
>>> describe(HOLDEM, parse_cards("Ah Kh"), parse_cards("2h 7h 9h Kd 3c"))
'a flush, Ace high'
>>> times(2), times(3)
('twice', 'three times')
"""

from __future__ import annotations

from collections.abc import Sequence

from floorman.cards import Card, Rank
from floorman.deal.showdown import read_hand
from floorman.evaluation import (
    Category,
    HandValue,
    Ranking,
)
from floorman.games import Game, Reading

__all__ = ["ORDINALS", "describe", "folded_when", "markers", "rank_name", "times"]

#: The ordinal words PokerStars puts before a draw or a board run more than once.
ORDINALS = ("FIRST", "SECOND", "THIRD")


def times(runs: int) -> str:
    """How often the summary says the hand was run: ``twice``, ``three times``."""
    return "twice" if runs == 2 else "three times"


def markers(game: Game) -> list[str]:
    """The line that opens each street."""
    if not game.is_button_game:
        return [f"*** {i + 3}{'rd' if i == 0 else 'th'} STREET ***" for i in range(4)] + [
            "*** RIVER ***"
        ]
    if game.has_draw:
        return ["*** DEALING HANDS ***"] + [f"*** {o} DRAW ***" for o in ORDINALS]
    return ["*** HOLE CARDS ***", "*** FLOP ***", "*** TURN ***", "*** RIVER ***"]


def folded_when(game: Game, street: int) -> str:
    """When a player folded, in the summary's words."""
    if not game.is_button_game:
        return ("on the 3rd Street", "on the 4th Street", "on the 5th Street",
                "on the 6th Street", "on the River")[street]  # fmt: skip
    if game.has_draw:
        if street == 0:
            return "before the Draw"
        if len(game.streets) == 2:
            return "after the Draw"
        return f"after the {('1st', '2nd', '3rd')[street - 1]} Draw"
    return ("before Flop", "on the Flop", "on the Turn", "on the River")[street]


def rank_name(value: HandValue) -> str:
    """A hand's name in PokerStars' words: ``a pair of Kings``, ``8,6,4,3,A``."""
    category, ranks = value.category, value.ranks
    if value.ranking is not Ranking.HIGH and category is Category.HIGH_CARD:
        return ",".join(r.symbol for r in ranks)
    top = ranks[0]
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        # A straight is named from its lowest card up; the wheel's lowest is the ace.
        bottom = Rank.ACE if top is Rank.FIVE else Rank(top - 4)
        if category is Category.STRAIGHT:
            return f"a straight, {bottom.word} to {top.word}"
        if top is Rank.ACE:
            return "a Royal Flush"
        return f"a straight flush, {bottom.word} to {top.word}"
    names = {
        Category.HIGH_CARD: f"high card {top.word}",
        Category.ONE_PAIR: f"a pair of {top.plural}",
        Category.TWO_PAIR: f"two pair, {top.plural} and {ranks[1].plural}",
        Category.THREE_OF_A_KIND: f"three of a kind, {top.plural}",
        Category.FLUSH: f"a flush, {top.word} high",
        Category.FULL_HOUSE: f"a full house, {top.plural} full of {ranks[1].plural}",
        Category.FOUR_OF_A_KIND: f"four of a kind, {top.plural}",
        Category.FIVE_OF_A_KIND: f"five of a kind, {top.plural}",
    }
    return names[category]


def describe(game: Game, hole: Sequence[Card], board: Sequence[Card]) -> str:
    """What a shown hand makes, as PokerStars puts it after the cards."""
    values = read_hand(game, hole, board)
    first = values[0]
    reading = game.reading
    if not isinstance(first, HandValue) or reading in (Reading.BADUGI, Reading.SHORT_DECK):
        return first.name if first is not None else ""
    if reading in (Reading.ACE_TO_FIVE, Reading.DEUCE_TO_SEVEN):
        return "Lo: " + rank_name(first)
    if reading is not Reading.HIGH_LOW_EIGHT:
        return rank_name(first)
    both = f"HI: {rank_name(first)}"
    low = values[1]
    return both if not isinstance(low, HandValue) else f"{both}; LO: {rank_name(low)}"
