"""The cardroom as one service: commands in, events out, a view for each person.

The service joins the floor (:mod:`floorman.room`) and its live tables
(:mod:`floorman.table`), keeps the chips of the whole room accounted for,
gives each person the view of a table they may see, and is the one place
where time acts (:mod:`floorman.service.timing`). It does no I/O and starts
no threads: a server, a web page, bots and the log players drive it and only
move bytes.

- :class:`Cardroom` takes :mod:`commands <floorman.service.commands>` and
  answers with the :class:`Entry` values of its log; :func:`action_of` says
  which action of the deal a player's :class:`~floorman.service.commands.Act` is;
- the cage's :class:`Ledger` says where every chip of the room is;
- :meth:`Cardroom.state` gives the whole room as one :class:`CardroomState`,
  equal for a cardroom rebuilt from the log;
- :func:`dumps_entries` and :func:`loads_entries` save and read the log.
"""

from floorman.service import commands
from floorman.service.cardroom import Cardroom, table_setup
from floorman.service.commands import action_of
from floorman.service.ledger import Ledger, LedgerEvent
from floorman.service.log import Entry, dumps_entries, loads_entries
from floorman.service.state import CardroomState, LedgerState
from floorman.service.timing import (
    ActionClock,
    BanksRefilled,
    Clocked,
    Deadline,
    Expiry,
    Outcome,
    PlayerTurn,
    TimeBankUsed,
    TimeLimits,
    TimingEvent,
    TurnTimedOut,
    deadlines,
    due,
    next_deadline,
)
from floorman.service.viewers import AsDealer, AsFloor, AsObserver, AsPlayer, Viewer
from floorman.service.views import (
    Hidden,
    Options,
    PotView,
    SeatView,
    TableView,
    cards_in,
    dealt_in,
    redact,
    redact_all,
    view,
)

__all__ = [
    "ActionClock",
    "AsDealer",
    "AsFloor",
    "AsObserver",
    "AsPlayer",
    "BanksRefilled",
    "Cardroom",
    "CardroomState",
    "Clocked",
    "Deadline",
    "Entry",
    "Expiry",
    "Hidden",
    "Ledger",
    "LedgerEvent",
    "LedgerState",
    "Options",
    "Outcome",
    "PlayerTurn",
    "PotView",
    "SeatView",
    "TableView",
    "TimeBankUsed",
    "TimeLimits",
    "TimingEvent",
    "TurnTimedOut",
    "Viewer",
    "action_of",
    "cards_in",
    "commands",
    "deadlines",
    "dealt_in",
    "due",
    "dumps_entries",
    "loads_entries",
    "next_deadline",
    "redact",
    "redact_all",
    "table_setup",
    "view",
]
