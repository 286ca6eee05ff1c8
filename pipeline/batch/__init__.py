"""The session-end batch job: discover transcripts, plan each one concurrently, apply exactly once.

* :mod:`~pipeline.batch.discovery` — which transcripts (OpenClaw, Claude Code, Codex, or paths).
* :mod:`~pipeline.batch.ledger` — per-transcript record of what has been processed.
* :mod:`~pipeline.batch.unit` — the per-transcript unit, a pure function
  (transcript, memory snapshot, config) → Plan; what a distributed engine would schedule.
* :mod:`~pipeline.batch.runner` — the asyncio fan-out and the ordered, locked commit.
* :mod:`~pipeline.batch.report` — the end-of-run report (JSON and rich).
"""
