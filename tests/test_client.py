"""The client library against a real server on a free port: answers by id,
refusals raised as the floorman error of their code, and a connection cut
mid-deal that comes back, resyncs with ``after`` and plays on with nothing
missed and nothing twice. Every wait is bounded (tests/net_helpers.py)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

pytest.importorskip("websockets", reason="the client needs the server extra: .[server]")
pytest.importorskip("uvicorn", reason="the client's tests serve with uvicorn: .[server]")

from floorman.client import Connection, ConnectionLost, Update, error_from
from floorman.client.netbots import parse_kind, play_bots, seat_bots
from floorman.deal import events as dev
from floorman.errors import (
    CODES,
    AccountError,
    FloorError,
    FloormanError,
    IllegalAction,
    OutOfTurn,
    error_class,
)
from floorman.ids import PlayerId
from floorman.service import commands as c
from floorman.store import open_store
from floorman.table import events as tev
from tests.net_helpers import CHEAP, PASSWORD, make_room, serving, within

NL = parse_kind("1/2 no-limit holdem")


def test_every_error_code_comes_back_as_a_floorman_error_of_that_code() -> None:
    for code in CODES:
        error = error_from({"code": code, "message": "why", "citations": ["betting.8"]})
        assert isinstance(error, FloormanError)
        assert type(error) is error_class(code)  # the class declared with the code
        assert error.code == code
        assert error.render().endswith("[RRP5 betting.8]")
    assert type(error_from({"code": "out_of_turn", "message": "x"})) is OutOfTurn
    assert type(error_from({"code": "not_your_seat", "message": "x"})) is AccountError
    # The table's requests and the sessions' end (RRP5 policies.22, policies.27).
    assert type(error_from({"code": "deck_change_refused", "message": "x"})) is FloorError
    assert type(error_from({"code": "not_seated", "message": "x"})) is FloorError
    assert type(error_from({"code": "observers_refused", "message": "x"})) is AccountError
    assert type(error_from({"code": "session_revoked", "message": "x"})) is AccountError
    assert type(error_from({"code": "a_code_from_later", "message": "x"})) is IllegalAction


def test_a_refused_command_raises_its_error_and_the_connection_serves_on(tmp_path: Path) -> None:
    url = make_room(tmp_path, "ann", "bob")

    async def run() -> None:
        async with (
            serving(url, deal_pause=None) as served,
            Connection(served.base, "ann", PASSWORD, timeout=5.0) as ann,
        ):
            with pytest.raises(AccountError) as refused:
                await ann.command(c.OpenGame(table=1, kind=NL, seats=6))
            assert refused.value.code == "not_permitted"
            assert "decisions.2" in {r.id for r in refused.value.citations}
            with pytest.raises(AccountError) as other:
                await ann.command(c.Arrive(player=PlayerId("bob")))
            assert other.value.code == "not_your_seat"
            # Still up: the next command is answered.
            assert await ann.command(c.Arrive(player=PlayerId("ann")))
            with pytest.raises(AccountError) as wrong:
                await Connection(served.base, "ann", "not the password", timeout=5.0).open()
            assert wrong.value.code == "login_refused"

    asyncio.run(run())


async def follow(
    conn: Connection, table: int, deals: int, *, cut: bool, away: Callable[[int], Awaitable[None]]
) -> list[Update]:
    """Play ann's turns (check or call, show at the end) for ``deals`` deals;
    with ``cut``, cut her connection once, in the first deal she is dealt
    into, while another player is to act (the deal cannot end without her),
    and await ``away`` with the last number she had."""
    got: list[Update] = []
    finished = 0
    while finished < deals:
        try:
            _seq, shown = await conn.view(table)
            mine = shown and next(s for s in shown.seats if s.player == conn.name)
            if shown is not None and shown.legal is not None:
                legal = shown.legal
                move = c.Move.CHECK if legal.check else c.Move.CALL if legal.call else c.Move.SHOW
                await conn.command(c.Act(player=PlayerId(conn.name), move=move))
            elif cut and shown and shown.in_deal and mine and mine.cards and not mine.folded:
                cut = False
                conn.drop()
                await away(_seq)
        except FloormanError:
            pass  # the connection was cut under the request, or the table moved on
        update = await conn.next_update(table, timeout=1.0)
        for u in ([update] if update else []) + conn.pending_updates(table):
            got.append(u)
            finished += isinstance(u.event, tev.DealFinished)
    return got


def test_a_connection_cut_mid_deal_comes_back_resyncs_and_plays_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = make_room(tmp_path, "ann")

    missed: list[int] = []

    async def run() -> tuple[list[Update], int, int]:
        async with serving(url, deal_pause=0.0) as served:

            async def away(last: int) -> None:
                # While she is away (the first try to reconnect waits 0.5 s),
                # the bot to act acts.
                await asyncio.sleep(0.3)
                log = served.host.cardroom.log
                missed.extend(e.seq for e in log if e.seq > last and e.table == table)

            bots = await within(
                20,
                seat_bots(
                    served.base,
                    tables=1,
                    per_table=2,
                    admin=("root", PASSWORD),
                    rng=random.Random(5),
                    timeout=5.0,
                    say=lambda _s: None,
                ),
                "seating two bots",
            )
            table = bots[0].table
            ann = Connection(served.base, "ann", PASSWORD, timeout=5.0)
            await ann.open()
            await ann.command(c.SignUp(player=PlayerId("ann"), kind=NL))
            await ann.subscribe(table)
            await ann.command(c.TakeSeat(player=PlayerId("ann"), table=table, chips=200, post=True))
            try:
                got = await within(
                    30,
                    asyncio.gather(
                        play_bots(bots, deals=3), follow(ann, table, 3, cut=True, away=away)
                    ),
                    "three deals with ann's connection cut in the first",
                )
            finally:
                await ann.close()
            return got[1], ann.reconnects, table

    monkeypatch.setattr("floorman.client.connection.BACKOFF", (0.5,))
    got, reconnects, table = asyncio.run(run())
    assert reconnects == 1
    assert missed, "nothing happened at the table while ann was away"
    seqs = [u.seq for u in got if u.event is not None]
    assert seqs == sorted(set(seqs)), "an event came twice or out of order"
    # From the view she started with, every entry of the table reached her once:
    # those made while she was cut off came with the resync.
    first = got[0]
    assert first.view is not None or first.resync
    with open_store(url, hasher=CHEAP) as store:
        stored = [e.seq for e in store.entries(table=table) if e.seq > first.seq]
    assert seqs == [s for s in stored if s <= seqs[-1]]
    assert set(missed) <= set(seqs)
    assert sum(isinstance(u.event, tev.DealFinished) for u in got) >= 3
    assert any(isinstance(u.event, dev.HoleDealt) for u in got)


def test_a_client_whose_server_is_gone_gives_up_with_an_error_not_a_hang(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = make_room(tmp_path, "ann")
    monkeypatch.setattr("floorman.client.connection.GIVE_UP", 0.5)

    async def run() -> str:
        async with serving(url, deal_pause=None) as served:
            ann = Connection(served.base, "ann", PASSWORD, timeout=5.0)
            await ann.open()
            await ann.command(c.Arrive(player=PlayerId("ann")))
        # The server has stopped: her connection tries again, then gives up.
        try:
            for _ in range(100):
                if ann.gave_up is not None:
                    break
                await asyncio.sleep(0.05)
            with pytest.raises(ConnectionLost) as lost:
                await within(1, ann.view(1), "a request to a server that is gone")
            return str(lost.value)
        finally:
            await ann.close()

    assert "did not answer for" in asyncio.run(run())
