"""Whether a text is essentially a secret: storing it, even masked, would keep nothing."""

from __future__ import annotations

from memscribe.lazyre import lazy_compile
from memscribe.redaction.base import MASK_RE, Finding
from memscribe.redaction.combine import find_secrets

#: A candidate is dropped as ``secret_only`` above this share of secret characters.
SECRET_ONLY_FRACTION = 0.5
#: A word: ``[A-Za-z\u00c0-\uffff][A-Za-z\u00c0-\uffff'’-]+``, each class written as its
#: complement (``re`` builds a table of every character of a range within the BMP: the plain
#: form took ~15 ms to compile at start-up, this one ~1 ms; tested equal on every code point).
_WORD = lazy_compile(
    r"[^\x00-@\[-`{-\xbf\U00010000-\U0010ffff][^\x00-&(-,.-@\[-`{-\xbf\U00010000-\U0010ffff]+"
)
_SECRET_TALK = frozenset(
    """key keys token tokens secret secrets password passwords credential credentials api is are the
    a an my our your his her their its of for to set as env value user user's uses has was new
    here it this that and or in on with""".split()
)


def secret_fraction(text: str) -> float:
    """Share (0..1) of the non-space characters of ``text`` that are secrets or existing masks."""
    return _fraction(text, find_secrets(text))


def _fraction(text: str, findings: list[Finding]) -> float:
    total = sum(1 for c in text if not c.isspace())
    if not total:
        return 0.0
    spans = [(f.start, f.end) for f in findings]
    spans += [m.span() for m in MASK_RE.finditer(text)]
    covered: set[int] = set()
    for start, end in spans:
        covered.update(i for i in range(start, end) if not text[i].isspace())
    return len(covered) / total


def _masked(text: str, findings: list[Finding]) -> str:
    """``text`` with each finding masked, as :func:`redact_text` writes it (same spans, same
    type; a mask's ``#n`` numbering does not matter here: every mask is read as a gap)."""
    parts: list[str] = []
    pos = 0
    for f in findings:
        parts += (text[pos : f.start], f"[REDACTED:{f.type}]")
        pos = f.end
    parts.append(text[pos:])
    return "".join(parts)


def is_mostly_secret(text: str) -> bool:
    """True when ``text`` is essentially a secret, so storing it (even masked) is useless.

    Either more than :data:`SECRET_ONLY_FRACTION` of its non-space characters are secrets or
    masks, or it contains a secret and, once masks, variable names (``OPENAI_API_KEY``) and
    secret-talk words ("my", "key", "is") are removed, no ordinary word is left. Works on raw
    or already-redacted text.
    """
    findings = find_secrets(text)  # once: the share and the masked rest both read them
    if _fraction(text, findings) > SECRET_ONLY_FRACTION:
        return True
    if not findings and not MASK_RE.search(text):
        return False
    redacted = _masked(text, findings)
    rest = MASK_RE.sub(" ", redacted)
    words = [
        w
        for w in _WORD.findall(rest)
        if w.lower() not in _SECRET_TALK and not (("_" in w) or (w.isupper() and len(w) > 3))
    ]
    return not words
