"""A time adverbial fronted before an English clause's subject, put back after the clause.

"Since May I've been a data analyst", "In January we switched to Linear", "Last year I moved to
Lisbon", "As of March I'm salaried": English fronts the time of a change as often as it trails it.
The extractor's rules read a clause that opens with its subject, so the fronted adverbial hid the
whole statement from them. Moved to the end ("I've been a data analyst since May") the clause is
judged exactly as if it had been said in that order: the narration, hedge and one-day rules see the
same words, and the update cues see the time ("since May", "last year").
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile
from memscribe.semantic.updates import change_cue

_MONTH = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|december"
    r"|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)"
)
_SEASON = r"(?:spring|summer|autumn|fall|winter)"
_UNIT = r"(?:days?|weeks?|months?|years?|semesters?|terms?)"
_COUNT = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a\s+few|a\s+couple\s+of|several|\d+)"
_WORD = r"[\w'’-]+"

#: A point in time a change dates from: a month, a year, a season, a span ago or last/this year,
#: "then", or one of the speaker's own events ("my surgery", "our move"). Not a weekday or a day's
#: hour, and not an event of the task ("the last deploy", "the meeting"): those date the task.
_WHEN = (
    rf"(?:(?:early|late|mid)[-\s])?(?:{_MONTH}|\d{{4}}|(?:the\s+)?{_SEASON})(?:\s+\d{{4}})?"
    rf"|(?:last|this)\s+(?:year|month|{_SEASON}|semester|term|{_MONTH})|{_COUNT}\s+{_UNIT}\s+ago|then"
    rf"|(?:my|our)\s+{_WORD}"
)
#: A time adverbial at the opening of a clause, before its first-person subject: since/as of/in
#: such a time, last/this year, … ago, or now, these days; never a clause of its own ("since I
#: moved, …" has a subject: it is left alone).
_FRONTED_TIME = lazy_compile(
    r"^(?P<lead>(?:(?:but|and|so|also|oh|well|actually|anyway|btw|plus)\b[\s,]*)*)"
    rf"(?P<adv>(?:(?:ever\s+)?since|as\s+of|(?:back\s+)?in|starting\s+in)\s+(?:{_WHEN})"
    rf"|(?:last|this|earlier\s+this)\s+(?:year|month|{_SEASON}|semester|term|{_MONTH})"
    rf"|{_COUNT}\s+{_UNIT}\s+ago"
    r"|now|nowadays|these\s+days|currently)"
    r"\s*,?\s+(?P<rest>(?:I|we)(?:['’](?:m|ve|d|re))?\b.*)$",
    re.IGNORECASE,
)


#: Now, said before the subject: it marks the change, and goes after the clause only where
#: nothing else in it does ("Now I'm on Neovim" → "I'm on Neovim now").
_NOW = lazy_compile(r"now|nowadays|these\s+days|currently", re.IGNORECASE)

#: Chinese puts a time word before the subject as often as after it ("现在我用Neovim", "上个月我从
#: 腾讯离职了"): the shaped rules read 我 first, as in "我现在用Neovim".
_ZH_FRONTED_TIME = lazy_compile(
    r"^(?P<adv>(?:现在|目前|如今|最近|平时|今年|去年|前年|上个?月|这个?月|上周|这周|这几年|这两年|这段时间"
    r"|从\S{1,6}?(?:开始|起))[，,]?)(?P<rest>我(?!们).*)$"
)


def time_fronted_last(clause: str) -> str:
    """``clause`` with a time adverbial fronted before its first-person subject moved after the
    clause ("Since May I've been a data analyst" → "I've been a data analyst since May"), or, in
    Chinese, after the subject ("现在我用Neovim" → "我现在用Neovim"); the clause unchanged when it
    opens otherwise."""
    zh = _ZH_FRONTED_TIME.match(clause.strip())
    if zh is not None:
        return f"我{zh.group('adv').rstrip('，,')}{zh.group('rest')[1:]}"
    m = _FRONTED_TIME.match(clause.strip())
    if m is None:
        return clause
    rest = m.group("rest").rstrip(" ,.;:!")
    adv = m.group("adv")
    if _NOW.fullmatch(adv) and change_cue(rest):
        return f"{m.group('lead')}{rest}"  # "Nowadays I run on Thursdays instead": said once is enough
    return f"{m.group('lead')}{rest} {adv[0].lower()}{adv[1:]}"


#: A time on the scale of a life, not of a task: a month, a season or a year ("in April", "last
#: spring", "in 2024", "two months ago", "since March"), never a day, a week or an hour.
_LIFE_TIME = lazy_compile(
    rf"\b(?:(?:in|since|as\s+of|back\s+in)\s+(?:{_WHEN})|(?:last|this)\s+(?:year|month|{_SEASON}|{_MONTH})"
    rf"|{_COUNT}\s+(?:months?|years?)\s+ago)\b",
    re.IGNORECASE,
)


def dated_in_life(clause: str) -> bool:
    """``clause`` dates what it tells on the scale of a life (:data:`_LIFE_TIME`)."""
    return _LIFE_TIME.search(clause) is not None
