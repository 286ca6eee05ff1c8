"""An episode of the session: what the user did or met today, not what holds of them.

A clause anchored within the current day ("this morning", "an hour ago", "at lunch", "since
9am", "vor zehn Minuten", "ce matin", "hace una hora", "さっき", "刚才") or telling an attempt
already made at the work ("I already ran VACUUM", "I tried clearing node_modules twice") narrates
the task's history. A life's time ("last month", "in April", "two years ago") is not the day's:
"I got an 8.0 overall last month" or "my Framework arrived last week" still tell a lasting fact.
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile
from memscribe.model.embedded.fronting import dated_in_life
from memscribe.semantic.updates import change_cue

_COUNT = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|a\s+few|a\s+couple\s+of|\d+)"

#: A time earlier in the current day, in English: what happened then is the day's episode. A
#: state said for today ("I'm learning Rust today") is a short-lived fact, kept with its short life.
_WITHIN_DAY_EN = (
    r"\b(?:this\s+(?:morning|afternoon)|earlier\s+today"
    rf"|{_COUNT}\s+(?:minutes?|mins?|hours?|hrs?)\s+ago|half\s+an\s+hour\s+ago"
    r"|at\s+lunch(?:time)?|all\s+(?:morning|afternoon)|since\s+\d{1,2}(?::\d\d)?\s*(?:am|pm)\b"
    r"|since\s+(?:this\s+morning|lunch|breakfast))\b"
)
#: An attempt at the work already made: "already" before or after a past action, a count of tries.
_ATTEMPT_EN = (
    r"\balready\s+(?:\w+ed|ran|did|made|took|gave|wrote|rebuilt|tried|rolled|bumped|reran|restarted)\b"
    r"|\b(?:tried|ran|restarted|reinstalled|rebooted|cleared|checked|rolled\s+back)\b.*\b(?:already|twice|again)\b"
)
_EPISODE_EN = lazy_compile(rf"{_WITHIN_DAY_EN}|{_ATTEMPT_EN}", re.IGNORECASE)

#: The same times within the day, in the other languages read (minutes or hours ago, this morning).
_EPISODE_OTHER = lazy_compile(
    r"\bvor\s+(?:\w+\s+)?(?:minuten|stunden|einer\s+stunde)\b|\bheute\s+(?:früh|morgen|vormittag|mittag)\b"
    r"|\bil\s+y\s+a\s+\w+\s+(?:minutes?|heures?)\b|\bce\s+matin\b|\bcet\s+après-midi\b"
    r"|\bhace\s+(?:\w+\s+)?(?:minutos?|horas?|un\s+rato)\b|\besta\s+mañana\b"
    r"|さっき|先ほど|今朝|今日の(?:朝|午前|午後)|刚才|刚刚|今早|今天早上|今天上午|今天下午",
    re.IGNORECASE,
)


def episode_of_the_day(clause: str) -> bool:
    """``clause`` tells an episode of the current day or an attempt already made at the work."""
    return bool(_EPISODE_EN.search(clause) or _EPISODE_OTHER.search(clause))


#: The speaker's present progressive ("I'm giving the toast", "we're setting up the office"): an
#: activity under way, not a habit or a state.
_PROGRESSIVE_EN = lazy_compile(
    r"^\W*(?:\w+\s+){0,2}?(?:I['’]m|I\s+am|we['’]re|we\s+are)\s+(?:\w+ly\s+|just\s+|also\s+|still\s+|now\s+)?"
    # a change under way is where the user's life is going: "I'm switching careers", "moving to Leeds"
    r"(?!going\s+to\b|(?:switch|mov|chang|leav|start|retir|relocat|transition|quitt)ing\b)\w{2,}ing\b",
    re.IGNORECASE,
)


def activity_under_way(clause: str) -> bool:
    """``clause`` tells what the speaker is doing now (an English present progressive): in a turn
    that asks for help, the occasion of the request, unless a change or a life's time says it is
    where the user's life is going ("I'm moving to Lisbon in May")."""
    return bool(_PROGRESSIVE_EN.search(clause)) and not change_cue(clause) and not dated_in_life(clause)


def of_the_task(clause: str, *, request: bool) -> bool:
    """``clause`` tells an episode of the day (:func:`episode_of_the_day`) or, in a turn that asks
    for help (``request``), the activity the request is for (:func:`activity_under_way`)."""
    return episode_of_the_day(clause) or (request and activity_under_way(clause))
