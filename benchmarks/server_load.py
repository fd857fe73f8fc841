"""The server under load: tables of six bots each, over real WebSockets on loopback.

Usage::

    python benchmarks/server_load.py [--tables N] [--mode people|flat|both]
        [--db sqlite|postgresql|both] [--seconds S] [--warmup W] [--bot-procs K] [--quick]

Three kinds of process, so that no side measures itself: the server (floorman's
app under uvicorn, as ``floorman serve`` runs it, with the house dealer
starting each next deal), and ``--bot-procs`` bot processes, each one asyncio
loop holding the connections of its share of the tables. The benchmark makes
its own database in a temporary directory (PostgreSQL: a throwaway cluster of
its own, fsync on), its admin and its bots' accounts, credited; the admin opens
the tables over the protocol and the bots sit. Every process it started is
stopped at the end, on Ctrl-C or failure too.

Two modes:

- ``people``: each bot thinks 0.5 to 2 s before each decision (uniform, seeded),
  and the house dealer pauses 2 s between deals. The goal on a 2-core machine:
  200 tables of 6 with p99 latency under 50 ms.
- ``flat``: the bots answer at once and the dealer deals at once: the most
  actions a second one server process carries, every command's entries
  committed before its answer.

Latency is from a command to its event reaching every client at the table:
the acting client notes the monotonic clock as it sends; each of the table's
six clients notes when the first entry the command logged for the table
arrives; latency = the last arrival - the send (one bot process holds a
whole table, so one clock). Only commands sent inside the measurement window
count. Each table is driven by one task: one client of the table asks for
its view (which says whose turn it is, who owes a post, who is broke), the
player to act asks for his own (his cards and his options) and decides with
floorman's bots (:mod:`floorman.bots`). The other clients only note arrivals,
so the bots' side decodes little. The server's and the bots' processor use
over the window are reported; a bots' process near 100 % of a core is said to
be a bottleneck.

The server here is ``floorman serve``'s app with one change: argon2 is made
cheap, because its default cost would make the 1,200 log-ins of 200 tables
take minutes of the server's processor before the run begins (nothing in the
measured window hashes a password).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import random
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import cpu_model, markdown_table, progress, verdict

PASSWORD = "a benchmark password"
ADMIN = "root"
PER_TABLE = 6
CHIPS = 200
CREDIT = 10_000_000
KIND = "1/2 no-limit holdem"
THINK = (0.5, 2.0)
PEOPLE_PAUSE = 2.0
IDLE = 2.0
GOAL_TABLES, GOAL_P99 = 200, 0.050
#: The most messages a second each bot's connection sends (the server's limit is 50).
SEND_RATE = 40.0
PG_BIN = Path("/usr/lib/postgresql/15/bin")


# ----- the bots' side (a child process) ------------------------------------------


def _cheap_hasher() -> Any:
    import argon2

    return argon2.PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


def _client_class() -> Any:
    from floorman.client.connection import Connection

    class Client(Connection):
        """A connection that notes when each of its tables' entries arrives,
        and wakes its driver, without decoding the event."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.arrivals: dict[int, float] = {}
            self.finished: list[float] = []
            self.wake = asyncio.Event()
            self._next_send = 0.0

        async def request(self, message: Any) -> Any:
            # Each connection keeps under the server's flood limit (50 messages
            # a second): a small room played flat out would pass it.
            now = time.monotonic()
            wait = self._next_send - now
            self._next_send = max(now, self._next_send) + 1 / SEND_RATE
            if wait > 0:
                await asyncio.sleep(wait)
            return await super().request(message)

        def _take_update(self, message: Any) -> None:
            now = time.monotonic()
            if "view" not in message:
                self.arrivals.setdefault(message["seq"], now)
                event = message.get("event")
                if isinstance(event, dict) and str(event.get("type", "")).endswith("DealFinished"):
                    self.finished.append(now)
            self.wake.set()

    return Client


@dataclass
class _Sent:
    table: int
    at: float
    seq: int
    clients: list[Any]


@dataclass
class _Tally:
    sent: list[_Sent] = field(default_factory=list)
    errors: int = 0


async def _drive_table(
    table: int,
    clients: list[Any],
    bots: dict[str, Any],
    rng: random.Random,
    think: tuple[float, float] | None,
    tally: _Tally,
) -> None:
    """Play the table for ever: look, let the one who must act decide, send."""
    from floorman.deal.legal import Turn
    from floorman.errors import FloormanError
    from floorman.ids import PlayerId
    from floorman.service import commands as c

    by_name = {client.name: client for client in clients}
    for turn in itertools.count():
        # The look goes round the table's clients: no client's messages come
        # near the flood limit the server sets on each connection.
        looker = clients[turn % len(clients)]
        looker.wake.clear()
        try:
            _seq, seen = await looker.view(table)
        except (FloormanError, TimeoutError):
            tally.errors += 1
            await asyncio.sleep(0.2)
            continue
        actor, command = None, None
        if seen is not None and seen.in_deal:
            if seen.turn in (Turn.BET, Turn.DRAW, Turn.SHOW) and seen.to_act is not None:
                name = next((s.player for s in seen.seats if s.seat == seen.to_act), None)
                actor = by_name.get(str(name))
                if actor is not None:
                    _seq, mine = await actor.view(table)
                    if mine is not None and mine.legal is not None:
                        command = bots[actor.name].choose(mine)
        elif seen is not None:
            for s in seen.seats:
                actor = by_name.get(str(s.player))
                if actor is None:
                    continue
                if s.owes:
                    command = c.Choose(player=PlayerId(actor.name), post=True)
                    break
                if s.stack == 0 and not s.away:
                    command = c.Buy(player=PlayerId(actor.name), chips=CHIPS)
                    break
        if command is None or actor is None:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(IDLE):
                    await looker.wake.wait()
            continue
        if think is not None:
            await asyncio.sleep(rng.uniform(*think))
        at = time.monotonic()
        try:
            seqs = await actor.command(command)
        except (FloormanError, TimeoutError):
            tally.errors += 1  # the table moved on (or a refusal): look again
            continue
        ours = [s for s in seqs if s in actor.arrivals]
        if ours:
            tally.sent.append(_Sent(table, at, min(ours), clients))


async def _seat_table(base: str, table: int, names: Sequence[str], admin: Any) -> list[Any]:
    from floorman.ids import PlayerId
    from floorman.service import commands as c

    client_class = _client_class()
    clients = []
    for name in names:
        client = client_class(base, name, PASSWORD, timeout=30.0)
        await client.open()
        await client.subscribe(table)
        await client.command(c.TakeSeat(player=PlayerId(name), table=table, chips=CHIPS, post=True))
        clients.append(client)
    await admin(c.StartGame(table=table))
    return clients


async def _bots_main(spec: dict[str, Any]) -> dict[str, Any]:
    """One bot process: seat its tables, say ready, wait for go, warm up,
    measure, and give the figures."""
    from floorman.bots import KINDS
    from floorman.client.netbots import parse_kind
    from floorman.service import commands as c

    base, tables = spec["base"], spec["tables"]
    rng = random.Random(spec["seed"])
    client_class = _client_class()
    house = client_class(base, ADMIN, PASSWORD, timeout=30.0)
    await house.open()
    paced = asyncio.Lock()

    async def admin(command: Any) -> None:
        # One connection, kept under the server's flood limit (50 a second).
        async with paced:
            await house.command(command)
            await asyncio.sleep(1 / 40)

    for table in tables:
        await admin(c.OpenGame(table=table, kind=parse_kind(KIND), seats=PER_TABLE))
    gate = asyncio.Semaphore(16)

    async def seat(table: int) -> list[Any]:
        async with gate:
            names = [f"b{table}x{i}" for i in range(PER_TABLE)]
            return await _seat_table(base, table, names, admin)

    seated = await asyncio.gather(*(seat(t) for t in tables))
    bots = {
        client.name: rng.choice(KINDS)(random.Random(rng.getrandbits(64)))
        for clients in seated
        for client in clients
    }
    print("ready", flush=True)
    await asyncio.to_thread(sys.stdin.readline)  # go
    think = tuple(THINK) if spec["mode"] == "people" else None
    tally = _Tally()
    tasks = [
        asyncio.create_task(
            _drive_table(t, clients, bots, random.Random(rng.getrandbits(64)), think, tally)  # type: ignore[arg-type]
        )
        for t, clients in zip(tables, seated, strict=True)
    ]
    await asyncio.sleep(spec["warmup"])
    start, cpu0 = time.monotonic(), time.process_time()
    await asyncio.sleep(spec["seconds"])
    end, cpu1 = time.monotonic(), time.process_time()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    await asyncio.sleep(0.5)  # the last events of the window arrive
    latencies, unresolved, actions = [], 0, 0
    for sent in tally.sent:
        if not start <= sent.at < end:
            continue
        actions += 1
        arrivals = [client.arrivals.get(sent.seq) for client in sent.clients]
        if any(a is None for a in arrivals):
            unresolved += 1
            continue
        latencies.append(max(a for a in arrivals if a is not None) - sent.at)
    deals = sum(1 for clients in seated for at in clients[0].finished if start <= at < end)
    for clients in seated:
        for client in clients:
            with contextlib.suppress(Exception):
                await client.close()
    with contextlib.suppress(Exception):
        await house.close()
    return {
        "window": end - start,
        "cpu": cpu1 - cpu0,
        "actions": actions,
        "deals": deals,
        "latencies": latencies,
        "unresolved": unresolved,
        "errors": tally.errors,
    }


# ----- the server's side (a child process) ---------------------------------------


def _serve_main(url: str, port: int, pause: float) -> None:
    """``floorman serve``'s app under uvicorn, with cheap argon2 (see the module's doc)."""
    import uvicorn

    from floorman.server import create_app

    app = create_app(url, hasher=_cheap_hasher(), deal_pause=pause)
    uvicorn.run(
        app,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        ws_max_size=1 << 20,
        ws_per_message_deflate=False,  # as floorman serve
    )


# ----- the conductor ---------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def _postgres() -> Iterator[str]:
    """A throwaway PostgreSQL 15 cluster (fsync on, as in production); its URL."""
    given = os.environ.get("FLOORMAN_PG", "").strip()
    if given:
        yield given
        return
    root = Path(tempfile.mkdtemp(prefix="floorman-load-pg-"))
    runas: list[str] = []
    if os.geteuid() == 0:  # initdb refuses root
        runas = ["runuser", "-u", "postgres", "--"]
        shutil.chown(root, "postgres", "postgres")
    data, port = root / "data", _free_port()

    def run(*argv: object) -> None:
        subprocess.run([*runas, *map(str, argv)], check=True, capture_output=True)

    started = False
    try:
        run(PG_BIN / "initdb", "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8")
        options = f"-p {port} -k {root} -c listen_addresses=''"
        run(PG_BIN / "pg_ctl", "-D", data, "-l", root / "log", "-o", options, "-w", "start")
        started = True
        yield f"postgresql://postgres@/postgres?host={root}&port={port}"
    finally:
        if started:
            with contextlib.suppress(Exception):
                run(PG_BIN / "pg_ctl", "-D", data, "-m", "immediate", "-w", "stop")
        shutil.rmtree(root, ignore_errors=True)


def _pg_database(server: str) -> str:
    import sqlalchemy as sa

    from floorman.store import database_url

    name = f"floorman_load_{secrets.token_hex(6)}"
    admin = sa.create_engine(database_url(server), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as db:
            db.exec_driver_sql(f"CREATE DATABASE {name}")
    finally:
        admin.dispose()
    return database_url(server).set(database=name).render_as_string(hide_password=False)


def _prepare(url: str, tables: int) -> None:
    """The admin and every bot's account, credited, straight into the store."""
    from floorman.store import Role, open_store

    with open_store(url, hasher=_cheap_hasher()) as store:
        store.accounts.create(ADMIN, PASSWORD, roles=list(Role))
        for table in range(1, tables + 1):
            for i in range(PER_TABLE):
                name = f"b{table}x{i}"
                store.accounts.create(name, PASSWORD)
                store.accounts.credit(name, CREDIT, by=ADMIN, note="the benchmark's bots")


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _stop(process: subprocess.Popen[Any]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@dataclass
class Result:
    """One run's figures."""

    db: str
    mode: str
    tables: int
    window: float
    actions: int
    deals: int
    latencies: list[float]
    unresolved: int
    errors: int
    server_cpu: float
    bots_cpu: list[float]

    def pct(self, q: float) -> float:
        """The ``q`` quantile of the latencies (seconds)."""
        ordered = sorted(self.latencies)
        if not ordered:
            return float("nan")
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _child_env() -> dict[str, str]:
    env = dict(os.environ)
    src = str(Path(__file__).resolve().parent.parent / "src")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (src, env.get("PYTHONPATH", "")) if p)
    return env


def _py_spy() -> list[str]:
    beside = Path(sys.executable).with_name("py-spy")
    found = str(beside) if beside.exists() else shutil.which("py-spy")
    if found is None:
        raise RuntimeError("--profile needs py-spy (pip install py-spy)")
    return [found]


def run_one(
    url: str,
    *,
    db: str,
    mode: str,
    tables: int,
    seconds: float,
    warmup: float,
    procs: int,
    profile: str | None = None,
) -> Result:
    """Serve the store at ``url`` and drive ``tables`` tables of bots against it;
    with ``profile``, py-spy samples the server over the window into that file
    (collapsed stacks)."""
    progress(f"{db}, {mode}: {tables} tables x {PER_TABLE} bots: making the accounts")
    _prepare(url, tables)
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    pause = PEOPLE_PAUSE if mode == "people" else 0.0
    me = str(Path(__file__).resolve())
    started: list[subprocess.Popen[Any]] = []
    try:
        server = subprocess.Popen(
            [sys.executable, me, "--serve-child", url, str(port), str(pause)], env=_child_env()
        )
        started.append(server)
        for _ in range(300):
            with contextlib.suppress(OSError):
                urllib.request.urlopen(f"{base}/health", timeout=1).read()
                break
            if server.poll() is not None:
                raise RuntimeError(f"the server stopped (exit {server.returncode})")
            time.sleep(0.1)
        else:
            raise RuntimeError("the server did not answer /health in 30 s")
        shares = [list(range(1 + k, tables + 1, procs)) for k in range(min(procs, tables))]
        bots = []
        for k, share in enumerate(shares):
            spec = {
                "base": base,
                "tables": share,
                "mode": mode,
                "seed": 1000 + k,
                "warmup": warmup,
                "seconds": seconds,
            }
            bots.append(
                subprocess.Popen(
                    [sys.executable, me, "--bots-child", json.dumps(spec)],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    text=True,
                    env=_child_env(),
                )
            )
            started.append(bots[-1])
        progress(f"{db}, {mode}: seating the bots")
        for process in bots:
            assert process.stdout is not None
            if process.stdout.readline().strip() != "ready":
                raise RuntimeError("a bots' process failed while seating its bots")
        progress(f"{db}, {mode}: playing ({warmup:g} s warm-up, {seconds:g} s measured)")
        for process in bots:
            assert process.stdin is not None
            process.stdin.write("go\n")
            process.stdin.flush()
        time.sleep(warmup)
        cpu0 = _cpu_seconds(server.pid)
        if profile is not None:
            spy = [*_py_spy(), "record", "--pid", str(server.pid), "--duration"]
            spy += [str(max(1, int(seconds))), "--format", "raw", "--output", profile]
            started.append(subprocess.Popen(spy, stdout=subprocess.DEVNULL))
        time.sleep(seconds)
        cpu1 = _cpu_seconds(server.pid)
        reports = []
        for process in bots:
            assert process.stdout is not None
            line = process.stdout.readline()
            if process.wait(timeout=120) != 0 or not line:
                raise RuntimeError("a bots' process failed")
            reports.append(json.loads(line))
        window = statistics.fmean(r["window"] for r in reports)
        return Result(
            db=db,
            mode=mode,
            tables=tables,
            window=window,
            actions=sum(r["actions"] for r in reports),
            deals=sum(r["deals"] for r in reports),
            latencies=[x for r in reports for x in r["latencies"]],
            unresolved=sum(r["unresolved"] for r in reports),
            errors=sum(r["errors"] for r in reports),
            server_cpu=(cpu1 - cpu0) / seconds,
            bots_cpu=[r["cpu"] / r["window"] for r in reports],
        )
    finally:
        for process in reversed(started):
            _stop(process)


def _row(r: Result) -> list[str]:
    return [
        r.db,
        r.mode,
        f"{r.tables} x {PER_TABLE}",
        f"{r.deals / r.window:,.1f}",
        f"{r.actions / r.window:,.1f}",
        f"{r.pct(0.50) * 1000:,.1f}",
        f"{r.pct(0.99) * 1000:,.1f}",
        f"{len(r.latencies):,}" + (f" ({r.unresolved} unseen)" if r.unresolved else ""),
        f"{r.server_cpu:.0%}",
        " + ".join(f"{c:.0%}" for c in r.bots_cpu),
    ]


def _loadavg() -> str:
    with contextlib.suppress(OSError):
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    return "unknown"


def _interrupted(_signal: int, _frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its report (markdown) on standard output."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=None, help="tables of 6 bots (200)")
    parser.add_argument("--mode", choices=("people", "flat", "both"), default="both")
    parser.add_argument("--db", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--seconds", type=float, default=None, help="measured (30)")
    parser.add_argument("--warmup", type=float, default=None, help="before measuring (10)")
    parser.add_argument("--bot-procs", type=int, default=1, help="bot processes (1)")
    parser.add_argument("--quick", action="store_true", help="a smoke run of seconds")
    parser.add_argument(
        "--profile",
        metavar="PREFIX",
        help="sample the server with py-spy over each window into PREFIX-DB-MODE.txt",
    )
    parser.add_argument("--serve-child", nargs=3, help=argparse.SUPPRESS)
    parser.add_argument("--bots-child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve_child:
        url, port, pause = args.serve_child
        with contextlib.suppress(KeyboardInterrupt):
            _serve_main(url, int(port), float(pause))
        return 0
    if args.bots_child:
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # the conductor stops us
        report = asyncio.run(_bots_main(json.loads(args.bots_child)))
        print(json.dumps(report), flush=True)
        return 0
    # Stopped either way, it stops what it started (a shell's background job
    # may have SIGINT ignored: Ctrl-C and kill -INT must still reach it).
    signal.signal(signal.SIGTERM, _interrupted)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    tables = args.tables or (2 if args.quick else GOAL_TABLES)
    seconds = args.seconds or (3.0 if args.quick else 30.0)
    warmup = args.warmup if args.warmup is not None else (2.0 if args.quick else 10.0)
    dbs = ("sqlite", "postgresql") if args.db == "both" else (args.db,)
    modes = ("people", "flat") if args.mode == "both" else (args.mode,)
    results: list[Result] = []
    load_before = _loadavg()
    cluster: str | None = None
    with contextlib.ExitStack() as stack:
        for db in dbs:
            for mode in modes:
                temp = Path(
                    stack.enter_context(tempfile.TemporaryDirectory(prefix="floorman-load-"))
                )
                if db == "sqlite":
                    url = f"sqlite:///{temp / 'load.db'}"
                else:
                    if cluster is None:  # one cluster for the run, a database per mode
                        cluster = stack.enter_context(_postgres())
                    url = _pg_database(cluster)
                results.append(
                    run_one(
                        url,
                        db=db,
                        mode=mode,
                        tables=tables,
                        seconds=seconds,
                        warmup=warmup,
                        procs=args.bot_procs,
                        profile=f"{args.profile}-{db}-{mode}.txt" if args.profile else None,
                    )
                )
    header = [
        "db",
        "mode",
        "tables",
        "deals/s",
        "actions/s",
        "p50 ms",
        "p99 ms",
        "samples",
        "server CPU",
        "bots CPU",
    ]
    print(f"## Server load ({cpu_model()}, {os.cpu_count()} cores)\n")
    print(markdown_table(header, [_row(r) for r in results]))
    print(
        f"\nMeasured {seconds:g} s after {warmup:g} s of warm-up; load average"
        f" {load_before} before, {_loadavg()} after (the machine may be shared)."
        " CPU: share of one core over the window."
    )
    for r in results:
        if any(c > 0.9 for c in r.bots_cpu):
            print(
                f"- {r.db}, {r.mode}: a bots' process used over 90 % of a core: the bots"
                " may be the bottleneck (try --bot-procs 2)"
            )
        if r.mode == "people" and r.tables >= GOAL_TABLES:
            p99 = r.pct(0.99)
            print(
                verdict(
                    p99 < GOAL_P99,
                    f"{r.db}: {r.tables} tables x {PER_TABLE}, p99 {p99 * 1000:.1f} ms"
                    f" (goal under {GOAL_P99 * 1000:.0f} ms)",
                )
            )
        if not r.latencies:
            print(f"- {r.db}, {r.mode}: no command was measured")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
