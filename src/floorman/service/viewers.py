"""Who is looking at a table: a player, an observer, the dealer or the floor.

Each person gets a view of the table and a stream of its events shaped by
what that person may see (:mod:`floorman.service.views`). A viewer is a
small frozen value, so it can be compared, kept in a set, and sent as JSON.

>>> AsPlayer("ann")
AsPlayer(player='ann')
>>> AsPlayer("ann") == AsPlayer(player="ann"), AsFloor() == AsFloor()
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from floorman.ids import PlayerId

__all__ = ["AsDealer", "AsFloor", "AsObserver", "AsPlayer", "Viewer"]


@dataclass(frozen=True, slots=True)
class AsPlayer:
    """A person, named as the table and the room name players: sees the
    own hole cards and what is public."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class AsObserver:
    """Anyone watching the game without a hand in it: sees only what is public."""


@dataclass(frozen=True, slots=True)
class AsDealer:
    """The dealer: runs the deal without looking at any face-down card."""


@dataclass(frozen=True, slots=True)
class AsFloor:
    """The floorperson: what is public, and once a deal is over the hands
    that were called at its showdown, which a ruling on the pot may need."""


#: Whoever is looking.
Viewer = AsPlayer | AsObserver | AsDealer | AsFloor
