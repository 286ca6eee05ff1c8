"""Prose detectors: random tokens after a secret keyword, passwords said in prose (values on
the line after a secret's name and pasted values: :mod:`~memscribe.redaction.valuelines`)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from memscribe.lazyre import lazy_compile
from memscribe.redaction.base import has_digit, stem_matches, word_before
from memscribe.redaction.benign import (
    RECORD_KEY_WORDS,
    RECORD_TOKEN_WORDS,
    UUID,
    inside_arn,
    is_benign_shape,
)
from memscribe.redaction.linetokens import Line, Token
from memscribe.redaction.names import name_strength
from memscribe.redaction.pairs import starts_record
from memscribe.redaction.placeholders import is_placeholder
from memscribe.redaction.values import (
    HIGH_ENTROPY_BITS,
    HIGH_ENTROPY_MIN_LEN,
    looks_random,
    password_like,
    shannon_entropy,
)
from memscribe.redaction.values import RULE_WORDS as _RULE_WORDS

#: ``(?i)\b(?:password|passwd|passphrase|passcode|pw|pwd)\b``, starting with a character class
#: (see :data:`_KEYWORD`).
_PW_KEYWORD = lazy_compile(r"[Pp](?<!\w.)(?i:ass(?:word|wd|phrase|code)|wd?)\b")
_PW_LINKS = frozenset({"is", "was", "=", ":", "->", "→", "=>", "be", "are", "it's", "its", "now", "to"})
_PW_FILLER = frozenset({"now", "still", "just", "actually", "simply", "set", "to", "literally", "currently"})
_PW_SKIP_WORDS = 5
_PW_BACK_TOKENS = 6
#: A YAML tag before a value: ``!vault``, ``!Ref`` (local), ``!!str`` (standard).
_YAML_TAG = lazy_compile(r"!!?[A-Za-z]+$")


def _in_mask(text: str, pos: int) -> bool:
    """True when ``pos`` falls inside a ``[REDACTED:<type>]`` mask (whose type may be a keyword)."""
    opening = text.rfind("[REDACTED", max(0, pos - 40), pos)
    return opening >= 0 and "]" not in text[opening:pos]


def _with_marks(text: str, end: int, token_end: int) -> int:
    """``end`` moved over the ``!``, ``?`` and ``.`` right after a password, up to its token's end:
    whether they end the sentence or the password (``Sommer2024!``, ``Medicare2020!!``) cannot be
    told, and masking a sentence mark costs nothing where leaving a password's last character
    readable leaks it."""
    while end < token_end and text[end] in "!?.":
        end += 1
    return end


# --- high-entropy token shortly after a secret keyword in prose ("here's my key: 9f8e...")

#: ``(?i)\b(?:api[ _-]?key|access[ _-]?key|key|token|secret|password|passwd|passphrase|credentials?|
#: bearer|auth)\b``, written to start with a character class (every character ``(?i)[abckpst]``
#: matches, ``ſ`` and the Kelvin sign included) so that ``re`` skips ahead instead of trying a
#: match at every position; the leading ``\b`` becomes ``(?<!\w.)`` after that first letter.
_KEYWORD = lazy_compile(
    r"[A-Ca-cKkPpSsTt\u017f\u212a](?<!\w.)"
    r"(?i:(?<=a)(?:pi[ _-]?key|ccess[ _-]?key|uth)|(?<=k)ey|(?<=t)oken|(?<=s)ecret|"
    r"(?<=p)ass(?:word|wd|phrase)|(?<=c)redentials?|(?<=b)earer)\b"
)
_TOKEN = lazy_compile(r"[A-Za-z0-9+/_.~=-]+")
#: A :data:`_TOKEN` long enough to be taken: a window without one yields nothing.
_LONG_TOKEN = lazy_compile(rf"[A-Za-z0-9+/_.~=-]{{{HIGH_ENTROPY_MIN_LEN},}}")
_KEYWORD_WINDOW_TOKENS = 4
_KEYWORD_WINDOW_CHARS = 1000  # bounds the work per keyword on pathological input


def find_near_keyword(text: str) -> Iterator[tuple[int, int]]:
    """:func:`_near_keyword`, skipped for a text without a digit: a random-looking token holds
    one (``looks_random``)."""
    if has_digit(text):
        yield from _near_keyword(text)


def _near_keyword(text: str) -> Iterator[tuple[int, int]]:
    """Random-looking tokens among the few words after a secret keyword.

    A token counts when it is at least :data:`HIGH_ENTROPY_MIN_LEN` characters, mixes letters
    and digits, is not a UUID, and has at least :data:`HIGH_ENTROPY_BITS` bits of Shannon
    entropy per character. The window is counted in tokens (not characters) so that
    re-scanning masked text sees the same neighbours.
    """
    for kw in stem_matches(_KEYWORD, text, _KEYWORD_STARTS):
        limit = min(len(text), kw.end() + _KEYWORD_WINDOW_CHARS)
        line_end = text.find("\n", kw.end(), limit)
        end = line_end if line_end >= 0 else limit
        if _LONG_TOKEN.search(text, kw.end(), end) is None:
            continue  # no token of the window is long enough to be taken (one regex scan)
        if (
            _in_mask(text, kw.start())
            or _record_key(text, kw.start(), kw.end())
            or starts_record(text, kw.start())
            or _compound(text, kw.end())
            or _in_path(text, kw.start(), kw.end())
            or _pinned(text, kw.start(), kw.end())
            or inside_arn(text, kw.start())
        ):
            continue
        label, last_end = "", kw.end()
        for tok in itertools.islice(_TOKEN.finditer(text, kw.end(), end), _KEYWORD_WINDOW_TOKENS):
            labelled, label = label, tok.group(0)
            prev_end, last_end = last_end, tok.end()
            if tok.end() - tok.start() < HIGH_ENTROPY_MIN_LEN:
                continue  # too short to be random (the stripped value is no longer)
            raw = tok.group(0)
            value = raw.lstrip(".~-/=").rstrip(".~-/")
            named = ""
            if "=" in value.rstrip("="):
                named, value = value.split("=", 1)  # ``name=value``: the value decides
            if names_an_id(named or labelled):
                continue  # ``rotation id 7f3a…``, ``client_id=app-7f3a…``: an identifier
            if not named and labelled and _named_by(text, prev_end, tok.start()):
                named = labelled  # ``"to":"C99…"``, ``request= 7f3a…``: a name of its own
            if named and LABEL.match(named) and not _holds_a_credential(named):
                continue  # ``… token for user_id=1 request=7f3a…``: the value is another name's
            if not value or "REDACTED" in value or value.count("/") > 2 or _named_digest(text, tok.start()):
                continue  # empty, a mask, a path, or the digits of ``SHA256:…``
            if looks_random(value, min_len=HIGH_ENTROPY_MIN_LEN, bits=HIGH_ENTROPY_BITS) or (
                not named and labelled.lower() in _UUID_LINKS and _uuid_credential(kw.group(0), value)
            ):
                offset = tok.start() + raw.index(value)
                yield offset, offset + len(value)


#: How every :data:`_KEYWORD` match in an ASCII text starts, lower-cased.
_KEYWORD_STARTS = ("api", "access", "auth", "key", "token", "secret", "pass", "credential", "bearer")
#: How every :data:`_PW_KEYWORD` match in an ASCII text starts, lower-cased.
_PW_KEYWORD_STARTS = ("pass", "pw")


#: What may stand between a credential's keyword and its UUID-shaped value (see
#: :func:`_uuid_credential`): nothing, or a verb (``the secret is 3f…``).
_UUID_LINKS = frozenset({"", "is", "was", "now"})
#: Keywords that name a credential whatever its shape: a UUID right after one is that credential.
_CREDENTIAL_KEYWORDS = frozenset(
    "secret token password passwd passphrase credential credentials bearer apikey api_key api-key".split()
)


def _uuid_credential(keyword: str, value: str) -> bool:
    """True when ``value`` is a UUID said right after a keyword that names a credential (``secret``,
    ``token``, ``password``, ``API key``): several providers issue UUIDs as secret keys and API
    tokens, so the name decides, as it does in an assignment (``SECRET_KEY=3f…`` is masked). A UUID
    after ``key`` or ``auth`` alone, or under an identifier's label, stays (a record's id)."""
    return keyword.lower().replace(" ", "") in _CREDENTIAL_KEYWORDS and UUID.match(value) is not None


#: Words that label the token right after them as an identifier, not a credential.
_ID_LABELS = frozenset("id ids uuid guid sha commit hash digest checksum etag revision rev trace".split())
_ID_NAME = lazy_compile(r"(?i:(?:^|[_.-])(?:id|uuid|guid|sha|hash|digest|checksum|etag))$|[a-z](?:Id|ID)$")
LABEL = lazy_compile(r"^[A-Za-z][A-Za-z0-9_.-]{0,40}$")
#: What joins a quoted name to its value (``"to": "…"``, ``'id'=>'…'``), or any name by ``=``.
_NAME_SEP = lazy_compile(r"""['"][ \t]*(?::|=>?)[ \t]*['"]?|=['"]?""")


def _named_by(text: str, name_end: int, value_start: int) -> bool:
    """True when the text between a name and the token after it joins the two as a key and its
    value (``"to":"C99…"``): the token is that key's value, whatever keyword came before."""
    return _NAME_SEP.fullmatch(text, name_end, value_start) is not None


def _holds_a_credential(name: str) -> bool:
    """True when ``name`` (in ``name=value``) may hold a credential: a secret's name, a session's
    id (``session_id``, ``sid``), or ``value`` (``key value=…``)."""
    low = name.lower()
    return name_strength(name) is not None or "sess" in low or low in ("sid", "value")


def names_an_id(label: str) -> bool:
    """True when ``label`` (the word before a token, or the name in ``name=value``) says the
    token is an identifier or a digest (``id``, ``client_id``, ``RequestId``, ``sha``), unless it
    is a session's id, which works as a credential (``session_id``, ``sid``)."""
    low = label.lower()
    if not low or "sess" in low or low == "sid":
        return False
    return low in _ID_LABELS or _ID_NAME.search(label) is not None


#: Words before ``token`` that make it a form's anti-forgery token (``csrf-token``, ``CSRF
#: token``), which a page publishes to its visitor; the same words keep a name from being a
#: secret's name (``csrf_token``).
_FORM_TOKEN_WORDS = frozenset({"csrf", "xsrf", "authenticity"})
#: Words before ``key`` that make it a key published by design (``public key``, ``pub key``,
#: ``publishable key``), as the same words do in a name (``public_key``).
_PUBLIC_WORDS = frozenset({"public", "pub", "publishable"})
_NOT_CREDENTIAL_TOKEN = _FORM_TOKEN_WORDS | RECORD_TOKEN_WORDS


def _record_key(text: str, start: int, end: int) -> bool:
    """True when the keyword is ``key`` after a word of :data:`RECORD_KEY_WORDS` (``Idempotency-Key``,
    ``cache key``): it names a record, not a credential; or ends a PEM public key's header; or
    is ``token`` after a word of :data:`_FORM_TOKEN_WORDS` (``<meta name="csrf-token" …>``) or
    of :data:`~memscribe.redaction.values.RECORD_TOKEN_WORDS` (``next token``, ``--starting-token``)."""
    if end - start not in (3, 5) or start < 2 or text[start - 1] not in " -":
        return False
    if end - start == 5:
        if text[start:end].lower() != "token":
            return False
        word = word_before(text, max(0, start - 16), start)
        return word is not None and word.lower() in _NOT_CREDENTIAL_TOKEN
    if text.startswith("-----", end) and text[max(0, start - 7) : start].upper() == "PUBLIC ":
        return True  # a PEM ``-----BEGIN PUBLIC KEY-----`` header: public by design
    word = word_before(text, max(0, start - 16), start)
    return word is not None and (word.lower() in RECORD_KEY_WORDS or word.lower() in _PUBLIC_WORDS)


_ALGORITHM_BEFORE = lazy_compile(r"(?<![\w-])[A-Za-z][A-Za-z0-9-]{1,10}:$")


def _named_digest(text: str, start: int) -> bool:
    """True when the token at ``start`` follows ``<algorithm>:`` and the two are a named digest
    (``SHA256:nThbg6…``, an SSH key fingerprint), a benign shape."""
    if start == 0 or text[start - 1] != ":":
        return False
    m = _ALGORITHM_BEFORE.search(text, max(0, start - 12), start)
    return m is not None and is_benign_shape(text[m.start() : start] + "0")


def _compound(text: str, end: int) -> bool:
    """True when the keyword runs on into a longer name through ``-``, ``/`` or ``.`` and a letter
    (``fix/token-refresh``, ``key.pem``, ``secret-manager``): a word of a branch, path or
    package name, not a label before a value (``X-Auth-Token: …`` ends at the colon)."""
    return end + 1 < len(text) and text[end] in "-/." and text[end + 1].isalpha()


def _in_path(text: str, start: int, end: int) -> bool:
    """True when the keyword opens a segment of a path or branch name and runs on into it
    (``org/fix/token-7f3a9b…``, ``refs/heads/secret_rotation``)."""
    return start > 0 and text[start - 1] == "/" and end < len(text) and text[end] in "-_"


def _pinned(text: str, start: int, end: int) -> bool:
    """True when the keyword ends a package's or an action's name pinned by ``@`` to a version or
    a commit (``aws-actions/configure-aws-credentials@e3dd6a4…``, ``@scope/secret-store@2.1.0``):
    what follows the ``@`` is the name's reference, not a value the keyword labels."""
    return start > 0 and text[start - 1] in "-_/" and _PIN_REF.match(text, end) is not None


#: What a name is pinned to after ``@``: a version (``2.1.0``, ``v4``) or a commit's hex (a token
#: after ``@``, ``api-token@Xk9v…``, is none).
_PIN_REF = lazy_compile(r"@(?:v?\d+(?:\.\d+){0,3}(?:[-+][0-9A-Za-z.]+)?|[0-9a-f]{7,40})(?![0-9A-Za-z])")


#: A keyword running on into a longer name through ``-``, ``_`` or ``.`` and a lower-case word
#: (``password-reset``, ``password_hash``, ``password.txt``): a name, not a label before a value.
_NAME_RUNS_ON = lazy_compile(r"[-_.][a-z]{2,}(?![A-Z0-9])")


def find_prose_passwords(text: str) -> Iterator[tuple[int, int]]:
    line: Line | None = None
    for kw in stem_matches(_PW_KEYWORD, text, _PW_KEYWORD_STARTS):
        if _in_mask(text, kw.start()) or _NAME_RUNS_ON.match(text, kw.end()):
            continue  # a mask's type, or a longer name (``password-reset``, ``password.txt``)
        if line is None or kw.start() >= line.end:
            line = Line(text, kw.start())  # each line tokenised once, for all its keywords
        line_end = line.end
        linked, words = False, 0
        if text[kw.end() : min(kw.end() + 1, line_end)] in (":", "="):
            linked = True
        for tok in line.tokens_from(kw.end()):
            phrase = _spaced_password(text, tok.start, line_end)
            if phrase is not None:
                yield phrase
                break
            lead, value = tok.cleaned()  # (None: longer than a link, a filler or a password)
            low = "" if value is None else value.lower()
            if value is not None and (
                low in _PW_LINKS or (tok.end - tok.start == 1 and text[tok.start] in ":=-")
            ):
                linked = True
                continue
            if linked and low in _PW_FILLER:
                continue
            if _YAML_TAG.match(text, tok.start + lead, tok.end) and line.after(tok):
                if text.startswith("!!", tok.start, tok.end):
                    continue  # ``!!str value``: a standard type, the value follows
                break  # ``!vault |``, ``!Ref Param``: ciphertext or a reference follows
            if tok.alpha(value) and not linked and words < _PW_SKIP_WORDS:
                words += 1  # "the password for the staging box was ..."
                continue
            if value and password_like(value, strict=not linked):
                yield tok.start + lead, _with_marks(text, tok.start + lead + len(value), tok.end)
            break
        if not _said_after(line, kw.end()) and not text.endswith(".", 0, kw.start()):
            # (a field in a path, ``jsonpath='{.data.password}'``: the word before is the
            # object's name, ``kubectl get secret db-creds-v2 …``, not a password said)
            yield from _password_before(text, line, kw.start())


#: Words that link a keyword to what is said of it next (``the password is on the sticker``).
_SAID_LINKS = frozenset({"is", "was", "are", "were", ":", "="})


def _said_after(line: Line, start: int) -> bool:
    """True when the keyword is linked to something after it on its line (``password is on the
    sticker``, ``password: see the vault``): the keyword opens its own statement, so a token
    before it belongs to another (``WiFi name is Home-7F3A, the password is …``)."""
    text = line.text
    if start < line.end and text[start] in ":=":
        return next(line.tokens_from(start + 1), None) is not None  # something after the mark
    # the first two words after the keyword (as ``str.split`` cuts them)
    after = line.tokens_from(start)
    first = next(after, None)
    return (
        first is not None
        and next(after, None) is not None
        and first.end - first.start <= _LONGEST_LINK
        and first.text.lower() in _SAID_LINKS
    )


#: The longest word of :data:`_SAID_LINKS`.
_LONGEST_LINK = max(map(len, _SAID_LINKS))


def _password_before(text: str, line: Line, kw_start: int) -> Iterator[tuple[int, int]]:
    """The value before the keyword: "login fails with Xq7#...? that's the password". Not
    across a label that the keyword's statement follows (``PSQLException: FATAL: password
    authentication failed``: a log's fields, then its message), nor a qualified class name."""
    before = line.tokens_before(kw_start, _PW_BACK_TOKENS)
    if before and text[before[-1].end - 1] == ":" and before[-1].end < kw_start:
        return  # ``FATAL: password …``, ``Error: password …``: the keyword opens the message
    for tok in before:
        if tok.end == kw_start:
            continue  # glued to the keyword: a part of its name (``.Values.db.password``)
        if tok is before[-1] and _modifies(text, tok, kw_start):
            continue  # the keyword's modifier: "the FRITZ!Box password", "Mosquitto passwd file"
        lead, value = tok.cleaned()  # (None: longer than a password)
        if value and _QUALIFIED_NAME.match(value) is None and password_like(value, strict=True):
            yield tok.start + lead, _with_marks(text, tok.start + lead + len(value), tok.end)


def _modifies(text: str, tok: Token, kw_start: int) -> bool:
    """True when ``tok`` stands right before the keyword, one blank apart and ending on a letter
    or digit: a noun before a noun names what the password is of (``the FRITZ!Box password``,
    ``Mosquitto passwd``), as a value said before its keyword is set apart from it by a link or
    a mark ("Xq7#… is the password", "Xq7#…, that's the password")."""
    return text[tok.end : kw_start] == " " and text[tok.end - 1].isalnum()


#: A qualified class name: lower-case packages, then a type (``org.postgresql.util.PSQLException``).
_QUALIFIED_NAME = lazy_compile(r"^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+\.[A-Z][A-Za-z0-9_$]*$")


#: An app password as Google and many mail hosts print it: four groups of four random
#: lower-case letters (``abcd efgh ijkl mnop``).
_APP_PASSWORD = lazy_compile(r"[a-z]{4}(?:([ -])[a-z]{4})(?:\1[a-z]{4}){2}(?![\w-])")
#: A group of four letters without a vowel (``y`` counts as one): no word, but most random
#: app passwords hold one (four groups: 1 - (1 - (20/26)^4)^4 ≈ 82%).
_NO_VOWEL = lazy_compile(r"(?<![a-z])[b-df-hj-np-tv-xz]{4}(?![a-z])")
#: A quoted pass phrase: 3 to 8 words of 12 to 64 characters between quotes.
_QUOTED_PHRASE = lazy_compile(r"[\"“„«](?P<p>[^\"“”„«»\s][^\"“”„«»\n]{10,62}[^\"“”„«»\s])[\"”“»]")


def _spaced_password(text: str, pos: int, end: int) -> tuple[int, int] | None:
    """The span of a password with spaces in it that starts at ``pos`` (a token after a
    password keyword): an app password's four random groups, or a quoted pass phrase of words
    with a digit or symbol in it ("Walt Loves Brook Trout 1962")."""
    app = _APP_PASSWORD.match(text, pos, end)
    if app is not None:
        letters = app.group(0).replace(app.group(1), "")
        if _NO_VOWEL.search(app.group(0)) and shannon_entropy(letters) >= 3.3:
            return app.span()
        return None
    quoted = _QUOTED_PHRASE.match(text, pos, end)
    if quoted is None:
        return None
    phrase = quoted.group("p")
    words = phrase.split()
    if not 3 <= len(words) <= 8 or is_placeholder(phrase) or any(w.lower() in _RULE_WORDS for w in words):
        return None  # ("at least 12 characters": a password rule, quoted)
    if not any(c.isdigit() or not (c.isalpha() or c.isspace()) for c in phrase.rstrip(".!?")):
        return None  # a phrase of words only is prose quoted, not a pass phrase
    return quoted.span("p")
