"""The dealer's console (``/dealer``): its server side in process, then in a
real browser (Debian's Chromium driven by Playwright) against a real uvicorn
server with bots at a table and a person in another browser.

A dealer reports a misdeal and sees the floorperson's ruling with its rules
linked (RRP5 misdeals.1), the deal is void and the table is dealt again from
the console; a ruling that leaves management a choice shows its options,
which the dealer may not take and the floor decides (RRP5 decisions.1,
decisions.2); a player is refused the console. The screenshot
``screenshots/dealer.png`` goes to the ignored folder.
"""

from __future__ import annotations

import dataclasses
import json
import re
import time
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the dealer's console needs the server extra: .[server]")
pytest.importorskip("httpx2", reason="the server's tests need httpx2: .[test]")
pytest.importorskip("uvicorn", reason="the web page needs the server extra: .[server]")

from starlette.testclient import TestClient

from floorman import codec
from floorman.floor import Report
from floorman.store import Role, open_store
from floorman.web.dealer import KINDS, Field, ReportKind
from floorman.web.rules import rule_link
from tests.net_helpers import CHEAP, PASSWORD, make_room
from tests.web_helpers import SHOTS, Wire, launch, needs_chromium, wait_until

KIND = "1/2 no-limit holdem"


def staffed_room(path: Path) -> str:
    """A room with the player ann, the dealer dana and the floorperson fran."""
    url = make_room(path, "ann", "dana", "fran")
    with open_store(url, hasher=CHEAP) as store:
        store.accounts.grant("dana", Role.DEALER, by="root")
        store.accounts.grant("fran", Role.FLOOR, by="root")
    return url


# ----- the server side, in process -------------------------------------------------


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    from floorman.clock import ManualClock
    from floorman.server import create_app
    from floorman.shuffle import SeededShuffler

    app = create_app(
        staffed_room(tmp_path),
        clock=ManualClock(),
        shuffler=SeededShuffler(3),
        secret="s",
        hasher=CHEAP,
    )
    return TestClient(app, base_url="http://floor.test")


def enter(client: TestClient, name: str) -> None:
    answer = client.post(
        "/enter",
        data={"name": name, "password": PASSWORD, "action": "login"},
        follow_redirects=False,
    )
    assert answer.status_code == 303, answer.text


def open_game(client: TestClient) -> None:
    from floorman.client.netbots import parse_kind
    from floorman.service import commands as c

    host = client.app.state.host()  # type: ignore[attr-defined]
    assert client.portal is not None
    command = c.OpenGame(table=1, kind=parse_kind(KIND), seats=6)
    client.portal.call(lambda: host.submit(command, by="root"))


def test_a_stranger_is_sent_to_log_in_from_the_console(client: TestClient) -> None:
    with client:
        for path in ("/dealer", "/dealer/1"):
            answer = client.get(path, follow_redirects=False)
            assert answer.status_code == 303
            assert answer.headers["location"] == "/enter"


def test_decisions_2_a_player_is_refused_the_console_saying_which_roles_may(
    client: TestClient,
) -> None:
    with client:
        open_game(client)
        enter(client, "ann")
        for path in ("/dealer", "/dealer/1"):
            answer = client.get(path)
            assert answer.status_code == 403
            assert 'data-code="not_permitted"' in answer.text
            assert "ann may not use the dealer&#x27;s console" in answer.text
            assert "dealer, floor or admin role" in answer.text
            assert rule_link("decisions.2") in answer.text
            assert "default-src 'self'" in answer.headers["content-security-policy"]
        assert 'href="/dealer"' not in client.get("/").text, "no console link for a player"


def test_the_dealer_and_the_floor_get_the_console_of_a_table_there(client: TestClient) -> None:
    with client:
        open_game(client)
        for name, floor in (("dana", "false"), ("fran", "true"), ("root", "true")):
            enter(client, name)
            assert '<a href="/dealer">Dealer</a>' in client.get("/").text
            listed = client.get("/dealer")
            assert listed.status_code == 200
            assert '<a class="button" href="/dealer/1">Deal table 1</a>' in listed.text
            page = client.get("/dealer/1")
            assert page.status_code == 200
            assert f'data-floor="{floor}"' in page.text
            assert 'src="/static/dealer.js"' in page.text
            assert 'href="/static/dealer.css"' in page.text
            assert "style=" not in page.text, "no inline style: the policy forbids it"
            assert "<script>" not in page.text, "no inline script"
        missing = client.get("/dealer/9")
        assert missing.status_code == 404
        assert "there is no table 9; the tables are 1" in missing.text
        assert client.get("/dealer/one").status_code == 404


def test_the_form_offers_every_report_kind_the_floorperson_rules_on() -> None:
    from floorman.rulebook import rule

    kinds = {k.type: k for k in KINDS}
    for kind in KINDS:  # each kind's rule, and each cause's, is one the rulebook has
        assert rule(kind.rule)
        for field in kind.fields:
            for value, _words in field.choices if field.kind == "choice" else ():
                assert rule(value)
    reports = {f"report.{r.__name__}": r for r in typing.get_args(Report)}
    assert set(kinds) == set(reports)
    for name, kind in kinds.items():
        fields = {f.name: f for f in dataclasses.fields(reports[name])}
        asked = {f.name for f in kind.fields}
        assert asked <= set(fields), f"{name} asks for fields it has not: {asked - set(fields)}"
        required = {
            n
            for n, f in fields.items()
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        }
        assert required <= asked, f"{name}'s form lacks {required - asked}"


def _sample(field: Field, kind: ReportKind) -> object:
    """What dealer.js sends for ``field`` (see its readReport), filled in."""
    match field.kind:
        case "seat":
            return 0
        case "seat?" | "number?":
            return None
        case "bool":
            return True
        case "card?":
            return "As"
        case "cards":
            return ["As", "Kd"]
        case "choice":
            return field.choices[-1][0]
        case "action":
            return {"type": field.choices[-1][0], "position": 0, "to": 6}
    raise AssertionError(f"{kind.type}: no sample for a field of kind {field.kind}")


def test_each_report_the_form_builds_is_one_the_server_reads() -> None:
    for kind in KINDS:
        for field in kind.fields:
            for value in [c for c, _w in field.choices] if field.kind == "choice" else [None]:
                sample = {f.name: _sample(f, kind) for f in kind.fields}
                if value is not None:
                    sample[field.name] = value
                read = codec.from_json({"type": kind.type, **sample})
                assert f"report.{type(read).__name__}" == kind.type
        if not kind.fields:
            assert f"report.{type(codec.from_json({'type': kind.type})).__name__}" == kind.type


def test_every_control_of_the_report_form_is_labelled(client: TestClient) -> None:
    with client:
        open_game(client)
        enter(client, "dana")
        page = client.get("/dealer/1").text
        controls = re.findall(r"<(?:select|input)\b[^>]*\bid=\"([^\"]+)\"", page)
        # The kind, each field of each kind, and the amount a declared wager goes to.
        assert len(controls) == 1 + sum(len(k.fields) for k in KINDS) + 1
        for ident in controls:
            assert f'<label for="{ident}">' in page, f"the control {ident} has no label"
        for kind in KINDS:  # each kind cites the rule it starts from, linked
            assert rule_link(kind.rule) in page


def test_decisions_2_the_pending_ruling_is_the_dealers_and_the_floors_to_read(
    client: TestClient,
) -> None:
    from floorman.client.netbots import parse_kind
    from floorman.floor import MuckedHand
    from floorman.ids import Position
    from floorman.service import commands as c

    with client:
        open_game(client)
        host = client.app.state.host()  # type: ignore[attr-defined]
        assert client.portal is not None
        for name in ("ann", "fran"):  # fran plays too: the floor role holds the player's
            for command in (
                c.SignUp(player=name, kind=parse_kind(KIND)),
                c.TakeSeat(player=name, table=1, chips=100, post=True),
            ):
                client.portal.call(lambda cmd=command, by=name: host.submit(cmd, by=by))
        for command in (c.StartGame(table=1), c.StartDeal(table=1)):
            client.portal.call(lambda cmd=command: host.submit(cmd, by="root"))

        def ask(name: str, message: dict[str, Any]) -> dict[str, Any]:
            from floorman.server._auth import COOKIE

            answer = client.post("/login", json={"name": name, "password": PASSWORD})
            assert answer.status_code == 200, answer.text
            cookie = {"cookie": f"{COOKIE}={answer.cookies[COOKIE]}"}
            client.cookies.clear()
            with client.websocket_connect("/ws", headers=cookie) as ws:
                ws.send_text(json.dumps({"id": 1, **message}))
                while True:
                    answer: dict[str, Any] = json.loads(ws.receive_text())
                    if answer.get("id") == 1:
                        return answer

        refused = ask("ann", {"ruling": 1})
        assert refused["error"]["code"] == "not_permitted"
        assert refused["error"]["citations"] == ["decisions.2"]
        assert ask("dana", {"ruling": 1})["result"] == {"table": 1, "pending": None}
        report = c.Report(table=1, report=MuckedHand(position=Position(0)))
        answer = ask("dana", {"command": codec.to_json(report)})
        assert "result" in answer, answer
        pending = ask("dana", {"ruling": 1})["result"]["pending"]
        ruling = pending.pop("ruling")  # the ruling that left the choice, in its words
        assert pending == {
            "report": {"type": "report.MuckedHand", "position": 0},
            "options": ["dead", "retrieve"],
        }
        assert ruling["type"] == "floor.Ruling"
        assert ruling["options"] == ["dead", "retrieve"]
        assert ruling["said"]
        assert ruling["citations"]
        pending["ruling"] = ruling
        decide = ask("dana", {"command": {"type": "command.Decide", "table": 1, "choice": "dead"}})
        assert decide["error"]["code"] == "not_permitted", "the dealer does not decide"
        assert ask("fran", {"ruling": 1})["result"]["pending"] == pending, "nothing changed"
        decided = ask(
            "fran", {"command": {"type": "command.Decide", "table": 1, "choice": "retrieve"}}
        )
        assert "result" in decided, decided
        assert ask("fran", {"ruling": 1})["result"]["pending"] is None


# ----- in a real browser ------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


@pytest.fixture
def table(tmp_path: Path) -> Iterator[str]:
    """Two bots at table 1 and no house dealer: the console's dealer deals."""
    from tests.net_helpers import served_in_thread

    with served_in_thread(staffed_room(tmp_path), bots=2, deal_pause=None) as (base, _bots):
        yield base


def log_in(context: Any, base: str, name: str) -> Any:
    page = context.new_page()
    page.goto(base + "/enter")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(base + "/")
    return page


def seat_ann(browser: Any, base: str) -> tuple[Any, Any, Wire]:
    """ann, a person in a browser of her own, sits at the bots' table."""
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    page = log_in(context, base, "ann")
    wire = Wire(page)
    game = page.locator('li.game[data-table="1"]')
    game.get_by_label("Chips").fill("200")
    game.get_by_role("button", name="Sit down at table 1").click()
    page.wait_for_url(base + "/table/1")
    page.wait_for_selector('.seat[data-player="ann"]')
    return context, page, wire


def console(browser: Any, base: str, name: str) -> tuple[Any, Any, list[str]]:
    """``name``'s console of table 1, and what its content policy refused."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = log_in(context, base, name)
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security" in m.text else None)
    page.get_by_role("link", name="Dealer").click()
    page.wait_for_url(base + "/dealer")
    page.get_by_role("link", name="Deal table 1").click()
    page.wait_for_url(base + "/dealer/1")
    wait_until(page, "document.querySelectorAll('#seats tr[data-player]').length === 3")
    return context, page, refused


def anns_turn(page: Any) -> None:
    """Wait for ann's turn: the deal waits for her, so no second player acts."""
    page.wait_for_selector('#controls button[data-key="f"]', timeout=20_000)


def own_cards(page: Any) -> list[str]:
    return list(
        page.eval_on_selector_all(
            '.seat[data-player="ann"] svg.card[data-card]', "cs => cs.map(c => c.dataset.card)"
        )
    )


@needs_chromium
def test_misdeals_1_a_dealer_reports_a_misdeal_and_deals_the_table_again(
    browser: Any, table: str
) -> None:
    base = table
    SHOTS.mkdir(exist_ok=True)
    players, ann, wire = seat_ann(browser, base)
    staff, dealer, refused = console(browser, base, "dana")
    # Nothing to rule on between deals: the refusal is said with its rule.
    dealer.get_by_role("button", name="Report").click()
    alert = dealer.locator("#ruling .error")
    alert.wait_for(timeout=10_000)
    assert "No deal is under way to rule on" in alert.inner_text()
    assert dealer.locator("#ruling").get_by_role("link", name="RRP5 decisions.5").count() == 1
    assert dealer.get_by_role("button", name="Start the next deal").is_enabled()
    dealer.keyboard.press("n")  # the console's key for the next deal
    wait_until(dealer, "document.getElementById('console').dataset.inDeal === 'true'")
    anns_turn(ann)
    first = own_cards(ann)
    assert len(first) == 2, "ann sees her two cards of the first deal"
    assert dealer.locator("#seats svg[data-card]").count() == 0, "the dealer sees no hole card"

    # Dropped cards play (RRP5 irregularities.14): the deal goes on.
    seat = ann.locator('.seat[data-player="ann"]').get_attribute("data-seat")
    dealer.get_by_label("What to report").select_option(label="Cards dropped on the floor")
    dropped = dealer.locator('fieldset[data-type="report.CardsDropped"]')
    dropped.get_by_label("Which seat").select_option(label=f"Seat {seat}: ann")
    dealer.get_by_role("button", name="Report").click()
    plays = dealer.locator('#ruling .ruling[data-code="card_plays"]')
    plays.wait_for(timeout=10_000)
    assert f"Seat {seat}'s dropped cards play" in plays.inner_text()
    assert dealer.locator("#console").get_attribute("data-in-deal") == "true"

    # Reported from the keyboard alone: the kind, the cause, then the button.
    dealer.get_by_label("What to report").focus()
    dealer.get_by_label("What to report").select_option(label="A dealing error (misdeal?)")
    cause = dealer.get_by_label("What the dealer did")
    cause.select_option("misdeals.1.1")
    cause.focus()
    dealer.keyboard.press("Tab")  # the entitled box
    dealer.keyboard.press("Tab")  # the Report button
    assert dealer.evaluate("document.activeElement.id") == "report-send"
    dealer.keyboard.press("Enter")
    ruling = dealer.locator('#ruling .ruling[data-code="misdeal"]')
    ruling.wait_for(timeout=10_000)
    assert "Misdeal: the deal is void, every chip goes back" in ruling.inner_text()
    link = ruling.get_by_role("link", name="RRP5 misdeals.1.1")
    assert link.get_attribute("href") == "/rules/misdeals.1.1"
    assert ruling.get_by_role("link", name="RRP5 misdeals.1", exact=True).get_attribute("href") == (
        "/rules/misdeals.1"
    )
    assert "by dana" in dealer.locator("#ruling .reported").inner_text()
    assert "Deal 1 is void" in dealer.locator("#log").inner_text()

    # ann's page has the deal voided, her blind back; then the dealer deals again.
    wait_until(
        ann,
        "document.getElementById('table').dataset.inDeal === 'false'",
    )
    finished = [e for e in wire.events() if e["type"] == "table.DealFinished"]
    assert [(e["number"], e["voided"]) for e in finished] == [(1, True)]
    wait_until(dealer, "!document.getElementById('start-deal').disabled")
    dealer.wait_for_timeout(200)
    dealer.screenshot(path=str(SHOTS / "dealer-misdeal.png"), full_page=True)
    dealer.get_by_role("button", name="Start the next deal").click()
    anns_turn(ann)
    wait_until(ann, "Number(document.getElementById('table').dataset.deal) === 2")
    again = own_cards(ann)
    assert len(again) == 2, "ann is dealt a new hand"
    assert again != first, "fresh cards, shuffled again"
    dealt = [
        e["number"] for e in wire.events() if e["type"] == "table.DealStarted" and e["number"] == 2
    ]
    assert dealt == [2], "the table was dealt again"
    assert wait_for_text(dealer, "#log", "Deal 2 begins")
    assert not refused, refused
    staff.close()
    players.close()


def wait_for_text(page: Any, selector: str, text: str, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while text not in page.locator(selector).inner_text():
        if time.monotonic() > deadline:
            return False
        page.wait_for_timeout(50)
    return True


@needs_chromium
def test_decisions_1_the_floor_decides_a_ruling_left_to_management_at_the_console(
    browser: Any, table: str
) -> None:
    base = table
    SHOTS.mkdir(exist_ok=True)
    players, ann, _wire = seat_ann(browser, base)
    staff, dealer, refused = console(browser, base, "dana")
    dealer.get_by_role("button", name="Start the next deal").click()
    anns_turn(ann)
    wait_until(dealer, "document.getElementById('console').dataset.inDeal === 'true'")

    dealer.get_by_label("What to report").select_option(label="A mucked hand its player wants back")
    fieldset = dealer.locator('fieldset[data-type="report.MuckedHand"]')
    seat = ann.locator('.seat[data-player="ann"]').get_attribute("data-seat")
    fieldset.get_by_label("Which seat").select_option(label=f"Seat {seat}: ann")
    dealer.get_by_role("button", name="Report").click()
    waiting = dealer.locator('#ruling .ruling[data-code="management_decides"]')
    waiting.wait_for(timeout=10_000)
    assert f"Seat {seat}'s mucked hand is dead unless management" in waiting.inner_text()
    assert waiting.get_by_role("link", name="RRP5 dead-hands.2").get_attribute("href") == (
        "/rules/dead-hands.2"
    )
    options = dealer.locator("#ruling .options")
    assert options.get_by_role("button", name="Dead").is_disabled()
    assert options.get_by_role("button", name="Retrieve").is_disabled()
    assert "The floor decides" in options.inner_text(), "the dealer is told who decides"
    dealer.wait_for_timeout(200)
    dealer.screenshot(path=str(SHOTS / "dealer.png"), full_page=True)

    # The floorperson opens the same console: the ruling waits there, and fran decides.
    floor_context, floor, floor_refused = console(browser, base, "fran")
    floor.locator("#ruling .options").wait_for(timeout=10_000)
    late = floor.locator('#ruling .ruling[data-code="management_decides"]')
    late.wait_for(timeout=10_000)  # the ruling's words, though it came before the console
    assert f"Seat {seat}'s mucked hand is dead unless management" in late.inner_text()
    assert late.get_by_role("link", name="RRP5 dead-hands.2").count() == 1
    assert "Reported: " in floor.locator("#ruling").inner_text()
    retrieve = floor.locator("#ruling .options").get_by_role("button", name="Retrieve")
    retrieve.focus()
    floor.keyboard.press("Enter")
    decision = floor.locator('#ruling .ruling.decision[data-code="hand_live"]')
    decision.wait_for(timeout=10_000)
    assert f"Seat {seat}'s hand is retrieved and stays live" in decision.inner_text()
    shown = dealer.locator('#ruling .ruling.decision[data-code="hand_live"]')
    shown.wait_for(timeout=10_000)
    assert "by fran" in shown.inner_text(), "the dealer sees the floor's decision and who made it"
    assert shown.get_by_role("link", name="RRP5 decisions.1").count() == 1
    assert dealer.locator("#ruling .options").count() == 0, "nothing waits any more"
    anns_turn(ann)  # her hand is live: still hers to play
    dealer.wait_for_timeout(200)
    dealer.screenshot(path=str(SHOTS / "dealer-decided.png"), full_page=True)
    assert not refused, refused
    assert not floor_refused, floor_refused
    floor_context.close()
    staff.close()
    players.close()


@needs_chromium
def test_decisions_2_a_player_is_refused_the_console_in_the_browser(
    browser: Any, table: str
) -> None:
    base = table
    context = browser.new_context()
    page = log_in(context, base, "ann")
    assert page.get_by_role("link", name="Dealer").count() == 0
    answer = page.goto(base + "/dealer/1")
    assert answer is not None
    assert answer.status == 403
    alert = page.get_by_role("alert")
    assert "ann may not use the dealer's console" in alert.inner_text()
    assert page.get_by_role("link", name="RRP5 decisions.2").count() == 1
    context.close()
