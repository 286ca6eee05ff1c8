"""The subject casual English drops: "Moved to Berlin last month" is "I moved …", "next target is
the CKA" is "my next target …". Read before the shaped profile rules are tried
(:func:`~memscribe.model.embedded.profile_rules.facts_in_clause`).
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile

#: Casual English drops the subject the speaker means: "Moved to Berlin last month", "Switched to
#: Linux in May" (a past verb of change opening the sentence: "I"), "next target is the CKA",
#: "current role is SRE" (a bare noun after a word of time or rank opening a copula: "my").
_ELIDED_I = lazy_compile(
    r"^(?=(?:just |recently |finally |also )?(?:moved|switched|relocated|migrated|changed|started|stopped"
    r"|quit|sold|passed|graduated|joined|gave up)\b)",
    re.I,
)
#: ...not the work at hand: "next step is the deploy", "main issue is the cache".
_ELIDED_MY = lazy_compile(
    r"^(?=(?:next|current|new|latest|main|usual)\s+"
    r"(?!(?:step|task|thing|part|one|question|issue|problem|bug|error|move|item|meeting|call|line|file)s?\b)"
    r"[a-z]+\s+(?:is|are)\b)"
)


def with_elided_subject(clause: str) -> str:
    """``clause`` with the subject casual English drops read before it ("I", "my")."""
    return _ELIDED_MY.sub("my ", _ELIDED_I.sub("I ", clause, count=1), count=1)
