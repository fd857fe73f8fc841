"""People playing in real browsers: Debian's Chromium driven by Playwright
against a real uvicorn server on a free port.

Two players in two browsers sign up, are called from the list, accept, sit,
and play a whole deal to the showdown, each seeing only his own cards in the
page and on the wire and both seeing the hands shown (RRP5 seating.2,
policies.23, showdown.6); one of them plays by the keyboard alone, on a
phone's width, and the other's connection drops mid-deal and comes back, and
he acts again. A draw is played with the discards chosen in the page, and a
stud table shows up and down cards where each viewer may see them. Every
control of each page has an accessible name. Screenshots go to
``screenshots/`` (ignored by git).

Skipped, saying why, where Playwright or Chromium is missing.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn", reason="the web page needs the server extra: .[server]")
pytest.importorskip(
    "playwright.sync_api", reason="the web page's tests need playwright (the test extra)"
)

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from floorman.client.connection import Connection
from floorman.client.netbots import parse_kind, play_bots, seat_bots
from floorman.service import commands as c
from tests.net_helpers import PASSWORD, make_room, served_in_thread
from tests.web_helpers import (
    SHOTS,
    Wire,
    check_wire,
    launch,
    needs_chromium,
    others_faces,
    register,
    wait_until,
)

pytestmark = needs_chromium

HOLDEM = "1/2 no-limit holdem"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch()


def as_admin(base: str, *commands: c.Command) -> None:
    """Give ``commands`` as the admin, from a thread with its own event loop
    (the browser's driver holds this one)."""

    async def give() -> None:
        connection = Connection(base, "root", PASSWORD, timeout=10.0)
        await connection.open()
        try:
            for command in commands:
                await connection.command(command)
        finally:
            await connection.close()

    failed: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(give())
        except BaseException as error:
            failed.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(timeout=30)
    assert not thread.is_alive(), "the admin's commands took over 30 s"
    assert not failed, failed


@contextlib.contextmanager
def bots_at(base: str, kind: str, count: int) -> Iterator[int]:
    """``count`` bots at a new table of ``kind``, playing until the block
    ends; the table's number."""
    ready: list[int] = []
    failed: list[BaseException] = []
    stop = threading.Event()

    async def main() -> None:
        bots = await seat_bots(
            base,
            tables=1,
            per_table=count,
            admin=("root", PASSWORD),
            kind=kind,
            rng=random.Random(4),
            timeout=10.0,
            say=lambda _s: None,
        )
        ready.append(bots[0].table)
        playing = asyncio.create_task(play_bots(bots))
        while not stop.is_set():
            await asyncio.sleep(0.05)
        playing.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await playing

    def run() -> None:
        try:
            asyncio.run(main())
        except BaseException as error:
            failed.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not ready and not failed and time.monotonic() < deadline:
        time.sleep(0.05)
    assert ready, f"the bots did not sit within 30 s: {failed}"
    try:
        yield ready[0]
    finally:
        stop.set()
        thread.join(timeout=15)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """A server with nobody seated; new accounts get 1000 from the house, and
    the house deals two seconds after a deal ends (the hands shown stay up)."""
    url = make_room(tmp_path)
    with served_in_thread(url, deal_pause=2.0, welcome=("root", 1000)) as (base, _bots):
        yield base


UNNAMED = """() => {
  const named = (el) => {
    if (el.type === "hidden") return true;
    if ((el.getAttribute("aria-label") ?? "").trim()) return true;
    const by = el.getAttribute("aria-labelledby");
    if (by && by.split(" ").every((id) => document.getElementById(id)?.textContent.trim())) {
      return true;
    }
    if (el.labels && [...el.labels].some((l) => l.textContent.trim())) return true;
    if ((el.tagName === "BUTTON" || el.tagName === "A") && el.textContent.trim()) return true;
    return false;
  };
  return [...document.querySelectorAll("button, input, select, textarea, a[href]")]
    .filter((el) => !named(el)).map((el) => el.outerHTML.slice(0, 120));
}"""


SEATS = """() => {
  const table = document.getElementById("table");
  const seats = {};
  for (const seat of document.querySelectorAll(".seat[data-player]")) {
    seats[seat.dataset.player] = [...seat.querySelectorAll("svg.card")].map((card) => ({
      card: card.dataset.card ?? null, cls: card.getAttribute("class") }));
  }
  return { me: table.dataset.me, inDeal: table.dataset.inDeal === "true", seats };
}"""


def all_named(page: Any, where: str) -> int:
    """Every control of the page has an accessible name; how many there are."""
    unnamed = page.evaluate(UNNAMED)
    assert not unnamed, f"controls without a name on {where}: {unnamed}"
    return int(page.evaluate("document.querySelectorAll('button, input, select').length"))


def own_cards(page: Any, me: str) -> list[str]:
    return list(
        page.eval_on_selector_all(
            f'.seat[data-player="{me}"] svg.card[data-card]', "cs => cs.map(c => c.dataset.card)"
        )
    )


def check_down_cards(wire: Wire, me: str) -> None:
    """No view or event on the wire carried another player's down card, in a
    deal whose start reached the page; up cards are everyone's (RRP5
    policies.23)."""
    started: set[int] = set()
    for frame in list(wire.frames):
        event = frame.get("event")
        if isinstance(event, dict) and event["type"] == "table.DealStarted":
            started.add(event["number"])
        result = frame.get("result")
        seen = frame.get("view") or (result.get("view") if isinstance(result, dict) else None)
        if seen is None or seen["deal"] not in started or not seen["in_deal"]:
            continue
        for seat in seen["seats"]:
            if seat["player"] == me:
                continue
            down = [card for card, up in zip(seat["cards"], seat["up"], strict=True) if not up]
            assert not any(down), f"{seat['player']}'s down cards {down} reached {me}"


def hidden_faces(page: Any, me: str, wire: Wire) -> list[str]:
    """The cards face up in the page in other players' seats that are not up
    cards (stud): those must have been shown (RRP5 showdown.6)."""
    deal = page.locator("#table").get_attribute("data-deal")
    if deal is None or int(deal) not in wire.started():
        return []
    return list(
        page.eval_on_selector_all(
            f'.seat:not([data-player="{me}"]) svg.card[data-card]:not(.up)',
            "cards => cards.map(c => c.dataset.card)",
        )
    )


def deal_of(page: Any) -> int:
    return int(page.locator("#table").get_attribute("data-deal") or 0)


def keyboard_only(context: Any) -> list[str]:
    """Every trusted mouse or pointer press in the context's pages, recorded:
    a person playing by keys alone makes none."""
    pressed: list[str] = []
    context.expose_binding("floormanPressed", lambda _source, kind: pressed.append(kind))
    context.add_init_script(
        """for (const kind of ["mousedown", "pointerdown", "touchstart"]) {
             document.addEventListener(kind, (e) => { if (e.isTrusted)
               window.floormanPressed(kind); }, true); }"""
    )
    return pressed


def answer_call(page: Any, base: str, table: int, *, keys: bool) -> None:
    """Accept the call to ``table`` from the lobby, by keys or by the mouse."""
    panel = page.locator("#call")
    assert panel.is_visible(), "the call to a seat is shown"
    assert f"called to table {table}" in panel.inner_text()
    countdown = panel.locator(".countdown")
    assert countdown.get_attribute("role") == "timer"
    held = countdown.inner_text()
    assert held.startswith("held "), held
    wait_until(page, f"document.querySelector('#call .countdown').textContent !== '{held}'")
    all_named(page, "the lobby with a call")
    accept = page.get_by_role("button", name=f"Accept the seat at table {table}")
    if keys:
        accept.focus()
        page.keyboard.press("Enter")
    else:
        accept.click()
    page.wait_for_url(f"{base}/table/{table}")


def test_seating_2_showdown_6_policies_6_two_players_are_called_sit_and_play_to_the_showdown(
    browser: Any, served: str
) -> None:
    """ann (desktop, mouse) and bob (phone width, keyboard alone) join the
    list, are called, accept, sit and play deal 1 to the showdown; ann's
    connection drops mid-deal and comes back, and she acts again."""
    base = served
    SHOTS.mkdir(exist_ok=True)
    as_admin(base, c.OpenGame(table=1, kind=parse_kind(HOLDEM), seats=6))
    pages: dict[str, Any] = {}
    wires: dict[str, Wire] = {}
    contexts = []
    pressed: list[str] = []
    sockets: list[Any] = []  # ann's WebSockets, routed so the test can drop one

    def route(socket: Any) -> None:
        sockets.append(socket)
        socket.connect_to_server()

    for name, viewport in (("ann", (1100, 900)), ("bob", (390, 844))):
        context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
        contexts.append(context)
        if name == "bob":
            pressed = keyboard_only(context)
        page = context.new_page()
        wires[name] = Wire(page)
        if name == "ann":
            page.route_web_socket("**/ws", route)
        if name == "bob":  # by the keyboard: fields filled, the button pressed by Enter
            page.goto(base + "/enter")
            page.get_by_label("Name").fill(name)
            page.get_by_label("Password").fill(PASSWORD)
            page.get_by_role("button", name="Register").focus()
            with page.expect_navigation():
                page.keyboard.press("Enter")
        else:
            register(page, base, name)
        game = page.locator('li.game[data-table="1"]')
        join = game.get_by_role("button", name=f"Join the list for {HOLDEM}")
        with page.expect_navigation():
            if name == "bob":
                join.focus()
                page.keyboard.press("Enter")
            else:
                join.click()
        assert f"Waiting list: {name}" in game.inner_text()
        assert f"Called: {name} (any open seat), held 5:00" in game.inner_text()
        if name == "ann":
            page.screenshot(path=str(SHOTS / "lobby-call.png"), full_page=True)
        answer_call(page, base, 1, keys=name == "bob")
        wait_until(page, "document.getElementById('status').textContent.includes('not dealing')")
        pages[name] = page
    as_admin(base, c.StartGame(table=1))
    for name, page in pages.items():
        page.wait_for_selector(f'.seat[data-player="{name}"]', timeout=10_000)

    # While bob is to act in deal 1, ann adds chips: refused, its rule a link
    # (RRP5 policies.6: only the chips in front of a player when the deal began play).
    ann = pages["ann"]
    wait_until(ann, "document.getElementById('table').dataset.inDeal === 'true'")
    refused = False
    deadline = time.monotonic() + 30
    while not refused:
        assert time.monotonic() < deadline, "ann tried to add chips while bob was to act"
        bob_turn = pages["bob"].locator("#controls .turn button:not([disabled])").count()
        add = ann.locator('#controls button[data-key="a"]:not([disabled])')
        if bob_turn and add.count():
            ann.get_by_label("Chips to add").fill("50")
            add.click()
            alert = ann.locator("#alert")
            alert.wait_for(state="visible", timeout=10_000)
            assert "cannot add chips during a deal" in alert.inner_text()
            link = alert.locator("a")
            assert link.get_attribute("href") == "/rules/policies.6", alert.inner_html()
            assert link.inner_text() == "RRP5 policies.6"
            ann.wait_for_timeout(300)
            assert alert.is_visible(), "the refusal stays in sight as the table moves on"
            ann.screenshot(path=str(SHOTS / "table-refused.png"), full_page=True)
            refused = True
        elif ann.locator("#controls .turn button:not([disabled])").count():
            ann.locator('#controls .turn button[data-key="c"]').click()  # her turn first
        ann.wait_for_timeout(60)

    acted: dict[str, int] = {"ann": 0, "bob": 0}
    dropped = False
    acted_after_drop = False
    shots = 0
    showdown: dict[str, set[str]] = {}
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        events = wires["ann"].events()
        if any(e["type"] == "table.DealFinished" and e["number"] == 1 for e in events):
            break
        for name, page in pages.items():
            faces = others_faces(page, name, wires[name])
            assert set(faces) <= wires[name].shown(), f"another's cards {faces} in {name}'s page"
            if page.locator("#table").get_attribute("data-in-deal") == "true":
                own = own_cards(page, name)
                assert len(own) in (0, 2), own
            turn = page.locator("#controls .turn")
            if not turn.count():
                continue
            if not shots and name == "ann" and page.locator("#amount").count():
                assert all_named(page, "the table at a turn to bet") >= 6
                page.wait_for_timeout(300)
                page.screenshot(path=str(SHOTS / "table.png"), full_page=True)
                shots += 1
            keys = page.locator("#controls .turn button[data-key]:not([disabled])")
            have = set(keys.evaluate_all("bs => bs.map(b => b.dataset.key)"))
            if not have:
                continue  # an action on its way: the buttons wait for its answer
            key = "c" if "c" in have else "s" if "s" in have else None
            assert key is not None, f"{name} can check, call or show: {have}"
            if name == "bob":
                page.keyboard.press(key)
            else:
                try:
                    page.locator(f'#controls button[data-key="{key}"]').click(timeout=2000)
                except PlaywrightTimeout:
                    continue  # the turn passed (the view moved on): look again
            acted[name] += 1
            if dropped and name == "ann":
                acted_after_drop = True
            if name == "ann" and not dropped and acted["ann"] == 1:
                # ann's connection drops in the middle of the deal.
                page.wait_for_timeout(200)
                sockets[-1].close(code=4000, reason="dropped by the test")
                wait_until(
                    page, "document.getElementById('status').textContent.includes('reconnect')"
                )
                wait_until(page, "document.getElementById('table').dataset.connected === 'true'")
                dropped = True
        page.wait_for_timeout(60)
    assert dropped, "ann's connection dropped mid-deal"
    assert len(sockets) >= 2, "ann's page opened another connection by itself"
    assert acted_after_drop, "ann acted again after coming back, in the same deal"
    assert min(acted.values()) >= 2, f"both players acted: {acted}"

    # The showdown: each page shows the other's hand as shown, in its seat and its log.
    for name, page in pages.items():
        shown = wires[name].shown()
        showdown[name] = shown
        assert len(shown) >= 4, f"{name} saw both hands shown: {shown}"
        other = "bob" if name == "ann" else "ann"
        wait_until(
            page,
            f"""[...document.querySelectorAll('.seat[data-player="{other}"] svg.card[data-card]')]
                .length === 2""",
            timeout=5,
        )
        theirs = set(own_cards(page, other))
        assert len(theirs) == 2, f"{name} sees {other}'s hand"
        assert theirs <= shown, f"{name} sees {other}'s hand as shown"
        log = page.locator("#log").inner_text()
        assert f"{other} shows" in log, log
        for street in ("Flop: ", "Turn: ", "River: "):
            assert street in log, f"what happened tells the {street[:-2]}'s cards"
        assert "wins the main pot" in log, log
        check_wire(wires[name], name)
    assert showdown["ann"] == showdown["bob"], "both saw the same hands shown"
    theirs_of_ann = set(own_cards(pages["bob"], "ann"))
    # The deal's history, a click away on the table page, and its PHH download.
    ann = pages["ann"]
    wait_until(ann, "document.querySelector('#histories li[data-deal=\"1\"]') !== null")
    phh = ann.locator('#histories a[aria-label="Download deal 1 as PHH"]')
    with ann.expect_download() as got:
        phh.click()
    text = Path(got.value.path()).read_text()
    assert "variant" in text, text[:200]
    # Her PokerStars text: her own cards and the hands shown, nothing else
    # face down (RRP5 policies.23, showdown.6).
    stars = ann.locator('#histories a[aria-label="Download deal 1 as PokerStars text"]')
    with ann.expect_download() as got:
        stars.click()
    assert got.value.suggested_filename == "table1-deal1.txt"
    told = Path(got.value.path()).read_text()
    assert told.startswith("PokerStars Hand #1:"), told[:200]
    assert "Dealt to ann [" in told, told
    assert "Dealt to bob" not in told, told
    assert "bob: shows [" in told, told
    bobs = {c for c in showdown["ann"] if c not in theirs_of_ann}
    assert len(bobs) == 2, bobs
    assert all(c in told for c in bobs), (bobs, told)
    ann_views = [v for v in wires["ann"].views() if v["deal"] == 1 and v["in_deal"]]
    assert ann_views, "ann's page had views of deal 1"
    pages["bob"].screenshot(path=str(SHOTS / "table-phone-player.png"), full_page=True)
    assert not pressed, f"bob used no mouse: {pressed}"
    width = pages["bob"].evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the phone's page fits its width ({width} px)"
    pages["bob"].mouse.click(5, 5)  # the record of presses does see a mouse
    pages["bob"].wait_for_timeout(100)
    assert pressed, "a mouse press is recorded"
    for context in contexts:
        context.close()


def sit_from_lobby(page: Any, base: str, table: int) -> None:
    game = page.locator(f'li.game[data-table="{table}"]')
    game.get_by_label("Chips").fill("300")
    game.get_by_role("button", name=f"Sit down at table {table}").click()
    page.wait_for_url(f"{base}/table/{table}")
    page.wait_for_selector(".seat[data-player]")


def play_until(
    page: Any,
    wire: Wire,
    me: str,
    done: Callable[[], bool],
    *,
    at_turn: Callable[[set[str]], bool] = lambda _keys: False,
    seconds: float = 90,
) -> None:
    """Check, call or show at each turn (``at_turn`` first, which says if it
    acted) until ``done``; the others' cards never in the page before shown."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"{me}'s page did not get there in {seconds} s"
        faces = hidden_faces(page, me, wire)
        assert set(faces) <= wire.shown(), f"another's down cards {faces} in {me}'s page"
        turn = page.locator("#controls .turn")
        if turn.count():
            have = set(
                page.locator("#controls .turn button[data-key]:not([disabled])").evaluate_all(
                    "bs => bs.map(b => b.dataset.key)"
                )
            )
            if have and not at_turn(have):
                key = next((k for k in ("c", "s", "i", "d") if k in have), None)
                if key is not None:
                    page.keyboard.press(key)
        page.wait_for_timeout(80)


def test_policies_23_a_draw_is_played_with_the_discards_chosen_in_the_page(
    browser: Any, served: str
) -> None:
    base = served
    SHOTS.mkdir(exist_ok=True)
    with bots_at(base, "1/2 no-limit draw", 2) as table:
        context = browser.new_context(viewport={"width": 1100, "height": 900})
        page = context.new_page()
        wire = Wire(page)
        register(page, base, "dee")
        sit_from_lobby(page, base, table)
        drew: list[list[str]] = []

        def at_turn(keys: set[str]) -> bool:
            if "d" not in keys or drew:
                return False
            held = own_cards(page, "dee")
            assert len(held) == 5, "dee sees her own five cards"
            picks = page.locator("#controls button.pick")
            assert picks.count() == 5, "each of her cards can be marked"
            assert (
                page.locator('#controls button[data-key="d"]').inner_text().startswith("Stand pat")
            )
            picks.nth(0).click()  # by the mouse
            page.keyboard.press("3")  # and by its key
            assert picks.nth(0).get_attribute("aria-pressed") == "true"
            assert picks.nth(2).get_attribute("aria-pressed") == "true"
            assert page.locator(".seat.mine svg.card.marked").count() == 2
            go = page.locator('#controls button[data-key="d"]')
            assert go.inner_text().startswith("Draw 2")
            all_named(page, "the draw")
            page.screenshot(path=str(SHOTS / "table-draw.png"), full_page=True)
            drew.append([held[0], held[2]])
            page.keyboard.press("d")
            return True

        def done() -> bool:
            return bool(drew) and any(
                e["type"] == "deal.Drew" and e["discards"] and all(e["discards"])
                for e in wire.events()
            )

        play_until(page, wire, "dee", done, at_turn=at_turn)
        events = wire.events()
        at = next(
            i
            for i, e in enumerate(events)
            if e["type"] == "deal.Drew" and e["discards"] and all(e["discards"])
        )
        mine = events[at]
        assert sorted(mine["discards"]) == sorted(drew[0]), "the cards marked were thrown away"
        wait_until(
            page,
            "[...document.querySelectorAll('#log li')].some(n => n.textContent.startsWith("
            "'You draw '))",
            timeout=5,
        )
        events = wire.events()
        dealt = next(
            e
            for e in events[at:]
            if e["type"] == "deal.HoleDealt" and e["position"] == mine["position"]
        )
        assert len(dealt["cards"]) == 2, "she got two cards"
        assert all(dealt["cards"]), "her new cards reached her face up"
        for event in events:
            if event["type"] == "deal.Drew" and event["position"] != mine["position"]:
                assert not any(event["discards"]), "another's discards reach nobody (policies.23)"
            if event["type"] == "deal.HoleDealt" and event["position"] != mine["position"]:
                assert not any(event["cards"]), "another's cards reach her face down"
        wait_until(
            page,
            "[...document.querySelectorAll('.seat.mine .drew')].some(n => n.textContent === 'drew 2')",
            timeout=5,
        )
        assert not set(drew[0]) & set(own_cards(page, "dee")), "the discards left her hand"
        others = [e for e in wire.events() if e["type"] == "deal.Drew" and not all(e["discards"])]
        for event in others:
            assert not any(event["discards"]), "another's discards reach nobody (RRP5 policies.23)"
            assert not any(event["cards"]), "another's new cards reach her face down"
        wait_until(
            page,
            "document.querySelectorAll('.seat:not(.mine) .drew, .seat:not(.mine) .action').length"
            " > 0",
            timeout=10,
        )
        page.screenshot(path=str(SHOTS / "table-draw-after.png"), full_page=True)
        check_wire(wire, "dee")
        context.close()


def test_policies_23_a_stud_table_shows_up_cards_to_all_and_down_cards_to_their_owner(
    browser: Any, served: str
) -> None:
    base = served
    SHOTS.mkdir(exist_ok=True)
    with bots_at(base, "2/4 fixed-limit stud", 3) as table:
        context = browser.new_context(viewport={"width": 1100, "height": 900})
        page = context.new_page()
        wire = Wire(page)
        me = "eve"
        register(page, base, me)
        sit_from_lobby(page, base, table)
        for width in (1100, 390):  # a desktop, then a phone's width
            page.set_viewport_size({"width": width, "height": 900})
            snaps: list[dict[str, Any]] = []
            at = deal_of(page)

            def fourth(
                snaps: list[dict[str, Any]] = snaps, at: int = at, width: int = width
            ) -> bool:
                snap = page.evaluate(SEATS)
                cards = len(snap["seats"].get(snap["me"], []))
                if snap["inDeal"] and cards >= 4 and (width > 500 or deal_of(page) > at):
                    snaps.append(snap)
                    return True
                return False

            play_until(page, wire, me, fourth)
            snap = snaps[-1]
            cards = snap["seats"][me]
            down = [card for card in cards if "down" in card["cls"]]
            up = [card for card in cards if "up" in card["cls"]]
            assert len(down) == 2, f"two down: {cards}"
            assert len(up) == len(cards) - 2, f"the rest up: {cards}"
            assert all(card["card"] for card in cards), "his own cards, down ones too, face up"
            assert all("back" not in card["cls"] for card in cards)
            checked = 0
            for player, theirs in snap["seats"].items():
                if player == me or not theirs:
                    continue
                for card in theirs:
                    if "down" in card["cls"]:
                        assert "back" in card["cls"], f"{player}'s down card is a back to {me}"
                        assert not card["card"], f"{player}'s down card is not in {me}'s page"
                    else:
                        assert "up" in card["cls"], f"{player}'s card is up or down"
                        assert card["card"], f"{player}'s up card shows"
                checked += 1
            assert checked >= 1, "another player's cards were checked"
            log = page.locator("#log").inner_text()
            brought = [e for e in wire.events() if e["type"] == "deal.BringInPosted"]
            if brought:
                assert "brings in for" in log, "the bring-in is told"
            assert "face up" in log, "the up cards dealt are told in what happened"
            all_named(page, "the stud table")
            shot = "table-stud.png" if width > 500 else "table-stud-phone.png"
            page.screenshot(path=str(SHOTS / shot), full_page=True)
            if width <= 390:
                scroll = page.evaluate("document.documentElement.scrollWidth")
                assert scroll <= 390, f"the stud table fits a phone's width ({scroll} px)"
        check_down_cards(wire, me)
        context.close()


@pytest.fixture
def bots_room(tmp_path: Path) -> Iterator[str]:
    """Three bots at table 1, dealing a second after each deal; new accounts
    get 1000 from the house."""
    url = make_room(tmp_path)
    with served_in_thread(url, bots=3, deal_pause=1.0, welcome=("root", 1000)) as (base, _bots):
        yield base


def keep_playing(page: Any, *, fold: bool = False) -> bool:
    """At the person's turn, check, call or show by its key (or fold, if he
    may); whether it was his turn."""
    have = set(
        page.locator("#controls .turn button[data-key]:not([disabled])").evaluate_all(
            "bs => bs.map(b => b.dataset.key)"
        )
    )
    key = next((k for k in (("f",) if fold else ()) + ("c", "s", "i", "d") if k in have), None)
    if key is not None:
        page.keyboard.press(key)
    return bool(have)


def press_off_turn(page: Any, key: str) -> None:
    """Click the control of ``key`` once it is there, playing each turn meanwhile."""
    wanted = page.locator(f'#controls button[data-key="{key}"]:not([disabled])')
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, f"the control {key} came within 60 s"
        if not keep_playing(page) and wanted.count():
            with contextlib.suppress(PlaywrightTimeout):  # her turn came: the buttons changed
                wanted.click(timeout=1000)
                return
        page.wait_for_timeout(80)


def test_blinds_9_between_deals_a_player_sits_out_comes_back_adds_chips_and_leaves(
    browser: Any, bots_room: str
) -> None:
    base = bots_room
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    register(page, base, "fay")
    sit_from_lobby(page, base, 1)
    seat = page.locator('.seat[data-player="fay"]')
    stack = int(seat.locator(".stack").inner_text().replace(",", ""))

    # She sits out (from the deal's end); the seat says so and she may come back.
    press_off_turn(page, "o")
    deadline = time.monotonic() + 60
    while not page.get_by_role("button", name="Come back and wait for the big blind").count():
        assert time.monotonic() < deadline, "fay was sat out by the deal's end"
        keep_playing(page)
        page.wait_for_timeout(80)
    assert "sitting out" in seat.inner_text()
    assert page.get_by_role("button", name="Come back and post now").count()
    all_named(page, "the table, sitting out")
    page.screenshot(path=str(SHOTS / "table-sitting-out.png"), full_page=True)

    # Between deals while away, chips are added to the stack.
    stack = int(seat.locator(".stack").inner_text().replace(",", ""))
    page.get_by_label("Chips to add").fill("100")
    page.get_by_role("button", name="Add chips").click()
    page.wait_for_timeout(300)
    assert not page.locator("#alert").is_visible(), page.locator("#alert").inner_text()
    wait_until(
        page,
        f"document.querySelector('.seat.mine .stack').textContent.replace(',', '') > {stack}",
        timeout=10,
    )

    # Back, waiting for the big blind (RRP5 blinds.9).
    page.get_by_role("button", name="Come back and wait for the big blind").click()
    wait_until(page, "!document.querySelector('.seat.mine.away')", timeout=10)

    # Leaving takes her to the lobby, her seat given up.
    press_off_turn(page, "l")
    page.wait_for_url(base + "/", timeout=60_000)
    deadline = time.monotonic() + 60
    while "fay" in page.locator('li.game[data-table="1"]').inner_text():
        assert time.monotonic() < deadline, "fay's seat was given up at the deal's end"
        page.wait_for_timeout(500)
        page.reload()
    context.close()
