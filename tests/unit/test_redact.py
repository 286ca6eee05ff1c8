"""Unit tests for redact-in: detectors, placeholders, masking, transcripts, secret-only."""
# ruff: noqa: E501  (long literal secrets and expected lines read better unsplit)

from __future__ import annotations

import pytest

from memscribe.schemas.transcript import SourcePos, ToolCall, Transcript, Turn
from memscribe.stages.redact import (
    DETECTORS,
    Finding,
    Masker,
    is_mostly_secret,
    is_placeholder,
    redact_text,
    redact_transcript,
    secret_fraction,
)

# Fake, seeded-looking values in each provider's shape. None is a real credential.
PROVIDER_SECRETS: dict[str, str] = {
    "openai_key": "sk-proj-G5c6qSYhzYTFQy6k1qJAH4DxD3EoA1zCC_A4cGofFQrGZ7iHyEpp2LNY2PG17-Dum2JnkOGORtT3Blbk",
    "openai_key_classic": "sk-4fJ9x2LmQ8rT1vW6yZ0aB3cD5eF7gH9iJ1kL3m",
    "anthropic_key": "sk-ant-api03-i0B4IIlL3eZOMR0ODa_V4-FFdnh0QDn7veXmZJ83PCGpiRwzhT7osgQX7kxm1iNWjnrhAfA87x",
    "google_api_key": "AIzaG5nWfd2d0Wqs82ytYR-N_DRYg4CbirLnMBH",
    "aws_access_key_id": "AKIA6BCAWMVW5VUVQ7WN",
    "aws_sts_key_id": "ASIAOQMAZ6FTV4HNLNH3",
    "github_token": "ghp_yhqJ1ftuJx8eTXCAn6ktI6daf5xoE8R3NJvE",
    "github_oauth": "gho_J7QmCPoGZAbrx8ae7FtwgtZmT9tmQHcAOkv8",
    "github_server": "ghs_3BtP5dW0xvvC83vPNFj5c9lDrw695Vr9srb3",
    "github_user": "ghu_3BtP5dW0xvvC83vPNFj5c9lDrw695Vr9srb3",
    "github_pat": "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",
    "gitlab_token": "glpat-370hiffwMIrxFVFJyZgn",
    "slack_token": "xoxb-730981060518-1695809400325-hgYxL9LsrTbZYawdorR1Hlz0",
    "slack_webhook": "https://hooks.slack.com/services/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",
    "stripe_key": "sk_live_7ltZ5LgxkLUxWo1En2dXuFKe3rmxCA1nMzBGHMGS",
    "stripe_restricted": "rk_live_csJ83tMwO2DpZwSQx7VqwAO4lE5DjKGj4g",
    "huggingface_token": "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",
    "npm_token": "npm_09LMzyCzT7Dc9hvFRrZ3EkfiFnHQRwo9bZg9",
    "pypi_token": "pypi-AgEIcHlwaS5vcmcnO88YlvVLWePGNr74klo10Yz2cHvihnAqZLmkyDilJczo4UehRiXDnB9uIX",
    "sendgrid_key": "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",
    "twilio_key": "SK2c24d825cce037bf5d6e182e26d08e92",
    "telegram_bot_token": "3178065377:AA4DSiczHJ4MVP3rSzS-YrNhY71GwYK_H9o",
    "discord_token": "NXQufsv1Zp5fUpSunKlGTR4Q.gQ9iUm.9cdvorV9dJ2PkLQV-DqTQPtBR2a",
    "jwt": (
        "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI2OTIxMDA0ODUiLCJuYW1lIjoibGkgd2VpIn0"
        ".yvy-q2Y_VL9XcOrFexhTyy-ZPZGxtepFVa2Riktty8k"
    ),
    "bitbucket_app_password": "ATBB5T0VHXErsRccQF6Hyit41X2xLy9tpz6t",
    "azure_client_secret": "hof8Q~R.GGgtpXA86NCRrbFnmLPtkhrRTkGemv6L",
}

PEM = (
    "-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun\n"
    "VTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK\n"
    "-----END RSA PRIVATE KEY-----"
)


def _masked(text: str) -> str:
    return redact_text(text)[0]


# --------------------------------------------------------------------------- providers


@pytest.mark.parametrize("name", sorted(PROVIDER_SECRETS))
def test_provider_token_is_masked_in_prose(name: str) -> None:
    secret = PROVIDER_SECRETS[name]
    text = f"here it is: {secret} — thanks"
    out, findings = redact_text(text)
    assert secret not in out
    assert "[REDACTED:" in out
    assert out.startswith("here it is: ") and out.endswith(" — thanks")
    assert len(findings) == 1
    assert text[findings[0].start : findings[0].end] == secret


@pytest.mark.parametrize(
    ("secret", "type_"),
    [
        (PROVIDER_SECRETS["openai_key"], "openai_key"),
        (PROVIDER_SECRETS["anthropic_key"], "anthropic_key"),
        (PROVIDER_SECRETS["aws_access_key_id"], "aws_access_key_id"),
        (PROVIDER_SECRETS["github_token"], "github_token"),
        (PROVIDER_SECRETS["jwt"], "jwt"),
        (PROVIDER_SECRETS["telegram_bot_token"], "telegram_bot_token"),
    ],
)
def test_provider_type_names(secret: str, type_: str) -> None:
    assert _masked(f"token {secret}") == f"token [REDACTED:{type_}]"


@pytest.mark.parametrize(
    "text",
    [
        "the risk-assessment-framework-overview doc",  # sk- inside a word
        "git sha 3f9c2ab77e10d4a1c0b5e9f8a2d6c4b1e7f03a95 on main",
        "request_id=f71ad9a8-25ad-420f-9c71-5a5324ee52fc",
        "digest=sha256:baf78d26c9730b2662a81f9ee872172dcce4bbf5b4d287659214f3d6620bb96c",
        "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINz5r+J/8u/M7AsZ7nrsoTV75Y4sxVe9RWlBaTF6E9CP ci@build-01",
        '"integrity": "sha512-8GOIhIoMTFuiUot4Rl1yQSfn8E9lhK2T75C8hq8VxXeGvwppi84yDl35vhBvQuBNMlHSnZgcnapSr4FFFNsb9Q=="',
        "AKIA is the prefix of AWS access key ids",
        "use github_pat_ tokens for fine-grained access",
        "- (id)hf_required;",
        "pod/api-d0b7b5320c-6bans   1/1   Running",
        'ETag: "01407ec6a1b044da05ca4ed81004c1de"',
        "trace_id=fba735951a942bed6734becc88608b14 span_id=2e895204fe4dc076",
        "The user prefers TypeScript and runs tests with pnpm.",
        "token_count = len(tokenizer.encode(prompt))",
        "password_hash = bcrypt.hashpw(password.encode(), bcrypt.gensalt())",
        'api_key = os.environ["OPENAI_API_KEY"]',
        "secret = os.getenv('APP_SECRET', '')",
        "token = args.token",
        "password = None",
        '"token_type": "bearer"',
        "my token expired yesterday",
        "timeout_ms: 3000",
        "postgres://localhost:5432/orders",
        "redis://localhost:6379/0",
        "git@github.com:keiko-t/thumbnailer.git",
        '"hashed_secret": "a539bed96675daafa460631f5a076d9afd70ea9c"',
        '"PrivateKeyDetector": 1.85466,',
        # a Twilio account SID names the account in every API URL (the auth token is the secret)
        "TWILIO_ACCOUNT_SID=AC2c24d825cce037bf5d6e182e26d08e92",
        "POST https://api.twilio.com/2010-04-01/Accounts/AC2c24d825cce037bf5d6e182e26d08e92/Messages.json",
    ],
)
def test_lookalikes_are_not_secrets(text: str) -> None:
    assert redact_text(text) == (text, [])


# --------------------------------------------------------------------------- placeholders


@pytest.mark.parametrize(
    "text",
    [
        "OPENAI_API_KEY=${OPENAI_API_KEY}",
        "export GITHUB_TOKEN=$GITHUB_TOKEN",
        "OPENAI_API_KEY=<your-api-key>",
        '"token": "xxxxxxxxxxxxxxxxxxxxxxxx"',
        "DB_PASSWORD=****",
        'api_key = "sk-..."',
        "password: changeme",
        "API_KEY=your_key_here",
        "ANTHROPIC_API_KEY=your-anthropic-key-here",
        'PASSWORD=""',
        "PASSWORD=",
        "AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE",
        "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "# GH_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "# HF_TOKEN=hf_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
        "SLACK_BOT_TOKEN=xoxb-your-token",
        "Authorization: Bearer $TOKEN",
        "Authorization: Bearer <token>",
        '"apiKey": "{{ secrets.API_KEY }}"',
        "secret_key: REPLACE_ME",
        "PASSWORD=[REDACTED]",
        "aws_secret_access_key = <REDACTED>",
        "STRIPE_SECRET_KEY=sk_test_...",
        "password=${DB_PASSWORD}",
    ],
)
def test_placeholders_are_kept(text: str) -> None:
    assert redact_text(text) == (text, [])


def test_is_placeholder_examples() -> None:
    assert is_placeholder("changeme")
    assert is_placeholder("${VAR}")
    assert is_placeholder("sk-...")
    assert is_placeholder("")
    assert not is_placeholder("hunter2-Zq81x")


# --------------------------------------------------------------------------- assignments & context


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("export DB_PASSWORD=tuxcs-rgpod-412I", "export DB_PASSWORD=[REDACTED:secret_assignment]"),
        ("API_TOKEN=a8f3k2m9q1w7", "API_TOKEN=[REDACTED:secret_assignment]"),
        ('"api_key": "h1D3AIHo5CkROol8mkjbNc38DvnbmWCT",', '"api_key": "[REDACTED:secret_assignment]",'),
        ("    db_password: Maple8887&kav", "    db_password: [REDACTED:secret_assignment]"),
        ("secret = 'qVERVwRVPOKPxJrTUvlwYPz1'", "secret = '[REDACTED:secret_assignment]'"),
        ('password = "^gYOVi8dGf&Zo"', 'password = "[REDACTED:secret_assignment]"'),
        (
            'client_secret = "1P4Ge2DUtFnHe5O7XjmJ"  # toml',
            'client_secret = "[REDACTED:secret_assignment]"  # toml',
        ),
        ("export SMTP_PASSWORD='IOhIT%wL^@ZOfoEU'", "export SMTP_PASSWORD='[REDACTED:secret_assignment]'"),
        (
            "mytool --password s3cr3t-Pa55 --verbose",
            "mytool --password [REDACTED:secret_assignment] --verbose",
        ),
        (
            "[user] I rotated it, new password = ircud-uacqa-356H",
            "[user] I rotated it, new password = [REDACTED:secret_assignment]",
        ),
        (
            "MAPBOX_SECRET=Y1TlcHZbQlQCrhZUXRKRz77gKhIpGKhbrxZf7Slg",
            "MAPBOX_SECRET=[REDACTED:secret_assignment]",
        ),
        ("STRIPE_KEY=Zk29fj3LmQ8rT1vW6yZ0", "STRIPE_KEY=[REDACTED:secret_assignment]"),
    ],
)
def test_assignment_keeps_name_masks_value(text: str, expected: str) -> None:
    assert _masked(text) == expected


def test_weak_name_with_plain_value_is_kept() -> None:
    assert redact_text("cache_key = orders_by_user") == ("cache_key = orders_by_user", [])
    assert redact_text("SORT_KEY=created_at") == ("SORT_KEY=created_at", [])


def test_aws_credentials_file() -> None:
    text = (
        "[default]\naws_access_key_id = AKIA6BCAWMVW5VUVQ7WN\n"
        "aws_secret_access_key = uPvew26fEbompeS2qQ0sIU0vFQYv+EzI5uqJXMWq\n"
    )
    out = _masked(text)
    assert out == (
        "[default]\naws_access_key_id = [REDACTED:aws_access_key_id]\n"
        "aws_secret_access_key = [REDACTED:aws_secret_key]\n"
    )


def test_json_escaped_tool_output() -> None:
    # codex tool output often arrives as JSON text with literal \n escapes
    text = r'{"output":"AWS_PROFILE=legacy\naws_access_key_id = AKIAROUZJMNGNDG352EY\naws_secret_access_key = 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\n"}'
    out = _masked(text)
    assert "AKIAROUZJMNGNDG352EY" not in out
    assert "yPYQ6rNUhLp8EHwHNNXiaLrGgtAoUi04wBe1JB+z" not in out
    assert out.endswith(r'\n"}')


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "DATABASE_URL=postgres://orders_svc:MMy7snhOA0QQQoc2RhYI@staging-db.internal:5432/orders",
            "DATABASE_URL=[REDACTED:url_password]",  # the whole URL: its host and login with it
        ),
        (
            "connect with mongodb+srv://admin:Quartz4325#qln@10.0.3.17:27017/0 and run",
            "connect with [REDACTED:url_password] and run",
        ),
        (
            "Server=tcp:acme.database.windows.net,1433;User ID=app;Password=Summer2779&lco;Encrypt=True;",
            "Server=tcp:acme.database.windows.net,1433;User ID=app;Password=[REDACTED:conn_string_password];Encrypt=True;",
        ),
        (
            "jdbc:mysql://mysql.internal:3306/shop?user=shop&password=acrmw-ynlis-340G&useSSL=true",
            "jdbc:mysql://mysql.internal:3306/shop?user=shop&password=[REDACTED:secret_assignment]&useSSL=true",
        ),
        (
            "curl -u deploy:ghxfu-xmxdj-030J https://nexus.acme.test/status",
            "curl -u deploy:[REDACTED:basic_auth] https://nexus.acme.test/status",
        ),
        (
            "> Authorization: Bearer N-Xi7csWZDwPLfE6e7ThQ8MtK-9JOMs3Vq996EPZXpDuRwSZ",
            "> Authorization: Bearer [REDACTED:auth_header]",
        ),
        (
            "> Authorization: Basic YWRtaW46amd0b2stb2J3c2YtOTIzSA==",
            "> Authorization: Basic [REDACTED:auth_header]",
        ),
        (
            'curl -H "Authorization: token JR69ziBGAVZYDFCBgnbrofqUvAVdL7B48wkyySNY.TErclMm3Q0nBlR59"',
            'curl -H "Authorization: token [REDACTED:auth_header]"',
        ),
        (
            'curl -H "X-Api-Key: fpxnpYJNWa1lVjHR6YFXLIR8jCobuR4I8TVzwf2V.4Sfhe5roSRsHKqTj"',
            'curl -H "X-Api-Key: [REDACTED:api_key_header]"',
        ),
        (
            "< Set-Cookie: connect.sid=pv0rdz4lwa1161yl9k01mdxk58709pzy; Path=/; HttpOnly",
            "< Set-Cookie: connect.sid=[REDACTED:session_cookie]; Path=/; HttpOnly",
        ),
        (
            "Cookie: theme=dark; sessionid=m49g0tknlb1c6kmsqncsfha534xtm6x3",
            "Cookie: theme=dark; sessionid=[REDACTED:session_cookie]",
        ),
        (
            "AccountName=acmelogs;AccountKey=XP3IlVw5st//Zl5lqryMMyCTwJz4H2fmMqxSNkqEjABSxj3ge+Bt//wzExnyI8rRw==;End",
            "AccountName=acmelogs;AccountKey=[REDACTED:azure_storage_key];End",
        ),
    ],
)
def test_context_detectors(text: str, expected: str) -> None:
    assert _masked(text) == expected


def test_high_entropy_near_keyword() -> None:
    text = "the datadog key is 9fQ2xLm8Rt4vW7yZ1aB3cD5eF6gH in case you need it"
    out, findings = redact_text(text)
    assert out == "the datadog key is [REDACTED:high_entropy] in case you need it"
    assert findings[0].type == "high_entropy"


def test_high_entropy_needs_keyword_and_randomness() -> None:
    assert redact_text("commit 9fQ2xLm8Rt4vW7yZ1aB3cD5eF6gH landed")[1] == []  # no keyword
    assert redact_text("the token internationalization_refactoring broke")[1] == []  # not random


# --------------------------------------------------------------------------- private keys


def test_multiline_pem_block() -> None:
    text = f"here is the key:\n{PEM}\nand the rest"
    out, findings = redact_text(text)
    assert out == "here is the key:\n[REDACTED:private_key]\nand the rest"
    assert text[findings[0].start : findings[0].end] == PEM


@pytest.mark.parametrize(
    "begin",
    ["-----BEGIN PRIVATE KEY-----", "-----BEGIN OPENSSH PRIVATE KEY-----", "-----BEGIN EC PRIVATE KEY-----"],
)
def test_pem_variants_and_json_escaped(begin: str) -> None:
    end = begin.replace("BEGIN", "END")
    body = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"
    escaped = f'{{"private_key": "{begin}\\n{body}\\n{end}\\n", "client_email": "x@y.iam"}}'
    out = _masked(escaped)
    assert body not in out
    assert '"client_email": "x@y.iam"' in out


def test_pgp_private_key_block() -> None:
    block = (
        "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nlQOYBF0Ab3cBCADGmvQ2mJxYx2w8u4kq1Yk2m9yZqW6nZ0Tt\n"
        "-----END PGP PRIVATE KEY BLOCK-----"
    )
    assert _masked(block) == "[REDACTED:private_key]"


def test_truncated_pem_masks_body() -> None:
    text = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRge\n\nThat's all I have."
    out = _masked(text)
    assert "MIIEowIBAAKCAQEAu1SU1" not in out
    assert out.endswith("That's all I have.")


def test_public_key_is_not_masked() -> None:
    text = "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo\n-----END PUBLIC KEY-----"
    assert redact_text(text) == (text, [])


# --------------------------------------------------------------------------- resolution, idempotence, masker


def test_overlap_resolved_to_one_finding() -> None:
    # the header, assignment and provider detectors all match the same value
    text = "OPENAI_API_KEY=" + PROVIDER_SECRETS["openai_key"]
    out, findings = redact_text(text)
    assert out == "OPENAI_API_KEY=[REDACTED:openai_key]"
    assert findings == [Finding("openai_key", 15, len(text))]


def test_findings_never_hold_the_value() -> None:
    text = "key: " + PROVIDER_SECRETS["github_token"] + " at postgres://app:Xk9mP2vL8qRz@db.internal/app"
    _, findings = redact_text(text)
    assert len(findings) == 2 and findings[1].inner  # the URL's finding: its password's span
    assert all(set(vars(f)) == {"type", "start", "end", "inner"} for f in findings)
    assert all(isinstance(n, int) for f in findings for span in f.inner for n in span)


@pytest.mark.parametrize("text", [*PROVIDER_SECRETS.values(), PEM, "DB_PASSWORD=tuxcs-rgpod-412I x"])
def test_idempotent(text: str) -> None:
    once, _ = redact_text(f"a {text} b")
    assert redact_text(once) == (once, [])


def test_masker_same_value_same_mask() -> None:
    a, b = PROVIDER_SECRETS["github_token"], PROVIDER_SECRETS["github_oauth"]
    m = Masker()
    t1, _ = m.redact(f"first {a}")
    t2, _ = m.redact(f"second {b} then {a} again")
    assert t1 == "first [REDACTED:github_token]"
    assert t2 == "second [REDACTED:github_token#2] then [REDACTED:github_token] again"
    assert redact_text(t2) == (t2, [])


def test_every_detector_has_a_type_name() -> None:
    assert all(d.name and d.name.islower() for d in DETECTORS)


# --------------------------------------------------------------------------- transcripts


def _turn(index: int, role: str, text: str, calls: tuple[ToolCall, ...] = ()) -> Turn:
    return Turn(
        index=index,
        role=role,  # type: ignore[arg-type]
        text=text,
        tool_calls=calls,
        source=SourcePos(file="t.jsonl", line=index + 1),
    )


def test_redact_transcript_counts_and_copies() -> None:
    key = PROVIDER_SECRETS["openai_key"]
    call = ToolCall(id="c1", name="exec", arguments=f'{{"command": "export OPENAI_API_KEY={key}"}}')
    t = Transcript(
        source="t.jsonl",
        format="openclaw",
        turns=(
            _turn(0, "user", f"my key is {key} and db is postgres://u:Pw0rd-9xk2@db:5432/x"),
            _turn(1, "assistant", "I'll set it.", (call,)),
            _turn(2, "user", "thanks, I prefer pnpm"),
        ),
    )
    out, redactions = redact_transcript(t)
    assert [(r.type, r.turn, r.stage) for r in redactions] == [
        ("openai_key", 0, "in"),
        ("url_password", 0, "in"),
        ("openai_key", 1, "in"),
    ]
    dump = out.model_dump_json()
    assert key not in dump and "Pw0rd-9xk2" not in dump
    assert (
        out.turns[1].tool_calls[0].arguments == '{"command": "export OPENAI_API_KEY=[REDACTED:openai_key]"}'
    )
    assert out.turns[2] is t.turns[2]  # untouched turns are reused
    assert t.turns[0].text.startswith("my key is sk-proj-")  # input not mutated
    assert out.source == t.source and out.format == t.format


# --------------------------------------------------------------------------- secret-only


def test_secret_fraction() -> None:
    assert secret_fraction("") == 0.0
    assert secret_fraction("User prefers TypeScript") == 0.0
    assert secret_fraction(PROVIDER_SECRETS["github_token"]) == 1.0
    assert secret_fraction("[REDACTED:openai_key]") == 1.0
    assert 0 < secret_fraction("the deploy uses " + PROVIDER_SECRETS["gitlab_token"]) < 1


@pytest.mark.parametrize(
    "text",
    [
        PROVIDER_SECRETS["openai_key"],
        "OPENAI_API_KEY=" + PROVIDER_SECRETS["openai_key"],
        "OPENAI_API_KEY=[REDACTED:openai_key]",
        "User's API key is [REDACTED:openai_key]",
        "DB_PASSWORD=tuxcs-rgpod-412I",
    ],
)
def test_mostly_secret(text: str) -> None:
    assert is_mostly_secret(text)


@pytest.mark.parametrize(
    "text",
    [
        "User prefers TypeScript for backend work",
        "Staging and prod both run Postgres 16 on RDS",
        "Rotate the GitHub token ([REDACTED:github_token]) every 90 days via the ops runbook",
        "",
    ],
)
def test_not_mostly_secret(text: str) -> None:
    assert not is_mostly_secret(text)
