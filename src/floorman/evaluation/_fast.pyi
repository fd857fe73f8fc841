from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

def high_strength(cards: Sequence[int], /) -> int: ...
def high_strengths(
    hands: npt.NDArray[np.uint8], width: int, out: npt.NDArray[np.uint16], /
) -> int: ...
def holdem_tally(
    holes: Sequence[Sequence[int]],
    board: Sequence[int],
    deck: npt.NDArray[np.uint8],
    missing: int,
    boards: npt.NDArray[np.uint8] | None,
    /,
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]: ...
def low_strength(ranks: Sequence[int], /) -> int: ...
def omaha_low_strength(hole: Sequence[int], board: Sequence[int], /) -> int: ...
