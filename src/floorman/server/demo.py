"""``floorman serve --demo`` (what ``make run`` starts): a room with tables
and bots waiting for a person.

On a new SQLite file (in a temporary directory, gone when the demo stops), or
a new database given by URL, an admin account ``house`` with a random
password is made (printed with the address, so the person trying the demo can
open the floor's and the dealer's consoles); the server starts
with its house dealer (the next deal two seconds after the last) and an
action clock (a turn run out is ruled as RRP5 dead-hands.1.6 says, so a
person who walks away does not stop the table), and every account registered
gets play money from the house (:data:`WELCOME`). Then, in the same process
and through the same protocol as anyone, the house opens a no-limit hold'em
table and a pot-limit Omaha table, credits bots' accounts and seats them
(:mod:`floorman.client.netbots`). A person joins in a browser at the
server's address (the web page, :mod:`floorman.web`) or from another
terminal with ``floorman play --server URL --name NAME``. Ctrl-C stops everything.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import secrets
import sys
import tempfile

from floorman.service import TimeLimits
from floorman.store import Role, open_store

__all__ = ["TABLES", "run_demo"]

#: The demo's games, as the lobby writes them, with how many bots sit at each.
TABLES = (("1/2 no-limit holdem", 3), ("1/2 pot-limit omaha", 2))
#: The play money the house gives each account registered (the bots' too).
WELCOME = 2000
#: The demo's clock: a turn's time, the time bank and its refill (seconds).
LIMITS = TimeLimits(action=30.0, bank=60.0, refill=5.0)


def run_demo(*, db: str | None = None, host: str = "127.0.0.1", port: int = 8000) -> int:
    """Serve the demo room until Ctrl-C (on ``db`` if given, else a new
    SQLite file that is removed at the end)."""
    with tempfile.TemporaryDirectory(prefix="floorman-demo-") as tmp:
        url = db or f"sqlite:///{os.path.join(tmp, 'demo.db')}"
        try:
            asyncio.run(_demo(url, host, port))
        except KeyboardInterrupt:
            print("\nthe demo room is closed", file=sys.stderr)
    return 0


async def _demo(url: str, host: str, port: int) -> None:
    import uvicorn

    from floorman.client.netbots import play_bots, seat_bots
    from floorman.server.app import create_app

    password = secrets.token_urlsafe(18)
    with open_store(url) as store:
        if store.accounts.exists("house"):
            raise SystemExit("the demo needs a new database: 'house' exists in " + url)
        store.accounts.create("house", password, roles=list(Role))
    app = create_app(
        url,
        secret=os.environ.get("FLOORMAN_SECRET") or None,
        time_limits=LIMITS,
        deal_pause=2.0,
        welcome=("house", WELCOME),
    )
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=1 << 20,
        timeout_graceful_shutdown=2,
    )
    server = uvicorn.Server(config)
    serving = asyncio.create_task(server.serve())
    for _ in range(300):
        if server.started or serving.done():
            break
        await asyncio.sleep(0.05)
    if not server.started:
        await serving  # its error (the port taken, say) says why
        raise SystemExit(f"the demo server did not start at {host}:{port}")
    base = f"http://{host}:{port}"
    rng = random.Random()
    bots = []
    for kind, count in TABLES:
        bots += await seat_bots(
            base, tables=1, per_table=count, admin=("house", password), kind=kind, rng=rng
        )
    print(
        f"\nfloorman demo room at {base}/ : {len(TABLES)} tables, bots seated, a seat for you."
        f"\nJoin in a browser at {base}/ (any name, and a password of 8 characters or more,"
        f"\nregisters you), or from another terminal:"
        f"\n    floorman play --server {base} --name you"
        f"\n(.venv/bin/floorman after make run)."
        f"\nTo run the room, log in as house (password {password}, made for this demo"
        f"\nonly): the floor's console at {base}/floor, the dealer's at {base}/dealer;"
        f"\nor make an admin of your own from another terminal:"
        f"\n    floorman admin create NAME --db {url}"
        f"\nCtrl-C here stops the room.\n",
        flush=True,
    )
    playing = asyncio.create_task(play_bots(bots))
    try:
        await serving
    finally:
        playing.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await playing
