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
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.rulebook import Citation
from floorman.table.setup import TableSetup

__all__ = [
    "AwayAfterDeal",
    "BackAfterDeal",
    "CardroomEvent",
    "HouseTableOpened",
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

    player: str
    table: int
    took: int = 0
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class BackAfterDeal:
    """``player`` came back to his seat at ``table`` while another, playing it
    over, was dealt in there: that player plays the deal out and gets up when
    it ends, and ``player`` is dealt in again from then, posting what he owes
    (``post``) or waiting for the big blind (RRP5 policies.12, blinds.9)."""

    player: str
    table: int
    post: bool = True
    citations: tuple[Citation, ...] = _NONE


@dataclass(frozen=True, slots=True, kw_only=True)
class HouseTableOpened:
    """The house opened ``table`` itself, outside the floor's lists, with ``setup``."""

    table: int
    setup: TableSetup


CardroomEvent = SeatsWait | SeatsFollow | AwayAfterDeal | BackAfterDeal | HouseTableOpened
