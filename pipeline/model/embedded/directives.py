"""Standing instructions to the agent ("always X", "I want you to X", "our convention is to X")."""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile
from memscribe.lexicon.caseless import caseless_hit, holds_any, one_of
from memscribe.model.embedded.profile_rules import TASKY
from memscribe.model.embedded.text import STOP, has_secret, safe_slug, value_keep_case
from memscribe.model.embedded.wordscan import WordScan

DIRECTIVE_VERBS = (
    r"start|begin|end|finish|prefix|suffix|include|add|use|import|name|write|keep|avoid|put|prefer|run|follow"
    r"|document|annotate|wrap|format|mark|label|call|test|comment|indent|stick|place|append|prepend|check"
    r"|validate|handle|catch|log|return|declare|define|store|commit|push|deploy|reply|answer|respond|ask"
    r"|sign|spell|capitali[sz]e|lowercase|uppercase|type|sort|group|split|limit|cite|mention|send|list"
)
#: Marks a standing rule (as opposed to today's task): in the sentence or a neighbouring one.
_STANDING_RE = (
    r"\b(?:always|never|every|each|all|any|from\s+now\s+on|going\s+forward|moving\s+forward|henceforth"
    r"|(?:naming\s+)?conventions?|standards?|guidelines?|practices?|rules?|policy|consistent(?:ly)?|consistency"
    r"|whenever|as\s+a\s+(?:prefix|suffix|rule|habit)|by\s+default|in\s+general|from\s+here\s+on)\b"
    r"|以后|今后|从现在起|每次|总是|一律|永远|始终|规范|约定"
)
_STANDING = lazy_compile(_STANDING_RE, re.I)
#: :data:`_STANDING` case-sensitive, for :func:`~memscribe.lexicon.caseless.caseless_hit`.
_STANDING_LOWER = lazy_compile(_STANDING_RE)
#: Words (lower case, no blank) one of which every match of :data:`_STANDING` in ASCII text holds.
_STANDING_WORDS = (
    *("always", "never", "every", "each", "all", "any", "now", "forward", "henceforth", "convention"),
    *("standard", "guideline", "practice", "rule", "polic", "consisten", "prefix", "suffix", "habit"),
    *("default", "general", "here"),
)


#: :data:`_STANDING_WORDS` as one pattern (:func:`~memscribe.lexicon.caseless.one_of`).
_STANDING_FOUND = lazy_compile(one_of(_STANDING_WORDS))
#: :data:`_STANDING_WORDS` read in one pass (:class:`~memscribe.model.embedded.wordscan.WordScan`):
#: every user turn is asked, and most name none (a third of the time :data:`_STANDING_FOUND` took).
_STANDING_SCAN = WordScan(_STANDING_WORDS)


def names_standing(text: str) -> bool:
    """``text`` names a standing rule somewhere (:data:`_STANDING`): a sentence of it gives a
    :func:`directive` only where it, or a sentence beside it, does. (``caseless_hit(_STANDING,
    _STANDING_LOWER, text, _STANDING_FOUND)``, its words looked for by :data:`_STANDING_SCAN`.)"""
    if not text.isascii():
        return _STANDING.search(text) is not None
    low = text.lower()
    return _STANDING_SCAN(low) and _STANDING_LOWER.search(low) is not None


_DIRECTIVE_LEAD = lazy_compile(
    r"^(?:(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|finally|lastly|additionally|also|and|so|now|then|next"
    r"|ok(?:ay)?|great|good|right|alright|in\s+your\s+case|for\s+(?:example|instance)|in\s+addition"
    r"|on\s+top\s+of\s+that|besides|moreover|plus|from\s+now\s+on|going\s+forward|moving\s+forward"
    r"|henceforth|from\s+here\s+on)\b[\s,:-]*)+",
    re.I,
)
#: The shapes of a standing instruction, tried in order (case-insensitive; every letter they name
#: written in lower case, so that :data:`_LOWERED_SHAPES` can ask them of lowered text).
_DIRECTIVE_SHAPES = (
    # "I want you to always X", "I'd like you to X", "I need you to X", "I expect you to X"
    r"\bi(?:'d|\s+would)?(?:\s+really)?\s+(?:want|need|like|expect|ask|require|insist\s+that)\s+(?:you|everyone)"
    r"(?:\s+to)?\s+(?P<x>.+)",
    # "It's important that you always X", "it is essential to X", "make sure (that) you X"
    r"\b(?:it'?s|it\s+is)\s+(?:very\s+|really\s+)?(?:important|essential|crucial|required|mandatory|vital"
    r"|key)\s+(?:that\s+you\s+|to\s+)(?P<x>.+)",
    # "(one of) our conventions is to X", "the rule here is X", "a practice we follow is the use of X"
    r"\b(?:conventions?|standards?|practices?|rules?|guidelines?|polic(?:y|ies)|requirements?|things?"
    r"|aspects?|habits?)\b[^.]{0,60}?\b(?:is|are)\s+(?:to\s+|that\s+(?:you|we)\s+)?(?P<x>.+)",
    # "please always X", "make sure to X", "remember to X", "be sure to X", "always X", "never X"
    r"^(?:please\s+)?(?P<x>(?:(?:make\s+sure|be\s+sure|remember|ensure|try)\s+(?:that\s+)?(?:you\s+)?(?:to\s+)?"
    r"|(?:always|never)\s+).+)",
    # a bare imperative that names a standing rule in the same sentence
    rf"^(?:please\s+)?(?P<x>(?:{DIRECTIVE_VERBS})\b.+)",
)
_DIRECTIVE_PATTERNS: tuple[re.Pattern[str], ...] = tuple(lazy_compile(p, re.I) for p in _DIRECTIVE_SHAPES)
#: :data:`_DIRECTIVE_PATTERNS` case-sensitive: on ASCII text a shape the lowered text does not hold
#: is not asked of the text (the case-insensitive search is the costlier one; see
#: :func:`~memscribe.lexicon.caseless.caseless_hit`).
_LOWERED_SHAPES: tuple[re.Pattern[str], ...] = tuple(lazy_compile(p) for p in _DIRECTIVE_SHAPES)
#: Per shape of :data:`_DIRECTIVE_SHAPES`, words (lower case, no blank) one of which every match of
#: it holds, or () for a shape anchored at the start (one attempt, cheap): a lowered text with none
#: of them is not scanned for the shape (an unanchored shape opens with a word boundary, which
#: ``re`` tries at every position: the costliest searches of a sentence that directs nothing).
_SHAPE_WORDS: tuple[tuple[str, ...], ...] = (
    ("you", "everyone"),
    ("important", "essential", "crucial", "required", "mandatory", "vital", "key"),
    (
        "convention",
        "standard",
        "practice",
        "rule",
        "guideline",
        "polic",
        "requirement",
        "thing",
        "aspect",
        "habit",
    ),
    (),
    (),
)
_DIRECTIVE_NOT = lazy_compile(
    r"^(?:(?:make\s+sure|be\s+sure|remember|ensure|try)\s+(?:that\s+)?(?:you\s+)?(?:to\s+)?)?"
    r"(?:hesitate|worry|forget\s+(?:it|that|about)|mind|be\s+(?:afraid|shy)|feel|know|think|wonder|let|see"
    r"|reach\s+out|ask\s+(?:me|questions)|enjoy|have\s+(?:fun|a\s+(?:good|great|nice))|take\s+care|relax"
    r"|keep\s+(?:up|me\s+posted|in\s+touch)|thank|get\s+(?:back|started)|understand|learn|grow|feel)\b",
    re.I,
)
_DIRECTIVE_HEDGE_RE = (
    r"\?|^if\b|\b(?:maybe|perhaps|might|possibly|probably|not\s+sure|wonder(?:ing)?|what\s+if|could\s+you"
    r"|would\s+you|can\s+you|should\s+we|do\s+you|did\s+you|have\s+you|used\s+to|previously|before\s+we"
    r"|last\s+time|in\s+the\s+past)\b"
)
_DIRECTIVE_HEDGE = lazy_compile(_DIRECTIVE_HEDGE_RE, re.I)
#: :data:`_DIRECTIVE_HEDGE` case-sensitive, for :func:`~memscribe.lexicon.caseless.caseless_hit`.
_DIRECTIVE_HEDGE_LOWER = lazy_compile(_DIRECTIVE_HEDGE_RE)
#: A purpose or reason clause after the rule ("... to indicate it's a variable", "so that ...").
_PURPOSE = lazy_compile(
    r"\s+(?:to\s+(?:indicate|show|make|help|keep|ensure|distinguish|differentiate|avoid|improve|maintain)"
    r"|so\s+(?:that|we|it|you)|because|since|as\s+(?:it|this|that)|in\s+order\s+to|which\s+(?:helps|makes))\b",
    re.I,
)
#: "adopt a new convention", "follow our standards": talk about rules, not a rule.
_DIRECTIVE_META = lazy_compile(
    r"^(?:\w+\s+){0,2}(?:a|the|this|our|these|those|my|some|any)\s+(?:new\s+|specific\s+|few\s+)?"
    r"(?:naming\s+|coding\s+)?(?:conventions?|standards?|guidelines?|practices?|rules?|instructions?|things?|steps?)\b"
    r"|^start\s+(?:by|with\s+(?:the|a)\b)",
    re.I,
)
_PLAIN_USE = lazy_compile(r"^(?:please\s+)?(?:always\s+)?(?:(?:don'?t|do\s+not|never)\s+)?use\b", re.I)
#: A situation put before the rule ("when naming files, …", "for new modules, …").
_WHEN_LEAD = lazy_compile(r"^(?P<p>(?:when(?:ever)?|for|in|with)\s+[^,]{3,60}),\s+(?P<rest>.+)$", re.I)
LITERAL = lazy_compile(r"'[^'\s]{1,40}'|\"[^\"\s]{1,40}\"|`[^`]{1,40}`|‘[^’\s]{1,40}’")


def directive(sentence: str, context: str) -> str | None:
    """The standing instruction a sentence gives the agent, imperative and without the lead."""
    text = _DIRECTIVE_LEAD.sub("", sentence.strip()).strip()
    if _PLAIN_USE.match(text):
        return None  # "(always) use X" is a preference: the profile rules word it
    said = text  # checked for a secret last, once it gives a rule (the costly test)
    prefix = ""
    lead = _WHEN_LEAD.match(text)
    if lead and not lead.group("p").lower().startswith(("when you", "when I", "when we")):
        prefix, text = lead.group("p"), lead.group("rest")
        text = _DIRECTIVE_LEAD.sub("", text).strip()
    # the first shape that matches gives the rule or none; a hedge or a question gives none, asked
    # once a shape matched (most sentences match none, and the hedge's search is the costlier one)
    found = _shape_of(text)
    if found is None or caseless_hit(_DIRECTIVE_HEDGE, _DIRECTIVE_HEDGE_LOWER, said):
        return None
    return _rule_of(found[0], found[1], text, prefix, said, context)


def _shape_of(text: str) -> tuple[int, re.Match[str]] | None:
    """The first of :data:`_DIRECTIVE_PATTERNS` that finds a rule in ``text``, and its match."""
    lowered = text.lower() if text.isascii() else None
    for n, pattern in enumerate(_DIRECTIVE_PATTERNS):
        if lowered is not None:
            words = _SHAPE_WORDS[n]
            if words and not holds_any(lowered, words):
                continue  # the shape cannot match: a necessary word is missing
            if not _LOWERED_SHAPES[n].search(lowered):
                continue  # the same answer as the case-insensitive search, cheaper
        m = pattern.search(text)
        if m:
            return n, m
    return None


def _rule_of(number: int, m: re.Match[str], text: str, prefix: str, said: str, context: str) -> str | None:
    """The rule that shape ``number`` of :data:`_DIRECTIVE_PATTERNS` matched (``m``) in ``text``
    (after the situation ``prefix``; ``said``: the sentence, ``context``: it and its neighbours)."""
    x = m.group("x").strip(" .!;:,")
    x = re.sub(r"^(?:please\s+)", "", x, flags=re.I)
    x = re.sub(
        r"^(?:make\s+sure|be\s+sure|remember|ensure|try)\s+(?:that\s+)?(?:you\s+)?(?:to\s+)?",
        "",
        x,
        flags=re.I,
    )
    x = re.sub(r"^the\s+use\s+of\s+", "use ", x, flags=re.I)
    x = re.sub(r"^using\s+", "use ", x, flags=re.I)
    x = _PURPOSE.split(x, maxsplit=1)[0].strip(" ,;")
    words = x.split()
    if len(words) < 3 or _DIRECTIVE_NOT.match(x) or TASKY.match(x) or _DIRECTIVE_META.search(x):
        return None
    verb = words[1] if words[0].lower() in {"always", "never"} else words[0]
    if re.match(r"^(?:all|every|each)$", words[0], re.I):
        if not re.search(rf"\b(?:{DIRECTIVE_VERBS})(?:s|es)?\b", x, re.I):
            return None
    elif not re.match(rf"^(?:(?:{DIRECTIVE_VERBS})(?:s|es|ed|ing)?|don'?t|do|not)$", verb, re.I):
        return None
    if re.match(r"^\w+\s+(?:it|that|this|them|those|these)\b", x, re.I):
        return None
    standing = caseless_hit(_STANDING, _STANDING_LOWER, text) or caseless_hit(
        _STANDING, _STANDING_LOWER, prefix
    )
    if number == 4 and not standing:
        return None
    if not standing and not caseless_hit(_STANDING, _STANDING_LOWER, context):
        return None
    if number == 4 and not (LITERAL.search(x) or re.search(r"\b(?:always|never|all|every|each)\b", x, re.I)):
        return None
    if has_secret(said):
        return None
    rule = f"{prefix}, {x}" if prefix else x
    return value_keep_case(re.sub(r"\byour\b", "their", rule, flags=re.I))


_SHAPE_DROP = frozenset(
    "name names naming named user standing instruction always all every each their when whenever with them"
    " for in to by of the a an".split()
)
_SHAPE_SYNONYMS = {"prefix": "start", "begin": "start", "suffix": "end", "finish": "end"}


def literal_values(text: str) -> frozenset[str]:
    return frozenset(m.group(0).strip("'\"`‘’").lower() for m in LITERAL.finditer(text))


def rule_shape(text: str) -> frozenset[str]:
    """A rule's words without its values: 'start names with 'e_'' and '... 'f_'' share a shape."""
    out = set()
    for w in re.findall(r"[a-z0-9]+", LITERAL.sub(" ", text).lower()):
        if w in _SHAPE_DROP or w in STOP or len(w) < 2:
            continue
        if w.endswith("ies") and len(w) > 4:
            w = w[:-3] + "y"
        elif w.endswith("s") and not w.endswith("ss") and len(w) > 3:
            w = w[:-1]
        out.add(_SHAPE_SYNONYMS.get(w, w))
    return frozenset(out)


def directive_slug(rule: str) -> str:
    """Topic of a rule without its value, so an updated rule ('e_' → 'f_') lands on the same topic."""
    return safe_slug("rule-" + "-".join(sorted(rule_shape(rule))[:5]))
