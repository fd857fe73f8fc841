"""The cardroom's ASGI application: the HTTP API and the one WebSocket per client.

:func:`create_app` opens the store, rebuilds the cardroom from its log (the
deal in progress at a crash goes on) and serves:

- ``POST /register``, ``POST /login``, ``POST /logout``, ``GET /me``: accounts,
  argon2 passwords in the store, a signed session cookie, log-in attempts
  limited per name and per address, sanctions refusing log-in;
- ``POST /admin/credit`` and ``POST /admin/grant``: an admin credits play
  money (chips are bought from it) and grants roles;
- ``GET /lobby``: the games, their seats and waiting lists;
- ``GET /hands`` and ``GET /hands/{table}/{deal}``: a player's own hand
  histories (the floor's: anyone's), with nobody else's unshown cards;
- ``GET /health``;
- the web page (:mod:`floorman.web`): ``/``, ``/enter``, ``/table/{table}``,
  ``/history/{table}/{deal}``, the dealer's console ``/dealer`` and
  ``/dealer/{table}``, and ``/static/``;
- ``/ws``: commands in, results, errors and each table's events out, as
  docs/protocol.md describes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from argon2 import PasswordHasher
from starlette.applications import Starlette
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketDisconnected

from floorman import codec
from floorman.clock import Clock, SystemClock
from floorman.errors import AccountError, FloormanError, NotationError, StoreError
from floorman.floor import Ruling, rule_options
from floorman.ids import PlayerId
from floorman.rulebook import cite
from floorman.server._access import check
from floorman.server._auth import COOKIE, Attempts, Bucket, Sessions
from floorman.server._gc import Collector, collect_forever
from floorman.server._ready import warm_up
from floorman.server.host import GRACE, RECHECK, Host, Subscriber
from floorman.service import (
    AsDealer,
    AsFloor,
    AsObserver,
    AsPlayer,
    Cardroom,
    TimeLimits,
    Viewer,
)
from floorman.service import commands as c
from floorman.shuffle import Shuffler, SystemShuffler
from floorman.store import Account, Role, open_store
from floorman.web import Backend, not_found, web_routes

__all__ = ["MAX_FRAME", "create_app"]

_log = logging.getLogger("floorman.server")

#: The largest WebSocket message the server reads (bytes); a bigger one is refused.
MAX_FRAME = 16_384


_STATUS = {
    "not_logged_in": 401,
    "login_refused": 401,
    "session_revoked": 401,
    "observers_refused": 403,
    "sanctioned": 403,
    "not_permitted": 403,
    "not_your_seat": 403,
    "hand_not_yours": 403,
    "no_such_hand": 404,
    "no_such_account": 404,
    "too_many_attempts": 429,
}


def _error(error: FloormanError) -> JSONResponse:
    return JSONResponse({"error": error.details()}, status_code=_STATUS.get(error.code, 400))


def _bad(message: str) -> NotationError:
    return NotationError(message, code="bad_message")


def create_app(
    store_url: str,
    *,
    clock: Clock | None = None,
    shuffler: Shuffler | None = None,
    time_limits: TimeLimits | None = None,
    secret: str | None = None,
    hasher: PasswordHasher | None = None,
    attempts: Attempts | None = None,
    messages: tuple[float, float] = (50.0, 100.0),
    secure_cookies: bool = False,
    grace: float = GRACE,
    deal_pause: float | None = None,
    welcome: tuple[str, int] | None = None,
    collect: bool = True,
) -> Starlette:
    """The cardroom server on the store at ``store_url``.

    ``clock`` and ``shuffler`` are the cardroom's (the machine's clock and a
    system-random shuffle by default); ``time_limits``: an action clock at
    every live table (RRP5 dead-hands.1.6); ``secret`` signs session cookies
    (a random one by default, so sessions end with the process); ``hasher``
    sets argon2's cost; ``attempts`` limits log-ins; ``messages`` is the rate
    and burst of WebSocket messages a connection may send; ``grace`` is how
    many seconds a seated player may be without a socket before he is
    stepped away (sat out from the end of the deal he is dealt in, RRP5
    policies.20); ``deal_pause``: the house dealer starts each table's next
    deal that many seconds after it is ready (:mod:`floorman.server.dealer`; None: only a dealer's or the
    floor's ``StartDeal`` does); ``welcome`` (an admin, an amount): every
    account registered over HTTP gets that play money from that admin (a demo
    room's welcome); ``collect``: the garbage collector's full passes kept
    out of the commands' way (:mod:`floorman.server._gc`).
    """
    clock = clock or SystemClock()
    sessions = Sessions(secret or secrets.token_hex(32))
    limits = attempts or Attempts()
    state: dict[str, Host] = {}

    def host() -> Host:
        return state["host"]

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        warm_up()  # not at the first showdown, inside a player's command
        store = open_store(store_url, clock=clock, hasher=hasher)
        state["host"] = Host(
            store,
            clock=clock,
            shuffler=shuffler or SystemShuffler(),
            time_limits=time_limits,
            grace=grace,
            deal_pause=deal_pause,
        )
        await host().start()
        collector = (
            asyncio.create_task(collect_forever(Collector()), name="floorman-gc")
            if collect
            else None
        )
        try:
            yield
        finally:
            if collector is not None:
                collector.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await collector
            await host().stop()

    def session_of(connection: HTTPConnection) -> tuple[Account, str]:
        """The account logged in and its session id; refused when the session
        ended (logging out, a sanction) or a sanction keeps the account out."""
        found = sessions.read(connection.cookies.get(COOKIE))
        if found is None or not host().store.accounts.exists(found[0]):
            raise AccountError("log in first", code="not_logged_in")
        name, session = found
        host().store.accounts.check_session(name, session)
        host().store.accounts.check_allowed(name)
        return host().store.accounts.get(name), session

    def account_of(connection: HTTPConnection) -> Account:
        return session_of(connection)[0]

    async def body(request: Request) -> dict[str, Any]:
        try:
            data = await request.json()
        except ValueError:
            raise _bad("the body is a JSON object") from None
        if not isinstance(data, dict):
            raise _bad("the body is a JSON object")
        return data

    def api(
        handler: Callable[[Request], Awaitable[Response]],
    ) -> Callable[[Request], Awaitable[Response]]:
        async def answer(request: Request) -> Response:
            try:
                return await handler(request)
            except FloormanError as error:
                return _error(error)

        return answer

    @api
    async def register(request: Request) -> Response:
        data = await body(request)
        name, password = data.get("name"), data.get("password")
        if not isinstance(name, str) or not isinstance(password, str):
            raise _bad("register with a name and a password, both strings")
        account = await asyncio.to_thread(host().store.accounts.create, name, password)
        if welcome is not None:
            host().store.accounts.credit(name, welcome[1], by=welcome[0], note="welcome")
        return JSONResponse({"name": account.name, "roles": sorted(account.roles)}, 201)

    @api
    async def log_in(request: Request) -> Response:
        data = await body(request)
        name, password = data.get("name"), data.get("password")
        if not isinstance(name, str) or not isinstance(password, str):
            raise _bad("log in with a name and a password, both strings")
        address = request.client.host if request.client else "?"
        keys = (f"name:{name}", f"address:{address}")
        limits.check(keys, clock.now())
        try:
            account = await asyncio.to_thread(host().store.accounts.log_in, name, password)
        except AccountError as error:
            if error.code == "login_refused":
                limits.failed(keys, clock.now())
            raise
        limits.forget(f"name:{name}")
        session = await asyncio.to_thread(host().store.accounts.open_session, account.name)
        response = JSONResponse({"name": account.name, "roles": sorted(account.roles)})
        response.set_cookie(
            COOKIE,
            sessions.sign(account.name, session),
            max_age=int(sessions.max_age),
            httponly=True,
            samesite="strict",
            secure=secure_cookies,
        )
        return response

    async def log_out(request: Request) -> Response:
        # The session ends in the store, so the cookie is refused from now on even
        # by a client that keeps it, and the session's sockets close.
        found = sessions.read(request.cookies.get(COOKIE))
        if found is not None:
            name, session = found
            await asyncio.to_thread(host().store.accounts.end_session, session)
            host().revoke(name, session=session, code="logged_out", why="logged out")
        response = JSONResponse({"ok": True})
        response.delete_cookie(COOKIE)
        return response

    @api
    async def me(request: Request) -> Response:
        account = account_of(request)
        return JSONResponse(
            {
                "name": account.name,
                "roles": sorted(account.roles),
                "balance": host().store.accounts.balance(account.name),
            }
        )

    @api
    async def credit(request: Request) -> Response:
        account = account_of(request)
        data = await body(request)
        name, amount = data.get("name"), data.get("amount")
        if not isinstance(name, str) or type(amount) is not int:
            raise _bad("credit names an account and a whole amount of play money")
        note = str(data.get("note", ""))
        balance = host().store.accounts.credit(name, amount, by=account.name, note=note)
        return JSONResponse({"name": name, "balance": balance})

    @api
    async def grant(request: Request) -> Response:
        account = account_of(request)
        data = await body(request)
        name, role = data.get("name"), data.get("role")
        if not isinstance(name, str) or role not in {r.value for r in Role}:
            raise _bad("grant names an account and a role: player, dealer, floor or admin")
        host().store.accounts.grant(name, Role(role), by=account.name)
        host().refresh(name)
        return JSONResponse({"name": name, "roles": sorted(host().store.accounts.get(name).roles)})

    @api
    async def lobby(request: Request) -> Response:
        account_of(request)

        def games(cardroom: Cardroom) -> list[dict[str, object]]:
            room, live = cardroom.room, cardroom.tables
            out: list[dict[str, object]] = []
            for table in room.tables:
                kind = room.kind_of(table)
                out.append(
                    {
                        "table": table,
                        "kind": str(kind),
                        "seats": list(room.seats(table)),
                        "seated": {str(s): p for s, p in room.seated(table).items()},
                        "waiting": list(room.waiting(kind)),
                        "dealing": table in live,
                        # After a limit change (RRP5 policies.17) the game plays at
                        # other stakes than its kind, which names its list, says.
                        "stakes": cardroom.stakes_of(table),
                        # Each call from the list, with when its seat may be given
                        # to the next name if someone is waiting (RRP5 seating.2, policies.21).
                        "calls": [
                            {
                                "player": lock.player,
                                "seat": lock.seat,
                                "since": lock.since,
                                "until": room.call_expires(lock),
                            }
                            for lock in room.locks(table)
                            if lock.reason == "called"
                        ],
                    }
                )
            return out

        # The room as the stored log leaves it: taken now, answered once stored.
        return JSONResponse({"games": await host().settled(games), "now": host().clock.now()})

    @api
    async def hands(request: Request) -> Response:
        account = account_of(request)
        whose = request.query_params.get("player", account.name)
        if whose != account.name and not _is_floor(account):
            raise AccountError(
                "only the floor may list another player's hands",
                code="hand_not_yours",
            )
        found = host().store.hands_of(whose)
        return JSONResponse(
            {
                "hands": [
                    {"table": h.table, "deal": h.deal, "at": h.finished_at, "players": h.players}
                    for h in found
                ]
            }
        )

    @api
    async def hand(request: Request) -> Response:
        account = account_of(request)
        try:
            table = int(request.path_params["table"])
            deal = int(request.path_params["deal"])
        except ValueError:
            raise _bad("a hand is /hands/TABLE/DEAL, both whole numbers") from None
        record = host().store.hand(table, deal, viewer=account.name)
        floor = _is_floor(account)
        return JSONResponse(
            {
                "table": record.table,
                "deal": record.deal,
                "at": record.finished_at,
                "players": record.players,
                "phh": record.phh if floor else _phh_for(record.phh, record.players, account.name),
                # The floor's text names every hand dealt; a player's has his own
                # cards and the hands shown (RRP5 policies.23, showdown.6).
                "pokerstars": record.pokerstars if floor else record.pokerstars_of(account.name),
            }
        )

    async def health(_request: Request) -> Response:
        def state(cardroom: Cardroom) -> tuple[int, list[int]]:
            return (cardroom.log[-1].seq if cardroom.log else -1), list(cardroom.tables)

        last, tables = await host().settled(state)
        return JSONResponse({"ok": True, "seq": last, "tables": tables})

    async def socket(websocket: WebSocket) -> None:
        try:
            account, session = session_of(websocket)
        except FloormanError as error:
            await websocket.close(code=4401, reason=error.code)
            return
        await websocket.accept()
        subscriber = Subscriber(
            viewer=AsPlayer(PlayerId(account.name)), account=account.name, session=session
        )
        host().subscribers.add(subscriber)
        writer = asyncio.create_task(_write(websocket, subscriber))
        bucket = Bucket(rate=messages[0], burst=messages[1])
        back = host().connected(account.name)
        closing = False  # the server itself going down (1012): not the player leaving
        try:
            if back:  # he is back before the deal he was stepped away in ended
                try:
                    await host().withdraw(account.name)
                except Exception:  # the room is as the store has it; he may come back himself
                    _log.exception("withdrawing %s's step away failed", account.name)
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    closing = message.get("code") == 1012
                    break
                text = message.get("text")
                if text is None and message.get("bytes") is not None:
                    text = message["bytes"].decode("utf-8", "replace")
                try:
                    bucket.take(time.monotonic())
                except FloormanError as error:
                    subscriber.push({"id": None, "error": error.details()})
                    continue
                await _serve(host(), account, subscriber, text or "")
        except WebSocketDisconnect:
            pass
        finally:
            # No await before this: a handler cancelled as its client goes
            # must still count the socket closed.
            host().disconnected(account.name, restarting=closing)
            host().subscribers.discard(subscriber)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await writer

    routes = [
        Route("/register", register, methods=["POST"]),
        Route("/login", log_in, methods=["POST"]),
        Route("/logout", log_out, methods=["POST"]),
        Route("/me", me),
        Route("/admin/credit", credit, methods=["POST"]),
        Route("/admin/grant", grant, methods=["POST"]),
        Route("/lobby", lobby),
        Route("/hands", hands),
        Route("/hands/{table}/{deal}", hand),
        Route("/health", health),
        WebSocketRoute("/ws", socket),
    ]

    async def give(account: Account, command: c.Command) -> object:
        # A form of the web page: the same checks as a command over the WebSocket,
        # read from the store off the event loop.
        accounts = host().store.accounts

        def vet() -> None:
            check(accounts.standing(account.name), command)

        return await host().submit(command, by=account.name, vet=vet)

    routes += web_routes(
        Backend(
            register=register,
            log_in=log_in,
            log_out=log_out,
            me=me,
            lobby=lobby,
            hands=hands,
            hand=hand,
            account_of=account_of,
            submit=give,
        )
    )
    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={404: not_found})
    app.state.host = host
    return app


def _is_floor(account: Account) -> bool:
    return Role.FLOOR in account.roles or Role.ADMIN in account.roles


def _viewer(account: Account, wanted: object) -> Viewer:
    """The viewer a client asks to see tables as, if its account holds the role."""
    match wanted:
        case None | "player":
            return AsPlayer(PlayerId(account.name))
        case "observer":
            return AsObserver()
        case "dealer" if account.has(Role.DEALER) or _is_floor(account):
            return AsDealer()
        case "floor" if _is_floor(account):
            return AsFloor()
        case "dealer" | "floor":
            raise AccountError(
                "{account} may not watch as the {role}",
                code="not_permitted",
                account=account.name,
                role=wanted,
            )
    raise _bad('"as" is "player", "observer", "dealer" or "floor"')


def _int(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if type(value) is not int:
        raise _bad(f'"{key}" is a whole number')
    return value


def _maybe_int(data: dict[str, Any], key: str) -> int | None:
    return None if data.get(key) is None else _int(data, key)


async def _write(websocket: WebSocket, subscriber: Subscriber) -> None:
    """Send a client its queued messages in order; close it if it fell too far
    behind, or with its error when the server ended it (its session ended). A
    client gone is no fault: the writer stops, and the reader's loop sees the
    disconnect."""
    try:
        while True:
            message = await subscriber.outbox.get()
            if subscriber.closing is not None:
                code, error = subscriber.closing
                await websocket.send_text(json.dumps({"id": None, "error": error}))
                await websocket.close(code=code, reason=str(error.get("code", "")))
                return
            if subscriber.overflowed:
                await websocket.close(code=4008, reason="too far behind: reconnect with after")
                return
            await websocket.send_text(json.dumps(message, separators=(",", ":")))
    except (WebSocketDisconnect, WebSocketDisconnected, OSError):
        return


async def _serve(host: Host, account: Account, subscriber: Subscriber, text: str) -> None:
    """Answer one client message; a bad one gets an error and changes nothing."""
    send = subscriber.push
    ident: object = None
    try:
        if len(text.encode("utf-8", "replace")) > MAX_FRAME:
            raise _bad(f"a message is at most {MAX_FRAME} bytes")
        try:
            data = json.loads(text)
        except ValueError:
            raise _bad("a message is a JSON object") from None
        if not isinstance(data, dict):
            raise _bad("a message is a JSON object")
        ident = data.get("id")
        if not isinstance(ident, str | int) or isinstance(ident, bool):
            ident = None
            raise _bad('a message has an "id", a string or a whole number')
        if "command" in data:
            command = codec.from_json(data["command"])
            if not isinstance(command, c.Command):
                raise _bad("that is not a cardroom command")
            # Who gives the command is the account logged in, never what the client
            # says. Its session, roles and sanctions are read from the store off the
            # event loop, in one transaction, at most every RECHECK seconds (what this
            # server changes takes effect at once); the host checks the sanctions it
            # gave under its lock (Host.submit).
            accounts = host.store.accounts
            name, session = account.name, subscriber.session
            now = time.monotonic()
            vet: Callable[[], None] | None = None
            standing = subscriber.standing
            if (
                standing is not None
                and now - subscriber.standing_at < RECHECK
                and now - subscriber.checked < RECHECK
            ):
                check(standing, command)
            else:

                def vet() -> None:
                    fresh = accounts.standing(name, session=session)
                    check(fresh, command)
                    subscriber.standing, subscriber.standing_at = fresh, now
                    subscriber.checked = max(subscriber.checked, now)

            try:
                entries = await host.submit(command, by=name, vet=vet)
            except FloormanError as error:
                if error.code == "session_revoked":
                    subscriber.close(4401, error)
                    return
                raise
            send({"id": ident, "result": {"seqs": [e.seq for e in entries]}})
            return
        now = time.monotonic()
        if now - subscriber.checked >= RECHECK:
            # A session ended elsewhere (another server on the store) ends here
            # too: read on a connection's first message, then by the host for
            # every connection at once (Host.sweep); one ended here closes its
            # sockets at once (Host.revoke).
            try:
                await asyncio.to_thread(
                    host.store.accounts.check_session, account.name, subscriber.session
                )
            except FloormanError as error:
                subscriber.close(4401, error)
                return
            subscriber.checked = max(subscriber.checked, now)
        if "floor" in (data.get("subscribe"), data.get("view")):
            if not _is_floor(account):
                raise AccountError(
                    "{account} may not follow the floor; it takes the floor role",
                    code="not_permitted",
                    citations=cite("decisions.2"),
                    account=account.name,
                )
            if data.get("subscribe") == "floor":
                after = _maybe_int(data, "after")
                send({"id": ident, "result": {"subscribed": "floor"}})
                await host.subscribe_floor(subscriber, after)
            else:
                await host.floor_view(subscriber=subscriber, answer={"id": ident})
        elif data.get("unsubscribe") == "floor":
            subscriber.floor = False
            send({"id": ident, "result": {"unsubscribed": "floor"}})
        elif "subscribe" in data:
            table = _int(data, "subscribe")
            after = _maybe_int(data, "after")
            if "as" in data:
                subscriber.viewer = _viewer(account, data["as"])
            await host.subscribe(subscriber, table, after, answer={"id": ident})
        elif "ruling" in data:
            send({"id": ident, "result": await _pending(host, account, _int(data, "ruling"))})
        elif "view" in data:
            table = _int(data, "view")
            await host.resync(subscriber.viewer, table, subscriber=subscriber, answer={"id": ident})
        elif "unsubscribe" in data:
            table = _int(data, "unsubscribe")
            subscriber.tables.discard(table)
            send({"id": ident, "result": {"unsubscribed": table}})
        else:
            raise _bad(
                'a message carries a "command", "subscribe", "view", "ruling" or "unsubscribe"'
            )
    except FloormanError as error:
        send({"id": ident, "error": error.details()})
    except (TypeError, ValueError, KeyError, RecursionError) as error:
        send({"id": ident, "error": _bad(f"unreadable message ({error})").details()})
    except Exception:
        _log.exception("a message failed")
        failed = StoreError("the server failed to carry out the message", code="internal")
        send({"id": ident, "error": failed.details()})


async def _pending(host: Host, account: Account, table: int) -> dict[str, Any]:
    """The report at ``table`` whose ruling waits for management's choice, the
    ruling and its options (the dealer's and the floor's, RRP5 decisions.1,
    decisions.2)."""
    if not (account.has(Role.DEALER) or _is_floor(account)):
        raise AccountError(
            "{account} may not follow the rulings at a table; it takes the dealer or floor role",
            code="not_permitted",
            citations=cite("decisions.2"),
            account=account.name,
        )

    def waiting(cardroom: Cardroom) -> dict[str, Any] | None:
        report = cardroom.pending_ruling(table)
        if report is None:
            return None
        # The ruling that left management the choice: the last at the table.
        ruled = next(
            (
                e.event
                for e in reversed(cardroom.log)
                if e.table == table and isinstance(e.event, Ruling) and e.event.options
            ),
            None,
        )
        return {
            "report": codec.to_json(report),
            "options": list(rule_options(report)),
            "ruling": None if ruled is None else codec.to_json(ruled),
        }

    # As the stored log leaves it: taken now, answered once stored.
    return {"table": table, "pending": await host.settled(waiting)}


_DEALT = re.compile(r'"d dh p(\d+) ([^"]*)"')
_DISCARD = re.compile(r'"p(\d+) sd ([^"]*)"')
_SHOWN = re.compile(r'"p(\d+) sm ([^"?]+)"')


def _phh_for(text: str, players: tuple[str, ...], name: str) -> str:
    """A PHH hand history as a player may have it: his own cards and the
    hands shown, every other face-down card and discard as ``?`` (RRP5
    policies.23, showdown.6)."""
    own = {str(p + 1) for p, n in enumerate(players) if n == name}
    shown = {m.group(1) for m in _SHOWN.finditer(text)}

    def hide(match: re.Match[str]) -> str:
        who, cards = match.group(1), match.group(2)
        head = match.group(0)[: match.start(2) - match.start(0)]
        if who in own or (who in shown and head.startswith('"d dh')):
            return match.group(0)
        return head + "?" * len(cards.replace(" ", "")) + '"'

    return _DISCARD.sub(hide, _DEALT.sub(hide, text))
