"""What the clause detector (:mod:`~memscribe.redaction.clauses`) reads around a key's name to
tell a credential from another key, and, in Japanese, a value from the place it is kept.

- The word before ``key``/``キー``: a record's or a public key (``cache key``, ``SSHキー``,
  ``キャッシュキー``, ``公開キー``, ``キャッシュのキー``) names no secret; a word written in
  katakana that merely ends in ``キー`` (``スキー``, ``クッキー``, ``モンキー``) names no key at
  all, unless the katakana before ``キー`` is a kind of secret key (``アクセスキー``).
- After a Japanese key's name, ``の`` and a noun (``APIキーの名前は``) make that noun, the key's
  attribute, the topic: the value given is the attribute's.
- A value shaped like a place (a path, a file) followed by a place particle (``に``, ``へ``,
  ``で``) and a verb of being or putting (``にあります``, ``に保存``, ``に置いて``) is where the
  secret is kept, as English "is in/at …": a preposition before the value there, a particle
  after it here.
"""

from __future__ import annotations

from memscribe.lazyre import lazy_compile
from memscribe.redaction.benign import RECORD_KEY_WORDS
from memscribe.redaction.clause_words import PUBLIC_KEY_WORDS, PUBLIC_KEY_WORDS_JA

#: :data:`~memscribe.redaction.benign.RECORD_KEY_WORDS` in Japanese: the keys that name a record
#: (a cache entry, a partition, a sort order, a row, a range, a lookup, a request for deduplication,
#: correlation or tracing), with the composite and unique keys of :data:`PUBLIC_KEY_WORDS`.
RECORD_KEY_WORDS_JA = (
    "キャッシュ", "パーティション", "ソート", "行", "レンジ", "範囲", "ルックアップ", "検索", "重複排除",
    "冪等", "べき等", "相関", "トレース", "サイト", "複合", "一意",
)  # fmt: skip

#: The katakana words before ``キー`` that name a kind of secret key (``アクセスキー``,
#: ``シークレットキー``, ``プライベートキー``, ``マスターキー``): a katakana word ending in ``キー``
#: otherwise is another word (``スキー``, ``クッキー``, ``ウイスキー``).
SECRET_KEY_KINDS_JA = (
    "アクセス", "シークレット", "プライベート", "マスター", "セッション", "リカバリー", "リカバリ",
    "アプリ", "アプリケーション", "サービス", "クライアント", "デプロイ", "サイニング",
)  # fmt: skip

_WORD_BEFORE = lazy_compile(r"([a-z]+)[ _-]$")
_WORD_GLUED = lazy_compile(r"(?<![a-z])([a-z]+)[ _-]?$")  # (before ``キー``: ``SSHキー``, ``ssh キー``)


def record_key(low: str, at: int, *, glued: bool = False) -> bool:
    """The ASCII word before the key's name at ``at`` (a blank, ``_`` or ``-`` apart, or glued
    when ``glued``) names a record's or a public key (``cache key``, ``SSHキー``)."""
    m = (_WORD_GLUED if glued else _WORD_BEFORE).search(low, max(0, at - 16), at)
    return m is not None and (m.group(1) in RECORD_KEY_WORDS or m.group(1) in PUBLIC_KEY_WORDS)


def katakana(char: str) -> bool:
    """``char`` is a katakana letter or the long-vowel mark (not the middle dot ``・``)."""
    return "\u30a1" <= char <= "\u30fa" or char == "\u30fc"


def names_no_secret_key(low: str, at: int) -> bool:
    """``キー`` at ``at`` names no secret: a record's or a public key (the word before it, glued,
    after ``の`` or a middle dot: ``キャッシュキー``, ``キャッシュのキー``, ``公開キー``, ``SSHキー``),
    or it ends a katakana word that is no kind of secret key (``スキー``, ``モンキー``)."""
    before = low[max(0, at - 16) : at]
    bare = before[:-1] if before.endswith(("の", "・", " ")) else before
    if bare.endswith(PUBLIC_KEY_WORDS_JA) or bare.endswith(RECORD_KEY_WORDS_JA):
        return True
    if record_key(low, at - (len(before) - len(bare)), glued=True):
        return True
    return katakana(before[-1:]) and not before.endswith(SECRET_KEY_KINDS_JA)


#: ``の`` and a noun after a key's name: the noun, the key's attribute, is the topic
#: (``APIキーの名前は``, ``…の説明は``), unless it is the key's value or content, or ``方``
#: ("the one": ``APIキーの方は``, the key itself).
_ATTRIBUTE = lazy_compile(r"の(?!値|中身|内容|文字列|方|ほう)[^\W\d_]")


def attribute_after(text: str, end: int) -> bool:
    """The Japanese key's name (``キー``, ``秘密鍵``) ending at ``end`` is followed by ``の`` and
    a noun other than its value (``APIキーの名前は …``): the clause is about that noun."""
    return _ATTRIBUTE.match(text, end) is not None


#: After a value: a place particle and a verb of being, putting or keeping (``にあります``,
#: ``に保存``, ``に置いて``, ``の中に入って``, ``で管理``; ``で`` before ``ある`` is the copula
#: ``である``, so not with it).
_PLACED = lazy_compile(
    r"[ \t]*(?:の?(?:中|内|下))?(?:[にへ][ \t]*[はも]?[ \t]*(?:あ[りるっれ]|い[まるた]|置|保存|保管|格納|入|書|記載|記録|"
    r"記述|配置|残|存在|移|コピー)|で[ \t]*[はも]?[ \t]*(?:保存|保管|格納|管理|配置))"
)


#: A place's shape: a path (a slash or a backslash in it), a dotfile, a file's name.
_PLACE_SHAPE = lazy_compile(r"[/\\]|^\.|\.[A-Za-z]{2,5}$")


def placed(text: str, value: str, end: int) -> bool:
    """``value``, ending at ``end``, is shaped like a place (:data:`_PLACE_SHAPE`) and followed by
    a place particle and a verb of being or putting (:data:`_PLACED`): it is where the secret is
    kept, not the secret. (A random token so followed is still taken: "the token is in 5f2b…"
    names no place a token could be kept in, so the particle is more likely mistaken.)"""
    return _PLACED.match(text, end) is not None and _PLACE_SHAPE.search(value) is not None
