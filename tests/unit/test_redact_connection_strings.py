"""A secret found inside a connection string is masked with the whole string (redaction.extents):
its host, login and password are one credential, and a reader who sees the pairs around the mask
sees where the password opens (issue 12: no prefix or suffix of a secret left readable)."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text

_PASSWORD = "Xk9#mP2vL8qR"


@pytest.mark.parametrize(
    ("before", "string", "after"),
    [
        # ADO.NET, the closing ``;`` taken in
        (
            '"Default": "',
            f"Server=tcp:sql01.corp.local,1433;Initial Catalog=shop;User ID=app;Password={_PASSWORD};",
            '"',
        ),
        # ODBC: a braced value may hold ``;``
        (
            "conn = '",
            "Driver={ODBC Driver 18 for SQL Server};Server=sql01;Uid=sa;Pwd={Xk9#mP2;vL8qR};Encrypt=yes",
            "'",
        ),
        # a quoted value may hold ``;``
        ('"', "Server=sql01;Database=shop;User Id=app;Password='Xk9#mP2;vL8qR';Encrypt=True", '"'),
        # Npgsql
        (
            "ConnectionStrings__Default=",
            f"Host=pg01;Port=5432;Database=orders;Username=app;Password={_PASSWORD}",
            "",
        ),
        # libpq's keyword form
        (
            '  db_conn: "',
            f"host=pg-billing.int port=5432 dbname=billing user=billing_rw password={_PASSWORD}",
            '"',
        ),
    ],
)
def test_a_password_in_a_connection_string_masks_the_string(before: str, string: str, after: str) -> None:
    redacted, findings = redact_text(f"{before}{string}{after}\n")
    assert len(findings) == 1
    masked = redacted[len(before) :].rstrip("\n")
    assert masked.startswith("[REDACTED:") and masked.endswith("]" + after), redacted
    assert "Xk9" not in redacted and "vL8qR" not in redacted


@pytest.mark.parametrize(
    "text",
    [
        # pairs without a password's or key's pair: nothing found, nothing widened
        "Server=sql01;Database=shop;Trusted_Connection=True;\n",
        "host=pg01 port=5432 dbname=orders user=app sslmode=require\n",
        # a log line's fields around a found key are no connection string (no host's pair)
        "level=debug msg=loaded dd_site=datadoghq.eu\n",
    ],
)
def test_pairs_without_a_found_secret_stay(text: str) -> None:
    assert redact_text(text)[0] == text


def test_a_log_line_of_pairs_keeps_its_other_fields() -> None:
    key = "5f8ed019282648d261cafdefac1b56dd"
    text = f"level=debug msg=config dd_api_key={key} dd_site=datadoghq.eu env=prod\n"
    redacted = redact_text(text)[0]
    assert key not in redacted
    assert "dd_site=datadoghq.eu env=prod" in redacted and redacted.startswith("level=debug msg=config")
