"""Writing a batch of log entries in as few trips to the database as it allows.

The server stores every batch of commands before it answers them, so the
time a batch takes is on every player's wait. The writer keeps one
connection of its own for batches and talks to the database's driver
directly (SQLAlchemy compiles each statement once): on PostgreSQL the
whole transaction (begin, inserts, commit) goes out as one psycopg pipeline,
one trip to the server and back; on SQLite it is one ``BEGIN IMMEDIATE`` ...
``COMMIT`` with nothing read in between.

It keeps the log's end it last stored instead of reading it each time: a
batch that does not follow it is checked against the stored log before it
is refused, and entries some other writer stored first are refused by the
log's primary key, so the log can neither skip nor repeat a number. The
write lock (PostgreSQL's advisory lock, see :mod:`floorman.store._engine`)
is taken only by a batch that spends play money, whose balances it reads.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa

from floorman.errors import AccountError, StoreError
from floorman.store import _schema as s
from floorman.store._engine import WRITE_LOCK

__all__ = ["BatchRows", "BatchWriter", "HandRows", "balance_short"]

#: A finished deal's rows: (the hands row, its players' rows, its players' texts).
HandRows = tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]


@dataclass(frozen=True, slots=True, kw_only=True)
class BatchRows:
    """What one batch writes: the log's rows, who gave each entry's command,
    the chip ledger's lines, the finished deals, and the play money each
    account's chips cost (read against its balance before anything is written)."""

    events: Sequence[Mapping[str, Any]]
    authors: Sequence[Mapping[str, Any]] = ()
    cage: Sequence[Mapping[str, Any]] = ()
    hands: Sequence[HandRows] = ()
    spent: Mapping[str, int] = field(default_factory=dict)


def balance_short(player: str, *, balance: int, amount: int) -> AccountError:
    """The refusal of chips that cost ``player`` more play money than the
    ``balance`` he has (checked where the chips are sold, and again where they
    are stored)."""
    return AccountError(
        "{player} has {balance} in play money, not the {amount} these chips cost;"
        " an admin credits the balance",
        code="balance_short",
        player=player,
        balance=balance,
        amount=amount,
    )


class _Insert:
    """One table's INSERT, compiled once for the engine's driver."""

    def __init__(self, table: sa.Table, columns: Sequence[str], dialect: sa.Dialect) -> None:
        statement = sa.insert(table).values({c: sa.bindparam(c) for c in columns})
        compiled = statement.compile(dialect=dialect)
        self.sql = str(compiled)
        self.order: tuple[str, ...] | None = (
            tuple(compiled.positiontup) if compiled.positiontup else None
        )

    def params(self, rows: Sequence[Mapping[str, Any]]) -> list[Any]:
        if self.order is None:
            return list(rows)
        order = self.order
        return [tuple(row[c] for c in order) for row in rows]


def _query(sql: str, dialect: sa.Dialect) -> str:
    """A one-parameter query in the driver's own placeholder."""
    return sql.replace(":p", "%s" if dialect.name == "postgresql" else "?")


class BatchWriter:
    """The store's writer of batches: one connection, one lock, the log's end."""

    def __init__(self, engine: sa.Engine) -> None:
        self._engine = engine
        self._pg = engine.dialect.name == "postgresql"
        d = engine.dialect
        self._events = _Insert(s.events, [c.name for c in s.events.c], d)
        self._authors = _Insert(s.event_authors, ["seq", "account"], d)
        chips = ["seq", "at", "account", "kind", "table_no", "amount", "cash", "by", "note"]
        self._chips = _Insert(s.chips, chips, d)
        self._hands = _Insert(s.hands, [c.name for c in s.hands.c], d)
        self._players = _Insert(s.hand_players, [c.name for c in s.hand_players.c], d)
        self._texts = _Insert(s.hand_texts, [c.name for c in s.hand_texts.c], d)
        self._balance = _query("SELECT coalesce(sum(cash), 0) FROM chips WHERE account = :p", d)
        self._last = "SELECT max(seq) FROM events"
        self._lock = threading.Lock()
        self._connection: Any = None  # the pool's proxy of the writer's own connection
        #: The number of the last entry this writer stored (None: read it from the log).
        self.end: int | None = None

    def close(self) -> None:
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None

    def forget(self) -> None:
        """Read the log's end from the database before the next batch."""
        self.end = None

    def write(self, batch: BatchRows) -> None:
        """Store one batch in one transaction, or none of it and raise."""
        with self._lock:
            for attempt in (1, 2):
                if self._connection is None:
                    self._connection = self._engine.raw_connection()
                proxy = self._connection
                driver = proxy.driver_connection
                try:
                    if self._pg:
                        self._write_pg(driver, batch)
                    else:
                        self._write_sqlite(driver, batch)
                except BaseException as error:
                    self.end = None
                    lost = _broken(driver)
                    if lost:
                        proxy.invalidate()
                        self._connection = None
                    if lost and attempt == 1 and _retryable(error):
                        # The connection was gone (the database restarted, an
                        # administrator ended it): the batch is tried once on a
                        # new one. Had it been stored after all, the log's key
                        # refuses it the second time.
                        continue
                    refusal = _refusal(error)
                    if refusal is error:
                        raise
                    raise refusal from error
                if batch.events:
                    self.end = int(batch.events[-1]["seq"])
                return

    # --- the two databases -------------------------------------------------------------------

    def _write_pg(self, conn: Any, batch: BatchRows) -> None:
        try:
            with conn.pipeline():
                cursor = conn.cursor()
                if batch.spent:
                    cursor.execute("SELECT pg_advisory_xact_lock(%s)", (WRITE_LOCK,))
                    self._check_paid(cursor, batch.spent)
                self._check_follows(cursor, batch.events)
                self._insert(cursor, batch)
                conn.commit()
        except BaseException:
            if not conn.closed:
                conn.rollback()
            raise

    def _write_sqlite(self, conn: sqlite3.Connection, batch: BatchRows) -> None:
        cursor = conn.cursor()
        cursor.execute("BEGIN IMMEDIATE")
        try:
            self._check_paid(cursor, batch.spent)
            self._check_follows(cursor, batch.events)
            self._insert(cursor, batch)
            cursor.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                cursor.execute("ROLLBACK")
            raise

    # --- one transaction's steps ---------------------------------------------------------------

    def _check_paid(self, cursor: Any, spent: Mapping[str, int]) -> None:
        """Refuse chips sold beyond an account's play money, read under the write lock."""
        for player, amount in spent.items():
            cursor.execute(self._balance, (player,))
            balance = int(cursor.fetchone()[0])
            if amount > balance:
                raise balance_short(player, balance=balance, amount=amount)

    def _check_follows(self, cursor: Any, rows: Sequence[Mapping[str, Any]]) -> None:
        if not rows:
            return
        first = int(rows[0]["seq"])
        if self.end is not None and first == self.end + 1 and _numbered(rows, first):
            return
        # Not what this writer stored last: the log itself says.
        cursor.execute(self._last)
        last = cursor.fetchone()[0]
        expected = 0 if last is None else int(last) + 1
        for offset, row in enumerate(rows):
            if row["seq"] != expected + offset:
                raise StoreError(
                    "entry {seq} does not follow the stored log, which takes {expected} next",
                    code="log_out_of_order",
                    seq=row["seq"],
                    expected=expected + offset,
                )

    def _insert(self, cursor: Any, batch: BatchRows) -> None:
        for insert, lines in (
            (self._events, batch.events),
            (self._authors, batch.authors),
            (self._chips, batch.cage),
        ):
            if lines:
                cursor.executemany(insert.sql, insert.params(lines))
        for hand, players, texts in batch.hands:
            cursor.executemany(self._hands.sql, self._hands.params([hand]))
            if players:
                cursor.executemany(self._players.sql, self._players.params(players))
            if texts:
                cursor.executemany(self._texts.sql, self._texts.params(texts))


def _numbered(rows: Sequence[Mapping[str, Any]], first: int) -> bool:
    return all(row["seq"] == first + i for i, row in enumerate(rows))


def _broken(conn: Any) -> bool:
    return bool(getattr(conn, "broken", False) or getattr(conn, "closed", False))


def _retryable(error: BaseException) -> bool:
    return isinstance(error, Exception) and not isinstance(error, (StoreError, AccountError))


def _refusal(error: BaseException) -> BaseException:
    """The store's error for what the database refused; floorman's own pass as they are."""
    if isinstance(error, (StoreError, AccountError)) or not isinstance(error, Exception):
        return error
    why = str(error).splitlines()[0] if str(error) else type(error).__name__
    table = getattr(getattr(error, "diag", None), "table_name", None) or ""
    unique = type(error).__name__ == "UniqueViolation" or "UNIQUE constraint failed" in why
    if unique and (table == "events" or "events.seq" in why):
        return StoreError(
            "the log already holds an entry of this batch, stored before it: {why}",
            code="log_out_of_order",
            why=why,
        )
    if unique and (table == "hands" or "hands.table_no" in why):
        return StoreError(
            "a deal of this batch already has a hand history: {why}", code="hand_exists", why=why
        )
    return StoreError("the database refused the batch, and stored none of it: {why}", why=why)
