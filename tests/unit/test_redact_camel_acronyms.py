"""Case-scrambled letters (redaction.values.case_scrambled) against CamelCase words with acronyms:
product and brand names said as a password's hint or a login's second half stay."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text
from memscribe.redaction.values import case_scrambled


@pytest.mark.parametrize(
    "value", ["iPhoneSE", "YouTubeTV", "IBMWebSphere", "McDonaldsUSA", "iOSDevKit", "BiuroGoscie"]
)
def test_camel_words_with_acronyms_are_not_scrambled(value: str) -> None:
    assert not case_scrambled(value)


@pytest.mark.parametrize("value", ["EFxpAVud", "xKqPmRtVbN", "hJkLmNqRsT", "mZtRqPwL", "hGTyuIOpl"])
def test_scrambled_letters_still_are(value: str) -> None:
    assert case_scrambled(value)


@pytest.mark.parametrize(
    "text",
    [
        "the password is iPhoneSE",
        "the password is YouTubeTV",
        "login: jdoe / IBMWebSphere",
        "admin / McDonaldsUSA",
    ],
)
def test_camel_names_stay(text: str) -> None:
    assert redact_text(text)[0] == text


def test_scrambled_login_pair_still_masked() -> None:
    assert "EFxpAVud" not in redact_text("login: admin / EFxpAVud")[0]
