"""The floor: the floorperson's rulings on a deal, each citing its rule.

A report of what happened (:mod:`floorman.floor.reports`) goes in; a
:class:`~floorman.floor.rulings.Ruling` comes out, applied to the deal through
events, or offering management the options the rules allow.
"""

from floorman.floor.reports import (
    ActionDeclared,
    BlindNotPosted,
    BoxedCard,
    CardsDropped,
    CardsShown,
    DeadHandCause,
    DealingError,
    DuplicateCard,
    ExposedCard,
    ExtraCard,
    ForeignCard,
    HandFouled,
    HandInQuestion,
    JokerFound,
    MisdealCause,
    MissingCards,
    MuckedHand,
    PrematureCards,
    Report,
)
from floorman.floor.requests import ask_to_see
from floorman.floor.rulings import (
    RULING_CODES,
    Ruling,
    acted_in_turn,
    decide,
    decide_at_table,
    rule,
    rule_at_table,
    rule_options,
    rulings_citing,
)

__all__ = [
    "RULING_CODES",
    "ActionDeclared",
    "BlindNotPosted",
    "BoxedCard",
    "CardsDropped",
    "CardsShown",
    "DeadHandCause",
    "DealingError",
    "DuplicateCard",
    "ExposedCard",
    "ExtraCard",
    "ForeignCard",
    "HandFouled",
    "HandInQuestion",
    "JokerFound",
    "MisdealCause",
    "MissingCards",
    "MuckedHand",
    "PrematureCards",
    "Report",
    "Ruling",
    "acted_in_turn",
    "ask_to_see",
    "decide",
    "decide_at_table",
    "rule",
    "rule_at_table",
    "rule_options",
    "rulings_citing",
]
