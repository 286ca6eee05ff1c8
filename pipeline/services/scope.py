"""The namespace a run is scoped to: a light module, so that read commands (``search``,
``recall``) need not import the extract pipeline to name their scope."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Scope:
    """The namespace a run is scoped to, and the default namespace's name."""

    namespace: str
    default: str
