"""Hand evaluation for every ranking the rulebook uses, one hand or millions at once.

Single hands (:mod:`~floorman.evaluation.hands`), hand values and their names
(:mod:`~floorman.evaluation.values`), the vectorised batch evaluator
(:mod:`~floorman.evaluation.batch`) and equity (:mod:`~floorman.evaluation.equity`).
"""

from floorman.evaluation.hands import (
    MOST_CARDS,
    MOST_WILD_CARDS,
    JokerRule,
    best_five,
    evaluate_ace_to_five,
    evaluate_deuce_to_seven,
    evaluate_eight_or_better,
    evaluate_high,
    evaluate_omaha,
    evaluate_omaha_eight_or_better,
    high_strength,
)
from floorman.evaluation.values import Category, HandValue, Ranking

__all__ = [
    "MOST_CARDS",
    "MOST_WILD_CARDS",
    "Category",
    "HandValue",
    "JokerRule",
    "Ranking",
    "best_five",
    "evaluate_ace_to_five",
    "evaluate_deuce_to_seven",
    "evaluate_eight_or_better",
    "evaluate_high",
    "evaluate_omaha",
    "evaluate_omaha_eight_or_better",
    "high_strength",
]
