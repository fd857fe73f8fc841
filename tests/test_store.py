"""The store: migrations, the cardroom's log round trip, atomic appends, accounts
and hand histories, on SQLite and on a real PostgreSQL 15.

The PostgreSQL cases run against the ``postgres`` fixture of tests/conftest.py
(``FLOORMAN_PG``, or a throwaway cluster started for the session), each in a
database of its own; where there is none they are skipped, saying why.
"""

from __future__ import annotations

import ast
import dataclasses
import datetime
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sa = pytest.importorskip("sqlalchemy", reason="the store needs the server extra: .[server]")
argon2 = pytest.importorskip("argon2", reason="the store needs the server extra: .[server]")

from floorman.clock import ManualClock  # noqa: E402
from floorman.errors import CODES, AccountError, ConfigError, StoreError  # noqa: E402
from floorman.formats.phh import write_phh  # noqa: E402
from floorman.formats.pokerstars import StarsHeader, write_pokerstars  # noqa: E402
from floorman.formats.replay import history_from_deal  # noqa: E402
from floorman.service import Cardroom, Entry  # noqa: E402
from floorman.service import commands as c  # noqa: E402
from floorman.service import ledger as led  # noqa: E402
from floorman.store import (  # noqa: E402
    LATEST,
    HandRecord,
    Role,
    SanctionKind,
    Store,
    database_url,
    open_store,
)
from floorman.store import _migrations as migrations  # noqa: E402
from floorman.store import _schema as schema  # noqa: E402
from tests.cardroom_helpers import NL, Night  # noqa: E402

# Cheap argon2 parameters keep the suite quick; the rehash test raises them.
CHEAP = argon2.PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


# ----- the databases ------------------------------------------------------------------------


@pytest.fixture
def url(database: str) -> str:
    """A new, empty database of each kind."""
    return database


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(seconds=1_000_000.0)


@pytest.fixture
def store(url: str, clock: ManualClock) -> Iterator[Store]:
    with open_store(url, clock=clock, hasher=CHEAP) as opened:
        yield opened


def _dump(store: Store) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, for comparing whole databases."""
    with store.engine.connect() as db:
        return {
            t.name: sorted(tuple(r) for r in db.execute(sa.select(t)).all())
            for t in schema.metadata.sorted_tables
        }


# ----- migrations ---------------------------------------------------------------------------


def test_migrating_an_empty_database_gives_the_latest_schema(store: Store) -> None:
    assert store.schema_version() == LATEST
    inspector = sa.inspect(store.engine)
    assert set(inspector.get_table_names()) == set(schema.metadata.tables)
    for table in schema.metadata.sorted_tables:
        columns = {col["name"] for col in inspector.get_columns(table.name)}
        assert columns == set(table.columns.keys()), table.name
        primary = inspector.get_pk_constraint(table.name)["constrained_columns"]
        assert set(primary) == {col.name for col in table.primary_key}, table.name
    with store.engine.connect() as db:
        steps = db.execute(sa.select(schema.schema_versions.c.version)).scalars().all()
    assert list(steps) == [m.version for m in migrations.MIGRATIONS]


def test_reopening_a_migrated_database_applies_nothing_and_keeps_its_data(
    url: str, clock: ManualClock
) -> None:
    with open_store(url, clock=clock, hasher=CHEAP) as first:
        first.accounts.create("ann", "correct horse", roles=[Role.PLAYER])
        before = _dump(first)
    clock.advance(minutes=5)
    with open_store(url, clock=clock, hasher=CHEAP) as again:
        assert again.schema_version() == LATEST
        assert _dump(again) == before  # the steps' times unchanged: none ran again
        assert again.accounts.log_in("ann", "correct horse").name == "ann"


def test_a_database_from_a_newer_floorman_is_refused(url: str, clock: ManualClock) -> None:
    with open_store(url, clock=clock) as first, first.engine.begin() as db:
        db.execute(
            sa.insert(schema.schema_versions).values(
                version=LATEST + 1, description="later", applied_at=0.0
            )
        )
    with pytest.raises(StoreError) as caught:
        open_store(url, clock=clock)
    assert caught.value.code == "schema_too_new"
    assert caught.value.fields["found"] == LATEST + 1


def test_a_failing_migration_step_leaves_the_database_as_it_was(
    url: str, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_store(url, clock=clock) as first:
        before = _dump(first)

    def half_done(db: sa.Connection) -> None:
        db.exec_driver_sql("CREATE TABLE half_done (x INTEGER)")
        raise RuntimeError("the step fails after changing the schema")

    broken = migrations.Migration(version=LATEST + 1, description="broken", apply=half_done)
    monkeypatch.setattr(migrations, "MIGRATIONS", (*migrations.MIGRATIONS, broken))
    monkeypatch.setattr(migrations, "LATEST", LATEST + 1)
    with pytest.raises(RuntimeError):
        open_store(url, clock=clock)
    monkeypatch.undo()
    with open_store(url, clock=clock) as after:
        assert "half_done" not in sa.inspect(after.engine).get_table_names()
        assert after.schema_version() == LATEST
        assert _dump(after) == before


# ----- the cardroom's log -------------------------------------------------------------------


class StoredNight(Night):
    """A night whose every command's entries are appended to a store, as a server does."""

    def __init__(self, store: Store) -> None:
        super().__init__(seed=7)
        self.store = store

    def do(self, *commands: c.Command) -> list[Entry]:
        out: list[Entry] = []
        for command in commands:
            got = super().do(command)
            self.store.append(got)
            out.extend(got)
        return out

    def wait(self, minutes: float) -> list[Entry]:
        got = super().wait(minutes)
        self.store.append(got)
        return got


def _a_night(store: Store) -> StoredNight:
    """Two games, deals at both, a player leaving and cashing out, a break, time passing."""
    night = StoredNight(store)
    night.do(c.OpenGame(table=1, kind=NL, seats=6))
    night.seat(1, "ann", "bob", "cy")
    night.do(c.StartGame(table=1))
    night.do(c.OpenGame(table=2, kind=NL, seats=6))
    night.seat(2, "dee", "eve", "fay")
    night.do(c.StartGame(table=2))
    for _ in range(3):
        night.play(1)
        night.play(2)
    night.do(c.StepAway(player="cy"))
    night.wait(31)  # RRP5 policies.20: his chips picked up
    night.do(c.Leave(player="fay"))
    night.play(2, folds=True)
    night.do(c.CashOut(player="fay"), c.Buy(player="ann", chips=20))
    night.play(1)
    return night


def test_a_whole_night_round_trips_through_the_store(store: Store) -> None:
    night = _a_night(store)
    assert len(night.room.log) > 100
    assert store.entries() == tuple(night.room.log)
    assert store.last_seq() == night.room.log[-1].seq
    cut = len(night.room.log) // 2
    assert store.entries(after=cut - 1) == tuple(night.room.log[cut:])
    assert store.entries(table=2) == tuple(e for e in night.room.log if e.table == 2)


def test_the_cardroom_rebuilt_from_the_store_equals_the_live_one(store: Store) -> None:
    night = _a_night(store)
    again = Cardroom.rebuild(store.entries(), clock=night.clock, shuffler=night.room.shuffler)
    live = night.room
    assert again.log == live.log
    assert again.room.events == live.room.events
    assert again.ledger.events == live.ledger.events
    assert again.ledger.holders == live.ledger.holders
    assert again.tables == live.tables
    for n in again.tables:
        assert again.table(n).events == live.table(n).events
        assert again.table(n).stacks == live.table(n).stacks
    assert again.audit() == []


def test_the_chip_ledger_follows_the_cages_events(store: Store) -> None:
    night = _a_night(store)
    cage = [e.event for e in night.room.log if isinstance(e.event, led.ChipsSold | led.ChipsCashed)]
    for name in ("ann", "bob", "cy", "dee", "eve", "fay"):
        sold = sum(e.amount for e in cage if isinstance(e, led.ChipsSold) and e.player == name)
        cashed = sum(e.amount for e in cage if isinstance(e, led.ChipsCashed) and e.player == name)
        assert sold > 0
        assert store.accounts.balance(name) == cashed - sold
        lines = store.accounts.ledger(name)
        assert all(line.seq is not None for line in lines)
        mine = [e for e in night.room.log if getattr(e.event, "player", None) == name]
        assert {line.seq for line in lines} <= {e.seq for e in mine}
    assert any(line.kind == "cashed" for line in store.accounts.ledger("fay"))


def test_an_append_refused_midway_stores_nothing_of_its_batch(store: Store) -> None:
    night = StoredNight(store)
    night.do(c.OpenGame(table=1, kind=NL, seats=6))
    night.seat(1, "ann", "bob")
    batch = night.room.handle(c.StartGame(table=1))
    hand = HandRecord(table=1, deal=1, finished_at=0.0, players=("ann",), phh="x")
    store.save_hand(hand)
    before = _dump(store)
    # The entries and their ledger lines are written, then the hand is refused.
    with pytest.raises(StoreError) as caught:
        store.append(batch, hands=[hand])
    assert caught.value.code == "hand_exists"
    assert _dump(store) == before
    # A batch that skips or repeats an entry is refused whole as well.
    for wrong in ([*batch[:1], *batch], batch[1:]):
        with pytest.raises(StoreError) as caught:
            store.append(wrong)
        assert caught.value.code == "log_out_of_order"
        assert _dump(store) == before
    store.append(batch)  # the right batch still goes in
    assert store.entries() == tuple(night.room.log)


def test_players_without_accounts_and_long_names_are_kept_as_they_come(store: Store) -> None:
    night = StoredNight(store)
    long = "a player whose name runs well past thirty-two characters"
    night.do(c.OpenGame(table=1, kind=NL, seats=6))
    night.seat(1, long, "bob", chips=100)
    night.do(c.StartGame(table=1))
    night.play(1)
    assert store.entries() == tuple(night.room.log)
    assert store.accounts.balance(long) == -100  # bought at the cage, never credited
    with pytest.raises(StoreError):
        store.append(
            [
                Entry(
                    seq=len(night.room.log),
                    at=float("nan"),
                    table=None,
                    event=night.room.log[0].event,
                )
            ]
        )
    assert store.entries() == tuple(night.room.log)


def test_a_second_writer_holding_stale_entries_is_refused(url: str, clock: ManualClock) -> None:
    # Each append reads the log's end under the write lock, so a second process
    # appending entries already stored is refused rather than interleaved.
    with (
        open_store(url, clock=clock) as one,
        open_store(url, clock=clock) as two,
    ):
        night = StoredNight(one)
        night.do(c.OpenGame(table=1, kind=NL, seats=6))
        with pytest.raises(StoreError) as caught:
            two.append(night.room.log[-1:])
        assert caught.value.code == "log_out_of_order"
        assert two.entries() == tuple(night.room.log)


def test_two_writers_taking_turns_each_follow_the_log_the_other_left(
    url: str, clock: ManualClock
) -> None:
    # A writer keeps the log's end it stored last; when another has stored
    # since, its next batch is checked against the log itself, not refused.
    with (
        open_store(url, clock=clock) as one,
        open_store(url, clock=clock) as two,
    ):
        night = Night(seed=3)
        first = night.do(c.OpenGame(table=1, kind=NL, seats=6))
        one.append(first)
        second = night.do(c.SignUp(player="ann", kind=NL))
        two.append(second)
        third = night.do(c.SignUp(player="bob", kind=NL))
        one.append(third)
        assert one.entries() == tuple(night.room.log)
        # and entries the other stored already are refused, nothing written
        with pytest.raises(StoreError) as caught:
            two.append(third)
        assert caught.value.code == "log_out_of_order"
        assert two.entries() == tuple(night.room.log)


def test_a_batch_after_its_connection_was_lost_is_stored_on_a_new_one(
    url: str, clock: ManualClock
) -> None:
    # The database restarted, or an administrator ended the connection,
    # between two batches: the next is stored all the same.
    if not url.startswith("postgresql"):
        pytest.skip("SQLite's connection is a file the process holds")
    with open_store(url, clock=clock) as store:
        night = StoredNight(store)
        night.do(c.OpenGame(table=1, kind=NL, seats=6))
        with store.engine.connect() as admin:
            ended = admin.execute(
                sa.text(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
            ).scalar_one()
            admin.commit()
        assert ended >= 1  # the writer's own connection among them
        night.seat(1, "ann", "bob")
        assert store.entries() == tuple(night.room.log)


# ----- accounts -----------------------------------------------------------------------------


def test_an_accounts_standing_is_its_session_sanctions_roles_and_balance_at_once(
    store: Store, clock: ManualClock
) -> None:
    # What a command over the network is checked against, read in one transaction.
    store.accounts.create("root", "correct horse battery", roles=list(Role))
    store.accounts.create("ann", "correct horse battery")
    store.accounts.credit("ann", 500, by="root")
    token = store.accounts.open_session("ann")
    standing = store.accounts.standing("ann", session=token)
    assert standing == store.accounts.get("ann")
    assert standing.balance == 500
    assert standing.roles == {Role.PLAYER}
    with pytest.raises(AccountError) as caught:
        store.accounts.standing("ann", session="not-a-session")
    assert caught.value.code == "session_revoked"
    with pytest.raises(AccountError) as caught:
        store.accounts.standing("nobody")
    assert caught.value.code == "no_such_account"
    store.accounts.sanction(
        "ann", SanctionKind.SUSPENSION, by="root", reason="abuse", until=clock.now() + 60
    )
    with pytest.raises(AccountError) as caught:
        store.accounts.standing("ann")  # the suspension ended her sessions too
    assert caught.value.code == "sanctioned"
    assert caught.value.details()["until"] == clock.now() + 60
    clock.advance(minutes=2)
    assert store.accounts.standing("ann").name == "ann"


def test_the_standings_of_many_connections_are_read_at_once(
    store: Store, clock: ManualClock
) -> None:
    store.accounts.create("root", "correct horse battery", roles=list(Role))
    for name in ("ann", "bob", "cy"):
        store.accounts.create(name, "correct horse battery")
    store.accounts.credit("bob", 300, by="root")
    tokens = {name: store.accounts.open_session(name) for name in ("ann", "bob", "cy")}
    store.accounts.end_session(tokens["cy"])
    until = clock.now() + 60
    store.accounts.sanction("ann", SanctionKind.SUSPENSION, by="root", reason="x", until=until)
    ann_again = store.accounts.open_session("ann")  # opened; the suspension still holds
    asked = {*tokens.items(), ("ann", ann_again), ("nobody", "whatever"), ("bob", tokens["cy"])}
    found = store.accounts.standings(asked)
    codes = {pair: getattr(got, "code", None) for pair, got in found.items()}
    assert codes == {
        ("ann", tokens["ann"]): "session_revoked",  # ended by the suspension
        ("ann", ann_again): "sanctioned",
        ("bob", tokens["bob"]): None,
        ("cy", tokens["cy"]): "session_revoked",
        ("nobody", "whatever"): "session_revoked",
        ("bob", tokens["cy"]): "session_revoked",  # another's session is none of his
    }
    assert found["bob", tokens["bob"]] == store.accounts.get("bob")
    clock.advance(minutes=2)
    assert found != store.accounts.standings(asked)
    assert store.accounts.standings(asked)["ann", ann_again] == store.accounts.get("ann")


def test_a_password_is_stored_only_as_its_argon2_hash(store: Store) -> None:
    account = store.accounts.create("ann", "correct horse battery", roles=[Role.PLAYER])
    assert account.roles == {Role.PLAYER}
    digest = store.accounts.stored_hash("ann")
    assert digest.startswith("$argon2id$")
    assert not any(
        "correct horse" in str(v) for rows in _dump(store).values() for r in rows for v in r
    )
    assert store.accounts.log_in("ann", "correct horse battery").name == "ann"


def test_a_wrong_password_and_an_unknown_name_are_refused_alike(store: Store) -> None:
    store.accounts.create("ann", "correct horse battery")
    errors = []
    for name, password in (("ann", "correct horse"), ("ann", ""), ("nobody", "correct horse")):
        with pytest.raises(AccountError) as caught:
            store.accounts.log_in(name, password)
        errors.append((caught.value.code, caught.value.message))
    assert len(set(errors)) == 1
    assert errors[0][0] == "login_refused"


def test_account_names_and_passwords_are_checked(store: Store) -> None:
    store.accounts.create("ann", "correct horse battery")
    for name, password, code in (
        ("ann", "another password", "account_exists"),
        ("", "long enough!", "bad_account_name"),
        ("a b", "long enough!", "bad_account_name"),
        ("x" * 33, "long enough!", "bad_account_name"),
        ("bob", "short", "weak_password"),
    ):
        with pytest.raises(AccountError) as caught:
            store.accounts.create(name, password)
        assert caught.value.code == code
    assert store.accounts.names() == ("ann",)


def test_a_weaker_hash_is_replaced_at_the_next_good_log_in(url: str, clock: ManualClock) -> None:
    with open_store(url, clock=clock, hasher=CHEAP) as first:
        first.accounts.create("ann", "correct horse battery")
        old = first.accounts.stored_hash("ann")
    stronger = argon2.PasswordHasher(time_cost=2, memory_cost=16, parallelism=1)
    with open_store(url, clock=clock, hasher=stronger) as again:
        again.accounts.log_in("ann", "correct horse battery")
        new = again.accounts.stored_hash("ann")
        assert new != old
        assert not stronger.check_needs_rehash(new)
        assert again.accounts.log_in("ann", "correct horse battery").name == "ann"


def test_roles_are_granted_and_taken_only_by_an_admin(store: Store) -> None:
    store.accounts.create("root", "admin password", roles=[Role.ADMIN])
    store.accounts.create("fred", "floor password", roles=[Role.FLOOR])
    store.accounts.create("ann", "player password")
    with pytest.raises(AccountError) as caught:
        store.accounts.grant("ann", Role.DEALER, by="fred")
    assert caught.value.code == "not_permitted"
    assert store.accounts.get("ann").roles == {Role.PLAYER}
    store.accounts.grant("ann", Role.DEALER, by="root")
    assert store.accounts.get("ann").roles == {Role.PLAYER, Role.DEALER}
    assert store.accounts.names(role=Role.DEALER) == ("ann",)
    store.accounts.revoke("ann", Role.PLAYER, by="root")
    assert store.accounts.get("ann").roles == {Role.DEALER}


def test_play_money_is_credited_only_by_an_admin(store: Store) -> None:
    store.accounts.create("root", "admin password", roles=[Role.ADMIN])
    store.accounts.create("fred", "floor password", roles=[Role.FLOOR])
    store.accounts.create("ann", "player password")
    assert store.accounts.credit("ann", 500, by="root", note="welcome") == 500
    for amount, by, code in ((100, "fred", "not_permitted"), (0, "root", "bad_amount")):
        with pytest.raises(AccountError) as caught:
            store.accounts.credit("ann", amount, by=by)
        assert caught.value.code == code
    with pytest.raises(AccountError) as caught:
        store.accounts.credit("nobody", 5, by="root")
    assert caught.value.code == "no_such_account"
    assert store.accounts.get("ann").balance == 500
    assert [(r.kind, r.cash, r.by) for r in store.accounts.ledger("ann")] == [
        ("credit", 500, "root")
    ]


def test_a_suspension_refuses_log_in_until_it_ends(store: Store, clock: ManualClock) -> None:
    store.accounts.create("fred", "floor password", roles=[Role.FLOOR])
    store.accounts.create("ann", "player password")
    with pytest.raises(AccountError) as caught:
        store.accounts.sanction("ann", SanctionKind.SUSPENSION, by="ann", reason="x", until=1e9)
    assert caught.value.code == "not_permitted"
    end = clock.now() + 3600
    store.accounts.sanction("ann", SanctionKind.SUSPENSION, by="fred", reason="abuse", until=end)
    clock.advance(minutes=59)
    with pytest.raises(AccountError) as caught:
        store.accounts.log_in("ann", "player password")
    assert (caught.value.code, caught.value.fields["until"]) == ("sanctioned", end)
    clock.advance(minutes=1)
    assert store.accounts.log_in("ann", "player password").name == "ann"


def test_a_bar_for_good_refuses_log_in_until_lifted(store: Store, clock: ManualClock) -> None:
    store.accounts.create("root", "admin password", roles=[Role.ADMIN])
    store.accounts.create("ann", "player password")
    with pytest.raises(AccountError):
        store.accounts.sanction("ann", SanctionKind.SUSPENSION, by="root", reason="no end")
    bar = store.accounts.sanction("ann", SanctionKind.BAR, by="root", reason="cheating")
    clock.advance(minutes=60 * 24 * 365)
    with pytest.raises(AccountError) as caught:
        store.accounts.log_in("ann", "player password")
    assert caught.value.code == "sanctioned"
    store.accounts.lift("ann", bar.id, by="root")
    assert store.accounts.log_in("ann", "player password").name == "ann"
    with pytest.raises(AccountError) as caught:
        store.accounts.lift("ann", bar.id, by="root")
    assert caught.value.code == "no_such_sanction"


# ----- hand histories -----------------------------------------------------------------------


def _hand(night: Night, table: int) -> HandRecord:
    """The last finished deal at ``table`` as its PHH and PokerStars texts."""
    live = night.room.table(table)
    deal, started = live.deals[-1], live.deals.slots[-1].started
    names = tuple(live.players[s] for s in started.dealt_in)
    header = StarsHeader(
        hand_id=started.number,
        table=f"table {table}",
        max_seats=live.setup.seats,
        seats=started.dealt_in,
        names=names,
        started=datetime.datetime(2026, 12, 1),
        button_seat=started.button,
        currency="",
    )
    return HandRecord(
        table=table,
        deal=started.number,
        finished_at=night.clock.now(),
        players=names,
        phh=write_phh(history_from_deal(deal)),
        pokerstars=write_pokerstars(deal, header),
    )


def test_decisions_2_a_hand_history_goes_to_its_players_the_floor_and_the_supervisor(
    store: Store,
) -> None:
    for name in ("ann", "bob", "cy", "dee"):
        store.accounts.create(name, "player password")
    store.accounts.create("fred", "floor password", roles=[Role.FLOOR])
    store.accounts.create("sue", "admin password", roles=[Role.ADMIN])
    night = StoredNight(store)
    night.do(c.OpenGame(table=1, kind=NL, seats=6))
    night.seat(1, "ann", "bob", "cy")
    night.do(c.StartGame(table=1))
    night.play(1)
    hand = dataclasses.replace(
        _hand(night, 1), pokerstars_seen=(("ann", "ann's own"), ("bob", "bob's own"))
    )
    assert hand.pokerstars is not None
    assert "ann" in hand.pokerstars
    store.save_hand(hand)
    # The shift's supervisor reads them as the floor does (RRP5 decisions.2).
    for viewer in ("fred", "sue"):
        assert store.hand(1, hand.deal, viewer=viewer) == hand
    # Each player's record holds his own PokerStars text, nobody else's (RRP5 policies.23).
    for viewer in ("ann", "bob", "cy"):
        kept = store.hand(1, hand.deal, viewer=viewer)
        own = {"ann": "ann's own", "bob": "bob's own"}.get(viewer)
        assert kept == dataclasses.replace(hand, pokerstars_seen=((viewer, own),) if own else ())
        assert kept.pokerstars_of(viewer) == own
    with pytest.raises(AccountError) as caught:
        store.hand(1, hand.deal, viewer="dee")
    assert caught.value.code == "hand_not_yours"
    with pytest.raises(StoreError) as caught:
        store.hand(1, hand.deal + 1, viewer="fred")
    assert caught.value.code == "no_such_hand"
    assert [(h.table, h.deal) for h in store.hands_of("ann")] == [(1, hand.deal)]
    assert store.hands_of("dee") == ()


def test_a_hand_history_is_stored_in_the_same_transaction_as_its_deals_end(
    store: Store,
) -> None:
    night = StoredNight(store)
    night.do(c.OpenGame(table=1, kind=NL, seats=6))
    night.seat(1, "ann", "bob")
    night.do(c.StartGame(table=1))
    night.play(1, folds=True)
    hand = _hand(night, 1)
    night.play(1, folds=True)
    store.append((), hands=[hand])
    assert store.hand(1, hand.deal, viewer="ann").phh == hand.phh


# ----- URLs and codes -----------------------------------------------------------------------


def test_store_urls() -> None:
    assert database_url("floorman.db").render_as_string() == "sqlite:///floorman.db"
    assert database_url("sqlite:////var/x.db").database == "/var/x.db"
    assert database_url("postgres://u@h/d").drivername == "postgresql+psycopg"
    for bad in ("mysql://u@h/d", "", "sqlite+aiosqlite:///x"):
        with pytest.raises(ConfigError):
            database_url(bad)


def test_the_store_in_memory(clock: ManualClock) -> None:
    with open_store("sqlite://", clock=clock, hasher=CHEAP) as store:
        store.accounts.create("ann", "correct horse battery")
        assert store.accounts.exists("ann")
        assert store.dialect == "sqlite"


def test_every_code_the_store_gives_is_registered() -> None:
    import floorman.store

    given = []
    for path in sorted(Path(floorman.store.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "").endswith("Error"):
                given += [
                    (path.name, kw.value.value)
                    for kw in node.keywords
                    if kw.arg == "code" and isinstance(kw.value, ast.Constant)
                ]
    assert len(given) > 10
    assert [g for g in given if g[1] not in CODES] == []
