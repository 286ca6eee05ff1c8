"""The detectors' keyword searches skip a word the prefilter's one pass did not find in the text
(redaction.hintscan.known_absent): what it calls absent is absent, and the findings are the same
as when every word is searched for."""

from __future__ import annotations

import random

import pytest

from memscribe.redaction import DETECTORS, find_secrets, hintscan
from memscribe.redaction.base import lowered, occurrences
from memscribe.redaction.combine import active_detectors

pytest.importorskip("ahocorasick")

_PIECES = (
    "password", "PASSWORD", "Passwort", "token", "secret", "key", "API_KEY", "pin", "PIN", "code",
    "the new one", "le nouveau", "пароль", "密码", "İ", "ß", "ſ", "\u212a", "Σ", "=", ": ", " ", "\n",
    "\r\n", "hunter2", "Tr0ub4dor&3", "7391", "ghp_R8x2LmQ9vT4kW7nJ3bY6cH1sD5fG0aZ2eP4u",
)  # fmt: skip
_WORDS = ("password", "passw", "token", "secret", "key", "pin", "PIN", "code", "new one", "nouve",
          "пароль", "密码", "hasło", "lösenord", "ss", "i̇", "s", "AC", "zz", "kelvin")  # fmt: skip


def _texts() -> list[str]:
    rng = random.Random(5)
    texts = ["", "nothing here", "the wifi password is Tulip$Garden$2024", "PIN: 7391", "STRASSE ß"]
    texts += ["".join(rng.choice(_PIECES) for _ in range(rng.randrange(12))) for _ in range(1500)]
    return texts


def test_a_word_called_absent_is_absent_from_the_text_and_its_lower_case() -> None:
    called_absent = 0
    for text in _texts():
        active_detectors(text, DETECTORS)  # the prefilter's scan of this text
        words = set(_WORDS) | set(hintscan._PRESENT[4])
        for hay in (lowered(text), text):
            for word in words:
                if hintscan.known_absent(hay, word):
                    called_absent += 1
                    assert word not in hay, (text, word)
                    assert occurrences(hay, word) == ()
    assert called_absent > 10_000  # the scan does tell absent words (before: no such look-up)


def test_findings_are_the_same_without_the_skip(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = _texts()
    skipping = [find_secrets(t) for t in texts]
    monkeypatch.setattr(hintscan, "known_absent", lambda hay, needle: False)
    monkeypatch.setattr("memscribe.redaction.base.known_absent", lambda hay, needle: False)
    assert [find_secrets(t) for t in texts] == skipping
