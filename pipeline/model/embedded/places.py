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
from memscribe.model.embedded.text import LANGS, hash_slug, safe_slug
from memscribe.model.embedded.zh_subject import continues_subject
from memscribe.semantic.updates import someone_else

#: The speaker's role, work, study or business, opening the statement (a body "User is/runs/…" or
#: the user's own clause, quoted); the group that matches names the statement's language.
_ROLE_OR_WORK = lazy_compile(
    r"^(?:User(?:,\s+in\s+their\s+words:\s+\")?\s*)?"
    r"(?:(?P<en>(?:is|runs|owns|works|teaches|studies|has\s+been)\s+(?!in\b|based\b|at\s+home\b|(?!working|teaching|studying)\w+ing\b)"
    r"|(?:I['’]m|I\s+am|I\s+work|I\s+run|I\s+own|I\s+teach|I\s+study)\b)"
    r"|(?P<de>ich\s+bin|ich\s+arbeite|ich\s+führe|ich\s+studiere|ich\s+unterrichte)\b"
    r"|(?P<fr>je\s+suis|je\s+travaille|je\s+tiens|j['’]enseigne|j['’]étudie)\b"
    r"|(?P<es>(?:yo\s+)?(?:soy|trabajo|tengo|estudio|llevo|enseño))\b)",
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
#: Chinese writes no capital to tell a town from an employer or a workplace ("我在华为工作", "我在
#: 医院上班"), so the name must end as a town's does: on an administrative suffix (市 but not
#: 超市, 省, 县, 镇, 乡, 村) or on a character town and region names most often end on (杭州, 北京,
#: 上海, 深圳, 成都, 沈阳, 西安, 长沙, 厦门, 青岛, 浙江, 重庆, 天津, 太原, 南宁, 南昌, 长春, 武汉, 昆明,
#: 柏林, 海口, 四川, 香港, 石家庄, 哈尔滨, 大连, 宁波, 无锡, 东莞, 拉萨, 台北, 济南, 山西, 佛山, 硅谷),
#: or a transliterated foreign one (伦敦, 巴黎, 纽约, 悉尼, 首尔, 大阪, 新加坡, 米兰). A company
#: (华为, 腾讯, 京东) or a workplace (公司, 学校, 医院, 银行) ends otherwise: no town.
_ZH_PLACE = lazy_compile(
    r"在(?P<place>(?![在一])[\u4e00-\u9fff]{1,2}?"
    r"(?:[州京海圳都阳安沙门岛江庆津原宁昌春汉明林口城川港省县镇乡村庄滨连波锡莞萨北南西山谷湖溪亚坡敦黎约尼尔阪兰]"
    r"|(?<!超)市))"
    r"(?:一家|一所|做|开|当|教|工作|上班|读)"
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


#: A language or nationality word, by the form its language gives it, in the languages that write
#: it with a capital as they write a town: German "-isch" and "Deutsch" ("Übersetzerin in
#: Französisch", "Lehrerin in Spanisch"), English "-ish" and "-ese" ("a translator in
#: Portuguese"). Spanish and French write a language in lower case ("profesora de inglés",
#: "traductrice en allemand"), which the place's capital already leaves out, while "-és", "-ois" or
#: "-ol" also end towns and regions ("en Valdés", "en Artois", "en Tyrol").
_LANGUAGE_WORD = {
    "de": lazy_compile(r"^\w+isch$|^Deutsch$"),
    "en": lazy_compile(r"^\w+(?:ish|ese)$"),
}
#: The place is the employer's, not the speaker's: before it, in the role's clause, an employer
#: named after a preposition ("for a company", "bei einer Firma", "pour une entreprise", "para una
#: empresa") that a participle or relative clause of location then places ("a company based in
#: Berlin", "mit Sitz in", "basée à", "con sede en"), or that the speaker works for remotely ("I work
#: remotely for a firm in Berlin"). A role placed so ("a designer based in Leeds") is the speaker's.
_EMPLOYER_PLACED = lazy_compile(
    r"\b(?:for|at|with|für|bei|pour|chez|para)\s+[^,;]*?\b(?:based|located|headquartered|situated"
    r"|(?:that|which)\s+is|mit\s+Sitz|ansässig|basée?s?|située?s?|implantée?s?|con\s+sede|ubicad[oa]s?"
    r"|basad[oa]s?|situad[oa]s?|radicad[oa]s?)\s+[^,;]*$",
    re.IGNORECASE,
)
_REMOTE = lazy_compile(
    r"\b(?:remote(?:ly)?|à\s+distance|en\s+remoto|a\s+distancia)\b[^,;]*?\b(?:for|at|with|für|bei|pour|chez|para)\s",
    re.IGNORECASE,
)
#: Where the role's clause ends, and a clause of another subject opens: a semicolon, or a comma or
#: a conjunction before a third person's pronoun or a possessive ("Ich bin Lehrerin, meine Tochter
#: arbeitet in Hamburg", "a nurse, and he works in Leeds", "profesora y mi hermano trabaja en
#: Madrid"). A comma alone is no end: it parts a role from its apposition ("a designer, in Leeds").
_OTHER_SUBJECT = lazy_compile(
    r"\s*;|(?:,\s*|\s+(?=(?:and|but|while|whereas|und|aber|während|et|mais|y|e|pero|mientras)\s))"
    r"(?:(?:and|but|while|whereas|und|aber|während|et|mais|y|e|pero|mientras)\s+)?"
    r"(?:he|she|they|my|his|her|their|User['’]s"
    r"|er|sie|mein|meine|meinem|meinen|meiner|sein|seine|seinem|seinen|seiner|ihre?|ihrem|ihren|ihrer"
    r"|il|elle|ils|elles|mon|ma|mes|son|sa|ses|leur|leurs"
    r"|él|ella|ellos|ellas|mi|mis|su|sus)\b",
    re.IGNORECASE,
)
#: The speaker named beside the other subject, in one subject ("meine Tochter und ich wohnen in
#: Hamburg", "my wife and I run a café in Leeds", "ma fille et moi", "mi hija y yo").
_WITH_SPEAKER = lazy_compile(r"\b(?:and|und|et|y|e)\s+(?:I|ich|moi|yo)\b(?![-‐'’])", re.IGNORECASE)
#: A clause's end (for the subject just opened).
_CLAUSE_BREAK = lazy_compile(r"[,;.:]")
#: Where a Chinese clause ends.
_ZH_CLAUSE_END = lazy_compile(r"[，,；;。！!？?：:]")


def place_in_role(body: str) -> str | None:
    """The place named by proper name in a statement of the speaker's role, work or business
    (``body``, an English body or the user's quoted clause), or None; None for a statement of
    residence, which already says where the user lives. The place is the speaker's only in the
    role's own clause, and a language (a nationality word, or a programming language: "soy muy
    nuevo en Python", "Ich bin Expertin in Kotlin") is no place."""
    zh_body = body.startswith("用户")
    role = _ROLE_OR_WORK.match(body)
    # the anchored test first: a body neither Chinese nor opening on a role gives no place
    if (role is None and not zh_body) or _RESIDENCE.search(body):
        return None
    if zh_body:
        zh = _zh_place(body)
        if zh is not None:
            return zh
    if role is None:
        return None
    return place_after_role(body, role)


def place_after_role(body: str, role: re.Match[str]) -> str | None:
    """The place :func:`place_in_role` names once ``body`` opens on a statement of role or work
    (``role``: :data:`_ROLE_OR_WORK`'s match): in the role's own clause, no employer's or remote
    place, no language."""
    rest = body[role.end() :]
    m = _PLACE.search(rest, 0, _own_clause_end(rest))
    if m is None or _NOT_A_PLACE.match(m.group("place")):
        return None
    before = rest[: m.start()]
    if _EMPLOYER_PLACED.search(before) or _REMOTE.search(before):
        return None
    language_word = _LANGUAGE_WORD.get(role.lastgroup or "en")
    if language_word is not None and language_word.match(m.group("place")):
        return None
    if LANGS.fullmatch(m.group("place")):  # a programming language: "Soy muy nuevo en Python"
        return None
    return m.group("place")


def _own_clause_end(rest: str) -> int:
    """Where the role's own clause ends in ``rest``: at the first clause of another subject, unless
    that subject also names the speaker ("…, meine Tochter und ich wohnen in Hamburg")."""
    pos = 0
    while (other := _OTHER_SUBJECT.search(rest, pos)) is not None:
        brk = _CLAUSE_BREAK.search(rest, other.end())
        if not _WITH_SPEAKER.search(rest, other.end(), brk.start() if brk else len(rest)):
            return other.start()
        pos = other.end()
    return len(rest)


def _zh_place(body: str) -> str | None:
    """The place of a Chinese body's clause whose subject is the speaker ("用户在杭州做…",
    "用户是老师，现在在上海工作"); not a third party's ("用户女儿在上海工作", "用户的朋友…")."""
    speaker = False
    for clause in _ZH_CLAUSE_END.split(body):
        if clause.startswith("用户"):
            speaker = not clause.startswith("用户的") and not someone_else(clause)
        elif not continues_subject(clause):
            speaker = False
        zh = _ZH_PLACE.search(clause) if speaker else None
        if zh is not None:
            return zh.group("place")
    return None


def place_fact(place: str) -> tuple[str, str]:
    """(slug, body) of the place as a fact of its own."""
    if re.search(r"[\u4e00-\u9fff]", place):
        return hash_slug("based-in", place), f"用户在{place}。"
    return safe_slug(f"based-in-{place}"), f"User is based in {place}."


def is_place_fact(body: str) -> bool:
    """``body`` is a place given as a fact of its own by :func:`place_fact`."""
    return body.startswith("User is based in ") or bool(re.fullmatch(r"用户在[\u4e00-\u9fff]{2,3}。", body))
