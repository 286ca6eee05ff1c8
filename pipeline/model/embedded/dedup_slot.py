"""Whether another value on a stored topic replaces the stored one, or holds beside it (issue 11).

One slug topic often files several values that hold at once: the extractor files "User is
allergic to peanuts" and "User is allergic to shellfish" both as ``allergy``; a person speaks
several languages, has several pets, children, hobbies, instruments and tools. Another value on
the same topic is an update of the stored one only when the two cannot both hold
(:func:`one_value`):

* the user reports a change: a change cue in the candidate, or the time its state began, in
  the candidate or its clause of the user's sentence ("since May":
  :mod:`memscribe.semantic.dated`), unless the one change is the start of another thing beside
  the stored one ("has played the guitar since January" / "plays the piano", "… every evening":
  :func:`dedup_compare.begins_beside`);
* the relation holds one value at a time: a single-valued facet both statements are of (where
  the user lives or works, how they get around, when they sleep: :mod:`memscribe.semantic.facets`),
  a value class both fill with another member (which phone, editor, diet:
  :mod:`memscribe.semantic.values`), a count, level or time of one thing
  (:func:`dedup_compare.value_moved`), or a slot of the user's that a name fills ("User's budget
  app is YNAB" / "… is Actual": :func:`dedup_scope.named_slot`);
* or the new statement says every content word of the stored one again: it denies it ("User
  doesn't eat meat" / "User eats meat"; "doesn't speak French" denies nothing of "speaks
  Spanish"), or holds it and more ("has two kids and a dog" / "has two kids"); or the one word
  each says apart modifies the same thing (:func:`modifier_swapped`: "a full marathon" / "a
  half marathon").

Statements in two languages share no words that could show the same relation said again of
another thing; between them the slug topic decides, as before. Anything else in one language is
a sibling value, kept beside the stored one (the embedded dedup decision's rules
1 and "newer statement of a topic", :mod:`memscribe.model.embedded.dedup`): wrongly archiving a
true memory costs more than keeping a stale one.
"""

from __future__ import annotations

from memscribe.lazyre import lazy_compile
from memscribe.model.embedded.dedup_compare import begins_beside, uncovered, value_moved
from memscribe.model.embedded.dedup_scope import named_slot
from memscribe.model.embedded.directives import literal_values
from memscribe.schemas.requests import DedupRequest, ShortlistItem
from memscribe.semantic.facets import slug_facet, statement_facets
from memscribe.semantic.updates import own_words, same_polarity, spoken_language
from memscribe.semantic.values import other_value

#: A name-like word: a capital or a digit in it ("CSS", "Vue 2"), and the subject it is read past.
_NAME = lazy_compile(r"[^\W\d_]*[A-Z\d][\w+#.-]*")
_SUBJECT = lazy_compile(r"^\W*User(?:['’]s)?\b")
#: A word of a statement, in any script the dedup decision compares by words.
_WORD = lazy_compile(r"[^\W_][\w'’-]*")


def _facets(text: str, slug: str) -> set[str]:
    """The single-valued facets a statement is of, by its words or its slug (not the slug of a
    quotation, which repeats its words: ``about-job-nutze-ich-jetzt``)."""
    facet = None if slug.startswith("about-") and own_words(text) != text else slug_facet(slug)
    return statement_facets(text) | ({facet} if facet else set())


def one_value(request: DedupRequest, item: ShortlistItem, clause: str, change: bool) -> bool:
    """The candidate's value and ``item``'s cannot both hold (see the module docstring), so one on
    ``item``'s slug topic may replace it. ``clause`` is the candidate's part of the user's
    sentence (or the candidate), ``change`` whether it or the candidate reports a change."""
    new, old = request.text, item.text
    if change and not begins_beside(clause, item):
        return True
    if spoken_language(new) != spoken_language(old):
        return True  # words in two languages cannot show the same relation said again: as before
    if _facets(new, request.slug) & _facets(old, item.slug):
        return True
    if other_value(new, old) is not None or value_moved(new, old):
        return True
    slot = named_slot(new)
    if slot is not None and slot == named_slot(old):
        return True
    if _quoted_values(new) and _quoted_values(old) and _quoted_values(new) != _quoted_values(old):
        return True  # a standing rule's quoted value ("start method names with 'a_'" / "'md_'")
    # every content word of the stored statement said again: the new one denies it, or holds it
    # and more ("has two kids and a dog" / "has two kids"), so nothing true is lost; or it denies
    # the stored statement's names ("…, no CSS modules" / "styles components with CSS Modules")
    if not uncovered(old, new) or modifier_swapped(new, old):
        return True
    return not same_polarity(new, old) and _names_said(old, new)


def _quoted_values(text: str) -> frozenset[str]:
    """The quoted values of a rule ("names start with 'e_'"); none for a statement quoting the
    user's own words, whose quotation is the whole statement."""
    return frozenset() if own_words(text) != text else literal_values(text)


def _names_said(old: str, new: str) -> bool:
    """``old`` has names (a capital or a digit past its subject) and ``new`` says each again."""
    from memscribe.textsim import content_tokens

    names = set(content_tokens(" ".join(_NAME.findall(_SUBJECT.sub("", old)))))
    return bool(names) and not any(uncovered(w, new) for w in names)


def modifier_swapped(new: str, old: str) -> bool:
    """One word of each statement differs, and each modifies the same next word: the same thing
    of another kind ("wants to run a *full* marathon" / "… a *half* marathon"), one slot. A
    differing word that ends the statement or its phrase is the thing itself ("allergic to
    *shellfish*" / "… to *peanuts*", "*hiking* in the Alps" / "*skiing* in the Alps"): a sibling."""
    mine, theirs = uncovered(new, old), uncovered(old, new)
    if len(mine) != 1 or len(theirs) != 1:
        return False
    head = _modified(new, next(iter(mine)))
    return head is not None and head == _modified(old, next(iter(theirs)))


def _modified(text: str, word: str) -> str | None:
    """The content word right after ``word`` in ``text`` that ends its phrase (the noun it
    modifies: nothing, or a word of no content, follows it), or None."""
    from memscribe.textsim import content_tokens

    words: list[frozenset[str]] = [frozenset(content_tokens(w)) for w in _WORD.findall(own_words(text))]
    words.append(frozenset())
    for here, after, past in zip(words, words[1:], words[2:], strict=False):
        if word in here:
            return min(after) if len(after) == 1 and not past else None
    return None


__all__ = ["one_value"]
