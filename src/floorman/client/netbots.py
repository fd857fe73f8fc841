"""``floorman bots --server``: floorman's bots as clients of a server.

Each bot is a :class:`~floorman.client.Connection` like any person's: it
registers and logs in over HTTP, signs up for the game and takes a seat with
chips bought from its account's play money, follows its table and decides
from its own player's view (:meth:`floorman.bots.Bot.choose`), the only
thing the server gives it. Who does the house's part is explicit:

- with an admin's name and password, :func:`seat_bots` opens the tables
  (``OpenGame``, then ``StartGame`` once the bots sit: the floor's commands)
  and credits each bot's account with play money;
- without, the bots sit at games already open, paying from the balances
  their accounts have.

Deals are started by the server's house dealer (``floorman serve
--deal-pause``, :mod:`floorman.server.dealer`) or by a person with the dealer
or floor role: a bot never deals. A bot never waits on one thing alone: it
looks at its view after every burst of events and at least every
:data:`IDLE` seconds, so a lost wake-up cannot stop it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from floorman.bots import KINDS, Bot
from floorman.client.connection import Connection
from floorman.client.errors import ConnectionLost
from floorman.deal.legal import Turn
from floorman.errors import AccountError, FloorError, FloormanError
from floorman.ids import PlayerId
from floorman.room.values import GameKind
from floorman.service import commands as c
from floorman.table import events as tev

__all__ = ["IDLE", "KIND", "NetBot", "parse_kind", "play_bots", "seat_bots"]

_log = logging.getLogger("floorman.client")

#: The longest a bot goes without looking at its table (seconds).
IDLE = 2.0
#: The game a table the bots open deals, as the lobby writes it.
KIND = "1/2 no-limit holdem"


def parse_kind(text: str) -> GameKind:
    """A game as the lobby and the codec write it (``STAKES STRUCTURE GAME``).

    >>> parse_kind("1/2 no-limit holdem").game
    'holdem'
    """
    return GameKind.parse(" ".join(reversed(text.split())))


@dataclass(slots=True)
class NetBot:
    """A bot seated over the network: its connection, its table and its mind."""

    connection: Connection
    table: int
    bot: Bot
    chips: int
    deals: int = 0  # the deals it saw finish
    errors: list[FloormanError] = field(default_factory=list)

    @property
    def name(self) -> str:
        """The bot's account, and its player's name."""
        return self.connection.name

    async def play(self, *, deals: int | None = None, idle: float = IDLE) -> None:
        """Play until ``deals`` deals have finished at the table (for ever
        without it; cancel the task to stop)."""
        conn = self.connection
        while deals is None or self.deals < deals:
            if conn.gave_up is not None:
                raise ConnectionLost("{name}: {why}", name=self.name, why=conn.gave_up)
            try:
                await self.turn()
            except (FloormanError, TimeoutError) as error:
                # ConnectionLost among them: the connection comes back by itself.
                _log.info("%s: %s; looking again", self.name, error)
            update = await conn.next_update(self.table, timeout=idle)
            burst = [update] if update is not None else []
            burst += conn.pending_updates(self.table)
            self.deals += sum(isinstance(u.event, tev.DealFinished) for u in burst)

    async def turn(self) -> None:
        """Look at the table and do what its player must: act on its turn,
        post what it owes between deals, rebuy or leave when broke."""
        _seq, seen = await self.connection.view(self.table)
        if seen is None:
            return
        me = next((s for s in seen.seats if s.player == self.name), None)
        if me is None:
            return
        command: c.Command | None = None
        legal = seen.legal
        if legal is not None and legal.turn in (Turn.BET, Turn.DRAW, Turn.SHOW):
            command = self.bot.choose(seen)
        elif not seen.in_deal and me.stack == 0 and not me.away:
            # Broke, the bot buys before anything else: with no chips it
            # cannot post the blinds it owes (RRP5 buy-in.2).
            command = c.Buy(player=PlayerId(self.name), chips=self.chips)
        elif not seen.in_deal and me.owes:
            command = c.Choose(player=PlayerId(self.name), post=self.bot.wants_to_post())
        if command is None:
            return
        try:
            await self.connection.command(command)
        except FloormanError as error:
            # The table moved on before the command came (a turn timed out, a
            # deal began): the next look decides again. Broke with no play
            # money left, the bot gets up.
            self.errors.append(error)
            if isinstance(command, c.Buy) and error.code == "balance_short":
                await self.connection.command(c.Leave(player=PlayerId(self.name)))


def _bot(rng: random.Random) -> Bot:
    return rng.choice(KINDS)(random.Random(rng.getrandbits(64)))


async def seat_bots(
    base: str,
    *,
    tables: int,
    per_table: int = 3,
    admin: tuple[str, str] | None = None,
    kind: str = KIND,
    seats: int = 6,
    chips: int = 200,
    credit: int = 2000,
    rng: random.Random | None = None,
    timeout: float = 10.0,
    keep: bool = False,
    say: Callable[[str], object] = print,
) -> list[NetBot]:
    """Register bots and seat ``per_table`` of them at each of ``tables``
    tables of the server at ``base``; the bots, connected and following their
    tables. With ``admin`` (name, password) the admin opens new tables of
    ``kind`` with ``seats`` seats, credits each bot ``credit`` in play money
    and starts each game once its bots sit; without, the bots take free
    seats at games already open, with their accounts' own balances."""
    rng = rng or random.Random()
    house: Connection | None = None
    if admin is not None:
        house = Connection(base, admin[0], admin[1], timeout=timeout)
        await house.open()
    try:
        accounts = [
            await _register(base, house, rng, timeout, keep, credit)
            for _ in range(tables * per_table)
        ]
        places = await _places(accounts[0], house, tables, per_table, kind, seats, say)
        out: list[NetBot] = []
        for n, (table, table_kind) in enumerate(places):
            for connection in accounts[n * per_table : (n + 1) * per_table]:
                bot = NetBot(connection=connection, table=table, bot=_bot(rng), chips=chips)
                if not connection.opened:
                    await connection.open()
                await connection.command(
                    c.SignUp(player=PlayerId(bot.name), kind=parse_kind(table_kind))
                )
                await connection.subscribe(table)
                await connection.command(
                    c.TakeSeat(player=PlayerId(bot.name), table=table, chips=chips, post=True)
                )
                out.append(bot)
                say(f"{bot.name} ({bot.bot.kind}) sits at table {table}")
            if house is not None:
                await house.command(c.StartGame(table=table))
        return out
    finally:
        if house is not None:
            await house.close()


async def _places(
    first: Connection,
    house: Connection | None,
    tables: int,
    per_table: int,
    kind: str,
    seats: int,
    say: Callable[[str], object],
) -> list[tuple[int, str]]:
    """The tables the bots sit at, with their games: new ones the house
    opens, else open games with room for them."""
    if house is not None:
        game = parse_kind(kind)
        lobby = await house.http.lobby()
        start = max((g["table"] for g in lobby), default=0) + 1
        for table in range(start, start + tables):
            await house.command(c.OpenGame(table=table, kind=game, seats=seats))
            say(f"table {table} opened: {game}, {seats} seats")
        return [(t, str(game)) for t in range(start, start + tables)]
    await first.open()
    lobby = await first.http.lobby()
    free = [g for g in lobby if len(g["seats"]) - len(g["seated"]) >= per_table]
    if len(free) < tables:
        raise FloorError(
            "{count} open games have {per} free seats, not the {tables} asked for; an admin"
            " (--admin) opens tables",
            count=len(free),
            per=per_table,
            tables=tables,
        )
    return [(g["table"], g["kind"]) for g in free[:tables]]


async def _register(
    base: str,
    house: Connection | None,
    rng: random.Random,
    timeout: float,
    keep: bool,
    credit: int,
) -> Connection:
    """A new bot account (not yet connected), credited by the house if there is one."""
    for _ in range(20):
        name, password = f"bot-{rng.getrandbits(24):06x}", secrets.token_urlsafe(16)
        connection = Connection(base, name, password, timeout=timeout, keep=keep)
        try:
            await connection.http.register(name, password)
        except AccountError as error:
            if error.code == "account_exists":
                continue
            raise
        if house is not None:
            await house.http.credit(name, credit, note="the bots' play money")
        return connection
    raise AccountError("no free bot name found in 20 tries", code="account_exists")


async def play_bots(bots: Sequence[NetBot], *, deals: int | None = None) -> None:
    """Run every bot until each has seen ``deals`` deals finish (for ever
    without), then close their connections."""
    try:
        async with asyncio.TaskGroup() as group:
            for bot in bots:
                group.create_task(bot.play(deals=deals))
    except* FloormanError as failed:
        raise failed.exceptions[0] from None
    finally:
        for bot in bots:
            with contextlib.suppress(Exception):
                await bot.connection.close()
