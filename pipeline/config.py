"""Options shared by every command, with their environment-variable fallbacks."""

from __future__ import annotations

import os
from pathlib import Path

ENV_MEMORY_DIR = "MEMSCRIBE_MEMORY_DIR"
ENV_MODEL = "MEMSCRIBE_MODEL"
ENV_API_BASE = "MEMSCRIBE_API_BASE"
ENV_MODE = "MEMSCRIBE_MODE"
ENV_CONTEXT_TOKENS = "MEMSCRIBE_CONTEXT_TOKENS"
ENV_TIMEOUT = "MEMSCRIBE_TIMEOUT"
#: Model-call budget per run (read by ``LiteLLMModel``; ``--max-calls`` sets it).
ENV_MAX_CALLS = "MEMSCRIBE_MAX_CALLS"
ENV_CACHE_DIR = "MEMSCRIBE_CACHE_DIR"


def cache_dir() -> Path:
    """memscribe's cache folder (derived files only: exported OpenClaw sessions, the encoder's
    tokenizer tables, the compiled programs of memscribe's own regex patterns): ``$MEMSCRIBE_CACHE_DIR``, else ``$XDG_CACHE_HOME/memscribe``, else
    ``~/.cache/memscribe``."""
    explicit = os.environ.get(ENV_CACHE_DIR)
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME")
    return (Path(base) if base else Path.home() / ".cache") / "memscribe"


EXIT_CODES = {
    0: "success (including: nothing to learn)",
    1: "unexpected internal error (a bug: please report it)",
    2: "usage or configuration error",
    3: "input error: the transcript cannot be read (file and line named)",
    4: "model error: the model failed after retries and re-asks (what it did finish is written; "
    "the plan lists what was skipped as model_error)",
    5: "store error: the memory root cannot be written safely (the message says what a refused "
    "write left: nothing changed, partly made and completed by the next extract, apply or batch, or "
    "every change made)",
    6: "batch: some transcripts failed (the others were processed)",
    7: "refused at the trust boundary: a symlinked folder or file in the memory root, a journal "
    "naming paths outside its memory folders, or a plan failing the write screen (nothing touched)",
}
