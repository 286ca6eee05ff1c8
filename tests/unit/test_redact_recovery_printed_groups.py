"""A recovery code standing right after its name, unlinked (redaction.lists ``_printed_groups``),
is taken only when its blank-separated groups are printed as a code's are: one length, three
characters or more. Dates, phone numbers, counts and counting runs after the name stay; a linked
code and codes of even groups are still masked."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    "text",
    [
        "User: backup code 2024 06 01 printout is in the drawer",
        "User: I copied the recovery code 03 12 2024",
        "User: backup code 0800 123 4567 hotline",
        "User: backup code 0171 2345678 support line",
        "User: recovery code 4 8 15 16 23 42 lost",
        "User: recovery key 1 2 3 4 5 6 7 8",
        "User: backup code 12345678 placeholder",
    ],
)
def test_unlinked_non_code_groups_stay(text: str) -> None:
    assert redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "groups"),
    [
        ("User: Wiederherstellungscode 9154 8421 7702", ["9154", "8421", "7702"]),
        ("User: 恢复码 5831 0927 4416", ["5831", "0927", "4416"]),
        ("User: backup code 5831-0927-4416", ["5831", "4416"]),
        ("User: recovery key 4AF2-9C81-77DE-01B3", ["4AF2", "01B3"]),
        ("User: my backup code is 2024 06 01 77", ["2024"]),
    ],
)
def test_codes_masked(text: str, groups: list[str]) -> None:
    redacted = redact_text(text)[0]
    assert all(g not in redacted for g in groups), redacted
