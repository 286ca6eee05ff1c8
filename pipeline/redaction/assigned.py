"""The value decision for a value assigned under a secret's name (:mod:`~memscribe.redaction.structure`
and the config, command, pair and shape detectors): long enough, not a label, a call, a host's
address, code, a path or a version, random enough for the strength of its name; a quoted value
with blanks only when generated with the space, printed in groups, or a pass phrase under a
password's name."""

from __future__ import annotations

import re

from memscribe import textsim
from memscribe.lazyre import lazy_compile
from memscribe.lexicon.grammar import CLOSED_CLASS
from memscribe.redaction.benign import (
    PLAIN_URL,
    applied_name,
    dotted_names,
    encodes_public_text,
    is_benign_path,
    is_uuid,
    is_version,
)
from memscribe.redaction.clause_words import KEYWORDS as CLAUSE_KEYWORDS
from memscribe.redaction.names import (
    RESERVED_VALUES,
    SCHEMA_WORDS,
    spelled_in_words,
)
from memscribe.redaction.placeholders import is_placeholder
from memscribe.redaction.values import (
    DIGIT,
    HIGH_ENTROPY_BITS,
    MAX_VALUE_LEN,
    RULE_WORDS,
    SPACE,
    WEAK_NAME_BITS,
    char_classes,
    looks_random,
    password_like,
    scrambled_letters,
    shannon_entropy,
    typed_sample,
    wordy,
)

#: A name called: the value is what a function returns.
_CALLED = lazy_compile(r"^[A-Za-z_$][\w$.]*\(")


#: A bracket closed inside a value, a letter or digit after it (``k3Y(9x)Lm2``): no call's syntax.
_CLOSED_INSIDE = lazy_compile(r"\([^()\s]*\)[A-Za-z0-9]")

_DOTTED_IDENT = lazy_compile(r"^[A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z_$][A-Za-z0-9_$]*)+$")


_IDENT = lazy_compile(r"^[A-Za-z_]+$")


_APART_MARK = lazy_compile(r"(?:^| )[^\w ]+(?= |$)")


#: A web address of a host alone (``https://www.example-reset.com/``): no user info, path or query.
_HOST_URL = lazy_compile(r"^(?:https?|ftp|wss?)://[A-Za-z0-9.-]+(?::\d{1,5})?/?$")


#: The words naming a password or a secret in the languages the clause detector reads (lower
#: case): a value that is one of them is a label's text, not a secret.
_NAMING_WORDS = frozenset(w for w, role in CLAUSE_KEYWORDS if role in ("password", "secret"))


def plausible_value(
    value: str,
    strength: str,
    *,
    quoted: bool,
    password_name: bool = False,
    line_end: bool = False,
    generic_key: bool = True,
    chosen_name: bool = False,
) -> bool:
    v = value.strip()
    if not 4 <= len(v) <= MAX_VALUE_LEN or v.lower() in RESERVED_VALUES or "[REDACTED" in v:
        return False
    if v.lower() in _NAMING_WORDS:
        return False  # a label, translated: ``<string name="password">Passwort</string>``
    if not quoted and "(" in v and _CALLED.match(v) and not _CLOSED_INSIDE.search(v):
        return False  # a call's result: ``urlBase64ToUint8Array("…")`` (the scan stops at the quote)
    if "://" in v and _HOST_URL.match(v):
        return False  # an address with nothing but a host: a URL holds a credential in its
        # user info, path or query, and a host name is public (``reset it at https://…``)
    if applied_name(v) or is_benign_path(v) or (not password_name and (dotted_names(v) or is_version(v))):
        # code (``api_keys[0]``, ``env.X``), a path (``~/.ssh/id``), a version (``^4.24.5``); not passwords
        return False
    if is_uuid(v):
        # a UUID is an id, except under a secret's name (Heroku and Snyk keys are UUIDs)
        return strength == "strong" or (strength == "weak" and not generic_key)
    if strength == "weak":
        # an address is not a key: ``<add key="https://api.nuget.org/v3/index.json" …/>``
        # (letters alone of scrambled case are random too: ``appl_vKdPqWnRtYxZbMcLfGhJsAeUiO``)
        return not PLAIN_URL.match(v) and (
            bool(looks_random(v, min_len=16, bits=WEAK_NAME_BITS))
            or (scrambled_letters(v) and shannon_entropy(v) >= WEAK_NAME_BITS and not is_placeholder(v))
            or _numeric_key(v)
        )
    if len(v) < 6 or (SPACE.search(v) and not (quoted and spaced_secret(v, password_name, bounded=True))):
        return False
    if not (password_name or chosen_name) and spelled_in_words(v):
        return False  # a key or token is generated: words alone are a name (``"azure_ad_token"``)
    if not quoted and not password_like(v, strict=False):
        # unquoted: code references (``os.environ``, ``args.token``, ``get_pw(``) are not values;
        # a value needs a digit, or must look like random mixed-case letters; under a password
        # name at the end of a config line, a plain word of 8+ letters is the password itself
        if password_name and line_end and v.isalpha() and len(v) >= 8 and v.lower() not in SCHEMA_WORDS:
            return not is_placeholder(v)
        if ("(" in v and not _CLOSED_INSIDE.search(v)) or _DOTTED_IDENT.match(v) or _IDENT.match(v):
            return False
        if not DIGIT.search(v) and not (char_classes(v) >= 2 and shannon_entropy(v) >= HIGH_ENTROPY_BITS):
            return False
    # passwords are chosen by people, so counting runs (``password123``) are normal there;
    # keys and tokens are generated, so a value built of them is a typed-in sample, and one that
    # decodes to a host name or URL is an encoded identifier
    return not is_placeholder(v) and (password_name or not (typed_sample(v) or encodes_public_text(v)))


#: The fewest digits of a key made of digits alone (a router's Wi-Fi key: 20; an id is shorter).
_NUMERIC_KEY_MIN = 16


#: The least entropy of one: random digits carry about 3.3 bits each; an amount, a timestamp or
#: a typed run repeats a few (``1000000000000000``, ``1122334455667788``).
_NUMERIC_KEY_BITS = 2.6


def _numeric_key(v: str) -> bool:
    """Digits alone, 16 or more, spread like random ones: a key issued as digits (a router's
    Wi-Fi key under ``WLAN-Netzwerkschlüssel``), which has one character class only."""
    return (
        v.isdigit()
        and len(v) >= _NUMERIC_KEY_MIN
        and shannon_entropy(v) >= _NUMERIC_KEY_BITS
        and not typed_sample(v)
        and not is_placeholder(v)
    )


#: The longest value :func:`spaced_secret` can accept: a generated one is at most
#: :data:`~memscribe.redaction.values.MAX_VALUE_LEN` long (``looks_random``), a pass phrase five
#: words of 24 (:data:`_PASS_PHRASE`, a final newline too), a grouped code 39 (:data:`_GROUPED`).
SPACED_SECRET_MAX = max(MAX_VALUE_LEN, 5 * 24 + 4 + 1, 8 * 4 + 7 + 1)


def spaced_secret(v: str, password_name: bool, *, bounded: bool = False) -> bool:
    """A quoted value with blanks that is a secret: generated with the space in its alphabet, a
    code printed in groups, or under a password's name a pass phrase (:data:`_PASS_PHRASE`; where
    quotes or tags bound the value, ``bounded``, a :func:`bounded_phrase` too)."""
    if len(v) > SPACED_SECRET_MAX:
        return False
    if _generated_with_spaces(v) or _grouped_code(v):
        return True
    if not password_name:
        return False
    low = v.lower()
    if bounded and bounded_phrase(v) and not _names_or_rules(low):
        return True
    return (
        _PASS_PHRASE.match(v) is not None
        and "pass" not in low
        and not any(w in RULE_WORDS for w in low.split())
    )
    # (a label naming the password: "Password 12 chars"; a rule: "at least 12 characters"; a
    # secret's, key's or token's word is a phrase's word here: "Golden Key 1987", review RV3 F1)


def _names_or_rules(low: str) -> bool:
    """A word of the (lower-case) value names a password (``passwort``, ``mot de passe``) or
    states a password rule (``min 8 chars``): a label's or a form's text, not the value. A word
    naming a secret, a key or a token is none: a chosen phrase holds such words ("Golden Key
    1987", "mi clave 2024")."""
    words = low.split()
    return (
        "passw" in low
        or any(w in _PASSWORD_WORDS or w in RULE_WORDS for w in words)
        or any(f" {name} " in f" {low} " for name in _PASSWORD_PHRASES)
    )


#: The words naming a password (lower case): a value holding one is a label's text.
_PASSWORD_WORDS = frozenset(w for w, role in CLAUSE_KEYWORDS if role == "password")
#: Those of more than one word (``mot de passe``).
_PASSWORD_PHRASES = tuple(w for w in _PASSWORD_WORDS if " " in w)


#: A word of a pass phrase between quotes or tags: up to 24 characters, no bracket or quote.
_BOUNDED_WORD = r"[^\s()\[\]{}<>'\"`]{1,24}"
#: Two to five such words one blank apart.
_BOUNDED_PHRASE = lazy_compile(rf"^{_BOUNDED_WORD}(?: {_BOUNDED_WORD}){{1,4}}$")
#: A YAML local tag, quoted with what it tags (``"!secret wifi_password"``, Home Assistant's
#: reference to its secrets file): a reference, as the tag unquoted is.
_TAGGED = lazy_compile(r"^!\w+ ")
#: Words of letters alone, four or more each: dictionary words, none a short function word.
_LONG_WORDS = lazy_compile(r"^[^\W\d_]{4,24}(?: [^\W\d_]{4,24}){2,4}$")


#: Marks that end a sentence, with the blanks French typography sets before them: at a value's end
#: no mark of a pass phrase by themselves ("Forgot it?", "Mot de passe oublié ?").
_SENTENCE_END = ".!? "


def bounded_phrase(v: str) -> bool:
    """A pass phrase whose end its quotes or tags give (``"Sommer 2024 !"``, ``<password>my pass
    9</password>``, ``"correct horse battery"``): two to five words, one blank apart, of 64
    characters at most, with a digit or a mark among them (one standing apart or ending the phrase
    too: the quotes, not a sentence's marks, end it; a sentence's end mark alone is none, nor an
    identifier's ``_``: ``is_exact_match or is_acceptable`` is code; one standing apart between
    words joins a hint's: "first car + 9"); or three to five words of four letters or more each
    and no function word (a chosen phrase of dictionary words; a label's or a sentence's words
    include short ones, "not set yet", or a function word, :func:`reads_as_prose`). Not a
    placeholder ("your password here")."""
    if len(v) > 64 or _BOUNDED_PHRASE.match(v) is None or _TAGGED.match(v):
        return False
    words = v.split(" ")
    if any(_DOTTED_IDENT.match(w) for w in words):
        return False  # code: ``self.pw or default``
    if _APART_MARK.search(v.rstrip(_SENTENCE_END)) is not None:
        return False  # a mark between words joins a hint's ("first car + 9")
    marked = not marks_of(v.rstrip(_SENTENCE_END)).isalpha()
    return (
        marked or (_LONG_WORDS.match(v) is not None and not reads_as_prose(words))
    ) and not is_placeholder(v)


#: A number standing as its own word that refers to something: one digit, or digits with a dot
#: between (``step 3``, ``user 1``, ``section 4.2``); a run of digits (``2024``) is a phrase's mark.
_REFERENCE_NUMBER = lazy_compile(r"\d|\d+(?:\.\d+)+")


def marks_of(v: str) -> str:
    """``v``'s characters that may make it a pass phrase rather than words: all but blanks, an
    identifier's ``_`` and the numbers that refer to something (:data:`_REFERENCE_NUMBER`)."""
    return "".join(w for w in v.split(" ") if not _REFERENCE_NUMBER.fullmatch(w)).replace("_", "")


def reads_as_prose(words: list[str]) -> bool:
    """Words that hold a function word (an article, a preposition, a pronoun, a conjunction: ``Leave
    this empty``, ``value from step 3``, ``Read from vault``): a clause or a phrase of a sentence, a
    field's description; a pass phrase chosen of words is of content words (``correct horse battery
    staple``). Review RV3 F4."""
    return any((low := w.lower()) in CLOSED_CLASS or low in _FUNCTION_WORDS_OTHER for w in words)


#: The function words of the other Latin-script languages read (es, de, fr: ``se genera al
#: iniciar``, ``voir avec paul demain``), as :mod:`memscribe.textsim` lists them for its overlap.
_FUNCTION_WORDS_OTHER: frozenset[str] = textsim.STOPWORDS_OTHER


#: A pass phrase: two to five words, one blank apart, no sentence mark, a run of two digits or a
#: symbol inside a word among them (``Gartenzwerg 17 Rosen``, ``Haus am See #7``), not a label's
#: text ("min. 8 chars") nor a hint joining words by a symbol standing apart ("la de siempre + 2").
_PASS_PHRASE = lazy_compile(
    r"^(?=.*(?:\d\d|\w[^\w\s.,;:()?!'\"]|[^\w\s.,;:()?!'\"]\w))[^\s.,;:()?!]{1,24}(?: [^\s.,;:()?!]{1,24}){1,4}$"
)


def phrase_of_words(phrase: str) -> bool:
    """Words of a letter or a digit each (no mark standing apart), a letter among them: not a
    date in groups (``2024 06 01``)."""
    return any(c.isalpha() for c in phrase) and _APART_MARK.search(phrase) is None


def _generated_with_spaces(v: str) -> bool:
    """A generated secret whose alphabet includes the space (WordPress salts: 64 characters of
    every ASCII symbol): long, dense in entropy, of letters, digits and symbols, not words."""
    return (
        len(v) >= 32
        and "-----" not in v  # a PEM block quoted whole: its own detector names it
        and v.count(" ") * 16 <= len(v)
        and char_classes(v) >= 3
        and shannon_entropy(v) >= 4.5
        and looks_random(v, min_len=32, bits=4.5)
    )


#: Three to eight groups of four letters or digits of one case, one space apart: how services
#: print a generated password or code for people to copy (Google's app passwords
#: ``abcd efgh ijkl mnop``, recovery codes).
_GROUPED = lazy_compile(r"^(?:[a-z0-9]{4}(?: [a-z0-9]{4}){2,7}|[A-Z0-9]{4}(?: [A-Z0-9]{4}){2,7})$")


def _grouped_code(v: str) -> bool:
    """A generated code printed in groups (:data:`_GROUPED`), with a letter, whose characters
    run together are not words (``tnto r7p2 lf65 eexh``; not ``blue moon rain song``)."""
    if not _GROUPED.match(v):
        return False
    compact = v.replace(" ", "")
    return not compact.isdigit() and not wordy(compact) and not is_placeholder(compact)


#: The next pair of a list of ``key=value`` pairs: a blank, a name and its ``=``.
_NEXT_PAIR = lazy_compile(r" [A-Za-z_][\w.\-]*=")


def phrase_end(text: str, name_start: int, rest_start: int, rest_end: int) -> int:
    """Where an unquoted pass phrase that an assignment's reader takes to its line's end ends: before
    the next ``key=`` pair when the value is one of a list of pairs (``psql "host=db password=X
    dbname=orders"``), and before a quote that closes a string opened on the line before the
    value's name (the list's own closing quote). Without these the mask ran on over the pairs
    after the password and the quote."""
    end = rest_end
    if (pair := _NEXT_PAIR.search(text, rest_start, end)) is not None:
        end = pair.start()
    mark = text[end - 1]
    if mark in "'\"`" and text.count(mark, text.rfind("\n", 0, name_start) + 1, name_start) % 2 == 1:
        end -= 1
    return max(end, rest_start)


def phrase_stop(text: str, name_start: int, start: int, end: int, rest: re.Match[str]) -> int:
    """Where a pass phrase unquoted after a password's name (its first word ``start``-``end``, the
    rest of its line ``rest``) ends, or 0 where it is none (one word before the next pair: the
    value alone is decided): before the next pair (:func:`phrase_end`) where the words to there
    read as one; else, as before that cut, at the rest's end (a phrase cut too short to read as
    one was masked nowhere: review RV6 F1); else, on a setting's line, where the setting ends
    (:func:`_setting_end`) if the words to there are a bounded phrase."""
    cut = phrase_end(text, name_start, rest.start(), rest.end())
    for stop in (cut, rest.end()) if cut > end else ():
        phrase = text[start:stop]
        if phrase_of_words(phrase) and spaced_secret(phrase, True):
            return stop
    if cut > end and _line_setting(text, name_start, start):
        stop = _setting_end(text, name_start, start, end, cut)
        if stop and spaced_secret(text[start:stop], True, bounded=True):
            return stop
    return 0


#: A comment after a setting's value, a blank before it (``.env``'s `` #``, INI's `` ;``).
_COMMENT = lazy_compile(r"[ \t]+[#;]")
#: A shell variable's assignment, ``=`` glued on both sides (``PGPASSWORD=…``).
_SHELL_ASSIGNMENT = lazy_compile(r"[A-Za-z_][A-Za-z0-9_]*=\S")
#: A command's name: a lower-case word (``psql``, ``npm``, ``./run.sh``).
_COMMAND_WORD = lazy_compile(r"(?:\./)?[a-z][a-z0-9._-]*")


def _setting_end(text: str, name_start: int, start: int, end: int, cut: int) -> int:
    """Where a setting line's value (first word ``start``-``end``) ends, the line's end bounding it
    as a quote does, or 0 where its first word is the value: before the next ``key=`` pair
    (``cut``) or a comment (``DB_PASSWORD=Sommer 2024 ! # prod``); the first word alone where it
    is a password by itself (what follows is a command or a comment: ``PGPASSWORD=S3cret! psql -d
    shop``), or where a shell variable's assignment prefixes a command (a lower-case word after
    the first, no digit or mark after it: ``DB_PASSWORD=abc:def npm run migrate``), as sh reads it.
    Review RV3 F3."""
    comment = _COMMENT.search(text, end, cut)
    stop = comment.start() if comment is not None else cut
    while stop > end and text[stop - 1] in " \t":
        stop -= 1
    if stop <= end or plausible_value(text[start:end], "strong", quoted=False, password_name=True):
        return 0
    words = text[end:stop].split()
    if (
        _SHELL_ASSIGNMENT.match(text, name_start) is not None
        and _COMMAND_WORD.fullmatch(words[0]) is not None
        and "".join(words).replace(".", "").replace("_", "").replace("-", "").isalpha()
    ):
        return 0
    return stop


#: What may stand before a setting's name on its line: blanks, ``export`` (a shell's ``.env``).
_SETTING_LEAD = lazy_compile(r"[ \t]*(?:export[ \t]+)?")
#: The operator of a ``.properties``, ``.env`` or INI line: ``=``, blanks around it.
_SETTING_EQUALS = lazy_compile(r"[ \t]*=[ \t]*")


def _line_setting(text: str, name_start: int, value_start: int) -> bool:
    """The name at ``name_start`` opens its line and ``=`` alone joins it to its value (a Java
    ``.properties``, ``.env`` or INI line: ``db.password=Sommer 2024 !``): the line's end bounds the
    value, as a closing quote does."""
    line_start = text.rfind("\n", 0, name_start) + 1
    lead = _SETTING_LEAD.match(text, line_start)
    if lead is None or lead.end() != name_start:
        return False
    equals = text.rfind("=", name_start, value_start)
    return (
        equals >= 0
        and _SETTING_EQUALS.fullmatch(text, equals - _blanks_before(text, equals), value_start) is not None
    )


def _blanks_before(text: str, at: int) -> int:
    """How many blanks stand right before ``at``."""
    n = 0
    while at - n > 0 and text[at - n - 1] in " \t":
        n += 1
    return n
