"""Render prompt templates from the installed ``prompts`` package.

Templates are sandboxed (transcript text is data, never code) and use ``StrictUndefined`` so a
missing variable is an error, not an empty string. Each template defines two blocks, ``system``
and ``user``, which become the two chat messages.

A template is compiled once per process, on its first use (jinja's lexer, parser and code
generator: ~12 ms of CPU for ``detect.j2``, ~15 ms for a batch run's templates, in every process).
:func:`install_template_cache` (the ``memscribe`` process: ``memscribe batch``) keeps the compiled
code in a folder (:func:`memscribe.config.cache_dir`), as jinja's own bytecode cache does: a later
process loads it (~0.2 ms a template) when the template's source is the same (jinja checks its
checksum) under the same Python, jinja and settings (the file's name); anything else, or a file
that cannot be read or written, compiles as before. The code is jinja's, so the messages are the same.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import jinja2
from jinja2 import meta
from jinja2.bccache import Bucket, BytecodeCache
from jinja2.sandbox import SandboxedEnvironment

from memscribe.model.base import Message

#: The environment's settings (what its compiled code depends on besides the source).
_SETTINGS: dict[str, Any] = {
    "undefined": jinja2.StrictUndefined,
    "autoescape": False,
    "keep_trailing_newline": False,
    "trim_blocks": True,
    "lstrip_blocks": True,
}


@lru_cache(maxsize=1)
def _env() -> SandboxedEnvironment:
    return SandboxedEnvironment(loader=jinja2.FunctionLoader(_load), **_SETTINGS)


class _TemplateCache(BytecodeCache):
    """Compiled templates in ``folder``, one file each, named by the template, the jinja release
    and the environment's settings (jinja's bucket checks the source's checksum, its format and
    the Python's magic number when it loads one). Never an error: a file that cannot be read is
    a miss, one that cannot be written is not written."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        settings = ",".join(f"{k}={getattr(v, '__name__', v)!r}" for k, v in sorted(_SETTINGS.items()))
        self._salt = f"{jinja2.__version__}|{SandboxedEnvironment.__name__}|{settings}"

    def get_cache_key(self, name: str, filename: str | None = None) -> str:
        return hashlib.sha256(f"{name}|{filename}|{self._salt}".encode()).hexdigest()[:40]

    def _path(self, bucket: Bucket) -> Path:
        return self.folder / f"template-{bucket.key}.bytecode"

    def load_bytecode(self, bucket: Bucket) -> None:
        try:
            with self._path(bucket).open("rb") as f:
                bucket.load_bytecode(f)
        except Exception:  # noqa: BLE001 - missing, unreadable or damaged: compiled instead
            bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        path = self._path(bucket)
        temp = None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, temp = tempfile.mkstemp(dir=self.folder, prefix=path.name, suffix=".tmp")
            with os.fdopen(fd, "wb") as f:
                bucket.write_bytecode(f)
            os.replace(temp, path)  # whole or not there: another process may be reading it
            temp = None
        except OSError:
            pass  # not kept: compiled again by the next process
        finally:
            if temp is not None:
                with contextlib.suppress(OSError):
                    os.remove(temp)


def install_template_cache(folder: Path) -> None:
    """Keep compiled templates in ``folder`` for the rest of the process (see the module
    docstring); the templates compiled already stay as they are."""
    _env().bytecode_cache = _TemplateCache(folder)


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
