"""The detect prompt's messages without the template engine, byte for byte as ``detect.j2`` renders.

Every window of every transcript is rendered with the same template: its ``system`` block is
fixed text and its ``user`` block a few lines around the window's turns. A full template pass
per window (a new context, the sandbox's attribute checks per turn field) and, once per
process, importing the engine and compiling the template (~50 ms of CPU, paid by the first
unit of a batch before its first call could leave) were most of the rendering's cost. Here the
fixed text is cut from the template once and the turns are formatted with plain string
operations, the same characters the template writes.

The formatter knows the template by the digest of its source (:data:`KNOWN_TEMPLATE`): an edited
template has another digest and is rendered by the engine as before (a test renders both ways
over varied windows and keeps them equal).
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Mapping, Sequence
from importlib import resources

from memscribe.model.base import Message

TEMPLATE = "detect.j2"
#: sha256 (first 16 hex digits) of the ``detect.j2`` source this formatter writes the same text as.
KNOWN_TEMPLATE = "58fd4a5c55ed3355"
_SYSTEM_OPEN = "{% block system %}\n"
_SYSTEM_CLOSE = "{% endblock %}"


def _source() -> str:
    return resources.files("memscribe.prompts").joinpath(TEMPLATE).read_text(encoding="utf-8")


def template_digest(source: str) -> str:
    return hashlib.sha256(source.encode("utf-8")).hexdigest()[:16]


@functools.cache
def fixed_system() -> str | None:
    """The rendered ``system`` block (fixed text), or None when the template is not the known one."""
    source = _source()
    if template_digest(source) != KNOWN_TEMPLATE:
        return None
    start = source.index(_SYSTEM_OPEN) + len(_SYSTEM_OPEN)
    return source[start : source.index(_SYSTEM_CLOSE, start)].strip()


def detect_messages(
    *,
    turns: Sequence[Mapping[str, object]],
    window: int,
    windows: int,
    language_hint: str,
    topics: Sequence[Mapping[str, object]],
    group: Mapping[str, object] | None,
) -> list[Message] | None:
    """The ``system`` and ``user`` messages of ``detect.j2`` for these variables (the template's,
    see its header), or None when the template is not the one this formatter knows."""
    system = fixed_system()
    if system is None:
        return None
    parts: list[str] = []
    if topics:
        parts.append(
            "Stored topics of this user (a statement that restates or updates one uses that exact slug):\n"
        )
        for topic in topics:
            slugs = topic["slugs"]
            assert isinstance(slugs, Sequence)
            parts.append(f"{topic['kind']}: {', '.join(map(str, slugs))}\n")
        parts.append("\n")
    if group:
        owner, others = group["owner"], group["others"]
        assert isinstance(others, Sequence)
        names = ", ".join(map(str, [owner, *others]))
        parts.append(
            f'Group chat: several people write as "user" ({names}). The\n'
            f"memory is {owner}'s: PROFILES are {owner}'s facts; what the others say about\n"
            "themselves is other people's facts.\n\n"
        )
    parts.append(f"Conversation window {window} of {windows}.{language_hint}\n\n")
    for t in turns:
        speaker = f" {t['speaker']}" if t["speaker"] else ""
        kind = f" ({t['kind']})" if t["kind"] != "message" else ""
        parts.append(f"[{t['index']}] {t['role']}{speaker}{kind}: {t['text']}\n")
    parts.append("\nReturn the JSON object now.\n")
    return [{"role": "system", "content": system}, {"role": "user", "content": "".join(parts).strip()}]
