"""The dealer: one deal of any poker form, played exactly by the rulebook.

>>> from floorman.deal import Deal, Stakes, Call, Check
>>> from floorman.games import HOLDEM, Structure
>>> from floorman.shuffle import SeededShuffler
>>> deal = Deal(HOLDEM, structure=Structure.FIXED_LIMIT,
...             stakes=Stakes(blinds=(1, 2), small_bet=2, big_bet=4),
...             stacks=(100, 100), shuffler=SeededShuffler(3))
>>> deal.legal().position   # heads-up, the button posts the small blind and acts first
1
"""

from floorman.deal.actions import (
    Action,
    BringIn,
    Call,
    Check,
    Chop,
    DealBoard,
    DealHole,
    Draw,
    Expose,
    Fold,
    Kill,
    Muck,
    Replace,
    Scrap,
    Show,
    TakeBack,
    Void,
    Wager,
)
from floorman.deal.log import inputs, rebuild
from floorman.deal.pots import Pot, build_pots, split
from floorman.deal.state import Deal, Legal, Stakes, Turn

__all__ = [
    "Action",
    "BringIn",
    "Call",
    "Check",
    "Chop",
    "Deal",
    "DealBoard",
    "DealHole",
    "Draw",
    "Expose",
    "Fold",
    "Kill",
    "Legal",
    "Muck",
    "Pot",
    "Replace",
    "Scrap",
    "Show",
    "Stakes",
    "TakeBack",
    "Turn",
    "Void",
    "Wager",
    "build_pots",
    "inputs",
    "rebuild",
    "split",
]
