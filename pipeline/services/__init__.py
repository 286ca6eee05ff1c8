"""The application layer: the one place that composes the pipeline with a memory store.

Doors (the CLI commands, the MCP server, the evaluation runner, the batch job) call these
functions; they hold no pipeline logic of their own. See docs/architecture.md.
"""
