"""bench/redact.py's dev false-positive listing: the gitleaks rule each case tests, a count per
cause, and never a line of the validation split."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

from tests.support.bench_modules import load_bench

FLAGGED = 'api_token = "Zq8vR2mXk4PwL7nT9bYc3HdF6sJa1GeU"'


def _bench() -> ModuleType:
    return load_bench("redact", as_name="bench_redact_under_test")


def test_cases_carry_the_rule_whose_list_they_come_from(tmp_path: Path) -> None:
    bench = _bench()
    cases = tmp_path / "cases.jsonl"
    rows = [
        {"rule_id": "acme-key", "secret": False, "text": "first\n\nline two"},
        {"rule_id": "other-key", "secret": True, "text": "second case"},
    ]
    cases.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    rules = bench._case_rules(cases)
    # fp.txt/tp.txt collapse blank lines inside a case; the lookup must still find it
    docs = bench._cases(
        "gitleaks", "fp.txt", "first\nline two\n\nsecond case\n\nunknown", [], tmp_path, rules
    )
    assert [d.rule for d in docs] == ["acme-key (fps)", "other-key (tps)", ""]
    assert bench._case_rules(tmp_path / "missing.jsonl") == {}


def test_dev_listing_names_rule_and_cause_and_skips_validation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bench = _bench()
    dev = bench.Doc(
        "gitleaks", tmp_path / "dev.txt", f"plain words\n{FLAGGED}\n", [], "dev", "acme-key (fps)"
    )
    val = bench.Doc("gitleaks", tmp_path / "val.txt", f"VALIDATION {FLAGGED}\n", [], "validation", "x (fps)")
    bench.print_dev_fps([dev, val])
    out = capsys.readouterr().out
    assert "dev.txt:2 [" in out and "<- gitleaks acme-key (fps)" in out
    assert "dev.txt:1" not in out
    assert "VALIDATION" not in out and "val.txt" not in out
    assert any(line.split()[:2] == ["1", "gitleaks"] for line in out.splitlines())


def test_dev_listing_names_the_shape_of_each_masked_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bench = _bench()
    text = f"{FLAGGED}\ncache_key = 'sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b'\n"
    bench.print_dev_fps([bench.Doc("transcripts", tmp_path / "dev.txt", text, [], "dev")])
    out = capsys.readouterr().out
    assert "dev.txt:1 [secret_assignment] <random>" in out
    assert any(line.split() == ["1", "transcripts", "<random>"] for line in out.splitlines())


@pytest.mark.parametrize(
    ("value", "shape"),
    [
        ("2f9c7a1e-48b3-4d6e-a05f-91c3e7b2d480", "uuid"),
        ("cart:2f9c7a1e-48b3-4d6e-a05f-91c3e7b2d480", "labelled uuid"),
        ("99f1c98b3f3c8dc302445b7263fb231c", "hex"),
        ("'^4.24.5'", "version"),
        ("<your-api-key>", "placeholder"),
        ("${API_KEY}", "placeholder"),
        ("~/.ssh/id_ed25519", "path"),
        ("https://example.com/v1/keys", "url"),
        ("$6$rounds=5000$salt$hash", "crypt hash"),
        ("2024-05-01T12:00:00Z", "timestamp"),
        ("OAuth2PasswordBearer", "identifier"),
        ("max_completion_tokens", "identifier"),
        ("aGVsbG8gd29ybGQgdGhpcyBpcyB0ZXh0", "base64 of text"),
        ("correct horse battery staple", "phrase"),
        ("Zq8vR2mXk4PwL7nT9bYc3HdF6sJa1GeU", "random"),
        ("Willkommen2026!", "mixed short"),
    ],
)
def test_value_shape_tells_benign_shapes_apart(value: str, shape: str) -> None:
    assert load_bench("fp_shapes").value_shape(value) == shape
