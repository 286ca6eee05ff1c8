"""A number under a name ending in the plural of a secret's word counts them (an agent's usage
record: ``"total_tokens":101618``, ``"preTokens":162311``; a limit: ``MAX_TOKENS=200000``); the
singular name's number, and any value that is no number, stay secrets."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets
from memscribe.redaction.names import names_a_count


def _found(text: str) -> list[str]:
    return [text[f.start : f.end] for f in find_secrets(text)]


@pytest.mark.parametrize(
    "text",
    [
        '{"input_tokens":5389,"cached_input_tokens":4096,"output_tokens":812,"total_tokens":101618}',
        '{"type":"summary","compactMetadata":{"trigger":"auto","preTokens":162311}}',
        "max_tokens=101618",
        "MAX_TOKENS = 200000",
        "usage:\n  total_tokens: 101618\n",
        "rotated_secrets: 120394",
    ],
)
def test_a_count_of_tokens_is_kept(text: str) -> None:
    assert _found(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ('"token": 101618', "101618"),
        ("API_TOKEN=101618234", "101618234"),
        ("API_TOKENS=Xk9vQ2mL7pR4tY8wZqT3", "Xk9vQ2mL7pR4tY8wZqT3"),
        ('"total_tokens": "Xk9vQ2mL7pR4tY8wZqT3"', "Xk9vQ2mL7pR4tY8wZqT3"),
    ],
)
def test_a_token_or_a_value_that_is_no_number_is_masked(text: str, secret: str) -> None:
    assert _found(text) == [secret]


def test_only_a_plural_names_a_count() -> None:
    assert names_a_count("total_tokens") and names_a_count("preTokens") and names_a_count("MAX_KEYS")
    assert not names_a_count("token") and not names_a_count("api_token") and not names_a_count("token_count")


_USAGE_CSV = (
    "Tool (bash): cat token_usage.csv\n"
    "date,model,input_tokens,output_tokens,cost_usd\n"
    "2024-12-01,gpt-4o,1284551,201443,5.23\n"
    "2024-12-02,gpt-4o,1533029,254112,6.37\n"
)


def test_a_row_under_a_table_header_is_no_lone_value() -> None:
    """A CSV row under a header naming ``…_tokens`` was read as one value printed after a line
    naming a token (the value-line reading); the table's own reading decides its cells."""
    assert _found(_USAGE_CSV) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("name,token,notes\nci,Xk9vQ2mL7pR4tY8wZqT3abc,prod\n", "Xk9vQ2mL7pR4tY8wZqT3abc"),
        ("heroku config:get API_TOKEN\nXk9vQ2mL7pR4tY8wZqT3abc\n", "Xk9vQ2mL7pR4tY8wZqT3abc"),
        ("echo $API_TOKEN,$USER,$HOST\nXk9vQ2,mL7pR4tY8wZ,qT3abc\n", "Xk9vQ2,mL7pR4tY8wZ,qT3abc"),
    ],
)
def test_a_token_in_a_table_or_alone_after_its_name_is_masked(text: str, secret: str) -> None:
    assert _found(text) == [secret]
