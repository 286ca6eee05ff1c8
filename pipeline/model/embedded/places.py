"""Where the user is, said inside another fact: one fact of its own.

"I'm a primary teacher in Freiburg", "soy maestra en Zaragoza", "I run a bakery in Leeds", "我在杭州
做跨境电商": the role and the place are two facts about the user, each recalled (and updated) on its
own: a move changes the place and leaves the job, a new job leaves the place. A statement of the
speaker's role, work or business that names a place by its proper name after a locative
preposition gives the place as a second memory; a statement of residence already is that memory.
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile
from memscribe.model.embedded.text import hash_slug, safe_slug

#: The speaker's role, work, study or business, opening the statement (a body "User is/runs/…" or
#: the user's own clause, quoted).
_ROLE_OR_WORK = lazy_compile(
    r"^(?:User(?:,\s+in\s+their\s+words:\s+\")?\s*)?"
    r"(?:(?:is|runs|owns|works|teaches|studies|has\s+been)\s+(?!in\b|based\b|at\s+home\b|(?!working|teaching|studying)\w+ing\b)"
    r"|(?:I['’]m|I\s+am|I\s+work|I\s+run|I\s+own|I\s+teach|I\s+study)\b"
    r"|(?:ich\s+bin|ich\s+arbeite|ich\s+führe|ich\s+studiere|ich\s+unterrichte)\b"
    r"|(?:je\s+suis|je\s+travaille|je\s+tiens|j['’]enseigne|j['’]étudie)\b"
    r"|(?:yo\s+)?(?:soy|trabajo|tengo|estudio|llevo|enseño)\b)",
    re.IGNORECASE,
)
#: Residence or birth said as such: the place is that statement's own fact (a birthplace is no home).
_RESIDENCE = lazy_compile(
    r"\b(?:live|lives|living|wohne|habite|vis|vivo|born|grew\s+up|geboren|aufgewachsen|née?|nacid[oa]|crecí)\b"
    r"|住|在住|住んで|出生|长大",
    re.I,
)
#: A locative preposition and a proper name after it, one or two capitalised words, at the end of
#: the statement or before a comma or a conjunction: "in Freiburg", "en Santiago", "à Lille".
_PLACE = lazy_compile(
    r"(?:\b(?:in|en)|(?<!\w)à)\s+(?P<place>(?-i:[A-ZÄÖÜÉ][a-zäöüßéèàíóúñç]{2,}(?:\s+[A-ZÄÖÜÉ][a-zäöüßéèàíóúñç]{2,})?))"
    r"(?=\s*(?:$|[,.;:\"]|\s+(?:und|et|y|and|with|mit|avec|con|seit|since|depuis|desde)\b))",
    re.IGNORECASE,
)
#: Chinese: 在 + a place name of two or three characters + a verb of work or business ("我在杭州做…").
_ZH_PLACE = lazy_compile(
    r"在(?P<place>(?![在一])[\u4e00-\u9fff]{2,3}?)(?:一家|一所|做|开|当|教|工作|上班|读)"
)
#: Proper names after "in" that name no place: a language, a month or a day; an acronym ("ICU",
#: "HR"); a capitalised common noun, by the endings of abstract nouns and of fields, departments and
#: school years ("Sales", "Physics", "Marketing", "Radiology", "Teilzeit", "Urgencias", "Primaria"):
#: a town is rarely written so.
_NOT_A_PLACE = lazy_compile(
    r"^(?:English|Spanish|German|French|Chinese|Japanese|January|February|March|April|May|June|July"
    r"|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$"
    r"|^[A-Z]{2,}$"
    r"|^\w*(?:ics|ing|ogy|ance|ence|ment|tion|sion|ure|ales|zeit|ung|heit|keit|schaft|tät|ik|ie|ias|aria|ario|ía"
    r"|ción|dad|ine|ale|ique|ité|tech)$"
)


def place_in_role(body: str) -> str | None:
    """The place named by proper name in a statement of the speaker's role, work or business
    (``body``, an English body or the user's quoted clause), or None; None for a statement of
    residence, which already says where the user lives."""
    zh_body = body.startswith("用户")
    role = _ROLE_OR_WORK.match(body)
    # the anchored test first: a body neither Chinese nor opening on a role gives no place
    if (role is None and not zh_body) or _RESIDENCE.search(body):
        return None
    zh = _ZH_PLACE.search(body) if zh_body else None
    if zh is not None:
        return zh.group("place")
    if role is None:
        return None
    m = _PLACE.search(body)
    if m is None or _NOT_A_PLACE.match(m.group("place")):
        return None
    return m.group("place")


def place_fact(place: str) -> tuple[str, str]:
    """(slug, body) of the place as a fact of its own."""
    if re.search(r"[\u4e00-\u9fff]", place):
        return hash_slug("based-in", place), f"用户在{place}。"
    return safe_slug(f"based-in-{place}"), f"User is based in {place}."


def is_place_fact(body: str) -> bool:
    """``body`` is a place given as a fact of its own by :func:`place_fact`."""
    return body.startswith("User is based in ") or bool(re.fullmatch(r"用户在[\u4e00-\u9fff]{2,3}。", body))
