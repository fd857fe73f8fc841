"""The vectorised evaluator agrees with the single-hand one, row for row."""

from __future__ import annotations

import numpy as np
import pytest

from floorman.cards import Card
from floorman.errors import NotationError
from floorman.evaluation import evaluate_high, high_strength
from floorman.evaluation.batch import evaluate_high_batch


def _random_hands(rng: np.random.Generator, rows: int, size: int) -> np.ndarray:
    return np.argsort(rng.random((rows, 52)), axis=1)[:, :size].astype(np.uint8)


@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_equals_single_hand_evaluation(size):
    rng = np.random.default_rng(size)
    # More rows than one internal chunk, so chunk boundaries are crossed.
    hands = _random_hands(rng, 40_000, size)
    got = evaluate_high_batch(hands)
    assert got.dtype == np.uint16
    expected = [high_strength(row) for row in hands.tolist()]
    assert got.tolist() == expected


def test_batch_on_flush_heavy_hands():
    # Draw seven cards from 26 (two suits) so most rows hold a flush or straight flush.
    rng = np.random.default_rng(3)
    two_suits = np.array([i for i in range(52) if i & 3 in (2, 3)], dtype=np.uint8)
    picks = np.argsort(rng.random((5_000, 26)), axis=1)[:, :7]
    hands = two_suits[picks]
    got = evaluate_high_batch(hands).tolist()
    for row, strength in zip(hands.tolist(), got, strict=True):
        assert evaluate_high(Card(i) for i in row).strength == strength


def test_batch_accepts_any_integer_dtype_and_layout():
    rng = np.random.default_rng(9)
    hands = _random_hands(rng, 1_000, 7)
    reference = evaluate_high_batch(hands)
    assert (evaluate_high_batch(hands.astype(np.int64)) == reference).all()
    assert (evaluate_high_batch(np.asfortranarray(hands)) == reference).all()
    assert (evaluate_high_batch(hands.tolist()) == reference).all()


@pytest.mark.parametrize(
    "bad", [[[0, 1, 2, 3]], [[0, 1, 2, 3, 4, 5, 6, 7]], [0, 1, 2, 3, 4], [[0, 1, 2, 3, 52]]]
)
def test_batch_refuses_bad_shapes_and_cards(bad):
    with pytest.raises(NotationError):
        evaluate_high_batch(bad)


def test_empty_batch():
    assert evaluate_high_batch(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)
