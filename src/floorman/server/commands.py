"""What ``floorman serve`` and ``floorman admin create`` do (the command line
only parses their arguments)."""

from __future__ import annotations

import getpass
import os
import sys

from floorman.errors import AccountError
from floorman.server.host import GRACE
from floorman.service import TimeLimits
from floorman.store import DEFAULT_URL, Role, open_store

__all__ = ["SERVE_LIMITS", "create_admin", "serve"]

#: ``floorman serve``'s clock: 30 seconds a decision and a 60-second bank
#: refilled by 5 a deal, so that nobody holds a table up (RRP5 dead-hands.1.6).
SERVE_LIMITS = TimeLimits(action=30.0, bank=60.0, refill=5.0)


def serve(
    *,
    db: str = DEFAULT_URL,
    host: str = "127.0.0.1",
    port: int = 8000,
    deal_pause: float = 2.0,
    time_limits: TimeLimits | None = SERVE_LIMITS,
    grace: float = GRACE,
) -> int:
    """Serve the cardroom on the store at ``db`` until interrupted. Session
    cookies are signed with ``FLOORMAN_SECRET`` when it is set (so sessions
    outlive a restart), else with a random secret. The house dealer starts
    each table's next deal ``deal_pause`` seconds after it is ready (a
    negative pause: only a dealer's or the floor's ``StartDeal`` deals).
    ``time_limits``: the action clock and time bank at every live table (None:
    none, and a player who walks away holds his table up); ``grace``: the
    seconds a seated player may be without a connection before he is stepped
    away (RRP5 dead-hands.1.6, policies.20)."""
    import uvicorn

    from floorman.server.app import create_app

    app = create_app(
        db,
        secret=os.environ.get("FLOORMAN_SECRET") or None,
        time_limits=time_limits,
        grace=grace,
        deal_pause=deal_pause if deal_pause >= 0 else None,
    )
    print(f"floorman serving {db} at http://{host}:{port}/ (WebSocket /ws)", file=sys.stderr)
    # No per-message compression: the messages are small JSON, and deflating
    # each copy of each event for each client was a tenth of the server's time.
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=1 << 20,
        ws_per_message_deflate=False,
    )
    return 0


def create_admin(name: str, *, db: str = DEFAULT_URL, password: str | None = None) -> int:
    """Create an admin account (every role) with a password read from the
    prompt, or from standard input when it is not a terminal."""
    if password is None:
        if sys.stdin.isatty():
            password = getpass.getpass(f"password for {name}: ")
            if getpass.getpass("again: ") != password:
                raise AccountError("the two passwords differ; nothing was created")
        else:
            password = sys.stdin.readline().rstrip("\n")
    with open_store(db) as store:
        store.accounts.create(name, password, roles=list(Role))
    print(f"admin {name} created in {db}")
    return 0
