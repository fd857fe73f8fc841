"""The cardroom's database: accounts, the event log, the chip ledger and hand histories.

An adapter around the service (:mod:`floorman.service`), which never imports
it. One code path serves SQLite (a file, ``floorman.db`` by default, or
``sqlite:///PATH``) and PostgreSQL (``postgresql://...``, through psycopg 3),
written with SQLAlchemy Core; the schema is migrated in numbered steps when a
store opens.

- :class:`Store` appends a command's log entries in one transaction and reads
  them back for :meth:`floorman.service.Cardroom.rebuild`; it keeps each
  account's chip ledger from the cage's events, and each finished deal's hand
  history for its players and the floor;
- :class:`Accounts` (``store.accounts``) creates accounts with argon2-hashed
  passwords, logs them in, grants roles, credits play money and enforces
  sanctions.

>>> from floorman.clock import ManualClock
>>> with open_store("sqlite://", clock=ManualClock()) as store:
...     store.schema_version() == LATEST
True
"""

from floorman.store._engine import DEFAULT_URL, database_url
from floorman.store._migrations import LATEST, MIGRATIONS, Migration
from floorman.store._schema import Role, SanctionKind
from floorman.store.accounts import Account, Accounts, AccountSanction, ChipRecord
from floorman.store.store import HandRecord, HandSummary, SanctionOrder, Store, open_store

__all__ = [
    "DEFAULT_URL",
    "LATEST",
    "MIGRATIONS",
    "Account",
    "AccountSanction",
    "Accounts",
    "ChipRecord",
    "HandRecord",
    "HandSummary",
    "Migration",
    "Role",
    "SanctionKind",
    "SanctionOrder",
    "Store",
    "database_url",
    "open_store",
]
