"""``floorman play --server`` as a person uses it: the table's commands (sit
out, come back posting or waiting for the big blind, add chips, leave, show
the table, help) typed at any time, in a deal or between deals, the server's
refusals printed with their rule, and moves typed ahead waiting for the
person's turn. The house dealer is off: the floor starts each deal, so every
step happens when the test says. Every wait is bounded (tests/net_helpers.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import re
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

pytest.importorskip("websockets", reason="the client needs the server extra: .[server]")
pytest.importorskip("uvicorn", reason="the client's tests serve with uvicorn: .[server]")

from floorman.client import Connection
from floorman.client.netbots import parse_kind
from floorman.client.terminal import play_remote
from floorman.errors import FloormanError
from floorman.ids import PlayerId
from floorman.service import commands as c
from tests.net_helpers import PASSWORD, make_room, serving, within

NL = parse_kind("1/2 no-limit holdem")


class Person:
    """Someone at the terminal: the lines he types, and what he is told."""

    def __init__(self) -> None:
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.said: list[str] = []

    def input(self, _prompt: str) -> str:
        line = self.lines.get()
        if line is None:
            raise EOFError
        return line

    def say(self, text: str) -> None:
        self.said.extend(text.split("\n"))

    def type(self, line: str | None) -> None:
        self.lines.put(line)

    async def told(self, pattern: str, *, after: int = 0, seconds: float = 10) -> int:
        """Wait until a line told after the ``after``-th matches ``pattern``;
        the number of lines told up to and with it."""

        async def seen() -> int:
            while True:
                for i, line in enumerate(self.said[after:], start=after):
                    if re.search(pattern, line):
                        return i + 1
                await asyncio.sleep(0.02)

        return await within(seconds, seen(), f"told {pattern!r}; told:\n" + self.text())

    def text(self) -> str:
        return "\n".join(self.said)


async def play_out(*players: Connection, table: int = 1) -> None:
    """The other players check or call, or show, until the deal ends (the person
    has folded or plays his own turns)."""
    while True:
        for conn in players:
            _seq, seen = await conn.view(table)
            if seen is None or not seen.in_deal:
                return
            legal = seen.legal
            if legal is None:
                continue
            move = c.Move.CHECK if legal.check else c.Move.CALL if legal.call else c.Move.SHOW
            with contextlib.suppress(FloormanError):  # the table moved on meanwhile
                await conn.command(c.Act(player=PlayerId(conn.name), move=move))
        await asyncio.sleep(0.02)


async def until_her_turn(*players: Connection, table: int = 1) -> None:
    """The other players check or call until it is dora's turn."""
    while True:
        _seq, seen = await players[0].view(table)
        assert seen is not None
        assert seen.in_deal
        if (
            seen.to_act is not None
            and {s.seat: s.player for s in seen.seats}[seen.to_act] == "dora"
        ):
            return
        for conn in players:
            _seq, mine = await conn.view(table)
            legal = mine.legal if mine is not None else None
            if legal is not None:
                move = c.Move.CHECK if legal.check else c.Move.CALL
                await conn.command(c.Act(player=PlayerId(conn.name), move=move))
        await asyncio.sleep(0.02)


async def at_table(
    tmp_path: Path,
    script: Callable[[Person, Connection, Connection, Connection], Awaitable[None]],
) -> tuple[int, Person]:
    """A game at table 1 with ann and bob, the floor (root) starting deals,
    and dora at the terminal, taken through ``script``; what play_remote
    returned, and the person."""
    url = make_room(tmp_path, "ann", "bob", "dora")
    person = Person()
    async with (
        serving(url, deal_pause=None) as served,
        Connection(served.base, "root", PASSWORD, timeout=5.0) as root,
        Connection(served.base, "ann", PASSWORD, timeout=5.0) as ann,
        Connection(served.base, "bob", PASSWORD, timeout=5.0) as bob,
    ):
        await root.command(c.OpenGame(table=1, kind=NL, seats=6))
        for conn in (ann, bob):
            me = PlayerId(conn.name)
            await conn.command(c.SignUp(player=me, kind=NL))
            await conn.command(c.TakeSeat(player=me, table=1, chips=100))
        await root.command(c.StartGame(table=1))
        playing = asyncio.create_task(
            play_remote(
                served.base,
                name="dora",
                password=PASSWORD,
                chips=200,
                input=person.input,
                output=person.say,
                timeout=5.0,
            )
        )
        try:
            await person.told(r"^you sit at table 1 with 200 chips")
            await within(60, script(person, root, ann, bob), "the script")
            status = await within(20, playing, "dora leaving")
        finally:
            person.type(None)
            playing.cancel()
    return status, person


def test_policies_6_blinds_9_between_deal_commands_are_taken_at_any_time(tmp_path: Path) -> None:
    async def script(person: Person, root: Connection, ann: Connection, bob: Connection) -> None:
        person.type("help")
        await person.told(r"^at any time:$")
        assert "  back [post|wait] come back: post what you owe now, or wait for the big blind" in (
            person.said
        )
        # Between deals, chips are added at once.
        person.type("buy 50")
        told = await person.told(r"^  you buy 50 chips: 250 in all$")
        await root.command(c.StartDeal(table=1))
        told = await person.told(r"^── deal 1 ──$", after=told)
        await person.told(r"^  seat \d  dora +250", after=told)
        # In a deal, adding chips is refused with its rule (only the chips in
        # front of a player at the start of a deal play).
        person.type("buy 50")
        told = await person.told(
            r"cannot add chips during a deal.*\[RRP5 policies\.6\]", after=told
        )
        # Sitting out, typed in the deal: from the next deal.
        person.type("out")
        told = await person.told(
            r"^  you sit out from the next deal; play this one out$", after=told
        )
        person.type("f")  # done at her turn
        await asyncio.gather(
            play_out(ann, bob), person.told(r"^seat \d \(dora\) folds$", after=told)
        )
        await play_out(ann, bob)
        told = await person.told(r"^you (lose|win|break even)", after=told)
        person.type("table")
        told = await person.told(r"^  seat \d  dora +\d+  .*sitting out", after=told)
        # The next deal is dealt without her.
        await root.command(c.StartDeal(table=1))
        told = start = await person.told(r"^── deal 2 ──$", after=told)
        await play_out(ann, bob)
        told = await person.told(r"^stacks: ", after=told)
        dealt = [line for line in person.said[start:told] if line.startswith("  seat ")]
        assert len(dealt) == 2
        assert not any("dora" in line for line in dealt)
        # Back, waiting for the big blind rather than posting what she owes.
        person.type("back wait")
        told = await person.told(
            r"^  you are back: dealt in when the big blind reaches you$", after=told
        )
        person.type("table")
        told = await person.told(r"^  seat \d  dora ", after=told)
        assert "sitting out" not in person.said[told - 1]
        person.type("quit")

    status, person = asyncio.run(at_table(tmp_path, script))
    assert status == 0
    out = person.text()
    assert re.search(r"^you leave; your play money is \d+$", out, re.M), out


def test_a_move_typed_ahead_waits_for_the_turn_and_quit_gives_up_the_hand(
    tmp_path: Path,
) -> None:
    async def script(person: Person, root: Connection, ann: Connection, bob: Connection) -> None:
        # Before any deal, a move waits for her turn; cancel takes it back.
        person.type("c")
        told = await person.told(r"^  'c' waits for your turn \('cancel' takes it back\)$")
        person.type("cancel")
        told = await person.told(r"^  taken back: c$", after=told)
        # Show and muck are for the showdown: the server says why not now.
        person.type("show")
        told = await person.told(r"^  dora is not dealt in on a deal under way", after=told)
        await root.command(c.StartDeal(table=1))
        told = await person.told(r"^── deal 1 ──$", after=told)
        # At her turn the table shows the round's bets, and the turn again.
        await until_her_turn(ann, bob)
        turn = await person.told(r"^  you may: ", after=told)
        person.type("table")
        told = await person.told(r"^  seat \d  \S+ +\d+  (button, )?bet \d+", after=turn)
        await person.told(r"^  you may: ", after=told)
        # Leaving in a deal: the hand is given up, and she is up when it ends.
        person.type("quit")
        told = await person.told(
            r"^  you leave when this deal ends; your hand is given up$", after=told
        )
        await asyncio.gather(
            play_out(ann, bob), person.told(r"^seat \d \(dora\) (folds|checks)$", after=told)
        )
        await play_out(ann, bob)
        await person.told(r"^you leave; your play money is \d+$", after=told)
        _seq, seen = await ann.view(1)
        assert seen is not None
        assert [s.player for s in seen.seats] == ["ann", "bob"]

    status, person = asyncio.run(at_table(tmp_path, script))
    assert status == 0
    # She was up once the deal ended: the deal's end was told to her once.
    assert len([line for line in person.said if line.startswith("stacks: ")]) == 1


def test_policies_17_the_person_hears_of_new_stakes_objects_and_sees_them_made(
    tmp_path: Path,
) -> None:
    async def script(person: Person, root: Connection, ann: Connection, bob: Connection) -> None:
        await root.command(c.ProposeLimit(table=1, stakes="2/5"))
        told = await person.told(
            r"^the floor proposes new stakes, 2/5: .*'object' to object, until deal 1 ends"
            r"\) \[RRP5 policies\.17\]$"
        )
        person.type("object")
        told = await person.told(r"^dora objects to the new stakes$", after=told)
        person.type("object")
        told = await person.told(r"already objected .*\[RRP5 policies\.17\]$", after=told)
        # One objection: the change is made once deal 1 has ended.
        await root.command(c.StartDeal(table=1))
        told = await person.told(r"^── deal 1 ──$", after=told)
        person.type("f")
        await asyncio.gather(
            play_out(ann, bob), person.told(r"^seat \d \(dora\) folds$", after=told)
        )
        await play_out(ann, bob)
        told = await person.told(
            r"^the stakes are 2/5 from the next deal \(they were 1/2\)$", after=told
        )
        person.type("table")
        told = await person.told(r"^  blinds 2/5$", after=told)
        person.type("quit")

    status, _person = asyncio.run(at_table(tmp_path, script))
    assert status == 0
