"""``memscribe history``: the supersession lineage of one memory id, and its previous versions
(kept by updates in place: a dedup merge rewrites a memory with its id, archiving what it held)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from memscribe.cli_common import JsonOpt, MemoryDir, echo_json, fail
from memscribe.errors import MemscribeError

if TYPE_CHECKING:
    from memscribe.index import IndexedEntry


def _row(found: IndexedEntry) -> dict[str, Any]:
    e = found.entry
    return {
        "id": e.id,
        "kind": e.kind,
        "status": "archived" if found.archived else "active",
        "created": e.created,
        "path": e.path,
        "supersedes": list(e.supersedes),
        "superseded_by": found.superseded_by,
        "superseded_at": found.superseded_at,
        "reason": found.archive_reason,
        "text": e.body,
    }


def history(
    memory_id: Annotated[str, typer.Argument(metavar="ID", help="A memory id (prof_… or pbk_…).")],
    memory_dir: MemoryDir = Path("."),
    as_json: JsonOpt = False,
) -> None:
    """Show what a memory replaced (supersedes, followed back), its previous versions (updated in
    place by a merge) and what replaced it."""
    from memscribe.errors import UserError
    from memscribe.services.maintenance import history as lineage_of
    from memscribe.services.recall import display_text

    try:
        chain = lineage_of(memory_dir, memory_id)
        if chain is None:
            raise UserError(f"no memory with id {memory_id} (active or archived) in {memory_dir}")
    except MemscribeError as exc:
        fail(exc)
    if as_json:
        echo_json(
            {
                "id": memory_id,
                "entry": _row(chain.target),
                "ancestors": [{**_row(a), "depth": d} for d, a in chain.ancestors],
                "successors": [_row(s) for s in chain.successors],
                "versions": [
                    {**_row(v.found), "status": "previous version", "updated_at": v.updated_at}
                    for v in chain.versions
                ],
            }
        )
        return

    def line(found: IndexedEntry, indent: str, mark: str) -> None:
        e = found.entry
        status = "archived" if found.archived else "active"
        typer.echo(f"{indent}{mark} {e.id}  [{status}]  created {e.created}  {e.path}")
        typer.echo(f"{indent}    {display_text(e.kind, _txt(found))}")
        if found.archived:
            by = f"by {found.superseded_by} " if found.superseded_by else ""
            typer.echo(f"{indent}    archived {by}at {found.superseded_at}: {found.archive_reason}")

    for depth, older in reversed(chain.ancestors):
        line(older, "  " * (depth - 1), f"{'↑' * 1} older (depth {depth})")
    for version in chain.versions:  # oldest first, above the version that replaced it
        e = version.found.entry
        typer.echo(f"◦ previous version  [archived]  {e.path}")
        typer.echo(f"    {display_text(e.kind, _txt(version.found))}")
        why = (version.found.archive_reason or "").removeprefix("updated in place: ")
        typer.echo(f"    replaced in place at {version.updated_at}{f' ({why})' if why else ''}")
    line(chain.target, "", "●")
    for newer in chain.successors:
        line(newer, "", "↓ newer")


def _txt(found: IndexedEntry) -> str:
    from memscribe.relatedness import entry_text

    return entry_text(found.entry)


def register(app: typer.Typer) -> None:
    app.command()(history)
