"""The floor's console: in process, the page is the floor's alone and the
floor's view carries the calls with their deadlines, the seat changes asked
for and the absences running; in Debian's Chromium (Playwright), against a
real uvicorn server, a floor account opens a game, players join its list in
their own browsers and are called, accept and sit, the floor calls a list to
a new table and breaks a game, each decision shown with its rule linked to
the rule's text, and a player is refused the console (RRP5 decisions.2).

The browser tests are skipped, saying why, where Playwright or Chromium is
missing (``.ci/run`` installs Chromium as root). The screenshot of the
console mid-session goes to ``screenshots/floor.png`` (ignored by git).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="the web page needs the server extra: .[server]")
pytest.importorskip("httpx2", reason="the server's tests need httpx2: .[test]")

from starlette.testclient import TestClient

from floorman.store import Role, open_store
from tests.net_helpers import CHEAP, PASSWORD, make_room, served_in_thread
from tests.web_helpers import SHOTS, launch, needs_chromium, wait_until

KIND = "1/2 no-limit holdem"


def floor_room(path: Path, *players: str) -> str:
    """A room with ``players`` credited 1000 and the floor account ``fran``."""
    url = make_room(path, *players)
    with open_store(url, hasher=CHEAP) as store:
        store.accounts.create("fran", PASSWORD, roles=[Role.FLOOR])
    return url


# ----- in process -------------------------------------------------------------------


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    from floorman.clock import ManualClock
    from floorman.server import create_app
    from floorman.shuffle import SeededShuffler

    url = floor_room(tmp_path, "ann", "bob")
    app = create_app(url, clock=ManualClock(), shuffler=SeededShuffler(3), secret="s", hasher=CHEAP)
    return TestClient(app, base_url="http://floor.test")


def log_in(client: TestClient, name: str) -> None:
    answer = client.post(
        "/enter", data={"name": name, "password": PASSWORD}, follow_redirects=False
    )
    assert answer.status_code == 303, answer.text


def give(client: TestClient, by: str, *commands: Any) -> None:
    host = client.app.state.host()  # type: ignore[attr-defined]
    assert client.portal is not None
    for command in commands:
        client.portal.call(lambda command=command: host.submit(command, by=by))


def test_decisions_2_the_console_is_the_floors_and_a_player_is_refused_it(
    client: TestClient,
) -> None:
    with client:
        assert client.get("/floor", follow_redirects=False).headers["location"] == "/enter"
        log_in(client, "ann")
        refused = client.get("/floor")
        assert refused.status_code == 403
        assert 'data-code="not_permitted"' in refused.text
        assert "ann may not use the floor&#x27;s console" in refused.text
        assert 'href="/rules/decisions.2"' in refused.text
        assert "floor.js" not in refused.text
        assert '<a href="/floor">' not in client.get("/").text  # no link for a player
        client.post("/leave")
        log_in(client, "fran")
        page = client.get("/floor")
        assert page.status_code == 200
        assert "script-src 'self'" in page.headers["content-security-policy"]
        assert '<script type="module" src="/static/floor.js">' in page.text
        assert "style=" not in page.text
        assert "<script>" not in page.text
        for label in ("open-table", "open-kind", "open-seats", "sanction-player", "sanction-rule"):
            assert f'<label for="{label}">' in page.text, f"the field {label} is labelled"
        assert '<a href="/floor">Floor</a>' in client.get("/").text
        client.post("/leave")
        log_in(client, "root")  # an admin holds every role
        assert client.get("/floor").status_code == 200


def test_policies_21_the_floors_view_has_calls_with_deadlines_seat_changes_and_absences(
    client: TestClient,
) -> None:
    from floorman.client.netbots import parse_kind
    from floorman.ids import PlayerId, Seat
    from floorman.service import commands as c

    kind = parse_kind(KIND)
    ann, bob = PlayerId("ann"), PlayerId("bob")
    with client:
        give(client, "fran", c.OpenGame(table=1, kind=kind, seats=2))
        give(client, "ann", c.SignUp(player=ann, kind=kind))
        host = client.app.state.host()  # type: ignore[attr-defined]
        assert client.portal is not None
        view = client.portal.call(host.floor_view)["view"]
        (lock,) = view["games"][0]["locks"]
        # A new game holds a called player's place five minutes while others wait.
        assert lock == {
            "player": "ann",
            "seat": None,
            "since": 0.0,
            "reason": "called",
            "until": 300.0,
        }
        assert view["now"] == 0.0
        called = [m["event"] for m in view["recent"] if m["event"]["type"] == "room.PlayerCalled"]
        assert called
        assert called[0]["citations"] == ["RRP5 seating.2"]
        give(client, "bob", c.SignUp(player=bob, kind=kind))
        give(client, "ann", c.TakeSeat(player=ann, table=1, chips=100))
        give(client, "bob", c.TakeSeat(player=bob, table=1, chips=100))
        give(client, "fran", c.StartGame(table=1))
        seats = client.portal.call(host.floor_view)["view"]["games"][0]["seated"]
        bobs = next(int(s) for s, p in seats.items() if p == "bob")
        give(client, "ann", c.ChangeSeat(player=ann, seat=Seat(bobs)))
        give(client, "bob", c.StepAway(player=bob))
        view = client.portal.call(host.floor_view)["view"]
        game = view["games"][0]
        assert game["locks"] == []
        assert game["changes"] == [{"player": "ann", "seat": bobs}]  # RRP5 seating.13
        # Away from the seat: the chips are picked up after thirty minutes (RRP5 policies.20).
        assert view["away"] == [
            {"player": "bob", "table": 1, "seat": bobs, "since": 0.0, "until": 1800.0}
        ]


# ----- in the browser ---------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    pytest.importorskip(
        "playwright.sync_api", reason="the web page's tests need playwright (the test extra)"
    )
    yield from launch()


def enter(browser: Any, base: str, name: str) -> Any:
    """A browser context of ``name``'s own, logged in, at the lobby; its page."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(base + "/")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(base + "/")
    return page


def join_the_list(page: Any, table: int) -> None:
    game = page.locator(f'li.game[data-table="{table}"]')
    game.get_by_role("button", name=f"Join the list for {KIND}").click()
    page.wait_for_url(page.url)
    assert game.get_by_role("button", name=f"Leave the list for {KIND}").is_visible()


def accept(page: Any, base: str, table: int) -> None:
    """The called player takes his seat with 200 in chips: the lobby's sit
    form, from his own browser (the lobby shows its button once the game deals)."""
    answer = page.request.post(
        base + "/",
        form={"action": "sit", "kind": KIND, "table": str(table), "chips": "200"},
        headers={"origin": base},
        max_redirects=0,
    )
    assert answer.status == 303, answer.text()
    assert answer.headers["location"] == f"/table/{table}"


def seat_names(console: Any, table: int) -> list[str]:
    return list(
        console.eval_on_selector_all(
            f'li.fgame[data-table="{table}"] .fseat.taken .who',
            "names => names.map(n => n.textContent)",
        )
    )


def shows(console: Any, selector: str, text: str) -> None:
    wait_until(
        console,
        f"[...document.querySelectorAll({selector!r})].some(n => n.textContent.includes({text!r}))",
        timeout=10,
    )


@needs_chromium
def test_seating_2_the_floor_opens_calls_seats_and_breaks_games_from_its_console(
    browser: Any, tmp_path: Path
) -> None:
    url = floor_room(tmp_path, "ann", "bob", "cy", "dan")
    with served_in_thread(url, deal_pause=None) as (base, _bots):
        SHOTS.mkdir(exist_ok=True)
        console = enter(browser, base, "fran")
        refused: list[str] = []
        console.on(
            "console", lambda m: refused.append(m.text) if "Content Security" in m.text else None
        )
        console.get_by_role("link", name="Floor", exact=True).click()
        console.wait_for_url(base + "/floor")
        wait_until(
            console, "document.getElementById('status').textContent === 'Following the floor'"
        )
        assert console.locator("#games").inner_text().startswith("No games are open")

        # The floor opens a two-seat game at table 1, by keyboard alone.
        opener = console.locator("#open-game")
        opener.get_by_label("Table", exact=True).fill("1")
        opener.get_by_label("Seats", exact=True).fill("2")
        opener.get_by_label("Game", exact=True).focus()
        console.keyboard.press("Enter")
        console.wait_for_selector('li.fgame[data-table="1"]')
        shows(console, "#decisions .what", "opened table 1")

        # Two players join its list in their own browsers; the floor's books
        # call them to the new game at once, each with the time to answer.
        ann, bob = enter(browser, base, "ann"), enter(browser, base, "bob")
        for page in (ann, bob):
            join_the_list(page, 1)
        shows(console, "#calls .who", "bob")
        calls = console.locator("#calls li.row")
        assert calls.count() == 2
        assert "called to table 1 (new game)" in calls.first.inner_text()
        assert calls.first.locator(".countdown").inner_text() in ("5:00", "4:59", "4:58")
        shows(console, "#decisions .what", "called ann to table 1")

        # They accept and sit; the floor starts the game.
        for page in (ann, bob):
            accept(page, base, 1)
        wait_until(
            console,
            "document.querySelectorAll('li.fgame[data-table=\"1\"] .fseat.taken').length == 2",
        )
        assert sorted(seat_names(console, 1)) == ["ann", "bob"]
        assert console.locator("#calls").inner_text() == "No calls or lock-ups running."
        console.get_by_role("button", name="Start the game at table 1").click()
        shows(console, 'li.fgame[data-table="1"] .pill', "dealing")

        # bob steps away from his seat at the table's page: his absence runs.
        bob.goto(base + "/table/1")
        bob.locator('#controls button[data-key="o"]').click()
        shows(console, "#away .who", "bob")
        assert console.locator("#away .countdown").inner_text() in ("30:00", "29:59", "29:58")
        assert console.locator('li.fgame[data-table="1"] .away-tag').count() == 1

        # The game is full: two more players wait on its list.
        cy, dan = enter(browser, base, "cy"), enter(browser, base, "dan")
        for page in (cy, dan):
            join_the_list(page, 1)
        shows(console, "#lists .names li", "dan")
        assert console.locator("#lists .names li").all_inner_texts() == ["cy", "dan"]

        # The floor calls the list to a new table: the form is set for it.
        console.get_by_role("button", name=f"Call the {KIND} list to a new table").click()
        assert opener.get_by_label("Table", exact=True).input_value() == "2"
        assert opener.get_by_label("Game", exact=True).input_value() == KIND
        opener.get_by_label("Seats", exact=True).fill("6")
        console.get_by_role("button", name="Open the game").click()
        shows(console, "#calls .who", "dan")
        shows(console, "#decisions .what", "called cy to table 2")
        console.wait_for_timeout(1100)  # a countdown ticks
        console.screenshot(path=str(SHOTS / "floor.png"), full_page=True)
        for page in (cy, dan):
            accept(page, base, 2)
        wait_until(
            console,
            "document.querySelectorAll('li.fgame[data-table=\"2\"] .fseat.taken').length == 2",
        )
        console.get_by_role("button", name="Start the game at table 2").click()
        shows(console, 'li.fgame[data-table="2"] .pill', "dealing")

        # A warning, given by the form, is recorded with the rule it cites.
        console.locator("#sanction").get_by_label("Player", exact=True).fill("dan")
        console.get_by_label("For breaking").select_option("conduct.improper.7")
        console.get_by_role("button", name="Give the sanction").click()
        warned = console.locator("#decisions li", has_text="gave dan a warning")
        warned.wait_for()
        assert "RRP5 conduct.improper.7" in warned.locator("a.rule-link").all_inner_texts()

        # Each decision carries its rules as links to their text.
        call = console.locator("#decisions li", has_text="called cy to table 2")
        # Two games of its kind now: the list is called as one (RRP5 seating.3).
        assert call.locator("a.rule-link").all_inner_texts() == ["RRP5 seating.2", "RRP5 seating.3"]

        # The floor breaks table 2: its players go to the top of the list,
        # table 1 being full (RRP5 seating.15), and the table closes.
        console.get_by_role("button", name="Break the game at table 2").focus()
        console.keyboard.press("Enter")
        shows(console, "#decisions .what", "broke the game at table 2")
        wait_until(console, "!document.querySelector('li.fgame[data-table=\"2\"]')")
        assert console.locator("#lists .names li").all_inner_texts()[:2] in (
            ["cy", "dan"],
            ["dan", "cy"],
        )
        broken = console.locator("#decisions li", has_text="broke the game at table 2")
        link = broken.get_by_role("link", name="RRP5 seating.15")
        assert link.get_attribute("href") == "/rules/seating.15"
        link.click()
        console.wait_for_url(base + "/rules/seating.15")
        from floorman.rulebook import rule

        assert console.locator("#text").inner_text() == rule("seating.15").paraphrase
        console.screenshot(path=str(SHOTS / "rule.png"), full_page=True)
        assert not refused, refused

        # A player is refused the console, with the server's reason.
        answer = ann.goto(base + "/floor")
        assert answer is not None
        assert answer.status == 403
        assert "ann may not use the floor's console" in ann.get_by_role("alert").inner_text()
        for page in (console, ann, bob, cy, dan):
            page.context.close()


def protocol(page: Any, command: dict[str, Any]) -> dict[str, Any]:
    """``command`` given over a WebSocket of the page's own (its session's
    cookie), as any client may: the server's answer, a result or an error."""
    answer: dict[str, Any] = page.evaluate(
        """command => new Promise((resolve) => {
          const socket = new WebSocket(`ws://${location.host}/ws`);
          socket.onopen = () => socket.send(JSON.stringify({ id: 1, command }));
          socket.onmessage = (m) => {
            const got = JSON.parse(m.data);
            if (got.id === 1) { socket.close(); resolve(got); }
          };
        })""",
        command,
    )
    return answer


def refusal(form: Any) -> Any:
    """The form's own alert, once it shows."""
    box = form.locator(".form-error")
    box.wait_for(state="visible", timeout=10_000)
    return box


@needs_chromium
def test_seating_8_policies_17_decisions_7_the_floor_reserves_proposes_and_rules_on_a_pot(
    browser: Any, tmp_path: Path
) -> None:
    url = floor_room(tmp_path, "ann", "bob", "cy")
    with served_in_thread(url, deal_pause=None) as (base, _bots):
        SHOTS.mkdir(exist_ok=True)
        console = enter(browser, base, "fran")
        errors: list[str] = []
        console.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        console.goto(base + "/floor")
        wait_until(
            console, "document.getElementById('status').textContent === 'Following the floor'"
        )
        opener = console.locator("#open-game")
        opener.get_by_label("Table", exact=True).fill("1")
        opener.get_by_label("Seats", exact=True).fill("3")
        opener.get_by_role("button", name="Open the game").click()
        console.wait_for_selector('li.fgame[data-table="1"]')

        # A seat locked up for cy, by keyboard: shown at the seat and among the
        # lock-ups with its rule, and in the decisions with his reason (RRP5 seating.8).
        reserve = console.locator("#reserve")
        reserve.get_by_label("Table", exact=True).fill("1")
        reserve.get_by_label("Seat", exact=True).fill("3")
        reserve.get_by_label("Player", exact=True).fill("cy")
        reserve.get_by_label("Reason", exact=True).fill("sees the board badly")
        console.keyboard.press("Enter")
        made = console.locator("#decisions li", has_text="reserved seat 3 at table 1 for cy")
        made.wait_for()
        assert "sees the board badly" in made.inner_text()
        assert made.locator("a.rule-link").all_inner_texts() == ["RRP5 seating.8"]
        shows(console, 'li.fgame[data-table="1"] .fseat.held', "cy")
        assert "reserved" in console.locator('li.fgame[data-table="1"] .fseat.held').inner_text()
        row = console.locator("#calls li.reserved")
        assert "seat 3 at table 1 kept for him" in row.inner_text()
        assert row.locator("a.rule-link").inner_text() == "RRP5 seating.8"
        assert reserve.get_by_label("Player", exact=True).input_value() == ""  # done: cleared

        # The same seat again is refused by the form, with the rule linked.
        reserve.get_by_label("Table", exact=True).fill("1")
        reserve.get_by_label("Seat", exact=True).fill("3")
        reserve.get_by_label("Player", exact=True).fill("ann")
        reserve.get_by_label("Reason", exact=True).fill("a friend of cy")
        reserve.get_by_role("button", name="Lock up the seat").click()
        box = refusal(reserve)
        assert "seat 3 at table 1 is reserved for cy" in box.inner_text()
        assert box.get_by_role("link", name="RRP5 seating.8").get_attribute("href") == (
            "/rules/seating.8"
        )

        # ann and bob are called from the list, sit and play.
        ann, bob = enter(browser, base, "ann"), enter(browser, base, "bob")
        for page in (ann, bob):
            join_the_list(page, 1)
            accept(page, base, 1)
        wait_until(
            console,
            "document.querySelectorAll('li.fgame[data-table=\"1\"] .fseat.taken').length == 2",
        )
        assert sorted(seat_names(console, 1)) == ["ann", "bob"]  # seat 3 stays cy's
        watch = console.get_by_role("link", name="Watch table 1")
        assert watch.get_attribute("href") == "/table/1"
        console.get_by_role("button", name="Start the game at table 1").click()
        shows(console, 'li.fgame[data-table="1"] .pill', "dealing")

        # Keeping ann and bob apart is refused while both play there; ann and cy
        # are kept apart (RRP5 seating.5: the house may).
        apart = console.locator("#apart")
        apart.get_by_label("Player", exact=True).fill("ann")
        apart.get_by_label("And player", exact=True).fill("bob")
        apart.get_by_role("button", name="Keep them apart").click()
        box = refusal(apart)
        assert "ann and bob are both in the game at table 1" in box.inner_text()
        assert box.locator("a.rule-link").all_inner_texts() == ["RRP5 seating.5"]
        apart.get_by_label("And player", exact=True).fill("cy")
        apart.get_by_role("button", name="Keep them apart").click()
        kept = console.locator("#decisions li", has_text="keeps ann and cy out of the same game")
        kept.wait_for()
        assert kept.locator("a.rule-link").all_inner_texts() == ["RRP5 seating.5"]
        assert apart.locator(".form-error").is_hidden()

        # A limit proposed: shown on the game; ann objects (the table page has
        # no control for it: over the protocol, from her own page) and her
        # objection shows as it comes (RRP5 policies.17).
        limit = console.locator("#limit")
        limit.get_by_label("Table", exact=True).fill("1")
        limit.get_by_label("New stakes", exact=True).fill("2/4")
        limit.get_by_role("button", name="Propose the limit").click()
        proposed = console.locator("#decisions li", has_text="proposed 2/4 at table 1")
        proposed.wait_for()
        assert proposed.locator("a.rule-link").all_inner_texts() == ["RRP5 policies.17"]
        note = console.locator('li.fgame[data-table="1"] .fnotes li', has_text="Limit proposed")
        assert "2/4; objecting: nobody yet" in note.inner_text()
        ann.goto(base + "/table/1")
        answer = protocol(ann, {"type": "command.ObjectToLimit", "player": "ann", "table": 1})
        assert "result" in answer, answer
        shows(console, 'li.fgame[data-table="1"] .fnotes li', "objecting: ann")
        objected = console.locator("#decisions li", has_text="ann objects to the new limit")
        objected.wait_for()
        assert objected.locator("a.rule-link").all_inner_texts() == ["RRP5 policies.17"]
        limit.get_by_label("Table", exact=True).fill("1")
        limit.get_by_label("New stakes", exact=True).fill("1/2")
        limit.get_by_role("button", name="Propose the limit").click()
        box = refusal(limit)
        assert "plays at 1/2 already" in box.inner_text()
        assert box.locator("a.rule-link").all_inner_texts() == ["RRP5 policies.17"]
        assert "objecting: ann" in note.inner_text()  # the refusal changed nothing

        # The pot: nothing to rule on while the first deal is under way; once it
        # ends, the floor holds some of bob's chips and releases them to ann.
        pot = console.locator("#pot")
        pot.get_by_label("Table", exact=True).fill("1")
        pot.get_by_label("From player", exact=True).fill("bob")
        pot.get_by_label("Amount", exact=True).fill("10")
        pot.get_by_role("button", name="Give the ruling").click()
        box = refusal(pot)
        assert box.locator("a.rule-link").all_inner_texts() == ["RRP5 decisions.5"]
        assert pot.get_by_label("To player", exact=True).is_hidden()  # not asked to hold chips
        protocol(console, {"type": "command.StartDeal", "table": 1, "runs": 1})
        folded = [
            protocol(
                page, {"type": "command.Act", "player": name, "move": "fold", "to": 0, "cards": []}
            )
            for page, name in ((ann, "ann"), (bob, "bob"))
        ]
        assert sum("result" in answer for answer in folded) == 1, folded
        winner, loser = ("bob", "ann") if "result" in folded[0] else ("ann", "bob")
        pot.get_by_role("button", name="Give the ruling").click()
        held = console.locator("#decisions li", has_text="held 10 of bob's chips at table 1")
        held.wait_for(timeout=10_000)
        assert held.locator("a.rule-link").all_inner_texts() == ["RRP5 decisions.7"]
        assert pot.locator(".form-error").is_hidden()
        pot.get_by_label("Ruling").select_option("release")
        assert pot.get_by_label("From player", exact=True).is_hidden()
        pot.get_by_label("To player", exact=True).fill("ann")
        pot.get_by_label("Amount", exact=True).fill("")
        pot.get_by_label("To player", exact=True).press("Enter")
        released = console.locator("#decisions li", has_text="released 10 held chips to ann")
        released.wait_for(timeout=10_000)
        assert released.locator("a.rule-link").all_inner_texts() == ["RRP5 decisions.7"]
        # The pot went to the wrong player: the floor moves one chip of it by
        # the betting record, asked for before the next deal (RRP5 decisions.5, .6).
        pot.get_by_label("Ruling").select_option("transfer")
        pot.get_by_label("From player", exact=True).fill(loser)
        pot.get_by_label("To player", exact=True).fill(winner)
        pot.get_by_label("Amount", exact=True).fill("1")
        pot.get_by_role("button", name="Give the ruling").click()
        box = refusal(pot)  # the loser won nothing to move
        assert box.locator("a.rule-link").all_inner_texts() == [
            "RRP5 decisions.5",
            "RRP5 decisions.6",
        ]
        pot.get_by_label("From player", exact=True).fill(winner)
        pot.get_by_label("To player", exact=True).fill(loser)
        pot.get_by_role("button", name="Give the ruling").click()
        moved = console.locator(
            "#decisions li", has_text=f"moved 1 of deal 1's pot from {winner} to {loser}"
        )
        moved.wait_for(timeout=10_000)
        assert moved.locator("a.rule-link").all_inner_texts() == [
            "RRP5 decisions.5",
            "RRP5 decisions.6",
        ]
        assert pot.locator(".form-error").is_hidden()
        console.screenshot(path=str(SHOTS / "floor-controls.png"), full_page=True)
        console.set_viewport_size({"width": 390, "height": 844})
        console.screenshot(path=str(SHOTS / "floor-controls-phone.png"), full_page=True)
        assert not errors, errors
        for page in (console, ann, bob):
            page.context.close()
