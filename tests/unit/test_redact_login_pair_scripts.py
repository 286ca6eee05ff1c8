"""A ``<login> / <password>`` pair (redaction.logins) in scripts written without blanks between
words: the word naming the account may be glued to the word before it (``…用のアカウントは``), and a
closing quotation mark of any convention ends the value (``「administrator / …」とだけ``). Before,
the glued word named nothing (a Latin word's left boundary was asked of it) and a pair inside
``「…」`` had no boundary on its left, so the password stayed readable."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    ("text", "secret", "after"),
    [
        (
            "参加用のアカウントはメモに「administrator / Kumo2024!!」とだけ書いてあります",
            "Kumo2024!!",
            "」とだけ",
        ),
        ("我的密码本上写着「lihua / Xia0Long-88」，对吗？", "Xia0Long-88", "」，对吗"),
        ("Der Zugang steht auf dem Zettel: „admin / Wolke7-Berg“ – ok?", "Wolke7-Berg", "“ – ok?"),
    ],
)
def test_pair_in_quotation_masked_up_to_its_mark(text: str, secret: str, after: str) -> None:
    masked = redact_text(text)[0]
    assert secret not in masked
    assert "[REDACTED:password]" + after in masked  # the sentence after the mark stays readable


@pytest.mark.parametrize(
    "text",
    [
        "アカウントの設定は「一般 / v2.14.3」にあります",  # a version
        "账号页面「订单 / 2024-00817」可以查看",  # an order number
        "アカウントのコミットは「main / 3f9c2a1e7b4d8c6a」です",  # a SHA
        "パスワード変更は「HttpClient / RetryPolicy」で",  # CamelCase names
        "アカウントIDは「user / 2f9c7a1e-48b3-4d6e-a05f-91c3e7b2d480」",  # a UUID
        "账号里有「12 / 15」个通过",  # prose numbers
    ],
)
def test_lookalike_pairs_stay(text: str) -> None:
    assert redact_text(text)[0] == text
