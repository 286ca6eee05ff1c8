"""The embedded answer to ``dedup``: supersede a stored fact the new one updates, drop a
restatement, keep anything else.

The shortlist (:mod:`memscribe.relatedness`) brings the stored entries on the candidate's topic
(slugs, lexical and offline semantic similarity); the decision reads the statements' structure
(:mod:`memscribe.semantic.updates`):

* **update** — the stored entry is superseded when
  1. it is on the candidate's slug topic (``home-city`` / ``home-city-berlin``), the value
     changed (each text says something the other does not, or the polarity flipped), and the
     two values cannot both hold (:func:`dedup_slot.one_value`: a change reported, a
     single-valued facet, a value class, a count, a named slot, a denial): one slug often files
     several values at once ("allergic to peanuts" / "… to shellfish", both ``allergy``); or
  2. the candidate reports a change (a change cue) and it, or what the user said with it, names
     the stored value as left behind ("switched *from Android*", "cancelled *YNAB*", "don't
     write *Java* anymore"; "I left *Fintastic* … I'm at Verdant Grid now"); or
  3. the candidate reports a change (a change cue in its words, or the time its state began, in
     its words or its clause of the user's sentence: "I've worked as a paramedic since last
     year", a dated start of :mod:`memscribe.semantic.dated`), the stored entry is the best
     related one with strong topic evidence (shared content words, or a semantic score of
     STRONG_TOPIC_SCORE; or, across languages, a semantic score of CROSS_LANGUAGE_TOPIC_SCORE
     and a name the entry lacks), or the
     entry the user's English sentence of the candidate is most related to, at STRONG_TOPIC_SCORE
     (:func:`dedup_scope.said_topic`: "… cross IELTS off my list, I got an 8.0 overall" / "is
     preparing for the IELTS exam"), and the value changed ("started drinking coffee again" /
     "avoids caffeine"), unless the change is of a narrower state: with a person the entry does
     not name, or the end of another activity on its thing ("stopped buying coffee at the
     station" / "drinks coffee"), or when the one change reported is a start of another thing
     beside an entry that is no lack and of no single-valued facet ("started playing the
     guitar" / "plays the piano", "has played the guitar since January":
     :func:`dedup_compare.begins_beside`);
  4. a rule whose quoted values changed on the same shape ("names start with 'e_'" → "'f_'");
  5. the best entry states the same proposition with the opposite polarity ("when working
     remotely, never use a VPN" / "start using a VPN whenever you work remotely");
  7. the candidate reports a change in another language than the stored entry, and what the
     user said with it names the entry's names ("Ich bin inzwischen auf Linux umgestiegen …
     Windows ist runter" / "develops on Windows 11 with PowerShell"): the entry naming most of
     them, one only (words in two languages show neither topic nor value otherwise);
  8. the candidate, or what the user said with it, reports a change, and the candidate (or, when
     it names none, the clauses of its part of the user's sentence) names a member of a value
     class (phone, operating system, browser, editor, diet) that the best entry naming another
     member does not ("on an iPhone now" / "uses an Android phone"; "started eating fish again,
     so pescatarian recipes are fine now" / "is vegetarian");
  6. the candidate, or what the user said with it, reports a change on a single-valued facet
     (where the user lives or works, :mod:`memscribe.semantic.facets`) and the best entry of
     that facet holds another value ("j'ai déménagé à Montréal" / "lives in Lyon"), or is in
     another script and the candidate's own words report the change.
* **restatement** — no change cue, the same polarity, no value that differs (a number, a name in
  one slot: :func:`memscribe.semantic.changed.value_differs`), and the best entry says it already: a
  lexical similarity of at least RESTATEMENT_SCORE, a semantic one of at least
  SEMANTIC_RESTATEMENT, or one text's words all found in the other's (``Mac`` / ``macOS``); or a
  state said to go on, in another language, naming a name of the best entry ("ich bleibe bei
  Figma" / "designs in Figma": :func:`dedup_scope.continued_across_languages`).
* **newer statement of a topic** — last, with no change the words show and no restatement: an
  entry on the candidate's slug topic whose statement is comparable is superseded by it, unless
  the candidate adds a value ("also", "too"), goes on as before, tells a past state, adds a role
  at work, or denies another value (the ``topical`` list below), and, as for rule 1, only where
  both cannot hold (:func:`dedup_slot.one_value`). It decides few supersessions (1 of
  authored-dev's 26, none of authored-val's 18, measured in session 35).
* anything else is another fact: both are kept. Wrongly archiving a true memory costs more than
  keeping a stale one, so the update rules 1–8 need the topic and a changed value.

The tests of one candidate against one entry (and the thresholds) are in
:mod:`memscribe.model.embedded.dedup_compare`; rules 6–8, read from the whole shortlist, in
:mod:`memscribe.model.embedded.dedup_rules`.
"""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile
from memscribe.model.embedded import dedup_scope
from memscribe.model.embedded.aspect import (
    bounded,
    continued,
    denies_other,
    goal_after_completion,
    goes_on_beside,
    irrealis,
)
from memscribe.model.embedded.dedup_compare import (
    SEMANTIC_RESTATEMENT,
    STRONG_TOPIC_SCORE,
    another_facet,
    another_thing,
    begins_beside,
    comparable,
    contradicts,
    facet_beside,
    narrower_change,
    one_topic,
    other_subject,
    renamed_across_languages,
    restates,
    value_changed,
    value_kept,
    value_moved,
    wholly_left_behind,
)
from memscribe.model.embedded.dedup_rules import (
    class_update,
    facet_update,
    named_across_languages,
    restated_across_scripts,
)
from memscribe.model.embedded.dedup_slot import one_value
from memscribe.model.embedded.directives import literal_values, rule_shape
from memscribe.schemas.candidates import DedupDecision
from memscribe.schemas.requests import DedupRequest
from memscribe.semantic.dated import dated_start
from memscribe.semantic.facets import other_sleep_end, statement_facets
from memscribe.semantic.frames import bounded_stay, week_bound
from memscribe.semantic.pursuit import completes
from memscribe.semantic.relations import another_relation, lacks
from memscribe.semantic.updates import (
    acquired_head_lacked,
    acquired_what_was_lacked,
    acquires,
    additive,
    change_cue,
    former_state,
    names_left_behind,
    negated,
    own_words,
    reports_change,
    same_polarity,
)


def _updated(request: DedupRequest) -> list[str]:
    """Ids of the shortlisted entries the candidate updates (rules 1–5 of the module docstring)."""
    from memscribe.relatedness import same_topic

    new = request.text
    # a former state alone ("used to live in Paris as a student") is no new value: only what it
    # names as former is left behind
    cue = reports_change(new)
    # A value added beside those held ("also has a hamster") replaces none by topic alone; only
    # a value named as left behind, or a single-valued facet (rule 6), is replaced then. The
    # user's English sentence of it says so too where the candidate lost the word ("I now
    # volunteer at the food bank too" / "User now volunteers at the food bank"; the Chinese 也
    # of "Vuex 也换成了 Pinia" is of the change, not the value).
    adds = additive(new) or dedup_scope.added_in_english(new, request.said)
    past = (former_state(new) and not cue) or dedup_scope.uncued_work(new, request.said)
    past = past or ("work" in statement_facets(new) and dedup_scope.added_role(new, request.said))
    top = request.shortlist[0]
    ids: list[str] = []
    # the value's type picks the entry: a device named beside another device's entry updates that
    # one, not a job filed under the same slug topic ("Au boulot j'ai maintenant un MacBook Pro")
    by_class = [] if adds else class_update(request, cue)
    said_top = dedup_scope.said_topic(request, STRONG_TOPIC_SCORE) if cue else None
    # Rule 3's change may be said in the user's clause of the candidate only, or as the time its
    # state began: "I've been at ASML as a software engineer since May" for "User has been at
    # ASML as a software engineer" (a dated start: :mod:`memscribe.semantic.dated`)
    clause, clause_cue = _clause(request)
    for s in request.shortlist:
        # "Google Docs" is not "Google": a longer name is another thing, whatever the words share
        named = not another_thing(request, s.text)
        behind = (
            named
            and change_cue(new)
            and (
                names_left_behind(new, s.text)
                or names_left_behind(request.said, s.text)
                or wholly_left_behind(new, s.text)
            )
        )
        if behind and not negated(s.text) and comparable(new, s.text):
            # the stored value is named as left behind ("replaced MySQL with Postgres" / "uses
            # MySQL"): a change, though every word of the stored text is in the new one
            ids.append(s.id)
            continue
        if not (value_changed(new, s.text) or value_moved(new, s.text)):
            continue
        if (
            (
                same_topic(request.slug, s.slug)
                and not adds
                and not past
                and (s.id in by_class or not by_class)
                and not denies_other(new, s.text)
                # another value beside the stored one ("allergic to shellfish" / "… to peanuts",
                # both filed as ``allergy``) replaces it only where both cannot hold
                and one_value(request, s, clause, clause_cue)
            )
            or behind
            or (
                named
                and clause_cue
                and not adds
                and (
                    (s.id == top.id and (one_topic(new, s) or renamed_across_languages(new, s)))
                    or s.id == said_top
                )
                and not value_kept(new, s.text)
                and not narrower_change(new, s.text)
                and not begins_beside(clause, s)
                # a change of a single-valued facet replaces an entry of that facet (rule 6), not
                # one that merely names its value ("now lives in Berlin" / "training for the
                # Berlin marathon")
                and not facet_beside(new, s)
            )
            # the pursuit reached: every name of it is said again, yet it is over
            or (
                named
                and not adds
                and s.id == top.id
                and one_topic(new, s)
                and completes(new, s.text)
                and value_kept(new, s.text)
            )
            # the next goal set once the stored one is reached ("next target is the CKA")
            or (s.id == top.id and goal_after_completion(new, request.said, s.text))
            # a new count, level or time of what the best entry says ("one coffee a day" / "three
            # coffees a day"; "B1 certificate in Spanish" / "Spanish at A2 level"; "up at 6" / "at 7am")
            or (named and not adds and s.id == top.id and one_topic(new, s) and value_moved(new, s.text))
            # a thing acquired turns the stored lack of it, in any words ("买了一辆车" / "没有车")
            or (s.id == top.id and lacks(s.text) and acquired_head_lacked(new, s.text))
            # a thing bought for somebody else, or a part of another ("a car charger"), does not
            # contradict the stored lack of it
            or (
                s.id == top.id
                and contradicts(new, s.text)
                and not (acquires(new) and not acquired_what_was_lacked(new, s.text))
            )
        ):
            ids.append(s.id)
    ids += facet_update(request, cue, ids)
    if not ids and not adds:
        ids += class_update(request, cue)
    if cue and not ids and not adds:
        ids += named_across_languages(request)
    new_values = _rule_values(new)
    if new_values:
        shape = rule_shape(new)
        ids += [
            s.id
            for s in request.shortlist
            if s.id not in ids
            and _rule_values(s.text)
            and _rule_values(s.text) != new_values
            and rule_shape(s.text) == shape
        ]
    return ids


def _clause(request: DedupRequest) -> tuple[str, bool]:
    """The candidate's own clause of the user's sentence (the candidate where none is found, or
    where it reports a change itself), and whether a change is reported: a change cue in the
    candidate, or the time its state began, in the candidate or that clause. A change cue of the
    clause alone ("Actually I work night shifts at the hospital" for "User works night shifts at
    the hospital") names no value as changed: it may correct what was said in the talk, and a
    value it does name as left behind is rule 2's."""
    new = request.text
    cue = reports_change(new)
    clause = new if cue or not request.said else (dedup_scope.said_clause(new, request.said) or new)
    return clause, cue or dated_start(clause) or dated_start(new)


#: Being somewhere, said with a copula or a locative and no verb of living or working ("User is
#: in Paris", "Ich bin in Paris", "je suis à Paris", "estoy en París", "用户现在在上海…", "東京にいます").
_PRESENCE = lazy_compile(
    r"(?:^\W*User\s+(?:is|was)|\bI['’]m|\bI\s+am)\s+(?:(?:now|currently|still|\w+ly)\s+)?(?:in|at)\b"
    r"|\b(?:bin|ist|sind)\s+(?:\w+\s+)?in\b|\b(?:suis|sommes)\s+(?:\w+\s+)?(?:à|au|en)\b|\best(?:oy|á|amos)\s+(?:\w+\s+)?en\b"
    r"|(?:^用户|我)(?:现在|目前|正|这周|本周)*在|にいます|に来て|に滞在",
    re.IGNORECASE,
)


def journey_presence(new: str, said: str, old: str = "") -> bool:
    """The candidate tells where the user is, not where they live or work (:data:`_PRESENCE`, of
    no single-valued facet), and the user's sentence of it bounds that to a journey or a period
    and names no home or job either ("I'm now in Paris for a conference this week", "我现在在上海
    出差一周"): a stay, whatever "now" it is said with. A move or a new job said beside a trip
    ("I now live in Paris; I found the flat during a visit") is of a facet, and still updates.
    A stored ``old`` that is a presence too (an earlier stay, "User is in Berlin") is no home: the
    new stay replaces it."""
    if statement_facets(new) or not _PRESENCE.search(own_words(new)):
        return False
    if old and _PRESENCE.search(own_words(old)) and not statement_facets(old):
        return False  # the stored fact is a presence too (an earlier stay): the new stay is its update
    return any(
        bounded_stay(s) and not statement_facets(s) and _PRESENCE.search(s)
        for s in [own_words(new), *re.split(r"(?<=[.!?。！？])\s*", said)]
        if s.strip()
    )


def _rule_values(text: str) -> frozenset[str]:
    """The quoted values of a rule (rule 4: "names start with 'e_'"). A statement quoted in the
    user's words ('User, in their words: "ソニーで働いています"') has none: its quotation is the whole
    statement, not a value in it; read as one, every such quote would share the lead's shape and
    update every other ("私はバイオリンを弾いて" archived by "1月から日立で働いています")."""
    return frozenset() if own_words(text) != text else literal_values(text)


def dedup_decision(request: DedupRequest) -> DedupDecision:
    """The embedded dedup answer: supersede what the candidate updates, drop a restatement of
    the best entry, keep anything else."""
    from memscribe.relatedness import qualifies, same_topic

    # Somebody else's fact ("User's dad switched to an iPhone") is compared with theirs only.
    mine = tuple(
        s
        for s in request.shortlist
        if not other_subject(request.text, s.text)
        and not another_facet(request.text, s)
        # another kind of relation to one thing ("likes cats" / "is allergic to cats")
        and not another_relation(request.text, s.text)
        # the other end of the night ("gets up at 6am" / "goes to bed at 11pm")
        and not other_sleep_end(request.text, s.text)
        and not goes_on_beside(
            request.text, request.said, s.text
        )  # "…, mais chez moi c'est toujours le Dell"
        # a stored former state ("used to live in Paris") is past: no value of now replaces it,
        # only a denial of it ("I never lived in Paris")
        and not (
            former_state(s.text) and not former_state(request.text) and same_polarity(request.text, s.text)
        )
    )
    if not mine:
        return DedupDecision(action="keep_both", existing_ids=[], reason="about somebody or something else")
    if len(mine) < len(request.shortlist):
        request = request.model_copy(update={"shortlist": mine})
    top = request.shortlist[0]
    # a stay bounded to a period or a journey ("in Hamburg for a conference this week"; being
    # somewhere on a journey, though said with "now"), or a wish or plan, replaces nothing that
    # holds (goals aside)
    stay = (
        bounded(request.text, request.said)
        or (irrealis(request.text) and not irrealis(top.text))
        or journey_presence(request.text, request.said, top.text)
    )
    # a state said to go on as before restates the best entry (a paraphrase), it updates nothing
    # (with its polarity: "No sigo con Postgres" denies that it goes on)
    if (
        qualifies(top.score, request.slug, top.slug)
        and same_polarity(request.text, top.text)
        and continued(request.text, request.said, top.text)
    ):
        return DedupDecision(action="drop_new", existing_ids=[top.id], reason=f"restates {top.id}: goes on")
    if dedup_scope.continued_across_languages(request.text, request.said, top.text):
        return DedupDecision(
            action="drop_new",
            existing_ids=[top.id],
            reason=f"restates {top.id}: goes on, in another language",
        )
    # a state said of some days of the week only ("works from home on Fridays") is narrower than
    # one said of none ("works at Google"): it replaces nothing of it
    weekly = {s.id for s in request.shortlist if week_bound(request.text, s.text)}
    updated = [] if stay else [i for i in _updated(request) if i not in weekly]
    if updated:
        by_slug = any(same_topic(request.slug, s.slug) for s in request.shortlist if s.id in updated)
        how = f"new value for topic '{request.slug}'" if by_slug else "change reported"
        return DedupDecision(action="supersede_old", existing_ids=updated, reason=how)
    clause, change = _clause(request)
    # the start of another activity restates none held, however alike the two read ("has
    # played the guitar every evening since last year" / "plays the piano every evening")
    if restates(request.text, top) and not (change and begins_beside(clause, top)):
        return DedupDecision(
            action="drop_new", existing_ids=[top.id], reason=f"restates {top.id} (score {top.score:.2f})"
        )
    topical = [
        s.id
        for s in request.shortlist
        if same_topic(request.slug, s.slug)
        and one_value(request, s, clause, change)
        and s.id not in weekly
        and comparable(request.text, s.text)
        and not additive(request.text)
        and not stay
        and not (former_state(request.text) and not reports_change(request.text))  # a past fact
        and not dedup_scope.uncued_work(request.text, request.said)
        and not (
            "work" in statement_facets(request.text) and dedup_scope.added_role(request.text, request.said)
        )
        and not denies_other(request.text, s.text)
    ]
    if topical:
        # Same slug topic, no value change the words show, not a restatement: the newer
        # statement of that topic replaces the older one.
        return DedupDecision(
            action="supersede_old", existing_ids=topical, reason=f"newer statement of topic '{request.slug}'"
        )
    across = restated_across_scripts(request)
    if across:
        return DedupDecision(
            action="drop_new", existing_ids=[across], reason=f"restates {across} in another script"
        )
    return DedupDecision(action="keep_both", existing_ids=[], reason="different facts")


__all__ = [
    "SEMANTIC_RESTATEMENT",
    "STRONG_TOPIC_SCORE",
    "comparable",
    "dedup_decision",
    "names_left_behind",
    "restates",
    "value_changed",
]
