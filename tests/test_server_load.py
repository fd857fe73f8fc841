"""The server load benchmark's smoke run, so that it does not rot: two tables
of bots on SQLite for a few seconds, in real processes. Nothing here is
timed; it checks that the run completes, stops what it started and reports
figures."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")

ROOT = Path(__file__).resolve().parent.parent


def test_server_load_quick_run_reports_figures() -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(ROOT / "src"), env.get("PYTHONPATH", "")) if p
    )
    run = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "server_load.py"),
            "--quick",
            "--tables",
            "2",
            "--db",
            "sqlite",
            "--mode",
            "flat",
            "--seconds",
            "2",
            "--warmup",
            "1",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    rows = [line for line in run.stdout.splitlines() if line.startswith("| sqlite")]
    assert len(rows) == 1, run.stdout
    cells = [c.strip() for c in rows[0].strip("|").split("|")]
    assert cells[:3] == ["sqlite", "flat", "2 x 6"]
    actions, p50, p99 = float(cells[4]), float(cells[5]), float(cells[6])
    assert actions > 0
    assert 0 < p50 <= p99
    assert re.fullmatch(r"[\d,]+( \(\d+ unseen\))?", cells[7])
