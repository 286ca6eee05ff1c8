"""A value two statements on one topic hold differently: never the same fact, whatever their
words share ("runs about 30 km a week" / "50 km a week", "owns a Tesla Model 3" / "Model Y",
"main language is TypeScript" / "is Go").

Two structural tests, read off the surface of the texts:

* **numbers** — the numbers each states (digits, with a unit glued or not: "6am", "3.8"; number
  words: "four", "twice") are not the same set. A number one text adds where the other has none
  is a value too ("has a dog" / "walks the dog at 6am": dropping the new text loses the time).
* **names** — each text holds a name-like word (a capital or a digit: "TypeScript", "Y",
  "October") that the other's words do not cover, nor spell out as an acronym ("AWS" / "Amazon
  Web Services", "JS" / "JavaScript") or a numeronym ("k8s" / "Kubernetes"): one slot, two names.
  A name one text adds alone is more detail of the same fact ("works at a bakery" / "at a family
  bakery in Porto"), not a change.

Counts, levels and times of day with their nouns (:mod:`memscribe.semantic.frames`) are read too.
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile
from memscribe.semantic.frames import count_changed, level_changed, time_changed
from memscribe.semantic.kin import kin_differs
from memscribe.semantic.updates import covered
from memscribe.textsim import content_tokens

_WORD_NUMBERS = {
    "once": 1.0, "twice": 2.0, "one": 1.0, "two": 2.0, "three": 3.0, "four": 4.0, "five": 5.0,
    "six": 6.0, "seven": 7.0, "eight": 8.0, "nine": 9.0, "ten": 10.0, "eleven": 11.0,
    "twelve": 12.0, "fifteen": 15.0, "twenty": 20.0, "thirty": 30.0, "forty": 40.0, "fifty": 50.0,
    "hundred": 100.0,
    "zwei": 2.0, "drei": 3.0, "vier": 4.0, "fünf": 5.0, "sechs": 6.0, "zehn": 10.0,
    "deux": 2.0, "trois": 3.0, "quatre": 4.0, "cinq": 5.0,
    "dos": 2.0, "tres": 3.0, "cuatro": 4.0, "cinco": 5.0,
}  # fmt: skip
#: Digits not glued after a letter ("6am", "3.8", "24-hour"; not the 8 of "k8s"), or a number word.
_NUMBER = lazy_compile(
    r"(?<![^\W\d_])\d+(?:[.,]\d+)?|\b(?:" + "|".join(sorted(_WORD_NUMBERS, key=len, reverse=True)) + r")\b",
    re.IGNORECASE,
)
#: A name-like word of a Latin script: a capital or a digit in it.
_NAME = lazy_compile(r"[A-Za-zÀ-ÿ]*[A-Z\d][A-Za-zÀ-ÿ\d_+#.-]*")
#: An elided article or pronoun ("J'habite", "L'équipe"): no name.
_ELIDED = lazy_compile(r"\b[^\W\d_]['’]")
#: The subject every English memory opens with, and the lead of a quotation.
_LEAD = lazy_compile(r"^\W*User(?:['’]s)?\b(?:,\s*in their words:)?", re.IGNORECASE)
_NUMERIC = lazy_compile(r"\d+(?:[.,]\d+)?[^\W\d_]*")
_WORD = lazy_compile(r"[^\W\d_]+|\d+")


def numbers(text: str) -> set[float]:
    """The numbers ``text`` states, as values ("four times" → 4.0, "at 6am" → 6.0)."""
    found: set[float] = set()
    for m in _NUMBER.finditer(text):
        word = m.group().lower()
        found.add(_WORD_NUMBERS[word] if word in _WORD_NUMBERS else float(word.replace(",", ".")))
    return found


def _parts(word: str) -> list[str]:
    """A word's letters split at its capitals ("JavaScript" → Java, Script)."""
    return re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+", word) or [word]


def _spelled_out(name: str, text: str) -> bool:
    """``name`` abbreviates words of ``text``: the initials of consecutive words or word parts
    ("AWS" / "Amazon Web Services", "JS" / "JavaScript", "ML" / "machine learning"), or a
    numeronym ("k8s" / "Kubernetes")."""
    words = _WORD.findall(text)
    numeronym = re.fullmatch(r"([a-z])(\d+)([a-z])", name.lower())
    if numeronym:
        first, count, last = numeronym.groups()
        return any(
            len(w) == int(count) + 2 and w.lower().startswith(first) and w.lower().endswith(last)
            for w in words
        )
    if not (2 <= len(name) <= 6 and name.isalpha() and name.isupper()):
        return False
    initials = "".join(p[0].lower() for w in words for p in _parts(w))
    return name.lower() in initials


def _derived(longer: str, shorter: str) -> bool:
    """``longer`` is ``shorter`` with a lower-case suffix of a few letters ("Brazil" /
    "Brazilian"); never another name glued on ("Java" / "JavaScript")."""
    tail = longer[len(shorter) :]
    return len(shorter) >= 4 and longer.startswith(shorter) and 0 < len(tail) <= 4 and tail.islower()


def _named(text: str) -> dict[str, str]:
    """The name-like words of ``text`` past its lead ("User", "User's", a quotation's lead), each
    with its slot: the word before it, lower-case ("Model 3" → ``{"3": "model"}``)."""
    text = _ELIDED.sub(" ", _LEAD.sub("", text))
    found: dict[str, str] = {}
    for m in _NAME.finditer(text):
        name = m.group().rstrip(".-")
        before = _WORD.findall(text[: m.start()])
        if name:
            found.setdefault(name, before[-1].lower() if before else "")
    return found


def names(text: str) -> set[str]:
    """The name-like words of ``text`` past its lead."""
    return set(_named(text))


def _names_apart(text: str, other: str) -> set[str]:
    """The names of ``text`` that ``other`` neither says (stems and prefixes match) nor abbreviates."""
    theirs, their_names = set(content_tokens(other)), names(other)
    apart: set[str] = set()
    for name in names(text):
        if _NUMERIC.fullmatch(name):
            continue  # a number, with its unit or not ("11pm"): :func:`numbers_differ` reads it
        tokens = set(content_tokens(name))
        if not tokens and len(name) == 1 and name.isupper() and name != "I":
            tokens = {name.lower()}  # "Model 3" / "Model Y": a one-character value
        if all(covered(t, theirs) for t in tokens):
            continue
        if any(_derived(name, n) or _derived(n, name) for n in their_names):
            continue
        if _spelled_out(name, other) or any(_spelled_out(n, text) for n in their_names):
            continue
        apart.add(name)
    return apart


def names_swapped(a: str, b: str) -> bool:
    """Each text holds a name the other does not (:func:`_names_apart`) in one slot, after the
    same word ("is TypeScript" / "is Go", "Model 3" / "Model Y"): one slot, two values. Names in
    two slots are two facts beside each other ("lives in Zaragoza, Spain" / "ships with Correos")."""
    mine, theirs = _named(a), _named(b)
    slots = {mine[n] for n in _names_apart(a, b)} & {theirs[n] for n in _names_apart(b, a)}
    return bool(slots)


def numbers_differ(a: str, b: str) -> bool:
    """The two texts state other numbers, or one states a number and the other none."""
    return numbers(a) != numbers(b)


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(_LEAD.sub("", text))]


def slot_swapped(a: str, b: str) -> bool:
    """The two texts are one frame with one word swapped inside it: the same words before and
    after, one content word each in between that the other does not cover ("goes *bouldering*
    twice a week" / "goes *swimming* …", "has a *daughter* who is six" / "a *son* …"). The
    frame's words on both sides hold the slot: a verb swapped right after the subject ("prefers" /
    "likes") has nothing before it, and is left to the other tests."""
    x, y = _words(a), _words(b)
    start = 0
    while start < min(len(x), len(y)) and x[start] == y[start]:
        start += 1
    end = 0
    while end < min(len(x), len(y)) - start and x[-1 - end] == y[-1 - end]:
        end += 1
    mid_x, mid_y = x[start : len(x) - end], y[start : len(y) - end]
    if not start or not end or len(mid_x) != 1 or len(mid_y) != 1:
        return False
    mine, theirs = set(content_tokens(mid_x[0])), set(content_tokens(mid_y[0]))
    return bool(mine and theirs) and not any(covered(w, theirs) for w in mine)


def value_differs(a: str, b: str) -> bool:
    """A value differs between ``a`` and ``b`` (either order): a number, a name in one slot, a
    count, a level or a time of day (:mod:`memscribe.semantic.frames`), a relative
    (:mod:`memscribe.semantic.kin`). Two such statements are never one fact: an update or two
    facts, never a restatement."""
    return (
        numbers_differ(a, b)
        or kin_differs(a, b)
        or names_swapped(a, b)
        or slot_swapped(a, b)
        or count_changed(a, b)
        or count_changed(b, a)
        or level_changed(a, b)
        or level_changed(b, a)
        or time_changed(a, b)
        or time_changed(b, a)
    )
