"""Benchmark ``floorman replay`` at volume: one .phhs of many hands, one process or several.

Run it directly::

    .venv/bin/python benchmarks/replay_volume.py [--hands N] [--jobs 1,all] [--shared DIR]

It writes a ``.phhs`` of N hands (default 100,000) into a temporary folder,
removed at the end: the 2,000 six-max hands of ``DIR/pluribus`` (``DIR`` is
``../shared`` beside the project by default) one after another, again and again,
each under its own header. Then, for each number of processes asked for
(``all`` is one a core), it runs ``python -m floorman replay --quiet --jobs J
FILE`` as a user would, its output read and counted as it comes, and reports:

- hands a second, by the wall clock (the point of more processes is to finish
  sooner; on a shared machine it follows the load), and the processor time of
  all its processes (user and system), with the hands per processor second,
  which the load changes less;
- peak memory: the most the command's processes held together (their resident
  sets summed, sampled ten times a second from ``/proc``; Linux only) and the
  most any one of them held.

The run must print one line a hand and exit with status 0 (every hand replays
to its recorded stacks). Constant memory means the peaks do not grow with N:
compare a run of 100,000 with one of 1,000,000 (``--hands 1000000``, a file of
about 550 MB and some minutes a run).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from _common import check, cpu_model, markdown_table, progress

ROOT = Path(__file__).resolve().parents[1]
PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def write_volume(shared: Path, hands: int, folder: Path) -> Path:
    files = sorted((shared / "pluribus").rglob("*.phh"))
    check(len(files) >= 100, f"the real hands are not at {shared / 'pluribus'}")
    texts = [p.read_text(encoding="utf-8") for p in files]
    path = folder / f"volume-{hands}.phhs"
    with path.open("w", encoding="utf-8") as out:
        for number in range(1, hands + 1):
            out.write(f"[{number}]\n{texts[(number - 1) % len(texts)]}\n")
    return path


def _tree_rss(root: int) -> tuple[int, int]:
    """The resident memory of ``root`` and its descendants: summed, and the largest one."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            statm = Path(f"/proc/{entry}/statm").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        parents[int(entry)] = int(fields[1])
        rss[int(entry)] = int(statm.split()[1]) * PAGE
    tree = {root}
    grew = True
    while grew:
        grew = False
        for pid, parent in parents.items():
            if parent in tree and pid not in tree:
                tree.add(pid)
                grew = True
    held = [rss.get(pid, 0) for pid in tree]
    return sum(held), max(held, default=0)


def run(path: Path, jobs: str, hands: int) -> dict[str, float]:
    argv = [sys.executable, "-m", "floorman", "replay", "--quiet", str(path)]
    if jobs != "all":
        argv[4:4] = ["--jobs", jobs]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    child = subprocess.Popen(argv, stdout=subprocess.PIPE, cwd=ROOT, env=env, bufsize=1 << 20)
    peaks = [0, 0]
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            try:
                total, largest = _tree_rss(child.pid)
            except OSError:
                total = largest = 0
            peaks[0], peaks[1] = max(peaks[0], total), max(peaks[1], largest)
            done.wait(0.1)

    sampler = threading.Thread(target=sample, daemon=True)
    if Path("/proc").is_dir():
        sampler.start()
    assert child.stdout is not None
    lines = sum(1 for _ in child.stdout)
    status = child.wait()
    wall = time.perf_counter() - start
    done.set()
    if sampler.is_alive():
        sampler.join()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    check(status == 0, f"floorman replay --jobs {jobs} exited with status {status}")
    check(lines == hands, f"floorman replay --jobs {jobs} printed {lines:,} lines for {hands:,}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"wall": wall, "cpu": cpu, "peak": peaks[0], "largest": peaks[1]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000, help="hands in the file")
    parser.add_argument("--jobs", default="1,all", help="numbers of processes, e.g. 1,2,all")
    parser.add_argument(
        "--shared", type=Path, default=ROOT.parent / "shared", help="where pluribus/ is"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="floorman-volume-") as folder:
        progress(f"writing {args.hands:,} hands")
        path = write_volume(args.shared, args.hands, Path(folder))
        size = path.stat().st_size
        rows = []
        for jobs in args.jobs.split(","):
            progress(f"floorman replay --jobs {jobs}: {args.hands:,} hands")
            got = run(path, jobs, args.hands)
            shown = f"all ({os.cpu_count()})" if jobs == "all" else jobs
            rows.append(
                (
                    shown,
                    f"{args.hands:,}",
                    f"{got['wall']:,.1f} s",
                    f"{args.hands / got['wall']:,.0f}",
                    f"{got['cpu']:,.1f} s",
                    f"{args.hands / got['cpu']:,.0f}",
                    f"{got['peak'] / 2**20:,.0f} MB",
                    f"{got['largest'] / 2**20:,.0f} MB",
                )
            )
    print(
        f"floorman replay on one .phhs of {args.hands:,} real six-max hands ({size / 2**20:,.0f} MB);"
        f" {cpu_model()}, {os.cpu_count()} logical CPUs, Python {sys.version.split()[0]},"
        f" load average {os.getloadavg()[0]:.1f} at the end\n"
    )
    header = (
        "jobs",
        "hands",
        "wall",
        "hands/s",
        "processor time",
        "hands per processor second",
        "peak memory, all processes",
        "largest process",
    )
    print(markdown_table(header, rows))


if __name__ == "__main__":
    main()
