"""The session-end batch job: discover transcripts, plan each one concurrently, apply exactly once.

* :mod:`~memscribe.batch.discovery` — which transcripts (OpenClaw, Claude Code, Codex, or paths).
* :mod:`~memscribe.batch.ledger` — per-transcript record of what has been processed.
* :mod:`~memscribe.batch.unit` — the per-transcript unit, a pure function
  (transcript, memory snapshot, config) → Plan; what a distributed engine would schedule.
* :mod:`~memscribe.batch.runner` — the asyncio fan-out and the ordered, locked commit.
* :mod:`~memscribe.batch.report` — the end-of-run report (JSON and rich).
"""
