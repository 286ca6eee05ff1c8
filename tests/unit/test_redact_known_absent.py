"""The detectors' keyword searches skip a word the prefilter's one pass did not find in the text
(redaction.hintscan.known_absent): what it calls absent is absent, and the findings are the same
as when every word is searched for."""

from __future__ import annotations

import random

import pytest

from memscribe.redaction import DETECTORS, find_secrets, hintscan
from memscribe.redaction.base import lowered, occurrences
from memscribe.redaction.prefilter import active_detectors

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
    for module in ("base", "structure", "clauses"):
        monkeypatch.setattr(f"memscribe.redaction.{module}.may_hold", lambda hay, words: list(words))
    assert [find_secrets(t) for t in texts] == skipping


def test_may_hold_keeps_every_word_the_text_holds() -> None:
    dropped = 0
    for text in _texts():
        active_detectors(text, DETECTORS)
        words = tuple(sorted(set(_WORDS) | set(hintscan._PRESENT[4])))
        for hay in (lowered(text), text):
            kept = hintscan.may_hold(hay, words)
            assert kept == [w for w in words if w in kept]  # in order
            assert {w for w in words if w in hay} <= set(kept), text
            dropped += len(words) - len(kept)
    assert dropped > 10_000


def test_the_name_and_clause_passes_look_only_for_words_the_scan_found(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    searched: list[str] = []

    def spy(hay: str, needle: str) -> tuple[int, ...]:
        searched.append(needle)
        return occurrences(hay, needle)

    for module in ("structure", "clauses"):
        monkeypatch.setattr(f"memscribe.redaction.{module}.occurrences", spy)
    text = "db_password = Tulip$Garden$2024\nthe wifi password is Rose#Hill#7781"
    assert len(find_secrets(text)) == 2
    lower_case = [word for word in searched if not word.isupper()]  # (``PIN``: looked for as written)
    assert lower_case and all(word in text.lower() for word in lower_case), searched


def test_the_hint_lines_look_only_for_words_the_scan_found(monkeypatch: pytest.MonkeyPatch) -> None:
    from memscribe.redaction import base
    from memscribe.redaction.lists import TABLE_HINTS

    searched: list[str] = []

    def spy(hay: str, needle: str) -> tuple[int, ...]:
        searched.append(needle)
        return occurrences(hay, needle)

    text = "service,user,password\nmail,ann,Tulip$Garden$2024\n"
    active_detectors(text, DETECTORS)
    monkeypatch.setattr(base, "occurrences", spy)
    assert base.hint_lines(lowered(text), TABLE_HINTS) == [(0, 21)]
    assert searched and all(word in text for word in searched), searched
