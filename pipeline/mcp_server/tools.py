"""The memory tools' logic, one method per job, over one memory root (no MCP imported here).

Every method answers a JSON-ready dict. An answer that carries ``"refused": True`` is a refusal
(guard, secret, invalid input, unknown id, store error): :mod:`memscribe.mcp_server.server` turns it
into a tool error carrying the reason; ``import`` and ``edit`` read the same answers. Nothing
stored because it was already known (``duplicate``) or because the text held nothing to remember
(``nothing_to_remember``) is an answer, not a refusal.

Writes go through the application layer (:func:`memscribe.services.write.write_candidates`:
redact-out, the injection / secret screen, expired entries swept, dedup through the store's index,
an atomic journaled apply under the root's lock); ``store`` runs the whole extraction on its text
as one user turn (:func:`memscribe.services.extract.extract_transcript`); search is
:func:`memscribe.services.recall.search` (lexical, blended with the configured embedding model:
semantic); list / get / forget are :mod:`memscribe.curation`'s (forget archives, never deletes).
Text handed back to the agent is HTML-escaped, as in the recall block.
"""

from __future__ import annotations

import datetime as dt
import os
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast, get_args

from memscribe.errors import ALL, PARTLY, MemscribeError, StoreError
from memscribe.mcp_server.drawn import readable as _readable
from memscribe.mcp_server.drawn import shown as _shown
from memscribe.model.base import StructuredModel
from memscribe.safety.write_guard import REASON_MAX_CHARS
from memscribe.schemas.candidates import PlaybookCandidate, ProfileCandidate
from memscribe.schemas.memory import SLUG_RE, TTL
from memscribe.schemas.plan import Plan, Skipped, UpdateOp, WriteOp

if TYPE_CHECKING:
    from memscribe.store.base import MemoryStore

MIN_STORE_CHARS = 3
MAX_REASON_CHARS = REASON_MAX_CHARS  # the service's limit: one number for every door
SEARCH_LIMIT = 50
LIST_LIMIT = 200
Result = dict[str, Any]
#: Nothing written, and rightly so: not a refusal.
NOT_REFUSED = frozenset({"duplicate", "nothing_to_remember"})
#: Record fields whose text came from memory files (escaped before an agent sees them).
_TEXT_FIELDS = ("summary", "body")


class MemoryTools:
    """The tools' logic over one memory root (no MCP here: tested directly and through MCP)."""

    def __init__(
        self,
        root: Path,
        model_factory: Callable[[], StructuredModel],
        *,
        agent: str | None = None,
        now: Callable[[], dt.datetime] | None = None,
        embedding_model: str | None = "",
    ) -> None:
        """Args:
        agent: the namespace tools use when a call names none (default: the default namespace).
        embedding_model: blended into search (``""``: lexical only; None: MEMSCRIBE_EMBEDDING_MODEL).
        """
        from memscribe.namespace import default_namespace, resolve_namespace

        self.root = Path(root)
        self.model_factory = model_factory
        self.default = default_namespace()
        self.namespace = resolve_namespace(agent=agent, default=self.default)
        self.embedding_model = embedding_model
        self._now = now or (lambda: dt.datetime.now(dt.UTC))

    # -- scoping ---------------------------------------------------------------------------------
    def _scope(self, namespace: str | None) -> str:
        """The namespace a call names (normalised), else the server's. Raises ValueError."""
        from memscribe.namespace import resolve_namespace

        return resolve_namespace(agent=namespace, default=self.default) if namespace else self.namespace

    # -- writes ----------------------------------------------------------------------------------
    def write_profile(
        self, slug: str, ttl: str, body: str, namespace: str | None = None, *, replacing: str | None = None
    ) -> Result:
        """One fact about the user (Reflexio's ``reflexio_write_profile``). ``replacing``: the id
        of the memory this is a new version of (an edit: not a duplicate of it; it supersedes it)."""
        if ttl not in get_args(TTL):
            return refused("invalid_candidate", f"ttl must be one of {', '.join(get_args(TTL))}")
        if not SLUG_RE.match(slug):
            return refused("invalid_candidate", f"slug must be kebab-case: {SLUG_RE.pattern}")
        if not _shown(body).strip():
            return refused("invalid_candidate", "empty body")
        if not _readable(body):
            return refused(
                "invalid_candidate", "no readable statement (no letters, or only escape-code leftovers)"
            )
        slug, masked = _unkeyed_slug(slug, body)
        candidate = ProfileCandidate(slug=slug, ttl=cast(TTL, ttl), body=body.strip(), evidence_turns=[])
        answer = self._write([candidate], [], namespace, "reflexio_write_profile", replacing=replacing)
        return _slug_masked(answer, masked)

    def write_playbook(
        self, slug: str, body: str, namespace: str | None = None, *, replacing: str | None = None
    ) -> Result:
        """One rule the user taught (``## When`` / ``## What`` / ``## Why``); ``replacing``: as
        for :meth:`write_profile`."""
        from memscribe.store.files import parse_playbook_sections

        if not SLUG_RE.match(slug):
            return refused("invalid_candidate", f"slug must be kebab-case: {SLUG_RE.pattern}")
        sections = parse_playbook_sections(body)
        if not _shown(sections.get("when") or "").strip() or not _shown(sections.get("what") or "").strip():
            return refused("invalid_candidate", "body needs '## When' and '## What' sections (and '## Why')")
        if not (_readable(sections["when"]) and _readable(sections["what"])):
            return refused(
                "invalid_candidate",
                "'## When' and '## What' each need words (not only digits, marks or escape codes)",
            )
        slug, masked = _unkeyed_slug(slug, body)
        candidate = PlaybookCandidate(
            slug=slug,
            when=sections["when"],
            what=sections["what"],
            why=sections["why"] if _readable(sections.get("why") or "") else "User asked for this.",
            correction_turn=0,
            adjustment_turn=0,
            confirmation_turn=None,
            confirmation="explicit",
        )
        answer = self._write([], [candidate], namespace, "reflexio_write_playbook", replacing=replacing)
        return _slug_masked(answer, masked)

    def store(self, text: str, namespace: str | None = None) -> Result:
        """MemWal's ``memory_store``: extract the facts in ``text`` (one user turn) and store them."""
        from memscribe.schemas.transcript import SourcePos, Transcript, Turn
        from memscribe.services.extract import Scope, extract_transcript
        from memscribe.stages.guard import injection_rule

        if len(_shown(text).strip()) < MIN_STORE_CHARS:
            return refused("invalid_candidate", f"text shorter than {MIN_STORE_CHARS} characters")
        rule = injection_rule(text)
        if rule:
            return refused("injection", f"looks like an instruction to an agent ({rule})")
        try:
            scope = self._scope(namespace)
        except ValueError as exc:
            return refused("invalid_input", str(exc))
        turn = Turn(index=0, role="user", text=text, source=SourcePos(file="mcp:memory_store", line=1))
        transcript = Transcript(source="mcp:memory_store", format="text", turns=(turn,))
        try:
            plan = extract_transcript(
                self._store(),
                lambda: transcript,
                self.model_factory,
                context_tokens=lambda _model: 16000,
                scope=Scope(scope, self.default),
                now=self._now(),
            ).plan
        except MemscribeError as exc:
            return failed(exc, self.root)
        return _answer(plan, scope, fallback=plan.gate)

    def _store(self) -> MemoryStore:
        from memscribe.store import open_store

        return open_store(self.root)

    def _write(
        self,
        profiles: list[ProfileCandidate],
        playbooks: list[PlaybookCandidate],
        namespace: str | None,
        tool: str,
        *,
        replacing: str | None = None,
    ) -> Result:
        from memscribe.services.extract import Scope
        from memscribe.services.write import write_candidates

        try:
            scope = self._scope(namespace)
        except ValueError as exc:
            return refused("invalid_input", str(exc))
        try:
            plan = write_candidates(
                self._store(),
                profiles,
                playbooks,
                scope=Scope(scope, self.default),
                model=self.model_factory(),
                now=self._now(),
                source=f"mcp:{tool}",
                replacing=replacing,
            )
        except MemscribeError as exc:
            return failed(exc, self.root)
        return _answer(plan, scope)

    # -- reads -----------------------------------------------------------------------------------
    def search(
        self, query: str, *, limit: int = 5, namespace: str | None = None, kind: str | None = None
    ) -> Result:
        """Active, unexpired memories of the namespace ranked by relevance, and the recall block.

        As MemWal's search tool: memories shaped like an instruction to an agent are left out
        (counted in ``withheld``), the rest HTML-escaped.
        """
        from memscribe.services.recall import display_text, recall_block
        from memscribe.services.recall import search as search_memory
        from memscribe.services.scope import Scope
        from memscribe.stages.guard import html_escape_memory, injection_rule

        if not query.strip():
            return refused("invalid_input", "empty query")
        wanted = max(1, min(int(limit), SEARCH_LIMIT))
        try:
            scope = self._scope(namespace)
            found = search_memory(
                self._store(),
                query,
                scope=Scope(scope, self.default),
                kind=kind,
                limit=wanted * 3,  # injection-shaped hits are dropped after ranking
                embedding_model=self.embedding_model,
            )
        except ValueError as exc:
            return refused("invalid_input", str(exc))
        except MemscribeError as exc:
            return failed(exc)
        safe = [
            h
            for h in found
            if not injection_rule(h.text) and not injection_rule(display_text(h.kind, h.text))
        ]
        hits = safe[:wanted]
        results = [
            {
                "id": h.id,
                "kind": h.kind,
                "relevance": round(h.relevance, 3),
                "text": html_escape_memory(display_text(h.kind, h.text)),
                "path": h.path,
            }
            for h in hits
        ]
        return {
            "namespace": scope,
            "count": len(results),
            "results": results,
            "recall": recall_block(hits, limit=wanted),
            "withheld": len(found) - len(safe),
        }

    def list_memories(
        self,
        *,
        namespace: str | None = None,
        all_namespaces: bool = False,
        kind: str | None = None,
        expiring_days: int | None = None,
        superseded: bool = False,
        archived: bool = False,
        limit: int = 50,
    ) -> Result:
        """Memories as records (newest first as indexed), filtered; unreadable files listed too."""
        from memscribe.curation import list_memories as select
        from memscribe.curation import open_root_index, unreadable

        try:
            scope = self._scope(namespace)
            with open_root_index(self.root) as index:
                records = select(
                    index,
                    namespace=None if all_namespaces else scope,
                    default=self.default,
                    kind=kind,
                    expiring_days=expiring_days,
                    superseded=superseded,
                    archived=archived,
                    today=self._now().date(),
                )
                problems = unreadable(index)
        except ValueError as exc:
            return refused("invalid_input", str(exc))
        except MemscribeError as exc:
            return failed(exc)
        shown = records[: max(1, min(int(limit), LIST_LIMIT))]
        return {
            "namespace": None if all_namespaces else scope,
            "count": len(shown),
            "total": len(records),
            "memories": [_escaped(r) for r in shown],
            "unreadable": [{"path": p, "error": e} for p, e in problems],
        }

    def get(self, memory_id: str, *, namespace: str | None = None) -> Result:
        """One memory of the namespace (active or archived): record, file text and history."""
        from memscribe.curation import open_root_index, show_memory
        from memscribe.stages.guard import html_escape_memory

        try:
            scope = self._scope(namespace)
            with open_root_index(self.root) as index:
                shown = show_memory(index, self.root, memory_id, default=self.default)
        except ValueError as exc:
            return refused("invalid_input", str(exc))
        except MemscribeError as exc:
            return refused(_not_found_or_error(exc), str(exc))
        if shown.record["namespace"] != scope:
            return refused("not_found", f"no memory with id {memory_id!r} in namespace {scope!r}")
        return {
            "namespace": scope,
            "memory": _escaped(shown.record),
            "text": html_escape_memory(shown.text),
            "history": [_escaped(h) for h in shown.history],
        }

    # -- forget ----------------------------------------------------------------------------------
    def forget(self, memory_id: str, reason: str, *, namespace: str | None = None) -> Result:
        """Archive an active memory of the namespace with ``reason`` (kept on disk, never deleted).

        The reason is written into the archived file: it is cleaned and its secrets masked, and a
        reason shaped like an instruction to an agent is refused.
        """
        from memscribe.curation import forget_memory, open_root_index
        from memscribe.safety.write_guard import WriteGuard

        guard = WriteGuard()
        if not reason.strip():
            return refused("invalid_input", "a reason is needed (it is kept with the archived file)")
        if not guard.admit(reason, name="reason", limit=MAX_REASON_CHARS):
            first = guard.refused[0]
            return refused(first.reason, f"reason refused: {first.detail or first.reason}")
        reason = guard.text(reason, name="reason", limit=MAX_REASON_CHARS)
        try:
            scope = self._scope(namespace)
            with open_root_index(self.root) as index:
                active = [f for f in index.lookup(memory_id) if not f.archived]
            if not active or (active[0].entry.namespace or self.default) != scope:
                return refused("not_found", f"no active memory with id {memory_id!r} in namespace {scope!r}")
            plan = forget_memory(self.root, memory_id, reason=reason, now=self._now())
        except ValueError as exc:
            return refused("invalid_input", str(exc))
        except MemscribeError as exc:
            return refused(_not_found_or_error(exc), str(exc))
        op = plan.operations[0]
        return {
            "forgotten": True,
            "namespace": scope,
            "id": op.id,
            "kind": op.kind,
            "path": op.path,
            "archive_path": op.archive_path,
            "reason": op.reason,
            "redactions": dict(Counter(r.type for r in guard.redactions)),
        }


def refused(reason: str, detail: str) -> Result:
    """A refusal: nothing was written; ``reason`` is a code, ``detail`` says why in words."""
    return {"stored": False, "refused": True, "reason": reason, "detail": detail, "written": []}


def failed(exc: MemscribeError, root: Path | None = None) -> Result:
    """A refusal for an error the work met (a store that cannot be written, a model that failed):
    ``error`` names its family (``StoreError``, ``UnsafeRootError``, ``UserError``…), for a
    client, and for ``edit`` to fail with that family's exit code.

    A write the disk refused after it changed the memory (``StoreError.changed``: ``"partly"``,
    completed by the next run, or ``"all"``, only the journal's close failed) is no refusal:
    the answer says ``"stored": true`` with ``"changed"`` and the error in ``detail``, so an
    agent does not store it again (review RV2 F3 of 51e3ba1f). Its ``written`` lists the
    plan's writes where the error carries the plan (``StoreError.plan``, set by the write
    service) and their files are on disk under ``root``; a write of the plan whose file is not
    (``"partly"``: the write was rolled back, the journal's removal refused) is in ``pending``,
    made by the next write that completes open journals first: an extract, apply or batch, or
    an MCP write that stores something (review RV9 F2)."""
    answer = refused("error", str(exc)) | {"error": type(exc).__name__}
    changed = exc.changed if isinstance(exc, StoreError) else None
    if changed in (PARTLY, ALL):
        answer |= {"stored": True, "refused": False, "changed": changed}
        plan = exc.plan if isinstance(exc, StoreError) else None
        if isinstance(plan, Plan):
            writes = _written(plan)
            on_disk = [w for w in writes if root is None or os.path.lexists(root / w["path"])]
            answer["written"] = on_disk
            answer["pending"] = [w for w in writes if w not in on_disk]
            answer["skipped"] = [_skip(s) for s in plan.skipped]
            answer["redactions"] = dict(Counter(r.type for r in plan.redactions))
    return answer


def is_refusal(answer: Result) -> bool:
    return bool(answer.get("refused"))


def _not_found_or_error(exc: MemscribeError) -> str:
    from memscribe.errors import UserError

    return "not_found" if isinstance(exc, UserError) else "error"


def _escaped(record: Result) -> Result:
    from memscribe.stages.guard import html_escape_memory

    return {
        k: html_escape_memory(v) if k in _TEXT_FIELDS and isinstance(v, str) else v for k, v in record.items()
    }


def _unkeyed_slug(slug: str, body: str) -> tuple[str, bool]:
    """``slug``, or when a part of it reads as a generated key (``secret_shaped``, the test a
    group name gets) a slug made from ``body`` with its secrets masked and the masks left out;
    and whether it was replaced. The slug names the file, the index row and the journal entry:
    an agent's slug or an imported record's own (a store written before names were masked) would
    put the key in all three."""
    from memscribe.groups.secret_names import secret_shaped
    from memscribe.redaction import MASK_RE, Masker
    from memscribe.safety.write_guard import clean_chars
    from memscribe.store.files import make_slug

    if not secret_shaped(slug):
        return slug, False
    shown, _found = Masker().redact(clean_chars(body))
    return make_slug(MASK_RE.sub(" ", shown)), True


def _slug_masked(result: Result, masked: bool) -> Result:
    """Count a replaced key-shaped slug among the answer's redactions (``secret_slug``)."""
    if masked:
        redactions = dict(result.get("redactions") or {})
        redactions["secret_slug"] = redactions.get("secret_slug", 0) + 1
        result["redactions"] = redactions
    return result


def _answer(plan: Plan, namespace: str, fallback: str = "") -> Result:
    # an update in place (a merge with one stored memory) stores too: that memory, id kept
    writes = [op for op in plan.operations if isinstance(op, WriteOp | UpdateOp)]
    result: Result = {
        "stored": bool(writes),
        "namespace": namespace,
        "written": _written(plan),
        "skipped": [_skip(s) for s in plan.skipped],
        "redactions": dict(Counter(r.type for r in plan.redactions)),
    }
    if not writes:
        first = plan.skipped[0] if plan.skipped else None
        result["reason"] = first.reason if first else "nothing_to_remember"
        result["detail"] = (first.detail if first else "") or fallback
        if first is not None and first.same_as:
            result["same_as"] = list(first.same_as)
        result["refused"] = result["reason"] not in NOT_REFUSED
    return result


def _written(plan: Plan) -> list[Result]:
    """The memories ``plan`` writes: new ones and those updated in place (id kept)."""
    return [
        {
            "id": op.id,
            "kind": op.kind,
            "path": op.path,
            "body": op.body,
            "supersedes": op.supersedes if isinstance(op, WriteOp) else [],
            **({"updated": True} if isinstance(op, UpdateOp) else {}),
        }
        for op in plan.operations
        if isinstance(op, WriteOp | UpdateOp)
    ]


def _skip(s: Skipped) -> dict[str, str]:
    return {"kind": s.kind, "reason": s.reason, "detail": s.detail}


__all__ = ["MemoryTools", "Result", "is_refusal", "refused"]
