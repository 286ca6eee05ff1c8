"""A Chinese clause that drops its subject: the speaker's 我 restored where the subject carries
over from the clause before (moved out of :mod:`.profiles`, which reads each sentence's clauses)."""

from __future__ import annotations

from collections.abc import Sequence

from memscribe.lazyre import lazy_compile
from memscribe.model.embedded.text import has_cjk
from memscribe.semantic.updates import someone_else

#: A Chinese clause with the speaker as its subject: 我 opening it, or after a fronted topic
#: ("雅思我已经考过了"), not as the object of a request ("帮我…").
_ZH_SPEAKER_SUBJECT = lazy_compile(r"^[^，,。我]{0,6}?(?<![帮给让替教诉跟和陪叫请])我(?!们)")
#: A Chinese clause opening with an adverb of time, aspect or focus (or the locative 在) and no
#: subject of its own: it goes on about the subject of the clause before ("我上个月辞职了，现在在上海…").
_ZH_SUBJECTLESS = lazy_compile(
    r"^(?:现在|已经|目前|如今|今年|去年|上个月|这个月|最近|一直|平时|每天|每周|后来|正在|也|还|又|都|在(?!这|那|哪))"
    # ...and no subject of its own after the adverb: a demonstrative, a pronoun, or the existential
    # 有 ("现在这个固件里有个缓冲区": the firmware is the subject)
    r"(?!这|那|有|没有|他|她|它|你|我们|大家)"
)


#: A Chinese sentence opening with no subject on how things stand, a habit or where one is
#: ("平时在家办公", "一直用安卓", "现在在深圳上班"): not a step done ("已经装了…"), a passing
#: activity ("最近在追…", "正在…"), nor a word that needs a subject said before ("也", "还").
_ZH_STANDING_OPEN = lazy_compile(
    r"^(?:一直|平时|每天|每周|(?:现在|目前|如今)?在(?!这|那|哪))(?!这|那|有|没有|他|她|它|你|我们|大家)"
)


#: A referent brought in by a numeral and a classifier at the end of a clause ("一只柯基", "两个孩子").
_ZH_INTRODUCED = lazy_compile(r"[一两二三四五六七八九十几]\s*[只个条头位辆台本套盆匹]\S{0,6}$")


#: A clause that only says how long the one before has held ("已经五年了", "三年多了", "快两个月了"):
#: an adjunct of that clause, with no predicate of its own to say of the speaker.
_ZH_DURATION_TAG = lazy_compile(
    r"^(?:已经|都|快|差不多|有)?(?:[一两二三四五六七八九十百几半\d]+|好几)(?:多)?(?:个)?"
    r"(?:年|月|周|星期|礼拜|天|小时)(?:多|左右)?了?[。！!]?$"
)


def with_dropped_subject(clauses: Sequence[str]) -> list[str]:
    """``clauses`` with the speaker's 我 restored on a Chinese clause that drops it (the subject
    carried over from the clause before, as Chinese does)."""
    out: list[str] = []
    speaker = False
    for number, clause in enumerate(clauses):
        if _ZH_SPEAKER_SUBJECT.match(clause):
            # a clause that brings in a new referent by count ("我养了一只柯基") hands the dropped
            # subject of the next one to it ("最近老是掉毛": the dog), not to the speaker; nor does
            # a clause whose subject is one of "my" people ("我女儿是老师，现在在上海工作")
            speaker = not _ZH_INTRODUCED.search(clause) and not someone_else(clause)
        elif number == 0 and has_cjk(clause) and _ZH_STANDING_OPEN.match(clause):
            # the user's sentence opens with no subject, on how things stand: the speaker's
            clause = f"我{clause}"
            speaker = True
        elif speaker and has_cjk(clause) and _ZH_DURATION_TAG.match(clause):
            pass  # "我做运维，已经五年了": how long the clause before has held, no fact of the speaker's
        elif speaker and has_cjk(clause) and _ZH_SUBJECTLESS.match(clause):
            clause = f"我{clause}"
        else:
            speaker = False
        out.append(clause)
    return out


def continues_subject(clause: str) -> bool:
    """``clause`` has no subject of its own and goes on about the subject of the clause before
    ("现在在上海工作" after "我是老师")."""
    return bool(_ZH_SUBJECTLESS.match(clause))


__all__ = ["continues_subject", "with_dropped_subject"]
