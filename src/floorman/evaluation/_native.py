"""The compiled evaluator (``_fast``, built from ``_fast.c``), when there is one.

An install with a C compiler builds it; without one the package installs all
the same and every evaluator runs in pure Python (and numpy), with the same
results. ``FLOORMAN_PURE=1`` in the environment turns the compiled path off, so
that the pure path can be run and tested where the extension was built.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from floorman._static import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Final, Protocol

    # Only for the types: dealing and replaying hands start faster without numpy.
    import numpy as np
    import numpy.typing as npt

#: The environment variable that turns the compiled evaluator off.
PURE_VARIABLE: Final = "FLOORMAN_PURE"


if TYPE_CHECKING:
    # A protocol for the checker only (what _load returns, what equity's sampler takes).
    class Compiled(Protocol):
        """What the compiled module offers (see ``_fast.c`` for each function's contract)."""

        def high_strength(self, cards: Sequence[int], /) -> int: ...

        def high_strengths(
            self, hands: npt.NDArray[np.uint8], width: int, out: npt.NDArray[np.uint16], /
        ) -> int: ...

        def holdem_tally(
            self,
            holes: Sequence[Sequence[int]],
            board: Sequence[int],
            deck: npt.NDArray[np.uint8],
            missing: int,
            boards: npt.NDArray[np.uint8] | None,
            /,
        ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]: ...

        def low_strength(self, ranks: Sequence[int], /) -> int: ...

        def omaha_low_strength(self, hole: Sequence[int], board: Sequence[int], /) -> int: ...


def pure_wanted() -> bool:
    """Whether the environment asks for the pure Python path."""
    return os.environ.get(PURE_VARIABLE, "").strip() not in ("", "0")


def _load() -> Compiled | None:
    if pure_wanted():
        return None
    try:
        from floorman.evaluation import _fast
    except ImportError:
        return None
    return _fast


#: The compiled module, or ``None`` when it was not built or is turned off.
FAST: Final[Compiled | None] = _load()
#: Whether the evaluators run compiled code in this process.
COMPILED: Final = FAST is not None
