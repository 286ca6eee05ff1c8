"""The embedded extractor's secret check: a sentence the redaction detectors flag gives no
candidate (however it would be worded), and the detectors are asked only about the sentences
that would give one — not about every sentence of every user turn a second time."""

from __future__ import annotations

import pytest

from memscribe.model.embedded import text as embedded_text
from tests.unit.test_embedded_rules import bodies

KEY = "sk-proj-4fJ9kL2mN8pQ1rS5tU7vW0xY3zA6bC9dE2fG5hJ8"

#: One per rule family: a code rule, standing instructions, shaped profile facts, a statement
#: in another language.
SAYINGS = [
    "Always prefix private helper names with an underscore.",
    "From now on, always run make lint before every commit.",
    "I live in Lisbon.",
    "I prefer tabs over spaces.",
    "Ich wohne in Berlin und arbeite als Lehrer.",
]


@pytest.mark.parametrize("saying", SAYINGS)
def test_a_sentence_holding_a_secret_gives_no_candidate(saying: str) -> None:
    assert bodies(saying)  # the rule applies
    assert bodies(f"{saying.rstrip('.')} with {KEY}.") == []


@pytest.mark.parametrize("saying", SAYINGS)
def test_a_masked_secret_too(saying: str) -> None:
    assert bodies(f"{saying.rstrip('.')} with [REDACTED:openai_key].") == []


def test_the_detectors_are_asked_only_about_sentences_that_give_a_candidate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[str] = []
    real = embedded_text.find_secrets

    def counting(text: str) -> list[object]:
        asked.append(text)
        return list(real(text))

    monkeypatch.setattr(embedded_text, "find_secrets", counting)
    chatter = " ".join(f"The build number {n} failed on the cache again." for n in range(30))
    assert bodies(f"{chatter} I prefer tabs over spaces. {chatter}") == ["User prefers tabs over spaces."]
    assert asked and len(asked) <= 2  # that sentence (and its rule's own wording), not the 60 others
    assert all("tabs" in text for text in asked)
