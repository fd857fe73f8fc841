"""The cardroom floor: games, waiting lists, seating, must-move games,
lock-ups, breaking games and conduct records (RRP5 seating, policies, conduct).

See :class:`Room`; its log is a list of :mod:`room events <floorman.room.events>`.
"""

from floorman.room.books import Lock, RoomBooks, RoomState
from floorman.room.state import Room
from floorman.room.values import Due, GameKind, Sanction

__all__ = ["Due", "GameKind", "Lock", "Room", "RoomBooks", "RoomState", "Sanction"]
