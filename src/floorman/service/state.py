"""The whole cardroom's state as one frozen value.

:meth:`Cardroom.state() <floorman.service.Cardroom.state>` gives a
:class:`CardroomState`: the floor's books, each live table's state, the cage's
balances and what waits between the floor and the tables. A cardroom rebuilt
from another's log has the same state, compared with one ``==``.
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.floor.reports import Report as FloorReport
from floorman.room.books import RoomState
from floorman.table import TableSetup, TableState

__all__ = ["CardroomState", "LedgerState"]


@dataclass(frozen=True, slots=True, kw_only=True)
class LedgerState:
    """The cage's balances: chips sold and not bought back, each player's chips
    off the tables, each table's, and the house's time (RRP5 policies.2)."""

    sold: int
    held: tuple[tuple[str, int], ...]
    tables: tuple[tuple[int, int], ...]
    house: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CardroomState:
    """Everything observable of a cardroom, as one frozen value.

    ``room``: the floor's books; ``tables``: each live table's
    :class:`~floorman.table.TableState`; ``setups``: each open game's table
    setup; ``ledger``: the cage's balances; ``waiting``: chips brought to seats
    the live table has not taken, by table and player; ``forced``: players
    whose chips came from a broken or must-move game (RRP5 buy-in.3);
    ``rulings``: reports whose ruling waits for management's choice (RRP5
    decisions.1); ``reseat``: tables whose seats follow the floor's when the
    deal ends; ``watch``: when a wait for a move or a held seat began (table,
    deals started there); ``last_big``: each table's last big blind seat;
    ``going``: players stepping away when their deal ends, with the chips they
    take (RRP5 policies.20); ``clocks``: each live table's action clock, when
    its turn began and the time banks drawn on or refilled (RRP5
    dead-hands.1.6).
    """

    room: RoomState
    tables: tuple[tuple[int, TableState], ...]
    setups: tuple[tuple[int, TableSetup], ...]
    ledger: LedgerState
    waiting: tuple[tuple[int, tuple[tuple[str, int], ...]], ...]
    forced: tuple[str, ...]
    rulings: tuple[tuple[int, FloorReport], ...]
    reseat: tuple[int, ...]
    watch: tuple[tuple[str, tuple[int, int]], ...]
    last_big: tuple[tuple[int, int], ...]
    going: tuple[tuple[int, tuple[tuple[str, int], ...]], ...]
    clocks: tuple[tuple[int, float | None, tuple[tuple[str, float], ...]], ...]
