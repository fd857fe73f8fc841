"""The server's HTTP API from a client: register, log in, the lobby, credit.

Plain :mod:`urllib.request` (no dependency), each request run in a thread
(:func:`asyncio.to_thread`) so that a client sharing the event loop with the
server never blocks it. A refusal raises the floorman error its code names
(:func:`~floorman.client.errors.error_from`); an unreachable server raises
:class:`~floorman.client.errors.ConnectionLost`.
"""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any

from floorman.client.errors import ConnectionLost, error_from
from floorman.errors import AccountError

__all__ = ["COOKIE", "Http", "ws_url"]

# Straight to the server, as the WebSocket goes: no proxy from the environment.
_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))

#: The session cookie's name (as the server sets it).
COOKIE = "floorman_session"


def ws_url(base: str) -> str:
    """The WebSocket address of the server at the HTTP address ``base``.

    >>> ws_url("http://127.0.0.1:8000/")
    'ws://127.0.0.1:8000/ws'
    """
    base = base.rstrip("/")
    if base.startswith("https://"):
        return "wss://" + base.removeprefix("https://") + "/ws"
    return "ws://" + base.removeprefix("http://") + "/ws"


@dataclass(slots=True)
class Http:
    """The HTTP API of the server at ``base`` (``http://HOST:PORT``), with the
    session cookie once logged in; ``timeout`` bounds every request (seconds)."""

    base: str
    timeout: float = 10.0
    cookie: str | None = None

    async def call(self, method: str, path: str, body: object = None) -> Any:
        """The JSON answer to a request; a refusal raises its floorman error."""
        return await asyncio.to_thread(self._call, method, path, body)

    def _call(self, method: str, path: str, body: object) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base.rstrip("/") + path, data=data, method=method)
        request.add_header("content-type", "application/json")
        if self.cookie is not None:
            request.add_header("cookie", f"{COOKIE}={self.cookie}")
        try:
            with _DIRECT.open(request, timeout=self.timeout) as response:
                self._keep_cookie(response.headers.get_all("set-cookie") or [])
                return json.loads(response.read() or b"null")
        except urllib.error.HTTPError as refused:
            try:
                answer = json.loads(refused.read() or b"null")
            except ValueError:
                answer = None
            if isinstance(answer, dict) and isinstance(answer.get("error"), dict):
                raise error_from(answer["error"]) from None
            raise ConnectionLost(
                "the server answered {path} with HTTP {status}", path=path, status=refused.code
            ) from None
        except (urllib.error.URLError, OSError) as error:
            raise ConnectionLost(
                "the server at {base} cannot be reached: {why}", base=self.base, why=str(error)
            ) from None

    def _keep_cookie(self, headers: list[str]) -> None:
        for header in headers:
            name, _, rest = header.partition("=")
            if name.strip() == COOKIE:
                self.cookie = rest.split(";", 1)[0] or None

    async def register(self, name: str, password: str) -> dict[str, Any]:
        """Create a player's account (not logged in yet)."""
        answer: dict[str, Any] = await self.call(
            "POST", "/register", {"name": name, "password": password}
        )
        return answer

    async def log_in(self, name: str, password: str, *, register: bool = False) -> dict[str, Any]:
        """Log in (keeping the session cookie); with ``register``, create the
        account first if there is none of that name."""
        if register:
            try:
                await self.register(name, password)
            except AccountError as error:
                if error.code != "account_exists":
                    raise
        answer: dict[str, Any] = await self.call(
            "POST", "/login", {"name": name, "password": password}
        )
        if self.cookie is None:
            raise AccountError("the server gave no session cookie", code="login_refused")
        return answer

    async def me(self) -> dict[str, Any]:
        """The account logged in: name, roles and balance."""
        answer: dict[str, Any] = await self.call("GET", "/me")
        return answer

    async def lobby(self) -> list[dict[str, Any]]:
        """The games: table, kind, seats, who sits where, who waits, whether dealing."""
        answer = await self.call("GET", "/lobby")
        games: list[dict[str, Any]] = answer["games"]
        return games

    async def credit(self, name: str, amount: int, *, note: str = "") -> int:
        """An admin credits an account with play money; the new balance."""
        answer = await self.call(
            "POST", "/admin/credit", {"name": name, "amount": amount, "note": note}
        )
        balance: int = answer["balance"]
        return balance
