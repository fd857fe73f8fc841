"""Benchmark floorman's hand evaluators and equity against eval7, treys, phevaluator and pokerkit.

Run it with ``make bench``, or directly::

    .venv/bin/python benchmarks/evaluators.py [--quick] [--repeat R] [--hands N] [--seed S]

In one run, on the same random seven-card hands (a seeded numpy generator), it
measures and prints as Markdown tables, floorman's compiled path (the C
extension ``floorman.evaluation._fast``) and its pure path (what an install
without a compiler, or ``FLOORMAN_PURE=1``, runs) side by side:

1. Batch evaluation: ``floorman.evaluation.batch.evaluate_high_batch`` (one
   loop in C) and ``numpy_high_batch`` (numpy) on N hands (default 1,000,000)
   at once, against each peer's own per-hand evaluator called in a Python loop
   over the same hands, converted to the peer's card objects beforehand
   (outside the timing). The slow peers (treys, pokerkit) time the first hands
   only and are compared per hand.
2. Single-hand evaluation: ``floorman.evaluation.high_strength`` (compiled) and
   ``pure_high_strength`` called in a Python loop over the same hands (as lists
   of card indices), against the same peer loops.
3. Exact heads-up preflop equity of AsKs against QhQd over all 1,712,304
   boards: ``floorman.evaluation.equity.equity``, compiled and numpy (each
   path's first call in a fresh process, which builds the lookup tables, and
   later warm calls), against eval7 and phevaluator enumerating every board in
   Python; treys and pokerkit time a prefix of the boards and are
   extrapolated, and say so.
4. A showdown's hand reading: ``evaluate_high`` on seven ``Card`` objects and
   ``evaluate_omaha`` on four and five, as the dealer's showdown calls them,
   compiled and pure.

The pure path's timings in this process run the same public functions with
the compiled module set aside for the call (see :func:`pure`); its cold start
runs in a fresh process with ``FLOORMAN_PURE=1``. Without the extension built,
both paths are the pure one and the tables say so.

Every timing is the median of R repeats (default 5) with the garbage collector
off; the repeats of the evaluators of a section run round-robin, so a burst of
load on a shared machine falls on all of them alike. A ratio is the peer's
time over floorman's, so above 1 means floorman is faster. Before anything is
reported the script checks that the evaluators agree: every peer must order
the hands it evaluated exactly as floorman does, and every equity (or, for a
prefix of the boards, every win and tie count) must match floorman's.

``--quick`` shrinks every size (and enumerates a prefix of the boards for all
peers) so the whole run takes a few seconds; it is a smoke test, not a
measurement.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb
from pathlib import Path
from typing import Any

import eval7
import numpy as np
import numpy.typing as npt
import phevaluator
import pokerkit
import treys
from phevaluator.evaluator import evaluate_cards as ph_evaluate_cards

from _common import (
    check,
    cpu_model,
    markdown_table,
    progress,
    secs,
    verdict,
    version,
)
from floorman.cards import Card
from floorman.evaluation import _native, evaluate_high, evaluate_omaha, high_strength
from floorman.evaluation import equity as equity_module
from floorman.evaluation import hands as hands_module
from floorman.evaluation.batch import evaluate_high_batch, numpy_high_batch
from floorman.evaluation.equity import equity
from floorman.evaluation.hands import pure_high_strength

Hands = npt.NDArray[np.uint8]
Ints = npt.NDArray[np.int64]
Job = Callable[[], Any]

ROOT = Path(__file__).resolve().parent.parent
MATCHUP = ("AsKs", "QhQd")
PEERS = ("eval7", "treys", "phevaluator", "pokerkit")
#: The card text of each floorman card index ("2c" .. "As").
TEXT = tuple(str(Card(i)) for i in range(52))


# --------------------------------------------------------------------------- sizes


@dataclass(frozen=True)
class Sizes:
    """How many hands or boards each evaluator is timed on, and how often."""

    repeat: int
    hands: int
    treys_hands: int
    pokerkit_hands: int
    #: Boards enumerated by each equity peer; ``None`` means all of them.
    eval7_boards: int | None
    phevaluator_boards: int | None
    treys_boards: int
    pokerkit_boards: int
    #: Random pairs of hands on which floorman and eval7 must order alike.
    pairs: int
    #: Hands read as a showdown reads them (section 4), hold'em and Omaha.
    showdown_hands: int
    omaha_hands: int

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> Sizes:
        quick: bool = args.quick
        hands: int = args.hands if args.hands is not None else (20_000 if quick else 1_000_000)
        repeat: int = args.repeat if args.repeat is not None else (3 if quick else 5)
        check(hands >= 2, "--hands must be at least 2")
        check(repeat >= 1, "--repeat must be at least 1")
        return cls(
            repeat=repeat,
            hands=hands,
            treys_hands=min(hands, 2_000 if quick else 100_000),
            pokerkit_hands=min(hands, 300 if quick else 20_000),
            eval7_boards=20_000 if quick else None,
            phevaluator_boards=20_000 if quick else None,
            treys_boards=2_000 if quick else 50_000,
            pokerkit_boards=200 if quick else 2_000,
            pairs=10_000,
            showdown_hands=min(hands, 2_000 if quick else 100_000),
            omaha_hands=300 if quick else 10_000,
        )


# --------------------------------------------------------------------------- machine


def machine_report() -> str:
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    lines = [
        "## Machine",
        "",
        f"- platform: {platform.platform()} ({platform.machine()})",
        f"- CPU: {cpu_model()}; {os.cpu_count()} logical CPUs, {usable} usable by this process",
        f"- load average at start (1, 5, 15 min): {load}",
        f"- Python {platform.python_version()} ({platform.python_implementation()})",
        f"- numpy {np.__version__}",
        f"- floorman {version('floorman')}",
        "- peers: " + ", ".join(f"{p} {version(p)}" for p in PEERS),
    ]
    return "\n".join(lines)


# --------------------------------------------------------------------------- the two paths

#: What the compiled path is called in the tables ("C"), or why it is missing.
COMPILED = _native.COMPILED
C = "C" if COMPILED else "C (absent or turned off: pure here)"


def pure(job: Job) -> Job:
    """``job`` run on the pure path: what FLOORMAN_PURE=1 chooses at import, chosen per call.

    The public functions read the compiled module from their module's globals
    on each call, so setting those to the pure path for the call runs exactly
    the code an install without the extension runs.
    """

    def run() -> Any:
        saved = equity_module.FAST, hands_module.high_strength
        equity_module.FAST = None  # type: ignore[misc]
        hands_module.high_strength = pure_high_strength
        try:
            return job()
        finally:
            equity_module.FAST, hands_module.high_strength = saved  # type: ignore[misc]

    return run


# --------------------------------------------------------------------------- timing


def round_robin(jobs: dict[str, Job], repeat: int) -> tuple[dict[str, list[float]], dict[str, Any]]:
    """Time each job ``repeat`` times, the jobs taking turns; the gc is off while timing.

    Returns the times of each job and the result of its last run.
    """
    times: dict[str, list[float]] = {name: [] for name in jobs}
    results: dict[str, Any] = {}
    gc_was_enabled = gc.isenabled()
    for r in range(repeat):
        for name, job in jobs.items():
            progress(f"round {r + 1}/{repeat}: {name}")
            results.pop(name, None)
            gc.collect()
            gc.disable()
            try:
                start = time.perf_counter()
                result = job()
                elapsed = time.perf_counter() - start
            finally:
                if gc_was_enabled:
                    gc.enable()
            times[name].append(elapsed)
            results[name] = result
    return times, results


_COLD = """
import json, time
t0 = time.perf_counter()
{imports}
t1 = time.perf_counter()
{call}
t2 = time.perf_counter()
{call}
t3 = time.perf_counter()
print(json.dumps({{"import": t1 - t0, "cold": t2 - t1, "second": t3 - t2}}))
"""


def cold_start(imports: str, call: str, *, pure_path: bool = False) -> dict[str, float]:
    """Time an import and then the same call twice, in a fresh Python process.

    ``pure_path`` runs it with FLOORMAN_PURE=1 (no compiled evaluator).
    """
    code = _COLD.format(imports=imports, call=call)
    env = {k: v for k, v in os.environ.items() if k != _native.PURE_VARIABLE}
    if pure_path:
        env[_native.PURE_VARIABLE] = "1"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT, env=env
    )
    timings: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return timings


# --------------------------------------------------------------------------- formatting


def ns(seconds: float) -> str:
    value = seconds * 1e9
    return f"{value:,.1f} ns" if value < 100 else f"{value:,.0f} ns"


def ratio(peer: float, floorman: float) -> str:
    value = peer / floorman
    return f"{value:.2f}×" if value < 1 else f"{value:,.1f}×"


def spread(times: Sequence[float], per: int) -> str:
    return f"{ns(min(times) / per)} – {ns(max(times) / per)}"


# --------------------------------------------------------------------------- hands


def random_hands(n: int, rng: np.random.Generator, size: int = 7) -> Hands:
    """``n`` uniformly random hands of ``size`` distinct cards, one per row."""
    out = np.empty((n, size), dtype=np.uint8)
    step = 1 << 16
    for start in range(0, n, step):
        rows = min(step, n - start)
        picks = np.argpartition(rng.random((rows, 52)), size - 1, axis=1)[:, :size]
        out[start : start + rows] = picks
    return out


def verify_card_encodings() -> None:
    """Each peer's cards are built from floorman's card text; phevaluator's ints are checked."""
    for i in range(52):
        check(
            phevaluator.Card(i).describe_card() == TEXT[i],
            f"phevaluator card {i} is {phevaluator.Card(i).describe_card()}, floorman's {TEXT[i]}",
        )
        check(str(eval7.Card(TEXT[i])) == TEXT[i], f"eval7 reads {TEXT[i]} as another card")
        check(
            treys.Card.int_to_str(treys.Card.new(TEXT[i])) == TEXT[i],
            f"treys reads {TEXT[i]} as another card",
        )
    royal = [TEXT.index(t) for t in ("As", "Ks", "Qs", "Js", "Ts", "2c", "3d")]
    check(ph_evaluate_cards(*royal) == 1, "phevaluator does not rank a royal flush (ints) first")
    check(
        ph_evaluate_cards(*royal) == ph_evaluate_cards(*(TEXT[i] for i in royal)),
        "phevaluator ranks the same hand differently as ints and as text",
    )


def dense_ranks(values: Sequence[Any]) -> Ints:
    """0-based ranks of comparable objects (equal objects share a rank), using ``<`` only."""
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = np.empty(len(values), dtype=np.int64)
    rank = 0
    for k, i in enumerate(order):
        if k and values[order[k - 1]] < values[i]:
            rank += 1
        ranks[i] = rank
    return ranks


def check_same_order(name: str, floorman: Ints, peer: Ints) -> None:
    """The peer's strengths (higher better) must be a strictly increasing function of floorman's."""
    pairs = np.unique(np.stack([floorman, peer], axis=1), axis=0)
    check(
        bool(np.all(np.diff(pairs[:, 0]) > 0)),
        f"{name} gives different values to hands floorman ties",
    )
    check(
        bool(np.all(np.diff(pairs[:, 1]) > 0)),
        f"{name} orders hands differently from floorman (or ties hands floorman separates)",
    )


def check_random_pairs(floorman: Ints, peer: Ints, pairs: int, rng: np.random.Generator) -> None:
    """On random pairs of hands, floorman and the peer must say the same hand wins."""
    i = rng.integers(0, len(floorman), pairs)
    j = rng.integers(0, len(floorman), pairs)
    same = np.sign(floorman[i] - floorman[j]) == np.sign(peer[i] - peer[j])
    check(bool(same.all()), f"floorman and eval7 disagree on {int((~same).sum())} pairs of hands")


# --------------------------------------------------------------------------- sections 1 and 2


@dataclass(frozen=True)
class Row:
    """One timed evaluator: what it is, how many hands or boards a run covers, its times."""

    name: str
    call: str
    count: int
    times: tuple[float, ...]

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    @property
    def per_item(self) -> float:
        return self.median / self.count


def evaluation_sections(hands: Hands, sizes: Sizes, rng: np.random.Generator) -> list[str]:
    """Sections 1 and 2; returns their verdict lines."""
    n = hands.shape[0]
    progress(f"converting {n:,} hands to each evaluator's own cards")
    as_lists: list[list[int]] = hands.tolist()
    e7_cards = [eval7.Card(t) for t in TEXT]
    tr_cards = [treys.Card.new(t) for t in TEXT]
    e7_hands = [[e7_cards[c] for c in h] for h in as_lists]
    ph_hands = [tuple(h) for h in as_lists]
    tr_hands = [
        ([tr_cards[c] for c in h[:2]], [tr_cards[c] for c in h[2:]])
        for h in as_lists[: sizes.treys_hands]
    ]
    pk_hands = [
        ("".join(TEXT[c] for c in h[:2]), "".join(TEXT[c] for c in h[2:]))
        for h in as_lists[: sizes.pokerkit_hands]
    ]
    e7_evaluate = eval7.evaluate
    tr_evaluate = treys.Evaluator().evaluate
    pk_from_game = pokerkit.StandardHighHand.from_game

    jobs: dict[str, Job] = {
        "floorman batch": lambda: evaluate_high_batch(hands),
        "floorman batch numpy": lambda: numpy_high_batch(hands),
        "floorman single": lambda: [high_strength(h) for h in as_lists],
        "floorman single pure": lambda: [pure_high_strength(h) for h in as_lists],
        "eval7": lambda: [e7_evaluate(h) for h in e7_hands],
        "phevaluator": lambda: [ph_evaluate_cards(*h) for h in ph_hands],
        "treys": lambda: [tr_evaluate(hole, board) for hole, board in tr_hands],
        "pokerkit": lambda: [pk_from_game(hole, board) for hole, board in pk_hands],
    }
    times, results = round_robin(jobs, sizes.repeat)

    progress("checking that every evaluator orders the hands as floorman does")
    batch = np.asarray(results["floorman batch"], dtype=np.int64)
    for name in ("floorman batch numpy", "floorman single", "floorman single pure"):
        other = np.asarray(results[name], dtype=np.int64)
        check(bool(np.array_equal(batch, other)), f"{name} and floorman batch differ")
    e7 = np.asarray(results["eval7"], dtype=np.int64)
    check_random_pairs(batch, e7, sizes.pairs, rng)
    check_same_order("eval7", batch, e7)
    check_same_order("phevaluator", batch, -np.asarray(results["phevaluator"], dtype=np.int64))
    check_same_order(
        "treys", batch[: sizes.treys_hands], -np.asarray(results["treys"], dtype=np.int64)
    )
    check_same_order("pokerkit", batch[: sizes.pokerkit_hands], dense_ranks(results["pokerkit"]))

    counts = {
        "floorman batch": n,
        "floorman batch numpy": n,
        "floorman single": n,
        "floorman single pure": n,
        "eval7": n,
        "phevaluator": n,
        "treys": sizes.treys_hands,
        "pokerkit": sizes.pokerkit_hands,
    }
    calls = {
        "floorman batch": f"`evaluate_high_batch(uint8 array (N, 7))`, one call, {C}",
        "floorman batch numpy": "`numpy_high_batch(uint8 array (N, 7))`, one call, numpy",
        "floorman single": f"`high_strength(list of 7 ints)` in a loop, {C}",
        "floorman single pure": "`pure_high_strength(list of 7 ints)` in a loop, pure Python",
        "eval7": "`eval7.evaluate(list of 7 eval7.Card)` in a loop",
        "phevaluator": "`evaluate_cards(*7 ints)` in a loop",
        "treys": "`Evaluator().evaluate(2 ints, 5 ints)` in a loop",
        "pokerkit": '`StandardHighHand.from_game("AsKs", "7d7c2hQsJs")` in a loop',
    }
    rows = {name: Row(name, calls[name], counts[name], tuple(times[name])) for name in jobs}
    peers = ("eval7", "phevaluator", "treys", "pokerkit")

    def table(baseline: str, second: str, also: Sequence[str]) -> str:
        header = [
            "evaluator",
            "call",
            "hands timed",
            "time per hand",
            "min – max",
            f"ratio vs {baseline}",
            f"ratio vs {second}",
        ]
        out = []
        for name in (baseline, second, *also, *peers):
            row = rows[name]
            labels = [
                "1.0× (baseline)" if name == base else ratio(row.per_item, rows[base].per_item)
                for base in (baseline, second)
            ]
            hands_timed = f"{row.count:,}" + ("" if row.count == n else f" (first {row.count:,})")
            out.append(
                [
                    name,
                    row.call,
                    hands_timed,
                    ns(row.per_item),
                    spread(row.times, row.count),
                    *labels,
                ]
            )
        return markdown_table(header, out)

    slow = ", ".join(
        f"{p} on the first {counts[p]:,}" for p in ("treys", "pokerkit") if counts[p] < n
    )
    subset_note = (
        f"Slow peers time a prefix of the same hands ({slow}) and are compared per hand."
        if slow
        else "Every evaluator timed all the hands."
    )
    r = sizes.repeat
    print()
    print(f"## 1. Batch evaluation of {n:,} random 7-card hands")
    print()
    print(
        f"Time per hand is the median of {r} runs over the hands timed. Each peer's loop runs"
        " over its own card objects, made before timing. " + subset_note
    )
    print()
    print(table("floorman batch", "floorman batch numpy", ()))
    print()
    print(f"## 2. Single-hand evaluation of the same {n:,} hands")
    print()
    print(
        "floorman's `high_strength` (compiled) and `pure_high_strength` in a Python loop over"
        " lists of card indices (`.tolist()` of the batch array), against the same peer loops"
        " as in section 1 (one set of measurements, taken round-robin)."
    )
    print()
    print(table("floorman single", "floorman single pure", ("floorman batch",)))

    batch_ratio = rows["eval7"].per_item / rows["floorman batch"].per_item
    single_ratio = rows["treys"].per_item / rows["floorman single pure"].per_item
    compiled_ratio = rows["eval7"].per_item / rows["floorman single"].per_item
    speedup = rows["floorman single pure"].per_item / rows["floorman single"].per_item
    return [
        verdict(
            compiled_ratio > 1,
            f"floorman `high_strength` ({C}) faster than eval7: {compiled_ratio:,.2f}×"
            f" ({ns(rows['floorman single'].per_item)} vs {ns(rows['eval7'].per_item)} per hand;"
            f" {speedup:,.1f}× the pure Python path's speed)",
        ),
        verdict(
            batch_ratio >= 10,
            f"floorman batch ≥ 10× faster than eval7's per-hand loop: {batch_ratio:,.1f}×"
            f" ({ns(rows['floorman batch'].per_item)} vs {ns(rows['eval7'].per_item)} per hand)",
        ),
        verdict(
            single_ratio > 1,
            f"floorman `pure_high_strength` faster than treys: {single_ratio:,.1f}×"
            f" ({ns(rows['floorman single pure'].per_item)} vs {ns(rows['treys'].per_item)}"
            " per hand)",
        ),
    ]


# --------------------------------------------------------------------------- section 3


@dataclass(frozen=True)
class Tally:
    """Heads-up outcomes over the boards enumerated: first hand wins, second wins, split."""

    first: int
    second: int
    split: int

    @property
    def boards(self) -> int:
        return self.first + self.second + self.split

    def equity(self) -> tuple[float, float]:
        n = self.boards
        return (self.first + self.split / 2) / n, (self.second + self.split / 2) / n


def eval7_tally(
    holes: tuple[tuple[Any, ...], ...], deck: Sequence[Any], limit: int | None
) -> Tally:
    evaluate = eval7.evaluate
    h0, h1 = holes
    first = second = split = 0
    for board in itertools.islice(itertools.combinations(deck, 5), limit):
        a = evaluate(h0 + board)
        b = evaluate(h1 + board)
        if a > b:
            first += 1
        elif b > a:
            second += 1
        else:
            split += 1
    return Tally(first, second, split)


def phevaluator_tally(
    holes: tuple[tuple[int, ...], ...], deck: Sequence[int], limit: int | None
) -> Tally:
    evaluate = ph_evaluate_cards
    (a0, a1), (b0, b1) = holes
    first = second = split = 0
    for board in itertools.islice(itertools.combinations(deck, 5), limit):
        a = evaluate(a0, a1, *board)
        b = evaluate(b0, b1, *board)
        if a < b:  # smaller is stronger
            first += 1
        elif b < a:
            second += 1
        else:
            split += 1
    return Tally(first, second, split)


def treys_tally(holes: tuple[list[int], ...], deck: Sequence[int], limit: int | None) -> Tally:
    evaluate = treys.Evaluator().evaluate
    h0, h1 = holes
    first = second = split = 0
    for board in itertools.islice(itertools.combinations(deck, 5), limit):
        cards = list(board)
        a = evaluate(h0, cards)
        b = evaluate(h1, cards)
        if a < b:  # smaller is stronger
            first += 1
        elif b < a:
            second += 1
        else:
            split += 1
    return Tally(first, second, split)


def pokerkit_tally(holes: tuple[str, ...], deck: Sequence[str], limit: int | None) -> Tally:
    from_game = pokerkit.StandardHighHand.from_game
    h0, h1 = holes
    first = second = split = 0
    for board in itertools.islice(itertools.combinations(deck, 5), limit):
        text = "".join(board)
        a = from_game(h0, text)
        b = from_game(h1, text)
        if a > b:
            first += 1
        elif b > a:
            second += 1
        else:
            split += 1
    return Tally(first, second, split)


def floorman_prefix_tally(
    hole_cards: Sequence[Sequence[int]], deck: Sequence[int], limit: int
) -> Tally:
    """floorman's outcomes on the first ``limit`` boards, from the batch evaluator."""
    boards = np.array(list(itertools.islice(itertools.combinations(deck, 5), limit)), np.uint8)
    strengths = [
        evaluate_high_batch(
            np.hstack([np.broadcast_to(np.array(h, np.uint8), (len(boards), 2)), boards])
        ).astype(np.int64)
        for h in hole_cards
    ]
    a, b = strengths
    return Tally(int((a > b).sum()), int((b > a).sum()), int((a == b).sum()))


def equity_section(sizes: Sizes, cold: dict[str, float], cold_pure: dict[str, float]) -> list[str]:
    """Section 3; returns its verdict lines."""
    hole_idx = [[TEXT.index(s[i : i + 2]) for i in (0, 2)] for s in MATCHUP]
    deck = [i for i in range(52) if i not in {c for h in hole_idx for c in h}]
    all_boards = comb(len(deck), 5)
    e7_cards = [eval7.Card(t) for t in TEXT]
    tr_cards = [treys.Card.new(t) for t in TEXT]

    e7_holes = tuple(tuple(e7_cards[c] for c in h) for h in hole_idx)
    ph_holes = tuple(tuple(h) for h in hole_idx)
    tr_holes = tuple([tr_cards[c] for c in h] for h in hole_idx)
    pk_holes = tuple("".join(TEXT[c] for c in h) for h in hole_idx)
    e7_deck = [e7_cards[c] for c in deck]
    tr_deck = [tr_cards[c] for c in deck]
    pk_deck = [TEXT[c] for c in deck]

    limits: dict[str, int | None] = {
        "eval7": sizes.eval7_boards,
        "phevaluator": sizes.phevaluator_boards,
        "treys": sizes.treys_boards,
        "pokerkit": sizes.pokerkit_boards,
    }
    jobs: dict[str, Job] = {
        "floorman": lambda: equity(list(MATCHUP)),
        "floorman numpy": pure(lambda: equity(list(MATCHUP))),
        "eval7": lambda: eval7_tally(e7_holes, e7_deck, limits["eval7"]),
        "phevaluator": lambda: phevaluator_tally(ph_holes, deck, limits["phevaluator"]),
        "treys": lambda: treys_tally(tr_holes, tr_deck, limits["treys"]),
        "pokerkit": lambda: pokerkit_tally(pk_holes, pk_deck, limits["pokerkit"]),
    }
    times, results = round_robin(jobs, sizes.repeat)

    progress("checking every peer's equity against floorman's")
    ours = results["floorman"]
    check(ours.deals == all_boards and ours.exact, "floorman did not enumerate every board")
    our_tally = Tally(ours.hands[0].wins, ours.hands[1].wins, ours.hands[0].ties)
    check(our_tally.boards == all_boards, "floorman's wins and ties do not cover every board")
    our_equity = (ours.hands[0].equity, ours.hands[1].equity)
    theirs_numpy = results["floorman numpy"]
    check(
        [(h.wins, h.ties) for h in theirs_numpy.hands] == [(h.wins, h.ties) for h in ours.hands],
        "floorman's compiled and numpy equity count different wins or splits",
    )
    agreement: dict[str, str] = {}
    for peer, limit in limits.items():
        tally: Tally = results[peer]
        if limit is None:
            check(tally == our_tally, f"{peer} counts {tally}, floorman {our_tally}")
            theirs = tally.equity()
            for mine, other in zip(our_equity, theirs, strict=True):
                check(abs(mine - other) <= 1e-9, f"{peer} equity {theirs} vs floorman {our_equity}")
            agreement[peer] = f"{theirs[0]:.9f} (= floorman, exact)"
        else:
            expected = floorman_prefix_tally(hole_idx, deck, limit)
            check(
                tally == expected, f"{peer} counts {tally} on {limit:,} boards, floorman {expected}"
            )
            agreement[peer] = f"win/split counts = floorman's on the {limit:,} boards"

    warm = statistics.median(times["floorman"])
    warm_numpy = statistics.median(times["floorman numpy"])
    header = [
        "evaluator",
        "boards timed",
        f"time for all {all_boards:,} boards",
        "per board",
        f"ratio vs floorman {C} warm",
        "ratio vs floorman numpy warm",
        "result check",
    ]
    rows = [
        [
            f"floorman `equity()`, {C}, warm (median of {sizes.repeat})",
            f"{all_boards:,}",
            secs(warm),
            ns(warm / all_boards),
            "1.0× (baseline)",
            ratio(warm, warm_numpy),
            f"AsKs equity {our_equity[0]:.9f}",
        ],
        [
            f"floorman `equity()`, {C}, cold (tables built, fresh process, 1 call)",
            f"{all_boards:,}",
            secs(cold["cold"]),
            ns(cold["cold"] / all_boards),
            ratio(cold["cold"], warm),
            ratio(cold["cold"], warm_numpy),
            "wins + splits cover every board",
        ],
        [
            f"floorman `equity()`, numpy (FLOORMAN_PURE=1), warm (median of {sizes.repeat})",
            f"{all_boards:,}",
            secs(warm_numpy),
            ns(warm_numpy / all_boards),
            ratio(warm_numpy, warm),
            "1.0× (baseline)",
            "wins and splits = compiled",
        ],
        [
            "floorman `equity()`, numpy (FLOORMAN_PURE=1), cold (fresh process, 1 call)",
            f"{all_boards:,}",
            secs(cold_pure["cold"]),
            ns(cold_pure["cold"] / all_boards),
            ratio(cold_pure["cold"], warm),
            ratio(cold_pure["cold"], warm_numpy),
            "",
        ],
    ]
    peer_total: dict[str, float] = {}
    for peer, limit in limits.items():
        boards = limit if limit is not None else all_boards
        per_board = statistics.median(times[peer]) / boards
        total = per_board * all_boards
        peer_total[peer] = total
        extrapolated = limit is not None and limit < all_boards
        rows.append(
            [
                f"{peer} (Python loop, 2 evaluations per board)",
                f"{boards:,}" + (" (first boards)" if extrapolated else ""),
                secs(total) + (" **extrapolated**" if extrapolated else ""),
                ns(per_board),
                ratio(total, warm),
                ratio(total, warm_numpy),
                agreement[peer],
            ]
        )
    print()
    print(f"## 3. Exact heads-up preflop equity, {MATCHUP[0]} vs {MATCHUP[1]}")
    print()
    print(
        f"Every one of the {all_boards:,} boards, each peer enumerating them with"
        " `itertools.combinations` over its own card objects and counting wins and splits."
        f" Times are medians of {sizes.repeat} runs; a peer that timed only the first boards"
        " (in enumeration order) is extrapolated to all of them, and says so."
        " floorman's cold calls ran first, each in a fresh process: importing"
        f" `floorman.evaluation.equity` took {secs(cold['import'])} ({secs(cold_pure['import'])}"
        f" pure), the first `equity()` call {secs(cold['cold'])} ({secs(cold_pure['cold'])}"
        " pure; it builds the lookup tables), the second in that process"
        f" {secs(cold['second'])} ({secs(cold_pure['second'])} pure)."
    )
    print()
    print(markdown_table(header, rows))

    e7_ratio = peer_total["eval7"] / warm
    how = "" if limits["eval7"] is None else " (eval7 extrapolated: --quick)"
    return [
        verdict(
            e7_ratio >= 5,
            f"floorman equity ≤ 1/5 of eval7's time: floorman warm {secs(warm)} vs eval7"
            f" {secs(peer_total['eval7'])}, {e7_ratio:,.1f}× faster{how};"
            f" cold (tables built) {secs(cold['cold'])}, {peer_total['eval7'] / cold['cold']:,.1f}×"
            f" faster; the numpy path warm {secs(warm_numpy)}, {warm_numpy / warm:,.1f}× the"
            " compiled time",
        )
    ]


# --------------------------------------------------------------------------- section 4


def showdown_section(hands: Hands, sizes: Sizes) -> list[str]:
    """Section 4: reading hands as the dealer's showdown does, compiled and pure."""
    n = min(hands.shape[0], sizes.showdown_hands)
    holdem = [[Card(c) for c in h] for h in hands[:n].tolist()]
    # Omaha: the first four cards of each of two hands are the hole, five more the board.
    nine = random_hands(sizes.omaha_hands, np.random.default_rng(len(holdem)), size=9)
    omaha = [([Card(c) for c in h[:4]], [Card(c) for c in h[4:]]) for h in nine.tolist()]
    jobs: dict[str, Job] = {
        "hold'em C": lambda: [evaluate_high(h) for h in holdem],
        "hold'em pure": pure(lambda: [evaluate_high(h) for h in holdem]),
        "omaha C": lambda: [evaluate_omaha(h, b) for h, b in omaha],
        "omaha pure": pure(lambda: [evaluate_omaha(h, b) for h, b in omaha]),
    }
    times, results = round_robin(jobs, sizes.repeat)
    for game in ("hold'em", "omaha"):
        check(
            results[f"{game} C"] == results[f"{game} pure"],
            f"{game}: the compiled and pure hand values differ",
        )
    per = {
        name: statistics.median(t) / (len(holdem) if "hold" in name else len(omaha))
        for name, t in times.items()
    }
    rows = []
    for game, call, count in (
        ("hold'em", "`evaluate_high(7 Cards)`", len(holdem)),
        ("omaha", "`evaluate_omaha(4 Cards, 5 Cards)` (60 five-card hands)", len(omaha)),
    ):
        compiled, slow = per[f"{game} C"], per[f"{game} pure"]
        rows.append([game, call, f"{count:,}", ns(compiled), ns(slow), ratio(slow, compiled)])
    print()
    print("## 4. A showdown's hand reading, compiled and pure")
    print()
    print(
        "What the dealer's showdown calls for each player (`floorman.deal.showdown`): the"
        " checked, public evaluators on `Card` objects, which return a `HandValue`; the"
        " compiled path changes only the strength lookup inside. Medians of"
        f" {sizes.repeat} round-robin runs; both paths give equal hand values."
    )
    print()
    header = ["game", "call", "hands", f"per hand, {C}", "per hand, pure", "pure / compiled"]
    print(markdown_table(header, rows))
    fast, slow = per["hold'em C"], per["hold'em pure"]
    return [
        verdict(
            COMPILED and slow > fast,
            f"{C} path shortens a hold'em showdown's hand reading by {ns(slow - fast)}"
            f" a hand ({ns(slow)} → {ns(fast)})",
        )
    ]


# --------------------------------------------------------------------------- main


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="small sizes: a smoke test")
    parser.add_argument("--repeat", type=int, default=None, help="runs per timing (default 5)")
    parser.add_argument("--hands", type=int, default=None, help="hands (default 1,000,000)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the random hands")
    args = parser.parse_args(argv)
    sizes = Sizes.from_args(args)
    started = time.perf_counter()

    # First, before this process evaluates anything: the cold starts, each in
    # a fresh interpreter, where the lazily built lookup tables do not exist yet.
    progress("cold starts in fresh processes")
    cold_equity = cold_start(
        "from floorman.evaluation.equity import equity", 'equity(["AsKs", "QhQd"])'
    )
    cold_equity_pure = cold_start(
        "from floorman.evaluation.equity import equity",
        'equity(["AsKs", "QhQd"])',
        pure_path=True,
    )
    cold_batch = cold_start(
        "import numpy as np\nfrom floorman.evaluation.batch import evaluate_high_batch",
        "evaluate_high_batch(np.array([[51, 47, 43, 39, 35, 0, 5]], dtype=np.uint8))",
    )
    cold_single = cold_start(
        "from floorman.evaluation import high_strength",
        "high_strength([51, 47, 43, 39, 35, 0, 5])",
    )

    print(
        "# floorman evaluator benchmark"
        + (" (--quick: smoke test, not a measurement)" if args.quick else "")
    )
    print()
    print(machine_report())
    print()
    print(
        f"Settings: {sizes.hands:,} hands, seed {args.seed}, median of {sizes.repeat} runs,"
        " gc off while timing, evaluators of a section timed round-robin."
        " Ratios are peer time / floorman time (above 1: floorman is faster)."
    )
    print(
        "floorman's first call in a fresh process builds its lookup tables:"
        f" batch {secs(cold_batch['cold'])} (then {secs(cold_batch['second'])} for the same one hand),"
        f" single-hand {secs(cold_single['cold'])}"
        f" (then {secs(cold_single['second'])}); the timings below are warm."
    )

    verify_card_encodings()
    rng = np.random.default_rng(args.seed)
    progress(f"dealing {sizes.hands:,} random hands (seed {args.seed})")
    hands = random_hands(sizes.hands, rng)
    evaluate_high_batch(hands[:1])  # warm: the cold start was measured above

    verdicts = evaluation_sections(hands, sizes, rng)
    gc.collect()
    verdicts += equity_section(sizes, cold_equity, cold_equity_pure)
    verdicts += showdown_section(hands, sizes)

    print()
    print("## Verdict")
    print()
    print("\n".join(verdicts))
    print()
    print(f"Whole run: {time.perf_counter() - started:,.1f} s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
