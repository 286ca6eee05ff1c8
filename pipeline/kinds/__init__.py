"""Memory kinds as data: one module per kind and the registry the stages iterate over.

Adding a kind means adding its module here (a :class:`~memscribe.kinds.base.Kind`), its section
of the prompts and its tests; the stages, the store and the index ask :data:`KINDS`.
"""

from __future__ import annotations

from typing import Any

from memscribe.kinds.base import Kind, NewFile
from memscribe.kinds.playbook import PLAYBOOK
from memscribe.kinds.profile import PROFILE

#: Every kind, in the order stages process them (profiles first, as the plans always had).
KINDS: tuple[Kind, ...] = (PROFILE, PLAYBOOK)
BY_NAME: dict[str, Kind] = {k.name: k for k in KINDS}


def kind(name: str) -> Kind:
    """The kind called ``name``.

    Raises:
        KeyError: no such kind.
    """
    return BY_NAME[name]


def names() -> tuple[str, ...]:
    return tuple(BY_NAME)


def of_candidate(candidate: Any) -> Kind:
    """The kind whose candidate model ``candidate`` is.

    Raises:
        TypeError: not a candidate of any kind.
    """
    for k in KINDS:
        if isinstance(candidate, k.candidate_model):
            return k
    raise TypeError(f"not a memory candidate: {type(candidate).__name__}")


__all__ = ["BY_NAME", "KINDS", "Kind", "NewFile", "kind", "names", "of_candidate"]
