"""``memscribe stats``: what the memory root holds and the configuration in effect."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from memscribe.cli_common import JsonOpt, MemoryDir, echo_json, fail
from memscribe.errors import MemscribeError
from memscribe.index.options import AgentOpt


def stats(memory_dir: MemoryDir = Path("."), agent: AgentOpt = None, as_json: JsonOpt = False) -> None:
    """Counts per kind and namespace, expired, archived, index freshness, configuration (secrets masked)."""
    import datetime as dt

    from memscribe.index.options import scope
    from memscribe.services.maintenance import root_stats

    try:
        namespace, default = scope(agent)
        data = root_stats(
            memory_dir, namespace=namespace, default=default, today=dt.datetime.now(dt.UTC).date()
        )
    except MemscribeError as exc:
        fail(exc)
    data = _masked(data)
    if as_json:
        echo_json(data)
        return
    typer.echo(f"memory root: {data['memory_dir']}   namespace: {data['namespace']}")
    namespaces = data["namespaces"]
    assert isinstance(namespaces, dict)
    for name, counts in namespaces.items():
        typer.echo(f"  {name}: {counts['profile']} profiles, {counts['playbook']} playbooks")
    typer.echo(
        f"active: {data['active']}   expired (sweep pending): {data['expired']}   "
        f"archived: {data['archived']}   unreadable: {data['unreadable']}"
    )
    index_info = data["index"]
    assert isinstance(index_info, dict)
    stale, found_at = index_info["stale_files"], index_info["refreshed_before"]
    freshness = "fresh" if stale == 0 else f"{stale} file(s) changed since {found_at or 'never'}"
    typer.echo(f"index: {index_info['path']} ({freshness}; refreshed now)")
    typer.echo("configuration:")
    config = data["configuration"]
    assert isinstance(config, dict)
    for key, value in config.items():
        typer.echo(f"  {key} = {value}")


def _masked(value: Any) -> Any:
    """Every string of the report with URL credentials masked (an API base with ``user:pass@``)."""
    from memscribe.masking import mask_url_credentials

    if isinstance(value, str):
        return mask_url_credentials(value)
    if isinstance(value, dict):
        return {k: _masked(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_masked(v) for v in value]
    return value


def register(app: typer.Typer) -> None:
    app.command()(stats)
