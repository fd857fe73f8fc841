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
        client.post("/", data={"action": "unlist", "kind": KIND})
        assert "Waiting list: empty" in client.get("/").text


def test_seating_2_a_called_player_sees_the_call_with_its_countdown_and_answers_it(
    client: TestClient,
) -> None:
    with client:
        open_game(client)
        enter(client, "ann")
        client.post("/", data={"action": "signup", "kind": KIND})
        page = client.get("/").text
        # A seat is open, so the list calls her at once; a new game holds her
        # place five minutes (RRP5 policies.21).
        assert "You are called to table 1" in page
        assert 'class="countdown" data-left="300" role="timer">held 5:00' in page
        assert 'href="/rules/seating.2"' in page
        assert 'aria-label="Accept the seat at table 1"' in page
        refused = client.post("/", data={"action": "refuse", "kind": KIND, "table": "1"})
        assert refused.status_code == 200, refused.text
        assert "You are called" not in refused.text
        client.post("/", data={"action": "signup", "kind": KIND})
        taken = client.post(
            "/",
            data={"action": "accept", "kind": KIND, "table": "1", "chips": "100"},
            follow_redirects=False,
        )
        assert taken.status_code == 303, taken.text
        assert taken.headers["location"] == "/table/1"
        lobby = client.get("/").text
        assert "1 of 6 seats taken: ann" in lobby
        assert "Go to your seat" in lobby


def test_buy_in_1_a_lobby_refusal_shows_its_rules_as_links(client: TestClient) -> None:
    with client:
        open_game(client)
        enter(client, "ann")
        client.post("/", data={"action": "signup", "kind": KIND})
        answer = client.post(
            "/", data={"action": "accept", "kind": KIND, "table": "1", "chips": "1"}
        )
        assert answer.status_code == 400
        assert "buys in in full" in answer.text
        assert re.search(
            r'\(<a class="rule-link" href="/rules/buy-in.1"[^>]*>RRP5 buy-in.1</a>\)', answer.text
        )


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
            "dom.js",
            "favicon.svg",
            "floor.css",
            "floor.js",
            "lobby.js",
            "rules.js",
            "style.css",
            "table.js",
            "wire.js",
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


def test_dead_hands_1_6_the_view_carries_the_clock_on_the_player_to_act(tmp_path: Path) -> None:
    """The table page runs the action clock and the time bank from the
    server's numbers, sent with each view (docs/protocol.md)."""
    from floorman.client.netbots import parse_kind
    from floorman.clock import ManualClock
    from floorman.ids import PlayerId
    from floorman.server import create_app
    from floorman.service import TimeLimits
    from floorman.service import commands as c
    from floorman.shuffle import SeededShuffler

    url = make_room(tmp_path, "ann", "bob")
    clock = ManualClock()
    app = create_app(
        url,
        clock=clock,
        shuffler=SeededShuffler(3),
        secret="s",
        hasher=CHEAP,
        time_limits=TimeLimits(action=30.0, bank=60.0, refill=5.0),
        deal_pause=-1.0,
    )
    client = TestClient(app, base_url="http://floor.test")
    with client:
        host = client.app.state.host()  # type: ignore[attr-defined]
        kind = parse_kind(KIND)
        commands: list[c.Command] = [c.OpenGame(table=1, kind=kind, seats=6)]
        for name in ("ann", "bob"):
            player = PlayerId(name)
            commands += [
                c.SignUp(player=player, kind=kind),
                c.TakeSeat(player=player, table=1, chips=100),
            ]
        assert client.portal is not None
        for command in commands:
            client.portal.call(lambda command=command: host.submit(command, by="root"))
        answer = client.post("/login", json={"name": "ann", "password": PASSWORD})
        cookie = answer.cookies["floorman_session"]
        client.cookies.clear()
        with client.websocket_connect(
            "/ws", headers={"cookie": f"floorman_session={cookie}"}
        ) as ws:
            ws.send_json({"id": 1, "view": 1})
            before = ws.receive_json()["result"]
            assert before["view"] is None, "the game is not dealing yet"
            assert before["clock"] is None, "nobody is on the clock"
            client.portal.call(lambda: host.submit(c.StartGame(table=1), by="root"))
            results = []
            for ident in (2, 3):
                ws.send_json({"id": ident, "view": 1})
                answer = ws.receive_json()
                while answer.get("id") != ident:
                    answer = ws.receive_json()
                results.append(answer["result"])
                clock.advance(seconds=12.0)
            first, result = results
        assert result["view"]["in_deal"], "the game's start dealt its first deal"
        shown = result["clock"]
        assert shown["seat"] == result["view"]["to_act"]
        assert shown["action"] == 30.0
        assert shown["bank"] == 60.0
        assert first["clock"]["seat"] == shown["seat"]
        assert first["clock"]["began"] == shown["began"], "the same turn"
        assert shown["now"] - first["clock"]["now"] == 12.0, "the server's time runs on"
        assert shown["now"] - shown["began"] >= 12.0, "twelve seconds of his turn have gone"


def test_policies_23_a_hand_history_downloads_as_phh_and_pokerstars_each_players_own(
    tmp_path: Path,
) -> None:
    from floorman.store import HandRecord, Role, open_store

    url = make_room(tmp_path, "ann", "bob")
    with open_store(url, hasher=CHEAP) as store:
        store.accounts.create("cy", PASSWORD)
        store.accounts.create("fran", PASSWORD, roles=[Role.FLOOR])
        store.save_hand(
            HandRecord(
                table=1,
                deal=1,
                finished_at=0.0,
                players=("ann", "bob"),
                phh='variant = "NT"\nhands = ["AsKs", "????"]\n',
                pokerstars="PokerStars Hand #1: names every hand",
                pokerstars_seen=(("ann", "PokerStars Hand #1: ann's"), ("bob", "bob's")),
            )
        )
        # Stored before each player had his own copy: the floor's text is not his.
        store.save_hand(
            HandRecord(
                table=1,
                deal=2,
                finished_at=1.0,
                players=("ann", "bob"),
                phh='variant = "NT"\n',
                pokerstars="PokerStars Hand #2: names every hand",
            )
        )
    from floorman.clock import ManualClock
    from floorman.server import create_app
    from floorman.shuffle import SeededShuffler

    app = create_app(url, clock=ManualClock(), shuffler=SeededShuffler(3), secret="s", hasher=CHEAP)
    with TestClient(app, base_url="http://floor.test") as client:
        enter(client, "ann")
        phh = client.get("/history/1/1/phh")
        assert phh.status_code == 200, phh.text
        assert phh.headers["content-disposition"] == 'attachment; filename="table1-deal1.phh"'
        assert phh.headers["content-type"].startswith("text/plain")
        assert phh.text.startswith('variant = "NT"')
        stars = client.get("/history/1/1/pokerstars")
        assert stars.status_code == 200
        assert stars.headers["content-disposition"] == 'attachment; filename="table1-deal1.txt"'
        assert stars.text == "PokerStars Hand #1: ann's"
        assert "ann&#x27;s" in client.get("/history/1/1").text
        assert client.get("/history/1/1/exe").status_code == 404
        older = client.get("/history/1/2/pokerstars")
        assert older.status_code == 404
        assert "the PHH has it" in older.text
        assert "names every hand" not in older.text
        client.post("/leave")
        enter(client, "bob")
        assert client.get("/history/1/1/pokerstars").text == "bob's"
        client.post("/leave")
        enter(client, "cy")
        assert client.get("/history/1/1/phh").status_code == 403, "cy did not play deal 1"
        assert client.get("/history/1/1/pokerstars").status_code == 403
        enter(client, "fran")
        root = client.get("/history/1/1/pokerstars")
        assert root.status_code == 200
        assert root.text == "PokerStars Hand #1: names every hand"


def test_an_address_with_nothing_at_it_gets_floormans_own_page_or_the_apis_error(
    client: TestClient,
) -> None:
    with client:
        page = client.get("/no/such/place", headers={"accept": "text/html"})
        assert page.status_code == 404
        assert page.headers["content-type"].startswith("text/html")
        assert "There is nothing at /no/such/place." in page.text
        assert 'href="/"' in page.text  # somewhere to go on from
        assert "/static/style.css" in page.text  # the site's own look
        answer = client.get("/no/such/place", headers={"accept": "application/json"})
        assert answer.status_code == 404
        assert answer.json()["error"]["code"] == "no_such_address"
        assert client.get("/static/nothing.js").status_code == 404
