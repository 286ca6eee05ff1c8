"""Config-file and code shapes that carry secrets, and benign lines that look like them.

Shared by the secret property test (each shape planted in a transcript must never reach a
file) and ``bench/redact.py`` (a seeded ``shapes`` corpus with labelled spans). ``{v}`` is
the secret value; every value is drawn from a seeded RNG and none is a real credential.
"""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

#: (shape name, template, value kind). Kinds: ``random`` (base62), ``hex``, ``b64``, ``password``.
SHAPES: tuple[tuple[str, str, str], ...] = (
    ("env", "DB_PASSWORD={v}", "password"),
    ("env_export", "export STRIPE_SECRET_KEY={v}", "random"),
    ("env_prefix", "PGPASSWORD={v} psql -h db.internal -U app", "password"),
    ("fish_set", "set -gx GITHUB_TOKEN {v}", "random"),
    ("powershell_env", '$env:OPENAI_API_KEY = "{v}"', "random"),
    ("yaml", "  password: {v}", "password"),
    ("yaml_quoted", '  api_key: "{v}"', "random"),
    ("compose_env", "      - POSTGRES_PASSWORD={v}", "password"),
    ("compose_map", "      MYSQL_ROOT_PASSWORD: {v}", "password"),
    ("json", '  "client_secret": "{v}",', "random"),
    ("json_nested", '{{"auth": {{"token": "{v}"}}}}', "random"),
    ("toml", 'secret_key = "{v}"', "b64"),
    ("ini", "[smtp]\npassword = {v}", "password"),
    ("properties", "spring.datasource.password={v}", "password"),
    ("properties_spaced", "mail.smtp.password = {v}", "password"),
    ("xml_attr", '<add key="ApiSecret" value="{v}" />', "random"),
    ("xml_element", "<password>{v}</password>", "password"),
    ("xml_property", '<property name="hibernate.connection.password" value="{v}"/>', "password"),
    ("terraform_var", 'variable "db_password" {{\n  type    = string\n  default = "{v}"\n}}', "password"),
    ("tfvars", 'datadog_api_key = "{v}"', "hex"),
    ("curl_bearer", "curl -H 'Authorization: Bearer {v}' https://api.example.test/v1/me", "random"),
    ("curl_header", 'curl -H "X-API-Key: {v}" https://api.example.test', "random"),
    ("curl_user", "curl -u deploy:{v} https://ci.example.test/job", "password"),
    ("mysql_flag", "mysql -h db -u root -p{v} orders", "password"),
    ("sshpass", "sshpass -p {v} ssh deploy@10.0.0.5", "password"),
    ("docker_login", "docker login registry.example.test -u ci -p {v}", "random"),
    ("cli_flag", "./deploy --api-token={v} --region eu", "random"),
    ("postgres_url", "DATABASE_URL=postgresql://app:{v}@db.internal:5432/orders", "password"),
    ("mongo_url", "mongodb+srv://svc:{v}@cluster0.abcde.mongodb.test/prod", "password"),
    ("amqp_url", "BROKER=amqp://worker:{v}@rabbit:5672/vhost", "password"),
    ("redis_url", "redis://:{v}@cache.internal:6379/0", "password"),
    ("jdbc", "jdbc:mysql://db:3306/app?user=app&password={v}", "password"),
    ("ado", "Server=tcp:sql.example.test;Database=app;User Id=app;Password={v};", "password"),
    ("python", 'API_KEY = "{v}"', "random"),
    ("python_call", 'conn = psycopg2.connect(host="db", user="app", password="{v}")', "password"),
    ("django", 'SECRET_KEY = "django-insecure-{v}"', "random"),
    ("flask", 'app.config["SECRET_KEY"] = "{v}"', "hex"),
    ("js", 'const apiToken = "{v}";', "random"),
    ("java", 'private static final String CLIENT_SECRET = "{v}";', "random"),
    ("java_setter", 'dataSource.setPassword("{v}");', "password"),
    ("csharp", 'var connectionPassword = @"{v}";', "password"),
    ("go", 'authToken := "{v}"', "random"),
    ("rust", 'let api_key = "{v}";', "random"),
    ("ruby", "config.secret_key_base = '{v}'", "hex"),
    ("php", "$db_password = '{v}';", "password"),
    ("php_array", "'password' => '{v}',", "password"),
    ("kotlin", 'val signingSecret = "{v}"', "b64"),
    ("swift", 'let apiKey = "{v}"', "random"),
    ("german", 'passwort = "{v}"', "password"),
    ("spanish", "contraseña: {v}", "password"),
    ("portuguese", 'senha = "{v}"', "password"),
    ("npmrc", "//registry.npmjs.org/:_authToken={v}", "random"),
    ("netrc", "machine api.example.test login me password {v}", "password"),
    ("dockercfg", '{{"auths": {{"registry.example.test": {{"auth": "{v}"}}}}}}', "b64"),
    ("prose", "the staging db password is {v} btw", "password"),
    # issue 12's other forms: quoted connection strings (libpq, ODBC), a TOTP provisioning URI,
    # passwd/pwd/credential names, a French identifier, nested YAML, Helm/Docker flags, Go, TS
    (
        "libpq_quoted",
        '  db_conn: "host=db.internal port=5432 dbname=orders user=app password={v}"',
        "password",
    ),
    ("odbc_quoted", 'conn_str = "Driver={{ODBC Driver 18}};Server=db01;Uid=app;Pwd={v};"', "password"),
    ("otpauth", "otpauth://totp/Acme:ops@acme.test?secret={v}&issuer=Acme", "random"),
    ("env_quoted", "SMTP_PASSWD='{v}'", "password"),
    ("yaml_pwd", "  pwd: {v}", "password"),
    ("ini_credential", "credential = {v}", "random"),
    ("french", 'mot_de_passe = "{v}"', "password"),
    ("yaml_nested", "credentials:\n  token: {v}", "random"),
    ("helm_set", "helm upgrade api ./chart --set db.password={v}", "password"),
    ("docker_env_flag", "docker run -e API_TOKEN={v} acme/api", "random"),
    ("go_struct", '\tPassword: "{v}",', "password"),
    ("ts_object", "  apiSecret: '{v}',", "random"),
)

#: Benign lines that a careless detector would flag: placeholders, references, hashes, ids.
BENIGN: tuple[str, ...] = (
    "DB_PASSWORD=${DB_PASSWORD}",
    'api_key = os.environ["API_KEY"]',
    "password: <your-password-here>",
    "  password: changeme",
    "token: xxxxxxxxxxxxxxxxxxxx",
    "SECRET_KEY = get_secret('django')",
    'password = getpass.getpass("Password: ")',
    '"integrity": "sha512-{b64}"',
    "commit {hex40}",
    "request_id={uuid}",
    "image: ghcr.io/acme/api@sha256:{hex64}",
    "version: 4.17.21",
    "resolved: https://registry.yarnpkg.com/lodash/-/lodash-4.17.21.tgz#{hex40}",
    "h1:{b64}=",
    '<img src="data:image/png;base64,iVBORw0KGgo{b64}" />',
    "password_hash = '$2b$12${b64}'",
    "api_key: {{ secrets.API_KEY }}",
    "token = ENV.fetch('GITHUB_TOKEN')",
    "auth_token_ttl: 3600",
    "password: required",
    "secret_name: prod/db/credentials",
    "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
    'etag: W/"{hex32}"',
    "trace_id: {hex32}",
    "Set the password in the vault, never in the repo.",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{b64} me@laptop",
    "key_id: {uuid}",
    "checksum: {hex64}",
)

_B62 = string.ascii_letters + string.digits
_B64 = _B62 + "+/"


def value(kind: str, rng: random.Random) -> str:
    """A fresh secret value of ``kind``."""
    if kind == "hex":
        return "".join(rng.choice("0123456789abcdef") for _ in range(rng.choice((32, 40, 64))))
    if kind == "b64":
        n = rng.choice((32, 44, 64))
        return "".join(rng.choice(_B64) for _ in range(n - 1)) + "="
    if kind == "password":
        word = "".join(rng.choice(string.ascii_letters) for _ in range(rng.randint(6, 10)))
        return f"{word}{rng.choice('!#%^*-_@')}{rng.randint(10, 9999)}"
    return "".join(rng.choice(_B62) for _ in range(rng.randint(24, 48)))


def benign_line(template: str, rng: random.Random) -> str:
    """``template`` with its hash and id slots filled."""

    def hexs(n: int) -> str:
        return "".join(rng.choice("0123456789abcdef") for _ in range(n))

    uuid = f"{hexs(8)}-{hexs(4)}-4{hexs(3)}-a{hexs(3)}-{hexs(12)}"
    b64 = "".join(rng.choice(_B64) for _ in range(43))
    slots = {"{hex32}": hexs(32), "{hex40}": hexs(40), "{hex64}": hexs(64), "{uuid}": uuid, "{b64}": b64}
    for slot, fill in slots.items():
        template = template.replace(slot, fill)
    return template


def document(rng: random.Random, shapes: int = 12, benign: int = 24) -> tuple[str, list[dict[str, object]]]:
    """A config-like document with ``shapes`` planted secrets among ``benign`` benign lines,
    and labels in the shared corpora's format (``start``/``end`` of each value, ``secret``)."""
    blocks: list[tuple[str, str | None, str]] = []
    for _ in range(benign):
        blocks.append((benign_line(rng.choice(BENIGN), rng), None, "benign"))
    for _ in range(shapes):
        name, template, kind = rng.choice(SHAPES)
        v = value(kind, rng)
        blocks.append((template.format(v=v), v, name))
    rng.shuffle(blocks)
    text, labels = "", []
    for block, secret, name in blocks:
        if secret is not None:
            at = len(text) + block.index(secret)
            line = text.count("\n") + 1 + block[: block.index(secret)].count("\n")
            labels.append(
                {
                    "start": at,
                    "end": at + len(secret),
                    "line": line,
                    "line_end": line,
                    "type": name,
                    "secret": True,
                }
            )
        text += block + "\n"
    return text, labels


def found(text: str) -> list[str]:
    """The spans of ``text`` that :func:`memscribe.redaction.find_secrets` reports, as strings."""
    from memscribe.redaction import find_secrets

    return [text[f.start : f.end] for f in find_secrets(text)]


REPO = Path(__file__).resolve().parents[2]


def corpus_transcripts() -> list[Path]:
    """The transcripts the redaction tests run every detector on: the fixture transcripts and the
    authored dev sessions (labels left out)."""
    return sorted((REPO / "fixtures" / "transcripts").glob("*")) + sorted(
        p
        for p in (REPO / "fixtures" / "eval" / "authored" / "dev" / "agent").glob("*")
        if not p.name.endswith(".labels.json")
    )


def corpus_turn_texts() -> list[str]:
    """Each turn's text and each tool call's arguments, of every :func:`corpus_transcripts` file
    (read in the format its labels name)."""
    from memscribe.transcript import parse_transcript

    texts: list[str] = []
    for path in corpus_transcripts():
        labels = path.parent / (path.name.rsplit(".", 1)[0] + ".labels.json")
        fmt = json.loads(labels.read_text(encoding="utf-8")).get("format") if labels.is_file() else None
        transcript = parse_transcript(path.read_text(encoding="utf-8"), source=path.name, fmt=fmt)
        for turn in transcript.turns:
            texts.append(turn.text)
            texts.extend(call.arguments for call in turn.tool_calls)
    return texts
