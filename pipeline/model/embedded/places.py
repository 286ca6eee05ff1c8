"""A self-statement's place, kept as a fact of its own: "soy maestra de primaria en Zaragoza".

Where someone lives or works is a single-valued facet (:mod:`memscribe.semantic.facets`): it is
recalled, and replaced by a move, apart from what they do there. A statement of what the speaker
is, runs or does that names the town it happens in ("Ich bin Entwickler bei einer Versicherung in
Köln", "I keep three beehives in my back garden in Hobart", "我在深圳做嵌入式开发") therefore gives
two memories: the statement without its place, and the place, filed on the residence facet.

The place is read from structure, not from a gazetteer:

* Latin script: a locative preposition without an article (en/de "in", es "en", fr "à"/"au"/"en")
  followed by one to three capitalised words that close the clause ("in Freiburg", "à Lille",
  "en Santiago de Chile"); German common nouns are capitalised too, so a place must not carry the
  suffix of an abstract noun ("in Teilzeit", "in Ausbildung"); a language name or programming
  language ("in Python", "in English") is no place;
* Chinese: 在 + a short name + a verb of working or running something ("我在杭州做跨境电商"), or
  a short name as the modifier of a counted institution ("成都一所高中").

The statement must still say something once its place is taken away ("ich bin in Freiburg" is the
place alone, left as it is). A statement about residence already, a change of state (handled by the
supersession rules as said) and a standing instruction are left whole.
"""

from __future__ import annotations

import re
import unicodedata

from memscribe.lazyre import lazy_compile
from memscribe.model.embedded.text import LANGS, safe_slug, tool_slug
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.semantic.facets import SLUG_HEAD, slug_facet, statement_facet
from memscribe.semantic.updates import change_cue
from memscribe.textsim import content_tokens

_NAME = r"(?-i:[A-ZÀ-ÖØ-Þ][\w'’.-]*[^\W\d_])"
_JOIN = r"(?:de|del|la|le|do|da|am|an|der|sur|upon|on)"
#: A locative preposition with no article, a place name, and the end of its clause after it.
_LATIN_PLACE = lazy_compile(
    rf"(?:^|\s)(?P<prep>in|en|à|au|aux)\s+(?P<place>{_NAME}(?:[\s-](?:{_JOIN}\s+)?{_NAME}){{0,2}})"
    r"(?=\s*(?:[,.;:!?\"”»)]|$|\s(?:and|und|y|et|e|but|aber|pero|mais)\s))",
    re.I,
)
#: German abstract nouns (and "in Rente", "in Elternzeit"): a state, not a town.
_ABSTRACT = lazy_compile(r"(?:zeit|ung|heit|keit|schaft|tät|ion|ismus|rente|urlaub|arbeit)$", re.I)
#: Language names (a language is written, spoken or taught "in" as a town is lived in).
_LANGUAGE_NAME = lazy_compile(
    r"^(?:\w+(?:ish|ese|ian|isch|ic)|Dutch|French|Greek|Thai|Hindi|Urdu|Swahili|Deutsch|English"
    r"|Englisch|Latin|Hebrew|Korean|German|Czech|Tamil|Bengali|Esperanto)$",
    re.I,
)
#: Chinese: 在 + a name of two to four characters + a verb of working or running something.
_ZH_AT = lazy_compile(
    r"在(?P<place>(?![一这那某家个我你他她])[\u4e00-\u9fff]{2,4}?)"
    r"(?=(?:做|开|搞|教|读|念|当|工作|上班|生活|经营|创业|打工))"
)
#: Chinese: a name modifying a counted institution ("成都一所高中", "杭州一家公司").
_ZH_OF = lazy_compile(
    r"(?<=[是在])(?P<place>(?![一这那某])[\u4e00-\u9fff]{2,3}?)(?=一(?:所|家|间|个)[\u4e00-\u9fff])"
)
#: Content words the statement keeps without its place ("Ich bin in Freiburg" keeps none).
MIN_REST = 2
#: ...or one word this long (a role: "Ich bin Bioinformatikerin").
LONG_WORD = 4
#: The statement's verb is one of being, working, running, keeping or studying (per language, the
#: closed class of stative and habitual verbs a circumstance is said with): a place then is where
#: the speaker is. A verb of motion or transfer ("ich kopier die Adressen direkt in Thunderbird")
#: has a destination, not a place.
_STATE_VERB = lazy_compile(
    r"\b(?:is|am|'m|’m|are|works?|runs?|owns?|keeps?|teach(?:es)?|stud(?:y|ies)|has|have|manages?"
    r"|bin|sind|arbeite\w*|habe?|führe|leite|betreibe|unterrichte|studiere|mache?"
    r"|soy|somos|estoy|trabaj(?:o|amos)|tengo|tenemos|llevo|dirijo|enseño|estudio|dedico|dedicamos"
    r"|suis|sommes|travaill(?:e|ons)|ai|avons|tiens|dirige|enseigne|étudie|fais)\b",
    re.I,
)
#: Names of months, days and seasons (capitalised in English and German): a time, not a place.
_CALENDAR = lazy_compile(
    r"^(?:January|February|March|April|May|June|July|August|September|October|November|December"
    r"|Januar|Februar|März|Juni|Juli|Oktober|Dezember|Frühling|Sommer|Herbst|Winter"
    r"|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|(?:Mon|Diens|Donners|Frei|Sams|Sonn)tag|Mittwoch"
    r"|Christmas|Easter|Weihnachten|Ostern)$",
    re.I,
)
_QUOTE = lazy_compile(r'^User, in their words: "(?P<q>.*)"\.$', re.S)
_STANDING = "User's standing instruction"


def _latin_place(text: str) -> re.Match[str] | None:
    for m in _LATIN_PLACE.finditer(text):
        if not _STATE_VERB.search(text[: m.start()]):
            continue
        place = m.group("place")
        head = place.split()[0]
        if (
            _ABSTRACT.search(head)
            or _LANGUAGE_NAME.match(head)
            or _CALENDAR.match(head)
            or LANGS.fullmatch(head)
        ):
            continue
        if tool_slug(place):
            continue
        return m
    return None


def _says_something(text: str) -> bool:
    words = content_tokens(text)
    return len(words) >= MIN_REST or any(len(w) >= LONG_WORD for w in words)


def _without(text: str, m: re.Match[str]) -> str:
    return (text[: m.start()] + text[m.end() :]).strip()


def _place_of(body: str) -> tuple[str, str] | None:
    """(the place, the body without it) for a statement that names one and says more."""
    at = _ZH_AT.search(body)
    if at is not None:  # "用户在深圳做嵌入式开发。": the place and its 在 leave the statement
        return at.group("place"), body[: at.start()] + body[at.end() :]
    modifier = _ZH_OF.search(body)
    if modifier is not None:  # "成都一所高中的物理老师": the place qualifies the institution; kept
        return modifier.group("place"), body
    quoted = _QUOTE.match(body)
    said = quoted.group("q") if quoted else body
    m = _latin_place(said)
    if m is None:
        return None
    rest = re.sub(r"\s+([,.;])", r"\1", _without(said, m)).rstrip(" ,")
    if not _says_something(re.sub(r"^User\b", "", rest)):
        return None
    if quoted:
        return m.group("place"), f'User, in their words: "{rest}".'
    return m.group("place"), rest if rest.endswith(".") else f"{rest}."


def place_apart(candidate: ProfileCandidate) -> list[ProfileCandidate]:
    """``candidate`` and, when it names the town of what it says, that place as its own memory."""
    body = candidate.body
    if body.startswith(_STANDING) or slug_facet(candidate.slug) == "residence":
        return [candidate]
    if statement_facet(body) == "residence" or change_cue(body):
        return [candidate]
    found = _place_of(body)
    if found is None:
        return [candidate]
    place, rest = found
    cjk = not place.isascii() and not re.search(r"[A-Za-z]", place)
    where = f"用户在{place}。" if cjk else f"User is based in {place}."
    head = SLUG_HEAD["residence"]
    ascii_place = unicodedata.normalize("NFKD", place).encode("ascii", "ignore").decode()
    slug = safe_slug(f"{head}-city-{ascii_place}") if ascii_place.strip() else f"{head}-city"
    return [
        candidate.model_copy(update={"body": rest}),
        ProfileCandidate(
            slug=slug, ttl="one_year", body=where, evidence_turns=list(candidate.evidence_turns)
        ),
    ]
