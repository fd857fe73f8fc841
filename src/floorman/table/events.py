"""What happened at a table between and around its deals: the table's log.

Each deal keeps its own log (:mod:`floorman.deal.events`); the table's log
holds what lasts from deal to deal: players sitting down, buying chips,
sitting out and coming back, leaving, changing seats, the button draw, missed
blinds, time collected, and each deal's start (button, posts, who was dealt
in) and end (the stacks). Seats are the table's 1-based chairs. An event that
a rule caused names the rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.cards import Card
from floorman.rulebook import Citation

__all__ = [
    "BlindMissed",
    "ButtonCorrected",
    "ButtonDrawn",
    "CameBack",
    "ChipsArrived",
    "ChipsBought",
    "ChipsImpounded",
    "ChipsPickedUp",
    "ChoiceMade",
    "DealFinished",
    "DealStarted",
    "FreeEntryLapsed",
    "GameStarted",
    "ImpoundReleased",
    "PlayerLeft",
    "PlayerSeated",
    "Post",
    "PostOwed",
    "PotTransferred",
    "SatOut",
    "SeatChanged",
    "StraddleAnnounced",
    "StraddleWithdrawn",
    "TableEvent",
    "TimeCollected",
]

_NONE: tuple[Citation, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Post:
    """Chips a seat put in before the cards: a blind, a blind made up, a straddle.

    ``dead`` chips go to the middle and are not part of the player's bet.
    """

    seat: int
    amount: int
    dead: bool = False
    blind: str = "big blind"
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerSeated:
    """A player sat down with chips; ``new`` unless the game has not started."""

    seat: int
    player: str
    chips: int
    new: bool = True
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsBought:
    """A seated player bought chips; ``arrived`` False while they are on their way."""

    seat: int
    amount: int
    arrived: bool = True
    announced: bool = True
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsArrived:
    """Chips bought earlier reached the player's stack."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ChoiceMade:
    """A new or returning player chose to post now (``post``) or wait for the big blind."""

    seat: int
    post: bool
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class SatOut:
    """A player stopped being dealt in, keeping the seat."""

    seat: int
    at: float = 0.0


@dataclass(frozen=True, slots=True, kw_only=True)
class CameBack:
    """A player who sat out asked to be dealt in again."""

    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerLeft:
    """A player got up and took ``chips`` from the table."""

    seat: int
    player: str
    chips: int
    at: float = 0.0


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsPickedUp:
    """A player away too long lost the seat; the chips were picked up."""

    seat: int
    player: str
    chips: int
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatChanged:
    """A player moved from ``seat`` to ``to``; ``wait`` deals before being dealt in."""

    seat: int
    to: int
    wait: int = 0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class StraddleAnnounced:
    """The player left of the big blind will post a live straddle next deal."""

    seat: int
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class StraddleWithdrawn:
    """A straddle announced for the next deal does not play: its player left the
    seat or the table, or is no longer first after the big blind when the deal
    starts. A bet does not sleep to a later deal (RRP5 blinds.16)."""

    seat: int
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class GameStarted:
    """A game started among ``seats``, everyone in it owing nothing: the first
    deal of a table, or a new start when fewer than two were left in the game."""

    seats: tuple[int, ...]
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class ButtonCorrected:
    """The last deal's button was found misplaced: the table now counts it as
    having been on ``button``, with the blinds after it, for the next deal."""

    button: int
    small_blind: int | None
    big_blind: int
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class ButtonDrawn:
    """The players drew cards for the button of a new game."""

    cards: tuple[tuple[int, Card], ...]
    seat: int
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class BlindMissed:
    """A blind passed a player who was not dealt in: it is owed (``blind``: small or big)."""

    seat: int
    blind: str
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class FreeEntryLapsed:
    """A blind passed a player who sat down in a new game's first round and was
    not yet dealt in: no longer let in free, the player is a new player, owing
    no missed blind but a big blind to come in (RRP5 blinds.12.2, blinds.6)."""

    seat: int
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class PostOwed:
    """A player dealt in owing ``blinds`` ("small", "big") acted before it was
    noticed: the hand played, and the blinds are posted on the next deal the
    player is dealt in, with no waiting for the big blind (RRP5 blinds.10)."""

    seat: int
    blinds: tuple[str, ...]
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class TimeCollected:
    """A player paid the seat rental for the coming period."""

    seat: int
    amount: int
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class DealStarted:
    """A deal began: where the button and blinds were, who posted what, who was dealt in.

    ``button`` and ``small_blind`` are seats, possibly empty ones (a dead
    button or small blind); ``dealt_in`` lists seats from the first left of
    the button, the deal's positions in order.
    """

    number: int
    button: int | None
    small_blind: int | None
    big_blind: int | None
    posts: tuple[Post, ...]
    dealt_in: tuple[int, ...]
    stacks: tuple[tuple[int, int], ...]
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class PotTransferred:
    """A ruling on the pot of deal number ``deal`` (the last) moved chips to the
    player they belong to."""

    seat: int
    to: int
    amount: int
    deal: int = 0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsImpounded:
    """The house holds chips from a seat while a decision on the pot of deal
    number ``deal`` is pending."""

    seat: int
    amount: int
    deal: int = 0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class ImpoundReleased:
    """Impounded chips went to the seat the decision gave them to; ``deal``:
    the deal they were impounded from, when one was named."""

    seat: int
    amount: int
    deal: int | None = None
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class DealFinished:
    """A deal ended; ``stacks`` are every seated player's chips after it.
    ``voided``: a ruling voided it (a misdeal): every chip went back, and the
    button and blinds stay where they were for the deal dealt again."""

    number: int
    stacks: tuple[tuple[int, int], ...]
    voided: bool = False


TableEvent = (
    PlayerSeated
    | ChipsBought
    | ChipsArrived
    | ChoiceMade
    | SatOut
    | CameBack
    | PlayerLeft
    | ChipsPickedUp
    | SeatChanged
    | StraddleAnnounced
    | StraddleWithdrawn
    | GameStarted
    | ButtonCorrected
    | ButtonDrawn
    | BlindMissed
    | FreeEntryLapsed
    | PostOwed
    | TimeCollected
    | DealStarted
    | DealFinished
    | PotTransferred
    | ChipsImpounded
    | ImpoundReleased
)
