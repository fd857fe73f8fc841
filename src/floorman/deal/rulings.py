"""Rulings applied to a deal: the blinds chopping, a hand ruled dead, a deal voided.

These are inputs to a deal like the players' actions, but they come from the
table's agreement or a floorperson's ruling, and each cites its rule. They
reach the deal through :meth:`Deal.apply <floorman.deal.state.Deal.apply>`
(:class:`~floorman.deal.actions.Chop`, :class:`~floorman.deal.actions.Kill`,
:class:`~floorman.deal.actions.Void`), so the log replays them.

Each function here checks a ruling against the deal as its public views show
it and returns the events that record it; it changes nothing. The deal
records them (its event handlers are the only code that changes its state)
and carries on from where the ruling leaves it.
"""

from __future__ import annotations

from floorman._static import TYPE_CHECKING
from floorman.cards import Card
from floorman.deal import events as ev
from floorman.deal.checks import check_cards, held_back_after, stub
from floorman.deal.legal import Legal, Turn, check_turn
from floorman.errors import IllegalAction, Who
from floorman.ids import Position
from floorman.rulebook import Citation, cite

if TYPE_CHECKING:
    from floorman.deal.state import Deal

__all__ = ["can_chop", "chop", "expose", "kill", "replace_card", "scrap", "take_back", "void"]


def can_chop(deal: Deal) -> bool:
    """Whether the blinds may chop now: a button game with three or more
    dealt in, everyone but the two blinds folded without a raise, the small
    blind to act, and nothing in the pot but the blinds (RRP5 policies.15)."""
    legal = deal.legal()
    if not deal.game.is_button_game or legal.turn is not Turn.BET or deal.street != 0:
        return False
    live = [p for p in range(deal.players) if not deal.folded(Position(p))]
    blinds, bets = deal.blinds, deal.bets
    posted = [p for p in range(deal.players) if blinds[p]]
    return (
        deal.players > 2
        and len(live) == 2
        and sorted(live) == sorted(posted)
        and legal.position == min(posted, key=lambda p: blinds[p])
        # Each blind's bet is still the blind: nobody has raised.
        and all(bets[p] == blinds[p] for p in live)
        and deal.pot == sum(bets[p] for p in live)
    )


def chop(deal: Deal, legal: Legal, p: int) -> list[ev.Event]:
    """The chop, small blind ``p`` first: the agreement, then each blind back."""
    check_turn(legal, Turn.BET, Position(p), "chop")
    if not deal.can_chop:
        raise IllegalAction(
            "{who} cannot chop: the blinds chop only when everyone else has"
            " folded to the small blind and the pot holds just the blinds; {allowed}",
            code="chop_not_allowed",
            who=Who(Position(p)),
            allowed=legal,
            citations=cite("policies.15"),
        )
    rule = cite("policies.15")
    live = [q for q in range(deal.players) if not deal.folded(Position(q))]
    back: list[ev.Event] = [
        ev.BetReturned(position=Position(q), amount=deal.bets[q], citations=rule)
        for q in sorted(live, key=lambda q: q != p)
    ]
    return [ev.BlindsChopped(position=Position(p), citations=rule), *back]


def _refuse_if_over(deal: Deal, what: str = "") -> None:
    if deal.is_over:
        raise IllegalAction(
            "the deal is over: {what}",
            code="deal_over",
            what=what or "its result stands, save a ruling on a pot asked for before the next deal",
            citations=() if what else cite("decisions.5"),
        )


def void(deal: Deal, rule: tuple[Citation, ...], keep: tuple[Position, ...] = ()) -> list[ev.Event]:
    """Every chip back to whoever put it in, but those of the players ``keep``."""
    _refuse_if_over(deal)
    if any(not 0 <= p < deal.players for p in keep):
        raise IllegalAction("no such player among {keep}", code="no_such_player", keep=keep)
    put_in = [deal.starting_stacks[p] - s for p, s in enumerate(deal.stacks)]
    refunds = tuple((Position(p), n) for p, n in enumerate(put_in) if n and p not in keep)
    carried = sum(put_in[p] for p in set(keep))
    return [ev.DealVoided(refunds=refunds, kept=keep, carried=carried, citations=rule)]


def _live_hand(deal: Deal, p: int) -> bool:
    return not deal.is_over and 0 <= p < deal.players and not deal.folded(Position(p))


def replace_card(
    deal: Deal, p: int, card: Card, new: Card | None, rule: tuple[Citation, ...]
) -> list[ev.Event]:
    """Take ``card`` out of player ``p``'s hand and give the next stub card (or
    ``new``) in its place."""
    if not _live_hand(deal, p):
        raise IllegalAction(
            "{who} has no live hand whose card could be replaced",
            code="no_live_hand",
            who=Who(Position(p)),
        )
    if card not in deal.hole(Position(p)):
        raise IllegalAction(
            "{who} does not hold {card}", code="card_not_held", who=Who(Position(p)), card=str(card)
        )
    undealt = stub(deal)
    if new is None and undealt is not None:
        if not undealt:
            raise IllegalAction("the stub has no card left to replace it with", code="stub_empty")
        new = undealt[0]
    elif new is not None:
        check_cards(deal, (new,))
    return [ev.CardReplaced(position=Position(p), card=card, new=new, citations=rule)]


def scrap(deal: Deal, card: Card, rule: tuple[Citation, ...]) -> list[ev.Event]:
    """Take ``card``, not yet dealt, out of play as a scrap of paper."""
    _refuse_if_over(deal, "no card is left to rule on")
    undealt = stub(deal)
    if undealt is not None and card not in undealt:
        raise IllegalAction(
            "{card} is not in the stub: only an undealt card is scrapped there",
            code="card_not_in_stub",
            card=str(card),
        )
    if undealt is None:
        check_cards(deal, (card,), dealing=False)
    return [ev.CardScrapped(card=card, citations=rule)]


def take_back(
    deal: Deal, legal: Legal, cards: tuple[Card, ...], rule: tuple[Citation, ...]
) -> list[ev.Event]:
    """Send ``cards``, dealt while the betting was still open, back beneath the stub."""
    if legal.turn is not Turn.BET:
        raise IllegalAction(
            "cards are dealt too soon only while a betting round is open; {allowed}",
            code="betting_closed",
            allowed=legal,
            citations=cite("irregularities.15"),
        )
    if not cards or len(set(cards)) != len(cards):
        raise IllegalAction("name each card dealt too soon once", code="cards_named_twice")
    again = [c for c in cards if held_back_after(deal, c)]
    if again:
        raise IllegalAction(
            "{cards} went back beneath the stub already",
            code="already_taken_back",
            cards=" ".join(map(str, again)),
            citations=cite("irregularities.15"),
        )
    undealt = stub(deal)
    if undealt is not None:
        missing = [c for c in cards if c not in undealt]
        if missing:
            raise IllegalAction(
                "{cards} is not in the stub: only cards not yet in play can have been dealt"
                " too soon",
                code="card_not_in_stub",
                cards=" ".join(map(str, missing)),
            )
    else:
        check_cards(deal, cards, dealing=False)
    return [ev.CardsTakenBack(cards=cards, citations=rule)]


def expose(deal: Deal, p: int, card: Card, rule: tuple[Citation, ...]) -> list[ev.Event]:
    """A stud downcard the dealer exposed plays up. The stud section is not
    included; this is the standard practice: on third street, before anyone
    has acted, the player's door card goes down instead (the second event),
    and the bring-in is found again from the cards now showing."""
    if deal.game.is_button_game:
        raise IllegalAction("{game} has no upcards to turn", code="no_upcards", game=deal.game.name)
    live = 0 <= p < deal.players and not deal.folded(Position(p))
    hole = deal.hole(Position(p)) if live else ()
    up = deal.up(Position(p)) if live else ()
    if card not in hole or up[hole.index(card)]:
        raise IllegalAction(
            "{who} holds no downcard {card}",
            code="no_downcard",
            who=Who(Position(p)),
            card=str(card),
        )
    acted = any(
        isinstance(e, ev.BringInPosted | ev.Wagered | ev.Called | ev.Checked | ev.Folded)
        for e in deal.events
    )
    turned: list[ev.Event] = [
        ev.CardTurned(position=Position(p), card=card, up=True, citations=rule)
    ]
    if deal.street == 0 and not acted and len(hole) == 3:
        door = next(c for c, shown in zip(hole, up, strict=True) if shown and c != card)
        assert door is not None
        turned.append(ev.CardTurned(position=Position(p), card=door, up=False, citations=rule))
    return turned


def kill(deal: Deal, legal: Legal, p: int, rule: tuple[Citation, ...]) -> list[ev.Event]:
    """Player ``p``'s hand ruled dead for the rule cited."""
    if not _live_hand(deal, p):
        raise IllegalAction(
            "{who} has no live hand to rule dead; {allowed}",
            code="no_live_hand",
            who=Who(Position(p)),
            allowed=legal,
        )
    if deal.mucked(Position(p)):
        raise IllegalAction(
            "{who}'s hand is already mucked", code="hand_mucked", who=Who(Position(p))
        )
    return [ev.HandKilled(position=Position(p), citations=rule)]
