"""floorman's bots as clients of a real server on a free port: seated over
the protocol, dealt to by the house dealer, deciding from their own views
only (RRP5 policies.23), and carrying on across a dropped connection.
Every wait is bounded (tests/net_helpers.py): a stall fails, saying where."""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import random
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("websockets", reason="the client needs the server extra: .[server]")
pytest.importorskip("uvicorn", reason="the client's tests serve with uvicorn: .[server]")

from floorman.client import Connection
from floorman.client.netbots import NetBot, parse_kind, play_bots, seat_bots
from floorman.deal import events as dev
from floorman.ids import PlayerId
from floorman.server.dealer import ready_tables
from floorman.service import commands as c
from floorman.store import open_store
from floorman.table import events as tev
from tests.net_helpers import CHEAP, PASSWORD, make_room, serving, within

_CARD = re.compile(r"^[2-9TJQKA][cdhs]$")
NL = parse_kind("1/2 no-limit holdem")


def cards_in(message: object) -> set[str]:
    """Every card named anywhere in a message."""
    match message:
        case str() if _CARD.match(message):
            return {message}
        case dict():
            return set().union(*(cards_in(v) for v in message.values()))
        case list():
            return set().union(*(cards_in(v) for v in message))
    return set()


class Secrets:
    """Each deal's hole cards by player and its cards shown, from the store's
    log, to judge what a client received against the deal it belongs to (a
    card is one player's secret in one deal and on the board in the next)."""

    def __init__(self, url: str) -> None:
        with open_store(url, hasher=CHEAP) as store:
            entries = store.entries()
        self.starts: list[int] = []  # the seq of each deal's start, in order
        self.holes: list[dict[str, set[str]]] = []
        self.shown: list[set[str]] = []
        players: dict[int, str] = {}
        names: tuple[str, ...] = ()
        for entry in entries:
            event = entry.event
            if isinstance(event, tev.PlayerSeated):
                players[event.seat] = event.player
            if isinstance(event, tev.DealStarted):
                names = tuple(players[s] for s in event.dealt_in)
                self.starts.append(entry.seq)
                self.holes.append({})
                self.shown.append(set())
            if isinstance(event, dev.HoleDealt):
                hole = self.holes[-1].setdefault(names[event.position], set())
                hole |= {str(card) for card in event.cards}
            if isinstance(event, dev.HandShown):
                self.shown[-1] |= {str(card) for card in event.cards}

    def players(self) -> set[str]:
        return set().union(*(set(h) for h in self.holes))

    def check(self, name: str, received: list[dict[str, Any]]) -> int:
        """Fail if any message ``name`` received names a card another player
        held unshown in the deal it belongs to; the messages checked."""
        checked = 0
        own: set[str] = set()
        for message in received:
            result = message.get("result")
            seq = message.get("seq", result.get("seq") if isinstance(result, dict) else None)
            cards = cards_in(message)
            if seq is None or not cards:
                continue
            deal = bisect.bisect_right(self.starts, seq) - 1
            if deal < 0:
                continue
            others = set().union(*(h for n, h in self.holes[deal].items() if n != name))
            leaked = cards & (others - self.shown[deal])
            assert not leaked, f"{name} received {leaked} in deal {deal + 1}: {message}"
            own |= cards & self.holes[deal].get(name, set())
            checked += 1
        assert own, f"{name} never received a card of its own"
        return checked


async def person(base: str, name: str, table: int) -> Connection:
    """A person's client, seated at ``table`` and following it."""
    conn = Connection(base, name, PASSWORD, timeout=5.0, keep=True)
    await conn.open()
    await conn.command(c.SignUp(player=PlayerId(name), kind=NL))
    await conn.subscribe(table)
    await conn.command(c.TakeSeat(player=PlayerId(name), table=table, chips=200, post=True))
    return conn


async def check_or_fold(conn: Connection, table: int, deals: int) -> int:
    """Play the person's turns (check, else call small bets, else fold) until
    ``deals`` deals finished at the table; the deals seen."""
    seen = 0
    while seen < deals:
        _seq, shown = await conn.view(table)
        if shown is not None and shown.legal is not None:
            legal = shown.legal
            move = (
                c.Move.CHECK
                if legal.check
                else c.Move.CALL
                if 0 < legal.call <= 4
                else c.Move.SHOW
                if legal.turn.value == "show or muck"
                else c.Move.FOLD
            )
            try:
                await conn.command(c.Act(player=PlayerId(conn.name), move=move))
            except Exception as error:  # the table moved on; look again
                print(conn.name, error)
        update = await conn.next_update(table, timeout=1.0)
        burst = ([update] if update else []) + conn.pending_updates(table)
        seen += sum(isinstance(u.event, tev.DealFinished) for u in burst)
    return seen


def test_bots_and_a_person_play_whole_deals_seeing_only_their_own_cards(tmp_path: Path) -> None:
    url = make_room(tmp_path, "ann")

    async def run() -> tuple[list[NetBot], Connection]:
        async with serving(url, deal_pause=0.0) as served:
            bots = await within(
                20,
                seat_bots(
                    served.base,
                    tables=1,
                    per_table=2,
                    admin=("root", PASSWORD),
                    rng=random.Random(3),
                    timeout=5.0,
                    keep=True,
                    say=lambda _s: None,
                ),
                "seating two bots",
            )
            ann = await within(10, person(served.base, "ann", bots[0].table), "seating ann")
            try:
                await within(
                    60,
                    asyncio.gather(play_bots(bots, deals=4), check_or_fold(ann, bots[0].table, 4)),
                    "four deals with two bots and a person",
                )
            finally:
                await ann.close()
            return bots, ann

    bots, ann = asyncio.run(run())
    assert all(bot.deals >= 4 for bot in bots)
    secrets = Secrets(url)
    assert len(secrets.starts) >= 4
    assert secrets.players() == {bots[0].name, bots[1].name, "ann"}
    for conn in [*(b.connection for b in bots), ann]:
        assert conn.received is not None
        # Only its own cards and the hands shown ever reached it (RRP5 policies.23).
        assert secrets.check(conn.name, conn.received) > 10


def test_the_house_dealer_deals_only_between_deals_with_two_players_ready() -> None:
    from floorman.clock import ManualClock
    from floorman.service import Cardroom
    from floorman.shuffle import SeededShuffler

    room = Cardroom(clock=ManualClock(), shuffler=SeededShuffler(1))
    room.handle(c.OpenGame(table=1, kind=NL, seats=6))
    assert ready_tables(room) == []  # no game dealing yet
    for seat, name in ((1, "ann"), (2, "bob")):
        room.handle(c.Sit(player=PlayerId(name), table=1, seat=seat, chips=100))
    room.handle(c.StartGame(table=1))
    assert ready_tables(room) == [1]
    room.handle(c.StepAway(player=PlayerId("bob")))
    assert ready_tables(room) == []  # one player is away: nobody to deal to
    room.handle(c.ComeBack(player=PlayerId("bob"), post=True))
    assert ready_tables(room) == [1]
    room.handle(c.StartDeal(table=1))
    assert ready_tables(room) == []  # a deal is under way


def test_the_house_dealer_starts_each_deal_and_only_with_a_deal_pause(tmp_path: Path) -> None:
    async def deals(url: str, pause: float | None) -> int:
        async with (
            serving(url, deal_pause=pause) as served,
            Connection(served.base, "root", PASSWORD, timeout=5.0) as house,
        ):
            await house.command(c.OpenGame(table=1, kind=NL, seats=6))
            ann = await within(10, person(served.base, "ann", 1), "seating ann")
            bob = await within(10, person(served.base, "bob", 1), "seating bob")
            await house.command(c.StartGame(table=1))
            played = [0]
            if pause is not None:
                # Nobody sends StartDeal: the deals are the house dealer's.
                played = await within(
                    20,
                    asyncio.gather(check_or_fold(ann, 1, 2), check_or_fold(bob, 1, 2)),
                    "two deals the house dealer starts",
                )
            else:
                await asyncio.sleep(0.3)
            await ann.close()
            await bob.close()
            return min(played)

    def started(url: str) -> int:
        with open_store(url, hasher=CHEAP) as store:
            return sum(isinstance(e.event, tev.DealStarted) for e in store.entries())

    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    dealt = make_room(tmp_path / "a", "ann", "bob")
    assert asyncio.run(deals(dealt, 0.05)) == 2
    assert started(dealt) >= 2
    # Without a pause the server deals nothing by itself.
    idle = make_room(tmp_path / "b", "ann", "bob")
    assert asyncio.run(deals(idle, None)) == 0
    assert started(idle) == 0


def test_the_house_dealer_tries_a_refused_start_again_only_when_the_log_grows(
    tmp_path: Path,
) -> None:
    from floorman.errors import FloorError

    url = make_room(tmp_path, "ann", "bob")

    async def run() -> tuple[list[int], list[int]]:
        from floorman.server.dealer import deal_forever

        async with serving(url, deal_pause=None) as served:
            host = served.host
            await host.submit(c.OpenGame(table=1, kind=NL, seats=6))
            for seat, name in ((1, "ann"), (2, "bob")):
                await host.submit(c.Sit(player=PlayerId(name), table=1, seat=seat, chips=100))
            await host.submit(c.StartGame(table=1))
            tries: list[int] = []
            submit = host.submit

            async def refusing(command: c.Command, *, by: str | None = None) -> list[Any]:
                if isinstance(command, c.StartDeal):
                    tries.append(len(host.cardroom.log))
                    raise FloorError("refused here, to see the dealer wait")
                return await submit(command, by=by)

            host.submit = refusing
            dealer = asyncio.create_task(deal_forever(host, pause=0.0))
            try:
                await asyncio.sleep(0.3)
                before = list(tries)
                await host.submit(c.Arrive(player=PlayerId("cy")))  # the log grows
                await asyncio.sleep(0.3)
                return before, list(tries)
            finally:
                dealer.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await dealer

    before, after = asyncio.run(run())
    assert len(before) == 1, before  # refused once, then waits: no spinning
    # Tried again once the log grew, and once only.
    assert len(after) == 2, after
    assert after[1] > after[0]


def test_blinds_9_the_house_dealer_deals_on_without_a_player_back_owing_blinds_till_his_big_blind(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # Back owing blinds and not posting them, he waits for the big blind (RRP5
    # blinds.9): the house dealer starts each deal without him, refused none.
    import logging

    from floorman.bots import CallingStation
    from tests.cardroom_helpers import bot_move

    url = make_room(tmp_path, "ann", "bob", "cy", "dee")
    caplog.set_level(logging.INFO, logger="floorman.server")

    async def run() -> tuple[list[tev.DealStarted], int]:
        async with serving(url, deal_pause=0.0) as served:
            host = served.host
            await host.submit(c.OpenGame(table=1, kind=NL, seats=6))
            for seat, name in enumerate(("ann", "bob", "cy", "dee"), start=1):
                await host.submit(c.Sit(player=PlayerId(name), table=1, seat=seat, chips=100))
            bot = CallingStation(random.Random(3))
            stop = asyncio.Event()

            async def players() -> None:
                while not stop.is_set():
                    if 1 in host.cardroom.tables and host.cardroom.table(1).in_deal:
                        with contextlib.suppress(Exception):  # the deal moved on meanwhile
                            await host.submit(bot_move(host.cardroom, 1, bot))
                    await asyncio.sleep(0.005)

            playing = asyncio.create_task(players())
            try:
                await host.submit(c.StartGame(table=1))
                await host.submit(c.StepAway(player=PlayerId("cy")))
                table = host.cardroom.table(1)
                async with asyncio.timeout(30):
                    # Back just after the big blind passed seat 4: a round from his.
                    while len(table.owes(3)) < 2 or table.big_blind != 4:
                        await asyncio.sleep(0.005)
                    await host.submit(c.ComeBack(player=PlayerId("cy"), post=False))
                    back = len(host.cardroom.log)
                    while not any(
                        isinstance(e.event, tev.DealStarted) and 3 in e.event.dealt_in
                        for e in host.cardroom.log[back:]
                    ):
                        await asyncio.sleep(0.01)
                dealt = [
                    e.event
                    for e in host.cardroom.log[back:]
                    if isinstance(e.event, tev.DealStarted)
                ]
                return dealt, len(table.owes(3))
            finally:
                stop.set()
                await playing

    dealt, owes = asyncio.run(run())
    assert len(dealt) > 1, "deals were started without him"
    assert all(3 not in d.dealt_in for d in dealt[:-1])
    assert dealt[-1].big_blind == 3, "he came in at the big blind"
    assert owes == 0
    refusals = [r for r in caplog.records if "could not start a deal" in r.getMessage()]
    assert refusals == [], [r.getMessage() for r in refusals]


def test_the_house_dealer_logs_a_refusal_once_however_often_it_looks_again(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    import logging

    from floorman.errors import FloorError
    from floorman.server import dealer
    from floorman.server.dealer import deal_forever

    url = make_room(tmp_path, "ann", "bob")
    caplog.set_level(logging.INFO, logger="floorman.server")
    monkeypatch.setattr(dealer, "RECHECK", 0.02)  # looks again often, as after a time lapse

    async def run() -> list[int]:
        async with serving(url, deal_pause=None) as served:
            host = served.host
            await host.submit(c.OpenGame(table=1, kind=NL, seats=6))
            for seat, name in ((1, "ann"), (2, "bob")):
                await host.submit(c.Sit(player=PlayerId(name), table=1, seat=seat, chips=100))
            await host.submit(c.StartGame(table=1))
            tries: list[int] = []

            async def refusing(command: c.Command, *, by: str | None = None) -> list[Any]:
                tries.append(len(host.cardroom.log))
                raise FloorError("refused here, to see the dealer wait")

            host.submit = refusing
            task = asyncio.create_task(deal_forever(host, pause=0.0))
            try:
                await asyncio.sleep(0.5)
            finally:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            return tries

    tries = asyncio.run(run())
    assert len(tries) >= 3, tries  # it looked again after each lapse, never spinning
    assert len(tries) < 100, len(tries)
    told = [r for r in caplog.records if "could not start a deal" in r.getMessage()]
    assert len(told) == 1, [r.getMessage() for r in told]


class _Looks:
    """A connection that shows one view and records the commands sent."""

    def __init__(self, seen: object) -> None:
        self.seen = seen
        self.sent: list[c.Command] = []

    async def view(self, table: int) -> tuple[int, object]:
        return 1, self.seen

    async def command(self, command: c.Command) -> None:
        self.sent.append(command)


def test_buy_in_2_a_broke_bot_owing_blinds_buys_before_it_chooses_to_post() -> None:
    from types import SimpleNamespace

    from floorman.bots import Tight

    broke = SimpleNamespace(player="bot-1", stack=0, owes=("small", "big"), away=False)
    looks = _Looks(SimpleNamespace(seats=[broke], legal=None, in_deal=False))
    bot = NetBot(connection=looks, table=1, bot=Tight(random.Random(1)), chips=200)  # type: ignore[arg-type]
    looks.name = "bot-1"  # type: ignore[attr-defined]
    asyncio.run(bot.turn())
    # With no chips the blinds it owes cannot be posted: it buys first.
    assert looks.sent == [c.Buy(player=PlayerId("bot-1"), chips=200)]
    broke.stack = 200
    asyncio.run(bot.turn())
    assert isinstance(looks.sent[-1], c.Choose), "with chips, it chooses to post or wait"
