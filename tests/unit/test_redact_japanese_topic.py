"""Clause secrets in Japanese (redaction.clauses, issue 12): "X は V です" — a secret's name
(``キー``, ``秘密鍵``, ``パスワード``, ``トークン``, ``シークレット``), the topic, subject or object
particle or a colon, the value, then a copula or the clause's end. A katakana name running on
into a longer katakana word (``キーボード``) is another word, as is one merely ending in ``キー``
(``スキー``); a public or a record's key is no secret, nor is the key's attribute (``APIキーの名前は``)
or the path or file it is kept in (``APIキーは ~/.config/… にあります``)."""

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
        # a kind of secret key written in katakana, a secret key in kanji, the key's value
        (f"アクセスキーは {_TOKEN} です。", _TOKEN),
        (f"AWSシークレットキーは {_TOKEN} です。", _TOKEN),
        (f"暗号化キーは {_TOKEN} です。", _TOKEN),
        (f"APIキーの値は {_TOKEN} です。", _TOKEN),
        # に before a verb that is no place's: the value the key is set or changed to
        (f"APIキーは {_TOKEN} に変更しました。", _TOKEN),
        # a random token before a place particle is no place (only a path's or a file's shape is)
        (f"トークンは {_TOKEN} にあります。", _TOKEN),
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
        # K4: where the key is kept (a place particle and a verb of being or putting), as "is in …"
        "APIキーは ~/.config/gh/hosts_v2.yml にあります",
        "APIキーは ~/.config/gh/hosts_v2.yml に保存されています",
        "秘密鍵は ~/.ssh/id_ed25519_work にあります",
        "秘密鍵は ~/.ssh/id_ed25519_work に置いてください",
        # K5: a record's key, in katakana or kanji, glued or after の, as "the cache key is …"
        "キャッシュキーは cache_v2_user_1234 です",
        f"キャッシュのキーは {_TOKEN} です",
        f"パーティションキーは {_TOKEN} です",
        f"重複排除キーは {_TOKEN} です",
        # K5: の and a noun after the key's name: that attribute is the topic
        "APIキーの名前は prod_backend_key_v2 です",
        "APIキーの説明は prod_backend_key_v2 です",
        # K6: katakana words ending in キー are no key
        f"スキーは {_TOKEN} です",
        f"クッキーは {_TOKEN} です",
        f"モンキーは {_TOKEN} です",
        f"ジョッキーは {_TOKEN} です",
        "クッキーは session_id=abc123 です",
    ],
)
def test_japanese_benign_is_kept(text: str) -> None:
    assert list(find_secrets(text)) == []
