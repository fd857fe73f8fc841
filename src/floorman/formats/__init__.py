"""Hand-history formats: adapters between floorman's values and files.

:mod:`~floorman.formats.phh` reads and writes the Poker Hand History format
(``.phh`` for one hand, ``.phhs`` for several); :mod:`~floorman.formats.pokerstars`
writes a deal as the text hand history PokerStars writes and trackers read.
"""

from __future__ import annotations

from floorman._static import TYPE_CHECKING
from floorman.formats import phh
from floorman.formats.phh import (
    VARIANTS,
    Action,
    CheckOrCall,
    CompleteBetOrRaiseTo,
    DealBoard,
    DealHole,
    Fold,
    HandHistory,
    NoOp,
    PlayerAction,
    PostBringIn,
    ShowOrMuck,
    StandPatOrDiscard,
    format_action,
    load,
    parse_action,
    read_phh,
    read_phhs,
    write_phh,
    write_phhs,
)

if TYPE_CHECKING:
    from typing import Any

    from floorman.formats.phh import ExtraValue
    from floorman.formats.pokerstars import StarsHeader, write_pokerstars

__all__ = [
    "VARIANTS",
    "Action",
    "CheckOrCall",
    "CompleteBetOrRaiseTo",
    "DealBoard",
    "DealHole",
    "ExtraValue",
    "Fold",
    "HandHistory",
    "NoOp",
    "PlayerAction",
    "PostBringIn",
    "ShowOrMuck",
    "StandPatOrDiscard",
    "StarsHeader",
    "format_action",
    "load",
    "parse_action",
    "read_phh",
    "read_phhs",
    "write_phh",
    "write_phhs",
    "write_pokerstars",
]


def __getattr__(name: str) -> Any:
    # The PokerStars writer is imported when asked for: reading and replaying
    # PHH files starts without it.
    if name in ("StarsHeader", "write_pokerstars"):
        from floorman.formats import pokerstars

        return getattr(pokerstars, name)
    if name == "ExtraValue":
        # It names the datetime module's types: see floorman.formats.phh.
        return phh.ExtraValue
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
