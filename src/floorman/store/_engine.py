"""Database URLs and connections: one code path for SQLite and PostgreSQL.

A URL names the database: ``sqlite:///PATH`` (or a bare path, which means
the same), ``sqlite://`` for one in memory, ``postgresql://...`` (also
``postgres://``), which is driven by psycopg 3. A write through
:func:`writing` is one transaction that takes the database's write lock when
it begins, so what it reads nobody else changes before it commits. The log's
batches are written by :mod:`floorman.store._batch`, which needs the lock only
to read balances.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.pool import StaticPool

from floorman.errors import ConfigError

__all__ = ["DEFAULT_URL", "create", "database_url", "reading", "writing"]

#: The database a server uses when given none: a SQLite file in the working directory.
DEFAULT_URL = "sqlite:///floorman.db"

_WRITE = "floorman_write"
# A fixed key for PostgreSQL's advisory lock, which queues writers as SQLite's
# write lock does (two processes migrating one database, or appending to one log).
WRITE_LOCK = 0x666C6F6F72


def database_url(text: str) -> sa.URL:
    """The SQLAlchemy URL for a store URL or a bare SQLite path.

    >>> database_url("floorman.db").render_as_string()
    'sqlite:///floorman.db'
    >>> database_url("postgresql://ann@db.example/room").render_as_string()
    'postgresql+psycopg://ann@db.example/room'
    """
    if "://" not in text:
        if not text.strip():
            raise ConfigError("a database is a sqlite:///PATH or postgresql:// URL, or a path")
        return sa.make_url(f"sqlite:///{text}")
    try:
        url = sa.make_url(text)
    except sa.exc.ArgumentError as error:
        raise ConfigError(f"not a database URL: {text!r} ({error})") from None
    backend, _, driver = url.drivername.partition("+")
    if backend == "postgres":
        backend = "postgresql"
    if backend == "postgresql" and driver in ("", "psycopg"):
        return url.set(drivername="postgresql+psycopg")
    if backend == "sqlite" and driver in ("", "pysqlite"):
        return url.set(drivername="sqlite")
    raise ConfigError(
        f"floorman stores in SQLite (sqlite:///PATH) or PostgreSQL (postgresql://...),"
        f" not {url.drivername}"
    )


def create(text: str) -> sa.Engine:
    """An engine for a store URL, set up for floorman's transactions."""
    url = database_url(text)
    if url.get_backend_name() != "sqlite":
        return sa.create_engine(url, pool_pre_ping=True)
    memory = url.database in (None, "", ":memory:")
    options: dict[str, Any] = {"connect_args": {"check_same_thread": False}}
    if memory:
        options["poolclass"] = StaticPool
    engine = sa.create_engine(url, **options)

    @event.listens_for(engine, "connect")
    def _connected(dbapi: Any, _record: object) -> None:
        # SQLAlchemy's SQLite recipe: the driver leaves transactions to us, so a
        # batch's first read is inside the same transaction as its writes.
        dbapi.isolation_level = None
        cursor = dbapi.cursor()
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.execute("PRAGMA busy_timeout = 10000")
        if not memory:
            cursor.execute("PRAGMA journal_mode = WAL")
            # An acknowledged command survives a crash of the machine, not only
            # of the process: every commit reaches the disk.
            cursor.execute("PRAGMA synchronous = FULL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: sa.Connection) -> None:
        write = connection.get_execution_options().get(_WRITE, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

    return engine


@contextmanager
def writing(engine: sa.Engine) -> Iterator[sa.Connection]:
    """One write transaction: committed when the block ends, rolled back whole
    if it raises."""
    with engine.connect() as connection:
        connection = connection.execution_options(**{_WRITE: True})
        with connection.begin():
            if engine.dialect.name == "postgresql":
                # Writers queue here, so a batch checks the log's end and
                # appends after it with nobody appending in between.
                connection.execute(
                    sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": WRITE_LOCK}
                )
            yield connection


@contextmanager
def reading(engine: sa.Engine) -> Iterator[sa.Connection]:
    """One read transaction: a consistent view of the database."""
    with engine.connect() as connection, connection.begin():
        yield connection
