"""The part of a stored quotation an update leaves standing (issue 11).

The extractor quotes a self-statement said in several clauses of one sentence as one memory
('User, in their words: "Je joue du violon et je travaille chez Airbus"',
:func:`memscribe.model.embedded.statements.foreign_statements`). A later update of one of its
facts ("Depuis janvier je travaille chez Thales") supersedes that memory as a whole, and the other
fact (the violin) would leave active memory with it. Each clause is judged here as if it had been
stored alone: the embedded dedup decision (:func:`memscribe.model.embedded.dedup.dedup_decision`)
asked with that clause as the only stored entry. The clauses it keeps beside the candidate are
the part still standing; the clauses it supersedes, or that the candidate says again, are the
part the update covers.

Nothing is written here: the plan turns a remainder into an update in place of the stored memory
(its id and ``created`` kept, the whole previous body archived with the reason).
"""

from __future__ import annotations

from memscribe.lexicon.langs import LANGUAGES as ROWS
from memscribe.lexicon.langs import language_of
from memscribe.model.embedded.text import in_their_words
from memscribe.schemas.memory import MemoryKind
from memscribe.schemas.requests import DedupRequest, ShortlistItem
from memscribe.semantic.updates import own_words

#: How a quoted statement's body ends: the closing quote and the full stop after it.
_QUOTE_END = '".'
#: What a narrowed quotation puts between kept clauses that did not follow one another
#: (:func:`_quoted`): the clauses are read on either side of it, never across.
_ELISION = " … "


def _quotation(body: str) -> tuple[str, str] | None:
    """The user's words a stored quotation ('User, in their words: "…".') quotes and their
    language, or None when ``body`` is no quotation in a language the extractor quotes."""
    from memscribe.model.embedded.statements import LANGUAGES

    body = body.strip()
    quote = own_words(body)
    if quote == body or not quote.endswith(_QUOTE_END):
        return None
    quote = quote[: -len(_QUOTE_END)].strip()
    lang = language_of(quote)
    return (quote, lang) if lang in LANGUAGES and '"' not in quote else None


def quoted_clauses(body: str) -> list[str]:
    """The statement clauses of a stored quotation as the extractor cut them, or []."""
    found = _quotation(body)
    return [] if found is None else _clauses(*found)


def _clauses(quote: str, lang: str) -> list[str]:
    """The statement clauses of ``quote`` (in ``lang``), read in each stretch a narrowing left
    apart (:data:`_ELISION`): a narrowed quotation can be narrowed again."""
    from memscribe.model.embedded.statements import sentence_statements

    return [c for part in quote.split(_ELISION) for c in sentence_statements(part, ROWS[lang], lang)]


def remainder(kind: MemoryKind, candidate: str, slug: str, said: str, stored: ShortlistItem) -> str | None:
    """The body ``stored`` keeps once ``candidate`` supersedes it: its quotation narrowed to
    the clauses the candidate neither updates nor says again; None when it is no quotation of
    several clauses, or the candidate covers all of them (the whole entry is replaced), or none
    (the decision on the whole entry stands)."""
    from memscribe.model.embedded.dedup import dedup_decision
    from memscribe.model.embedded.statements import clause_slug
    from memscribe.relatedness import scores

    found = _quotation(stored.text) if kind == "profile" else None
    if found is None:
        return None
    quote, lang = found
    clauses = _clauses(quote, lang)
    if len(clauses) < 2:
        return None
    texts = [in_their_words(c) for c in clauses]
    kept: list[str] = []
    for n, (clause, text, score) in enumerate(zip(clauses, texts, scores(candidate, texts), strict=True)):
        item = ShortlistItem(
            id=f"{stored.id}-{n}",
            slug=clause_slug(clause, lang),
            text=text,
            created=stored.created,
            score=min(max(score, 0.0), 1.0),
        )
        request = DedupRequest(kind=kind, slug=slug, text=candidate, shortlist=(item,), said=said)
        if dedup_decision(request).action == "keep_both":
            kept.append(clause)
    if not kept or len(kept) == len(clauses):
        return None
    return in_their_words(_quoted(quote, clauses, kept))


def _quoted(quote: str, clauses: list[str], kept: list[str]) -> str:
    """The kept clauses as the user said them: the stretch of the quotation from the first to
    the last when they follow one another, else each clause on its own, elided between."""
    from memscribe.model.embedded.statements import span

    first = clauses.index(kept[0])
    if clauses[first : first + len(kept)] == kept:
        return span(quote, kept)
    return _ELISION.join(kept)


__all__ = ["quoted_clauses", "remainder"]
