"""Secrets given as a list or a table: recovery codes on the lines after a line that names them,
and the cells of a table (a CSV or TSV export, a Markdown table) under a column whose header
names a secret (``url,username,password,totp`` → the password and totp cells).

Both decide by the structure around the value, then by its shape: a recovery code is a group
of letters and digits (8 to 64 of them, a digit among them); a cell under a password column is
anything shaped like a password, under a token or secret column a random-looking value, under a
TOTP column a base32 secret.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from memscribe.lazyre import lazy_compile
from memscribe.redaction.assigned import plausible_value
from memscribe.redaction.base import hint_lines, offset_lowered
from memscribe.redaction.benign import is_benign_shape
from memscribe.redaction.clause_words import KEYWORDS as CLAUSE_KEYWORDS
from memscribe.redaction.names import generic_key, is_password_name, name_strength
from memscribe.redaction.placeholders import is_placeholder
from memscribe.redaction.values import looks_random, password_like

# --------------------------------------------------------------------------- recovery codes

#: Words naming recovery or backup codes (lower case), in the corpus languages.
RECOVERY_WORDS = (
    "recovery code", "backup code", "recovery key", "emergency code", "scratch code",
    "wiederherstellungscode", "backup-code", "notfallcode", "wiederherstellungsschlüssel",
    "code de récupération", "codes de récupération", "codes de secours", "code de secours",
    "código de recuperación", "códigos de recuperación", "códigos de respaldo", "código de respaldo",
    "恢复码", "恢復碼", "备用码", "備用碼", "救援码", "リカバリーコード", "バックアップコード",
    "復旧コード", "リカバリーキー", "回復キー", "kody zapasowe", "kod zapasowy", "kody odzyskiwania",
    "herstelcode", "codici di backup", "codice di recupero", "código de recuperação",
    "códigos de backup", "복구 코드", "백업 코드", "резервные коды", "коды восстановления",
)  # fmt: skip
#: The most lines of codes after their header.
_MAX_CODE_LINES = 24
#: A list item's bullet or number (``- ``, ``* ``, ``1. ``, ``2) ``).
_BULLET = lazy_compile(r"[ \t]*(?:[-*•][ \t]+|\d{1,2}[.)][ \t]+)?")
#: Cells of a line of codes: split at commas, semicolons, tabs or runs of spaces.
_CELL_SPLIT = lazy_compile(r"[ \t]*[,;\t][ \t]*|[ \t]{2,}")
#: One code: groups of letters and digits joined by ``-`` or a single space.
_CODE = lazy_compile(r"[A-Za-z0-9]+(?:[- ][A-Za-z0-9]+)*")


def find_recovery_codes(text: str) -> Iterator[tuple[int, int]]:
    """Codes after a recovery-code keyword: on the rest of its line after a colon, and on each
    following line made only of codes (a bullet or number allowed)."""
    low = offset_lowered(text)
    done: set[int] = set()
    for word in RECOVERY_WORDS:
        at = low.find(word)
        while at >= 0:
            line_end = text.find("\n", at)
            line_end = len(text) if line_end < 0 else line_end
            if line_end not in done:
                done.add(line_end)
                yield from _codes_after(text, at + len(word), line_end)
            at = low.find(word, line_end)


def _codes_after(text: str, start: int, line_end: int) -> Iterator[tuple[int, int]]:
    colon = max(text.rfind(":", start, line_end), text.rfind("：", start, line_end))
    if colon >= 0:
        spans = _code_cells(text, colon + 1, line_end)
        if spans:
            yield from spans
    else:
        yield from _linked_code(text, start, line_end)
    pos = line_end + 1
    for _ in range(_MAX_CODE_LINES):
        if pos >= len(text):
            return
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end
        bullet = _BULLET.match(text, pos, end)
        spans = _code_cells(text, bullet.end() if bullet else pos, end)
        if not spans:
            return
        yield from spans
        pos = end + 1


#: A link word between a recovery code's name and the code, in the clause after the name
#: ("… se serve è 9154 8421", "the backup code is 7731-0284", "est", "ist", "es", "是", "は").
_CODE_LINK = lazy_compile(
    r"(?:(?<![^\W\d_])(?:is|was|are|were|ist|war|lautet|est|c'est|es|era|è|é|sono|foi)(?![^\W\d_])|[是为為はが])"
    r"[ \t]*[\"'“«「`]?[ \t]*(?P<c>[A-Za-z0-9]+(?:[- ][A-Za-z0-9]+)*)"
)
_DIGIT = lazy_compile(r"\d")
#: A code right after its name, a blank between ("and backup code 5831-0927-4416").
_CODE_APPOSED = lazy_compile(r"[ \t]+(?P<c>[A-Za-z0-9]+(?:[- ][A-Za-z0-9]+)*)")
#: Where the clause after a recovery code's name ends (a sentence mark and a blank, a line's end).
_CODE_CLAUSE_END = lazy_compile(r"[.!?;](?:\s|$)|[。！？；]")


#: A word joined to a code-like group by a hyphen: lower-case letters beyond hex digits
#: ("2FA-related", "v2-ready"), which no generated code holds.
_JOINED_WORD = lazy_compile(r"(?:^|-)(?=[a-z]*[g-z])[a-z]{3,}(?:-|$)")


def _code_group(group: str) -> bool:
    """A group of a linked code: it holds a digit and no word joined by a hyphen."""
    return _DIGIT.search(group) is not None and _JOINED_WORD.search(group) is None


def _linked_code(text: str, start: int, line_end: int) -> Iterator[tuple[int, int]]:
    """The code linked to its name by a word in the name's clause, or standing right after the
    name, when no colon introduces it: the groups right after the link, taken while they make
    one code (:func:`_is_code`)."""
    stop = _CODE_CLAUSE_END.search(text, start, line_end)
    end = stop.start() if stop else line_end
    m = _CODE_LINK.search(text, start, end)
    apposed = m is None
    m = m or _CODE_APPOSED.match(text, start, end)
    if m is None:
        return
    groups = list(itertools.takewhile(_code_group, m.group("c").split(" ")))
    if apposed and not _printed_groups(groups):
        return  # unlinked, groups of a date, a phone number or a count: "backup code 2024 06 01"
    while groups and not _is_code(" ".join(groups)):
        groups.pop()  # each group holds a digit: "9154 8421 (non credo serva)", not "stored in 1Password"
    if groups:
        yield m.start("c"), m.start("c") + len(" ".join(groups))


def _printed_groups(groups: list[str]) -> bool:
    """Blank-separated groups as a code is printed: one group, or groups of one length (three
    characters or more, the last no longer), not the digits of a counting run (``12345678``)."""
    compact = "".join(groups)
    if compact.isdigit() and {int(b) - int(a) for a, b in zip(compact, compact[1:], strict=False)} == {1}:
        return False
    sizes = [len(g) for g in groups]
    return len(groups) < 2 or (min(sizes) >= 3 and len(set(sizes[:-1])) == 1 and sizes[-1] <= sizes[0])


def _code_cells(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The spans of the codes between ``start`` and ``end`` when everything there is a code."""
    spans: list[tuple[int, int]] = []
    pos = start
    segment = text[start:end]
    if not segment.strip():
        return []
    for part in [*_CELL_SPLIT.split(segment)]:
        offset = segment.find(part, pos - start)
        cell = part.strip()
        if not cell:
            pos = start + offset + len(part)
            continue
        lead = part.find(cell)
        if not _is_code(cell):
            return []
        spans.append((start + offset + lead, start + offset + lead + len(cell)))
        pos = start + offset + len(part)
    return spans


def _is_code(cell: str) -> bool:
    if _CODE.fullmatch(cell) is None:
        return False
    alnum = sum(c.isalnum() for c in cell)
    if not 8 <= alnum <= 64 or not any(c.isdigit() for c in cell):
        return False
    return not (is_benign_shape(cell) or is_placeholder(cell))


# --------------------------------------------------------------------------- tables

#: Column names that hold a one-time-password seed or a PIN (besides :func:`name_strength`'s).
_SEED_COLUMNS = frozenset({"totp", "otp", "2fa", "mfa", "totp secret", "otp secret", "otpauth", "seed"})
_PIN_COLUMNS = frozenset({"pin", "pin code", "pincode", "passcode"})
#: The words naming a password or a generated secret in the languages the clause detector reads
#: (``clave``, ``contraseña``, ``Kennwort``, ``密码``): beside a login's column, such a column holds
#: the login's password (``servicio,usuario,clave,notas``).
_KEY_WORDS = frozenset(w for w, role in CLAUSE_KEYWORDS if role in ("password", "secret"))
#: A column naming a login (a user name, an account, an email address), in those languages.
_LOGIN_COLUMN = lazy_compile(
    r"(?i)(?:log-?in|user(?:name)?|e-?mail|account|benutzer(?:name)?|konto|compte|identifiant|"
    r"usuario|cuenta|correo|utente|utilisateur|用户名|账号|帳號|ユーザー|アカウント|아이디)"
)
#: Hints for the prefilter: every secret column's name holds one (lower case).
TABLE_HINTS = (
    "pass", "secret", "token", "pwd", "key", "otp", "2fa", "mfa", "pin", "seed", "cred", "val", "wert", "值", "値",
    *sorted(w for w in _KEY_WORDS if not any(h in w for h in ("pass", "secret", "token", "key"))),
)  # fmt: skip
_DELIMITERS = (",", "\t", ";", "|")
#: A column's name: a letter of any script first (``Contraseña``, ``Zugangsschlüssel``, ``密码``).
_COLUMN_NAME = lazy_compile(r"[^\W\d][\w .-]{0,39}")
_BASE32 = lazy_compile(r"[A-Z2-7]{16,64}=*|(?:[a-z2-7]{4} ){3,}[a-z2-7]{4}")
_PIN = lazy_compile(r"\d{4,8}")
_MAX_ROWS = 500


def find_table_cells(text: str) -> Iterator[tuple[int, int]]:
    """Cells under a secret column of a delimited table: the header row names the columns
    (three or more, each a plain name), the rows that follow hold as many cells or more.

    One pass over the lines: a header opens a table (or adds its roles to an open table of the
    same delimiter and width, whose rows end where its rows end), each line after it is a row of
    every open table it fits, and a table's roles hold for :data:`_MAX_ROWS` lines after their
    header. So a line is split once per delimiter however many headers stand above it (a text
    repeating ``web,token,x`` between short rows read each row again under every header above)."""
    if "\n" not in text:
        return
    headers = iter(hint_lines(offset_lowered(text), TABLE_HINTS))
    header = next(headers, None)
    open_tables: dict[tuple[str, int], _Table] = {}
    heads: dict[str, tuple[str, list[tuple[str, ...]]] | None] = {}  # a header repeated is read once
    pos, line_no = 0, 0
    while header is not None or open_tables:
        if not open_tables:
            assert header is not None
            pos = header[0]  # no table open: on to the next header
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end
        line_no += 1
        if open_tables:
            yield from _row_cells(text, pos, end, line_no, open_tables)
        if header is not None and header[0] == pos:
            line = text[pos:end]
            if line not in heads:
                heads[line] = _header(line)
            if (head := heads[line]) is not None:
                delim, roles = head
                table = open_tables.setdefault((delim, len(roles)), _Table(delim, len(roles)))
                table.add(roles, line_no)
            header = next(headers, None)
        if end >= len(text):
            return
        pos = end + 1


class _Table:
    """The open tables of one delimiter and width: each column's roles, and the last line each
    role holds for (its header's line and :data:`_MAX_ROWS` after)."""

    __slots__ = ("delim", "roles", "width")

    def __init__(self, delim: str, width: int) -> None:
        self.delim = delim
        self.width = width
        self.roles: list[dict[str, int]] = [{} for _ in range(width)]

    def add(self, roles: list[tuple[str, ...]], line_no: int) -> None:
        for column, held in zip(self.roles, roles, strict=True):
            for role in held:
                column[role] = line_no + _MAX_ROWS


#: A speaker's label before the first line of a pasted table (``Tool (clipboard): ``).
_SPEAKER = lazy_compile(r"[A-Za-z]{1,20}(?: \([\w -]{1,20}\))?: (?=\S)")


def _header(line: str) -> tuple[str, list[tuple[str, ...]]] | None:
    """The delimiter and the columns' roles of the table ``line`` heads (a row of plain column
    names, one naming a secret, or a column of names beside a column of their values); None when
    it heads none. A role ``by:<i>`` reads the role from the row's name in column ``i``."""
    if not (line.count(",") or line.count("\t") or line.count("|") >= 2 or line.count(";")):
        return None
    header = line
    if (speaker := _SPEAKER.match(header)) is not None:
        header = header[speaker.end() :]
    if any(c in header for c in "=:{}()<>") or len(header) > 400:
        return None  # code, config or prose, not a row of column names
    for delim in _DELIMITERS:
        if not header.count(delim):
            continue
        names = [c.strip().strip("\"'`").strip() for c, _, _ in _cells(header, delim)]
        if delim == "|":
            names = [n for n in names if n]
        named = _names_and_values(names)
        if (len(names) < 3 and named is None) or not all(_COLUMN_NAME.fullmatch(n) for n in names):
            continue
        roles = [_column_role(n) for n in names]
        if any(_LOGIN_COLUMN.fullmatch(n) for n in names):
            # beside a login's column, a key's or a secret's column holds the login's password
            roles = [
                "password" if role == "secret" or (role is None and n.lower() in _KEY_WORDS) else role
                for n, role in zip(names, roles, strict=True)
            ]
        column_roles: list[tuple[str, ...]] = [(role,) if role else () for role in roles]
        if named is not None:
            name_at, value_at = named
            column_roles[value_at] += (f"by:{name_at}",)
        if not any(column_roles):
            continue
        return delim, column_roles
    return None


#: A column of names (a variable's, a setting's, a key's), in the corpus languages.
_NAME_COLUMN = lazy_compile(
    r"(?i)(?:(?:env(?:ironment)?|secret|key|variable|config|setting)[ _-]?)?(?:name|key|variable|var)|"
    r"setting|parameter|param|field|property|option|nombre|clave|variable|nom|clé|cle|"
    r"schlüssel|chiave|variabile|名称|键|变量|名前|キー"
)
#: A column of values beside it.
_VALUE_COLUMN = lazy_compile(r"(?i)(?:secret[ _-]?)?value|val|secret|valor|valeur|wert|valore|值|値")


def _names_and_values(names: list[str]) -> tuple[int, int] | None:
    """``(i, j)`` where column ``i`` holds names and column ``j`` their values (``name,value,env``,
    ``key,secret``, ``| Variable | Value |``): a row's name then says what its value is."""
    name_at = next((i for i, n in enumerate(names) if _NAME_COLUMN.fullmatch(n)), None)
    if name_at is None:
        return None
    value_at = next((j for j, n in enumerate(names) if j != name_at and _VALUE_COLUMN.fullmatch(n)), None)
    return None if value_at is None else (name_at, value_at)


#: A row's name of a variable or a setting (``STRIPE_KEY``, ``db.password``).
_ROW_NAME = lazy_compile(r"[A-Za-z_][\w.-]{0,63}")


def _role_by_name(cell: str) -> str | None:
    """The role a row's name gives its value: a name of a secret's (``STRIPE_KEY``)."""
    name = cell.strip().strip("\"'`")
    return _column_role(name) if _ROW_NAME.fullmatch(name) else None


def _column_role(name: str) -> str | None:
    low = name.lower().strip()
    if low in _SEED_COLUMNS:
        return "seed"
    if low in _PIN_COLUMNS:
        return "pin"
    strength = name_strength(low.replace(" ", "_"))
    if strength == "strong":
        return "password" if any(w in low for w in ("pass", "pwd", "wort")) else "secret"
    return "secret" if strength == "weak" else None


def _row_cells(
    text: str, pos: int, end: int, line_no: int, open_tables: dict[tuple[str, int], _Table]
) -> Iterator[tuple[int, int]]:
    """The secret cells of the line ``text[pos:end]`` as a row of each open table; a table the
    line does not fit (fewer cells than its header, or more than two beyond them) is closed, and
    so is one whose roles all ended before this line."""
    line = text[pos:end]
    split: dict[str, list[tuple[str, int, int]]] = {}
    for key, table in list(open_tables.items()):
        roles = [
            (i, role)
            for i, column in enumerate(table.roles)
            for role, last in column.items()
            if last >= line_no
        ]
        if not roles:
            del open_tables[key]
            continue
        delim = table.delim
        if delim not in split:
            cells = _cells(line, delim)
            if delim == "|":
                cells = cells[1:-1] if line.strip().startswith("|") else cells
            split[delim] = cells
        cells = split[delim]
        if delim == "|" and cells and all(set(c.strip()) <= set("-: ") for c, _, _ in cells):
            continue  # the Markdown rule under the header
        surplus = _surplus(cells, table.width)  # trailing empty cells, a spreadsheet's, not counted
        if not cells or len(cells) < table.width or surplus > 2:
            del open_tables[key]
            continue
        surplus = surplus if delim != "|" else 0
        for i, held in roles:
            named = cells[int(held[3:])][0] if held.startswith("by:") else ""
            role = _role_by_name(named) if named else held
            if role is None:
                continue  # the row's name names no secret
            cell, s, _ = cells[i]
            value = cell.strip()
            quote = value[:1] if value[:1] in "\"'" and value.endswith(value[:1]) and len(value) > 1 else ""
            if quote:
                value = value[1:-1]
            if _cell_secret(value, role) or (named and _assigned(named, value, quoted=bool(quote))):
                lead = cell.find(value)
                stop = pos + s + lead + len(value)
                if role == "password" and not quote and surplus:
                    stop = _run_on(cells[i + 1 : i + 1 + surplus], pos, stop)
                yield pos + s + lead, stop


def _assigned(name: str, value: str, *, quoted: bool) -> bool:
    """A row's value under its row's name is judged as ``NAME=value`` is (a passphrase of words
    under ``REDIS_PASSWORD``), the cell ending its value as a config line's end does."""
    name = name.strip().strip("\"'`")
    strength = name_strength(name)
    return strength is not None and plausible_value(
        value,
        strength,
        quoted=quoted,
        password_name=is_password_name(name),
        line_end=True,
        generic_key=generic_key(name),
    )


def _surplus(cells: list[tuple[str, int, int]], width: int) -> int:
    """How many cells more than the header's ``width`` the row holds, its trailing empty cells
    left out: delimiters ending a row (``…,admin,ops,,``, a spreadsheet's export) split nothing."""
    filled = len(cells)
    while filled > width and not cells[filled - 1][0].strip():
        filled -= 1
    return filled - width


def _run_on(after: list[tuple[str, int, int]], pos: int, stop: int) -> int:
    """Where an unquoted password cell ends in a row of more cells than its header: the cells the
    surplus delimiters made of it run on after it (``…,Ret1rement$afe,,…``: a password holding the
    delimiter, which its export did not quote), while they are fragments of one (no blank, short)."""
    for cell, _, cell_end in after:
        if " " in cell or len(cell) > _FRAGMENT_MAX:
            break
        stop = pos + cell_end
    return stop


#: The longest cell taken as a fragment of a password the delimiter split.
_FRAGMENT_MAX = 32


def _cells(line: str, delim: str) -> list[tuple[str, int, int]]:
    """``(cell, start, end)`` of each cell of ``line`` split at ``delim`` outside double quotes."""
    cells: list[tuple[str, int, int]] = []
    start, quoted = 0, False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == delim and not quoted:
            cells.append((line[start:i], start, i))
            start = i + 1
    cells.append((line[start:], start, len(line)))
    return cells


def _cell_secret(value: str, role: str) -> bool:
    if not value or is_placeholder(value) or is_benign_shape(value):
        return False
    if role == "pin":
        return _PIN.fullmatch(value) is not None
    if role == "seed":
        return _BASE32.fullmatch(value) is not None or looks_random(value, min_len=16, bits=3.0)
    if role == "password":
        return " " not in value and (
            password_like(value, strict=False) or looks_random(value, min_len=12, bits=3.0)
        )
    return looks_random(value, min_len=16, bits=3.0)
