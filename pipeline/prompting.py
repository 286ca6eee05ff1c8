"""Render prompt templates from the installed ``prompts`` package.

Templates are sandboxed (transcript text is data, never code) and use ``StrictUndefined`` so a
missing variable is an error, not an empty string. Each template defines two blocks, ``system``
and ``user``, which become the two chat messages.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Any

import jinja2
from jinja2 import meta
from jinja2.sandbox import SandboxedEnvironment

from memscribe.model.base import Message


@lru_cache(maxsize=1)
def _env() -> SandboxedEnvironment:
    return SandboxedEnvironment(
        loader=jinja2.FunctionLoader(_load),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        keep_trailing_newline=False,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def _load(name: str) -> str:
    return resources.files("memscribe.prompts").joinpath(name).read_text(encoding="utf-8")


def render_messages(template: str, **variables: Any) -> list[Message]:
    """Render ``template``'s ``system`` and ``user`` blocks into chat messages."""
    tmpl = _env().get_template(template)
    ctx = tmpl.new_context(variables)
    out: list[Message] = []
    for role in ("system", "user"):
        text = "".join(tmpl.blocks[role](ctx)).strip()
        out.append({"role": role, "content": text})
    return out


def template_variables(template: str) -> set[str]:
    """The undeclared variables of a template (tested against what its stage passes)."""
    source = _load(template)
    return set(meta.find_undeclared_variables(_env().parse(source)))
