"""Split a model's compound profile into one candidate per fact.

A profile is one fact per file: a later supersession of one part must not archive the other. A
model asked for "one per item" still gathers what the user said in several turns into one body:
"User loves fish and chips and loves cooking paella; would never eat snails". This stage cuts
such a body (one citing at least MIN_EVIDENCE_TURNS user turns) by its structure alone:

* top-level ``;`` clauses with no subject of their own ("…; would never eat snails") get the
  body's subject. A clause with a subject of its own ("…; the youngest is almost 10", "…; they
  enjoy it together", "…; renders take hours") stays with the clause before it: cut off, it would
  lose what it is about;
* predicates coordinated under the subject ("User is a nurse and works at St Mary's", "User is
  scared of heights but loves rollercoaster drops"): the word after ``and``/``but`` (past any
  adverbs) is a finite verb: an auxiliary, or the first predicate's verb, a third-person ``-s``
  form or (beside a first predicate in the past) a past form, followed by what opens a
  complement (a determiner, a preposition, a number, a name, an -ing form). Coordinated nouns
  stay one fact ("likes salt and pepper", "has a dog and a cat", "loves fish and chips"), and so
  does an ``and`` inside a subordinate clause ("…because their manager works in R and makes…").
  An ``-s`` form before a preposition may be a plural noun beside the object ("likes cats and
  dogs with long hair"): it is a verb only after a copula or a name ("is a nurse and works at",
  "lives in Leeds and works at"). When unsure, no cut: a nonsense fact is a false memory;
* only while the subject is the user's: after a sentence's end, a ``;`` clause with a subject of
  its own or a nominative pronoun ("…; the youngest is almost 10 and plays in a league", "User
  has a brother. Tom lives in Leeds and works at a bank") nothing is cut off as a User fact.

Never inside quotes, code or brackets; never a part holding a pronoun that points back into the
part before it ("…and loved it", "…and plays football with them"). Only bodies whose subject is
"User" are read: another subject ("User's sister …") and other languages (by
:func:`~memscribe.lexicon.langs.language_of`, and a first verb of no English finite form: "User
vive en Madrid …") pass unchanged. A body from one turn passes unchanged too: one utterance
often states a fact with its consequence ("doesn't drive and takes the bus"), which the user
would restate or update as one.

Each part keeps the evidence turns and ttl; the first keeps the slug, the others get the slug with
``-2``, ``-3`` … (the first whose normal form, :func:`~memscribe.stages.verify.normal_slug`, no
other candidate of the answer holds; the base trimmed so the slug stays within the limit):
deterministic.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from memscribe.kinds.layout import MAX_SLUG
from memscribe.lexicon.grammar import CLOSED_CLASS, DETERMINERS, PREPOSITIONS, is_simple_past
from memscribe.lexicon.langs import language_of
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.schemas.memory import SLUG_RE
from memscribe.stages.verify import normal_slug

#: The subject a body must open with to be read.
_SUBJECT = re.compile(r"User(?=\s)")
SUBJECT = "User"
#: A token: a word (with inner apostrophes or hyphens) or one other non-space character.
_TOKEN = re.compile(r"[^\W_](?:[\w'’-]*\w)?|\S")
#: Auxiliaries, copulas and modals in a form that agrees with a third-person subject.
_AUXILIARIES = frozenset(
    "is was has had does did can could would will should may might must cannot"
    " isn't wasn't hasn't hadn't doesn't didn't can't couldn't wouldn't won't shouldn't"
    " isn’t wasn’t hasn’t hadn’t doesn’t didn’t can’t couldn’t wouldn’t won’t shouldn’t".split()
)
#: Adverbs that may stand between the conjunction and the verb ("and lately is into …").
_ADVERBS = frozenset(
    "also still now lately recently often usually sometimes never always even currently mostly"
    " rarely seldom generally actually really later soon then already once mainly especially"
    " just only too no longer".split()
)
#: Words that open a verb's complement (with a number, a name, an -ing form): a plural noun
#: ("…and quickdraws", "…and renders") is followed by something else, or by nothing.
_COMPLEMENT = DETERMINERS | PREPOSITIONS | frozenset("not never".split())
#: Copulas: what they join by ``and`` to their complement is no bare plural noun ("is a nurse
#: and works at …"), so an ``-s`` form there is a verb even before a preposition.
_COPULAS = frozenset("is was isn't wasn't isn’t wasn’t".split())
#: Where a subject may change: a sentence's end, a ``;`` clause, a nominative pronoun.
_HANDOVER = frozenset(".!?;:") | frozenset("i you he she we they".split())
#: Finite forms that agree with a plural subject: a clause holding one after its opening word has
#: a subject of its own.
_PLURAL_AGREEMENT = frozenset(
    "are were have do don't aren't weren't haven't don’t aren’t weren’t haven’t".split()
)
#: Words that open a subordinate clause: an ``and`` after one coordinates inside that clause
#: ("…because their manager works in R and makes the charts").
_SUBORDINATORS = frozenset(
    "who whom whose which that where when while because although though unless if so whereas".split()
)
#: Pronouns that point back to something the part before names.
_BACK_POINTERS = frozenset("it its they them their theirs he him his she her there".split())
#: A body is cut only when it cites at least this many user turns: it gathers what the user said
#: apart. (Cutting one-turn bodies too, on bench/standin_losses.py's dev half: recall .416 ->
#: .422 at precision .870 -> .840; on authored-dev every such cut was a fact with its consequence
#: that the labels count once: 9 more false positives.)
MIN_EVIDENCE_TURNS = 2
_OPEN, _CLOSE = "([{", ")]}"
_QUOTES = {'"': '"', "`": "`", "“": "”"}


@dataclass(frozen=True)
class _Token:
    text: str
    start: int
    end: int
    top: bool  # outside quotes, code and brackets

    @property
    def low(self) -> str:
        return self.text.casefold()


def split_profiles(profiles: Sequence[ProfileCandidate]) -> list[ProfileCandidate]:
    """Each profile of ``profiles`` whose body states several facts about the user, as one
    candidate per fact (in order, the first part first); every other profile as it is."""
    used = {normal_slug(p.slug) for p in profiles}
    out: list[ProfileCandidate] = []
    for profile in profiles:
        parts = (
            fact_parts(profile.body)
            if len(set(profile.evidence_turns)) >= MIN_EVIDENCE_TURNS
            else [profile.body]
        )
        out.append(profile if len(parts) < 2 else profile.model_copy(update={"body": parts[0]}))
        for part in parts[1:]:
            slug = _free_slug(profile.slug, used)
            used.add(normal_slug(slug))
            out.append(profile.model_copy(update={"slug": slug, "body": part}))
    return out


def _free_slug(slug: str, used: set[str]) -> str:
    """``slug`` (in its normal form) with the first ``-n`` (n ≥ 2) whose normal form no slug of
    ``used`` (normal forms) holds, the base trimmed to leave room for it within the slug limit."""
    base = normal_slug(slug)
    n = 2
    while True:
        suffix = f"-{n}"
        free = f"{base[: MAX_SLUG - len(suffix)].rstrip('-')}{suffix}"
        if normal_slug(free) not in used and (SLUG_RE.match(free) or not SLUG_RE.match(base)):
            return free
        n += 1


def fact_parts(body: str) -> list[str]:
    """The facts ``body`` states, each a sentence opening with the subject; ``[body]`` when it
    states one or cannot be read."""
    text = body.strip()
    if _SUBJECT.match(text) is None or not _english(text):
        return [body]
    end = "." if text.endswith(".") else ""
    core = text[: -len(end)] if end else text
    parts: list[str] = []
    for clause in _clauses(core):
        parts.extend(_predicates(clause))
    if len(parts) < 2:
        return [body]
    return [part.rstrip(",;: ") + end for part in parts]


def _english(text: str) -> bool:
    """``text`` reads as English (:func:`language_of`) and its first predicate's verb has an
    English finite form (an auxiliary, an ``-s`` form, a past form): "User vive en Madrid …" has
    too few function words for the language test."""
    if language_of(text) != "en":
        return False
    head = _head_verb(_tokens(text))
    return head is not None and (head in _AUXILIARIES or _third_singular(head) or is_simple_past(head))


def _tokens(text: str) -> list[_Token]:
    """The tokens of ``text``, each marked whether it stands outside quotes, code and brackets."""
    out: list[_Token] = []
    depth = 0
    closing: list[str] = []
    for m in _TOKEN.finditer(text):
        ch = m.group(0)
        inside = depth > 0 or bool(closing)
        if closing and ch == closing[-1]:
            closing.pop()
        elif ch in _QUOTES and not closing:
            closing.append(_QUOTES[ch])
            inside = True
        elif ch in _OPEN and not closing:
            depth += 1
            inside = True
        elif ch in _CLOSE and not closing and depth:
            depth -= 1
        out.append(_Token(ch, m.start(), m.end(), not inside))
    return out


def _clauses(core: str) -> list[str]:
    """Top-level ``;`` clauses, each opening with the subject: a subjectless clause gets it, a
    clause with a subject of its own is kept with the clause before it."""
    tokens = _tokens(core)
    cuts = [t.start for t in tokens if t.top and t.text == ";"]
    if not cuts:
        return [core]
    pieces = [core[a + (1 if a else 0) : b] for a, b in zip([0, *cuts], [*cuts, len(core)], strict=True)]
    head = _head_verb(tokens)
    clauses = [pieces[0].strip()]
    handed = _hands_over(clauses[0])
    for piece in pieces[1:]:
        rest = piece.strip()
        own = _SUBJECT.match(rest) is not None
        if own or (not handed and _opens_with_predicate(rest, head) and not _points_back(rest)):
            clauses.append(rest if own else f"{SUBJECT} {rest}")
            handed = _hands_over(clauses[-1])
        else:
            # a clause with a subject of its own, or what follows one (its subject's)
            clauses[-1] = f"{clauses[-1]}; {rest}"
            handed = True
    return clauses


def _hands_over(clause: str) -> bool:
    """``clause`` holds a top-level sentence end: what follows it may be about someone else."""
    return any(t.top and t.text in ".!?" for t in _tokens(clause))


def _opens_with_predicate(text: str, head: str | None) -> bool:
    tokens = _tokens(text)
    i = _past_adverbs(tokens, 0)
    if i >= len(tokens) or not _finite(tokens, i, head=head):
        return False
    # "renders take hours", "emails from clients are priority": a plural subject's own verb
    return tokens[i].low in _AUXILIARIES or not any(t.top and t.low in _PLURAL_AGREEMENT for t in tokens)


def _past_adverbs(tokens: Sequence[_Token], i: int) -> int:
    while i < len(tokens) and tokens[i].top and _adverb(tokens[i].low):
        i += 1
    return i


def _adverb(word: str) -> bool:
    return word in _ADVERBS or (len(word) > 4 and word.endswith("ly"))


def _head_verb(tokens: Sequence[_Token]) -> str | None:
    """The first predicate's verb: the word after the subject (and any adverbs), by its place."""
    i = _past_adverbs(tokens, 1)
    if i >= len(tokens) or not tokens[i].top:
        return None
    word = tokens[i].low
    return word if word[0].isalpha() and word not in CLOSED_CLASS else None


def _finite(tokens: Sequence[_Token], i: int, *, head: str | None, joined: int | None = None) -> bool:
    """``tokens[i]`` reads as a finite verb agreeing with a third-person subject. ``head`` (the
    first predicate's verb) admits that very verb, and a past form beside a past one. ``joined``:
    the index of the conjunction before it; an ``-s`` form there followed by a preposition may be
    a plural noun beside the object ("likes cats and dogs with long hair"): a verb only after a
    copula or a name or number ("lives in Leeds and works at a bank")."""
    word = tokens[i].low
    if not word[0].isalpha():
        return False
    if word in _AUXILIARIES:
        return True
    if word in CLOSED_CLASS or _adverb(word):
        return False
    if word == head:
        form = True
    elif head is not None and is_simple_past(head) and head not in _AUXILIARIES:
        form = is_simple_past(word)
    else:
        form = _third_singular(word)
        if form and joined is not None and i + 1 < len(tokens) and tokens[i + 1].low in PREPOSITIONS:
            form = head in _COPULAS or (joined > 1 and _named(tokens[joined - 1]))
    return form and i + 1 < len(tokens) and _opens_complement(tokens[i + 1])


def _named(tok: _Token) -> bool:
    return tok.top and (tok.text[0].isupper() or tok.text[0].isdigit())


def _opens_complement(tok: _Token) -> bool:
    """``tok`` can open a verb's complement: a determiner, a preposition, a number, a name, an
    -ing form, a quote or bracket."""
    if not tok.top or tok.text in '"“`(':
        return True
    word = tok.low
    return (
        word in _COMPLEMENT
        or tok.text[0].isdigit()
        or tok.text[0].isupper()
        or (len(word) > 4 and word.endswith("ing"))
    )


def _third_singular(word: str) -> bool:
    return len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is", "'s", "’s"))


def _points_back(text: str) -> bool:
    return any(t.low in _BACK_POINTERS for t in _tokens(text))


def _predicates(clause: str) -> list[str]:
    """``clause`` cut at each top-level ``and``/``but`` that coordinates a predicate under the
    subject (none inside a subordinate clause); each later part gets the subject."""
    tokens = _tokens(clause)
    head = _head_verb(tokens)
    if head is None:
        return [clause]
    cuts: list[int] = []
    for i, tok in enumerate(tokens[1:], start=1):
        if not tok.top:
            continue
        if tok.low in _SUBORDINATORS or tok.low in _HANDOVER:
            break
        if tok.low not in ("and", "but"):
            continue
        j = _past_adverbs(tokens, i + 1)
        if j < len(tokens) and tokens[j].top and _finite(tokens, j, head=head, joined=i):
            cuts.append(i)
    parts: list[str] = []
    start = 0
    for n, i in enumerate(cuts):
        stop = tokens[cuts[n + 1]].start if n + 1 < len(cuts) else len(clause)
        if _points_back(clause[tokens[i + 1].start : stop]):
            continue
        parts.append(clause[start : tokens[i].start])
        start = tokens[i + 1].start
    parts.append(clause[start:])
    first, *rest = parts
    return [first.strip(), *(f"{SUBJECT} {p.strip()}" for p in rest)]
