"""cmdline reads only the logical lines that hold a password flag or a cmdlet's password word
(HR8's speed note): its commands there are exactly those the whole text's tokenising gives."""

from __future__ import annotations

import pytest

from memscribe.redaction import cmdline
from memscribe.redaction.cmdline import _CMDLET_WORDS, _COMMAND, _FLAGS


def _relevant(text: str) -> list[tuple[int, int]]:
    """The whole text's commands that hold a flag or a cmdlet's password word."""
    return [
        m.span()
        for m in _COMMAND.finditer(text)
        if any(f in m.group() for f in _FLAGS) or any(w in m.group().lower() for w in _CMDLET_WORDS)
    ]


_TEXTS = [
    "mysql -u root -pHx9kLq2wPz shop\nls -la\n",
    "echo hi; mysql \\\n  -u root \\\n  -p Hx9kLq2wPz shop | tee x",
    "Set-ADAccountPassword -Identity bob `\r\n  -NewPassword 'Kx9!mQ2v' `\r\n  -Reset\r\nGet-Date",
    "Er tippte: psql -U app -p 5432 db && mongo -uadmin -pS3cr3t!x\n\nDanach: 'quoted -p x' \"a\\\nb\"",
    "İstanbul İİ mysql -u root -pHx9kLq2wPz shop\nSET PASSWORD x -p y",
    "パスワード: mysql -u root -p Kq7!mZ2x\n`\n -p z",
    "line \\\n\\\n -p lone at end \\",
    "",
]


@pytest.mark.parametrize("text", _TEXTS)
def test_the_commands_read_are_the_whole_texts_that_matter(text: str) -> None:
    read = [m.span() for m in cmdline._commands(text)]
    assert [s for s in read if s in set(_relevant(text))] == _relevant(text)
    assert set(read) <= {m.span() for m in _COMMAND.finditer(text)}
