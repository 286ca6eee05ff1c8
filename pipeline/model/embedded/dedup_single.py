"""Slots that hold one value, said without a change cue (issue 11, review RV2 G5).

Another value on a stored slug topic replaces the stored one only where both cannot hold
(:func:`memscribe.model.embedded.dedup_slot.one_value`). Beside the facets, value classes and
named slots, three frames say by their structure that the slot they fill holds one value, when
both statements fill the *same* slot with the *same kind* of value:

* a name given to one subject ("User's dog is named Rex" / "… is named Max", "Mein Hund heißt
  Rex", "Mon chien s'appelle Rex", "Mi perro se llama Rex", "我的狗叫Rex", "私の犬の名前はRex"):
  one person or pet has one name. "User's brother is a doctor" / "… is called Tom" fill two
  kinds of slot: siblings;
* a possessed thing an exclusive modifier picks out ("User's favorite color is blue",
  "Meine Lieblingsfarbe ist …", "Ma couleur préférée est …", "Mi color favorito es …",
  "我最喜欢的颜色是…", "一番好きな色は…"): the one preferred member;
* an age said of one subject in the age frame ("User is 35 years old", "Ich bin 35 Jahre alt",
  "J'ai 35 ans", "Tengo 35 años", "我35岁", "私は35歳です"), the two statements the same but for
  the number. "User has a brother aged 12" / "… aged 15" are two brothers: no age frame.

Pure functions; no model.
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile
from memscribe.semantic.updates import own_words

#: A subject given a name ("User's dog is named Rex", "User is called Sam"): the subject.
_NAME_EN = lazy_compile(
    r"^\W*(?P<subject>User(?:['’]s(?:\s+[\w-]+){1,3}?)?)\s+(?:is|was)\s+(?:named|called)\s+\S", re.IGNORECASE
)
#: The same in the user's words: "Mein Hund heißt …", "Mon chien s'appelle …", "Mi perro se
#: llama …", "Ich heiße …", "Je m'appelle …", "Me llamo …".
_NAME_QUOTED = lazy_compile(
    r"^(?P<subject>(?:[^\W\d_]+\s+){0,3}?)(?:heißt|heiße|heisst|s['’]appelle|m['’]appelle|se\s+llama|me\s+llamo"
    r"|is\s+(?:named|called))\s+\S",
    re.IGNORECASE,
)
#: Chinese "…叫X" / "…的名字是X", Japanese "…の名前はX" / "…はXという名前".
_NAME_CJK = lazy_compile(r"^(?P<subject>[^\s，。,]{1,8}?)(?:的名字(?:是|叫)|叫做|叫(?![了过着])|の名前は)\S")
_NAME_JA_TOPIC = lazy_compile(r"^(?P<subject>[^\s、。]{1,8}?)は[^\s、。]{1,12}という名前")

#: An exclusive modifier of a possessed English noun phrase, and its singular copula (favourite
#: bands *are* several).
_EXCLUSIVE_EN = lazy_compile(
    r"^\W*User['’]s\s+(?P<slot>(?:favou?rite|preferred|main|primary|usual)(?:\s+[\w-]+){1,2}?)\s+is\s+\S",
    re.IGNORECASE,
)
#: The same in the user's words: "Meine Lieblingsfarbe ist", "Ma couleur préférée est", "Mi color
#: favorito es", "我最喜欢的颜色是", "私の一番好きな色は".
_EXCLUSIVE_QUOTED = (
    lazy_compile(r"^(?:mein|meine)\s+(?P<slot>lieblings[\w-]+)\s+ist\s+\S", re.IGNORECASE),
    lazy_compile(
        r"^(?:mon|ma)\s+(?P<slot>[^\W\d_]+(?:\s+[^\W\d_]+)?)\s+(?:préférée?|favorite?)\s+est\s+\S",
        re.IGNORECASE,
    ),
    lazy_compile(
        r"^mi\s+(?P<slot>[^\W\d_]+(?:\s+[^\W\d_]+)?)\s+(?:favorit[oa]|preferid[oa])\s+es\s+\S",
        re.IGNORECASE,
    ),
    lazy_compile(r"^(?:用户|我)?最喜欢的(?P<slot>[^\s，。,]{1,6}?)是\S"),
    lazy_compile(r"^(?:私の|僕の|俺の)?一番好きな(?P<slot>[^\s、。]{1,6}?)は\S"),
)

#: A possessed noun that names a name or a measure of its owner ("User's nickname is sunny", "User's
#: shirt size is medium", "Meine Schuhgröße ist 42", "Ma taille est …", "Mi apodo es …", "我的身高是…",
#: "私のニックネームは…"): one value at a time, whatever the case of the value.
_ATTRIBUTE = (
    lazy_compile(
        r"^\W*User['’]s\s+(?P<slot>(?:[\w-]+\s+){0,2}?(?:[\w-]*name|size|height|weight))\s+(?:is|was)\s+\S",
        re.IGNORECASE,
    ),
    lazy_compile(r"^(?:mein|meine)\s+(?P<slot>[\w-]*(?:name|größe|gewicht))\s+ist\s+\S", re.IGNORECASE),
    lazy_compile(
        r"^(?:mon|ma)\s+(?P<slot>surnom|nom|prénom|taille|poids|pointure)\s+est\s+\S", re.IGNORECASE
    ),
    lazy_compile(r"^mi\s+(?P<slot>apodo|nombre|talla|altura|estatura|peso)\s+es\s+\S", re.IGNORECASE),
    lazy_compile(r"^(?:用户|我)的(?P<slot>[^\s，。,]{0,3}(?:名字|昵称|身高|体重|尺码))是\S"),
    lazy_compile(r"^(?:私|僕|俺)の(?P<slot>[^\s、。]{0,4}(?:名前|ニックネーム|身長|体重|サイズ))は\S"),
)

#: A statement that says the age of its subject and nothing else: the number, and the frame.
_AGE = (
    lazy_compile(
        r"^\W*User(?:['’]s(?:\s+[\w-]+){1,3}?)?\s+(?:is|was|turned)\s+(?P<n>\d+)\s+years?\s+old\W*$"
    ),
    lazy_compile(
        r"^(?:[^\W\d_]+\s+){1,3}?(?:ist|bin)\s+(?P<n>\d+)\s+(?:Jahre\s+alt|jährig)\W*$", re.IGNORECASE
    ),
    lazy_compile(r"^(?:[^\W\d_]+\s+){0,2}?(?:j['’]ai|a)\s+(?P<n>\d+)\s+ans\W*$", re.IGNORECASE),
    lazy_compile(r"^(?:[^\W\d_]+\s+){0,2}?(?:tengo|tiene)\s+(?P<n>\d+)\s+años\W*$", re.IGNORECASE),
    lazy_compile(r"^[^\s，。,\d]{1,8}?(?P<n>\d+)\s*(?:岁|歲|歳)(?:了|です|だ)?\W*$"),
)


def _words(text: str) -> str:
    """The user's own words of a quoted statement, or the statement, trimmed."""
    return own_words(text).strip().strip('"“”').strip()


def _name_subject(text: str) -> str | None:
    words = _words(text)
    for pattern in (_NAME_EN, _NAME_QUOTED, _NAME_CJK, _NAME_JA_TOPIC):
        m = pattern.match(words)
        if m is not None:
            return " ".join(m.group("subject").lower().split())
    return None


def _exclusive_slot(text: str) -> str | None:
    words = _words(text)
    for pattern in (_EXCLUSIVE_EN, *_EXCLUSIVE_QUOTED, *_ATTRIBUTE):
        m = pattern.match(words)
        if m is not None:
            return " ".join(m.group("slot").lower().split())
    return None


def _age(text: str) -> tuple[str, str] | None:
    """The statement with its age masked, and the age, when it says an age and nothing else."""
    words = _words(text)
    for pattern in _AGE:
        m = pattern.match(words)
        if m is not None:
            return words[: m.start("n")] + "#" + words[m.end("n") :], m.group("n")
    return None


def single_slot(new: str, old: str) -> bool:
    """``new`` and ``old`` fill one slot that holds one value (see the module docstring) with two
    values of one kind: a name of one subject, the one preferred thing, an age of one subject."""
    subject = _name_subject(new)
    if subject is not None and subject == _name_subject(old):
        return True
    slot = _exclusive_slot(new)
    if slot is not None and slot == _exclusive_slot(old):
        return True
    age, other = _age(new), _age(old)
    return age is not None and other is not None and age[0] == other[0] and age[1] != other[1]


__all__ = ["single_slot"]
