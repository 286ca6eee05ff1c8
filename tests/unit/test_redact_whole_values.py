"""Whole-value extents beyond URLs with user info (redaction.extents, issue 12: no part of a
secret left readable): an ``otpauth://`` provisioning URI is masked whole around the seed found
in it, and a quoted connection string of ``key=value`` pairs is masked whole around the password
found in it; pairs that are not a connection string, and a password quoted alone, keep their
surroundings."""

from __future__ import annotations

import sys
from types import FrameType

import pytest

from memscribe.redaction import find_secrets, redact_text

_PASSWORD = "7Hx!q2Wz9LmVr4Tc"
_SEED = "Q5YAK4F3HFJSR4WME5ZC2O5PGP6ZSFVL"


@pytest.mark.parametrize(
    ("before", "value", "after", "parts"),
    [
        (
            "otpauth url if the app wants it: ",
            f"otpauth://totp/Portal:ops?secret={_SEED}&issuer=Portal",
            ".",
            ("otpauth", "issuer", "Portal"),
        ),
        (
            '  db_conn: "',
            f"host=pg-billing.int port=5432 dbname=billing user=billing_rw password={_PASSWORD}",
            '"',
            ("pg-billing", "billing_rw", "dbname"),
        ),
        (
            'var cs = "',
            f"Server=tcp:db.example.net,1433;Database=orders;User ID=app;Password={_PASSWORD};Encrypt=True;",
            '";',
            ("db.example.net", "orders", "Encrypt"),
        ),
        (
            "conn = '",
            f"Data Source=sql01;Initial Catalog=crm;User Id=sa;Password={_PASSWORD};",
            "'",
            ("sql01", "crm", "Catalog"),
        ),
        (  # an apostrophe in the prose before it opens no string
            "Here's the conn string: '",
            f"host=db.internal user=app password={_PASSWORD}",
            "'",
            ("db.internal", "user=app"),
        ),
        (  # a string quoted in a string (a shell command's argument)
            "run: \"psql '",
            f"host=db.internal user=app password={_PASSWORD}",
            "'\"",
            ("db.internal", "user=app"),
        ),
        (  # JSON-escaped quotes around it (a tool call's arguments)
            '{"cmd": "psql \\"',
            f"host=db.internal user=app password={_PASSWORD}",
            '\\""}',
            ("db.internal", "user=app"),
        ),
    ],
)
def test_the_whole_value_is_masked(before: str, value: str, after: str, parts: tuple[str, ...]) -> None:
    out, findings = redact_text(before + value + after)
    assert findings
    assert out.startswith(before) and out.endswith(after), out
    middle = out[len(before) : len(out) - len(after)]
    assert middle.startswith("[REDACTED:") and middle.endswith("]"), out
    for part in parts:
        assert part not in middle, out


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        (f'password = "{_PASSWORD}"  # host=db.internal', "host=db.internal"),
        (f'log("level=info user=app password={_PASSWORD}")', "level=info user=app"),
        (f"DB_HOST=db.internal DB_PASSWORD={_PASSWORD}", "DB_HOST=db.internal"),
        (
            f'level=error msg="db connect" host=db user=app password={_PASSWORD} err="timeout"',
            'msg="db connect" host=db user=app password=',
        ),
        (  # an apostrophe inside a quoted field is no quote
            f"level=error msg='can't connect' host=db user=app password={_PASSWORD} err='timeout'",
            "host=db user=app password=",
        ),
        (  # nor is an escaped quote
            f'msg="say \\"hi" host=db user=app password={_PASSWORD} err="x"',
            "host=db user=app password=",
        ),
    ],
)
def test_pairs_that_are_no_quoted_connection_string_keep_their_rest(text: str, kept: str) -> None:
    out, findings = redact_text(text)
    assert findings and _PASSWORD not in out, out
    assert kept in out, out


def test_a_string_on_a_line_longer_than_the_reach_is_not_read_whole() -> None:
    # each widening reads at most _PAIRS_MAX characters back: a long line costs no more per secret
    text = "x" * 3000 + f' conn="host=db.internal user=app password={_PASSWORD}"'
    out, findings = redact_text(text)
    assert findings and _PASSWORD not in out, out
    assert "host=db.internal user=app password=" in out, out


def test_a_contact_finding_widens_to_no_whole_value() -> None:
    # the seed is a documented example (allowlisted): the email in the label is the only finding
    text = "Scan otpauth://totp/Example:alice@google.com?secret=JBSWY3DPEHPK3PXP&issuer=Example to enrol."
    assert redact_text(text)[1] == []
    out, findings = redact_text(text, redact_contact=True)
    assert [f.type for f in findings] == ["email"], out
    assert out.startswith("Scan otpauth://totp/Example:[REDACTED:email]"), out


def _otpauth_urls(n: int) -> str:
    return "\n".join(f"otpauth://totp/Acme:u{i}?secret={_SEED[i % 7 :]}{i:08d}&issuer=Acme" for i in range(n))


def _steps(text: str) -> int:
    """Python lines run in the combine and extents modules while ``text`` is scanned (a count of
    work, the same on any machine; a comprehension's item counts as a line)."""
    count = 0

    def local(frame: FrameType, event: str, arg: object) -> object:
        nonlocal count
        count += event == "line"
        return local

    def trace(frame: FrameType, event: str, arg: object) -> object:
        name = frame.f_code.co_filename
        return local if name.endswith(("redaction/combine.py", "redaction/extents.py")) else None

    sys.settrace(trace)
    try:
        findings = find_secrets(text)
    finally:
        sys.settrace(None)
    assert len(findings) == text.count("otpauth://")
    return count


def test_many_whole_values_cost_in_proportion() -> None:
    # each widened extent is matched to the findings it holds by bisection: not every URL
    # against every finding (4,000 URLs took 4x the time of 0d15275's masking of the seeds alone)
    small, large = _steps(_otpauth_urls(100)), _steps(_otpauth_urls(400))
    assert large < 5 * small, (small, large)


def test_many_whole_values_are_each_masked_as_alone() -> None:
    text = _otpauth_urls(300)
    out, findings = redact_text(text)
    assert "otpauth" not in out and "Acme" not in out, out[:200]
    urls = text.split("\n")
    assert [text[f.start : f.end] for f in findings] == urls
    for f, url in zip(findings, urls, strict=True):
        [alone] = find_secrets(url)
        assert (alone.type, alone.inner) == (f.type, tuple((s - f.start, e - f.start) for s, e in f.inner))
