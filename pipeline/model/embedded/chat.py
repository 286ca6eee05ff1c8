"""Conversation: a plain first-person statement (or one about a relative), restated in the third person."""

from __future__ import annotations

import functools
import re

from memscribe import lexicon
from memscribe.lazyre import lazy_compile
from memscribe.lexicon.caseless import without_lead
from memscribe.lexicon.grammar import ADVERBIAL_PHRASES
from memscribe.model.embedded.clause_shape import narrates_event, past_form, verb_slot_ok
from memscribe.model.embedded.fronting import dated_in_life
from memscribe.model.embedded.profile_rules import Fact, facet_filed
from memscribe.model.embedded.roles import role_filed
from memscribe.model.embedded.text import AS_SAID as _AS_IS
from memscribe.model.embedded.text import LY_VERBS, PRE_VERB_ADVERBS, kebab, third_singular, value_of
from memscribe.model.embedded.text import in_their_words as _quoted
from memscribe.semantic.updates import change_cue
from memscribe.semantic.values import members
from memscribe.textsim import content_tokens

#
# In a conversation (no tools) people state facts about themselves in any shape ("I am in remission",
# "I coach their team", "I have 5 children"). A clause that opens with "I"/"we" and that the gate's
# detector judges durable (a state, possession, habit, relation or taste; not a reaction, wish, plan,
# hearsay or request) is kept as it was said, in the third person. Agent sessions keep only the
# shaped rules above.

_SUBJECT_FORMS = {
    "'m": "is",
    "am": "is",
    "'ve": "has",
    "have": "has",
    "'d": "had",
    "do": "does",
    "don't": "doesn't",
    "dont": "doesn't",
    "haven't": "hasn't",
    "havent": "hasn't",
    "are": "are",
    "were": "were",
    "'re": "are",
    "has": "has",  # "I has two kids" (a slip): not "User hases"
}
#: Content words (besides "user") a plain statement needs: "I'm good" / "I love it" say nothing.
PLAIN_MIN_CONTENT = 2
#: Leading conjunctions and fillers of a clause in speech ("but I'm …", "ohh I like …").
PLAIN_LEAD = lazy_compile(
    r"^(?:(?:but|and|so|because|cause|cuz|since|although|though|now|just|oh+|ah+|um+|hmm+|haha|lol|well|yes|yeah"
    r"|yep|no|nope|nah|actually|honestly|personally|also|plus|anyway|sure|true|wow|ha|yea|ya|hi|hello|hey|really"
    r"|cool|nice|great|awesome|ok|okay|definitely|absolutely|totally|lol|nowadays|these\s+days|lately|recently"
    r"|currently)\b[\s,!.]*)+",
    re.I,
)


@functools.lru_cache(maxsize=256)
def lead_dropped(clause: str) -> str:
    """``PLAIN_LEAD.sub("", clause)`` (:func:`~memscribe.lexicon.caseless.without_lead`), kept for
    the clauses read last (issue 17: each rule a clause goes through drops its lead, five or six
    times a clause)."""
    return without_lead(PLAIN_LEAD, clause)


#: A habit's frequency put before the subject ("Two times a year I visit Europe", "In my free
#: time I paint", "Every summer I go camping"): it is moved after the statement, which then opens
#: with its subject. A single time ("On Friday I…", "After lunch I…") is an event, not a habit.
_FRONTED = lazy_compile(
    r"^(?P<adv>(?:(?:every|each|most|once|twice|\w+\s+times)\s+\w+[^,.!?;:]{0,30}?"
    r"|in\s+my\s+(?:free|spare|down)\s+time|on\s+(?:the\s+)?weekends|at\s+weekends))"
    r",?\s+(?=I\b)",
    re.I,
)
#: Can/could/would/need: ability, wish or necessity, rarely a lasting fact.
_PLAIN_MODAL = lazy_compile(
    r"^(?:\w+ly\s+)?(?:can|can't|cannot|could|couldn't|would|wouldn't|should|shouldn't|must|need|needs|won't|will"
    r"|has\s+to|had\s+to|have\s+to)\b",
    re.I,
)
#: "I'm so tired", "I'm very excited": a passing state, said with a degree word; not a lasting
#: relation to a field, skill or substance ("totally new to networking", "super allergic to cats").
_PLAIN_DEGREE = lazy_compile(
    r"^(?:is|was|are|were)\s+(?:not\s+)?(?:very|so|pretty|super|too|quite|really|a\s+bit|a\s+little|kinda|kind\s+of"
    r"|totally|extremely|sooo+|such)\b(?!\s+(?:not\s+)?(?:new\s+to|bad\s+at|good\s+at|terrible\s+at|hopeless\s+at|useless\s+at"
    r"|allergic\s+to|intolerant\s+to|sensitive\s+to|into|fluent\s+in|rusty\s+(?:at|with|in|on)|comfortable\s+with"
    r"|familiar\s+with|experienced\s+(?:with|in))\b)",
    re.I,
)
#: Ends on a pronoun pointing back into the conversation ("I love that", "I've seen it").
_PLAIN_ANAPHOR_END = lazy_compile(r"\b(?:it|that|this|those|these|there|them|one)\W*$", re.I)
#: Steering the conversation or judging, not a fact: "I wanted to discuss …", "I'm confident that …",
#: "I've noticed that …", "I recommend …".
_DISCOURSE = lazy_compile(
    r"^(?:\w+ly\s+|just\s+|really\s+|also\s+|did\s+|do\s+)*(?:(?:want|wants|wanted|would\s+like|wish|wished|meant|mean)"
    r"\s+to\s+(?:\w+\s+)?(?:discuss|talk|chat|emphasi[sz]e|stress|mention|go\s+over|follow\s+up|circle\s+back|ask"
    r"|tell|say|share|remind|make\s+sure|let|point\s+out|touch|bring\s+up|check|see|hear|know|add|start|begin"
    r"|highlight|introduce|update|thank|apologi[sz]e|clarify|explain|congratulate|welcome)\b"
    r"|(?:is|am|was)\s+(?:\w+ly\s+)?(?:confident|certain|convinced|positive|aware|glad|sure|happy|pleased|thrilled"
    r"|delighted|thankful|grateful|honou?red)\s+(?:that|to|about|with|for)\b"
    r"|(?:has\s+|have\s+)?(?:notice[ds]?|recommends?|recommended|suggests?|suggested|advises?|advised|encourages?"
    r"|encouraged|agrees?|agreed|takes?\s+it)\b)",
    re.I,
)
#: Mentions the other side: about the exchange ("I look forward to your …"), not the speaker.
_PARTNER = lazy_compile(r"\b(?:you|your|yours|yourself|y'all|ya)\b", re.I)
_PLAIN_HEAD = lazy_compile(r"^(?P<subj>I|we)(?P<aux>'m|’m|'ve|’ve|'d|’d|'re|’re)?\b\s*(?P<rest>.*)$", re.I)
_PLAIN_TRAIL = lazy_compile(
    r"(?:[\s,]+(?:too|as well|lol|haha|hah|though|anyway|either|also|now|lately|:\)|:\(|;\)|:d|xd))+$", re.I
)


#: Adverbs of negation or cessation between the subject and its verb, which the verb agrees past
#: ("I no longer eat meat" → "User no longer eats meat", not "User noes longer eat meat").
_NEGATIVE_ADVERBS = frozenset({"not", "seldom", "no longer", "no more"})


def _slug(value: str) -> str:
    """A value's topic: its first words after "User" / "User's", kebab-cased."""
    return kebab(re.sub(r"^User(?:'s)?\s+", "", value), 3, fallback="about-user")


def _fact(value: str, *, slug: str | None = None) -> Fact:
    """A one-year profile fact stating ``value`` (one sentence), filed under ``slug`` (default
    :func:`_slug`)."""
    return Fact(slug or _slug(value), "one_year", value.rstrip(".") + ".")


def _adverb_span(words: list[str], i: int) -> int:
    """How many words at ``i`` are an adverb standing before the verb (0 when none is)."""
    word = words[i].casefold()
    pair = " ".join(w.casefold() for w in words[i : i + 2])
    if pair in _NEGATIVE_ADVERBS or pair in ADVERBIAL_PHRASES or pair == "very much":
        # "I in fact prefer tabs", "I at times work from home": not "User ins fact prefer tabs"
        return 2
    adverb = (
        word in lexicon.FP_SKIP_ADVERBS
        or word in _NEGATIVE_ADVERBS
        or word in PRE_VERB_ADVERBS
        or (word.endswith("ly") and word not in LY_VERBS)
    )
    return 1 if adverb else 0


def _agree(rest: str, clause: str) -> str | None:
    """The verb after the subject, agreeing with "User" (adverbs in front are kept); None when the
    word in the verb's place can be no verb ("I then again because …", "I tests …") or the clause
    narrates an event of the day ("I reran it …": :func:`narrates_event`)."""
    words = rest.split(" ")
    i = 0
    while i < len(words) and (span := _adverb_span(words, i)):
        i += span
    if i == len(words):
        return rest
    if not verb_slot_ok(words[i]) or narrates_event(words[i], " ".join(words[i + 1 :]), clause):
        return None
    verb = words[i].casefold().replace("’", "'")
    if verb == "use" and i + 2 < len(words) and words[i + 1].casefold() == "to":
        words[i] = "used"  # "I use to dumpster dive": speech's spelling of the former habit "used to"
    elif verb in _SUBJECT_FORMS:
        words[i] = _SUBJECT_FORMS[verb]
    elif verb in _AS_IS or past_form(verb, clause) or verb.endswith(("ed", "n't")) or not verb.isalpha():
        pass
    else:
        words[i] = third_singular(words[i])
    return " ".join(words)


#: What "we" have or are: a possession or a state of the speaker's household or team.
_WE_HAVE_OR_ARE = lazy_compile(
    r"^(?:\w+ly\s+|only\s+|just\s+|both\s+|all\s+)*(?:have|has|own|live|are|'re|’re)\b", re.I
)


#: Trouble or a moment: what "we" have right now ("a bug in prod", "out of disk space", "a deadline
#: this week") is the task's state, not the household's or the team's.
_WE_NOW = lazy_compile(
    r"\b(?:bugs?|issues?|problems?|errors?|failures?|failing|broken|outages?|incidents?|deadlines?|questions?"
    r"|out\s+of|down|stuck|missing|today|tonight|tomorrow|this\s+(?:week|weekend|month|morning|afternoon|evening)"
    r"|right\s+now|at\s+the\s+moment|currently)\b",
    re.I,
)


#: A counted value in what "we" have or are: a number or "only" ("two dogs", "only a two-zone hob").
#: Without one it is talk about the group ("we're a friendly bunch", "we have an amazing team",
#: "we have a strict policy on CI/CD"), which a household states rarely and a team's mentor often.
_WE_VALUE = lazy_compile(
    r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a\s+couple\s+of|single|only)\b",
    re.I,
)


def _we_statement(clause: str, aux: str, rest: str) -> Fact | None:
    """Who "we" are (a household, a team) is the speaker's to say: a clause saying what "we" have
    or are ("we only have a two-zone induction hob", "we're a Kubernetes shop") is kept in the
    user's words; what "we" do or think is not (the shaped team rules cover "we use …")."""
    if _WE_NOW.search(rest):
        return None
    if not _WE_HAVE_OR_ARE.match(f"{aux} {rest}".strip()):
        return _we_changed(clause, aux, rest)
    if re.match(r"(?:'re|’re|are)\s+(?:\w+\s+)?\w+ing\b", f"{aux} {rest}".strip(), re.I):
        return None  # "we're working on …": an activity, not a state
    if not _WE_VALUE.search(f" {rest}"):
        return None
    return _in_their_words(clause, rest)


def _we_changed(clause: str, aux: str, rest: str) -> Fact | None:
    """What "we" did once, dated on the scale of a life ("we adopted a greyhound in April", "we
    switched from Jira to Linear in January", "we moved to Munich last year"), is a change in the
    household's or the team's life, kept in the user's words; dated by the day or told as an
    occasion ("we fixed the bug yesterday", "we reran it"), it is the task's."""
    words = rest.split()
    if aux or not words or not dated_in_life(clause):
        return None
    verb = words[0]
    if not past_form(verb, clause) or narrates_event(verb, " ".join(words[1:]), clause):
        return None
    return _in_their_words(clause, rest)


#: A one-word state after the copula ("is divorced", "'m 35"), not a passing one ("is back",
#: "'m done"): with a change cue ("now", "since March") it is a state the user has reached.
_CHANGED_STATE = lazy_compile(
    r"^(?:is|am|'m)\s+(?!(?:done|back|ready|here|there|good|fine|ok|okay|sorry|sure|home|off|free|busy|tired"
    r"|confused|stuck|lost|in|out|set|late|early|awake|asleep|online|offline|away|gone|going|leaving|finished"
    r"|almost|nearly|still|just|also|so|very|not|really|all|on|up|down|over|through|with|at)\b)(?:an?\s+)?[\w-]+\W*$",
    re.I,
)


def plain_statement(clause: str, *, min_content: int = PLAIN_MIN_CONTENT) -> Fact | None:
    """``clause`` as a fact about the user when it is a plain first-person statement with at least
    ``min_content`` content words (one where the user gives it as the reason for what follows:
    "I'm deaf, so …")."""
    clause = lead_dropped(clause).strip()
    fronted = _FRONTED.match(clause)
    if fronted:
        clause = f"{clause[fronted.end() :].rstrip(' ,.;:!')} {fronted.group('adv').lower()}"
    if not lexicon.durable_opening(clause):
        return None
    m = _PLAIN_HEAD.match(clause)
    if m is None:
        return None
    subj, aux = m.group("subj"), (m.group("aux") or "").replace("’", "'").casefold()
    rest = _PLAIN_TRAIL.sub("", m.group("rest").strip(" ,.;:!")).strip()
    if subj.casefold() == "we":
        return _we_statement(clause, aux, rest)
    said = f"{_SUBJECT_FORMS.get(aux, aux)} {rest}" if aux else rest
    if re.match(r"(?:are|were|'re)\b", said, re.I):
        return None  # "my sister and I are …": the clause split a compound subject
    rest = re.sub(r"\bi(?=\b|['’])", "I", rest)  # chat's lowercase "i", so the pronouns turn
    if _PLAIN_MODAL.match(said) or _PLAIN_DEGREE.match(said) or _PLAIN_ANAPHOR_END.search(rest):
        return None
    if _PARTNER.search(rest) or _DISCOURSE.match(said):
        return None
    agreed = rest if aux else _agree(rest, clause)
    if agreed is None:
        return None
    text = f"User {_SUBJECT_FORMS.get(aux, aux)} {rest}" if aux else f"User {agreed}"
    value = value_of(text)
    if (_CHANGED_STATE.match(said) or members(value)) and change_cue(clause):
        # "I'm divorced now", "I'm 35 now", "I'm on an iPhone now": a state reached, or a value of
        # a slot (:mod:`memscribe.semantic.values`), is news of its own, said as a change
        min_content = 1
        value = value if change_cue(value) else f"{value.rstrip('.')} now."
    if len(content_tokens(value) - {"user"}) < min_content:
        return None
    return _fact(value, slug=role_filed(facet_filed(_slug(value), value), value))


#: A life aspiration: "I want to be a nurse", "I'd love to move to a big city", "I would like to
#: work in construction". A wish is no hedge of a fact here: it is the fact (a goal of the user's),
#: when what is wished is a state of their life (to be, live, work, study, visit, go to a place…),
#: not a task.
WISH = lazy_compile(
    r"^I(?:(?:['’]d|\s+would)\s+(?:really\s+)?(?:love|like)|\s+(?:really\s+)?(?:want|hope))\s+to\s+"
    r"(?P<rest>(?:be|become|visit|move|travel|live|retire|study|learn|own|open|adopt"
    # going to a place is travel ("I'd love to go to France"); going to bed or sleep is no aspiration
    r"|go\s+to\s+(?!bed\b|sleep\b)|work\s+(?:as|in|for|at|with))\b.*)$",
    re.I,
)


def wish_statement(clause: str) -> Fact | None:
    """``clause`` as the user's aspiration ("User wants to become a nurse"), or None when it is no
    wish for a state of their life, or the rest is hedged, a question, or about the partner."""
    m = WISH.match(lead_dropped(clause).strip())
    if m is None:
        return None
    rest = _PLAIN_TRAIL.sub("", m.group("rest").strip(" ,.;:!")).strip()
    rest = re.sub(r"\bi(?=\b|['’])", "I", rest)
    if lexicon.hedged_or_question(rest) or _PARTNER.search(rest) or _PLAIN_ANAPHOR_END.search(rest):
        return None
    # what is wished needs a word of its own besides its verb ("be a lawyer", not "learn more")
    verb, _, wished = rest.partition(" ")
    if (
        not content_tokens(wished)
        - content_tokens(verb)
        - {"more", "much", "lot", "thing", "things", "something"}
    ):
        return None
    value = value_of(f"User wants to {rest}")
    return Fact(kebab(f"goal {rest}", 3, fallback="goal"), "one_year", value.rstrip(".") + ".")


#: A consequence drawn from what was just said: "…, so captions would help", "… so the red/green
#: view is useless to me". What the speaker gives as a reason is a standing circumstance; a reason
#: for stopping or going on right now ("I'm tired, so let's stop") is not.
_CONSEQUENCE = lazy_compile(
    r"^\W*(?:,\s*)?so\b(?!\s+(?:far|much|many|long|that\s+I|let['’]?s|I['’]ll|I\s+will|I['’]m\s+(?:off|done))\b)",
    re.I,
)


def gives_reason(sentence: str, clause: str) -> bool:
    """``clause`` is followed in ``sentence`` by a consequence drawn from it ("I'm deaf, so …")."""
    at = sentence.find(clause)
    return at >= 0 and bool(_CONSEQUENCE.match(sentence[at + len(clause) :]))


#: A question tagged onto a statement ("I read a lot, you?", "I am 8 how old are you?").
_TAG_QUESTION = lazy_compile(
    r"(?:,\s*|\s+)(?:(?:and|so|but|what\s+about|how\s+about)\s+)?(?:you|yours|(?:how|what|who|where|when|why"
    r"|which|do|does|did|are|is|were|was|have|has|will|would|can|could)\b[^,.!?]*?\byou(?:rs?|rself)?\b[^,.!?]*)"
    r"\s*\?+\s*$",
    re.I,
)


#: The last comma-clause of a sentence: where a question put after a statement starts.
_LAST_CLAUSE = lazy_compile(r",\s+[^,]*$")
#: A question that points back at the statement ("…, is that bad?", "…, is it good?") asks about
#: it: the statement is the question's topic, not news about the speaker.
_POINTS_BACK = lazy_compile(r"\b(?:it|that|this|these|those|them|there)\b", re.I)


def statement_part(sentence: str) -> str:
    """A statement with a question to the partner tagged on: the statement alone.

    The question is the sentence's last clause ("I read a lot, you?", "I've started Spanish
    classes, any podcast for A2?"); what comes before it, when it does not open like a question
    itself, is judged as a statement, unless the question doubts it or asks about it.
    """
    if not sentence.rstrip().endswith("?") or lexicon.is_question_opening(sentence):
        return sentence
    stripped = _TAG_QUESTION.sub("", sentence).strip()
    if stripped and stripped != sentence.strip():
        return stripped
    tail = _LAST_CLAUSE.search(sentence)
    if tail is None or lexicon.hedged(tail.group()) or _POINTS_BACK.search(tail.group()):
        return sentence  # "…, i think?", "…, maybe October?": the doubt covers the statement
    before = sentence[: tail.start()].strip()
    if before and "?" not in before and not lexicon.is_question_opening(before):
        return before
    return sentence


def not_a_fact(text: str, *, conversation: bool) -> bool:
    """Hedged, past, hypothetical, third-party or a question (in a conversation, a third party is
    judged per clause: "I love my wife" is about the speaker, "my wife loves jazz" is not; and a
    former state is the speaker's past, kept as said: "I used to be a game designer")."""
    if conversation:
        return lexicon.unsure_or_question(text)
    return lexicon.hedge_or_nonfact(text)


#: Verbs that say what a relative *is, has or does* (a fact in the speaker's life), not what they
#: prefer, think or say (their own opinions are theirs, not the speaker's).
_POSSESSIVE_VERB = lazy_compile(
    r"^(?:is|are|was|were|has|have|had|works?|worked|lives?|lived|owns?|runs?|teach(?:es)?|studies|study"
    r"|goes|go|plays?|got|just\s+\w+ed|\w+ed)\b",
    re.I,
)


def possessive_statement(clause: str) -> Fact | None:
    clause = lead_dropped(clause).strip()
    m = lexicon.THIRD_PARTY_SUBJECT.match(clause)
    if m is None or not m.group("rel"):
        return None
    rest = clause[m.end("rel") :].strip(" ,")
    # "my sister's dog has three legs": a possessive, the subject is the relative's dog; "my
    # sister's a nurse": "is"
    rest = re.sub(r"^(?:'s|’s)\s+", "'s " if _OWNED_NOUN_VERB.match(rest) else "is ", rest)
    owned = rest.startswith("'s ")
    if owned:
        rest = rest[3:]
    m_rel = m.group("rel").lower() + ("'s" if owned else "")
    if (
        not (owned or _POSSESSIVE_VERB.match(rest))
        or _PLAIN_ANAPHOR_END.search(rest)
        or _PARTNER.search(rest)
    ):
        return None
    rest = _PLAIN_TRAIL.sub("", rest.strip(" ,.;:!")).strip()
    value = value_of(f"User's {m_rel} {rest}")
    if len(content_tokens(value) - {"user"}) < PLAIN_MIN_CONTENT + 1:
        return None
    return _fact(value)


#: After a relative's "'s": a noun phrase of one or two words and a finite verb ("'s dog has",
#: "'s school starts", "'s car broke down"), the "'s" then a possessive, not "is".
_FINITE = (
    r"(?:is|are|was|were|has|have|had|does|did|doesn't|didn't|\w+ed|\w+s|" + "|".join(sorted(_AS_IS)) + r")"
)
_OWNED_NOUN_VERB = lazy_compile(
    r"^(?:'s|’s)\s+(?!(?:a|an|the|in|at|on|from|with|not|so|very|really|just|also|still|and|or|going|been|got|\w+ing|\w+ly|\w+ed)\b)"
    rf"[a-z][\w-]*(?:\s+(?!(?:and|or)\b)[a-z][\w-]*)?\s+{_FINITE}\b",
    re.I,
)


#: A clause whose subject is something of the speaker's ("my programming skills need work", "our
#: dog is named China"): the possessive, a noun phrase of up to three words, and a finite verb
#: (adverbs before it kept). Idioms ("my goodness", "my bad") and requests are no subject.
_OWNED_SUBJECT = lazy_compile(
    r"^(?:my|our)\s+(?!(?:god|goodness|gosh|lord|pleasure|bad|guess|mind|opinion|point|thoughts?|question"
    r"|apologies|condolences|bet|turn|word|dear|fault|own|that|this|it|those|these)\b)"
    r"(?P<k>[a-z][\w'-]*(?:\s+(?!(?:is|are|was|were|has|have|had)\b)[a-z][\w'-]*){0,2}?)\s+"
    r"(?P<rest>(?:(?:just|also|still|once|always|never|really|finally|recently|usually|\w+ly)\s+)*"
    r"(?:is|are|was|were|'s|’s|has|have|had|does|did|doesn't|didn't|got|went|came|made|took|won|lost|gave"
    r"|grew|left|ran|knew|became|began|broke|bought|sold|taught|wrote|drove|\w+ed)\b.*)$",
    re.I,
)


def owned_statement(clause: str) -> Fact | None:
    """``clause`` as a fact about something of the user's ("User's cat is on pain killers"), when
    its subject is the speaker's possession and it says what that is, has or did; not when it is a
    modal, a reaction to the partner, or ends pointing back into the conversation."""
    clause = lead_dropped(clause).strip()
    m = _OWNED_SUBJECT.match(clause)
    if m is None:
        return None
    rest = re.sub(r"^(?:'s|’s)\s+", "is ", m.group("rest"))
    if _PLAIN_ANAPHOR_END.search(rest) or _PARTNER.search(rest) or _PLAIN_DEGREE.match(rest):
        return None
    rest = _PLAIN_TRAIL.sub("", rest.strip(" ,.;:!")).strip()
    value = value_of(f"User's {m.group('k').lower()} {rest}")
    if len(content_tokens(value) - {"user"}) < PLAIN_MIN_CONTENT + 1:
        return None
    return _fact(value)


#: A favourite named before the possessive ("George Clooney is my favorite actor", "Navy blue is
#: my favourite"): the value, a thing of up to five words, then the slot it fills.
_FAVOURITE_NAMED_FIRST = lazy_compile(
    r"^(?!(?:it|that|this|those|these|they|he|she|which|what|mine|one|everything|nothing|anything|something"
    r"|everyone|everybody|nobody|anyone|someone|none|all|each|both|either|neither)\b)(?P<x>[\w'-]+(?: [\w'-]+){0,4})"
    r" (?:is|are) (?:my|our) (?:absolute |all[- ]time )?(?:favou?rite|fave)(?P<k>(?: [a-z]+){0,3})\W*$",
    re.I,
)


_AFTER_SLOT = frozenset(
    "now anymore too again though still ever nowadays lately already either tbh lol".split()
)


def favourite_named_first(clause: str) -> Fact | None:
    """ "X is my favorite actor" as "User's favorite actor is X" (the slot first, as people file it)."""
    m = _FAVOURITE_NAMED_FIRST.match(lead_dropped(clause).strip())
    if m is None or _PARTNER.search(m.group(0)):
        return None
    words = m.group("k").lower().split()
    while words and (words[-1] in _AFTER_SLOT or words[-1].endswith("ly")):
        words.pop()  # "… my favorite actor now": the adverb is no part of the slot
    what = " ".join(words)
    body = f"User's favorite {what} is {value_of(m.group('x'))}.".replace("  ", " ")
    return Fact(kebab(f"favorite {what}", 3), "infinity", body)


#: A hedge opening a comma clause after a statement ("I love country music, maybe you could cover
#: …", "I like t-ball, maybe your kids will play"): it reaches forward over its own clause only.
_HEDGE_OPENS = lazy_compile(r",\s+(?=(?:maybe|perhaps|possibly|probably)\b)", re.I)


def hedge_apart(clause: str) -> list[str]:
    """``clause`` cut before a comma clause that a hedge opens (every cut is at a comma: a clause
    without one is not scanned)."""
    if "," not in clause:
        return [clause] if clause.strip() else []
    return [part for part in _HEDGE_OPENS.split(clause) if part.strip()]


def _in_their_words(clause: str, rest: str) -> Fact | None:
    """``clause`` kept in the user's words, unless its predicate ``rest`` ends on an anaphor,
    names a partner or says too little."""
    if (
        _PLAIN_ANAPHOR_END.search(rest)
        or _PARTNER.search(rest)
        or len(content_tokens(rest)) < PLAIN_MIN_CONTENT
    ):
        return None
    return Fact(kebab(rest, 3, fallback="about-user"), "one_year", _quoted(clause.strip(" ,.;:!")))
