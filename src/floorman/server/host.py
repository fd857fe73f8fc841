"""The cardroom hosted: one writer over the service and its store, and the
table streams its clients follow.

:class:`Host` owns the :class:`~floorman.service.Cardroom`, rebuilt from the
store's log when it starts (so the deal in progress at a crash goes on), and
carries out commands one at a time under a lock. A command is answered only
after its entries are committed: the entries it logged (and those of any
deadline that fell due before it, which stay done even when the command is
refused) are appended to the store in one transaction with the hand
histories of the deals they finished; if the append fails, or the chips they
sell cost more play money than an account holds, the cardroom is rebuilt from
the store, which is the truth, and the command gets the error.
A background task sleeps until the cardroom's next deadline and fires it
(RRP5 dead-hands.1.6, policies.20, policies.21, seating.2).

The host also counts each player's open sockets. A player whose last one
closed (or who has none when the server starts) keeps his seat: his action
clock and time bank run as ever, and when they run out the rules act for him
(RRP5 dead-hands.1.6). Once he has been without a connection for the grace
period, the host steps him away for him (:class:`~floorman.service.commands.StepAway`):
dealt in, he is sat out from the end of the deal; between deals, at once; his
absence then runs as any other (RRP5 policies.20). A socket of his opening
again before that deal ends withdraws the step away the host made; once he is
away, coming back is his own command, posting or waiting for the big blind
(RRP5 blinds.9).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from math import inf

from floorman import codec
from floorman.clock import Clock
from floorman.errors import AccountError, ConfigError, FloormanError, StoreError
from floorman.formats.phh import write_phh
from floorman.formats.pokerstars import StarsHeader, write_pokerstars
from floorman.formats.replay import history_from_deal
from floorman.ids import PlayerId
from floorman.room.values import Sanction as Penalty
from floorman.server._feed import Feeds, Kept
from floorman.service import Cardroom, Entry, TimeLimits, Viewer, view
from floorman.service import commands as c
from floorman.service import ledger as led
from floorman.shuffle import Shuffler
from floorman.store import HandRecord, SanctionKind, Store
from floorman.table import events as tev

__all__ = ["Host", "Subscriber"]

_log = logging.getLogger("floorman.server")

#: The longest a client is caught up event by event; further behind, it gets a view.
CATCH_UP = 500


#: Seconds a seated player may be without a connection before the host steps
#: him away (a connection that drops and comes straight back changes nothing).
GRACE = 10.0

#: The most messages waiting to go to one client; a client further behind is
#: disconnected, and catches up when it comes back with the last number it saw.
OUTBOX = 10_000


def _outbox() -> asyncio.Queue[dict[str, object]]:
    return asyncio.Queue(maxsize=OUTBOX)


@dataclass(eq=False, slots=True)
class Subscriber:
    """A client following tables: how it sees them, and its messages waiting
    to go out (the writer never waits for a slow client)."""

    viewer: Viewer
    tables: set[int] = field(default_factory=set)
    outbox: asyncio.Queue[dict[str, object]] = field(default_factory=_outbox)
    overflowed: bool = False

    def push(self, message: dict[str, object]) -> None:
        """Queue a message for the client; a full queue marks it overflowed."""
        try:
            self.outbox.put_nowait(message)
        except asyncio.QueueFull:
            self.overflowed = True


class Host:
    """The cardroom on a store, its one writer and its table streams.

    Call :meth:`start` inside the event loop (the app's lifespan does) and
    :meth:`stop` at the end.
    """

    def __init__(
        self,
        store: Store,
        *,
        clock: Clock,
        shuffler: Shuffler,
        time_limits: TimeLimits | None = None,
        keep: int = 2000,
        grace: float = GRACE,
        deal_pause: float | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.shuffler = shuffler
        self.time_limits = time_limits
        if isinstance(grace, bool) or not isinstance(grace, int | float) or not 0 <= grace < inf:
            raise ConfigError(f"the grace is a finite number of seconds, 0 or more, not {grace!r}")
        self.grace = grace
        self._keep = keep
        self.cardroom, self.feeds = self._rebuild()
        self.subscribers: set[Subscriber] = set()
        self._lock = asyncio.Lock()
        self._wake = asyncio.Event()
        self._ticker: asyncio.Task[None] | None = None
        #: Open sockets by account name.
        self._sockets: dict[str, int] = {}
        #: Players without a socket, and since when (the clock's time).
        self._lost: dict[str, float] = {}
        #: Players the host stepped away for a lost connection.
        self._stepped: set[str] = set()
        # Nobody is connected to a server just started: those seated have the
        # grace from now to come back (a server restarted keeps its players).
        now = clock.now()
        for table in self.cardroom.room.tables:
            for player in self.cardroom.room.seated(table).values():
                if not self.cardroom.room.is_away(player):
                    self._lost[player] = now
        #: Set whenever entries are committed (the house dealer waits on it).
        self.changed = asyncio.Event()
        self._deal_pause = deal_pause
        self._dealer: asyncio.Task[None] | None = None

    def _rebuild(self) -> tuple[Cardroom, Feeds]:
        entries = self.store.entries()
        cardroom = Cardroom.rebuild(
            entries, clock=self.clock, shuffler=self.shuffler, time_limits=self.time_limits
        )
        feeds = Feeds(keep=self._keep)
        feeds.follow(entries)
        return cardroom, feeds

    # ----- running ------------------------------------------------------------------

    async def start(self) -> None:
        """Start the task that fires the cardroom's deadlines, and the house
        dealer's (:mod:`floorman.server.dealer`) when there is a deal pause."""
        self._ticker = asyncio.create_task(self._tick_forever(), name="floorman-deadlines")
        if self._deal_pause is not None:
            from floorman.server.dealer import deal_forever

            self._dealer = asyncio.create_task(
                deal_forever(self, pause=self._deal_pause), name="floorman-dealer"
            )

    async def stop(self) -> None:
        """Stop the deadline and dealer tasks and close the store."""
        for task in (self._dealer, self._ticker):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self.store.close()

    async def _tick_forever(self) -> None:
        while True:
            deadline = self._next_deadline()
            wait = 60.0 if deadline is None else min(60.0, deadline - self.clock.now())
            self._wake.clear()
            if wait > 0:
                # Not wait_for, which in Python 3.11 can swallow the
                # cancellation that stops this task.
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(wait):
                        await self._wake.wait()
                continue
            try:
                await self.advance()
            except Exception:  # the cardroom was rebuilt from the store: try again
                _log.exception("firing a deadline failed")
                await asyncio.sleep(1.0)

    def _next_deadline(self) -> float | None:
        """The cardroom's next deadline, or the end of a lost player's grace if sooner."""
        moments = [since + self.grace for since in self._lost.values()]
        deadline = self.cardroom.next_deadline()
        if deadline is not None:
            moments.append(deadline)
        return min(moments, default=None)

    async def advance(self) -> list[Entry]:
        """Fire whatever has fallen due by the clock's time, committed: the
        cardroom's deadlines, then the players whose connection has been lost
        for the grace period stepped away (RRP5 policies.20)."""
        async with self._lock:
            mark = len(self.cardroom.log)
            lost = dict(self._lost)
            try:
                self.cardroom.advance()
                stepped = self._step_away_lost()
                await self._commit(mark)
            except Exception:
                self.cardroom, self.feeds = self._rebuild()
                # Nothing was stored: those still without a socket are still to be stepped away.
                for player, since in lost.items():
                    if not self.is_connected(player):
                        self._lost.setdefault(player, since)
                raise
            self._stepped |= stepped
            return list(self.cardroom.log[mark:])

    # ----- connections ----------------------------------------------------------------

    def connected(self, player: str) -> bool:
        """A socket of ``player``'s opened; True if the host had stepped him
        away for a lost connection (see :meth:`withdraw`)."""
        self._sockets[player] = self._sockets.get(player, 0) + 1
        self._lost.pop(player, None)
        return player in self._stepped

    def disconnected(self, player: str, *, restarting: bool = False) -> None:
        """A socket of ``player``'s closed; the last one starts his grace,
        unless the server is going down (``restarting``): the next one gives
        every seated player the grace from its start."""
        left = self._sockets.get(player, 0) - 1
        if left > 0:
            self._sockets[player] = left
            return
        self._sockets.pop(player, None)
        if not restarting:
            self._lost[player] = self.clock.now()
            self._wake.set()

    def is_connected(self, player: str) -> bool:
        """Whether ``player`` has a socket open."""
        return self._sockets.get(player, 0) > 0

    def _step_away_lost(self) -> set[str]:
        """Step away the seated players whose grace has run out; those stepped."""
        now = self.clock.now()
        room = self.cardroom.room
        stepped = set()
        for player, since in list(self._lost.items()):
            if since + self.grace > now:
                continue
            del self._lost[player]
            name = PlayerId(player)
            if room.seat_of(name) is None or room.is_away(name):
                continue
            try:
                self.cardroom.handle(c.StepAway(player=name))
            except FloormanError as error:  # stepping away at the deal's end already
                _log.info("%s lost his connection and stays as he is: %s", player, error)
                continue
            stepped.add(player)
        return stepped

    async def withdraw(self, player: str) -> None:
        """``player`` is back on a socket: the step away the host made for him
        is withdrawn while the deal he is dealt in goes on (he never left it);
        once he is away, coming back is his to ask (RRP5 blinds.9)."""
        async with self._lock:
            if player not in self._stepped or not self.is_connected(player):
                return
            self._stepped.discard(player)
            name = PlayerId(player)
            if self.cardroom.room.seat_of(name) is None or self.cardroom.room.is_away(name):
                return
            mark = len(self.cardroom.log)
            try:
                self.cardroom.handle(c.ComeBack(player=name))
            except FloormanError as error:
                _log.info("%s is back; his step away stands: %s", player, error)
            except Exception:
                self.cardroom, self.feeds = self._rebuild()
                raise
            await self._commit(mark)

    # ----- commands -----------------------------------------------------------------

    async def submit(self, command: c.Command, *, by: str | None = None) -> list[Entry]:
        """Carry out a command given by the account ``by`` and commit what it
        logged; its entries. A refused command raises its floorman error after
        whatever fell due before it is committed."""
        async with self._lock:
            mark = len(self.cardroom.log)
            try:
                self.cardroom.handle(command)
            except FloormanError:
                await self._commit(mark)  # what fell due before it stays done
                raise
            except Exception:
                # A fault of floorman's own: the store says where the room stands.
                self.cardroom, self.feeds = self._rebuild()
                raise
            await self._commit(mark)
            self._wake.set()  # the deadline may have moved
            if isinstance(command, c.Sanction) and by is not None:
                try:
                    self._keep_out(command, by)
                except FloormanError as error:  # the command stands: it is committed
                    _log.error("the account sanction for %s failed: %s", command.player, error)
            return list(self.cardroom.log[mark:])

    def _keep_out(self, command: c.Sanction, by: str) -> None:
        """A suspension or a bar the floor gave keeps the account from logging
        in and giving commands until it ends, as well as unseating it."""
        if command.sanction is Penalty.WARNING or not self.store.accounts.exists(command.player):
            return
        kind = SanctionKind.BAR if command.sanction is Penalty.BAR else SanctionKind.SUSPENSION
        until = None if command.minutes is None else self.clock.now() + command.minutes * 60
        self.store.accounts.sanction(
            command.player, kind, by=by, reason=", ".join(command.rules), until=until
        )

    async def _commit(self, mark: int) -> None:
        entries = self.cardroom.log[mark:]
        if not entries:
            return
        try:
            self._check_balances(entries)
            kept = self.feeds.follow(entries)
            hands = self._hands(kept)
            await asyncio.to_thread(self.store.append, entries, hands=hands)
        except Exception as error:
            # The cardroom is ahead of the store, which is the truth.
            self.cardroom, self.feeds = self._rebuild()
            if isinstance(error, FloormanError):
                raise
            raise StoreError(
                "the database did not take the command's entries, and none was stored: {why}",
                why=str(error),
            ) from error
        self._publish(kept)

    def _check_balances(self, entries: Sequence[Entry]) -> None:
        """Refuse chips sold beyond an account's play money (the balance an
        admin credits); the command is then undone with the rest."""
        sold: dict[str, int] = {}
        for entry in entries:
            if isinstance(entry.event, led.ChipsSold):
                sold[entry.event.player] = sold.get(entry.event.player, 0) + entry.event.amount
        for player, amount in sold.items():
            balance = self.store.accounts.balance(player)
            if amount > balance:
                raise AccountError(
                    "{player} has {balance} in play money, not the {amount} these chips cost;"
                    " an admin credits the balance",
                    code="balance_short",
                    player=player,
                    balance=balance,
                    amount=amount,
                )

    def _hands(self, kept: Sequence[Kept]) -> list[HandRecord]:
        """The hand histories of the deals these entries finished."""
        out = []
        for k in kept:
            entry, event = k.entry, k.entry.event
            if not isinstance(event, tev.DealFinished) or event.voided or entry.table is None:
                continue
            live = self.cardroom.table(entry.table)
            slot = next((s for s in live.deals.slots if s.started.number == event.number), None)
            if slot is None or slot.deal is None:
                continue
            started, deal = slot.started, slot.deal
            # The names at the deal's positions as its last entry left them; a
            # seat vacated during the deal is named by the table.
            known = k.positions if len(k.positions) == len(started.dealt_in) else ()
            names = tuple(
                (known[p] if known else "") or live.players.get(seat, "")
                for p, seat in enumerate(started.dealt_in)
            )
            try:
                phh = write_phh(history_from_deal(deal))
            except FloormanError:
                continue
            try:
                stars: str | None = write_pokerstars(
                    deal,
                    StarsHeader(
                        hand_id=started.number,
                        table=f"table {entry.table}",
                        max_seats=live.setup.seats,
                        seats=started.dealt_in,
                        names=names,
                        started=datetime.datetime.fromtimestamp(entry.at, tz=datetime.UTC),
                        button_seat=started.button,
                        currency="",
                    ),
                )
            except FloormanError:
                stars = None
            out.append(
                HandRecord(
                    table=entry.table,
                    deal=started.number,
                    finished_at=entry.at,
                    players=names,
                    phh=phh,
                    pokerstars=stars,
                )
            )
        return out

    # ----- the streams --------------------------------------------------------------

    def _publish(self, kept: list[Kept]) -> None:
        self.changed.set()
        for subscriber in list(self.subscribers):
            for k in kept:
                if k.entry.table in subscriber.tables:
                    subscriber.push(k.message(subscriber.viewer))

    async def subscribe(self, subscriber: Subscriber, table: int, after: int | None) -> None:
        """Follow ``table``: queue the entries after ``after`` if they are kept
        and few, else a full view; then every committed entry as it comes."""
        async with self._lock:  # nothing half-committed is seen
            subscriber.tables.add(table)
            if after is not None:
                missed = self.feeds.since(table, after, most=CATCH_UP)
                if missed is not None:
                    for k in missed:
                        subscriber.push(k.message(subscriber.viewer))
                    return
            subscriber.push(self._resync(subscriber.viewer, table))

    async def resync(self, viewer: Viewer, table: int) -> dict[str, object]:
        """The table as ``viewer`` sees it now, with the last seq it includes."""
        async with self._lock:
            return self._resync(viewer, table)

    def _resync(self, viewer: Viewer, table: int) -> dict[str, object]:
        last = self.cardroom.log[-1].seq if self.cardroom.log else -1
        shown: dict[str, object] | None = None
        if table in self.cardroom.tables:
            shown = codec.to_json(view(self.cardroom.table(table), viewer))
        return {"table": table, "seq": last, "view": shown}
