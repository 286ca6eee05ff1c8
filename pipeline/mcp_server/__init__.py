"""``memscribe serve``: the memory tools over MCP (stdio), for agents.

:mod:`.tools` holds the logic and imports no MCP (``import`` and ``edit`` use it too);
:mod:`.server` wraps it with the official SDK, imported only when a server is built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from memscribe.mcp_server.tools import MemoryTools, Result, is_refusal, refused

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer


def build_server(tools: MemoryTools) -> MCPServer:
    """The MCP server (official SDK) exposing the tools over ``tools``."""
    from memscribe.mcp_server.server import build_server as build

    return build(tools)


__all__ = ["MemoryTools", "Result", "build_server", "is_refusal", "refused"]
