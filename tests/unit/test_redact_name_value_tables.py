"""Issue 12 (left in the last note): a table whose header names its columns generically, a column
of names beside a column of their values (``name,value,env``; ``key,secret``; ``| Variable |
Value |``), left its secrets readable: no column's name names a secret. Each row's name now says
what its value is, as an assignment's name would (``STRIPE_KEY`` → a random-looking key,
``DB_PASSWORD`` → a password); a row whose name names no secret keeps its value."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text

KEY = "Xk9vQ2mL7pR4zT8wB1nC5dF3gH"


@pytest.mark.parametrize(
    ("text", "secrets"),
    [
        (f"name,value,env\nSTRIPE_KEY,{KEY},prod\nDB_PASSWORD,Tr0ub4dor&3x,prod\n", [KEY, "Tr0ub4dor&3x"]),
        (f"key,secret\nGITHUB_TOKEN,{KEY}\n", [KEY]),
        (f"| Variable | Value |\n|---|---|\n| API_TOKEN | {KEY} |\n| PORT | 8080 |\n", [KEY]),
        (f"name;value;env\nSENDGRID_API_KEY;{KEY};staging\n", [KEY]),
        ("Name\tValue\tScope\ndb.password\tWinter.ADMIN_99x\tall\n", ["Winter.ADMIN_99x"]),
        (f'"name","value","env"\n"STRIPE_KEY","{KEY}","prod"\n', [KEY]),
    ],
)
def test_a_rows_name_names_its_value(text: str, secrets: list[str]) -> None:
    masked = redact_text(text)[0]
    for secret in secrets:
        assert secret not in masked, masked
        assert secret[:6] not in masked and secret[-6:] not in masked, masked  # masked whole


@pytest.mark.parametrize(
    "text",
    [
        "name,value,env\nDEBUG,true,prod\nPORT,8080,prod\nLOG_LEVEL,info,dev\n",
        "Name,Value\nmax_tokens,4096\ntemperature,0.7\nmodel,gpt-4o\n",
        "key,value\nsession_id,3f2b8c1e-4d5a-4b6c-9e8f-1a2b3c4d5e6f\ncommit,4f3c2a1b9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b\n",
        "name,value\nAPI_KEY,<your-key-here>\nSECRET_KEY,changeme\n",
        "| Setting | Value |\n|---|---|\n| timeout | 30s |\n| api_key | (set in Vault) |\n",
        f"name,value,env\nBUILD_ID,{KEY},prod\n",
    ],
)
def test_a_row_naming_no_secret_keeps_its_value(text: str) -> None:
    assert redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # judged as ``NAME=value`` is: a passphrase of words under a password's name
        (
            "name,value\nREDIS_PASSWORD,correcthorsebatterystaple\nREDIS_HOST,cache.internal\n",
            "correcthorsebatterystaple",
        ),
        ("Variable,Value,Description\nSMTP_PASSWORD,mailpassword,outgoing mail\n", "mailpassword"),
        (
            "name,value\nHEROKU_API_KEY,3f2b8c1e-9a4d-4e2b-8f7a-1c2d3e4f5a6b\n",
            "3f2b8c1e-9a4d-4e2b-8f7a-1c2d3e4f5a6b",
        ),
    ],
)
def test_a_rows_value_is_judged_as_its_assignment(text: str, secret: str) -> None:
    name = next(ln for ln in text.splitlines() if secret in ln).split(",")[0]
    assert secret not in redact_text(f"{name}={secret}")[0]  # masked as ``NAME=value``
    masked = redact_text(text)[0]
    assert secret not in masked and secret[:6] not in masked and secret[-6:] not in masked, masked


@pytest.mark.parametrize(
    "text",
    [
        "name,value\nDB_PASSWORD,see vault\nADMIN_PASSWORD,rotated weekly\n",
        "name,value\nPOSTGRES_PASSWORD,postgres\nMYSQL_PASSWORD,password\n",
        "key,value\nSESSION_SECRET,from-env\nJWT_SECRET,process.env.JWT_SECRET\n",
        "name,value\npassword,required\ntoken,optional\n",
    ],
)
def test_a_rows_value_its_assignment_keeps_is_kept(text: str) -> None:
    assert redact_text(text)[0] == text
