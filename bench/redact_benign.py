"""False positives on benign probes: what redaction masks in text that holds no secret.

    .venv/bin/python bench/redact_benign.py                  # memscribe's findings, listed
    .venv/bin/python bench/redact_benign.py --before REV     # also pipeline/redaction at REV

Corpus: ``fixtures/redaction/benign_probes.txt``, benign lines written to probe the false-positive
side of issue 12 (session 37): agent tool output and logs, prose about passwords, tokens and keys
in several languages, code and tests, test cards said to be tests, error messages, and published
example credentials. Nothing in it is a secret, so every finding is a false positive; the file
is scanned whole (a value line reads the line before it), and each flagged line is listed with the
detectors that fired and the shape of what they masked (:func:`fp_shapes.value_shape`), then the
counts per section of the file (``# --- title`` lines) and per detector.

What it showed at ccf57a4 (39 of 677 lines flagged), by cause. Vetoes for the first seven were
tried in session 37; each left bench/redact_authored.py's validation split at 15 false-positive
lines of 5,120 (and bench/redact.py's gitleaks validation at 16.13 per 1,000), so none is shipped
(the project keeps a quality rule only if validation improves):

- a CSV row under a header that names tokens (``date,model,input_tokens,…`` then its rows): the
  value-line detector reads the row as a value;
- a count under a plural name (``"total_tokens":101618``, Claude Code's ``"preTokens"``): a
  number of six digits under a token's name reads as a PIN;
- a UUID after labels (``key=cart:2f9c…``, ``"lock_key": "job:reindex:7c1f…"``): a record's key;
- a GitHub Action pinned by commit (``configure-aws-credentials@e3dd6a4…``): the SHA after a
  keyword that ends the action's name;
- a password noun in an English compound ("our password policy is Policy2024-v2", "the password
  reset ticket is INC0012345"): the value belongs to the compound's head;
- published example credentials gitleaks' allowlists do not list (Stripe's, Mailgun's, Slack's,
  Discord's, Telegram's and SendGrid's documentation keys, reCAPTCHA's test keys, Algolia's demo
  key, Redsys's test key);
- test cards and example national ids said to be tests or examples ("Amex test card
  378282246310005"), which the IBAN detector already keeps when so marked;
- not tried: a JWKS's public modulus and key id (``"kid"``, ``"n"``), GnuPG key-grip file names
  (``3F9C…0C2E.key``), ``did:key:`` identifiers, a Supabase anon key (a JWT published by design),
  a TypeScript non-null reference (``process.env.E2E_PASSWORD!``).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))

from at_ref import package_at  # noqa: E402
from fp_shapes import value_shape  # noqa: E402

from memscribe.redaction import Finding, find_secrets  # noqa: E402

CORPUS = REPO / "fixtures" / "redaction" / "benign_probes.txt"


def flagged_lines(text: str, findings: list[Finding]) -> dict[int, list[Finding]]:
    """The findings on each line (0-based) they start on."""
    per: dict[int, list[Finding]] = {}
    for f in findings:
        per.setdefault(text.count("\n", 0, f.start), []).append(f)
    return per


def sections(lines: list[str]) -> list[str]:
    """Each line's section: the title of the last ``# --- title`` line above it."""
    out, title = [], "(none)"
    for line in lines:
        if line.startswith("# --- "):
            title = line[6:]
        out.append(title)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", help="also run pipeline/redaction as it was at this git ref")
    a = ap.parse_args()
    text = CORPUS.read_text(encoding="utf-8")
    lines = text.split("\n")
    benign = sum(1 for line in lines if line.strip() and not line.startswith("#"))
    tools: dict[str, Callable[[str], list[Finding]]] = {}
    if a.before and (pkg := package_at(a.before, "pipeline/redaction", "memscribe.redaction")) is not None:
        tools[f"at {a.before}"] = pkg.find_secrets
    tools["memscribe"] = find_secrets
    title_of = sections(lines)
    for name, scan in tools.items():
        found = scan(text)
        per = flagged_lines(text, found)
        print(f"\n{name}: {len(per)} of {benign} benign lines flagged")
        by_detector: Counter[str] = Counter()
        by_section: Counter[str] = Counter()
        for n, fs in sorted(per.items()):
            types = sorted({f.type for f in fs})
            shapes = sorted({value_shape(text[f.start : f.end]) for f in fs})
            by_detector.update(types)
            by_section[title_of[n]] += 1
            print(f"  {n + 1:4} [{', '.join(types)}] <{', '.join(shapes)}> {lines[n][:120]!r}")
        for key, count in [*by_section.most_common(), *by_detector.most_common()]:
            print(f"  {count:4}  {key}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
