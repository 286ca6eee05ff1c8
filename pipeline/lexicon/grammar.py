"""English grammar data: irregular past forms and the closed word classes.

Data, not rules about facts: the embedded extractor asks it whether a word can be the main verb
of a clause (a closed-class word cannot), whether a verb form is a simple past (no third-person
agreement; a past event rather than a state), and whether a run of words is English at all
(function words that cannot stand side by side).
"""

from __future__ import annotations

#: Simple-past forms of the common irregular verbs (the base forms that are their own past, "put",
#: "read", "cut", "let", "set", "cost", "hurt", "split" …, are left out: a habit is the likelier
#: reading of "I read a lot", "I set my alarm for 6am", "I split my time between two cities";
#: :data:`SAME_FORM_PAST` names them, read as a past only beside a time in the past).
IRREGULAR_PAST = frozenset(
    """
    arose awoke was were bore became began bent bit bled blew broke bred brought built burnt
    bought caught chose clung came crept dealt dug did drew dreamt drank drove ate fell fed felt fought
    found fled flung flew forbade forgot forgave froze got gave went ground grew hung had heard hid
    held kept knelt knew laid led leant leapt learnt left lent lit lost made meant met paid proved quit
    ran rang rose said sat saw sought sold sent sewed shook shone shot showed shrank sang sank slept
    slid slung spoke sped spent spun spat sprang stood stole stuck stung stank strode struck strove
    swore swept swam swung took taught tore told thought threw trod understood woke wore wove wept won
    wound wrung wrote
    """.split()
)
#: Base forms that are their own simple past ("I set my alarm for 6am" / "I set it up yesterday").
SAME_FORM_PAST = frozenset(
    "beat bet bid burst cast cost cut hit hurt lay let put read set shed shut split spread thrust".split()
)
#: Prefixes that keep a verb's past form ("reran", "overslept", "mistook", "undertook").
VERB_PREFIXES = ("re", "over", "under", "mis", "out", "with", "up", "fore")

#: Determiners and possessive determiners: a noun phrase follows, never a verb.
DETERMINERS = frozenset(
    "the a an this that these those every each some any no my your his her its our their".split()
)
#: Prepositions that never head a verb phrase ("like", "near", "round", "up" … can be verbs).
PREPOSITIONS = frozenset(
    "of for with at by from to in on into onto about than via among between through during without"
    " within across against toward towards upon despite".split()
)
#: Conjunctions (coordinating and subordinating).
CONJUNCTIONS = frozenset(
    "and or but nor because although though unless whereas whether if when while since so yet".split()
)
#: Fixed prepositional phrases said as an adverb before a verb ("I in fact prefer tabs").
ADVERBIAL_PHRASES = frozenset(
    (
        "of course",
        "in fact",
        "at times",
        "at least",
        "at first",
        "at heart",
        "by default",
        "by nature",
        "by far",
        "for one",
        "for once",
        "for sure",
        "in general",
        "in particular",
        "in practice",
        "in theory",
        "in short",
        "on occasion",
        "as usual",
    )
)
#: Personal pronouns, subject and object.
PRONOUNS = frozenset("i me you he him she it we us they them".split())
#: Adverbs that modify a clause or a verb and are never a verb themselves.
CLAUSE_ADVERBS = frozenset("then again also too there here very not".split())
#: Words that cannot be the main verb of a clause.
CLOSED_CLASS = DETERMINERS | PREPOSITIONS | CONJUNCTIONS | PRONOUNS | CLAUSE_ADVERBS


def same_form_past(word: str) -> bool:
    """``word`` is a base form that is also its simple past ("set", "reset", "upset", "hurt")."""
    low = word.casefold()
    return low in SAME_FORM_PAST or any(
        low.startswith(p) and low[len(p) :] in SAME_FORM_PAST for p in VERB_PREFIXES
    )


def is_simple_past(word: str) -> bool:
    """``word`` is a simple-past form: an irregular one (prefixed or not: "reran", "overslept") or a
    regular -ed (not "-eed": "need", "feed")."""
    low = word.casefold()
    if low in IRREGULAR_PAST:
        return True
    if any(low.startswith(p) and low[len(p) :] in IRREGULAR_PAST for p in VERB_PREFIXES):
        return True
    return len(low) > 3 and low.endswith("ed") and not low.endswith("eed")
