"""Where the button and blinds go for the next deal, and who is dealt in.

A pure function of the seats as they stand and where the blinds were last
deal, for both methods of RRP5 blinds.2. The rules it applies:

- The big blind is an opening bet; the small blind is left of the button and
  the big blind left of it (RRP5 blinds.intro). Heads-up the button posts the
  small blind (RRP5 blinds.4) and the big blind goes to the player who did not
  post it last deal, in both methods.
- Moving button (RRP5 blinds.2.1): the button moves to the next player in
  good standing, the blinds to the next ones after it. A player the big blind
  could take (new players and players owing blinds take it, and it clears
  what they owe) gets it. A player in the game whom a blind passes owes it,
  even one dealt in elsewhere that deal because someone left: so there may be
  two big blinds on a later deal. The rulebook's "Forward Moving Button"
  explanation is not included; this is the strict reading of "every player
  meets the blind obligations of the round" (RRP5 blinds.2).
- Dead button (RRP5 blinds.2.2): the big blind goes to the next player due
  for it; the small blind is placed at the seat of last deal's big blind and
  the button at the seat of last deal's small blind, live or not, so the
  same player may act last on consecutive deals.
- A new player or one owing blinds is dealt in at the big blind, or
  elsewhere by posting, but never between the big blind and the button
  (RRP5 blinds.5, blinds.8, blinds.9).
- A player who dealt off lets the blinds pass the new seat once: never the
  big blind, dealt in only behind the button, posting nothing (RRP5
  blinds.14).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from floorman.ids import Seat
from floorman.table.setup import ButtonMethod

__all__ = ["Placement", "SeatState", "arc", "place"]


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatState:
    """What placement needs to know of a seated player.

    ``present``: here, with chips, and free to be dealt in. ``standing``: in
    the game and owing nothing, so dealt in wherever the button and blinds
    fall. Anyone else present is entering (new, owing blinds, or back from a
    seat change) and is dealt in at the big blind, or by ``posting``.
    ``in_game``: not a new player; one owing blinds who posts them may take
    the moving button (a blind posted on the button). ``owing``: owes blinds.
    ``passing``: lets the blinds pass the seat, so never takes the big blind.
    """

    present: bool
    standing: bool
    in_game: bool = True
    posting: bool = False
    owing: bool = False
    passing: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Placement:
    """The next deal's button, blinds and players.

    ``button`` and ``small_blind`` are seats, possibly empty ones; ``dealt_in``
    runs from the first seat left of the button, the deal's position order;
    ``entering`` are the dealt-in seats that post to come in (not at the big
    blind); ``heads_up`` when the button posts the small blind.
    """

    button: Seat
    small_blind: Seat | None
    big_blind: Seat
    dealt_in: tuple[Seat, ...]
    entering: tuple[Seat, ...] = ()
    heads_up: bool = False


def arc(start: int, stop: int, seats: int) -> Iterator[Seat]:
    """The seats strictly after ``start`` and strictly before ``stop``, clockwise.

    >>> list(arc(8, 3, 9)), list(arc(2, 3, 9)), list(arc(4, 4, 5))
    ([9, 1, 2], [], [5, 1, 2, 3])
    """
    seat = start % seats + 1
    while seat != stop:
        yield Seat(seat)
        seat = seat % seats + 1
        if seat == start % seats + 1:
            return


def _after(seat: Seat, seats: int) -> Iterator[Seat]:
    """Every seat clockwise after ``seat``, ending with ``seat`` itself."""
    yield from arc(seat, seat, seats)
    yield seat


def place(
    states: Mapping[Seat, SeatState],
    *,
    seats: int,
    method: ButtonMethod,
    button: Seat,
    small_blind: Seat | None,
    big_blind: Seat | None,
    two_blinds: bool,
    big_blind_player: Seat | None = None,
) -> Placement | None:
    """Place the button and blinds after a deal whose button, small blind and big
    blind seats are given (``big_blind`` None: the first deal, ``button`` drawn).
    ``big_blind_player`` is the seat where last deal's big blind sits now, if it
    moved: heads-up, that player does not post the big blind again.

    Returns None when fewer than two players can be dealt in.
    """
    last_big = big_blind_player if big_blind_player is not None else big_blind
    present = [s for s in _after(button, seats) if s in states and states[s].present]
    if len(present) < 2:
        return None
    standing = {s for s in present if states[s].standing}
    # Who may take the big blind: not a player letting it pass (RRP5 blinds.14).
    due = [s for s in present if not states[s].passing]
    if big_blind is None:
        # A new game: the button was drawn and every player there is in it.
        sb = _first(_after(button, seats), present) if two_blinds else None
        bb = _first(_after(sb if sb is not None else button, seats), present)
        placement = _finish(states, seats, button, sb, bb)
    elif method is ButtonMethod.DEAD:
        bb = _first(_after(big_blind, seats), due)
        if bb is None:
            return None
        sb = big_blind if two_blinds else None
        behind = sb if sb is not None else bb
        last = small_blind if small_blind is not None else big_blind
        btn = last if last in arc(bb, behind, seats) else (behind - 2) % seats + 1
        if btn == bb:
            # The big blind went round to the seat behind the small blind: the
            # only others are letting the blinds pass (RRP5 blinds.14), so the
            # two who take them play heads-up.
            pair = tuple(s for s in present if s in due)
            pair = pair if len(pair) == 2 else tuple(present)
            return _heads_up(states, seats, pair, last_big) if len(pair) == 2 else None
        placement = _finish(states, seats, Seat(btn), sb, bb)
    else:
        takers = standing | {s for s in present if states[s].in_game and states[s].posting}
        btn = _first(_after(button, seats), takers) or button
        sb = _first(_after(btn, seats), standing - {btn}) if two_blinds else None
        # The big blind comes after the small blind and before the button again.
        bb = _first(arc(sb if sb is not None else btn, btn, seats), due)
        if bb is None:
            if sb is None or btn not in present:
                return None
            return _heads_up(states, seats, (sb, btn), last_big)
        placement = _finish(states, seats, btn, sb, bb)
    if len(placement.dealt_in) == 2:
        return _heads_up(states, seats, placement.dealt_in, last_big)
    if len(placement.dealt_in) < 2 and len(present) == 2:
        return _heads_up(states, seats, tuple(present), last_big)
    if len(placement.dealt_in) < 2:
        return None
    return placement


def _first(order: Iterator[Seat], among: set[Seat] | list[Seat]) -> Seat | None:
    return next((s for s in order if s in among), None)


def _finish(
    states: Mapping[Seat, SeatState], seats: int, button: Seat, sb: Seat | None, bb: Seat | None
) -> Placement:
    """Deal in the button, the blinds, and everyone else from the big blind round
    to the button; nobody enters between the big blind and the button."""
    if bb is None:
        return Placement(button=button, small_blind=sb, big_blind=button, dealt_in=())
    dealt: set[Seat] = {bb}
    entering: list[Seat] = []
    for seat in (button, sb):
        state = states.get(seat) if seat is not None else None
        if seat is None or seat == bb or state is None or not state.present:
            continue
        if state.standing:
            dealt.add(seat)
        elif seat == button and state.in_game and state.posting:
            dealt.add(seat)
            entering.append(seat)
    for seat in arc(bb, button, seats):
        state = states.get(seat)
        if state is None or not state.present:
            continue
        if state.standing:
            dealt.add(seat)
        elif state.posting:
            dealt.add(seat)
            entering.append(seat)
    order = tuple(s for s in _after(button, seats) if s in dealt)
    return Placement(
        button=button, small_blind=sb, big_blind=bb, dealt_in=order, entering=tuple(entering)
    )


def _heads_up(
    states: Mapping[Seat, SeatState],
    seats: int,
    pair: tuple[Seat, ...],
    last_big: Seat | None,
) -> Placement:
    """Two players: the big blind goes to an entering player, else to the one
    who did not post it last deal; the other has the button and posts the small
    blind (RRP5 blinds.4)."""
    a, b = pair
    # A new player or one owing blinds comes in at the big blind; a player only
    # waiting out a seat change does not, heads-up having no positions to wait for.
    fresh = [s for s in pair if not states[s].in_game or states[s].owing]
    if len(fresh) == 1:
        bb = fresh[0]
    elif last_big is None:
        bb = a
    else:
        bb = _first(_after(last_big, seats), [a, b]) or a
    button = b if bb == a else a
    return Placement(
        button=button,
        small_blind=button,
        big_blind=bb,
        dealt_in=(bb, button),
        heads_up=True,
    )
