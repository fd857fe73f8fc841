"""The cardroom as one service: commands in, events out, a view for each person.

The service joins the floor (:mod:`floorman.room`) and its live tables
(:mod:`floorman.table`), keeps the chips of the whole room accounted for,
gives each person the view of a table they may see, and is the one place
where time acts (:mod:`floorman.service.timing`). It does no I/O and starts
no threads: a server, a web page, bots and the log players drive it and only
move bytes.
"""

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
    "Clocked",
    "Deadline",
    "Expiry",
    "Hidden",
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
    "cards_in",
    "deadlines",
    "dealt_in",
    "due",
    "next_deadline",
    "redact",
    "redact_all",
    "view",
]
