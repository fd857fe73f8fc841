"""Time in one place: the action clock, the time bank, and when the next thing is due.

A player who has the clock on him and lets his time run out facing a bet has
a dead hand (RRP5 dead-hands.1.6); not facing a bet, the hand is not dead, and
the house checks it for him so as not to hold up the game (RRP5 policies.25),
as cardrooms that run a clock do. :class:`ActionClock` keeps that clock for
one table: each player to act has :attr:`TimeLimits.action` seconds, then
draws on a time bank of his own; at the deadline, :meth:`ActionClock.expire`
gives the action the rule calls for.

The house also acts for a player out of time where no bet is in question, so
that no deal waits for ever (RRP5 policies.25): at the stud bring-in the low
card's forced bring-in is posted, at the draw the hand stands pat, and at the
showdown a hand not shown in time is mucked (to win, a hand is shown, RRP5
showdown.1), unless it is the last hand in its pot, which is shown and wins.

**The bank refills a little each deal.** A player starts with
:attr:`TimeLimits.bank` seconds and gets :attr:`TimeLimits.refill` back at the
start of each deal he is dealt into, never more than the full bank. One long
think costs a player his bank for about an orbit, not for the rest of the
night, while a player who stalls every deal soon has only the action time
(stalling, RRP5 conduct.improper.8). ``refill=0`` gives a bank that never
refills; ``refill`` equal to ``bank`` a full bank every deal.

**The log is the state.** The clock changes only by :meth:`ActionClock.record`,
which reduces the table's logged events, each with the time the log stamped
on it: a turn begins at the time of the deal's latest event (any change to
the deal gives the player to act his full time again, for he acts on what is
before him now); a bank changes only by :class:`TimeBankUsed` and
:class:`BanksRefilled`. :meth:`~ActionClock.acting`, :meth:`~ActionClock.dealt`
and :meth:`~ActionClock.expire` decide and return those events without
applying them, so replaying ``(event, time)`` pairs through
:meth:`ActionClock.rebuild` gives the same clock.

**Several deadlines.** :func:`deadlines` lists every deadline of a room and its
tables in the order they fire: earliest first; at the same moment the floor's
timers (:meth:`Room.tick <floorman.room.state.Room.tick>`) before the tables',
and tables by number. A cardroom's ``advance(now)`` fires, while one is
:func:`due` at or before ``now``, the first of them, as of its own moment:
the clocks the room and tables read show that moment, and whatever it causes
(the next player's turn, a seat freed) starts then. So advancing to ``now`` in
one step or in many gives the same log, and a turn that began after an earlier
deadline fired may itself run out before ``now``. A firing always changes the
books (a timed-out turn passes, a lock-up or the chips are picked up), so the
loop ends.

**Time collection needs no deadline.** Time is paid in advance and the dealer
collects it before dealing (RRP5 policies.2): a new period changes what the
next deal's start collects, and nothing happens at the boundary itself, so a
cardroom need not wake for it.

>>> from floorman.clock import ManualClock
>>> from floorman.deal import Call
>>> from floorman.games import HOLDEM, Structure
>>> from floorman.shuffle import SeededShuffler
>>> from floorman.table import Table, TableSetup
>>> table = Table(TableSetup(game=HOLDEM, structure=Structure.NO_LIMIT, blinds=(1, 2), seats=3),
...               shuffler=SeededShuffler(1), clock=ManualClock(), button=1)
>>> for seat in (1, 2, 3):
...     _ = table.sit(seat, f"p{seat}", 100)
>>> clock = ActionClock(table, limits=TimeLimits(action=30.0, bank=60.0))
>>> deal = table.start_deal()
>>> for event in deal.events:
...     clock.record(event, 0.0)
>>> clock.turn().seat, clock.deadline()
(1, 90.0)
>>> expiry = clock.expire(90.0)
>>> expiry.action
Kill(position=2, citations=(Citation.parse('RRP5 dead-hands.1.6'),))
>>> [type(e).__name__ for e in expiry.events]
['TimeBankUsed', 'TurnTimedOut']
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Protocol, get_args

from floorman.deal import events as dev
from floorman.deal.actions import Action, BringIn, Check, Draw, Kill, Muck, Show
from floorman.deal.legal import Legal, Turn
from floorman.errors import ConfigError, IllegalAction
from floorman.ids import PlayerId, Position, Seat
from floorman.rulebook import Citation, cite

if TYPE_CHECKING:
    from floorman.deal.state import Deal
    from floorman.room.books import RoomBooks

__all__ = [
    "ActionClock",
    "BanksRefilled",
    "Clocked",
    "Deadline",
    "Expiry",
    "Outcome",
    "PlayerTurn",
    "TimeBankUsed",
    "TimeLimits",
    "TimingEvent",
    "TurnTimedOut",
    "deadlines",
    "due",
    "next_deadline",
]

_DEAL_EVENTS: tuple[type, ...] = get_args(dev.Event)


@dataclass(frozen=True, slots=True, kw_only=True)
class TimeLimits:
    """The house's time limits, in seconds: ``action`` for each decision (the
    "specified time limit" of RRP5 dead-hands.1.6), then a time bank of up to
    ``bank`` seconds per player, ``refill`` of it given back at the start of
    each deal he is dealt into."""

    action: float = 30.0
    bank: float = 60.0
    refill: float = 5.0

    def __post_init__(self) -> None:
        for name, least in (("action", 0.0), ("bank", 0.0), ("refill", 0.0)):
            value = getattr(self, name)
            ok = (
                isinstance(value, int | float)
                and not isinstance(value, bool)
                and math.isfinite(value)
                and (value > least if name == "action" else value >= least)
            )
            if not ok:
                need = "more than 0" if name == "action" else "0 or more"
                raise ConfigError(
                    f"the clock's {name} time is a finite number of seconds, {need}, not {value!r}",
                    citations=cite("dead-hands.1.6"),
                )


class Outcome(Enum):
    """What the house did for a player whose time ran out."""

    KILLED = "killed"  # facing a bet: the hand is dead (RRP5 dead-hands.1.6)
    CHECKED = "checked"
    BROUGHT_IN = "brought in"
    STOOD_PAT = "stood pat"
    MUCKED = "mucked"
    SHOWN = "shown"

    def __repr__(self) -> str:
        return f"Outcome.{self.name}"


@dataclass(frozen=True, slots=True, kw_only=True)
class TimeBankUsed:
    """A player took ``seconds`` more than the action time: drawn from his time
    bank, which has ``left`` seconds after it."""

    seat: Seat
    player: PlayerId
    seconds: float
    left: float
    citations: tuple[Citation, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class BanksRefilled:
    """At a deal's start, the players dealt in whose banks were not full got
    some time back: each player's bank after it."""

    banks: tuple[tuple[PlayerId, float], ...]
    citations: tuple[Citation, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnTimedOut:
    """A player's time ran out at his turn (``position`` in the deal); the
    house acted for him as ``outcome`` says (RRP5 dead-hands.1.6 facing a bet)."""

    seat: Seat
    player: PlayerId
    position: Position
    facing: bool
    outcome: Outcome
    citations: tuple[Citation, ...] = ()


TimingEvent = TimeBankUsed | BanksRefilled | TurnTimedOut
"""Everything the action clock changes."""


class Clocked(Protocol):
    """What the clock reads of a table: its deal, who sits where, and each
    position's seat in the deal under way."""

    @property
    def deal(self) -> Deal | None:
        """The deal under way or last played."""
        ...

    @property
    def positions(self) -> tuple[Seat, ...]:
        """The seat at each position of the deal."""
        ...

    @property
    def players(self) -> Mapping[Seat, PlayerId]:
        """Who sits in each seat."""
        ...


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerTurn:
    """A player's turn: where he sits, his position in the deal, and what he may do."""

    seat: Seat
    player: PlayerId
    position: Position
    legal: Legal

    @property
    def facing(self) -> bool:
        """Whether the player faces a bet or raise (RRP5 dead-hands.1.6)."""
        return self.legal.turn is Turn.BET and not self.legal.check and self.legal.fold


@dataclass(frozen=True, slots=True, kw_only=True)
class Expiry:
    """What a turn's running out calls for: ``action`` for the deal (by
    position), and the clock's ``events`` to log with it."""

    action: Action
    events: tuple[TimingEvent, ...]


_PLAYER_TURNS = (Turn.BET, Turn.DRAW, Turn.SHOW)


class ActionClock:
    """The action clock and time banks of one table (RRP5 dead-hands.1.6).

    ``table`` is read for whose turn it is; the clock's own state changes only
    by :meth:`record`.
    """

    def __init__(self, table: Clocked, *, limits: TimeLimits | None = None) -> None:
        self.table = table
        self.limits = limits if limits is not None else TimeLimits()
        self.began: float | None = None  # the time of the deal's latest event
        self._banks: dict[PlayerId, float] = {}

    @classmethod
    def rebuild(
        cls,
        table: Clocked,
        entries: Iterable[tuple[object, float]],
        *,
        limits: TimeLimits | None = None,
    ) -> ActionClock:
        """The clock that a table's logged ``(event, time)`` pairs add up to."""
        clock = cls(table, limits=limits)
        for event, at in entries:
            clock.record(event, at)
        return clock

    # ----- the state: a reduction of the log --------------------------------

    def record(self, event: object, at: float) -> None:
        """Apply one logged event of the table, stamped ``at``. A deal's event
        starts the turn that follows it; events of other kinds (the table's
        own, the floor's) leave the clock alone but for its own."""
        if isinstance(event, _DEAL_EVENTS):
            self.began = at
        elif isinstance(event, TimeBankUsed):
            self._banks[event.player] = event.left
        elif isinstance(event, BanksRefilled):
            for player, seconds in event.banks:
                self._banks[player] = seconds

    def bank(self, player: PlayerId) -> float:
        """The seconds left in a player's time bank (full for one not seen yet)."""
        return self._banks.get(player, self.limits.bank)

    @property
    def banks(self) -> dict[str, float]:
        """The banks of the players who have drawn on theirs or had it refilled."""
        return dict(sorted(self._banks.items()))

    # ----- reading the table ------------------------------------------------

    def turn(self) -> PlayerTurn | None:
        """The player to act now, if a player (not the dealer) is to act."""
        deal = self.table.deal
        if deal is None:
            return None
        legal = deal.legal()
        if legal.turn not in _PLAYER_TURNS or legal.position is None:
            return None
        seat = self.table.positions[legal.position]
        return PlayerTurn(
            seat=seat, player=self.table.players[seat], position=legal.position, legal=legal
        )

    def deadline(self) -> float | None:
        """When the turn under way runs out: its start, the action time and the
        player's bank; None when no player is to act (or no event of the deal
        has been recorded, so no turn is known to have begun)."""
        turn = self.turn()
        if turn is None or self.began is None:
            return None
        return self.began + self.limits.action + self.bank(turn.player)

    # ----- decisions: events returned, not applied -----------------------------

    def acting(self, now: float) -> tuple[TimingEvent, ...]:
        """The player to act acts at ``now``: the bank he draws on, if he took
        longer than the action time. Log these with his action, and only if the
        deal accepts it. Refused once his time has run out: the clock's
        :meth:`expire` rules first."""
        turn = self.turn()
        if turn is None or self.began is None:
            return ()
        deadline = self.began + self.limits.action + self.bank(turn.player)
        if now >= deadline:
            raise IllegalAction(
                f"seat {turn.seat} ({turn.player}) cannot act at second {now:g}: the time ran"
                f" out at second {deadline:g}; the clock's ruling comes first (the hand is dead"
                " facing a bet, checked otherwise)",
                citations=cite("dead-hands.1.6"),
            )
        late = now - (self.began + self.limits.action)
        if late <= 0:
            return ()
        return (self._drawn(turn, late),)

    def dealt(self) -> tuple[TimingEvent, ...]:
        """A deal has started at the table: each player dealt in gets
        :attr:`TimeLimits.refill` seconds back, up to the full bank. Nothing
        when every bank is full."""
        deal = self.table.deal
        if deal is None:
            return ()
        banks: list[tuple[PlayerId, float]] = []
        for seat in self.table.positions:
            player = self.table.players[seat]
            have = self.bank(player)
            after = min(self.limits.bank, have + self.limits.refill)
            if after != have:
                banks.append((player, after))
        if not banks:
            return ()
        return (BanksRefilled(banks=tuple(banks), citations=cite("dead-hands.1.6")),)

    def expire(self, now: float) -> Expiry:
        """The turn under way ran out at or before ``now``: the action the rule
        calls for, the whole bank drawn, and the timeout recorded. Refused
        before the deadline, or with no player to act."""
        turn = self.turn()
        deadline = self.deadline()
        if turn is None or deadline is None:
            raise IllegalAction("no player is on the clock: nobody is to act")
        if now < deadline:
            raise IllegalAction(
                f"seat {turn.seat} ({turn.player}) has until second {deadline:g} to act, not"
                f" {now:g}; the hand is ruled only once the time is exceeded",
                citations=cite("dead-hands.1.6"),
            )
        action, outcome, rules = _ruling(turn)
        events: list[TimingEvent] = []
        bank = self.bank(turn.player)
        if bank > 0:
            events.append(self._drawn(turn, bank))
        events.append(
            TurnTimedOut(
                seat=turn.seat,
                player=turn.player,
                position=turn.position,
                facing=turn.facing,
                outcome=outcome,
                citations=rules,
            )
        )
        return Expiry(action=action, events=tuple(events))

    def _drawn(self, turn: PlayerTurn, seconds: float) -> TimeBankUsed:
        bank = self.bank(turn.player)
        used = min(seconds, bank)
        return TimeBankUsed(
            seat=turn.seat,
            player=turn.player,
            seconds=used,
            left=max(bank - used, 0.0),
            citations=cite("dead-hands.1.6"),
        )


def _ruling(turn: PlayerTurn) -> tuple[Action, Outcome, tuple[Citation, ...]]:
    """The action for a player out of time, what it amounts to, and its rules."""
    legal, p = turn.legal, turn.position
    if legal.turn is Turn.DRAW:
        return Draw(position=Position(p), discards=()), Outcome.STOOD_PAT, cite("policies.25")
    if legal.turn is Turn.SHOW:
        if legal.muck:
            return Muck(position=Position(p)), Outcome.MUCKED, cite("showdown.1", "policies.25")
        return Show(position=Position(p)), Outcome.SHOWN, cite("showdown.1", "policies.25")
    if turn.facing:
        rule = cite("dead-hands.1.6")
        return Kill(position=Position(p), citations=rule), Outcome.KILLED, rule
    if legal.check:
        return Check(position=Position(p)), Outcome.CHECKED, cite("dead-hands.1.6", "policies.25")
    # The low card's bring-in is forced: it may not fold, and it is posted.
    return BringIn(position=Position(p)), Outcome.BROUGHT_IN, cite("policies.25")


# ----- the room and its tables together ---------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Deadline:
    """A moment at which something is due: the floor's timers (``table``
    None, fired by ``Room.tick``) or a table's action clock."""

    at: float
    table: int | None = None

    @property
    def order(self) -> tuple[float, int, int]:
        """The firing order: earliest first, then the floor, then tables by number."""
        return (self.at, 0 if self.table is None else 1, self.table or 0)


def deadlines(room: RoomBooks, clocks: Mapping[int, ActionClock]) -> tuple[Deadline, ...]:
    """Every pending deadline of the room and its tables' clocks, in firing order."""
    out = []
    floor = room.next_deadline()
    if floor is not None:
        out.append(Deadline(at=floor))
    for table, clock in clocks.items():
        at = clock.deadline()
        if at is not None:
            out.append(Deadline(at=at, table=table))
    return tuple(sorted(out, key=lambda d: d.order))


def next_deadline(room: RoomBooks, clocks: Mapping[int, ActionClock]) -> float | None:
    """When the next thing is due in the room or at any of its tables, or None:
    a server sleeps until then (the moment may have passed already)."""
    found = deadlines(room, clocks)
    return found[0].at if found else None


def due(room: RoomBooks, clocks: Mapping[int, ActionClock], now: float) -> Deadline | None:
    """The deadline to fire next when the time is ``now``, or None if nothing
    is due by then. Fire it as of its own moment, then ask again."""
    found = deadlines(room, clocks)
    return found[0] if found and found[0].at <= now else None
