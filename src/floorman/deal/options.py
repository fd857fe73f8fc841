"""What the player to act may do: the exact amounts of a call, bet or raise,
and why a bet or raise is barred (RRP5 betting.1, .4-.8, policies.6)."""

from __future__ import annotations

from floorman._static import TYPE_CHECKING
from floorman.deal.legal import Legal, Turn
from floorman.deal.showdown import last_in_pot
from floorman.games import Game, Structure
from floorman.ids import Position
from floorman.rulebook import Citation, cite

if TYPE_CHECKING:
    from floorman.deal.state import Deal

__all__ = [
    "NO_ACTION",
    "betting_options",
    "covered",
    "draw_order",
    "draw_turn",
    "faces_full_wager",
    "legal_now",
    "may_raise",
    "raise_block",
]

#: What a deal that is over waits for: nothing.
NO_ACTION = Legal(turn=Turn.OVER)


def betting_options(deal: Deal, p: int) -> Legal:
    """What position ``p`` may do in the betting, with the exact amounts."""
    players = deal._players
    chip = deal._chip
    level = deal._level
    pl = players[p]
    bet = pl.street_bet
    free = pl.stack if chip == 1 else pl.stack - pl.stack % chip
    to_call = min(level - bet, free)
    reach = bet + free  # the most this player's bet can come to
    min_to = max_to = 0
    if reach > level:
        # The opponents still in, in one pass, as _scan does; the kept list of
        # who can act counts the live players with chips that play.
        able = len(deal._able_now())
        most = 0
        callable_more = False
        for q in deal._live_cache:
            if q == p:
                continue
            o = players[q]
            o_free = o.stack if chip == 1 else o.stack - o.stack % chip
            o_reach = o.street_bet + o_free
            if o_reach > most:
                most = o_reach
            if o_free and o_reach > level:
                callable_more = True
        if raise_block(deal, p, (most, callable_more, able)) is None:
            if deal.structure is Structure.FIXED_LIMIT:
                min_to = max_to = min(deal._full_level + deal._bet_size(), reach)
            else:
                min_to = min(level + max(deal._raise_size, deal._bet_size()), reach)
                if deal.structure is Structure.POT_LIMIT:
                    pot_after_call = deal.pot + (level - bet)
                    max_to = min(level + pot_after_call, reach)
                else:
                    max_to = reach
            if level < most < min_to:
                # Nobody could match more: a wager to what the opponents can cover
                # is the full one, its excess would only come back (RRP5
                # policies.6), so it is no short raise (RRP5 betting.5).
                min_to = most
    if chip > 1 and min_to:
        # Wagers are whole numbers of the smallest chip (RRP5 betting.8).
        if max_to != reach:
            max_to -= max_to % chip
        if min_to != reach and min_to % chip:
            min_to = min(min_to + chip - min_to % chip, reach)
        if min_to > max_to:
            min_to = max_to = 0
    bring_in = 0
    if deal._bring_in_due == p:
        bring_in = min(deal.stakes.bring_in, free)
    facing = level > bet
    return _legal_bet(
        Position(p),
        not bring_in,
        not facing and bring_in == 0,
        to_call if facing else 0,
        min_to,
        max_to,
        bring_in,
    )


# The same few betting options come up again and again: each is made once (a
# Legal is a frozen value, so one may stand for every equal one).
_LEGAL_BET: dict[tuple[int, bool, bool, int, int, int, int], Legal] = {}


def _legal_bet(
    p: Position, fold: bool, check: bool, call: int, min_to: int, max_to: int, bring_in: int
) -> Legal:
    key = (p, fold, check, call, min_to, max_to, bring_in)
    legal = _LEGAL_BET.get(key)
    if legal is None:
        if len(_LEGAL_BET) >= 4096:
            _LEGAL_BET.clear()
        legal = Legal(
            turn=Turn.BET,
            position=p,
            fold=fold,
            check=check,
            call=call,
            min_to=min_to,
            max_to=max_to,
            bring_in=bring_in,
        )
        _LEGAL_BET[key] = legal
    return legal


_LEGAL_CARDS: dict[tuple[Turn, Position | None, int], Legal] = {}


def _legal_cards(turn: Turn, p: Position | None, cards: int) -> Legal:
    """A turn to deal, or to draw: made once for each value, as :func:`_legal_bet`."""
    key = (turn, p, cards)
    legal = _LEGAL_CARDS.get(key)
    if legal is None:
        if len(_LEGAL_CARDS) >= 4096:
            _LEGAL_CARDS.clear()
        legal = _LEGAL_CARDS[key] = Legal(turn=turn, position=p, cards=cards)
    return legal


_LEGAL_SHOW: dict[tuple[Position, bool], Legal] = {}


def _legal_show(p: Position, *, muck: bool) -> Legal:
    """A turn to show or muck: made once for each value, as :func:`_legal_bet`."""
    legal = _LEGAL_SHOW.get((p, muck))
    if legal is None:
        if len(_LEGAL_SHOW) >= 4096:
            _LEGAL_SHOW.clear()
        legal = _LEGAL_SHOW[(p, muck)] = Legal(turn=Turn.SHOW, position=p, muck=muck)
    return legal


def _scan(deal: Deal, p: int) -> tuple[int, bool, int]:
    """The opponents of ``p`` in one pass: the most any still in could have in
    this round, whether one with chips to bet could call more than the bet, and
    how many live players (``p`` too) have chips that play."""
    chip = deal._chip
    level = deal._level
    most = 0
    callable_more = False
    able = 0
    for q, o in enumerate(deal._players):
        if o.folded:
            continue
        free = o.stack if chip == 1 else o.stack - o.stack % chip
        if free:
            able += 1
        if q == p:
            continue
        reach = o.street_bet + free
        if reach > most:
            most = reach
        if free and reach > level:
            callable_more = True
    return most, callable_more, able


def may_raise(deal: Deal, p: int) -> bool:
    """Whether position ``p`` may bet or raise now."""
    return raise_block(deal, p) is None


def faces_full_wager(deal: Deal, acted_at: int) -> bool:
    """Whether the bet has risen by a full-size wager since a player acted at
    ``acted_at``: together, the wagers since (several short all-ins among
    them) make half a bet or more at limit (RRP5 betting.6) or at least the
    last full bet or raise at no-limit and pot-limit (RRP5 betting.7).
    """
    rise = deal._level - acted_at
    if deal.structure is Structure.FIXED_LIMIT:
        return 2 * rise >= deal._bet_size()
    return rise >= deal._raise_size


def covered(deal: Deal, p: int) -> int:
    """The most any opponent still in could have in this round: a wager above
    it is the same wager as one to it, the rest never at risk."""
    return _scan(deal, p)[0]


def raise_block(
    deal: Deal, p: int, scan: tuple[int, bool, int] | None = None
) -> tuple[str, str, tuple[Citation, ...]] | None:
    """Why position ``p`` may not bet or raise now (the error's code, the
    reason in words, the rule); None if it may. ``scan`` is what
    :func:`_scan` says of ``p``'s opponents, when already known."""
    pl = deal._players[p]
    if pl.acted_at is not None and not faces_full_wager(deal, pl.acted_at):
        if deal.structure is Structure.FIXED_LIMIT:
            why = "it has acted and faces less than half a bet more since"
            return ("raise_not_reopened", why, cite("betting.6"))
        why = "it has acted and faces less than a full bet or raise more since"
        return ("raise_not_reopened", why, cite("betting.7"))
    if scan is None:
        scan = _scan(deal, p)
    _, callable_more, able = scan
    if not callable_more:
        # Nobody could call any part of a raise: it would only come back.
        why = "no other player could call more than the bet"
        return ("raise_uncallable", why, cite("betting.5"))
    if not deal.game.check_raise and p in deal._checked:
        why = f"check-raising is not allowed at {deal.game.name}"
        return ("check_raise_barred", why, cite("betting.1"))
    if deal.structure is not Structure.FIXED_LIMIT:
        return None
    heads_up = able <= 2
    if deal._capped or (deal._full_count >= 1 + deal._max_raises and not heads_up):
        return ("raise_capped", "the raising is capped", _cap_citations(deal.game))
    return None


# The rules that cap the raising at each game (asked at every turn once capped).
_CAP_CITATIONS: dict[int, tuple[Game, tuple[Citation, ...]]] = {}


def _cap_citations(game: Game) -> tuple[Citation, ...]:
    """The game's raise cap rule (RRP5 betting.3.1 or betting.3.2), and betting.4."""
    found = _CAP_CITATIONS.get(id(game))
    if found is None or found[0] is not game:
        if len(_CAP_CITATIONS) >= 256:
            _CAP_CITATIONS.clear()
        found = _CAP_CITATIONS[id(game)] = (game, (game.raise_cap_citation, *cite("betting.4")))
    return found[1]


def legal_now(deal: Deal) -> Legal:
    """Whose turn it is and what they may do, read from the deal's state."""
    needs = deal._needs
    if needs and not (deal._over or deal._dealing or deal._board_due or deal._show_order):
        # The usual case, betting: the same answer as the steps below. In a draw
        # game a betting round opens only once every hand has drawn and been
        # served (Deal._auto_deal), and no draw comes before it closes.
        return betting_options(deal, needs[0])
    if deal._over:
        return NO_ACTION
    if deal._dealing:
        p, up = deal._dealing[0]
        return _legal_cards(Turn.DEAL_HOLE, Position(p), len(up))
    if deal._board_due:
        return _legal_cards(Turn.DEAL_BOARD, None, deal._board_due)
    street = deal.game.streets[deal._street] if deal._street < len(deal.game.streets) else None
    if deal._show_order and not deal._over:
        p = next(
            q for q in deal._show_order if not (deal._players[q].shown or deal._players[q].mucked)
        )
        return _legal_show(Position(p), muck=last_in_pot(deal, p) is None)
    if deal._has_draw:
        drawing = draw_turn(deal, street is not None and street.draw)
        if drawing is not None:
            return drawing
    if deal._needs:
        return betting_options(deal, deal._needs[0])
    return NO_ACTION


def draw_order(deal: Deal) -> list[int]:
    """Who draws, in order: every live hand."""
    return [p for p in range(len(deal._players)) if not deal._players[p].folded]


def draw_turn(deal: Deal, drawing: bool) -> Legal | None:
    """The draw's turn, if any: the first live hand in :func:`draw_order` yet to
    draw while ``drawing`` (a draw street), else the dealer's turn to serve the
    first player waiting for cards; None when neither is due."""
    players = deal._players
    if drawing:
        # draw_order, read in one pass: the first live hand that has not drawn.
        for p, pl in enumerate(players):
            if not (pl.drew or pl.folded):
                legal = _DRAWS.get((p, len(pl.hole)))
                return legal or _legal_cards(Turn.DRAW, Position(p), len(pl.hole))
    for p, pl in enumerate(players):
        if pl.pending_draw:
            return _legal_cards(Turn.DEAL_HOLE, Position(p), pl.pending_draw)
    return None


#: Each player's turn to draw from a hand of so many cards (the hand sizes of
#: the draw games, for the positions of a full table): made once.
_DRAWS: dict[tuple[int, int], Legal] = {
    (p, n): Legal(turn=Turn.DRAW, position=Position(p), cards=n)
    for p in range(10)
    for n in range(1, 8)
}
