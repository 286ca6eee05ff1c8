"""A table with a login's column and a column named by a password's or secret's word in any
language the clause detector reads (``servicio,usuario,clave,notas``) holds passwords in that
column (redaction.lists); a speaker's label before the header (``Tool (clipboard): …``) is not
part of it."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text

_TABLE = (
    "Tool (clipboard): servicio,usuario,clave,notas\n"
    "Banco Santander,52384716K,Pepa1952!,firma digital\n"
    "Movistar,919384720,Mv8821rq,nº cliente 000184736251\n"
    "Wifi casa,MOVISTAR_7A2C,Fq9kW2xLpZ7tRb3nHs4Y,pegatina router\n"
)


@pytest.mark.parametrize("secret", ["Pepa1952!", "Mv8821rq", "Fq9kW2xLpZ7tRb3nHs4Y"])
def test_login_table_password_column_masked(secret: str) -> None:
    redacted = redact_text(_TABLE)[0]
    assert secret not in redacted
    assert "52384716K" in redacted and "000184736251" in redacted and "MOVISTAR_7A2C" in redacted


def test_kennwort_column_masked() -> None:
    text = "Dienst;Benutzername;Kennwort\nNAS;oma.k;Sommer#2024x\nMail;opa;Winter!2023y\n"
    redacted = redact_text(text)[0]
    assert "Sommer#2024x" not in redacted and "Winter!2023y" not in redacted
    assert "oma.k" in redacted


@pytest.mark.parametrize(
    "text",
    [
        # a key's column without a login's: a product key, a sort key, a code
        "producto,clave,precio\nMesa,MESA-2024-X1,120\nSilla,SIL-77-B,45\n",
        # a login column beside columns no secret's word names
        "usuario,rol,oficina\nana,admin,Madrid2\nluis,editor,Sevilla\n",
        # ids, versions, digests in a login table's other columns
        "usuario,clave,version,commit\nana,,4.12.3,3f9a7c1e5b2d8f4a6c0e9b7d5f3a1c8e2b4d6f80\n",
        "I have 3 kids aged 7, 9 and 12",
    ],
)
def test_benign_tables_stay(text: str) -> None:
    assert redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secrets", "kept"),
    [
        # a column name in a script other than ASCII (``Contraseña``, ``Zugangsschlüssel``) is a
        # column name: the header is read, not dropped for it
        (
            "Dienst;Benutzer;Zugangsschlüssel;Notiz\nNAS;oma.k;Sommer#2024x;Keller\nMail;opa;Winter!2023y;\n",
            ["Sommer#2024x", "Winter!2023y"],
            ["oma.k", "Keller"],
        ),
        (
            "sitio,usuario,contraseña,notas\nbanco,pepa52,Rosa#1952x,firma\ncorreo,pepa,Luna!2020z,\n",
            ["Rosa#1952x", "Luna!2020z"],
            ["pepa52", "firma"],
        ),
        # beside a login's column, a column named a key or a secret holds the login's password,
        # whatever its shape (a chosen one, not only a random one)
        (
            "service,username,access key,notes\nrouter,admin,Tulpe-2024!,basement\nnas,backup,Garten#77b,\n",
            ["Tulpe-2024!", "Garten#77b"],
            ["admin", "basement"],
        ),
    ],
)
def test_login_table_key_column_holds_passwords(text: str, secrets: list[str], kept: list[str]) -> None:
    redacted = redact_text(text)[0]
    assert all(s not in redacted for s in secrets)
    assert all(k in redacted for k in kept)


@pytest.mark.parametrize(
    "text",
    [
        # a key column without a login's column: product keys, sort keys stay
        "producto,clave,precio\nMesa,MESA-2024-X1,120\nSilla,SIL-77-B,45\n",
        "artículo,categoría,código,stock\nMesa,muebles,M-2024,3\n",
        # a login column beside a column of record keys
        "usuario,cache key,región\nana,user:42,eu-1\nluis,user:43,us-2\n",
    ],
)
def test_tables_of_keys_without_logins_stay(text: str) -> None:
    assert redact_text(text)[0] == text
