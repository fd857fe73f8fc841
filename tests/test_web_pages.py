"""The web page's server side, in process: the pages render for the person
logged in, forms give the same checked commands as the WebSocket, a form from
another site is refused, and every asset is floorman's own (nothing is
fetched from another host). The browser tests are tests/test_web.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web page needs the server extra: .[server]")
pytest.importorskip("httpx2", reason="the server's tests need httpx2: .[test]")

from starlette.testclient import TestClient

from floorman.web.routes import STATIC
from tests.net_helpers import CHEAP, PASSWORD, make_room

KIND = "1/2 no-limit holdem"


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    from floorman.clock import ManualClock
    from floorman.server import create_app
    from floorman.shuffle import SeededShuffler

    url = make_room(tmp_path, "ann")
    app = create_app(url, clock=ManualClock(), shuffler=SeededShuffler(3), secret="s", hasher=CHEAP)
    return TestClient(app, base_url="http://floor.test")


def enter(client: TestClient, name: str, action: str = "login") -> None:
    answer = client.post(
        "/enter",
        data={"name": name, "password": PASSWORD, "action": action},
        follow_redirects=False,
    )
    assert answer.status_code == 303, answer.text
    assert answer.headers["location"] == "/"


def open_game(client: TestClient) -> None:
    """The floor opens table 1 (through the server, as its own command would)."""
    from floorman.client.netbots import parse_kind
    from floorman.service import commands as c

    host = client.app.state.host()  # type: ignore[attr-defined]
    kind = parse_kind(KIND)
    command = c.OpenGame(table=1, kind=kind, seats=6)
    assert client.portal is not None
    client.portal.call(lambda: host.submit(command, by="root"))


def test_a_stranger_is_sent_to_log_in_and_a_registered_person_to_the_lobby(
    client: TestClient,
) -> None:
    with client:
        assert client.get("/", follow_redirects=False).headers["location"] == "/enter"
        assert client.get("/table/1", follow_redirects=False).headers["location"] == "/enter"
        page = client.get("/enter").text
        assert '<label for="name">Name</label>' in page
        enter(client, "newcomer", "register")
        lobby = client.get("/").text
        assert "Lobby" in lobby
        assert '<strong id="balance">0</strong>' in lobby  # no welcome in this room
        assert client.get("/enter", follow_redirects=False).headers["location"] == "/"


def test_a_refused_registration_says_why_and_keeps_the_name(client: TestClient) -> None:
    with client:
        answer = client.post(
            "/enter", data={"name": "ann", "password": PASSWORD, "action": "register"}
        )
        assert answer.status_code == 400
        assert 'role="alert"' in answer.text
        assert 'value="ann"' in answer.text


def test_policies_9_the_lobby_signs_up_and_unlists_the_person_logged_in(
    client: TestClient,
) -> None:
    with client:
        open_game(client)
        enter(client, "ann")
        page = client.get("/").text
        assert "Table 1: 1/2 no-limit holdem" in page
        client.post("/", data={"action": "signup", "kind": KIND})
        assert "Waiting list: ann" in client.get("/").text
        assert "Leave the list" in client.get("/").text
        client.post("/", data={"action": "unlist", "kind": KIND})
        assert "Waiting list: empty" in client.get("/").text


def test_a_lobby_refusal_is_said_on_the_page_and_changes_nothing(client: TestClient) -> None:
    with client:
        enter(client, "ann")
        answer = client.post("/", data={"action": "unlist", "kind": KIND})
        assert answer.status_code == 400
        assert 'class="error" role="alert"' in answer.text
        bad = client.post("/", data={"action": "sit", "kind": KIND, "table": "x", "chips": "5"})
        assert bad.status_code == 400


def test_a_form_from_another_site_is_refused(client: TestClient) -> None:
    with client:
        enter(client, "ann")
        forged = client.post(
            "/",
            data={"action": "signup", "kind": KIND},
            headers={"origin": "http://elsewhere.test"},
        )
        assert forged.status_code == 403
        login = client.post(
            "/enter",
            data={"name": "ann", "password": PASSWORD},
            headers={"origin": "http://elsewhere.test"},
        )
        assert login.status_code == 403


def test_every_asset_is_served_by_floorman_itself(client: TestClient) -> None:
    with client:
        enter(client, "ann")
        pages = [client.get(p).text for p in ("/", "/table/1", "/enter")]
        assets = [client.get(f"/static/{f.name}") for f in sorted(STATIC.iterdir())]
        assert all(a.status_code == 200 for a in assets)
        assert {f.name for f in STATIC.iterdir()} == {
            "dealer.css",
            "dealer.js",
            "floor.css",
            "floor.js",
            "rules.js",
            "style.css",
            "table.js",
        }
        texts = pages + [a.text for a in assets]
        for text in texts:
            # The SVG namespace names a host but fetches nothing from it.
            hosts = set(re.findall(r"(?:https?:|wss?:)?//([\w.-]+)", text))
            assert hosts <= {"www.w3.org"}, hosts
        policy = client.get("/table/1").headers["content-security-policy"]
        assert "default-src 'self'" in policy
        assert "'unsafe-inline'" not in policy
        assert "style=" not in "".join(pages), "no inline style: the policy forbids it"
        assert 'src="/static/table.js"' in pages[1]
        assert 'type="module"' in pages[1]


def test_a_hand_history_page_is_refused_for_a_hand_not_there(client: TestClient) -> None:
    with client:
        enter(client, "ann")
        answer = client.get("/history/1/1")
        assert answer.status_code == 404
        assert 'role="alert"' in answer.text
