"""The shared keyword pass (issue 12, throughput): one search per keyword and text, whichever
detectors ask, and patterns tried only where their keyword stands, find exactly what a search of
their own (``str.find`` loops, ``finditer``) finds."""

from __future__ import annotations

import random
import re

import pytest

from memscribe.redaction.base import apart, occurrences, stem_matches
from memscribe.redaction.combine import find_secrets
from memscribe.redaction.commands import _CLI_PASSWORD, _CLI_STEMS
from memscribe.redaction.credfiles import (
    _CHPASSWD_ECHO,
    _HASH_COMMAND,
    _PRINTF,
    HASH_COMMAND_HINTS,
    PRINTF_HINTS,
)
from memscribe.redaction.structure import _COOKIE_LINE, _TF_DEFAULT
from memscribe.redaction.valuelines import _PASTE


def _find_all(hay: str, needle: str) -> list[int]:
    return [i for i in range(len(hay) - len(needle) + 1) if hay.startswith(needle, i)]


def _resuming(hay: str, needle: str) -> list[int]:
    found, at = [], hay.find(needle)
    while at >= 0:
        found.append(at)
        at = hay.find(needle, at + len(needle))
    return found


@pytest.mark.parametrize("needle", ["aa", "key", "aba", "x", "pass"])
def test_occurrences_are_every_start_and_apart_those_a_resuming_search_finds(needle: str) -> None:
    rng = random.Random(12)
    hays = ["aaaa ababa key keykey passpass", "", "no match here"]
    hays += ["".join(rng.choice("abkeyxps ") for _ in range(rng.randrange(0, 80))) for _ in range(200)]
    for hay in hays:
        # asked twice and across hays: the kept answers are the hay's own
        for _ in range(2):
            assert list(occurrences(hay, needle)) == _find_all(hay, needle)
            assert apart(occurrences(hay, needle), len(needle)) == _resuming(hay, needle)


_CASES = [
    ("cookie", _COOKIE_LINE, ("set-cookie", "cookie")),
    ("paste", _PASTE, ("paste",)),
    ("cli", _CLI_PASSWORD, _CLI_STEMS),
    ("printf", _PRINTF, PRINTF_HINTS),
    ("chpasswd", _CHPASSWD_ECHO, ("echo",)),
    ("hash", _HASH_COMMAND, HASH_COMMAND_HINTS),
    ("terraform", _TF_DEFAULT, ("variable",)),
]
_TEXTS = [
    "Set-Cookie: sid=abcdef0123456789; Path=/\nxset-cookie: token=zzzzzzzzzzzz\nCOOKIE : a=1 cookie: b=2",
    "pasted: 9f8e7d6c5b4a39281706f5e4d3c2b1a0 and PASTES : `Zx81-Lm02-Qq93-Rt74`\nunpasted: x",
    "mysql -u root -pS3cr3t!x db; mysqldump -p'hunter22' x\ndocker login -p Pa55word reg | oc login -p abc12345\n"
    "helm  registry login -p tok123456 h\nredis-cli -h x -a r3d1spass\nsshpass -p 'Tr0ub4dor' ssh h",
    "printf '%s\\n' 'topsecret99' > master.key\nPRINTF 'x' y\necho 'admin:Sup3rS3cret' | sudo chpasswd",
    "openssl passwd -6 'Hunter2Hunter2'\nmkpasswd -m sha-512 Passw0rd!!\nhtpasswd -bc f user s3cretpw\n"
    "rclone obscure 'rc-pass-123'\ndoveadm pw -s SHA512-CRYPT -p dovepass1\nwpa_passphrase Home 'wifi-pass-9'",
    'variable "db_password" {\n  default = "Pr0d-DB-2024!"\n}\nvariable "region" { default = "eu" }',
    "Çookie: sid=abcdefgh12345678 — pasted: 0a9b8c7d6e5f4a3b2c1d0e9f (non-ASCII text)",
    "printf 'İ %s' 'x9y8z7w6'; redis-cli -a ſecret99 ; cooKie: sid=12345678abcdefgh",
]


@pytest.mark.parametrize(("name", "rx", "stems"), _CASES, ids=[c[0] for c in _CASES])
def test_a_pattern_tried_at_its_keywords_finds_what_finditer_finds(
    name: str, rx: re.Pattern[str], stems: tuple[str, ...]
) -> None:
    rng = random.Random(name)
    texts = list(_TEXTS)
    for _ in range(100):  # the cases cut up and joined in other orders
        parts = rng.sample(_TEXTS, 3)
        texts.append("\n".join(p[rng.randrange(len(p)) :] for p in parts))
    for text in texts:
        assert [m.span() for m in stem_matches(rx, text, stems)] == [m.span() for m in rx.finditer(text)]


def test_findings_do_not_depend_on_what_was_scanned_before() -> None:
    """The keyword passes kept for one text never answer for another (equal, or not)."""
    a = "export DB_PASSWORD='Zq8!mR2#vL5x'\npasted: 9f8e7d6c5b4a39281706f5e4d3c2b1a0\n"
    b = "".join(reversed(a))
    first = [find_secrets(t) for t in (a, b, a[:-1] + "\n", a)]
    assert first[0] and first[0] == first[2] == first[3]
    assert [find_secrets(t) for t in (a, b, a[:-1] + "\n", a)] == first
