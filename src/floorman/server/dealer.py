"""The house dealer: the server starts each table's next deal itself.

A deal starts only on a ``StartDeal`` command (the dealer's or the floor's);
with nobody holding that role online, a table would wait for ever. When the
server is given a pause (``floorman serve --deal-pause``), the host runs
:func:`deal_forever`: a live table that is between deals, with at least two
players who have chips and are not away, gets a ``StartDeal`` the pause after
the dealer finds it so (time for the players to see how the last deal ended).
A start the rules refuse is logged once and not tried again until the log
grows (something changed at the room) or :data:`RECHECK` seconds pass (what
refused it may have lapsed with time), so the dealer never spins, and a
refusal repeated unchanged is not logged again until the table deals; it
looks at the tables at least every :data:`RECHECK` seconds even if nothing
wakes it, so no table waits on a lost wake-up.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from floorman.errors import FloormanError
from floorman.service import AsObserver, Cardroom, view
from floorman.service import commands as c

if TYPE_CHECKING:
    from floorman.server.host import Host

__all__ = ["RECHECK", "deal_forever", "ready_tables"]

_log = logging.getLogger("floorman.server")

#: The longest the dealer sleeps without looking at the tables (seconds).
RECHECK = 5.0


def ready_tables(cardroom: Cardroom) -> list[int]:
    """The live tables between deals with two or more players ready to be
    dealt in: seated with chips and not away."""
    out = []
    for number in cardroom.tables:
        table = cardroom.table(number)
        if table.in_deal:
            continue
        seen = view(table, AsObserver())
        if sum(1 for s in seen.seats if s.stack > 0 and not s.away) >= 2:
            out.append(number)
    return out


async def deal_forever(host: Host, *, pause: float) -> None:
    """Start the next deal at every ready table, ``pause`` seconds after it
    became ready (run as a task; cancel it to stop)."""
    refused: dict[int, int] = {}  # table: the log's length when a start was refused
    told: dict[int, str] = {}  # table: the refusal last logged, until it deals
    while True:
        host.changed.clear()
        length = len(host.cardroom.log)
        due = [t for t in ready_tables(host.cardroom) if refused.get(t) != length]
        if not due:
            try:
                # Not wait_for, which in Python 3.11 can swallow the
                # cancellation that stops the dealer.
                async with asyncio.timeout(RECHECK):
                    await host.changed.wait()
            except TimeoutError:
                refused.clear()  # what refused a start may have lapsed with time
            continue
        await asyncio.sleep(pause)
        for table in due:
            if table not in ready_tables(host.cardroom):
                continue  # a player left, or someone else dealt, in the pause
            try:
                await host.submit(c.StartDeal(table=table))
            except FloormanError as error:
                refused[table] = len(host.cardroom.log)
                if told.get(table) != str(error):
                    told[table] = str(error)
                    _log.info("the dealer could not start a deal at table %s: %s", table, error)
            except Exception:  # the host rebuilt the cardroom from the store: look again
                _log.exception("the dealer's start of a deal failed")
                await asyncio.sleep(1.0)
            else:
                refused.pop(table, None)
                told.pop(table, None)
