"""The shape of an English clause: is it English at all, can its predicate be a verb, is it the
narration of an event rather than a standing fact.

Four questions the embedded extractor asks of a first-person clause before it restates it:

* :func:`well_formed_tail`: function words side by side that English never puts together ("the
  and", "the I", "for for") mark a run of words that is no clause; a first-person clause that starts
  after the last such place ("… the config the I prefer tabs over spaces") still is one.
* :func:`verb_slot_ok`: the word after the subject (and its adverbs) must be able to be a verb: a
  determiner, preposition, conjunction, pronoun or clause adverb cannot ("I then again because …"),
  nor a plural-looking form after "I" ("I tests logging").
* :func:`in_progress`: a progressive ("I'm reading with floury hands", "I'm borrowing my brother's
  truck", "I've been staring at this since 9am") tells an activity under way, not a standing fact,
  unless it is said as a habit ("I've been learning Rust on weekends"), over a span of life or as a
  change ("I'm heading the research team now").
* :func:`narrates_event`: a simple past about an occasion ("I reran it with verbose logging", "I
  then checked the config", "I tried Docker and it failed") is what happened today, a task detail;
  a past with a span or a stage of life ("I studied law", "I grew up in Ohio", "I was a nurse for 20
  years") is biography and stays.
"""

from __future__ import annotations

import re
from itertools import pairwise
from operator import eq

from memscribe.lazyre import lazy_compile
from memscribe.lexicon.grammar import (
    CLOSED_CLASS,
    CONJUNCTIONS,
    DETERMINERS,
    PREPOSITIONS,
    is_simple_past,
    same_form_past,
)
from memscribe.semantic.updates import change_cue

#: Determiners that are only determiners ("that", "this", "her", "no" … also stand alone; "your",
#: "their", "our" are typed for "you're", "there", "are").
_PURE_DETERMINERS = frozenset("the a an every".split())
#: What cannot follow an article: another determiner, a preposition, a conjunction (not "so",
#: "while": "the so-called", "the while loop"), a subject pronoun, a clause adverb.
_AFTER_DETERMINER = (
    (DETERMINERS | PREPOSITIONS | CONJUNCTIONS | frozenset("he she we they it again also too then".split()))
    - frozenset({"so", "while", "that", "this", "these", "those", "no", "her", "his", "its"})
    # code talk names keywords after an article: "the for loop", "the if branch", "the with block"
    - frozenset({"for", "if", "with", "and", "or", "in", "from", "nor", "yet", "when"})
)
#: Prepositions that take no preposition or subject pronoun after them ("of for", "at they").
_TIGHT_PREPOSITIONS = frozenset("of for with at from into onto via".split())
_SUBJECT_PRONOUNS = frozenset("i he she we they".split())
#: Function words said twice in a row by no grammar ("that that", "had had" are English).
_NEVER_TWICE = (DETERMINERS | PREPOSITIONS | CONJUNCTIONS | frozenset("i it they we".split())) - {"that"}
#: Words no clause ends on: an article waits for its noun ("… cache the").
_NO_END = _PURE_DETERMINERS
#: Words speech doubles for emphasis ("very very", "so so", "ha ha", "no no").
_SAID_TWICE = frozenset(
    "that had very so really much more many far long too ha haha no yes bye la love".split()
)
_WORD = lazy_compile(r"\S+")
#: Clashes that make a clause a run of words rather than a sentence: one is a typo ("live their if").
SALAD_CLASHES = 2
_SUBJECT_I = lazy_compile(r"[Ii](?:['’](?:m|ve))?")


_QUOTES = "\"'“”()[]"
_QUOTE = lazy_compile("[" + re.escape(_QUOTES) + "]")


def _bare(token: str) -> str:
    return token.strip(_QUOTES).casefold()


#: The left words of every clash: a word said twice aside, only these clash with what follows.
_CLASH_LEFT = _PURE_DETERMINERS | _TIGHT_PREPOSITIONS


def _clash(left: str, right: str, a: str, b: str) -> bool:
    """``left`` then ``right`` (tokens as written; ``a`` and ``b`` their :func:`_bare` forms)
    cannot stand side by side in English."""
    if a != b and a not in _CLASH_LEFT:
        return False  # the cheap test first: no rule below holds for such a pair
    if left[-1:] in ",;:.!?)" or right[:1] in "(\"'“":
        return False  # a break between them
    if b == "a" and right != "a" or b == "it" and right != "it":
        return False  # "an A in maths", "the IT team"
    if a == b and right[:1].isupper() and b != "i":
        return False  # a name said twice: "Walla Walla", "Duran Duran", the band "The The"
    if a == b and (a in _NEVER_TWICE or (a.isalpha() and a not in _SAID_TWICE and not a.endswith("ly"))):
        return True  # "for for", "config config": a word said twice is a slip, twice a salad
    if a in _PURE_DETERMINERS and (b in _AFTER_DETERMINER or right in ("I", "i")):
        return True
    return a in _TIGHT_PREPOSITIONS and (b in _TIGHT_PREPOSITIONS or b in _SUBJECT_PRONOUNS)


def well_formed_tail(clause: str) -> str | None:
    """``clause`` when no two of its words clash (:func:`_clash`), a function word typed twice said
    once when such stutters are its only clashes ("I like to to cook on on weekends"); else the
    first-person clause that starts after its last clash ("I prefer tabs over spaces" in "… config
    the I prefer tabs over spaces"), or None when there is none or the clause ends on a word that
    waits for more ("the", "and", "because")."""
    # each word's _bare form, once: casefolding the clause folds each word (no character folds to
    # a blank or a quote, nor a blank to anything else), and only a clause with a quote has one
    # to strip; the words as written (the ones _WORD finds: str.split and the regex agree on
    # blanks) are split only for a clause that may clash, the last one read off its end
    bare = clause.casefold().split()
    if _QUOTE.search(clause):
        bare = [t.strip(_QUOTES) for t in bare]
    if bare and bare[-1] in _NO_END and not (len(bare) > 1 and clause.rsplit(None, 1)[-1][:1].isupper()):
        return None  # "… cache the", not the band "The The"
    if _CLASH_LEFT.isdisjoint(bare[:-1]) and not any(map(eq, bare, bare[1:])):
        return clause  # no word that can clash with the next one, none said twice: no clash
    tokens = clause.split()
    clashes = _last_clashes(bare, tokens)
    if not clashes:
        return clause
    # a stutter of the keyboard: a function word typed twice ("to to", "the the")
    stutters = [i for i in clashes if bare[i] in _NEVER_TWICE and bare[i - 1] == bare[i]]
    if stutters and len(stutters) == len(clashes):
        words = list(_WORD.finditer(clause))
        for i in reversed(stutters):  # the blank before the second one and the word go
            start = len(clause[: words[i].start()].rstrip())
            clause = clause[:start] + clause[words[i].end() :]
        return clause
    if len(clashes) < SALAD_CLASHES:
        return clause  # a slip of the keyboard, or code talk ("the for loop"), is no salad
    for i in range(clashes[-1], len(tokens) - 1):
        if tokens[i][0] in "Ii" and _SUBJECT_I.fullmatch(tokens[i]):  # (a token is never empty)
            return clause[list(_WORD.finditer(clause))[i].start() :]  # where that word starts
    return None


def _last_clashes(bare: list[str], tokens: list[str]) -> list[int]:
    """Where the words clash (:func:`_clash`: the index of the right word of each pair), in order;
    read from the end, and only as far as :func:`well_formed_tail` needs (issue 17): once the
    clashes found hold one that is no stutter and :data:`SALAD_CLASHES` of them, the clause is a
    salad whichever clashes come before, and only its last clash counts. Those are returned then.
    The full reading: :func:`all_clashes`."""
    found: list[int] = []
    stutters_only = True
    for i in range(len(bare) - 1, 0, -1):
        a, b = bare[i - 1], bare[i]
        # the cheap test inline: only a word said twice or one of _CLASH_LEFT clashes at all
        if (a == b or a in _CLASH_LEFT) and _clash(tokens[i - 1], tokens[i], a, b):
            found.append(i)
            stutters_only = stutters_only and a == b and b in _NEVER_TWICE
            if not stutters_only and len(found) >= SALAD_CLASHES:
                break
    found.reverse()
    return found


def all_clashes(bare: list[str], tokens: list[str]) -> list[int]:
    """Every clash of the words, in order (what :func:`_last_clashes` stands for)."""
    return [
        i
        for i, (a, b) in enumerate(pairwise(bare), start=1)
        if (a == b or a in _CLASH_LEFT) and _clash(tokens[i - 1], tokens[i], a, b)
    ]


def verb_slot_ok(word: str, *, subject: str = "I") -> bool:
    """``word`` (after the subject and its adverbs) can be the clause's verb: no closed-class word,
    and after "I" no plural-looking "-s" form ("I tests"; "-ss", "-us", "-is", "-as" are stems: "I
    discuss", "I alias") nor a participle ("I logging")."""
    low = _bare(word).replace("’", "'")
    if low in CLOSED_CLASS:
        return False
    if subject.casefold() == "i" and low.isalpha() and len(low) > 3 and low.endswith("s"):
        return low.endswith(("ss", "us", "is", "as"))
    # "I logging": a participle is no finite verb ("bring", "sing", "spring" are stems)
    return not (low.endswith("ing") and len(low) > len("spring"))


#: Words of an occasion: the event happened at a point near now, in a sequence of steps.
_OCCASION = lazy_compile(
    r"\b(?:then|again|today|yesterday|tonight|earlier|finally|afterwards|for\s+the\s+first\s+time|this\s+(?:morning|afternoon"
    r"|evening)|last\s+night|the\s+other\s+day|on\s+the\s+(?:first|second|third|next)\s+(?:try|attempt|go)"
    r"|(?:a\s+few|a\s+couple\s+of|\d+|two|three|some)\s+(?:minutes|hours)\s+ago)\b",
    re.I,
)
#: A span or a stage of life: a past said so is biography ("for 20 years", "since 2019", "as a kid",
#: "in college", "back in 2010", "when I was young", "last year", "two months ago").
_SPAN = lazy_compile(
    r"\b(?:for\s+(?:\w+\s+)?(?:years?|months|decades|ages|a\s+long\s+time|most\s+of\s+my\s+life)|since|until|till"
    r"|all\s+my\s+life|my\s+(?:whole|entire)\s+life|growing\s+up|as\s+a\s+(?:kid|child|teen|teenager|boy|girl)"
    r"|when\s+I\s+was|in\s+(?:college|school|high\s+school|university|grad\s+school|the\s+\d0s)|back\s+in"
    r"|in\s+\d{4}|(?:a|an|one|a\s+few|a\s+couple\s+of|\d+|two|three|four|five|six|seven|eight|nine|ten|many"
    r"|several)\s+(?:years?|months?|decades?)\s+ago|(?:last|this)\s+(?:year|month|decade|spring|summer|fall"
    r"|autumn|winter))\b",
    re.I,
)
#: The object right after the verb points back into the conversation ("reran it", "fixed that");
#: an "it" before a noun phrase or "to" is the dummy object of an idiom ("made it a point to eat
#: less meat", "made it to the finals"), no thing of the conversation.
#: A demonstrative is a pronoun only before a break, a preposition or an adverb ("fixed that
#: again"), not before a noun ("ditched that diet") or a clause ("decided that they …").
_ANAPHOR_OBJECT = lazy_compile(
    r"^(?:it|them)\b(?!['’]s)(?!\s+(?:a|an|the|my|your|his|her|our|their|to)\b)|^(?:that|this|those|these)(?:\W*$|[,.;!?]|\s+(?:again|too|once|twice|back|out"
    r"|off|up|down|away|over|in|on|at|to|for|with|from|by|into|onto|yesterday|today|last|earlier|\w+ly)\b)",
    re.I,
)
#: A second event told after the first ("… and it failed", "… and they passed").
#: "… and it was expensive" judges the thing and tells no second event.
_THEN_EVENT = lazy_compile(r"\band\s+(?:it|they|that|this)\s+(?:\w+ed|went|broke|ran|got)\b", re.I)
#: Words that order events without placing them in time.
_SEQUENCE = frozenset({"then", "afterwards"})
_THEN_AFTER = lazy_compile(r"\b(?:then|afterwards)\b(?!\s+(?:I|we)\b)", re.I)
#: An object that is a thing already known in the conversation ("the config", "that branch").
_DEFINITE_OBJECT = lazy_compile(r"^(?:the|that|this|these|those)\b", re.I)
#: A past that is a state or a possession, not an event ("I was a nurse", "I had a dog").
_STATE_PAST = frozenset("was were had did".split())


#: A time in the past said in the clause: a base form that is its own past ("set", "hurt") is read
#: as that past beside one ("I hurt my back yesterday"), as a habit without ("I set my alarm for 6am").
_PAST_TIME = lazy_compile(
    r"\b(?:ago|yesterday|last\s+(?:night|week|month|year|time|spring|summer|fall|autumn|winter)|earlier"
    r"|this\s+(?:morning|afternoon)|the\s+other\s+day|back\s+in|in\s+\d{4}|when\s+I\s+was|then|finally)\b",
    re.I,
)


def past_form(verb: str, clause: str) -> bool:
    """``verb`` (the clause's first verb) is a simple past: a past form ("reran", "checked"), or a
    base form that is its own past ("set", "hurt") beside a time in the past in ``clause``."""
    low = verb.casefold().replace("’", "'")
    return is_simple_past(low) or (same_form_past(low) and bool(_PAST_TIME.search(clause)))


def narrates_event(verb: str, after: str, clause: str) -> bool:
    """A clause whose verb ``verb`` (``after`` it: the rest of the clause) is a simple past that
    tells an occasion: an anaphoric object ("reran it"), or, with no span of life and no change
    reported, a word of the occasion ("today", "last night"; "then" only before a definite object:
    "I then checked the config", not "I then studied law") or a second event told after it ("… and
    it failed"). A definite object alone tells nothing ("checked the config", "joined the
    payments squad"), nor does "just" ("just bought a cookbook" is news of a possession)."""
    low = verb.casefold().replace("’", "'")
    if low in _STATE_PAST:
        return False
    tail = after.strip()
    if (is_simple_past(low) or same_form_past(low)) and _ANAPHOR_OBJECT.match(tail):
        return True  # "I set it up", "I put it back": a thing of the conversation, at any time
    if not past_form(low, clause):
        return False
    if _SPAN.search(clause) or change_cue(clause):
        return False
    words = {m.group().casefold() for m in _OCCASION.finditer(clause)}
    # a "then" after the verb not opening a new clause ("… checked config then config") places it
    timed = bool(words - _SEQUENCE) or bool(_THEN_AFTER.search(tail))
    # "then" orders a task's steps on its things ("I then checked the config") and a life's stages
    # ("I then studied law", "I then lived in Tokyo"): only the first is an occasion
    sequenced = bool(words) and bool(_DEFINITE_OBJECT.match(tail))
    return timed or sequenced or bool(_THEN_EVENT.search(tail))


#: Words in -ing that, after "is", describe the person rather than an activity under way ("User is
#: willing to relocate", "is outgoing"): predicative adjectives, not participles.
_ING_ADJECTIVES = (
    "willing unwilling outgoing easygoing hardworking caring loving understanding forgiving demanding"
    " interesting amazing boring charming exciting promising outstanding annoying fascinating"
    " convincing surprising daring trusting"
).split()
#: The progressive after the subject (its verb agreed with "User": "is reading", "has been
#: staring"), adverbs before the participle; "-thing" is a pronoun, not a participle.
_PROGRESSIVE = lazy_compile(
    r"^(?:is|are|am|was|were|has\s+been|have\s+been)\s+(?:(?:\w+ly|just|also|still|only|all|even|now)\s+)*"
    r"(?!(?:no|some|any|every)thing\b)(?!(?:" + "|".join(_ING_ADJECTIVES) + r")\b)[a-z]+[^\Wi]ing\b",
    re.I,
)
#: A habit's frequency: an activity said with one is a standing one ("on weekends", "every day").
_HABIT = lazy_compile(
    r"\b(?:every|each|usually|always|often|daily|weekly|nightly|(?:once|twice|\w+\s+times)\s+a"
    r"|(?:on|at|most)\s+(?:weekends|\w+days|evenings|nights|mornings)|per\s+(?:day|week|month|year)"
    r"|in\s+my\s+(?:free|spare)\s+time)\b",
    re.I,
)
#: A time of the day: a span from it ("since 9am") is the day's, not a life's.
_CLOCK = lazy_compile(r"\b\d{1,2}(?::\d\d)?\s*(?:am|pm)\b|\b\d{1,2}:\d\d\b", re.I)


def in_progress(said: str, clause: str) -> bool:
    """``said`` (the predicate after the subject, agreed with "User") is a progressive telling an
    activity under way in ``clause``: not said as a habit, over a span of life or as a change."""
    if _PROGRESSIVE.match(said) is None:
        return False
    if _CLOCK.search(clause):
        return True
    return not (_HABIT.search(clause) or _SPAN.search(clause) or change_cue(clause))


_HEAD = lazy_compile(r"^\W*(?:[Ii]|[Ww]e)\s+(?P<rest>.*)$", re.S)


def first_person_event(clause: str, skip: frozenset[str]) -> bool:
    """``clause`` opens with "I"/"we", its verb (after adverbs in ``skip``) narrating an event
    (:func:`narrates_event`)."""
    m = _HEAD.match(clause)
    if m is None:
        return False
    words = m.group("rest").split()
    i = 0
    while i < len(words) - 1 and (words[i].casefold() in skip or words[i].casefold().endswith("ly")):
        i += 1
    if not words:
        return False
    return narrates_event(words[i], " ".join(words[i + 1 :]), clause)


#: Per language: a past said of one's own doing (a compound past, a first-person preterite, a
#: past ending) and, beside it, a word of the session's time (today, just now, this morning) or of
#: an action done once more (nochmal, もう一度, 一遍), or a second event of the thing ("et il est
#: passé"): together they narrate a step of the task ("Ich habe den Fix eben gepusht", "Ensuite
#: j'ai relancé le build et il est passé", "さっきビルドをやり直した", "我又跑了一遍测试"). A word of
#: sequence or a plain "again" is no such word: a life is told with them as much as a task ("Dann
#: habe ich Medizin studiert", "Je suis née à Lyon puis j'ai grandi à Marseille", "我又怀孕了",
#: "また菜食主義になりました"), as is yesterday ("Ich habe gestern geheiratet", "我昨天领养了一只狗").
_FOREIGN_PAST = {
    "fr": lazy_compile(
        r"\b(?:j['’]ai|on\s+a|nous\s+avons|je\s+suis)\s+(?:\w+\s+)?\w+(?:é|ée|és|i|is|it|u|ert)\b", re.I
    ),
    "de": lazy_compile(r"\b(?:habe|hab|haben|bin|sind)\b.*\b(?:ge\w+(?:t|en)|\w+iert|lassen)\b", re.I),
    "es": lazy_compile(r"\b(?:he|hemos)\s+\w+(?:ado|ido|elto)\b|\b(?:volví|reinicié)\b", re.I),
    "ja": lazy_compile(r"(?:た|ました|だ)$"),
    "zh": lazy_compile(r"了"),
}
_FOREIGN_OCCASION = {
    "fr": lazy_compile(
        r"\b(?:à\s+nouveau|de\s+nouveau|aujourd['’]hui|tout\s+à\s+l['’]heure|ce\s+matin)\b", re.I
    ),
    "de": lazy_compile(r"\b(?:nochmal|noch\s+mal|nochmals|erneut|heute|gerade|eben|vorhin|neu)\b", re.I),
    "es": lazy_compile(r"\b(?:otra\s+vez|de\s+nuevo|hoy|hace\s+un\s+rato)\b", re.I),
    "ja": lazy_compile(r"さっき|先ほど|今日|今朝|もう一度|再度|やり直"),
    "zh": lazy_compile(r"再(?![也次])|刚才|刚刚|今天|一遍"),
}
#: A second event told of the thing after the first ("… et il est passé", "… und es ist
#: durchgelaufen", "… y ha funcionado"), as English "… and it failed".
_FOREIGN_THEN_EVENT = {
    "fr": lazy_compile(
        r"\bet\s+(?:il|elle|ça|ils|elles|tout)\s+(?:est|a|sont|ont)\s+(?:\w+\s+)?\w+(?:é|ée|és|i|is|u)\b",
        re.I,
    ),
    "de": lazy_compile(
        r"\bund\s+(?:er|sie|es|das|alles)\s+(?:ist|hat|sind|haben)\s+(?:\w+\s+){0,3}?(?:ge\w+(?:t|en)|\w+iert)\b",
        re.I,
    ),
    "es": lazy_compile(r"\by\s+(?:(?:se\s+)?ha|han)\s+\w+(?:ado|ido)\b", re.I),
}


def foreign_narration(clause: str, lang: str, sentence: str = "") -> bool:
    """``clause`` (in ``lang``: fr, de, es, ja, zh) narrates a step of the task: a past of the
    speaker's with a word of the session's time or of an action done once more, or a second event
    told after it in its ``sentence`` ("Ensuite j'ai relancé le build" in "… et il est passé"), and
    no change in their life reported ("我今天搬到了上海" moved: a change, kept)."""
    past, occasion = _FOREIGN_PAST.get(lang), _FOREIGN_OCCASION.get(lang)
    if past is None or occasion is None:
        return False
    core = clause.strip().rstrip("。.!！")
    then_event = _FOREIGN_THEN_EVENT.get(lang)
    told_after = then_event is not None and bool(then_event.search(sentence or core))
    if not past.search(core) or not (occasion.search(core) or told_after):
        return False
    return not _SPAN.search(core) and not change_cue(core)
