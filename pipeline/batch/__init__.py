"""The session-end batch job: discover transcripts, plan each one on an engine, apply exactly once.

* :mod:`~memscribe.batch.discovery` — which transcripts (OpenClaw, Claude Code, Codex, or paths).
* :mod:`~memscribe.batch.ledger` — what has been processed, per transcript (one SQLite table).
* :mod:`~memscribe.batch.seam` — the engine seam: the picklable unit input/output and
  :class:`~memscribe.batch.seam.Engine`.
* :mod:`~memscribe.batch.task` — the unit: read, classify, plan (:mod:`~memscribe.batch.unit`,
  a pure function (transcript, memory view, config) → Plan), publish to the board.
* :mod:`~memscribe.batch.engine` — the local engine (threads) and the ordered call slots;
  :mod:`~memscribe.batch.turns` — its units prepare their first model call one at a time, in
  path order; :mod:`~memscribe.batch.ray_engine` — the same on a Ray cluster.
* :mod:`~memscribe.batch.board` — plan once: the memory each unit will commit into.
* :mod:`~memscribe.batch.view` — the committed memory, versioned; :mod:`~memscribe.batch.staleness`
  — could what changed since a plan change it; :mod:`~memscribe.batch.scoring` — the
  relatedness scores of one text with many, vectorised; :mod:`~memscribe.batch.commit` — the ordered,
  locked group commit and recovery (driver side).
* :mod:`~memscribe.batch.runner` — the driver; :mod:`~memscribe.batch.settings` — the model
  as picklable settings; :mod:`~memscribe.batch.report` — the end-of-run report.

A new executor is one module implementing :class:`~memscribe.batch.seam.Engine` (see
``ray_engine``) plus a choice in ``memscribe batch --engine``.
"""
