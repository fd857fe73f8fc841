"""The room log: a night on the cardroom floor, one thing people did a line.

A room log is plain text, one line a command to a
:class:`~floorman.service.Cardroom` whose games are dealt outside floorman
(``live_tables=False``): the floor alone, told by the dealers when a move falls
due; ``#`` starts a comment and blank lines are skipped. Players are named by one word, tables and seats by number. The first
line may set up the room::

    room [seed=N] [lockup=N]             the seed of the cards drawn (for the button, and
                                         when a game breaks; default 0), and the least
                                         lock-up the house takes (RRP5 seating.2; default 20)

Then, in order::

    game NAME GAME STRUCTURE STAKES      names a kind of game: game nl12 holdem no-limit 1/2
    open TABLE NAME [seats=N] [main=TABLE] [extra]
                                         opens a game of kind NAME (9 seats by default);
                                         main=: a must-move game feeding that table
                                         (RRP5 seating.10); extra: one seat over (RRP5 seating.9)
    start TABLE / close TABLE / break TABLE
                                         the game starts dealing (the players draw for
                                         the button, RRP5 seating.6) / closes empty /
                                         breaks (RRP5 seating.15)
    list PLAYER NAME                     signs up in person for kind NAME (RRP5 seating.1)
    interest PLAYER NAME                 a remote request: noted, holding no place
    unlist PLAYER NAME                   takes the name off the list
    arrive PLAYER                        comes into the room
    out PLAYER [lockup=N]                leaves the playing area, telling the list-person,
                                         perhaps leaving N for a lock-up (RRP5 seating.2)
    take PLAYER TABLE [SEAT]             sits down (in the seat called to, or as chosen)
    refuse PLAYER                        turns down the seat called to (or a must move)
    noanswer PLAYER                      called, did not answer: off the list (RRP5 seating.2)
    leave PLAYER                         gives up the seat
    change PLAYER [SEAT]                 asks for another seat in the game (RRP5 seating.13)
    transfer PLAYER TABLE                moves at once to a similar game (RRP5 seating.3)
    due PLAYER                           the dealer says a waiting move is due now, or that
                                         a broken game's absent player is due for the big
                                         blind (RRP5 seating.15)
    away PLAYER [took=N]                 steps away from the seat, taking N chips (RRP5 policies.4)
    extend PLAYER MINUTES                a floorperson lets the absence run longer (RRP5 policies.20)
    back PLAYER [restored=N]             is back at the seat, restoring chips taken
    over PLAYER TABLE SEAT               plays over the seat of a player away (RRP5 policies.12)
    apart PLAYER PLAYER                  the house keeps the two out of one game (RRP5 seating.5)
    reserve TABLE SEAT PLAYER [REASON ...]
                                         holds a seat for a player (RRP5 seating.8)
    warn PLAYER RULE[,RULE...]           a warning for the conduct rules broken
    suspend PLAYER RULE[,RULE...] minutes=N
    bar PLAYER RULE[,RULE...] [minutes=N]
                                         a suspension, or a bar (for good without minutes)
    wait MINUTES                         time passes; the floor then acts on it (lock-ups,
                                         absences run out)

Rules are conduct rule ids such as ``conduct.improper.2``. Minutes may have a
decimal point and are more than 0, at most 10,000,000; every other number is
whole: tables 1 to 9,999, seat numbers 1 to 10, ``seats=`` 2 to 10, chips (a
lock-up, chips taken and restored) 0 to 1,000,000,000, the house's lock-up at
least 1, a seed 0 to 2**32 - 1. Stakes are two whole numbers such as ``1/2``
(see :class:`~floorman.room.GameKind`).

Each line's command returns the room events it caused, the people's own
and the floor's decisions (whom it called, what it locked up or picked up,
who must move); each becomes a :class:`RoomRecord` with the line that caused
it. An unreadable line raises :class:`~floorman.errors.NotationError`; a
refused command raises its :class:`~floorman.errors.FloorError`, the message
starting ``line N 'text': `` and the citations kept, and the log stops there:
a refused command changes nothing.

The room's clock starts at 0 and moves only on ``wait``. :meth:`RoomRecord.to_json`
gives a record as ``floorman room --json`` prints it: ``line``, ``at`` (minutes
from the start), ``event`` (the event's class name), ``decision`` (whether it is
the floor's own, :func:`~floorman.room.events.is_decision`), the event's fields
(kinds of game as text such as ``"1/2 no-limit holdem"``, sanctions and dues
by their values, cards as text, pairs as lists, and times such as ``until`` as
minutes from the start) and ``citations`` (``["RRP5 seating.2"]``).

>>> text = '''
... game nl12 holdem no-limit 1/2
... open 1 nl12 seats=2
... list ann nl12     # a new game: a place is held for each, the seat theirs to choose
... list bob nl12
... take ann 1 2
... take bob 1
... start 1
... list cy nl12
... wait 20
... leave bob         # the floor calls cy, first up, and locks the seat for her
... '''
>>> log = play_room(text)
>>> [(r.line, r.minutes, r.describe()) for r in log.decisions[-2:]]
[(11, 20, 'cy called to seat 1 at table 1'), (11, 20, 'seat 1 at table 1 locked up for cy')]
>>> log.decisions[-2].to_json()
{'line': 11, 'at': 20, 'event': 'PlayerCalled', 'decision': True, 'player': 'cy', 'table': 1, 'seat': 1, 'citations': ['RRP5 seating.2']}
>>> log.room.seated(1), log.room.lock_of("cy").seat
({2: 'ann'}, 1)
>>> play_room(text + "take dee 1 1")
Traceback (most recent call last):
...
floorman.errors.FloorError: line 12 'take dee 1 1': seat 1 at table 1 is locked up for cy [RRP5 seating.2]
"""

from __future__ import annotations

import dataclasses
import enum
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from floorman.cards import Card
from floorman.clock import ManualClock
from floorman.errors import FloormanError, NotationError
from floorman.formats._floor_lines import (
    _CHIPS,
    _SEAT,
    _TABLES,
    FloorLines,
    _clock,
    _lines,
    _minutes,
    _opening,
    _split,
    _whole,
)
from floorman.ids import PlayerId, Seat
from floorman.room import GameKind, Room, Sanction
from floorman.room import events as ev
from floorman.room.events import RoomEvent, is_decision
from floorman.service import Cardroom, Entry
from floorman.service import commands as cmd
from floorman.shuffle import SeededShuffler

__all__ = ["RoomLog", "RoomRecord", "describe", "play_room"]


def _minutes_from(seconds: float) -> int | float:
    minutes = seconds / 60.0
    return int(minutes) if minutes.is_integer() else round(minutes, 4)


def _json_value(value: object) -> object:
    if isinstance(value, GameKind | Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_json_value(v) for v in value]
    return value


#: Event fields that are times on the room clock, written as minutes from the start.
_TIMES = frozenset(("until",))


@dataclass(frozen=True, slots=True)
class RoomRecord:
    """One room event, with the log line (number and text) that caused it."""

    line: int
    text: str
    event: RoomEvent

    @property
    def decision(self) -> bool:
        """Whether the event is the floor's own decision (:func:`~floorman.room.events.is_decision`)."""
        return is_decision(self.event)

    @property
    def minutes(self) -> int | float:
        """When it happened, in minutes from the start of the log."""
        return _minutes_from(self.event.at)

    def to_json(self) -> dict[str, object]:
        """The record as a ``floorman room --json`` line prints it: the line, the
        time in minutes from the start, the event's class name, whether it is a
        decision, the event's fields (kinds of game, sanctions, dues and cards as
        text, times as minutes) and its citations."""
        out: dict[str, object] = {
            "line": self.line,
            "at": self.minutes,
            "event": type(self.event).__name__,
            "decision": self.decision,
        }
        for field in dataclasses.fields(self.event):
            if field.name in ("at", "citations"):
                continue
            value = getattr(self.event, field.name)
            if field.name in _TIMES and value is not None:
                out[field.name] = _minutes_from(value)
            else:
                out[field.name] = _json_value(value)
        out["citations"] = [str(c) for c in self.event.citations]
        return out

    def describe(self) -> str:
        """The event in words (see :func:`describe`)."""
        return describe(self.event)


@dataclass(frozen=True, slots=True)
class RoomLog:
    """A room log played: the room as it ended, every event with its line, the
    kinds of game the log named, and the cardroom that played it."""

    room: Room
    records: tuple[RoomRecord, ...]
    kinds: Mapping[str, GameKind]
    cardroom: Cardroom | None = None

    @property
    def decisions(self) -> tuple[RoomRecord, ...]:
        """The records of the floor's own decisions."""
        return tuple(r for r in self.records if r.decision)


def _place(table: int, seat: int | None) -> str:
    return (
        f"a place in the new game at table {table}"
        if seat is None
        else (f"seat {seat} at table {table}")
    )


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def describe(event: RoomEvent) -> str:
    """A room event in words, as ``floorman room`` prints it (without its time
    and citations).

    >>> describe(ev.SeatLocked(player="ann", table=1, seat=3))
    'seat 3 at table 1 locked up for ann'
    """
    e = event
    match e:
        case ev.GameOpened():
            text = f"table {e.table} opens: {e.kind}, {e.seats} seats"
            if e.main is not None:
                text += f", a must-move game feeding table {e.main}"
            if e.extra:
                text += ", one of them extra"
            return text
        case ev.GameStarted():
            return f"the game at table {e.table} starts dealing, the button to seat {e.button}"
        case ev.GameClosed():
            return f"table {e.table} closes"
        case ev.PlayerListed():
            return f"{e.player} on the {e.kind} list, {_ordinal(e.place + 1)} up"
        case ev.InterestNoted():
            return f"{e.player}'s interest in {e.kind} noted: no place until arriving"
        case ev.PlayerDelisted():
            which = (
                f"table {e.main}'s must-move list" if e.main is not None else f"the {e.kind} list"
            )
            return f"{e.player} off {which} ({e.reason})"
        case ev.PassedOver():
            return f"{e.player}, out of the playing area, passed over for table {e.table}; keeps the place"
        case ev.PlayerArrived():
            return f"{e.player} arrives"
        case ev.AreaLeft():
            left = f", leaving {e.lockup} for a lock-up" if e.lockup else ""
            return f"{e.player} leaves the playing area{left}"
        case ev.AreaReturned():
            return f"{e.player} is back in the playing area"
        case ev.PlayerCalled():
            return f"{e.player} called to {_place(e.table, e.seat)}"
        case ev.SeatLocked():
            money = f" (lock-up money {e.money})" if e.money else ""
            held = "locked up" if e.seat is not None else "held"
            due = " until due for the big blind" if e.until_due else ""
            return f"{_place(e.table, e.seat)} {held} for {e.player}{due}{money}"
        case ev.LockUpPickedUp():
            return f"{e.player}'s lock-up of {_place(e.table, e.seat)} picked up"
        case ev.PlayerSeated():
            return f"{e.player} sits in seat {e.seat} at table {e.table}"
        case ev.SeatRefused():
            kept = ", keeping the place on the list" if e.kept_place else ""
            return f"{e.player} turns down table {e.table}{kept}"
        case ev.PlayerLeft():
            return f"{e.player} leaves seat {e.seat} at table {e.table}"
        case ev.SeatRemoved():
            return f"seat {e.seat} at table {e.table} taken away"
        case ev.MoveDue():
            where = f"seat {e.seat} at table {e.to}" if e.seat is not None else f"table {e.to}"
            return f"{e.player} to move from table {e.table} to {where}, {e.when.value}"
        case ev.PlayerMoved():
            new = " as a new player" if e.as_new else ""
            if e.table == e.to:
                return f"{e.player} moves from seat {e.seat} to seat {e.to_seat} at table {e.to}"
            return (
                f"{e.player} moves from seat {e.seat} at table {e.table}"
                f" to seat {e.to_seat} at table {e.to}{new}"
            )
        case ev.SeatChangeRequested():
            wanted = f"seat {e.seat}" if e.seat is not None else "any other seat"
            return f"{e.player} asks for {wanted} at table {e.table}"
        case ev.WentAway():
            took = f", taking {e.took} in chips" if e.took else ""
            return f"{e.player} steps away from table {e.table}{took}"
        case ev.AbsenceExtended():
            return f"{e.player}'s absence extended until {_clock(e.until)}"
        case ev.CameBack():
            restored = f", restoring {e.restored}" if e.restored else ""
            return f"{e.player} is back at table {e.table}{restored}"
        case ev.PlayingOver():
            return f"{e.player} plays over {e.over}'s seat {e.seat} at table {e.table}"
        case ev.PlayOverEnded():
            return f"{e.player} gives seat {e.seat} at table {e.table} back"
        case ev.ChipsPickedUp():
            return f"{e.player}'s chips picked up: seat {e.seat} at table {e.table} is open"
        case ev.GameBroken():
            draw = ", ".join(
                f"{player} {card}" + (" (drawn by the floor)" if player in e.away else "")
                for player, card in e.order
            )
            return f"the game at table {e.table} breaks; the draw: {draw}"
        case ev.BarredFromGame():
            return f"{e.player} barred from table {e.table}'s game until {_clock(e.until)}"
        case ev.KeptApart():
            return f"{e.players[0]} and {e.players[1]} kept out of the same game"
        case ev.SeatReserved():
            why = f" ({e.reason})" if e.reason else ""
            return f"seat {e.seat} at table {e.table} reserved for {e.player}{why}"
        case ev.Sanctioned():
            term = (
                f" until {_clock(e.until)}"
                if e.until is not None
                else " for good"
                if e.sanction is Sanction.BAR
                else ""
            )
            return f"{e.player}: {e.sanction.value}{term}"
    fields = ", ".join(
        f"{f.name}={getattr(e, f.name)}"
        for f in dataclasses.fields(e)
        if f.name not in ("at", "citations")
    )
    return f"{type(e).__name__}: {fields}"


# ----- reading lines ---------------------------------------------------------


class _LogPlayer(FloorLines[RoomEvent]):
    """Plays the lines of one log on a cardroom without live tables."""

    def __init__(self, seed: int, lockup: int) -> None:
        self.clock = ManualClock()
        self.cardroom = Cardroom(
            clock=self.clock, shuffler=SeededShuffler(seed), lockup=lockup, live_tables=False
        )
        self.kinds: dict[str, GameKind] = {}

    def do(self, command: cmd.Command) -> list[RoomEvent]:
        return _room_events(self.cardroom.handle(command))

    def play(self, line: str) -> list[RoomEvent]:
        verb = line.split()[0]
        handler = getattr(self, "_" + verb, None)
        if verb not in _VERBS or handler is None:
            raise NotationError(
                f"{verb!r} is not a room log line; lines start with: {', '.join(_VERBS)}",
                text=verb,
            )
        result: list[RoomEvent] = handler(line)
        return result

    # ----- management -------------------------------------------------------

    def _apart(self, line: str) -> list[RoomEvent]:
        (a, b), _, _ = _split(line, need=2)
        return self.do(cmd.KeepApart(players=(PlayerId(a), PlayerId(b))))

    def _reserve(self, line: str) -> list[RoomEvent]:
        words = line.split()
        if len(words) < 4:
            raise NotationError(f"'reserve' is TABLE SEAT PLAYER [REASON ...]: {line!r}", text=line)
        table, seat, player = words[1:4]
        return self.do(
            cmd.Reserve(
                table=_whole(table, "table", _TABLES),
                seat=Seat(_whole(seat, "seat", _SEAT)),
                player=PlayerId(player),
                reason=" ".join(words[4:]),
            )
        )

    # ----- players ----------------------------------------------------------

    def _interest(self, line: str) -> list[RoomEvent]:
        (player, name), _, _ = _split(line, need=2)
        return self.do(cmd.NoteInterest(player=PlayerId(player), kind=self.kind(name)))

    def _due(self, line: str) -> list[RoomEvent]:
        return self.do(cmd.Due(player=PlayerId(self._one(line))))

    def _take(self, line: str) -> list[RoomEvent]:
        (player, table, *seat), _, _ = _split(line, need=2, most=3)
        return self.do(
            cmd.TakeSeat(
                player=PlayerId(player),
                table=_whole(table, "table", _TABLES),
                seat=Seat(_whole(seat[0], "seat", _SEAT)) if seat else None,
            )
        )

    def _over(self, line: str) -> list[RoomEvent]:
        (player, table, seat), _, _ = _split(line, need=3)
        return self.do(
            cmd.PlayOver(
                player=PlayerId(player),
                table=_whole(table, "table", _TABLES),
                seat=Seat(_whole(seat, "seat", _SEAT)),
            )
        )

    def _back(self, line: str) -> list[RoomEvent]:
        (player,), options, _ = _split(line, need=1, keys=("restored",))
        restored = options.get("restored")
        return self.do(
            cmd.ComeBack(
                player=PlayerId(player),
                restored=None if restored is None else _whole(restored, "restored", _CHIPS),
            )
        )

    # ----- time -------------------------------------------------------------

    def _wait(self, line: str) -> list[RoomEvent]:
        (minutes,), _, _ = _split(line, need=1)
        self.clock.advance(minutes=_minutes(minutes))
        return _room_events(self.cardroom.advance(self.clock.now()))


#: The verbs a room log line may start with (``room`` only as the first line).
_VERBS = (
    "game",
    "open",
    "start",
    "close",
    "break",
    "list",
    "interest",
    "unlist",
    "arrive",
    "out",
    "take",
    "refuse",
    "noanswer",
    "leave",
    "change",
    "transfer",
    "due",
    "away",
    "extend",
    "back",
    "over",
    "apart",
    "reserve",
    "warn",
    "suspend",
    "bar",
    "wait",
)


def _room_events(entries: list[Entry]) -> list[RoomEvent]:
    """The floor's events of a cardroom without live tables: all it logs."""
    events: list[RoomEvent] = []
    for entry in entries:
        assert isinstance(entry.event, _ROOM_EVENTS), entry
        events.append(typing.cast(RoomEvent, entry.event))
    return events


_ROOM_EVENTS = typing.get_args(RoomEvent)


def _located(error: FloormanError, number: int, line: str) -> FloormanError:
    """The same error (its citations kept), naming the log line that caused it."""
    if getattr(error, "room_line", None) is not None:
        return error
    error.locate(f"line {number} {line!r}")
    error.room_line = number  # type: ignore[attr-defined]
    return error


def play_room(text: str, *, on_event: Callable[[RoomRecord], None] | None = None) -> RoomLog:
    """Play a room log; raises the first unreadable or refused line's error,
    naming the line.

    ``on_event`` hears of each record as it happens, so that a caller can
    report what happened before an error.
    """
    lines = list(_lines(text))
    seed, lockup = _opening(lines, "room", _located)
    player = _LogPlayer(seed, lockup)
    records: list[RoomRecord] = []
    for number, line in lines:
        try:
            if line.split()[0] == "room":
                raise NotationError("'room seed=N' may only be the first line", text=line)
            events = player.play(line)
        except FloormanError as error:
            raise _located(error, number, line) from None
        for event in events:
            record = RoomRecord(line=number, text=line, event=event)
            records.append(record)
            if on_event is not None:
                on_event(record)
    return RoomLog(
        room=player.cardroom.room,
        records=tuple(records),
        kinds=MappingProxyType(dict(player.kinds)),
        cardroom=player.cardroom,
    )
