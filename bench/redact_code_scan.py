"""False positives in source code: what redaction masks in installed Python packages.

    .venv/bin/python bench/redact_code_scan.py                      # 3,000 files, findings listed
    .venv/bin/python bench/redact_code_scan.py --before REV         # also pipeline/redaction at REV
    .venv/bin/python bench/redact_code_scan.py --files 500 --quiet  # fewer files, counts only

Corpus: ``.py`` files of this interpreter's site-packages (the project's venv: the packages
``pip install -e '.[dev,bench]'`` brings), a fixed sample (sorted paths shuffled with seed 46,
``--files`` of them, files over 200,000 characters skipped), each scanned whole. Code that
others wrote and published holds no live credential, so every finding is read as a false
positive: type names, code expressions, a scanner's own patterns, lists of names. A published
test credential may be found and masked rightly; read the listed lines before fixing. Not a
scored corpus: nothing here is tuned against a validation split, and the sample depends on the
installed packages (compare two tools in the same run only).

Each finding is listed with its detector, the file, the masked text and its line; then counts
per detector. What it showed at 415064a4 (3,000 files, 811,481 lines): 103 findings. Stop 46
tried removing the classes decided by code syntax (a call or subscript expression, a regular
expression, a list of three or more quoted names: 48 left, 03f934e5) and reverted it: a real
password passed to a call beside other quoted arguments (``r.hset("user:42", "password",
"Hunter2024")``) or holding one piece of pattern syntax was then kept readable (review RV6 F2,
F3). Among the 103: type annotations
(``key: Ed25519PrivateKey | None``, ``client_secret: SecretStr``; the keyword detector reads the
first too), a value naming its own key (``"…_client_secret": "…_client_secret"``), a default of
another parameter of a signature (``password: str = "", encoding: str = "latin1"``), f-string
slots, colour codes under ``Token:`` (pygments), ``os.environ/NAME`` references (litellm's
config syntax) and example credential URLs in docstrings.
"""

from __future__ import annotations

import argparse
import random
import sys
import sysconfig
from collections import Counter
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))

from at_ref import package_at  # noqa: E402

from memscribe.redaction import Finding, find_secrets  # noqa: E402

#: The largest file scanned (a generated table of tokens says nothing of code written by people).
MAX_CHARS = 200_000


def sample(root: Path, n: int) -> list[Path]:
    """``n`` ``.py`` files under ``root``: the sorted paths shuffled with a fixed seed."""
    files = sorted(root.rglob("*.py"))
    random.Random(46).shuffle(files)
    return files[:n]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", help="also run pipeline/redaction as it was at this git ref")
    ap.add_argument("--files", type=int, default=3000, help="how many files to scan (default 3000)")
    ap.add_argument("--quiet", action="store_true", help="counts only, no finding listed")
    a = ap.parse_args()
    root = Path(sysconfig.get_paths()["purelib"])
    texts: list[tuple[str, str]] = []
    for path in sample(root, a.files):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if len(text) <= MAX_CHARS:
            texts.append((str(path.relative_to(root)), text))
    lines = sum(t.count("\n") for _, t in texts)
    print(f"corpus: {len(texts)} files of {root}, {lines} lines")
    tools: dict[str, Callable[[str], list[Finding]]] = {}
    if a.before and (pkg := package_at(a.before, "pipeline/redaction", "memscribe.redaction")) is not None:
        tools[f"at {a.before}"] = pkg.find_secrets
    tools["memscribe"] = find_secrets
    for name, scan in tools.items():
        per: Counter[str] = Counter()
        listed = []
        for rel, text in texts:
            for f in scan(text):
                per[f.type] += 1
                start = text.rfind("\n", 0, f.start) + 1
                end = text.find("\n", f.end)
                line = text[start : end if end >= 0 else len(text)].strip()
                listed.append(
                    f"  {f.type:18} {rel[-48:]:48} {text[f.start : f.end][:48]!r:52} {line[:120]!r}"
                )
        total = sum(per.values())
        print(f"\n{name}: {total} findings ({1000 * total / max(lines, 1):.3f} per 1k lines)")
        if not a.quiet:
            print("\n".join(listed))
        for key, count in per.most_common():
            print(f"  {count:4}  {key}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
