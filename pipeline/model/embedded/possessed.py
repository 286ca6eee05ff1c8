"""The speaker's own thing as the subject of a change ("Mein Auto ist jetzt ein Tesla", "Mi piso
ahora está en Valencia", "Ma voiture est maintenant une Clio"), told from a person of theirs.

A possessive of "I" makes a clause about the thing it opens, not the speaker; the speaker's thing
with a value said to have changed is still the speaker's fact (what they have, where they live).
A person of theirs is not: "Mein Schwager ist jetzt Arzt", "Mi contable ahora es Laura" are the
brother-in-law's and the accountant's facts. People are kept out by structure:

* a kinship term opening the clause is the lexicon row's ``third_party`` (read before this);
* a noun of the possessed phrase built as an agent or a role (de "-er/-in", es "-ista/-ero/-era",
  fr "-eur/-euse/-ant/-iste/-ien"): the one who does something;
* the predicate: a thing's new value is a thing (an article: "ein Tesla", "une Clio") or a place
  (a preposition: "in Leipzig", "en Valencia", "à Lyon"); a bare word after the copula is an
  identity or a role ("ist jetzt Arzt", "es médico") or a name ("es Laura", "ist jetzt Frau
  Keller"), which only a person takes.

What cannot be told (a bare adjective: "Mein Auto ist jetzt elektrisch") is skipped, as is a
thing whose noun has the shape of an agent ("mon ordinateur", "mein Rechner").
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile
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
#: A predicate a thing takes: an article (the new thing) or a preposition of place (where it is).
_THING_VALUE = lazy_compile(
    r"^(?:ein|eine|einen|der|die|das|un|una|une|unos|unas|el|la|los|las|le|les|l['’]|des"  # a thing
    r"|in|im|nach|en|à|au|aux)\b",  # a place
    re.I,
)
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
    "I" as its subject, no person (an agent noun, or a name or role as the predicate), the
    predicate a thing or a place, and a change cue."""
    agent = _AGENT.get(lang)
    m = _MY_THING_IS.match(clause.strip())
    if agent is None or m is None:
        return False
    if any(agent.match(word) for word in m.group("np").split()):
        return False  # "mein Bassist", "mi dentista", "mon coiffeur": a person of theirs
    pred = m.group("pred")
    if not _THING_VALUE.match(_TIME.sub("", pred, count=1)):
        return False  # "ist jetzt Arzt", "es Laura": an identity, a role or a name
    return change_cue(clause)


#: A Chinese clause opening with the speaker's thing ("我的车", "我的手机") and its new value: 是 (what
#: it is), 在 (where it is) or 换成/变成/改成 (what it became), after a word of time if any.
_ZH_MY_THING = lazy_compile(
    r"^我的(?P<np>(?:(?!现在|如今|目前|已经)[^\s，。、,的是在了不]){1,6}?)(?:现在|如今|目前|已经)?"
    r"(?:是|在|换成了?|变成了?|改成了?)"
)
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
    return change_cue(clause)
