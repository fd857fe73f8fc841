"""Benchmark replaying real hand histories: ``floorman replay`` against PokerKit, whole process.

Run it directly::

    .venv/bin/python benchmarks/replay.py [--repeat R] [--shared DIR] [--src DIR]
        [--against DIR] [--quick]

For each folder of real hands (``DIR/pluribus``: 2,000 six-max no-limit hands;
``DIR/phh``: 88 hands of eleven forms; ``DIR`` is ``../shared`` beside the
project by default, and the hands are read where they lie), it times:

1. **Whole process**: ``floorman replay FILES...``, as the installed program
   runs it (its console script's lines, run by this Python with the floorman of
   ``--src`` first on its path; reading every file, replaying every action
   through the dealer with every rule checked and the full event log kept,
   printing each hand's finishing stacks) against a
   PokerKit script that does the same with ``pokerkit.HandHistory.load`` and
   iterating the hand's states (one process, every file, one after another;
   a hand PokerKit cannot replay is counted and passed over). The time is the
   children's processor time (user and system), start-up and imports included;
   wall time is shown beside it. Both programs run as installed ones do, from
   compiled bytecode: the children keep theirs under one temporary folder
   (``PYTHONPYCACHEPREFIX``, so that no source folder is written to, whatever
   ``PYTHONDONTWRITEBYTECODE`` says), and each runs once untimed first.
2. **In one process**, floorman's split: reading the files (``floorman.formats.load``)
   and replaying the histories (``floorman.formats.replay.replay``), and the PHH
   reader's TOML against the general parser (``tomllib``) on the same texts.

Every figure is the median of R repeats (default 5), floorman and PokerKit
taking turns. floorman's run must exit with status 0 (every hand replays and
reaches its recorded finishing stacks) and print one line a hand.
``--src`` times the floorman package of another source folder (an older
checkout's ``src``, to measure a change against what came before); the
reader's row is left out when that floorman has no PHH reader of its own.
``--against DIR`` times the whole process of a second floorman (another
checkout's ``src``) in the same run, taking turns with the first, so that a
change is measured under the same load.
``--quick`` runs one repeat on the first 200 hands of each folder: a smoke
test, not a measurement.
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable, Sequence
from decimal import Decimal
from pathlib import Path
from typing import TypeVar

from _common import check, cpu_model, markdown_table, progress, secs, verdict, version

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[1]
TARGET = 10.0  # floorman's whole process at least ten times PokerKit's
READER_TARGET = 5.0  # the PHH reader at least five times the general TOML parser

# What PokerKit runs: the same files, each loaded and replayed state by state.
POKERKIT = """
import sys
from pokerkit import HandHistory
refused = 0
for name in sys.argv[1:]:
    try:
        with open(name, "rb") as file:
            for state in HandHistory.load(file):
                pass
    except Exception:
        refused += 1
print(refused)
"""


def child_seconds(
    command: Sequence[str], env: dict[str, str] | None = None
) -> tuple[float, float, str]:
    """Processor time (user + system) and wall time of one child process, and its output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode != 0:
        raise SystemExit(f"{command[:3]} failed ({done.returncode}): {done.stderr[-2000:]}")
    return cpu, wall, done.stdout


def floorman_program(src: Path) -> list[str]:
    """How the installed ``floorman`` program runs the floorman of ``src``: its
    console script's own lines (``from floorman._program import main``, or
    ``floorman.cli``'s ``main`` in a floorman from before the program had a module
    of its own), run by this Python. Not ``python -m floorman``, which also loads
    the standard library's ``runpy``, some 2 ms a user of the program never pays."""
    entry = "floorman._program" if (src / "floorman" / "_program.py").is_file() else "floorman.cli"
    return [sys.executable, "-c", f"import sys\nfrom {entry} import main\nsys.exit(main())"]


def each(call: Callable[[T], object], items: Sequence[T]) -> None:
    """``call`` on every item, each result dropped at once."""
    for item in items:
        call(item)


def median_process_time(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return statistics.median(times)


def measure(
    name: str, files: list[str], repeat: int, src: Path, cache: Path, against: Path | None
) -> dict[str, float | int | str]:
    base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    base["PYTHONPYCACHEPREFIX"] = str(cache)
    env = {**base, "PYTHONPATH": str(src)}
    floorman_cmd = [*floorman_program(src), "replay", *files]
    against_cmd = [*floorman_program(against), "replay", *files] if against else floorman_cmd
    pokerkit_cmd = [sys.executable, "-c", POKERKIT, *files]
    fm_cpu, fm_wall, pk_cpu, pk_wall = [], [], [], []
    other = {**base, "PYTHONPATH": str(against)} if against is not None else None
    ag_cpu = []
    progress(f"{name}: whole process, compiling once")
    child_seconds(floorman_cmd, env)
    child_seconds(pokerkit_cmd, base)
    if other is not None:
        child_seconds(against_cmd, other)
    refused = "0"
    for i in range(repeat):
        progress(f"{name}: whole process, repeat {i + 1} of {repeat}")
        cpu, wall, out = child_seconds(floorman_cmd, env)
        lines = out.splitlines()
        check(len(lines) == len(files), f"{name}: floorman printed {len(lines)} lines")
        fm_cpu.append(cpu)
        fm_wall.append(wall)
        if other is not None:
            ag_cpu.append(child_seconds(against_cmd, other)[0])
        cpu, wall, out = child_seconds(pokerkit_cmd, base)
        refused = out.strip()
        pk_cpu.append(cpu)
        pk_wall.append(wall)

    # The split, in this process: reading the files, then replaying the hands.
    from floorman.formats import load
    from floorman.formats.replay import replay

    histories = [h for f in files for h in load(f)]
    results = [replay(h) for h in histories]
    check(all(r.error is None for r in results), f"{name}: a hand was refused")
    check(all(r.matches_file is not False for r in results), f"{name}: stacks differ")
    del results
    progress(f"{name}: in one process")
    # Each result is dropped as soon as it is made, as floorman replay does: kept
    # all at once, their objects make the collector's passes longer and longer.
    read = median_process_time(lambda: each(load, files), repeat)
    play = median_process_time(lambda: each(replay, histories), repeat)
    general = reader = float("nan")
    try:
        from floorman.formats import _phh_toml
    except ImportError:
        pass  # a floorman from before the PHH reader: tomllib alone
    else:
        texts = [Path(f).read_text(encoding="utf-8") for f in files]
        check(
            all(
                repr(_phh_toml.loads(t)) == repr(tomllib.loads(t, parse_float=Decimal))
                for t in texts
            ),
            f"{name}: the PHH reader and tomllib differ",
        )
        general = median_process_time(
            lambda: [tomllib.loads(t, parse_float=Decimal) for t in texts], repeat
        )
        reader = median_process_time(lambda: [_phh_toml.loads(t) for t in texts], repeat)
    return {
        "name": name,
        "hands": len(files),
        "refused": refused,
        "fm_cpu": statistics.median(fm_cpu),
        "fm_wall": statistics.median(fm_wall),
        "ag_cpu": statistics.median(ag_cpu) if ag_cpu else float("nan"),
        "pk_cpu": statistics.median(pk_cpu),
        "pk_wall": statistics.median(pk_wall),
        "read": read,
        "play": play,
        "general": general,
        "reader": reader,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=5, help="repeats; medians are reported")
    parser.add_argument(
        "--shared",
        type=Path,
        default=ROOT.parent / "shared",
        help="the folder holding pluribus/ and phh/ (default: ../shared)",
    )
    parser.add_argument(
        "--src", type=Path, default=ROOT / "src", help="the floorman source folder to time"
    )
    parser.add_argument(
        "--against",
        type=Path,
        help="another floorman source folder (an older checkout's src) whose whole process"
        " is timed in the same run, taking turns, to measure a change on a noisy machine",
    )
    parser.add_argument("--quick", action="store_true", help="one repeat, 200 hands a folder")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(args.src.resolve()))
    repeat = 1 if args.quick else args.repeat
    rows = []
    with tempfile.TemporaryDirectory(prefix="replay-bytecode-") as cache:
        for folder in ("pluribus", "phh"):
            files = sorted(str(p) for p in (args.shared / folder).rglob("*.phh"))
            check(bool(files), f"no .phh files under {args.shared / folder}")
            chosen = files[:200] if args.quick else files
            rows.append(measure(folder, chosen, repeat, args.src, Path(cache), args.against))

    print(
        f"# Replaying real hands: floorman {version('floorman')} vs PokerKit"
        f" {version('pokerkit')}\n\nPython {sys.version.split()[0]}, {cpu_model()},"
        f" {os.cpu_count()} logical CPUs, load average {os.getloadavg()[0]:.1f};"
        f" medians of {repeat} repeats; floorman from {args.src}.\n"
    )
    print("## Whole process (`floorman replay FILES...` against PokerKit)\n")
    print(
        markdown_table(
            (
                "hands",
                "floorman, processor",
                "PokerKit, processor",
                "ratio",
                "floorman, wall",
                "PokerKit, wall",
                "PokerKit refused",
            ),
            [
                (
                    f"{r['name']} ({r['hands']:,})",
                    secs(float(r["fm_cpu"])),
                    secs(float(r["pk_cpu"])),
                    f"{float(r['pk_cpu']) / float(r['fm_cpu']):.1f}×",
                    secs(float(r["fm_wall"])),
                    secs(float(r["pk_wall"])),
                    str(r["refused"]),
                )
                for r in rows
            ],
        )
    )
    if args.against is not None:
        print(f"\n## Whole process against floorman from {args.against}, in the same run\n")
        print(
            markdown_table(
                ("hands", "this floorman", "that floorman", "speed-up"),
                [
                    (
                        f"{r['name']} ({r['hands']:,})",
                        secs(float(r["fm_cpu"])),
                        secs(float(r["ag_cpu"])),
                        f"{float(r['ag_cpu']) / float(r['fm_cpu']):.2f}×",
                    )
                    for r in rows
                ],
            )
        )
    print("\n## In one process: floorman's reading and replaying, the reader's TOML\n")
    print(
        markdown_table(
            ("hands", "read (load)", "replay", "per hand", "tomllib", "PHH reader", "ratio"),
            [
                (
                    f"{r['name']} ({r['hands']:,})",
                    secs(float(r["read"])),
                    secs(float(r["play"])),
                    secs((float(r["read"]) + float(r["play"])) / int(r["hands"])),
                    *(
                        (
                            secs(float(r["general"])),
                            secs(float(r["reader"])),
                            f"{float(r['general']) / float(r['reader']):.1f}×",
                        )
                        if r["reader"] == r["reader"]  # not NaN: this floorman has the reader
                        else ("–", "–", "–")
                    ),
                )
                for r in rows
            ],
        )
    )
    print()
    for r in rows:
        ratio = float(r["pk_cpu"]) / float(r["fm_cpu"])
        print(verdict(ratio >= TARGET, f"{r['name']}: whole process {ratio:.1f}× PokerKit"))
        reads = float(r["general"]) / float(r["reader"])
        if reads == reads:  # not NaN: this floorman has the reader
            print(verdict(reads >= READER_TARGET, f"{r['name']}: PHH reader {reads:.1f}× tomllib"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
