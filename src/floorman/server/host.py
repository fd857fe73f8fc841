"""The cardroom hosted: one writer over the service and its store, and the
table streams its clients follow.

:class:`Host` owns the :class:`~floorman.service.Cardroom`, rebuilt from the
store's log when it starts (so the deal in progress at a crash goes on), and
carries out commands one at a time under a lock, in memory. Committing is
not done under that lock: it is group commit. The entries carried out while
one transaction is under way wait in the next batch, and one committer writes
each batch as one :meth:`~floorman.store.Store.append` (its entries in log
order, the hand histories of the deals they finished, the account that gave
each command, and the sanctions given), so one fsync serves every command in
it. A command is answered only after the batch holding its entries (and
those of any deadline that fell due before it, which stay done even when the
command is refused) is committed; a refusal waits for the batch pending when
it was refused. Nothing uncommitted reaches a client: the entries are
published when their batch is stored, and a view (a table's, the floor's, a
catch-up) is taken at the log as it stands and sent when that much of the log
is stored, in order with the entries after it.

Play money is checked twice. The chips a command has the cage sell are
checked in memory against the account's balance less what the batches not
yet stored spend, so a short buy-in is refused alone (``balance_short``) and
never fails the batch it would have joined; the transaction checks again, the
last defence. If a batch's append fails, every command in it and every
command carried out after it (built on its state) gets the error, the
cardroom is rebuilt from the store, which is the truth, and the host goes on.
A sanctioned account gives no command: the store's sanctions are read off the
event loop before the command, and those given here since (stored or not yet)
are checked under the lock, so no command slips in after a sanction.

The floor's clients follow the floor's stream as players follow tables; a
deal checked down around a third player all in is flagged to it (RRP5
conduct.improper.3); while a player of a game objects to observers, nobody
outside the game follows its table (RRP5 policies.27); a session ended (by
logging out or a sanction) closes its sockets.
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
import functools
import logging
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from math import inf
from typing import TypeVar

from floorman import codec
from floorman.clock import Clock
from floorman.errors import AccountError, ConfigError, FloormanError, StoreError
from floorman.ids import PlayerId
from floorman.room.values import Sanction as Penalty
from floorman.rulebook import cite
from floorman.server._conduct import CheckDowns
from floorman.server._derived import floor_view, hand_records
from floorman.server._feed import Feeds, Kept
from floorman.server._group import RECHECK, Batch, Standing
from floorman.service import AsDealer, AsFloor, Cardroom, Entry, TimeLimits, Viewer, view
from floorman.service import commands as c
from floorman.service import ledger as led
from floorman.shuffle import Shuffler
from floorman.store import Account, SanctionKind, SanctionOrder, Store
from floorman.store.store import balance_short

__all__ = ["RECHECK", "Host", "Subscriber"]

T = TypeVar("T")

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
    """A client following tables (and, the floor's, the floor): how it sees
    them, its account and session, and its messages waiting to go out (the
    writer never waits for a slow client)."""

    viewer: Viewer
    tables: set[int] = field(default_factory=set)
    outbox: asyncio.Queue[dict[str, object]] = field(default_factory=_outbox)
    overflowed: bool = False
    account: str = ""
    session: str = ""
    floor: bool = False  # following the floor's stream
    #: Set when the server ends the connection: the close code and the error sent first.
    closing: tuple[int, dict[str, object]] | None = None
    #: When its session was last found open in the store (the loop's monotonic time).
    checked: float = -inf
    #: Its account as last read (its roles say what it may command), and when.
    standing: Account | None = None
    standing_at: float = -inf
    #: When this server last changed its account's roles or sanctions: a read
    #: begun before then is not taken.
    refreshed: float = -inf

    def push(self, message: dict[str, object]) -> None:
        """Queue a message for the client; a full queue marks it overflowed."""
        try:
            self.outbox.put_nowait(message)
        except asyncio.QueueFull:
            self.overflowed = True

    def close(self, code: int, error: FloormanError) -> None:
        """End the connection: the writer sends ``error`` and closes with ``code``."""
        self.closing = (code, error.details())
        self.tables.clear()
        self.floor = False
        # Wake the writer even if the queue is full.
        with contextlib.suppress(asyncio.QueueFull):
            self.outbox.put_nowait({"id": None, "error": error.details()})


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
        self.conduct = CheckDowns()
        self.cardroom, self.feeds = self._rebuild()
        self.subscribers: set[Subscriber] = set()
        self._lock = asyncio.Lock()
        self._wake = asyncio.Event()
        self._ticker: asyncio.Task[None] | None = None
        self._sweeper: asyncio.Task[None] | None = None
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
        # Group commit: the batch taking entries, the one being stored, the
        # task storing them (running while there is something to store) and
        # the one thread that writes.
        self._open = Batch(start=len(self.cardroom.log))
        self._storing: Batch | None = None
        self._committer: asyncio.Task[None] | None = None
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="floorman-commit")
        #: True when a failed batch left the cardroom ahead of a store that could not be read.
        self._stale = False
        self._standing = Standing()

    def _rebuild(self) -> tuple[Cardroom, Feeds]:
        entries = self.store.entries()
        cardroom = Cardroom.rebuild(
            entries, clock=self.clock, shuffler=self.shuffler, time_limits=self.time_limits
        )
        feeds = Feeds(keep=self._keep)
        self.conduct = CheckDowns()
        for kept in feeds.follow(entries, authors=self.store.authors()):
            if kept.entry.table is not None:
                self.conduct.follow(kept)  # a flag due was recorded when it was
        return cardroom, feeds

    # ----- running ------------------------------------------------------------------

    async def start(self) -> None:
        """Start the task that fires the cardroom's deadlines, and the house
        dealer's (:mod:`floorman.server.dealer`) when there is a deal pause."""
        self._ticker = asyncio.create_task(self._tick_forever(), name="floorman-deadlines")
        self._sweeper = asyncio.create_task(self._sweep_forever(), name="floorman-sessions")
        if self._deal_pause is not None:
            from floorman.server.dealer import deal_forever

            self._dealer = asyncio.create_task(
                deal_forever(self, pause=self._deal_pause), name="floorman-dealer"
            )

    async def stop(self) -> None:
        """Stop the deadline and dealer tasks, store what was carried out, and
        close the store."""
        for task in (self._dealer, self._ticker, self._sweeper):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        committer = self._committer
        if committer is not None:
            with contextlib.suppress(Exception):
                await committer
        self._writer.shutdown(wait=True)
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
            self._catch_up()
            batch = self._open
            mark = len(self.cardroom.log)
            lost = dict(self._lost)

            def lose_again() -> None:
                # Nothing was stored: those still without a socket are still to be stepped away.
                for player, since in lost.items():
                    if not self.is_connected(player):
                        self._lost.setdefault(player, since)

            try:
                self.cardroom.advance()
                stepped = self._step_away_lost()
                self._take(batch, mark)
            except Exception:
                self._rewind(mark, refeed=True)
                lose_again()
                raise
            self._stepped |= stepped
            if stepped:
                batch.undo.append(lambda: self._stepped.difference_update(stepped))
            batch.undo.append(lose_again)
            entries = list(self.cardroom.log[mark:])
            waiting = self._pending()
        if waiting is not None:
            await waiting.stored()
        return entries

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
            self._catch_up()
            if player not in self._stepped or not self.is_connected(player):
                return
            self._stepped.discard(player)
            name = PlayerId(player)
            if self.cardroom.room.seat_of(name) is None or self.cardroom.room.is_away(name):
                return
            batch = self._open
            mark = len(self.cardroom.log)
            try:
                self.cardroom.handle(c.ComeBack(player=name))
            except FloormanError as error:
                _log.info("%s is back; his step away stands: %s", player, error)
            except Exception:
                self._rewind(mark)
                raise
            try:
                self._take(batch, mark)
            except Exception:
                self._rewind(mark)
                raise
            waiting = self._pending()
        if waiting is not None:
            await waiting.stored()

    # ----- commands -----------------------------------------------------------------

    async def submit(
        self,
        command: c.Command,
        *,
        by: str | None = None,
        vet: Callable[[], None] | None = None,
    ) -> list[Entry]:
        """Carry out a command given by the account ``by`` and commit what it
        logged, with ``by`` as its author; its entries, once they are stored.
        A refused command raises its floorman error once whatever fell due
        before it (and whatever it could have seen) is stored. A sanctioned
        account is refused. ``vet``, if given, is run first, off the event loop,
        in place of reading ``by``'s sanctions: it reads them itself with the
        account's session and roles (:meth:`Accounts.standing`), and may refuse
        the command."""
        since = await self._vet(by, vet)
        refused: FloormanError | None = None
        async with self._lock:
            self._catch_up()
            batch = self._open
            mark = len(self.cardroom.log)
            start = mark
            fed = False
            try:
                self.cardroom.advance()  # what fell due before the command is nobody's doing
                start = len(self.cardroom.log)
                if by is not None:
                    self._standing.check(by, since, self.clock.now())
                self._check_buy(command)
                self.cardroom.handle(command)
                self._check_paid(start)
                sanctions = self._orders(command, by) if by is not None else []
                fed = True
                self._take(batch, mark, by=by, start=start, sanctions=sanctions)
            except FloormanError as error:
                if fed:  # refused in the host's own work: as a fault
                    self._rewind(mark, refeed=True)
                    raise
                refused = error
                try:
                    self._take(batch, mark)  # what fell due before it stays done
                except Exception:
                    self._rewind(mark, refeed=True)
                    raise
            except Exception:
                # A fault of floorman's own: back to the log as it stood.
                self._rewind(mark, refeed=fed)
                raise
            entries = [e for e in self.cardroom.log[start:] if e.seq >= start]
            waiting = self._pending()
            if refused is None:
                self._wake.set()  # the deadline may have moved
                for order in sanctions:
                    batch.undo.append(self._standing.give(order))
        if waiting is not None:
            await waiting.stored()
        if refused is not None:
            raise refused
        return entries

    def _orders(self, command: c.Command, by: str) -> list[SanctionOrder]:
        """A suspension or a bar the floor gave keeps the account from logging
        in and giving commands until it ends, as well as unseating it."""
        if not isinstance(command, c.Sanction) or command.sanction is Penalty.WARNING:
            return []
        kind = SanctionKind.BAR if command.sanction is Penalty.BAR else SanctionKind.SUSPENSION
        until = None if command.minutes is None else self.clock.now() + command.minutes * 60
        return [
            SanctionOrder(
                account=command.player,
                kind=kind,
                by=by,
                reason=", ".join(command.rules),
                until=until,
            )
        ]

    # ----- sanctions ------------------------------------------------------------------

    async def _vet(self, by: str | None, vet: Callable[[], None] | None) -> int:
        """Run ``vet`` and read ``by``'s sanctions from the store in a thread
        (the sanctions only if not read in the last :data:`RECHECK` seconds);
        the number of batches stored when the read began."""
        loop = asyncio.get_running_loop()
        if vet is None:
            if by is None:
                return self._standing.batches
            since = self._standing.trusted(by, loop.time())
            if since is not None:
                return since
        began = loop.time()
        since = self._standing.begin()
        allowed: str | None = None
        try:
            await asyncio.to_thread(self._read_allowed, by, vet)
            allowed = by
        except FloormanError:
            if by is not None:
                self._standing.forget(by)
            raise
        finally:
            self._standing.end(
                since, loop.time(), allowed=() if allowed is None else (allowed,), began=began
            )
        return since

    def _read_allowed(self, by: str | None, vet: Callable[[], None] | None) -> None:
        # A vet reads the account's sanctions with its session and roles
        # (Accounts.standing); without one they are read alone.
        if vet is not None:
            vet()
        elif by is not None:
            self.store.accounts.check_allowed(by)

    def refresh(self, account: str) -> None:
        """``account``'s roles or sanctions changed in the store: its next
        command reads them again."""
        self._standing.forget(account)
        now = time.monotonic()
        for subscriber in self.subscribers:
            if subscriber.account == account:
                subscriber.standing_at = -inf
                subscriber.refreshed = now

    # ----- play money ----------------------------------------------------------------

    def _spending(self, player: str) -> int:
        """The play money ``player``'s chips cost in the batches not yet stored."""
        out = self._open.spend.get(player, 0)
        if self._storing is not None:
            out += self._storing.spend.get(player, 0)
        return out

    def _afford(self, player: str, amount: int) -> None:
        """Refuse chips that would cost ``player`` more than his balance less
        what the batches not yet stored spend (read on the loop: a sale is rare)."""
        balance = self.store.accounts.balance(player) - self._spending(player)
        if amount > balance:
            raise balance_short(player, balance=balance, amount=amount)

    def _check_buy(self, command: c.Command) -> None:
        """A buy the player's chips off the tables do not cover is refused
        before it is carried out if his play money is short."""
        if type(command) is not c.Buy or self.cardroom.room.seat_of(command.player) is None:
            return
        chips = command.chips
        if isinstance(chips, bool) or not isinstance(chips, int):
            return  # the cardroom refuses it
        short = chips - self.cardroom.ledger.held(command.player)
        if short > 0:
            self._afford(command.player, short)

    def _check_paid(self, start: int) -> None:
        """What the command carried out had the cage sell, checked against the
        play money; short, the command is undone and refused alone."""
        sold: dict[str, int] = {}
        for entry in self.cardroom.log[start:]:
            if isinstance(entry.event, led.ChipsSold):
                sold[entry.event.player] = sold.get(entry.event.player, 0) + entry.event.amount
        for player, amount in sold.items():
            try:
                self._afford(player, amount)
            except FloormanError:
                self._rewind(start)
                raise

    # ----- group commit ----------------------------------------------------------------

    def _catch_up(self) -> None:
        """A failed batch whose store could not be read left the cardroom ahead
        of it: read it now, before anything is carried out."""
        if self._stale:
            self.cardroom, self.feeds = self._rebuild()
            self._open = Batch(start=len(self.cardroom.log))
            self._stale = False

    def _rewind(self, mark: int, *, refeed: bool = False) -> None:
        """Put the cardroom back to the first ``mark`` entries of its log (a
        command refused after it was carried out, or a fault); the entries of
        the batches waiting to be stored stay. ``refeed``: the feeds had taken
        entries past ``mark`` too."""
        log = self.cardroom.log[:mark]
        self.cardroom = Cardroom.rebuild(
            log, clock=self.clock, shuffler=self.shuffler, time_limits=self.time_limits
        )
        if not refeed:
            return
        authors = self.store.authors()
        for batch in (self._storing, self._open):
            if batch is not None:
                authors.update(batch.authors)
        self.feeds = Feeds(keep=self._keep)
        self.conduct = CheckDowns()
        for kept in self.feeds.follow(log, authors=authors):
            if kept.entry.table is not None:
                self.conduct.follow(kept)
        batch = self._open
        batch.items = [i for i in batch.items if not isinstance(i, Kept) or i.entry.seq < mark]
        batch.authors = {seq: a for seq, a in batch.authors.items() if seq < mark}

    def _take(
        self,
        batch: Batch,
        mark: int,
        *,
        by: str | None = None,
        start: int | None = None,
        sanctions: Sequence[SanctionOrder] = (),
    ) -> None:
        """Put what was logged from ``mark`` on into the open ``batch``: the
        entries as the feeds keep them (with the floor's flags they call for),
        the hand histories they finish, who gave them, what they cost, the
        sanctions given."""
        if len(self.cardroom.log) == mark and not sanctions:
            return
        authors: dict[int, str] = {}
        if by is not None and start is not None:
            authors = {e.seq: by for e in self.cardroom.log[start:]}
        kept = self.feeds.follow(self.cardroom.log[mark:], authors=authors)
        kept += self._flag(kept)
        batch.hands += hand_records(self.cardroom, kept)
        batch.items += kept
        batch.authors |= authors
        batch.sanctions += sanctions
        for entry in self.cardroom.log[mark:]:
            if isinstance(entry.event, led.ChipsSold):
                player = entry.event.player
                batch.spend[player] = batch.spend.get(player, 0) + entry.event.amount
        self._kick()

    def _pending(self) -> Batch | None:
        """The batch holding the last of the log not yet stored (or to publish), if any."""
        if self._open.due(len(self.cardroom.log)):
            self._kick()
            return self._open
        return self._storing

    def _kick(self) -> None:
        if self._committer is None:
            self._committer = asyncio.get_running_loop().create_task(
                self._commit_all(), name="floorman-commit"
            )

    async def _commit_all(self) -> None:
        """Store the batches one after another while there is one to store."""
        try:
            while self._open.due(len(self.cardroom.log)):
                batch = self._open
                batch.end = len(self.cardroom.log)
                objected = {t for t, who in self.cardroom.requests.objecting.items() if who}
                self._open = Batch(start=batch.end)
                self._storing = batch
                await self._commit(batch, objected)
                self._storing = None
        finally:
            self._storing = None
            self._committer = None

    async def _commit(self, batch: Batch, objected: set[int]) -> None:
        entries = self.cardroom.log[batch.start : batch.end]
        if entries or batch.hands or batch.sanctions:
            write = functools.partial(
                self.store.append,
                entries,
                hands=batch.hands,
                authors=batch.authors,
                pay=True,
                sanctions=batch.sanctions,
            )
            try:
                await asyncio.get_running_loop().run_in_executor(self._writer, write)
            except Exception as error:
                self._failed(batch, error)
                return
        self._standing.stored(batch.sanctions, asyncio.get_running_loop().time())
        self._publish(batch.items)
        self._keep_observers_out(objected)
        for order in batch.sanctions:
            self.revoke(order.account, code="sanctioned", why=order.reason)
        batch.done.set()

    def _failed(self, batch: Batch, error: Exception) -> None:
        """The batch was not stored: it and every batch carried out on its
        state fail, and the cardroom is read back from the store, the truth."""
        if not isinstance(error, FloormanError):
            failed = StoreError(
                "the database did not take the command's entries, and none was stored: {why}",
                why=str(error),
            )
            failed.__cause__ = error
            error = failed
        _log.warning("a batch of %d entries was not stored: %s", batch.end - batch.start, error)
        later = self._open
        try:
            self.cardroom, self.feeds = self._rebuild()
        except Exception:
            _log.exception("the store could not be read after a failed batch")
            self._stale = True
        self._open = Batch(start=len(self.cardroom.log))
        for failed_batch in (batch, later):
            failed_batch.error = error
            for undo in reversed(failed_batch.undo):
                undo()
            failed_batch.done.set()

    async def _settle(self, make: Callable[[], T], deliver: Callable[[T], None] | None = None) -> T:
        """``make()`` under the lock, returned once the log as it stood is
        stored, and ``deliver``-ed in order with the entries published (so a
        view at seq L goes out before the entries after L). Made again if that
        batch fails (the cardroom is then the store's); a refusal is raised
        once the batch pending when it was made is stored."""
        while True:
            async with self._lock:
                self._catch_up()
                try:
                    value = make()
                except FloormanError as error:
                    refused: FloormanError | None = error
                else:
                    refused = None
                waiting = self._pending()
                if refused is None:
                    if waiting is None:
                        if deliver is not None:
                            deliver(value)
                        return value
                    if deliver is not None:
                        self._open.items.append(functools.partial(deliver, value))
                        waiting = self._pending()  # the open batch, now due
            if waiting is not None:
                try:
                    await waiting.stored()
                except Exception:
                    continue  # rebuilt from the store: take it again
            if refused is not None:
                raise refused
            return value

    def _flag(self, kept: list[Kept]) -> list[Kept]:
        """Record, with the entries, a note for the floor for each deal they
        finished checked down around a third player all in (RRP5 conduct.improper.3)."""
        out: list[Kept] = []
        for k in kept:
            if k.entry.table is None or k.table is not None:
                continue
            flag = self.conduct.follow(k)
            if flag is None:
                continue
            mark = len(self.cardroom.log)
            try:
                self.cardroom.handle(flag)
            except FloormanError as error:
                _log.error("the floor could not be given a flag: %s", error)
                continue
            out += self.feeds.follow(self.cardroom.log[mark:])
        return out

    # ----- the streams --------------------------------------------------------------

    def _publish(self, items: Sequence[Kept | Callable[[], None]]) -> None:
        """Send a stored batch's entries to those following them, and its
        deliveries (views taken at their places in the log) in between."""
        self.changed.set()
        run: list[Kept] = []
        for item in items:
            if isinstance(item, Kept):
                run.append(item)
                continue
            self._send(run)
            run = []
            item()
        self._send(run)

    def _send(self, kept: list[Kept]) -> None:
        if not kept:
            return
        for subscriber in list(self.subscribers):
            for k in kept:
                if k.entry.table is None and k.table is None:
                    if subscriber.floor:
                        subscriber.push(k.floor_message())
                elif (k.entry.table if k.table is None else k.table) in subscriber.tables:
                    subscriber.push(k.message(subscriber.viewer))

    # ----- who may watch -------------------------------------------------------------

    def _in_game(self, subscriber: Subscriber, table: int) -> bool:
        """Whether the client plays in the game at ``table`` or deals or runs it."""
        if isinstance(subscriber.viewer, AsDealer | AsFloor):
            return True
        return subscriber.account in self.cardroom.players_at(table)

    def _observers_refused(self, table: int) -> FloormanError | None:
        objecting = self.cardroom.observers_refused(table)
        if not objecting:
            return None
        return AccountError(
            "a player of the game at table {table} objects to observers; only its players,"
            " its dealer and the floor follow it",
            code="observers_refused",
            citations=cite("policies.27"),
            table=table,
        )

    def _keep_observers_out(self, objected: set[int]) -> None:
        """Stop sending a table to anyone outside its game while one of its
        players objects to observers (RRP5 policies.27); he is told why.
        ``objected``: the tables with an objection on file as the batch just
        stored left them."""
        # Only a table with an objection on file can refuse anyone: with none
        # (the usual case) no subscriber need be looked at after a commit.
        if not objected:
            return
        for subscriber in list(self.subscribers):
            for table in sorted(subscriber.tables & objected):
                if self._in_game(subscriber, table):
                    continue
                error = self._observers_refused(table)
                if error is not None:
                    subscriber.tables.discard(table)
                    subscriber.push({"id": None, "table": table, "error": error.details()})

    # ----- sessions ------------------------------------------------------------------

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(RECHECK / 2)
            try:
                await self.sweep()
            except Exception:
                _log.exception("reading the open sessions failed")

    async def sweep(self) -> None:
        """Read the standing of every open connection's account from the store
        in one read, off the event loop: its session (those ended elsewhere,
        by another server on the store or the command line, are closed; one
        ended here was closed at once, :meth:`revoke`), its roles and its
        sanctions. A connection's commands then need no read of their own for
        :data:`RECHECK` seconds."""
        open_ = [s for s in self.subscribers if s.session and s.closing is None]
        if not open_:
            return
        loop = asyncio.get_running_loop()
        began = loop.time()
        since = self._standing.begin()
        allowed: list[str] = []
        try:
            found = await asyncio.to_thread(
                self.store.accounts.standings, {(s.account, s.session) for s in open_}
            )
            for subscriber in open_:
                got = found[(subscriber.account, subscriber.session)]
                if isinstance(got, AccountError):
                    if got.code != "sanctioned":
                        subscriber.close(4401, got)
                    # a sanctioned account's next command reads it again, and is refused
                    continue
                subscriber.checked = max(subscriber.checked, began)
                if subscriber.refreshed < began:
                    subscriber.standing = got
                    subscriber.standing_at = max(subscriber.standing_at, began)
                allowed.append(subscriber.account)
        finally:
            self._standing.end(since, loop.time(), allowed=allowed, began=began)

    def revoke(self, account: str, *, session: str | None = None, code: str, why: str) -> None:
        """Close the sockets of ``account``'s sessions (only ``session``'s, if
        given), telling each why: its session ended."""
        error = AccountError(
            "the session of {account} has ended ({why}); log in again",
            code="session_revoked",
            account=account,
            why=why,
            reason=code,
        )
        for subscriber in list(self.subscribers):
            if subscriber.account != account:
                continue
            if session is not None and subscriber.session != session:
                continue
            subscriber.close(4401, error)

    # ----- the floor's stream --------------------------------------------------------

    async def subscribe_floor(self, subscriber: Subscriber, after: int | None) -> None:
        """Follow the floor: the floor's entries after ``after`` if they are kept
        and few, else the floor's view; then every committed entry as it comes.
        What it is sent goes out once that much of the log is stored."""

        def make() -> list[dict[str, object]]:
            if after is not None:
                missed = self.feeds.floor_since(after, most=CATCH_UP)
                if missed is not None:
                    return [k.floor_message() for k in missed]
            return [self._floor_view()]

        def deliver(messages: list[dict[str, object]]) -> None:
            subscriber.floor = True
            for message in messages:
                subscriber.push(message)

        await self._settle(make, deliver)

    async def floor_view(
        self, *, subscriber: Subscriber | None = None, answer: dict[str, object] | None = None
    ) -> dict[str, object]:
        """The floor as it stands, with the last seq it includes, once that is
        stored; with ``answer``, also queued to ``subscriber`` as that answer's
        result, in order with the entries it follows."""
        deliver: Callable[[dict[str, object]], None] | None = None
        if subscriber is not None and answer is not None:
            to = subscriber

            def deliver(shown: dict[str, object]) -> None:
                to.push({**(answer or {}), "result": shown})

        return await self._settle(lambda: self._floor_view(), deliver)

    def _floor_view(self) -> dict[str, object]:
        """The floor as the cardroom stands, with the floor's last entries
        (sent, as every view, once the log it has seen is stored)."""
        recent = [k.floor_message() for k in self.feeds.floor.last(50)]
        return floor_view(self.cardroom, now=self.clock.now(), recent=recent)

    async def settled(self, make: Callable[[Cardroom], T]) -> T:
        """``make(cardroom)``, taken as the cardroom stands and returned once
        the log it has seen is stored (the lobby reads the room so)."""
        return await self._settle(lambda: make(self.cardroom))

    async def subscribe(
        self,
        subscriber: Subscriber,
        table: int,
        after: int | None,
        *,
        answer: dict[str, object] | None = None,
    ) -> None:
        """Follow ``table``: queue ``answer`` (the client's result, if given),
        then the entries after ``after`` if they are kept and few, else a full
        view; then every committed entry as it comes. What it is sent is taken
        as the log stands and goes out once that much of it is stored, before
        the entries after it: nothing half-committed is seen. Refused to
        someone outside the game while one of its players objects to
        observers (RRP5 policies.27)."""

        def make() -> list[dict[str, object]]:
            if not self._in_game(subscriber, table):
                refused = self._observers_refused(table)
                if refused is not None:
                    raise refused
            out: list[dict[str, object]] = []
            if answer is not None:
                out.append({**answer, "result": {"subscribed": table}})
            if after is not None:
                missed = self.feeds.since(table, after, most=CATCH_UP)
                if missed is not None:
                    return out + [k.message(subscriber.viewer) for k in missed]
            return [*out, self._resync(subscriber.viewer, table)]

        def deliver(messages: list[dict[str, object]]) -> None:
            subscriber.tables.add(table)
            for message in messages:
                subscriber.push(message)

        await self._settle(make, deliver)

    async def resync(
        self,
        viewer: Viewer,
        table: int,
        *,
        subscriber: Subscriber | None = None,
        answer: dict[str, object] | None = None,
    ) -> dict[str, object]:
        """The table as ``viewer`` sees it now, with the last seq it includes,
        once that much of the log is stored; refused to a ``subscriber``
        outside the game while one of its players objects to observers (RRP5
        policies.27). With ``answer``, the view is also queued to the
        ``subscriber`` as that answer's result, in order with its entries."""

        def make() -> dict[str, object]:
            if subscriber is not None and not self._in_game(subscriber, table):
                refused = self._observers_refused(table)
                if refused is not None:
                    raise refused
            return self._resync(viewer, table)

        deliver: Callable[[dict[str, object]], None] | None = None
        if subscriber is not None and answer is not None:
            to = subscriber

            def deliver(shown: dict[str, object]) -> None:
                to.push({**(answer or {}), "result": shown})

        return await self._settle(make, deliver)

    def _resync(self, viewer: Viewer, table: int) -> dict[str, object]:
        last = self.cardroom.log[-1].seq if self.cardroom.log else -1
        shown: dict[str, object] | None = None
        if table in self.cardroom.tables:
            shown = codec.to_json(view(self.cardroom.table(table), viewer))
        return {"table": table, "seq": last, "view": shown, "clock": self._clock_of(table)}

    def _clock_of(self, table: int) -> dict[str, object] | None:
        """The action clock on the player to act at ``table``, for the page to
        run it (RRP5 dead-hands.1.6): his turn's start, its action time, his
        bank, and the server's time now; None when nobody is on the clock."""
        clock = self.cardroom.clocks.get(table)
        turn = None if clock is None else clock.turn()
        if clock is None or turn is None or clock.began is None:
            return None
        return {
            "seat": turn.seat,
            "began": clock.began,
            "action": clock.limits.action,
            "bank": clock.bank(turn.player),
            "now": self.clock.now(),
        }
