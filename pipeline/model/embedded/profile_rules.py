"""Profile rules as tables: a sentence shape (regex) and the builder that words the fact.

English shapes (preference, identity, circumstance, constraint) and Chinese ones; the first shape that
matches a clause decides. A builder may decline (returns ``None``): the clause is then not a fact.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from memscribe.lazyre import lazy_compile
from memscribe.model.embedded.coordinated import agreed
from memscribe.model.embedded.elided import with_elided_subject
from memscribe.model.embedded.moves import PLACE_LIKE
from memscribe.model.embedded.text import (
    FOR_TOPIC,
    LANGS,
    cap_ttl,
    has_cjk,
    hash_slug,
    kebab,
    safe_slug,
    third_singular,
    tool_slug,
    topic_slug,
    value_of,
)
from memscribe.schemas.memory import TTL
from memscribe.semantic.facets import SLUG_HEAD, slug_facet, statement_facet
from memscribe.semantic.values import members


@dataclass(frozen=True)
class Fact:
    slug: str
    ttl: TTL
    body: str


Builder = Callable[[re.Match[str]], Fact | None]

_ADV = (
    r"(?:\s+(?:really|also|just|still|generally|usually|mostly|strongly|definitely|personally"
    r"|actually|honestly|now))*"
)
_IM = r"I(?:'m|’m|\s+am)"
#: What makes "we" the household that moves: a home or those one lives with, named in the
#: sentence ("we sold the house and moved to Porto", "we moved to Leeds with the kids"). A bare
#: "we" moving is as often a team moving its work ("we moved to Teams", "we moved to Postgres").
_HOUSEHOLD = lazy_compile(
    r"\b(?:house|flat|apartment|home|family|kids|children|baby|partner|wife|husband|boyfriend|girlfriend"
    r"|parents)\b",
    re.I,
)
TASKY = lazy_compile(
    r"^(?:it|that|this|these|those|them|you|your|the way you|how you|when you|a fix)\b", re.I
)
_ALWAYS_BLACKLIST = lazy_compile(
    r"^(?:forget|mix|get|mess|confuse|lose|struggle|end|have trouble|seem|screw|break|wonder|said|told|asked"
    r"|meant|mentioned|wrote|gave|agreed)\b",
    re.I,
)
_CANT_BLACKLIST = lazy_compile(
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
_DURABLE = lazy_compile(
    r"\b(?:always|as always|from now on|by default|everywhere|in general|for everything|going forward|"
    r"in this repo|in all)\b",
    re.I,
)
_NOT_ROLE = lazy_compile(
    r"^(?:bit|little|lot|big|huge|total|complete|quick|slow|few|couple|fan|mess|bad|good)\b", re.I
)
_BAD_STATE = lazy_compile(
    r"^(?:broken|down|failing|wrong|missing|not|slow|empty|out|gone|stuck|busted|off)\b", re.I
)


def _fixed(slug: str, ttl: TTL, template: str, *, slug_from_value: bool = False) -> Builder:
    def build(m: re.Match[str]) -> Fact | None:
        x = value_of(m.group("x"))
        if not x:
            return None
        return Fact(topic_slug(x, head_only=True) if slug_from_value else slug, ttl, template.format(x=x))

    return build


def _abstains(m: re.Match[str]) -> Fact | None:
    """What the user does not eat or drink, said with their own verb and negation ("never drinks
    coffee", "can't eat gluten"): not eating a thing is not not drinking it."""
    said = re.sub(r"^(?:don't|do not)\b", "doesn't", m.group("v").lower()).replace("cannot", "can't")
    verb = third_singular(said) if said.startswith("never") else said
    return _fixed("diet", "infinity", f"User {verb} {{x}}.")(m)


def _moved(m: re.Match[str]) -> Fact | None:
    """A move to a place; a tool moved to ("moved to Neovim": a value of a class such as the
    editor, :mod:`memscribe.semantic.values`) is a switch, read by the other rules."""
    if members(m.group("x")):
        return None
    return _fixed("home-city", "one_year", "User lives in {x} (moved there recently).")(m)


def _household_moved(m: re.Match[str]) -> Fact | None:
    """A move of "we" to a place is the household's when the sentence names a home or those one
    lives with (or the speaker names them: "my family and I"; "relocated" is said of a home), and
    the place is no value of a class."""
    said = m.group(0).lower()
    if said.startswith("we") and " moved " in said and not _HOUSEHOLD.search(m.string):
        return None
    return _moved(m)


def _role(m: re.Match[str]) -> Fact | None:
    x = m.group("x")
    if _NOT_ROLE.match(x) or re.match(r"^(?:fan of|big fan of)", x, re.I):
        return None
    return Fact("role", "one_year", f"User is {m.group('art').lower()} {value_of(x)}.")


def _dislike(m: re.Match[str]) -> Fact | None:
    x = m.group("x")
    if TASKY.match(x):
        return None
    v = value_of(x)
    verb = re.sub(r"^I(?:\s+\w+ly|\s+also|\s+just|\s+still)*\s+", "", m.group("v"), flags=re.I).lower()
    verb = {
        "hate": "hates",
        "dislike": "dislikes",
        "don't like": "doesn't like",
        "do not like": "doesn't like",
    }.get(verb, verb)
    return Fact(f"dislike-{topic_slug(v)}"[:48].strip("-"), "infinity", f"User {verb} {v}.")


def _prefer(m: re.Match[str]) -> Fact | None:
    x = m.group("x")
    if TASKY.match(x) or x.lower().startswith(("to know", "to ask", "to see")):
        return None
    v = value_of(x)
    said = m.group("v").lower()
    verb = "prefers" if said in {"prefer", "favor", "favour"} else third_singular(said)
    return Fact(topic_slug(v, head_only=True), "infinity", f"User {verb} {v}.")


def _focus(m: re.Match[str]) -> Fact | None:
    x = m.group("x")
    if TASKY.match(x) or re.match(r"^(?:the|a fix|a bug|fixing)\b", x, re.I):
        return None
    verb = m.group("v").lower()
    v = value_of(x)
    if verb == "aiming for":
        slug = "target" if not kebab(v, fallback="") else f"target-{kebab(v, 2)}"
    elif verb in {"training for", "preparing for"}:
        slug = f"goal-{kebab(v, 2)}"
    elif verb in {"learning", "studying"}:
        slug = f"learning-{kebab(v, 2)}"
    else:
        slug = f"project-{kebab(v, 2)}"
    return Fact(slug[:48].strip("-"), "one_quarter", f"User is {verb} {v}.")


def _habit(m: re.Match[str]) -> Fact | None:
    verb, x = m.group("v"), m.group("x")
    if TASKY.match(x) or (
        verb.lower().startswith(("always", "never")) and _ALWAYS_BLACKLIST.match(verb.split()[-1])
    ):
        return None
    v = value_of(x)
    clause = m.string
    if LANGS.search(v) and verb.lower() in {"write", "code", "program", "code in", "develop"}:
        slug = "language"
    else:
        slug = tool_slug(v) or kebab(f"{verb.split()[-1]} {v}")
    ttl: TTL = (
        "one_year" if re.search(r"\bat work\b|\bfor work\b|\bat my job\b", clause, re.I) else "infinity"
    )
    # "still" and "also" are kept: a value held beside others, or kept on, replaces none of them
    # ("I still use Vim for quick edits" / "editor is Helix")
    focus = "".join(f"{w.lower()} " for w in _FOCUS.findall(clause[: m.start("v")]))[:12]
    said = third_singular(verb.lower())
    if verb.lower().split()[-1] == "use" and re.match(r"to\s+\w", x):
        said = verb.lower()[: -len("use")] + "used"  # "I use to dumpster dive": speech's "used to"
    return Fact(slug, ttl, f"User {focus}{said} {v}.")


_FOCUS = lazy_compile(r"\b(still|also)\b", re.I)


def _cant(m: re.Match[str]) -> Fact | None:
    x = m.group("x")
    if _CANT_BLACKLIST.match(x):
        return None
    rest = x.split(" ", 1)[1] if " " in x else ""
    if TASKY.match(rest) or re.match(r"^(?:the|my|your|a|an|any)\b", rest, re.I):
        return None
    v = value_of(x)
    return Fact(f"constraint-{kebab(v, 3)}"[:48].strip("-"), "infinity", f"User can't {v}.")


def _team(m: re.Match[str]) -> Fact | None:
    x, verb = m.group("x"), m.group("v").lower().replace("doesn't", "don't")
    if verb.endswith("s") and " " not in verb:
        verb = verb[:-1]
    adv = (m.group("adv") or "").strip().lower()
    if TASKY.match(x):
        return None
    v = value_of(x)
    for_topic = FOR_TOPIC.search(v)
    slug = tool_slug(v) or (for_topic.group(1).lower() if for_topic else kebab(f"{verb} {v}"))
    # a change the team made is said in the past ("switched to", "replaced"), the rest as a habit
    phrase = (
        f"{adv} {verb}".strip() if re.match(r"\w+ed\b", verb) else third_singular(f"{adv} {verb}".strip())
    )
    ttl: TTL = "one_quarter" if re.search(r"\bthis (?:project|repo)\b", v, re.I) else "one_year"
    return Fact(slug, ttl, f"User's team {phrase} {v}.")


def _our(m: re.Match[str]) -> Fact | None:
    k, verb, x = m.group("k"), m.group("v"), m.group("x")
    if _BAD_STATE.match(x) or TASKY.match(k):
        return None
    return Fact(
        kebab(k, 3, fallback="team-setup"), "one_year", f"User's {value_of(k)} {verb.lower()} {value_of(x)}."
    )


def _my_key(m: re.Match[str]) -> Fact | None:
    k = m.group("k").lower()
    slug = {
        "ide": "editor",
        "time zone": "timezone",
        "operating system": "os",
        "job": "role",
        "job title": "role",
    }.get(k, kebab(k, 3))
    ttl: TTL = (
        "infinity" if re.match(r"(?:favou?rite|preferred|native|first|name|pronouns)", k) else "one_year"
    )
    return Fact(slug, ttl, f"User's {k} is {value_of(m.group('x'))}.")


def _my_thing(m: re.Match[str]) -> Fact | None:
    k, verb, x = m.group("k").lower(), m.group("v").lower(), value_of(m.group("x"))
    if not x:
        return None
    return Fact(kebab(k, 2, fallback="about-user"), "one_year", f"User's {k} {verb} {x}.")


def use_durable(m: re.Match[str]) -> Fact | None:
    if not _DURABLE.search(m.string):
        return None
    x = _DURABLE.sub("", m.group("x")).strip(" ,.")
    if not x or TASKY.match(x):
        return None
    v = value_of(x)
    neg = bool(m.group("neg"))
    body = f"User avoids {v}." if neg else f"User prefers to use {v}."
    return Fact(topic_slug(v, head_only=True), "infinity", body)


_EN_RULES: tuple[tuple[re.Pattern[str], Builder], ...] = tuple(
    (lazy_compile(p, re.IGNORECASE), b)
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
            rf"^I(?:'ve| have)?{_ADV}(?: just| recently)? (?:moved|relocated) to (?P<x>{PLACE_LIKE}.+)",
            _moved,
        ),
        # the household moving: "we" is the speaker and those they live with (a place: a name)
        (
            rf"^(?:we|my family and I|my \w+ and I)(?:'ve| have)?{_ADV}(?: just| recently)?"
            r" (?:moved|relocated) to (?P<x>(?-i:[A-Z])[\w-]+(?:,? (?-i:[A-Z])[\w-]+)*)\b",
            _household_moved,
        ),
        (rf"^{_IM}{_ADV} from (?P<x>[A-Z].+)", _fixed("hometown", "infinity", "User is from {x}.")),
        (rf"^{_IM}{_ADV} (?:a |an )?(?P<x>{_DIETS})\b", _fixed("diet", "infinity", "User is {x}.")),
        (
            rf"^{_IM}{_ADV}(?: severely| very| deathly)? allergic to (?P<x>.+)",
            _fixed("allergy", "infinity", "User is allergic to {x}."),
        ),
        (r"^I have an? (?P<x>.+?) allergy", _fixed("allergy", "infinity", "User has a {x} allergy.")),
        (rf"^I{_ADV} (?P<v>(?:don't|do not|never|can't|cannot) (?:eat|drink)) (?P<x>.+)", _abstains),
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
            r"|name)s?|switched to|migrated to|replaced"
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
        (r"^(?:please )?(?:always )?(?P<neg>(?:don't|do not|never) )?use (?P<x>.+)", use_durable),
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


def facet_filed(slug: str, body: str) -> str:
    """``slug``, or under the facet ``body`` states (``job-joined-stripe`` for "User joined
    Stripe") when the slug names none: it then meets a stored memory of that facet."""
    facet = statement_facet(body)
    if facet is None or slug_facet(slug) is not None:
        return slug
    return f"{SLUG_HEAD[facet]}-{slug}"


def _zh_fixed(slug: str, ttl: TTL, *, subject: str = "用户") -> Builder:
    def build(m: re.Match[str]) -> Fact | None:
        rest = m.group("x").strip("。，, ")
        if not rest:
            return None
        # a statement of a facet (where the user lives or works, how they get around, when they
        # sleep) is filed under it, so it meets a stored memory of that facet in any language
        facet = statement_facet(rest)
        return Fact(
            slug or hash_slug(SLUG_HEAD[facet] if facet else "preference", rest), ttl, f"{subject}{rest}。"
        )

    return build


#: After 我: a wish, plan, opinion, perception, ability or request, or a move in the conversation.
_ZH_NOT_A_STATE = (
    r"(?:希望|觉得|认为|想|猜|相信|知道|明白|理解|听说|祝|要|需要|会|能|可以|刚|先|马上|来(?!自)|去(?!年)|看|试|问|说|们|也|"
    r"再|还|就|得|应该|打算|准备|不知道|不太|记得|发现|感觉|的)"
)


_ZH_RULES: tuple[tuple[re.Pattern[str], Builder], ...] = tuple(
    (lazy_compile(p), b)
    for p, b in (
        (r"^我(?P<x>(?:对)?.{1,16}过敏.*)", _zh_fixed("allergy", "infinity")),
        (r"^我(?P<x>(?:住在|住|搬到了?|搬去了?).+)", _zh_fixed("home-city", "one_year")),
        (r"^我(?P<x>叫.+)", _zh_fixed("name", "infinity")),
        (r"^我(?P<x>(?:不吃|不能吃|不喝|吃素|是素食).*)", _zh_fixed("diet", "infinity")),
        (r"^我(?P<x>是.+)", _zh_fixed("role", "one_year")),
        (r"^我(?P<x>在.{1,12}(?:工作|上班).*)", _zh_fixed("employer", "one_year")),
        (r"^我(?P<x>(?:喜欢|更喜欢|偏好|爱吃|讨厌|不喜欢|一直|总是|习惯|通常).+)", _zh_fixed("", "infinity")),
        (r"^我们(?P<x>(?:都|一直)?(?:用|使用).+)", _zh_fixed("team-tools", "one_year")),
        # the general shape: the speaker (or their household, company, team) as the subject of a
        # statement, not of a wish, plan, opinion or request ("我想…", "我觉得…", "我要…")
        (r"^我家(?P<x>.{2,40})", _zh_fixed("household", "one_year", subject="用户家")),
        (
            r"^我们(?P<x>(?:公司|团队|组|部门|后台|后端|前端|项目|学校|实验室|店).{2,40})",
            _zh_fixed("", "one_year", subject="用户的"),
        ),
        (rf"^我(?!{_ZH_NOT_A_STATE})(?P<x>.{{2,40}})", _zh_fixed("", "one_year")),
    )
)

#: Chinese drops the subject the speaker means, as casual English does: a clause that opens with
#: where the speaker works ("在医院当护士"), a lasting habit or state ("一直用安卓", "从小就不吃香菜",
#: "每天早上六点起来跑五公里") or a change done ("去年从北京搬来成都了", "烟已经戒了" stays
#: apart: its subject is the thing) is about the speaker: "我" is read before it.
_ZH_ELIDED_I = lazy_compile(
    r"^(?=(?:在.{1,10}?(?:上班|工作|当|读书|上学)|养了|搬到|搬来|搬去|辞了|早辞了|一直(?!在等)|从小|每天|每周"
    r"|平时|基本不|向来|不吃|不喝|不抽|会(?:弹|说|做|写|开)|学了.{1,4}年))"
)


def _zh_normalise(clause: str) -> str:
    # Chinese first person inside the clause: "我对花生过敏" keeps its subject for the rules.
    clause = re.sub(
        r"^(?:先说一下|顺便说一下|对了|另外|还有|其实|而且|我也)",
        lambda m: "我" if m.group(0) == "我也" else "",
        clause,
    )
    return _ZH_ELIDED_I.sub("我", clause, count=1)


def facts_in_clause(clause: str, *, correction_turn: bool) -> Fact | None:
    cjk = has_cjk(clause)
    rules = _ZH_RULES if cjk else _EN_RULES
    text = _zh_normalise(clause) if cjk else with_elided_subject(clause)
    for pattern, build in rules:
        m = pattern.search(text)
        if not m:
            continue
        if correction_turn and build is use_durable:
            return None
        fact = build(m)
        if fact is None:
            return None
        body = fact.body if cjk else agreed(fact.body)
        slug = facet_filed(fact.slug or topic_slug(body), body)
        return Fact(safe_slug(slug), cap_ttl(fact.ttl, clause), body[0].upper() + body[1:])
    return None
