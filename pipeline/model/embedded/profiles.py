"""Profiles of one user turn: standing instructions, shaped rules, and (in a conversation) plain statements."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from memscribe import lexicon
from memscribe.lazyre import lazy_compile
from memscribe.lexicon.caseless import caseless_hit
from memscribe.lexicon.langs import language_of
from memscribe.model.embedded.chat import (
    PLAIN_MIN_CONTENT,
    WISH,
    favourite_named_first,
    gives_reason,
    hedge_apart,
    lead_dropped,
    not_a_fact,
    owned_statement,
    plain_statement,
    possessive_statement,
    statement_part,
    wish_statement,
)
from memscribe.model.embedded.clause_shape import foreign_narration, in_progress
from memscribe.model.embedded.coderules import code_rules_in_turn
from memscribe.model.embedded.consequence import consequences
from memscribe.model.embedded.directives import directive, directive_slug, names_standing
from memscribe.model.embedded.former import left_beside_now, now_after_former
from memscribe.model.embedded.fronting import dated_in_life
from memscribe.model.embedded.holds_now import holds_now
from memscribe.model.embedded.places import place_fact, place_in_role
from memscribe.model.embedded.profile_rules import Fact
from memscribe.model.embedded.rule_openings import rule_fact
from memscribe.model.embedded.statements import LANGUAGES as FOREIGN
from memscribe.model.embedded.statements import foreign_statements
from memscribe.model.embedded.stating import may_state, shaped
from memscribe.model.embedded.text import (
    MAX_VALUE_CHARS,
    has_cjk,
    has_secret,
    split_clauses,
    split_sentences,
    value_of,
)
from memscribe.model.embedded.zh_subject import with_dropped_subject
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.schemas.transcript import Turn
from memscribe.semantic.updates import change_cue
from memscribe.textsim import content_tokens

#: In a working session, a first-person clause about the work at hand rather than the speaker: an
#: activity in progress ("I'm setting up …"), a wish about the task ("I want …"), a thing the
#: conversation points at ("I mix them up"), or a state with an end ("on call until Friday").
_TASK_TALK = lazy_compile(
    r"^\W*(?:\w+\s+){0,2}?(?:I'm|I\s+am|we're|we\s+are)\s+(?:\w+ly\s+|just\s+|still\s+|now\s+)?\w+ing\b"
    r"|\b(?:want|wants|wanted|trying|try|need|needs)\b|\bthem\b|\buntil\b|\b(?:upgraded|installed|ran|tried"
    r"|fixed|broke|deleted|changed|pushed|merged|deployed|touched)\b",
    re.IGNORECASE,
)
#: A want in the first person ("I want to …", "I really want to …"); in a session where the user
#: asks the other side for help it is the goal of the asks, not a standing aspiration (a life
#: aspiration is taken before: :func:`~memscribe.model.embedded.chat.wish_statement`).
_WANTS_TO = lazy_compile(r"^I\s+(?:\w+ly\s+|just\s+|also\s+|really\s+)*want\s+to\b", re.I)


def asks_for_help(turns: Sequence[Turn]) -> bool:
    """Some user turn of ``turns`` asks the other side to do something for the user."""
    return any(is_user_speech(t) and _asks(t.text) for t in turns)


def asking_turns(turns: Sequence[Turn]) -> set[int]:
    """The indexes of the user turns of ``turns`` that ask the other side for help (each turn read
    once: :func:`asks_for_help` is whether there is one, ``asks`` of :func:`profiles_from_turn`)."""
    return {t.index for t in turns if is_user_speech(t) and _asks(t.text)}


#: Leaving something behind: what it names is the old value, not a fact about the user now...
_LEFT_BEHIND = lazy_compile(r"\b(?:left|quit|cancell?ed|stopped|sold|gave\s+up|ditched|dropped)\b", re.I)
#: ...unless it names what replaced it ("ditched Jira for Linear", "left Google for a startup").
_FOR_NEW = lazy_compile(r"\b(?:for|in\s+favou?r\s+of)\s+\w", re.I)


def _task_talk(clause: str) -> bool:
    """In a working session, ``clause`` talks about the work at hand (:data:`_TASK_TALK`) or names
    only what was left behind; leaving one thing for another, dated on a life's scale ("I ditched
    Jira for Linear in January"), is a change of the user's and names its new value."""
    if _TASK_TALK.search(clause):
        return True
    left = _LEFT_BEHIND.search(clause)
    if left is None:
        return False
    return not (_FOR_NEW.search(clause, left.end()) and dated_in_life(clause))


#: The turn asks the other side to do something for the user: "can you draft …", "help me …".
_ASKS_FOR_HELP_RE = (
    r"\b(?:can|could|would|will)\s+you\s+(?!believe|imagine|tell\s+me\s+about)\w+|\bplease\b|\bhelp\s+me\b"
    r"|\bi\s+need\s+(?:you|help|a|an|some|\d+|one|two|three|four|five)\b"
)
_ASKS_FOR_HELP = lazy_compile(_ASKS_FOR_HELP_RE, re.IGNORECASE)
#: :data:`_ASKS_FOR_HELP` case-sensitive, for :func:`~memscribe.lexicon.caseless.caseless_hit`.
_ASKS_FOR_HELP_LOWER = lazy_compile(_ASKS_FOR_HELP_RE)
#: A word every match of :data:`_ASKS_FOR_HELP` holds, one per alternative (lower case).
_ASKS_WORDS = ("you", "please", "help", "need")


def _asks(text: str) -> bool:
    """``text`` asks the other side to do something for the user (:data:`_ASKS_FOR_HELP`)."""
    return caseless_hit(_ASKS_FOR_HELP, _ASKS_FOR_HELP_LOWER, text, _ASKS_WORDS)


_ZH_QUESTION = lazy_compile(r"[?？]|吗|呢|多少|怎么|什么|哪")


#: A turn's standing instructions and the numbers of the sentences they came from.
Directives = tuple[list[ProfileCandidate], set[int]]
#: :func:`directives_in_turn` per (turn index, text), kept by a caller that asks twice (the
#: conversation check, then each turn's profiles), with the turn's sentences they were read from.
KnownDirectives = dict[tuple[int, str], tuple[list[ProfileCandidate], set[int], list[str]]]


def directives_in_turn(
    turn: Turn, known: KnownDirectives | None = None, sentences: list[str] | None = None
) -> Directives:
    """The turn's standing instructions (each sentence's, or its code rules) and the sentences used;
    a fresh copy when ``known`` holds them already. ``sentences``: the turn's
    :func:`~memscribe.model.embedded.text.split_sentences`, when the caller has them."""
    key = (turn.index, turn.text)
    if known is not None and key in known:
        out, used, _ = known[key]
        return list(out), set(used)
    if sentences is None:
        sentences = split_sentences(turn.text)
    found = _directives_in_turn(turn, sentences)
    if known is not None:
        known[key] = (list(found[0]), set(found[1]), sentences)
    return found


def turn_sentences(turn: Turn, known: KnownDirectives | None) -> list[str]:
    """The turn's sentences (:func:`~memscribe.model.embedded.text.split_sentences`), split once:
    those ``known`` kept when its directives were read."""
    seen = None if known is None else known.get((turn.index, turn.text))
    return split_sentences(turn.text) if seen is None else seen[2]


def _directives_in_turn(turn: Turn, sentences: list[str]) -> Directives:
    out, used = code_rules_in_turn(turn, sentences)
    # a sentence gives a directive only where it or a neighbour names a standing rule: a turn
    # naming none (its sentences joined hold every neighbourhood) is not read sentence by sentence
    if not names_standing(" ".join(sentences)):
        return out, used
    for i, sentence in enumerate(sentences):
        if i in used:
            continue
        context = " ".join(sentences[max(0, i - 1) : i + 2])
        rule = directive(sentence, context)
        if rule is None:
            continue
        used.add(i)
        body = f"User's standing instruction: {rule[:MAX_VALUE_CHARS].rstrip(' ,;')}."
        out.append(
            ProfileCandidate(
                slug=directive_slug(rule), ttl="one_year", body=body, evidence_turns=[turn.index]
            )
        )
    return out, used


def profiles_from_turn(
    turn: Turn,
    *,
    correction_turn: bool,
    conversation: bool = False,
    known: KnownDirectives | None = None,
    asked: bool = False,
    asks: bool | None = None,
) -> list[ProfileCandidate]:
    """The profiles of ``turn`` and the place of a role or business said in one (:func:`with_places`);
    ``asked``: the user asks the other side for help somewhere in the session (:func:`asks_for_help`);
    ``asks``: ``turn`` itself does (:func:`asking_turns`), None when the caller has not read it."""
    found = _profiles_from_turn(
        turn, correction_turn=correction_turn, conversation=conversation, known=known, asked=asked, asks=asks
    )
    return with_places(found)


def with_places(found: list[ProfileCandidate]) -> list[ProfileCandidate]:
    """``found`` and, after a statement of the user's role or work that names where ("I'm a teacher
    in Freiburg"), the place as a fact of its own (:mod:`places`), once per place."""
    out = list(found)
    said = {c.body for c in found}
    for c in found:
        place = place_in_role(c.body)
        if place is None:
            continue
        slug, body = place_fact(place)
        if body not in said:
            said.add(body)
            out.append(ProfileCandidate(slug=slug, ttl=c.ttl, body=body, evidence_turns=c.evidence_turns))
    return out


def _profiles_from_turn(
    turn: Turn,
    *,
    correction_turn: bool,
    conversation: bool = False,
    known: KnownDirectives | None = None,
    asked: bool = False,
    asks: bool | None = None,
) -> list[ProfileCandidate]:
    if language_of(turn.text) in FOREIGN:
        # a correction's statements are about the work, unless their sentence reports a change in
        # the user's own life ("das Auto hab ich im März verkauft, ich mach inzwischen alles mit dem
        # Lastenrad"; "depuis que le labo a abandonné R, je fais tout avec pandas"): that is what
        # the assistant had wrong, and it holds beyond the task
        return foreign_statements(turn, changes_only=correction_turn)
    out: list[ProfileCandidate] = []
    used: set[int] = set()
    sentences = turn_sentences(turn, known)
    latin = not has_cjk(turn.text)
    if not correction_turn and latin:
        out, used = directives_in_turn(turn, known, sentences)
    plain = conversation and latin
    # in a working session a plain first-person statement counts too, unless it talks about the task
    working = not conversation and not correction_turn and latin
    # "I'm baking bread tomorrow … can you scale the recipe?": the day is the task's, not the
    # user's lasting circumstance; said as news in a chat ("my divorce is final tomorrow") it is news
    dated_task = not conversation or (_asks(turn.text) if asks is None else asks)
    for number, sentence in enumerate(sentences):
        if number in used:
            continue
        if plain or working:
            sentence = statement_part(sentence)
        if has_cjk(sentence):  # a question tagged on ("…，每天应该喂多少？") leaves the statement
            sentence = "，".join(c for c in re.split(r"[，,]", sentence) if not _ZH_QUESTION.search(c))
        split = split_clauses(sentence)
        clauses = [part for clause in split for part in hedge_apart(clause)] if plain else split
        # in a chat each clause is shaped once, here: none giving a fact, nor can those a hedge
        # leaves (some of them), so the sentence need not be judged (issue 17)
        shapes = {c: shaped(c) for c in clauses} if plain else None
        if not (any(f is not None for f in shapes.values()) if shapes else any(map(may_state, clauses))):
            # none of its clauses can give a fact: nor can those of them a hedge or a former state
            # leaves (a part of them, from "now" on, or some of them), so it need not be judged
            continue
        if not_a_fact(_unwished(split) if plain else sentence, conversation=plain):
            # a hedge reaches forward over what follows it; a former state gives way to what holds now
            clauses = before_hedge(clauses) if plain else now_after_former(clauses)
            if not clauses:
                continue
        facts = _clause_facts(
            sentence,
            clauses,
            correction_turn=correction_turn,
            plain=plain,
            working=working,
            dated_task=dated_task,
            asked=asked,
            shapes=shapes,
        )
        # A sentence holding a secret gives no fact: asked only of one that gives some (the
        # detectors' scan is the costly test, and most sentences give none).
        _carry_announced(facts, turn.text, sentences, number, used)
        if facts and not has_secret(sentence):
            out += [
                ProfileCandidate(slug=f.slug, ttl=f.ttl, body=f.body, evidence_turns=[turn.index])
                for f in facts
            ]
    return out


#: Content words a clause needs besides its hedge to say something of its own ("so I might be
#: doing something wrong"); fewer, it is a tag on what came before ("…, I think", "…, maybe").
OWN_CLAUSE_CONTENT = 2


def _unwished(clauses: Sequence[str]) -> str:
    """A sentence, given as its ``clauses`` (:func:`split_clauses`), with the frame of a life
    aspiration at a clause's opening blanked ("I would love to"): the frame is no hedge
    (:func:`wish_statement`); what is wished may still be."""
    parts = []
    for clause in clauses:
        bare = lead_dropped(clause).strip()
        m = WISH.match(bare)
        parts.append(bare[m.start("rest") :] if m else clause)
    return " , ".join(parts)


def before_hedge(clauses: Sequence[str]) -> list[str]:
    """The clauses of a hedged (or questioning) sentence that stand before its hedge: a hedge
    reaches forward over what follows it, not back over a statement already made ("I am an old
    retired guy, so I might be doing something wrong"). None when the hedge opens the sentence
    ("Maybe it is because I want to be a nurse"), or is a tag on it ("I live in Ohio, I think"):
    a tag takes back what it follows."""
    first = next((i for i, c in enumerate(clauses) if not_a_fact(c, conversation=True)), None)
    if not first:  # None: the hedge spans a clause boundary; 0: it opens the sentence
        return []
    for clause in clauses[first:]:
        if len(content_tokens(lexicon.strip_hedges(clause))) < OWN_CLAUSE_CONTENT:
            return []
    return list(clauses[:first])


def _clause_facts(
    sentence: str,
    clauses: Sequence[str],
    *,
    correction_turn: bool,
    plain: bool,
    working: bool,
    dated_task: bool = False,
    asked: bool = False,
    shapes: Mapping[str, str | None] | None = None,
) -> list[Fact]:
    """The facts of one sentence's clauses (``plain``: a chat; ``working``: a working session;
    ``dated_task``: a clause pinned to one day near now is the occasion of the task at hand;
    ``shapes``: the :func:`~memscribe.model.embedded.stating.shaped` form of some clauses)."""
    facts: list[Fact] = []
    clauses = with_dropped_subject(clauses)
    left = left_beside_now(clauses)
    # in a session of asks, a consequence is drawn for the matter at hand; in a chat it is news
    drawn = consequences(sentence, clauses) if asked or not plain else set()
    for number_in, clause in enumerate(clauses):
        # "我从腾讯离职了，现在在…": what was left is the old value, not a fact now; "…, so I'm
        # usually in bed by 8pm": the effect of a fact kept before it, on the day
        if number_in in left or (number_in in drawn and facts):
            continue
        # "Since May I've been …", "现在我用…": the subject first; a run of words no English puts
        # together is no clause, a first-person one after it is
        form = shapes[clause] if shapes is not None and clause in shapes else shaped(clause)
        if form is None or (has_cjk(form) and foreign_narration(form, "zh")):
            continue  # "我又跑了一遍测试": a step of the task
        clause = form
        wish = wish_statement(clause) if plain else None
        if wish is not None:
            facts.append(wish)
            continue
        if not_a_fact(clause, conversation=plain):
            continue
        if dated_task and lexicon.one_day(clause) and not change_cue(clause):
            continue  # the day of the task at hand, not a lasting fact (a change said so still is)
        if asked and plain and _WANTS_TO.match(lead_dropped(clause)):
            continue  # "I want to stop scribbling records in a notebook": in a session of asks, their goal
        third = plain and bool(lexicon.THIRD_PARTY_SUBJECT.match(lead_dropped(clause)))
        fact = None if third else rule_fact(clause, correction_turn=correction_turn)
        least = 1 if gives_reason(sentence, clause) else PLAIN_MIN_CONTENT
        if fact is None and plain:
            fact = _chat_fact(clause, third=third, asked=asked, least=least)
        elif fact is None and working and not _task_talk(clause):
            fact = plain_statement(clause, min_content=least)
            if fact is not None and in_progress(fact.body.removeprefix("User "), clause):
                fact = None  # in a working session, an activity under way is the task's
        if fact is None and (plain or (working and not _task_talk(clause))) and not third:
            fact = holds_now(clause)  # "all my homework goes out as Teams assignments now"
        if fact is not None:
            facts.append(_with_replacement(fact, clause, clauses[number_in + 1 : number_in + 2]))
    return facts


def _chat_fact(clause: str, *, third: bool, asked: bool, least: int) -> Fact | None:
    """A chat clause's fact in the shapes people say things about themselves: a relative's
    (``third``: the clause's subject is one), a plain statement (with ``least`` content words), a
    thing of the user's, a favourite named first. With ``asked`` (the user asks the other side for
    help in the session), a relative's fact is the context of the asks, someone else's, and a thing
    of the user's ("my watch does everything I need") is what the asks are about, the task's object:
    neither is news of the user's life."""
    if third:
        return None if asked else possessive_statement(clause)
    fact = plain_statement(clause, min_content=least)
    if fact is not None and asked and in_progress(fact.body.removeprefix("User "), clause):
        return None  # "I'm setting up the dev environment from scratch": the activity the asks serve
    if fact is None and not asked:
        fact = owned_statement(clause)
    return fact or favourite_named_first(clause)


#: A clause stating what holds now with no subject of the speaker's: "it's kotlin everywhere",
#: "it's just a Google Sheet now".
_REPLACEMENT = lazy_compile(r"^(?:now\s+)?(?:it's|it’s|it\s+is|that's|that’s|everything's)\s+\S", re.I)


def _with_replacement(fact: Fact, clause: str, following: Sequence[str]) -> Fact:
    """A fact that reports leaving something (a cessation, a change: "I don't write java at all
    anymore", "I cancelled YNAB in the spring") carries the next clause of its sentence when that
    clause says what holds instead ("…, it's kotlin everywhere"): the update names its new value."""
    if not following or not change_cue(clause) or not _REPLACEMENT.match(following[0]):
        return fact
    instead = value_of(following[0])
    if not instead or len(fact.body) + len(instead) > MAX_VALUE_CHARS:
        return fact
    return Fact(fact.slug, fact.ttl, f"{fact.body.rstrip('.')}; {instead}.")


def _carry_announced(facts: list[Fact], text: str, sentences: list[str], number: int, used: set[int]) -> None:
    """Sentence ``number`` ends at a colon in ``text`` and its last fact reports a change ("我这两个
    月作息彻底变了：每天早上五点半起床…"): that fact carries the next sentence, which is then used."""
    if not facts or number + 1 >= len(sentences):
        return
    sentence = sentences[number]
    at = text.find(sentence)
    if at < 0 or text[at + len(sentence) :].lstrip()[:1] not in (":", "："):
        return
    detail = _detail(facts[-1], sentences[number + 1])
    if detail is not None:
        facts[-1] = detail
        used.add(number + 1)


def _detail(fact: Fact, following: str) -> Fact | None:
    """A fact reporting a change ("作息彻底变了", "my routine changed") carries the sentence its
    colon announces, which says what holds now, often with no subject of its own ("每天早上五点半
    起床跑步"). None when the fact reports no change, or the two would be too long for one memory."""
    if not change_cue(fact.body) or has_secret(following):
        return None
    detail = following.strip().rstrip("。.!！")
    if has_cjk(detail):
        body = f"{fact.body.rstrip('。.')}：{detail}。"
    else:
        body = f"{fact.body.rstrip('.')}: {value_of(detail)}."
    return Fact(fact.slug, fact.ttl, body) if len(body) <= MAX_VALUE_CHARS else None


def is_user_speech(turn: Turn) -> bool:
    return turn.role == "user" and turn.kind == "message"


def is_assistant(turn: Turn) -> bool:
    return turn.role == "assistant" and turn.kind in ("message", "tool_call")


def conversation(turns: Sequence[Turn], known: KnownDirectives | None = None) -> bool:
    """A plain conversation: no tools, no system instructions, no code from the assistant, and
    no standing instruction from the user (a mentor's coding rules make a working session).

    There people say what they are, have and do in any shape; in a working session (an agent with
    tools, an assistant set up by a system prompt or writing code) a first-person sentence is far
    more often about today's task ("I'm setting up a new laptop"), so only the shaped rules apply.
    """
    for t in turns:
        if t.kind in ("tool_call", "tool_result") or t.tool_calls or t.role in ("tool", "system"):
            return False
        if t.role == "assistant" and "```" in t.text:
            return False
    # a user who gives the other side standing instructions is working with them, not chatting
    return not any(
        is_user_speech(t) and not has_cjk(t.text) and directives_in_turn(t, known)[0] for t in turns
    )
