"""The event log as the truth: rebuilding a deal from its events.

A deal's events record every input (each card dealt, each player's decision)
and every consequence (posts, burns, returned bets, pots). Replaying the
inputs through a fresh deal of the same set-up must give the same log; that
check is what makes the log trustworthy for audit, crash recovery and pot
reconstruction (RRP5 decisions.6).

>>> from floorman.deal import Deal, Stakes, Call, Check
>>> from floorman.games import HOLDEM, Structure
>>> from floorman.shuffle import SeededShuffler
>>> deal = Deal(HOLDEM, structure=Structure.NO_LIMIT, stakes=Stakes(blinds=(1, 2)),
...             stacks=(50, 50), shuffler=SeededShuffler(4))
>>> while not deal.is_over:
...     legal = deal.legal()
...     _ = deal.apply(Call(position=legal.position) if legal.call else Check(position=legal.position))
>>> again = rebuild(deal.events, like=deal)
>>> again.stacks == deal.stacks, again.board == deal.board
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from floorman.deal import events as ev
from floorman.deal.actions import (
    Action,
    BringIn,
    Call,
    Check,
    Chop,
    DealBoard,
    DealHole,
    Draw,
    Expose,
    Fold,
    Kill,
    Muck,
    Replace,
    Scrap,
    Show,
    TakeBack,
    Void,
    Wager,
)
from floorman.deal.state import Deal
from floorman.errors import NotationError

__all__ = ["inputs", "rebuild"]


def inputs(events: Sequence[ev.Event]) -> Iterator[Action]:
    """The actions (the dealer's and the players') that produced a log, each
    known by its event's type alone: a chop by :class:`~ev.BlindsChopped`, a
    player's show or muck by :class:`~ev.PlayerShowed` and
    :class:`~ev.PlayerMucked` (what the dealer does by rule is no input)."""
    for event in events:
        match event:
            case ev.HoleDealt(position=p, cards=cards):
                yield DealHole(position=p, cards=cards)
            case ev.BoardDealt(cards=cards):
                yield DealBoard(cards=cards)
            case ev.Folded(position=p):
                yield Fold(position=p)
            case ev.Checked(position=p):
                yield Check(position=p)
            case ev.Called(position=p):
                yield Call(position=p)
            case ev.Wagered(position=p, to=to):
                yield Wager(position=p, to=to)
            case ev.BringInPosted(position=p):
                yield BringIn(position=p)
            case ev.CardTurned(position=p, card=card, up=True, citations=citations):
                yield Expose(position=p, card=card, citations=citations)
            case ev.CardReplaced(position=p, card=card, new=new, citations=citations):
                yield Replace(position=p, card=card, new=new, citations=citations)
            case ev.CardScrapped(card=card, citations=citations):
                yield Scrap(card=card, citations=citations)
            case ev.CardsTakenBack(cards=cards, citations=citations):
                yield TakeBack(cards=cards, citations=citations)
            case ev.HandKilled(position=p, citations=citations):
                yield Kill(position=p, citations=citations)
            case ev.DealVoided(citations=citations, kept=kept):
                yield Void(citations=citations, keep=kept)
            case ev.BlindsChopped(position=p):
                yield Chop(position=p)
            case ev.Drew(position=p, discards=discards):
                yield Draw(position=p, discards=discards)
            case ev.PlayerShowed(position=p, cards=cards):
                yield Show(position=p, cards=tuple(c for c in cards if c is not None))
            case ev.PlayerMucked(position=p):
                yield Muck(position=p)
            case _:
                pass


def _comparable(events: Sequence[ev.Event]) -> list[ev.Event]:
    # Which cards were burned, and how the stub was reshuffled, are the deck's
    # business (a dealer short of cards may even skip a burn): the cards dealt
    # from it are in the log.
    return [e for e in events if not isinstance(e, ev.StubReshuffled | ev.CardBurned)]


def rebuild(events: Sequence[ev.Event], *, like: Deal) -> Deal:
    """A deal of the same set-up as ``like`` rebuilt from a log of its events.

    Raises :class:`~floorman.errors.NotationError` if the log is not one the
    rules produce: an action it implies is refused, or the rebuilt deal's log
    differs.
    """
    deal = Deal(
        like.game,
        structure=like.structure,
        stakes=like.stakes,
        stacks=like.starting_stacks,
        auto_showdown=like.auto_showdown,
        rules=like.rules,
        dead=like.dead_money,
        runs=like.runs,
    )
    for action in inputs(events):
        deal.apply(action)
    if _comparable(deal.events) != _comparable(events):
        mine, theirs = _comparable(deal.events), _comparable(events)
        at = next(
            (i for i, (a, b) in enumerate(zip(mine, theirs, strict=False)) if a != b),
            min(len(mine), len(theirs)),
        )
        raise NotationError(
            "the log does not replay: event {at} differs",
            code="log_does_not_replay",
            text=repr(theirs[at]) if at < len(theirs) else "(log ends early)",
            at=at,
        )
    return deal
