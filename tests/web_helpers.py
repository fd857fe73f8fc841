"""What the browser tests share: Debian's Chromium driven by Playwright
(launched by ``executable_path``; Playwright's own download is not used), a
record of every WebSocket frame a page received, and waits that work under
the page's content security policy."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.net_helpers import PASSWORD

CHROMIUM = os.environ.get("FLOORMAN_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SHOTS = Path(__file__).resolve().parent.parent / "screenshots"

#: Put on a browser test module: skipped, saying why, without Chromium.
needs_chromium = pytest.mark.skipif(
    not os.access(CHROMIUM, os.X_OK),
    reason=f"no Chromium at {CHROMIUM} (apt-get install chromium; .ci/run does as root)",
)


def launch() -> Iterator[Any]:
    """A headless Chromium for a module's tests (yield from it in a fixture)."""
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="the web page's tests need playwright (the test extra)"
    )
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield launched
        finally:
            launched.close()


class Wire:
    """Every WebSocket frame a page received, read in order."""

    def __init__(self, page: Any) -> None:
        self.frames: list[dict[str, Any]] = []
        page.on("websocket", self._socket)

    def _socket(self, socket: Any) -> None:
        socket.on("framereceived", lambda payload: self.frames.append(json.loads(payload)))

    def events(self) -> list[dict[str, Any]]:
        return [f["event"] for f in list(self.frames) if isinstance(f.get("event"), dict)]

    def shown(self) -> set[str]:
        """Every card a player showed, or the dealer tabled, so far."""
        return {
            card
            for e in self.events()
            if e["type"] in ("deal.HandShown", "deal.PlayerShowed")
            for card in e["cards"]
            if card
        }

    def started(self) -> set[int]:
        """The deals whose start reached the page: those it can check whole
        (the first view may show a deal that ended before the page came,
        with the hands shown in it, RRP5 showdown.6)."""
        return {e["number"] for e in self.events() if e["type"] == "table.DealStarted"}

    def views(self) -> list[dict[str, Any]]:
        out = []
        for frame in list(self.frames):
            result = frame.get("result")
            seen = frame.get("view") or (result.get("view") if isinstance(result, dict) else None)
            if seen:
                out.append(seen)
        return out


def register(page: Any, base: str, name: str) -> None:
    page.goto(base + "/")
    assert page.url.endswith("/enter"), "a stranger is sent to the log-in page"
    page.get_by_label("Name").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Register").click()
    page.wait_for_url(base + "/")


def others_faces(page: Any, me: str | None, wire: Wire) -> list[str]:
    """The face-up cards the page shows in other players' seats, in a deal
    whose start reached it (none before)."""
    deal = page.locator("#table").get_attribute("data-deal")
    if deal is None or int(deal) not in wire.started():
        return []
    other = f'.seat:not([data-player="{me}"])' if me else ".seat"
    return list(
        page.eval_on_selector_all(
            f"{other} svg.card[data-card]", "cards => cards.map(c => c.dataset.card)"
        )
    )


def wait_until(page: Any, expression: str, *, timeout: float = 30.0) -> None:
    """Wait until ``expression`` is true in the page. Not Playwright's
    wait_for_function, which evaluates its text inside the page, where the
    page's content security policy (no eval) refuses it."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"waited {timeout} s for {expression}"
        page.wait_for_timeout(50)


def keeps_up(page: Any, wire: Wire) -> None:
    """The page shows the deal the stream is at, however fast the bots play."""
    started = max(e["number"] for e in wire.events() if e["type"] == "table.DealStarted")
    wait_until(
        page, f"Number(document.getElementById('table').dataset.deal) >= {started}", timeout=5
    )


def check_wire(wire: Wire, me: str | None) -> None:
    """No frame carried another player's face-down card before it was shown,
    in every deal whose start reached the page."""
    shown: set[str] = set()
    started: set[int] = set()
    for frame in list(wire.frames):
        event = frame.get("event")
        if isinstance(event, dict) and event["type"] in ("deal.HandShown", "deal.PlayerShowed"):
            shown |= {c for c in event["cards"] if c}
        if isinstance(event, dict) and event["type"] == "table.DealStarted":
            started.add(event["number"])
        result = frame.get("result")
        seen = frame.get("view") or (result.get("view") if isinstance(result, dict) else None)
        if seen is None or seen["deal"] not in started:
            continue
        for seat in seen["seats"]:
            if seat["player"] != me:
                hidden = [c for c in seat["cards"] if c and c not in shown]
                assert not hidden, f"{seat['player']}'s cards {hidden} reached {me}'s page"
        if isinstance(event, dict) and event["type"] == "deal.HoleDealt" and me is None:
            assert not any(event["cards"]), "a hole card reached an observer"
