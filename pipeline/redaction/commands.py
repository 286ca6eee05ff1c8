"""Command lines that carry a secret: a password given to a client's flag (``mysql -p'…'``,
``sshpass -p``, ``docker login -p``, ``redis-cli -a``), a one-time code given to its flag
(``--token-code``), an API key as ``curl -u``'s user name, and ``set NAME value`` (fish, and
tools' ``config set`` sub-commands) under a secret's name."""

from __future__ import annotations

from collections.abc import Iterator

from memscribe.lazyre import lazy_compile
from memscribe.redaction.assigned import plausible_value
from memscribe.redaction.base import stem_matches
from memscribe.redaction.names import name_strength
from memscribe.redaction.placeholders import is_placeholder
from memscribe.redaction.structure import hint_starts
from memscribe.redaction.values import not_a_secret

#: Command-line tools that take a password as a flag value: ``mysql -pSECRET`` (glued, or
#: quoted: ``-p'…'``), ``sshpass -p SECRET``, ``docker login -p SECRET``, ``redis-cli -a SECRET``.
_CLI_PASSWORD = lazy_compile(
    r"\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mariadb|mariadb-dump)\b[^\n|;&]*?\s-p"
    r"(?:(?P<gq>['\"])(?P<gquoted>[^'\"\n]{3,})(?P=gq)|(?P<glued>[^\s'\"]{3,}))"
    r"|\b(?:sshpass|(?:docker|podman|buildah|skopeo|nerdctl|oc|helm\s+registry)\s+login)\b[^\n|;&]*?"
    r"\s-p\s+['\"]?(?P<spaced>[^\s'\"]+)"
    r"|\bredis-cli\b[^\n|;&]*?\s-a\s+['\"]?(?P<redis>[^\s'\"]+)"
)
#: How every :data:`_CLI_PASSWORD` match starts (lower case).
_CLI_STEMS = (
    "mysql",
    "mariadb",
    "sshpass",
    "docker",
    "podman",
    "buildah",
    "skopeo",
    "nerdctl",
    "oc",
    "helm",
    "redis-cli",
)
#: A one-time code given to a flag named for it (``aws sts … --token-code 970459``, ``--otp``).
_OTP_FLAG = lazy_compile(
    r"--(?:(?:token|mfa|otp|totp|2fa|auth|verification)[-_]?code|otp|totp)"
    r"(?:=|[ \t]+)['\"]?(?P<v>\d{6,8})(?!\w)"
)
#: Each :data:`_OTP_FLAG` match holds one of these.
OTP_FLAG_HINTS = ("-code", "--otp", "--totp")
#: fish's ``set -gx NAME value``, and ``set NAME value`` as other tools' sub-command
#: (``wp config set DB_PASSWORD '…'``, ``dotnet user-secrets set``), the name quoted or bare.
_FISH_SET = lazy_compile(
    r"set[ \t]+(?:-[a-zA-Z]+[ \t]+)*['\"]?(?P<name>[A-Za-z_][A-Za-z0-9_]*)['\"]?[ \t]+"
    r"(?:(?P<q>['\"])(?P<qv>[^'\"\n]+)(?P=q)|(?P<v>[^\s'\"]+))"
)


def find_cli_passwords(text: str) -> Iterator[tuple[int, int]]:
    """Each value the three shapes place; each is tried only where its fixed part occurs."""
    if any(tool in text for tool in ("mysql", "mariadb", "sshpass", "login", "redis-cli")):
        for m in stem_matches(_CLI_PASSWORD, text, _CLI_STEMS):
            group = next(g for g in ("glued", "gquoted", "spaced", "redis") if m.group(g) is not None)
            value = m.group(group)
            if len(value) >= 4 and not value.startswith(("$", "%")) and not is_placeholder(value):
                yield m.span(group)
    if any(hint in text for hint in OTP_FLAG_HINTS):
        for m in _OTP_FLAG.finditer(text):
            yield m.span("v")
    for at in hint_starts(text, "set"):
        if at > 0 and (text[at - 1].isalnum() or text[at - 1] == "_"):
            continue
        named = _FISH_SET.match(text, at)
        if named is not None:
            strength = name_strength(named.group("name"))
            group = "qv" if named.group("q") else "v"
            if strength is not None and plausible_value(named.group(group), strength, quoted=group == "qv"):
                yield named.span(group)


#: An API key given as the user name with an empty password (``curl -u sk_…:``, Stripe's way).
_KEY_USER = lazy_compile(
    r"-(?:u|-user)[ \t]+['\"]?(?P<v>(?=[A-Za-z_]*\d)[A-Za-z0-9_]{20,}):(?=['\"]?(?:\s|$))"
)
#: Prefilter hints of :func:`find_key_users`.
KEY_USER_HINTS = ("-u", "--user")


def find_key_users(text: str) -> Iterator[tuple[int, int]]:
    """The key in ``-u <key>:`` (a user name that is a key, the password left empty)."""
    for m in stem_matches(_KEY_USER, text, KEY_USER_HINTS):  # (a match opens with one: tried there)
        if (m.start() == 0 or text[m.start() - 1].isspace()) and not not_a_secret(m.group("v")):
            yield m.span("v")
