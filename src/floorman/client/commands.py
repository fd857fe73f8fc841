"""What ``floorman bots --server`` and ``floorman play --server`` do (the
command line only parses their arguments)."""

from __future__ import annotations

import asyncio
import getpass
import os
import random
import sys

from floorman.errors import AccountError

__all__ = ["ADMIN_PASSWORD", "play", "run_bots"]

#: The environment variable an admin's password for ``floorman bots`` may come from.
ADMIN_PASSWORD = "FLOORMAN_ADMIN_PASSWORD"


def _password(prompt: str, given: str | None, env: str | None = None) -> str:
    """A password given, from the environment, from the prompt, or from
    standard input when it is not a terminal."""
    if given:
        return given
    if env and os.environ.get(env):
        return os.environ[env]
    if sys.stdin.isatty():
        return getpass.getpass(prompt)
    line = sys.stdin.readline().rstrip("\n")
    if not line:
        raise AccountError("no password given: --password, or type it at the prompt")
    return line


def run_bots(
    server: str,
    *,
    tables: int = 1,
    per_table: int = 3,
    admin: str | None = None,
    password: str | None = None,
    deals: int | None = None,
    seed: int | None = None,
    kind: str | None = None,
) -> int:
    """Seat bots at ``tables`` tables of the server and play until Ctrl-C or
    until each has seen ``deals`` deals finish. With ``admin``, that admin
    (password from ``password``, :data:`ADMIN_PASSWORD` or the prompt) opens
    the tables and credits the bots; without, the bots join open games."""
    from floorman.client.netbots import KIND, play_bots, seat_bots

    credentials = None
    if admin is not None:
        credentials = (admin, _password(f"password for {admin}: ", password, ADMIN_PASSWORD))

    async def go() -> None:
        bots = await seat_bots(
            server,
            tables=tables,
            per_table=per_table,
            admin=credentials,
            kind=kind or KIND,
            rng=random.Random(seed),
        )
        print(f"{len(bots)} bots playing; Ctrl-C stops them", flush=True)
        await play_bots(bots, deals=deals)

    asyncio.run(go())
    return 0


def play(
    server: str,
    *,
    name: str,
    password: str | None = None,
    table: int | None = None,
    chips: int = 200,
) -> int:
    """Play at the server from the terminal as ``name`` (registered if new;
    the password from ``password`` or the prompt)."""
    from floorman.client.terminal import play_remote

    secret = _password(f"password for {name}: ", password)
    return asyncio.run(play_remote(server, name=name, password=secret, table=table, chips=chips))
