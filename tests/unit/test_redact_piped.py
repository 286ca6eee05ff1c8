"""A token issued as an id and a random secret joined by ``|`` (Laravel Sanctum's, Facebook's
app tokens, a UUID and a key) is masked whole, with no context word; a table row printed with
``|`` between its fields (an id and a digest, names) is not."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets, redact_text

_TOKENS = [
    "42|Xk9vL2mQ7pR4tW8zN3bC6hJ1dF5sG0aYXk9vL2mQ",
    "1477036645700765|wRPf2v3mt2JfMqCLK8n7oltrEmc",
    "28ab4aa6-21d1-0463-b079-89957f805dd3|7428693aaffe628d29244610671cb03a351011282cfb6b2e1ba755ef1ee618b8",
]


@pytest.mark.parametrize("token", _TOKENS)
@pytest.mark.parametrize("template", ["try mine: {}", "use {}. It works", "spróbuj mój: {}\n", "{}"])
def test_an_id_and_secret_token_is_masked_whole(token: str, template: str) -> None:
    text = template.format(token)
    out, findings = redact_text(text)
    id_part, secret = token.split("|")
    assert id_part not in out and secret not in out and "|" not in out
    assert any(f.start <= text.index(token) and f.end >= text.index(token) + len(token) for f in findings)


@pytest.mark.parametrize(
    "text",
    [
        "sqlite> select id, sha from builds;\n1|d41d8cd98f00b204e9800998ecf8427e\n2|9f86d081884c7d659a2feaa0c55ad015a3bf4f1b",
        "id|name\n3|alice_smith_long_username_x\n4|SomeCamelCaseIdentifierName",
        "| 1 | Xk9vL2mQ7pR4tW8zN3bC6hJ1 |\n|1|Xk9vL2mQ7pR4tW8zN3bC6hJ1|",
        "see the file 1|Xk9vL2mQ7pR4tW8zN3bC6hJ1dF5s.txt in the archive",
        "grep -E 'error|warning' app.log | wc -l",
    ],
)
def test_rows_and_alternatives_are_no_token(text: str) -> None:
    assert find_secrets(text) == []
