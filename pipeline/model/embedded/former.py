"""A former state said beside the one that holds now: "I used to live in Berlin, now I live in
Munich", "以前我用VS Code，现在我用Neovim".

The former clause makes the whole sentence look like no fact (a past, a "used to"), and the
sentence was refused with it: the clause that states the change, the new value an update needs,
was lost with the old one. Read as two strokes, the old value stays unwritten (it is past) and what
follows it is judged as any clause is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memscribe import lexicon
from memscribe.lazyre import lazy_compile
from memscribe.semantic.updates import change_cue

#: A former state: English "used to", "formerly", "previously", "back then"; Chinese 以前/曾经/之前/原来.
_FORMER = lazy_compile(
    r"\b(?:used\s+to|formerly|previously|in\s+the\s+past|back\s+then|back\s+when)\b|以前|曾经|之前|原来",
    re.IGNORECASE,
)
#: Where a clause turns from the former state to now, within one English clause: ", now …",
#: "but these days …", "and nowadays …".
_TO_NOW = lazy_compile(
    r"(?:[,;]\s*|\s+)(?:(?:but|and|so)\s+)?(?=(?:now|these\s+days|nowadays|currently)\b)", re.IGNORECASE
)


def now_after_former(clauses: Sequence[str]) -> list[str]:
    """The clauses of a refused sentence that follow its opening former state and say what holds
    now ("…, now I live in Munich"); none when the sentence does not open on a former state, when
    nothing after it reports a change, or when what follows is itself hedged or a question."""
    out: list[str] = []
    for number, clause in enumerate(clauses):
        if number == 0:
            former = _FORMER.search(clause)
            if former is None:
                return []
            turn = _TO_NOW.search(clause, former.end())
            if turn is not None:
                out.append(clause[turn.end() :])
            continue
        out.append(clause)
    out = [c for c in out if c.strip()]
    if not any(change_cue(c) for c in out) or any(lexicon.unsure_or_question(c) for c in out):
        return []
    return out


#: A Chinese clause leaving something ("从腾讯离职了", "从北京搬走了", "不再…"): a morpheme of
#: leaving (离, 辞, 退, 搬) after "from" its old value and no destination after it ("从北京搬到了
#: 上海" names the new one), or a cessation.
_ZH_LEFT = lazy_compile(r"从\S{1,12}?(?:离|辞|退|搬)(?![^，,。]*?(?:到|去|进))|不再|已经不|戒了")
#: A Chinese clause of what holds now.
_ZH_NOW = lazy_compile(r"现在|目前|如今")


def left_beside_now(clauses: Sequence[str]) -> set[int]:
    """The numbers of the Chinese clauses that leave something when another clause of the sentence
    says what holds now ("上个月我从腾讯离职了，现在在一家创业公司"): the leaving only names the
    old value, as a cessation beside a new state does in the other languages."""
    if not any(_ZH_NOW.search(c) and not _ZH_LEFT.search(c) for c in clauses):
        return set()
    return {i for i, c in enumerate(clauses) if _ZH_LEFT.search(c) and not _ZH_NOW.search(c)}
