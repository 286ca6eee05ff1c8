"""Render prompt templates from the installed ``prompts`` package.

Templates are sandboxed (transcript text is data, never code) and use ``StrictUndefined`` so a
missing variable is an error, not an empty string. Each template defines two blocks, ``system``
and ``user``, which become the two chat messages.

In the ``memscribe`` process (where the regex program cache is installed: :func:`memscribe.lazyre.
install_program_cache`) a template's compiled code is kept in the same cache folder, so a run does
not parse and compile ``detect.j2`` again before its first detect request (~6 ms of CPU, and ~2 ms
each dedup template). The rendered text is the same: only the compile step is skipped, and a
template whose source changed is compiled anew (jinja checks each cached code's source checksum).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
from functools import lru_cache
from importlib import resources
from typing import Any

import jinja2
from jinja2 import meta
from jinja2.bccache import Bucket
from jinja2.sandbox import SandboxedEnvironment

from memscribe.lazyre import program_cache_folder
from memscribe.model.base import Message

#: The environment's options: part of the compiled-code cache's folder name (a cached template
#: compiled under other options is never loaded).
_OPTIONS: dict[str, Any] = {
    "autoescape": False,
    "keep_trailing_newline": False,
    "trim_blocks": True,
    "lstrip_blocks": True,
}


class _CompiledTemplates(jinja2.FileSystemBytecodeCache):
    """Compiled templates in a folder made on first write; a folder that cannot be read or
    written, or a damaged file, only means compiling again (never an error of the render)."""

    def load_bytecode(self, bucket: Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except (OSError, EOFError, ValueError, TypeError):
            bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        with contextlib.suppress(OSError):
            os.makedirs(self.directory, exist_ok=True)
            super().dump_bytecode(bucket)


def _compiled_cache() -> jinja2.BytecodeCache | None:
    folder = program_cache_folder()
    if folder is None:
        return None
    key = repr((jinja2.__version__, sys.version, SandboxedEnvironment.__name__, sorted(_OPTIONS.items())))
    digest = hashlib.sha256(key.encode()).hexdigest()[:16]
    return _CompiledTemplates(str(folder / f"jinja-{sys.implementation.cache_tag}-{digest}"))


@lru_cache(maxsize=1)
def _env() -> SandboxedEnvironment:
    return SandboxedEnvironment(
        loader=jinja2.FunctionLoader(_load),
        undefined=jinja2.StrictUndefined,
        bytecode_cache=_compiled_cache(),
        **_OPTIONS,
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
