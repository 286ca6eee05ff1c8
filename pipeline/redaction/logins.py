"""A login and its password written as a pair, ``<login> / <password>``, where the login is an
email address or the line or the one before it names a login or a password (``router: admin / Xk9pL2mQ``, ``BiuroGoscie /
Jesien0927Goscie`` under a question about the wifi): the slash joins a login to what opens it,
as people write credentials on a sticker or in a chat, without any word between the two.

The value decides as a password said in prose does (:func:`~memscribe.redaction.values.password_like`,
not strict: a letter and a digit or a symbol, 6+ characters); a fraction, a path, a version, a
``TCP / IP``-like pair of words or a placeholder is no password.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from memscribe.lazyre import lazy_compile
from memscribe.redaction.placeholders import is_placeholder
from memscribe.redaction.values import case_scrambled, password_like

#: A login (a name or an email, a letter in it), `` / ``, then a value up to a blank, a quote, a
#: bracket or a comma; quotation marks of every convention (``„…“``, ``「…」``, ``‘…’``) delimit
#: the pair as ASCII ones do (in Japanese or Chinese no blank follows a closing mark, and the value
#: ran on through the sentence).
_PAIR = lazy_compile(
    r"(?<![^\s\"'«“„‘‚‹「『（(:,])(?=[\w.@+-]*[^\W\d_])[\w.@+-]{2,64} / (?P<v>[^\s\"'`,()<>\[\]{}»”“’‘›」』）]{6,64})"
)
#: An email address: a login by its shape (``lihua_1984@163.com / Mi-cam2024!``).
_EMAIL = lazy_compile(r"[\w.%+-]{1,64}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}")
#: Words that name a login, an account or a password (lower case, as a word's start), in the
#: languages the clause detector reads a password's name in: the pair is a login's only then.
_LOGIN_WORDS = lazy_compile(
    r"(?<![^\W\d_])(?:log-?in|creds|credentials?|account|user|benutzer|zugang|konto|compte|identifiant|"
    r"usuario|cuenta|utente|wi-?fi|wlan|ssid|pass(?:word|wort|wd|phrase)?|kennwort|mot de passe|"
    r"contrase[ñn]a|senha|wachtwoord|has[łl]o|heslo|şifre|lösenord|passord|пароль|логин)|"
    # scripts written without blanks between words: a word starts anywhere
    r"(?:密码|密碼|口令|账号|帳號|パスワード|アカウント|비밀번호|비번|암호|아이디)",
    re.IGNORECASE,
)
#: What may close a value and is not its own (``admin / Xk9pL2mQ;``); ``!``, ``?`` and ``.``
#: stay with it, as they do after a password said in prose.
_CLOSING = ",;:)]}\"'`»”“’‘›」』）"
#: Lines before the pair's that may name the login (a question, then the pair as its answer).
_CONTEXT_LINES = 1

#: Every finding's text holds this: the detector's prefilter hint.
HINTS = (" / ",)


def find_login_pairs(text: str) -> Iterator[tuple[int, int]]:
    """The password of each ``<login> / <password>`` pair whose line, or the line before it,
    names a login or a password."""
    if " / " not in text:
        return
    for m in _PAIR.finditer(text):
        value = m.group("v").rstrip(_CLOSING)
        if "/" in value or "://" in value or not password_like(value.rstrip("!?."), strict=False):
            continue
        login = text[m.start() : m.start("v") - 3]
        if is_placeholder(value) or not (_EMAIL.fullmatch(login) or _named_login(text, m.start())):
            continue  # an email address is a login's shape itself; another login needs naming
        if _shape(login) == _shape(value):
            continue  # two of a kind (``plan-A1 / plan-B2``): alternatives, not a login's password
        yield m.start("v"), m.start("v") + len(value)


#: A run of letters, or of digits: one class each in a value's shape (:func:`_shape`).
_RUNS = lazy_compile(r"[^\W\d_]+|\d+")


def _shape(value: str) -> str:
    """``value`` with each run of letters written ``a`` and of digits ``9`` (``plan-A1`` ->
    ``a-a9``): the shape two names of a kind share; letters of scrambled case (``EFxpAVud``,
    :func:`~memscribe.redaction.values.case_scrambled`) are no name's run."""
    if case_scrambled(value):
        return "Aa"
    return _RUNS.sub(lambda m: "9" if m.group(0)[0].isdigit() else "a", value)


def _named_login(text: str, at: int) -> bool:
    """True when the text from :data:`_CONTEXT_LINES` lines before the pair's up to the pair
    names a login, an account or a password."""
    start = text.rfind("\n", 0, at)
    for _ in range(_CONTEXT_LINES):
        if start <= 0:
            break
        start = text.rfind("\n", 0, start)
    return _LOGIN_WORDS.search(text, max(start, 0), at) is not None
