"""``floorman play --server``: a person at a server's table from the terminal.

The same words as the game in this process (:class:`floorman.play.Narration`):
the events as the person receives them from the server, the turn with its
options and amounts, a move typed and checked against them, a refusal printed
with its rule. The person logs in (or registers) with a name and password,
takes a seat at a table from the lobby (the first dealing game with a free
seat, or ``--table``) with chips bought from the account's play money, and
plays until typing ``quit`` (the hand in play is given up, as at the local
table) or the end of input. Deals are started by the server's dealer; a blind
owed is posted to come straight back in.

Input is read in a thread of its own that never holds up the connection,
nor the program's end (Ctrl-C stops at once).
"""

from __future__ import annotations

import asyncio
import builtins
import contextlib
import threading
from collections.abc import Callable
from typing import Any

from floorman.client.connection import Connection, Update
from floorman.client.netbots import IDLE, parse_kind
from floorman.errors import FloorError, FloormanError
from floorman.games import GAMES
from floorman.ids import PlayerId, Seat
from floorman.play import Narration, autopilot, command_words
from floorman.service import TableView
from floorman.service import commands as c
from floorman.table import events as tev

__all__ = ["play_remote"]

Ask = Callable[[str], str]
Say = Callable[[str], object]

_HELP = """\
on your turn:
  f fold   x check   c call   b N bet to N   r N raise to N (N is your total
  for the round)   a all in   bring (stud bring-in)   d Ah Kd throw those cards
  and draw   stand   show / muck   table (show the table)   quit (leave: the
  hand is given up)
between deals the server's dealer deals the next hand by itself."""


async def _read(ask: Ask, prompt: str) -> str:
    """A line from ``ask``, read in a daemon thread (EOFError at the end)."""
    loop = asyncio.get_running_loop()
    answer: asyncio.Future[str] = loop.create_future()

    def read() -> None:
        try:
            line = ask(prompt)
        except BaseException as error:  # EOFError, KeyboardInterrupt: to the loop
            loop.call_soon_threadsafe(_settle, answer, None, error)
        else:
            loop.call_soon_threadsafe(_settle, answer, line, None)

    threading.Thread(target=read, daemon=True, name="floorman-input").start()
    return await answer


def _settle(future: asyncio.Future[str], line: str | None, error: BaseException | None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(EOFError() if isinstance(error, KeyboardInterrupt) else error)
    else:
        future.set_result(line or "")


class _Remote(Narration):
    """The person's table at the server, told as at the local table."""

    def __init__(self, conn: Connection, table: int, seen: TableView, say: Say) -> None:
        super().__init__(game=GAMES[seen.game], player=conn.name, say=say)
        self.conn = conn
        self.table = table
        self.seen = seen
        self.quitting = False
        self.gone = False

    def view(self) -> TableView:
        return self.seen

    async def look(self) -> TableView | None:
        _seq, seen = await self.conn.view(self.table)
        if seen is not None:
            self.seen = seen
        return seen

    def show_seats(self, seen: TableView, *, joining: bool = False) -> None:
        """The table as the person sees it: each seat, its player and stack."""
        for s in seen.seats:
            notes = ["button"] if s.seat == seen.button else []
            notes += ["sitting out"] if s.away else []
            notes += [f"bet {s.bet}"] if s.bet else []
            notes += ["folded"] if s.folded else []
            line = f"  seat {s.seat}  {s.player:<10}{s.stack:>6}  {', '.join(notes)}"
            self.say(line.rstrip())
        if joining and seen.in_deal:
            self.say(f"  a deal is under way: pot {seen.pot}; you are dealt in at the next")

    async def catch_up(self) -> TableView | None:
        """The table now, once every event up to it is told: the server sends
        a table's events before the answer to a look that includes them."""
        while True:
            seen = await self.look()
            pending = self.conn.pending_updates(self.table)
            if not pending:
                return seen
            await self.tell(pending)
            if self.gone:
                return None

    async def send(self, command: c.Command) -> None:
        await self.conn.command(command)

    # ----- the stream -----------------------------------------------------------

    async def tell(self, updates: list[Update]) -> None:
        """Print what the updates say, as the person may see it."""
        events = [u.event for u in updates if u.event is not None]
        for event in events:
            if isinstance(event, tev.DealStarted):
                await self.begin(event)
                continue
            if self.started is None:
                continue  # the deal began before the person came: its view says it
            text = self.event_text(event)
            for line in text.split("\n") if text else ():
                self.say(line)
            if isinstance(event, tev.DealFinished):
                await self.end(event)

    async def begin(self, started: tev.DealStarted) -> None:
        self.pot = self.level = self.street = 0
        self.board, self.shown, self.brought_in, self.several = [], set(), False, False
        self.started = started
        seen = await self.look()
        self.names = {s.seat: s.player for s in seen.seats} if seen else {}
        self.say("")
        self.say(f"── deal {started.number} ──")
        stacks = dict(started.stacks)
        for seat in started.dealt_in:
            notes = ["button"] if seat == started.button else []
            notes += [f"{p.blind} {p.amount}" for p in started.posts if p.seat == seat]
            player = self.names.get(seat, "?")
            self.say(f"  seat {seat}  {player:<10}{stacks.get(seat, 0):>6}  {', '.join(notes)}")

    async def end(self, finished: tev.DealFinished) -> None:
        seen = await self.look()
        if seen is not None:
            self.say("stacks: " + " · ".join(f"{s.player} {s.stack}" for s in seen.seats))
            mine = self.mine(seen)
            started = self.started
            if mine is not None and started is not None:
                seat = next((s for s, n in self.names.items() if n == self.player), None)
                if seat is not None and Seat(seat) in started.dealt_in:
                    net = mine.stack - dict(started.stacks)[Seat(seat)]
                    self.say(
                        f"you {'win' if net > 0 else 'lose'} {abs(net)}"
                        if net
                        else "you break even"
                    )
        self.started = None
        if self.quitting:
            self.gone = True

    # ----- the person's part ------------------------------------------------------

    async def between_deals(self, ask: Ask) -> None:
        """Post what is owed; with no chips, buy more or leave."""
        seen = await self.look()
        me = self.mine(seen) if seen else None
        if seen is None or seen.in_deal or me is None:
            return
        if me.owes and not me.away:
            self.say("  you owe a blind: you post it to be dealt in")
            await self.send(c.Choose(player=PlayerId(self.player), post=True))
        if me.stack == 0 and not me.away:
            self.say("  you have no chips: 'buy N' to play on, or 'quit'")
            while True:
                try:
                    cmd, rest = command_words(await _read(ask, "> "))
                except EOFError:
                    cmd, rest = "quit", []
                try:
                    if cmd == "quit":
                        await self.leave()
                        return
                    if cmd == "buy" and len(rest) == 1 and rest[0].isdigit():
                        await self.send(c.Buy(player=PlayerId(self.player), chips=int(rest[0])))
                        return
                    self.say("  'buy N' or 'quit'")
                except FloormanError as error:
                    self.say(f"  {self.spoken(error)}")

    async def leave(self) -> None:
        self.quitting = True
        try:
            await self.send(c.Leave(player=PlayerId(self.player)))
        except FloormanError as error:
            self.say(f"  {self.spoken(error)}")
        seen = await self.look()
        if seen is None or not seen.in_deal:
            self.gone = True

    async def turn(self, ask: Ask) -> None:
        """The person's turn: the options, a move read and sent, a refusal said."""
        seen = self.seen
        legal = seen.legal
        assert legal is not None
        if self.quitting:
            await self.send(autopilot(legal, player=self.player))
            return
        self.show_turn(seen)
        while True:
            try:
                line = await _read(ask, "your move> ")
            except EOFError:
                self.say("")
                line = "quit"
            cmd, rest = command_words(line)
            try:
                if cmd == "quit":
                    await self.send(c.Leave(player=PlayerId(self.player)))
                    self.quitting = True
                    self.say("  you leave when this deal ends; your hand is given up")
                    await self.send(autopilot(legal, player=self.player))
                    return
                if cmd in ("deal", "help", "table"):
                    if cmd == "help":
                        self.say(_HELP)
                    elif cmd == "table":
                        self.show_seats(seen)
                    self.show_turn(seen)
                    continue
                move = self.move(cmd, rest, seen)
                await self.send(move)
                return
            except (FloormanError, ValueError) as error:
                self.say(f"  {self.spoken(error)}")
                if isinstance(error, FloormanError) and error.code in ("not_now", "out_of_turn"):
                    return  # the table moved on (a turn ran out): look again


async def play_remote(
    base: str,
    *,
    name: str,
    password: str,
    table: int | None = None,
    chips: int = 200,
    deals: int | None = None,
    input: Ask = builtins.input,
    output: Say = print,
    timeout: float = 10.0,
) -> int:
    """Play at a table of the server at ``base`` as ``name`` (registered if
    new) until the person quits, input ends or ``deals`` deals have been
    told; returns 0."""
    say = output
    async with Connection(base, name, password, register=True, timeout=timeout) as conn:
        me = await conn.http.me()
        game = await _choose(conn, table, name)
        number = game["table"]
        say(
            f"floorman at {base}: table {number}, {game['kind']}; you are {name}"
            f" (play money {me['balance']}). Type help on your turn."
        )
        await conn.subscribe(number)
        if name not in game["seated"].values():
            await _sit(conn, game, chips, say)
        first = await conn.next_update(number)
        seen = first.view if first is not None and first.view is not None else None
        if seen is None:
            seen = (await conn.view(number))[1]
        if seen is None:
            raise FloorError("table {table} is not dealing yet: wait for the floor", table=number)
        remote = _Remote(conn, number, seen, say)
        remote.show_seats(seen, joining=True)
        told = 0
        while not remote.gone and (deals is None or told < deals):
            update = await conn.next_update(number, timeout=IDLE)
            burst = ([update] if update is not None else []) + conn.pending_updates(number)
            await remote.tell(burst)
            told += sum(isinstance(u.event, tev.DealFinished) for u in burst)
            if remote.gone:
                break
            seen = await remote.catch_up()
            if seen is not None and seen.legal is not None and remote.mine(seen) is not None:
                await remote.turn(input)
            elif seen is not None and not seen.in_deal:
                await remote.between_deals(input)
        await _cash_out(conn, name, say)
    return 0


async def _choose(conn: Connection, table: int | None, name: str) -> dict[str, Any]:
    games = await conn.http.lobby()
    if table is not None:
        found = [g for g in games if g["table"] == table]
        if not found:
            raise FloorError("no game at table {table}; ask the floor", table=table)
        return found[0]
    for game in sorted(games, key=lambda g: not g["dealing"]):
        if name in game["seated"].values() or len(game["seated"]) < len(game["seats"]):
            return game
    raise FloorError("no open game has a free seat; ask the floor to open one")


async def _sit(conn: Connection, game: dict[str, Any], chips: int, say: Say) -> None:
    player = PlayerId(conn.name)
    try:
        await conn.command(c.SignUp(player=player, kind=parse_kind(game["kind"])))
    except FloorError as error:
        say(f"  {error}")
    await conn.command(c.TakeSeat(player=player, table=game["table"], chips=chips, post=True))
    say(f"you sit at table {game['table']} with {chips} chips, posting to be dealt in")


async def _cash_out(conn: Connection, name: str, say: Say) -> None:
    with contextlib.suppress(FloormanError):  # nothing to cash, or seated till the hand ends
        await conn.command(c.CashOut(player=PlayerId(name)))
    me = await conn.http.me()
    say(f"you leave; your play money is {me['balance']}")
