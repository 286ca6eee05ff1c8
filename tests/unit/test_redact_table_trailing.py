"""Rows with trailing empty cells (redaction.lists ``_rows``): delimiters ending a row, as a
spreadsheet export writes them, split no password, so the cells after a password stay."""

from __future__ import annotations

import re

from memscribe.redaction import redact_text


def test_trailing_delimiters_do_not_extend_the_mask() -> None:
    text = "user,password,role,team\nbob,Secr3t!x9,admin,web ops,,\n"
    out, _ = redact_text(text)
    assert "Secr3t!x9" not in out
    assert re.fullmatch(r"bob,\[REDACTED:[^\]]+\],admin,web ops,,", out.splitlines()[1])


def test_surplus_inside_the_row_still_taken() -> None:
    text = "url,username,password,totp,extra,name,grouping,fav\n"
    text += "https://www.fidelity.com,wbrennan,Ret1rement$afe,,,note,Fidelity,Banking,0,,\n"
    out, _ = redact_text(text)
    assert re.search(r"wbrennan,\[REDACTED:[^\]]+\],,note,Fidelity", out.splitlines()[1])
