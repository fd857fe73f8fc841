"""One client's WebSocket to the server: requests answered by id, and the
tables it follows, each in order, carried across a dropped connection.

A :class:`Connection` logs in over HTTP (:class:`~floorman.client.http.Http`),
opens ``/ws`` with the session cookie and reads every message in one task:

- an answer (``id``) settles the request waiting for it: :meth:`request`
  returns its result or raises the floorman error its code names, and gives
  up after ``timeout`` seconds (a :class:`TimeoutError`), so nothing waits
  for ever;
- a table's message (``table`` and ``seq``: an event, or a full view after a
  resync) goes to that table's queue as an :class:`Update`, in the order the
  server committed it. A table's numbers rise with gaps (other tables' and the
  floor's entries fall between), so the numbers cannot show a message lost;
  none is lost while the connection stands (the server sends each client's
  messages in order, and disconnects a client too far behind, close code
  4008). A message numbered at or below the last one taken is a repeat (a
  resync overlapping what came) and is dropped.

When the connection drops, the requests waiting are refused with
:class:`~floorman.client.errors.ConnectionLost` (whether the server carried
one out shows in what follows), and the connection is made again, logging in
again if the session is gone, with backoff; then every table followed is
subscribed again with ``after`` its last number, so exactly the entries
missed come (or a full view when too many were missed).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from floorman import codec
from floorman.client.errors import ConnectionLost, error_from
from floorman.client.http import Http, ws_url
from floorman.errors import FloormanError
from floorman.service import TableView
from floorman.service import commands as c

__all__ = ["Connection", "Update"]

_log = logging.getLogger("floorman.client")

#: The waits between attempts to connect again (seconds), the last repeated.
BACKOFF = (0.05, 0.2, 0.5, 1.0, 2.0)
#: How long a dropped connection is tried again before the client gives up (seconds).
GIVE_UP = 60.0


@dataclass(frozen=True, slots=True)
class Update:
    """One message of a followed table: an event (redacted for this client)
    or, after a resync, the whole ``view`` (None while the game is not dealing);
    ``seq`` is its number in the server's log."""

    table: int
    seq: int
    at: float = 0.0
    event: object = None
    view: TableView | None = None
    resync: bool = False


@dataclass(slots=True)
class _Followed:
    after: int | None = None  # the last number taken
    viewer: str | None = None
    updates: asyncio.Queue[Update] = field(default_factory=asyncio.Queue)


class Connection:
    """A client of the server at ``base`` (``http://HOST:PORT``) as the
    account ``name``. Use ``async with`` (or :meth:`open` and :meth:`close`).

    ``register`` creates the account if there is none; ``timeout`` bounds
    every request; ``keep`` keeps every message received (as decoded JSON)
    in :attr:`received`, for a test to inspect.
    """

    def __init__(
        self,
        base: str,
        name: str,
        password: str,
        *,
        register: bool = False,
        timeout: float = 10.0,
        keep: bool = False,
    ) -> None:
        self.http = Http(base, timeout=timeout)
        self.name = name
        self._password = password
        self._register = register
        self.timeout = timeout
        self.received: list[dict[str, Any]] | None = [] if keep else None
        self.followed: dict[int, _Followed] = {}
        self.reconnects = 0
        self._ids = itertools.count(1)
        self._pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._up = asyncio.Event()
        self._closing = False
        #: Why the client gave up connecting again (None while it has not).
        self.gave_up: str | None = None

    @property
    def opened(self) -> bool:
        """Whether :meth:`open` was called (the connection may be down a moment)."""
        return self._reader is not None

    async def __aenter__(self) -> Connection:
        await self.open()
        return self

    async def __aexit__(self, *_exc: object) -> None:
        await self.close()

    # ----- the connection -------------------------------------------------------

    async def open(self) -> None:
        """Log in and connect; the reading task then keeps the connection up."""
        await self.http.log_in(self.name, self._password, register=self._register)
        await self._connect()
        self._reader = asyncio.create_task(self._read_forever(), name=f"floorman-{self.name}")

    async def close(self) -> None:
        """Close the connection for good."""
        self._closing = True
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        if self._ws is not None:
            with contextlib.suppress(Exception):
                async with asyncio.timeout(self.timeout):
                    await self._ws.close()
        self._fail_pending()

    def drop(self) -> None:
        """Cut the connection as a network failure would (no closing
        handshake); it is made again and the tables resynced, as after any drop."""
        if self._ws is not None:
            self._ws.transport.abort()

    async def _connect(self) -> None:
        headers = {"cookie": f"floorman_session={self.http.cookie}"}
        async with asyncio.timeout(self.timeout):
            self._ws = await connect(
                ws_url(self.http.base),
                additional_headers=headers,
                proxy=None,
                open_timeout=self.timeout,
            )
        self._up.set()

    async def _read_forever(self) -> None:
        while True:
            ws = self._ws
            assert ws is not None
            try:
                async for text in ws:
                    try:
                        self._take(json.loads(text))
                    except Exception:  # one unreadable message must not stop the reading
                        _log.exception("%s: a message from the server was not read", self.name)
            except ConnectionClosed:
                pass
            code = ws.close_code
            self._up.clear()
            self._fail_pending()
            if self._closing:
                return
            _log.info(
                "%s: the connection dropped (close code %s): connecting again", self.name, code
            )
            if not await self._reconnect(relogin=code == 4401):
                return

    async def _reconnect(self, *, relogin: bool) -> bool:
        """Connect again and resubscribe; False after :data:`GIVE_UP` seconds of failing."""
        loop = asyncio.get_running_loop()
        until = loop.time() + GIVE_UP
        for attempt in itertools.count():
            if loop.time() > until:
                self.gave_up = f"the server at {self.http.base} did not answer for {GIVE_UP:.0f} s"
                _log.warning("%s: %s", self.name, self.gave_up)
                return False
            await asyncio.sleep(BACKOFF[min(attempt, len(BACKOFF) - 1)])
            try:
                if relogin:
                    await self.http.log_in(self.name, self._password)
                await self._connect()
            except (InvalidStatus, InvalidHandshake, OSError, TimeoutError, FloormanError) as error:
                relogin = relogin or isinstance(error, InvalidStatus)
                _log.info("%s: connecting again failed: %s", self.name, error)
                continue
            self.reconnects += 1
            for table, followed in self.followed.items():
                with contextlib.suppress(OSError, ConnectionClosed):
                    await self._send(self._subscribe_message(next(self._ids), table, followed))
            return True
        return False  # never reached: the loop above returns

    def _fail_pending(self) -> None:
        for future in self._pending.values():
            if not future.done():
                future.set_exception(
                    ConnectionLost("the connection to the server dropped before the answer")
                )
        self._pending.clear()

    def _take(self, message: Any) -> None:
        if not isinstance(message, dict):
            return
        if self.received is not None:
            self.received.append(message)
        ident = message.get("id")
        if "table" in message and "seq" in message and "id" not in message:
            self._take_update(message)
        elif isinstance(ident, int) and ident in self._pending:
            future = self._pending.pop(ident)
            if not future.done():
                future.set_result(message)
        elif "error" in message:
            _log.warning("%s: the server refused a message: %s", self.name, message["error"])

    def _take_update(self, message: Mapping[str, Any]) -> None:
        table, seq = message["table"], message["seq"]
        followed = self.followed.get(table)
        if followed is None:
            return
        resync = "view" in message
        if not resync and followed.after is not None and seq <= followed.after:
            return  # a repeat: taken already
        followed.after = seq if followed.after is None else max(seq, followed.after)
        shown = message.get("view")
        view = codec.from_json(shown) if shown is not None else None
        event = codec.from_json(message["event"]) if "event" in message else None
        update = Update(
            table=table,
            seq=seq,
            at=float(message.get("at", 0.0)),
            event=event,
            view=view if isinstance(view, TableView) else None,
            resync=resync,
        )
        followed.updates.put_nowait(update)

    async def _send(self, message: Mapping[str, object]) -> None:
        if self._ws is None:
            raise ConnectionLost("not connected")
        await self._ws.send(json.dumps(message, separators=(",", ":")))

    # ----- requests ---------------------------------------------------------------

    async def request(self, message: Mapping[str, object]) -> Any:
        """Send ``message`` with a fresh id and wait for its answer: the
        result, or the floorman error the server refused it with. Waits for a
        dropped connection to come back first (up to the timeout)."""
        if self.gave_up is not None:
            raise ConnectionLost("{why}", why=self.gave_up)
        ident = next(self._ids)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        try:
            async with asyncio.timeout(self.timeout):
                await self._up.wait()
                self._pending[ident] = future
                try:
                    await self._send({"id": ident, **message})
                except ConnectionClosed:
                    raise ConnectionLost("the connection dropped as the message went") from None
                answer = await future
        except TimeoutError:
            raise TimeoutError(
                f"{self.name}: no answer to {json.dumps(message)[:80]} in {self.timeout} s"
            ) from None
        finally:
            self._pending.pop(ident, None)
        if "error" in answer:
            raise error_from(answer["error"])
        return answer.get("result")

    async def command(self, command: c.Command) -> list[int]:
        """Give a cardroom command; the numbers of the entries it logged."""
        result = await self.request({"command": codec.to_json(command)})
        seqs: list[int] = result["seqs"]
        return seqs

    async def view(self, table: int) -> tuple[int, TableView | None]:
        """The table as this client sees it now, and the last number it includes."""
        result = await self.request({"view": table})
        shown = result["view"]
        value = codec.from_json(shown) if shown is not None else None
        return result["seq"], value if isinstance(value, TableView) else None

    def _subscribe_message(self, ident: int, table: int, followed: _Followed) -> dict[str, object]:
        message: dict[str, object] = {"id": ident, "subscribe": table}
        if followed.after is not None:
            message["after"] = followed.after
        if followed.viewer is not None:
            message["as"] = followed.viewer
        return message

    async def subscribe(self, table: int, *, viewer: str | None = None) -> None:
        """Follow ``table`` (as ``viewer``: "player", "observer", "dealer" or
        "floor"): its updates come to :meth:`next_update`, starting with a
        full view, or what was missed since the last number taken."""
        followed = self.followed.setdefault(table, _Followed())
        followed.viewer = viewer
        message = self._subscribe_message(0, table, followed)
        del message["id"]
        await self.request(message)

    async def resync(self, table: int) -> None:
        """Ask again for what ``table`` sent after the last number taken."""
        await self.subscribe(table, viewer=self.followed[table].viewer)

    async def next_update(self, table: int, *, timeout: float | None = None) -> Update | None:
        """The table's next update, or None if none comes within ``timeout``
        seconds (the connection's timeout by default)."""
        queue = self.followed[table].updates
        # asyncio.timeout, not wait_for: Python 3.11's wait_for can swallow a
        # cancellation that comes as the item does, and a task cancelled so
        # would never stop.
        try:
            async with asyncio.timeout(timeout or self.timeout):
                return await queue.get()
        except TimeoutError:
            return None

    def pending_updates(self, table: int) -> list[Update]:
        """Every update of the table already come, taken from its queue."""
        queue, out = self.followed[table].updates, []
        while not queue.empty():
            out.append(queue.get_nowait())
        return out
