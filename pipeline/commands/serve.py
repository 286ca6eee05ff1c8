"""``memscribe serve``: the memory tools over MCP (stdio). The MCP SDK is imported only here."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from memscribe import config
from memscribe.cli_common import ApiBase, MemoryDir, ModelOpt, ModeOpt, fail
from memscribe.errors import MemscribeError


def serve(
    memory_dir: MemoryDir = Path("."),
    model: ModelOpt = None,
    api_base: ApiBase = None,
    mode: ModeOpt = "json_schema",
    agent: Annotated[
        str | None,
        typer.Option("--agent", envvar="MEMSCRIBE_AGENT", help="The agent's namespace (default: default)."),
    ] = None,
    timeout: Annotated[
        float, typer.Option("--request-timeout", envvar=config.ENV_TIMEOUT, help="Per model request (s).")
    ] = 120.0,
) -> None:
    """Serve reflexio_write_profile, reflexio_write_playbook, reflexio_search, memory_search and
    memory_store over MCP on stdio, with the batch job's redaction, guards and dedup."""
    from memscribe.errors import UserError
    from memscribe.mcp_server import MemoryTools, build_server
    from memscribe.model.base import StructuredModel
    from memscribe.model.factory import make_model

    def factory() -> StructuredModel:
        return make_model(model, api_base=api_base, mode=mode, timeout=timeout)

    try:
        try:
            factory()
            tools = MemoryTools(memory_dir, factory, agent=agent)
        except ValueError as exc:
            raise UserError(str(exc)) from exc
    except MemscribeError as exc:
        fail(exc)
    build_server(tools).run("stdio")


def register(app: typer.Typer) -> None:
    app.command()(serve)
