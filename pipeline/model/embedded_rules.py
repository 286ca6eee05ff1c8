"""The embedded default extractor: the seeds' trigger rules as a deterministic, offline detector.

``extract(turns)`` returns the same :class:`~memscribe.schemas.candidates.Detection` an LLM would. It is
built for precision: a profile is written only for a first-person statement that matches one of a
small set of sentence shapes (preference, fact about self, config, constraint), is neither hedged,
past, hypothetical, third-party nor a question, and carries no secret. A playbook is a correction
(a user turn opening like "No, ...", "Actually, ...", "Don't ...") that follows an assistant turn,
the assistant's next turn as the adjustment, and the confirmation judged the way ``verify`` does.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from memscribe import triggers
from memscribe.textsim import content_tokens
from memscribe.schemas.candidates import DedupDecision, Detection, PlaybookCandidate, ProfileCandidate
from memscribe.schemas.memory import TTL
from memscribe.schemas.requests import DedupRequest
from memscribe.schemas.transcript import Turn

IMPLICIT_WINDOW = 2
MAX_VALUE_CHARS = 160

_TTL_ORDER: tuple[TTL, ...] = ("one_day", "one_week", "one_month", "one_quarter", "one_year", "infinity")

# --- text cleaning -------------------------------------------------------------------------------

_BLOCKS = re.compile(r"```.*?(?:```|$)|<([A-Za-z][\w-]*)[^>]*>.*?</\1>", re.DOTALL)
_SENTENCE_SPLIT = re.compile(r"(?<=[.!?])\s+|(?<=[。！？；])|\n+|\s+[—–]\s+|\s-\s|;\s+|:\s+|[：]")
_CLAUSE_SPLIT = re.compile(
    r",\s+(?=(?:so|but|because|since|as\s+(?!always\b)|this|that|that's|it|it's|which|then|though|[Ii]|[Ii]'m|[Ii]'ve"
    r"|we|we're|my|our|if|when|while|although|unless)\b)|\s+and\s+(?=(?:[Ii]|[Ii]'m|[Ii]'ve|we|my|our)\b)"
    r"|[，,、](?=[^\x00-\x7f])|(?<=[^\x00-\x7f])[，,]",
)
_INTERJECTION = re.compile(
    r"^(?:(?:oh|ah|also|and|btw|fyi|so|well|ok|okay|yeah|yes|right|hey|hi|hello|nice|cool|great|good|perfect"
    r"|anyway|plus|honestly|lol|for what it'?s worth|just so you know|by the way|quick intro|for context"
    r"|one more thing)\b[\s,!.:-]*)+",
    re.IGNORECASE,
)
_SECRET = re.compile(
    r"sk-[A-Za-z0-9_-]{10,}|AKIA[0-9A-Z]{12,}|gh[pousr]_[A-Za-z0-9]{20,}|xox[abp]-|\w+://[^\s:/]+:[^\s@]+@"
    r"|\b[A-Z][A-Z0-9_]{2,}=\S+|\b(?:password|passwd|secret|token|api[_ ]?key|private key|bearer)\b"
    r"|\b(?=[A-Za-z0-9+/_-]*\d)(?=[A-Za-z0-9+/_-]*[A-Za-z])[A-Za-z0-9+/_-]{28,}\b",
    re.IGNORECASE,
)
_HAS_CJK = re.compile(r"[\u4e00-\u9fff]")


def _clean(text: str) -> str:
    return _BLOCKS.sub(" ", text).strip()


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_SPLIT.split(_clean(text)) if s and s.strip()]


def _clauses(sentence: str) -> list[str]:
    out = []
    for raw in _CLAUSE_SPLIT.split(sentence):
        c = _INTERJECTION.sub("", raw.strip()).strip(" ,.!;")
        if c:
            out.append(c)
    return out


# --- value rewriting ------------------------------------------------------------------------------

_PRONOUNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\b[Ii]'m\b|\b[Ii] am\b"), "they are"),
    (re.compile(r"\b[Ii]'ve\b"), "they have"),
    (re.compile(r"\bI\b"), "they"),
    # chat writes the pronoun lower-case; "i.e." and "i-th" are not pronouns
    (re.compile(r"(?<![\w'.-])i(?![\w'.-])"), "they"),
    (re.compile(r"\bmyself\b", re.I), "themselves"),
    (re.compile(r"\bmine\b", re.I), "theirs"),
    (re.compile(r"\bmy\b", re.I), "their"),
    (re.compile(r"\bme\b", re.I), "them"),
    (re.compile(r"\bour\b", re.I), "their"),
    (re.compile(r"(?<![\w-])we(?![\w-])", re.I), "they"),
    (re.compile(r"(?<![\w-])us(?![\w-])", re.I), "them"),
)
_TRAILING_TIME = re.compile(
    r"\s+(?:last|this|next)\s+(?:week|month|year|spring|summer|autumn|fall|winter)$|,?\s+(?:recently|lately|"
    r"a while ago|too|though|now|for now|as always|as usual|like always|like before|as I said|as you know"
    r"|(?:a few|a couple of|\d+|two|three) (?:days|weeks|months|years) ago)$"
    r"|\s+(?:in|since|back in) (?:(?:early|late|mid) )?(?:january|february|march|april|may|june|july|august"
    r"|september|october|november|december|spring|summer|autumn|fall|winter|\d{4})(?: \d{4})?$",
    re.I,
)


def _third_person(text: str) -> str:
    for pattern, repl in _PRONOUNS:
        text = pattern.sub(repl, text)
    return text


def _value(raw: str) -> str:
    v = raw.strip(" ,.;:!")
    while True:
        shorter = _TRAILING_TIME.sub("", v).rstrip(" ,")
        if shorter == v:
            break
        v = shorter
    return _third_person(v)[:MAX_VALUE_CHARS].strip()


_ES_ENDINGS = ("s", "sh", "ch", "x", "z", "o")


def _third_singular(verb: str) -> str:
    words = verb.split(" ", 1)
    head, rest = words[0], (" " + words[1] if len(words) > 1 else "")
    low = head.lower()
    if low in {"always", "never", "only", "mostly", "all", "also", "usually"} and rest:
        return head + " " + _third_singular(rest.strip())
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

_STOP = frozenset(
    "a an the and or of in on at to for with from by as is are be my our their your this that"
    " these those it its "
    "i we they you me them us all everything anything something nothing so very really just also only always "
    "never not no any some more most much many one two three use uses using used like likes prefer prefers "
    "them there here then than over under into onto about while when where which who whom what how why can "
    "cant don dont do does did have has had will would should could each every both either neither own same "
    "same too s t today tonight tomorrow yesterday week month year quarter currently called".split()
)
_EDITORS = re.compile(
    r"\b(?:vim|neovim|nvim|emacs|vs ?code|vscode|intellij|pycharm|sublime|helix|zed|nano|cursor)\b", re.I
)
_PKG = re.compile(r"\b(?:npm|pnpm|yarn|bun|pip|uv|poetry|conda)\b", re.I)
_LANGS = re.compile(
    r"\b(?:typescript|javascript|python|golang|go|rust|java|kotlin|swift|ruby|elixir|scala|php"
    r"|haskell|clojure)\b",
    re.I,
)
_FOR_TOPIC = re.compile(r"\bfor ([a-z][\w-]+)", re.I)
_PREPOSITION = re.compile(r"\s(?:in|over|to|with|for|on|than|instead|when|because|at)\s", re.I)


def _kebab(text: str, words: int = 3, fallback: str = "preference") -> str:
    tokens = [w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in _STOP and len(w) > 1]
    slug = "-".join(tokens[:words])[:48].strip("-")
    return slug or fallback


def _hash_slug(prefix: str, text: str) -> str:
    return f"{prefix}-{hashlib.sha1(text.encode('utf-8')).hexdigest()[:6]}"


def _tool_slug(value: str) -> str | None:
    if _EDITORS.search(value):
        return "editor"
    if _PKG.search(value):
        return "package-manager"
    return None


def _topic(value: str, *, head_only: bool = False) -> str:
    tool = _tool_slug(value)
    if tool:
        return tool
    if head_only:
        head = _PREPOSITION.split(f" {value} ", maxsplit=1)[0]
        if _kebab(head, fallback=""):
            return _kebab(head)
    return _kebab(value)


# --- profile rules -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Fact:
    slug: str
    ttl: TTL
    body: str


Builder = Callable[[re.Match[str]], _Fact | None]

_ADV = (
    r"(?:\s+(?:really|also|just|still|generally|usually|mostly|strongly|definitely|personally"
    r"|actually|honestly|now))*"
)
_IM = r"I(?:'m|’m|\s+am)"
_TASKY = re.compile(r"^(?:it|that|this|these|those|them|you|your|the way you|how you|when you|a fix)\b", re.I)
_ALWAYS_BLACKLIST = re.compile(
    r"^(?:forget|mix|get|mess|confuse|lose|struggle|end|have trouble|seem|screw|break|wonder)\b", re.I
)
_CANT_BLACKLIST = re.compile(
    r"^(?:connect|find|get|figure|remember|see|believe|wait|tell|reproduce|open|access|log|login|make|seem"
    r"|understand|install|build|load|start|stop|think|decide|reach|sign|push|pull|deploy|compile"
    r"|import|run\s+"
    r"(?:it|the|this|that|my)|read|write|do|say|help|afford|imagine)\b",
    re.I,
)
_DIETS = (
    r"vegetarian|vegan|pescatarian|lactose[- ]intolerant|gluten[- ]free|celiac|coeliac|halal|kosher"
    r"|diabetic|teetotal"
)
_DIET_ITEMS = r"dairy|meat|fish|pork|beef|gluten|nuts|eggs|alcohol|sugar|shellfish|soy|seafood"
_DURABLE = re.compile(
    r"\b(?:always|as always|from now on|by default|everywhere|in general|for everything|going forward|"
    r"in this repo|in all)\b",
    re.I,
)
_NOT_ROLE = re.compile(
    r"^(?:bit|little|lot|big|huge|total|complete|quick|slow|few|couple|fan|mess|bad|good)\b", re.I
)
_BAD_STATE = re.compile(
    r"^(?:broken|down|failing|wrong|missing|not|slow|empty|out|gone|stuck|busted|off)\b", re.I
)


def _fixed(slug: str, ttl: TTL, template: str, *, slug_from_value: bool = False) -> Builder:
    def build(m: re.Match[str]) -> _Fact | None:
        x = _value(m.group("x"))
        if not x:
            return None
        return _Fact(_topic(x, head_only=True) if slug_from_value else slug, ttl, template.format(x=x))

    return build


def _role(m: re.Match[str]) -> _Fact | None:
    x = m.group("x")
    if _NOT_ROLE.match(x) or re.match(r"^(?:fan of|big fan of)", x, re.I):
        return None
    return _Fact("role", "one_year", f"User is {m.group('art').lower()} {_value(x)}.")


def _dislike(m: re.Match[str]) -> _Fact | None:
    x = m.group("x")
    if _TASKY.match(x):
        return None
    v = _value(x)
    verb = re.sub(r"^I(?:\s+\w+ly|\s+also|\s+just|\s+still)*\s+", "", m.group("v"), flags=re.I).lower()
    verb = {
        "hate": "hates",
        "dislike": "dislikes",
        "don't like": "doesn't like",
        "do not like": "doesn't like",
    }.get(verb, verb)
    return _Fact(f"dislike-{_topic(v)}"[:48].strip("-"), "infinity", f"User {verb} {v}.")


def _prefer(m: re.Match[str]) -> _Fact | None:
    x = m.group("x")
    if _TASKY.match(x) or x.lower().startswith(("to know", "to ask", "to see")):
        return None
    v = _value(x)
    said = m.group("v").lower()
    verb = "prefers" if said in {"prefer", "favor", "favour"} else _third_singular(said)
    return _Fact(_topic(v, head_only=True), "infinity", f"User {verb} {v}.")


def _focus(m: re.Match[str]) -> _Fact | None:
    x = m.group("x")
    if _TASKY.match(x) or re.match(r"^(?:the|a fix|a bug|fixing)\b", x, re.I):
        return None
    verb = m.group("v").lower()
    v = _value(x)
    if verb == "aiming for":
        slug = "target" if not _kebab(v, fallback="") else f"target-{_kebab(v, 2)}"
    elif verb in {"training for", "preparing for"}:
        slug = f"goal-{_kebab(v, 2)}"
    elif verb in {"learning", "studying"}:
        slug = f"learning-{_kebab(v, 2)}"
    else:
        slug = f"project-{_kebab(v, 2)}"
    return _Fact(slug[:48].strip("-"), "one_quarter", f"User is {verb} {v}.")


def _habit(m: re.Match[str]) -> _Fact | None:
    verb, x = m.group("v"), m.group("x")
    if _TASKY.match(x) or (
        verb.lower().startswith(("always", "never")) and _ALWAYS_BLACKLIST.match(verb.split()[-1])
    ):
        return None
    v = _value(x)
    clause = m.string
    if _LANGS.search(v) and verb.lower() in {"write", "code", "program", "code in", "develop"}:
        slug = "language"
    else:
        slug = _tool_slug(v) or _kebab(f"{verb.split()[-1]} {v}")
    ttl: TTL = (
        "one_year" if re.search(r"\bat work\b|\bfor work\b|\bat my job\b", clause, re.I) else "infinity"
    )
    return _Fact(slug, ttl, f"User {_third_singular(verb.lower())} {v}.")


def _cant(m: re.Match[str]) -> _Fact | None:
    x = m.group("x")
    if _CANT_BLACKLIST.match(x):
        return None
    rest = x.split(" ", 1)[1] if " " in x else ""
    if _TASKY.match(rest) or re.match(r"^(?:the|my|your|a|an|any)\b", rest, re.I):
        return None
    v = _value(x)
    return _Fact(f"constraint-{_kebab(v, 3)}"[:48].strip("-"), "infinity", f"User can't {v}.")


def _team(m: re.Match[str]) -> _Fact | None:
    x, verb = m.group("x"), m.group("v").lower().replace("doesn't", "don't")
    if verb.endswith("s") and " " not in verb:
        verb = verb[:-1]
    adv = (m.group("adv") or "").strip().lower()
    if _TASKY.match(x):
        return None
    v = _value(x)
    for_topic = _FOR_TOPIC.search(v)
    slug = _tool_slug(v) or (for_topic.group(1).lower() if for_topic else _kebab(f"{verb} {v}"))
    phrase = _third_singular(f"{adv} {verb}".strip())
    ttl: TTL = "one_quarter" if re.search(r"\bthis (?:project|repo)\b", v, re.I) else "one_year"
    return _Fact(slug, ttl, f"User's team {phrase} {v}.")


def _our(m: re.Match[str]) -> _Fact | None:
    k, verb, x = m.group("k"), m.group("v"), m.group("x")
    if _BAD_STATE.match(x) or _TASKY.match(k):
        return None
    return _Fact(
        _kebab(k, 3, fallback="team-setup"), "one_year", f"User's {_value(k)} {verb.lower()} {_value(x)}."
    )


def _my_key(m: re.Match[str]) -> _Fact | None:
    k = m.group("k").lower()
    slug = {
        "ide": "editor",
        "time zone": "timezone",
        "operating system": "os",
        "job": "role",
        "job title": "role",
    }.get(k, _kebab(k, 3))
    ttl: TTL = (
        "infinity" if re.match(r"(?:favou?rite|preferred|native|first|name|pronouns)", k) else "one_year"
    )
    return _Fact(slug, ttl, f"User's {k} is {_value(m.group('x'))}.")


def _my_thing(m: re.Match[str]) -> _Fact | None:
    k, verb, x = m.group("k").lower(), m.group("v").lower(), _value(m.group("x"))
    if not x:
        return None
    return _Fact(_kebab(k, 2, fallback="about-user"), "one_year", f"User's {k} {verb} {x}.")


def _use_durable(m: re.Match[str]) -> _Fact | None:
    if not _DURABLE.search(m.string):
        return None
    x = _DURABLE.sub("", m.group("x")).strip(" ,.")
    if not x or _TASKY.match(x):
        return None
    v = _value(x)
    neg = bool(m.group("neg"))
    body = f"User avoids {v}." if neg else f"User prefers to use {v}."
    return _Fact(_topic(v, head_only=True), "infinity", body)


_EN_RULES: tuple[tuple[re.Pattern[str], Builder], ...] = tuple(
    (re.compile(p, re.IGNORECASE), b)
    for p, b in (
        (r"^my name is (?P<x>.+)", _fixed("name", "infinity", "User's name is {x}.")),
        (rf"^(?:{_IM}{_ADV} called|call me) (?P<x>.+)", _fixed("name", "infinity", "User's name is {x}.")),
        (r"^my time ?zone is (?P<x>.+)", _fixed("timezone", "one_year", "User's timezone is {x}.")),
        (
            r"^my (?P<k>editor|ide|shell|os|operating system|stack|role|job title|job|title|team"
            r"|company|employer"
            r"|pronouns|(?:favou?rite|main|primary|preferred|go-to|native|first) \w+(?: \w+)?)"
            r" (?:is|are) (?P<x>.+)",
            _my_key,
        ),
        (
            rf"^{_IM}{_ADV} (?:based|located|living) in (?P<x>.+)",
            _fixed("home-city", "one_year", "User is based in {x}."),
        ),
        (rf"^I{_ADV} live in (?P<x>.+)", _fixed("home-city", "one_year", "User lives in {x}.")),
        (
            rf"^I(?:'ve| have)?{_ADV}(?: just| recently)? (?:moved|relocated) to (?P<x>.+)",
            _fixed("home-city", "one_year", "User lives in {x} (moved there recently)."),
        ),
        (rf"^{_IM}{_ADV} from (?P<x>[A-Z].+)", _fixed("hometown", "infinity", "User is from {x}.")),
        (rf"^{_IM}{_ADV} (?:a |an )?(?P<x>{_DIETS})\b", _fixed("diet", "infinity", "User is {x}.")),
        (
            rf"^{_IM}{_ADV}(?: severely| very| deathly)? allergic to (?P<x>.+)",
            _fixed("allergy", "infinity", "User is allergic to {x}."),
        ),
        (r"^I have an? (?P<x>.+?) allergy", _fixed("allergy", "infinity", "User has a {x} allergy.")),
        (
            rf"^I{_ADV} (?:don't|do not|never|can't|cannot) (?:eat|drink) (?P<x>.+)",
            _fixed("diet", "infinity", "User doesn't eat or drink {x}."),
        ),
        (rf"^no (?P<x>{_DIET_ITEMS})\b", _fixed("diet", "infinity", "User avoids {x}.")),
        (
            rf"^(?P<v>I{_ADV} (?:can't|cannot) stand|I{_ADV} (?:hate|dislike|don't like|do not"
            rf" like)) (?P<x>.+)",
            _dislike,
        ),
        (
            rf"^{_IM}{_ADV} an? (?:big |huge )?fan of (?P<x>.+)",
            _fixed("", "infinity", "User is a fan of {x}.", slug_from_value=True),
        ),
        (rf"^I{_ADV} (?P<v>prefer|favou?r|like|love|enjoy) (?P<x>.+)", _prefer),
        (rf"^{_IM}{_ADV} (?P<art>a|an) (?P<x>.+)", _role),
        (rf"^I{_ADV} work as (?P<x>.+)", _fixed("role", "one_year", "User works as {x}.")),
        (
            rf"^I(?:'ve| have){_ADV} lived in (?P<x>.+)",
            _fixed("home-city", "one_year", "User has lived in {x}."),
        ),
        (
            rf"^{_IM}{_ADV} in (?P<x>(?-i:[A-Z][\w-]+(?:,? [A-Z][\w-]+)*))\b",
            _fixed("home-city", "one_year", "User is in {x}."),
        ),
        (rf"^I{_ADV} work (?:at|for) (?P<x>.+)", _fixed("employer", "one_year", "User works at {x}.")),
        (
            rf"^I(?:'ve| have){_ADV} been (?P<x>\w+ing\b.+?\bfor (?:over |about |almost )?\d+\+?"
            rf" (?:years|yrs|months)\b.*)",
            _fixed("experience", "one_year", "User has been {x}."),
        ),
        (
            rf"^{_IM}{_ADV}(?: currently| now)? (?P<v>training for|working on|learning|studying"
            rf"|preparing for|aiming for"
            r"|building) (?P<x>.+)",
            _focus,
        ),
        (
            rf"^I{_ADV} (?P<v>(?:always|never) \w+|write|code in|code|program in|use|run|coach"
            rf"|teach|speak|drive|ride"
            r"|play|cook|develop|maintain|manage|lead) (?P<x>.+)",
            _habit,
        ),
        (rf"^I{_ADV} (?:can't|cannot|can not) (?P<x>\w+.*)", _cant),
        (
            r"^(?:we|our team|my team)(?P<adv>\s+(?:always|never|only|mostly|all|also))?"
            r" (?P<v>(?:use|run|deploy|orchestrate|build|host|write|ship|prefer|develop|test|store|follow"
            r"|name)s?"
            r"|don't use|do not use|doesn't use) (?P<x>.+)",
            _team,
        ),
        (
            r"^our (?P<k>[\w/-]+(?: (?!is\b|are\b|runs?\b|uses?\b|lives?\b)[\w/-]+){0,3}) (?P<v>is"
            r"|are|runs?|uses?|lives?)"
            r" (?P<x>.+)",
            _our,
        ),
        (
            r"^the (?P<x>(?:repo|repository|codebase|monorepo|docs) (?:is|lives) (?:at|in|on) .+)",
            _fixed("repo-location", "one_year", "User's {x}."),
        ),
        (r"^(?:please )?(?:always )?(?P<neg>(?:don't|do not|never) )?use (?P<x>.+)", _use_durable),
        (
            rf"^I(?:'ve| have){_ADV}(?: got)? (?P<x>(?:a|an|two|three|four|five|\d+|some|many|several|no)"
            rf" (?!idea\b|question|problem|issue|bug|error|feeling|sense|chance|time\b|look\b|minute|moment|second\b)"
            rf"\w.+)",
            _fixed("", "one_year", "User has {x}.", slug_from_value=True),
        ),
        (
            r"^my (?P<k>(?!question|problem|issue|bad|guess|point|pleasure|apologies)[a-z]+(?: [a-z]+)?)"
            r" (?P<v>is|are) (?P<x>(?!it\b|that\b|this\b|broken|down|failing|not\b|wrong)\w.+)",
            _my_thing,
        ),
    )
)


def _zh_fixed(slug: str, ttl: TTL) -> Builder:
    def build(m: re.Match[str]) -> _Fact | None:
        rest = m.group("x").strip("。，, ")
        return _Fact(slug or _hash_slug("preference", rest), ttl, f"用户{rest}。") if rest else None

    return build


_ZH_RULES: tuple[tuple[re.Pattern[str], Builder], ...] = tuple(
    (re.compile(p), b)
    for p, b in (
        (r"^我(?P<x>(?:对)?.{1,16}过敏.*)", _zh_fixed("allergy", "infinity")),
        (r"^我(?P<x>(?:住在|住|搬到了?|搬去了?).+)", _zh_fixed("home-city", "one_year")),
        (r"^我(?P<x>叫.+)", _zh_fixed("name", "infinity")),
        (r"^我(?P<x>(?:不吃|不能吃|不喝|吃素|是素食).*)", _zh_fixed("diet", "infinity")),
        (r"^我(?P<x>是.+)", _zh_fixed("role", "one_year")),
        (r"^我(?P<x>在.{1,12}(?:工作|上班).*)", _zh_fixed("employer", "one_year")),
        (r"^我(?P<x>(?:喜欢|更喜欢|偏好|爱吃|讨厌|不喜欢|一直|总是|习惯|通常).+)", _zh_fixed("", "infinity")),
        (r"^我们(?P<x>(?:都|一直)?(?:用|使用).+)", _zh_fixed("team-tools", "one_year")),
    )
)

_TTL_MODIFIERS: tuple[tuple[re.Pattern[str], TTL], ...] = (
    (re.compile(r"\b(?:today|tonight|this (?:morning|afternoon|evening))\b|今天|今晚", re.I), "one_day"),
    (re.compile(r"\b(?:this week|these days)\b|这周|本周", re.I), "one_week"),
    (re.compile(r"\bthis month\b|这个月|本月", re.I), "one_month"),
    (re.compile(r"\b(?:this (?:sprint|quarter|project)|currently|right now)\b", re.I), "one_quarter"),
)


def _cap_ttl(ttl: TTL, clause: str) -> TTL:
    for pattern, cap in _TTL_MODIFIERS:
        if pattern.search(clause) and _TTL_ORDER.index(cap) < _TTL_ORDER.index(ttl):
            return cap
    return ttl


def _zh_normalise(clause: str) -> str:
    # Chinese first person inside the clause: "我对花生过敏" keeps its subject for the rules.
    return re.sub(
        r"^(?:先说一下|顺便说一下|对了|另外|还有|其实|而且|我也)",
        lambda m: "我" if m.group(0) == "我也" else "",
        clause,
    )


def _facts_in_clause(clause: str, *, correction_turn: bool) -> _Fact | None:
    cjk = bool(_HAS_CJK.search(clause))
    rules = _ZH_RULES if cjk else _EN_RULES
    text = _zh_normalise(clause) if cjk else clause
    for pattern, build in rules:
        m = pattern.search(text)
        if not m:
            continue
        if correction_turn and build is _use_durable:
            return None
        fact = build(m)
        if fact is None:
            return None
        slug = fact.slug or _topic(fact.body)
        return _Fact(_safe_slug(slug), _cap_ttl(fact.ttl, clause), fact.body[0].upper() + fact.body[1:])
    return None


def _safe_slug(slug: str) -> str:
    slug = re.sub(r"[^a-z0-9-]+", "-", slug.lower()).strip("-")
    slug = re.sub(r"-{2,}", "-", slug)[:48].strip("-")
    return slug if slug and slug[0].isalnum() else "preference"


# --- standing instructions ("always X", "I want you to X", "our convention is to X") ------------------

_DIRECTIVE_VERBS = (
    r"start|begin|end|finish|prefix|suffix|include|add|use|import|name|write|keep|avoid|put|prefer|run|follow"
    r"|document|annotate|wrap|format|mark|label|call|test|comment|indent|stick|place|append|prepend|check"
    r"|validate|handle|catch|log|return|declare|define|store|commit|push|deploy|reply|answer|respond|ask"
    r"|sign|spell|capitali[sz]e|lowercase|uppercase|type|sort|group|split|limit|cite|mention|send|list"
)
#: Marks a standing rule (as opposed to today's task): in the sentence or a neighbouring one.
_STANDING = re.compile(
    r"\b(?:always|never|every|each|all|any|from\s+now\s+on|going\s+forward|moving\s+forward|henceforth"
    r"|(?:naming\s+)?conventions?|standards?|guidelines?|practices?|rules?|policy|consistent(?:ly)?|consistency"
    r"|whenever|as\s+a\s+(?:prefix|suffix|rule|habit)|by\s+default|in\s+general|from\s+here\s+on)\b"
    r"|以后|今后|从现在起|每次|总是|一律|永远|始终|规范|约定",
    re.I,
)
_DIRECTIVE_LEAD = re.compile(
    r"^(?:(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|finally|lastly|additionally|also|and|so|now|then|next"
    r"|ok(?:ay)?|great|good|right|alright|in\s+your\s+case|for\s+(?:example|instance)|in\s+addition"
    r"|on\s+top\s+of\s+that|besides|moreover|plus|from\s+now\s+on|going\s+forward|moving\s+forward"
    r"|henceforth|from\s+here\s+on)\b[\s,:-]*)+",
    re.I,
)
_DIRECTIVE_PATTERNS: tuple[re.Pattern[str], ...] = tuple(
    re.compile(p, re.I)
    for p in (
        # "I want you to always X", "I'd like you to X", "I need you to X", "I expect you to X"
        r"\bI(?:'d|\s+would)?(?:\s+really)?\s+(?:want|need|like|expect|ask|require|insist\s+that)\s+(?:you|everyone)"
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
        rf"^(?:please\s+)?(?P<x>(?:{_DIRECTIVE_VERBS})\b.+)",
    )
)
_DIRECTIVE_NOT = re.compile(
    r"^(?:(?:make\s+sure|be\s+sure|remember|ensure|try)\s+(?:that\s+)?(?:you\s+)?(?:to\s+)?)?"
    r"(?:hesitate|worry|forget\s+(?:it|that|about)|mind|be\s+(?:afraid|shy)|feel|know|think|wonder|let|see"
    r"|reach\s+out|ask\s+(?:me|questions)|enjoy|have\s+(?:fun|a\s+(?:good|great|nice))|take\s+care|relax"
    r"|keep\s+(?:up|me\s+posted|in\s+touch)|thank|get\s+(?:back|started)|understand|learn|grow|feel)\b",
    re.I,
)
_DIRECTIVE_HEDGE = re.compile(
    r"\?|^if\b|\b(?:maybe|perhaps|might|possibly|probably|not\s+sure|wonder(?:ing)?|what\s+if|could\s+you"
    r"|would\s+you|can\s+you|should\s+we|do\s+you|did\s+you|have\s+you|used\s+to|previously|before\s+we"
    r"|last\s+time|in\s+the\s+past)\b",
    re.I,
)
#: A purpose or reason clause after the rule ("... to indicate it's a variable", "so that ...").
_PURPOSE = re.compile(
    r"\s+(?:to\s+(?:indicate|show|make|help|keep|ensure|distinguish|differentiate|avoid|improve|maintain)"
    r"|so\s+(?:that|we|it|you)|because|since|as\s+(?:it|this|that)|in\s+order\s+to|which\s+(?:helps|makes))\b",
    re.I,
)
#: "adopt a new convention", "follow our standards": talk about rules, not a rule.
_DIRECTIVE_META = re.compile(
    r"^(?:\w+\s+){0,2}(?:a|the|this|our|these|those|my|some|any)\s+(?:new\s+|specific\s+|few\s+)?"
    r"(?:naming\s+|coding\s+)?(?:conventions?|standards?|guidelines?|practices?|rules?|instructions?|things?|steps?)\b"
    r"|^start\s+(?:by|with\s+(?:the|a)\b)",
    re.I,
)
_PLAIN_USE = re.compile(r"^(?:please\s+)?(?:always\s+)?(?:(?:don'?t|do\s+not|never)\s+)?use\b", re.I)
_LITERAL = re.compile(r"'[^'\s]{1,40}'|\"[^\"\s]{1,40}\"|`[^`]{1,40}`|‘[^’\s]{1,40}’")


def _directive(sentence: str, context: str) -> str | None:
    """The standing instruction a sentence gives the agent, imperative and without the lead."""
    text = _DIRECTIVE_LEAD.sub("", sentence.strip()).strip()
    if _DIRECTIVE_HEDGE.search(text) or _SECRET.search(text) or _PLAIN_USE.match(text):
        return None  # "(always) use X" is a preference: the profile rules word it
    prefix = ""
    lead = re.match(r"^(?P<p>(?:when(?:ever)?|for|in|with)\s+[^,]{3,60}),\s+(?P<rest>.+)$", text, re.I)
    if lead and not lead.group("p").lower().startswith(("when you", "when I", "when we")):
        prefix, text = lead.group("p"), lead.group("rest")
        text = _DIRECTIVE_LEAD.sub("", text).strip()
    for number, pattern in enumerate(_DIRECTIVE_PATTERNS):
        m = pattern.search(text)
        if not m:
            continue
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
        if len(words) < 3 or _DIRECTIVE_NOT.match(x) or _TASKY.match(x) or _DIRECTIVE_META.search(x):
            return None
        verb = words[1] if words[0].lower() in {"always", "never"} else words[0]
        if re.match(r"^(?:all|every|each)$", words[0], re.I):
            if not re.search(rf"\b(?:{_DIRECTIVE_VERBS})(?:s|es)?\b", x, re.I):
                return None
        elif not re.match(rf"^(?:(?:{_DIRECTIVE_VERBS})(?:s|es|ed|ing)?|don'?t|do|not)$", verb, re.I):
            return None
        if re.match(r"^\w+\s+(?:it|that|this|them|those|these)\b", x, re.I):
            return None
        standing = _STANDING.search(text) or _STANDING.search(prefix)
        if number == 4 and not standing:
            return None
        if not standing and not _STANDING.search(context):
            return None
        if number == 4 and not (
            _LITERAL.search(x) or re.search(r"\b(?:always|never|all|every|each)\b", x, re.I)
        ):
            return None
        rule = f"{prefix}, {x}" if prefix else x
        return _value_keep_case(re.sub(r"\byour\b", "their", rule, flags=re.I))
    return None


_SHAPE_DROP = frozenset(
    "name names naming named user standing instruction always all every each their when whenever with them"
    " for in to by of the a an".split()
)
_SHAPE_SYNONYMS = {"prefix": "start", "begin": "start", "suffix": "end", "finish": "end"}


def _literals(text: str) -> frozenset[str]:
    return frozenset(m.group(0).strip("'\"`‘’").lower() for m in _LITERAL.finditer(text))


def _shape(text: str) -> frozenset[str]:
    """A rule's words without its values: 'start names with 'e_'' and '... 'f_'' share a shape."""
    out = set()
    for w in re.findall(r"[a-z0-9]+", _LITERAL.sub(" ", text).lower()):
        if w in _SHAPE_DROP or w in _STOP or len(w) < 2:
            continue
        if w.endswith("ies") and len(w) > 4:
            w = w[:-3] + "y"
        elif w.endswith("s") and not w.endswith("ss") and len(w) > 3:
            w = w[:-1]
        out.add(_SHAPE_SYNONYMS.get(w, w))
    return frozenset(out)


def _directive_slug(rule: str) -> str:
    """Topic of a rule without its value, so an updated rule ('e_' → 'f_') lands on the same topic."""
    return _safe_slug("rule-" + "-".join(sorted(_shape(rule))[:5]))


# --- coding rules: one canonical wording per rule, one slot per single-valued rule ------------------
#
# A coding convention is often stated across sentences ("I'd like a convention for variable names.
# Always start them with 'y_'."), by pronoun ("include the string 'q' within them"), by a noun phrase
# ("the consistent use of docstrings in methods") or with the old value restated before the new one.
# The rule is assembled from the sentence and its neighbours and written in one canonical wording, so
# a later restatement is a duplicate and a later change of value lands on the same *slot*: what the
# rule is about (the prefix of variable names, the case of class names), not how it was worded.

_OBJECT = re.compile(
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
        re.compile(
            r"\b(?:start|starts|starting|started|begin|begins|beginning|prefix(?:ed|es|ing)?|prepend)\b", re.I
        ),
    ),
    ("end", re.compile(r"\b(?:end|ends|ending|ended|finish|finishing|suffix(?:ed|es|ing)?|append)\b", re.I)),
    (
        "include",
        re.compile(
            r"\b(?:include|includes|including|contain|contains|containing|incorporate|within)\b", re.I
        ),
    ),
)
_QUOTED = re.compile(
    r"'(?P<a>[^'\s]{1,30})'|\"(?P<b>[^\"\s]{1,30})\"|`(?P<c>[^`\s]{1,30})`|‘(?P<d>[^’\s]{1,30})’"
)
_CASES = re.compile(
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
_OLD_VALUE = re.compile(
    r"(?:instead\s+of|rather\s+than|no\s+longer|not\s+(?:with\s+)?|previously|used\s+to|was|were|from|old|"
    r"replac\w*|chang\w*\s+from)\W*(?:\w+\W+){0,3}$",
    re.I,
)
_RULE_CUE = re.compile(
    r"\b(?:always|never|all|every|each|whenever|from\s+now\s+on|going\s+forward|moving\s+forward|henceforth"
    r"|conventions?|standards?|guidelines?|practices?|rules?|policy|consistent(?:ly)?|consistency|should|must"
    r"|ensure|make\s+sure|be\s+sure|remember|please|(?:want|like|need|expect)\s+you\s+to|insist|require[ds]?"
    r"|we\s+(?:always\s+|consistently\s+)?(?:use|start|end|add|include|prefix|name|follow)|instruction|update[ds]?"
    r"|emphasi[sz]e|stress|insist|importan(?:t|ce)|essential|crucial|key|priorit\w+)\b"
    rf"|(?:^|[,:]\s*)(?:please\s+)?(?:always\s+)?(?:{_DIRECTIVE_VERBS})\b",
    re.I,
)
_NOT_A_RULE = re.compile(
    r"\?\s*$|^\W*(?:if|do\s+you|did\s+you|have\s+you|can\s+you|could\s+you|would\s+you)\b"
    r"|\b(?:maybe|perhaps|might|possibly|not\s+sure|what\s+if)\b",
    re.I,
)
_PRONOUN_OBJECT = re.compile(r"\b(?:them|they|these|those|their\s+names|the\s+names|it|its\s+name)\b", re.I)
_DECORATOR = re.compile(
    r"(?P<dec>'@[\w.]+'|\"@[\w.]+\"|`@[\w.]+`|@[\w.]+)\s+decorator(?P<src>\s+from\s+(?:the\s+)?"
    r"(?:'[\w.]+'|\"[\w.]+\"|`[\w.]+`|[\w.]+)(?:\s+(?:module|package|library))?)?",
    re.I,
)
_IMPORT = re.compile(
    r"\bimport\s+(?:the\s+)?(?P<mod>'[\w.]+'|\"[\w.]+\"|`[\w.]+`)(?:\s+(?:module|package|library))?", re.I
)
_PRACTICE = re.compile(
    r"\b(?:(?:the\s+)?(?:consistent\s+|regular\s+)?use\s+of|using|importance\s+of\s+(?:using|including|adding|writing)"
    r"|(?:always\s+)?(?:use|include|add|write)|(?:including|adding|writing))\s+(?:the\s+)?(?P<what>"
    r"(?:type\s+)?annotations?|type\s+hints?|docstrings?|assert(?:ion)?\s+statements?|assertions?"
    r"|try(?:[/-]except)?\s+(?:statements?|blocks?)|comments?)\b(?P<rest>[^.]*)",
    re.I,
)
#: What follows "and" when it joins a second rule: "and always end …", "and using …".
_NEXT_RULE = (
    rf"(?:always\s+|never\s+)?(?:(?:{_DIRECTIVE_VERBS})(?:ing)?|ending|beginning|starting|adding|using)\b"
)
#: Clause boundaries inside a sentence that can hold two rules, or an old rule then the new one.
_RULE_CLAUSES = re.compile(
    rf",?\s+but\s+|;\s*|,\s+(?:however|now|instead)\b,?|,?\s+and\s+(?={_NEXT_RULE})",
    re.I,
)
#: A sentence stating two rules joined by "and" (every clause is read, not only the last rule).
_AND_RULE = re.compile(rf"\s+and\s+{_NEXT_RULE}", re.I)


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
            f"rule-{_plural(obj)}-names-include-{_safe_slug(value)}",
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
        f"rule-decorator-{_safe_slug(name)}-{obj}",
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
        f"always import the '{mod}' module, even if it is not used", f"rule-import-{_safe_slug(mod)}"
    )


def _code_rules_in_turn(turn: Turn) -> tuple[list[ProfileCandidate], set[int]]:
    """Coding conventions in a turn, each in its canonical wording (see the section comment)."""
    sentences = _sentences(turn.text)
    out: list[ProfileCandidate] = []
    used: set[int] = set()
    seen: set[str] = set()
    for i, sentence in enumerate(sentences):
        if _SECRET.search(sentence):
            continue
        before = sentences[i - 1] if i else ""
        after = sentences[i + 1] if i + 1 < len(sentences) else ""
        if not _RULE_CUE.search(sentence):
            continue
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
            used.add(i)
            slug = _safe_slug(rule.slug)
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


def _directives_in_turn(turn: Turn) -> tuple[list[ProfileCandidate], set[int]]:
    sentences = _sentences(turn.text)
    out, used = _code_rules_in_turn(turn)
    for i, sentence in enumerate(sentences):
        if i in used:
            continue
        context = " ".join(sentences[max(0, i - 1) : i + 2])
        rule = _directive(sentence, context)
        if rule is None:
            continue
        used.add(i)
        body = f"User's standing instruction: {rule[:MAX_VALUE_CHARS].rstrip(' ,;')}."
        out.append(
            ProfileCandidate(
                slug=_directive_slug(rule), ttl="one_year", body=body, evidence_turns=[turn.index]
            )
        )
    return out, used


# --- conversation: a plain first-person statement, restated in the third person ------------------
#
# In a conversation (no tools) people state facts about themselves in any shape ("I am in remission",
# "I coach their team", "I have 5 children"). A clause that opens with "I"/"we" and that the gate's
# detector judges durable (a state, possession, habit, relation or taste; not a reaction, wish, plan,
# hearsay or request) is kept as it was said, in the third person. Agent sessions keep only the
# shaped rules above.

#: Verb forms that stay as they are after the subject (past, modal); "read", "put" etc. are taken
#: as present (a habit is the likelier reading).
_AS_IS = frozenset(
    "was had did could would should might must can can't cannot couldn't wouldn't shouldn't won't will"
    " may got went came saw made took gave found left felt kept grew knew told said thought bought"
    " brought taught met ran won lost began became spent built sold sent lived rode wrote drove ate drank"
    " fell forgot heard hid lit meant paid rang rose sang sat slept spoke stood"
    " stole swam threw understood wore woke broke chose flew froze shook sank tore".split()
)
_SUBJECT_FORMS = {
    "'m": "is",
    "am": "is",
    "'ve": "has",
    "have": "has",
    "'d": "had",
    "do": "does",
    "don't": "doesn't",
    "dont": "doesn't",
    "are": "are",
    "were": "were",
    "'re": "are",
}
#: Content words (besides "user") a plain statement needs: "I'm good" / "I love it" say nothing.
PLAIN_MIN_CONTENT = 2
#: Leading conjunctions and fillers of a clause in speech ("but I'm …", "ohh I like …").
_PLAIN_LEAD = re.compile(
    r"^(?:(?:but|and|so|because|cause|cuz|since|although|though|now|just|oh+|ah+|um+|hmm+|haha|lol|well|yes|yeah"
    r"|yep|no|nope|nah|actually|honestly|personally|also|plus|anyway|sure|true|wow|ha)\b[\s,!.]*)+",
    re.I,
)
#: Can/could/would/need: ability, wish or necessity, rarely a lasting fact.
_PLAIN_MODAL = re.compile(
    r"^(?:\w+ly\s+)?(?:can|can't|cannot|could|couldn't|would|wouldn't|should|shouldn't|must|need|needs|won't|will"
    r"|has\s+to|had\s+to|have\s+to)\b",
    re.I,
)
#: "I'm so tired", "I'm very excited": a passing state, said with a degree word.
_PLAIN_DEGREE = re.compile(
    r"^(?:is|was|are|were)\s+(?:not\s+)?(?:very|so|pretty|super|too|quite|really|a\s+bit|a\s+little|kinda|kind\s+of"
    r"|totally|extremely|sooo+|such)\b",
    re.I,
)
#: Ends on a pronoun pointing back into the conversation ("I love that", "I've seen it").
_PLAIN_ANAPHOR_END = re.compile(r"\b(?:it|that|this|those|these|there|them|one)\W*$", re.I)
#: Steering the conversation or judging, not a fact: "I wanted to discuss …", "I'm confident that …",
#: "I've noticed that …", "I recommend …".
_DISCOURSE = re.compile(
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
_PARTNER = re.compile(r"\b(?:you|your|yours|yourself|y'all|ya)\b", re.I)
_PLAIN_HEAD = re.compile(r"^(?P<subj>I|we)(?P<aux>'m|’m|'ve|’ve|'d|’d|'re|’re)?\b\s*(?P<rest>.*)$", re.I)
_PLAIN_TRAIL = re.compile(
    r"(?:[\s,]+(?:too|as well|lol|haha|hah|though|anyway|either|also|now|lately|:\)|:\(|;\)|:d|xd))+$", re.I
)


def _agree(rest: str) -> str:
    """The verb after the subject, agreeing with "User" (adverbs in front are kept)."""
    words = rest.split(" ")
    i = 0
    while i < len(words) and (
        words[i].casefold() in triggers.FP_SKIP_ADVERBS or words[i].casefold().endswith("ly")
    ):
        i += 1
    if i == len(words):
        return rest
    verb = words[i].casefold().replace("’", "'")
    if verb in _SUBJECT_FORMS:
        words[i] = _SUBJECT_FORMS[verb]
    elif verb in _AS_IS or verb.endswith(("ed", "n't")) or not verb.isalpha():
        pass
    else:
        words[i] = _third_singular(words[i])
    return " ".join(words)


def _plain_statement(clause: str) -> _Fact | None:
    clause = _PLAIN_LEAD.sub("", clause).strip()
    if not triggers.durable_opening(clause):
        return None
    m = _PLAIN_HEAD.match(clause)
    if m is None:
        return None
    subj, aux = m.group("subj"), (m.group("aux") or "").replace("’", "'").casefold()
    if subj.casefold() == "we":
        return None  # who "we" are is unclear: the shaped team rules cover "we use …"
    rest = _PLAIN_TRAIL.sub("", m.group("rest").strip(" ,.;:!")).strip()
    said = f"{_SUBJECT_FORMS.get(aux, aux)} {rest}" if aux else rest
    if re.match(r"(?:are|were|'re)\b", said, re.I):
        return None  # "my sister and I are …": the clause split a compound subject
    rest = re.sub(r"\bi(?=\b|['’])", "I", rest)  # chat's lowercase "i", so the pronouns turn
    if _PLAIN_MODAL.match(said) or _PLAIN_DEGREE.match(said) or _PLAIN_ANAPHOR_END.search(rest):
        return None
    if _PARTNER.search(rest) or _DISCOURSE.match(said):
        return None
    text = f"User {_SUBJECT_FORMS.get(aux, aux)} {rest}" if aux else f"User {_agree(rest)}"
    value = _value(text)
    if len(content_tokens(value) - {"user"}) < PLAIN_MIN_CONTENT:
        return None
    slug = _kebab(re.sub(r"^User(?:'s)?\s+", "", value), 3, fallback="about-user")
    return _Fact(slug, "one_year", value.rstrip(".") + ".")


#: A question tagged onto a statement ("I read a lot, you?", "I am 8 how old are you?").
_TAG_QUESTION = re.compile(
    r"(?:,\s*|\s+)(?:(?:and|so|but|what\s+about|how\s+about)\s+)?(?:you|yours|(?:how|what|who|where|when|why"
    r"|which|do|does|did|are|is|were|was|have|has|will|would|can|could)\b[^,.!?]*?\byou(?:rs?|rself)?\b[^,.!?]*)"
    r"\s*\?+\s*$",
    re.I,
)


def _statement_part(sentence: str) -> str:
    """A statement with a question to the partner tagged on: the statement alone."""
    if not sentence.rstrip().endswith("?") or triggers.is_question_opening(sentence):
        return sentence
    stripped = _TAG_QUESTION.sub("", sentence).strip()
    return stripped if stripped and stripped != sentence.strip() else sentence


def _not_a_fact(text: str, *, conversation: bool) -> bool:
    """Hedged, past, hypothetical, third-party or a question (in a conversation, a third party is
    judged per clause: "I love my wife" is about the speaker, "my wife loves jazz" is not)."""
    if conversation:
        return triggers.hedged_or_question(text)
    return triggers.hedge_or_nonfact(text)


#: Verbs that say what a relative *is, has or does* (a fact in the speaker's life), not what they
#: prefer, think or say (their own opinions are theirs, not the speaker's).
_POSSESSIVE_VERB = re.compile(
    r"^(?:is|are|was|were|has|have|had|works?|worked|lives?|lived|owns?|runs?|teach(?:es)?|studies|study"
    r"|goes|go|plays?|got|just\s+\w+ed|\w+ed)\b",
    re.I,
)


def _possessive_statement(clause: str) -> _Fact | None:
    clause = _PLAIN_LEAD.sub("", clause).strip()
    m = triggers.THIRD_PARTY_SUBJECT.match(clause)
    if m is None or not m.group("rel"):
        return None
    rest = clause[m.end("rel") :].strip(" ,")
    rest = re.sub(r"^(?:'s|’s)\s+", "is ", rest)
    if not _POSSESSIVE_VERB.match(rest) or _PLAIN_ANAPHOR_END.search(rest) or _PARTNER.search(rest):
        return None
    rest = _PLAIN_TRAIL.sub("", rest.strip(" ,.;:!")).strip()
    value = _value(f"User's {m.group('rel').lower()} {rest}")
    if len(content_tokens(value) - {"user"}) < PLAIN_MIN_CONTENT + 1:
        return None
    slug = _kebab(re.sub(r"^User(?:'s)?\s+", "", value), 3, fallback="about-user")
    return _Fact(slug, "one_year", value.rstrip(".") + ".")


def _profiles_from_turn(
    turn: Turn, *, correction_turn: bool, conversation: bool = False
) -> list[ProfileCandidate]:
    out: list[ProfileCandidate] = []
    used: set[int] = set()
    if not correction_turn and not _HAS_CJK.search(turn.text):
        out, used = _directives_in_turn(turn)
    plain = conversation and not _HAS_CJK.search(turn.text)
    for number, sentence in enumerate(_sentences(turn.text)):
        if number in used:
            continue
        if plain:
            sentence = _statement_part(sentence)
        if _SECRET.search(sentence) or _not_a_fact(sentence, conversation=plain):
            continue
        for clause in _clauses(sentence):
            if _not_a_fact(clause, conversation=plain):
                continue
            third = plain and bool(triggers.THIRD_PARTY_SUBJECT.match(_PLAIN_LEAD.sub("", clause)))
            fact = None if third else _facts_in_clause(clause, correction_turn=correction_turn)
            if fact is None and plain:
                fact = _possessive_statement(clause) if third else _plain_statement(clause)
            if fact is not None:
                out.append(
                    ProfileCandidate(
                        slug=fact.slug, ttl=fact.ttl, body=fact.body, evidence_turns=[turn.index]
                    )
                )
    return out


# --- playbooks -----------------------------------------------------------------------------------


def _is_user_speech(turn: Turn) -> bool:
    return turn.role == "user" and turn.kind == "message"


def _is_assistant(turn: Turn) -> bool:
    return turn.role == "assistant" and turn.kind in ("message", "tool_call")


def _previous_speaker(turns: Sequence[Turn], pos: int) -> Turn | None:
    for t in reversed(turns[:pos]):
        if _is_user_speech(t) or _is_assistant(t):
            return t
    return None


def _adjustment(turns: Sequence[Turn], pos: int) -> Turn | None:
    for t in turns[pos + 1 :]:
        if _is_user_speech(t):
            return None
        if _is_assistant(t):
            return t
    return None


def _recorrects(text: str) -> bool:
    lowered = text.casefold()
    return triggers.correction_signal(text) and (" but " in lowered or "still" in lowered)


Confirmation = Literal["explicit", "implicit", "none"]


def _confirmation(turns: Sequence[Turn], adjustment_pos: int) -> tuple[int | None, Confirmation]:
    """Mirror of verify's rule: explicit phrase, re-correction, or 1-2 turns moved on."""
    later = [t for t in turns[adjustment_pos + 1 :] if _is_user_speech(t)]
    if not later:
        return None, "none"
    first = later[0]
    if triggers.confirmation_signal(first.text) and not _recorrects(first.text):
        return first.index, "explicit"
    if triggers.correction_signal(first.text):
        return None, "none"
    for t in later[1:IMPLICIT_WINDOW]:
        if triggers.correction_signal(t.text) and not triggers.confirmation_signal(t.text):
            return None, "none"
    return later[min(len(later), IMPLICIT_WINDOW) - 1].index, "implicit"


_ACTIONS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bgit\s+commit\b"), "Composing a git commit message"),
    (re.compile(r"\bgh\s+pr\s+create\b|\bpull request\b"), "Opening a pull request"),
    (re.compile(r"\bgit\s+push\b"), "Pushing a branch"),
    (re.compile(r"\bgit\s+(?:checkout\s+-b|switch\s+-c|branch\s+\S)"), "Creating a git branch"),
    (
        re.compile(
            r"\b(?:npm|pnpm|yarn|bun)\s+(?:install|add|i)\b|\bpip3?\s+install\b|\b(?:uv|poetry)\s+add\b"
        ),
        "Installing packages",
    ),
    (re.compile(r"\bdocker(?:-compose|\s+compose)?\s+\w+"), "Running Docker commands"),
)
_TESTS = re.compile(
    r"\b(?:pytest|go\s+test|npm\s+test|pnpm\s+test|yarn\s+test|vitest|jest|cargo\s+test|tox)\b"
)
_EDIT_TOOL = re.compile(r"edit|write|replace|patch|create", re.I)


def _action_situation(actions: Sequence[Turn]) -> str | None:
    found: str | None = None
    tests = edits = False
    for t in actions:
        for call in t.tool_calls:
            blob = f"{call.name} {call.arguments}"
            edits = edits or bool(_EDIT_TOOL.search(call.name))
            tests = tests or bool(_TESTS.search(blob))
            for pattern, phrase in _ACTIONS:
                if pattern.search(blob):
                    found = phrase
    if found is None and tests and not edits:
        return "Running the tests"
    return found


_REQUEST_LEAD = re.compile(
    r"^(?:(?:can|could|would|will) you(?: please)?|please|pls|now|ok|okay|so|and|then|also|hey"
    r"|just|first)\b[\s,]*",
    re.I,
)
_VERBS = frozenset(
    "add build change check clean commit compose configure convert create debug delete deploy"
    " draft fix format "
    "generate implement install make merge migrate move open plan push refactor remove rename"
    " rewrite run scale "
    "send set ship show sort test translate update upgrade write help find look review summarize"
    " explain split "
    "design style edit bump release tag publish prepare".split()
)
_DOUBLE = frozenset("run set get put stop ship plan commit submit begin split tag drop swap skip".split())


def _gerund(verb: str) -> str:
    low = verb.lower()
    if low in _DOUBLE:
        return low + low[-1] + "ing"
    if low.endswith("ie"):
        return low[:-2] + "ying"
    if low.endswith("e") and not low.endswith("ee") and len(low) > 2:
        return low[:-1] + "ing"
    return low + "ing"


def _request_situation(request: Turn | None) -> str | None:
    if request is None:
        return None
    sentences = _sentences(request.text)
    if _HAS_CJK.search(request.text):
        first = re.split(r"[。！？，,]", _clean(request.text))[0].strip()
        return first.replace("我", "用户") if first else None
    for s in sentences:
        s = _INTERJECTION.sub("", _REQUEST_LEAD.sub("", s)).strip(" ?.!")
        words = s.split()
        if words and words[0].lower() in _VERBS:
            phrase = " ".join([_gerund(words[0])] + words[1:13])
            phrase = re.sub(
                r"\bme\b", "the user", re.sub(r"\bmy\b", "the user's", phrase, flags=re.I), flags=re.I
            )
            return phrase[0].upper() + phrase[1:]
    return None


def _situation(turns: Sequence[Turn], correction_pos: int) -> str:
    request_pos = None
    for pos in range(correction_pos - 1, -1, -1):
        if _is_user_speech(turns[pos]) and not triggers.correction_signal(turns[pos].text):
            request_pos = pos
            break
    start = 0 if request_pos is None else request_pos + 1
    actions = [t for t in turns[start:correction_pos] if _is_assistant(t)]
    situation = _action_situation(actions)
    if situation is None:
        request = turns[request_pos] if request_pos is not None else None
        situation = _request_situation(request)
    return situation or "Doing work the user later corrected"


_LEAD_NOISE = re.compile(r"^\W*(?:no|nope|nah|wrong|actually|hmm|well|ok|okay|so)\b[\s,.!:-]*", re.I)
_RULE_WORDS = re.compile(
    r"\b(?:don't|do not|never|always|should|must|need to|needs to|has to|have to|instead|only|not"
    r"|no|avoid|use)\b",
    re.I,
)
_REASON_LEAD = re.compile(
    r"^(?:because|since|as|it's|its|it is|they|they're|we|we've|we're|reviewers|people|that's|this"
    r" is|there's|"
    r"otherwise|the team|everyone)\b",
    re.I,
)
_FILLER = re.compile(r"\b(?:it|please|again|thanks|thank you)\b", re.I)


def _rule_and_reason(text: str) -> tuple[str, str]:
    """Split a correction into its rule (DO / DON'T clauses) and its stated reason, if any."""
    if _HAS_CJK.search(text):
        body = re.sub(r"^[^。！，,]{1,3}[。！]", "", _clean(text)).strip()
        return (body.rstrip("。") + "。", "")
    rules: list[str] = []
    reasons: list[str] = []
    for sentence in _sentences(text):
        for raw in re.split(r",\s+|\s+—\s+", sentence):
            clause = _LEAD_NOISE.sub("", raw.strip()).strip(" .,!")
            if not clause:
                continue
            words = clause.split()
            if _REASON_LEAD.match(clause) and not _RULE_WORDS.search(
                clause.split(" ", 2)[-1] if len(words) < 3 else ""
            ):
                reasons.append(clause)
            elif len(words) <= 4 and _FILLER.search(clause) and not _RULE_WORDS.search(clause):
                continue
            else:
                rules.append(clause)
    rule = " ".join(_sentence_case(_value_keep_case(r)) for r in rules)
    reason = " ".join(_sentence_case(_value_keep_case(r)) for r in reasons)
    return rule, reason


def _value_keep_case(text: str) -> str:
    text = re.sub(r"\bmy\b", "the user's", text, flags=re.I)
    return re.sub(r"(?<![\w-])me(?![\w-])", "the user", text, flags=re.I)


def _sentence_case(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def _playbook_at(turns: Sequence[Turn], pos: int) -> PlaybookCandidate | None:
    turn = turns[pos]
    before = _previous_speaker(turns, pos)
    if before is None or before.role != "assistant" or not triggers.correction_signal(turn.text):
        return None
    adjustment = _adjustment(turns, pos)
    if adjustment is None:
        return None
    what, why = _rule_and_reason(turn.text)
    if not what.strip(" .。"):
        return None
    when = _situation(turns, pos)
    confirmation_turn, confirmation = _confirmation(turns, turns.index(adjustment))
    cjk = bool(_HAS_CJK.search(what))
    slug = (
        _hash_slug("rule", what)
        if cjk
        else _safe_slug(f"{_kebab(when, 2, 'task')}-{_kebab(what, 3, 'rule')}")
    )
    return PlaybookCandidate(
        slug=slug,
        when=when,
        what=what,
        why=why or ("用户纠正过这一点。" if cjk else "User corrected this."),
        correction_turn=turn.index,
        adjustment_turn=adjustment.index,
        confirmation_turn=confirmation_turn,
        confirmation=confirmation,
    )


# --- entry point ---------------------------------------------------------------------------------


def _conversation(turns: Sequence[Turn]) -> bool:
    """A plain conversation: no tools, no system instructions, no code from the assistant, and
    no standing instruction from the user (a mentor's coding rules make a working session).

    There people say what they are, have and do in any shape; in a working session (an agent with
    tools, an assistant set up by a system prompt or writing code) a first-person sentence is far
    more often about today's task ("I'm setting up a new laptop"), so only the shaped rules apply.
    """
    for t in turns:
        if t.kind in ("tool_call", "tool_result") or t.tool_calls or t.role in ("tool", "system"):
            return False
        if t.role == "assistant" and "```" in t.text:
            return False
    # a user who gives the other side standing instructions is working with them, not chatting
    return not any(
        _is_user_speech(t) and not _HAS_CJK.search(t.text) and _directives_in_turn(t)[0] for t in turns
    )


def extract(turns: Sequence[Turn]) -> Detection:
    """Detect profile and playbook candidates in ``turns`` (deterministic and pure).

    Profiles come only from user message turns, one fact per candidate; playbooks follow the
    correction → adjustment → confirmation pattern (confirmation ``none`` when the session never
    confirmed the fix, so the verifier can report it as skipped).
    """
    turns = list(turns)
    profiles: list[ProfileCandidate] = []
    playbooks: list[PlaybookCandidate] = []
    seen: set[str] = set()
    conversation = _conversation(turns)
    for pos, turn in enumerate(turns):
        if not _is_user_speech(turn):
            continue
        playbook = _playbook_at(turns, pos)
        for p in _profiles_from_turn(turn, correction_turn=playbook is not None, conversation=conversation):
            key = p.body.casefold()
            if key not in seen:
                seen.add(key)
                profiles.append(p)
        if playbook is not None:
            playbooks.append(playbook)
    return Detection(profiles=profiles, playbooks=playbooks)


__all__ = ["dedup_decision", "extract"]


# --- dedup ---------------------------------------------------------------------------------------

#: Similar enough (lexically) to an existing entry to count as a restatement.
RESTATEMENT_SCORE = 0.6


def _replaces_value(new: str, old: str) -> bool:
    """The new text swaps something of the old one (a value changed), rather than restating it."""
    from memscribe.textsim import content_tokens

    a, b = content_tokens(new), content_tokens(old)
    return bool(a - b) and bool(b - a)


def dedup_decision(request: DedupRequest) -> DedupDecision:
    """The embedded dedup answer: supersede an entry of the same topic whose value changed, drop a
    restatement, keep anything else.

    Same topic is the slug (``home-city`` ~ ``home-city-berlin``); a changed value means each text
    has content words the other lacks ("start names with 'e_'" → "... 'f_'"), which the lexical
    score alone would call a near-duplicate.
    """
    from memscribe.stages.dedup import same_topic  # local: the stage module imports the model package

    topical = [s for s in request.shortlist if same_topic(request.slug, s.slug)]
    changed = [s.id for s in topical if _replaces_value(request.text, s.text)]
    new_values = _literals(request.text)
    if new_values:
        shape = _shape(request.text)
        changed += [
            s.id
            for s in request.shortlist
            if s.id not in changed
            and _literals(s.text)
            and _literals(s.text) != new_values
            and _shape(s.text) == shape
        ]
    top = request.shortlist[0]
    if changed and top.id in changed:
        return DedupDecision(
            action="supersede_old", existing_ids=changed, reason=f"new value for topic '{request.slug}'"
        )
    if top.score >= RESTATEMENT_SCORE:
        return DedupDecision(
            action="drop_new", existing_ids=[top.id], reason=f"restates {top.id} (similarity {top.score:.2f})"
        )
    if topical:
        return DedupDecision(
            action="supersede_old",
            existing_ids=[s.id for s in topical],
            reason=f"new value for topic '{request.slug}'",
        )
    return DedupDecision(action="keep_both", existing_ids=[], reason="different facts")
