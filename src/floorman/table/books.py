"""The table's books: what its events add up to, each event applied to them.

:class:`TableBooks` holds the seats and players, stacks, blinds owed, the
button, chips held or carried, the time collected and the deals, and applies
each :mod:`table event <floorman.table.events>` to them; it decides nothing.
:class:`~floorman.table.Table` makes the decisions and records them as events
applied through :meth:`TableBooks.apply`, so replaying a table's log rebuilds
the same table (:meth:`~floorman.table.Table.rebuild`), as the room's books
do for the floor (:mod:`floorman.room.books`).

A deal's own events sit in the table's log between its
:class:`~floorman.table.events.DealStarted` and
:class:`~floorman.table.events.DealFinished`; what a finished deal did to the
table is in those two, so a rebuild never deals a finished deal again, and its
:class:`~floorman.deal.Deal` is rebuilt from its events only when asked for
(:class:`Deals`).
"""

from __future__ import annotations

import operator
import typing
from dataclasses import dataclass, fields

from floorman.clock import Clock, ManualClock
from floorman.deal import events as dev
from floorman.deal.legal import Legal
from floorman.deal.state import Deal
from floorman.errors import FloorError, NotationError
from floorman.ids import PlayerId, Seat
from floorman.shuffle import SeededShuffler, Shuffler
from floorman.table import events as ev
from floorman.table.deals import Deals, Slot
from floorman.table.placement import arc
from floorman.table.setup import TableSetup

__all__ = ["Sitter", "TableBooks", "TableState", "passes"]

#: Every class of table event: anything else in a table's log is a deal's.
TABLE_EVENTS: typing.Final = frozenset(typing.get_args(ev.TableEvent))

#: Events only the start of a deal records, in the order it records them: the
#: first of them marks where a misdeal puts the button and blinds back to.
_STARTING = frozenset(
    {
        ev.GameRestarted,
        ev.ButtonDrawn,
        ev.GameStarted,
        ev.FreeEntryLapsed,
        ev.BlindMissed,
        ev.StraddleWithdrawn,
        ev.TimeCollected,
        ev.TimeWaived,
        ev.DeckShuffled,
        ev.DealStarted,
    }
)

#: Posts that bring a player into the game owing nothing (RRP5 blinds.5, blinds.9).
_CLEARING = frozenset(
    ("big blind", "new player", "missed big blind", "missed small blind", "seat change")
)


@dataclass(slots=True)
class Sitter:
    """A seated player as the table's books have him."""

    player: PlayerId
    stack: int
    active: bool
    post: bool = False  # a new or owing player's choice: post to come in now
    away: bool = False
    away_since: float = 0.0
    away_until: float | None = None  # an absence the floor extended
    leaving: bool = False  # gets up when the deal ends
    sit_out_next: bool = False  # sits out when the deal ends
    missed_small: bool = False
    missed_big: bool = False
    pending: int = 0  # bought and on the way, announced: plays (RRP5 policies.6)
    pending_quiet: int = 0  # on the way, not announced: only a full buy-in plays
    wait: int = 0  # deals to sit out after a seat change (RRP5 blinds.13)
    dealt_off: bool = False  # RRP5 blinds.14
    fresh: bool = False  # in free, not yet dealt in, till a blind passes (RRP5 blinds.12.2)
    must_post: bool = False  # owed blinds go in on the next deal dealt in (RRP5 blinds.10)
    straddle: bool = False
    paid_period: int = -1  # the last time-collection period paid
    courtesy: bool = False  # declined the time: plays until the blind (RRP5 policies.2)
    courtesy_deals: int = 0

    @property
    def owes(self) -> bool:
        return self.missed_small or self.missed_big

    def snapshot(self) -> tuple[tuple[str, object], ...]:
        """Every field by name, as a comparable value."""
        return tuple((f.name, getattr(self, f.name)) for f in fields(self))


#: What a misdeal puts back on each sitter: where he stood on blinds before
#: the deal (RRP5 misdeals).
_KEPT = ("active", "missed_small", "missed_big", "post", "dealt_off", "wait", "fresh", "must_post")

_kept = operator.attrgetter(*_KEPT)

_Kept = tuple[
    tuple[Seat | None, Seat | None, Seat | None],
    tuple[frozenset[Seat], int, PlayerId | None, PlayerId | None],
    tuple[tuple[Seat, tuple[object, ...]], ...],
]


@dataclass(frozen=True, slots=True, kw_only=True)
class TableState:
    """Everything observable of a table, as one frozen value: a table rebuilt
    from the log of another has the same state (:meth:`TableBooks.state`)."""

    opened: float
    waiting: int
    button: Seat | None
    small_blind: Seat | None
    big_blind: Seat | None
    seats: tuple[tuple[int, tuple[tuple[str, object], ...]], ...]
    owners: tuple[tuple[int, tuple[tuple[str, object], ...]], ...]
    left: tuple[tuple[str, float, int], ...]
    short: tuple[str, ...]
    passed: tuple[int, ...]
    travel: int
    button_player: str | None
    big_player: str | None
    impounds: tuple[tuple[int, int], ...]
    carried: int
    carried_for: tuple[int, ...]
    bought: int
    taken: int
    kept: _Kept | None
    positions: tuple[int, ...]
    posts: tuple[ev.Post, ...]
    in_deal: bool
    deals: tuple[tuple[ev.DealStarted, ev.DealFinished | None], ...]
    deal_events: tuple[dev.Event, ...]
    deal_stacks: tuple[int, ...]
    pot: int
    legal: Legal | None


def passes(
    before: tuple[Seat | None, Seat | None, Seat | None],
    button: Seat,
    small_blind: Seat | None,
    big_blind: Seat,
    seats: int,
) -> tuple[set[Seat], set[Seat], int]:
    """The seats the big and the small blind passed going from last deal's
    ``before`` (button, small blind, big blind) to this deal's, and how far the
    button moved. A new game (no big blind before) passes every seat from the
    button to the big blind (RRP5 blinds.2, blinds.12.1)."""
    last_button, last_small, last_big = before
    if last_big is None:
        return {*arc(button, big_blind, seats), big_blind}, set(), 0
    moved = (button - (last_button or button)) % seats
    passed_big = set(arc(last_big, big_blind, seats))
    passed_small: set[Seat] = set()
    if small_blind is not None and last_small is not None:
        passed_small = set(arc(last_small, small_blind, seats))
    return passed_big, passed_small, moved


class TableBooks:
    """A table's books, kept by applying table events."""

    def __init__(
        self,
        setup: TableSetup,
        *,
        shuffler: Shuffler | None = None,
        clock: Clock | None = None,
    ) -> None:
        self.setup = setup
        self.shuffler: Shuffler = shuffler if shuffler is not None else SeededShuffler(0)
        self.clock: Clock = clock if clock is not None else ManualClock()
        self.events: list[ev.TableEvent] = []
        self.log: list[ev.TableEvent | dev.Event] = []
        self.deals = Deals(setup, self._deal_shuffler)
        self.positions: tuple[Seat, ...] = ()
        self.posts: tuple[ev.Post, ...] = ()
        self.button: Seat | None = None
        self.small_blind: Seat | None = None
        self.big_blind: Seat | None = None
        self.bought = 0  # chips brought to the table
        self.taken = 0  # chips taken away (leaving, picked up, time collected)
        self._waiting = 0  # names on the waiting list for this game (RRP5 policies.2)
        self._opened = 0.0
        self._settled = True
        self._seats: dict[Seat, Sitter] = {}
        # Each seated player's seat, as Seats.seat_of last read it from _seats
        # (None: to read again); every change to _seats is an event's (_emit).
        self._where: dict[PlayerId, Seat] | None = None
        self._left: dict[PlayerId, tuple[float, int]] = {}  # RRP5 policies.5
        self._owners: dict[Seat, Sitter] = {}  # players away while another plays over
        self._short: set[PlayerId] = set()  # players who used their short buy (RRP5 buy-in.2)
        self._passed: set[Seat] = set()  # seats a blind has passed since the game began
        self._travel = 0  # seats the button has moved since the game began
        self._button_player: PlayerId | None = None  # who had the button last deal
        self._big_player: PlayerId | None = None  # who posted the big blind last deal
        self._kept: _Kept | None = None  # where a misdeal puts things back to
        self._starting = False  # within the events that start a deal
        # Chips the house holds pending a decision, by the deal whose pot they
        # came from (RRP5 decisions.7).
        self._impounds: dict[int, int] = {}
        self._carried = 0  # chips a voided deal left in the pot (RRP5 irregularities.5)
        self._carried_for: set[int] = set()  # who may be dealt in to win them (irregularities.6)
        self._deck: tuple[ev.DeckShuffled, ...] = ()  # the next deal's shuffled deck
        self._opening: Deal | None = None  # the live deal the next DealStarted records

    def _deal_shuffler(self) -> Shuffler:
        return self.shuffler

    # ----------------------------------------------------------------- views

    @property
    def deal(self) -> Deal | None:
        """The deal under way, or the last one dealt (None before the first)."""
        return self.deals[-1] if self.deals else None

    @property
    def in_deal(self) -> bool:
        """Whether a deal is under way."""
        return not self._settled

    @property
    def carried(self) -> int:
        """Chips a voided deal left in the pot for the next (RRP5 irregularities.5)."""
        return self._carried

    @property
    def impounded(self) -> int:
        """Chips the house holds while a decision is pending (RRP5 decisions.7)."""
        return sum(self._impounds.values())

    @property
    def stacks(self) -> dict[Seat, int]:
        """Each seated player's chips by seat (during a deal, as it began)."""
        return {s: st.stack for s, st in sorted(self._seats.items())}

    @property
    def players(self) -> dict[Seat, PlayerId]:
        """Who sits where."""
        return {s: st.player for s, st in sorted(self._seats.items())}

    @property
    def started(self) -> bool:
        """Whether the game has had its first deal."""
        return self.big_blind is not None or bool(self.deals)

    @property
    def first_round(self) -> bool:
        """Whether the button has yet to go once around a newly started game."""
        return self._travel < self.setup.seats

    def _period_at(self, now: float) -> int:
        every = self.setup.time_every
        return int((now - self._opened) // every) if every > 0 else 0

    def state(self) -> TableState:
        """Everything observable of the table now, as one comparable value."""
        deal = self.deal if self.in_deal else None
        slots = self.deals.slots
        return TableState(
            opened=self._opened,
            waiting=self._waiting,
            button=self.button,
            small_blind=self.small_blind,
            big_blind=self.big_blind,
            seats=tuple((s, st.snapshot()) for s, st in sorted(self._seats.items())),
            owners=tuple((s, st.snapshot()) for s, st in sorted(self._owners.items())),
            left=tuple((p, t, chips) for p, (t, chips) in sorted(self._left.items())),
            short=tuple(sorted(self._short)),
            passed=tuple(sorted(self._passed)),
            travel=self._travel,
            button_player=self._button_player,
            big_player=self._big_player,
            impounds=tuple(sorted(self._impounds.items())),
            carried=self._carried,
            carried_for=tuple(sorted(self._carried_for)),
            bought=self.bought,
            taken=self.taken,
            kept=self._kept,
            positions=self.positions,
            posts=self.posts,
            in_deal=self.in_deal,
            deals=tuple((slot.started, slot.finished) for slot in slots),
            deal_events=tuple(deal.events) if deal is not None else (),
            deal_stacks=deal.stacks if deal is not None else (),
            pot=deal.pot if deal is not None else 0,
            legal=deal.legal() if deal is not None else None,
        )

    # ------------------------------------------------------- applying events

    def apply_event(self, event: ev.TableEvent | dev.Event) -> None:
        """Apply one logged event, a table's or its deal's, as when a table is
        rebuilt from its log. Raises :class:`~floorman.errors.NotationError`
        for a deal's event outside a deal."""
        if type(event) in TABLE_EVENTS:
            self._emit(typing.cast(ev.TableEvent, event))
            return
        if not self.in_deal:
            raise NotationError(
                f"{type(event).__name__} is a deal's event, logged with no deal under way",
                text=repr(event),
            )
        self.deals.slots[-1].events.append(typing.cast(dev.Event, event))
        self.log.append(event)

    def apply_deal_events(self, events: list[dev.Event]) -> None:
        """Apply logged events of the deal under way, in order, as
        :meth:`apply_event` applies each: the bulk of a table's log, which only
        the deal keeps (the deal under way is dealt again from them when a
        rebuild ends). Raises :class:`~floorman.errors.NotationError` for a
        deal's event outside a deal."""
        if not TABLE_EVENTS.isdisjoint(map(type, events)):
            for event in events:
                self.apply_event(event)
            return
        if events and not self.in_deal:
            self.apply_event(events[0])  # refused, naming the event
        self.deals.slots[-1].events.extend(events)
        self.log.extend(events)

    def _emit(self, event: ev.TableEvent) -> ev.TableEvent:
        """Record a table event and apply it to the books."""
        kind = type(event)
        if kind in _STARTING:
            if not self._starting:
                self._keep()
                self._starting = True
        else:
            self._starting = False
        self.events.append(event)
        self.log.append(event)
        # The events every deal records come first: a rebuild applies them
        # once a deal, and match tries its cases in order.
        match event:
            case ev.DealStarted():
                self._deal_started(event)
            case ev.DealFinished():
                self._deal_finished(event)
            case ev.DeckShuffled():
                self._deck = (event,)
            case ev.TableOpened():
                self._opened = event.at
                self.button = event.button
            case ev.WaitingCounted():
                self._waiting = event.count
            case ev.PlayerSeated():
                self._seated(event)
            case ev.ChipsBought():
                self._bought(event)
            case ev.ChipsArrived():
                st = self._seats[event.seat]
                st.stack += st.pending + st.pending_quiet
                st.pending = st.pending_quiet = 0
            case ev.ChoiceMade():
                self._seats[event.seat].post = event.post
            case ev.SatOut():
                st = self._seats[event.seat]
                st.away_until = event.until
                if self.in_deal and event.seat in self.positions:
                    st.sit_out_next = True
                else:
                    st.away = True
                    st.away_since = event.at
            case ev.CameBack():
                st = self._seats[event.seat]
                st.away = st.sit_out_next = False
                st.away_until = None
                st.post = event.post
            case ev.LeaveRequested():
                self._seats[event.seat].leaving = True
            case ev.PlayerLeft() | ev.ChipsPickedUp():
                self._gone(event.seat, event.at)
            case ev.SeatChanged():
                st = self._seats.pop(event.seat)
                self._seats[event.to] = st
                st.wait = event.wait
                if event.wait:
                    st.post = False  # waits, unless the player chooses to post
                if event.deals_off:
                    st.dealt_off = True
            case ev.StraddleAnnounced():
                self._seats[event.seat].straddle = True
            case ev.StraddleWithdrawn():
                self._seats[event.seat].straddle = False
            case ev.GameRestarted():
                for seat in event.seats:
                    st = self._seats[seat]
                    st.active = True
                    st.missed_small = st.missed_big = st.dealt_off = st.must_post = False
                self.button = self.small_blind = self.big_blind = None
                self._passed.clear()
                self._travel = 0
            case ev.ButtonDrawn():
                self.button = event.seat
            case ev.GameStarted():
                pass
            case ev.ButtonCorrected():
                self.button, self.small_blind = event.button, event.small_blind
                self.big_blind = event.big_blind
                self._big_player = self._seats[event.big_blind].player
            case ev.BlindMissed():
                st = self._sitter_named(event.seat, event.player)
                if event.blind == "big":
                    st.missed_big = True
                else:
                    st.missed_small = True
                if event.post:
                    st.post = True
            case ev.FreeEntryLapsed():
                st = self._seats[event.seat]
                st.fresh = st.active = False
            case ev.PostOwed():
                st = self._seats[event.seat]
                st.must_post = st.post = True
            case ev.TimeDeclined():
                st = self._seats[event.seat]
                st.courtesy = True
                st.courtesy_deals = 0
            case ev.TimeWaived():
                st = self._seats[event.seat]
                if event.courtesy:
                    st.courtesy_deals += 1
                else:
                    st.courtesy = False
                    st.paid_period = event.period
            case ev.TimeCollected():
                st = self._seats[event.seat]
                st.courtesy = False
                st.paid_period = event.period
                st.stack -= event.amount
                self.taken += event.amount
            case ev.PotTransferred():
                self._seats[event.seat].stack -= event.amount
                self._seats[event.to].stack += event.amount
            case ev.ChipsImpounded():
                self._seats[event.seat].stack -= event.amount
                self._impounds[event.deal] = self._impounds.get(event.deal, 0) + event.amount
            case ev.ImpoundReleased():
                self._released(event)
        self._where = None  # who sits where may have changed: seat_of reads it again
        return event

    def _seated(self, event: ev.PlayerSeated) -> None:
        if event.over:
            self._owners[event.seat] = self._seats.pop(event.seat)
        st = Sitter(
            player=event.player,
            stack=event.chips,
            active=not event.new,
            post=event.post,
            fresh=event.fresh,
        )
        self._seats[event.seat] = st
        self.bought += event.chips
        if event.over:
            return
        self._left.pop(event.player, None)
        if self.setup.time_charge and self._waiting <= 1:
            # A new player owes no time for the period under way when nobody
            # else is waiting (RRP5 policies.2).
            st.paid_period = self._period_at(event.at)

    def _bought(self, event: ev.ChipsBought) -> None:
        st = self._seats[event.seat]
        if st.stack + st.pending + st.pending_quiet == 0 and event.amount < self.setup.min_buy_in:
            self._short.add(st.player)  # the one short buy (RRP5 buy-in.2)
        if event.arrived:
            st.stack += event.amount
        elif event.announced:
            st.pending += event.amount
        else:
            st.pending_quiet += event.amount
        self.bought += event.amount

    def _gone(self, seat: Seat, at: float) -> None:
        st = self._seats.pop(seat)
        if seat in self._owners:
            self._seats[seat] = self._owners.pop(seat)
        chips = st.stack + st.pending + st.pending_quiet
        self._left[st.player] = (at, chips)
        self.taken += chips

    def _released(self, event: ev.ImpoundReleased) -> None:
        held = self._impounds if event.deal is None else {event.deal: self._impounds[event.deal]}
        left = event.amount
        for number in sorted(held):
            take = min(left, self._impounds[number])
            self._impounds[number] -= take
            if not self._impounds[number]:
                del self._impounds[number]
            left -= take
        self._seats[event.seat].stack += event.amount

    def _sitter_named(self, seat: Seat, player: PlayerId) -> Sitter:
        """The sitter in ``seat`` named ``player``: the one playing there, or the
        owner away while another plays over the seat."""
        owner = self._owners.get(seat)
        if owner is not None and owner.player == player:
            return owner
        return self._seats[seat]

    def _deal_started(self, event: ev.DealStarted) -> None:
        setup = self.setup
        if event.button is not None and event.big_blind is not None:
            passed_big, _, moved = passes(
                (self.button, self.small_blind, self.big_blind),
                event.button,
                event.small_blind,
                event.big_blind,
                setup.seats,
            )
            self._travel += moved
            self._passed.update(passed_big)
            self._passed.add(event.big_blind)
        seats = event.dealt_in
        full = setup.min_buy_in
        sitters = self._seats
        for seat, stack in event.stacks:
            st = sitters[seat]
            # Announced chips on the way play as if in front of the player.
            st.pending = 0
            if st.pending_quiet:
                st.pending_quiet -= min(st.pending_quiet, full)
            st.stack = stack
        for post in event.posts:
            if post.blind in _CLEARING:
                st = self._seats[post.seat]
                st.missed_big = st.missed_small = st.must_post = st.post = False
                st.active = True
        for seat in seats:
            st = self._seats[seat]
            st.active = True
            st.fresh = st.dealt_off = st.straddle = False
            st.wait = 0
        for st in self._seats.values():
            if st.wait:
                st.wait -= 1
        button, bb = event.button, event.big_blind
        self.button, self.small_blind, self.big_blind = button, event.small_blind, bb
        self._button_player = self._seats[button].player if button in seats else None
        self._big_player = self._seats[bb].player if bb is not None else None
        self._carried = 0
        self._carried_for = set()
        self.positions = seats
        self.posts = event.posts
        deck = tuple(self._deck[0].cards) if self._deck else None
        self._deck = ()
        self.deals.open(Slot(started=event, deck=deck, events=[], deal=self._opening))
        self._opening = None
        self._settled = False

    def _deal_finished(self, event: ev.DealFinished) -> None:
        self._settled = True
        self.deals.slots[-1].finished = event
        for seat, stack in event.stacks:
            self._seats[seat].stack = stack
        for seat in self.positions:
            st = self._seats[seat]
            if st.sit_out_next:
                st.sit_out_next = False
                st.away = True
                st.away_since = event.at
        if event.voided:
            self._restore()
        if event.carried:
            # Only those dealt in on this deal may be dealt in for the money it
            # leaves in the pot (RRP5 irregularities.6).
            self._carried += event.carried
            self._carried_for = set(self.positions)

    def _keep(self) -> None:
        """Remember where the button and blinds stood, and who owed what, before a
        deal: a misdeal deals again with the button where it was (RRP5 misdeals)."""
        self._kept = (
            (self.button, self.small_blind, self.big_blind),
            (frozenset(self._passed), self._travel, self._button_player, self._big_player),
            tuple((seat, _kept(st)) for seat, st in sorted(self._seats.items())),
        )

    def _restore(self) -> None:
        if self._kept is None:
            raise FloorError("no deal has started to put back")
        drawn = self.button
        (self.button, self.small_blind, self.big_blind), rest, sitters = self._kept
        if self.button is None:
            self.button = drawn  # a new game's misdeal keeps the button it drew
        passed, self._travel, self._button_player, self._big_player = rest
        self._passed = set(passed)
        for seat, kept in sitters:
            st = self._seats.get(seat)
            if st is not None:
                for name, value in zip(_KEPT, kept, strict=True):
                    setattr(st, name, value)
