"""Whole-value extents beyond URLs with user info (redaction.extents, issue 12: no part of a
secret left readable): an ``otpauth://`` provisioning URI is masked whole around the seed found
in it, and a quoted connection string of ``key=value`` pairs is masked whole around the password
found in it; pairs that are not a connection string, and a password quoted alone, keep their
surroundings."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text

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
