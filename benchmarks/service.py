"""Benchmark the cardroom service against the dealer it drives, and the cardroom
log's rebuild.

Run it directly::

    .venv/bin/python benchmarks/service.py [--quick] [--deals N] [--log-deals L]
                                           [--repeat R] [--seed S]

1. **The service's overhead.** Six bots (two each of floorman's calling
   station, tight and aggressive players, seeded) play N deals (default
   2,000) of six-max no-limit hold'em 1/2 and of six-handed limit seven-card
   stud 2/4, stacks of 200, a player who loses them all buying 200 more. The
   bots play once, untimed, on a :class:`floorman.table.Table`; what they did
   becomes a script. The script is then timed twice: on a ``Table`` alone (the
   dealer: ``start_deal``, ``apply``, ``buy``) and through a
   :class:`floorman.service.Cardroom`'s commands (``StartDeal``, ``Act``,
   ``Buy``), which also keeps the floor, the cage's ledger and the cardroom
   log, and answers each command with its log entries. Both start from the
   same seats, button and shuffler state (the cardroom's own, after its draw
   for the button), so they deal the same cards; the run checks that both
   tables log the same events and end with the same stacks. The overhead is
   how much longer the cardroom takes: ``time(cardroom) / time(table) - 1``.
2. **Rebuilding from the log.** The cardroom plays L deals (default 10,000)
   of the same hold'em game; its log is saved as JSON lines
   (``dumps_entries``), then read back (``loads_entries``) and rebuilt
   (``Cardroom.rebuild``), each timed on its own and the two together. The
   rebuilt cardroom must equal the live one: the floor's and the cage's
   events, the table's events and stacks, and an empty audit. The log is made
   at each run, never stored.

Every timing is the processor time the run took (on a shared machine, wall
time would count the other processes' work), the median of R runs (default
5), the garbage collector off while timing, the two sides of a comparison
taking turns. ``--quick`` shrinks
the sizes so the run takes seconds: a smoke test, not a measurement.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from _common import check, cpu_model, markdown_table, progress, secs, verdict, version
from floorman.bots import Aggressive, Bot, CallingStation, Tight
from floorman.clock import ManualClock
from floorman.deal.actions import Action
from floorman.games import Structure
from floorman.room.values import GameKind
from floorman.service import AsPlayer, Cardroom, Entry, action_of, table_setup, view
from floorman.service import commands as c
from floorman.service.log import dumps_entries, loads_entries
from floorman.shuffle import SeededShuffler
from floorman.table import Table

PLAYERS = 6
STACK = 200
#: The clock moves this many seconds a deal, at the table and in the cardroom alike.
DEAL_SECONDS = 40.0
OVERHEAD_TARGET = 0.20
REBUILD_TARGET = 2.0
REBUILD_DEALS = 10_000

GAMES: dict[str, GameKind] = {
    "six-max no-limit hold'em 1/2": GameKind(
        game="holdem", structure=Structure.NO_LIMIT, stakes="1/2"
    ),
    "six-handed limit seven-card stud 2/4": GameKind(
        game="stud", structure=Structure.FIXED_LIMIT, stakes="2/4"
    ),
}
HOLDEM = next(iter(GAMES))


# --------------------------------------------------------------------------- the night


@dataclass(frozen=True)
class Opening:
    """Where a night starts: the cardroom after the draw for the button, and what
    a table alone needs to start from the same place."""

    kind: GameKind
    seed: int
    names: dict[int, str]
    button: int | None
    dice: object


def _names() -> list[str]:
    return [f"p{i}" for i in range(1, PLAYERS + 1)]


def open_cardroom(kind: GameKind, seed: int) -> tuple[Cardroom, ManualClock, Opening]:
    """A cardroom with one game of ``kind``, six players seated, the game started."""
    clock = ManualClock()
    shuffler = SeededShuffler(seed)
    room = Cardroom(clock=clock, shuffler=shuffler)
    room.handle(c.OpenGame(table=1, kind=kind, seats=PLAYERS))
    for name in _names():
        room.handle(c.SignUp(player=name, kind=kind))
        room.handle(c.TakeSeat(player=name, table=1, chips=STACK))
    room.handle(c.StartGame(table=1))
    table = room.table(1)
    opening = Opening(kind, seed, dict(table.players), table.button, shuffler.getstate())
    return room, clock, opening


def open_table(opening: Opening) -> tuple[Table, ManualClock]:
    """A table alone, seated and shuffled as the cardroom's was when it started."""
    clock = ManualClock()
    shuffler = SeededShuffler(opening.seed)
    shuffler.setstate(opening.dice)  # type: ignore[arg-type]
    table = Table(
        table_setup(opening.kind, PLAYERS), shuffler=shuffler, clock=clock, button=opening.button
    )
    for seat, name in sorted(opening.names.items()):
        table.sit(seat, name, STACK)
    return table, clock


@dataclass(frozen=True)
class DealScript:
    """One deal the bots played: the seats that bought before it and each action
    in turn, and the same as the cardroom's commands, naming the players."""

    buys: tuple[int, ...]
    actions: tuple[Action, ...]
    commands: tuple[c.Command, ...]


def bots_script(opening: Opening, deals: int) -> list[DealScript]:
    """The bots play ``deals`` deals on a table alone; what they did, deal by deal."""
    table, clock = open_table(opening)
    kinds: list[type[Bot]] = [CallingStation, Tight, Aggressive]
    bots = {
        seat: kinds[i % 3](random.Random(opening.seed * 100 + seat))
        for i, seat in enumerate(sorted(opening.names))
    }
    script: list[DealScript] = []
    for _ in range(deals):
        buys = tuple(seat for seat, stack in sorted(table.stacks.items()) if stack == 0)
        commands: list[c.Command] = [
            c.Buy(player=opening.names[seat], chips=STACK) for seat in buys
        ]
        for seat in buys:
            table.buy(seat, STACK)
        deal = table.start_deal()
        commands.append(c.StartDeal(table=1))
        actions = []
        while table.in_deal:
            position = deal.legal().position
            assert position is not None
            seat = table.positions[position]
            # A bot sees its player's view, never the deal, and answers with his Act.
            act = bots[seat].choose(view(table, AsPlayer(opening.names[seat])))
            action = action_of(act, position)
            table.apply(action)
            actions.append(action)
            commands.append(act)
        script.append(DealScript(buys, tuple(actions), tuple(commands)))
        clock.advance(seconds=DEAL_SECONDS)
    return script


def play_table(opening: Opening, script: Sequence[DealScript]) -> Table:
    """The script on a table alone: the dealer."""
    table, clock = open_table(opening)
    for deal in script:
        for seat in deal.buys:
            table.buy(seat, STACK)
        table.start_deal()
        for action in deal.actions:
            table.apply(action)
        clock.advance(seconds=DEAL_SECONDS)
    return table


def play_cardroom(kind: GameKind, seed: int, script: Sequence[DealScript]) -> Cardroom:
    """The script through the cardroom's commands: the service."""
    room, clock, _opening = open_cardroom(kind, seed)
    for deal in script:
        for command in deal.commands:
            room.handle(command)
        clock.advance(seconds=DEAL_SECONDS)
    return room


# --------------------------------------------------------------------------- timing


def timed(job: Callable[[], object]) -> tuple[float, object]:
    """One run of ``job`` with the garbage collector off; the processor time it
    took (the machine is shared: wall time would count others' work) and its result."""
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        start = time.process_time()
        result = job()
        return time.process_time() - start, result
    finally:
        if was:
            gc.enable()


@dataclass(frozen=True)
class Overhead:
    game: str
    deals: int
    actions: int
    table: list[float]
    cardroom: list[float]
    entries: int

    @property
    def ratio(self) -> float:
        return statistics.median(self.cardroom) / statistics.median(self.table)

    @property
    def overhead(self) -> float:
        return self.ratio - 1


def measure_overhead(game: str, kind: GameKind, deals: int, seed: int, repeat: int) -> Overhead:
    progress(f"{game}: the bots play {deals:,} deals")
    _room, _clock, opening = open_cardroom(kind, seed)
    script = bots_script(opening, deals)
    progress(f"{game}: warming up")
    play_table(opening, script[:50])
    play_cardroom(kind, seed, script[:50])
    times: dict[str, list[float]] = {"table": [], "cardroom": []}
    table: Table | None = None
    room: Cardroom | None = None
    for r in range(repeat):
        progress(f"{game}: round {r + 1}/{repeat}")
        took, result = timed(lambda: play_table(opening, script))
        times["table"].append(took)
        assert isinstance(result, Table)
        table = result
        took, result = timed(lambda: play_cardroom(kind, seed, script))
        times["cardroom"].append(took)
        assert isinstance(result, Cardroom)
        room = result
    assert table is not None
    assert room is not None
    live = room.table(1)
    opened = len(live.log) - len(table.log)
    check(
        list(live.log[opened:]) == list(table.log),
        f"{game}: the cardroom's table did not log what the table alone did",
    )
    check(live.stacks == table.stacks, f"{game}: the stacks differ: {live.stacks} {table.stacks}")
    check(room.audit() == [], f"{game}: the cardroom's books do not add up: {room.audit()}")
    return Overhead(
        game=game,
        deals=deals,
        actions=sum(len(d.actions) for d in script),
        table=times["table"],
        cardroom=times["cardroom"],
        entries=len(room.log),
    )


@dataclass(frozen=True)
class Rebuild:
    deals: int
    entries: int
    size: int
    decode: list[float]
    rebuild: list[float]
    both: list[float]

    def median(self, name: str) -> float:
        return float(statistics.median(getattr(self, name)))


def measure_rebuild(deals: int, seed: int, repeat: int) -> Rebuild:
    kind = GAMES[HOLDEM]
    progress(f"rebuild: the bots play {deals:,} deals for the log")
    _room, _clock, opening = open_cardroom(kind, seed)
    live = play_cardroom(kind, seed, bots_script(opening, deals))
    text = dumps_entries(live.log)

    def decode() -> tuple[Entry, ...]:
        return loads_entries(text)

    entries = decode()
    check(list(entries) == live.log, "the log did not read back as it was written")

    def rebuild() -> Cardroom:
        return Cardroom.rebuild(entries, clock=ManualClock(), shuffler=SeededShuffler(seed))

    def both() -> Cardroom:
        return Cardroom.rebuild(
            loads_entries(text), clock=ManualClock(), shuffler=SeededShuffler(seed)
        )

    out: dict[str, list[float]] = {"decode": [], "rebuild": [], "both": []}
    again: object = None
    for r in range(repeat):
        progress(f"rebuild: round {r + 1}/{repeat}")
        out["decode"].append(timed(decode)[0])
        out["rebuild"].append(timed(rebuild)[0])
        took, again = timed(both)
        out["both"].append(took)
    assert isinstance(again, Cardroom)
    check(again.room.events == live.room.events, "the rebuilt floor differs")
    check(again.ledger.events == live.ledger.events, "the rebuilt cage differs")
    check(again.table(1).events == live.table(1).events, "the rebuilt table differs")
    check(again.table(1).stacks == live.table(1).stacks, "the rebuilt stacks differ")
    check(again.audit() == [], f"the rebuilt books do not add up: {again.audit()}")
    return Rebuild(
        deals=deals,
        entries=len(entries),
        size=len(text.encode()),
        decode=out["decode"],
        rebuild=out["rebuild"],
        both=out["both"],
    )


# --------------------------------------------------------------------------- report


def machine_report() -> str:
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    return "\n".join(
        [
            "## Machine",
            "",
            f"- platform: {platform.platform()} ({platform.machine()})",
            f"- CPU: {cpu_model()}; {os.cpu_count()} logical CPUs",
            f"- load average at start (1, 5, 15 min): {load}",
            f"- Python {platform.python_version()} ({platform.python_implementation()})",
            f"- floorman {version('floorman')}",
        ]
    )


def rate(per_second: float) -> str:
    return f"{per_second:,.0f}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="small sizes: a smoke test")
    parser.add_argument("--deals", type=int, default=None, help="deals per game (default 2,000)")
    parser.add_argument(
        "--log-deals", type=int, default=None, help="deals in the rebuilt log (default 10,000)"
    )
    parser.add_argument("--repeat", type=int, default=None, help="runs per timing (default 5)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the shuffles and bots")
    args = parser.parse_args(argv)
    deals = args.deals if args.deals is not None else (100 if args.quick else 2_000)
    log_deals = (
        args.log_deals if args.log_deals is not None else (300 if args.quick else REBUILD_DEALS)
    )
    repeat = args.repeat if args.repeat is not None else (2 if args.quick else 5)
    check(deals >= 1 and log_deals >= 1 and repeat >= 1, "sizes are at least 1")
    started = time.perf_counter()

    print(
        "# floorman service benchmark"
        + (" (--quick: smoke test, not a measurement)" if args.quick else "")
    )
    print()
    print(machine_report())
    print()
    print(
        f"Settings: {deals:,} deals per game, {PLAYERS} seeded bots, stacks of {STACK},"
        f" seed {args.seed}, processor time, median of {repeat} runs, gc off while timing."
    )

    overheads = [
        measure_overhead(game, kind, deals, args.seed, repeat) for game, kind in GAMES.items()
    ]
    print()
    print("## 1. The cardroom's commands against the table alone")
    print()
    print(
        "The same script of deals (the bots' decisions, taken once, untimed) played on a"
        " `Table` and through `Cardroom.handle`; both deal the same cards and log the"
        " same table events."
    )
    print()
    print(
        markdown_table(
            [
                "game",
                "actions/deal",
                "table deals/s",
                "cardroom deals/s",
                "cardroom µs/command",
                "overhead",
            ],
            [
                [
                    o.game,
                    f"{o.actions / o.deals:.1f}",
                    rate(o.deals / statistics.median(o.table)),
                    rate(o.deals / statistics.median(o.cardroom)),
                    f"{statistics.median(o.cardroom) / (o.actions + 2 * o.deals) * 1e6:,.1f}",
                    f"{o.overhead:+.1%}",
                ]
                for o in overheads
            ],
        )
    )

    r = measure_rebuild(log_deals, args.seed, repeat)
    print()
    print(f"## 2. A cardroom log of {r.deals:,} six-max no-limit hold'em deals")
    print()
    print(
        f"{r.entries:,} entries, {r.size / 1e6:,.1f} MB of JSON lines, made at this run."
        " The rebuilt cardroom equals the live one."
    )
    print()
    print(
        markdown_table(
            ["step", "median", "min – max", "per entry"],
            [
                [
                    label,
                    secs(r.median(name)),
                    f"{secs(min(getattr(r, name)))} – {secs(max(getattr(r, name)))}",
                    secs(r.median(name) / r.entries),
                ]
                for label, name in (
                    ("`loads_entries(text)`", "decode"),
                    ("`Cardroom.rebuild(entries)`", "rebuild"),
                    ("both", "both"),
                )
            ],
        )
    )

    print()
    print("## Verdict")
    print()
    for o in overheads:
        print(
            verdict(
                o.overhead <= OVERHEAD_TARGET,
                f"{o.game}: the cardroom adds at most {OVERHEAD_TARGET:.0%} to the table's time"
                f" per deal: {o.overhead:+.1%}",
            )
        )
    scaled = r.median("both") * REBUILD_DEALS / r.deals
    print(
        verdict(
            scaled < REBUILD_TARGET,
            f"a log of {REBUILD_DEALS:,} deals reads and rebuilds in under {REBUILD_TARGET:.0f} s:"
            f" {secs(r.median('both'))} for {r.deals:,} deals",
        )
    )
    print()
    print(f"Whole run: {time.perf_counter() - started:,.1f} s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
