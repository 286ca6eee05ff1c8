"""The speaker's own thing as the subject of a change ("Mein Auto ist jetzt ein Tesla", "Mi piso
ahora está en Valencia", "Ma voiture est maintenant une Clio"), told from a person of theirs.

A possessive of "I" makes a clause about the thing it opens, not the speaker; the speaker's thing
with a value said to have changed is still the speaker's fact (what they have, where they live).
A person of theirs is not: "Mein Schwager ist jetzt Arzt", "Mi contable ahora es Laura" are the
brother-in-law's and the accountant's facts. People are kept out by structure:

* a kinship term opening the clause is the lexicon row's ``third_party`` (read before this);
* a noun of the possessed phrase built as an agent or a role (de "-er/-in", es "-ista/-ero/-era",
  fr "-eur/-euse/-ant/-iste/-ien"): the one who does something;
* the predicate: a thing's new value is a named thing (an indefinite article and a make or model:
  "ein Tesla", "une Clio", "un MacBook Air"); a bare word after the copula is an identity, a role
  ("ist jetzt Arzt", "es médico") or a name ("es Laura", "ist jetzt Frau Keller"), which only a
  person takes; a place ("in Leipzig", "en Valencia", "à Lyon") is taken of the speaker's home
  only, since people move too ("mi abogado ahora está en Madrid", "mein Arzt ist jetzt in Rente").

What cannot be told (a bare adjective: "Mein Auto ist jetzt elektrisch"; a common noun: "mi coche
ahora es un híbrido") is skipped, as is a thing whose noun has the shape of an agent ("mon
ordinateur", "mein Rechner"), and a pet (not the speaker's fact either).
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile
from memscribe.lexicon.langs import LANGUAGES as ROWS
from memscribe.semantic.updates import change_cue

#: A possessive of "I" opening the clause, a noun phrase of one to three words, adverbs of time or
#: a "since" phrase, and the copula (de, es, fr); then the predicate.
_MY_THING_IS = lazy_compile(
    r"^(?:mi|mis|mein|meine|mon|ma|mes)\s+(?P<np>(?:[^\W\d_][\w-]*\s+){1,3}?)"
    r"(?:(?:jetzt|nun|inzwischen|mittlerweile|ahora|ya|maintenant|désormais|actuellement)\s+)?"
    r"(?:ist|sind|es|son|está|están|est|sont)\s+(?P<pred>.+)$",
    re.I,
)
#: Words of time between the copula and the predicate ("ist jetzt …", "est depuis mars …").
_TIME = lazy_compile(
    r"^(?:(?:jetzt|nun|inzwischen|mittlerweile|schon|seit\s+\w+|ahora|ya|desde\s+\w+|maintenant"
    r"|désormais|actuellement|depuis\s+\w+)\s+)*",
    re.I,
)
#: An indefinite article: the new thing's value follows ("ein Tesla", "un MacBook Air").
_INDEFINITE = frozenset("ein eine einen un una une".split())
#: A preposition of place: where the thing is now ("in Leipzig", "en Valencia", "à Lyon").
_PLACE = frozenset("in im nach en à au aux".split())
#: The speaker's home, whose place is where the speaker lives: the one thing a place is said of
#: here (a place said of anything else may be a person's: "mi abogado ahora está en Madrid").
_DWELLING = frozenset(
    """wohnung haus zuhause wohnsitz hauptwohnsitz piso casa apartamento departamento domicilio hogar
    appartement appart maison logement domicile""".split()
)
#: The possessive of "I" each language's kin words are read after.
_MY = {"de": "mein", "es": "mi", "fr": "mon"}
#: A noun built as an agent or a role, per language: the one who does or is something.
_AGENT = {
    "de": lazy_compile(r"\w{3,}(?:er|erin|in|innen|ist|istin|ant|antin)$", re.I),
    "es": lazy_compile(r"\w{3,}(?:ista|istas|ero|era|eros|eras|ante|antes)$", re.I),
    "fr": lazy_compile(
        r"\w{2,}(?:eur|eurs|euse|euses|rice|rices|iste|istes|ant|ante|ants|antes|ien|ienne|iens|iennes)$",
        re.I,
    ),
}


def my_thing_changed(clause: str, lang: str) -> bool:
    """``clause`` (de, es, fr) says the speaker's own thing now has another value: a possessive of
    "I" as its subject, no noun of a person in it (an agent or a role), a named thing as the
    predicate (not a name or role alone: a person's) or a place said of the speaker's home, and
    a change cue."""
    agent = _AGENT.get(lang)
    m = _MY_THING_IS.match(clause.strip())
    if agent is None or m is None:
        return False
    if any(agent.match(word) for word in m.group("np").split()):
        return False  # "mein Bassist", "mi dentista", "mon coiffeur": a person of theirs
    pred = _TIME.sub("", m.group("pred"), count=1).rstrip(" .!;:").split()
    if not pred:
        return False
    if pred[0].casefold() in _PLACE:
        # where it is now: only of the speaker's home
        placed = any(word.casefold() in _DWELLING for word in m.group("np").split())
        return placed and change_cue(clause)
    if pred[0].casefold() not in _INDEFINITE or len(pred) < 2 or not _named(pred[1:], lang, agent):
        return False  # "ist jetzt Arzt", "es Laura", "est un autre": an identity, a role or a name
    return change_cue(clause)


def _named(words: list[str], lang: str, agent: re.Pattern[str]) -> bool:
    """``words`` after the article name a thing: a make or a model ("Tesla", "MacBook Air", "Clio
    électrique", "E-Bike", "Pixel 9"), capitalised or with a digit, not a noun built as an agent
    ("un Italien", "ein Italiener") nor a kin word ("eine Frau"); German capitalises every noun, so there the name runs on in
    names only ("ein Jahr alt" is an age, "eine Firma aus Hamburg" somebody's firm)."""
    head = words[0]
    if not any(c.isupper() or c.isdigit() for c in head) or agent.match(head):
        return False
    if ROWS[lang].third_party.search(f"{_MY[lang]} {head}"):
        return False  # "ist jetzt eine Frau", "es una amiga": a person, by the row's kin words
    if lang == "de":
        return all(w[:1].isupper() or w[:1].isdigit() for w in words[1:])
    return True


#: A Chinese clause opening with the speaker's thing ("我的车", "我的手机") and its new value: 是 (what
#: it is), 在 (where it is) or 换成/变成/改成 (what it became), after a word of time if any.
_ZH_MY_THING = lazy_compile(
    r"^我的(?P<np>(?:(?!现在|如今|目前|已经)[^\s，。、,的是在了不]){1,6}?)(?:现在|如今|目前|已经)?"
    r"(?P<v>是|在|换成了?|变成了?|改成了?)"
)
#: The speaker's home in Chinese: the one thing 在 (where it is) is taken of, as in the other
#: languages (people and pets move too: "我的律师现在在上海").
_ZH_DWELLING = lazy_compile(r"(?:家|公寓|房子|住处|住所|宿舍)$")
#: A Chinese noun that names a person by how it is built: a person's suffix (房东, 护士, 作家, 员工,
#: 室友, 经纪人, 学生, 歌手) or a kin word's last character (姐姐, 舅舅, 女儿, 孩子), and the few
#: person nouns with none (司机, 秘书, 保姆, 搭档, 对象, 教练, 会计, 助理, 客户, 老板, 上司, 领导).
_ZH_PERSON_NOUN = lazy_compile(
    r"(?:[人者师员生士官工友伴东长手姐哥弟妹爸妈叔姨舅姑婆公爷奶儿女]|.家|[儿孩妻侄孙嫂]子|司机|秘书|保姆|搭档"
    r"|对象|导演|教练|会计|助理|客户|老板|上司|领导|经理|邻居|同事|同学|老师)$"
)


def zh_thing_changed(clause: str) -> bool:
    """``clause`` (Chinese) says the speaker's own thing now has another value ("我的车现在是特斯拉",
    "我的手机换成了 Pixel 9"): not a person of theirs, and a change cue."""
    m = _ZH_MY_THING.match(clause.strip())
    if m is None or _ZH_PERSON_NOUN.search(m.group("np")):
        return False
    if m.group("v") == "在" and not _ZH_DWELLING.search(m.group("np")):
        return False
    return change_cue(clause)
