"""Versioned schema migrations: numbered steps applied in order, once each.

The ``schema_versions`` table records every step applied, with when. Opening a
store applies the steps its database lacks, in one transaction under the
write lock, so two processes opening a new database at once migrate it once,
and a step that fails leaves the database as it was. A step never changes once
released: a change to the tables is a new step, and a step that alters a table
keeps its own copy of the tables it starts from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import sqlalchemy as sa

from floorman.errors import StoreError
from floorman.store import _schema as s
from floorman.store._engine import writing

__all__ = ["LATEST", "MIGRATIONS", "Migration", "migrate", "version"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Migration:
    """One step of the schema: its number, what it does, and the step itself."""

    version: int
    description: str
    apply: Callable[[sa.Connection], None]


#: The tables the first step made.
_FIRST = ("accounts", "account_roles", "sanctions", "events", "chips", "hands", "hand_players")


def _first(connection: sa.Connection) -> None:
    tables = [t for t in s.metadata.sorted_tables if t.name in _FIRST]
    s.metadata.create_all(connection, tables=tables)


def _second(connection: sa.Connection) -> None:
    s.metadata.create_all(connection, tables=[s.sessions, s.event_authors, s.role_changes])


def _third(connection: sa.Connection) -> None:
    s.metadata.create_all(connection, tables=[s.hand_texts])


#: Every step, in order, numbered from 1.
MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        version=1,
        description="accounts, roles, sanctions, the event log, the chip ledger, hand histories",
        apply=_first,
    ),
    Migration(
        version=2,
        description=(
            "sessions that logging out and sanctions revoke; who gave each command;"
            " who granted and took away each role"
        ),
        apply=_second,
    ),
    Migration(
        version=3,
        description="each player's own PokerStars text of a deal he played",
        apply=_third,
    ),
)

#: The schema version this floorman writes.
LATEST = MIGRATIONS[-1].version


def version(connection: sa.Connection) -> int:
    """The last step applied to a database (0 for an empty one)."""
    if not sa.inspect(connection).has_table(s.schema_versions.name):
        return 0
    found = connection.execute(sa.select(sa.func.max(s.schema_versions.c.version))).scalar()
    return int(found or 0)


def migrate(engine: sa.Engine, *, now: float) -> int:
    """Apply the steps a database lacks; its version after. Refuses a database a
    newer floorman has migrated past the steps this one knows."""
    with writing(engine) as connection:
        s.schema_versions.create(connection, checkfirst=True)
        applied = version(connection)
        if applied > LATEST:
            raise StoreError(
                "the database is at schema version {found}, written by a newer floorman; this"
                " one reads up to version {latest}",
                code="schema_too_new",
                found=applied,
                latest=LATEST,
            )
        for step in MIGRATIONS:
            if step.version <= applied:
                continue
            step.apply(connection)
            connection.execute(
                sa.insert(s.schema_versions).values(
                    version=step.version, description=step.description, applied_at=now
                )
            )
    return LATEST
