"""Generate a labelled transcript corpus for the redaction benchmark (seeded, stdlib only).

    .venv/bin/python bench/redact_corpus.py --out /tmp/corpus --seed 7 --sessions 40

Secrets from memscribe's detector catalogue are planted into realistic agent-transcript
contexts (user chat lines, tool outputs, fenced code blocks in several languages, ``.env``
pastes, HTTP dumps, config files), surrounded by benign material that looks like secrets:
UUIDs, git SHAs, lockfile hashes (npm, pip, go.sum, Cargo, poetry), base64 images, docker
digests, placeholders and documented example keys, emails and phone numbers.

Labels follow ``shared/data/secrets/README.md``: one object per span with ``file``, ``line``,
``line_end``, ``start``, ``end`` (character offsets, end exclusive), ``type`` and ``secret``
(``true`` must be redacted, ``false`` must not be), plus ``category``: ``credential``, ``pii``
(payment cards, IBANs, national ids: redacted by default) or ``contact`` (emails, phones:
redacted only with ``--redact-contact``; labelled ``secret: false``). Every line without a
``secret: true`` label is benign.

The phrasing and contexts differ on purpose from the shared development generator, so the
benchmark measures generalisation rather than the rules tuned on that corpus.
"""

from __future__ import annotations

import argparse
import base64
import bisect
import json
import random
import string
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

UP, LO, DG = string.ascii_uppercase, string.ascii_lowercase, string.digits
AN = UP + LO + DG
URLSAFE = AN + "-_"
B64 = AN + "+/"
HEX = "0123456789abcdef"

Piece = str | tuple[str, str, bool, str]


@dataclass
class Doc:
    """A transcript being built, with labelled spans."""

    name: str
    parts: list[str] = field(default_factory=list)
    size: int = 0
    spans: list[tuple[int, int, str, bool, str]] = field(default_factory=list)

    def line(self, *pieces: Piece) -> None:
        for p in pieces:
            if isinstance(p, tuple):
                value, typ, secret, category = p
                self.spans.append((self.size, self.size + len(value), typ, secret, category))
                p = value
            self.parts.append(p)
            self.size += len(p)
        self.parts.append("\n")
        self.size += 1

    def text(self) -> str:
        return "".join(self.parts)

    def labels(self, relpath: str) -> list[dict[str, object]]:
        text = self.text()
        starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
        out: list[dict[str, object]] = []
        for s, e, typ, secret, category in self.spans:
            out.append(
                {
                    "file": relpath,
                    "line": bisect.bisect_right(starts, s),
                    "line_end": bisect.bisect_right(starts, e - 1),
                    "start": s,
                    "end": e,
                    "type": typ,
                    "secret": secret,
                    "category": category,
                }
            )
        return out


def S(value: str, typ: str, category: str = "credential") -> tuple[str, str, bool, str]:
    return (value, typ, True, category)


def N(value: str, typ: str, category: str = "lookalike") -> tuple[str, str, bool, str]:
    return (value, typ, False, category)


class Gen:
    """Random values of each secret type (fresh, unique, never real credentials)."""

    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)
        self.used: set[str] = set()

    def s(self, alphabet: str, n: int) -> str:
        return "".join(self.r.choice(alphabet) for _ in range(n))

    def pick(self, seq: list[str] | tuple[str, ...] | str) -> str:
        return self.r.choice(seq)

    def uniq(self, fn: Callable[[], str]) -> str:
        for _ in range(100):
            v = fn()
            if v not in self.used:
                self.used.add(v)
                return v
        raise RuntimeError("could not make a unique value")

    # ---- credentials (type name -> value)
    def openai(self) -> str:
        kind = self.r.randint(0, 2)
        if kind == 0:
            return "sk-proj-" + self.s(URLSAFE, 74) + "T3BlbkFJ" + self.s(URLSAFE, 74)
        if kind == 1:
            return "sk-svcacct-" + self.s(URLSAFE, 60) + "T3BlbkFJ" + self.s(URLSAFE, 60)
        return "sk-" + self.s(AN, 20) + "T3BlbkFJ" + self.s(AN, 20)

    def anthropic(self) -> str:
        return self.pick(["sk-ant-api03-", "sk-ant-admin01-"]) + self.s(URLSAFE, 93) + "AA"

    def aws_access_key_id(self) -> str:
        return self.pick(["AKIA", "ASIA"]) + self.s(UP + "234567", 16)

    def aws_secret_access_key(self) -> str:
        return self.s(AN + "/+", 40)

    def gcp_api_key(self) -> str:
        return "AIza" + self.s(URLSAFE, 35)

    def azure_client_secret(self) -> str:
        return self.s(AN, 3) + self.pick(DG) + "Q~" + self.s(AN + "~._-", 34)

    def github_token(self) -> str:
        return self.pick(["ghp_", "gho_", "ghu_", "ghs_", "ghr_"]) + self.s(AN, 36)

    def github_fine_grained(self) -> str:
        return "github_pat_" + self.s(AN, 22) + "_" + self.s(AN, 59)

    def gitlab_token(self) -> str:
        return self.pick(["glpat-", "glpat-", "gldt-", "glrt-"]) + self.s(URLSAFE, 20)

    def bitbucket_app_password(self) -> str:
        return "ATBB" + self.s(AN, 32)

    def slack_token(self) -> str:
        return (
            self.pick(["xoxb-", "xoxp-", "xoxe-"])
            + self.s(DG, 12)
            + "-"
            + self.s(DG, 13)
            + "-"
            + self.s(AN, 24)
        )

    def slack_webhook(self) -> str:
        return (
            f"https://hooks.slack.com/services/T{self.s(UP + DG, 10)}/B{self.s(UP + DG, 10)}/{self.s(AN, 24)}"
        )

    def stripe_key(self) -> str:
        return self.pick(["sk_live_", "rk_live_"]) + self.s(AN, self.r.choice([24, 34, 99]))

    def twilio_api_key(self) -> str:
        return "SK" + self.s(HEX, 32)

    def sendgrid(self) -> str:
        return "SG." + self.s(URLSAFE, 22) + "." + self.s(URLSAFE, 43)

    def huggingface(self) -> str:
        return "hf_" + self.s(UP + LO, 34)

    def npm_token(self) -> str:
        return "npm_" + self.s(AN, 36)

    def pypi_token(self) -> str:
        return "pypi-AgEIcHlwaS5vcmc" + self.s(URLSAFE, 70)

    def discord_bot_token(self) -> str:
        return self.pick("MN") + self.s(AN, 23) + "." + self.s(URLSAFE, 6) + "." + self.s(URLSAFE, 27)

    def telegram_bot_token(self) -> str:
        return str(self.r.randint(10**8, 10**10 - 1)) + ":AA" + self.s(URLSAFE, 33)

    def jwt(self) -> str:
        def b64u(obj: dict[str, object]) -> str:
            raw = json.dumps(obj, separators=(",", ":")).encode()
            return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()

        head = b64u({"alg": self.pick(["HS256", "RS256", "ES256"]), "typ": "JWT"})
        body = b64u(
            {
                "sub": self.s(DG, 8),
                "org": self.pick(["acme", "globex", "initech"]),
                "exp": self.r.randint(1_700_000_000, 1_800_000_000),
            }
        )
        return f"{head}.{body}.{self.s(URLSAFE, 43)}"

    def password(self) -> str:
        words = ["Harbor", "Velvet", "Sprocket", "Lantern", "Nimbus", "Granite", "Pepper", "Willow"]
        style = self.r.randint(0, 3)
        if style == 0:
            return self.pick(words) + self.s(DG, 3) + self.pick("!@#$%&*?") + self.pick(words).lower()
        if style == 1:
            return self.s(AN + "!@#%^&*-_", self.r.randint(10, 22))
        if style == 2:
            return "-".join(self.pick(words).lower() for _ in range(3)) + self.s(DG, 2)
        return self.s(LO, 4) + self.s(DG, 4) + self.s(UP, 2)

    def generic_api_key(self) -> str:
        return self.pick([self.s(AN, 40), self.s(HEX, 48), self.s(AN, 32), self.s(URLSAFE, 44)])

    def bearer_token(self) -> str:
        return self.pick([self.s(URLSAFE, 48), self.s(AN, 40) + "." + self.s(AN, 16), self.s(HEX, 40)])

    def session_cookie(self) -> str:
        return self.pick([self.s(LO + DG, 32), self.s(URLSAFE, 43), "s%3A" + self.s(URLSAFE, 32)])

    # ---- PII
    def card(self) -> str:
        prefix = self.pick(["4", "51", "52", "55", "2221", "37", "6011"])
        length = 15 if prefix == "37" else 16
        body = prefix + self.s(DG, length - len(prefix) - 1)
        digits = body + str(_luhn_digit(body))
        if self.r.random() < 0.5 and length == 16:
            sep = self.pick([" ", "-"])
            return sep.join(digits[i : i + 4] for i in range(0, 16, 4))
        return digits

    def iban(self) -> str:
        country, blen = self.pick([("DE", 18), ("GB", 18), ("FR", 23), ("NL", 14), ("ES", 20)])  # type: ignore[arg-type]
        if country == "GB":
            bban = self.s(UP, 4) + self.s(DG, 14)
        elif country == "NL":
            bban = self.s(UP, 4) + self.s(DG, 10)
        else:
            bban = self.s(DG, blen)
        check = 98 - _mod97(bban + country + "00")
        iban = f"{country}{check:02d}{bban}"
        if self.r.random() < 0.5:
            return " ".join(iban[i : i + 4] for i in range(0, len(iban), 4))
        return iban

    def ssn(self) -> str:
        area = self.r.choice([n for n in range(1, 900) if n != 666])
        return f"{area:03d}-{self.r.randint(1, 99):02d}-{self.r.randint(1, 9999):04d}"

    def nino(self) -> str:
        first = self.pick("ABCEGHJKLMNOPRSTWXYZ")
        second = self.pick("ABCEGHJKLMNPRSTWXYZ")
        return f"{first}{second}{self.s(DG, 6)}{self.pick('ABCD')}"

    # ---- benign lookalikes
    def uuid(self) -> str:
        h = self.s(HEX, 32)
        return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{self.pick('89ab')}{h[17:20]}-{h[20:32]}"

    def b64bytes(self, n: int) -> str:
        return base64.b64encode(bytes(self.r.getrandbits(8) for _ in range(n))).decode()


def _luhn_digit(body: str) -> int:
    total = 0
    for i, ch in enumerate(reversed(body)):
        d = int(ch)
        if i % 2 == 0:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return (10 - total % 10) % 10


def _mod97(s: str) -> int:
    return int("".join(str(int(c, 36)) for c in s)) % 97


ENV = {
    "openai": ["OPENAI_API_KEY", "OPENAI_KEY"],
    "anthropic": ["ANTHROPIC_API_KEY", "CLAUDE_KEY"],
    "aws_access_key_id": ["AWS_ACCESS_KEY_ID"],
    "aws_secret_access_key": ["AWS_SECRET_ACCESS_KEY", "AWS_SECRET_KEY"],
    "gcp_api_key": ["GOOGLE_MAPS_KEY", "FIREBASE_API_KEY", "GCP_API_KEY"],
    "azure_client_secret": ["AZURE_CLIENT_SECRET", "ARM_CLIENT_SECRET"],
    "github_token": ["GITHUB_TOKEN", "GH_TOKEN", "GITHUB_PAT"],
    "github_fine_grained": ["GITHUB_TOKEN", "GH_PAT"],
    "gitlab_token": ["GITLAB_TOKEN", "CI_PUSH_TOKEN"],
    "bitbucket_app_password": ["BITBUCKET_APP_PASSWORD", "BB_PASSWORD"],
    "slack_token": ["SLACK_BOT_TOKEN", "SLACK_TOKEN"],
    "slack_webhook": ["SLACK_WEBHOOK_URL", "ALERT_WEBHOOK"],
    "stripe_key": ["STRIPE_SECRET_KEY", "STRIPE_KEY"],
    "twilio_api_key": ["TWILIO_API_KEY", "TWILIO_KEY_SID"],
    "sendgrid": ["SENDGRID_API_KEY", "MAIL_API_KEY"],
    "huggingface": ["HF_TOKEN", "HUGGING_FACE_HUB_TOKEN"],
    "npm_token": ["NPM_TOKEN", "NODE_AUTH_TOKEN"],
    "pypi_token": ["PYPI_API_TOKEN", "TWINE_PASSWORD"],
    "discord_bot_token": ["DISCORD_BOT_TOKEN"],
    "telegram_bot_token": ["TELEGRAM_TOKEN", "TG_BOT_TOKEN"],
    "jwt": ["ACCESS_TOKEN", "ID_TOKEN", "AUTH_JWT"],
    "password": [
        "DB_PASSWORD",
        "MYSQL_ROOT_PASSWORD",
        "RABBITMQ_DEFAULT_PASS",
        "SMTP_PASS",
        "ADMIN_PASSWORD",
    ],
    "generic_api_key": ["API_KEY", "SENTRY_AUTH_TOKEN", "DATADOG_API_KEY", "APP_SECRET", "SIGNING_SECRET"],
    "bearer_token": ["SERVICE_TOKEN", "INTERNAL_API_TOKEN"],
    "session_cookie": ["SESSION_SECRET"],
}

WHAT = {
    "openai": "openai key",
    "anthropic": "anthropic api key",
    "aws_access_key_id": "aws key id",
    "aws_secret_access_key": "aws secret key",
    "gcp_api_key": "maps api key",
    "azure_client_secret": "client secret",
    "github_token": "github token",
    "github_fine_grained": "PAT",
    "gitlab_token": "gitlab token",
    "bitbucket_app_password": "bitbucket app password",
    "slack_token": "slack token",
    "slack_webhook": "webhook url",
    "stripe_key": "stripe secret",
    "twilio_api_key": "twilio key",
    "sendgrid": "sendgrid key",
    "huggingface": "HF token",
    "npm_token": "npm token",
    "pypi_token": "pypi token",
    "discord_bot_token": "discord bot token",
    "telegram_bot_token": "telegram token",
    "jwt": "access token",
    "password": "password",
    "generic_api_key": "api key",
    "bearer_token": "token",
    "session_cookie": "session cookie",
}

CHAT = [
    "[user] {what}: {v}",
    "[user] here you go, {what} {v}",
    "[user] can you try with this {what}? {v}",
    "[user] my {what} is {v} btw",
    "[user] the {what} for staging is `{v}` and prod is in vault",
    "[user] I just regenerated the {what} -> {v}",
    "[user] sorry wrong one, the {what} should be {v}",
    "[user] {what} = {v}",
    "[user] paste: {v}",
    "[user] use {v} as the {what}",
]

PII_CHAT = {
    "payment_card": [
        "[user] charge it to my card {v}, exp 04/27",
        "[user] the test failed for card number {v}",
        '[tool:bash] {{"customer": 1881, "pan": "{v}", "status": "declined"}}',
    ],
    "iban": [
        "[user] refunds go to IBAN {v} please",
        "[user] my bank account: {v}",
        "[tool:read] payee_iban={v}",
    ],
    "national_id": [
        "[user] my SSN is {v}, it's needed for the tax form",
        "[tool:bash] employee 4411 ssn={v} state=CA",
        "[user] national insurance number {v}",
    ],
}


def plant(g: Gen, d: Doc, typ: str) -> None:  # noqa: C901 - one branch per context
    v = getattr(g, typ)()
    g.used.add(v)
    name = g.pick(ENV[typ])
    styles = ["chat", "env", "export", "json", "yaml", "toml", "python", "js", "go", "tool", "docker", "gha"]
    if typ == "slack_webhook":
        styles = ["chat", "env", "python", "tool"]
    elif typ == "session_cookie":
        styles = ["cookie", "cookie", "env"]
    elif typ == "bearer_token":
        styles = ["header", "curl", "python", "env"]
    style = g.pick(styles)
    if style == "chat":
        a, b = g.pick(CHAT).split("{v}")
        d.line(a.format(what=WHAT[typ]), S(v, typ), b.format(what=WHAT[typ]))
    elif style == "env":
        d.line(g.pick(["[user] here's the .env:", "[tool:read] .env.local", "[user] .env contents"]))
        d.line("```")
        d.line("PORT=8080")
        d.line(f"{name}=", S(v, typ))
        d.line("FEATURE_FLAGS=search,export")
        d.line("```")
    elif style == "export":
        q = g.pick(["", '"', "'"])
        d.line(f"[tool:bash] $ export {name}={q}", S(v, typ), q, " && make deploy")
        d.line("[tool:bash] deploying to eu-central-1 ... done (42s)")
    elif style == "json":
        key = g.pick(
            [name.lower(), "apiKey", "token", "secretKey"]
            if typ != "password"
            else ["password", "dbPassword"]
        )
        d.line("[tool:read] appsettings.json")
        d.line('{ "logging": { "level": "info" },')
        d.line(f'  "{key}": "', S(v, typ), '",')
        d.line('  "retries": 4 }')
    elif style == "yaml":
        key = g.pick([name.lower(), "token", "api_key"] if typ != "password" else ["password", "db_pass"])
        d.line("[assistant] I'd put it in the helm values like this:")
        d.line("```yaml")
        d.line("env:")
        d.line(f"  {key}: ", S(v, typ))
        d.line("  region: eu-west-3")
        d.line("```")
    elif style == "toml":
        key = g.pick([name.lower(), "token", "api_key"] if typ != "password" else ["password"])
        d.line("[tool:read] config.toml")
        d.line("[service]")
        d.line(f'{key} = "', S(v, typ), '"')
        d.line("timeout = 30")
    elif style == "python":
        var = g.pick([name, "API_KEY", "AUTH_TOKEN"] if typ != "password" else ["DB_PASSWORD", "password"])
        d.line("```python")
        d.line("import httpx")
        d.line(f'{var} = "', S(v, typ), '"')
        d.line(f"client = httpx.Client(headers={{'X-Token': {var}}})")
        d.line("```")
    elif style == "js":
        var = g.pick(["apiKey", "authToken", "clientSecret"] if typ != "password" else ["dbPassword"])
        d.line("```ts")
        d.line(f'const {var} = "', S(v, typ), '";')
        d.line(f"export default {{ {var} }};")
        d.line("```")
    elif style == "go":
        var = g.pick(["apiKey", "token"] if typ != "password" else ["dbPassword", "password"])
        d.line("```go")
        d.line(f'const {var} = "', S(v, typ), '"')
        d.line("func main() { run(context.Background()) }")
        d.line("```")
    elif style == "tool":
        d.line(f"[tool:bash] $ heroku config:get {name} -a billing")
        d.line("[tool:bash] ", S(v, typ))
    elif style == "docker":
        d.line("[tool:read] Dockerfile")
        d.line("FROM python:3.12-slim")
        d.line(f"ENV {name}=", S(v, typ))
        d.line('CMD ["python", "-m", "app"]')
    elif style == "gha":
        d.line("[tool:read] .github/workflows/release.yml")
        d.line("    env:")
        d.line(f"      {name}: ", S(v, typ))
    elif style == "cookie":
        d.line("[tool:bash] < HTTP/2 200")
        cname = g.pick(["session", "sid", "_app_session", "auth_token"])
        d.line(f"[tool:bash] < set-cookie: {cname}=", S(v, typ), "; Secure; SameSite=Lax")
    elif style == "header":
        d.line("[tool:bash] > POST /v1/jobs HTTP/1.1")
        d.line("[tool:bash] > authorization: Bearer ", S(v, typ))
    else:  # curl
        d.line("[tool:bash] $ curl -s https://api.internal.test/v1/me \\")
        d.line('[tool:bash]     -H "Authorization: Bearer ', S(v, typ), '"')


def plant_special(g: Gen, d: Doc, typ: str) -> None:  # noqa: C901 - one branch per context
    if typ == "private_key":
        kind = g.pick(
            [
                "RSA PRIVATE KEY",
                "PRIVATE KEY",
                "OPENSSH PRIVATE KEY",
                "EC PRIVATE KEY",
                "ENCRYPTED PRIVATE KEY",
            ]
        )
        body = [g.s(B64, 64) for _ in range(g.r.randint(4, 10))] + [g.s(B64, 20) + "=="]
        pem = f"-----BEGIN {kind}-----\n" + "\n".join(body) + f"\n-----END {kind}-----"
        where = g.r.randint(0, 2)
        if where == 0:
            d.line("[tool:bash] $ cat ~/.ssh/id_deploy")
            for i, ln in enumerate(pem.split("\n")):
                d.line("[tool:bash] " if i == 0 else "", S(ln, typ))
        elif where == 1:
            d.line("[user] key for the bastion:")
            d.line("```")
            d.line(S(pem, typ))
            d.line("```")
        else:
            d.line(
                '[tool:read] {"type":"service_account","private_key":"',
                S(pem.replace("\n", "\\n"), typ),
                '\\n"}',
            )
    elif typ == "db_url_password":
        pw = g.password()
        user = g.pick(["app", "reporting", "svc", "root"])
        scheme = g.pick(["postgresql", "mysql", "mongodb", "redis", "amqps", "mssql"])
        host = g.pick(["db-1.prod.internal", "10.12.0.4", "cache.acme.test"])
        pre, post = f"{scheme}://{user}:", f"@{host}/main"
        ctx = g.r.randint(0, 2)
        if ctx == 0:
            d.line("[user] try connecting to " + pre, S(pw, typ), post)
        elif ctx == 1:
            d.line("[tool:bash] Error: could not connect to " + pre, S(pw, typ), post + " (timeout)")
        else:
            d.line('SQLALCHEMY_DATABASE_URI = "' + pre, S(pw, typ), post + '"')
    elif typ == "conn_string_password":
        pw = g.password()
        if g.r.random() < 0.5:
            d.line(
                "[tool:read] Data Source=sql01;Initial Catalog=Sales;User Id=sa;Password=", S(pw, typ), ";"
            )
        else:
            d.line(
                "spring.datasource.url=jdbc:postgresql://pg:5432/app?user=app&password=",
                S(pw, typ),
                "&ssl=true",
            )
    elif typ == "prose_password":
        pw = g.password()
        phrase = g.pick(
            [
                "[user] the admin password is {v} — change it after",
                "[user] log in as root, password {v}",
                "[user] wifi password: {v}",
                "[user] my password for the staging box was {v} I think",
                "[user] pw is {v}",
            ]
        )
        a, b = phrase.split("{v}")
        d.line(a, S(pw, "password"), b)
    elif typ == "aws_pair":
        d.line("[tool:bash] $ aws configure export-credentials --format env")
        d.line("export AWS_ACCESS_KEY_ID=", S(g.aws_access_key_id(), "aws_access_key_id"))
        d.line("export AWS_SECRET_ACCESS_KEY=", S(g.aws_secret_access_key(), "aws_secret_access_key"))
    elif typ == "basic_auth":
        user, pw = g.pick(["ci", "jenkins", "ops"]), g.password()
        if g.r.random() < 0.5:
            tok = base64.b64encode(f"{user}:{pw}".encode()).decode()
            d.line('[tool:bash] $ curl -H "Authorization: Basic ', S(tok, typ), '" https://repo.acme.test/')
        else:
            d.line(f"[tool:bash] $ curl --user {user}:", S(pw, typ), " https://repo.acme.test/api")
    elif typ == "azure_storage_key":
        d.line(
            "[tool:bash] DefaultEndpointsProtocol=https;AccountName=acmedata;AccountKey=",
            S(g.b64bytes(64), typ),
            ";EndpointSuffix=core.windows.net",
        )
    else:  # PII
        v = {"payment_card": g.card, "iban": g.iban, "national_id": g.pick([g.ssn, g.nino])}[typ]()  # type: ignore[call-overload]
        if typ == "national_id":
            phrase = PII_CHAT[typ][2] if not v[0].isdigit() else g.pick(PII_CHAT[typ][:2])
        else:
            phrase = g.pick(PII_CHAT[typ])
        a, b = phrase.split("{v}")
        d.line(
            a.replace("{{", "{").replace("}}", "}"), S(v, typ, "pii"), b.replace("{{", "{").replace("}}", "}")
        )


SPECIAL = [
    "private_key",
    "db_url_password",
    "conn_string_password",
    "prose_password",
    "aws_pair",
    "basic_auth",
    "azure_storage_key",
]
PII = ["payment_card", "iban", "national_id"]

PROSE = [
    "[assistant] Running the migrations against the local database first.",
    "[assistant] The flaky test depends on wall-clock time; I'll inject a clock.",
    "[user] looks good, ship it",
    "[user] never paste the token into the PR description please",
    "[assistant] The password reset email is sent by the notifications worker.",
    "[assistant] Secrets are loaded from AWS Secrets Manager at boot, nothing is hard-coded.",
    "[user] the key thing is to keep the API backwards compatible",
    "[assistant] I added a check that fails the build if a private key is committed.",
    "[tool:bash] $ npm test -- --runInBand",
    "[tool:bash] Tests: 3 failed, 118 passed, 121 total",
    "[tool:bash] $ kubectl rollout status deploy/api",
    '[tool:bash] deployment "api" successfully rolled out',
    "[assistant] Token usage for that run: 18234 prompt tokens, 913 completion tokens.",
    "[user] what does the auth middleware do when the session expires?",
    "[assistant] It returns 401 and the client refreshes the access token.",
    "[tool:bash] WARN  token bucket refill rate=50/s burst=100",
]

CODE = [
    "```python",
    "def rotate(secret_name: str) -> None:",
    "    token = vault.read(secret_name)['data']['token']",
    "    password = getpass.getpass('DB password: ')",
    "    api_key = settings.API_KEY",
    "    headers = {'Authorization': f'Bearer {token}'}",
    "    if not api_key:",
    "        raise RuntimeError('API_KEY missing')",
    "```",
]


def benign(g: Gen, d: Doc) -> None:  # noqa: C901 - one branch per lookalike kind
    kind = g.r.randint(0, 17)
    if kind == 0:
        for _ in range(g.r.randint(1, 3)):
            d.line(g.pick(PROSE))
    elif kind == 1:
        for ln in CODE:
            d.line(ln)
    elif kind == 2:
        d.line("[tool:bash] $ git log --oneline -4")
        for msg in ("fix flaky clock test", "bump ruff", "add token refresh", "rename secret loader"):
            d.line("[tool:bash] ", N(g.s(HEX, g.pick([7, 8, 10])), "git_sha"), " " + msg)
        d.line("[tool:bash] commit ", N(g.s(HEX, 40), "git_sha"))
    elif kind == 3:
        pkg = g.pick(["chalk", "debug", "semver", "ms", "uuid"])
        d.line(
            f'"node_modules/{pkg}": {{ "version": "4.1.2", "integrity": "',
            N("sha512-" + g.b64bytes(64), "lockfile_hash"),
            '" },',
        )
        d.line(
            f'{pkg}@^4.1.0:\n  resolved "https://registry.yarnpkg.com/{pkg}/-/{pkg}-4.1.2.tgz#',
            N(g.s(HEX, 40), "lockfile_hash"),
            '"',
        )
    elif kind == 4:
        d.line("[[package]]")
        d.line('name = "serde"')
        d.line('checksum = "', N(g.s(HEX, 64), "lockfile_hash"), '"')
        d.line('{file = "attrs-23.2.0.tar.gz", hash = "sha256:', N(g.s(HEX, 64), "lockfile_hash"), '"},')
    elif kind == 5:
        d.line("golang.org/x/crypto v0.21.0/go.mod h1:", N(g.b64bytes(32), "lockfile_hash"))
        d.line("requests==2.31.0 --hash=sha256:", N(g.s(HEX, 64), "lockfile_hash"))
    elif kind == 6:
        d.line(
            '[tool:bash] {"request_id":"',
            N(g.uuid(), "uuid"),
            '","user_id":"',
            N(g.uuid(), "uuid"),
            '","ok":true}',
        )
        d.line("[assistant] Job ", N(g.uuid(), "uuid"), " failed at step 3.")
    elif kind == 7:
        d.line(
            '[tool:read] <img src="data:image/png;base64,',
            N(g.b64bytes(g.r.randint(150, 600)), "base64_image"),
            '">',
        )
    elif kind == 8:
        d.line("[tool:bash] ", N("sha256:" + g.s(HEX, 64), "docker_digest"), "  ghcr.io/acme/api:1.9")
        d.line("[tool:bash] Successfully built ", N(g.s(HEX, 12), "docker_id"))
    elif kind in (9, 10, 11):
        ph = g.pick(
            [
                ("OPENAI_API_KEY=", "sk-your-key-here"),
                ("GITHUB_TOKEN=", "<paste token>"),
                ("export AWS_SECRET_ACCESS_KEY=", "$AWS_SECRET_ACCESS_KEY"),
                ('"password": "', "********"),
                ("DB_PASSWORD=", "changeme"),
                ("api_key: ", "${{ secrets.API_KEY }}"),
                ("Authorization: Bearer ", "${ACCESS_TOKEN}"),
                ("STRIPE_SECRET_KEY=", "sk_live_xxxxxxxxxxxxxxxxxxxxxxxx"),
                ("SLACK_BOT_TOKEN=", "xoxb-XXXXXXXXXXXX"),
                ("token = ", "os.environ['TOKEN']"),
                ("password=", "%DB_PASS%"),
                ("client_secret: ", "<CLIENT_SECRET>"),
                ("HF_TOKEN=", "hf_..."),
                ("SECRET_KEY=", "replace-me"),
                ("password: ", "[REDACTED]"),
                ("ANTHROPIC_API_KEY=", "sk-ant-..."),
                ("npm config set //registry.npmjs.org/:_authToken ", "${NPM_TOKEN}"),
                ("GH_TOKEN=", "ghp_************************************"),
            ]
        )
        lead = g.pick(["", "[assistant] set ", "[user] README says ", "# "])
        d.line(lead + ph[0], N(ph[1], "placeholder"), '"' if ph[0].endswith('"') else "")
    elif kind == 12:
        ex = g.pick(
            [
                ("aws_access_key_id = ", "AKIAIOSFODNN7EXAMPLE"),
                ("aws_secret_access_key = ", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
                ("stripe.api_key = ", "sk_test_4eC39HqLyjWDarjtT1zdp7dc"),
            ]
        )
        d.line("[assistant] The docs use ", ex[0], N(ex[1], "example_key"), " as a sample.")
    elif kind == 13:
        d.line("[assistant] Add this public key to authorized_keys:")
        d.line("ssh-rsa ", N("AAAAB3NzaC1yc2EAAAADAQABAAABAQ" + g.s(B64, 120), "public_key"), " deploy@ci")
    elif kind == 14:
        who = g.pick(["ana.silva", "j.okafor", "mei"])
        d.line("[user] cc ", N(f"{who}@example.com", "email", "contact"), " on the release notes")
        d.line(
            "[user] call me on ",
            N(g.pick(["+44 20 7946 0958", "+1 415 555 0132", "(212) 555-0199"]), "phone", "contact"),
            " if it breaks",
        )
    elif kind == 15:
        d.line(
            "[tool:bash] trace=",
            N(g.s(HEX, 32), "trace_id"),
            " span=",
            N(g.s(HEX, 16), "span_id"),
            " latency_ms=41",
        )
        d.line('[tool:bash] ETag: W/"', N(g.s(HEX, 40), "etag"), '"')
    elif kind == 16:
        d.line("[tool:bash] order_total=1299 items=3 ts=1714650000123 build=20240502.7 version=3.11.7")
        d.line("[tool:bash] tx ", N("0x" + g.s(HEX, 64), "tx_hash"), " confirmed in block 19283744")
    else:
        d.line("[tool:bash] $ md5sum artifact.zip && base64 -w0 small.txt")
        d.line("[tool:bash] ", N(g.s(HEX, 32), "checksum"), "  artifact.zip")
        d.line(
            "[tool:bash] ",
            N(
                base64.b64encode(g.pick(["hello world\n", "release notes v2\n", "ok\n"]).encode()).decode(),
                "base64_text",
            ),
        )


def generate(
    seed: int, sessions: int = 40, per_session: int = 14
) -> list[tuple[str, str, list[dict[str, object]]]]:
    """``[(name, text, labels)]`` for ``sessions`` transcripts (labels' ``file`` is ``name``)."""
    g = Gen(seed)
    kinds = list(ENV) + SPECIAL + PII
    schedule = [kinds[i % len(kinds)] for i in range(sessions * per_session)]
    g.r.shuffle(schedule)
    out = []
    for i in range(sessions):
        d = Doc(f"gen_{seed}_{i:03d}.txt")
        d.line(f"# generated session {i} (seed {seed})")
        for typ in schedule[i::sessions]:
            for _ in range(g.r.randint(2, 4)):
                benign(g, d)
            (plant_special if typ in SPECIAL or typ in PII else plant)(g, d, typ)
        for _ in range(4):
            benign(g, d)
        out.append((d.name, d.text(), d.labels(d.name)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--sessions", type=int, default=40)
    a = ap.parse_args()
    a.out.mkdir(parents=True, exist_ok=True)
    labels: list[dict[str, object]] = []
    for name, text, lab in generate(a.seed, a.sessions):
        (a.out / name).write_text(text, encoding="utf-8", newline="")
        labels.extend(lab)
    with open(a.out / "labels.jsonl", "w", encoding="utf-8") as fh:
        for d in labels:
            fh.write(json.dumps(d) + "\n")
    print(f"{a.sessions} sessions, {sum(1 for d in labels if d['secret'])} secrets, {len(labels)} labels")


if __name__ == "__main__":
    main()
