"""The whole cardroom's state as one frozen value.

:meth:`Cardroom.state() <floorman.service.Cardroom.state>` gives a
:class:`CardroomState`: the floor's books, each live table's state, the cage's
balances and what waits between the floor and the tables. A cardroom rebuilt
from another's log has the same state, compared with one ``==``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from floorman.floor.reports import Report as FloorReport
from floorman.room.books import RoomState
from floorman.table import TableSetup, TableState

if TYPE_CHECKING:
    from floorman.service.cardroom import Cardroom

__all__ = ["CardroomState", "LedgerState", "state_of"]


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


def state_of(cardroom: Cardroom) -> CardroomState:
    """Everything observable of ``cardroom`` now (:meth:`Cardroom.state()
    <floorman.service.Cardroom.state>`), read from its books: the floor's, each
    live table's, the cage's, and what waits between them."""

    def nested(
        books: dict[int, dict[str, int]],
    ) -> tuple[tuple[int, tuple[tuple[str, int], ...]], ...]:
        return tuple((n, tuple(sorted(b.items()))) for n, b in sorted(books.items()) if b)

    ledger = cardroom.ledger
    return CardroomState(
        room=cardroom.room.state(),
        tables=tuple((n, t.state()) for n, t in sorted(cardroom._tables.items())),
        setups=tuple(sorted(cardroom._setup_of.items())),
        ledger=LedgerState(
            sold=ledger.balance(),
            held=tuple(ledger.holders.items()),
            tables=tuple(ledger.tables.items()),
            house=ledger.house,
        ),
        waiting=nested(cardroom._waiting),
        forced=tuple(sorted(cardroom._forced)),
        rulings=tuple(sorted(cardroom._rulings.items())),
        reseat=tuple(sorted(cardroom._reseat)),
        watch=tuple(sorted(cardroom._watch.items())),
        last_big=tuple(sorted(cardroom._last_big.items())),
        going=nested(cardroom._going),
        clocks=tuple(
            (n, c.began, tuple(c.banks.items())) for n, c in sorted(cardroom._clocks.of.items())
        ),
    )
