"""``floorman play --server``: a person at a server's table from the terminal.

The same words as the game in this process (:class:`floorman.play.Narration`):
the events as the person receives them from the server, the turn with its
options and amounts, a move typed and checked against them, a refusal printed
with its rule. The person logs in (or registers) with a name and password,
takes a seat at a table from the lobby (the first dealing game with a free
seat, or ``--table``) with chips bought from the account's play money, and
plays until typing ``quit`` (the hand in play is given up, as at the local
table) or the end of input. Deals are started by the server's dealer.

The person types whenever he likes: the table's commands (sit out, come back
posting or waiting for the big blind, post or wait when owing, add chips,
leave, object to new stakes, show the table, help) are sent as they are typed, in a deal or between
deals, and the server's refusal is printed with its rule; a move (fold,
check, call, bet, raise, draw) typed before the person's turn waits for it,
the moves in the order typed ('cancel' takes them back), as a terminal's
typing-ahead always did, and the end of input (leaving) waits behind them. Input is read in a thread of its own that never holds up the
connection, nor the program's end (Ctrl-C stops at once).
"""

from __future__ import annotations

import asyncio
import builtins
import contextlib
import threading
from collections import deque
from collections.abc import Callable
from typing import Any

from floorman.client.connection import Connection, Update
from floorman.client.netbots import IDLE, parse_kind
from floorman.errors import FloorError, FloormanError, NotationError
from floorman.games import GAMES
from floorman.ids import PlayerId, Seat
from floorman.play import Narration, autopilot, command_words
from floorman.service import TableView
from floorman.service import commands as c
from floorman.service import events as cev
from floorman.table import events as tev

__all__ = ["play_remote"]

Ask = Callable[[str], str]
Say = Callable[[str], object]

_HELP = """at any time:
  out / sit out    sit out (from the next deal, if you are dealt in now)
  back [post|wait] come back: post what you owe now, or wait for the big blind
  post / wait      owing blinds: post them next deal, or wait for the big blind
  buy N            add N chips to your stack (they play from the next deal)
  table            show the table
  object           object to new stakes the floor proposes (two objections stop them)
  cancel           take back moves typed before your turn
  quit / leave     leave the table (a hand in play is given up)
on your turn:
  f fold   x check   c call   b N bet to N   r N raise to N (N is your total
  for the round)   a all in   bring (stud bring-in)   d Ah Kd throw those cards
  and draw   stand   show / muck (at the showdown)
a move typed before your turn waits for it; the server's dealer deals the hands."""

#: The moves of a turn: typed before the person's turn, they wait for it.
_MOVE_WORDS = frozenset(
    ("fold", "check", "call", "bet", "raise", "allin", "bring", "draw", "stand")
)


def _request_text(event: object) -> str | None:
    """A request at the table in words (RRP5 policies.17, policies.22), or None."""
    match event:
        case cev.LimitProposed():
            return (
                f"the floor proposes new stakes, {event.stakes}: two objections keep the"
                f" stakes as they are ('object' to object, until deal {event.until_deal}"
                " ends) [RRP5 policies.17]"
            )
        case cev.LimitObjected():
            return f"{event.player} objects to the new stakes"
        case cev.LimitRefused():
            return f"the stakes stay: {' and '.join(event.objectors)} objected [RRP5 policies.17]"
        case cev.LimitChanged():
            return f"the stakes are {event.stakes} from the next deal (they were {event.was})"
        case cev.DeckChanged():
            return f"a new {'setup' if event.setup else 'deck'} comes in"
    return None


def _blinds(owes: tuple[str, ...]) -> str:
    """The blinds a seat owes, in words: ``small and big blinds``."""
    return " and ".join(owes) + (" blinds" if len(owes) > 1 else " blind")


class _Lines:
    """What the person types, line by line, read by a daemon thread as it is
    typed and queued for the program (None: the input has ended)."""

    def __init__(self, ask: Ask) -> None:
        self._ask = ask
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        loop = asyncio.get_running_loop()

        def read() -> None:
            while True:
                try:
                    line = self._ask("")
                except BaseException:  # EOFError, KeyboardInterrupt: the end of input
                    loop.call_soon_threadsafe(self._queue.put_nowait, None)
                    return
                loop.call_soon_threadsafe(self._queue.put_nowait, line or "")

        threading.Thread(target=read, daemon=True, name="floorman-input").start()

    async def get(self) -> str | None:
        return await self._queue.get()


class _Remote(Narration):
    """The person's table at the server, told as at the local table."""

    def __init__(self, conn: Connection, table: int, seen: TableView, say: Say) -> None:
        super().__init__(game=GAMES[seen.game], player=conn.name, say=say)
        self.conn = conn
        self.table = table
        self.seen = seen
        self.quitting = False
        self.gone = False
        # Lines typed and not yet done, in order; None: the input ended (quit).
        self.typed: deque[str | None] = deque()
        self._shown_turn: tuple[object, ...] | None = None  # the turn last shown
        self._waiting_bb = False  # the person chose to wait for the big blind
        self._posted_for = -1  # the deal after which an owed blind was posted
        self._broke_told = -1  # the deal after which the person was told he has no chips

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
            notes += [f"owes the {_blinds(s.owes)}"] if s.owes else []
            notes += [f"bet {s.bet}"] if s.bet and seen.in_deal else []
            notes += ["folded"] if s.folded and seen.in_deal else []
            line = f"  seat {s.seat}  {s.player:<10}{s.stack:>6}  {', '.join(notes)}"
            self.say(line.rstrip())
        blinds = "/".join(map(str, seen.blinds)) or f"ante {seen.ante}"
        self.say(f"  blinds {blinds}" + (f", pot {seen.pot}" if seen.in_deal else ""))
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

    def my_turn(self) -> bool:
        seen = self.seen
        return seen.legal is not None and seen.in_deal and self.mine(seen) is not None

    # ----- the stream -----------------------------------------------------------

    async def tell(self, updates: list[Update]) -> None:
        """Print what the updates say, as the person may see it."""
        events = [u.event for u in updates if u.event is not None]
        for event in events:
            if isinstance(event, tev.DealStarted):
                await self.begin(event)
                continue
            said = _request_text(event)
            if said is not None:
                self.say(said)
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
        me = next((s for s, n in self.names.items() if n == self.player), None)
        if me is not None and Seat(me) in started.dealt_in:
            self._waiting_bb = False  # dealt in: what he chose is done

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

    async def between_deals(self) -> None:
        """Post what is owed, unless the person chose to wait for the big
        blind; with no chips, say what may be done."""
        seen = self.seen
        me = self.mine(seen)
        if seen.in_deal or me is None or self.quitting:
            return
        deal = seen.deal
        if me.owes and not me.away and not self._waiting_bb and self._posted_for != deal:
            self._posted_for = deal
            self.say(
                "  you owe a blind: you post it to be dealt in ('wait' waits for the big blind)"
            )
            try:
                await self.send(c.Choose(player=PlayerId(self.player), post=True))
            except FloormanError as error:
                self.say(f"  {self.spoken(error)}")
        if me.stack == 0 and not me.away and self._broke_told != deal:
            self._broke_told = deal
            self.say("  you have no chips: 'buy N' to play on, 'out' to sit out, or 'quit'")

    async def leave(self) -> None:
        self.quitting = True
        self.typed.clear()
        try:
            await self.send(c.Leave(player=PlayerId(self.player)))
        except FloormanError as error:
            self.say(f"  {self.spoken(error)}")
        seen = await self.look()
        if seen is None or not seen.in_deal or self.mine(seen) is None:
            self.gone = True
            return
        me = self.mine(seen)
        if me is not None and me.position is not None and not me.folded:
            self.say("  you leave when this deal ends; your hand is given up")
        else:
            self.gone = True  # not dealt in: up at once

    async def on_view(self) -> None:
        """The table has moved on: the person's turn shown once, or what is
        owed between deals looked after."""
        if self.gone:
            return
        seen = self.seen
        if self.my_turn():
            legal = seen.legal
            assert legal is not None
            if self.quitting:
                await self.send(autopilot(legal, player=self.player))
                await self.catch_up()
                await self.on_view()
                return
            # A turn is the person's once: someone acts between two of them.
            key = (seen.deal, seen.street, seen.pot, tuple(s.bet for s in seen.seats))
            if self._shown_turn != key:
                self._shown_turn = key
                self.show_turn(seen)
        elif not seen.in_deal:
            await self.between_deals()

    def typed_line(self, line: str | None) -> None:
        """A line the person typed (None: the input ended), to be done in turn."""
        self.typed.append(line)
        if line is not None and command_words(line)[0] in _MOVE_WORDS and not self.my_turn():
            self.say(f"  '{line}' waits for your turn ('cancel' takes it back)")

    def _next_typed(self) -> int | None:
        """Where in :attr:`typed` the next line that can be done now is: a
        command at once, the first move on the person's turn, the end of input
        once every move typed before it is done."""
        turn = self.my_turn()
        for index, line in enumerate(self.typed):
            if line is None:
                return index if index == 0 else None
            if command_words(line)[0] not in _MOVE_WORDS:
                return index
            if turn:
                return index if index == 0 else None
        return None

    async def do_typed(self) -> None:
        """Do the lines typed that can be done now (see :meth:`_next_typed`)."""
        while not self.gone:
            index = self._next_typed()
            if index is None:
                return
            line = self.typed[index]
            del self.typed[index]
            cmd, rest = ("quit", []) if line is None else command_words(line)
            try:
                await self.command(cmd, rest)
            except (FloormanError, ValueError) as error:
                self.say(f"  {self.spoken(error)}")
            if not self.gone:
                await self.catch_up()
                await self.on_view()

    async def command(self, cmd: str, rest: list[str]) -> None:
        """Carry out one line the person typed."""
        me = PlayerId(self.player)
        if cmd == "quit":
            return await self.leave()
        if cmd in ("help", "table"):
            if cmd == "help":
                self.say(_HELP)
            else:
                seen = await self.look()
                if seen is not None:
                    self.show_seats(seen)
            if self.my_turn():
                self.show_turn(self.seen)
        elif cmd == "cancel":  # the moves typed ahead (the rest are done already)
            dropped = [t for t in self.typed if t is not None]
            self.typed = deque(t for t in self.typed if t is None)
            self.say(f"  taken back: {', '.join(dropped)}" if dropped else "  nothing to take back")
        elif cmd == "deal":  # Enter: the turn again, if it is the person's
            if self.my_turn():
                self.show_turn(self.seen)
        elif cmd == "out":
            await self.send(c.StepAway(player=me))
            dealt = self.seen.in_deal and self._dealt_in()
            self.say(
                "  you sit out from the next deal; play this one out"
                if dealt
                else "  you sit out; the table deals on, and blinds that pass you are owed"
            )
        elif cmd == "back":
            await self.back(rest)
        elif cmd == "object":
            await self.send(c.ObjectToLimit(player=me, table=self.table))
            self.say("  you object to the new stakes")
        elif cmd in ("post", "wait"):
            await self.send(c.Choose(player=me, post=cmd == "post"))
            self._waiting_bb = cmd == "wait"
            self.say("  you post next deal" if cmd == "post" else "  you wait for the big blind")
        elif cmd == "buy":
            if len(rest) != 1 or not rest[0].isdigit():
                raise NotationError("'buy N' adds N chips to your stack, e.g. 'buy 200'")
            await self.send(c.Buy(player=me, chips=int(rest[0])))
            seen = await self.look()
            mine = self.mine(seen) if seen else None
            self.say(f"  you buy {rest[0]} chips" + (f": {mine.stack} in all" if mine else ""))
        elif cmd in ("show", "muck") and not self.my_turn():
            # Only at the showdown; the server says why not now, with its rule.
            await self.send(self.act(c.Move.SHOW if cmd == "show" else c.Move.MUCK))
        else:
            await self.move_now(cmd, rest)

    def _dealt_in(self) -> bool:
        mine = self.mine(self.seen)
        return mine is not None and mine.position is not None

    async def back(self, rest: list[str]) -> None:
        how = [w.lower() for w in rest]
        if how not in ([], ["post"], ["wait"]):
            raise NotationError(
                "'back post' posts what you owe; 'back wait' waits for the big blind"
            )
        mine = self.mine(self.seen)
        if mine is not None and mine.owes and not how and mine.away:
            self.say(
                f"  you owe the {_blinds(mine.owes)}: 'back post' posts what you owe to come"
                " in; 'back wait' waits for the big blind"
            )
            return
        await self.send(c.ComeBack(player=PlayerId(self.player), post=how != ["wait"]))
        self._waiting_bb = how == ["wait"]
        self.say(
            "  you are back: dealt in when the big blind reaches you"
            if self._waiting_bb
            else "  you are back: dealt in from the next deal"
        )

    async def move_now(self, cmd: str, rest: list[str]) -> None:
        """A move on the person's turn, checked against the options shown."""
        if not self.my_turn():
            raise NotationError(f"unknown command {cmd!r}; type help", text=cmd)
        seen = self.seen
        try:
            move = self.move(cmd, rest, seen)
            await self.send(move)
        except FloormanError as error:
            if error.code in ("not_now", "out_of_turn"):
                self._shown_turn = None  # the table moved on (a turn ran out): look again
            raise


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
            f" (play money {me['balance']}). Type help for the commands."
        )
        await conn.subscribe(number)
        if name not in game["seated"].values():
            await _sit(conn, game, chips, say)
        first = await conn.next_update(number)
        seen = first.view if first is not None and first.view is not None else None
        seen = (await conn.view(number))[1] or seen  # with the person's own seat
        if seen is None:
            raise FloorError("table {table} is not dealing yet: wait for the floor", table=number)
        remote = _Remote(conn, number, seen, say)
        remote.show_seats(seen, joining=True)
        lines = _Lines(input)
        told = 0
        typed: asyncio.Task[str | None] | None = None
        try:
            while not remote.gone and (deals is None or told < deals):
                if typed is None:
                    typed = asyncio.ensure_future(lines.get())
                coming = asyncio.ensure_future(conn.next_update(number, timeout=IDLE))
                await asyncio.wait({typed, coming}, return_when=asyncio.FIRST_COMPLETED)
                if typed.done():
                    remote.typed_line(typed.result())
                    typed = None
                if not coming.done():
                    coming.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await coming
                update = None if coming.cancelled() else coming.result()
                burst = ([update] if update is not None else []) + conn.pending_updates(number)
                await remote.tell(burst)
                told += sum(isinstance(u.event, tev.DealFinished) for u in burst)
                if remote.gone:
                    break
                if burst or not remote.typed:
                    await remote.catch_up()
                await remote.on_view()
                await remote.do_typed()
        finally:
            if typed is not None:
                typed.cancel()
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
