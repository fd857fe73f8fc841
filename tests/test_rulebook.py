"""The rulebook registry: citations as data, every catalogued rule registered, no copied text."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from floorman.errors import NotationError
from floorman.rulebook import EDITION, Citation, Rule, all_rules, cite, rule

RULEBOOK_DIR = Path(__file__).resolve().parents[2] / "shared" / "rulebook"
CATALOG = RULEBOOK_DIR / "CATALOG.md"
README = RULEBOOK_DIR / "README.md"

REGISTERED = list(all_rules())


def _catalog_ids() -> list[str]:
    if not CATALOG.is_file():
        pytest.skip(f"the rule catalog is not at {CATALOG}; cannot check it against the registry")
    return re.findall(r"^\|\s*`([^`]+)`\s*\|", CATALOG.read_text(encoding="utf-8"), re.MULTILINE)


def _words(text: str) -> list[str]:
    """Lower-case words with punctuation and apostrophes dropped."""
    text = text.lower().replace("\u2019", "").replace("'", "")
    return re.findall(r"[a-z0-9]+", text)


# --- the registry against the catalog --------------------------------------------------------


def test_catalog_lists_every_numbered_rule() -> None:
    ids = _catalog_ids()
    total = re.search(r"(\d+) in all", CATALOG.read_text(encoding="utf-8"))
    assert total is not None, "CATALOG.md no longer states its total"
    assert len(ids) == int(total.group(1))
    assert len(set(ids)) == len(ids)


def test_every_catalogued_rule_is_registered_with_a_paraphrase() -> None:
    missing = []
    for rule_id in _catalog_ids():
        try:
            found = rule(rule_id)
        except NotationError:
            missing.append(rule_id)
            continue
        assert isinstance(found, Rule)
        assert found.citation.id == rule_id
        assert found.paraphrase.strip(), f"{rule_id} has an empty paraphrase"
        assert found.section_title.strip()
    assert not missing, f"catalogued rules not registered: {missing}"


def test_registered_rules_are_catalogued_or_section_intros() -> None:
    ids = set(_catalog_ids())
    extra = [r.citation.id for r in REGISTERED if r.citation.id not in ids]
    assert all(rid.endswith(".intro") for rid in extra), extra


def _book_rule_ids() -> list[str]:
    """Every numbered rule and sub-rule of the version-5 text, in order: a section's
    list starts again at 1, and the sections come in the registry's order."""
    texts = sorted(RULEBOOK_DIR.glob("000_*.txt")) if RULEBOOK_DIR.is_dir() else []
    if not texts:
        pytest.skip(f"the version-5 rulebook text is not in {RULEBOOK_DIR}")
    sections = iter(dict.fromkeys(r.citation.section for r in REGISTERED))
    ids: list[str] = []
    section = top = ""
    for line in texts[0].read_text("utf-8").splitlines():
        found = re.match(r"^( *)(\d+)\. ", line)
        if found is None:
            continue
        indent, number = found.groups()
        if indent:
            ids.append(f"{section}.{top}.{number}")
            continue
        if number == "1":
            section = next(sections)
        top = number
        ids.append(f"{section}.{number}")
    assert next(sections, None) is None, "fewer sections in the text than registered"
    return ids


def test_every_rule_of_the_version_5_text_is_registered_under_its_number() -> None:
    # Read from the text itself, not the catalog: a rule the catalog or the
    # section table misses, or a numbering off by one, shows here.
    book = _book_rule_ids()
    registered = [r.citation.id for r in REGISTERED if r.citation.rule != "intro"]
    assert book == registered
    assert book[-1] == "blinds.16"
    assert "misdeals.1.10" in book
    assert "ties.4.3" in book


def test_blinds_16_sleeping_bet_is_a_rule_of_the_version_5_text() -> None:
    texts = sorted(RULEBOOK_DIR.glob("000_*.txt")) if RULEBOOK_DIR.is_dir() else []
    if not texts:
        pytest.skip(f"the version-5 rulebook text is not in {RULEBOOK_DIR}")
    lines = texts[0].read_text("utf-8").splitlines()
    last = next(line for line in reversed(lines) if re.match(r"^\d+\. ", line))
    assert last.startswith("16. ")
    assert "sleeping bet" in last
    paraphrase = rule("blinds.16").paraphrase
    assert "sleeping" in paraphrase
    assert "no such rule" not in paraphrase.lower()


def test_every_ranking_and_ties_rule_is_registered() -> None:
    # The rules this layer enforces, whatever the catalog says.
    for rule_id in ["ranking.intro", *(f"ranking.{n}" for n in range(1, 12)), "ties.1"]:
        assert rule(rule_id).paraphrase
    assert rule("ranking.11").section_title == "Ranking of hands"


# --- citations -------------------------------------------------------------------------------


@pytest.mark.parametrize("registered", REGISTERED, ids=lambda r: r.citation.id)
def test_citation_round_trips(registered: Rule) -> None:
    citation = registered.citation
    assert Citation.parse(str(citation)) == citation
    assert Citation.parse(citation.id) == citation
    assert str(citation) == f"{EDITION} {citation.id}"
    assert citation.id == f"{citation.section}.{citation.rule}"
    assert eval(repr(citation), {"Citation": Citation}) == citation
    assert rule(citation) is registered
    assert rule(str(citation)) is registered


def test_citation_fields_and_hashing() -> None:
    citation = Citation.parse("RRP5 conduct.improper.1")
    assert (citation.section, citation.rule) == ("conduct.improper", "1")
    assert Citation.parse("misdeals.1.2").rule == "1.2"
    assert Citation.parse("blinds.intro").rule == "intro"
    assert Citation.parse("  RRP5 blinds.9 ") == Citation("blinds", "9")
    assert Citation.parse("buy-in.1").section == "buy-in"
    assert len({Citation.parse("blinds.9"), Citation("blinds", "9")}) == 1
    assert repr(citation) == "Citation.parse('RRP5 conduct.improper.1')"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "RRP5",
        "blinds",
        "RRP5 blinds",
        "blinds.",
        "blinds.x",
        "blinds.-1",
        "blinds..9",
        "blinds.9.",
        "blinds 9",
        "RRP4 blinds.9",
        "poker.1",
        "conduct.1",
        ".9",
        "blinds.²",
        "blinds.09",
        "blinds.intro.2",
    ],
)
def test_bad_citations_raise_notation_error(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        Citation.parse(text)
    assert caught.value.text == text


def test_unknown_section_is_refused_listing_the_sections() -> None:
    with pytest.raises(NotationError) as caught:
        Citation("poker", "1")
    assert "blinds" in str(caught.value)
    assert "ranking" in str(caught.value)


def test_citations_sort_in_rulebook_order() -> None:
    in_order = [
        "conduct.prohibited.intro",
        "conduct.prohibited.1",
        "conduct.prohibited.8",
        "conduct.improper.1",
        "conduct.improper.2",
        "conduct.improper.10",
        "smoking.1",
        "ranking.intro",
        "ranking.1",
        "ranking.2",
        "ranking.10",
        "ranking.11",
        "buy-in.1",
        "misdeals.1",
        "misdeals.1.1",
        "misdeals.1.2",
        "misdeals.1.10",
        "misdeals.2",
        "betting.9",
        "ties.1",
        "ties.4",
        "ties.4.1",
        "ties.4.3",
        "ties.5",
        "blinds.intro",
        "blinds.1",
        "blinds.2",
        "blinds.2.1",
        "blinds.16",
    ]
    citations = [Citation.parse(c) for c in in_order]
    for shuffled in (citations[::-1], citations[1::2] + citations[::2]):
        assert sorted(shuffled) == citations
    for a, b in itertools.pairwise(citations):
        assert a < b
        assert not b < a
        assert a <= b
        assert b > a


def test_registry_sections_follow_the_readme_order() -> None:
    if not README.is_file():
        pytest.skip(f"the rulebook README is not at {README}")
    readme_order = re.findall(r"^\|\s*`([a-z.\-]+)`\s*\|\s*\d", README.read_text("utf-8"), re.M)
    assert readme_order, "no section table found in the rulebook README"
    seen: list[str] = []
    for registered in REGISTERED:
        if registered.citation.section not in seen:
            seen.append(registered.citation.section)
    assert seen == readme_order


def test_all_rules_is_sorted_and_unique() -> None:
    citations = [r.citation for r in REGISTERED]
    assert citations == sorted(citations)
    assert len(set(citations)) == len(citations)


def test_unregistered_rule_names_the_sections_rules() -> None:
    with pytest.raises(NotationError) as caught:
        rule("ties.99")
    message = str(caught.value)
    assert "ties.99" in message
    for rule_id in ["ties.1", "ties.2", "ties.3", "ties.4", "ties.4.1", "ties.4.3", "ties.5"]:
        assert rule_id in message
    assert "blinds.1" not in message
    with pytest.raises(NotationError) as caught:
        rule(Citation("ranking", "12"))
    assert all(f"ranking.{n}," in str(caught.value) for n in range(1, 11))
    assert "ranking.11" in str(caught.value)


def test_cite_returns_citations_and_refuses_unknown_rules() -> None:
    assert cite("betting.5", "betting.7") == (Citation("betting", "5"), Citation("betting", "7"))
    assert cite() == ()
    with pytest.raises(NotationError):
        cite("betting.5", "betting.99")


# --- our own words ---------------------------------------------------------------------------


def test_no_paraphrase_copies_the_rulebook() -> None:
    texts = sorted(RULEBOOK_DIR.glob("*.txt")) if RULEBOOK_DIR.is_dir() else []
    if not texts:
        pytest.skip(f"the rulebook texts are not in {RULEBOOK_DIR}")
    book = " " + " ".join(" ".join(_words(p.read_text("utf-8"))) for p in texts) + " "
    assert len(book) > 10_000
    run = 8
    copied = []
    for registered in REGISTERED:
        words = _words(registered.paraphrase)
        for start in range(len(words) - run + 1):
            phrase = " " + " ".join(words[start : start + run]) + " "
            if phrase in book:
                copied.append(f"{registered.citation.id}: {phrase.strip()!r}")
    assert not copied, "paraphrases copying 8+ words of the rulebook:\n" + "\n".join(copied)


def test_copy_check_would_catch_a_copied_sentence() -> None:
    # The check above is only worth something if it can fail: a sentence of the
    # rulebook, punctuated differently, must be found.
    texts = sorted(RULEBOOK_DIR.glob("*.txt")) if RULEBOOK_DIR.is_dir() else []
    if not texts:
        pytest.skip(f"the rulebook texts are not in {RULEBOOK_DIR}")
    book = " " + " ".join(" ".join(_words(p.read_text("utf-8"))) for p in texts) + " "
    copied = _words("THE RANKING of suits, from highest to lowest, is Spades, Hearts, Diamonds")
    assert " " + " ".join(copied[:8]) + " " in book
