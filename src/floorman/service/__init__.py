"""The cardroom as one service: commands in, events out, a view for each person.

The service joins the floor (:mod:`floorman.room`) and its live tables
(:mod:`floorman.table`), keeps the chips of the whole room accounted for,
gives each person the view of a table they may see, and is the one place
where time acts. It does no I/O and starts no threads: a server, a web page,
bots and the log players drive it and only move bytes.
"""

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
    "AsDealer",
    "AsFloor",
    "AsObserver",
    "AsPlayer",
    "Hidden",
    "Options",
    "PotView",
    "SeatView",
    "TableView",
    "Viewer",
    "cards_in",
    "dealt_in",
    "redact",
    "redact_all",
    "view",
]
