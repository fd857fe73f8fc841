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
from floorman._static import TYPE_CHECKING

# The public names are imported from their modules at their first use, not with
# the package: the floorman program (floorman._program) starts before the
# library's modules load, to load them its own way (see there why).
if TYPE_CHECKING:
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

#: Each public name, by the module that defines it.
_PUBLIC = {
    "floorman.cards": (
        "DECK_52",
        "DECK_53",
        "JOKER",
        "Card",
        "Deck",
        "Rank",
        "Suit",
        "format_cards",
        "parse_cards",
    ),
    "floorman.errors": (
        "ConfigError",
        "FloorError",
        "FloormanError",
        "IllegalAction",
        "NotationError",
        "OutOfTurn",
    ),
    "floorman.evaluation": (
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
    ),
    "floorman.ids": ("PlayerId", "Position", "Seat"),
    "floorman.rulebook": ("Citation", "Rule", "cite", "rule"),
}
_MODULE_OF = {name: module for module, names in _PUBLIC.items() for name in names}
# The modules the package imported with itself before its names were lazy: still
# found as its attributes (``floorman.cards``) after a bare ``import floorman``.
_SUBMODULES = frozenset(module.rpartition(".")[2] for module in _PUBLIC)


def __getattr__(name: str) -> object:
    """A public name or one of :data:`_SUBMODULES`, imported at its first use and
    kept as the package's attribute."""
    module = _MODULE_OF.get(name)
    if module is not None:
        import importlib

        value = getattr(importlib.import_module(module), name)
    elif name in _SUBMODULES:
        import importlib

        value = importlib.import_module(f"floorman.{name}")
    else:
        raise AttributeError(f"module 'floorman' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_MODULE_OF, *_SUBMODULES})


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
