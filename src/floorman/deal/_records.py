"""The deal's records (events and actions): frozen, slotted, keyword-only
dataclasses, made cheaply.

Every deal makes several records for each action, and every process that
deals imports some forty record classes, so both their construction and their
creation count. :func:`record` gives a class exactly the behaviour of
``@dataclass(frozen=True, slots=True, kw_only=True)`` (the same fields,
``__dataclass_params__``, ``repr``, equality, hash, refusal to assign, pickling,
``dataclasses.replace``), but

- its ``__init__`` stores each field straight into its slot, about twice as
  fast as a frozen dataclass's (which goes through ``object.__setattr__``),
  and is compiled when the class is first instantiated, not at import;
- its ``repr``, equality, hash and refusal to assign are shared functions
  reading the class's fields, not code compiled for each class.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable
from typing import Any, TypeVar, dataclass_transform

from floorman._frozen import first_init, made_init, refuse_assignment

__all__ = ["record"]

_T = TypeVar("_T")


# A dataclass made without the methods a record makes its own way, whose options
# are then set to what ``@dataclass(frozen=True, slots=True, kw_only=True)``
# records: generating the methods would compile six of them at import, for nothing.
@dataclasses.dataclass(init=False, repr=False, eq=False, slots=True, kw_only=True)
class _Model:
    """The options every record is made with, as a dataclass states them."""


#: What ``@dataclass(frozen=True, slots=True, kw_only=True)`` records of a class.
_PARAMS = _Model.__dataclass_params__  # type: ignore[attr-defined]
_PARAMS.init = _PARAMS.repr = _PARAMS.eq = _PARAMS.frozen = True


def _repr(self: Any) -> str:
    cls = type(self)
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in cls.__record_names__)
    return f"{cls.__qualname__}({shown})"


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        key = self.__record_key__
        return key(self) == key(other)
    return NotImplemented


def _hash(self: Any) -> int:
    return hash(self.__record_key__(self))


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, name) for name in type(self).__record_names__]


def _setstate(self: Any, state: list[Any]) -> None:
    for name, value in zip(type(self).__record_names__, state, strict=True):
        object.__setattr__(self, name, value)


def _compile_init(cls: Any) -> Callable[..., None]:
    """The class's ``__init__``: keyword-only, each field set through its slot."""
    namespace: dict[str, Any] = {}
    params = []
    body = []
    for f in dataclasses.fields(cls):
        namespace[f"_set_{f.name}"] = getattr(cls, f.name).__set__
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            namespace[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        body.append(f"    _set_{f.name}(self, {f.name})")
    signature = ", ".join(["self", "*", *params]) if params else "self"
    return made_init(cls, signature, body, namespace)


@dataclass_transform(frozen_default=True, kw_only_default=True)
def record(cls: type[_T]) -> type[_T]:
    """Make ``cls`` a frozen, slotted, keyword-only dataclass (see the module)."""
    # A dataclass refuses to inherit from a frozen one unless frozen itself
    # (which costs a compiled __setattr__ and __delattr__, replaced below).
    inherits = any(hasattr(base, "__record_names__") for base in cls.__mro__[1:])
    made: Any = dataclasses.dataclass(
        init=False, repr=False, eq=False, frozen=inherits, slots=True, kw_only=True
    )(cls)
    fields = dataclasses.fields(made)
    for f in fields:
        if f.default_factory is not dataclasses.MISSING or not f.init:
            raise TypeError(f"{made.__name__}.{f.name}: a record's fields are plain values")
    if hasattr(made, "__post_init__"):
        raise TypeError(f"{made.__name__}: a record has no __post_init__")
    names = tuple(f.name for f in fields)
    made.__dataclass_params__ = _PARAMS
    made.__record_names__ = names
    made.__record_key__ = staticmethod(
        operator.attrgetter(*names) if len(names) > 1 else _single(names[0])
    )
    made.__init__ = first_init(made, _compile_init)
    made.__repr__ = _repr
    made.__eq__ = _eq
    made.__hash__ = _hash
    made.__getstate__ = _getstate
    made.__setstate__ = _setstate
    refuse_assignment(made, frozenset(names))
    return made  # type: ignore[no-any-return]


def _single(name: str) -> Callable[[Any], tuple[Any]]:
    get = operator.attrgetter(name)

    def key(value: Any) -> tuple[Any]:
        return (get(value),)

    return key
