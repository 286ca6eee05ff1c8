"""Moved to the application layer: :mod:`memscribe.services.recall` and
:mod:`memscribe.services.maintenance`.

A re-export kept only while ``memscribe.integrations.context`` (written in parallel) still
imports these names from here; the layering test allows this module's upward imports by name.
Delete it once that import points at :mod:`memscribe.services`.
"""

from memscribe.index.db import playbook_line
from memscribe.services.maintenance import (
    Lineage,
    configuration,
    consolidate_root,
    lineage,
    mask_secret,
    store_stats,
    sweep_root,
)
from memscribe.services.recall import RECALL_CLOSE, RECALL_HEADER, RECALL_OPEN, display_text, recall_block

__all__ = [
    "RECALL_CLOSE",
    "RECALL_HEADER",
    "RECALL_OPEN",
    "Lineage",
    "configuration",
    "consolidate_root",
    "display_text",
    "lineage",
    "mask_secret",
    "playbook_line",
    "recall_block",
    "store_stats",
    "sweep_root",
]
