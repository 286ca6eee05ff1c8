"""``memscribe serve``: the memory tools over MCP (stdio). The MCP SDK is imported only here."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from memscribe import config
from memscribe.cli_common import ApiBase, MemoryDir, ModelOpt, ModeOpt, fail
from memscribe.errors import MemscribeError
from memscribe.index.options import EmbeddingOpt


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
    embedding_model: EmbeddingOpt = None,
) -> None:
    """Serve the memory tools over MCP on stdio: reflexio_search, reflexio_get, reflexio_list,
    reflexio_write_profile, reflexio_write_playbook, memory_store and reflexio_forget, with the
    batch job's redaction, guards and dedup; refusals come back as tool errors."""
    from memscribe.errors import UserError
    from memscribe.index.embed import resolve_embedding_model
    from memscribe.mcp_server import MemoryTools, build_server
    from memscribe.model.base import StructuredModel
    from memscribe.model.factory import make_model

    def factory() -> StructuredModel:
        return make_model(model, api_base=api_base, mode=mode, timeout=timeout)

    try:
        try:
            factory()
            resolve_embedding_model(embedding_model or "")  # a model that cannot load: say so now
            tools = MemoryTools(memory_dir, factory, agent=agent, embedding_model=embedding_model or "")
        except ValueError as exc:
            raise UserError(str(exc)) from exc
    except MemscribeError as exc:
        fail(exc)
    build_server(tools).run("stdio")


def register(app: typer.Typer) -> None:
    app.command()(serve)
