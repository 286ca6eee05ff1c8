"""A goal pursued and a goal reached: the aspect of a pursuit ("is preparing for the AWS exam")
and the perfective that ends it ("passed the AWS exam"), in the languages of the sets.

Pure functions; no model. Used by the dedup decision: a completion names its goal again, yet
replaces the pursuit (:mod:`memscribe.model.embedded.dedup`, :mod:`memscribe.stages.dedup`).
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile
from memscribe.semantic.updates import covered
from memscribe.textsim import CJK_CHARS

_I = re.IGNORECASE


#: Pursuing something not yet reached: preparing, studying or training for it, a student of
#: it, saving for it, aiming at it (the aspect of a goal, per language of the sets).
_PURSUIT = lazy_compile(
    r"\b(?:preparing|studying|training|revising|saving(?: up)?|applying|aiming|working towards?)\s+(?:for|to|at)\b"
    r"|\b(?:student|learning|goal|target)\b"
    r"|\b(?:bereite\w*|vorbereit\w*|lerne\w* für|trainiere\w* für|spare\w* (?:auf|für)|Student(?:in)?|Ziel)\b"
    r"|\b(?:prépar\w*|révis\w*|m'entraîne|étudiante?|économis\w* pour|objectif)\b"
    r"|\b(?:prepar\w*|estudiante|entren\w* para|ahorr\w* para|objetivo|meta)\b"
    r"|准备|备考|复习|在读|学生|攒钱|目标|準備|勉強中|受験|目指|学生|貯金|目標",
    _I,
)
#: Reaching it: passed, finished, graduated, obtained (the perfective that ends a pursuit).
_COMPLETION = lazy_compile(
    r"\b(?:passed|finished|completed|graduated|earned|obtained|achieved|got (?:my|the|their)\b)"
    r"|\b(?:bestanden|abgeschlossen|geschafft|erreicht)\b"
    r"|\b(?:réussie?|obtenue?|terminée?|finie?|diplômée?)\b"
    r"|\b(?:aprob[éeó]\w*|termin[éeó]\w*|acab[éeó]\w*|obtuve|consegu[íi]\w*|me gradué)\b"
    r"|考过|通过了|拿到了|完成了|毕业|合格|卒業|修了|取得した|取った",
    _I,
)


def pursues(text: str) -> bool:
    """The statement pursues a goal not yet reached: preparing, studying or saving for it, its
    target ("is preparing for the AWS exam", "next target is the CKA", "spare auf ein Auto")."""
    return bool(_PURSUIT.search(text))


def completes(new: str, old: str) -> bool:
    """``new`` reports reaching what ``old`` pursues ("passed the AWS exam" / "is preparing for
    the AWS exam", "graduated from TU Munich" / "is a student at TU Munich"): the pursuit is over,
    although every name of it is said again."""
    found = _COMPLETION.search(new)
    if not found or _PURSUIT.search(new) or not _PURSUIT.search(old):
        return False
    return not _ALMOST.search(new[: found.start()]) and _object_of(new[found.end() :], old)


#: A degree that leaves the end not reached ("almost finished", "fast geschafft", "presque").
_ALMOST = lazy_compile(r"\b(?:almost|nearly|not quite|half|fast|beinahe|presque|casi)\s+(?:\w+\s+)?$", _I)
#: What ends the object of a completion: a preposition, a time word, a clause break.
_OBJECT_END = lazy_compile(
    r"\b(?:to|for|with|at|in|on|by|after|before|last|this|yesterday|today|ago|and|but|so|because"
    r"|à|pour|avec|en|hier|et|mais|para|con|ayer|y|pero|für|mit|gestern|und|aber)\b|[.;,!?。！？、，]"
)


def _object_of(rest: str, old: str) -> bool:
    """The completion's object (the words after its verb up to a preposition, a time word or a
    break) names nothing ``old`` does not: "passed the JLPT N2 practice test", "passed the exam
    study guide to …" reach another thing than "studying for the JLPT N2"."""
    from memscribe.textsim import content_tokens

    if _PARTICLE.match(rest):
        return False  # a phrasal verb: "passed on" (declined), "passed by", "passed away"
    rest = re.sub(r"^\s*(?:from|de|von)\b", "", rest, flags=_I)
    end = _OBJECT_END.search(rest)
    phrase = rest[: end.start()] if end else rest
    if _NON_LATIN.search(phrase):
        return True  # CJK objects are not split into words here
    theirs = set(content_tokens(old))
    return all(covered(w, theirs) for w in content_tokens(phrase))


_PARTICLE = lazy_compile(r"^\s*(?:on|by|out|away|over|up|through|along|down|around|off|to)\b", _I)
_NON_LATIN = lazy_compile(f"[{CJK_CHARS}]")


__all__ = ["completes", "pursues"]
