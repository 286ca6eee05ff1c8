"""What a statement is about, for the embedded dedup decision: whose fact it is (the user's, or
a third party's) and which named thing it names.

Two structural readings, so that a change to one thing never archives a memory of another:

* **subject** — a possessed noun phrase as subject ("User's team lead prefers Slack huddles",
  "Mon responsable a déménagé à Paris") is somebody or something else than the user, unless its
  noun is one of the user's own attributes: the keys the extractor writes as "User's X is …"
  (editor, shell, role, pronouns…), the value classes (:mod:`memscribe.semantic.values`: phone,
  browser, diet…) and the facets (:mod:`memscribe.semantic.facets`: home, job, car…).
* **name phrase** — a run of names ("Google Docs", "Apple Music", "SAP Concur") is one name: a
  statement about "Google Docs" is not about "Google", where the user works. A version number
  does not make another name ("Vue 3" / "Vue 2", "Windows" / "Windows 11").

Pure functions; no model.
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile
from memscribe.schemas.requests import DedupRequest
from memscribe.semantic.facets import SLUG_WORDS, statement_facets
from memscribe.semantic.values import CLASSES, members
from memscribe.textsim import CJK_CHARS

#: The user's own attributes a possessed subject may name ("User's editor is Vim", "User's home
#: city is Berlin", "User's phone is an Android"): the extractor's "my X is …" keys, the words of
#: the value classes and the facets' slug words. A team is people: not an attribute.
_ATTRIBUTE_KEYS = frozenset(
    {
        "editor", "ide", "shell", "os", "stack", "role", "title", "company", "employer", "pronouns",
        "name", "timezone", "favourite", "favorite", "main", "primary", "preferred", "native", "first",
        "go-to", "laptop", "computer", "machine", "setup", "diet", "language", "languages",
    }
)  # fmt: skip
_ATTRIBUTES = (
    _ATTRIBUTE_KEYS
    | frozenset(w for cls in CLASSES for w in cls.split())
    | frozenset().union(*SLUG_WORDS.values())
)

#: "User's …": the possessed noun phrase opens the memory.
_POSSESSED = lazy_compile(r"^\W*User['’]s\s+(?P<rest>.+)")
#: A slot of the user's filled by a name ("User's budget app is YNAB", "User's daily driver is a
#: Pixel 8", "User's manager is Dana"): what the user has or uses, not somebody's own fact.
_NAMED_SLOT = lazy_compile(r"^\W*User['’]s\s+(?:[\w-]+\s+){1,3}?(?:is|are|was)\s+(?:(?:a|an|the)\s+)?[A-Z\d]")
#: Words that end a possessed noun phrase: auxiliaries, negators, prepositions, articles.
_NP_END = frozenset(
    {
        "is", "are", "was", "were", "has", "have", "had", "does", "do", "did", "doesn't", "don't",
        "can", "will", "would", "should", "not", "no", "now", "also", "still", "just", "recently",
        "in", "at", "on", "for", "to", "from", "with", "by", "of", "a", "an", "the", "and",
    }
)  # fmt: skip
#: A possessive determiner opening a quoted statement in another language of the sets ("Mon
#: responsable …", "Mein Teamleiter …", "Mi casero …"), and the noun phrase after it.
_POSSESSIVE_QUOTE = lazy_compile(
    r'^User,\s+in\s+their\s+words:\s*"?\s*(?:mon|ma|mes|notre|nos|mein(?:e[nmrs]?)?|unser(?:e[nmrs]?)?'
    r"|mis?|nuestr[oa]s?)\s+(?P<np>[^\W\d_]+(?:\s+[^\W\d_]+)?)",
    re.IGNORECASE,
)

#: The same in Chinese and Japanese: the speaker's "的" / "の" and the two characters after it
#: ("用户的后台…", "我的老板…", "私の上司は…"), a noun's usual length. The noun's characters are
#: kana and Han only, not :data:`~memscribe.textsim.CJK_CHARS`: hangul never follows 的 / の.
_POSSESSIVE_CJK = lazy_compile(
    r'^(?:User,\s+in\s+their\s+words:\s*"?\s*)?(?:用户|我|私|僕|俺)(?:的|の)(?P<np>[\u3040-\u30ff\u3400-\u9fff]{1,2})'
)

#: A Japanese subject or topic that a person's title or honorific ends ("部長は…", "田中さんが…",
#: "先生も…"): somebody the user speaks of, whoever it is.
_HONORIFIC_TOPIC = lazy_compile(
    r'^(?:User,\s+in\s+their\s+words:\s*"?\s*)?[^\s、。！？!?]{0,8}?(?:さん|さま|様|先生|長|氏|君|ちゃん)(?:は|が|も)'
)


def _possessed_phrase(text: str) -> list[str] | None:
    """The words of an English memory's possessed subject ("User's team lead prefers …" →
    ``["team", "lead"]``), or None when the memory's subject is the user."""
    m = _POSSESSED.match(text)
    if m is None:
        return None
    phrase: list[str] = []
    for word in m.group("rest").split()[:4]:
        w = word.strip(".,;:()\"'").lower()
        # a verb in the third person ends the phrase after its first word ("sister lives")
        if w in _NP_END or (phrase and w.endswith(("s", "ed")) and not w.endswith("ss")):
            break
        phrase.append(w)
    return phrase


def named_slot(text: str) -> tuple[str, ...] | None:
    """The slot of the user's a statement fills with a name ("User's budget app is YNAB" →
    ``("budget", "app")``, :data:`_NAMED_SLOT`): one value at a time; None for any other
    statement."""
    phrase = _possessed_phrase(text)
    return tuple(phrase) if phrase and _NAMED_SLOT.match(text) else None


def possessed_subject(text: str) -> bool:
    """The memory's subject is a possessed noun phrase that is none of the user's own attributes
    (nor a slot of theirs a name fills, :data:`_NAMED_SLOT`): a person ("User's team lead",
    "Mon responsable"), a team or a project the user speaks of. A second possessor ("User's
    partner's job") is somebody else's too, and so is a Japanese subject a title ends ("部長は")."""
    phrase = _possessed_phrase(text)
    if phrase is not None:
        if not phrase:
            return False
        if any(w.endswith(("'s", "’s")) for w in phrase):
            return True
        return not (set(phrase) & _ATTRIBUTES or _NAMED_SLOT.match(text))
    if _HONORIFIC_TOPIC.match(text):
        return True
    m = _POSSESSIVE_QUOTE.match(text) or _POSSESSIVE_CJK.match(text)
    if m is None:
        return False
    # another language: the noun is an attribute when it names a facet or a value ("Mein Auto")
    np = m.group("np")
    return not (statement_facets(np) or members(np))


def possessed_mentioned(possessed: str, other: str) -> bool:
    """``other`` names the possessed subject of ``possessed`` as the user's, after a preposition
    ("User's project uses MySQL" / "User replaced MySQL with Postgres *in their project*") or as
    the object of the user's verb ("User manages *a team* of 5"): the two are about one thing,
    though only one has it as its subject."""
    phrase = _possessed_phrase(possessed)
    if not phrase:
        return False
    head = re.escape(phrase[-1])
    # or as the object of the user's verb, with its article ("User manages a team of 5" / "User's
    # team grew to 8 people", the phrase's first word: an irregular verb may end it, "grew")
    first = re.escape(phrase[0])
    return bool(
        re.search(
            rf"\b(?:in|on|for|at|of|to|with)\s+(?:their|my|our)\s+(?:[\w-]+\s+)?{head}s?\b"
            rf"|^\W*User\s+\w+\s+(?:a|an|their)\s+(?:[\w-]+\s+)?(?:{head}|{first})\b",
            other,
            re.I,
        )
    )


#: A letter or digit of no CJK script: Chinese and Japanese write no space between a name and
#: the words around it ("用户考过了JLPT", "N2に合格"), which are no part of the name.
_NOT_CJK = f"(?![{CJK_CHARS}])"
#: A name-like word of a Latin script: a capital or a digit in it ("Google", "VS", "Vue", "3").
_NAME_WORD = rf"(?:{_NOT_CJK}[^\W_])*[A-Z\d](?:{_NOT_CJK}[\w+#.-])*"
#: A run of names joined by single spaces ("Google Docs", "SAP Concur", "Windows 11").
_NAME_PHRASE = lazy_compile(rf"(?<!['’])(?<![^\W{CJK_CHARS}]){_NAME_WORD}(?:\s{_NAME_WORD})*")
#: A version or level after a name: digits, or a Roman numeral ("Vue 3", "TOPIK II", "Windows XP" is a name).
_DIGITS = lazy_compile(r"^(?:[\d.]+|I{1,3}|IV|VI{0,3}|IX)$")
#: Where a sentence starts: nothing but punctuation and spaces before, or a sentence's end.
_SENTENCE_START = lazy_compile(r"(?:^|[.!?。！？]\s*)[\W_]*$")
#: A word capitalised only at its start ("Bei", "Seit"), as a sentence's first word is.
_TITLE_ONLY = lazy_compile(r"^[A-ZÀ-Þ][a-zß-ÿ]*$")
_LEAD = lazy_compile(r"^User,\s+in\s+their\s+words:\s*\"?|^\W*User(?:['’]s)?\b")


def name_phrases(text: str) -> list[frozenset[str]]:
    """The name phrases of a statement as sets of lowercase words, version numbers left out
    ("User works at Google Cloud" → ``[{"google", "cloud"}]``); the memory's opening "User" is
    none, nor is a sentence's first word capitalised by position alone before a name ("Bei
    Google habe ich gekündigt" names Google, not "Bei Google")."""
    body = _LEAD.sub("", text)
    found: list[frozenset[str]] = []
    for m in _NAME_PHRASE.finditer(body):
        said = m.group().split()
        if len(said) > 1 and _SENTENCE_START.search(body[: m.start()]) and _TITLE_ONLY.match(said[0]):
            said = said[1:]
        words = [w.lower().rstrip(".") for w in said if not _DIGITS.match(w)]
        if words:
            found.append(frozenset(words))
    return found


def names_another_thing(new: str, old: str) -> bool:
    """``new`` names something ``old`` names only as part of a longer name: "Google Docs",
    "Apple Music", "SAP Concur" beside "works at Google / Apple / SAP". A statement about the
    product is not about the company, although the two share a word; ``new`` naming ``old``'s
    name whole as well ("left Google for Google Cloud") is about it."""
    theirs = name_phrases(old)
    if not theirs:
        return False
    longer = exact = False
    for phrase in name_phrases(new):
        for stored in theirs:
            if not phrase & stored:
                continue
            if phrase <= stored:
                exact = True
            elif len(phrase) > 1:
                longer = True
    return longer and not exact


__all__ = ["name_phrases", "names_another_thing", "possessed_mentioned", "possessed_subject"]


def uncued_work(new: str, said: str) -> bool:
    """``new`` names the work facet and neither it nor the user's sentence naming that facet
    reports a change: one holds several roles at once (a job, a team of volunteers led, a second
    job), so a statement of work with no change cue adds a role and replaces none ("I lead a team
    of volunteers at the food bank", "I'm employed by the NHS" / "User works as a nurse")."""
    from memscribe.lexicon.langs import sentences
    from memscribe.semantic.updates import reports_change

    if "work" not in statement_facets(new) or reports_change(new):
        return False
    return not any(reports_change(s) and "work" in statement_facets(s) for s in sentences(said))


#: A Latin-script name inside a statement in another script ("Figma", "WSL2", "GitLab").
_LATIN_NAME = lazy_compile(r"[A-Za-z][A-Za-z0-9+#.-]*")


def names_restated(new: str, old: str) -> bool:
    """``new``, in another language than ``old`` and stating no change, names only what ``old``
    names: "Figmaはいつも使ってる" / "User designs in Figma", "用户是在WSL2里面跑的" / "User develops
    on Windows inside WSL2". Its other words cannot be compared, and a statement in the user's
    language about a stored name repeats the memory far more often than it adds to it."""
    from memscribe.semantic.updates import names_said, own_words, spoken_language
    from memscribe.textsim import content_tokens

    if spoken_language(new) == spoken_language(old):
        return False
    quoted = own_words(new)
    names = set(content_tokens(" ".join(_LATIN_NAME.findall(quoted))))
    return bool(names) and names <= names_said(quoted, old)


def added_role(new: str, said: str) -> bool:
    """``new``, or the user's sentence of work it was said in, adds a value beside those held
    (an additive focus word: "also", "además", "也"): a second job or role ("I also work at a café
    on weekends now", "现在周末也在一家咖啡店上班") replaces none, though work is its facet."""
    from memscribe.lexicon.langs import sentences
    from memscribe.semantic.updates import additive

    return additive(new) or any(additive(s) and "work" in statement_facets(s) for s in sentences(said))


def added_in_english(new: str, said: str) -> bool:
    """The clause of the user's English words sharing most content words with ``new`` adds a
    value beside those held ("I now volunteer at the food bank too"), where the rewritten
    candidate lost the word ("User now volunteers at the food bank"). Its own clause only ("I
    switched to Neovim, and my team did too": the team's), and English only: an additive
    particle of another language may be of the change ("Vuex 也换成了 Pinia": Vuex too was
    replaced)."""
    from memscribe.lexicon.langs import sentences
    from memscribe.semantic.updates import additive, own_words, spoken_language
    from memscribe.textsim import content_tokens

    words = set(content_tokens(own_words(new))) if said else set()
    best, most = "", 0
    for part in (p for s in sentences(said) for p in _CONTRAST.split(s)) if words else ():
        for clause in _EN_CLAUSES.split(part):
            shared = len(words & set(content_tokens(clause)))
            if shared > most:
                best, most = clause, shared
    return bool(best) and spoken_language(best) == "en" and additive(best)


#: Where an English sentence's clauses meet: a comma or colon, "and", "so" (not "also": German's
#: "so" in :data:`_CLAUSES`, and an English additive).
_EN_CLAUSES = lazy_compile(r"[,;:]|\b(?:and|so)\b", re.IGNORECASE)


def class_sentence(new: str, said: str) -> str:
    """The text whose value-class members (:mod:`memscribe.semantic.values`) stand for ``new``:
    ``new`` itself when it names one, else the user's sentence it was said in (sharing a content
    word with it) when that sentence names one, reports a change and is about the user: "User
    started eating fish again" from "I started eating fish again, so *pescatarian* recipes are
    fine now" (its clauses naming one). Empty when neither names a member."""
    from memscribe.lexicon.langs import sentences
    from memscribe.semantic.updates import own_words, reports_change, someone_else
    from memscribe.textsim import content_tokens

    if members(new):
        return new
    words = set(content_tokens(own_words(new)))
    # the part of a sentence the candidate was said in, up to a contrast ("…, but at home it's
    # still the Dell" is another line of the sentence)
    parts = [p for s in sentences(said) for p in _CONTRAST.split(s)] if words else []
    for part in parts:
        if not (words & set(content_tokens(part)) and reports_change(part)):
            continue
        # the clauses naming a member, each about the user ("…, and my partner is vegan now": not)
        named = [c.strip() for c in _CLAUSES.split(part) if members(c)]
        if named and not any(someone_else(c) for c in named):
            return " ".join(named)
    return ""


#: Where a sentence turns to a contrast; and where its clauses part (punctuation, conjunctions).
_CONTRAST = lazy_compile(
    r"\b(?:but|aber|mais|pero|sino|although|though)\b|但是|可是|けど|けれど", re.IGNORECASE
)
_CLAUSES = lazy_compile(r"[,;:，、；]|\b(?:and|so|und|also|et|donc|y|así que)\b|所以", re.IGNORECASE)


def continued_across_languages(new: str, said: str, old: str) -> bool:
    """``new``, in another language than ``old``, says a state goes on as before (its own words,
    or the user's sentence sharing a name with it: "ich *bleibe bei* Logic, da kenne ich jeden
    Shortcut" / "User records with Logic Pro"), with its polarity, reports no change, adds
    nothing beside it, and names a name of ``old``: it restates ``old``. Across languages, a
    capitalised word is no sure name (every German noun is one), so one name in common stands for
    the topic, where the same language needs all of them (:func:`memscribe.model.embedded.aspect.continued`)."""
    from memscribe.lexicon.langs import sentences
    from memscribe.semantic.frames import continues
    from memscribe.semantic.updates import (
        additive,
        names_said,
        own_words,
        reports_change,
        same_polarity,
        spoken_language,
    )

    # "No sigo con Postgres" denies what goes on
    if spoken_language(new) == spoken_language(old) or not same_polarity(new, old):
        return False
    own = own_words(new)
    shared = names_said(own, old)
    if not shared or additive(own):
        return False
    mine = [own, *(s for s in sentences(said) if names_said(s, old) & shared)]
    return any(continues(s) for s in mine) and not any(reports_change(s) for s in mine)


def said_sentence(text: str, said: str) -> str:
    """The user's words a candidate was said in: of what the user said with it, the part of a
    sentence (up to a contrast: "…, but I'm still vegetarian" is another line) sharing most
    content words with its own words, less its clauses about somebody else ("My sister went
    vegan last year, so I started cooking more for her"); empty when none shares a word."""
    return " ".join(_said_clauses(text, said, own_only=False))


def said_clause(text: str, said: str) -> str:
    """Of :func:`said_sentence`, the clauses sharing a content word with the candidate's own
    words: where a change said with it is its own ("I've been at ASML as a software engineer
    since May" for "User has been at ASML as a software engineer"), not a change said in another
    clause ("I moved to Berlin in May, and I'm allergic to shellfish" for "User is allergic to
    shellfish"). Empty when none shares a word."""
    return " ".join(_said_clauses(text, said, own_only=True))


def _said_clauses(text: str, said: str, *, own_only: bool) -> list[str]:
    """The clauses of :func:`said_sentence` (about the user), or only those sharing a content
    word with the candidate's own words (``own_only``)."""
    from memscribe.lexicon.langs import sentences
    from memscribe.semantic.updates import own_words, someone_else
    from memscribe.textsim import content_tokens

    words = set(content_tokens(own_words(text)))
    best, most = "", 0
    for part in (p for s in sentences(said) for p in _CONTRAST.split(s)) if words else ():
        shared = len(words & set(content_tokens(part)))
        if shared > most:
            best, most = part, shared
    clauses = [c.strip() for c in _CLAUSES.split(best) if c and c.strip()]
    return [c for c in clauses if not someone_else(c) and (not own_only or words & set(content_tokens(c)))]


def said_topic(request: DedupRequest, floor: float) -> str | None:
    """The shortlisted entry the user's English sentence of the candidate is most related to, at
    a semantic score of ``floor`` or above: topic evidence in the user's own, fuller words ("Oh,
    and I can finally cross IELTS off my list, I got an 8.0 overall" for "User got an 8.0
    overall" / "User is preparing for the IELTS exam"). The offline encoder reads English only:
    a sentence in another language is never evidence."""
    from memscribe import semantic
    from memscribe.semantic.updates import spoken_language

    sentence = said_sentence(request.text, request.said) if request.said else ""
    if not sentence or spoken_language(sentence) != "en" or not request.shortlist:
        return None
    scores = semantic.similarities(sentence, [s.text for s in request.shortlist])
    if not scores:
        return None
    best = max(range(len(scores)), key=lambda i: scores[i])
    return request.shortlist[best].id if scores[best] >= floor else None
