"""Crash recovery with real processes: ``floorman serve`` is killed with
SIGKILL at random points in the middle of deals while players play over real
WebSockets, and a new process on the same database goes on.

After each kill a new server process opens the same database (a SQLite file,
and a PostgreSQL 15 database where a cluster can be started); the players'
clients reconnect, each asking for its table's events after the last number
it saw, and play on. At the end: every action the server acknowledged is in
the stored log; each client received every committed event of its table
exactly once, in order, across all its connections; every deal that was
started was finished, none voided (the deal in progress at each kill went on);
and the ledger balances in the cardroom the log adds up to.

Each server is a process of its own, forked from one that imported floorman's
server once (a cold start takes seconds on a loaded machine; the cold
``python -m floorman serve`` is tested in tests/test_server.py), and killed
for real. By default three kill points per database (two with the action
clock), in seconds; ``FLOORMAN_LONG=1`` runs forty (twenty).

No wait is open-ended: a client that gets no answer within ``PATIENCE``, or a
server that does not come up, fails the test saying what it waited for, with
what the servers wrote to standard error. A message refused unread for
coming too fast (the flood answer carries no ``id``) is sent again once the
allowance refills: a client that waited for an answer with its ``id`` to such a
message waited forever, which was the stall this test showed under load.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server needs the server extra: .[server]")
websockets = pytest.importorskip("websockets", reason="the crash test needs .[server]")
httpx = pytest.importorskip("httpx2", reason="the crash test needs httpx2: .[test]")
argon2 = pytest.importorskip("argon2")

from floorman import codec  # noqa: E402
from floorman.clock import ManualClock  # noqa: E402
from floorman.errors import CODES  # noqa: E402
from floorman.server._auth import COOKIE  # noqa: E402
from floorman.server._feed import Feeds  # noqa: E402
from floorman.service import AsPlayer, Cardroom, Entry  # noqa: E402
from floorman.service import commands as c  # noqa: E402
from floorman.store import Role, open_store  # noqa: E402
from floorman.table import events as tev  # noqa: E402
from tests.cardroom_helpers import NL  # noqa: E402
from tests.conftest import sample_size  # noqa: E402
from tests.databases import free_port  # noqa: E402

CHEAP = argon2.PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
PASSWORD = "a good password"
PLAYERS = ("ann", "bob", "cy")
SRC = str(Path(__file__).resolve().parents[1] / "src")

#: Kill points per database: a few by default, many in the long run.
KILLS = sample_size(3, 40)
#: Kill points with the action clock running, and its seconds.
CLOCKED_KILLS = sample_size(2, 20)
CLOCK = 0.2
#: Seconds a client waits for any answer before the test fails saying what it
#: waited for: a wait is never open-ended.
PATIENCE = 60.0
#: Times a client sends a message again that was refused as a flood.
FLOODED = 100


#: A process that has imported floorman's server once and forks a fresh
#: ``floorman serve`` for each line of arguments it reads, answering with the
#: child's pid: each server is a real process of its own, killed for real,
#: without paying the imports (seconds on a loaded machine) at every restart.
_FORKER = """
import os, signal, sys
import uvicorn, websockets
import uvicorn.lifespan.on, uvicorn.loops.auto, uvicorn.protocols.http.auto
import uvicorn.protocols.websockets.auto, uvicorn.protocols.websockets.websockets_impl
import floorman.server.app, floorman.server.commands, sqlalchemy.dialects.sqlite, psycopg
from floorman.cli import main
signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the kernel reaps the killed

def clocked(url, port, action):
    # floorman serve with the house's action clock and time bank (RRP5 dead-hands.1.6)
    from floorman.server.app import create_app
    from floorman.service import TimeLimits
    limits = TimeLimits(action=float(action), bank=float(action), refill=float(action) / 2)
    app = create_app(url, secret=os.environ["FLOORMAN_SECRET"], time_limits=limits)
    uvicorn.run(app, host="127.0.0.1", port=int(port), log_level="warning")
    return 0

for line in sys.stdin:
    pid = os.fork()
    if pid == 0:
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        code = 1
        try:
            argv = line.split()
            code = clocked(*argv[1:]) if argv[0] == "clocked" else main(argv)
        finally:
            os._exit(code)
    print(pid, flush=True)
"""


class Forker:
    """The process that forks the servers; what they write to standard error
    goes to ``log``, for the diagnostics of a failure and to check that a
    client going away is no error of the server's."""

    def __init__(self, log: Path) -> None:
        # Sessions are signed with a fixed secret, so a cookie outlives a restart.
        env = {**os.environ, "PYTHONPATH": SRC, "FLOORMAN_SECRET": "the crash test's secret"}
        self.log = log
        self._err = log.open("ab")
        self.process = subprocess.Popen(
            [sys.executable, "-c", _FORKER],
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._err,
            text=True,
        )

    def said(self, since: int = 0) -> str:
        """What the servers wrote to standard error from byte ``since`` on."""
        with self.log.open("rb") as text:
            text.seek(since)
            return text.read().decode(errors="replace")

    def told(self) -> int:
        """How much the servers have written so far (a mark for :meth:`said`)."""
        return self.log.stat().st_size

    def serve(self, url: str, port: int, *, clock: float | None = None) -> int:
        """Fork ``floorman serve --db URL --port PORT`` (with ``clock``: its
        app with an action clock of that many seconds); its pid."""
        assert self.process.stdin is not None
        assert self.process.stdout is not None
        line = (
            f"serve --db {url} --port {port}" if clock is None else f"clocked {url} {port} {clock}"
        )
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        return int(self.process.stdout.readline())

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=10)
        self._err.close()


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


class Server:
    """``floorman serve`` on a database, as a real process on a free port."""

    def __init__(self, url: str, forker: Forker, *, clock: float | None = None) -> None:
        self.url = url
        self.clock = clock
        self.port = free_port()
        self.forker = forker
        self.pid: int | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        mark = self.forker.told()
        self.pid = self.forker.serve(self.url, self.port, clock=self.clock)
        deadline = time.monotonic() + PATIENCE
        while time.monotonic() < deadline:
            if not alive(self.pid):
                raise AssertionError(f"the server exited on start: {self.forker.said(mark)}")
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(f"{self.base}/health", timeout=1).json()["ok"]:
                    return
            time.sleep(0.01)
        raise AssertionError(f"the server did not come up: {self.forker.said(mark)}")

    def _end(self, sig: signal.Signals) -> None:
        if self.pid is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, sig)
        deadline = time.monotonic() + 10
        while alive(self.pid) and time.monotonic() < deadline:
            time.sleep(0.005)
        self.pid = None

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind runs."""
        self._end(signal.SIGKILL)

    def stop(self) -> None:
        self._end(signal.SIGTERM)


@pytest.fixture(scope="module")
def forker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Forker]:
    started = Forker(tmp_path_factory.mktemp("servers") / "stderr.log")
    try:
        yield started
    finally:
        started.close()


class Down(Exception):
    """The connection to the server went down."""


@dataclass
class Client:
    """One account's WebSocket: what it has seen of table 1 and what was
    acknowledged to it."""

    name: str
    cookie: str = ""
    ws: Any = None
    first: int | None = None  # the seq of the first view it was given
    last: int | None = None  # the last seq it saw of table 1
    seen: list[int] = field(default_factory=list)
    events: dict[int, object] = field(default_factory=dict)  # by seq, as received
    views: int = 0
    acked: list[int] = field(default_factory=list)
    ident: int = 0

    async def connect(self, server: Server) -> None:
        if not self.cookie:
            async with httpx.AsyncClient(timeout=PATIENCE) as http:
                answer = await http.post(
                    f"{server.base}/login", json={"name": self.name, "password": PASSWORD}
                )
            assert answer.status_code == 200, answer.text
            self.cookie = answer.cookies[COOKIE]
        self.ws = await websockets.connect(
            f"ws://127.0.0.1:{server.port}/ws",
            additional_headers={"cookie": f"{COOKIE}={self.cookie}"},
            open_timeout=PATIENCE,
            # A player reads his table's events only when he next asks something;
            # with a bounded queue the library stops reading the socket once
            # they pile up, and then never sees the server die: its close
            # waits out the closing handshake (10 s) and its pings go unanswered.
            max_queue=None,
        )

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
            self.ws = None

    def _take(self, message: dict[str, Any]) -> None:
        if message.get("table") != 1:
            return
        if "view" in message:  # a full view instead of the events missed
            self.views += 1
            self.last = message["seq"]
            if self.first is None:
                self.first = message["seq"]
        elif "event" in message:
            assert self.last is None or message["seq"] > self.last, (self.name, message)
            self.seen.append(message["seq"])
            self.events[message["seq"]] = message["event"]
            self.last = message["seq"]

    async def ask(self, **message: Any) -> dict[str, Any]:
        """Send a message and read up to its answer, keeping the events before
        it. A message refused unread for coming too fast (answered with a null
        ``id``) is sent again once the allowance has refilled."""
        self.ident += 1
        text = json.dumps({"id": self.ident, **message})
        try:
            for _ in range(FLOODED):
                await self.ws.send(text)
                got = await self._answer(text)
                if got is not None:
                    return got
                await asyncio.sleep(0.1)
        except (websockets.ConnectionClosed, OSError) as error:
            raise Down from error
        raise AssertionError(f"{self.name}: refused as a flood {FLOODED} times: {text[:200]}")

    async def _answer(self, text: str) -> dict[str, Any] | None:
        """The answer to the message just sent, or None if it was refused as a flood."""
        while True:
            try:
                raw = await asyncio.wait_for(self.ws.recv(), timeout=PATIENCE)
            except TimeoutError:
                raise AssertionError(
                    f"{self.name}: no answer in {PATIENCE} s to {text[:200]};"
                    f" last seen {self.last}, events {self.seen[-5:]}"
                ) from None
            got: dict[str, Any] = json.loads(raw)
            if got.get("id") == self.ident and ("result" in got or "error" in got):
                return got
            if got.get("id") is None and got.get("error", {}).get("code") == "flood":
                return None
            self._take(got)

    async def subscribe(self) -> None:
        answer = await self.ask(subscribe=1, after=self.last)
        assert "result" in answer, answer

    async def do(self, command: c.Command) -> dict[str, Any]:
        answer = await self.ask(command=codec.to_json(command))
        if "result" in answer:
            self.acked.extend(answer["result"]["seqs"])
        return answer

    async def ok(self, command: c.Command) -> None:
        answer = await self.do(command)
        assert "result" in answer, (command, answer)


def accounts(url: str) -> None:
    with open_store(url, hasher=CHEAP) as store:
        store.accounts.create("fran", PASSWORD, roles=[Role.FLOOR, Role.PLAYER])
        store.accounts.create("root", PASSWORD, roles=[Role.ADMIN])
        for name in PLAYERS:
            store.accounts.create(name, PASSWORD)
            store.accounts.credit(name, 100_000, by="root")


async def step(
    floor: Client,
    players: list[Client],
    rng: random.Random,
    clock: float | None = None,
    *,
    wait: bool = False,
) -> bool:
    """One move at table 1: the player to act acts (checking, calling or
    folding at random, showing or mucking), or the floor starts the next deal
    when none is under way. True when a player acted on a deal under way.
    With an action ``clock``, the player sometimes (``wait``: this time) lets
    his time and his bank run out, and the server's clock rules (RRP5
    dead-hands.1.6)."""
    for player in players:
        shown = (await player.ask(view=1))["result"]["view"]
        if not shown["in_deal"]:
            answer = await floor.do(c.StartDeal(table=1))
            assert "result" in answer, answer
            return False
        legal = shown["legal"]
        if legal is None:
            continue
        if legal["turn"] == "show or muck":
            move = c.Move.MUCK if legal["muck"] and rng.random() < 0.5 else c.Move.SHOW
        elif legal["check"]:
            move = c.Move.CHECK
        elif legal["call"] and rng.random() < 0.8:
            move = c.Move.CALL
        else:
            move = c.Move.FOLD
        if clock is not None and (rng.random() < 0.2 or wait):
            await asyncio.sleep(clock * 3)
            return True
        answer = await player.do(c.Act(player=player.name, move=move))
        # With a clock running, the turn may have been ruled meanwhile.
        if clock is None or "result" in answer:
            assert "result" in answer, answer
        else:
            assert answer["error"]["code"] in CODES, answer
        return True
    if clock is not None:
        # The clock moved the turn on while the players looked: look again.
        return True
    raise AssertionError("nobody may act on a deal under way")


async def play_until_killed(
    server: Server, floor: Client, players: list[Client], rng: random.Random
) -> None:
    """Play on until, after a random number of moves of a deal, a command is
    sent and the server is killed a random moment later (before, while or
    after its entries are committed)."""
    moves = rng.randint(0, 4)
    made = 0
    killer: asyncio.Task[None] | None = None

    async def kill_soon() -> None:
        await asyncio.sleep(rng.uniform(0.0, 0.006))
        server.kill()

    try:
        while True:
            if made == moves and killer is None:
                killer = asyncio.create_task(kill_soon())
            made = made + 1 if await step(floor, players, rng, server.clock) else 0
    except Down:
        pass
    finally:
        if killer is not None:
            await killer


async def play_out(
    floor: Client, players: list[Client], rng: random.Random, clock: float | None
) -> None:
    """Play the deal under way to its end."""
    while True:
        shown = (await players[0].ask(view=1))["result"]["view"]
        if not shown["in_deal"]:
            return
        await step(floor, players, rng, clock)


def deal_in_progress(url: str) -> int | None:
    """The number of the deal the store says is under way at table 1, if any."""
    with open_store(url, hasher=CHEAP) as store:
        entries = store.entries(table=1)
    started = [e.event.number for e in entries if isinstance(e.event, tev.DealStarted)]
    finished = {e.event.number for e in entries if isinstance(e.event, tev.DealFinished)}
    return started[-1] if started and started[-1] not in finished else None


async def night(
    url: str, forker: Forker, rng: random.Random, kills: int, clock: float | None = None
) -> tuple[list[Client], list[int]]:
    """Play with ``kills`` crashes; the clients and the deals under way at each."""
    accounts(url)
    server = Server(url, forker, clock=clock)
    floor = Client("fran")
    players = [Client(name) for name in PLAYERS]
    cut: list[int] = []
    try:
        await asyncio.to_thread(server.start)
        for client in (floor, *players):
            await client.connect(server)
        await floor.ok(c.OpenGame(table=1, kind=NL, seats=6))
        for player in players:
            await player.ok(c.SignUp(player=player.name, kind=NL))
            await player.ok(c.TakeSeat(player=player.name, table=1, chips=500))
        await floor.ok(c.StartGame(table=1))
        for player in players:
            await player.subscribe()
        if clock is not None:
            # A turn runs out before the first crash, whatever the dice say.
            while not await step(floor, players, rng, clock, wait=True):
                pass
        for _ in range(kills):
            await play_until_killed(server, floor, players, rng)
            for client in (floor, *players):
                await client.close()
            under_way = deal_in_progress(url)
            if under_way is not None:
                cut.append(under_way)
            await asyncio.to_thread(server.start)
            for client in (floor, *players):
                await client.connect(server)
            # Each asks for what it missed after the last number it saw.
            for player in players:
                await player.subscribe()
            # The deal in progress goes on: the view says so before anyone acts.
            # (A clock may have ruled the rest of it while the server was down.)
            if under_way is not None and clock is None:
                shown = (await players[0].ask(view=1))["result"]["view"]
                assert shown["in_deal"], shown
        await play_out(floor, players, rng, clock)
        for player in players:  # whatever is still on its way
            await player.ask(view=1)
    finally:
        for client in (floor, *players):
            await client.close()
        server.stop()
    return [floor, *players], cut


def check_night(url: str, clients: list[Client], cut: list[int], seed: int) -> list[Entry]:
    """What a night of crashes must leave: see the module's docstring."""
    with open_store(url, hasher=CHEAP) as store:
        entries = store.entries()
    stored = {e.seq for e in entries}
    table = [e.seq for e in entries if e.table == 1]
    # Every acknowledged action is in the stored log.
    for client in clients:
        assert set(client.acked) <= stored, (seed, client.name)
    # Each client got every committed event of its table after its first view
    # exactly once, in order, across its connections, and never a view again.
    for client in clients[1:]:
        assert client.first is not None
        assert client.seen == [s for s in table if s > client.first], (seed, client.name)
        assert client.views == 1, (seed, client.name)
    # What each received is what the store holds at that number, redacted
    # for it: nothing acknowledged or pushed was lost or renumbered.
    kept = {k.entry.seq: k for k in Feeds().follow(entries)}
    for client in clients[1:]:
        viewer = AsPlayer(client.name)
        for number, event in client.events.items():
            assert kept[number].message(viewer)["event"] == event, (seed, client.name, number)
        assert {s for s in client.acked if s > (client.first or 0)} <= set(client.seen)
    # Every deal started was finished, none voided: those cut went on.
    started = [e.event.number for e in entries if isinstance(e.event, tev.DealStarted)]
    finished = [e.event for e in entries if isinstance(e.event, tev.DealFinished)]
    assert started == [f.number for f in finished], seed
    assert not any(f.voided for f in finished), seed
    assert set(cut) <= set(started)
    # The chips add up in the cardroom the log adds up to.
    rebuilt = Cardroom.rebuild(entries, clock=ManualClock(seconds=entries[-1].at))
    assert rebuilt.audit() == [], seed
    assert rebuilt.chips_in_play() == rebuilt.ledger.balance() == 1500
    return entries


def test_a_killed_server_loses_no_acknowledged_action_and_the_deal_goes_on(
    database: str, forker: Forker
) -> None:
    seed = random.randrange(1 << 32)
    mark = forker.told()
    clients, cut = asyncio.run(night(database, forker, random.Random(seed), KILLS))
    print(f"seed {seed}: {KILLS} kills, deals cut {cut}")
    check_night(database, clients, cut, seed)
    # Clients coming and going, and servers killed, are no error of the server's.
    assert "Traceback" not in forker.said(mark), forker.said(mark)


def test_dead_hands_1_6_a_killed_servers_clock_rules_the_turns_run_out_and_goes_on(
    database: str, forker: Forker
) -> None:
    seed = random.randrange(1 << 32)
    mark = forker.told()
    clients, cut = asyncio.run(
        night(database, forker, random.Random(seed), CLOCKED_KILLS, clock=CLOCK)
    )
    print(f"seed {seed}: {CLOCKED_KILLS} kills with a clock, deals cut {cut}")
    entries = check_night(database, clients, cut, seed)
    # The server's clock ruled turns run out, before and after the crashes.
    ruled = [e for e in entries if type(e.event).__name__ == "TurnTimedOut"]
    assert ruled, seed
    assert "Traceback" not in forker.said(mark), forker.said(mark)


def test_a_frame_past_the_sockets_limit_closes_that_connection_only(
    tmp_path: Path, forker: Forker
) -> None:
    url = f"sqlite:///{tmp_path / 'floorman.db'}"
    accounts(url)
    server = Server(url, forker)

    async def hostile() -> None:
        ann, bob = Client("ann"), Client("bob")
        try:
            await ann.connect(server)
            await bob.connect(server)
            # Past uvicorn's limit the frame is never read: the connection closes.
            with pytest.raises(Down):
                await ann.ask(view="x" * (2 << 20))
            assert ann.ws.close_code == 1009
            # A flood of commands over the real socket: refused or answered, nothing lost.
            for n in range(300):
                await bob.ws.send(json.dumps({"id": n, "command": {"type": "command.Nothing"}}))
            for _ in range(300):
                answer = json.loads(await asyncio.wait_for(bob.ws.recv(), timeout=PATIENCE))
                assert answer["error"]["code"] in {"bad_message", "notation", "flood"}, answer
            # The allowance spent, a message is refused unread until it refills.
            assert "result" in await bob.ask(view=1)
            # A client that goes while answers are on their way is no error.
            for n in range(50):
                await bob.ws.send(json.dumps({"id": n, "view": 1}))
            bob.ws.transport.abort()
        finally:
            await ann.close()
            await bob.close()

    mark = forker.told()
    try:
        server.start()
        asyncio.run(hostile())
        assert httpx.get(f"{server.base}/health").json() == {"ok": True, "seq": -1, "tables": []}
    finally:
        server.stop()
    said = forker.said(mark)
    assert "Traceback" not in said, said
    assert "Exception" not in said, said
