"""A player whose connection drops keeps his seat, in-process on a SQLite file
and on a PostgreSQL 15 database.

While his socket is gone his action clock runs, then his time bank, and then
the rules act for him: checked where he may check, his hand dead facing a bet
(RRP5 dead-hands.1.6). Once he has been without a socket for the grace
period, the server steps him away: he is sat out from the end of the deal,
his absence running as any other (RRP5 policies.20). Coming back on a new
socket, he asks for what he missed and gets exactly it, sees the table as it
is, and comes back to play himself. Time is a manual clock, fired by the
server's own deadline step (``Host.advance``), so nothing here waits.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server needs the server extra: .[server]")
argon2 = pytest.importorskip("argon2")

from starlette.testclient import TestClient  # noqa: E402

from floorman.clock import ManualClock  # noqa: E402
from floorman.server import create_app  # noqa: E402
from floorman.server._auth import Attempts  # noqa: E402
from floorman.service import Entry, TimeLimits  # noqa: E402
from floorman.service import commands as c  # noqa: E402
from floorman.shuffle import SeededShuffler  # noqa: E402
from floorman.store import Role, open_store  # noqa: E402
from tests.test_server import Line, connect, open_table  # noqa: E402

CHEAP = argon2.PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
PASSWORD = "a good password"
#: The house's clock: 10 seconds to act, then a bank of 20 (RRP5 dead-hands.1.6).
LIMITS = TimeLimits(action=10, bank=20, refill=0)
#: Seconds without a socket before the server steps a seated player away.
GRACE = 5.0


class Room:
    """A server on a database with a manual clock, a floorperson and two players."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.clock = ManualClock()
        with open_store(url, clock=self.clock, hasher=CHEAP) as store:
            store.accounts.create("fran", PASSWORD, roles=[Role.FLOOR])
            store.accounts.create("root", PASSWORD, roles=[Role.ADMIN])
            for name in ("ann", "bob"):
                store.accounts.create(name, PASSWORD)
                store.accounts.credit(name, 1000, by="root")

    def client(self, *, seed: int = 7) -> TestClient:
        app = create_app(
            self.url,
            clock=self.clock,
            shuffler=SeededShuffler(seed),
            time_limits=LIMITS,
            secret="test secret",
            hasher=CHEAP,
            attempts=Attempts(limit=3, window=60),
            messages=(1000.0, 1000.0),
            grace=GRACE,
        )
        return TestClient(app)

    def entries(self) -> list[Entry]:
        with open_store(self.url, clock=self.clock, hasher=CHEAP) as store:
            return store.entries()


@pytest.fixture
def room(database: str) -> Room:
    return Room(database)


class Socket:
    """A player's socket that can drop and come back."""

    def __init__(self, client: TestClient, name: str) -> None:
        self.client = client
        self.name = name
        self._stack: contextlib.ExitStack | None = None
        self.line: Line | None = None

    def open(self) -> Line:
        self._stack = contextlib.ExitStack()
        self.line = Line(self._stack.enter_context(connect(self.client, self.name)))
        return self.line

    def drop(self) -> None:
        """The connection goes: the server sees the socket close."""
        assert self._stack is not None
        self._stack.close()
        self._stack = None


@contextlib.contextmanager
def sockets(client: TestClient, *names: str) -> Iterator[dict[str, Socket]]:
    opened = {name: Socket(client, name) for name in names}
    try:
        for socket in opened.values():
            socket.open()
        yield opened
    finally:
        for socket in opened.values():
            if socket._stack is not None:
                socket.drop()


def lines_of(opened: dict[str, Socket]) -> tuple[Line, ...]:
    """The open lines of the floor, ann and bob."""
    out = tuple(opened[name].line for name in ("fran", "ann", "bob"))
    assert None not in out
    return out  # type: ignore[return-value]


def host_of(client: TestClient) -> Any:
    return client.app.state.host()  # type: ignore[attr-defined]


def wait(room: Room, client: TestClient, seconds: float) -> None:
    """Let ``seconds`` pass and fire what fell due, as the server's deadline task does."""
    room.clock.advance(seconds=seconds)
    client.portal.call(host_of(client).advance)  # type: ignore[union-attr]


def events(message_list: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    """The events of a type a client received."""
    return [m["event"] for m in message_list if m.get("event", {}).get("type") == kind]


def seat(view: dict[str, Any], name: str) -> dict[str, Any]:
    found: dict[str, Any] = next(s for s in view["seats"] if s["player"] == name)
    return found


def to_act(lines: dict[str, Line]) -> str:
    for name, line in lines.items():
        if line.view(1)["legal"]:
            return name
    raise AssertionError("nobody is to act")


def stored(room: Room, kind: str) -> list[Any]:
    return [e.event for e in room.entries() if type(e.event).__name__ == kind]


def test_dead_hands_1_6_policies_20_a_dropped_player_facing_a_bet_is_folded_and_sat_out(
    room: Room,
) -> None:
    with room.client() as client, sockets(client, "fran", "ann", "bob") as s:
        floor, ann, bob = lines_of(s)
        open_table(floor, ann, bob)
        ann.ask(subscribe=1)
        bob.ask(subscribe=1)
        floor.ok(c.StartDeal(table=1))
        # Heads-up the button posts the small blind and acts first, facing the big blind.
        gone = to_act({"ann": ann, "bob": bob})
        stays = "bob" if gone == "ann" else "ann"
        watcher = s[stays].line
        assert watcher is not None
        mine = s[gone].line
        assert mine is not None
        last = max(m["seq"] for m in mine.got if "seq" in m)
        s[gone].drop()

        # Within the grace nothing changes; past it he is to sit out after the deal.
        wait(room, client, GRACE - 1)
        assert not stored(room, "AwayAfterDeal")
        wait(room, client, 1.5)
        (away,) = stored(room, "AwayAfterDeal")
        assert away.player == gone
        assert [str(x) for x in away.citations] == ["RRP5 policies.20"]
        shown = watcher.view(1)
        assert shown["in_deal"]
        assert not seat(shown, gone)["away"]  # he is still in the deal

        # His action time, then his bank, then the rules: facing a bet, his hand is dead.
        wait(room, client, LIMITS.action)
        assert not stored(room, "TurnTimedOut")
        wait(room, client, LIMITS.bank)
        watcher.view(1)
        (ruled,) = events(watcher.got, "timing.TurnTimedOut")
        assert ruled["player"] == gone
        assert ruled["facing"] is True
        assert ruled["outcome"] == "killed"
        assert "RRP5 dead-hands.1.6" in ruled["citations"]
        (bank,) = stored(room, "TimeBankUsed")
        assert (bank.player, bank.seconds, bank.left) == (gone, LIMITS.bank, 0)

        # The deal is over, and from its end he is away (RRP5 policies.20).
        shown = watcher.view(1)
        assert not shown["in_deal"]
        assert seat(shown, gone)["away"]
        (went,) = stored(room, "WentAway")
        assert went.player == gone
        assert "RRP5 policies.20" in [str(x) for x in went.citations]
        # A deal is not dealt to him while he is away: heads-up, there is none.
        assert "error" in floor.do(c.StartDeal(table=1))

        # He comes back on a new socket and gets exactly what he missed.
        mine = s[gone].open()
        mine.ask(subscribe=1, after=last)
        missed = [e.seq for e in room.entries() if e.table == 1 and e.seq > last]
        got = [mine.receive() for _ in missed]
        assert [m["seq"] for m in got] == missed
        assert "timing.TurnTimedOut" in [m["event"]["type"] for m in got]
        shown = mine.view(1)
        assert seat(shown, gone)["away"]
        # Coming back is his own command, and he is dealt in again.
        mine.ok(c.ComeBack(player=gone, post=True))
        assert not seat(mine.view(1), gone)["away"]
        floor.ok(c.StartDeal(table=1))
        shown = mine.view(1)
        assert shown["in_deal"]
        assert seat(shown, gone)["position"] is not None
        assert all(card is not None for card in seat(shown, gone)["cards"])


def test_dead_hands_1_6_policies_20_a_dropped_player_not_facing_a_bet_is_checked_to_the_end(
    room: Room,
) -> None:
    with room.client() as client, sockets(client, "fran", "ann", "bob") as s:
        floor, ann, bob = lines_of(s)
        open_table(floor, ann, bob)
        floor.ok(c.StartDeal(table=1))
        lines = {"ann": ann, "bob": bob}
        button = to_act(lines)
        gone = "bob" if button == "ann" else "ann"  # the big blind
        stays = lines[button]
        stays.ask(subscribe=1)
        stays.ok(c.Act(player=button, move=c.Move.CALL))
        s[gone].drop()
        wait(room, client, GRACE + 0.5)
        assert [e.player for e in stored(room, "AwayAfterDeal")] == [gone]
        # The big blind's option, and every street after it: he is checked
        # each time his time runs out; the one who stays checks too.
        for _ in range(12):
            shown = stays.view(1)
            if not shown["in_deal"]:
                break
            legal = shown["legal"]
            if legal is None:
                wait(room, client, LIMITS.action + LIMITS.bank)
            elif legal["check"]:
                stays.ok(c.Act(player=button, move=c.Move.CHECK))
            else:
                stays.ok(c.Act(player=button, move=c.Move.SHOW))
        else:
            raise AssertionError("the deal did not end")
        ruled = [e for e in events(stays.got, "timing.TurnTimedOut") if e["player"] == gone]
        outcomes = [e["outcome"] for e in ruled]
        assert outcomes[0] == "checked"
        assert not any(e["facing"] for e in ruled)
        assert "killed" not in outcomes
        assert all("RRP5 dead-hands.1.6" in e["citations"] for e in ruled)
        # After the deal he is sat out, his seat kept.
        shown = stays.view(1)
        assert seat(shown, gone)["away"]
        assert [e.player for e in stored(room, "WentAway")] == [gone]
        # Back on a socket, he sees the table as it is and comes back.
        mine = s[gone].open()
        resync = mine.ask(view=1)["result"]
        assert resync["seq"] == room.entries()[-1].seq
        assert seat(resync["view"], gone)["away"]
        mine.ok(c.ComeBack(player=gone, post=True))
        floor.ok(c.StartDeal(table=1))
        assert seat(mine.view(1), gone)["position"] is not None


def test_policies_20_back_before_the_deal_ends_he_plays_on(room: Room) -> None:
    with room.client() as client, sockets(client, "fran", "ann", "bob") as s:
        floor, ann, bob = lines_of(s)
        open_table(floor, ann, bob)
        floor.ok(c.StartDeal(table=1))
        gone = to_act({"ann": ann, "bob": bob})
        s[gone].drop()
        wait(room, client, GRACE + 0.5)
        assert [e.player for e in stored(room, "AwayAfterDeal")] == [gone]
        # Back before his time runs out: the server withdraws its step away,
        # and he acts himself.
        mine = s[gone].open()
        # The socket answers its first message after the withdrawal is committed.
        assert mine.view(1)["legal"] is not None
        (back,) = stored(room, "CameBack")
        assert back.seat is not None
        mine.ok(c.Act(player=gone, move=c.Move.FOLD))
        shown = mine.view(1)
        assert not shown["in_deal"]
        assert not seat(shown, gone)["away"]
        assert not stored(room, "WentAway")
        assert not stored(room, "TurnTimedOut")
        floor.ok(c.StartDeal(table=1))


def test_policies_20_a_second_socket_keeps_the_player_connected(room: Room) -> None:
    with room.client() as client, sockets(client, "fran", "ann", "bob") as s:
        floor, ann, bob = lines_of(s)
        open_table(floor, ann, bob)
        extra = Socket(client, "ann")
        extra.open()
        extra.drop()  # one of ann's two sockets closes
        s["bob"].drop()  # bob's only one does
        wait(room, client, GRACE + 0.5)
        # Between deals, the one without a socket is away at once; the other plays.
        assert [e.player for e in stored(room, "WentAway")] == ["bob"]
        shown = ann.view(1)
        assert seat(shown, "bob")["away"]
        assert not seat(shown, "ann")["away"]


def test_policies_20_a_socket_closed_by_the_server_going_down_is_not_the_player_leaving(
    room: Room,
) -> None:
    with room.client() as client, sockets(client, "fran", "ann", "bob") as s:
        floor, ann, bob = lines_of(s)
        open_table(floor, ann, bob)
        bob.ws.close(code=1012)  # what uvicorn tells the application as it shuts down
        host = host_of(client)
        for _ in range(1000):  # the socket's handler reads it in the server's thread
            if not client.portal.call(host.is_connected, "bob"):  # type: ignore[union-attr]
                break
            time.sleep(0.01)
        else:
            raise AssertionError("the server did not see bob's socket close")
        s["bob"].drop()
        wait(room, client, GRACE + 0.5)
        assert not stored(room, "WentAway")
        assert not seat(ann.view(1), "bob")["away"]


def test_policies_20_after_a_restart_a_player_who_does_not_come_back_is_stepped_away(
    room: Room,
) -> None:
    with room.client() as client, sockets(client, "fran", "ann", "bob") as s:
        floor, ann, bob = lines_of(s)
        open_table(floor, ann, bob)
    # A new server: nobody is connected; bob comes back, ann does not.
    with room.client(seed=99) as client, sockets(client, "bob") as s:
        wait(room, client, GRACE - 1)
        assert not stored(room, "WentAway")
        wait(room, client, 1.5)
        assert [e.player for e in stored(room, "WentAway")] == ["ann"]
        shown = s["bob"].line.view(1) if s["bob"].line else {}
        assert seat(shown, "ann")["away"]
        assert not seat(shown, "bob")["away"]


def test_a_client_gone_while_its_messages_go_out_is_no_error() -> None:
    """A disconnect is normal: the writer stops quietly, whichever way the
    socket says the client is gone (the reader's loop sees the disconnect)."""
    import asyncio

    from starlette.websockets import WebSocketDisconnect, WebSocketDisconnected

    from floorman.server.app import _write
    from floorman.server.host import Subscriber
    from floorman.service import AsObserver

    class Gone:
        def __init__(self, error: Exception) -> None:
            self.error = error
            self.tried = 0

        async def send_text(self, _text: str) -> None:
            self.tried += 1
            raise self.error

    for error in (
        WebSocketDisconnect(code=1006),  # the peer went (Starlette's word for an OSError)
        WebSocketDisconnected("Cannot call send once a close message has been sent."),
        OSError("the connection was reset"),
    ):
        subscriber = Subscriber(viewer=AsObserver())
        subscriber.push({"table": 1, "seq": 0})
        subscriber.push({"table": 1, "seq": 1})
        socket = Gone(error)
        asyncio.run(asyncio.wait_for(_write(socket, subscriber), timeout=10))  # type: ignore[arg-type]
        assert socket.tried == 1  # it stopped at the first failure
