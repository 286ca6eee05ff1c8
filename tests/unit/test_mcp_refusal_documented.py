"""Each field an MCP refusal answer carries is named where the README describes refusals (RV1 F5:
afc06a06 added ``error``, the error's family, to every ``reason: "error"`` answer and the README
still said the structured content holds ``reason`` and ``detail`` only)."""

from __future__ import annotations

from pathlib import Path

from memscribe.errors import StoreError, UnsafeRootError
from memscribe.mcp_server.tools import failed, refused

README = Path(__file__).resolve().parents[2] / "README.md"


def test_every_field_of_a_refusal_is_named_in_the_readme() -> None:
    text = README.read_text(encoding="utf-8")
    start = text.index("`refused (<reason>): <detail>`")
    paragraph = text[start : text.index("\n\n", start)]
    plain = refused("invalid_candidate", "empty body")
    for answer in (plain, failed(StoreError("disk full")), failed(UnsafeRootError("a link"))):
        for key in sorted(set(answer) - {"stored", "refused", "written"}):
            assert f"`{key}`" in paragraph, key
        if "error" in answer:
            assert f"`{answer['error']}`" in paragraph


def test_a_write_stored_after_a_refusal_is_described_in_the_readme() -> None:
    # The answer of a write the disk refused after it changed the memory (review RV7 F3 of
    # 1df42f39): stored, no tool error, with the plan's writes, skips and redactions.
    from memscribe.schemas.plan import Plan

    text = README.read_text(encoding="utf-8")
    start = text.index("`refused (<reason>): <detail>`")
    paragraph = text[start : text.index("\n\n", start)]
    for changed in ("partly", "all"):
        exc = StoreError("cannot write x: Input/output error", changed=changed)
        exc.plan = Plan(transcript="t", format="store", model="none", created="2026-06-01T00:00:00Z")
        answer = failed(exc, Path("/nonexistent"))
        assert answer["stored"] is True and answer["refused"] is False
        assert {"written", "pending", "skipped", "redactions", "changed"} <= set(answer), answer
        for key in sorted(set(answer) - {"stored", "refused"}):
            assert f"`{key}`" in paragraph, key
        assert f"`{changed}`" in paragraph
