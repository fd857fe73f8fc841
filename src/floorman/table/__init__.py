"""The table: what lasts from one deal to the next at a cash game.

Seats, players and stacks, the button under a moving or dead button
(RRP5 blinds.2), who owes which blind, new players, sitting out, buy-ins; it
starts each deal and takes its result.

Every change to a table is an event (:mod:`floorman.table.events`); its
books (:class:`TableBooks`) are what the events add up to, and
``Table.rebuild(setup, table.log)`` gives the same table back
(:meth:`Table.state` compares the two).
"""

from floorman.table import events
from floorman.table.books import TableBooks, TableState
from floorman.table.placement import Placement, SeatState, place
from floorman.table.setup import ButtonMethod, TableSetup
from floorman.table.state import Table

__all__ = [
    "ButtonMethod",
    "Placement",
    "SeatState",
    "Table",
    "TableBooks",
    "TableSetup",
    "TableState",
    "events",
    "place",
]
