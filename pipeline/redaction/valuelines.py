"""Values standing alone on a line after a line that names a secret (``heroku config:get
API_TOKEN`` then the value), and values after "paste:". Split from
:mod:`~memscribe.redaction.prose` (over 500 lines)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from memscribe.lazyre import lazy_compile
from memscribe.redaction.base import MASK_RE, lowered, occurrences, same_offsets, stem_matches
from memscribe.redaction.benign import is_benign_shape
from memscribe.redaction.placeholders import is_placeholder
from memscribe.redaction.prose import LABEL, names_an_id
from memscribe.redaction.values import HIGH_ENTROPY_BITS, looks_random, password_like

# --- a bare value right after a line that names a secret, or after "paste:"; a row of a name,
# a tab and the value counts as bare (``kubectl get secret … -o jsonpath='{.metadata.name}{"\t"}…'``),
# and so does a value after a speaker's label (``[tool:bash]``), but not after a mask (the line
# ``sk-ant-… 001123?A`` holds two values, and still does once masked)

_VALUE_LINE = lazy_compile(
    r"^(?:\[(?!REDACTED)[A-Za-z_:. -]{1,30}+\][ \t]*+)?(?:[>$#][ \t]++)?(?:[\w.@/-]{1,64}+\t++)?[`'\"]?(?P<v>[^\s`'\"]{8,512}+)[`'\"]?[ \t]*+$",
    re.MULTILINE,
)
_SECRET_CONTEXT = lazy_compile(
    r"(?i)secret|token|passw|pass\b|_pass|pwd|(?<![a-z])pw(?![a-z])|api[_-]?key|apikey|credential|(?<![a-z])creds?(?![a-z])|"
    r"private[_-]?key|access[_-]?key|auth"
)
#: Every :data:`_SECRET_CONTEXT` match holds one of these (lower case).
_CONTEXT_WORDS = ("secret", "token", "pass", "pw", "api", "cred", "private", "access", "auth", "key")


def _names_a_secret(line: str) -> bool:
    """Whether :data:`_SECRET_CONTEXT` occurs in ``line``: an ASCII line without one of
    :data:`_CONTEXT_WORDS` in its lower case holds none, told by a few substring searches where
    the case-blind regex tries its branches at every character (a pasted blob's line is long)."""
    if line.isascii():
        low = line.lower()
        if not any(word in low for word in _CONTEXT_WORDS):
            return False
    return _SECRET_CONTEXT.search(line) is not None


_PASTE = lazy_compile(r"(?i)\bpaste[ds]?\s*:\s*[`'\"]?(?P<v>[^\s`'\"]{16,512})")


def find_value_lines(text: str) -> Iterator[tuple[int, int]]:
    """A line that holds only a random-looking token, when the line before names a secret
    (``heroku config:get API_TOKEN`` then the value; ``echo $AWS_SECRET_ACCESS_KEY``): none in
    a text of one line."""
    if "\n" in text:
        yield from _value_lines(text)


def _candidate_lines(text: str) -> Iterator[re.Match[str]]:
    """The :data:`_VALUE_LINE` matches that may qualify: only a line up to
    :data:`_OUTPUT_LINES_BEFORE` + 1 lines after one that holds a context word can, so those are
    found by substring search (every line, when lower-casing moves the offsets)."""
    low = lowered(text)
    if not same_offsets(text, low):
        yield from _VALUE_LINE.finditer(text)
        return
    after: set[int] = set()
    done: set[int] = set()  # the ends of the lines whose followers are taken (a line holding
    # several context words, ``api key``, ``access token``, is followed once)
    for hint in _CONTEXT_WORDS:
        next_line = 0
        for at in occurrences(low, hint):
            if at < next_line:
                continue  # on a line already taken
            nl = low.find("\n", at)
            if nl < 0:
                break
            next_line = nl + 1
            if nl not in done:
                done.add(nl)
                for _ in range(1 + _OUTPUT_LINES_BEFORE):  # the line after, and those below bare lines
                    after.add(nl + 1)
                    line_start, nl = nl + 1, low.find("\n", nl + 1)
                    if nl < 0 or not _BARE_LINE.fullmatch(text, line_start, nl):
                        break
    for start in sorted(after):
        if (m := _VALUE_LINE.match(text, start)) is not None:
            yield m


def _value_lines(text: str) -> Iterator[tuple[int, int]]:
    for m in _candidate_lines(text):
        value = m.group("v")
        uuid = _UUID_LINE.match(value) is not None
        if "=" in value.rstrip("=") or "://" in value or (is_benign_shape(value) and not uuid):
            continue  # an assignment or a URL (their own detectors decide), or a content hash
        if value.count(":") >= 3:
            continue  # a record of fields (``host:port:db:user:password``): its file's rule decides
        head, colon, tail = value.partition(":")
        if colon and LABEL.match(head) and (names_an_id(head) or is_benign_shape(tail)):
            continue  # ``RequestId:60f4…`` (an Azure error's lines): an identifier, labelled
        if not (
            uuid
            or looks_random(value.strip(".~-/="), min_len=16, bits=HIGH_ENTROPY_BITS)
            or password_like(value, strict=True)
        ):
            continue
        prev = _naming_line(text, m.start())
        if prev is None:
            continue
        if uuid and not _asks_a_token(prev):
            continue  # a UUID is an id, unless the command before asks for a token or secret
        if _like_items(prev, value) or _prints_an_id(prev, value) or _row_under(prev, value):
            continue
        if (_names_a_secret(prev) or _introduces_a_key(prev)) and not _gives_its_value(prev):
            yield m.span("v")


def _row_under(header: str, value: str) -> bool:
    """True when ``value`` is a row of the table ``header`` heads (a row of plain column names):
    as many commas, two or more (``date,model,input_tokens,…`` then ``2024-12-01,gpt-4o,…``).
    Its cells are the table's (:func:`~memscribe.redaction.lists.find_table_cells` decides them
    by column), not one value printed alone."""
    commas = value.count(",")
    if commas < 2 or header.count(",") != commas:
        return False
    return all(_COLUMN.fullmatch(name.strip().strip("\"'`")) for name in header.split(","))


#: A column's name in a table's header: a plain name (``input_tokens``, ``cost usd``, ``Contraseña``).
_COLUMN = lazy_compile(r"[^\W\d][\w .-]{0,39}")


#: Bare lines of output that may stand between a line naming a secret and the value (a
#: credentials file printed: its login, then its password). Its runs are possessive: each is
#: followed by a character it cannot hold, so giving some back never helps a match, and a long
#: line that fails is not retried at every shorter length.
_OUTPUT_LINES_BEFORE = 2
_BARE_LINE = lazy_compile(r"[ \t]*+(?:[\w.@/-]{1,64}+\t++)?[^\s`'\"]{1,512}+[ \t]*+")


#: What stands for a mask on the line before a value line: a value of its own (the line
#: ``SECRET sk-ant-…`` gives its value, and so does ``SECRET [REDACTED:anthropic_key]`` once
#: masked: redacting redacted text finds nothing), holding no context word (``[REDACTED:api_key]``).
_MASKED_VALUE = "\x01" * 8


def _naming_line(text: str, start: int) -> str | None:
    """The line before the value line at ``start`` (masks as :data:`_MASKED_VALUE`); or, when that is a bare
    token too (``biuro_vpn`` above the password ``cat creds.txt`` printed), the first line above
    the run of up to :data:`_OUTPUT_LINES_BEFORE` bare lines that names a secret."""
    prev_end = start - 1
    for _ in range(1 + _OUTPUT_LINES_BEFORE):
        if prev_end < 0:
            return None
        prev_start = text.rfind("\n", 0, prev_end) + 1
        prev = MASK_RE.sub(_MASKED_VALUE, text[prev_start:prev_end])
        if _names_a_secret(prev) or not _BARE_LINE.fullmatch(prev):
            return prev
        prev_end = prev_start - 1
    return None


_UUID_LINE = lazy_compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", re.IGNORECASE)
_TOKEN_ASKED = lazy_compile(r"(?i)(?<![a-z])(?:[a-z]+[-_])?(?:token|secret|api[-_]?key|password)(?![a-z_-])")
_ID_WORD = lazy_compile(r"(?i)(?<![a-z])(?:ids?|uuid|guid|request|trace|correlation)(?![a-z])")


def _asks_a_token(prev: str) -> bool:
    """True when the line before a UUID names a token, secret, API key or password as a word
    of its own (``jq -r '."setup-token"'``, ``heroku auth:token``) and no identifier."""
    return _TOKEN_ASKED.search(prev) is not None and _ID_WORD.search(prev) is None


_PUNCTUATION = lazy_compile(r"[^A-Za-z0-9]+")


def _like_items(prev: str, value: str) -> bool:
    """True when the line before is one token of the same punctuation as ``value``
    (``poetry.lock:generic-api-key:812`` then ``go.sum:generic-api-key:41``): items of a list,
    not a value and the name it follows."""
    item = prev.strip()
    return (
        bool(item)
        and not _SPACE_IN.search(item)
        and not item.endswith((":", "=", "："))
        and _PUNCTUATION.findall(item) == _PUNCTUATION.findall(value)
    )


_SPACE_IN = lazy_compile(r"\s")
#: A command that prints the id of what it starts (a detached container).
_STARTS_DETACHED = lazy_compile(
    r"\b(?:docker|podman|nerdctl)[ \t]+(?:container[ \t]+)?(?:run|create)\b.*?[ \t](?:-d|--detach)\b"
)
_CONTAINER_ID = lazy_compile(r"^[0-9a-f]{64}$")


def _prints_an_id(prev: str, value: str) -> bool:
    """True when the line before starts a detached container and ``value`` is its id."""
    return _CONTAINER_ID.match(value) is not None and _STARTS_DETACHED.search(prev) is not None


#: ``key`` as a word (``a new key``, ``master.key``, ``API key``), and words that make a key
#: public or name it by its fingerprint or id.
_KEY_WORD = lazy_compile(r"(?i)(?<![a-z])keys?(?![a-z])")
_PUBLIC_KEY_WORDS = lazy_compile(
    r"(?i)public|fingerprint|randomart|(?<![a-z])(?:id|ids|gpg|pgp|ssh)(?![a-z])"
)


def _introduces_a_key(line: str) -> bool:
    """True when ``line`` names a key and ends by introducing what follows ("I made a new key,
    here it is:", "本番の `master.key` です："), unless the key is public or named by its
    fingerprint or id (``ssh-keygen`` output, ``gpg --list-keys``)."""
    end = line.rstrip()
    return (
        end.endswith((":", "："))
        and _KEY_WORD.search(end) is not None
        and _PUBLIC_KEY_WORDS.search(end) is None
    )


#: After a secret's name on a command line: the rest of the name, then its value, quoted or
#: bare (``--requirepass 'FMkQ…'``, ``PASSWORD=…``).
_NAMED_VALUE = lazy_compile(
    r"[\w.-]*['\"]?(?:[ \t]*(?P<op>[=:])[ \t]*|[ \t]+)(?:(?P<q>['\"])(?P<qv>[^'\"\s]{6,})(?P=q)|(?P<v>[^\s'\"]{6,}))"
)


def _gives_its_value(line: str) -> bool:
    """True when each secret's name on ``line`` is followed by its value there
    (``redis-server --requirepass 'FMkQ…'``): the line after it is the command's output (a
    container id), not the value the line named (``heroku config:get API_TOKEN``)."""
    found = False
    for ctx in _SECRET_CONTEXT.finditer(line):
        if _in_reference(line, ctx.start()) or _COUNT_AFTER.match(line, ctx.end()):
            continue  # ``$ANTHROPIC_API_KEY``: the secret used by its variable, not named;
            # ``"max_tokens":16``: a count
        m = _NAMED_VALUE.match(line, ctx.end())
        value = (m.group("qv") or m.group("v")) if m is not None else ""
        if value.startswith(_MASKED_VALUE):
            found = True  # its value, masked
            continue
        if m is not None and m.group("op") == ":" and _VARIABLE.match(value):
            # ``-H "x-api-key: $ANTHROPIC_API_KEY"``: sent by reference, and what follows is the
            # server's answer (``-e DB_PASSWORD=$DB_PASSWORD``: a process given it may print it)
            found = True
            continue
        if (
            not value
            or is_placeholder(value)
            or not (password_like(value, strict=False) or looks_random(value, min_len=16, bits=3.0))
        ):
            return False
        found = True
    return found


#: The rest of a name, then a small number as its value.
_COUNT_AFTER = lazy_compile(r"[\w.-]*['\"]?[ \t]*[=:][ \t]*\d{1,6}(?![\w.])")
_VARIABLE = lazy_compile(r"^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?$")


def _in_reference(line: str, at: int) -> bool:
    """True when ``at`` falls inside a ``$NAME`` / ``${NAME}`` variable reference."""
    start = at
    while start > 0 and (line[start - 1].isalnum() or line[start - 1] == "_"):
        start -= 1
    return line[start - 1 : start] == "$" or line[max(0, start - 2) : start] == "${"


def find_pasted(text: str) -> Iterator[tuple[int, int]]:
    if "paste" not in lowered(text):
        return
    for m in stem_matches(_PASTE, text, ("paste",)):
        value = m.group("v").rstrip(".,;:?!)")
        if looks_random(value, min_len=16, bits=3.0) or password_like(value, strict=True):
            yield m.start("v"), m.start("v") + len(value)
