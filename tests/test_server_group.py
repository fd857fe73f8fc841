"""Group commit in the host, on a SQLite file and on a PostgreSQL 15 database.

The commands carried out while a batch is being stored join the next batch,
written in one append; none is answered before the append holding its
entries returned; a batch that fails fails the commands built on it, the
cardroom is read back from the store and nothing unstored was published; a
short buy-in among others is refused alone; a client that subscribes while a
batch is being stored sees nothing of it until it is stored, then a view and
the entries after it, in order.

The store's append is held by a ``threading.Event`` (it runs in the host's
writer thread), so nothing here is timed: every wait is bounded and polls.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine, Iterator, Sequence
from math import inf
from typing import Any

import pytest

argon2 = pytest.importorskip("argon2")

from floorman import codec  # noqa: E402
from floorman.clock import ManualClock  # noqa: E402
from floorman.errors import AccountError, StoreError  # noqa: E402
from floorman.ids import PlayerId  # noqa: E402
from floorman.room.values import Sanction as Penalty  # noqa: E402
from floorman.server.host import Host, Subscriber  # noqa: E402
from floorman.service import AsFloor, AsPlayer, Entry, view  # noqa: E402
from floorman.service import commands as c  # noqa: E402
from floorman.service import ledger as led  # noqa: E402
from floorman.shuffle import SeededShuffler  # noqa: E402
from floorman.store import Role, Store, open_store  # noqa: E402
from tests.cardroom_helpers import NL  # noqa: E402

CHEAP = argon2.PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
PLAYERS = ("ann", "bob", "cy", "dan")


class Held:
    """The store's append, held at a gate: each call is recorded (the seqs of
    its entries) when it begins and again when it has returned."""

    def __init__(self, store: Store, *, fail: bool = False) -> None:
        self.store = store
        self.real = store.append
        self.gate = threading.Event()
        self.fail = fail
        self.begun: list[list[int]] = []
        self.returned: list[list[int]] = []
        store.append = self  # type: ignore[method-assign]

    def __call__(self, entries: Sequence[Entry], **options: Any) -> None:
        seqs = [e.seq for e in entries]
        self.begun.append(seqs)
        assert self.gate.wait(30), "the test never opened the gate"
        if self.fail and len(self.begun) == 1:
            raise RuntimeError("the disk is gone")
        self.real(entries, **options)
        self.returned.append(seqs)

    def stored(self) -> set[int]:
        return {seq for seqs in self.returned for seq in seqs}


@pytest.fixture
def store(database: str) -> Iterator[Store]:
    clock = ManualClock()
    with open_store(database, clock=clock, hasher=CHEAP) as opened:
        opened.accounts.create("fran", "a good password", roles=[Role.FLOOR])
        opened.accounts.create("root", "a good password", roles=[Role.ADMIN])
        for name in PLAYERS:
            opened.accounts.create(name, "a good password")
        for name in ("ann", "bob", "cy"):
            opened.accounts.credit(name, 1000, by="root")
        opened.accounts.credit("dan", 50, by="root")  # short of a buy-in of 100
        yield opened


def run(store: Store, scenario: Callable[[Host], Coroutine[Any, Any, None]]) -> None:
    """Run ``scenario`` on a host over ``store``, in an event loop of its own."""

    async def main() -> None:
        host = Host(store, clock=store.clock, shuffler=SeededShuffler(7))
        try:
            await scenario(host)
        finally:
            for task in asyncio.all_tasks() - {asyncio.current_task()}:
                task.cancel()

    asyncio.run(main())


async def until(check: Callable[[], bool], what: str) -> None:
    """Poll ``check`` for at most 10 s; past that the test fails saying ``what``."""
    for _ in range(1000):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{what}: not within 10 s")


async def settle(host: Host) -> None:
    """Let every command given be carried out: each reads its account's
    sanctions in a thread first, then is carried out without waiting on the
    store (its answer waits)."""
    for _ in range(20):
        await asyncio.sleep(0)
    await until(lambda: not host._standing.reading, "the commands' reads of the store ended")
    for _ in range(20):
        await asyncio.sleep(0)


def drained(subscriber: Subscriber) -> list[dict[str, Any]]:
    out = []
    while not subscriber.outbox.empty():
        out.append(subscriber.outbox.get_nowait())
    return out


async def sign_up(host: Host, *names: str) -> None:
    await host.submit(c.OpenGame(table=1, kind=NL, seats=6), by="fran")
    for name in names:
        await host.submit(c.SignUp(player=PlayerId(name), kind=NL), by=name)


def test_commands_given_while_a_batch_is_stored_are_stored_together_and_answered_after(
    store: Store,
) -> None:
    async def scenario(host: Host) -> None:
        await sign_up(host)
        held = Held(store)
        answered: dict[str, list[int]] = {}

        async def give(name: str) -> None:
            entries = await host.submit(c.SignUp(player=PlayerId(name), kind=NL), by=name)
            seqs = [e.seq for e in entries]
            # Answered only once the append holding them has returned.
            assert seqs
            assert set(seqs) <= held.stored(), (name, seqs, held.returned)
            answered[name] = seqs

        first = asyncio.create_task(give("ann"))
        await until(lambda: len(held.begun) == 1, "the first batch's append began")
        later = [asyncio.create_task(give(name)) for name in ("bob", "cy")]
        await settle(host)
        assert not answered, "nothing is answered while its append is held"
        assert len(held.begun) == 1, "the next batch waits for the one being stored"
        held.gate.set()
        await asyncio.gather(first, *later)
        # bob's and cy's in one append, in log order (whichever was carried out first).
        assert held.begun == [answered["ann"], sorted(answered["bob"] + answered["cy"])]
        stored = store.entries()
        assert [e.seq for e in stored] == list(range(len(host.cardroom.log)))
        authors = store.authors()
        for name, seqs in answered.items():
            assert {authors[s] for s in seqs} == {name}

    run(store, scenario)


def test_a_failed_batch_fails_the_commands_built_on_it_and_publishes_nothing(
    store: Store,
) -> None:
    async def scenario(host: Host) -> None:
        await sign_up(host)
        floor = Subscriber(viewer=AsFloor(), account="fran", floor=True)
        host.subscribers.add(floor)
        before = len(host.cardroom.log)
        held = Held(store, fail=True)
        tasks = [
            asyncio.create_task(host.submit(c.SignUp(player=PlayerId("ann"), kind=NL), by="ann"))
        ]
        await until(lambda: len(held.begun) == 1, "the first batch's append began")
        for name in ("bob", "cy"):
            tasks.append(
                asyncio.create_task(host.submit(c.SignUp(player=PlayerId(name), kind=NL), by=name))
            )
        await settle(host)
        assert len(host.cardroom.log) > before + 2  # carried out, in memory
        held.gate.set()
        outcomes = await asyncio.gather(*tasks, return_exceptions=True)
        # ann's batch failed; bob's and cy's were carried out on its state.
        assert all(isinstance(o, StoreError) for o in outcomes), outcomes
        assert len(held.begun) == 1
        assert len(host.cardroom.log) == len(store.entries()) == before
        assert host.cardroom.room.waiting(NL) == ()
        assert drained(floor) == [], "nothing unstored was published"
        # The host goes on: the next command is stored and published.
        entries = await host.submit(c.SignUp(player=PlayerId("bob"), kind=NL), by="bob")
        seqs = [e.seq for e in entries]
        assert seqs == list(range(before, before + len(entries)))
        assert [m["seq"] for m in drained(floor)] == [e.seq for e in entries if e.table is None]
        assert host.cardroom.room.waiting(NL) == ("bob",)
        assert len(store.entries()) == before + len(entries)

    run(store, scenario)


def test_a_short_buy_in_among_others_is_refused_alone(store: Store) -> None:
    async def scenario(host: Host) -> None:
        await sign_up(host, "ann", "bob", "dan")
        held = Held(store)
        hold = asyncio.create_task(host.submit(c.OpenGame(table=2, kind=NL, seats=6), by="fran"))
        await until(lambda: len(held.begun) == 1, "the first batch's append began")

        def take(name: str) -> asyncio.Task[list[Entry]]:
            command = c.TakeSeat(player=PlayerId(name), table=1, chips=100)
            return asyncio.create_task(host.submit(command, by=name))

        tasks = [take("ann"), take("dan"), take("bob")]
        await settle(host)
        # ann has 1000 less the 100 her seat, not yet stored, costs: 950 more is short.
        more = asyncio.create_task(host.submit(c.Buy(player=PlayerId("ann"), chips=950), by="ann"))
        await settle(host)
        held.gate.set()
        await hold
        ann, dan, bob = await asyncio.gather(*tasks, return_exceptions=True)
        assert isinstance(ann, list), ann
        assert isinstance(bob, list), bob
        assert isinstance(dan, AccountError), dan
        assert dan.code == "balance_short"
        assert dan.details()["amount"] == 100
        assert dan.details()["balance"] == 50
        refused = (await asyncio.gather(more, return_exceptions=True))[0]
        assert isinstance(refused, AccountError), refused
        assert refused.code == "balance_short"
        assert refused.details()["balance"] == 900
        assert len(held.begun) == 2  # ann's and bob's seats went in one batch
        sold = {
            e.event.player: e.event.amount
            for e in store.entries()
            if isinstance(e.event, led.ChipsSold)
        }
        assert sold == {"ann": 100, "bob": 100}
        assert store.accounts.balance("ann") == 900
        assert store.accounts.balance("dan") == 50
        seated = set(host.cardroom.room.seated(1).values())
        assert seated == {"ann", "bob"}
        assert [e.seq for e in host.cardroom.log] == [e.seq for e in store.entries()]

    run(store, scenario)


def test_a_subscriber_joining_while_a_batch_is_stored_sees_it_only_once_stored(
    store: Store,
) -> None:
    async def scenario(host: Host) -> None:
        await sign_up(host, "ann", "bob")
        for name in ("ann", "bob"):
            await host.submit(c.TakeSeat(player=PlayerId(name), table=1, chips=100), by=name)
        await host.submit(c.StartGame(table=1), by="fran")
        held = Held(store)
        dealing = asyncio.create_task(host.submit(c.StartDeal(table=1), by="fran"))
        await until(lambda: len(held.begun) == 1, "the deal's append began")
        dealt = held.begun[0]
        watcher = Subscriber(viewer=AsPlayer(PlayerId("ann")), account="ann")
        host.subscribers.add(watcher)
        joining = asyncio.create_task(host.subscribe(watcher, 1, None, answer={"id": 1}))
        await settle(host)
        # Someone acts after the subscription was asked for: the next batch.
        table = host.cardroom.table(1)
        name = next(
            n
            for n in ("ann", "bob")
            if codec.to_json(view(table, AsPlayer(PlayerId(n))))["legal"] is not None
        )
        acting = asyncio.create_task(
            host.submit(c.Act(player=PlayerId(name), move=c.Move.CALL), by=name)
        )
        await settle(host)
        assert drained(watcher) == [], "nothing of an unstored batch reaches a client"
        assert not joining.done()
        held.gate.set()
        await asyncio.gather(dealing, joining)
        acted = [e.seq for e in await acting]
        messages = drained(watcher)
        assert messages[0] == {"id": 1, "result": {"subscribed": 1}}
        shown = messages[1]
        assert shown["table"] == 1
        assert shown["seq"] == dealt[-1], (shown["seq"], dealt)
        assert shown["view"]["in_deal"]
        after = [m["seq"] for m in messages[2:]]
        assert after == [s for s in acted if host.cardroom.log[s].table == 1]
        assert after
        assert min(after) > shown["seq"]
        assert held.begun[1:] == [acted]

    run(store, scenario)


def test_a_sanction_not_yet_stored_refuses_the_next_command_of_the_player_at_once(
    store: Store,
) -> None:
    # The store's sanctions are read once and trusted a few seconds; the one
    # the floor gives here is checked under the host's lock even before it is
    # stored, so no command of the player's slips in after it.
    async def scenario(host: Host) -> None:
        await sign_up(host, "ann")  # ann's standing is read, and trusted
        held = Held(store)
        order = c.Sanction(
            player=PlayerId("ann"),
            sanction=Penalty.SUSPENSION,
            rules=("conduct.improper.2",),
            minutes=30,
        )
        sanctioning = asyncio.create_task(host.submit(order, by="fran"))
        await until(lambda: len(held.begun) == 1, "the sanction's append began")
        unlisting = asyncio.create_task(
            host.submit(c.Unlist(player=PlayerId("ann"), kind=NL), by="ann")
        )
        await settle(host)
        assert store.accounts.in_force("ann") is None  # not stored yet
        assert not unlisting.done()  # refused, answered once the sanction is stored
        held.gate.set()
        await sanctioning
        with pytest.raises(AccountError) as caught:
            await unlisting
        assert caught.value.code == "sanctioned"
        assert store.accounts.in_force("ann") is not None
        with pytest.raises(AccountError) as caught:
            await host.submit(c.Unlist(player=PlayerId("ann"), kind=NL), by="ann")
        assert caught.value.code == "sanctioned"
        assert len(held.begun) == 1  # neither refusal stored anything

    run(store, scenario)


def test_one_read_finds_the_sessions_ended_elsewhere_and_closes_their_connections(
    store: Store,
) -> None:
    async def scenario(host: Host) -> None:
        tokens = {name: store.accounts.open_session(name) for name in ("ann", "bob")}
        followers = {
            name: Subscriber(viewer=AsPlayer(PlayerId(name)), account=name, session=token)
            for name, token in tokens.items()
        }
        host.subscribers.update(followers.values())
        store.accounts.end_session(tokens["ann"])  # logged out on another server
        await host.sweep()
        ann, bob = followers["ann"], followers["bob"]
        assert ann.closing is not None
        assert ann.closing[0] == 4401
        assert ann.closing[1]["code"] == "session_revoked"
        assert bob.closing is None
        assert bob.checked > -inf  # his next messages need no read of the session

    run(store, scenario)


def test_one_read_also_brings_each_connections_roles_and_sanctions_so_commands_read_nothing(
    store: Store,
) -> None:
    async def scenario(host: Host) -> None:
        tokens = {name: store.accounts.open_session(name) for name in ("ann", "bob", "cy")}
        followers = {
            name: Subscriber(viewer=AsPlayer(PlayerId(name)), account=name, session=token)
            for name, token in tokens.items()
        }
        host.subscribers.update(followers.values())
        # Changed elsewhere (another server, the command line): a role granted,
        # a suspension given (which ends the account's sessions too).
        store.accounts.grant("bob", Role.DEALER, by="root")
        until_ = store.clock.now() + 600
        store.accounts.sanction("ann", "suspension", by="fran", reason="abuse", until=until_)
        await host.sweep()
        ann, bob, cy = (followers[n] for n in ("ann", "bob", "cy"))
        assert ann.closing is not None
        assert ann.closing[1]["code"] == "session_revoked"
        assert bob.standing is not None
        assert bob.standing.roles == {Role.PLAYER, Role.DEALER}
        assert cy.standing is not None
        assert cy.standing.balance == 1000
        # Their commands now read nothing more from the store: the sweep vouched.
        reads: list[str] = []
        for method in ("standing", "check_allowed", "get", "check_session"):

            def record(*args: object, _name: str = method, **kwargs: object) -> None:
                reads.append(_name)
                raise AssertionError(f"{_name} read the store")

            setattr(store.accounts, method, record)
        await host.submit(c.SignUp(player=PlayerId("bob"), kind=NL), by="bob")
        await host.submit(c.SignUp(player=PlayerId("cy"), kind=NL), by="cy")
        assert reads == []

    run(store, scenario)


def test_a_read_begun_before_this_server_changed_an_account_does_not_vouch_for_it(
    store: Store,
) -> None:
    async def scenario(host: Host) -> None:
        token = store.accounts.open_session("bob")
        bob = Subscriber(viewer=AsPlayer(PlayerId("bob")), account="bob", session=token)
        host.subscribers.add(bob)
        standings = store.accounts.standings
        gate, begun = threading.Event(), threading.Event()

        def slow(sessions: Any) -> Any:
            found = standings(sessions)  # read before the change below
            begun.set()
            assert gate.wait(30)
            return found

        store.accounts.standings = slow  # type: ignore[method-assign]
        sweeping = asyncio.create_task(host.sweep())
        await until(begun.is_set, "the sweep's read was taken")
        store.accounts.revoke("bob", Role.PLAYER, by="root")
        host.refresh("bob")  # as the server's admin route does
        gate.set()
        await sweeping
        assert bob.standing is None  # the stale read was not taken
        now = asyncio.get_running_loop().time()
        assert host._standing.trusted("bob", now) is None  # his next command reads again

    run(store, scenario)
