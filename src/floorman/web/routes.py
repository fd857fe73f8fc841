"""The web page's routes: the log-in page, the lobby, the table page, a hand
history, and the static files, mounted by the server beside its API."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from starlette.requests import HTTPConnection, Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from floorman.client.netbots import parse_kind
from floorman.errors import FloorError, FloormanError, NotationError
from floorman.ids import PlayerId
from floorman.service import commands as c
from floorman.store import Account
from floorman.web import pages
from floorman.web.dealer import dealer_routes
from floorman.web.floor import floor_routes
from floorman.web.rules import rules_routes

__all__ = ["STATIC", "Backend", "web_routes"]

#: The stylesheet and the table's module, served under ``/static/``.
STATIC = Path(__file__).parent / "static"

Handler = Callable[[Request], Awaitable[Response]]

#: What a page may load: only floorman's own files and its own WebSocket, no
#: inline script or style, and no framing by another site.
POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
    " connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)


def _html(text: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(
        text,
        status,
        headers={"content-security-policy": POLICY, "x-content-type-options": "nosniff"},
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Backend:
    """What the page needs of the server: its JSON handlers (called as they
    are, so the page and the API answer alike), the account of a request, and
    a way to give a checked command as that account."""

    register: Handler
    log_in: Handler
    log_out: Handler
    me: Handler
    lobby: Handler
    hands: Handler
    hand: Handler
    account_of: Callable[[HTTPConnection], Account]
    submit: Callable[[Account, c.Command], Awaitable[object]]


def _read(response: Response) -> tuple[int, dict[str, Any]]:
    data = json.loads(bytes(response.body))
    return response.status_code, data if isinstance(data, dict) else {}


async def _form(request: Request) -> dict[str, str]:
    """A urlencoded form's fields, the first value of each."""
    raw = (await request.body()).decode("utf-8", "replace")
    return {k: v[0] for k, v in parse_qs(raw, keep_blank_values=True).items()}


def _same_origin(request: Request) -> bool:
    """A form posted from this server's own page (the cookie is same-site
    too; this refuses a cross-site log-in form as well)."""
    origin = request.headers.get("origin")
    if origin is None or origin == "null":
        return origin is None
    return urlsplit(origin).netloc == request.headers.get("host")


def _as_json(request: Request, data: dict[str, Any]) -> Request:
    """The same request carrying ``data`` as its JSON body, for an API handler."""
    body = json.dumps(data).encode()
    sent = False

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return Request(request.scope, receive)


async def not_found(request: Request, _error: Exception) -> Response:
    """An address with nothing at it: a page a person can go on from, or the
    API's error for a program."""
    path = request.url.path
    error = NotationError(
        "there is nothing at {path}", code="no_such_address", text=path, path=path
    )
    if "text/html" in request.headers.get("accept", ""):
        return _html(pages.missing(f"There is nothing at {path}."), 404)
    return Response(json.dumps({"error": error.details()}), 404, media_type="application/json")


def web_routes(backend: Backend) -> list[BaseRoute]:
    """The page's routes over ``backend``."""

    def logged_in(request: Request) -> Account | None:
        try:
            return backend.account_of(request)
        except FloormanError:
            return None

    async def enter_page(request: Request) -> Response:
        if logged_in(request) is not None:
            return RedirectResponse("/", 303)
        return _html(pages.enter())

    async def enter(request: Request) -> Response:
        if not _same_origin(request):
            return _html(pages.enter(error="a form from another site"), 403)
        form = await _form(request)
        name, password = form.get("name", "").strip(), form.get("password", "")
        action = form.get("action", "login")
        if action == "register":
            status, data = _read(
                await backend.register(_as_json(request, {"name": name, "password": password}))
            )
            if status >= 400:
                return _html(
                    pages.enter(error=data["error"]["message"], name=name, registering=True),
                    status,
                )
        answer = await backend.log_in(_as_json(request, {"name": name, "password": password}))
        status, data = _read(answer)
        if status >= 400:
            return _html(pages.enter(error=data["error"]["message"], name=name), status)
        moved = RedirectResponse("/", 303)
        for key, value in answer.raw_headers:
            if key.lower() == b"set-cookie":
                moved.raw_headers.append((key, value))
        return moved

    async def leave(request: Request) -> Response:
        if not _same_origin(request):
            return _html(pages.enter(error="a form from another site"), 403)
        answer = await backend.log_out(request)
        moved = RedirectResponse("/enter", 303)
        for key, value in answer.raw_headers:
            if key.lower() == b"set-cookie":
                moved.raw_headers.append((key, value))
        return moved

    async def lobby_page(
        request: Request, *, error: str = "", citations: Sequence[str] = (), status: int = 200
    ) -> Response:
        account = logged_in(request)
        if account is None:
            return RedirectResponse("/enter", 303)
        _s, me = _read(await backend.me(request))
        _s, lobby = _read(await backend.lobby(request))
        _s, hands = _read(await backend.hands(request))
        return _html(
            pages.lobby(
                me=me,
                games=lobby.get("games", []),
                hands=hands.get("hands", []),
                error=error,
                citations=citations,
                now=float(lobby.get("now", 0.0)),
            ),
            status,
        )

    async def lobby_act(request: Request) -> Response:
        account = logged_in(request)
        if account is None:
            return RedirectResponse("/enter", 303)
        if not _same_origin(request):
            return await lobby_page(request, error="a form from another site", status=403)
        form = await _form(request)
        player = PlayerId(account.name)
        try:
            action = form.get("action", "")
            if action not in ("signup", "unlist", "sit", "accept", "refuse"):
                raise NotationError("no such lobby action", code="bad_message")
            kind = parse_kind(form.get("kind", ""))
            if action == "signup":
                await backend.submit(account, c.SignUp(player=player, kind=kind))
            elif action == "unlist":
                await backend.submit(account, c.Unlist(player=player, kind=kind))
            elif action == "refuse":
                await backend.submit(account, c.Refuse(player=player))
            elif action == "accept":
                # The called player takes the seat held for him (RRP5 seating.2),
                # posting now or waiting for the big blind (RRP5 blinds.5).
                table = int(form.get("table", ""))
                chips = int(form.get("chips", ""))
                await backend.submit(
                    account,
                    c.TakeSeat(player=player, table=table, chips=chips, post="post" in form),
                )
                return RedirectResponse(f"/table/{table}", 303)
            else:
                table = int(form.get("table", ""))
                chips = int(form.get("chips", ""))
                # Seated by the floor from the list, as anyone is (RRP5 seating.1, seating.2).
                with contextlib.suppress(FloorError):  # already listed or called
                    await backend.submit(account, c.SignUp(player=player, kind=kind))
                await backend.submit(
                    account, c.TakeSeat(player=player, table=table, chips=chips, post=True)
                )
                return RedirectResponse(f"/table/{table}", 303)
        except FloormanError as error:
            return await lobby_page(
                request,
                error=error.message,
                citations=[str(cited) for cited in error.citations],
                status=400,
            )
        except ValueError:
            return await lobby_page(request, error="chips and table are whole numbers", status=400)
        return RedirectResponse("/", 303)

    async def table_page(request: Request) -> Response:
        account = logged_in(request)
        if account is None:
            return RedirectResponse("/enter", 303)
        try:
            table = int(request.path_params["table"])
        except ValueError:
            return _html(pages.missing("a table is a whole number"), 404)
        watch = request.query_params.get("as") == "observer"
        return _html(
            pages.table(table=table, name=account.name, observer=watch, roles=account.roles)
        )

    async def history_page(request: Request) -> Response:
        account = logged_in(request)
        if account is None:
            return RedirectResponse("/enter", 303)
        status, data = _read(await backend.hand(request))
        if status >= 400:
            return _html(pages.missing(data["error"]["message"]), status)
        return _html(pages.history(data))

    async def history_file(request: Request) -> Response:
        """A hand history to download, ``phh`` or ``pokerstars``: a player's copy
        has his own cards and the hands shown (RRP5 policies.23, showdown.6), the
        floor's every hand dealt."""
        account = logged_in(request)
        if account is None:
            return RedirectResponse("/enter", 303)
        status, data = _read(await backend.hand(request))
        if status >= 400:
            return _html(pages.missing(data["error"]["message"]), status)
        form = request.path_params["form"]
        text = data.get(form) if form in ("phh", "pokerstars") else None
        if not isinstance(text, str):
            why = (
                "no PokerStars text of this deal is kept for you (a form PokerStars cannot"
                " write, or a deal stored before players had their own); the PHH has it"
            )
            return _html(pages.missing(why if form == "pokerstars" else "no such form"), 404)
        name = f"table{data['table']}-deal{data['deal']}.{'phh' if form == 'phh' else 'txt'}"
        return Response(
            text,
            media_type="text/plain; charset=utf-8",
            headers={
                "content-disposition": f'attachment; filename="{name}"',
                "x-content-type-options": "nosniff",
            },
        )

    return [
        Route("/", lobby_page),
        Route("/", lobby_act, methods=["POST"]),
        Route("/enter", enter_page),
        Route("/enter", enter, methods=["POST"]),
        Route("/leave", leave, methods=["POST"]),
        Route("/table/{table}", table_page),
        Route("/history/{table}/{deal}", history_page),
        Route("/history/{table}/{deal}/{form}", history_file),
        *rules_routes(_html, who=logged_in),
        *floor_routes(backend.account_of, _html),
        *dealer_routes(backend, html=_html),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
