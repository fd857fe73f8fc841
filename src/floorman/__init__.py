"""floorman: a poker cardroom that runs games exactly by Robert's Rules of Poker.

The dealer, the table, the floorperson and the floor, each citing the rule
behind every ruling (``RRP5 <section>.<rule>``). This release holds cards, hand
evaluation for every ranking the rulebook uses, equity, the rulebook itself,
the dealer (:mod:`floorman.deal`), the table across deals
(:mod:`floorman.table`), the floorperson's rulings (:mod:`floorman.floor`) and
hand-history formats (:mod:`floorman.formats`).

>>> from floorman import parse_cards, evaluate_high
>>> evaluate_high(parse_cards("Ah Kh Qh Jh Th")).name
'Royal Flush'
"""

# First: it decides whether the dealer's modules load compiled or from source.
from floorman import _compiled  # noqa: F401  # isort: skip
from floorman.cards import (
    DECK_52,
    DECK_53,
    JOKER,
    Card,
    Deck,
    Rank,
    Suit,
    format_cards,
    parse_cards,
)
from floorman.errors import (
    ConfigError,
    FloorError,
    FloormanError,
    IllegalAction,
    NotationError,
    OutOfTurn,
)
from floorman.evaluation import (
    Category,
    HandValue,
    JokerRule,
    Ranking,
    best_five,
    evaluate_ace_to_five,
    evaluate_deuce_to_seven,
    evaluate_eight_or_better,
    evaluate_high,
    evaluate_omaha,
    evaluate_omaha_eight_or_better,
    high_strength,
)
from floorman.ids import PlayerId, Position, Seat
from floorman.rulebook import Citation, Rule, cite, rule

__version__ = "0.1.0"

__all__ = [
    "DECK_52",
    "DECK_53",
    "JOKER",
    "Card",
    "Category",
    "Citation",
    "ConfigError",
    "Deck",
    "FloorError",
    "FloormanError",
    "HandValue",
    "IllegalAction",
    "JokerRule",
    "NotationError",
    "OutOfTurn",
    "PlayerId",
    "Position",
    "Rank",
    "Ranking",
    "Rule",
    "Seat",
    "Suit",
    "best_five",
    "cite",
    "evaluate_ace_to_five",
    "evaluate_deuce_to_seven",
    "evaluate_eight_or_better",
    "evaluate_high",
    "evaluate_omaha",
    "evaluate_omaha_eight_or_better",
    "format_cards",
    "high_strength",
    "parse_cards",
    "rule",
]
