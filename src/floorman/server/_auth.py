"""Signed session cookies and the limit on log-in attempts.

A session is the account's name and a random session id, signed with the
server's secret (itsdangerous); the store keeps the id's hash, so logging
out or a sanction ends the session (a signed cookie alone would stay good
until it expires), and a restarted server on the same secret still knows its
clients. Log-in attempts are counted per
name and per address over a sliding window (failures only, so a busy
address logging in rightly is not held up); past the limit an attempt is
refused before any password is checked, so guessing costs time.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from itsdangerous import BadSignature, URLSafeTimedSerializer

from floorman.errors import AccountError, NotationError

__all__ = ["COOKIE", "Attempts", "Bucket", "Sessions"]

#: The session cookie's name.
COOKIE = "floorman_session"


class Sessions:
    """Signs an account's name into a cookie and reads it back."""

    def __init__(self, secret: str, *, max_age: int = 7 * 24 * 3600) -> None:
        self._signer = URLSafeTimedSerializer(secret, salt="floorman-session")
        self.max_age = max_age

    def sign(self, name: str, session: str) -> str:
        """The cookie's value for ``name``'s session ``session``."""
        return self._signer.dumps({"name": name, "sid": session})

    def read(self, cookie: str | None) -> tuple[str, str] | None:
        """The account and session id a cookie names, or None for a missing,
        forged or stale one (the store says whether the session is still open)."""
        if not cookie:
            return None
        try:
            data = self._signer.loads(cookie, max_age=self.max_age)
        except BadSignature:
            return None
        if not isinstance(data, dict):
            return None
        name, session = data.get("name"), data.get("sid")
        if not isinstance(name, str) or not isinstance(session, str):
            return None
        return name, session


@dataclass(slots=True)
class Attempts:
    """At most ``limit`` log-in attempts per name and per address in ``window`` seconds."""

    limit: int = 5
    window: float = 60.0
    _seen: dict[str, deque[float]] = field(default_factory=dict)

    def check(self, keys: tuple[str, ...], now: float) -> None:
        """Refuse an attempt under any key past the limit of failures."""
        for key in keys:
            times = self._seen.get(key)
            while times and times[0] <= now - self.window:
                times.popleft()
        full = [self._seen[k] for k in keys if len(self._seen.get(k, ())) >= self.limit]
        if full:
            wait = max(times[0] + self.window - now for times in full)
            raise AccountError(
                "too many log-in attempts; try again in {wait} seconds",
                code="too_many_attempts",
                wait=max(1, round(wait)),
            )

    def failed(self, keys: tuple[str, ...], now: float) -> None:
        """Count a failed attempt under each key."""
        for key in keys:
            self._seen.setdefault(key, deque()).append(now)

    def forget(self, key: str) -> None:
        """A successful log-in clears the name's count."""
        self._seen.pop(key, None)


@dataclass(slots=True)
class Bucket:
    """A connection's allowance of messages: ``burst`` at once, refilled at
    ``rate`` a second; a message beyond it is refused and changes nothing."""

    rate: float = 50.0
    burst: float = 100.0
    _tokens: float = -1.0
    _last: float = 0.0

    def take(self, now: float) -> None:
        """Spend one message, or refuse it."""
        if self._tokens < 0:
            self._tokens, self._last = self.burst, now
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens < 1:
            raise NotationError(
                "too many messages: at most {rate} a second; this one was not read",
                code="flood",
                rate=self.rate,
            )
        self._tokens -= 1
