"""What happened in the room: the floor's log.

Some events record what people did (a player signed up, took a seat, left);
the others are the floor's own decisions (a player called to a seat, a
lock-up picked up, a move ordered, a game broken). :data:`DECISIONS` names
the second kind. Times are the room clock's seconds; an event that a rule
caused names the rule.
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.cards import Card
from floorman.ids import PlayerId, Seat
from floorman.room.values import Due, GameKind, Sanction
from floorman.rulebook import Citation

__all__ = [
    "DECISIONS",
    "AbsenceExtended",
    "AreaLeft",
    "AreaReturned",
    "BarredFromGame",
    "CameBack",
    "ChipsPickedUp",
    "GameBroken",
    "GameClosed",
    "GameOpened",
    "GameStarted",
    "InterestNoted",
    "KeptApart",
    "LockUpPickedUp",
    "MoveDue",
    "PassedOver",
    "PlayOverEnded",
    "PlayerArrived",
    "PlayerCalled",
    "PlayerDelisted",
    "PlayerLeft",
    "PlayerListed",
    "PlayerMoved",
    "PlayerSeated",
    "PlayingOver",
    "RoomEvent",
    "Sanctioned",
    "SeatChangeRequested",
    "SeatLocked",
    "SeatRefused",
    "SeatRemoved",
    "SeatReserved",
    "WentAway",
    "is_decision",
]

_NONE: tuple[Citation, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class GameOpened:
    """Management opened a game at ``table`` (RRP5 policies.1); ``main``: it is
    the must-move game feeding that table (RRP5 seating.10); ``extra``: it
    starts with one seat over the usual number (RRP5 seating.9)."""

    table: int
    kind: GameKind
    seats: int
    main: int | None = None
    extra: bool = False
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class GameStarted:
    """The game at ``table`` started dealing: no longer a new game, so a place
    held in it becomes a seat (RRP5 seating.7, policies.21). At a button game
    the players drew ``cards`` (seat, card) for the button, won by ``button``
    (RRP5 seating.6); stud has no button."""

    table: int
    button: Seat | None
    cards: tuple[tuple[Seat, Card], ...]
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class GameClosed:
    """Management closed the game at ``table`` (RRP5 policies.1)."""

    table: int
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerListed:
    """A player's name went on the waiting list for a kind of game, at
    ``place`` (0 is first up)."""

    player: PlayerId
    kind: GameKind
    place: int
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class InterestNoted:
    """Someone not in the room asked for a game: noted, but no place on the
    list until the player arrives (RRP5 seating.1)."""

    player: PlayerId
    kind: GameKind
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerDelisted:
    """A name came off a list (``kind``; ``main``: the must-move list of that
    table), and why."""

    player: PlayerId
    kind: GameKind
    reason: str
    main: int | None = None
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerArrived:
    """A player came into the room."""

    player: PlayerId
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class AreaLeft:
    """A listed player told the list-person of leaving the playing area,
    leaving ``lockup`` for a lock-up (RRP5 seating.2)."""

    player: PlayerId
    lockup: int = 0
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class AreaReturned:
    """A player came back to the playing area."""

    player: PlayerId
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerCalled:
    """The floor called a player to a seat (``seat`` None: any seat of a new
    game, chosen on arrival, RRP5 seating.7)."""

    player: PlayerId
    table: int
    seat: Seat | None
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class PassedOver:
    """A player away from the playing area, with no lock-up money left, was
    passed over for a seat at ``table`` and keeps the place on the list
    (RRP5 seating.2)."""

    player: PlayerId
    table: int
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatLocked:
    """A seat (``seat`` None: a place in a new game) is locked up for a player;
    ``money``: the lock-up money left for it (RRP5 seating.2); ``until_due``:
    held for an absent player of a broken game until due for the big blind
    (RRP5 seating.15), not picked up for time."""

    player: PlayerId
    table: int
    seat: Seat | None
    money: int = 0
    until_due: bool = False
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class LockUpPickedUp:
    """The floor picked up a lock-up that was held too long (RRP5 policies.21)."""

    player: PlayerId
    table: int
    seat: Seat | None
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerSeated:
    """A player sat down in a seat."""

    player: PlayerId
    table: int
    seat: Seat
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatRefused:
    """A called player turned the seat down; ``kept_place``: the name stays
    on the list."""

    player: PlayerId
    table: int
    kept_place: bool
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerLeft:
    """A player gave up a seat."""

    player: PlayerId
    table: int
    seat: Seat
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatRemoved:
    """The extra seat a game started with is taken away, the one just left
    (RRP5 seating.9)."""

    table: int
    seat: Seat
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class MoveDue:
    """The floor ordered a player to move from one game to another, and when
    (RRP5 seating.12, seating.14); the new seat is locked meanwhile.
    ``as_new``: from a must-move game, entering as a new player (RRP5 seating.12)."""

    player: PlayerId
    table: int
    to: int
    seat: Seat | None
    when: Due
    as_new: bool = False
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerMoved:
    """A player moved seats, in one game or to another; ``as_new``: enters the
    new game as a new player, posting or waiting for the big blind."""

    player: PlayerId
    table: int
    seat: Seat
    to: int
    to_seat: Seat
    as_new: bool = False
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatChangeRequested:
    """A player in a game asked for another seat in it (``seat`` None: any)."""

    player: PlayerId
    table: int
    seat: Seat | None
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class WentAway:
    """A seated player left the table, taking ``took`` chips for safety
    (RRP5 policies.4)."""

    player: PlayerId
    table: int
    took: int = 0
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class AbsenceExtended:
    """A floorperson, told in advance, extended a player's absence until
    ``until`` (RRP5 policies.20)."""

    player: PlayerId
    until: float
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class CameBack:
    """A player came back to the seat, restoring ``restored`` chips."""

    player: PlayerId
    table: int
    restored: int = 0
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayingOver:
    """With the floor's permission, ``player`` plays over the seat of ``over``,
    who is away (RRP5 policies.12)."""

    player: PlayerId
    table: int
    seat: Seat
    over: str
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayOverEnded:
    """The player playing over gave the seat back."""

    player: PlayerId
    table: int
    seat: Seat
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsPickedUp:
    """The floor picked up an absent player's chips; the seat is open (RRP5 policies.20)."""

    player: PlayerId
    table: int
    seat: Seat
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class GameBroken:
    """A game broke: each player drew a card (the floor for one away), and
    ``order`` is the seating order that followed (RRP5 seating.15). ``away``:
    the players away from the table, for whom the floor drew; they are out of
    the playing area until they come back, so the list passes them over
    meanwhile (RRP5 seating.2)."""

    table: int
    order: tuple[tuple[PlayerId, Card], ...]
    away: tuple[PlayerId, ...] = ()
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class BarredFromGame:
    """A player may not play in the game at ``table`` or be called to it from
    the list until ``until``; other games of its kind are open to him (RRP5
    seating.10)."""

    player: PlayerId
    table: int
    until: float
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class KeptApart:
    """The house keeps two players out of the same game (RRP5 seating.5)."""

    players: tuple[PlayerId, PlayerId]
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatReserved:
    """Management reserved a seat for a player (RRP5 seating.8)."""

    player: PlayerId
    table: int
    seat: Seat
    reason: str = ""
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class Sanctioned:
    """A warning, suspension or bar recorded against a player for the rules
    in ``citations``; ``until`` None: for good (a bar) or no term (a warning)."""

    player: PlayerId
    sanction: Sanction
    until: float | None = None
    at: float = 0.0
    citations: tuple[Citation, ...] = _NONE


RoomEvent = (
    GameOpened
    | GameStarted
    | GameClosed
    | PlayerListed
    | InterestNoted
    | PlayerDelisted
    | PlayerArrived
    | AreaLeft
    | AreaReturned
    | PlayerCalled
    | PassedOver
    | SeatLocked
    | LockUpPickedUp
    | PlayerSeated
    | SeatRefused
    | PlayerLeft
    | SeatRemoved
    | MoveDue
    | PlayerMoved
    | SeatChangeRequested
    | WentAway
    | AbsenceExtended
    | CameBack
    | PlayingOver
    | PlayOverEnded
    | ChipsPickedUp
    | GameBroken
    | BarredFromGame
    | KeptApart
    | SeatReserved
    | Sanctioned
)

#: The events that are the floor's own decisions, not reports of what people did.
DECISIONS: tuple[type, ...] = (
    PlayerCalled,
    PassedOver,
    Sanctioned,
    SeatLocked,
    LockUpPickedUp,
    PlayerDelisted,
    SeatRemoved,
    MoveDue,
    PlayerMoved,
    ChipsPickedUp,
    PlayingOver,
    GameBroken,
    BarredFromGame,
    SeatRefused,
)


def is_decision(event: RoomEvent) -> bool:
    """Whether an event is the floor's own decision: one of :data:`DECISIONS`,
    or a seat, lock-up or place on the list that a broken game's draw gave
    (RRP5 seating.15)."""
    if isinstance(event, DECISIONS):
        return True
    drawn = isinstance(event, PlayerSeated | PlayerListed)
    return drawn and any(c.id == "seating.15" for c in event.citations)
