"""Build ``fixtures/guard/clean_documents.jsonl``: clean documents nobody wrote for the guard.

    .venv/bin/python bench/clean_documents.py        # rewrites the fixture from this machine

The injection corpus holds a few dozen clean documents per split, too few to measure a 2%
false-positive rate. This script takes paragraphs that no one wrote with injections in mind
from sources installed with the project: the long descriptions (READMEs: prose, badges,
tables, shell sessions, code) of the installed distributions, the docstrings and code of
the Python standard library (PSF licence), and from the operating system: Debian changelog
entries (short signed notes, the closest thing to an email here), the time-zone tables and
commented ``/etc/*.conf`` files. Each row records its distribution and licence.
Packages about language models are left out (their docs quote prompts), as is any
paragraph that talks about prompt injection itself.

The rows are split like the injection corpus (``bench/injection_corpus.py``), by a hash of
their ``group`` (the distribution or the standard-library module), so that no validation row
shares a source with a training row: ``train`` and ``threshold`` rows may teach the classifier and choose its threshold;
``validation`` rows are only ever counted.
"""

from __future__ import annotations

import ast
import email
import gzip
import json
import re
import sys
import sysconfig
from importlib import metadata
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "fixtures" / "guard" / "clean_documents.jsonl"
#: Distributions whose docs are about language models, prompts or secrets (they quote attacks).
_SKIP = re.compile(
    r"instructor|litellm|openai|anthropic|mcp|memscribe|detect.secrets|huggingface|tiktoken|tokenizers|"
    r"wordllama|safetensors|hf.xet|ray|vcrpy|hypothesis|pytest",
    re.IGNORECASE,
)
#: A paragraph about the attacks themselves is not a clean document for this purpose.
_ABOUT_ATTACKS = re.compile(
    r"prompt\s+injection|jailbreak|ignore\s+(?:all\s+)?previous|system\s+prompt|\bLLMs?\b|chatgpt",
    re.IGNORECASE,
)
PER_README = 15
PER_MODULE = 4
PER_SYSTEM = 200
CHANGELOG_ENTRIES = 2
PER_TABLE = 20
TABLE_LINES = 15
CONFIG_LINES = 25
MIN_CHARS, MAX_CHARS = 80, 2000


def _clean(text: str) -> str | None:
    """The corpus format: no blank lines, no trailing spaces, 80-2,000 characters."""
    lines = [ln.rstrip() for ln in text.strip("\n").splitlines()]
    out = "\n".join(ln for ln in lines if ln.strip()).strip()
    if not MIN_CHARS <= len(out) <= MAX_CHARS or _ABOUT_ATTACKS.search(out):
        return None
    return out


def _licence(meta: email.message.Message) -> str:
    lic = (meta.get("License-Expression") or meta.get("License") or "").strip().splitlines()
    if lic and len(lic[0]) < 60:
        return lic[0]
    classifiers = [
        c.split("::")[-1].strip() for c in meta.get_all("Classifier") or [] if c.startswith("License")
    ]
    return classifiers[0] if classifiers else "see distribution"


def readmes() -> list[dict[str, str]]:
    rows = []
    for dist in sorted(metadata.distributions(), key=lambda d: d.metadata["Name"].lower()):
        name = dist.metadata["Name"]
        if _SKIP.search(name):
            continue
        meta = dist.metadata
        body = meta.get_payload() if hasattr(meta, "get_payload") else ""  # type: ignore[attr-defined]
        body = body or meta.get("Description") or ""
        n = 0
        for para in re.split(r"\n\s*\n", str(body)):
            text = _clean(para)
            if text is None:
                continue
            rows.append(
                {
                    "id": f"readme-{name.lower()}-{n}",
                    "group": f"readme-{name.lower()}",
                    "kind": "readme",
                    "source": f"{name} {dist.version}",
                    "licence": _licence(meta),  # type: ignore[arg-type]
                    "text": text,
                }
            )
            n += 1
            if n >= PER_README:
                break
    return rows


def stdlib() -> list[dict[str, str]]:
    rows = []
    root = Path(sysconfig.get_paths()["stdlib"])
    for path in sorted(root.glob("*.py")):
        source = path.read_text(encoding="utf-8", errors="replace")
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        lines = source.splitlines()
        n = 0
        for node in tree.body:
            if not isinstance(node, ast.FunctionDef | ast.ClassDef) or n >= PER_MODULE:
                continue
            doc = ast.get_docstring(node)
            code = "\n".join(lines[node.lineno - 1 : min(node.end_lineno or node.lineno, node.lineno + 25)])
            for kind, text in (("docstring", doc), ("code", code)):
                cleaned = _clean(text or "")
                if cleaned is not None:
                    rows.append(
                        {
                            "id": f"{kind}-{path.stem}-{node.name}",
                            "group": f"stdlib-{path.stem}",
                            "kind": kind,
                            "source": f"cpython {sys.version.split()[0]} Lib/{path.name}",
                            "licence": "PSF-2.0",
                            "text": cleaned,
                        }
                    )
            n += 1
    return rows


def _entries(changelog: str) -> list[str]:
    """Debian changelog entries: each ends with its `` -- Name <email>  date`` signature line."""
    out, current = [], []
    for line in changelog.splitlines():
        current.append(line)
        if line.startswith(" -- "):
            out.append("\n".join(current))
            current = []
    return out


def _chunks(lines: list[str], size: int) -> list[str]:
    return ["\n".join(lines[i : i + size]) for i in range(0, len(lines), size)]


def system_files() -> list[dict[str, str]]:
    """Release notes signed by a maintainer (Debian changelog entries: the closest thing to an
    email this machine holds), tab-separated tables (time zones, countries) and commented
    configuration files."""
    rows = []
    for path in sorted(Path("/usr/share/doc").glob("*/changelog.Debian.gz"))[:PER_SYSTEM]:
        package = path.parent.name
        text = gzip.decompress(path.read_bytes()).decode("utf-8", errors="replace")
        for n, entry in enumerate(_entries(text)[:CHANGELOG_ENTRIES]):
            cleaned = _clean(entry)
            if cleaned is not None:
                rows.append(
                    {
                        "id": f"changelog-{package}-{n}",
                        "group": f"changelog-{package}",
                        "kind": "changelog",
                        "source": f"Debian /usr/share/doc/{package}/changelog.Debian.gz",
                        "licence": f"see /usr/share/doc/{package}/copyright",
                        "text": cleaned,
                    }
                )
    tables = sorted(Path("/usr/share/zoneinfo").glob("*.tab"))
    configs = sorted(Path("/etc").glob("*.conf"))
    sources = [(p, "table", TABLE_LINES) for p in tables] + [(p, "config", CONFIG_LINES) for p in configs]
    for path, kind, size in sources:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            continue
        for n, chunk in enumerate(_chunks(lines, size)[:PER_TABLE]):
            cleaned = _clean(chunk)
            if cleaned is not None:
                rows.append(
                    {
                        "id": f"{kind}-{path.name}-{n}",
                        "group": f"{kind}-{path.name}",
                        "kind": kind,
                        "source": str(path),
                        "licence": "public domain (tzdata)" if kind == "table" else "Debian package files",
                        "text": cleaned,
                    }
                )
    return rows


def main() -> int:
    rows = readmes() + stdlib() + system_files()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with open(OUT, "w", encoding="utf-8", newline="\n") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    kinds: dict[str, int] = {}
    for row in rows:
        kinds[row["kind"]] = kinds.get(row["kind"], 0) + 1
    print(f"{len(rows)} rows -> {OUT.relative_to(REPO)}: {kinds}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
