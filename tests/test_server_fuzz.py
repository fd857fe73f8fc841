"""The server against the hostile: random JSON, wrong types, unknown commands,
commands for other players' seats, huge frames and floods over the WebSocket
and the HTTP API, and every endpoint asked unauthenticated or by the wrong
role. After each: an error answer with a registered code, nothing changed in
the store (the log's length, every balance, the chips in play), and the
server still serving.

The room is one server on a SQLite file for the module, with a deal under way
at table 1 and one deal finished; the default run is short, FLOORMAN_LONG=1
runs many examples.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

pytest.importorskip("starlette", reason="the server needs the server extra: .[server]")
pytest.importorskip("httpx2", reason="the server's tests need httpx2: .[test]")

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from floorman import codec
from floorman.errors import CODES
from floorman.room.values import Sanction as Penalty
from floorman.server import MAX_FRAME
from floorman.server._access import DEALERS, FLOOR, OWN
from floorman.server._auth import COOKIE
from floorman.server.host import Host
from floorman.service import Cardroom
from floorman.service import commands as c
from tests.cardroom_helpers import NL
from tests.conftest import sample_size
from tests.test_server import Line, Room, act, connect, log_in, open_table

EXAMPLES = sample_size(40, 1_000)
FUZZ = settings(
    max_examples=EXAMPLES,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
ACCOUNTS = ("fran", "dee", "root", "ann", "bob", "cy")


@dataclass
class Served:
    """The module's server: its client, the host, and open lines for ann, bob and fran."""

    client: TestClient
    host: Host
    ann: Line
    bob: Line
    floor: Line
    cookies: dict[str, dict[str, str]]

    def state(self) -> tuple[object, ...]:
        """What no hostile message may change."""
        store = self.host.store
        return (
            store.last_seq(),
            len(self.host.cardroom.log),
            tuple(store.accounts.balance(n) for n in ACCOUNTS),
            self.host.cardroom.chips_in_play(),
        )

    def serving(self) -> None:
        """The server still answers, over HTTP and over the WebSocket."""
        assert self.client.get("/health").json()["ok"]
        assert "result" in self.ann.ask(view=1)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    path: Path = tmp_path_factory.mktemp("fuzz")
    room = Room(f"sqlite:///{path / 'floorman.db'}")
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(room.client())
        floor = Line(stack.enter_context(connect(client, "fran")))
        ann = Line(stack.enter_context(connect(client, "ann")))
        bob = Line(stack.enter_context(connect(client, "bob")))
        open_table(floor, ann, bob)
        floor.ok(c.StartDeal(table=1))
        while act({"ann": ann, "bob": bob}):
            pass
        floor.ok(c.StartDeal(table=1))  # a deal under way while the hostile come
        cookies = {name: log_in(client, name) for name in ACCOUNTS}
        host: Host = client.app.state.host()  # type: ignore[attr-defined]
        yield Served(client, host, ann, bob, floor, cookies)


def refused(answer: dict[str, Any]) -> str:
    """The registered code of an error answer."""
    assert "error" in answer, answer
    code: str = answer["error"]["code"]
    assert code in CODES, answer
    return code


# ----- the WebSocket ---------------------------------------------------------------------------

_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
_COMMAND_TYPES = sorted(
    {f"command.{cls.__name__}" for cls in (*OWN, *DEALERS, *FLOOR)}
    | {"command.OpenTable", "command.DealCards", "command.SitDown", "deal.HoleDealt"}
)
#: Keys a message acts on: a random message gets them only with wrong values.
_KEYS = ("command", "subscribe", "view", "unsubscribe")


def _not_a_message(value: object) -> bool:
    return not (isinstance(value, dict) and any(k in value for k in _KEYS))


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def _bad_id(value: object) -> bool:
    return not isinstance(value, str | int) or isinstance(value, bool)


_messages = st.one_of(
    # random JSON of any shape, acting on nothing
    _json.filter(_not_a_message).map(json.dumps),
    # not JSON at all
    st.text(max_size=60).filter(lambda t: not _is_json(t)),
    # the known keys with values of the wrong type
    st.builds(
        lambda key, value, ident: json.dumps({"id": ident, key: value}),
        st.sampled_from(_KEYS),
        _json.filter(lambda v: not isinstance(v, int) or isinstance(v, bool)),
        st.integers(0, 9),
    ),
    # commands of real and unknown types with random fields
    st.builds(
        lambda kind, fields: json.dumps({"id": 1, "command": {**fields, "type": kind}}),
        st.sampled_from(_COMMAND_TYPES) | st.text(max_size=12).map("command.{}".format),
        st.dictionaries(
            st.sampled_from(["player", "table", "move", "to", "chips", "seat", "kind", "x"]),
            _json,
            max_size=4,
        ),
    ),
    # ids of the wrong type on a harmless question
    st.builds(lambda ident: json.dumps({"id": ident, "view": 1}), _json.filter(_bad_id)),
    # frames past the limit
    st.integers(MAX_FRAME + 1, 4 * MAX_FRAME).map(lambda n: json.dumps({"id": 1, "view": " " * n})),
)


@FUZZ
@given(text=_messages)
def test_hostile_messages_over_the_websocket_get_an_error_and_change_nothing(
    served: Served, text: str
) -> None:
    before = served.state()
    served.bob.ws.send_text(text)
    refused(served.bob.receive())
    assert served.state() == before
    served.serving()


@FUZZ
@given(data=st.binary(max_size=64))
def test_binary_frames_get_an_error_and_change_nothing(served: Served, data: bytes) -> None:
    before = served.state()
    served.bob.ws.send_bytes(data)
    refused(served.bob.receive())
    assert served.state() == before


#: Each of a player's own commands, given for ann.
_ANNS = [
    c.Arrive(player="ann"),
    c.SignUp(player="ann", kind=NL),
    c.Unlist(player="ann", kind=NL),
    c.LeaveArea(player="ann"),
    c.TakeSeat(player="ann", table=1, chips=100),
    c.Sit(player="ann", table=1, seat=5, chips=100),
    c.Refuse(player="ann"),
    c.Leave(player="ann"),
    c.ChangeSeat(player="ann", seat=4),
    c.ChangeGame(player="ann", table=1),
    c.StepAway(player="ann"),
    c.ComeBack(player="ann"),
    c.PlayOver(player="ann", table=1, seat=5),
    c.Buy(player="ann", chips=100),
    c.CashOut(player="ann"),
    *(c.Act(player="ann", move=m) for m in c.Move),
    c.Choose(player="ann", post=True),
    c.Straddle(player="ann"),
    c.ObjectToLimit(player="ann", table=1),
    c.AskDeckChange(player="ann", table=1, reason="sticky"),
    c.ObjectToObservers(player="ann", table=1),
    c.AllowObservers(player="ann", table=1),
]
#: The dealer's and the floor's commands.
_STAFF = [
    c.StartDeal(table=1),
    c.OpenGame(table=2, kind=NL),
    c.StartGame(table=1),
    c.CloseGame(table=1),
    c.BreakGame(table=1),
    c.Sanction(player="bob", sanction=Penalty.BAR, rules=("conduct.prohibited.1",)),
    c.KeepApart(players=("ann", "bob")),
    c.Reserve(table=1, seat=5, player="ann"),
    c.NoAnswer(player="bob"),
    c.ExtendAbsence(player="bob", minutes=30.0),
    c.Decide(table=1, choice="kill"),
    c.Transfer(table=1, player="bob", to="ann", amount=10),
    c.Impound(table=1, player="bob", amount=10),
    c.Release(table=1, to="ann", amount=10),
    c.ProposeLimit(table=1, stakes="2/5"),
    c.FlagConduct(table=1, deal=1, players=("ann",), rules=("conduct.improper.3",)),
]


def test_every_command_a_player_gives_is_in_the_fuzzers_list() -> None:
    assert {type(command) for command in _ANNS} == set(OWN)
    assert {type(command) for command in _STAFF} == set(DEALERS + FLOOR) - {c.Report}


@FUZZ
@given(command=st.sampled_from(_ANNS))
def test_policies_9_10_14_nobody_gives_a_command_for_another_players_seat(
    served: Served, command: c.Command
) -> None:
    before = served.state()
    answer = served.bob.do(command)
    assert refused(answer) == "not_your_seat"
    assert {"policies.9", "policies.10", "policies.14"} <= set(answer["error"]["citations"])
    assert served.state() == before
    served.serving()


@FUZZ
@given(command=st.sampled_from(_STAFF))
def test_decisions_2_a_player_gives_none_of_the_staffs_commands(
    served: Served, command: c.Command
) -> None:
    before = served.state()
    answer = served.ann.do(command)
    assert refused(answer) == "not_permitted"
    assert "decisions.2" in answer["error"]["citations"]
    assert served.state() == before
    served.serving()


def test_a_flood_over_the_websocket_is_refused_and_the_server_keeps_serving(
    tmp_path: Path,
) -> None:
    room = Room(f"sqlite:///{tmp_path / 'floorman.db'}")
    with room.client(messages=(0.1, 5.0)) as client, connect(client, "fran") as f:
        floor = Line(f)
        for n in range(200):
            floor.ws.send_text(
                json.dumps({"id": n, "command": codec.to_json(c.StartGame(table=9))})
            )
        answers = [floor.receive() for _ in range(200)]
        codes = [refused(a) for a in answers]
        assert codes.count("flood") >= 195
        assert client.get("/health").json()["seq"] == -1
        # Another client is served meanwhile.
        with connect(client, "ann") as a:
            assert "result" in Line(a).ask(view=1)


# ----- HTTP -----------------------------------------------------------------------------------

_FORGED = {"cookie": f"{COOKIE}=eyJuYW1lIjoicm9vdCJ9.forged"}
#: Every endpoint an account is needed for, with a body where it takes one.
_ACCOUNT_ONLY = [
    ("GET", "/me", None),
    ("GET", "/lobby", None),
    ("GET", "/hands", None),
    ("GET", "/hands/1/1", None),
    ("POST", "/admin/credit", {"name": "ann", "amount": 1000}),
    ("POST", "/admin/grant", {"name": "ann", "role": "admin"}),
]


def test_every_endpoint_refuses_the_unauthenticated(served: Served) -> None:
    before = served.state()
    for headers in ({}, _FORGED, {"cookie": f"{COOKIE}="}):
        for method, path, body in _ACCOUNT_ONLY:
            answer = served.client.request(method, path, json=body, headers=headers)
            assert answer.status_code == 401, (method, path, headers)
            assert refused(answer.json()) == "not_logged_in"
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            served.client.websocket_connect("/ws", headers=headers) as ws,
        ):
            ws.receive_text()
        assert closed.value.code == 4401
    assert served.state() == before
    served.serving()


def test_decisions_2_every_endpoint_refuses_the_wrong_role(served: Served) -> None:
    before = served.state()
    wrong = [
        # Only an admin credits play money and grants roles.
        *(
            ("POST", p, b, who, "not_permitted")
            for _, p, b in _ACCOUNT_ONLY[4:]
            for who in ("ann", "fran", "dee")
        ),
        # A player reads his own hands only; the floor reads anyone's.
        ("GET", "/hands?player=bob", None, "ann", "hand_not_yours"),
        ("GET", "/hands/1/1", None, "cy", "hand_not_yours"),
        ("GET", "/hands/1/1", None, "dee", "hand_not_yours"),
    ]
    for method, path, body, who, code in wrong:
        answer = served.client.request(method, path, json=body, headers=served.cookies[who])
        assert answer.status_code == 403, (method, path, who, answer.text)
        assert refused(answer.json()) == code, (method, path, who)
    # Nor may a player watch as the dealer or the floor.
    for viewer in ("dealer", "floor"):
        assert refused(served.bob.ask(subscribe=1, **{"as": viewer})) == "not_permitted"
    assert served.state() == before
    served.serving()


_PATHS = [
    ("POST", "/register"),
    ("POST", "/login"),
    ("POST", "/admin/credit"),
    ("POST", "/admin/grant"),
    ("GET", "/hands"),
    ("GET", "/hands/1/1"),
]


def _reads_one(segment: str) -> bool:
    try:
        return int(segment) == 1
    except ValueError:
        return False


@FUZZ
@given(
    where=st.sampled_from(_PATHS),
    body=_json | st.binary(max_size=40),
    who=st.sampled_from([None, "ann", "fran", "dee"]),
    segment=st.text(min_size=1, max_size=10).filter(lambda s: not set(s) & set("/?#%")),
)
def test_hostile_http_requests_get_an_error_and_change_nothing(
    served: Served, where: tuple[str, str], body: object, who: str | None, segment: str
) -> None:
    method, path = where
    # A well-formed sign-up is no attack (a log-in with a wrong password is),
    # nor is the floor reading anyone's hands or a player his own.
    if path == "/register":
        assume(
            not (
                isinstance(body, dict)
                and all(isinstance(body.get(k), str) for k in ("name", "password"))
            )
        )
    if path == "/hands":
        assume(who is None or (who != "fran" and segment != who))
    if path == "/hands/1/1":
        assume(not _reads_one(segment) or who not in {"ann", "fran"})
    headers = {} if who is None else dict(served.cookies[who])
    before = served.state()
    if path == "/hands":
        answer = served.client.get(path, params={"player": segment}, headers=headers)
    elif method == "GET":
        answer = served.client.get(f"/hands/{quote(segment, safe='')}/1", headers=headers)
    elif isinstance(body, bytes):
        answer = served.client.post(path, content=body, headers=headers)
    else:
        answer = served.client.post(path, content=json.dumps(body), headers=headers)
    assert answer.status_code >= 400, (method, path, body, answer.text)
    refused(answer.json())
    assert served.state() == before
    served.serving()


def test_a_flood_of_log_ins_is_refused_and_the_server_keeps_serving(served: Served) -> None:
    codes = [
        refused(served.client.post("/login", json={"name": "cy", "password": f"wrong {n}"}).json())
        for n in range(20)
    ]
    assert codes[0] == "login_refused"
    assert codes[-10:] == ["too_many_attempts"] * 10
    served.serving()


# ----- well-formed commands with any numbers --------------------------------------------------


@pytest.fixture(scope="module")
def busy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A room of its own, which the commands below may change."""
    path: Path = tmp_path_factory.mktemp("busy")
    room = Room(f"sqlite:///{path / 'floorman.db'}")
    with contextlib.ExitStack() as stack:
        client = stack.enter_context(room.client())
        floor = Line(stack.enter_context(connect(client, "fran")))
        ann = Line(stack.enter_context(connect(client, "ann")))
        bob = Line(stack.enter_context(connect(client, "bob")))
        open_table(floor, ann, bob)
        floor.ok(c.StartDeal(table=1))
        host: Host = client.app.state.host()  # type: ignore[attr-defined]
        yield Served(client, host, ann, bob, floor, {})


_number = st.integers() | st.integers(-3, 12)
_own_or_floors = st.one_of(
    st.builds(c.TakeSeat, player=st.just("bob"), table=_number, seat=_number, chips=_number),
    st.builds(c.Sit, player=st.just("bob"), table=_number, seat=_number, chips=_number),
    st.builds(c.Buy, player=st.just("bob"), chips=_number),
    st.builds(c.CashOut, player=st.just("bob"), chips=_number),
    st.builds(c.ChangeSeat, player=st.just("bob"), seat=_number),
    st.builds(c.Act, player=st.just("bob"), move=st.sampled_from(c.Move), to=_number),
    st.builds(c.OpenGame, table=_number, kind=st.just(NL), seats=_number),
    st.builds(c.Transfer, table=_number, player=st.just("bob"), to=st.just("ann"), amount=_number),
    st.builds(c.Impound, table=_number, player=st.just("ann"), amount=_number),
)


@FUZZ
@given(command=_own_or_floors)
def test_commands_with_any_numbers_are_answered_and_the_books_stay_true(
    busy: Served, command: c.Command
) -> None:
    line = busy.floor if isinstance(command, FLOOR) else busy.bob
    answer = line.do(command)
    if "error" in answer:
        refused(answer)
    # Whatever was done is stored, the store's log rebuilds the live cardroom,
    # and every chip is where the ledger says.
    host = busy.host
    stored = host.store.entries()
    assert len(stored) == len(host.cardroom.log)
    rebuilt = Cardroom.rebuild(stored, clock=host.clock, shuffler=host.shuffler)
    assert rebuilt.state() == host.cardroom.state()
    assert host.cardroom.audit() == []
    busy.serving()
