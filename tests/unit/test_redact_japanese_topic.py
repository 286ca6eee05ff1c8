"""Clause secrets in Japanese (redaction.clauses, issue 12): "X は V です" — a secret's name
(``キー``, ``秘密鍵``, ``パスワード``, ``トークン``, ``シークレット``), the topic, subject or object
particle or a colon, the value, then a copula or the clause's end. A katakana name running on
into a longer katakana word (``キーボード``) is another word, and a public key is no secret."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets, redact_text

_TOKEN = "5f2b7c9e1a3d4f60"


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (f"APIキーは {_TOKEN} です。", _TOKEN),
        (f"APIキーは{_TOKEN}です。", _TOKEN),
        (f"APIキーが {_TOKEN} です。", _TOKEN),
        (f"APIキーを {_TOKEN} に設定しました。", _TOKEN),
        (f"APIキー: {_TOKEN}", _TOKEN),
        (f"キーは {_TOKEN} だ。", _TOKEN),
        (f"秘密鍵は {_TOKEN} である。", _TOKEN),
        (f"トークンは {_TOKEN} です。", _TOKEN),
        (f"シークレットは {_TOKEN} です。", _TOKEN),
        ("パスワードは Tulip$Garden2024 です。", "Tulip$Garden2024"),
        # a value with a slash, then に + a verb of changing: no place (review RV5 H1, 46f2ebe0)
        ("パスワードを 5f2b7c/9e1a3d4f60 に書き換えました", "5f2b7c/9e1a3d4f60"),
        ("トークンを 5f2b7c/9e1a3d4f60 に入れた", "5f2b7c/9e1a3d4f60"),
        ("トークンを ghx/Ab12Cd34Ef56 に移行", "ghx/Ab12Cd34Ef56"),
    ],
)
def test_japanese_secret_is_masked(text: str, secret: str) -> None:
    out, _ = redact_text(text)
    assert secret not in out
    assert "[REDACTED" in out


@pytest.mark.parametrize(
    "text",
    [
        "キーは大事です",
        "APIキーは環境変数に入れてください",
        "キーは次の画面で表示されます",
        "バージョンは 3.2.1 です",
        "パスワードが 8 文字以上必要です",
        f"キーボードは {_TOKEN} です",  # a keyboard, not a key
        f"公開キーは {_TOKEN}AbCdEf です",  # a public key
        f"SSHキーは {_TOKEN}AbCdEf です",  # as "the SSH key is …" (PUBLIC_KEY_WORDS)
        "SSHキーは ~/.ssh/id_ed25519 にあります",
        "APIキーの有効期限は 2026-12-31 です",
    ],
)
def test_japanese_benign_is_kept(text: str) -> None:
    assert list(find_secrets(text)) == []
