"""What can be reported to the floorperson during a deal.

A report is a value saying what happened: a dealing error, a hand that may be
dead, a strange card. The floorperson (:func:`floorman.floor.rulings.rule`)
turns it into a :class:`~floorman.floor.rulings.Ruling`. Players are named by
their position in the deal, as the deal names them.

>>> DealingError(cause=MisdealCause.FIRST_CARDS_EXPOSED)
DealingError(cause=MisdealCause.FIRST_CARDS_EXPOSED, entitled=True)
>>> MisdealCause.BUTTON_OUT_OF_POSITION.rule
'misdeals.1.7'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from floorman.cards import Card
from floorman.deal.actions import Action
from floorman.ids import Position

__all__ = [
    "ActionDeclared",
    "BlindNotPosted",
    "BoxedCard",
    "CardsDropped",
    "CardsShown",
    "DeadHandCause",
    "DealingError",
    "DuplicateCard",
    "ExposedCard",
    "ExtraCard",
    "ForeignCard",
    "HandFouled",
    "HandInQuestion",
    "JokerFound",
    "MisdealCause",
    "MissingCards",
    "MuckedHand",
    "PrematureCards",
    "Report",
]


class MisdealCause(enum.Enum):
    """The dealing errors that cause a misdeal when called in time (RRP5 misdeals.1)."""

    FIRST_CARDS_EXPOSED = "misdeals.1.1"
    TWO_CARDS_EXPOSED = "misdeals.1.2"
    TWO_BOXED_CARDS = "misdeals.1.3"
    TWO_EXTRA_CARDS = "misdeals.1.4"
    WRONG_NUMBER_OF_CARDS = "misdeals.1.5"
    OUT_OF_SEQUENCE = "misdeals.1.6"
    BUTTON_OUT_OF_POSITION = "misdeals.1.7"
    FIRST_CARD_TO_WRONG_SEAT = "misdeals.1.8"
    DEALT_TO_EMPTY_SEAT = "misdeals.1.9"
    PLAYER_DEALT_OUT = "misdeals.1.10"

    @property
    def rule(self) -> str:
        """The sub-rule that names this error."""
        return self.value

    def __repr__(self) -> str:
        return f"MisdealCause.{self.name}"


class DeadHandCause(enum.Enum):
    """Why a hand may be dead (RRP5 dead-hands.1, dead-hands.3)."""

    FOLDED_FACING_BET = "dead-hands.1.1"
    THROWN_FORWARD = "dead-hands.1.2"
    STUD_UPCARDS_DISTURBED = "dead-hands.1.3"
    WRONG_NUMBER_OF_CARDS = "dead-hands.1.4"
    ACTED_ON_JOKER = "dead-hands.1.5"
    CLOCK_EXPIRED = "dead-hands.1.6"
    THROWN_INTO_ANOTHER_HAND = "dead-hands.3"

    @property
    def rule(self) -> str:
        """The sub-rule that names this cause."""
        return self.value

    def __repr__(self) -> str:
        return f"DeadHandCause.{self.name}"


@dataclass(frozen=True, slots=True, kw_only=True)
class DealingError:
    """The dealer erred in dealing the starting hands. For a player dealt out
    (``PLAYER_DEALT_OUT``), ``entitled`` says whether that player was at the
    table or had posted a blind or ante."""

    cause: MisdealCause
    entitled: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class HandInQuestion:
    """Something a player did, or a hand's state, that may make the hand dead.

    ``cards`` is how many cards the hand holds, for a wrong number of cards.
    """

    position: Position
    cause: DeadHandCause
    cards: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class HandFouled:
    """A player's cards were fouled or mucked by the dealer; ``protected``: the
    player had protected them (a hand or a chip on top)."""

    position: Position
    protected: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class MuckedHand:
    """A player's hand went into the muck and the player wants it back."""

    position: Position


@dataclass(frozen=True, slots=True, kw_only=True)
class ForeignCard:
    """A card with a different back turned up: in a hand, or in the stub."""

    in_stub: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class DuplicateCard:
    """Two cards of the same rank and suit turned up. ``knew`` names a player
    who knew and bet on to win a freeroll (RRP5 irregularities.5)."""

    knew: Position | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class MissingCards:
    """The deck turned out to be short of one or more cards."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsDropped:
    """A player dropped cards from the hand onto the floor."""

    position: Position


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionDeclared:
    """A player said an action aloud (a fold, check, call, bet or raise)."""

    position: Position
    action: Action


@dataclass(frozen=True, slots=True, kw_only=True)
class BlindNotPosted:
    """A player owing a blind was dealt in without posting it; ``acted``: the
    player had already acted on the hand, putting chips in, when it was found."""

    position: Position
    acted: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class BoxedCard:
    """One card in the deck was found faced the wrong way. ``card`` names it
    and ``player`` the hand it was dealt to (none: found in the stub);
    ``next_dealt``: the card below it has already gone facedown to another
    player."""

    card: Card | None = None
    position: Position | None = None
    next_dealt: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class JokerFound:
    """A joker turned up in a player's hand in a game without one."""

    position: Position
    acted: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ExtraCard:
    """The dealer dealt one card too many before the first betting round."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ExposedCard:
    """A card was exposed or flashed: by the dealer (``by_player`` False) or by
    the player holding it. ``card`` names it, so that it can be replaced."""

    position: Position
    by_player: bool = False
    card: Card | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PrematureCards:
    """The dealer dealt cards before the betting round was complete; ``cards``
    names them when floorman is to put them back."""

    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsShown:
    """A player showed cards to another player (``to``; none: someone not
    dealt in) during or after the deal; ``part``: only some of the hand."""

    position: Position
    to: Position | None
    after_deal: bool = False
    part: bool = False


Report = (
    ActionDeclared
    | BoxedCard
    | JokerFound
    | ExtraCard
    | ExposedCard
    | PrematureCards
    | CardsShown
    | BlindNotPosted
    | DealingError
    | HandInQuestion
    | HandFouled
    | MuckedHand
    | ForeignCard
    | DuplicateCard
    | MissingCards
    | CardsDropped
)
