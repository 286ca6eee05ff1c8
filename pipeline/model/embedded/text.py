"""Text helpers of the embedded extractor: sentences and clauses, third-person values, slugs."""

from __future__ import annotations

import hashlib
import re

from memscribe.lazyre import lazy_compile
from memscribe.lexicon.caseless import holds_any
from memscribe.redaction import MASK_RE, find_secrets
from memscribe.schemas.memory import TTL

MAX_VALUE_CHARS = 160

TTL_ORDER: tuple[TTL, ...] = ("one_day", "one_week", "one_month", "one_quarter", "one_year", "infinity")

_TTL_MODIFIERS: tuple[tuple[re.Pattern[str], TTL], ...] = (
    (lazy_compile(r"\b(?:today|tonight|this (?:morning|afternoon|evening))\b|今天|今晚", re.I), "one_day"),
    (lazy_compile(r"\b(?:this week|these days)\b|这周|本周", re.I), "one_week"),
    (lazy_compile(r"\bthis month\b|这个月|本月", re.I), "one_month"),
    (lazy_compile(r"\b(?:this (?:sprint|quarter|project)|currently|right now)\b", re.I), "one_quarter"),
)


def cap_ttl(ttl: TTL, clause: str) -> TTL:
    """``ttl``, shortened to the span a word of time in ``clause`` gives ("today", "this week")."""
    for pattern, cap in _TTL_MODIFIERS:
        if pattern.search(clause) and TTL_ORDER.index(cap) < TTL_ORDER.index(ttl):
            return cap
    return ttl


# --- text cleaning -------------------------------------------------------------------------------

_BLOCKS = lazy_compile(r"```.*?(?:```|$)|<([A-Za-z][\w-]*)[^>]*>.*?</\1>", re.DOTALL)
_SENTENCE_SPLIT = lazy_compile(r"(?<=[.!?])\s+|(?<=[。！？；])|\n+|\s+[—–]\s+|\s-\s|;\s+|:\s+|[：]")
#: :data:`_SENTENCE_SPLIT` over an ASCII text: its alternatives written in CJK or dash characters
#: dropped, and the others opened by the one character class each starts with (then the character
#: it took told apart by a look behind), which ``re`` scans for instead of trying every
#: alternative at every position: the same splits (tests/unit/test_text_prefilters.py).
_ASCII_SENTENCE_SPLIT = lazy_compile(r"[\s;:](?:(?<=[.!?]\s)\s*|(?<=\n)\n*|(?<=\s)-\s|(?<=;)\s+|(?<=:)\s+)")
#: What may follow ", " / " and " / " " where a sentence splits into clauses.
_AFTER_COMMA = (
    r"(?:so|but|because|since|as\s+(?!always\b)|this|that|that's|it|it's|which|then|though|[Ii]|[Ii]'m|[Ii]'ve"
    r"|we|we're|my|our|if|when|while|although|unless)\b"
)
#: "…, can you tell me …": a request put after a statement is a clause of its own
_REQUEST_AFTER_COMMA = r"(?:can|could|would|will)\s+you\b"
#: "… and (honestly) I don't …": a new subject after "and", an adverb between
_AFTER_AND = r"(?:\w+ly\s+|also\s+|now\s+|still\s+)?(?:[Ii]|[Ii]'m|[Ii]'ve|we|my|our)\b"
#: Chat's run-on sentence: a word that closes a clause ("too", "as well", "lol") and then a new
#: first-person subject with no mark between ("I love pasta as well im opening a restaurant").
_CLOSING_WORDS = ("too", "well", "lol", "haha", "though", "either", "anyway", "congrats")
_RUN_ON_SUBJECT = r"(?=(?:[Ii]|[Ii]'m|im|[Ii]'ve|ive|my|we)\b)"
_CLOSED_THEN_SUBJECT = "(?:" + "|".join(rf"(?<=\b{w})" for w in _CLOSING_WORDS) + rf")\s+{_RUN_ON_SUBJECT}"
#: :data:`_CLOSED_THEN_SUBJECT` opened by the space after the closing word (for the ASCII splitter).
_CLOSED_THEN_SUBJECT_AT_SPACE = (
    "(?:" + "|".join(rf"(?<=\b{w}\s)" for w in _CLOSING_WORDS) + rf")\s*{_RUN_ON_SUBJECT}"
)
#: "I hate school because I'm too smart", "I visit Ohio cuz my cousin lives there": a reason
#: with a subject of its own opens a clause with no comma before it (chat often has none)
_LINKED = r"(?:because|cause|cuz)\s+(?:[Ii]|[Ii]'m|[Ii]'ve|we|we're|my|our)\b"
#: "… so the diff view is useless": a consequence, not a degree ("so tired")
_CONSEQUENCE = r"so\s+(?:the|my|our|a|an|any|no|please|[Ii]|[Ii]'m|we|it|it's|that|this|you|your)\b"
_CLAUSE_SPLIT = lazy_compile(
    rf",\s+(?={_AFTER_COMMA})|,\s+(?={_REQUEST_AFTER_COMMA})|\s+and\s+(?={_AFTER_AND})|\s+(?={_CONSEQUENCE})"
    rf"|\s+(?={_LINKED})|{_CLOSED_THEN_SUBJECT}|[，,、](?=[^\x00-\x7f])|(?<=[^\x00-\x7f])[，,]",
)
#: The word every split at a blank opens onto (:data:`_AFTER_AND`'s "and", :data:`_CONSEQUENCE`'s
#: "so", :data:`_LINKED`'s link, :data:`_RUN_ON_SUBJECT`'s subject), looked ahead for once at a
#: blank before its alternatives are tried one by one (most blanks open onto none of them).
_OPENS_CLAUSE = r"(?=\s*(?:and|so|because|cause|cuz|[Ii]|im|ive|my|we)\b)"
#: :data:`_CLAUSE_SPLIT` over an ASCII text: the two alternatives about a CJK comma or one next to
#: a non-ASCII character dropped, the others opened by the character class each starts with (see
#: :data:`_ASCII_SENTENCE_SPLIT`), those at a blank behind :data:`_OPENS_CLAUSE`: the same splits
#: (tests/unit/test_text_prefilters.py).
_ASCII_CLAUSE_SPLIT = lazy_compile(
    rf"[,\s](?:(?<=,)\s+(?={_AFTER_COMMA}|{_REQUEST_AFTER_COMMA})"
    rf"|(?<=\s){_OPENS_CLAUSE}(?:\s*and\s+(?={_AFTER_AND})|\s*(?={_CONSEQUENCE})|\s*(?={_LINKED})"
    rf"|{_CLOSED_THEN_SUBJECT_AT_SPACE}))"
)
#: Every match of :data:`_CLAUSE_SPLIT` holds one of these (case-sensitive, as the pattern is).
_CLAUSE_MARKS = (",", "and", "so", "cause", "cuz", *_CLOSING_WORDS, "，", "、")
INTERJECTION = lazy_compile(
    r"^(?:(?:oh|ah|also|and|btw|fyi|fwiw|tbh|so|well|ok|okay|yeah|yes|right|hey|hi|hello|nice|cool|great|good|perfect"
    r"|anyway|plus|honestly|lol|for what it'?s worth|just so you know|by the way|quick intro|for context"
    r"|one more thing)\b[\s,!.:-]*)+",
    re.IGNORECASE,
)
#: Talk about credentials ("my API key is …"): never a fact worth keeping, even once masked.
_SECRET_TALK = lazy_compile(
    r"\b(?:password|passwd|passphrase|secret|token|api[_ ]?key|private key|bearer|credentials?)\b",
    re.IGNORECASE,
)


def has_secret(text: str) -> bool:
    """A secret (the redaction module's detectors, or a mask they left) or talk about one."""
    return bool(_SECRET_TALK.search(text) or MASK_RE.search(text) or find_secrets(text))


HAS_CJK = lazy_compile(r"[\u4e00-\u9fff]")


def has_cjk(text: str) -> bool:
    """:data:`HAS_CJK` finds a character in ``text``: never in an ASCII text, told by a flag the
    string carries (``str.isascii`` reads no character), not by a scan of every character."""
    return not text.isascii() and HAS_CJK.search(text) is not None


def clean(text: str) -> str:
    # every block opens with a fence or a tag: a text with neither has none
    if "```" not in text and "<" not in text:
        return text.strip()
    return _BLOCKS.sub(" ", text).strip()


#: Every match of :data:`_ASCII_SENTENCE_SPLIT` holds one of these: an ASCII text holding none is
#: one sentence, not split at all.
_ASCII_SENTENCE_MARKS = (".", "!", "?", ";", ":", "\n", "-")


def split_sentences(text: str) -> list[str]:
    cleaned = clean(text)  # stripped
    if cleaned.isascii() and not holds_any(cleaned, _ASCII_SENTENCE_MARKS):
        return [cleaned] if cleaned else []
    splitter = _ASCII_SENTENCE_SPLIT if cleaned.isascii() else _SENTENCE_SPLIT
    return [stripped for s in splitter.split(cleaned) if s and (stripped := s.strip())]


def split_clauses(sentence: str) -> list[str]:
    if not holds_any(sentence, _CLAUSE_MARKS):
        parts = [sentence]
    else:
        parts = (_ASCII_CLAUSE_SPLIT if sentence.isascii() else _CLAUSE_SPLIT).split(sentence)
    out = []
    for raw in parts:
        c = drop_interjections(raw.strip()).strip(" ,.!;")
        if c:
            out.append(c)
    return out


def drop_interjections(text: str) -> str:
    """``INTERJECTION.sub("", text)``: the pattern is anchored at the start and matches no empty
    text, so its one possible match is there; matched once, not tried at every position."""
    m = INTERJECTION.match(text)
    return text if m is None else text[m.end() :]


# --- value rewriting ------------------------------------------------------------------------------

_PRONOUNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (lazy_compile(r"\b[Ii]'m\b|\b[Ii] am\b"), "they are"),
    (lazy_compile(r"\b[Ii]'ve\b"), "they have"),
    (lazy_compile(r"\bI\b"), "they"),
    # chat writes the pronoun lower-case; "i.e." and "i-th" are not pronouns
    (lazy_compile(r"(?<![\w'.-])i(?![\w'.-])"), "they"),
    (lazy_compile(r"\bmyself\b", re.I), "themselves"),
    (lazy_compile(r"\bmine\b", re.I), "theirs"),
    (lazy_compile(r"\bmy\b", re.I), "their"),
    (lazy_compile(r"\bme\b", re.I), "them"),
    (lazy_compile(r"\bour\b", re.I), "their"),
    (lazy_compile(r"(?<![\w-])we(?![\w-])", re.I), "they"),
    (lazy_compile(r"(?<![\w-])us(?![\w-])", re.I), "them"),
)
#: A preposition that heads a time phrase ("since last year", "as of this month", "until next
#: spring"): it goes with the phrase, never left alone at the end ("… plays the cello since").
_TIME_PREPOSITION = r"(?:(?:ever\s+)?since|as\s+of|starting|from|until|till|through|during|after|before|by|for|back\s+in|in)\s+"
_TRAILING_TIME = lazy_compile(
    rf"\s+(?:{_TIME_PREPOSITION})?(?:last|this|next)\s+(?:week|month|year|spring|summer|autumn|fall|winter)$"
    r"|,?\s+(?:recently|lately|"
    r"a while ago|too|though|now|for now|as always|as usual|like always|like before|as I said|as you know"
    # an approximate count goes with it ("about 2 years ago" left "… meat about")
    rf"|(?:{_TIME_PREPOSITION})?(?:(?:about|around|roughly|nearly|almost|over|maybe|like) )?"
    r"(?:a few|a couple of|\d+|two|three) (?:days|weeks|months|years) ago)$"
    r"|\s+(?:in|since|back in) (?:(?:early|late|mid) )?(?:january|february|march|april|may|june|july|august"
    r"|september|october|november|december|spring|summer|autumn|fall|winter|\d{4})(?: \d{4})?$",
    re.I,
)


#: For each of :data:`_PRONOUNS`: whether it is case-insensitive, and the runs of ``\w`` one of
#: which every match of it is, whole (its letters' neighbours are no word characters): in an
#: ASCII text a pattern finds nothing when none of them is one of the text's runs (lowered for a
#: case-insensitive pattern), and the text is not scanned by it (issue 17: most values name no
#: pronoun of the speaker's).
_PRONOUN_RUNS: tuple[tuple[bool, tuple[bytes, ...]], ...] = (
    (False, (b"m", b"am")),  # "I'm": the run after the apostrophe; "I am"
    (False, (b"ve",)),
    (False, (b"I",)),
    (False, (b"i",)),
    (True, (b"myself",)),
    (True, (b"mine",)),
    (True, (b"my",)),
    (True, (b"me",)),
    (True, (b"our",)),
    (True, (b"we",)),
    (True, (b"us",)),
)
#: Every ASCII byte but those ``\w`` matches (letters, digits, "_"), as a blank.
_BLANK_BUT_WORD = bytes(c if c < 128 and (chr(c).isalnum() or c == 95) else 32 for c in range(256))


def _runs(text: str) -> tuple[set[bytes], set[bytes]]:
    """The runs of ``\\w`` of an ASCII ``text``, as written and lowered."""
    runs = set(text.encode("ascii").translate(_BLANK_BUT_WORD).split())
    return runs, {run.lower() for run in runs}


def third_person(text: str) -> str:
    """``text`` with the speaker's pronouns in the third person (each of :data:`_PRONOUNS` in
    turn). An ASCII text is scanned only by the patterns one of whose runs
    (:data:`_PRONOUN_RUNS`) it holds: the same result (the replacements are ASCII, and the
    text's runs are read again after each one)."""
    if not text.isascii():
        for pattern, repl in _PRONOUNS:
            text = pattern.sub(repl, text)
        return text
    runs, lowered = _runs(text)
    for (pattern, repl), (caseless, needs) in zip(_PRONOUNS, _PRONOUN_RUNS, strict=True):
        if (lowered if caseless else runs).isdisjoint(needs):
            continue
        said = pattern.sub(repl, text)
        if said != text:
            text = said
            runs, lowered = _runs(text)
    return text


def value_of(raw: str) -> str:
    v = raw.strip(" ,.;:!")
    while True:
        shorter = _TRAILING_TIME.sub("", v).rstrip(" ,")
        if shorter == v:
            break
        v = shorter
    return third_person(v)[:MAX_VALUE_CHARS].strip()


#: Verb forms that stay as they are after the subject (past, modal); "read", "put" etc. are taken
#: as present (a habit is the likelier reading).
AS_SAID = frozenset(
    "was had did could would should might must can can't cannot couldn't wouldn't shouldn't won't will"
    " may got went came saw made took gave found left felt kept grew knew told said thought bought"
    " brought taught met ran won lost began became spent built sold sent lived rode wrote drove ate drank"
    " fell forgot heard hid lit meant paid rang rose sang sat slept spoke stood"
    " stole swam threw understood wore woke broke chose flew froze shook sank tore quit".split()
)

_ES_ENDINGS = ("s", "sh", "ch", "x", "z", "o")
#: Adverbs said before a verb (the -ly ones aside): the verb after them takes the agreement.
PRE_VERB_ADVERBS = frozenset(
    "always never only mostly all also usually now still almost nearly just often sometimes already"
    " even ever seldom soon again then once rather quite".split()
)
#: Verbs that end like an adverb.
LY_VERBS = frozenset("apply reply supply multiply comply imply rely ally bully rally tally fly".split())


def third_singular(verb: str) -> str:
    words = verb.split(" ", 1)
    head, rest = words[0], (" " + words[1] if len(words) > 1 else "")
    low = head.lower()
    # an adverb before the verb ("now earn", "almost finished", "really likes") agrees with nothing
    if rest and (low in PRE_VERB_ADVERBS or (low.endswith("ly") and low not in LY_VERBS)):
        return head + " " + third_singular(rest.strip())
    if low in AS_SAID or (low.endswith("ed") and not low.endswith("eed")):
        return verb  # "never got", "always wanted": a past or modal form agrees with any subject
    if low in {"don't", "do"} and rest.strip().startswith(("not", "use")):
        return ("doesn't" if low == "don't" else "does") + rest
    if low == "have":
        return "has" + rest
    if low.endswith("y") and len(low) > 2 and low[-2] not in "aeiou":
        return head[:-1] + "ies" + rest
    if low.endswith(_ES_ENDINGS):
        return head + "es" + rest
    return head + "s" + rest


# --- slugs ---------------------------------------------------------------------------------------

STOP = frozenset(
    "a an the and or of in on at to for with from by as is are be my our their your this that"
    " these those it its "
    "i we they you me them us all everything anything something nothing so very really just also only always "
    "never not no any some more most much many one two three use uses using used like likes prefer prefers "
    "them there here then than over under into onto about while when where which who whom what how why can "
    "cant don dont do does did have has had will would should could each every both either neither own same "
    "same too s t today tonight tomorrow yesterday week month year quarter currently called".split()
)
_EDITORS = lazy_compile(
    r"\b(?:vim|neovim|nvim|emacs|vs ?code|vscode|intellij|pycharm|sublime|helix|zed|nano|cursor)\b", re.I
)
_PKG = lazy_compile(r"\b(?:npm|pnpm|yarn|bun|pip|uv|poetry|conda)\b", re.I)
LANGS = lazy_compile(
    r"\b(?:typescript|javascript|python|golang|go|rust|java|kotlin|swift|ruby|elixir|scala|php"
    r"|haskell|clojure)\b",
    re.I,
)
FOR_TOPIC = lazy_compile(r"\bfor ([a-z][\w-]+)", re.I)
_PREPOSITION = lazy_compile(r"\s(?:in|over|to|with|for|on|than|instead|when|because|at)\s", re.I)


def kebab(text: str, words: int = 3, fallback: str = "preference") -> str:
    tokens = [w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in STOP and len(w) > 1]
    slug = "-".join(tokens[:words])[:48].strip("-")
    return slug or fallback


def hash_slug(prefix: str, text: str) -> str:
    return f"{prefix}-{hashlib.sha1(text.encode('utf-8')).hexdigest()[:6]}"


def tool_slug(value: str) -> str | None:
    if _EDITORS.search(value):
        return "editor"
    if _PKG.search(value):
        return "package-manager"
    return None


def topic_slug(value: str, *, head_only: bool = False) -> str:
    tool = tool_slug(value)
    if tool:
        return tool
    if head_only:
        head = _PREPOSITION.split(f" {value} ", maxsplit=1)[0]
        if kebab(head, fallback=""):
            return kebab(head)
    return kebab(value)


def safe_slug(slug: str) -> str:
    slug = re.sub(r"[^a-z0-9-]+", "-", slug.lower()).strip("-")
    slug = re.sub(r"-{2,}", "-", slug)[:48].strip("-")
    return slug if slug and slug[0].isalnum() else "preference"


def value_keep_case(text: str) -> str:
    text = re.sub(r"\bmy\b", "the user's", text, flags=re.I)
    return re.sub(r"(?<![\w-])me(?![\w-])", "the user", text, flags=re.I)


def sentence_case(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def in_their_words(said: str) -> str:
    """The body of a profile kept in the user's own words ('User, in their words: "…".'), the
    form :func:`memscribe.semantic.updates.own_words` reads back: ``said`` quoted as given."""
    return f'User, in their words: "{said}".'
