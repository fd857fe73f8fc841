"""The store: one database holding the cardroom's accounts, log, ledger and hands.

:meth:`Store.append` writes a command's log entries, the ledger lines of the
cage's events among them and any hand histories finished with them, in one
transaction: when it returns they are on disk, and if it raises nothing of the
batch is. :meth:`Store.entries` reads the log back as the cardroom wrote it,
for :meth:`floorman.service.Cardroom.rebuild`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Self

import sqlalchemy as sa
from argon2 import PasswordHasher

from floorman import codec
from floorman.clock import Clock, SystemClock
from floorman.errors import AccountError, StoreError
from floorman.service import ledger as led
from floorman.service.log import Entry, entry_from_json
from floorman.store import _schema as s
from floorman.store._batch import BatchRows, BatchWriter, HandRows, balance_short
from floorman.store._engine import DEFAULT_URL, create, reading, writing
from floorman.store._migrations import migrate, version
from floorman.store._schema import Role, SanctionKind
from floorman.store.accounts import Accounts

__all__ = ["HandRecord", "HandSummary", "SanctionOrder", "Store", "balance_short", "open_store"]


@dataclass(frozen=True, slots=True, kw_only=True)
class HandSummary:
    """A finished deal's place: its table, its number there, when it ended, who
    played it (in the deal's order)."""

    table: int
    deal: int
    finished_at: float
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRecord:
    """A finished deal's hand history: PHH text, and PokerStars text where that
    format can say the deal (None where it cannot), with the accounts that
    played it, in the deal's order. ``deal`` numbers the deal at its table, never
    reused there."""

    table: int
    deal: int
    finished_at: float
    players: tuple[str, ...]
    phh: str
    pokerstars: str | None = None
    #: Each player's own PokerStars text, by account: his hole cards and the
    #: hands shown, no other face-down card, burn card or stub (RRP5
    #: policies.23, policies.24, showdown.6). ``pokerstars`` is the floor's.
    pokerstars_seen: tuple[tuple[str, str], ...] = ()

    def pokerstars_of(self, player: str) -> str | None:
        """``player``'s own PokerStars text of the deal, if it has one."""
        return next((text for name, text in self.pokerstars_seen if name == player), None)


@dataclass(frozen=True, slots=True, kw_only=True)
class SanctionOrder:
    """A sanction the floor gave in the cardroom, to keep ``account`` out of
    the server from the moment the command's entries are stored: ``until``
    None for good."""

    account: str
    kind: SanctionKind
    by: str | None
    reason: str
    until: float | None = None


def _cage_rows(entry: Entry) -> list[dict[str, Any]]:
    """The chip ledger's lines for one log entry (none unless it is the cage's)."""
    event = entry.event
    row: dict[str, Any] = {"seq": entry.seq, "at": entry.at, "by": None, "note": ""}
    match event:
        case led.ChipsSold():
            row |= {"kind": "sold", "table_no": None, "cash": -event.amount}
        case led.ChipsCashed():
            row |= {"kind": "cashed", "table_no": None, "cash": event.amount}
        case led.ChipsBrought():
            row |= {"kind": "brought", "table_no": event.table, "cash": 0}
        case led.ChipsCarried():
            row |= {"kind": "carried", "table_no": event.table, "cash": 0, "note": event.reason}
        case led.TimeTaken():
            row |= {"kind": "time", "table_no": event.table, "cash": 0}
        case _:
            return []
    return [row | {"account": event.player, "amount": event.amount}]


def _hand_rows(hand: HandRecord) -> HandRows:
    key = {"table_no": hand.table, "deal_no": hand.deal}
    row = key | {"finished_at": hand.finished_at, "phh": hand.phh, "pokerstars": hand.pokerstars}
    players = [
        key | {"account": n, "position": i} for i, n in enumerate(dict.fromkeys(hand.players))
    ]
    texts = [key | {"account": n, "pokerstars": x} for n, x in dict(hand.pokerstars_seen).items()]
    return row, players, texts


def _event_row(entry: Entry) -> dict[str, Any]:
    if not math.isfinite(entry.at):
        # SQLite would keep no NaN, PostgreSQL would: neither is a time.
        raise StoreError(
            "entry {seq} has no time ({at}); a log entry is timed", seq=entry.seq, at=entry.at
        )
    body = codec.to_json(entry.event)
    layer, _, kind = str(body["type"]).partition(".")
    return {
        "seq": entry.seq,
        "at": entry.at,
        "table_no": entry.table,
        "layer": layer,
        "type": kind,
        "event": json.dumps(body, allow_nan=False, separators=(",", ":")),
    }


class Store:
    """The cardroom's database (SQLite or PostgreSQL, through SQLAlchemy Core).

    Opened with :func:`open_store` (or :meth:`open`), which migrates the schema
    to this floorman's version. ``accounts`` holds the accounts; the log, the
    chip ledger and the hand histories are methods here. Use as a context
    manager, or call :meth:`close`.
    """

    def __init__(
        self, engine: sa.Engine, *, clock: Clock, hasher: PasswordHasher | None = None
    ) -> None:
        self.engine = engine
        self.clock = clock
        self.accounts = Accounts(engine, clock=clock, hasher=hasher or PasswordHasher())
        self._writer = BatchWriter(engine)

    @classmethod
    def open(
        cls,
        url: str = DEFAULT_URL,
        *,
        clock: Clock | None = None,
        hasher: PasswordHasher | None = None,
    ) -> Self:
        """The store at ``url`` (see :func:`floorman.store.database_url`), its
        schema migrated to the latest version first."""
        engine = create(url)
        clock = clock or SystemClock()
        try:
            migrate(engine, now=clock.now())
        except BaseException:
            engine.dispose()
            raise
        return cls(engine, clock=clock, hasher=hasher)

    def close(self) -> None:
        """Release the database's connections."""
        self._writer.close()
        self.engine.dispose()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.engine.dialect.name

    def schema_version(self) -> int:
        """The schema version of the database."""
        with reading(self.engine) as db:
            return version(db)

    # ----- the log -----------------------------------------------------------------------

    def append(
        self,
        entries: Sequence[Entry],
        *,
        hands: Iterable[HandRecord] = (),
        authors: Mapping[int, str] | None = None,
        pay: bool = False,
        sanctions: Sequence[SanctionOrder] = (),
    ) -> None:
        """Write a command's entries (numbered on from the stored log), the
        ledger lines of the cage's events among them and the hand histories
        finished with them, as one transaction: all of it or, if anything is
        refused, none. Answer a command only after this returns; if it raises,
        the cardroom that made the entries is ahead of the store, and is
        rebuilt from :meth:`entries` before it goes on.

        ``authors`` names the account that gave the command logging each entry
        (by its number). ``pay``: the chips the cage sold are paid from the
        buyers' play money, checked inside the same transaction, so a batch
        that would overdraw an account is refused whole (``balance_short``)
        and two batches cannot both spend the same money. ``sanctions`` are
        written with the entries, ending the accounts' sessions."""
        hands = tuple(hands)
        authors = authors or {}
        rows = [_event_row(e) for e in entries]
        cage = [line for e in entries for line in _cage_rows(e)]
        for line in cage:
            line["by"] = authors.get(line["seq"])
        named = [{"seq": e.seq, "account": authors[e.seq]} for e in entries if e.seq in authors]
        spent: dict[str, int] = {}
        if pay:
            for line in cage:
                if line["kind"] == "sold":
                    spent[line["account"]] = spent.get(line["account"], 0) - int(line["cash"])
        if not sanctions:
            hand_rows = [_hand_rows(h) for h in hands]
            batch = BatchRows(events=rows, authors=named, cage=cage, hands=hand_rows, spent=spent)
            self._writer.write(batch)
            return
        # Sanctions are rare: their batch takes the general path, and the
        # writer reads the log's end again after it.
        self._writer.forget()
        try:
            with writing(self.engine) as db:
                if rows:
                    self._check_follows(db, entries)
                for player, amount in spent.items():
                    balance = Accounts.balance_in(db, player)
                    if amount > balance:
                        raise balance_short(player, balance=balance, amount=amount)
                if rows:
                    db.execute(sa.insert(s.events), rows)
                    if named:
                        db.execute(sa.insert(s.event_authors), named)
                if cage:
                    db.execute(sa.insert(s.chips), cage)
                for hand in hands:
                    self._insert_hand(db, hand)
                now = self.clock.now()
                for order in sanctions:
                    if self.accounts.exists_in(db, order.account):
                        self.accounts.insert_sanction(
                            db,
                            order.account,
                            order.kind,
                            by=order.by,
                            reason=order.reason,
                            until=order.until,
                            now=now,
                        )
        except sa.exc.DBAPIError as error:
            raise StoreError(
                "the database refused the batch, and stored none of it: {why}",
                why=str(error.orig).splitlines()[0] if error.orig else str(error),
            ) from error

    def authors(self, *, after: int = -1) -> dict[int, str]:
        """Who gave the command that logged each entry after ``after`` (the
        entries a deadline fired have none)."""
        c = s.event_authors.c
        with reading(self.engine) as db:
            rows = db.execute(sa.select(c.seq, c.account).where(c.seq > after)).all()
        return {int(r.seq): str(r.account) for r in rows}

    @staticmethod
    def _check_follows(db: sa.Connection, entries: Sequence[Entry]) -> None:
        last = db.execute(sa.select(sa.func.max(s.events.c.seq))).scalar()
        expected = 0 if last is None else int(last) + 1
        for offset, entry in enumerate(entries):
            if entry.seq != expected + offset:
                raise StoreError(
                    "entry {seq} does not follow the stored log, which takes {expected} next",
                    code="log_out_of_order",
                    seq=entry.seq,
                    expected=expected + offset,
                )

    def entries(self, *, after: int = -1, table: int | None = None) -> tuple[Entry, ...]:
        """The log from entry ``after + 1`` on (by default the whole of it), or
        only ``table``'s entries, as the cardroom recorded them."""
        c = s.events.c
        query = sa.select(c.seq, c.at, c.table_no, c.event).where(c.seq > after).order_by(c.seq)
        if table is not None:
            query = query.where(c.table_no == table)
        with reading(self.engine) as db:
            rows = db.execute(query).all()
        return tuple(
            entry_from_json(
                {"seq": r.seq, "at": r.at, "table": r.table_no, "event": json.loads(r.event)}
            )
            for r in rows
        )

    def last_seq(self) -> int | None:
        """The number of the last stored entry (None for an empty log)."""
        with reading(self.engine) as db:
            last = db.execute(sa.select(sa.func.max(s.events.c.seq))).scalar()
        return None if last is None else int(last)

    # ----- sessions ----------------------------------------------------------------------

    # ----- hand histories ----------------------------------------------------------------

    def save_hand(self, hand: HandRecord) -> None:
        """Store one finished deal's hand history (on its own transaction)."""
        self.append((), hands=(hand,))

    @staticmethod
    def _insert_hand(db: sa.Connection, hand: HandRecord) -> None:
        c = s.hands.c
        taken = db.execute(
            sa.select(c.deal_no).where(c.table_no == hand.table, c.deal_no == hand.deal)
        ).first()
        if taken is not None:
            raise StoreError(
                "table {table} already has a hand history for deal {deal}",
                code="hand_exists",
                table=hand.table,
                deal=hand.deal,
            )
        db.execute(
            sa.insert(s.hands).values(
                table_no=hand.table,
                deal_no=hand.deal,
                finished_at=hand.finished_at,
                phh=hand.phh,
                pokerstars=hand.pokerstars,
            )
        )
        players = list(dict.fromkeys(hand.players))
        if players:
            db.execute(
                sa.insert(s.hand_players),
                [
                    {"table_no": hand.table, "deal_no": hand.deal, "account": name, "position": i}
                    for i, name in enumerate(players)
                ],
            )
        if hand.pokerstars_seen:
            db.execute(
                sa.insert(s.hand_texts),
                [
                    {"table_no": hand.table, "deal_no": hand.deal, "account": n, "pokerstars": x}
                    for n, x in dict(hand.pokerstars_seen).items()
                ],
            )

    def hand(self, table: int, deal: int, *, viewer: str) -> HandRecord:
        """A finished deal's hand history, for one of its players, the floor or
        the shift's supervisor (admin), who has the floor's last word (RRP5
        decisions.2). A player's record holds his own PokerStars text alone
        among the players' (RRP5 policies.23)."""
        c = s.hands.c
        with reading(self.engine) as db:
            row = db.execute(
                sa.select(s.hands).where(c.table_no == table, c.deal_no == deal)
            ).first()
            if row is None:
                raise StoreError(
                    "no hand history for deal {deal} at table {table}",
                    code="no_such_hand",
                    table=table,
                    deal=deal,
                )
            players = self._players(db, table, deal)
            x = s.hand_texts.c
            seen = db.execute(
                sa.select(x.account, x.pokerstars)
                .where(x.table_no == table, x.deal_no == deal)
                .order_by(x.account)
            ).all()
            floor = self._is_floor(db, viewer)
            if not floor:
                seen = [r for r in seen if r.account == viewer]
            if viewer not in players and not floor:
                raise AccountError(
                    "{viewer} did not play deal {deal} at table {table}; only its players,"
                    " the floor and the supervisor may have its hand history (RRP5 decisions.2)",
                    code="hand_not_yours",
                    viewer=viewer,
                    table=table,
                    deal=deal,
                )
        return HandRecord(
            table=table,
            deal=deal,
            finished_at=float(row.finished_at),
            players=players,
            phh=str(row.phh),
            pokerstars=row.pokerstars,
            pokerstars_seen=tuple((str(r.account), str(r.pokerstars)) for r in seen),
        )

    def hands_of(self, account: str) -> tuple[HandSummary, ...]:
        """The finished deals an account played, in the order they ended."""
        h, p = s.hands.c, s.hand_players.c
        query = (
            sa.select(h.table_no, h.deal_no, h.finished_at)
            .join(
                s.hand_players,
                sa.and_(p.table_no == h.table_no, p.deal_no == h.deal_no),
            )
            .where(p.account == account)
            .order_by(h.finished_at, h.table_no, h.deal_no)
        )
        with reading(self.engine) as db:
            rows = db.execute(query).all()
            return tuple(
                HandSummary(
                    table=int(r.table_no),
                    deal=int(r.deal_no),
                    finished_at=float(r.finished_at),
                    players=self._players(db, int(r.table_no), int(r.deal_no)),
                )
                for r in rows
            )

    @staticmethod
    def _players(db: sa.Connection, table: int, deal: int) -> tuple[str, ...]:
        p = s.hand_players.c
        names = db.execute(
            sa.select(p.account).where(p.table_no == table, p.deal_no == deal).order_by(p.position)
        ).scalars()
        return tuple(str(n) for n in names)

    @staticmethod
    def _is_floor(db: sa.Connection, name: str) -> bool:
        """Whether ``name`` rules as the floor: a floorperson or the supervisor
        above him (RRP5 decisions.2)."""
        r = s.account_roles.c
        found = db.execute(
            sa.select(r.role).where(
                r.account == name, r.role.in_((Role.FLOOR.value, Role.ADMIN.value))
            )
        ).first()
        return found is not None


def open_store(
    url: str = DEFAULT_URL,
    *,
    clock: Clock | None = None,
    hasher: PasswordHasher | None = None,
) -> Store:
    """The store at ``url``, migrated: ``sqlite:///PATH`` or a bare path (by
    default ``floorman.db`` here), ``sqlite://`` in memory, or ``postgresql://...``.
    ``clock`` times accounts, credits and sanctions (the machine's clock by
    default); ``hasher`` sets argon2's cost (argon2-cffi's defaults by default)."""
    return Store.open(url, clock=clock, hasher=hasher)
