"""``memscribe edit ID``: change a memory in $EDITOR; a changed body is stored as a new version, a
TTL-only change updates the memory in place; the previous version is archived either way."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from memscribe.cli_common import ApiBase, JsonOpt, MemoryDir, ModelOpt, echo_json, fail

if TYPE_CHECKING:
    import tempfile


def _run_editor(text: str) -> str:
    """Open ``text`` in ``$VISUAL`` / ``$EDITOR`` (a temp copy) and return what was saved."""
    import os
    import shlex
    import subprocess
    import tempfile

    from memscribe.errors import UserError

    editor = os.environ.get("VISUAL") or os.environ.get("EDITOR")
    if not editor:
        raise UserError("set $EDITOR (or $VISUAL) to the editor to use")
    try:
        command = shlex.split(editor)
    except ValueError as exc:
        raise UserError(f"cannot read $VISUAL / $EDITOR as a command ({exc}); nothing changed") from None
    if not command:
        raise UserError("set $EDITOR (or $VISUAL) to the editor to use")
    try:
        # ignore_cleanup_errors: the clean-up never raises; it still gives a folder or file the
        # editor made read-only its owner's permissions back and tries again (rmtree would not).
        temporary = tempfile.TemporaryDirectory(prefix="memscribe-edit-", ignore_cleanup_errors=True)
    except OSError as exc:
        raise UserError(f"cannot make a temporary folder for the editor ({exc}); nothing changed") from None
    folder = temporary.name
    try:
        path = Path(folder) / "memory.md"
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise UserError(f"cannot write the editor's copy ({exc}); nothing changed") from None
        try:
            code = subprocess.run([*command, str(path)], check=False).returncode
        except OSError as exc:
            raise UserError(
                f"cannot run the editor {command[0]!r}: {exc.strerror or exc}; nothing changed"
            ) from None
        if code != 0:
            raise UserError(f"the editor exited with {code}; nothing changed")
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise UserError(f"cannot read the edited file back ({exc}); nothing changed") from None
    finally:
        _remove_folder(temporary)


def _remove_folder(temporary: tempfile.TemporaryDirectory[str]) -> None:
    """Remove the editor's temporary folder and whatever the editor left in it (a ``sed -i.bak``
    backup, a swap file); a removal the disk refuses is a warning naming the folder, never an
    error: the edit's own outcome (written or not) is what the command reports."""
    import os

    folder = temporary.name
    temporary.cleanup()  # as much as it can: one refusal stops no other removal
    if os.path.lexists(folder):
        typer.echo(
            f"memscribe: warning: could not remove the temporary folder {folder} (the editor's copy);"
            " remove it by hand",
            err=True,
        )


def edit(
    memory_id: Annotated[str, typer.Argument(help="The memory's id (prof_… or pbk_…).")],
    memory_dir: MemoryDir = Path("."),
    model: ModelOpt = None,
    api_base: ApiBase = None,
    as_json: JsonOpt = False,
) -> None:
    """Edit a memory in $EDITOR. The edit is validated; a changed body is written through the
    normal guards (screen, dedup) as a new version that replaces the old one; a profile's TTL
    alone is changed in place (expires counts from the edit). The previous version is archived,
    never deleted; frontmatter comments are kept in that archived copy only, and a comment typed
    during the edit is not stored (the edit says so)."""
    import datetime as dt

    from memscribe.curation import edit_memory
    from memscribe.errors import MemscribeError
    from memscribe.mcp_server import MemoryTools
    from memscribe.model.factory import make_model

    try:
        tools = MemoryTools(memory_dir, lambda: make_model(model, api_base=api_base))
        result = edit_memory(
            memory_dir,
            memory_id,
            edit=_run_editor,
            tools=tools,
            now=dt.datetime.now(dt.UTC),
        )
    except MemscribeError as exc:
        fail(exc)
    if as_json:
        echo_json(result)
    elif not result["changed"]:
        refused = result.get("refused")
        if refused and result.get("repeats"):
            typer.echo(
                f"not stored: the edited text repeats another active memory, {', '.join(result['repeats'])}"
                f" ({refused.get('detail')}); {memory_id} is unchanged"
            )
        else:
            typer.echo(
                f"not stored: {refused.get('reason')}: {refused.get('detail')}" if refused else "No change."
            )
    elif result.get("in_place"):
        was, now = result["ttl"]
        typer.echo(f"{result['id']} updated in place: ttl {was} -> {now} ({result['path']})")
    else:
        typer.echo(f"{result['id']} replaces {result['replaces']} ({result['path']})")
    if result.get("comments_archived") and not as_json:
        typer.echo("note: the frontmatter comments are kept in the archived version only")
    if result.get("comments_not_stored") and not as_json:
        typer.echo(
            "note: the comments typed into the frontmatter are not stored (a memory file keeps none);"
            " write what matters in the body"
        )


def register(app: typer.Typer) -> None:
    app.command()(edit)
