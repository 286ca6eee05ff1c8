"""Moved: the writer is the file store's transaction, :mod:`memscribe.store.transaction`.

A re-export kept only while ``memscribe.batch.runner`` (being reworked in parallel) still imports
it from here; new code applies a plan through :meth:`memscribe.store.base.MemoryStore.apply`.
The layering test allows this one stages → store import by name; delete this module with it.
"""

from memscribe.store.transaction import (
    ApplyResult,
    apply_locked,
    apply_plan,
    finish_interrupted,
    recover_interrupted,
)

__all__ = ["ApplyResult", "apply_locked", "apply_plan", "finish_interrupted", "recover_interrupted"]
