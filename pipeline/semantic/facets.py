"""Facets: the few single-valued sides of a person that a newer statement replaces.

Where someone lives and where (or as what) they work hold one value at a time: "I moved to
Montréal" replaces "lives in Lyon", in any language, although the two statements share no word.
A facet is recognised two ways, both closed-class and language-general:

* from a **slug** — the topic words stored memories are filed under (``home-city-lyon``,
  ``job-bank-analyst``, ``employer``, ``role-phd``): :data:`SLUG_WORDS`;
* from a **statement** — the verb (or noun) of residence or employment in the languages of the
  sets (en, de, fr, es, ja, zh): "live in", "wohne", "déménagé", "vivo", "住んで", "搬到";
  "work at", "arbeite", "travaille", "trabajo", "会社", "上班".

Used by the relatedness rule (a slug's topic words include its facet's, so a statement filed as
``home-…`` shortlists a memory filed as ``residence-…``) and by the embedded dedup decision (a
statement reporting a change on a memory's facet updates it). Pure functions; no model.
"""

from __future__ import annotations

import re

_I = re.IGNORECASE

#: Facet → the slug words that name it. A word names one facet only; ambiguous words ("work",
#: as in ``work-language-go``, "city" alone in ``favourite-city``) are left out.
SLUG_WORDS: dict[str, frozenset[str]] = {
    "residence": frozenset({"home", "residence", "lives", "living", "location", "address", "based"}),
    "work": frozenset(
        {"job", "employer", "employment", "workplace", "occupation", "career", "profession", "role"}
    ),
}

#: Facet → the word a slug of that facet starts with (the embedded extractor files statements so).
SLUG_HEAD = {"residence": "home", "work": "job"}

#: Facet → its verbs and nouns, per language (one alternation; case-insensitive).
_STATEMENT: dict[str, re.Pattern[str]] = {
    "residence": re.compile(
        # en
        r"\b(?:live[sd]?|living)\s+in\b|\bmoved\s+(?:back\s+)?(?:to|into)\b|\brelocated\b|\bbased\s+in\b"
        # de
        r"|\bwohn(?:e|en|t|te|ung)\b|\b(?:um|hin|weg)?gezogen\b|\bziehe\s+(?:nach|um)\b"
        # fr
        r"|\bhabit(?:e|es|ons|ais|é|ée)\b|\bdéménag\w*|\bvis\s+(?:à|en|au)\b|\binstallée?s?\s+(?:à|en|au)\b"
        # es
        r"|\bviv(?:o|imos|ía|í)\b|\bme\s+mudé\b|\bnos\s+mudamos\b|\bmudad[oa]\b"
        # ja, zh
        r"|住ん|住む|住まい|引っ越|住在|搬到|搬去|搬家",
        _I,
    ),
    "work": re.compile(
        # en ("works at", "works remotely for", "works on-site at")
        r"\bwork(?:s|ed|ing)?\s+(?:(?:\w+ly|\w+-[\w-]+)\s+)?(?:as|at|for)\b|\bjoined\b|\bnew\s+job\b|\bjob\s+(?:at|as)\b|\bhired\b"
        # de
        r"|\barbeit(?:e|en|est|et|ete)\b|\bJob\b|\bStelle\b|\bangestellt\b"
        # fr
        r"|\btravaill(?:e|es|ons|ais|é)\b|\bboulot\b|\bposte\b|\bembauchée?\b"
        # es
        r"|\btrabaj(?:o|amos|aba|é)\b|\bcurro\b|\bpuesto\b|\bcontratad[oa]\b"
        # ja, zh
        r"|会社|勤め|働い|職場|転職|入社|上班|公司|入职|跳槽",
        _I,
    ),
}


def slug_facet(slug: str) -> str | None:
    """The facet a slug is filed under (one of its words names it), or None."""
    words = set(slug.lower().split("-"))
    found = [facet for facet, names in SLUG_WORDS.items() if words & names]
    return found[0] if len(found) == 1 else None


def statement_facet(text: str) -> str | None:
    """The facet a statement is about (its verb or noun of residence or employment), or None
    when it names none or both ("moved to Berlin for a new job": two facets, no one value)."""
    found = [facet for facet, pattern in _STATEMENT.items() if pattern.search(text)]
    return found[0] if len(found) == 1 else None


def without_facet_words(text: str) -> str:
    """``text`` with its verbs and nouns of residence and employment blanked, leaving the values:
    "User has moved to Lyon" and "User lives in Lyon" then say the same thing."""
    for pattern in _STATEMENT.values():
        text = pattern.sub(" ", text)
    return text


def facet_words(words: frozenset[str]) -> frozenset[str]:
    """``words`` plus every slug word of the facets they name (``home`` → residence, lives, …)."""
    extra = [names for names in SLUG_WORDS.values() if words & names]
    return words.union(*extra) if extra else words


__all__ = ["SLUG_HEAD", "SLUG_WORDS", "facet_words", "slug_facet", "statement_facet", "without_facet_words"]
