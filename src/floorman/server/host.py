"""The cardroom hosted: one writer over the service and its store, and the
table streams its clients follow.

:class:`Host` owns the :class:`~floorman.service.Cardroom`, rebuilt from the
store's log when it starts (so the deal in progress at a crash goes on), and
carries out commands one at a time under a lock. A command is answered only
after its entries are committed: the entries it logged (and those of any
deadline that fell due before it, which stay done even when the command is
refused) are appended to the store in one transaction with the hand
histories of the deals they finished, the account that gave the command, the
play money its chips cost (checked inside that transaction: a command that
would overdraw an account is refused whole) and the sanctions it gave; if
the append fails, the cardroom is rebuilt from the store, which is the
truth, and the command gets the error. A sanctioned account gives no
command: that is checked under the same lock, so no command slips in after
the sanction is committed.

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
from floorman.rulebook import cite
from floorman.server._conduct import CheckDowns
from floorman.server._feed import Feeds, Kept
from floorman.service import AsDealer, AsFloor, Cardroom, Entry, TimeLimits, Viewer, view
from floorman.service import commands as c
from floorman.shuffle import Shuffler
from floorman.store import HandRecord, SanctionKind, SanctionOrder, Store
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
        logged, with ``by`` as its author; its entries. A refused command
        raises its floorman error after whatever fell due before it is
        committed. A sanctioned account is refused here, under the lock."""
        async with self._lock:
            mark = len(self.cardroom.log)
            try:
                self.cardroom.advance()  # what fell due before the command is nobody's doing
                start = len(self.cardroom.log)
                if by is not None:
                    self.store.accounts.check_allowed(by)
                self.cardroom.handle(command)
            except FloormanError:
                await self._commit(mark)  # what fell due before it stays done
                raise
            except Exception:
                # A fault of floorman's own: the store says where the room stands.
                self.cardroom, self.feeds = self._rebuild()
                raise
            sanctions = self._orders(command, by) if by is not None else []
            await self._commit(mark, by=by, start=start, sanctions=sanctions)
            self._wake.set()  # the deadline may have moved
            for order in sanctions:
                self.revoke(order.account, code="sanctioned", why=order.reason)
            return [e for e in self.cardroom.log[start:] if e.seq >= start]

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

    async def _commit(
        self,
        mark: int,
        *,
        by: str | None = None,
        start: int | None = None,
        sanctions: list[SanctionOrder] | None = None,
    ) -> None:
        if len(self.cardroom.log) == mark:
            return
        try:
            authors: dict[int, str] = {}
            if by is not None and start is not None:
                authors = {e.seq: by for e in self.cardroom.log[start:]}
            kept = self.feeds.follow(self.cardroom.log[mark:], authors=authors)
            kept += self._flag(kept)
            entries = self.cardroom.log[mark:]
            hands = self._hands(kept)
            await asyncio.to_thread(
                self.store.append,
                entries,
                hands=hands,
                authors=authors,
                pay=True,
                sanctions=sanctions or (),
            )
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
        self._keep_observers_out()

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

    def _keep_observers_out(self) -> None:
        """Stop sending a table to anyone outside its game while one of its
        players objects to observers (RRP5 policies.27); he is told why."""
        # Only a table with an objection on file can refuse anyone: with none
        # (the usual case) no subscriber need be looked at after a commit.
        objected = {t for t, who in self.cardroom.requests.objecting.items() if who}
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
        and few, else the floor's view; then every committed entry as it comes."""
        async with self._lock:
            subscriber.floor = True
            if after is not None:
                missed = self.feeds.floor_since(after, most=CATCH_UP)
                if missed is not None:
                    for k in missed:
                        subscriber.push(k.floor_message())
                    return
            subscriber.push(self._floor_view())

    async def floor_view(self) -> dict[str, object]:
        """The floor as it stands, with the last seq it includes."""
        async with self._lock:
            return self._floor_view()

    def _floor_view(self) -> dict[str, object]:
        room, cardroom = self.cardroom.room, self.cardroom
        games = []
        kinds = []
        for table in room.tables:
            kind = room.kind_of(table)
            if kind not in kinds:
                kinds.append(kind)
            games.append(
                {
                    "table": table,
                    "kind": str(kind),
                    "stakes": cardroom.stakes_of(table),  # after a limit change (policies.17)
                    "seats": list(room.seats(table)),
                    "seated": {str(s): p for s, p in room.seated(table).items()},
                    "locks": [
                        {
                            "player": lock.player,
                            "seat": lock.seat,
                            "since": lock.since,
                            "reason": lock.reason,
                            "until": room.call_expires(lock),
                        }
                        for lock in room.locks(table)
                    ],
                    "playing_over": {str(s): p for s, p in room.playing_over(table).items()},
                    "must_move": list(room.must_move(table)),
                    "changes": [{"player": p, "seat": w} for p, w in room.seat_changes(table)],
                    "dealing": table in cardroom.tables,
                    "ruling_pending": cardroom.pending_ruling(table) is not None
                    if table in cardroom.tables
                    else False,
                    "limit_proposed": _proposal(cardroom, table),
                    "observers_refused": list(cardroom.observers_refused(table)),
                }
            )
        moves = []
        for player in room.moving():
            move = room.move_of(player)
            if move is not None:
                moves.append(
                    {"player": player, "table": move[0], "to": move[1], "when": move[2].value}
                )
        last = cardroom.log[-1].seq if cardroom.log else -1
        return {
            "floor": True,
            "seq": last,
            "view": {
                "games": games,
                "waiting": {str(k): list(room.waiting(k)) for k in kinds},
                "moving": moves,
                "away": [
                    {"player": p, "table": at[0], "seat": at[1], "since": since, "until": until}
                    for p, since, until in room.absences()
                    if (at := room.seat_of(p)) is not None
                ],
                "next_deadline": cardroom.next_deadline(),
                "now": self.clock.now(),
                # The floor's last entries, for a console opened later.
                "recent": [k.floor_message() for k in self.feeds.floor.last(50)],
            },
        }

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
        view; then every committed entry as it comes. Refused to someone
        outside the game while one of its players objects to observers (RRP5
        policies.27)."""
        async with self._lock:  # nothing half-committed is seen
            if not self._in_game(subscriber, table):
                refused = self._observers_refused(table)
                if refused is not None:
                    raise refused
            subscriber.tables.add(table)
            if answer is not None:
                subscriber.push({**answer, "result": {"subscribed": table}})
            if after is not None:
                missed = self.feeds.since(table, after, most=CATCH_UP)
                if missed is not None:
                    for k in missed:
                        subscriber.push(k.message(subscriber.viewer))
                    return
            subscriber.push(self._resync(subscriber.viewer, table))

    async def resync(
        self, viewer: Viewer, table: int, *, subscriber: Subscriber | None = None
    ) -> dict[str, object]:
        """The table as ``viewer`` sees it now, with the last seq it includes;
        refused to a ``subscriber`` outside the game while one of its players
        objects to observers (RRP5 policies.27)."""
        async with self._lock:
            if subscriber is not None and not self._in_game(subscriber, table):
                refused = self._observers_refused(table)
                if refused is not None:
                    raise refused
            return self._resync(viewer, table)

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


def _proposal(cardroom: Cardroom, table: int) -> dict[str, object] | None:
    open_ = cardroom.requests.limits.get(table)
    if open_ is None:
        return None
    return {"stakes": open_[0], "objectors": list(open_[1])}
