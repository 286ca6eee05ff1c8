"""The prefilter's one-pass hint look-up (redaction.hintscan, pyahocorasick) enables exactly the
detectors that looking each hint up alone enables, and find_secrets finds the same with it as
without it (the package imported away: the look-up of each hint alone)."""

from __future__ import annotations

import random
import sys

import pytest

from memscribe.redaction import DETECTORS, find_secrets, hintscan, prefilter
from memscribe.redaction.combine import Masker
from memscribe.redaction.prefilter import _plans, active_detectors, detectors_per_text

pytest.importorskip("ahocorasick")


def _plain(text: str, folded: str, hints: tuple[tuple[str, int, bool], ...], on: int) -> int:
    for hint, bits, cased in hints:
        if hint in (text if cased else folded):
            on |= bits
    return on


def test_one_pass_finds_every_kind_of_hint() -> None:
    # folded and exact hints sharing a case-folded form, an exact hint alone, hints of one
    # character (folded and exact), a non-ASCII hint, one inside another
    hints = (
        ("akia", 1, False),
        ("AKIA", 2, True),
        ("AC", 4, True),
        ("@", 8, False),
        (".", 16, True),
        ("пароль", 32, False),
        ("pass", 64, False),
        ("password", 128, False),
        ("xAb", 256, True),
    )
    scan = hintscan.hint_scanner(hints)
    assert scan is not None
    rng = random.Random(3)
    pieces = [h for h, _, _ in hints] + ["ac", "Ac", "PASS", "ПАРОЛЬ", "xab", "XAB", " ", "\r\n", "İ", "ß"]
    texts = ["", "AC", "akia", "ACCOUNT", "the AKIA key", "xAb", "пароль"]
    texts += ["".join(rng.choice(pieces) for _ in range(rng.randrange(6))) for _ in range(3000)]
    for text in texts:
        folded = text.casefold()
        assert scan(text, folded, 0) == _plain(text, folded, hints, 0), text
        assert scan(text, folded, 1024) == _plain(text, folded, hints, 1024), text


def test_the_prefilter_plans_get_a_one_pass_look_up() -> None:
    for plan in _plans(DETECTORS):
        assert hintscan.plan_scanner(plan[1]) is not None


_SAMPLES = (
    # the only hint is exact (case-sensitive): the AWS key id's AKIA
    "deploy it with AKIAZ3MHQ7RWXK4TPL2N before noon",
    "ghp_R8x2LmQ9vT4kW7nJ3bY6cH1sD5fG0aZ2eP4u pushed",
    "export DB_PASSWORD=Vq7#mT2!pLx9\r\nexport API_TOKEN=9f8e7d6c5b4a39281706f5e4d3c2b1a0",
    "Mein Passwort ist Zr4!kQ8#tW2m, bitte nicht weitergeben.",
    "пароль: Xk9$rT2#mQ7!",
    "curl -u admin:Hx83!kdPq2 https://example.org/api",
    "postgres://app:s3cr3tPw0rd9@db.internal:5432/app",
    "nothing to see here: the build passed and the cache was warm",
    "İSTANBUL token=ſecretvalue9X7Q2 \u212aey",
    "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7x\n-----END RSA PRIVATE KEY-----",
)


def test_find_secrets_is_the_same_with_and_without_the_automaton(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = [*_SAMPLES, *(t.upper() for t in _SAMPLES), *(t.swapcase() for t in _SAMPLES)]
    with_automaton = [find_secrets(t) for t in texts]
    with_contact = [find_secrets(t, redact_contact=True) for t in texts]
    assert with_automaton[0] and with_automaton[1]  # found through exact hints alone
    monkeypatch.setitem(sys.modules, "ahocorasick", None)  # the import now fails
    monkeypatch.setattr(hintscan, "_SCANNERS", {})
    assert all(hintscan.plan_scanner(plan[1]) is None for plan in _plans(DETECTORS))
    assert [find_secrets(t) for t in texts] == with_automaton
    assert [find_secrets(t, redact_contact=True) for t in texts] == with_contact


def test_a_transcripts_texts_are_looked_up_in_one_pass_each(monkeypatch: pytest.MonkeyPatch) -> None:
    # the transcript path (detectors_per_text) takes each text's hints from the automaton, and
    # enables the same detectors as each hint looked up alone across the span
    texts = [*_SAMPLES, *(t.upper() for t in _SAMPLES), "", "plain words and nothing else", *_SAMPLES] * 3
    texts += ["İSTANBUL ß " + t for t in _SAMPLES]  # case-folds to another length: own offsets
    scanned: list[str] = []
    plan_scanner = hintscan.plan_scanner

    def counting(hints):  # type: ignore[no-untyped-def]
        scan = plan_scanner(hints)
        assert scan is not None

        def counted(text: str, folded: str, on: int) -> int:
            scanned.append(text)
            return scan(text, folded, on)

        return counted

    monkeypatch.setattr(prefilter, "plan_scanner", counting)
    one_pass = [[d.name for _, d in chosen] for chosen in detectors_per_text(texts, DETECTORS)]
    assert scanned == texts
    monkeypatch.setitem(sys.modules, "ahocorasick", None)
    monkeypatch.setattr(hintscan, "_SCANNERS", {})
    monkeypatch.setattr(prefilter, "plan_scanner", plan_scanner)
    assert [[d.name for _, d in chosen] for chosen in detectors_per_text(texts, DETECTORS)] == one_pass
    assert one_pass == [[d.name for _, d in active_detectors(t, DETECTORS)] for t in texts]


def test_a_masker_masks_the_same_repeats_with_and_without_the_automaton(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a secret found in one text is masked where it recurs verbatim later (with_repeats): the
    # values looked for in a text come from the one-pass look-up, the same as all of them
    texts = [
        *_SAMPLES,
        "again: Zr4!kQ8#tW2m and Vq7#mT2!pLx9",
        "no repeat here",
        *(t[::-1] for t in _SAMPLES),
    ]
    texts += ["the key AKIAZ3MHQ7RWXK4TPL2N again, and s3cr3tPw0rd9 twice s3cr3tPw0rd9"] * 2

    def run() -> list[tuple[str, list[tuple[str, int, int]]]]:
        masker = Masker()
        return [(red, [(f.type, f.start, f.end) for f in found]) for red, found in map(masker.redact, texts)]

    with_automaton = run()
    assert with_automaton[-1][1]  # repeats found
    monkeypatch.setitem(sys.modules, "ahocorasick", None)
    assert run() == with_automaton
