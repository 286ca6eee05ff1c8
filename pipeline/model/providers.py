"""What is known of a model and its server before any call: its provider and credentials
(:func:`_check_configuration`), its context window (:func:`context_tokens_of`), whether its server is
on this machine (:func:`is_loopback`); and embeddings (:func:`embed`). Part of
:mod:`memscribe.model.llm`, imported through it (litellm loads only with a model call)."""

from __future__ import annotations

import os
import sys

from memscribe.errors import ModelError
from memscribe.model.failures import _short

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # before litellm loads: as in llm

import litellm  # noqa: E402

#: A model neither litellm nor its server can size: assume this many tokens (said once).
DEFAULT_CONTEXT_TOKENS = 8192
#: The most context asked of an Ollama server (``num_ctx`` sizes its KV cache: memory).
OLLAMA_MAX_CONTEXT = 32768
#: Per-request timeouts: a hosted model, and a loopback server (a CPU model may take minutes).
DEFAULT_TIMEOUT_S = 120.0
LOCAL_TIMEOUT_S = 600.0
_OLLAMA_PROVIDERS = ("ollama", "ollama_chat")
_OLLAMA_DEFAULT_BASE = "http://localhost:11434"
#: Models already told about (an unknown context size is said once per process).
_SIZED: dict[str, int] = {}


#: A stand-in key for OpenAI-compatible local servers (llama.cpp, vLLM) that need none: the
#: SDK refuses to send a request without one.
LOCAL_SERVER_KEY = "no-key-required"


def _check_configuration(name: str, api_base: str | None) -> str | None:
    """Fail fast, before any transcript is read, on what no retry can fix.

    Returns the api key to pass (``None``: litellm reads the provider's variable itself).

    Raises:
        ValueError: litellm cannot tell the provider from ``name``, or the provider's
            credential variable is unset and no ``api_base`` points at a local server.
    """
    try:
        litellm.get_llm_provider(model=name, api_base=api_base)
    except Exception:
        raise ValueError(
            f"unknown model {name!r}: use a litellm model string with its provider, "
            "e.g. openai/gpt-4.1-mini, anthropic/claude-sonnet-4-5, ollama/llama3.1"
        ) from None
    try:
        env = litellm.validate_environment(model=name, api_base=api_base)
    except Exception:  # providers litellm cannot check: let the first call tell
        return None
    missing = [k for k in env.get("missing_keys") or [] if k.endswith(("_KEY", "_TOKEN", "_SECRET"))]
    provider_key = f"{litellm.get_llm_provider(model=name, api_base=api_base)[1].upper()}_API_KEY"
    if provider_key in os.environ and not os.environ[provider_key].strip():
        missing.append(provider_key)  # set but empty: the SDK would fail on every call
    if not missing:
        return None
    if api_base:
        return LOCAL_SERVER_KEY
    raise ValueError(
        f"model {name}: set {' or '.join(missing)} in the environment (or --api-base for a local server)"
    )


def context_tokens(model: str) -> int:
    """The model's input window from litellm's bundled map, or a conservative default."""
    return context_tokens_of(model, ask_server=False)


def context_tokens_of(
    model: str, *, api_base: str | None = None, provider: str | None = None, ask_server: bool = True
) -> int:
    """The model's input window: litellm's bundled map, else (Ollama, ``ask_server``) the server's
    ``/api/show`` (capped at :data:`OLLAMA_MAX_CONTEXT`), else :data:`DEFAULT_CONTEXT_TOKENS`, said
    once on stderr."""
    if model in _SIZED:
        return _SIZED[model]
    value: int | None = None
    if (provider or _provider(model, api_base)) in _OLLAMA_PROVIDERS:
        if ask_server:
            found = _ollama_context(model, api_base)
            value = min(found, OLLAMA_MAX_CONTEXT) if found else None
    else:
        try:
            info = litellm.get_model_info(model)
            value = int(info.get("max_input_tokens") or info.get("max_tokens") or 0) or None
        except Exception:
            value = None
    if value is None:
        value = DEFAULT_CONTEXT_TOKENS
        if ask_server:
            print(
                f"memscribe: note: context size of {model} unknown; assuming {value} tokens "
                "(set --context-tokens)",
                file=sys.stderr,
            )
    _SIZED[model] = value
    return value


def _ollama_context(model: str, api_base: str | None) -> int | None:
    """The model's trained context length from an Ollama server's ``/api/show``."""
    import httpx

    name = model.split("/", 1)[1] if "/" in model else model
    base = (api_base or os.environ.get("OLLAMA_API_BASE") or _OLLAMA_DEFAULT_BASE).rstrip("/")
    try:
        shown = httpx.post(f"{base}/api/show", json={"model": name}, timeout=5.0).json()
    except Exception:
        return None
    info = shown.get("model_info") if isinstance(shown, dict) else None
    if not isinstance(info, dict):
        return None
    lengths = [int(v) for k, v in info.items() if k.endswith(".context_length") and isinstance(v, int)]
    return max(lengths) if lengths else None


def _provider(model: str, api_base: str | None) -> str | None:
    try:
        return str(litellm.get_llm_provider(model=model, api_base=api_base)[1])
    except Exception:
        return None


def is_loopback(api_base: str | None) -> bool:
    """An ``api_base`` on this machine (a local server: localhost, 127.x, ::1)."""
    if not api_base:
        return False
    from urllib.parse import urlsplit

    host = (urlsplit(api_base if "//" in api_base else f"http://{api_base}").hostname or "").lower()
    return host in {"localhost", "::1", "0.0.0.0"} or host.startswith("127.")


def embed(texts: list[str], *, model: str) -> list[list[float]]:
    """Embedding vectors of ``texts`` (in order) from a litellm embedding model, one request.

    Raises:
        ModelError: the request failed or the answer is not one vector per text.
    """
    if not texts:
        return []
    try:
        response = litellm.embedding(model=model, input=list(texts))
        data = sorted(response.data, key=lambda d: int(d["index"] if isinstance(d, dict) else d.index))
        vectors = [[float(x) for x in (d["embedding"] if isinstance(d, dict) else d.embedding)] for d in data]
    except Exception as exc:
        raise ModelError(f"embedding with {model} failed: {_short(exc)}", stage="embed", attempts=1) from exc
    if len(vectors) != len(texts):
        raise ModelError(
            f"embedding with {model}: {len(vectors)} vectors for {len(texts)} texts",
            stage="embed",
            attempts=1,
        )
    return vectors
