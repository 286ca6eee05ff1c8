"""Secrets given as a list or a table (issue 12): recovery codes on the lines after the line that
names them, and cells under a table column whose header names a secret. Each masked shape sits
beside a look-alike of the same shape that is kept. The values are made up for these tests."""

from __future__ import annotations

from memscribe.redaction.lists import find_recovery_codes, find_table_cells
from tests.support.secret_shapes import found as _found


def _codes(text: str) -> list[str]:
    return [text[s:e] for s, e in find_recovery_codes(text)]


def _cells(text: str) -> list[str]:
    return [text[s:e] for s, e in find_table_cells(text)]


# --------------------------------------------------------------------------- recovery codes

_CODES = ["4c1d2e8a9b7f3065", "f0a93b2c7d1e5864", "7e2c9a0b4d6f1358"]


def test_codes_on_the_lines_after_their_name_are_masked() -> None:
    text = "GitHub gave me these recovery codes when I set up 2FA, ok to keep them in the wiki?\n"
    text += "\n".join(_CODES) + "\nAssistant: No, keep them in a password manager."
    assert _codes(text) == _CODES
    assert all(code in _found(text) for code in _CODES)


def test_bulleted_dashed_codes_and_other_languages() -> None:
    text = "Cloudflare me dio códigos de respaldo:\n- 1kq7-p3vd-9xza-m2nw\n- 8trb-4jce-0ylo-w5hs\n\nok"
    assert _codes(text) == ["1kq7-p3vd-9xza-m2nw", "8trb-4jce-0ylo-w5hs"]
    assert _codes("Bitwarden 的恢复码：K3M9-PQ2X-7VTA-L0ZD-RW4E-8NJC") == ["K3M9-PQ2X-7VTA-L0ZD-RW4E-8NJC"]
    assert _codes("backup codes: 93817 26450, 55102 87329") == ["93817 26450", "55102 87329"]


def test_the_list_ends_at_the_first_line_that_is_not_a_code() -> None:
    text = "recovery codes:\n4c1d2e8a9b7f3065\nStore them offline.\nf0a93b2c7d1e5864"
    assert _codes(text) == ["4c1d2e8a9b7f3065"]


def test_look_alikes_after_the_same_words_are_kept() -> None:
    # words, a version, a UUID, a hash named by its algorithm, a short number: not codes
    text = (
        "Recovery codes are listed under Settings > Security:\n"
        "1. Download them\n2.14.1\nd9f3a1c2-6b7e-4f0a-9c8d-2e1b5a7c3f90\nsha256:9f86d081884c7d659a2feaa0c55ad015\n"
    )
    assert _codes(text) == []
    assert _codes("the recovery key length is 2048 bits") == []
    assert _codes("How do recovery codes work?\nThey replace the app once.") == []


# --------------------------------------------------------------------------- tables

_CSV = (
    "url,username,password,totp,extra,name\n"
    'https://bank.example,jdoe1950,Kestrel!2209,,"security q: first car",Bank\n'
    "https://mail.example,jdoe@mail.example,Harbor#Lights61,JBKW6T3ZQOR4MXLA2VC5NYPD7GES4FHU,,Mail\n"
)


def test_cells_under_a_secret_column_are_masked() -> None:
    assert _cells(_CSV) == ["Kestrel!2209", "Harbor#Lights61", "JBKW6T3ZQOR4MXLA2VC5NYPD7GES4FHU"]
    found = _found(_CSV)
    assert all(v in found for v in ("Kestrel!2209", "Harbor#Lights61", "JBKW6T3ZQOR4MXLA2VC5NYPD7GES4FHU"))
    # the other columns keep every character
    assert not any(v in "".join(found) for v in ("jdoe1950", "bank.example", "security q", "Mail"))


def test_tab_and_markdown_tables() -> None:
    tsv = "service\tlogin\tpassword\nrouter\tadmin\tW4ll!Nut-88\nnas\troot\tQuarry_Bell_19\n"
    assert _cells(tsv) == ["W4ll!Nut-88", "Quarry_Bell_19"]
    md = "| host | user | api token |\n|---|---|---|\n| ci | bot | 9fKq2LmZ8xRtV3bN7cWp1YhD |\n"
    assert _cells(md) == ["9fKq2LmZ8xRtV3bN7cWp1YhD"]


def test_tables_whose_secret_column_holds_no_secret_are_kept() -> None:
    # a schema table: the column says whether a field is secret; a placeholder; word values
    schema = "name,type,secret,description\ndb_password,string,yes,the database password\n"
    assert _cells(schema) == []
    docs = "service,user,password\nrouter,admin,<your-password>\nnas,root,changeme\n"
    assert _cells(docs) == []
    ids = "name,token_count,status\nrun-1,20481,ok\n"
    assert _cells(ids) == []
    # a sentence with commas is not a header
    assert _cells("The password, the token and the key, all of them.\nfoo,bar,Zx9!pq77Lw\n") == []


def test_backup_codes_named_in_more_languages_are_masked() -> None:
    from memscribe.redaction import find_secrets

    text = "i kody zapasowe: 7014-2756 1489-2189 4704-5392"
    assert [text[f.start : f.end] for f in find_secrets(text)] == ["7014-2756 1489-2189 4704-5392"]
