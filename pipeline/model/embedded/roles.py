"""A role held at an organisation: "User is a nurse at St Mary's", "User has been a data analyst at
the council". The copula, one indefinite noun phrase and "at"/"for"/"with" an organisation state
where the user works as plainly as "works as … at …" does; filed under the job facet, the
statement meets a stored memory of that facet ("User works as an accountant") and can update it.
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile
from memscribe.semantic.facets import SLUG_HEAD, slug_facet

#: "User is / has been / is now a(n) <one to four words> at|for|with <the|a|an|Name> …".
_ROLE_AT = lazy_compile(
    r"^User(?:'s|\s+is|\s+has\s+been)\s+(?:now\s+|also\s+|currently\s+)?an?\s+(?:[\w-]+\s+){0,3}?[\w-]+"
    r"\s+(?:at|for|with)\s+(?:the\s+|an?\s+)?[\w&'’.-]+",
    re.IGNORECASE,
)
#: ...not a passing or social role ("a guest at", "a regular at", "a member of", "a fan of").
_NOT_A_JOB = lazy_compile(r"\b(?:guest|regular|fan|customer|client|visitor|patient|member|friend)s?\b", re.I)


def role_filed(slug: str, body: str) -> str:
    """``slug`` under the job facet when ``body`` states a role at an organisation and the slug
    names no facet yet; ``slug`` unchanged otherwise."""
    if slug_facet(slug) is not None or not _ROLE_AT.match(body) or _NOT_A_JOB.search(body):
        return slug
    return f"{SLUG_HEAD['work']}-{slug}"
