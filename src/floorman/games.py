"""What a poker form is, as data: streets, dealing, forced bets, betting and who wins.

A :class:`Game` says how cards come (hole cards up or down, board cards,
draws), which forced bets start the deal (blinds, or antes and a bring-in), how
many betting rounds there are, and how hands are read at the showdown. The
dealer (:mod:`floorman.deal`) runs any game from this description alone, so a
new form is a new definition, not new engine code.

>>> HOLDEM.streets[1].board, len(HOLDEM.streets)
(3, 4)
>>> GAMES["razz"].bring_in
BringInRule.HIGHEST
>>> OMAHA_EIGHT.reading
Reading.HIGH_LOW_EIGHT
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from floorman._frozen import frozen
from floorman.cards import DECK_52, Card
from floorman.rulebook import Citation, cite

__all__ = [
    "BADUGI",
    "FIVE_CARD_DRAW",
    "GAMES",
    "HOLDEM",
    "LOWBALL",
    "OMAHA",
    "OMAHA_EIGHT",
    "RAZZ",
    "SEVEN_CARD_STUD",
    "SEVEN_CARD_STUD_EIGHT",
    "SHORT_DECK",
    "SINGLE_DRAW_27",
    "TRIPLE_DRAW_27",
    "BringInRule",
    "Game",
    "Reading",
    "RuleSet",
    "Street",
    "Structure",
]


class Structure(enum.Enum):
    """How much may be bet."""

    FIXED_LIMIT = "fixed-limit"
    POT_LIMIT = "pot-limit"
    NO_LIMIT = "no-limit"

    @property
    def is_big_bet(self) -> bool:
        """Pot-limit and no-limit: unlimited raising (RRP5 betting.2)."""
        return self is not Structure.FIXED_LIMIT

    def __repr__(self) -> str:
        return f"Structure.{self.name}"


class RuleSet(enum.Enum):
    """Whose rules settle the corners where rule sets differ; Robert's by default.

    ``WSOP`` names the World Series of Poker's rules. The one corner where they
    seemed to part, a raise short of a full raise that is as much as any
    opponent can match, Robert's Rules decide the same way (the rest of a full
    raise could only come back, RRP5 betting.5, policies.6), so on every point
    floorman models today the two play alike.
    """

    ROBERTS = "roberts"
    WSOP = "wsop"

    def __repr__(self) -> str:
        return f"RuleSet.{self.name}"


class Reading(enum.Enum):
    """How hands are read at the showdown (RRP5 ranking.intro)."""

    HIGH = "high"
    ACE_TO_FIVE = "ace-to-five"
    DEUCE_TO_SEVEN = "deuce-to-seven"
    #: The pot splits between the best high hand and the best eight-or-better low.
    HIGH_LOW_EIGHT = "high-low eight-or-better"
    #: Badugi: the most cards of different ranks and suits, then the lowest (not
    #: in Robert's Rules; as dealt in mixed games).
    BADUGI = "badugi"
    #: Short-deck high: a flush beats a full house, A-6-7-8-9 is a straight (not
    #: in Robert's Rules; as dealt in mixed games).
    SHORT_DECK = "short-deck"

    @property
    def is_low(self) -> bool:
        """Whether the lowest hand wins the whole pot."""
        return self in (Reading.ACE_TO_FIVE, Reading.DEUCE_TO_SEVEN, Reading.BADUGI)

    def __repr__(self) -> str:
        return f"Reading.{self.name}"


class BringInRule(enum.Enum):
    """Which up card brings it in at stud (suits break ties, RRP5 ties.1)."""

    LOWEST = "lowest"
    HIGHEST = "highest"

    def __repr__(self) -> str:
        return f"BringInRule.{self.name}"


@frozen(kw_only=True)
class Street:
    """One stage of a deal: cards dealt (or drawn), then a betting round.

    ``hole`` lists the cards each player is dealt, ``True`` for a card dealt
    face up; ``board`` counts community cards; ``draw`` lets each player
    discard and draw before the betting; ``big_bet`` marks limit rounds played
    at the big bet.
    """

    name: str
    hole: tuple[bool, ...] = ()
    board: int = 0
    draw: bool = False
    big_bet: bool = False


@cache
def _deck(lowest_rank: int) -> tuple[tuple[Card, ...], frozenset[Card]]:
    # Every deal asks for its deck: made once for each lowest rank.
    cards = tuple(c for c in DECK_52 if c.rank >= lowest_rank)
    return cards, frozenset(cards)


@frozen(kw_only=True)
class Game:
    """A poker form.

    ``bring_in`` is ``None`` for button games (blinds) and says which up card
    brings it in at stud. ``omaha`` requires exactly two hole cards and three
    board cards in every hand. ``check_raise`` may be turned off for the forms
    of lowball that forbid it (RRP5 betting.1).
    """

    name: str
    streets: tuple[Street, ...]
    reading: Reading = Reading.HIGH
    bring_in: BringInRule | None = None
    omaha: bool = False
    check_raise: bool = True
    structures: tuple[Structure, ...] = (Structure.FIXED_LIMIT,)
    hand_size: int = 5
    lowest_rank: int = 2

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards the game is dealt from: 52, or 36 in short deck (six and up)."""
        return _deck(self.lowest_rank)[0]

    @property
    def deck_set(self) -> frozenset[Card]:
        """The cards of :attr:`deck`, as a set."""
        return _deck(self.lowest_rank)[1]

    @property
    def is_button_game(self) -> bool:
        """Blinds and a button (not antes and a bring-in)."""
        return self.bring_in is None

    @property
    def betting_rounds(self) -> int:
        """The number of betting rounds."""
        return len(self.streets)

    @property
    def has_board(self) -> bool:
        """Whether community cards are dealt."""
        return any(s.board for s in self.streets)

    @property
    def has_draw(self) -> bool:
        """Whether players draw."""
        return any(s.draw for s in self.streets)

    @property
    def hole_cards(self) -> int:
        """How many cards a player is dealt before any draw."""
        return sum(len(s.hole) for s in self.streets)

    @property
    def max_raises(self) -> int:
        """Raises allowed after the bet at limit, in a pot of three or more players.

        A bet and three raises in games of three or more betting rounds, a bet
        and four in two-round games (RRP5 betting.3.1, betting.3.2).
        """
        return 3 if self.betting_rounds >= 3 else 4

    @property
    def raise_cap_citation(self) -> Citation:
        """The rule that sets :attr:`max_raises`."""
        return cite("betting.3.1" if self.betting_rounds >= 3 else "betting.3.2")[0]

    def __repr__(self) -> str:
        return f"GAMES[{self.name!r}]"


_BIG_BET = (Structure.FIXED_LIMIT, Structure.POT_LIMIT, Structure.NO_LIMIT)

HOLDEM = Game(
    name="holdem",
    streets=(
        Street(name="preflop", hole=(False, False)),
        Street(name="flop", board=3),
        Street(name="turn", board=1, big_bet=True),
        Street(name="river", board=1, big_bet=True),
    ),
    structures=_BIG_BET,
)

_OMAHA_STREETS = (
    Street(name="preflop", hole=(False,) * 4),
    Street(name="flop", board=3),
    Street(name="turn", board=1, big_bet=True),
    Street(name="river", board=1, big_bet=True),
)

OMAHA = Game(name="omaha", streets=_OMAHA_STREETS, omaha=True, structures=_BIG_BET)

OMAHA_EIGHT = Game(
    name="omaha8",
    streets=_OMAHA_STREETS,
    omaha=True,
    reading=Reading.HIGH_LOW_EIGHT,
    structures=_BIG_BET,
)

_STUD_STREETS = (
    Street(name="third street", hole=(False, False, True)),
    Street(name="fourth street", hole=(True,)),
    Street(name="fifth street", hole=(True,), big_bet=True),
    Street(name="sixth street", hole=(True,), big_bet=True),
    Street(name="seventh street", hole=(False,), big_bet=True),
)

SEVEN_CARD_STUD = Game(name="stud", streets=_STUD_STREETS, bring_in=BringInRule.LOWEST)

SEVEN_CARD_STUD_EIGHT = Game(
    name="stud8",
    streets=_STUD_STREETS,
    bring_in=BringInRule.LOWEST,
    reading=Reading.HIGH_LOW_EIGHT,
)

RAZZ = Game(
    name="razz", streets=_STUD_STREETS, bring_in=BringInRule.HIGHEST, reading=Reading.ACE_TO_FIVE
)

_SINGLE_DRAW = (
    Street(name="predraw", hole=(False,) * 5),
    Street(name="draw", draw=True, big_bet=True),
)

FIVE_CARD_DRAW = Game(name="draw", streets=_SINGLE_DRAW, structures=_BIG_BET)

LOWBALL = Game(
    name="lowball", streets=_SINGLE_DRAW, reading=Reading.ACE_TO_FIVE, structures=_BIG_BET
)

SINGLE_DRAW_27 = Game(
    name="27-single-draw",
    streets=_SINGLE_DRAW,
    reading=Reading.DEUCE_TO_SEVEN,
    structures=_BIG_BET,
)

TRIPLE_DRAW_27 = Game(
    name="27-triple-draw",
    streets=(
        Street(name="predraw", hole=(False,) * 5),
        Street(name="first draw", draw=True),
        Street(name="second draw", draw=True, big_bet=True),
        Street(name="third draw", draw=True, big_bet=True),
    ),
    reading=Reading.DEUCE_TO_SEVEN,
)

BADUGI = Game(
    name="badugi",
    streets=(
        Street(name="predraw", hole=(False,) * 4),
        Street(name="first draw", draw=True),
        Street(name="second draw", draw=True, big_bet=True),
        Street(name="third draw", draw=True, big_bet=True),
    ),
    reading=Reading.BADUGI,
    hand_size=4,
)

SHORT_DECK = Game(
    name="short-deck",
    streets=HOLDEM.streets,
    reading=Reading.SHORT_DECK,
    structures=_BIG_BET,
    lowest_rank=6,
)

#: Every form the dealer runs, by name.
GAMES: Mapping[str, Game] = MappingProxyType(
    {
        g.name: g
        for g in (
            HOLDEM,
            OMAHA,
            OMAHA_EIGHT,
            SEVEN_CARD_STUD,
            SEVEN_CARD_STUD_EIGHT,
            RAZZ,
            FIVE_CARD_DRAW,
            LOWBALL,
            SINGLE_DRAW_27,
            TRIPLE_DRAW_27,
            BADUGI,
            SHORT_DECK,
        )
    }
)
