"""Profile cues of the shared lexicon: self-statements, standing instructions, durable first person.

Used twice: by the gate (cheap, high recall: "could this turn carry a signal?") and by the embedded
extractor (which adds its own, stricter sentence patterns on top). Seed: "Detection Triggers" —
profile signals (preferences, facts about self, config, constraints), playbook signals (correction,
then confirmation), and the statements that are *not* facts (hedged, past, hypothetical,
third-party, questions).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from memscribe.lazyre import lazy_compile
from memscribe.lexicon.caseless import WordList, flat_words, holds_any, one_of
from memscribe.lexicon.langs import led_by, self_statements

_I = re.IGNORECASE

# --- profile signals (gate: high recall) -------------------------------------------------------

_PROFILE_EN = lazy_compile(
    led_by(
        r"^|(?=[.!;:,])|\b(?=[abdfgimnortw])",
        r"""
    \bI(?:\s+(?:really|also|just|still|generally|usually|mostly|strongly|definitely|personally|always))?\s+
        (?:(?:prefer|like|love|enjoy|hate|dislike|don'?t\s+like|do\s+not\s+like|can'?t\s+stand)\b
             (?!\s+(?:that|it|this|your|you|how|what|hearing|the\s+idea|to\s+hear|so\s+much)\b)
          |(?:always|never|live|work|write|code|use|run|coach|teach|speak|eat|don'?t\s+eat|moved|relocated)\b)
    | \bI(?:'m|\s+am)\s+(?:a|an|based|located|living|from|in\s+[A-Z]|vegetarian|vegan|pescatarian|allergic
          |lactose|gluten|celiac|diabetic|training|learning|studying|working|aiming|preparing|building|called)\b
    | \bI(?:'ve|\s+have)\s+been\b
    | \bI\s+can'?t\b | \bI\s+cannot\b
    | \bmy\s+(?:name|time\s?zone|role|job|title|editor|ide|shell|os|stack|team|company|employer|pronouns
          |favou?rite|main|primary|preferred|go-to|native|first)\b
    | \b(?:we|our\s+team|my\s+team)\s+(?:always\s+|never\s+|only\s+|mostly\s+)?
          (?:use|run|deploy|orchestrate|build|host|write|ship|prefer|develop|test|store|follow|name|don'?t\s+use)s?\b
    | \bour\s+[\w/-]+(?:\s+[\w/-]+){0,3}\s+(?:is|are|runs?|uses?|lives?)\b
    | \bthe\s+(?:repo|repository|codebase|monorepo|project|docs)\s+(?:is|lives)\s+(?:at|in|on)\b
    | (?:^|[.!;:,]\s*)(?:always\s+|please\s+)?use\s+\S+
    | \b(?:don'?t|do\s+not|never)\s+use\b
    | \bno\s+(?:dairy|meat|fish|pork|beef|gluten|nuts|eggs|alcohol|sugar|shellfish|soy|seafood)\b
    | \ballerg(?:y|ic|ies)\b
    | \b(?:remember|from\s+now\s+on|as\s+always|by\s+default|going\s+forward)\b
    | \b(?:decided|will\s+use)\b
    """,
    ),
    re.IGNORECASE | re.VERBOSE,
)

_PROFILE_ZH = lazy_compile(
    r"我(?:是|叫|住在|住|在.{1,12}(?:工作|上班|生活)|搬到|搬去|喜欢|不喜欢|爱吃|讨厌|不吃|不能吃|不喝|吃素|对.{1,12}过敏|过敏"
    r"|一直|总是|习惯|偏好|更喜欢|通常|每天|最近在|正在|做.{1,10}(?:年|工作))"
    r"|我们(?:用|使用|都用|一直用)|过敏|素食|记住|以后都"
)


#: A standing instruction to the agent ("always …", "I want you to …", "our convention is …").
_STANDING_EN = lazy_compile(
    led_by(
        r"^|(?=[.!;:,(])|\b(?=[abcefgijmnprstwy])",
        r"""(?:^|[.!;:,(]\s*|\b(?:and|but|so|please|just|also|then|to|should|must|shall|will|you|we|everyone)\s+)
          (?:always|never)\b(?!\s+(?:\w+ed|got|had|was|were|did|went|came|saw|heard|made|knew|thought|found|told
          |said|gave|took|left|met|ran|won|lost|bought|ate)\b)
      | \b(?:always|never)\s*[.!]?\s*$
      | \b(?:make\s+sure|be\s+sure|remember\s+to|from\s+now\s+on|going\s+forward|moving\s+forward
          |I(?:'d|\s+would)?\s+(?:want|need|like|expect)\s+(?:you|everyone)\s+to
          |it'?s\s+(?:important|essential|crucial|required)\s+(?:that\s+you|to)
          |conventions?|coding\s+standards?|guidelines?)\b""",
    ),
    re.IGNORECASE | re.VERBOSE,
)
_STANDING_ZH = lazy_compile(r"以后|今后|从现在起|每次都|一律|请(?:总是|始终|务必)|记得|规范|约定")
#: A first-person statement (not a question): in conversation, most facts about the speaker are.
#: 我 as the speaker, not the object of a request ("帮我…", "给我…").
_FIRST_PERSON_ZH = lazy_compile(r"(?<![帮给让替教诉跟和陪叫请])我")
_CLAUSE_END = lazy_compile(r"(?<=[.!?。！？])\s*|\n+")


#: A question asked of the partner: ends with "?" and opens with an interrogative or auxiliary.
_INTERROGATIVE = lazy_compile(
    r"^\W*(?:(?:and|so|but|oh|well|also|then|ok|okay)\W+)?(?:do|does|did|have|has|had|can|could|would|will|should|shall"
    r"|is|are|was|were|am|may|might|what|which|who|whom|whose|where|when|why|how|any|anything|ever)\b.*[?？]\s*$",
    _I | re.DOTALL,
)


#: Every match of :data:`_CLAUSE_END` follows one of these or is a newline: a text holding none is
#: one sentence, not split at all.
_CLAUSE_END_MARKS = (".", "!", "?", "\n", "。", "！", "？")


def _statements(text: str) -> list[str]:
    """The sentences of ``text`` that are not questions put to the partner."""
    if not holds_any(text, _CLAUSE_END_MARKS):
        # one sentence, and no question (a question ends in a mark this text lacks)
        stripped = text.strip()
        return [stripped] if stripped else []
    out = []
    for sentence in _CLAUSE_END.split(text):
        s = sentence.strip()
        # _INTERROGATIVE ends in "[?？]\s*$": a stripped sentence it matches ends in a question mark
        if s and not (s.endswith(("?", "？")) and _INTERROGATIVE.match(s)):
            out.append(s)
    return out


#: A first-person subject and what follows it up to the end of its clause: one word at least.
#: (A subject with no word after it states nothing (:func:`_durable_clause`); allowed, it matched
#: the "i" of every "in", "it", "is" and the "we" of every "were", "well", each match read for
#: nothing. Such a match spans only its subject and contraction, where no other match can start:
#: the matches with a word after them are the same either way.)
_FP_CLAUSE = lazy_compile(
    r"\b(?P<subj>I|we)(?P<aux>'m|’m|'ve|’ve|'d|’d|'ll|’ll|'re|’re)?(?P<rest>(?:\s+[\w'’-]+){1,4})", _I
)
#: :data:`_FP_CLAUSE` over a lower-cased ASCII text (issue 17): case-sensitive, and opened by the
#: subject's first letter with the word boundary asked behind it (``\b`` before a word character is
#: ``(?<!\w)``), so ``re`` skips to an "i" or a "w" instead of trying the pattern at every
#: character. Lowering ASCII keeps every position and character class: the same matches, their
#: groups lowered (:func:`_durable_clause` reads them case-folded).
_FP_CLAUSE_LOWER = lazy_compile(
    r"(?P<subj>i(?<!\wi)|w(?<!\ww)e)(?P<aux>'m|'ve|'d|'ll|'re)?(?P<rest>(?:\s+[\w'-]+){1,4})"
)
#: Adverbs and auxiliaries skipped between the subject and the verb that says what kind of claim it is.
_FP_SKIP = frozenset(
    "really also just still so too totally definitely actually truly honestly do did does am are was were"
    " have has had will would could can must should may might even only always never usually often"
    " sometimes mostly generally personally absolutely completely certainly surely kinda kind sort of"
    " already finally starting beginning".split()
)
#: Adverbs between a subject and its verb (public: the extractor skips them too).
FP_SKIP_ADVERBS = (_FP_SKIP | {"quite", "pretty", "even", "very"}) - frozenset(
    "do did does am are was were have has had will would could can must should may might".split()
)
#: Verbs of reacting to the partner (opinion, sympathy, recall, hearsay, agreement): no durable fact.
_REACTIVE_VERBS = frozenset(
    "hope hoped bet guess think thought suppose imagine wish wonder wondered agree understand see saw mean"
    " meant know knew believe assume doubt say said heard hear remember forgot forget feel felt appreciate"
    " get got love like bet promise figure figured realize realized realise realised reckon trust"
    " sure glad sorry happy excited jealous curious afraid impressed proud relieved surprised confused"
    " thinking wondering hoping going gonna looking trying sounds sound kidding joking".split()
)
#: What "love"/"like"/"get"/"going" etc. mean depends on what follows: durable when a thing follows.
_REACTIVE_OBJECT = lazy_compile(
    r"^(?:that|it|this|those|these|your|you|yours|how|what|the\s+(?:idea|sound|way)|hearing|to\s+(?:hear|see|know)"
    r"|so|too|for\s+you|for\s+that|about\s+(?:that|it|this|you)|with\s+(?:that|you)|what\s+you|it\b|there)\b",
    _I,
)
#: Contracted or modal auxiliaries that make the clause a wish, plan or hypothesis rather than a fact.
_MODAL_AUX = frozenset({"'d", "’d", "'ll", "’ll"})
_MODAL_WORDS = frozenset("would could might may should will must".split())
#: :data:`_FP_SKIP` and :data:`_MODAL_WORDS`: the words skipped before the verb.
_FP_SKIP_OR_MODAL = _FP_SKIP | _MODAL_WORDS
#: Verbs after "I'm" that report a reaction, not a state of the speaker.
_REACTIVE_STATE = frozenset(
    "sure glad sorry happy excited jealous curious afraid impressed relieved surprised".split()
)


#: What follows "I need"/"I want" in a request ("I need a chart", "I want you to…"), not a goal.
_REQUEST_OBJECT = lazy_compile(
    r"^(?:a|an|the|some|this|that|it|them|you|your|help|to\s+(?:see|know|check|get|ask))\b", _I
)


def _durable_clause(subj: str, aux: str, rest: str) -> bool:
    """Whether "I/we + ``aux`` + ``rest``" states something lasting about the speaker.

    Reactions to the partner ("I hope…", "I bet…", "I'm sure…", "I love that…"), wishes and plans
    ("I'd love to…", "I'll have to…") and hearsay ("I've heard…") are not; a state, possession,
    habit, relation or taste ("I'm a nurse", "I have two cats", "I work nights", "I love hiking") is.
    """
    # the words of ``rest`` folded at once: folding maps no character to a blank nor a blank to
    # anything else, so the words are those of the folded text
    words = rest.casefold().replace("’", "'").split()
    aux = aux.casefold().replace("’", "'")
    if aux in _MODAL_AUX:
        return False
    modal = False
    i = 0
    while i < len(words) and words[i] in _FP_SKIP_OR_MODAL:
        modal = modal or words[i] in _MODAL_WORDS
        i += 1
    if modal or i == len(words):
        return False
    while i + 1 < len(words) and words[i] == "to":  # "starting to like", "beginning to see"
        i += 1
    verb = words[i]
    tail = " ".join(words[i + 1 :])
    if subj == "we" and i > 0 and words[i - 1] in ("can", "could"):
        return False
    if verb in ("need", "want", "needed", "wanted"):
        return not _REQUEST_OBJECT.match(tail)
    if verb in ("found", "find") and re.match(r"(?:that|out|it|this)\b", tail):
        return False
    if verb in ("love", "like", "loved", "liked", "enjoy", "enjoyed", "get", "got"):
        return bool(tail) and not _REACTIVE_OBJECT.match(tail)
    if verb.endswith(("n't", "nt")) or verb == "not":
        j = i + 1
        while j < len(words) and words[j] in _FP_SKIP:
            j += 1
        return j < len(words) and words[j] not in _REACTIVE_VERBS
    if aux in ("'m",) or (i > 0 and words[i - 1] in ("am", "are", "was", "were")):
        return verb not in _REACTIVE_STATE and verb not in ("not", "just")
    return verb not in _REACTIVE_VERBS


#: A possessive about the speaker's own life ("my wife", "our farm"), minus idioms.
_POSSESSIVE = lazy_compile(
    r"\b(?:my|our)\s+(?!(?:god|goodness|gosh|pleasure|bad|guess|mind|opinion|point|thoughts?|question"
    r"|apologies|condolences|bet|turn|word|dear|own\s+(?:opinion|thoughts?)|favou?rite\s+part|fault)\b)[a-z]",
    _I,
)


def durable_first_person(text: str) -> bool:
    """A first-person statement (not a question) that states something lasting about the speaker.

    The gate's cue for conversation: what the speaker is, has, does or likes — not a reaction to the
    partner, a wish, a plan, hearsay or a request ("I need a chart", "I hope so", "I'd love to").
    """
    return first_person_strength(text) >= STRONG


#: Cue strengths: a weak cue alone does not open the gate; two weak ones (in any turns) do.
STRONG, WEAK, NONE = 2, 1, 0


def first_person_strength(text: str) -> int:
    """``STRONG`` for a durable first-person clause, ``WEAK`` for only a passing possessive."""
    return _first_person_strength(_statements(text), flat_words(text))


def _first_person_strength(statements: list[str], flat: str | None) -> int:
    """The first-person cue of ``statements``, the sentences of a text lowered as ``flat``; a
    pattern is asked only of a text holding one of the words every match of it holds."""
    possessive = _POSSESSIVE_LIST.in_flat(flat)
    ephemeral = _EPHEMERAL_LIST.in_flat(flat)
    me_too = _ME_TOO_LIST.in_flat(flat)
    best = NONE
    for s in statements:
        if (possessive and _SUBJECT_POSSESSIVE.search(s)) or (me_too and _ME_TOO.search(s)):
            return STRONG
        if ephemeral and _EPHEMERAL.search(s):
            continue
        for m in first_person_clauses(s):
            if _durable_clause(m.group("subj").casefold(), m.group("aux") or "", m.group("rest") or ""):
                return STRONG
        if not s.isascii() and _FIRST_PERSON_ZH.search(s) and not _ZH_REACTIVE.search(s):
            return STRONG
        if possessive and _POSSESSIVE.search(s):
            best = WEAK
    return best


def first_person_clauses(text: str) -> Iterator[re.Match[str]]:
    """The matches of :data:`_FP_CLAUSE` in ``text``; for an ASCII text, those of
    :data:`_FP_CLAUSE_LOWER` over its lower-cased twin (the same spans, groups lowered)."""
    if text.isascii():
        return _FP_CLAUSE_LOWER.finditer(text.lower())
    return _FP_CLAUSE.finditer(text)


def durable_opening(clause: str) -> bool:
    """``clause`` opens with a first-person subject ("I …", "we …") stating something lasting.

    The same judgement as the gate's conversation cue (:func:`first_person_strength`), for one
    clause: the extractor's fallback for plain statements in a conversation.
    """
    m = _FP_CLAUSE.match(clause)
    if m is None or _EPHEMERAL.search(clause):
        return False
    return _durable_clause(m.group("subj").casefold(), m.group("aux") or "", m.group("rest") or "")


def profile_strength(text: str) -> int:
    """How strongly ``text`` suggests a profile fact: ``STRONG``, ``WEAK`` or ``NONE``."""
    # every match of either holds a CJK character: an ASCII text holds none
    if not text.isascii() and (_PROFILE_ZH.search(text) or _STANDING_ZH.search(text)):
        return STRONG
    statements = _statements(text)
    flat = flat_words(text)
    # every cue below that finds something makes the turn STRONG, as a durable first-person clause
    # does: that one is asked first (it scans no list of phrase words, and decides most turns of
    # people telling about themselves); the others only when it finds less
    first_person = _first_person_strength(statements, flat)
    if first_person == STRONG:
        return STRONG
    profile = _PROFILE_LIST.in_flat(flat)  # holds(flat, _PROFILE_WORDS)
    standing = _STANDING_LIST.in_flat(flat)  # holds(flat, _STANDING_WORDS)
    if (profile or standing) and any(
        (profile and _PROFILE_EN.search(s)) or (standing and _STANDING_EN.search(s)) for s in statements
    ):
        return STRONG
    if self_statements(text):  # es, de, fr, ja: a first-person statement by its pronoun or verb form
        return STRONG
    return first_person


#: Words (lower case, as :func:`~memscribe.lexicon.caseless.flat_words` writes a text) one of which every match of
#: :data:`_PROFILE_EN` holds: the verb after "I" follows a space; "use" opens a statement or
#: follows a space or a mark that ends a sentence.
_PROFILE_WORDS = (
    *(" prefer", " like", " love", " enjoy", " hate", " dislike", " don", " do not", " can", " always"),
    *(" never", " live", " work", " write", " code", " use", " run", " coach", " teach", " speak", " eat"),
    *(" moved", " relocated", "i'm", " am ", " been", "my ", "we ", "our ", "repo", "codebase", "project"),
    *("docs", "no ", "allerg", "remember", "from now on", "as always", "by default", "going forward"),
    *(
        "decided",
        "will use",
        ".use ",
        "!use ",
        ";use ",
        ":use ",
        ",use ",
        "?use ",
        "。use ",
        "！use ",
        "？use ",
    ),
)
#: Whether a flat text holds one of :data:`_PROFILE_WORDS`, in one scan of it (the list is long,
#: and most turns hold none: :func:`~memscribe.lexicon.caseless.one_of`).
_PROFILE_FOUND = lazy_compile(one_of(_PROFILE_WORDS))
#: The list, read with the turn's other lists (:class:`~memscribe.lexicon.caseless.WordList`).
_PROFILE_LIST = WordList(_PROFILE_WORDS, _PROFILE_FOUND)
#: Words one of which every match of :data:`_STANDING_EN` holds.
_STANDING_WORDS = (
    *("always", "never", "make sure", "be sure", "remember to", "from now on", "going forward"),
    *("moving forward", "you to", "everyone to", "important", "essential", "crucial", "required"),
    *("convention", "standard", "guideline"),
)
#: :data:`_STANDING_WORDS` as one pattern (:func:`~memscribe.lexicon.caseless.one_of`).
_STANDING_FOUND = lazy_compile(one_of(_STANDING_WORDS))
_STANDING_LIST = WordList(_STANDING_WORDS, _STANDING_FOUND)
#: Words one of which every match of :data:`_POSSESSIVE` and :data:`_SUBJECT_POSSESSIVE` holds.
_POSSESSIVE_WORDS = ("my ", "our ")
#: Words one of which every match of :data:`_EPHEMERAL` holds.
_EPHEMERAL_WORDS = ("today", "tonight", "right now", "at the moment", "this ")
_POSSESSIVE_LIST = WordList(_POSSESSIVE_WORDS, lazy_compile(one_of(_POSSESSIVE_WORDS)))
_EPHEMERAL_LIST = WordList(_EPHEMERAL_WORDS, lazy_compile(one_of(_EPHEMERAL_WORDS)))


#: A possessive as the subject of its clause ("my wife works…", "…, and our dog is…").
_SUBJECT_POSSESSIVE = lazy_compile(
    led_by(
        r"^|(?=[,;:(])|\b(?=[abstw])",
        r"(?:^|[,;:(]\s*|\b(?:and|but|so|because|since|as|while|when|though|although|that|with)\s+)\W*"
        + _POSSESSIVE.pattern.removeprefix(r"\b"),
    ),
    _I,
)
#: A statement pinned to this very moment is not a lasting fact ("I don't have much to do today").
_EPHEMERAL = lazy_compile(
    led_by(
        r"\b(?=[art])",
        r"\b(?:today|tonight|right\s+now|at\s+the\s+moment|this\s+(?:morning|afternoon|evening))\b",
    ),
    _I,
)
_ME_TOO = lazy_compile(r"^\W*(?:me\s+(?:too|neither|either)|same\s+here)\b", _I)
#: Words one of which every match of :data:`_ME_TOO` holds.
_ME_TOO_WORDS = ("me too", "me neither", "me either", "same here")
_ME_TOO_LIST = WordList(_ME_TOO_WORDS, lazy_compile(one_of(_ME_TOO_WORDS)))
_ZH_REACTIVE = lazy_compile(r"我(?:希望|觉得|想|猜|相信|知道|明白|理解|听说|祝)")


def profile_signal(text: str) -> bool:
    """A preference, fact about the user, config or constraint *may* be stated (high recall).

    Besides the seeds' trigger phrases (English and Chinese), a standing instruction and any
    first-person statement of something lasting pass: the gate must not drop real signals
    (recall first); the detector and the verifier decide what is a fact.
    """
    return profile_strength(text) >= STRONG
