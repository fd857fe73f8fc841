"""Accounts: names, argon2-hashed passwords, roles, play money and sanctions.

A password is kept only as its argon2 hash (argon2-cffi); checking one takes
the same work whether the name exists or not, and a hash made with weaker
parameters than the store's is replaced at the next good log-in. An account
holds roles (:class:`Role`: player, dealer, floor, admin; RRP5 decisions.2: the
floor rules) and a balance of play money, which only an admin credits; the
cage's sales and cash-outs (:mod:`floorman.service.ledger`) draw on it and pay
into it. A sanction (a suspension until a time, a bar for good or until a
time) refuses log-in while it is in force.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy.dialects import postgresql

from floorman.clock import Clock
from floorman.errors import AccountError
from floorman.store import _schema as s
from floorman.store._engine import reading, writing
from floorman.store._schema import NAME_LENGTH, Role, SanctionKind

__all__ = ["Account", "AccountSanction", "Accounts", "ChipRecord"]

_NAME = re.compile(rf"[A-Za-z0-9][A-Za-z0-9_.-]{{0,{NAME_LENGTH - 1}}}")
_SHORTEST, _LONGEST = 8, 1024


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True, kw_only=True)
class AccountSanction:
    """A sanction on an account: in force from ``since`` until ``until`` (None:
    for good) unless lifted; ``by`` names who imposed it."""

    id: int
    account: str
    kind: SanctionKind
    reason: str
    since: float
    until: float | None
    by: str | None
    lifted_at: float | None = None
    lifted_by: str | None = None

    def in_force(self, at: float) -> bool:
        """Whether the sanction keeps the account out at time ``at``."""
        if self.lifted_at is not None and self.lifted_at <= at:
            return False
        return self.since <= at and (self.until is None or at < self.until)


@dataclass(frozen=True, slots=True, kw_only=True)
class Account:
    """An account as stored: never its password or its hash."""

    name: str
    roles: frozenset[Role]
    created_at: float
    balance: int

    def has(self, role: Role) -> bool:
        """Whether the account holds ``role``."""
        return role in self.roles


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipRecord:
    """One line of an account's chip ledger: play money credited by an admin
    (``credit``), or one of the cage's events (``sold``, ``cashed``,
    ``brought``, ``carried``, ``time``) with the log entry it came from.
    ``cash`` is what it did to the balance."""

    at: float
    account: str
    kind: str
    amount: int
    cash: int
    table: int | None = None
    seq: int | None = None
    by: str | None = None
    note: str = ""


class Accounts:
    """The accounts of one store (reached as ``store.accounts``)."""

    def __init__(self, engine: sa.Engine, *, clock: Clock, hasher: PasswordHasher) -> None:
        self._engine = engine
        self._clock = clock
        self._hasher = hasher
        self._dummy: str | None = None

    # ----- creating and logging in -------------------------------------------------------

    def create(
        self, name: str, password: str, *, roles: Iterable[Role] = (Role.PLAYER,)
    ) -> Account:
        """A new account with its password hashed (argon2) and its roles.

        A name is 1 to 32 letters, digits, ``_``, ``.`` or ``-``, starting with a
        letter or digit; a password is 8 to 1,024 characters."""
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            raise AccountError(
                "{name!r} is not an account name: use 1 to {longest} letters, digits, '_', '.'"
                " or '-', starting with a letter or digit",
                code="bad_account_name",
                name=name,
                longest=NAME_LENGTH,
            )
        self._check_password(password)
        granted = frozenset(Role(r) for r in roles)
        digest = self._hasher.hash(password)
        now = self._clock.now()
        with writing(self._engine) as db:
            if self._exists(db, name):
                raise AccountError(
                    "the name {name} is taken; choose another",
                    code="account_exists",
                    name=name,
                )
            db.execute(
                sa.insert(s.accounts).values(name=name, password_hash=digest, created_at=now)
            )
            for role in sorted(granted):
                db.execute(sa.insert(s.account_roles).values(account=name, role=role.value))
        return Account(name=name, roles=granted, created_at=now, balance=0)

    def _check_password(self, password: str) -> None:
        if not isinstance(password, str) or not _SHORTEST <= len(password) <= _LONGEST:
            raise AccountError(
                "a password is {shortest} to {longest} characters",
                code="weak_password",
                shortest=_SHORTEST,
                longest=_LONGEST,
            )

    def verify(self, name: str, password: str) -> Account:
        """The account, if ``password`` is its password; refused alike for an
        unknown name and a wrong password. A hash made with weaker parameters
        than the store's is replaced by a new one."""
        dummy = self._dummy_hash()
        with reading(self._engine) as db:
            stored = db.execute(
                sa.select(s.accounts.c.password_hash).where(s.accounts.c.name == name)
            ).scalar()
        # An unknown name costs a whole verification too, so the time taken
        # does not tell which names exist.
        digest = stored if isinstance(stored, str) else dummy
        try:
            good: bool = self._hasher.verify(digest, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            good = False
        if not good or stored is None:
            raise AccountError(
                "wrong name or password; log in with the password the account was made with",
                code="login_refused",
            )
        if self._hasher.check_needs_rehash(digest):
            with writing(self._engine) as db:
                db.execute(
                    sa.update(s.accounts)
                    .where(s.accounts.c.name == name)
                    .values(password_hash=self._hasher.hash(password))
                )
        return self.get(name)

    def _dummy_hash(self) -> str:
        if self._dummy is None:
            self._dummy = self._hasher.hash("not any account's password")
        return self._dummy

    def log_in(self, name: str, password: str) -> Account:
        """The account, if the password is right and no sanction keeps it out now."""
        account = self.verify(name, password)
        self.check_allowed(name)
        return account

    def change_password(self, name: str, old: str, new: str) -> None:
        """Replace an account's password, given the old one."""
        self.verify(name, old)
        self._check_password(new)
        with writing(self._engine) as db:
            db.execute(
                sa.update(s.accounts)
                .where(s.accounts.c.name == name)
                .values(password_hash=self._hasher.hash(new))
            )

    def stored_hash(self, name: str) -> str:
        """The argon2 hash stored for an account (for audits; never the password)."""
        with reading(self._engine) as db:
            self._need(db, name)
            return str(
                db.execute(
                    sa.select(s.accounts.c.password_hash).where(s.accounts.c.name == name)
                ).scalar_one()
            )

    # ----- reading -----------------------------------------------------------------------

    def get(self, name: str) -> Account:
        """The account of that name, with its roles and balance."""
        with reading(self._engine) as db:
            return self._account_in(db, name)

    def _account_in(self, db: sa.Connection, name: str) -> Account:
        created = db.execute(
            sa.select(s.accounts.c.created_at).where(s.accounts.c.name == name)
        ).scalar()
        if created is None:
            raise self._missing(name)
        return Account(
            name=name,
            roles=self._roles(db, name),
            created_at=float(created),
            balance=self._balance(db, name),
        )

    def exists(self, name: str) -> bool:
        """Whether an account of that name exists."""
        with reading(self._engine) as db:
            return self._exists(db, name)

    def names(self, *, role: Role | None = None) -> tuple[str, ...]:
        """Every account's name (those holding ``role``, if given), sorted."""
        with reading(self._engine) as db:
            if role is None:
                query = sa.select(s.accounts.c.name)
            else:
                query = sa.select(s.account_roles.c.account).where(
                    s.account_roles.c.role == Role(role).value
                )
            return tuple(sorted(str(n) for n in db.execute(query).scalars()))

    @classmethod
    def exists_in(cls, db: sa.Connection, name: str) -> bool:
        """Whether an account of that name exists, read inside the caller's transaction."""
        return cls._exists(db, name)

    @staticmethod
    def _exists(db: sa.Connection, name: str) -> bool:
        found = db.execute(sa.select(s.accounts.c.name).where(s.accounts.c.name == name))
        return found.first() is not None

    def _need(self, db: sa.Connection, name: str) -> None:
        if not self._exists(db, name):
            raise self._missing(name)

    @staticmethod
    def _missing(name: str) -> AccountError:
        return AccountError("no account is named {name}", code="no_such_account", name=name)

    @staticmethod
    def _roles(db: sa.Connection, name: str) -> frozenset[Role]:
        rows = db.execute(
            sa.select(s.account_roles.c.role).where(s.account_roles.c.account == name)
        ).scalars()
        return frozenset(Role(r) for r in rows)

    def _require(self, db: sa.Connection, by: str, *roles: Role) -> None:
        """Refuse unless ``by`` holds one of ``roles``."""
        if not self._roles(db, by) & set(roles):
            raise AccountError(
                "{by} may not do this; it takes the {roles} role",
                code="not_permitted",
                by=by,
                roles=" or ".join(r.value for r in roles),
            )

    # ----- roles -------------------------------------------------------------------------

    def grant(self, name: str, role: Role, *, by: str) -> None:
        """Give an account a role; only an admin may."""
        with writing(self._engine) as db:
            self._require(db, by, Role.ADMIN)
            self._need(db, name)
            if Role(role) not in self._roles(db, name):
                db.execute(sa.insert(s.account_roles).values(account=name, role=Role(role).value))
                self._role_changed(db, name, role, granted=True, by=by)

    def revoke(self, name: str, role: Role, *, by: str) -> None:
        """Take a role from an account; only an admin may."""
        with writing(self._engine) as db:
            self._require(db, by, Role.ADMIN)
            self._need(db, name)
            taken = db.execute(
                sa.delete(s.account_roles).where(
                    s.account_roles.c.account == name, s.account_roles.c.role == Role(role).value
                )
            )
            if taken.rowcount:
                self._role_changed(db, name, role, granted=False, by=by)

    def _role_changed(
        self, db: sa.Connection, name: str, role: Role, *, granted: bool, by: str
    ) -> None:
        db.execute(
            sa.insert(s.role_changes).values(
                account=name,
                role=Role(role).value,
                granted=granted,
                by=by,
                at=self._clock.now(),
            )
        )

    def role_changes(self, name: str) -> tuple[tuple[str, bool, str, float], ...]:
        """The roles granted to (True) and taken from (False) an account, in
        order: (role, granted, by whom, when)."""
        c = s.role_changes.c
        with reading(self._engine) as db:
            rows = db.execute(
                sa.select(c.role, c.granted, c.by, c.at).where(c.account == name).order_by(c.id)
            ).all()
        return tuple((str(r.role), bool(r.granted), str(r.by), float(r.at)) for r in rows)

    # ----- play money --------------------------------------------------------------------

    def credit(self, name: str, amount: int, *, by: str, note: str = "") -> int:
        """Credit an account's balance with play money; only an admin may. The
        balance after."""
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            raise AccountError(
                "play money is credited in a whole number above 0, not {amount!r}",
                code="bad_amount",
                amount=amount,
            )
        with writing(self._engine) as db:
            self._require(db, by, Role.ADMIN)
            self._need(db, name)
            db.execute(
                sa.insert(s.chips).values(
                    at=self._clock.now(),
                    account=name,
                    kind="credit",
                    amount=amount,
                    cash=amount,
                    by=by,
                    note=note,
                )
            )
            return self._balance(db, name)

    def balance(self, name: str) -> int:
        """An account's play money: what admins credited, less the chips it bought
        at the cage, plus those it cashed out."""
        with reading(self._engine) as db:
            return self._balance(db, name)

    @classmethod
    def balance_in(cls, db: sa.Connection, name: str) -> int:
        """An account's play money, read inside the caller's transaction."""
        return cls._balance(db, name)

    @staticmethod
    def _balance(db: sa.Connection, name: str) -> int:
        total = db.execute(
            sa.select(sa.func.coalesce(sa.func.sum(s.chips.c.cash), 0)).where(
                s.chips.c.account == name
            )
        ).scalar_one()
        return int(total)

    def ledger(self, name: str) -> tuple[ChipRecord, ...]:
        """An account's chip ledger, in the order it was written."""
        c = s.chips.c
        with reading(self._engine) as db:
            rows = db.execute(sa.select(s.chips).where(c.account == name).order_by(c.id)).all()
        return tuple(
            ChipRecord(
                at=float(r.at),
                account=str(r.account),
                kind=str(r.kind),
                amount=int(r.amount),
                cash=int(r.cash),
                table=r.table_no,
                seq=r.seq,
                by=r.by,
                note=str(r.note),
            )
            for r in rows
        )

    # ----- sanctions ---------------------------------------------------------------------

    def sanction(
        self,
        name: str,
        kind: SanctionKind,
        *,
        by: str,
        reason: str,
        until: float | None = None,
    ) -> AccountSanction:
        """Suspend an account until ``until``, or bar it (for good if ``until``
        is None); the floor or an admin may. In force from now."""
        kind = SanctionKind(kind)
        now = self._clock.now()
        if kind is SanctionKind.SUSPENSION and until is None:
            raise AccountError(
                "a suspension ends: give its end, or bar the account for good",
                code="account",
            )
        if until is not None and until <= now:
            raise AccountError(
                "a sanction ends after it begins: {until} is not after now ({now})",
                code="account",
                until=until,
                now=now,
            )
        with writing(self._engine) as db:
            self._require(db, by, Role.FLOOR, Role.ADMIN)
            self._need(db, name)
            return self.insert_sanction(db, name, kind, by=by, reason=reason, until=until, now=now)

    @classmethod
    def insert_sanction(
        cls,
        db: sa.Connection,
        name: str,
        kind: SanctionKind,
        *,
        by: str | None,
        reason: str,
        until: float | None,
        now: float,
    ) -> AccountSanction:
        """Write a sanction in force from ``now`` inside the caller's write
        transaction, ending the account's sessions with it (no check of who gives it)."""
        values = {
            "account": name,
            "kind": SanctionKind(kind).value,
            "reason": reason,
            "since": now,
            "until": until,
            "by": by,
        }
        inserted = db.execute(sa.insert(s.sanctions).values(**values)).inserted_primary_key
        assert inserted is not None
        cls.end_sessions_in(db, name, now=now)
        return AccountSanction(
            id=int(inserted[0]),
            account=name,
            kind=SanctionKind(kind),
            reason=reason,
            since=now,
            until=until,
            by=by,
        )

    # ----- sessions ----------------------------------------------------------------------

    def open_session(self, name: str) -> str:
        """A new session for ``name``: a random id to sign into the cookie (the
        store keeps only its hash)."""
        token = secrets.token_urlsafe(32)
        with writing(self._engine) as db:
            self._need(db, name)
            db.execute(
                sa.insert(s.sessions).values(
                    id=_digest(token), account=name, created_at=self._clock.now()
                )
            )
        return token

    def check_session(self, name: str, token: str) -> None:
        """Refuse a session that was never opened for ``name``, or was ended (by
        logging out, or by a sanction)."""
        with reading(self._engine) as db:
            self._check_session_in(db, name, token)

    @staticmethod
    def _check_session_in(db: sa.Connection, name: str, token: str) -> None:
        c = s.sessions.c
        row = db.execute(
            sa.select(c.revoked_at).where(c.id == _digest(token), c.account == name)
        ).first()
        if row is None or row.revoked_at is not None:
            raise _session_ended(name)

    def end_session(self, token: str) -> None:
        """End one session (logging out)."""
        c = s.sessions.c
        with writing(self._engine) as db:
            db.execute(
                sa.update(s.sessions)
                .where(c.id == _digest(token), c.revoked_at.is_(None))
                .values(revoked_at=self._clock.now())
            )

    def end_sessions(self, name: str) -> None:
        """End every session of an account."""
        with writing(self._engine) as db:
            self.end_sessions_in(db, name, now=self._clock.now())

    @staticmethod
    def end_sessions_in(db: sa.Connection, name: str, *, now: float) -> None:
        """End every session of an account inside the caller's transaction."""
        c = s.sessions.c
        db.execute(
            sa.update(s.sessions)
            .where(c.account == name, c.revoked_at.is_(None))
            .values(revoked_at=now)
        )

    def lift(self, name: str, number: int, *, by: str) -> None:
        """End a sanction now; the floor or an admin may."""
        c = s.sanctions.c
        with writing(self._engine) as db:
            self._require(db, by, Role.FLOOR, Role.ADMIN)
            done = db.execute(
                sa.update(s.sanctions)
                .where(c.id == number, c.account == name, c.lifted_at.is_(None))
                .values(lifted_at=self._clock.now(), lifted_by=by)
            )
            if done.rowcount != 1:
                raise AccountError(
                    "{name} has no sanction number {number} in force",
                    code="no_such_sanction",
                    name=name,
                    number=number,
                )

    def sanctions(self, name: str) -> tuple[AccountSanction, ...]:
        """Every sanction an account has had, in order."""
        with reading(self._engine) as db:
            return self._sanctions_in(db, name)

    @staticmethod
    def _sanctions_in(db: sa.Connection, name: str) -> tuple[AccountSanction, ...]:
        c = s.sanctions.c
        rows = db.execute(sa.select(s.sanctions).where(c.account == name).order_by(c.id))
        return tuple(
            AccountSanction(
                id=int(r.id),
                account=str(r.account),
                kind=SanctionKind(r.kind),
                reason=str(r.reason),
                since=float(r.since),
                until=r.until,
                by=r.by,
                lifted_at=r.lifted_at,
                lifted_by=r.lifted_by,
            )
            for r in rows
        )

    def in_force(self, name: str) -> AccountSanction | None:
        """The sanction keeping an account out now (the one ending last), if any."""
        return _ending_last(self.sanctions(name), self._clock.now())

    def standing(self, name: str, *, session: str | None = None) -> Account:
        """The account as a command is checked against, read in one transaction:
        its ``session`` (if given) still open, else ``session_revoked``; no
        sanction in force, else ``sanctioned``; its roles and balance."""
        now = self._clock.now()
        with reading(self._engine) as db:
            if session is not None:
                self._check_session_in(db, name, session)
            account = self._account_in(db, name)
            sanction = _ending_last(self._sanctions_in(db, name), now)
        if sanction is not None:
            raise _sanctioned(name, sanction)
        return account

    def standings(
        self, sessions: Collection[tuple[str, str]]
    ) -> dict[tuple[str, str], Account | AccountError]:
        """For each (account, session id): the account as its next command is
        checked against (:meth:`standing`), or the refusal that command would
        get. One read, a few queries, for every connection a server holds."""
        now = self._clock.now()
        names = sorted({name for name, _ in sessions})
        wanted = {_digest(token): (name, token) for name, token in sessions}
        digests = list(wanted)
        open_: set[tuple[str, str]] = set()
        created: dict[str, float] = {}
        roles: dict[str, set[Role]] = {}
        balances: dict[str, int] = {}
        given: dict[str, list[AccountSanction]] = {}
        c, a, r, x = s.sessions.c, s.accounts.c, s.account_roles.c, s.chips.c
        keys: sa.BindParameter[Any] = sa.bindparam("keys")
        ids: sa.BindParameter[Any] = sa.bindparam("ids")
        # Each query takes its keys as one parameter (an array, or a JSON list on
        # SQLite), so it is compiled once and sent as it is, however many there are.
        among = _among_array if self._engine.dialect.name == "postgresql" else _among_json
        total = sa.func.coalesce(sa.func.sum(x.cash), 0)
        queries = (
            sa.select(c.id, c.account).where(among(c.id, ids), c.revoked_at.is_(None)),
            sa.select(a.name, a.created_at).where(among(a.name, keys)),
            sa.select(r.account, r.role).where(among(r.account, keys)),
            sa.select(x.account, total).where(among(x.account, keys)).group_by(x.account),
            sa.select(s.sanctions.c.account)
            .where(among(s.sanctions.c.account, keys), s.sanctions.c.lifted_at.is_(None))
            .distinct(),
        )
        values = (
            {"ids": digests, "keys": names}
            if among is _among_array
            else {"ids": json.dumps(digests), "keys": json.dumps(names)}
        )
        with reading(self._engine) as db:
            live, accounts, held, cash, sanctioned = [db.execute(q, values).all() for q in queries]
            for key, account in live:
                if wanted[str(key)][0] == account:
                    open_.add(wanted[str(key)])
            created = {str(name): float(at) for name, at in accounts}
            for account, role in held:
                roles.setdefault(str(account), set()).add(Role(role))
            balances = {str(account): int(amount) for account, amount in cash}
            for row in sanctioned:
                given[str(row[0])] = list(self._sanctions_in(db, str(row[0])))
        out: dict[tuple[str, str], Account | AccountError] = {}
        for pair in sessions:
            name = pair[0]
            sanction = _ending_last(given.get(name, ()), now)
            if pair not in open_:
                out[pair] = _session_ended(name)
            elif name not in created:
                out[pair] = self._missing(name)
            elif sanction is not None:
                out[pair] = _sanctioned(name, sanction)
            else:
                out[pair] = Account(
                    name=name,
                    roles=frozenset(roles.get(name, ())),
                    created_at=created[name],
                    balance=balances.get(name, 0),
                )
        return out

    def check_allowed(self, name: str) -> None:
        """Refuse an account that a sanction keeps out now (at log-in and when it
        signs up for a game)."""
        sanction = self.in_force(name)
        if sanction is not None:
            raise _sanctioned(name, sanction)


def _among_array(column: sa.ColumnElement[Any], keys: sa.BindParameter[Any]) -> Any:
    """``column`` is one of ``keys``, a list sent as one PostgreSQL array."""
    return column == sa.any_(sa.type_coerce(keys, postgresql.ARRAY(sa.Text)))


def _among_json(column: sa.ColumnElement[Any], keys: sa.BindParameter[Any]) -> Any:
    """``column`` is one of ``keys``, a JSON list read by SQLite's json_each."""
    listed: sa.Select[Any] = sa.select(sa.column("value")).select_from(sa.func.json_each(keys))
    return column.in_(listed.scalar_subquery())


def _ending_last(sanctions: Iterable[AccountSanction], now: float) -> AccountSanction | None:
    """Of the sanctions in force at ``now``, the one ending last."""
    active = [x for x in sanctions if x.in_force(now)]
    if not active:
        return None
    return max(active, key=lambda x: float("inf") if x.until is None else x.until)


def _session_ended(name: str) -> AccountError:
    return AccountError(
        "this session of {name} has ended; log in again", code="session_revoked", name=name
    )


def _sanctioned(name: str, sanction: AccountSanction) -> AccountError:
    if sanction.until is None:
        return AccountError(
            "{name} is barred ({reason})",
            code="sanctioned",
            name=name,
            kind=sanction.kind.value,
            reason=sanction.reason,
            until=None,
        )
    return AccountError(
        "{name} is under a {kind} until {until} ({reason}); log in after it ends",
        code="sanctioned",
        name=name,
        kind=sanction.kind.value,
        reason=sanction.reason,
        until=sanction.until,
    )
