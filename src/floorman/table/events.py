"""What happened at a table between and around its deals: the table's log.

Each deal keeps its own log (:mod:`floorman.deal.events`); the table's log
holds what lasts from deal to deal: players sitting down, buying chips,
sitting out and coming back, leaving, changing seats, the button draw, missed
blinds, time collected, and each deal's start (button, posts, who was dealt
in) and end (the stacks). Seats are the table's 1-based chairs. An event that
a rule caused names the rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from floorman.cards import Card
from floorman.deal.legal import Stakes
from floorman.ids import PlayerId, Seat
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
    "DeckShuffled",
    "FreeEntryLapsed",
    "GameRestarted",
    "GameStarted",
    "ImpoundReleased",
    "LeaveRequested",
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
    "TableOpened",
    "TimeCollected",
    "TimeDeclined",
    "TimeWaived",
    "WaitingCounted",
]

_NONE: tuple[Citation, ...] = ()
_NOBODY = PlayerId("")


@dataclass(frozen=True, slots=True, kw_only=True)
class Post:
    """Chips a seat put in before the cards: a blind, a blind made up, a straddle.

    ``dead`` chips go to the middle and are not part of the player's bet.
    """

    seat: Seat
    amount: int
    dead: bool = False
    blind: str = "big blind"
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class TableOpened:
    """The table opened at ``at`` (the clock's seconds: time is collected by
    periods from then, RRP5 policies.2), its button on ``button`` when given
    rather than drawn. The first event of every table's log."""

    at: float = 0.0
    button: Seat | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class WaitingCounted:
    """The floor told the table how many names wait for its game: with nobody
    else waiting a new player owes no time for the period under way, and a
    player may decline the time (RRP5 policies.2)."""

    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerSeated:
    """A player sat down with chips; ``new`` unless the game has not started.

    ``post``: a new player's choice to post and come in at once (RRP5
    blinds.5); ``fresh``: in a new game's first round, let in free until a
    blind passes the seat (RRP5 blinds.12.2); ``over``: playing over the seat
    of a player away, who gets it back (RRP5 policies.12).
    """

    seat: Seat
    player: PlayerId
    chips: int
    new: bool = True
    at: float = 0.0
    post: bool = False
    fresh: bool = False
    over: bool = False
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsBought:
    """A seated player bought chips; ``arrived`` False while they are on their way."""

    seat: Seat
    amount: int
    arrived: bool = True
    announced: bool = True
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsArrived:
    """Chips bought earlier reached the player's stack."""

    seat: Seat
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ChoiceMade:
    """A new or returning player chose to post now (``post``) or wait for the big blind."""

    seat: Seat
    post: bool
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class SatOut:
    """A player stopped being dealt in, keeping the seat (from the end of the
    deal, when dealt in on one under way); ``until``: the end of an absence
    the floor extended (RRP5 policies.20)."""

    seat: Seat
    at: float = 0.0
    until: float | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CameBack:
    """A player who sat out asked to be dealt in again, posting what is owed
    (``post``) or waiting for the big blind (RRP5 blinds.9)."""

    seat: Seat
    post: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerLeft:
    """A player got up and took ``chips`` from the table."""

    seat: Seat
    player: PlayerId
    chips: int
    at: float = 0.0


@dataclass(frozen=True, slots=True, kw_only=True)
class LeaveRequested:
    """A player dealt in on the deal under way asked to get up: he leaves with
    his chips when the deal ends."""

    seat: Seat


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsPickedUp:
    """A player away too long lost the seat; the chips were picked up."""

    seat: Seat
    player: PlayerId
    chips: int
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatChanged:
    """A player moved from ``seat`` to ``to``; ``wait`` deals before being dealt
    in (RRP5 blinds.13); ``deals_off``: the player had the button and lets the
    blinds pass the new seat once (RRP5 blinds.14)."""

    seat: Seat
    to: Seat
    wait: int = 0
    deals_off: bool = False
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class StraddleAnnounced:
    """The player left of the big blind will post a live straddle next deal."""

    seat: Seat
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class StraddleWithdrawn:
    """A straddle announced for the next deal does not play: its player left the
    seat or the table, or is no longer first after the big blind when the deal
    starts. A bet does not sleep to a later deal (RRP5 blinds.16)."""

    seat: Seat
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class GameRestarted:
    """Fewer than two players were left in the game: those at ``seats`` start a
    new one, owing nothing, and draw for the button (RRP5 blinds.12.1)."""

    seats: tuple[Seat, ...]
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class GameStarted:
    """A game started among ``seats``, everyone in it owing nothing: the first
    deal of a table, or a new start when fewer than two were left in the game."""

    seats: tuple[Seat, ...]
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class ButtonCorrected:
    """The last deal's button was found misplaced: the table now counts it as
    having been on ``button``, with the blinds after it, for the next deal."""

    button: Seat
    small_blind: Seat | None
    big_blind: Seat
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class ButtonDrawn:
    """The players drew cards for the button of a new game."""

    cards: tuple[tuple[Seat, Card], ...]
    seat: Seat
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class BlindMissed:
    """A blind passed ``player`` in ``seat``, who was not dealt in for it: it is
    owed (``blind``: small or big). ``post``: the player, dealt in elsewhere on
    the deal (the moving button), goes on playing and posts what is owed on
    the next deal unless choosing to wait (RRP5 blinds.2, blinds.9)."""

    seat: Seat
    blind: str
    player: PlayerId = _NOBODY
    post: bool = False
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class FreeEntryLapsed:
    """A blind passed a player who sat down in a new game's first round and was
    not yet dealt in: no longer let in free, the player is a new player, owing
    no missed blind but a big blind to come in (RRP5 blinds.12.2, blinds.6)."""

    seat: Seat
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class PostOwed:
    """A player dealt in owing ``blinds`` ("small", "big") acted before it was
    noticed: the hand played, and the blinds are posted on the next deal the
    player is dealt in, with no waiting for the big blind (RRP5 blinds.10)."""

    seat: Seat
    blinds: tuple[str, ...]
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class TimeCollected:
    """A player paid the seat rental for the period numbered ``period`` (from
    the table's opening, RRP5 policies.2)."""

    seat: Seat
    amount: int
    period: int = 0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class TimeDeclined:
    """A player declined to pay the time with nobody waiting for the game: one
    courtesy deal at stud, or play until the blind in a button game, then pay
    or stop being dealt in (RRP5 policies.2)."""

    seat: Seat
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class TimeWaived:
    """A player dealt in paid no time for the period numbered ``period``:
    ``courtesy``, a courtesy deal after declining it; otherwise the last chip
    plays and is not taken for the time (RRP5 policies.2)."""

    seat: Seat
    period: int
    courtesy: bool = False
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class DeckShuffled:
    """The deck as the table shuffled it for deal number ``deal``, in dealing
    order: the house's record, from which a deal under way is dealt on after
    the table is rebuilt. No player or observer ever sees it: the stub and
    what would have come stay hidden (RRP5 policies.23, policies.24)."""

    deal: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DealStarted:
    """A deal began: where the button and blinds were, who posted what, who was dealt in.

    ``button`` and ``small_blind`` are seats, possibly empty ones (a dead
    button or small blind); ``dealt_in`` lists seats from the first left of
    the button, the deal's positions in order. What the deal was given:
    ``stakes`` (the forced bets as placed), ``carried`` (chips a voided deal
    left in the pot, RRP5 irregularities.5), ``auto_showdown``, ``runs`` (RRP5
    policies.16), and ``shuffled`` when the table dealt the cards itself.
    """

    number: int
    button: Seat | None
    small_blind: Seat | None
    big_blind: Seat | None
    posts: tuple[Post, ...]
    dealt_in: tuple[Seat, ...]
    stacks: tuple[tuple[Seat, int], ...]
    stakes: Stakes = field(default_factory=Stakes)
    carried: int = 0
    auto_showdown: bool = True
    runs: int = 1
    shuffled: bool = True
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class PotTransferred:
    """A ruling on the pot of deal number ``deal`` (the last) moved chips to the
    player they belong to."""

    seat: Seat
    to: Seat
    amount: int
    deal: int = 0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsImpounded:
    """The house holds chips from a seat while a decision on the pot of deal
    number ``deal`` is pending."""

    seat: Seat
    amount: int
    deal: int = 0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class ImpoundReleased:
    """Impounded chips went to the seat the decision gave them to; ``deal``:
    the deal they were impounded from, when one was named."""

    seat: Seat
    amount: int
    deal: int | None = None
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class DealFinished:
    """A deal ended at ``at``; ``stacks`` are every seated player's chips after
    it. ``voided``: a ruling voided it (a misdeal): every chip went back, and
    the button and blinds stay where they were for the deal dealt again.
    ``carried``: chips it left in the pot for the next deal (RRP5
    irregularities.5)."""

    number: int
    stacks: tuple[tuple[Seat, int], ...]
    voided: bool = False
    carried: int = 0
    at: float = 0.0


TableEvent = (
    TableOpened
    | WaitingCounted
    | PlayerSeated
    | ChipsBought
    | ChipsArrived
    | ChoiceMade
    | SatOut
    | CameBack
    | PlayerLeft
    | LeaveRequested
    | ChipsPickedUp
    | SeatChanged
    | StraddleAnnounced
    | StraddleWithdrawn
    | GameRestarted
    | GameStarted
    | ButtonCorrected
    | ButtonDrawn
    | BlindMissed
    | FreeEntryLapsed
    | PostOwed
    | TimeCollected
    | TimeDeclined
    | TimeWaived
    | DeckShuffled
    | DealStarted
    | DealFinished
    | PotTransferred
    | ChipsImpounded
    | ImpoundReleased
)
