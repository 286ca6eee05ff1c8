"""A password holding the table's delimiter, unquoted by its export, splits its row into more
cells than the header names: the cells the surplus delimiters made of it are masked with it."""

from __future__ import annotations

import re

from memscribe.redaction import redact_text

HEADER = "url,username,password,totp,extra,name,grouping,fav\n"


def test_password_with_unquoted_comma_is_masked_whole() -> None:
    text = HEADER + "https://www.fidelity.com,wbrennan,Ret1rement$afe,,,note,Fidelity,Banking,0\n"
    out, _ = redact_text(text)
    assert "Ret1rement$afe" not in out
    row = out.splitlines()[1]
    # the comma the password holds is masked with it: two delimiters stay, not three
    assert re.fullmatch(
        r"https://www\.fidelity\.com,wbrennan,\[REDACTED:[^\]]+\],,note,Fidelity,Banking,0", row
    )


def test_row_of_header_width_unchanged() -> None:
    text = HEADER + "https://www.chase.com,walt,Rosebud!1943,,note,Chase,Banking,1\n"
    out, _ = redact_text(text)
    assert re.search(r"walt,\[REDACTED:[^\]]+\],,note,Chase,Banking,1$", out.splitlines()[1])


def test_surplus_cell_with_words_not_taken() -> None:
    text = HEADER + "https://x.example,ann,Zq8!kd29Lm,a long note, with a comma,,X,Y,0\n"
    out, _ = redact_text(text)
    assert "Zq8!kd29Lm" not in out
    assert out.splitlines()[1].endswith("],a long note, with a comma,,X,Y,0")
