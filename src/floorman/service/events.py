"""The cardroom's own events: what waits between the floor and a live table
for the deal under way to end, which neither the floor's log nor the table's
records.

The floor may change seats at a table during a deal, or seat a player where
the table has him or another still dealt in: the table's seats follow the
floor's when the deal ends (:class:`SeatsWait`, then :class:`SeatsFollow`).
A player dealt in who steps away is away from the deal's end, taking the
chips he said he takes (:class:`AwayAfterDeal`, RRP5 policies.20); a player
back at a seat played over on the deal under way has it again from the deal's
end (:class:`BackAfterDeal`, RRP5 policies.12). Recorded
in the cardroom log with the floor's and the cage's events, so that a
cardroom rebuilt from its log waits for the same things. A table the house
runs itself, outside the floor's lists, opens with its setup
(:class:`HouseTableOpened`), which the floor's events do not give.

The players' say at their table is recorded here too, so a rebuilt cardroom
knows it: a limit change proposed and objected to (:class:`LimitProposed`,
:class:`LimitObjected`, :class:`LimitRefused`, RRP5 policies.17) and made
(:class:`LimitChanged`), a deck
changed (:class:`DeckChanged`, RRP5 policies.22), observers refused and
allowed again (:class:`ObserversRefused`, :class:`ObserversAllowed`, RRP5
policies.27), and what the floor is asked to look into
(:class:`ConductFlagged`, e.g. RRP5 conduct.improper.3).
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.ids import PlayerId
from floorman.rulebook import Citation
from floorman.table.setup import TableSetup

__all__ = [
    "AwayAfterDeal",
    "BackAfterDeal",
    "CardroomEvent",
    "ConductFlagged",
    "DeckChanged",
    "HouseTableOpened",
    "LimitChanged",
    "LimitObjected",
    "LimitProposed",
    "LimitRefused",
    "ObserversAllowed",
    "ObserversRefused",
    "SeatsFollow",
    "SeatsWait",
]

_NONE: tuple[Citation, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatsWait:
    """The floor's seats at ``table`` changed during its deal; the table takes
    them when the deal ends."""

    table: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatsFollow:
    """The deal at ``table`` ended (or none was under way): its seats are the floor's again."""

    table: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AwayAfterDeal:
    """``player``, dealt in at ``table``, steps away when the deal ends, taking
    ``took`` of his chips for safety (RRP5 policies.20)."""

    player: PlayerId
    table: int
    took: int = 0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class BackAfterDeal:
    """``player`` came back to his seat at ``table`` while another, playing it
    over, was dealt in there: that player plays the deal out and gets up when
    it ends, and ``player`` is dealt in again from then, posting what he owes
    (``post``) or waiting for the big blind (RRP5 policies.12, blinds.9)."""

    player: PlayerId
    table: int
    post: bool = True
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class HouseTableOpened:
    """The house opened ``table`` itself, outside the floor's lists, with ``setup``."""

    table: int
    setup: TableSetup


@dataclass(frozen=True, slots=True, kw_only=True)
class LimitProposed:
    """Management proposed changing ``table``'s betting limit to ``stakes`` (RRP5
    policies.17). The game's players may object until the table's deal
    ``until_deal`` ends (the first deal started after the proposal, so every
    player sees a whole deal to have his say); standing then, the change is
    made from the next deal (:class:`LimitChanged`)."""

    table: int
    stakes: str
    until_deal: int = 0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class LimitObjected:
    """``player``, playing at ``table``, objected to the limit change proposed there."""

    table: int
    player: PlayerId
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class LimitRefused:
    """The limit change to ``stakes`` at ``table`` is off: ``objectors``, two or
    more of the game's players, objected (RRP5 policies.17)."""

    table: int
    stakes: str
    objectors: tuple[PlayerId, ...]
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class LimitChanged:
    """The limit change to ``stakes`` at ``table`` stood: fewer than two of the
    game's players objected by the end of deal ``deal``, and the game plays at
    ``stakes`` (it played at ``was``) from the next deal (RRP5 policies.17)."""

    table: int
    stakes: str
    was: str
    deal: int
    objectors: tuple[PlayerId, ...] = ()
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class DeckChanged:
    """A new deck (``setup``: a new setup) came in at ``table`` at ``player``'s
    request, after deal ``deal`` (0: before the first); ``reason`` is why an
    unfit one went early, else its round or hour was up (RRP5 policies.22)."""

    table: int
    player: PlayerId
    deal: int
    setup: bool = False
    reason: str = ""
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class ObserversRefused:
    """``player``, playing at ``table``, objects to observers there: nobody not
    in the game watches it while he plays there (RRP5 policies.27)."""

    table: int
    player: PlayerId
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class ObserversAllowed:
    """``player`` withdrew his objection to observers at ``table`` (RRP5 policies.27)."""

    table: int
    player: PlayerId
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class ConductFlagged:
    """The floor is asked to look at deal ``deal`` at ``table``: ``players`` may
    have broken the rules cited (a note for the floor, not a ruling)."""

    table: int
    deal: int
    players: tuple[PlayerId, ...]
    note: str = ""
    citations: tuple[Citation, ...] = _NONE


CardroomEvent = (
    SeatsWait
    | SeatsFollow
    | AwayAfterDeal
    | BackAfterDeal
    | HouseTableOpened
    | LimitProposed
    | LimitObjected
    | LimitRefused
    | LimitChanged
    | DeckChanged
    | ObserversRefused
    | ObserversAllowed
    | ConductFlagged
)
