"""The deal's records (events and actions): frozen, slotted, keyword-only
dataclasses whose ``__init__`` stores each field straight into its slot.

A deal makes several records for every action, so their construction is on
the dealer's hot path: a dataclass's own frozen ``__init__`` goes through
``object.__setattr__`` for each field; this one calls each slot's setter,
about twice as fast. Everything else (``fields``, ``replace``, equality,
hashing, ``repr``, refusing assignment) is the dataclass's.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar, dataclass_transform

__all__ = ["record"]

_T = TypeVar("_T")


@dataclass_transform(frozen_default=True, kw_only_default=True)
def record(cls: type[_T]) -> type[_T]:
    """Make ``cls`` a frozen, slotted, keyword-only dataclass with a fast ``__init__``."""
    made: Any = dataclasses.dataclass(frozen=True, slots=True, kw_only=True, init=False)(cls)
    namespace: dict[str, Any] = {}
    params = []
    body = []
    for f in dataclasses.fields(made):
        if f.default_factory is not dataclasses.MISSING or f.init is False:
            raise TypeError(f"{made.__name__}.{f.name}: a record's fields are plain values")
        namespace[f"_set_{f.name}"] = getattr(made, f.name).__set__
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            namespace[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        body.append(f"    _set_{f.name}(self, {f.name})")
    if hasattr(made, "__post_init__"):
        raise TypeError(f"{made.__name__}: a record has no __post_init__")
    signature = ", ".join(["self", "*", *params]) if params else "self"
    source = f"def __init__({signature}):\n" + ("\n".join(body) or "    pass") + "\n"
    exec(source, namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{made.__qualname__}.__init__"
    made.__init__ = init
    return made  # type: ignore[no-any-return]
