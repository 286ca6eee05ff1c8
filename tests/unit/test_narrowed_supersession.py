"""An update of one fact takes no other fact out of active memory (issue 11).

The embedded extractor quotes a foreign self-statement said in several clauses as one memory
("Je joue du violon et je travaille chez Airbus"); a later update of one clause ("Depuis janvier
je travaille chez Thales") archived the whole quote, and the violin with it. Now the stored memory
is updated in place to the clauses the update leaves standing (its id and ``created`` kept, the
whole previous body archived with the reason). A Japanese quotation (no spaces) was read as a
rule's quoted value (dedup rule 4), so any Japanese quote updated every other one on the
shortlist; a quotation of the user's words is no rule value. English splits the clauses already
and keeps both; a quote of one clause, or all of whose clauses are updated, is still superseded
whole.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from memscribe.kinds.layout import memory_path
from memscribe.model.embedded import EmbeddedModel
from memscribe.model.embedded.dedup import dedup_decision
from memscribe.schemas.candidates import ProfileCandidate
from memscribe.schemas.memory import MemoryEntry
from memscribe.schemas.plan import ArchiveOp, UpdateOp, WriteOp
from memscribe.schemas.requests import DedupRequest, ShortlistItem
from memscribe.services.extract import extract_unscoped
from memscribe.stages.dedup import Accepted
from memscribe.store import open_store
from memscribe.store.root import MemoryRoot
from memscribe.transcript import parse_transcript

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py

DAY1 = dt.datetime(2026, 5, 1, 12, 0, tzinfo=dt.UTC)
DAY2 = dt.datetime(2026, 6, 1, 12, 0, tzinfo=dt.UTC)
VIOLIN_AIRBUS = 'User, in their words: "Je joue du violon et je travaille chez Airbus".'
THALES = 'User, in their words: "Depuis janvier je travaille chez Thales".'
VIOLIN = 'User, in their words: "Je joue du violon".'


def _stored(body: str, *, created: str = "2026-05-01T12:00:00Z", ttl: str | None = None) -> MemoryEntry:
    """A stored profile quoting ``body`` (one id for every test: plans are built against it alone)."""
    return MemoryEntry(
        kind="profile",
        id="prof_old00001",
        path=memory_path("profile", "job-joue-violon", "prof_old00001"),
        slug="job-joue-violon",
        created=created,
        ttl=ttl,
        body=body,
    )


def _narrowing(old: MemoryEntry, body: str, rest: str, *, ttl: str = "one_year") -> Accepted:
    """The dedup stage's outcome for a candidate ``body`` that updates part of ``old``, leaving
    ``rest`` standing."""
    cand = ProfileCandidate(slug="job-new", ttl=ttl, body=body, evidence_turns=[0])
    return Accepted(
        "profile", cand, supersedes=(old.id,), reason="supersede_old: r", narrowed=((old.id, rest),)
    )


def _session(root: Path, said: str, now: dt.datetime) -> list[object]:
    """One session (the user's statement, then a task) extracted into ``root``; its operations."""
    transcript = parse_transcript(
        f"User: {said}\nAssistant: Noted.\nUser: Can you help me with an email?\nAssistant: Sure.\n",
        source="t.txt",
        fmt="text",
    )
    plan = extract_unscoped(open_store(root), transcript, EmbeddedModel(), context_tokens=16000, now=now)
    return list(plan.operations)


def _active(root: Path) -> list[str]:
    return sorted(e.body for e in MemoryRoot(root).entries())


def _archived(root: Path) -> list[str]:
    return sorted(e.body for e in MemoryRoot(root).archived_entries())


@pytest.mark.parametrize(
    ("first", "update", "kept", "old", "new"),
    [
        (
            "Je joue du violon et je travaille chez Airbus.",
            "Depuis janvier je travaille chez Thales.",
            "Je joue du violon",
            "Airbus",
            "Thales",
        ),
        (
            "Ich spiele Geige und arbeite bei Siemens.",
            "Seit Januar arbeite ich bei Bosch.",
            "Ich spiele Geige",
            "Siemens",
            "Bosch",
        ),
        (
            "私はバイオリンを弾いて、ソニーで働いています。",
            "今は日立で働いています。",
            "私はバイオリンを弾いて",
            "ソニー",
            "日立",
        ),
        (  # the clauses left standing on either side of the updated one, elided between
            "Je joue du violon, je travaille chez Airbus et j'ai deux chats.",
            "Depuis janvier je travaille chez Thales.",
            "Je joue du violon … j'ai deux chats",
            "Airbus",
            "Thales",
        ),
        (
            "Je joue du violon et j'habite à Lyon.",
            "J'ai déménagé à Montréal.",
            "Je joue du violon",
            "Lyon",
            "Montréal",
        ),
    ],
)
def test_an_update_of_one_clause_keeps_the_others_active(
    tmp_path: Path, first: str, update: str, kept: str, old: str, new: str
) -> None:
    _session(tmp_path, first, DAY1)
    [stored] = MemoryRoot(tmp_path).entries()
    assert all(k in stored.body for k in kept.split(" … ")) and old in stored.body  # one quotation
    ops = _session(tmp_path, update, DAY2)
    active = _active(tmp_path)
    assert any(kept in b for b in active), active  # the violin is still in active memory
    assert not any(old in b for b in active), active  # the old employer is not
    assert any(new in b for b in active), active
    # the stored memory is updated in place (id and created kept), its whole body archived
    [narrowed] = [op for op in ops if isinstance(op, UpdateOp)]
    assert narrowed.id == stored.id and narrowed.previous_body == stored.body
    assert narrowed.body == f'User, in their words: "{kept}".'
    assert "narrowed" in narrowed.reason and not [op for op in ops if isinstance(op, ArchiveOp)]
    [entry] = [e for e in MemoryRoot(tmp_path).entries() if e.id == stored.id]
    assert entry.created == stored.created
    assert _archived(tmp_path) == [stored.body]
    # the new memory does not claim to replace the memory still standing
    [write] = [op for op in ops if isinstance(op, WriteOp)]
    assert new in write.body and write.supersedes == []


@pytest.mark.parametrize(
    ("first", "update", "words"),
    [
        ("I play the violin and I work at Siemens.", "I now work at Bosch.", ("violin", "Bosch")),
        ("I play the violin and I live in Leeds.", "I moved to York last month.", ("violin", "York")),
    ],
)
def test_english_splits_the_clauses_and_keeps_both(
    tmp_path: Path, first: str, update: str, words: tuple[str, ...]
) -> None:
    _session(tmp_path, first, DAY1)
    assert len(MemoryRoot(tmp_path).entries()) == 2
    ops = _session(tmp_path, update, DAY2)
    active = _active(tmp_path)
    assert all(any(w in b for b in active) for w in words), active
    assert not [op for op in ops if isinstance(op, UpdateOp)]


@pytest.mark.parametrize(
    ("first", "update", "old", "new"),
    [
        ("J'habite à Lyon avec mon mari.", "J'ai déménagé à Montréal.", "Lyon", "Montréal"),
        (
            "Ich arbeite bei Siemens in der Entwicklung.",
            "Seit Januar arbeite ich bei Bosch.",
            "Siemens",
            "Bosch",
        ),
        ("Ich wohne in Köln.", "Seit Mai wohne ich in Bonn.", "Köln", "Bonn"),
        ("ソニーで働いています。", "今は日立で働いています。", "ソニー", "日立"),
    ],
)
def test_a_quote_of_one_clause_is_still_superseded_whole(
    tmp_path: Path, first: str, update: str, old: str, new: str
) -> None:
    _session(tmp_path, first, DAY1)
    [stored] = MemoryRoot(tmp_path).entries()
    ops = _session(tmp_path, update, DAY2)
    assert [op.id for op in ops if isinstance(op, ArchiveOp)] == [stored.id]
    assert not [op for op in ops if isinstance(op, UpdateOp)]
    active = _active(tmp_path)
    assert not any(old in b for b in active) and any(new in b for b in active), active


def _item(n: int, slug: str, text: str) -> ShortlistItem:
    return ShortlistItem(id=f"prof_{n}", slug=slug, text=text, created="2026-05-01T12:00:00Z", score=0.7)


def test_a_japanese_quotation_is_no_rule_value() -> None:
    """Every Japanese quote (no spaces) matched a rule's quoted value, and the lead "User, in their
    words" made one shape of all of them: the violin was archived by a change of employer."""
    request = DedupRequest(
        kind="profile",
        slug="job-e30d08",
        text='User, in their words: "1月から日立で働いています".',
        shortlist=(_item(1, "about-89ef6c", 'User, in their words: "私はバイオリンを弾いて".'),),
        said="1月から日立で働いています。",
    )
    assert dedup_decision(request).action == "keep_both"


def test_a_rule_with_a_quoted_value_is_still_updated() -> None:
    request = DedupRequest(
        kind="playbook",
        slug="rule-name-start",
        text="Start branch names with 'f_'.",
        shortlist=(_item(1, "rule-name-start", "Start branch names with 'e_'."),),
        said="Start branch names with 'f_' from now on.",
    )
    decision = dedup_decision(request)
    assert decision.action == "supersede_old" and decision.existing_ids == ["prof_1"]


def test_the_clauses_of_a_stored_quotation() -> None:
    from memscribe.model.embedded.dedup_parts import quoted_clauses

    body = 'User, in their words: "Je joue du violon et je travaille chez Airbus".'
    assert quoted_clauses(body) == ["Je joue du violon", "je travaille chez Airbus"]
    assert quoted_clauses("User plays the violin.") == []
    assert quoted_clauses('User, in their words: "J\'habite à Lyon avec mon mari".') == [
        "J'habite à Lyon avec mon mari"
    ]


def test_a_part_that_cannot_be_kept_is_archived_whole_as_before() -> None:
    """A stored memory whose ``created`` cannot be read back is not updated in place: the new
    memory supersedes it whole, as before."""
    from memscribe.stages.plan import build_operations

    old = _stored(VIOLIN_AIRBUS, created="not a time")
    item = _narrowing(old, THALES, VIOLIN)
    ops = build_operations([item], [old], taken_ids=set(), now=DAY2)
    [write] = [op for op in ops if isinstance(op, WriteOp)]
    assert write.supersedes == [old.id]
    assert [op.id for op in ops if isinstance(op, ArchiveOp)] == [old.id]
    assert not [op for op in ops if isinstance(op, UpdateOp)]


def test_a_narrowed_memory_stays_open_to_the_sessions_other_candidates(tmp_path: Path) -> None:
    """Review RV1: the first candidate (Airbus said again) narrowed the stored quote to the piano,
    and the narrowed memory was claimed: the guitar could not update it, and the piano stayed
    active beside the guitar. The other candidates see what is left of it, and may replace it."""
    _session(tmp_path, "Je travaille chez Airbus et je joue du piano.", DAY1)
    [stored] = MemoryRoot(tmp_path).entries()
    ops = _session(tmp_path, "Je travaille toujours chez Airbus mais je joue maintenant de la guitare.", DAY2)
    active = _active(tmp_path)
    assert not any("piano" in b for b in active), active
    assert any("guitare" in b for b in active) and any("Airbus" in b for b in active), active
    # what was left standing is replaced too: the memory is archived whole, not updated first
    assert [op.id for op in ops if isinstance(op, ArchiveOp)] == [stored.id]
    assert not [op for op in ops if isinstance(op, UpdateOp)]
    assert _archived(tmp_path) == [stored.body]


def test_a_narrowed_quotation_can_be_narrowed_again(tmp_path: Path) -> None:
    """Review RV1: the kept clauses joined by an elision were read as one clause, so the next
    update of one of them archived the other (the violin lost one session later)."""
    from memscribe.model.embedded.dedup_parts import quoted_clauses

    body = 'User, in their words: "Je joue du violon … j\'ai deux chats".'
    assert quoted_clauses(body) == ["Je joue du violon", "j'ai deux chats"]
    _session(tmp_path, "Je joue du violon, je travaille chez Airbus et j'ai deux chats.", DAY1)
    [stored] = MemoryRoot(tmp_path).entries()
    _session(tmp_path, "Depuis janvier je travaille chez Thales.", DAY2)
    ops = _session(tmp_path, "Maintenant j'ai trois chats.", dt.datetime(2026, 7, 1, 12, 0, tzinfo=dt.UTC))
    [narrowed] = [op for op in ops if isinstance(op, UpdateOp)]
    assert narrowed.id == stored.id and narrowed.body == 'User, in their words: "Je joue du violon".'
    active = _active(tmp_path)
    assert 'User, in their words: "Je joue du violon".' in active, active
    assert not any("deux chats" in b for b in active) and any("trois chats" in b for b in active), active


@pytest.mark.parametrize(("stored_ttl", "kept_ttl"), [(None, "infinity"), ("one_week", "one_week")])
def test_a_narrowed_memory_keeps_its_own_ttl(stored_ttl: str | None, kept_ttl: str) -> None:
    """Review RV1: the part left standing was said in the old session: it keeps the old entry's
    TTL (none stored is infinity), not the candidate's."""
    from memscribe.stages.plan import build_operations

    old = _stored(VIOLIN_AIRBUS, ttl=stored_ttl)
    rest = VIOLIN
    item = _narrowing(old, THALES, rest, ttl="one_day")
    ops = build_operations([item], [old], taken_ids=set(), now=DAY2)
    [narrowed] = [op for op in ops if isinstance(op, UpdateOp)]
    assert narrowed.ttl == kept_ttl and f"ttl: {kept_ttl}" in narrowed.text
    assert narrowed.body == rest and not [op for op in ops if isinstance(op, ArchiveOp)]


def test_a_memory_narrowed_twice_in_one_run_is_updated_once_to_the_last_part() -> None:
    from memscribe.stages.plan import build_operations

    old = _stored('User, in their words: "Je joue du violon, je travaille chez Airbus et j\'ai deux chats".')
    first = _narrowing(
        old,
        'User, in their words: "Je travaille chez Thales".',
        'User, in their words: "Je joue du violon … j\'ai deux chats".',
    )
    second = _narrowing(old, 'User, in their words: "J\'ai trois chats".', VIOLIN)
    ops = build_operations([first, second], [old], taken_ids=set(), now=DAY2)
    [narrowed] = [op for op in ops if isinstance(op, UpdateOp)]
    assert narrowed.body == 'User, in their words: "Je joue du violon".'
    assert narrowed.previous_body == old.body and not [op for op in ops if isinstance(op, ArchiveOp)]
    assert len([op for op in ops if isinstance(op, WriteOp)]) == 2


def _batched(stored_body: str, *bodies: str) -> list[object]:
    """The plan's operations when a batching model (one call for the run's decisions) answers
    ``supersede_old`` of the stored quote ``stored_body`` for each candidate of ``bodies``."""
    from memscribe.stages.dedup import dedup
    from memscribe.stages.plan import build_operations
    from tests.support.store_helpers import BatchingModel

    old = _stored(stored_body)
    cands = [
        ProfileCandidate(slug=f"job-new-{n}", ttl="one_year", body=b, evidence_turns=[n])
        for n, b in enumerate(bodies)
    ]
    decisions = [
        {"item": n, "action": "supersede_old", "existing_ids": [old.id], "reason": "r"}
        for n in range(1, len(bodies) + 1)
    ]
    model = BatchingModel({"decisions": decisions})
    result = dedup(cands, [], [old], model=model)
    assert result.calls == 1 and len(result.accepted) == len(bodies)
    return list(build_operations(result.accepted, [old], taken_ids=set(), now=DAY2))


def test_the_batched_dedup_leaves_a_narrowed_memory_open_to_the_runs_other_candidates() -> None:
    """The LLM path's batched dedup claimed a memory one candidate narrowed, so the next one
    could not replace what was left: the piano stayed active beside the guitar."""
    ops = _batched(
        'User, in their words: "Je travaille chez Airbus et je joue du piano".',
        'User, in their words: "Depuis janvier je travaille chez Thales".',
        'User, in their words: "Je joue maintenant de la guitare".',
    )
    # both parts replaced: the stored memory is archived whole, by the second candidate
    [archive] = [op for op in ops if isinstance(op, ArchiveOp)]
    assert archive.id == "prof_old00001"
    assert not [op for op in ops if isinstance(op, UpdateOp)]
    writes = [op for op in ops if isinstance(op, WriteOp)]
    assert archive.superseded_by == writes[1].id and writes[1].supersedes == ["prof_old00001"]


def test_the_batched_dedup_narrows_a_narrowed_memory_again() -> None:
    """The second candidate decides on the part the first left standing, not on the whole
    stored quote: one update, to the violin alone (the two cats were kept active before)."""
    ops = _batched(
        'User, in their words: "Je joue du violon, je travaille chez Airbus et j\'ai deux chats".',
        'User, in their words: "Depuis janvier je travaille chez Thales".',
        'User, in their words: "Maintenant j\'ai trois chats".',
    )
    [narrowed] = [op for op in ops if isinstance(op, UpdateOp)]
    assert narrowed.body == VIOLIN and not [op for op in ops if isinstance(op, ArchiveOp)]
    assert [op.supersedes for op in ops if isinstance(op, WriteOp)] == [[], []]
