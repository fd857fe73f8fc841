"""The deal's records (events and actions): frozen, slotted, keyword-only
dataclasses, made cheaply.

Every deal makes several records for each action, and every process that
deals imports some forty record classes, so both their construction and their
creation count. :func:`record` gives a class exactly the behaviour of
``@dataclass(frozen=True, slots=True, kw_only=True)`` (the same fields,
``__dataclass_params__``, ``repr``, equality, hash, refusal to assign, pickling,
``dataclasses.replace``), made by :func:`floorman._frozen.dataclass_like`
without the ``dataclasses`` module, so that

- its ``__init__`` stores each field straight into its slot, about twice as
  fast as a frozen dataclass's (which goes through ``object.__setattr__``),
  and is made when the class is first instantiated, not at import, from code
  the package brings compiled (see :mod:`floorman._frozen_inits`);
- its ``repr``, equality, hash and refusal to assign are shared functions
  reading the class's fields, not code compiled for each class.

A record's fields are plain values: each given to the constructor, none made
by a factory, and nothing is checked after (no ``__post_init__``).
"""

from __future__ import annotations

from floorman._frozen import MISSING, dataclass_like, value_fields
from floorman._static import TYPE_CHECKING, dataclass_transform

if TYPE_CHECKING:
    from typing import TypeVar

    _T = TypeVar("_T")


__all__ = ["record"]


@dataclass_transform(frozen_default=True, kw_only_default=True)
def record(cls: type[_T]) -> type[_T]:
    """Make ``cls`` a frozen, slotted, keyword-only dataclass (see the module)."""
    made: type[_T] = dataclass_like(cls, kw_only=True)
    for f in value_fields(made):
        if f.default_factory is not MISSING or not f.init:
            raise TypeError(f"{made.__name__}.{f.name}: a record's fields are plain values")
    if hasattr(made, "__post_init__"):
        raise TypeError(f"{made.__name__}: a record has no __post_init__")
    return made
