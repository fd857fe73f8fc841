"""The databases the server's tests run on: a throwaway PostgreSQL 15 cluster
for the session, and a fresh database in it for each test.

The cluster is ``FLOORMAN_PG`` (a ``postgresql://`` URL of a server where the
tests may create databases) when it is set; otherwise one started here
(initdb and pg_ctl from /usr/lib/postgresql/15/bin, run as the ``postgres``
user when the tests run as root, since initdb refuses root, on a free port
with its socket in a temporary directory) and stopped after the session;
where neither is possible the PostgreSQL cases are skipped, saying why.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

PG_BIN = Path("/usr/lib/postgresql/15/bin")


def free_port() -> int:
    """A TCP port on loopback nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def postgres_cluster() -> Iterator[str]:
    """Yield the URL of a PostgreSQL server where databases may be created
    (skipping the test, saying why, when there is none)."""
    given = os.environ.get("FLOORMAN_PG", "").strip()
    if given:
        yield given
        return
    if not (PG_BIN / "initdb").exists():
        pytest.skip(
            f"no PostgreSQL 15 to test against: set FLOORMAN_PG=postgresql://... or install"
            f" postgresql-15 ({PG_BIN} is missing)"
        )
    root = Path(tempfile.mkdtemp(prefix="floorman-pg-"))
    as_postgres: list[str] = []
    if os.geteuid() == 0:  # initdb refuses root
        as_postgres = ["runuser", "-u", "postgres", "--"]
        shutil.chown(root, "postgres", "postgres")
    data, port = root / "data", free_port()

    def run(*argv: object) -> None:
        subprocess.run([*as_postgres, *map(str, argv)], check=True, capture_output=True)

    try:
        run(
            PG_BIN / "initdb",
            "-D",
            data,
            "-U",
            "postgres",
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--no-sync",
        )
        options = f"-p {port} -k {root} -c listen_addresses='' -c fsync=off"
        run(PG_BIN / "pg_ctl", "-D", data, "-l", root / "log", "-o", options, "-w", "start")
    except (subprocess.CalledProcessError, OSError) as error:
        shutil.rmtree(root, ignore_errors=True)
        why = getattr(error, "stderr", None) or str(error)
        if isinstance(why, bytes):
            why = why.decode(errors="replace")
        pytest.skip(f"could not start PostgreSQL 15: {why}")
    try:
        yield f"postgresql://postgres@/postgres?host={root}&port={port}"
    finally:
        run(PG_BIN / "pg_ctl", "-D", data, "-m", "immediate", "-w", "stop")
        shutil.rmtree(root, ignore_errors=True)


def fresh_database(server: str) -> Iterator[str]:
    """Yield the URL of a new, empty database on ``server``, dropped after."""
    import sqlalchemy as sa

    from floorman.store import database_url

    name = f"floorman_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(database_url(server), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as db:
            db.exec_driver_sql(f"CREATE DATABASE {name}")
        yield database_url(server).set(database=name).render_as_string(hide_password=False)
        with admin.connect() as db:
            db.exec_driver_sql(f"DROP DATABASE {name} WITH (FORCE)")
    finally:
        admin.dispose()
