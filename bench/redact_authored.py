"""Redaction on independently authored transcripts: recall, leaks and false positives, in one run.

    .venv/bin/python bench/redact_authored.py                 # memscribe vs detect-secrets
    .venv/bin/python bench/redact_authored.py --dev-details   # also list dev misses and FP lines
    .venv/bin/python bench/redact_authored.py --before REV    # also pipeline/redaction at REV
    .venv/bin/python bench/redact_authored.py --authors sg_   # only these authors' files
    .venv/bin/python bench/redact_authored.py --url-extent userinfo url  # a study, see below

Corpus: ``fixtures/redaction/authored/*.txt``. Each file is a session (user, assistant, tool
output) written by an author who never read memscribe's code, its rules or any other corpus, from
one short brief (``fixtures/redaction/authored/README.md``). The author marked every planted
credential ``⟦S:type⟧value⟦/S⟧`` and every benign look-alike (commit SHAs, digests, placeholders,
public keys...) ``⟦N:type⟧value⟦/N⟧``; :func:`parse_marked` removes the marks and turns them into
labels in the shared corpus format (``secret`` true / false, character spans), so the text that is
scanned is exactly what a transcript would hold.

Files are split into ``dev`` and ``validation``: every file of the validation-only authors
(``VALIDATION_AUTHORS``: names ``sd_*``, ``se_*``, ``sh_*``, ``sj_*`` and ``sl_*``, written after the rules were first measured on the
others) is validation, and of the other authors' files (``SPLIT_AUTHORS``: ``sa_*``, ``sb_*``,
``sc_*``, and ``sf_*``, ``sg_*``, ``si_*`` and ``sk_*``, new development data written later) one in five by a hash of the name
(``bench/redact.py``'s rule); every file of ``DEV_AUTHORS`` (``sm_*``) is dev. Only the dev part's misses, leaks and false positives may be listed
(``--dev-details``); the validation part is printed in aggregate, never read to choose a rule. Scoring is ``bench/redact.py``'s (the shared corpus README's): a secret is caught when a
finding overlaps it; leak = some character of it left unmasked (``partial``: the leaks among
the caught ones, the rest being misses); FP/1k = lines touched by a finding
that carry no label, per 1,000 such lines; hard-neg = benign look-alikes hit.

``--url-extent``: a study of how much of a URL with credentials to mask (issue 12): most authors
label a credential URL whole (``postgres://app:pw@db:5432/x``) where memscribe masks the password
(or a DSN's key) alone, so the rest counts as a leak. Each extent adds a tool: memscribe's
findings widened, wherever one starts inside a URL's user info, to the whole user info
(``userinfo``: ``user:password``) or to the whole URL (``url``). The package is unchanged.

Targets (issue 12, independent transcript secrets): recall >= 0.95, leak rate <= 0.02, <= 1 false
positive per 1,000 benign lines.

Tried at stop 44 and dropped (each measured against cf7aee6 in one run; the validation part, authors
A-L, stayed at recall 602/665 and 15 false-positive lines of 5,120 for every one, and
``bench/redact.py``'s gitleaks validation at 40/42 and 16.13 per 1,000, so none is shipped; the
diffs were kept beside the session as ``hr_issue12_tried_s44.diff``):

- a PIN's or code's digits linked up to six words after its name by a link word ("die PIN fürs
  Telefon an der Box ist 4827"), no id or measure word between, not a year or round number: dev
  recall 778 -> 779 of 814;
- English "code" as a code word whose value only a link gives ("Alarm panel code is 7 3 9 1"):
  dev 778 -> 780, but a new false positive (``code: 20003``);
- a password found before its keyword not taken from an option (``-LogonType``) or from inside a
  code span of several words (`Autologon.exe kiosk WARTE-PC01`), and an unquoted pass phrase that
  holds a variable's reference (``$adminPass = ConvertTo-SecureString $enc``) read as an
  expression: with the PIN reach above, author M's dev false-positive lines 17 -> 12 of 5,493;
- a cell under a password's column decided as a value under a password's name (dotted words
  ``gatitos.del.patio.77``, a spaced phrase ``Rosa 1952 rosa``): dev 778 -> 780;
- a bracket among a random key's symbols not read as a call, the value running on over the
  bracket it opened (Django's ``…h(c6d0f)j-s+g_a%e`` in ``docker inspect``'s env): dev 846 -> 847
  of 895 (author M included).

Tried at stop 45 and dropped (each measured against 6aa035b7 in one run, alone and all together:
validation stayed at 603/665 and 15 false-positive lines of 5,120 with the signed-URL change
beside them, gitleaks validation at 40/42 and 16.13 per 1,000, ``bench/redact_benign.py`` at 34;
the diffs were kept beside the session as ``hr_issue12_tried_s45.diff``):

- a placeholder's word counted only as a person writes it, one case or CamelCase (``your``,
  ``YOUR``, ``ChangeMe``), not switching case inside a random run (SendGrid's ``…xtODoV…`` read
  as "todo"): dev 848 -> 849 of 895;
- curl's cookie option (``-b 'a=1; kq_session=…; kq_csrf=…'``, ``--cookie``) read as a
  ``Cookie`` header is: dev +2;
- the public half of a key pair: a hex or digits value under a ``*_KEY`` beside its own
  ``*_SECRET`` in the same block (``PUSHER_APP_KEY``/``PUSHER_APP_SECRET``, Vonage, Shopify's
  ``api_key``/``api_secret_key``): dev false-positive lines 17 -> 14, validation 15 unchanged;
- a base32 seed printed in groups of four after a key's, secret's, seed's or code's word
  ("Secret key: MZ4T QK7R XW2L PN5V 3HJD", a digit and a letter beyond hex, a group unlike a
  word): dev +1;
- a quoted pass phrase after a password's word in any language the clause detector reads
  (``la contraseña es "gatitos del patio 77"``, „…“, « … », “…”): dev +1;
- Spanish "clave" read as a password's word (a PIN after it: "la clave de la tablet es 180352"):
  dev +1 and a new false positive (``Pon la clave del banco en `clave_sha256` ...``).
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))

from at_ref import package_at  # noqa: E402
from redact import (  # noqa: E402
    SPLITS,
    Doc,
    Score,
    Span,
    _fmt,
    _read,
    detect_secrets_scanner,
    false_positive_lines,
    memscribe_scan,
    run_tool,
    split_of,
)

from memscribe.redaction import find_secrets  # noqa: E402

CORPUS = REPO / "fixtures" / "redaction" / "authored"
#: A URL with user info: ``scheme://`` up to the last ``@`` before the host, then the rest of it.
_USERINFO_URL = re.compile(r"\b[A-Za-z][A-Za-z0-9+.-]{0,30}://(?P<info>[^\s/'\"<>`@]*)@[^\s'\"<>`]*")
URL_EXTENTS = ("userinfo", "url")
#: File-name prefixes of the authors whose every file is validation.
VALIDATION_AUTHORS = ("sd_", "se_", "sh_", "sj_", "sl_")
#: File-name prefixes of the authors whose files are split one in five to validation by a hash of
#: the name (``bench/redact.py``'s rule): A-C, and F, G, I and K (written after the rules were first
#: measured, as new development data). A file of an author in neither list is validation.
SPLIT_AUTHORS = ("sa_", "sb_", "sc_", "sf_", "sg_", "si_", "sk_")
#: File-name prefixes of the authors whose every file is development data: M (written 2026-12-07
#: from the brief alone, as new development data for the redaction helpers of that stop).
DEV_AUTHORS = ("sm_",)
_MARK = re.compile(r"⟦(?P<kind>[SN]):(?P<type>[^⟧]*)⟧(?P<value>.*?)⟦/(?P=kind)⟧", re.DOTALL)


class MarkError(ValueError):
    """A marked file whose marks do not pair up."""


def parse_marked(marked: str) -> tuple[str, list[dict[str, object]]]:
    """The text without its marks, and one label per mark (``start``/``end`` character offsets
    into that text, 1-based ``line``/``line_end``, ``type``, ``secret``)."""
    out: list[str] = []
    labels: list[dict[str, object]] = []
    pos = 0
    length = 0
    for m in _MARK.finditer(marked):
        before = marked[pos : m.start()]
        out.append(before)
        length += len(before)
        value = m.group("value")
        start, end = length, length + len(value)
        out.append(value)
        length = end
        labels.append(
            {"start": start, "end": end, "type": m.group("type").strip(), "secret": m.group("kind") == "S"}
        )
        pos = m.end()
    out.append(marked[pos:])
    text = "".join(out)
    if "⟦" in text or "⟧" in text:
        line = text.count("\n", 0, text.find("⟦") if "⟦" in text else text.find("⟧")) + 1
        raise MarkError(f"unpaired mark near line {line}")
    for label in labels:
        s, e = int(str(label["start"])), int(str(label["end"]))
        label["line"] = text.count("\n", 0, s) + 1
        label["line_end"] = text.count("\n", 0, max(s, e - 1)) + 1
    return text, labels


def widen_in_urls(text: str, spans: list[Span], extent: str) -> list[Span]:
    """``spans`` plus, for each URL with user info where one of them starts inside that user
    info, the whole user info (``extent`` ``userinfo``) or the whole URL (``url``)."""
    out = list(spans)
    for m in _USERINFO_URL.finditer(text):
        lo, hi = m.span("info")
        if any(lo <= s < hi for s, _ in spans):
            out.append((lo, hi) if extent == "userinfo" else m.span())
    return out


def widened_scan(extent: str) -> Callable[[Path], list[Span]]:
    """memscribe's findings in a file, widened in URLs with credentials (:func:`widen_in_urls`)."""

    def scan(path: Path) -> list[Span]:
        text = _read(path)
        return widen_in_urls(text, [(f.start, f.end) for f in find_secrets(text)], extent)

    return scan


def split(name: str) -> str:
    """``bench/redact.py``'s hash rule for a file of :data:`SPLIT_AUTHORS`; ``validation`` for a
    validation-only author's file, and for one of an author not listed yet (held out until
    someone decides which part a new author's files belong to); ``dev`` for a file of
    :data:`DEV_AUTHORS`."""
    if name.startswith(DEV_AUTHORS):
        return "dev"
    return split_of(name) if name.startswith(SPLIT_AUTHORS) else "validation"


def load(out: Path, authors: tuple[str, ...] = ()) -> tuple[list[Doc], list[str]]:
    """The corpus as scanned documents (clean text written under ``out``), and the files skipped
    (marks that do not pair up), each with why; only the files whose names start with one of
    ``authors`` when given (``("sg_",)``: a new author's files alone, before and after)."""
    docs: list[Doc] = []
    skipped: list[str] = []
    for path in sorted(CORPUS.glob("*.txt")):
        if authors and not path.name.startswith(authors):
            continue
        try:
            text, labels = parse_marked(_read(path))
        except MarkError as exc:
            skipped.append(f"{path.name}: {exc}")
            continue
        clean = out / path.name
        clean.write_text(text, encoding="utf-8", newline="")
        for label in labels:
            label["file"] = path.name
        docs.append(Doc("authored", clean, text, labels, split(path.name)))
    return docs, skipped


def dev_details(docs: list[Doc]) -> None:
    """memscribe's misses, leaks (caught, some character left unmasked) and false-positive lines
    on the dev part (never validation)."""
    print("\nmemscribe on the dev part (validation not listed):")
    for doc in docs:
        if doc.split != "dev":
            continue
        found = find_secrets(doc.text)
        spans = [(f.start, f.end) for f in found]
        for label in doc.labels:
            s, e = int(str(label["start"])), int(str(label["end"]))
            if label["secret"] is not True:
                continue
            if not any(fs < e and s < fe for fs, fe in spans):
                print(f"  MISS {doc.path.name}:{label['line']} [{label['type']}] {doc.text[s:e][:90]!r}")
            elif any(
                not doc.text[i].isspace() and not any(fs <= i < fe for fs, fe in spans) for i in range(s, e)
            ):
                print(f"  LEAK {doc.path.name}:{label['line']} [{label['type']}] {doc.text[s:e][:90]!r}")
        lines = doc.text.split("\n")
        for n in false_positive_lines(doc, spans):
            types = sorted({f.type for f in found if doc.text.count("\n", 0, f.start) + 1 == n})
            print(f"  FP   {doc.path.name}:{n} [{', '.join(types)}] {lines[n - 1][:140]!r}")
        for label in doc.labels:
            s, e = int(str(label["start"])), int(str(label["end"]))
            if label["secret"] is False and any(fs < e and s < fe for fs, fe in spans):
                print(f"  HARD {doc.path.name}:{label['line']} [{label['type']}] {doc.text[s:e][:90]!r}")


def partial_leaks(s: Score) -> int:
    """Secrets caught but not masked whole (some character left readable): the leaks that are not
    misses. The authored labels carry no ``pii`` category, so every leak is a miss or one of these."""
    return s.leaked - (s.positives - s.caught)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", help="also run pipeline/redaction as it was at this git ref")
    ap.add_argument("--dev-details", action="store_true", help="list the dev part's misses and FP lines")
    ap.add_argument(
        "--authors",
        nargs="+",
        default=[],
        metavar="PREFIX",
        help="only the files whose names start with these prefixes (e.g. sg_)",
    )
    ap.add_argument(
        "--url-extent",
        nargs="+",
        default=[],
        choices=URL_EXTENTS,
        help="also score memscribe's findings widened in URLs with credentials (a study)",
    )
    a = ap.parse_args()
    tools: dict[str, Callable[[Path], list[Span]]] = {}
    if a.before and (pkg := package_at(a.before, "pipeline/redaction", "memscribe.redaction")) is not None:
        tools[f"at {a.before}"] = (lambda f: lambda path: [(x.start, x.end) for x in f(_read(path))])(
            pkg.find_secrets
        )
    tools["memscribe"] = memscribe_scan
    for extent in a.url_extent:
        tools[f"url={extent}"] = widened_scan(extent)
    if (ds := detect_secrets_scanner()) is not None:
        tools["detect-secrets"] = ds
    with tempfile.TemporaryDirectory(prefix="memscribe-authored-") as tmp:
        docs, skipped = load(Path(tmp), tuple(a.authors))
        results = {name: run_tool(scan, docs) for name, scan in tools.items()}
        if a.dev_details:
            dev_details(docs)
    for line in skipped:
        print(f"skipped {line}", file=sys.stderr)
    n_true = sum(1 for d in docs for lab in d.labels if lab["secret"] is True)
    print(
        f"\ncorpus: {len(docs)} files ({sum(d.split == 'validation' for d in docs)} validation), {n_true} secrets"
    )
    header = (
        f"{'split':<12}{'tool':<18}{'recall':>8}{'caught':>11}{'leak':>7}{'leaked':>8}{'partial':>9}{'precision':>10}"
        f"{'FP/1k':>8}{'FP lines':>10}{'hard-neg':>10}"
    )
    print(header)
    print("-" * len(header))
    for split in SPLITS:
        for tool, (per, _) in results.items():
            s = per.get(f"authored/{split}", Score())
            print(
                f"{split:<12}{tool:<18}{_fmt(s.recall):>8}{f'{s.caught}/{s.positives}':>11}"
                f"{_fmt(s.leak_rate, 2):>7}{s.leaked:>8}{partial_leaks(s):>9}{_fmt(s.precision):>10}"
                f"{_fmt(s.fp_per_kline, 2):>8}"
                f"{f'{s.fp_lines}/{s.benign_lines}':>10}{f'{s.hard_hit}/{s.hard}':>10}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
