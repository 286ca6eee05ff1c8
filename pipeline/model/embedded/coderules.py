"""Coding rules: one canonical wording per rule, one slot per single-valued rule."""

from __future__ import annotations

import re
from dataclasses import dataclass

from memscribe.lazyre import lazy_compile
from memscribe.model.embedded.directives import DIRECTIVE_VERBS
from memscribe.model.embedded.text import has_secret, safe_slug, split_sentences
from memscribe.model.embedded.wordscan import WordScan
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.schemas.transcript import Turn

#
# A coding convention is often stated across sentences ("I'd like a convention for variable names.
# Always start them with 'y_'."), by pronoun ("include the string 'q' within them"), by a noun phrase
# ("the consistent use of docstrings in methods") or with the old value restated before the new one.
# The rule is assembled from the sentence and its neighbours and written in one canonical wording, so
# a later restatement is a duplicate and a later change of value lands on the same *slot*: what the
# rule is about (the prefix of variable names, the case of class names), not how it was worded.

_OBJECT = lazy_compile(
    r"\b(?P<arg>function\s+(?:argument|parameter|arg|param)s?|(?:argument|parameter)s?)\b"
    r"|\b(?P<method>methods?)\b|\b(?P<function>functions?)\b|\b(?P<class>class(?:es)?)\b"
    r"|\b(?P<variable>variables?)\b|\b(?P<attribute>attributes?)\b",
    re.I,
)
_OBJECT_NAMES = {
    "arg": "function argument",
    "method": "method",
    "function": "function",
    "class": "class",
    "variable": "variable",
    "attribute": "attribute",
}
_ASPECT = (
    (
        "start",
        lazy_compile(
            r"\b(?:start|starts|starting|started|begin|begins|beginning|prefix(?:ed|es|ing)?|prepend)\b", re.I
        ),
    ),
    (
        "end",
        lazy_compile(r"\b(?:end|ends|ending|ended|finish|finishing|suffix(?:ed|es|ing)?|append)\b", re.I),
    ),
    (
        "include",
        lazy_compile(
            r"\b(?:include|includes|including|contain|contains|containing|incorporate|within)\b", re.I
        ),
    ),
)
_QUOTED = lazy_compile(
    r"'(?P<a>[^'\s]{1,30})'|\"(?P<b>[^\"\s]{1,30})\"|`(?P<c>[^`\s]{1,30})`|‘(?P<d>[^’\s]{1,30})’"
)
_CASES = lazy_compile(
    r"\b(?P<case>upper\s*case|lower\s*case|camel\s*case|pascal\s*case|snake[_\s]case|kebab[-\s]case)\b", re.I
)
_CASE_NAMES = {
    "uppercase": "all uppercase",
    "lowercase": "all lowercase",
    "camelcase": "CamelCase",
    "pascalcase": "PascalCase",
    "snakecase": "snake_case",
    "kebabcase": "kebab-case",
}
#: The old value of a changed rule, named before or after the new one ("instead of 'a_'").
_OLD_VALUE = lazy_compile(
    r"(?:instead\s+of|rather\s+than|no\s+longer|not\s+(?:with\s+)?|previously|used\s+to|was|were|from|old|"
    r"replac\w*|chang\w*\s+from)\W*(?:\w+\W+){0,3}$",
    re.I,
)
_RULE_CUE_RE = (
    r"\b(?:always|never|all|every|each|whenever|from\s+now\s+on|going\s+forward|moving\s+forward|henceforth"
    r"|conventions?|standards?|guidelines?|practices?|rules?|policy|consistent(?:ly)?|consistency|should|must"
    r"|ensure|make\s+sure|be\s+sure|remember|please|(?:want|like|need|expect)\s+you\s+to|insist|require[ds]?"
    r"|we\s+(?:always\s+|consistently\s+)?(?:use|start|end|add|include|prefix|name|follow)|instruction|update[ds]?"
    r"|emphasi[sz]e|stress|insist|importan(?:t|ce)|essential|crucial|key|priorit\w+)\b"
    rf"|(?:^|[,:]\s*)(?:please\s+)?(?:always\s+)?(?:{DIRECTIVE_VERBS})\b"
)
_RULE_CUE = lazy_compile(_RULE_CUE_RE, re.I)
#: :data:`_RULE_CUE` over a lowered ASCII sentence, its two alternatives apart (see :func:`_rule_cue`):
#: the words, their alternation grouped by first letter (the same words: ``re`` tries each
#: alternative at every word's start, and most share no first letter with it)...
_RULE_WORD_LOWERED = lazy_compile(
    r"\b(?:a(?:lways|ll)|never|e(?:very|ach|nsure|mphasi[sz]e|ssential)"
    r"|w(?:henever|e\s+(?:always\s+|consistently\s+)?(?:use|start|end|add|include|prefix|name|follow))"
    r"|from\s+now\s+on|g(?:oing\s+forward|uidelines?)|m(?:oving\s+forward|ust|ake\s+sure)|henceforth"
    r"|c(?:onventions?|onsistent(?:ly)?|onsistency|rucial)|s(?:tandards?|hould|tress)"
    r"|p(?:ractices?|olicy|lease|riorit\w+)|r(?:ules?|emember|equire[ds]?)|be\s+sure"
    r"|(?:want|like|need|expect)\s+you\s+to|i(?:nsist|nstruction|mportan(?:t|ce))|update[ds]?|key)\b"
)
#: ...and the directive verb leading the sentence or a part after a comma or a colon: matched at the
#: start, and searched from a comma or a colon only in a sentence holding one (not at every position).
_RULE_LEAD_RE = rf"(?:please\s+)?(?:always\s+)?(?:{DIRECTIVE_VERBS})\b"
_RULE_LEAD_LOWERED = lazy_compile(_RULE_LEAD_RE)
_RULE_AFTER_MARK_LOWERED = lazy_compile(rf"[,:]\s*{_RULE_LEAD_RE}")


#: Something the clause of every code rule holds (lower case): a quoted value, a case, a digit or a
#: number, or the decorator, import or practice it names (``_naming_rule``, ``_decorator_rule``,
#: ``_import_rule``, ``_practice_rule``; "try" only with "statement" or "block" after it).
_RULE_MARKS = (
    *("'", '"', "`", "case", "digit", "number", "decorator", "import", "annotation", "hint"),
    *("docstring", "assert", "statement", "block", "comment"),
)


#: :data:`_RULE_MARKS` read in one pass (every sentence of every user turn is asked).
_RULE_MARK_SCAN = WordScan(_RULE_MARKS)


def _may_rule(sentence: str) -> bool:
    """``sentence`` may give a code rule: not an ASCII sentence holding none of :data:`_RULE_MARKS`."""
    return not sentence.isascii() or _RULE_MARK_SCAN(sentence.lower())


def _rule_cue(sentence: str) -> bool:
    """:data:`_RULE_CUE` finds something in ``sentence``: a lowered ASCII sentence is asked of its
    alternatives apart, case-sensitive (the same answer, a third of the time)."""
    if not sentence.isascii():
        return _RULE_CUE.search(sentence) is not None
    low = sentence.lower()
    return (
        _RULE_WORD_LOWERED.search(low) is not None
        or _RULE_LEAD_LOWERED.match(low) is not None
        or (("," in low or ":" in low) and _RULE_AFTER_MARK_LOWERED.search(low) is not None)
    )


_NOT_A_RULE = lazy_compile(
    r"\?\s*$|^\W*(?:if|do\s+you|did\s+you|have\s+you|can\s+you|could\s+you|would\s+you)\b"
    r"|\b(?:maybe|perhaps|might|possibly|not\s+sure|what\s+if)\b",
    re.I,
)
_PRONOUN_OBJECT = lazy_compile(r"\b(?:them|they|these|those|their\s+names|the\s+names|it|its\s+name)\b", re.I)
_DECORATOR = lazy_compile(
    r"(?P<dec>'@[\w.]+'|\"@[\w.]+\"|`@[\w.]+`|@[\w.]+)\s+decorator(?P<src>\s+from\s+(?:the\s+)?"
    r"(?:'[\w.]+'|\"[\w.]+\"|`[\w.]+`|[\w.]+)(?:\s+(?:module|package|library))?)?",
    re.I,
)
_IMPORT = lazy_compile(
    r"\bimport\s+(?:the\s+)?(?P<mod>'[\w.]+'|\"[\w.]+\"|`[\w.]+`)(?:\s+(?:module|package|library))?", re.I
)
_PRACTICE = lazy_compile(
    r"\b(?:(?:the\s+)?(?:consistent\s+|regular\s+)?use\s+of|using|importance\s+of\s+(?:using|including|adding|writing)"
    r"|(?:always\s+)?(?:use|include|add|write)|(?:including|adding|writing))\s+(?:the\s+)?(?P<what>"
    r"(?:type\s+)?annotations?|type\s+hints?|docstrings?|assert(?:ion)?\s+statements?|assertions?"
    r"|try(?:[/-]except)?\s+(?:statements?|blocks?)|comments?)\b(?P<rest>[^.]*)",
    re.I,
)
#: What follows "and" when it joins a second rule: "and always end …", "and using …".
_NEXT_RULE = (
    rf"(?:always\s+|never\s+)?(?:(?:{DIRECTIVE_VERBS})(?:ing)?|ending|beginning|starting|adding|using)\b"
)
#: Clause boundaries inside a sentence that can hold two rules, or an old rule then the new one.
_RULE_CLAUSES = lazy_compile(
    rf",?\s+but\s+|;\s*|,\s+(?:however|now|instead)\b,?|,?\s+and\s+(?={_NEXT_RULE})",
    re.I,
)
#: A sentence stating two rules joined by "and" (every clause is read, not only the last rule).
_AND_RULE = lazy_compile(rf"\s+and\s+{_NEXT_RULE}", re.I)


@dataclass(frozen=True)
class _CodeRule:
    text: str
    slug: str


def _object_in(text: str, *, last: bool = False) -> str | None:
    found = list(_OBJECT.finditer(text))
    if not found:
        return None
    m = found[-1] if last else found[0]
    return next(_OBJECT_NAMES[k] for k, v in m.groupdict().items() if v)


def _plural(obj: str) -> str:
    return "classes" if obj == "class" else obj + "s"


def _value_literal(clause: str) -> str | None:
    """The quoted value a rule sets: the last one not named as the old value."""
    values = []
    for m in _QUOTED.finditer(clause):
        lit = next(g for g in m.groups() if g is not None)
        if lit.startswith("@") or _OLD_VALUE.search(clause[: m.start()][-40:]):
            continue
        values.append(lit)
    return values[-1] if values else None


def _rule_object(clause: str, sentence: str, before: str) -> str | None:
    """What the rule is about: named in the clause, its sentence, or (pronoun) the sentence before."""
    return _object_in(clause) or _object_in(sentence) or _object_in(before, last=True)


def _naming_rule(clause: str, sentence: str, before: str) -> _CodeRule | None:
    case = _CASES.search(clause)
    if case and re.search(r"\bnames?\b|\bnaming\b|\bclass", clause + " " + before, re.I):
        obj = _rule_object(clause, sentence, before)
        if obj is None:
            return None
        key = re.sub(r"[\s_-]", "", case.group("case").lower())
        return _CodeRule(f"always use {_CASE_NAMES[key]} for {obj} names", f"rule-{_plural(obj)}-names-case")
    value = _value_literal(clause)
    if value is None:
        digit = re.search(r"\b(?:a\s+)?(?:single\s+)?(?:digit|number)\b", clause, re.I)
        if digit and _ASPECT[2][1].search(clause):
            obj = _rule_object(clause, sentence, before)
            return (
                None
                if obj is None
                else _CodeRule(
                    f"always include a single digit in {obj} names", f"rule-{_plural(obj)}-names-digit"
                )
            )
        return None
    aspect = next((name for name, pattern in _ASPECT if pattern.search(clause)), None)
    if value.endswith("_") and not value.startswith("_") and aspect != "include":
        aspect = "start"
    elif value.startswith("_") and not value.endswith("_") and aspect != "include":
        aspect = "end"
    if aspect is None:
        return None
    obj = _rule_object(clause, sentence, before)
    shaped = value.endswith("_") != value.startswith("_")  # 'x_' / '_x': an identifier affix
    if obj is None or not (
        shaped
        or re.search(
            r"\bnam(?:e|es|ing|ed)\b|\bprefix|\bsuffix|\bstring\b", " ".join((clause, sentence, before)), re.I
        )
    ):
        return None
    if aspect == "include":
        return _CodeRule(
            f"always include the string '{value}' in {obj} names",
            f"rule-{_plural(obj)}-names-include-{safe_slug(value)}",
        )
    verb = "start" if aspect == "start" else "end"
    # An example identifier keeps a one-letter value visible to word-level similarity ('_g' vs '_j').
    example = f"{value.rstrip('_')}_name" if verb == "start" else f"name_{value.lstrip('_')}"
    return _CodeRule(
        f"always {verb} {obj} names with '{value}' (as in {example})", f"rule-{_plural(obj)}-names-{verb}"
    )


def _decorator_rule(clause: str, before: str, after: str) -> _CodeRule | None:
    m = _DECORATOR.search(clause)
    if not m:
        return None
    obj = (
        _object_in(clause[m.end() :])
        or _object_in(clause)
        or _object_in(after)
        or _object_in(before, last=True)
    )
    if obj is None:
        return None
    name = m.group("dec").strip("'\"`")
    src = re.sub(r"\s+", " ", m.group("src") or "")
    if not src:
        imported = _IMPORT.search(" ".join((clause, after)))
        src = f" from the {imported.group('mod')} module" if imported else ""
    if src and not re.search(r"\b(?:module|package|library)$", src):
        src += " module"
    src = re.sub(r"\bfrom\s+(?!the\b)", "from the ", src)
    return _CodeRule(
        f"always add the '{name}' decorator{src} to all {_plural(obj)}",
        f"rule-decorator-{safe_slug(name)}-{obj}",
    )


def _practice_rule(clause: str, sentence: str, before: str, after: str) -> _CodeRule | None:
    m = _PRACTICE.search(clause)
    if not m:
        return None
    what = m.group("what").lower()
    obj = _object_in(m.group("rest")) or _object_in(after) or _object_in(before, last=True)
    if obj is None and not what.startswith("comment"):
        return None
    verb = "include" if re.match(r"assert|try", what) else "add" if what.startswith("comment") else "use"
    where = f" in {_plural(obj)}" if obj else " in the code"
    key = re.sub(r"\W+", "-", what.split()[0])
    return _CodeRule(f"always {verb} {what}{where}", f"rule-{key}-{obj or 'code'}")


def _import_rule(clause: str, sentence: str) -> _CodeRule | None:
    m = _IMPORT.search(clause)
    if not m or re.search(r"\bdecorators?\b", sentence, re.I):
        return None
    mod = m.group("mod").strip("'\"`")
    return _CodeRule(
        f"always import the '{mod}' module, even if it is not used", f"rule-import-{safe_slug(mod)}"
    )


def code_rules_in_turn(
    turn: Turn, sentences: list[str] | None = None
) -> tuple[list[ProfileCandidate], set[int]]:
    """Coding conventions in a turn, each in its canonical wording (see the section comment);
    ``sentences``: the turn's :func:`split_sentences`, when the caller has them."""
    if sentences is None:
        sentences = split_sentences(turn.text)
    out: list[ProfileCandidate] = []
    used: set[int] = set()
    seen: set[str] = set()
    for i, sentence in enumerate(sentences):
        if not _may_rule(sentence) or not _rule_cue(sentence):
            continue
        before = sentences[i - 1] if i else ""
        after = sentences[i + 1] if i + 1 < len(sentences) else ""
        # a restated old rule before the new one: keep the clause that is not hedged or past
        clauses = [c for c in _RULE_CLAUSES.split(sentence) if c and c.strip()]
        for clause in reversed(clauses):
            if _NOT_A_RULE.search(clause) or re.search(
                r"\b(?:used\s+to|previously|in\s+the\s+past|before)\b", clause, re.I
            ):
                continue
            rule = (
                _decorator_rule(clause, before, after)
                or _naming_rule(clause, sentence, before)
                or _import_rule(clause, sentence)
                or _practice_rule(clause, sentence, before, after)
            )
            if rule is None:
                continue
            # A sentence holding a secret gives no rule: asked once, at its first rule (the
            # detectors' scan is the costly test, and most sentences give none).
            if i not in used and has_secret(sentence):
                break
            used.add(i)
            slug = safe_slug(rule.slug)
            if slug not in seen:
                seen.add(slug)
                out.append(
                    ProfileCandidate(
                        slug=slug,
                        ttl="one_year",
                        body=f"User's standing instruction: {rule.text}.",
                        evidence_turns=[turn.index],
                    )
                )
            if not _AND_RULE.search(sentence):
                break
    return out, used
