"""The tables the store reads and writes, as the latest migration leaves them.

The migrations (:mod:`floorman.store._migrations`) build these; each step
there keeps its own copy of what it creates, so a table changed here needs a
new step, and the tests check that migrating an empty database gives exactly
these tables.

Only an account's own name is bounded (and checked before it is written);
the names in the ledger and the hand histories are the cardroom's players',
kept as they come, so SQLite and PostgreSQL take and refuse the same rows.
"""

from __future__ import annotations

import enum

import sqlalchemy as sa

__all__ = ["NAME_LENGTH", "Role", "SanctionKind", "metadata"]

#: The longest account name.
NAME_LENGTH = 32


class Role(enum.StrEnum):
    """What an account may do in the cardroom (RRP5 decisions.2: the floor rules)."""

    PLAYER = "player"
    DEALER = "dealer"
    FLOOR = "floor"
    ADMIN = "admin"


class SanctionKind(enum.StrEnum):
    """A sanction that keeps an account from logging in while it is in force."""

    SUSPENSION = "suspension"  # always until a time
    BAR = "bar"  # for good, or until a time


metadata = sa.MetaData()

schema_versions = sa.Table(
    "schema_versions",
    metadata,
    sa.Column("version", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("description", sa.Text, nullable=False),
    sa.Column("applied_at", sa.Double, nullable=False),
)

accounts = sa.Table(
    "accounts",
    metadata,
    sa.Column("name", sa.String(NAME_LENGTH), primary_key=True),
    sa.Column("password_hash", sa.Text, nullable=False),
    sa.Column("created_at", sa.Double, nullable=False),
)

account_roles = sa.Table(
    "account_roles",
    metadata,
    sa.Column("account", sa.ForeignKey("accounts.name"), primary_key=True),
    sa.Column("role", sa.String(16), primary_key=True),
)

sanctions = sa.Table(
    "sanctions",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("account", sa.ForeignKey("accounts.name"), nullable=False, index=True),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("reason", sa.Text, nullable=False),
    sa.Column("since", sa.Double, nullable=False),
    sa.Column("until", sa.Double, nullable=True),
    sa.Column("by", sa.Text, nullable=True),
    sa.Column("lifted_at", sa.Double, nullable=True),
    sa.Column("lifted_by", sa.Text, nullable=True),
)

events = sa.Table(
    "events",
    metadata,
    sa.Column("seq", sa.BigInteger, primary_key=True, autoincrement=False),
    sa.Column("at", sa.Double, nullable=False),
    sa.Column("table_no", sa.Integer, nullable=True),
    sa.Column("layer", sa.Text, nullable=False),
    sa.Column("type", sa.Text, nullable=False),
    sa.Column("event", sa.Text, nullable=False),
    sa.Index("ix_events_table_seq", "table_no", "seq"),
)

chips = sa.Table(
    "chips",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("seq", sa.ForeignKey("events.seq"), nullable=True),
    sa.Column("at", sa.Double, nullable=False),
    sa.Column("account", sa.Text, nullable=False, index=True),
    sa.Column("kind", sa.Text, nullable=False),
    sa.Column("table_no", sa.Integer, nullable=True),
    sa.Column("amount", sa.BigInteger, nullable=False),
    sa.Column("cash", sa.BigInteger, nullable=False),
    sa.Column("by", sa.Text, nullable=True),
    sa.Column("note", sa.Text, nullable=False),
)

hands = sa.Table(
    "hands",
    metadata,
    sa.Column("table_no", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("deal_no", sa.BigInteger, primary_key=True, autoincrement=False),
    sa.Column("finished_at", sa.Double, nullable=False),
    sa.Column("phh", sa.Text, nullable=False),
    sa.Column("pokerstars", sa.Text, nullable=True),
)

hand_players = sa.Table(
    "hand_players",
    metadata,
    sa.Column("table_no", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("deal_no", sa.BigInteger, primary_key=True, autoincrement=False),
    sa.Column("account", sa.Text, primary_key=True, index=True),
    sa.Column("position", sa.Integer, nullable=False),
    sa.ForeignKeyConstraint(["table_no", "deal_no"], ["hands.table_no", "hands.deal_no"]),
)

# Each player's own PokerStars text of a deal: his hole cards and the hands
# shown, nobody else's face-down cards (RRP5 policies.23, showdown.6).
hand_texts = sa.Table(
    "hand_texts",
    metadata,
    sa.Column("table_no", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("deal_no", sa.BigInteger, primary_key=True, autoincrement=False),
    sa.Column("account", sa.Text, primary_key=True),
    sa.Column("pokerstars", sa.Text, nullable=False),
    sa.ForeignKeyConstraint(["table_no", "deal_no"], ["hands.table_no", "hands.deal_no"]),
)

sessions = sa.Table(
    "sessions",
    metadata,
    # The SHA-256 of the session's random id, which only the signed cookie carries.
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("account", sa.ForeignKey("accounts.name"), nullable=False, index=True),
    sa.Column("created_at", sa.Double, nullable=False),
    sa.Column("revoked_at", sa.Double, nullable=True),
)

event_authors = sa.Table(
    "event_authors",
    metadata,
    # Who gave the command that logged the entry (none: a deadline fired it).
    sa.Column("seq", sa.ForeignKey("events.seq"), primary_key=True, autoincrement=False),
    sa.Column("account", sa.Text, nullable=False),
)

role_changes = sa.Table(
    "role_changes",
    metadata,
    # Every role an admin granted or took away, with who and when.
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("account", sa.ForeignKey("accounts.name"), nullable=False, index=True),
    sa.Column("role", sa.String(16), nullable=False),
    sa.Column("granted", sa.Boolean, nullable=False),
    sa.Column("by", sa.Text, nullable=False),
    sa.Column("at", sa.Double, nullable=False),
)
