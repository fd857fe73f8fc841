"""A cardroom rebuilt from its log, as :meth:`~floorman.service.Cardroom.rebuild`
gives it: the floor, the cage and each live table from their own events, and
what waits between them from the events that made it wait.

The log is read in order and each event does to the rebuilt cardroom what it
did to the live one when it was recorded: the floor's books, the cage's and
each table's take it as they took it then, so that what the cardroom derives
from them sees them as the live cardroom saw them. The floor's events of one
decision are all recorded before the cardroom carries them out at the tables,
so they are followed together, with the books after all of them, as live.

The cardroom's shuffler is left where the live one's stood: every shuffle the
live cardroom made is in its log (the floor's draws for the button and for a
broken game's seats, a table's draw for the button, each deck and each stub
reshuffled), a refused command having put its shuffles back. A seeded
shuffler, whose sequence has a place, shuffles the same number of cards again
for each of them, in the log's order; its next shuffle is then the one the live
cardroom would have made next, so the rebuilt cardroom deals on the same cards.
The orders themselves come from the log, never from these shuffles. A shuffler
with no sequence (the system's) has nothing to restore and is not asked.
"""

from __future__ import annotations

import typing
from collections.abc import Iterable
from typing import TYPE_CHECKING

from floorman.cards import DECK_52, Card
from floorman.deal import events as dev
from floorman.floor.reports import Report as FloorReport
from floorman.floor.rulings import Ruling
from floorman.room import events as rev
from floorman.service import events as cev
from floorman.service import ledger as led
from floorman.service.log import Entry
from floorman.service.timing import TimingEvent
from floorman.shuffle import SeededShuffler
from floorman.table import Table
from floorman.table import events as tev
from floorman.table.books import TABLE_EVENTS

if TYPE_CHECKING:
    from floorman.service.cardroom import Cardroom

_FLOOR = typing.get_args(rev.RoomEvent)
_CAGE = typing.get_args(led.LedgerEvent)
_OWN = typing.get_args(cev.CardroomEvent)
_SAID = (Ruling, *typing.get_args(FloorReport))  # at a table, not in its log
_TIMED = typing.get_args(TimingEvent)  # the table's action clock's, not in its log
#: What a table's entry may be besides a deal's event, which its deal alone
#: keeps; and the stub reshuffled, a deal's event the cardroom's shuffler made.
_PLAIN = frozenset((*TABLE_EVENTS, *_SAID, *_TIMED, dev.StubReshuffled))


def replay(room: Cardroom, entries: Iterable[Entry]) -> None:
    """Bring a new cardroom to the state its log adds up to."""
    decision: list[rev.RoomEvent] = []
    log = room.log
    tables = room._tables
    # Most of a log is deals' events, which change nothing but their deal:
    # the loop keeps them as Table.rebuild does, and does little else.
    plain = _PLAIN
    keep, table_of = log.append, tables.get
    # A house that runs no action clock has none to follow (Clocks: none
    # without limits); its tables take each run of a deal's events at once,
    # as nothing reads them before the next entry of another kind. Where the
    # clocks follow the log, each event is applied before the next is followed.
    follow = room._replay_clock if room._clocks.limits is not None else None
    run: list[dev.Event] = []  # a deal's events waiting for their table
    at: Table | None = None  # the table they are for
    for entry in entries:
        event, number = entry.event, entry.table
        if number is not None and not decision:
            table = table_of(number)
            if table is not None and type(event) not in plain:
                if follow is not None:
                    follow(entry)
                    table.apply_event(event)  # type: ignore[arg-type]
                else:
                    if table is not at:
                        if run:
                            at.apply_deal_events(run)  # type: ignore[union-attr]
                            run = []
                        at = table
                    run.append(event)  # type: ignore[arg-type]
                keep(entry)
                continue
        if run:
            at.apply_deal_events(run)  # type: ignore[union-attr]
            run = []
        at = None
        if follow is not None:
            follow(entry)
        if number is None and isinstance(event, _FLOOR):
            room.room.apply([event])
            if isinstance(event, rev.GameStarted | rev.GameBroken):
                _shuffled(room, event)
            decision.append(event)
            log.append(entry)
            continue
        if decision:
            _follow_floor(room, decision)
            decision = []
        if number is not None:
            _replay_table(room, number, event)
        elif isinstance(event, _CAGE):
            room.ledger.apply([event])
            _replay_cage(room, event)
        else:
            assert isinstance(event, _OWN), event
            room._keep(event)
        log.append(entry)
    if run:
        at.apply_deal_events(run)  # type: ignore[union-attr]
    if decision:
        _follow_floor(room, decision)
    for table in tables.values():
        table.deals.resume()  # the deal under way is dealt again from its events


def _follow_floor(room: Cardroom, events: list[rev.RoomEvent]) -> None:
    """What the cardroom keeps of the floor's events, the floor's books having
    taken them all (:meth:`Cardroom._follow_floor`)."""
    if not room._live_tables:
        return  # the floor alone: its events are the whole cardroom
    for event in events:
        match event:
            case rev.GameClosed():
                for kept in (room._tables, room._setup_of, room._waiting, room._going):
                    kept.pop(event.table, None)
                room._reseat.discard(event.table)
                room._rulings.pop(event.table, None)
                room._last_big.pop(event.table, None)
                room.requests.drop(event.table)
            case rev.GameOpened():
                room._setup_of[event.table] = room._setups(event.kind, event.seats)
            case rev.GameBroken():
                room._forced.update(p for p, _card in event.order)
            case rev.PlayerMoved() if event.table != event.to:
                if event.as_new or any(c.id == "seating.12" for c in event.citations):
                    room._forced.add(event.player)
                room._watch.pop(event.player, None)
            case rev.MoveDue() | rev.SeatLocked() if (
                not isinstance(event, rev.SeatLocked) or event.until_due
            ):
                live = room._tables.get(event.table)
                room._watch[event.player] = (event.table, len(live.deals) if live else 0)
            case rev.LockUpPickedUp() | rev.SeatRefused() | rev.PlayerDelisted():
                if (
                    room.room.move_of(event.player) is None
                    and room.room.lock_of(event.player) is None
                ):
                    room._watch.pop(event.player, None)
            case rev.WentAway():
                for going in room._going.values():
                    going.pop(event.player, None)
            case _:
                pass


def _replay_cage(room: Cardroom, event: led.LedgerEvent) -> None:
    match event:
        case led.ChipsBrought():
            live = room._tables.get(event.table)
            if live is None or event.player not in live.players.values():
                # At the seat until the live table takes them (a sit, next in
                # the log, or the game's start or the deal's end).
                waiting = room._waiting.setdefault(event.table, {})
                waiting[event.player] = waiting.get(event.player, 0) + event.amount
            if event.transfer:
                room._forced.add(event.player)
        case led.ChipsCarried() if event.player in room._waiting.get(event.table, {}):
            _take(room, event.table, event.player, None)
        case led.ChipsCashed() if not room.ledger.held(event.player):
            room._forced.discard(event.player)
        case _:
            pass


def _take(room: Cardroom, number: int, player: str, chips: int | None) -> None:
    """Chips waiting for ``player`` at ``number`` leave the seat: ``chips`` of
    them to the live table, or all of them (None) off it."""
    waiting = room._waiting.get(number, {})
    left = 0 if chips is None else waiting.get(player, 0) - chips
    if left > 0:
        waiting[player] = left
    else:
        waiting.pop(player, None)
    if not waiting:
        room._waiting.pop(number, None)


def _replay_table(room: Cardroom, number: int, event: object) -> None:
    if isinstance(event, _TIMED):
        return  # the action clock's, which followed it already
    if isinstance(event, _SAID):
        _replay_ruling(room, number, event)
        return
    table = room._tables.get(number)
    if table is None:
        if not isinstance(event, tev.TableOpened):
            # The game closed with this decision of the floor; the table got
            # its players up before the cardroom let it go.
            return
        # The game started: its live table's log opens here.
        table = Table.rebuild(
            room._setup_of[number],
            [event],
            shuffler=room.shuffler,
            clock=room.clock,
        )
        room._tables[number] = table
        return
    table.apply_event(event)  # type: ignore[arg-type]
    match event:
        case tev.DeckShuffled() | tev.ButtonDrawn() | dev.StubReshuffled():
            _shuffled(room, event)
        case tev.DealStarted():
            room._rulings.pop(number, None)
            # Only the floor's games wait on a big blind for a move (a table the
            # house runs itself has none), as Cardroom._follow_table.
            if event.big_blind is not None and number in room.room.tables:
                room._last_big[number] = event.big_blind
        case tev.PlayerSeated():
            if event.player in room._waiting.get(number, {}):
                _take(room, number, event.player, event.chips)
            room._forced.discard(event.player)
        case tev.CameBack():
            player = table.players.get(event.seat)
            if player is not None:
                room._going.get(number, {}).pop(player, None)
        case tev.PlayerLeft() | tev.ChipsPickedUp():
            room._going.get(number, {}).pop(event.player, None)
        case _:
            pass


def _shuffled(room: Cardroom, event: object) -> None:
    """The shuffle the live cardroom made for ``event``, made again by a seeded
    shuffler so that its sequence moves on as the live one's did: a seeded
    shuffle takes from the sequence by the number of cards alone. The floor
    draws for the button at a game's start (RRP5 seating.6) and for the seats
    of a broken game (RRP5 seating.15) from a full deck, and so does a table
    drawing for the button; a table shuffles its game's deck for each deal,
    and a deal reshuffles its stub: the cards each event records."""
    shuffler = room.shuffler
    if not isinstance(shuffler, SeededShuffler):
        return
    cards: tuple[Card, ...]
    match event:
        case rev.GameStarted(cards=drawn):
            if not drawn:
                return  # stud: no button to draw for
            cards = DECK_52
        case rev.GameBroken() | tev.ButtonDrawn():
            cards = DECK_52
        case tev.DeckShuffled() | dev.StubReshuffled():
            cards = event.cards  # as many as were shuffled, in the order they came
        case _:
            return
    shuffler.shuffle(cards)


def _replay_ruling(room: Cardroom, number: int, event: object) -> None:
    if isinstance(event, Ruling):
        report = room._reported.pop(number, None)
        if event.needs_decision and report is not None:
            room._rulings[number] = report
        else:
            room._rulings.pop(number, None)
    else:
        room._reported[number] = event  # type: ignore[assignment]
