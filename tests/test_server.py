"""The cardroom server in-process: accounts over HTTP, play over WebSockets,
redaction per viewer, resync after a reconnect, a restart mid-deal, and
hostile messages, each on a SQLite file and on a PostgreSQL 15 database (the
``database`` fixture of tests/conftest.py; skipped, saying why, where no
cluster can be started).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the server needs the server extra: .[server]")
pytest.importorskip("httpx2", reason="the server's tests need httpx2: .[test]")
argon2 = pytest.importorskip("argon2")

from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from floorman import codec  # noqa: E402
from floorman.clock import ManualClock  # noqa: E402
from floorman.deal import events as dev  # noqa: E402
from floorman.room.values import Sanction as Penalty  # noqa: E402
from floorman.server import MAX_FRAME, create_app  # noqa: E402
from floorman.server._auth import COOKIE, Attempts  # noqa: E402
from floorman.service import TimeLimits, dealt_in  # noqa: E402
from floorman.service import commands as c  # noqa: E402
from floorman.shuffle import SeededShuffler  # noqa: E402
from floorman.store import Role, open_store  # noqa: E402
from floorman.table import events as tev  # noqa: E402
from tests.cardroom_helpers import NL  # noqa: E402
from tests.conftest import LONG  # noqa: E402

CHEAP = argon2.PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
PASSWORD = "a good password"
_CARD = re.compile(r"^[2-9TJQKA][cdhs]$")
_ACTIONS = re.compile(r'"((?:d dh|p\d+ s[dm]) [^"]*)"')


class Room:
    """A server on a database, with a floorperson and players ready."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.clock = ManualClock()
        with open_store(self.url, clock=self.clock, hasher=CHEAP) as store:
            store.accounts.create("fran", PASSWORD, roles=[Role.FLOOR, Role.PLAYER])
            store.accounts.create("dee", PASSWORD, roles=[Role.DEALER])
            store.accounts.create("root", PASSWORD, roles=[Role.ADMIN])
            for name in ("ann", "bob", "cy"):
                store.accounts.create(name, PASSWORD)
                store.accounts.credit(name, 1000, by="root")

    def client(
        self,
        *,
        seed: int = 7,
        limits: TimeLimits | None = None,
        messages: tuple[float, float] = (1000.0, 1000.0),
    ) -> TestClient:
        app = create_app(
            self.url,
            clock=self.clock,
            shuffler=SeededShuffler(seed),
            time_limits=limits,
            secret="test secret",
            hasher=CHEAP,
            attempts=Attempts(limit=3, window=60),
            messages=messages,
        )
        return TestClient(app)


def log_in(client: TestClient, name: str) -> dict[str, str]:
    """The session cookie header for ``name``, the client's own jar left empty."""
    response = client.post("/login", json={"name": name, "password": PASSWORD})
    assert response.status_code == 200, response.text
    cookie = response.cookies[COOKIE]
    client.cookies.clear()
    return {"cookie": f"{COOKIE}={cookie}"}


class Line:
    """One client's WebSocket, keeping every message it received."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.got: list[dict[str, Any]] = []
        self._id = 0

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.receive_text())
        self.got.append(message)
        return message

    def ask(self, **message: Any) -> dict[str, Any]:
        """Send a message and read up to its answer (events before it are kept)."""
        self._id += 1
        self.ws.send_text(json.dumps({"id": self._id, **message}))
        return self.answer(self._id)

    def answer(self, ident: object) -> dict[str, Any]:
        while True:
            message = self.receive()
            if "id" in message and message["id"] == ident:
                return message

    def do(self, command: c.Command) -> dict[str, Any]:
        return self.ask(command=codec.to_json(command))

    def ok(self, command: c.Command) -> list[int]:
        answer = self.do(command)
        assert "result" in answer, answer
        seqs: list[int] = answer["result"]["seqs"]
        return seqs

    def view(self, table: int) -> dict[str, Any]:
        shown: dict[str, Any] = self.ask(view=table)["result"]["view"]
        return shown


@pytest.fixture
def room(database: str) -> Room:
    """A room on each kind of database."""
    return Room(database)


def connect(client: TestClient, name: str) -> Any:
    return client.websocket_connect("/ws", headers=log_in(client, name))


def open_table(floor: Line, *players: Line) -> None:
    floor.ok(c.OpenGame(table=1, kind=NL, seats=6))
    for line, name in zip(players, ("ann", "bob", "cy"), strict=False):
        line.ok(c.SignUp(player=name, kind=NL))
        line.ok(c.TakeSeat(player=name, table=1, chips=100))
    floor.ok(c.StartGame(table=1))


def act(lines: dict[str, Line], table: int = 1, *, fold: bool = False) -> bool:
    """The player to act checks, calls (``fold``: folds rather than call) or
    mucks where he may, else shows; False when the deal is over."""
    for name, line in lines.items():
        shown = line.view(table)
        legal = shown["legal"]
        if not shown["in_deal"]:
            return False
        if legal is None:
            continue
        if legal["check"]:
            move = c.Move.CHECK
        elif legal["call"] and not fold:
            move = c.Move.CALL
        elif legal["turn"] == "show or muck":
            move = c.Move.MUCK if legal["muck"] else c.Move.SHOW
        else:
            move = c.Move.FOLD
        line.ok(c.Act(player=name, move=move))
        return True
    raise AssertionError("nobody may act on a deal under way")


def cards_in(message: object) -> set[str]:
    """Every card named anywhere in a message."""
    match message:
        case str() if _CARD.match(message):
            return {message}
        case dict():
            return set().union(*(cards_in(v) for v in message.values()))
        case list():
            return set().union(*(cards_in(v) for v in message))
    return set()


def seq(client: TestClient) -> int:
    last: int = client.get("/health").json()["seq"]
    return last


# ----- accounts -------------------------------------------------------------------------------


def test_register_log_in_and_see_the_account(room: Room) -> None:
    with room.client() as client:
        made = client.post("/register", json={"name": "dora", "password": PASSWORD})
        assert made.status_code == 201
        assert made.json() == {"name": "dora", "roles": ["player"]}
        again = client.post("/register", json={"name": "dora", "password": PASSWORD})
        assert again.json()["error"]["code"] == "account_exists"
        headers = log_in(client, "dora")
        assert client.get("/me", headers=headers).json()["name"] == "dora"
        assert client.get("/me").status_code == 401  # no cookie, no account


def test_a_wrong_password_is_refused_and_attempts_are_limited(room: Room) -> None:
    with room.client() as client:
        wrong = client.post("/login", json={"name": "ann", "password": "not the password"})
        assert wrong.status_code == 401
        assert wrong.json()["error"]["code"] == "login_refused"
        assert COOKIE not in wrong.cookies
        for _ in range(2):
            client.post("/login", json={"name": "ann", "password": "not the password"})
        # Past the limit, even the right password waits.
        limited = client.post("/login", json={"name": "ann", "password": PASSWORD})
        assert limited.status_code == 429
        assert limited.json()["error"]["code"] == "too_many_attempts"


def test_a_forged_cookie_is_nobody(room: Room) -> None:
    with room.client() as client:
        forged = {"cookie": f"{COOKIE}=eyJuYW1lIjoiZnJhbiJ9.forged"}
        assert client.get("/lobby", headers=forged).status_code == 401
        with (
            pytest.raises(WebSocketDisconnect),
            client.websocket_connect("/ws", headers=forged) as ws,
        ):
            ws.receive_text()


def test_a_sanction_refuses_log_in(room: Room) -> None:
    with open_store(room.url, clock=room.clock, hasher=CHEAP) as store:
        store.accounts.sanction("cy", kind=store_kind("bar"), by="root", reason="collusion")
    with room.client() as client:
        refused = client.post("/login", json={"name": "cy", "password": PASSWORD})
        assert refused.status_code == 403
        assert refused.json()["error"]["code"] == "sanctioned"


def store_kind(name: str) -> Any:
    from floorman.store import SanctionKind

    return SanctionKind(name)


# ----- play -------------------------------------------------------------------------------------


def test_two_players_play_a_deal_over_websockets(room: Room) -> None:
    with (
        room.client() as client,
        connect(client, "fran") as f,
        connect(client, "ann") as a,
        connect(client, "bob") as b,
    ):
        floor, ann, bob = Line(f), Line(a), Line(b)
        open_table(floor, ann, bob)
        for line in (ann, bob):
            line.ask(subscribe=1)
        floor.ok(c.StartDeal(table=1))
        lines = {"ann": ann, "bob": bob}
        while act(lines):
            pass
        with open_store(room.url, clock=room.clock, hasher=CHEAP) as store:
            stored = store.entries(table=1)
        assert any(type(e.event).__name__ == "DealFinished" for e in stored)
        # Every table entry reached each subscriber once, in the log's order.
        pushed = [m["seq"] for m in ann.got if "event" in m]
        assert pushed == sorted(set(pushed))
        assert pushed[-1] == stored[-1].seq
        # The finished deal's history is the players' to read.
        hands = client.get("/hands", headers=log_in(client, "ann")).json()["hands"]
        assert [(h["table"], h["deal"]) for h in hands] == [(1, 1)]
        mine = client.get("/hands/1/1", headers=log_in(client, "ann")).json()
        assert "phh" in mine
        assert client.get("/hands/1/1", headers=log_in(client, "cy")).status_code == 403
        full = client.get("/hands/1/1", headers=log_in(client, "fran")).json()["pokerstars"]
        # Each player's PokerStars text has his own cards and the hands shown,
        # nobody else's face-down cards (RRP5 policies.23, showdown.6).
        dealt = dict(re.findall(r"^Dealt to (\w+) \[([^\]]*)\]$", full, re.M))
        assert set(dealt) == {"ann", "bob"}
        for me, other in (("ann", "bob"), ("bob", "ann")):
            text = client.get("/hands/1/1", headers=log_in(client, me)).json()["pokerstars"]
            assert f"Dealt to {me} [{dealt[me]}]" in text
            assert f"Dealt to {other}" not in text
            shown = re.search(rf"^{other}: shows \[([^\]]*)\]", full, re.M)
            for card in dealt[other].split():
                assert (card in text) == (shown is not None and card in shown.group(1))
            unseen = [line for line in full.splitlines() if not line.startswith("Dealt to")]
            assert [line for line in text.splitlines() if not line.startswith("Dealt to")] == (
                unseen
            )


def test_policies_9_a_player_cannot_act_for_another(room: Room) -> None:
    with (
        room.client() as client,
        connect(client, "fran") as f,
        connect(client, "ann") as a,
        connect(client, "bob") as b,
    ):
        floor, ann, bob = Line(f), Line(a), Line(b)
        open_table(floor, ann, bob)
        floor.ok(c.StartDeal(table=1))
        to_act = "ann" if ann.view(1)["legal"] else "bob"
        other = bob if to_act == "ann" else ann
        before = seq(client)
        answer = other.do(c.Act(player=to_act, move=c.Move.FOLD))
        assert answer["error"]["code"] == "not_your_seat"
        assert {"policies.9", "policies.10", "policies.14"} <= set(answer["error"]["citations"])
        assert seq(client) == before
        # Nor may he post or sit for another (RRP5 policies.14).
        answer = other.do(c.Choose(player=to_act, post=True))
        assert answer["error"]["code"] == "not_your_seat"
        assert seq(client) == before


def test_decisions_2_roles_are_enforced(room: Room) -> None:
    with (
        room.client() as client,
        connect(client, "ann") as a,
        connect(client, "dee") as d,
        connect(client, "fran") as f,
    ):
        ann, dealer, floor = Line(a), Line(d), Line(f)
        refused = ann.do(c.OpenGame(table=1, kind=NL, seats=6))
        assert refused["error"]["code"] == "not_permitted"
        assert "decisions.2" in refused["error"]["citations"]
        assert dealer.do(c.OpenGame(table=1, kind=NL, seats=6))["error"]["code"] == "not_permitted"
        assert seq(client) == -1
        assert ann.ask(subscribe=1, **{"as": "floor"})["error"]["code"] == "not_permitted"
        # The dealer deals; a player does not.
        bob_line = connect(client, "bob")
        with bob_line as b:
            open_table(floor, ann, Line(b))
        assert ann.do(c.StartDeal(table=1))["error"]["code"] == "not_permitted"
        assert dealer.ok(c.StartDeal(table=1))
        assert client.get("/lobby").status_code == 401


def test_policies_23_no_client_receives_another_players_hole_cards(room: Room) -> None:
    with (
        room.client() as client,
        connect(client, "fran") as f,
        connect(client, "ann") as a,
        connect(client, "bob") as b,
        connect(client, "cy") as o,
    ):
        floor, ann, bob, watcher = Line(f), Line(a), Line(b), Line(o)
        open_table(floor, ann, bob)
        for line in (ann, bob, watcher):
            line.ask(subscribe=1)
        floor.ask(subscribe=1, **{"as": "floor"})
        lines = {"ann": ann, "bob": bob}
        host = client.app.state.host()  # type: ignore[attr-defined]
        for deal in range(3):
            floor.ok(c.StartDeal(table=1))
            while act(lines, fold=deal == 0):
                # The stream redacts by the names the service gives each position.
                assert host.feeds.tables[1].positions == dealt_in(host.cardroom.table(1))
        with open_store(room.url, clock=room.clock, hasher=CHEAP) as store:
            entries = store.entries()
    hole: dict[str, set[str]] = {"ann": set(), "bob": set()}
    shown: set[str] = set()
    names: tuple[str, ...] = ()
    players: dict[int, str] = {}
    for entry in entries:
        event = entry.event
        if isinstance(event, tev.PlayerSeated) and entry.table == 1:
            players[event.seat] = event.player
        if isinstance(event, tev.DealStarted):
            names = tuple(players[s] for s in event.dealt_in)
        if isinstance(event, dev.HoleDealt):
            hole[names[event.position]] |= {str(card) for card in event.cards}
        if isinstance(event, dev.HandShown):
            shown |= {str(card) for card in event.cards}
    # Hands folded or mucked were never shown: there are secrets to keep.
    assert hole["ann"] - shown
    assert hole["bob"] - shown
    for line, secret in (
        (ann, hole["bob"] - shown),
        (bob, hole["ann"] - shown),
        (watcher, (hole["ann"] | hole["bob"]) - shown),
        (floor, (hole["ann"] | hole["bob"]) - shown),
    ):
        received = set().union(*(cards_in(m) for m in line.got))
        assert received & secret == set()
    # Each player did see his own.
    assert hole["ann"] <= set().union(*(cards_in(m) for m in ann.got))
    # Nor do the players' hand histories give away the other's unshown cards.
    with room.client() as client:
        for name, secret in (("ann", hole["bob"] - shown), ("bob", hole["ann"] - shown)):
            headers = log_in(client, name)
            listed = client.get("/hands", headers=headers).json()["hands"]
            assert len(listed) == 3
            own: set[str] = set()
            for h in listed:
                phh = client.get(f"/hands/1/{h['deal']}", headers=headers).json()["phh"]
                said = set(re.findall(r"[2-9TJQKA][cdhs]", " ".join(_ACTIONS.findall(phh))))
                assert said & secret == set()
                own |= said
            assert hole[name] <= own


def test_reconnect_after_n_gets_exactly_the_missed_events(room: Room) -> None:
    with room.client() as client, connect(client, "fran") as f, connect(client, "bob") as b:
        floor, bob = Line(f), Line(b)
        with connect(client, "ann") as a:
            ann = Line(a)
            open_table(floor, ann, bob)
            ann.ask(subscribe=1)
            last = seq(client)
        # While ann's connection is down, a deal starts and goes on.
        floor.ok(c.StartDeal(table=1))
        if bob.view(1)["legal"]:
            act({"bob": bob})
        with open_store(room.url, clock=room.clock, hasher=CHEAP) as store:
            missed = [e.seq for e in store.entries(after=last, table=1)]
        assert len(missed) > 3
        with connect(client, "ann") as a:
            ann = Line(a)
            ann.ask(subscribe=1, after=last)
            got = [ann.receive() for _ in missed]
            assert [m["seq"] for m in got] == missed
            assert all("event" in m for m in got)
            # Her own cards come with what she missed.
            assert any(m["event"]["type"] == "deal.HoleDealt" and cards_in(m) for m in got)
            # Nothing more is pending: the next answer is to the next question.
            assert ann.ask(view=1)["result"]["seq"] == missed[-1]
            # Far behind (before anything kept), a client gets the whole view instead.
            ann.ask(subscribe=1, after=-5)
            resync = ann.receive()
            assert resync["view"]["type"] == "view.TableView"
            assert resync["seq"] == seq(client)


def test_a_restarted_server_goes_on_with_the_deal_in_progress(room: Room) -> None:
    with (
        room.client() as client,
        connect(client, "fran") as f,
        connect(client, "ann") as a,
        connect(client, "bob") as b,
    ):
        floor, ann, bob = Line(f), Line(a), Line(b)
        open_table(floor, ann, bob)
        floor.ok(c.StartDeal(table=1))
        act({"ann": ann, "bob": bob})
        before = ann.view(1)
        last = seq(client)
    with (
        room.client(seed=99) as client,
        connect(client, "ann") as a,
        connect(client, "bob") as b,
    ):
        assert seq(client) == last
        ann, bob = Line(a), Line(b)
        after = ann.view(1)
        assert after["in_deal"]
        assert after == {**before, "now": after["now"]}
        lines = {"ann": ann, "bob": bob}
        while act(lines):
            pass
        assert not ann.view(1)["in_deal"]
        assert seq(client) > last


def test_garbage_messages_get_errors_and_change_nothing(room: Room) -> None:
    with room.client() as client, connect(client, "fran") as f:
        floor = Line(f)
        floor.ok(c.OpenGame(table=1, kind=NL, seats=6))
        before = seq(client)
        hostile = [
            "not json",
            "[1, 2, 3]",
            '"a string"',
            "{}",
            json.dumps({"id": 1}),
            json.dumps({"id": True, "command": {}}),
            json.dumps({"id": 2, "command": {"type": "command.Nothing"}}),
            json.dumps({"id": 3, "command": {"type": "command.Act", "player": 5}}),
            json.dumps({"id": 4, "command": {"type": "deal.HoleDealt", "player": 0}}),
            json.dumps({"id": 5, "command": "OpenGame"}),
            json.dumps({"id": 6, "subscribe": "one"}),
            json.dumps({"id": 7, "subscribe": 1, "after": 1.5}),
            json.dumps({"id": 8, "view": None}),
            json.dumps({"id": 9, "command": {"type": "command.OpenGame", "table": 1}}),
            json.dumps({"id": 10, "command": "x" * (MAX_FRAME + 1)}),
            "[" * 100_000,
        ]
        for text in hostile:
            floor.ws.send_text(text)
            answer = floor.receive()
            assert "error" in answer, (text[:40], answer)
            assert answer["error"]["code"], answer
        floor.ws.send_bytes(b"\xff\xfe")
        assert "error" in floor.receive()
        assert seq(client) == before
        # The connection still serves.
        assert floor.ok(c.OpenGame(table=2, kind=NL, seats=6))


def test_a_command_the_store_refuses_is_answered_with_an_error_and_forgotten(
    room: Room, monkeypatch: pytest.MonkeyPatch
) -> None:
    with room.client() as client, connect(client, "fran") as f:
        floor = Line(f)
        floor.ok(c.OpenGame(table=1, kind=NL, seats=6))
        host = client.app.state.host()  # type: ignore[attr-defined]
        before = seq(client)

        def down(*_args: object, **_kwargs: object) -> None:
            raise OSError("disk full")

        monkeypatch.setattr(host.store, "append", down)
        answer = floor.do(c.OpenGame(table=2, kind=NL, seats=6))
        assert answer["error"]["code"] == "store"
        monkeypatch.undo()
        # The cardroom was rebuilt from the store: table 2 was never opened.
        assert seq(client) == before
        assert 2 not in host.cardroom.room.tables
        assert floor.ok(c.OpenGame(table=2, kind=NL, seats=6)) == [before + 1]


def test_floorman_admin_create_reads_the_password_from_stdin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    from floorman.cli import main

    url = f"sqlite:///{tmp_path / 'room.db'}"
    monkeypatch.setattr("sys.stdin", io.StringIO("an admin password\n"))
    assert main(["admin", "create", "root", "--db", url]) == 0
    with open_store(url, hasher=CHEAP) as store:
        assert store.accounts.verify("root", "an admin password").has(Role.ADMIN)
    monkeypatch.setattr("sys.stdin", io.StringIO("short\n"))
    assert main(["admin", "create", "other", "--db", url]) == 2
    assert "a password is 8 to" in capsys.readouterr().err
    with open_store(url, hasher=CHEAP) as store:
        assert not store.accounts.exists("other")


def test_dead_hands_1_6_the_servers_clock_rules_a_turn_run_out(room: Room) -> None:
    limits = TimeLimits(action=10, bank=0, refill=0)
    with (
        room.client(limits=limits) as client,
        connect(client, "fran") as f,
        connect(client, "ann") as a,
        connect(client, "bob") as b,
    ):
        floor, ann, bob = Line(f), Line(a), Line(b)
        open_table(floor, ann, bob)
        floor.ok(c.StartDeal(table=1))
        floor.ask(subscribe=1, after=seq(client))
        host = client.app.state.host()  # type: ignore[attr-defined]
        deadline = host.cardroom.next_deadline()
        assert deadline is not None
        room.clock.advance(seconds=deadline - room.clock.now() + 0.5)
        client.portal.call(host._wake.set)  # type: ignore[union-attr]
        # Nobody acts: the deadline task rules, commits and pushes the ruling.
        for _ in range(50):
            message = floor.receive()
            if message.get("event", {}).get("type") == "timing.TurnTimedOut":
                break
        else:
            raise AssertionError("no turn timed out")
        with open_store(room.url, clock=room.clock, hasher=CHEAP) as store:
            assert message["seq"] in [e.seq for e in store.entries(table=1)]
        assert "RRP5 dead-hands.1.6" in message["event"]["citations"]


def test_chips_are_bought_from_the_play_money_an_admin_credits(room: Room) -> None:
    with room.client() as client, connect(client, "fran") as f:
        floor = Line(f)
        floor.ok(c.OpenGame(table=1, kind=NL, seats=6))
        client.post("/register", json={"name": "dora", "password": PASSWORD})
        with connect(client, "dora") as d:
            dora = Line(d)
            dora.ok(c.SignUp(player="dora", kind=NL))
            before = seq(client)
            short = dora.do(c.TakeSeat(player="dora", table=1, chips=100))
            assert short["error"]["code"] == "balance_short"
            assert seq(client) == before  # nothing sold, nobody seated
            assert (
                client.get("/lobby", headers=log_in(client, "dora")).json()["games"][0]["seated"]
                == {}
            )
            # Only an admin credits.
            refused = client.post(
                "/admin/credit",
                json={"name": "dora", "amount": 500},
                headers=log_in(client, "fran"),
            )
            assert refused.json()["error"]["code"] == "not_permitted"
            given = client.post(
                "/admin/credit",
                json={"name": "dora", "amount": 500},
                headers=log_in(client, "root"),
            )
            assert given.json() == {"name": "dora", "balance": 500}
            dora.ok(c.TakeSeat(player="dora", table=1, chips=100))
            assert client.get("/me", headers=log_in(client, "dora")).json()["balance"] == 400


def test_a_bar_the_floor_gives_keeps_the_account_out(room: Room) -> None:
    with room.client() as client, connect(client, "fran") as f, connect(client, "cy") as o:
        floor, cy = Line(f), Line(o)
        floor.ok(c.OpenGame(table=1, kind=NL, seats=6))
        cy.ok(c.SignUp(player="cy", kind=NL))
        floor.ok(c.Sanction(player="cy", sanction=Penalty.BAR, rules=("conduct.prohibited.1",)))
        before = seq(client)
        # His connection is told why and closed; he cannot log in again.
        told = cy.receive()
        assert told["error"]["code"] == "session_revoked"
        with pytest.raises(WebSocketDisconnect) as closed:
            cy.receive()
        assert closed.value.code == 4401
        assert seq(client) == before
        refused = client.post("/login", json={"name": "cy", "password": PASSWORD})
        assert refused.json()["error"]["code"] == "sanctioned"


def test_a_fault_in_the_cardroom_is_answered_and_the_room_rebuilt(
    room: Room, monkeypatch: pytest.MonkeyPatch
) -> None:
    with room.client() as client, connect(client, "fran") as f:
        floor = Line(f)
        floor.ok(c.OpenGame(table=1, kind=NL, seats=6))
        host = client.app.state.host()  # type: ignore[attr-defined]
        broken = host.cardroom

        def fault(_command: object) -> None:
            broken.log.append(broken.log[-1])  # half done, then failed
            raise RuntimeError("a fault")

        monkeypatch.setattr(broken, "handle", fault)
        answer = floor.do(c.OpenGame(table=2, kind=NL, seats=6))
        assert answer["error"]["code"] == "internal"
        assert host.cardroom is not broken
        assert len(host.cardroom.log) == seq(client) + 1
        assert floor.ok(c.OpenGame(table=2, kind=NL, seats=6)) == [seq(client)]


def test_a_flood_of_messages_is_refused_and_the_connection_stays_up(room: Room) -> None:
    with room.client(messages=(0.5, 5.0)) as client, connect(client, "fran") as f:
        floor = Line(f)
        for n in range(8):
            floor.ws.send_text(json.dumps({"id": n, "view": 1}))
        answers = [floor.receive() for _ in range(8)]
        refused = [a for a in answers if "error" in a and a["error"]["code"] == "flood"]
        assert len(refused) == 3
        assert [a["id"] for a in answers if "result" in a] == [0, 1, 2, 3, 4]
        assert seq(client) == -1


@pytest.mark.slow
@pytest.mark.skipif(
    not LONG, reason="starts a real server process (seconds of imports): FLOORMAN_LONG=1"
)
def test_floorman_serve_serves_over_a_real_socket(room: Room) -> None:
    import asyncio
    import os
    import socket
    import subprocess
    import sys
    import time

    import httpx2 as httpx

    websockets = pytest.importorskip("websockets")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    src = str(Path(__file__).resolve().parents[1] / "src")
    env = {**os.environ, "PYTHONPATH": src, "FLOORMAN_SECRET": "a secret"}
    server = subprocess.Popen(
        [sys.executable, "-m", "floorman", "serve", "--db", room.url, "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                if httpx.get(f"{base}/health").json()["ok"]:
                    break
            except httpx.TransportError:
                time.sleep(0.05)
        else:
            raise AssertionError("the server did not come up")
        cookie = httpx.post(f"{base}/login", json={"name": "fran", "password": PASSWORD}).cookies[
            COOKIE
        ]

        async def talk() -> list[dict[str, Any]]:
            async with websockets.connect(
                f"ws://127.0.0.1:{port}/ws", additional_headers={"cookie": f"{COOKIE}={cookie}"}
            ) as ws:
                await ws.send("garbage")
                await ws.send(
                    json.dumps(
                        {"id": 1, "command": codec.to_json(c.OpenGame(table=1, kind=NL, seats=6))}
                    )
                )
                return [json.loads(await ws.recv()) for _ in range(2)]

        garbage, opened = asyncio.run(talk())
        assert garbage["error"]["code"] == "bad_message"
        assert opened == {"id": 1, "result": {"seqs": [0]}}
    finally:
        server.terminate()
        server.wait(timeout=10)
    with open_store(room.url, clock=room.clock, hasher=CHEAP) as store:
        assert store.last_seq() == 0
