"""The three ways floorman names who is where, each its own type.

A *player* is a person, named by a :data:`PlayerId` (the name the floor lists
and seats him by); a *seat* is a chair at a table, numbered from 1
(:data:`Seat`); a *position* is a player's place in one deal, counted from the
button (:data:`Position`: 0 is the first clockwise from the button, the last
holds it; at stud, 0 is the first dealt to). A table maps positions to seats
for each deal, and seats to players; the words ``player``, ``seat`` and
``position`` mean these and nothing else throughout floorman.

The types cost nothing at run time: each is its plain value.

>>> Seat(3) + 1, PlayerId("Ann"), Position(0)
(4, 'Ann', 0)
"""

from __future__ import annotations

from floorman._static import NewType

__all__ = ["PlayerId", "Position", "Seat"]

#: A person: the name a player is listed, called and seated by.
PlayerId = NewType("PlayerId", str)

#: A chair at a table, numbered from 1.
Seat = NewType("Seat", int)

#: A player's place in a deal, counted from the button (0 is left of it).
Position = NewType("Position", int)
