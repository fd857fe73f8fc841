"""The compiled evaluator gives the same answers as the pure Python and numpy paths.

The extension (``floorman.evaluation._fast``, from ``_fast.c``) is optional: an
install without a C compiler skips this file, and the rest of the suite runs
on the pure path. Where it is built, the rest of the suite runs compiled, and
``FLOORMAN_PURE=1`` runs it all on the pure path.

Coverage of the tables is exhaustive: the compiled strength of a hand depends
only on its rank-key sum (no flush) or its suited ranks (a flush), and every
multiset of 5, 6 and 7 ranks and every suited rank mask of 5 to 7 ranks is
checked, as is every five-card hand; random hands and random equity
matchups check the rest.
"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.cards import Card, parse_cards
from floorman.evaluation import _tables as t
from floorman.evaluation import evaluate_high
from floorman.evaluation.batch import evaluate_high_batch, numpy_high_batch
from floorman.evaluation.equity import EquityGame, _holdem_compiled, _settle_all, equity
from floorman.evaluation.hands import (
    pure_high_strength,
    pure_low_strength,
    pure_omaha_low_strength,
)
from tests.conftest import sample_size

fast = pytest.importorskip("floorman.evaluation._fast", reason="the C extension was not built")


def _suits_without_flush(ranks: Sequence[int]) -> list[int]:
    """Cards of these rank indices (sorted), suits dealt round the four so none has five."""
    return [4 * r + i % 4 for i, r in enumerate(sorted(ranks))]


@pytest.mark.parametrize("size", [5, 6, 7])
def test_every_rank_multiset_without_a_flush_has_the_pure_strength(size):
    hands = [_suits_without_flush([r - 2 for r in combo]) for combo in t._rank_multisets(size)]
    assert len(hands) == {5: 6_175, 6: 18_395, 7: 49_205}[size]
    got = [fast.high_strength(h) for h in hands]
    assert got == [pure_high_strength(h) for h in hands]
    assert numpy_high_batch(np.array(hands, dtype=np.uint8)).tolist() == got


@pytest.mark.parametrize("suit", [0, 1, 2, 3])
def test_every_suited_rank_mask_has_the_pure_strength(suit):
    hands = []
    for mask in range(1 << 13):
        suited = [4 * r + suit for r in range(13) if mask >> r & 1]
        if not 5 <= len(suited) <= 7:
            continue
        # Off-suit fillers of the lowest ranks not in the flush fill the hand to 7.
        fillers = [4 * r + (suit + 1) % 4 for r in range(13) if not mask >> r & 1]
        hands.append(suited + fillers[: 7 - len(suited)])
    assert len(hands) == 1_287 + 1_716 + 1_716
    got = [fast.high_strength(h) for h in hands]
    assert got == [pure_high_strength(h) for h in hands]
    assert min(got) > t.high_strengths()[(t.STRAIGHT, (14,))]  # all flushes or better


def test_every_five_card_hand_has_the_numpy_strength():
    hands = np.ascontiguousarray(t.combinations_array(52, 5))
    assert hands.shape == (2_598_960, 5)
    out = np.empty(hands.shape[0], dtype=np.uint16)
    assert fast.high_strengths(hands, 5, out) == 0
    assert np.array_equal(out, numpy_high_batch(hands))
    # The classes (RRP5 ranking.1-10) occur as often as a deck allows.
    counts = np.bincount(out, minlength=7463)[1:]
    assert counts.max() == 1_020  # each high-card and flush class: 4^5 - 4 suit choices
    assert int(counts.sum()) == 2_598_960


@pytest.mark.parametrize("size", [5, 6, 7])
def test_random_hands_compiled_batch_equals_numpy(size, rng):
    rows = sample_size(200_000, 5_000_000)
    hands = np.ascontiguousarray(np.argsort(rng.random((rows, 52)), axis=1)[:, :size], np.uint8)
    out = np.empty(rows, dtype=np.uint16)
    assert fast.high_strengths(hands, size, out) == 0
    assert np.array_equal(out, numpy_high_batch(hands))
    sample = hands[:2_000].tolist()
    assert [fast.high_strength(h) for h in sample] == [pure_high_strength(h) for h in sample]


@given(st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True))
def test_property_compiled_single_hand_equals_pure(cards):
    assert fast.high_strength(cards) == pure_high_strength(cards)
    assert fast.high_strength(tuple(cards)) == pure_high_strength(cards)


@given(st.lists(st.integers(0, 51), min_size=8, max_size=10, unique=True))
def test_property_evaluate_high_of_more_cards_is_the_best_seven(cards):
    best = max(pure_high_strength(c) for c in itertools.combinations(cards, 7))
    assert evaluate_high(Card(i) for i in cards).strength == best


@pytest.mark.parametrize(
    ("cards", "error"),
    [
        ([0, 1, 2, 3], ValueError),
        ([0, 1, 2, 3, 4, 5, 6, 7], ValueError),
        ([0, 1, 2, 3, 52], ValueError),
        ([-1, 1, 2, 3, 4], ValueError),
        ([0, 1, 2, 3, 2**70], OverflowError),
        ([0, 1, 2, 3, "4"], TypeError),
        (5, TypeError),
        # A rank five times is no hand of distinct cards.
        ([0, 1, 2, 3, 0, 9, 13], ValueError),
    ],
)
def test_compiled_single_hand_refuses_what_is_no_hand(cards, error):
    with pytest.raises(error):
        fast.high_strength(cards)


def test_compiled_batch_refuses_bad_buffers():
    out = np.empty(2, dtype=np.uint16)
    with pytest.raises(ValueError, match="0 to 51"):
        fast.high_strengths(np.array([[0, 1, 2, 3, 52]] * 2, np.uint8), 5, out)
    with pytest.raises(ValueError, match="one strength per hand"):
        fast.high_strengths(np.zeros((3, 5), np.uint8), 5, out)
    with pytest.raises(TypeError, match="format"):
        fast.high_strengths(np.zeros((2, 5), np.int64), 5, out)
    with pytest.raises(ValueError, match="5 to 7"):
        fast.high_strengths(np.zeros((2, 4), np.uint8), 4, out)
    # Repeated cards are the caller's contract; past four of a rank they give 0.
    assert fast.high_strengths(np.array([[0, 0, 0, 0, 0]] * 2, np.uint8), 5, out) == 2
    assert out.tolist() == [0, 0]


def _both_tallies(hands, board="", dead="", samples=None, seed=0):
    holes = tuple(parse_cards(h) for h in hands)
    board_cards = parse_cards(board)
    seen = {c.index for c in itertools.chain(board_cards, parse_cards(dead), *holes)}
    remaining = np.array([i for i in range(52) if i not in seen], dtype=np.uint8)
    missing = 5 - len(board_cards)
    exact = samples is None or missing == 0
    deals = len(list(itertools.combinations(remaining, missing))) if exact else samples
    args = (holes, board_cards, remaining, missing, exact, deals, seed)
    return _holdem_compiled(fast, *args), _settle_all(*args, EquityGame.HOLDEM)


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (["AsKs", "QhQd"], "", ""),
        (["AhAd", "KcKs", "7h2c"], "Qh 5h", "9h"),
        (["AsKd", "AcKh"], "Qs Js 2s", ""),  # chops, and a spade flush for one
        (["Th9h", "8c8d", "AsQs", "2c3c"], "Jh 8h 2d", "Ad"),
        (["AsKs", "7c2d"], "Ts Js Qs 2h", ""),
        (["4c5c", "6d7d", "KhKd"], "2h 3s 8c Kc 9h", ""),  # the board complete
    ],
)
def test_holdem_tally_equals_numpy_settling(hands, board, dead):
    (wins, ties, share), (np_wins, np_ties, np_share) = _both_tallies(hands, board, dead)
    assert wins == np_wins
    assert ties == np_ties
    assert share == pytest.approx(np_share, rel=1e-12, abs=1e-9)


def test_sampled_holdem_tally_settles_the_same_random_boards():
    (wins, ties, share), (np_wins, np_ties, np_share) = _both_tallies(
        ["AsKs", "QhQd", "Jc Tc"], "", "", samples=50_000, seed=11
    )
    assert (wins, ties) == (np_wins, np_ties)
    assert share == pytest.approx(np_share, rel=1e-12)


@given(
    st.lists(st.integers(0, 51), min_size=7, max_size=12, unique=True),
    st.integers(2, 4),
    st.integers(3, 5),
)
def test_property_holdem_tally_equals_numpy(cards, players, board_size):
    players = min(players, (len(cards) - board_size) // 2)
    if players < 2:
        return
    holes = [cards[2 * p : 2 * p + 2] for p in range(players)]
    board = cards[2 * players : 2 * players + board_size]
    text = ["".join(str(Card(i)) for i in h) for h in holes]
    board_text = " ".join(str(Card(i)) for i in board)
    (wins, ties, share), (np_wins, np_ties, np_share) = _both_tallies(text, board_text)
    assert (wins, ties) == (np_wins, np_ties)
    assert share == pytest.approx(np_share, rel=1e-12, abs=1e-9)


def test_compiled_tally_refuses_bad_input():
    deck = np.arange(10, 52, dtype=np.uint8)
    with pytest.raises(ValueError, match="at most 2 cards"):
        fast.holdem_tally([[0, 1, 2], [3, 4]], [], deck, 5, None)
    with pytest.raises(ValueError, match="holds two cards"):
        fast.holdem_tally([[0], [3, 4]], [], deck, 5, None)
    with pytest.raises(ValueError, match="misses"):
        fast.holdem_tally([[0, 1], [3, 4]], [5, 6, 7], deck, 5, None)
    with pytest.raises(ValueError, match="0 to 51"):
        fast.holdem_tally([[0, 1], [3, 52]], [], deck, 5, None)
    with pytest.raises(ValueError, match="1 to 23"):
        fast.holdem_tally([[0, 1]] * 24, [], deck, 5, None)
    with pytest.raises(ValueError, match="whole completions"):
        fast.holdem_tally([[0, 1], [3, 4]], [], deck, 5, np.zeros(7, np.uint8))


def test_equity_and_batch_take_the_compiled_path_unless_told_not_to():
    # What the environment variable chooses is seen in a fresh process.
    code = (
        "from floorman.evaluation import _native, hands, high_strength;"
        "print(_native.COMPILED, high_strength is hands.pure_high_strength)"
    )
    env = {k: v for k, v in os.environ.items() if k != "FLOORMAN_PURE"}
    compiled = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert compiled.stdout.split() == ["True", "False"]
    pure = subprocess.run(
        [sys.executable, "-c", code],
        env={**env, "FLOORMAN_PURE": "1"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert pure.stdout.split() == ["False", "True"]


def test_public_calls_agree_whichever_path_runs():
    hands = np.array([[51, 47, 43, 39, 35, 0, 5], [0, 1, 4, 5, 8, 13, 50]], dtype=np.uint8)
    assert evaluate_high_batch(hands).tolist() == [7462, numpy_high_batch(hands)[1]]
    result = equity(["AsKs", "QhQd"], board="Qs Js 2c")
    assert result.deals == 990
    assert [h.wins for h in result.hands] == _both_tallies(["AsKs", "QhQd"], "Qs Js 2c")[1][0]


def test_threads_calling_at_once_read_the_tables_once_and_whole():
    # A fresh process, so the tables are not loaded yet when the threads start: the
    # threads meet in the loading, where Python code runs and threads switch.
    code = """
import threading
from floorman.evaluation import _fast
from floorman.evaluation.hands import (
    pure_high_strength,
    pure_low_strength,
    pure_omaha_low_strength,
)
hands = [[(7 * i + 3 * k) % 52 for k in range(7)] for i in range(2000)]
hands = [h for h in hands if len(set(h)) == 7]
start = threading.Barrier(8)
results = []
def work():
    start.wait()
    results.append([_fast.high_strength(h) for h in hands])
threads = [threading.Thread(target=work) for _ in range(8)]
for t in threads:
    t.start()
for t in threads:
    t.join()
expected = [pure_high_strength(h) for h in hands]
print(len(results), all(r == expected for r in results), len(hands))
"""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    count, same, hands = done.stdout.split()
    assert (count, same) == ("8", "True")
    assert int(hands) > 100


def test_entries_derived_one_hand_at_a_time_are_the_whole_tables():
    # A fresh process: single hands derive their six- and seven-card entries as they
    # come (a replay never pays for the whole tables), the batch then fills the rest
    # around them, and every strength is the pure path's.
    code = """
import numpy as np
from floorman.evaluation import _fast
from floorman.evaluation.hands import (
    pure_high_strength,
    pure_low_strength,
    pure_omaha_low_strength,
)
rng = np.random.default_rng(5)
hands = [rng.choice(52, size, replace=False).tolist() for size in (6, 7) for _ in range(3000)]
single = [_fast.high_strength(h) for h in hands]
sevens = [h for h in hands if len(h) == 7]
out = np.empty(len(sevens), dtype=np.uint16)
bad = _fast.high_strengths(np.array(sevens, dtype=np.uint8), 7, out)
again = [_fast.high_strength(h) for h in hands]
pure = [pure_high_strength(h) for h in hands]
print(single == pure, again == pure, out.tolist() == [pure_high_strength(h) for h in sevens], bad)
"""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.split() == ["True", "True", "True", "0"]


# ----- ace-to-five lows --------------------------------------------------------------


def test_every_five_ranks_have_the_pure_low_strength():
    hands = [[r - 2 for r in combo] for combo in t._rank_multisets(5)]
    assert len(hands) == 6_175
    got = [fast.low_strength(h) for h in hands]
    assert got == [pure_low_strength(h) for h in hands]
    assert sorted(got) == list(range(1, 6_176)), "each five ranks a class of its own"


@given(st.lists(st.integers(0, 51), min_size=5, max_size=16, unique=True))
def test_property_compiled_low_of_more_cards_equals_pure(cards):
    ranks = [c >> 2 for c in cards]
    assert fast.low_strength(ranks) == pure_low_strength(ranks)
    assert fast.low_strength(tuple(ranks)) == pure_low_strength(ranks)


@given(st.lists(st.integers(0, 51), min_size=5, max_size=10, unique=True), st.integers(2, 7))
def test_property_compiled_omaha_low_equals_pure(cards, held):
    held = min(held, len(cards) - 3)
    hole, board = [c >> 2 for c in cards[:held]], [c >> 2 for c in cards[held:]]
    assert fast.omaha_low_strength(hole, board) == pure_omaha_low_strength(hole, board)


@pytest.mark.parametrize(
    ("ranks", "error", "message"),
    [
        ([0, 1, 2, 3], ValueError, "5 to 16"),
        ([*range(13), 0, 1, 2, 3], ValueError, "at most 16"),
        ([0, 1, 2, 3, 13], ValueError, "0 to 12"),
        ([0, 1, 2, 3, -1], ValueError, "0 to 12"),
        ([0, 0, 0, 0, 0, 1], ValueError, "four of a rank"),
        ([0, 1, 2, 3, "4"], TypeError, None),
        (5, TypeError, None),
    ],
)
def test_compiled_low_refuses_what_is_no_hand(ranks, error, message):
    with pytest.raises(error, match=message):
        fast.low_strength(ranks)


def test_compiled_omaha_low_refuses_what_is_no_hand():
    with pytest.raises(ValueError, match="at least 2 hole"):
        fast.omaha_low_strength([0], [1, 2, 3])
    with pytest.raises(ValueError, match="at least 3 board"):
        fast.omaha_low_strength([0, 1], [2, 3])
    with pytest.raises(ValueError, match="four of a rank"):
        fast.omaha_low_strength([0, 0, 0], [0, 0, 1])
    with pytest.raises(ValueError, match="0 to 12"):
        fast.omaha_low_strength([0, 13], [1, 2, 3])


@pytest.mark.parametrize(
    ("table", "stand_in", "message"),
    [
        ("flat_flush", "lambda: bytes(10)", "holds 10 bytes"),
        ("flat_flush", "lambda: bytes(1 << 14)", "a strength for each flush"),
        ("flat_nonflush", "lambda size: bytes(6 * 6175)", "out of range or repeated"),
        ("flat_nonflush", "lambda size: b'x' * 6", "holds 6 bytes"),
        ("flat_low5", "lambda: _flat_low5()[:-2]", "holds 37048 bytes"),
        ("flat_low5", "lambda: _flat_low5()[:4] * 6175 + _flat_low5()[-12350:]", "repeated"),
    ],
)
def test_the_compiled_evaluator_refuses_a_flat_table_of_another_form(table, stand_in, message):
    # A fresh process, whose tables are loaded from the stand-in: the evaluator
    # checks what it copies, and fails rather than read another form of table.
    call = "low_strength([0, 1, 2, 3, 4])" if table == "flat_low5" else "high_strength(range(5))"
    code = f"""
from floorman.evaluation import _fast, _tables
_flat_low5 = _tables.flat_low5
_tables.{table} = {stand_in}
try:
    _fast.{call}
except RuntimeError as error:
    print(error)
"""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert message in done.stdout
