"""Equity: each hand's share of the pot over every way the board can come.

Exact equity enumerates every completion of the board from the cards not
seen; with ``samples`` it draws that many completions at random from a
seedable generator, so a result can be reproduced. Hold'em, Omaha (exactly
two hole cards, RRP5 ranking) and Omaha eight-or-better, where the high and
the qualifying low split the pot.

>>> result = equity(["AsKs", "QhQd"])
>>> result.deals
1712304
>>> [f"{h.equity:.1%}" for h in result.hands]
['46.2%', '53.8%']
>>> equity(["AsKs", "QhQd"], board="Qs Js 2c", samples=1000, seed=7).exact
False
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from math import comb

import numpy as np
import numpy.typing as npt

from floorman._static import TYPE_CHECKING
from floorman.cards import JOKER_INDEX, Card, format_cards, parse_cards
from floorman.errors import NotationError
from floorman.evaluation._native import FAST
from floorman.evaluation._tables import U8Array, combinations_array
from floorman.evaluation.batch import (
    CARD_KEYS,
    RANK_ONLY_KEYS,
    IntArray,
    evaluate_low8_keys,
    hand_keys,
    strengths_from_keys,
)
from floorman.rulebook import cite

if TYPE_CHECKING:
    from floorman.evaluation._native import Compiled

__all__ = [
    "MAX_SAMPLES",
    "EquityGame",
    "EquityResult",
    "HandEquity",
    "combinations_array",
    "equity",
]

FloatArray = npt.NDArray[np.float64]


class EquityGame(enum.Enum):
    """The forms equity is computed for."""

    HOLDEM = "holdem"
    OMAHA = "omaha"
    #: Omaha high-low split, eight or better for low.
    OMAHA_EIGHT = "omaha8"

    @property
    def hole_sizes(self) -> tuple[int, ...]:
        """How many hole cards a hand of this form may hold."""
        return (2,) if self is EquityGame.HOLDEM else (4, 5, 6)

    def __repr__(self) -> str:
        return f"EquityGame.{self.name}"


@dataclass(frozen=True, slots=True)
class HandEquity:
    """One hand's results over all deals.

    ``wins`` counts deals where it takes the whole pot, ``ties`` deals where it
    takes a part, and ``share`` the pots it takes in all (a half is 0.5).
    """

    cards: tuple[Card, ...]
    wins: int
    ties: int
    share: float
    deals: int

    @property
    def equity(self) -> float:
        """The expected fraction of the pot."""
        return self.share / self.deals

    @property
    def win_rate(self) -> float:
        """The fraction of deals that give this hand the whole pot."""
        return self.wins / self.deals

    @property
    def tie_rate(self) -> float:
        """The fraction of deals where this hand splits the pot."""
        return self.ties / self.deals


@dataclass(frozen=True, slots=True)
class EquityResult:
    """Equity of every hand in a matchup."""

    game: EquityGame
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    deals: int
    exact: bool
    hands: tuple[HandEquity, ...]
    seed: int = 0

    def table(self) -> str:
        """A plain-text table of wins, ties and equity, one hand a line."""
        width = max(len(format_cards(h.cards, sep="")) for h in self.hands)
        lines = [f"{'hand':<{width}}  {'win':>7}  {'tie':>7}  {'equity':>7}"]
        for h in self.hands:
            lines.append(
                f"{format_cards(h.cards, sep=''):<{width}}  {h.win_rate:>7.2%}"
                f"  {h.tie_rate:>7.2%}  {h.equity:>7.2%}"
            )
        how = "enumerated (exact)" if self.exact else f"sampled (Monte Carlo, seed {self.seed})"
        lines.append(f"{self.deals:,} boards {how}")
        return "\n".join(lines)


#: The most boards a sampled run draws: more than an exact run ever enumerates
#: (1,712,304 hold'em boards), so a longer sample is never the better answer.
MAX_SAMPLES = 2_000_000


def _as_cards(cards: str | Iterable[Card]) -> tuple[Card, ...]:
    return parse_cards(cards) if isinstance(cards, str) else tuple(cards)


def equity(
    hands: Sequence[str | Iterable[Card]],
    *,
    board: str | Iterable[Card] = (),
    dead: str | Iterable[Card] = (),
    game: EquityGame = EquityGame.HOLDEM,
    samples: int | None = None,
    seed: int = 0,
) -> EquityResult:
    """Each hand's equity, exact by default or from ``samples`` random boards.

    Hands and board may be given as text (``"AsKs"``) or cards; ``dead`` cards
    are known to be out of play (folded or exposed). Sampling draws from a
    generator seeded with ``seed``, so the same call gives the same result.

    >>> r = equity(["Ah Ad Kc Qc", "7s 8s 9d Td"], game=EquityGame.OMAHA, board="2s 3s 4h")
    >>> r.deals, round(r.hands[0].equity, 3)
    (820, 0.555)
    >>> equity(["AsKs", "AsQd"])
    Traceback (most recent call last):
    ...
    floorman.errors.NotationError: the same card is given twice: As (a deck has one of each card) [RRP5 irregularities.4]
    """
    holes = tuple(_as_cards(h) for h in hands)
    board_cards = _as_cards(board)
    dead_cards = _as_cards(dead)
    _validate(holes, board_cards, dead_cards, game, samples)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise NotationError(f"the seed is a whole number 0 or more, not {seed!r}", text=str(seed))
    seen = {c.index for c in itertools.chain(board_cards, dead_cards, *holes)}
    remaining = np.array([i for i in range(52) if i not in seen], dtype=np.uint8)
    missing = 5 - len(board_cards)
    exact = samples is None or missing == 0
    deals = comb(len(remaining), missing) if exact else int(samples or 0)

    if game is EquityGame.HOLDEM and FAST is not None and len(holes) <= _MOST_COMPILED:
        wins, ties, share = _holdem_compiled(
            FAST, holes, board_cards, remaining, missing, exact, deals, seed
        )
    else:
        wins, ties, share = _settle_all(
            holes, board_cards, remaining, missing, exact, deals, seed, game
        )
    return EquityResult(
        game=game,
        board=board_cards,
        dead=dead_cards,
        deals=deals,
        exact=exact,
        seed=seed,
        hands=tuple(
            HandEquity(cards=h, wins=int(w), ties=int(x), share=float(s), deals=deals)
            for h, w, x, s in zip(holes, wins, ties, share, strict=True)
        ),
    )


Tallies = tuple[list[int], list[int], list[float]]

#: The most hands the compiled hold'em tally settles (as many as a deck can deal).
_MOST_COMPILED = 23


def _settle_all(
    holes: tuple[tuple[Card, ...], ...],
    board: tuple[Card, ...],
    remaining: U8Array,
    missing: int,
    exact: bool,
    deals: int,
    seed: int,
    game: EquityGame,
) -> Tallies:
    """Wins, ties and pot shares of each hand, chunk by chunk with numpy."""
    settle = _Settler(holes, board, game)
    wins = np.zeros(len(holes), dtype=np.int64)
    ties = np.zeros(len(holes), dtype=np.int64)
    share = np.zeros(len(holes), dtype=np.float64)
    for completions in _completions(remaining, missing, exact, deals, seed, game):
        shares = settle(completions)
        wins += np.count_nonzero(shares == 1.0, axis=1)
        ties += np.count_nonzero((shares > 0.0) & (shares < 1.0), axis=1)
        share += shares.sum(axis=1)
    return wins.tolist(), ties.tolist(), share.tolist()


def _holdem_compiled(
    fast: Compiled,
    holes: tuple[tuple[Card, ...], ...],
    board: tuple[Card, ...],
    remaining: U8Array,
    missing: int,
    exact: bool,
    deals: int,
    seed: int,
) -> Tallies:
    """The same tallies as :func:`_settle_all` for hold'em, settled in compiled code.

    An exact run enumerates the boards in C; a sampled one settles the same
    random completions, chunk by chunk. Shares are summed from the count of
    pots split each way, so they can differ from numpy's sum in the last bits.
    """
    hole_indices = [[c.index for c in h] for h in holes]
    board_indices = [c.index for c in board]
    players = len(holes)
    wins = [0] * players
    ties = [0] * players
    split = [[0] * (players + 1) for _ in range(players)]
    chunks: Iterable[U8Array | None] = (
        [None] if exact else _completions(remaining, missing, exact, deals, seed, EquityGame.HOLDEM)
    )
    for chunk in chunks:
        w, x, s = fast.holdem_tally(hole_indices, board_indices, remaining, missing, chunk)
        for p in range(players):
            wins[p] += w[p]
            ties[p] += x[p]
            for k in range(players + 1):
                split[p][k] += s[p][k]
    share = [wins[p] + sum(n / k for k, n in enumerate(split[p]) if n) for p in range(players)]
    return wins, ties, share


def _validate(
    holes: tuple[tuple[Card, ...], ...],
    board: tuple[Card, ...],
    dead: tuple[Card, ...],
    game: EquityGame,
    samples: int | None,
) -> None:
    everything = [c for group in (*holes, board, dead) for c in group]
    text = " | ".join(format_cards(h) for h in holes)
    if len(holes) < 2:
        raise NotationError(f"equity needs two hands or more, got {len(holes)}", text=text)
    for hole in holes:
        if len(hole) not in game.hole_sizes:
            sizes = " or ".join(str(s) for s in game.hole_sizes)
            raise NotationError(
                f"a {game.value} hand holds {sizes} cards; {format_cards(hole)} has {len(hole)}",
                text=format_cards(hole),
            )
    if any(c.index == JOKER_INDEX for c in everything):
        raise NotationError(f"{game.value} is played without the joker", text="Xx")
    counts: dict[int, int] = {}
    for c in everything:
        counts[c.index] = counts.get(c.index, 0) + 1
    twice = [Card(i) for i, n in sorted(counts.items()) if n > 1]
    if twice:
        raise NotationError(
            f"the same card is given twice: {format_cards(twice)} (a deck has one of each card)",
            text=format_cards(everything),
            citations=cite("irregularities.4"),
        )
    if len(board) > 5:
        raise NotationError(
            f"a board has at most five cards, got {len(board)}", text=format_cards(board)
        )
    if 52 - len(everything) < 5 - len(board):
        raise NotationError("not enough cards left to complete the board", text=text)
    if samples is not None and not 1 <= samples <= MAX_SAMPLES:
        raise NotationError(
            f"samples must be at least 1 and at most {MAX_SAMPLES:,}, got {samples}; an exact"
            " run (no samples) enumerates every board, 1,712,304 at most",
            text=str(samples),
        )


def _chunk_rows(game: EquityGame) -> int:
    return 1 << 15 if game is EquityGame.HOLDEM else 1 << 10


def _completions(
    remaining: U8Array,
    missing: int,
    exact: bool,
    deals: int,
    seed: int,
    game: EquityGame,
) -> Iterator[U8Array]:
    """The board completions, in chunks of rows of card indices."""
    size = _chunk_rows(game)
    if exact:
        combos = combinations_array(len(remaining), missing)
        for start in range(0, combos.shape[0], size):
            yield np.ascontiguousarray(remaining[combos[start : start + size]])
        return
    rng = np.random.default_rng(seed)
    for start in range(0, deals, size):
        rows = min(size, deals - start)
        picks = np.argpartition(rng.random((rows, len(remaining))), missing - 1, axis=1)
        yield np.ascontiguousarray(remaining[picks[:, :missing]])


_TRIPLES = combinations_array(5, 3).astype(np.intp)


class _Settler:
    """Splits the pot of each deal among the hands: rows of pot shares per hand."""

    def __init__(
        self, holes: tuple[tuple[Card, ...], ...], board: tuple[Card, ...], game: EquityGame
    ) -> None:
        self.game = game
        self.holes = [np.array([c.index for c in h], dtype=np.int64) for h in holes]
        self.board = np.array([c.index for c in board], dtype=np.int64)
        self.board_key = int(CARD_KEYS[self.board].sum()) if board else 0

    def __call__(self, completions: U8Array) -> FloatArray:
        if self.game is EquityGame.HOLDEM:
            high = self._holdem(completions)
            return _split(high)
        boards = np.hstack(
            [
                np.broadcast_to(self.board, (completions.shape[0], len(self.board))),
                completions.astype(np.int64),
            ]
        )
        high, low = self._omaha(boards)
        if self.game is EquityGame.OMAHA:
            return _split(high)
        has_low = low.max(axis=0) > 0
        return np.where(has_low, 0.5 * _split(high) + 0.5 * _split(low), _split(high))

    def _holdem(self, completions: U8Array) -> IntArray:
        rows = completions.shape[0]
        board_keys = (
            hand_keys(completions) if completions.shape[1] else np.zeros(rows, dtype=np.int64)
        ) + self.board_key
        out = np.empty((len(self.holes), rows), dtype=np.int64)
        for p, hole in enumerate(self.holes):
            fixed = np.concatenate([hole, self.board])

            def cards_of_rows(r: npt.NDArray[np.intp], fixed: IntArray = fixed) -> IntArray:
                extra = completions[r].astype(np.int64)
                return np.hstack([np.broadcast_to(fixed, (len(r), len(fixed))), extra])

            out[p] = strengths_from_keys(board_keys + int(CARD_KEYS[hole].sum()), 7, cards_of_rows)
        return out

    def _omaha(self, boards: IntArray) -> tuple[IntArray, IntArray]:
        triples = boards[:, _TRIPLES]  # (deals, 10, 3)
        triple_keys = CARD_KEYS[triples].sum(axis=2)
        triple_ranks = RANK_ONLY_KEYS[triples].sum(axis=2)
        high = np.empty((len(self.holes), boards.shape[0]), dtype=np.int64)
        low = np.zeros_like(high)
        for p, hole in enumerate(self.holes):
            pairs = hole[combinations_array(len(hole), 2).astype(np.intp)]  # (H, 2)
            keys = triple_keys[:, :, None] + CARD_KEYS[pairs].sum(axis=1)[None, None, :]
            width = keys.shape[1] * keys.shape[2]

            def cards_of_rows(
                r: npt.NDArray[np.intp],
                triples: IntArray = triples,
                pairs: IntArray = pairs,
                width: int = width,
            ) -> IntArray:
                deal, rest = np.divmod(r, width)
                triple, pair = np.divmod(rest, pairs.shape[0])
                return np.hstack([triples[deal, triple], pairs[pair]])

            strengths = strengths_from_keys(keys.reshape(-1), 5, cards_of_rows)
            high[p] = strengths.reshape(boards.shape[0], width).max(axis=1)
            if self.game is EquityGame.OMAHA_EIGHT:
                ranks = triple_ranks[:, :, None] + RANK_ONLY_KEYS[pairs].sum(axis=1)[None, None, :]
                low[p] = evaluate_low8_keys(ranks.reshape(-1)).reshape(-1, width).max(axis=1)
        return high, low


def _split(strengths: IntArray) -> FloatArray:
    """Each hand's share of one pot per deal: the best strength splits it evenly."""
    best = strengths.max(axis=0)
    winners = (strengths == best) & (best > 0)
    count = np.maximum(winners.sum(axis=0), 1)
    shares: FloatArray = winners / count
    return shares
