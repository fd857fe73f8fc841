"""A real server on a free port of this machine, in the test's own event loop,
for the network client's tests: uvicorn serving :func:`floorman.server.create_app`
over a SQLite file, with an admin and cheap password hashing.

Every wait is bounded: :func:`within` fails the test with a message saying
what did not happen, never hangs.
"""

from __future__ import annotations

import asyncio
import contextlib
import faulthandler
import queue
import random
import tempfile
import threading
import traceback
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import argon2
import uvicorn

from floorman.clock import ManualClock
from floorman.server import create_app
from floorman.shuffle import SeededShuffler
from floorman.store import Role, open_store

CHEAP = argon2.PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
PASSWORD = "a good password"
T = TypeVar("T")


@dataclass
class Served:
    """A server up: its address, its app and its database."""

    base: str
    app: Any
    url: str

    @property
    def host(self) -> Any:
        return self.app.state.host()


async def within(seconds: float, awaitable: Awaitable[T], what: str) -> T:
    """Await ``awaitable`` for at most ``seconds``; past that the test fails saying ``what``."""
    try:
        async with asyncio.timeout(seconds):
            return await awaitable
    except TimeoutError:
        raise AssertionError(f"{what}: not done within {seconds} s") from None


def make_room(path: Path, *players: str) -> str:
    """A SQLite store with the admin ``root`` and ``players`` credited 1000; its URL."""
    url = f"sqlite:///{path / 'room.db'}"
    with open_store(url, hasher=CHEAP) as store:
        store.accounts.create("root", PASSWORD, roles=[Role.ADMIN])
        for name in players:
            store.accounts.create(name, PASSWORD)
            store.accounts.credit(name, 1000, by="root")
    return url


@contextlib.asynccontextmanager
async def serving(
    url: str,
    *,
    deal_pause: float | None = 0.0,
    seed: int = 7,
    welcome: tuple[str, int] | None = None,
) -> AsyncIterator[Served]:
    """Serve the store at ``url`` on a free port until the block ends."""
    app = create_app(
        url,
        clock=ManualClock(),
        shuffler=SeededShuffler(seed),
        secret="test secret",
        hasher=CHEAP,
        messages=(1000.0, 1000.0),
        deal_pause=deal_pause,
        welcome=welcome,
    )
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=0,
        log_level="warning",
        lifespan="on",
        timeout_graceful_shutdown=2,
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    try:
        for _ in range(200):
            if server.started or task.done():
                break
            await asyncio.sleep(0.02)
        if not server.started:
            raise AssertionError("the test server did not start within 4 s")
        port = server.servers[0].sockets[0].getsockname()[1]
        yield Served(base=f"http://127.0.0.1:{port}", app=app, url=url)
    finally:
        server.should_exit = True
        with contextlib.suppress(Exception):
            async with asyncio.timeout(10):
                await task


@contextlib.contextmanager
def served_in_thread(
    url: str,
    *,
    bots: int = 0,
    deal_pause: float | None = 0.0,
    welcome: tuple[str, int] | None = None,
) -> Iterator[tuple[str, list[Any]]]:
    """Serve ``url`` from a thread of its own (its own event loop), with
    ``bots`` bots seated at a new table by the admin and playing, so that a
    command line that runs its own event loop can be its client; the
    address and the bots."""
    from floorman.client.netbots import play_bots, seat_bots

    ready: queue.Queue[tuple[str, list[Any]] | BaseException] = queue.Queue()
    stop = threading.Event()

    loops: list[asyncio.AbstractEventLoop] = []
    crashed: list[BaseException | None] = []

    async def main() -> None:
        loops.append(asyncio.get_running_loop())
        async with serving(url, deal_pause=deal_pause, welcome=welcome) as served:
            seated: list[Any] = []
            if bots:
                seated = await seat_bots(
                    served.base,
                    tables=1,
                    per_table=bots,
                    admin=("root", PASSWORD),
                    rng=random.Random(2),
                    timeout=5.0,
                    say=lambda _s: None,
                )
            playing = asyncio.create_task(play_bots(seated))
            ready.put((served.base, seated))
            while not stop.is_set():
                await asyncio.sleep(0.05)
            if playing.done() and not playing.cancelled() and playing.exception() is not None:
                # The bots stopped by an error while the test ran: say so, as
                # a table whose bots stopped stalls and fails elsewhere unexplained.
                crashed.append(playing.exception())
            playing.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await playing

    def run() -> None:
        try:
            asyncio.run(main())
        except BaseException as error:
            ready.put(error)

    thread = threading.Thread(target=run, daemon=True, name="floorman-test-server")
    thread.start()
    try:
        got = ready.get(timeout=30)
    except queue.Empty:
        raise AssertionError("the test server did not start within 30 s") from None
    if isinstance(got, BaseException):
        raise AssertionError(f"the test server failed: {got!r}")
    try:
        yield got
    finally:
        stop.set()
        thread.join(timeout=15)
        if thread.is_alive():
            with tempfile.TemporaryFile("w+") as dump:
                faulthandler.dump_traceback(dump, all_threads=True)
                dump.seek(0)
                stacks = dump.read()
            # What the server's loop still runs (read from here: for the message only).
            tasks = [
                f"{task.get_name()}: {frame.f_code.co_filename}:{frame.f_lineno}"
                for task in (asyncio.all_tasks(loops[0]) if loops else ())
                for frame in task.get_stack(limit=1)
            ]
            raise AssertionError(
                f"the test server did not stop within 15 s\n{stacks}\n" + "\n".join(tasks)
            )
        if crashed:
            error = crashed[0]
            trace = "".join(traceback.format_exception(error)) if error is not None else ""
            raise AssertionError(f"the bots stopped playing on an error:\n{trace}")


def run_in_thread(seconds: float, what: str, call: Callable[[], T]) -> T:
    """``call()`` in a thread, failing the test saying ``what`` if it takes
    more than ``seconds`` (the thread is a daemon: it cannot hold the run up)."""
    out: queue.Queue[tuple[bool, Any]] = queue.Queue()

    def run() -> None:
        try:
            out.put((True, call()))
        except BaseException as error:
            out.put((False, error))

    threading.Thread(target=run, daemon=True, name="floorman-test-call").start()
    try:
        ok, value = out.get(timeout=seconds)
    except queue.Empty:
        raise AssertionError(f"{what}: not done within {seconds} s") from None
    if not ok:
        raise value
    result: T = value
    return result
