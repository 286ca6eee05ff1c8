"""The words the clause detector (:mod:`~memscribe.redaction.clauses`) reads, in the languages it
knows: the names of a password, a generated secret and a code, with their roles (the prefilter
hints); the words and marks that link a name to its value; the phrases that stand for a secret
named before; the stems each is looked for through; the counters and subjects that name
something else."""

from __future__ import annotations

import re

from memscribe.lazyre import lazy_compile
from memscribe.redaction.hintscan import also_find

#: Words naming a password, lower case. Those of ASCII letters must not run on into a longer
#: word after them (``passwords`` aside); before them a compound is fine (``SQL-Passwort``,
#: ``Datenbankkennwort``).
_PASSWORD_WORDS = (
    "password", "passwort", "kennwort", "passphrase", "mot de passe", "mots de passe", "mdp", "contraseña",
    "contrasena", "senha", "密码", "密碼", "口令", "パスワード", "暗証番号", "wachtwoord", "hasło",
    "haslo", "hasła", "heslo", "şifre", "sifre", "lozinka", "salasana", "lösenord", "passord",
    "adgangskode", "пароль", "비밀번호", "비번", "암호",
)  # fmt: skip


#: Words naming a generated secret, whose value must look random.
_SECRET_WORDS = (
    "secret",
    "token",
    "jeton",
    "key",
    "clé",
    "clave",
    "schlüssel",
    "密钥",
    "秘钥",
    "トークン",
    "令牌",
    "シークレット",
    "キー",
    "秘密鍵",
)


#: Words naming a PIN or a one-time code, whose value is 4 to 8 digits. Short Latin ones must
#: stand alone on the left too (``PIN``, not ``spin``; ``TAN``, not ``Titan``).
_CODE_WORDS = (
    "pin", "passcode", "tan", "otp", "one-time code", "one time code", "verification code",
    "security code", "2fa code", "auth code", "login code", "sms code", "bestätigungscode",
    "sicherheitscode", "code de vérification", "code de sécurité", "code pin", "código", "mfa code",
    "totp code", "token code", "authenticator code", "codice di verifica", "codice otp", "验证码",
    "驗證碼", "認証コード", "確認コード", "ワンタイムパスワード",
)  # fmt: skip


BOUNDED_LEFT = frozenset({"pin", "tan", "otp", "code pin", "código"})


#: Code words naming a code of any kind, as English "code" does (an article's, a shop's, an
#: error's: "producto código 4471"): their value is the one a link gives ("el código es 4821"),
#: never digits standing right after them.
ANY_CODE = frozenset({"código"})


#: Short code words counted only as written in capitals (``SMS-TAN``, ``PIN``): in lower case
#: they are other words (Spanish "tan", "pin the version").
CAPITALS = frozenset({"pin", "tan", "otp"})


#: Every keyword, lower case, with its role: the prefilter hints of the detector.
KEYWORDS: tuple[tuple[str, str], ...] = (
    tuple((w, "password") for w in _PASSWORD_WORDS)
    + tuple((w, "secret") for w in _SECRET_WORDS)
    + tuple((w, "code") for w in _CODE_WORDS)
)


HINTS: tuple[str, ...] = tuple(w for w, _ in KEYWORDS)


#: The keywords an ASCII text can hold.
ASCII_KEYWORDS = tuple((w, role) for w, role in KEYWORDS if w.isascii())


#: Words that link a name to its value ("is", "ist", "c'est", "era"), lower case; the symbols
#: and CJK characters that do (``:``, ``=``, 是, は, が); and filler words that may stand between a
#: link and its value ("ist übrigens", "is now").
LINK_WORDS = frozenset(
    "is was are be to ist war lautet auf est c'est c’est était en es era fue sería è é sono foi -> =>".split()
)


LINK_MARKS = ":=：是为為はをが은는을를→"


FILLER = frozenset("now still just actually übrigens jetzt nun also maintenant désormais ahora ya".split())


#: ``(stem, ((word, role, offset of the stem in the word, the word as looked for), …))``: each word is looked for through
#: a stem it holds, so that words sharing one (password, passwort, mot de passe) cost one search.
Stems = tuple[tuple[str, tuple[tuple[str, str, int, str], ...]], ...]


#: Stems of the ASCII keywords (lower case; the code words counted only in capitals as written).
_STEMS = (
    "pass",
    "code",
    "secret",
    "token",
    "jeton",
    "key",
    "kennwort",
    "contras",
    "senha",
    "PIN",
    "TAN",
    "OTP",
)


_ANAPHOR_STEM_WORDS = (
    "new one",
    "old one",
    "current one",
    "nouve",
    "ancien",
    "neue",
    "alte",
    "nuev",
    "anterior",
)


def _stem_table(words: tuple[tuple[str, str], ...], stems: tuple[str, ...]) -> Stems:
    table: dict[str, list[tuple[str, str, int, str]]] = {}
    for word, role in words:
        form = word.upper() if word in CAPITALS else word
        stem = next((st for st in stems if st in form), form)  # a word without a stem is its own
        table.setdefault(stem, []).append((word, role, form.index(stem), form))
    return tuple((stem, tuple(entries)) for stem, entries in table.items())


#: Phrases that stand for a secret named before them ("the new one is …", "le nouveau : …",
#: "新的是 …"), lower case.
_ANAPHORS = (
    "the new one", "the old one", "the current one", "le nouveau", "la nouvelle", "l'ancien",
    "l'ancienne", "das neue", "der neue", "die neue", "das alte", "der alte", "el nuevo",
    "la nueva", "el anterior", "la anterior", "新的", "旧的", "新しいの", "新しいもの",
)  # fmt: skip


KEYWORD_STEMS = _stem_table(ASCII_KEYWORDS, _STEMS)


ALL_KEYWORD_STEMS = _stem_table(KEYWORDS, _STEMS)


ANAPHOR_STEMS = _stem_table(tuple((a, "") for a in _ANAPHORS if a.isascii()), _ANAPHOR_STEM_WORDS)


ALL_ANAPHOR_STEMS = _stem_table(tuple((a, "") for a in _ANAPHORS), _ANAPHOR_STEM_WORDS)


#: Each table's stems looked for in a text's lower case, by the table's id (the table kept).
LOWER_STEMS = {
    id(stems): (stems, tuple(stem for stem, _ in stems if not stem.isupper()))
    for stems in (KEYWORD_STEMS, ALL_KEYWORD_STEMS, ANAPHOR_STEMS, ALL_ANAPHOR_STEMS)
}


# the stems searched in a text's lower case: the prefilter's scan looks for them too
also_find(stem for stems in (ALL_KEYWORD_STEMS, ALL_ANAPHOR_STEMS) for stem, _ in stems if not stem.isupper())


#: How far back an anaphor looks for the secret it stands for.
ANAPHOR_REACH = 600


#: Words before ``key`` that make it a record's, a place's or a public key, not a credential
#: (besides :data:`~memscribe.redaction.values.RECORD_KEY_WORDS`: ``cache key``, ``sort key``).
PUBLIC_KEY_WORDS = frozenset(
    "public pub host ssh gpg pgp primary foreign composite unique license product".split()
)


#: The same words written before Japanese ``キー`` (``公開キー``, ``ホストキー``, ``ライセンスキー``).
PUBLIC_KEY_WORDS_JA = ("公開", "パブリック", "ホスト", "プライマリ", "外部", "主", "ライセンス", "プロダクト")


#: Measure words and units that follow a number in Chinese, Japanese and Korean without a blank:
#: the number is a year, a date, a time, a length or a count, not a value ("密码是2019年设置的").
COUNTERS = frozenset("年月日号號時时分秒点點位桁個个次岁歳歲回件张張元円块塊년월일시분초자개번살회원")


#: A link whose subject names an identifier, a number or a place: what follows is that, not the
#: secret named before (``the token request failed, request id is 44d8…``, ``… the port is 8080``).
SUBJECT_ID = lazy_compile(
    r"(?<![^\W\d_])(?:ids?|uuid|hash|sha\d*|digest|commit|version|trace|request|build|number|nr|no|"
    r"port|host|user|username|login|account|name|length|count|size|limit|date|time|year|"
    r"nummer|benutzer|konto|numéro|utilisateur|compte|número|usuario|cuenta|用户名?|账号|帳號|番号)"
    r"[\s\W]{0,3}$",
    re.IGNORECASE,
)
