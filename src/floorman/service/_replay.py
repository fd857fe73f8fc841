"""A cardroom rebuilt from its log: the floor, the cage, each live table, and
what waits between them, as :meth:`~floorman.service.Cardroom.rebuild` gives it."""

from __future__ import annotations

import typing
from collections.abc import Iterable
from typing import TYPE_CHECKING

from floorman.floor.reports import Report as FloorReport
from floorman.floor.rulings import Ruling
from floorman.room import events as rev
from floorman.service import ledger as led
from floorman.service.log import Entry
from floorman.table import Table
from floorman.table import events as tev

if TYPE_CHECKING:
    from floorman.service.cardroom import Cardroom

_FLOOR = typing.get_args(rev.RoomEvent)
_CAGE = typing.get_args(led.LedgerEvent)
_REPORTS = typing.get_args(FloorReport)


def replay(room: Cardroom, entries: Iterable[Entry]) -> None:
    """Bring a new cardroom to the state its log adds up to."""
    floor: list[rev.RoomEvent] = []
    cage: list[led.LedgerEvent] = []
    logs: dict[int, list[object]] = {}
    for entry in entries:
        event = entry.event
        if entry.table is not None:
            if not isinstance(event, (Ruling, *_REPORTS)):
                logs.setdefault(entry.table, []).append(event)
            _replay_table(room, entry.table, event)
        elif isinstance(event, _CAGE):
            cage.append(event)
            _replay_cage(room, event)
        else:
            assert isinstance(event, _FLOOR), event
            floor.append(event)
            _replay_floor(room, event, logs)
        room.log.append(entry)
    room.room.apply(floor)
    room.ledger.apply(cage)
    for number in list(room._tables):
        room._tables[number] = Table.rebuild(
            room._setup_of[number],
            logs.get(number, []),  # type: ignore[arg-type]
            shuffler=room.shuffler,
            clock=room.clock,
        )


def _replay_floor(room: Cardroom, event: rev.RoomEvent, logs: dict[int, list[object]]) -> None:
    match event:
        case rev.GameOpened():
            room._setup_of[event.table] = room._setups(event.kind, event.seats)
        case rev.GameStarted():
            room._tables[event.table] = Table(
                room._setup_of[event.table], shuffler=room.shuffler, clock=room.clock
            )
            room._waiting.pop(event.table, None)
            logs[event.table] = []
        case rev.GameClosed():
            room._tables.pop(event.table, None)
            room._setup_of.pop(event.table, None)
            room._waiting.pop(event.table, None)
            room._last_big.pop(event.table, None)
        case rev.GameBroken():
            room._forced.update(p for p, _card in event.order)
        case rev.PlayerMoved() if any(c.id == "seating.12" for c in event.citations):
            room._forced.add(event.player)
        case rev.MoveDue() | rev.SeatLocked() if (
            not isinstance(event, rev.SeatLocked) or event.until_due
        ):
            live = room._tables.get(event.table)
            count = len([e for e in logs.get(event.table, []) if isinstance(e, tev.DealStarted)])
            room._watch[event.player] = (event.table, count if live else 0)
        case _:
            pass


def _replay_cage(room: Cardroom, event: led.LedgerEvent) -> None:
    match event:
        case led.ChipsBrought() if event.table not in room._tables:
            waiting = room._waiting.setdefault(event.table, {})
            waiting[event.player] = waiting.get(event.player, 0) + event.amount
        case led.ChipsCarried() if event.player in room._waiting.get(event.table, {}):
            del room._waiting[event.table][event.player]
        case led.ChipsBrought():
            room._forced.discard(event.player)
        case _:
            pass


def _replay_table(room: Cardroom, number: int, event: object) -> None:
    if isinstance(event, tev.DealStarted):
        room._rulings.pop(number, None)
        if event.big_blind is not None:
            room._last_big[number] = event.big_blind
    elif isinstance(event, _REPORTS):
        room._reported[number] = event
    elif isinstance(event, Ruling):
        report = room._reported.pop(number, None)
        if event.needs_decision and report is not None:
            room._rulings[number] = report
        else:
            room._rulings.pop(number, None)
