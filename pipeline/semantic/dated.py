"""Dated starts: a state said with the time it began ("since May", "seit März", "depuis
septembre", "desde marzo", "从去年开始", "去年から"). Such a state was entered then and goes on: the
embedded dedup decision reads it as a change reported (its rule 3) the way "started" is, and like
a start it may begin a new activity beside the ones held
(:func:`memscribe.model.embedded.dedup_compare.begins_beside`). It is no change cue of
:mod:`memscribe.semantic.updates`: the extractor would then state "I've used VS Code since 2019"
as news ("User has used VS Code now.").

Only a start in the past or present counts: a plan dated from a start to come ("从下个月开始",
"from next month", "4月から東京で働きます") says nothing of what holds now. By structure, per
language: the word after since/depuis/desde is a time (not a place, "desde casa", "depuis la
maison", nor the subject of a clause, the causal "Since May is busy, …", "Since 2000 users signed
up, …"); a Chinese or Japanese start frame takes no future time word (下个月, 明天, 来月; nor
现在, "from now on"), and one whose time may lie ahead either way ("九月", "4月", "夏") counts only
with the verb's aspect of a state going on (一直, 已经, 了; ています). Closed-class words and frames
per language; pure functions.
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile

_MONTHS_EN = (
    "january|february|march|april|may|june|july|august|september|october|november|december"
    "|spring|summer|autumn|fall|winter|monday|tuesday|wednesday|thursday|friday|saturday|sunday"
)
#: The English "since" with a time ("since May", "since last year", "since 2023", "since then"),
#: whose phrase ends there: punctuation, a new clause's subject or conjunction, a preposition or
#: another time word may follow, not a verb ("Since May is busy") nor a noun ("since 2000 users").
_SINCE_EN = (
    r"\bsince\s+(?:(?:last|early|late|mid|the\s+(?:end|start|beginning|middle)\s+of)\s+)?"
    rf"(?:{_MONTHS_EN}|year|month|week|\d{{4}}|then|yesterday|childhood)\b"
    r"(?=\s*(?:$|[,.;:!?)\-–—]|(?:\d{4}|last|this|ago|already|now|i|i['’](?:ve|m|d)|we|we['’](?:ve|re)"
    r"|you|he|she|they|it|my|our|and|but|so|or|when|because|though|although|while|until|at|in|on"
    r"|for|with|as|to|from|after|before|here|there)\b))"
)
#: The French "depuis" with a time ("depuis septembre", "depuis l'an dernier", "depuis 2019",
#: "depuis trois ans", "depuis que …"), not a place or a thing ("depuis la maison", "depuis Paris").
_DEPUIS = (
    r"\bdepuis\s+(?:janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre"
    r"|décembre|l['’](?:an|année|été|automne|hiver)|le\s+(?:printemps|mois|début|lundi|mardi"
    r"|mercredi|jeudi|vendredi|samedi|dimanche)|la\s+(?:semaine|rentrée|fin)|cette\s+année"
    r"|ce\s+(?:mois|matin)|mon\s+enfance|ma\s+jeunesse|hier|avant-hier|longtemps|toujours|peu|lors"
    r"|que|qu['’]|\d|(?:un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|quelques|plusieurs"
    r"|des)\s+(?:ans?|années?|mois|semaines?|jours?))"
)
#: The Spanish "desde" with a time ("desde marzo", "desde el año pasado", "desde hace dos años",
#: "desde que …", "desde niño"), not a place or a thing ("desde casa", "desde mi móvil").
_DESDE = (
    r"\bdesde\s+(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre"
    r"|noviembre|diciembre|el\s+(?:año|mes|verano|invierno|otoño|lunes|martes|miércoles|jueves"
    r"|viernes|sábado|domingo|principio|comienzo|inicio)\b|la\s+(?:semana|primavera)|este\s+(?:año|mes)"
    r"|principios|finales|ayer|anoche|hace|siempre|entonces|que|niñ[oa]|pequeñ[oa]|\d)"
)
#: The German "seit" is a time preposition only ("seit März", "seit letztem Jahr").
_SEIT = r"\bseit\b"
_DATED_WORDS = lazy_compile(rf"{_SINCE_EN}|{_DEPUIS}|{_DESDE}|{_SEIT}", re.IGNORECASE)

#: Chinese "from <time> on" (从去年开始, 从九月起) and "since" (去年以来); Japanese "<time>から".
_FROM_ZH = lazy_compile(r"从([^，。！？,.!?；;]{1,8}?)(?:开始|(?<!一)起)|以来")
_FROM_JA = lazy_compile(
    r"(去年|昨年|一昨年|おととし|先月|先週|昨日|前|昔|子供の頃|小さい頃"
    r"|今年|今月|今週|[0-9０-９]+月|[0-9０-９]+年|[春夏秋冬])から"
)
#: Times that lie behind ("去年", "上个月", "先月"): a start there is a state going on now.
_PAST_ZH = lazy_compile(
    r"去年|前年|上(?:个)?(?:月|周|星期|礼拜|学期)|昨天|前天|小时候|小|[0-9０-９]+年|大学|高中"
)
_PAST_JA = frozenset(
    ("去年", "昨年", "一昨年", "おととし", "先月", "先週", "昨日", "前", "昔", "子供の頃", "小さい頃")
)
#: Times ahead, and "now" / "today" (a resolution from now on): a plan, no state begun.
_AHEAD_ZH = lazy_compile(
    r"下(?:个)?(?:月|周|星期|礼拜|学期|季度|半年)|明(?:天|年|早|晚)|后(?:天|年)|今后|以后|将来|未来|现在|今天|此刻"
)
#: A state going on (zh durative or perfective aspect; ja て/でいる forms), in the rest of the
#: sentence: what decides a start whose time may lie ahead either way ("九月", "4月", "夏").
_GOING_ON_ZH = lazy_compile(r"一直|已经|至今|到现在|了")
_GOING_ON_JA = lazy_compile(r"[てで](?:い(?:ます|る|た|ました)|る|た)")
_SENTENCE_END = lazy_compile(r"[。！？!?\n]")


def _rest(text: str, end: int) -> str:
    """``text`` from ``end`` to the end of its sentence."""
    stop = _SENTENCE_END.search(text, end)
    return text[end : stop.start() if stop else len(text)]


def _spans(text: str) -> list[tuple[int, int]]:
    """The spans of ``text``'s dated starts (see the module docstring)."""
    spans = [m.span() for m in _DATED_WORDS.finditer(text)]
    for m in _FROM_ZH.finditer(text):
        when = m.group(1)
        if when is None:  # 以来, "since": always behind
            spans.append(m.span())
        elif not _AHEAD_ZH.search(when) and (
            _PAST_ZH.match(when) or _GOING_ON_ZH.search(_rest(text, m.end()))
        ):
            spans.append(m.span())
    for m in _FROM_JA.finditer(text):
        if m.group(1) in _PAST_JA or _GOING_ON_JA.search(_rest(text, m.end())):
            spans.append(m.span())
    return spans


def dated_start(text: str) -> bool:
    """The statement dates its state from a start in the past or present ("since May", "seit
    März", "depuis septembre", "desde marzo", "从去年开始", "去年から"): a state entered then,
    which goes on; not a plan ("从下个月开始", "4月から働きます")."""
    return bool(_spans(text))


def without_dated_start(text: str) -> str:
    """``text`` with its dated starts (:func:`dated_start`) blanked."""
    for start, end in sorted(_spans(text), reverse=True):
        text = f"{text[:start]} {text[end:]}"
    return text


__all__ = ["dated_start", "without_dated_start"]
