"""Rule citations as data: every rule floorman applies is named by its citation.

A citation is ``RRP5 <section>.<rule>``: the section slug of Robert's Rules of
Poker, version 5 (``blinds``, ``conduct.improper``, ...) and the rule's number
within it, with sub-rules after a dot (``misdeals.1.2``) and ``intro`` for a
section's opening paragraph. Each registered rule carries our own one-line
paraphrase; the rulebook's text is credited to "Robert's Rules of Poker" by
Bob Ciaffone.

>>> c = Citation.parse("RRP5 blinds.9")
>>> c
Citation.parse('RRP5 blinds.9')
>>> str(c), c.section, c.rule
('RRP5 blinds.9', 'blinds', '9')
>>> Citation.parse("conduct.improper.1").section
'conduct.improper'
>>> rule("ranking.11").section_title
'Ranking of hands'
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, total_ordering

from floorman._frozen import frozen
from floorman._rule_texts import RULES
from floorman._rule_texts import SECTIONS as SECTIONS
from floorman.errors import NotationError

__all__ = ["SECTIONS", "Citation", "Rule", "all_rules", "cite", "rule"]

#: The edition every citation refers to.
EDITION = "RRP5"


def _sort_key(rule: str) -> tuple[tuple[int, int | str], ...]:
    return tuple((0, int(p)) if p.isdigit() else (-1, p) for p in rule.split("."))


def _rule_number(text: str) -> bool:
    """Whether ``text`` is a rule number: "intro", or positive whole numbers without
    leading zeros, dotted (checked without a pattern, which would be compiled at import).

    >>> [_rule_number(t) for t in ("intro", "9", "10.2", "09", "1.", "1..2", "\u00b2", "")]
    [True, True, True, False, False, False, False, False]
    """
    if text == "intro":
        return True
    for part in text.split("."):
        if not (part.isascii() and part.isdigit()) or part[0] == "0":
            return False
    return True


_SECTION_ORDER = {slug: i for i, slug in enumerate(SECTIONS)}
# Longest first, so that "conduct.improper.1" is read in conduct.improper, not conduct.
_LONGEST_FIRST = sorted(SECTIONS, key=len, reverse=True)


@total_ordering
@frozen
class Citation:
    """One rule of the rulebook, e.g. ``RRP5 betting.6``.

    Citations sort in the rulebook's own order.

    >>> sorted([Citation.parse("ties.2"), Citation.parse("betting.10"),
    ...         Citation.parse("betting.9")])
    [Citation.parse('RRP5 betting.9'), Citation.parse('RRP5 betting.10'), Citation.parse('RRP5 ties.2')]
    """

    section: str
    rule: str

    def __post_init__(self) -> None:
        if self.section not in SECTIONS:
            known = ", ".join(SECTIONS)
            raise NotationError(
                f"unknown rulebook section {self.section!r}; sections are: {known}",
                text=self.section,
            )

    @classmethod
    def parse(cls, text: str) -> Citation:
        """Read ``"RRP5 blinds.9"`` or ``"blinds.9"``.

        The rule need not be registered; :func:`rule` requires that.

        >>> Citation.parse("blinds")
        Traceback (most recent call last):
        ...
        floorman.errors.NotationError: not a rule citation: 'blinds' (expected e.g. 'RRP5 blinds.9')
        """
        body = text.strip()
        if body.startswith(EDITION + " "):
            body = body[len(EDITION) + 1 :].strip()
        for slug in _LONGEST_FIRST:
            if body.startswith(slug + ".") and len(body) > len(slug) + 1:
                number = body[len(slug) + 1 :]
                if _rule_number(number):
                    return cls(slug, number)
        raise NotationError(
            f"not a rule citation: {text!r} (expected e.g. 'RRP5 blinds.9')", text=text
        )

    @property
    def id(self) -> str:
        """The citation without the edition: ``blinds.9``."""
        return f"{self.section}.{self.rule}"

    def __str__(self) -> str:
        return f"{EDITION} {self.id}"

    def __repr__(self) -> str:
        return f"Citation.parse({str(self)!r})"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Citation):
            return NotImplemented
        return (_SECTION_ORDER[self.section], _sort_key(self.rule)) < (
            _SECTION_ORDER[other.section],
            _sort_key(other.rule),
        )


@frozen
class Rule:
    """A registered rule: its citation, its section's title and our paraphrase."""

    citation: Citation
    paraphrase: str

    @property
    def section_title(self) -> str:
        """The title of the rule's section."""
        return SECTIONS[self.citation.section]


# Each registered rule, made the first time it is asked for: a command that cites a
# few rules starts without making hundreds.
_REGISTRY: dict[str, Rule] = {}


def rule(text: str | Citation) -> Rule:
    """The registered rule for a citation, with its paraphrase.

    >>> print(rule("RRP5 ties.1").citation)
    RRP5 ties.1
    >>> rule("ties.99")
    Traceback (most recent call last):
    ...
    floorman.errors.NotationError: no rule RRP5 ties.99 in the rulebook; ties has ties.1, ties.2, ties.3, ties.4, ties.4.1, ties.4.2, ties.4.3, ties.5
    """
    citation = text if isinstance(text, Citation) else Citation.parse(text)
    found = _REGISTRY.get(citation.id)
    if found is None and (paraphrase := RULES.get(citation.id)) is not None:
        found = _REGISTRY[citation.id] = Rule(citation, paraphrase)
    if found is None:
        siblings = ", ".join(
            r.citation.id for r in all_rules() if r.citation.section == citation.section
        )
        raise NotationError(
            f"no rule {citation} in the rulebook; {citation.section} has {siblings}",
            text=str(text),
        )
    return found


@cache
def cite(*ids: str) -> tuple[Citation, ...]:
    """Citations for registered rule ids, checked at import time of the caller.

    >>> cite("betting.5", "betting.7")
    (Citation.parse('RRP5 betting.5'), Citation.parse('RRP5 betting.7'))
    """
    return tuple(rule(i).citation for i in ids)


def all_rules() -> Iterator[Rule]:
    """Every registered rule, in the rulebook's order."""
    return iter(sorted((rule(rid) for rid in RULES), key=lambda r: r.citation))
