"""The showdown: the order of showing, reading the hands, and awarding every pot.

Cards speak (RRP5 showdown.2): hands are read as they are, whatever is said.
Each pot is awarded on its own (RRP5 ties.5); in high-low split games the high
half takes the odd chip (RRP5 ties.4.3); odd chips between tied hands go
clockwise from the button in button games (RRP5 ties.4.1), and to the highest
(or lowest) card by suit at stud (RRP5 ties.4.2).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from floorman._static import TYPE_CHECKING
from floorman.cards import Card, format_cards
from floorman.deal import events as ev
from floorman.deal._make import Maker
from floorman.deal.checks import check_cards
from floorman.deal.legal import Legal, Turn, check_turn
from floorman.deal.pots import Pot, split
from floorman.deal.showing import card_order
from floorman.errors import IllegalAction, Who
from floorman.evaluation import (
    HandValue,
    evaluate_ace_to_five,
    evaluate_deuce_to_seven,
    evaluate_eight_or_better,
    evaluate_high,
    evaluate_omaha,
    evaluate_omaha_eight_or_better,
)
from floorman.evaluation.variants import (
    BadugiValue,
    ShortDeckValue,
    evaluate_badugi,
    evaluate_short_deck,
)
from floorman.games import Game, Reading
from floorman.ids import Position
from floorman.rulebook import Citation, cite

if TYPE_CHECKING:
    from typing import Final

    from floorman.deal.state import Deal

__all__ = [
    "after_show",
    "award_pots",
    "contested",
    "last_in_pot",
    "read_hand",
    "show_or_muck",
    "showdown_order",
]


_EACH_POT = cite("ties.5")
_LOSER_MUCKED = cite("showdown.4")
_CARDS_SPEAK = cite("showdown.2")
# The award of a deal won without a showdown (see floorman.deal._make).
_AWARDED: Final = Maker(ev.PotAwarded, "pot", "share", "amounts")
# The records of a showdown.
_AWARDED_SHOWN: Final = Maker(ev.PotAwarded, "pot", "share", "amounts", "hand", "run", "citations")
_LOSER_KILLED: Final = Maker(ev.HandMucked, "position", "citations")
_SHOWED: Final = Maker(ev.PlayerShowed, "position", "cards", "citations")
_MUCKED: Final = Maker(ev.PlayerMucked, "position", "citations")


def showdown_order(deal: Deal, live: Sequence[int]) -> list[int]:
    """Who shows first: the last bettor or raiser of the final round, else the
    first to act on it, then clockwise; players in a side pot show before one
    all in for the main pot only (RRP5 showdown.7).
    """
    n = deal.players
    start = deal._aggressor if deal._aggressor is not None else deal._first_actor
    if start is None or start not in live:
        start = min(live)
    order = [(start + i) % n for i in range(n) if (start + i) % n in live]
    pots = deal.pots
    if len(pots) <= 1:
        return order
    depth = {p: sum(1 for pot in pots if p in pot.eligible) for p in order}
    return sorted(order, key=lambda p: -depth[p])


def _known(cards: Sequence[Card | None]) -> list[Card] | None:
    known: list[Card] = []
    for c in cards:  # a loop: no generator for a few cards
        if c is None:
            return None
        known.append(c)
    return known


Value = HandValue | BadugiValue | ShortDeckValue


def read_hand(
    game: Game, hole: Sequence[Card], board: Sequence[Card] = ()
) -> tuple[Value | None, ...]:
    """How cards read at a game's showdown: the high (or low) value, and at
    high-low games the eight-or-better low, None where no hand qualifies.

    >>> from floorman.cards import parse_cards
    >>> from floorman.games import OMAHA_EIGHT
    >>> [v.name if v else None for v in read_hand(OMAHA_EIGHT, parse_cards("As 2s Kd Kh"),
    ...                                            parse_cards("3c 4d 8h Ks 9c"))]
    ['Three of a Kind, Kings', 'Eight Low, 8-4-3-2-A']
    """
    return tuple(r(list(hole)) for r in _readers(game, board))


# Each reading's evaluators, one per half of the pot, given a player's cards.
_EVALUATORS: dict[Reading, tuple[Callable[[list[Card]], Value | None], ...]] = {
    Reading.HIGH: (evaluate_high,),
    Reading.ACE_TO_FIVE: (evaluate_ace_to_five,),
    Reading.DEUCE_TO_SEVEN: (evaluate_deuce_to_seven,),
    Reading.HIGH_LOW_EIGHT: (evaluate_high, evaluate_eight_or_better),
    Reading.SHORT_DECK: (evaluate_short_deck,),
}


def _readers(
    game: Game, on_board: Sequence[Card | None]
) -> tuple[Callable[[list[Card]], Value | None], ...]:
    """Functions reading a player's cards (hole + board): one per half of the pot."""
    board = _known(on_board) or []
    if game.omaha:

        def omaha_high(hole: list[Card]) -> HandValue | None:
            return evaluate_omaha(hole, board)

        def omaha_low(hole: list[Card]) -> HandValue | None:
            return evaluate_omaha_eight_or_better(hole, board)

        if game.reading is Reading.HIGH_LOW_EIGHT:
            return (omaha_high, omaha_low)
        return (omaha_high,)
    if game.reading is Reading.BADUGI:
        # Badugi has no board: the four cards held are the hand.
        return (evaluate_badugi,)
    evaluators = _EVALUATORS[game.reading]
    if not board:
        return evaluators
    return tuple(_with_board(evaluate, board) for evaluate in evaluators)


def _with_board(
    evaluate: Callable[[list[Card]], Value | None], board: list[Card]
) -> Callable[[list[Card]], Value | None]:
    def read(hole: list[Card]) -> Value | None:
        return evaluate(hole + board)

    return read


def _odd_chip_order(deal: Deal, winners: list[Position], *, low: bool) -> list[Position]:
    if len(winners) < 2:
        return list(winners)  # no chip to share out
    if deal.game.is_button_game:
        # Position 0 is the first seat clockwise from the button (RRP5 ties.4.1).
        return sorted(winners)

    def best_card(p: int) -> tuple[int, int]:
        cards = [c for c in deal.hole(Position(p)) if c is not None]
        orders = [card_order(c, ace_low=low) for c in cards]
        if not orders:
            return (0, 0)
        if low:
            r, s = min(orders)
            return (-r, -s)
        return max(orders)

    return sorted(winners, key=best_card, reverse=True)


def award_pots(deal: Deal) -> list[ev.Event]:
    """The events that kill the losing hands and award every pot.

    When the rest of the board was dealt more than once (RRP5 policies.16),
    each pot is split into equal shares, one per board, the first boards
    taking any odd chip, and each share goes to the best hands on its board.
    """
    players = deal._players
    live = deal._live_now()
    if len(live) == 1 and not deal._runs and not players[live[0]].mucked:
        # Everyone else folded: the hand left takes the one pot there is (see
        # build_pots), awarded as below would award it, with nothing to read.
        made = deal.pots
        if made and made[0].amount:
            (pot,) = made
            return [_AWARDED.make3(0, "whole", ((pot.eligible[0], pot.amount),))]
    contenders = [p for p in range(deal.players) if not players[p].folded and not players[p].mucked]
    claimed = _claimed(deal.pots, contenders)
    pots = [pot for pot, _ in claimed]
    boards = deal.boards
    awards: list[ev.PotAwarded] = []
    for run, board in enumerate(boards):
        readers = _readers(deal.game, board) if len(contenders) > 1 else ()
        values: dict[int, list[Value | None]] = {}
        for p in contenders if readers else ():
            cards = _known(players[p].hole)
            values[p] = [r(cards) if cards is not None else None for r in readers]
        several = len(pots) > 1
        for index, pot in enumerate(pots):
            amount = pot.amount
            base = _EACH_POT if several else ()
            if claimed[index][1]:
                base = (*base, *cite("dead-hands.intro"))
            if len(boards) > 1:
                shares = split(pot.amount, list(range(len(boards))), unit=deal.stakes.chip)
                amount = shares[run][1]
                base = (*base, *cite("policies.16"))
            # A pot always keeps one unmucked hand: the last one may not muck.
            eligible = [p for p in pot.eligible if p in contenders]
            if len(eligible) == 1 or not readers:
                awards.append(
                    ev.PotAwarded(
                        pot=index,
                        share="whole",
                        amounts=((eligible[0], amount),),
                        run=run,
                        citations=base,
                    )
                )
                continue
            halves = _halves(values, eligible, len(readers))
            if len(halves) == 1:
                low = deal.game.reading.is_low
                awards.append(
                    _award(deal, index, "whole", amount, halves[0], base, low=low, run=run)
                )
            else:
                # The high half takes the odd unit (RRP5 ties.4.3).
                (_, high_amount), (_, low_amount) = split(amount, [0, 1], unit=deal.stakes.chip)
                split_rule = cite("ties.4.3") if high_amount != low_amount else ()
                cited = base + split_rule
                awards.append(
                    _award(deal, index, "high", high_amount, halves[0], cited, low=False, run=run)
                )
                awards.append(
                    _award(deal, index, "low", low_amount, halves[1], cited, low=True, run=run)
                )
    won = {p for a in awards for p, amount in a.amounts if amount}
    kills: list[ev.Event] = [
        _LOSER_KILLED.make2(Position(p), _LOSER_MUCKED)
        for p in contenders
        if p not in won and players[p].shown
    ]
    return kills + list(awards)


def _claimed(pots: Sequence[Pot], contenders: Sequence[int]) -> list[tuple[Pot, bool]]:
    """The pots some hand still in can win, each with whether it took in a pot
    above it that none can. A ruling at the showdown may kill the last hand
    that could win a side pot, the others in it mucked: a dead hand has no
    claim to any part of the pot (RRP5 dead-hands.intro), so that pot goes
    to the pot below, which live hands contest (a lower pot's hands include a
    higher's), as chips only folded hands put in do (see
    :func:`~floorman.deal.pots.build_pots`).
    """
    claimed = [(pot, False) for pot in pots]
    for index in range(len(claimed) - 1, 0, -1):
        pot = claimed[index][0]
        if not any(p in contenders for p in pot.eligible):
            below = claimed[index - 1][0]
            claimed[index - 1] = (Pot(below.amount + pot.amount, below.eligible), True)
            del claimed[index]
    return claimed


def _halves(
    values: dict[int, list[Value | None]], eligible: list[Position], readers: int
) -> list[tuple[list[Position], Value]]:
    """The winners of each half: the high, and the low if any hand qualifies."""
    halves: list[tuple[list[Position], Value]] = []
    for r in range(readers):
        scored = [(values[p][r], p) for p in eligible if values[p][r] is not None]
        if not scored:
            continue
        best = max(v for v, _ in scored if v is not None)
        halves.append(([p for v, p in scored if v is best or v == best], best))
    return halves


def _award(
    deal: Deal,
    index: int,
    share: str,
    amount: int,
    half: tuple[list[Position], Value],
    base: tuple[Citation, ...],
    *,
    low: bool,
    run: int = 0,
) -> ev.PotAwarded:
    winners, value = half
    citations = (*base, *_CARDS_SPEAK)
    if len(winners) > 1 and (amount // deal.stakes.chip) % len(winners):
        rule = "ties.4.1" if deal.game.is_button_game else "ties.4.2"
        citations = (*citations, *cite("ties.2", "ties.3", rule))
    ordered = _odd_chip_order(deal, winners, low=low)
    amounts = split(amount, ordered, unit=deal.stakes.chip)
    return _AWARDED_SHOWN.make6(index, share, amounts, value.name, run, citations)


def last_in_pot(deal: Deal, p: int) -> Pot | None:
    """A pot in which ``p`` holds the last hand not folded or mucked, if any."""
    for pot in deal.pots:
        rivals = [
            q
            for q in pot.eligible
            if q != p and not (deal._players[q].folded or deal._players[q].mucked)
        ]
        if p in pot.eligible and not rivals:
            return pot
    return None


def contested(deal: Deal, p: int) -> bool:
    """Whether a shown hand still stands against ``p``'s in some pot."""
    return any(
        p in pot.eligible and any(q != p and deal._players[q].shown for q in pot.eligible)
        for pot in deal.pots
    )


def show_or_muck(
    deal: Deal, legal: Legal, p: int, *, show: bool, cards: tuple[Card, ...] = ()
) -> None:
    """A player's own show or muck at the showdown, in turn (RRP5 showdown.1): a
    shown hand names its unseen cards; the last hand in a pot may not muck."""
    check_turn(legal, Turn.SHOW, Position(p), "show or muck")
    if show:
        hole = deal.hole(Position(p))
        if cards:
            known = sorted(c for c in hole if c is not None)
            rest = list(cards)
            for c in known:
                if c in rest:
                    rest.remove(c)
            if len(cards) != len(hole) or len(rest) != hole.count(None):
                raise IllegalAction(
                    "{who} holds {known} and {unknown} unknown; it cannot show {cards}",
                    code="show_wrong_cards",
                    who=Who(Position(p)),
                    known=format_cards(c for c in hole if c),
                    unknown=hole.count(None),
                    cards=format_cards(cards),
                    citations=_SHOW_OR_MUCK,
                )
            check_cards(deal, [c for c in cards if c not in known])
            hole = cards
        elif None in hole:
            raise IllegalAction(
                "{who} holds cards nobody saw; to show the hand, name all its cards",
                code="show_unknown_cards",
                who=Who(Position(p)),
                citations=_SHOW_OR_MUCK,
            )
        deal._emit(_SHOWED.make3(Position(p), hole, _SHOW_OR_MUCK))
    else:
        pot = last_in_pot(deal, p)
        if pot is not None:
            raise IllegalAction(
                "{who} holds the last hand in a pot of {pot}, which it"
                " wins without showing; it may show, not muck",
                code="last_hand_must_show",
                who=Who(Position(p)),
                pot=pot.amount,
                citations=_SHOW_OR_MUCK,
            )
        deal._emit(_MUCKED.make2(Position(p), _SHOW_OR_MUCK))
    after_show(deal)


def after_show(deal: Deal) -> None:
    """Award the pots once every hand has shown or mucked, or the one left
    waiting stands against no shown hand."""
    waiting = [
        q for q in deal._show_order if not (deal._players[q].shown or deal._players[q].mucked)
    ]
    if not waiting or (len(waiting) == 1 and not contested(deal, waiting[0])):
        deal._finish()


_SHOW_OR_MUCK = cite("showdown.1")
