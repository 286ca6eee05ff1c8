"""The shared lexicon: cues of self-statements, corrections, confirmations and non-facts.

One lower-layer package imported by the gate (cheap, high recall: "could this turn carry a
signal?"), by verify (the playbook chain's confirmation rule, :mod:`.chain`) and by the embedded
extractor (which adds its own, stricter sentence patterns on top).
"""

from __future__ import annotations

from memscribe.lexicon.dialogue import confirmation_signal, correction_signal, give_up_signal, teaches
from memscribe.lexicon.nonfact import (
    THIRD_PARTY_SUBJECT,
    hedge_or_nonfact,
    hedged,
    hedged_or_question,
    is_question_opening,
    one_day,
    strip_hedges,
    unsure_or_question,
)
from memscribe.lexicon.profile import (
    FP_SKIP_ADVERBS,
    NONE,
    STRONG,
    WEAK,
    durable_first_person,
    durable_opening,
    first_person_strength,
    profile_signal,
    profile_strength,
)

__all__ = [
    "FP_SKIP_ADVERBS",
    "NONE",
    "STRONG",
    "THIRD_PARTY_SUBJECT",
    "WEAK",
    "confirmation_signal",
    "correction_signal",
    "durable_first_person",
    "durable_opening",
    "first_person_strength",
    "give_up_signal",
    "hedge_or_nonfact",
    "hedged",
    "hedged_or_question",
    "is_question_opening",
    "one_day",
    "profile_signal",
    "profile_strength",
    "strip_hedges",
    "teaches",
    "unsure_or_question",
]
