"""Kin: which relatives a statement names ("two sisters", "zwei Brüder", "deux frères", "两个弟弟",
"弟が二人"), and whether as older or younger.

"User has two sisters" and "User has two brothers" share every word but one and score as one
fact to a lexical or a small static encoder (so do "我有两个姐姐" / "我有两个弟弟", and "J'ai deux
sœurs" / "J'ai deux frères" with the quotation's lead), yet they are two facts: dropping the
second as a restatement loses it. Kin terms are a closed class in every language of the sets, so
they are listed here by the relation they name, the same in each language ("Schwester",
"sœur", "hermana", "姐姐", "姉": sister), and Chinese and Japanese terms with the age their
word carries (姐姐, 姉: older; 妹妹, 妹: younger). Pure functions; no model. Used by
:func:`memscribe.semantic.changed.value_differs` (a restatement's veto), never to replace a fact.
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile

#: Relation → its words (Latin scripts, whole words, any case; plurals included).
_LATIN: dict[str, str] = {
    "sister": r"sisters?|schwestern?|s(?:œ|oe)urs?|hermanas?",
    "brother": r"brothers?|brüder|bruder|fr[èe]res?|hermanos?",
    "daughter": r"daughters?|t[öo]chter|filles?|hijas?",
    "son": r"sons?|s[öo]hne|sohn|fils|hijos?",
    "wife": r"wife|wives|ehefrau|épouse|esposa",
    "husband": r"husbands?|ehemann|mari|esposo|marido",
    "mother": r"mother|mum|mom|mutter|mère|madre",
    "father": r"father|dad|vater|père|padre",
    "aunt": r"aunts?|tanten?|tantes?|t[íi]as?",
    "uncle": r"uncles?|onkel|oncles?|t[íi]os?",
    "cousin": r"cousins?|cousinen?|cousines?|primos?|primas?",
    "niece": r"nieces?|nichten?|nièces?|sobrinas?",
    "nephew": r"nephews?|neffen?|neveux?|sobrinos?",
}
#: Chinese and Japanese kin words, longest first: relation and, where the word carries it, age.
_CJK: tuple[tuple[str, str, str], ...] = (
    ("姐姐", "sister", "older"), ("妹妹", "sister", "younger"), ("哥哥", "brother", "older"),
    ("弟弟", "brother", "younger"), ("姉妹", "sister", ""), ("兄弟", "brother", ""),
    ("女儿", "daughter", ""), ("儿子", "son", ""), ("息子", "son", ""), ("妻子", "wife", ""),
    ("老婆", "wife", ""), ("丈夫", "husband", ""), ("老公", "husband", ""), ("妈妈", "mother", ""),
    ("爸爸", "father", ""), ("姉", "sister", "older"), ("妹", "sister", "younger"),
    ("兄", "brother", "older"), ("弟", "brother", "younger"), ("娘", "daughter", ""),
)  # fmt: skip
_LATIN_WORD = lazy_compile(
    r"\b(?:" + "|".join(f"(?P<{k}>{v})" for k, v in _LATIN.items()) + r")\b", re.IGNORECASE
)
_CJK_WORD = lazy_compile("|".join(re.escape(w) for w, _, _ in _CJK))
_CJK_OF = {w: (relation, age) for w, relation, age in _CJK}
#: An age said of a relative: older or younger ("older brother", "ältere Schwester", "frère
#: aîné", "hermana menor").
_AGE = lazy_compile(
    r"\b(?:(?P<older>older|elder|big|ältere[nrs]?|aîn[ée]e?s?|mayor(?:es)?)"
    r"|(?P<younger>younger|little|jüngere[nrs]?|cadet(?:te)?s?|menor(?:es)?))\b",
    re.IGNORECASE,
)


def kin(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The relations ``text`` names (``sister``, ``son``, …) and the ages said of them
    (``older``, ``younger``)."""
    relations: set[str] = set()
    ages: set[str] = set()
    for m in _LATIN_WORD.finditer(text):
        relations.add(next(k for k, v in m.groupdict().items() if v))
    for m in _CJK_WORD.finditer(text):
        relation, age = _CJK_OF[m.group()]
        relations.add(relation)
        if age:
            ages.add(age)
    if relations:
        ages |= {k for m in _AGE.finditer(text) for k, v in m.groupdict().items() if v}
    return frozenset(relations), frozenset(ages)


def kin_differs(a: str, b: str) -> bool:
    """``a`` and ``b`` both name relatives, neither side's all among the other's, or not of the same age:
    "two sisters" / "two brothers", "older brother" / "younger brother", "姐姐" / "弟弟"."""
    (rel_a, age_a), (rel_b, age_b) = kin(a), kin(b)
    if not (rel_a and rel_b):
        return False
    # One side naming more relatives than the other ("a brother who lives in Lyon with his son" /
    # "a brother in Lyon") is a fuller telling, not another fact; so is a false friend ("son":
    # French "his", Spanish "they are") adding a relation to one side only.
    nested = rel_a <= rel_b or rel_b <= rel_a
    return not nested or bool(age_a and age_b and age_a != age_b)


__all__ = ["kin", "kin_differs"]
