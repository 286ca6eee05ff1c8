"""The redaction prefilters skip only what cannot match: ASCII texts test only ASCII hints;
detectors whose every finding holds a digit skip texts without one, and assignments texts
without an operator, value lines a text of one line, and a provider's token regex a text without one of its hints as written. Each is compared with the plain search it replaces, on the
fixture transcripts and on generated texts mixing hints, digits and non-ASCII words."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memscribe.redaction.base import Detector, has_digit, lowered, regex_finder
from memscribe.redaction.combine import find_secrets, redact_text
from memscribe.redaction.detectors import CONTACT_DETECTORS, DETECTORS
from memscribe.redaction.prefilter import active_detectors, detectors_per_text
from memscribe.redaction.providers import PROVIDERS
from tests.support.secret_shapes import corpus_turn_texts

structure = importlib.import_module("memscribe.redaction.structure")
prose = importlib.import_module("memscribe.redaction.prose")
valuelines = importlib.import_module("memscribe.redaction.valuelines")
pii = importlib.import_module("memscribe.redaction.pii")
encoded = importlib.import_module("memscribe.redaction.encoded")
#: Each detector that skips a text, and the scan it skips.
GUARDED = (
    (structure.find_assignments, structure._assignments),
    (prose.find_near_keyword, prose._near_keyword),
    (valuelines.find_value_lines, valuelines._value_lines),
    (pii.find_cards, pii._cards),
    (pii.find_ibans, pii._ibans),
    (pii.find_national_ids, pii._national_ids),
)
#: Each provider's finder (its hints checked as written) and the same regex with no hint check.
PROVIDER_FINDERS = tuple(
    (
        regex_finder(rx, hints=hints, boundary=True, strict_value=True),
        regex_finder(rx, boundary=True, strict_value=True),
    )
    for _, rx, hints in PROVIDERS
)

REPO = Path(__file__).resolve().parents[2]
SHARED_SECRETS = REPO.parent / "shared" / "data" / "secrets"
PIECES = (
    "password", "пароль", "Пароль", "токен", "密码", "パスワード", "hasło", "şifre", "api_key", "SECRET",
    "token", "sk-", "AKIA", "ghp_", "@", ".", "=", ": ", "\n", " ", "1", "42", "٣", "４", "x9Fq2", "path",
    "Kelvin\u212a", "\u017f", "İ", "ß", "--password ", "token: ", "api key is ", "9f8e7d6c5b4a3f2e1d0c",
    "Xq7trB9zL2mK", "x=", ":=", "SK0123456789abcdef0123456789abcdef", "ac0123456789abcdef0123456789abcdef",
    "sk-proj-Ab3dE5fG7hJ9kL1mN3pQ5rS7", "AKIAQ7X2M4K9P3L8N5R6", "ghp_8f7e6d5c4b3a29180716f5e4d3c2b1a0ZyXw",
    "xoxb-1234567890-abcdefghijklmnopqrst", "eyJhbGciOi.eyJzdWIiOi.sig", "4539 1488 0343 6467",
    "GB35 WEST 1234 5698 7612 34", "078-05-1120", "passed ", "passphrase ", "passcode: ", "Pa\u017f\u017fword ",
    "\u212aey: ", "pwd ", "PW=", "the password is ", "Hunter2#xQ9z",
)  # fmt: skip
TEXTS = st.lists(st.sampled_from(PIECES), max_size=12).map("".join)


def _corpus() -> list[str]:
    texts: list[str] = []
    for path in sorted(SHARED_SECRETS.rglob("*")) if SHARED_SECRETS.is_dir() else []:
        if path.is_file() and path.suffix not in {".py", ".sh"}:  # labelled secrets, when checked out
            lines = path.read_text(encoding="utf-8", errors="replace").split("\n")
            texts += ["\n".join(lines[i : i + 4]) for i in range(0, len(lines), 4)]
    texts += corpus_turn_texts()
    return texts


CORPUS = _corpus()


def _plain_active(text: str, detectors: tuple[Detector, ...]) -> list[int]:
    """Each detector without hints, or with one in ``text`` (as written for ``exact`` hints; its
    ``ascii_hints`` instead in a text whose case-folded copy is ASCII), and with one of its
    ``needs`` characters there, when it has any."""
    folded = text.casefold()

    def wanted(d: Detector) -> tuple[tuple[str, ...], bool]:
        if d.ascii_hints and folded.isascii():
            return d.ascii_hints, False
        return d.exact or d.hints, bool(d.exact)

    return [
        p
        for p, d in enumerate(detectors)
        if (not (hints := wanted(d))[0] or any(h in (text if hints[1] else folded) for h in hints[0]))
        and (not d.needs or any(c in text for c in d.needs))
    ]


def _plain_name_starts(text: str) -> list[int]:
    """Every name hint looked for, ASCII or not: what the ASCII shortcut must agree with."""
    return structure.identifier_starts(text, lowered(text), structure.NAME_HINTS)


def _check(text: str) -> None:
    for detectors in (DETECTORS, DETECTORS + CONTACT_DETECTORS):
        assert [p for p, _ in active_detectors(text, detectors)] == _plain_active(text, detectors)
    assert has_digit(text) == (re.search(r"\d", text) is not None)
    assert structure.name_starts(text, lowered(text)) == _plain_name_starts(text)
    assert find_secrets(text) == find_secrets(text, prefilter=False)
    for guarded, scan in GUARDED:
        assert list(guarded(text)) == list(scan(text)), guarded.__name__
    for exact, plain in PROVIDER_FINDERS:
        assert list(exact(text)) == list(plain(text))


def test_prefilters_equal_plain_search_on_the_fixture_transcripts() -> None:
    assert len(CORPUS) > 100
    for text in CORPUS:
        _check(text)


@settings(max_examples=300, deadline=None)
@given(TEXTS)
def test_prefilters_equal_plain_search_on_generated_texts(text: str) -> None:
    _check(text)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("card 4539 1488 0343 6467 on file", "payment_card"),
        ("ssn ٠٧٨-٠٥-١١٢٠ here", "national_id"),  # Arabic-Indic digits are \d too: not skipped
        ("IBAN GB35 WEST 1234 5698 7612 34 please", "iban"),
        ("ssn 078-05-1120 here", "national_id"),
        ("пароль=Xq7trB9zL2mK", "secret_assignment"),  # a non-ASCII hint in a non-ASCII text
        ("run it with --password Xq7trB9zL2mK now", "secret_assignment"),  # a flag: no = or :
        ("the token 9f8e7d6c5b4a3f2e1d0c9b8a here", "high_entropy"),
        ("the passcode is Hunter2#xQ9z", "password"),
        ("Pa\u017f\u017fword: Hunter2#xQ9z", "password"),  # a long s: 'ss' once case-folded
        ("$ heroku config:get API_TOKEN\n9f8e7d6c5b4aZ3f2e1d0c9b8a7f6e5d", "high_entropy"),  # a value line
    ],
)
def test_the_skipping_detectors_still_find_their_values(text: str, kind: str) -> None:
    redacted, findings = redact_text(text)
    assert kind in {f.type for f in findings}, (text, findings)
    assert f"[REDACTED:{kind}]" in redacted


DIGIT_DETECTORS = {"payment_card", "iban", "national_id"}


@pytest.mark.parametrize(
    ("text", "chosen"),
    [
        ("the build failed again so I reran it", False),  # ASCII, no digit: skipped
        ("the build failed again, run 7", True),
        ("Straße und Fluß, ohne Ziffer", False),  # beyond ASCII, but its case-folded copy is ASCII
        ("ssn ٠٧٨-٠٥-١١٢٠ here", True),  # Arabic-Indic digits are digits to re: never skipped
        ("пароль без цифр", True),  # beyond ASCII: chosen, as before
    ],
)
def test_digit_detectors_skip_an_ascii_text_without_a_digit(text: str, chosen: bool) -> None:
    names = {d.name for _, d in active_detectors(text, DETECTORS)}
    assert (DIGIT_DETECTORS <= names) is chosen, names
    assert not (DIGIT_DETECTORS & names) or chosen
    # a transcript's texts, the span beyond ASCII when one is: the same choice per text
    texts = [text, "пароль 1", "nothing here at all"]
    per_text = detectors_per_text(texts, DETECTORS)
    assert [list(c) for c in per_text] == [active_detectors(t, DETECTORS) for t in texts]


@pytest.mark.parametrize(
    ("text", "chosen"),
    [
        ("the build failed again so I reran it", False),  # no digit, '+', '/' or '=': skipped
        ("echo 'YWRtaW46aHVudGVyMg==' | base64 -d", True),
        ("Authorization: Basic dXNlcjpQYXNzd29yZDEyMw", True),
    ],
)
def test_encoded_secrets_skip_a_text_without_a_base64_symbol_or_digit(text: str, chosen: bool) -> None:
    names = {d.name for _, d in active_detectors(text, DETECTORS)}
    assert ("encoded_secret" in names) is chosen, names


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz :\n", max_size=120))
def test_a_base64_run_of_letters_alone_is_never_an_encoded_secret(text: str) -> None:
    # what the prefilter's hints rest on: every value found holds a digit, '+', '/' or '='
    assert list(encoded.find_encoded_secrets(text)) == []
