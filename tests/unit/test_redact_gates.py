"""The gates of regex detectors (``gate`` of :func:`memscribe.redaction.base.regex_finder`): every match
of the detector's pattern holds a match of its gate, a text without one is not scanned with the
pattern, and the findings are those of the pattern without a gate."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from memscribe.lazyre import compile_table
from memscribe.redaction import base
from memscribe.redaction.providers import GATES, PROVIDERS
from memscribe.redaction.structure import CURL_USER, CURL_USER_GATE, URL_CREDS, URL_CREDS_GATE

_DISCORD = next(rx for name, rx, _ in PROVIDERS if name == "discord_token")
CASES = [(_DISCORD, GATES["discord_token"]), (CURL_USER, CURL_USER_GATE), (URL_CREDS, URL_CREDS_GATE)]

TEXTS = [
    "bot token MTIzNDU2Nzg5MDEyMzQ1Njc4OTA.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456 here",
    "OTk5OTk5OTk5OTk5OTk5OTk5OTk.Xy_z-1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "curl -u admin:s3cretPass https://api.example.com",
    "curl --user 'deploy:Xk9#mQ2' https://api.example.com\n-u root:toor",
    "-u a:b",
    "postgres://app:Hunter2pass@db.internal:5432/prod and redis://:pw123@cache:6379",
    "see docs.github.com/en and v1.2.3; the build.gradle.kts file",
    "run it with -u and --update; user: bob",
    "mail bob@example.com about https://example.com/a:b",
    "",
]


_COMPILE = compile_table


class _Counted:
    """A compiled pattern whose scans are counted."""

    def __init__(self, rx: re.Pattern[str]) -> None:
        self.rx = rx
        self.flags = rx.flags
        self.scans = 0

    def finditer(self, *args: Any) -> Iterator[re.Match[str]]:
        self.scans += 1
        return self.rx.finditer(*args)


def _finder(monkeypatch: pytest.MonkeyPatch, pattern: str, gate: str) -> tuple[base.Finder, list[_Counted]]:
    made: list[_Counted] = []
    real = _COMPILE

    def compile_counted(p: str, flags: int = 0) -> Any:
        rx = real(p, flags)
        if p != pattern:
            return rx
        made.append(_Counted(rx))
        return made[-1]

    monkeypatch.setattr(base, "compile_table", compile_counted)
    finder = base.regex_finder(pattern, check=False, gate=gate)
    list(finder("-"))  # (compiled on first use: now, while this patch holds)
    made[0].scans = 0
    return finder, made


@pytest.mark.parametrize(("pattern", "gate"), CASES)
def test_every_match_holds_its_gate(pattern: str, gate: str) -> None:
    rx, held = re.compile(pattern), re.compile(gate)
    matched = 0
    for text in TEXTS:
        for m in rx.finditer(text):
            matched += 1
            assert held.search(m.group(0)) is not None, (pattern, m.group(0))
    assert matched >= 1


@pytest.mark.parametrize(("pattern", "gate"), CASES)
def test_a_text_without_its_gate_is_not_scanned(
    monkeypatch: pytest.MonkeyPatch, pattern: str, gate: str
) -> None:
    gated, made = _finder(monkeypatch, pattern, gate)
    plain, plain_made = _finder(monkeypatch, pattern, "")
    for text in TEXTS:
        assert list(gated(text)) == list(plain(text)), text
    held = re.compile(gate)
    without = [t for t in TEXTS if held.search(t) is None]
    assert without and len(without) < len(TEXTS)
    assert made[0].scans == len(TEXTS) - len(without)  # the gated finder scanned only the others
    assert plain_made[0].scans == len(TEXTS)
