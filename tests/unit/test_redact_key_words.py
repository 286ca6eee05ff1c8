"""Spanish ``clave``, French ``clé`` and German ``Schlüssel`` name a password in everyday speech
("la clave del wifi", "la clé wifi", "der WLAN-Schlüssel"), as ``contraseña``, ``mot de passe``
and ``Passwort`` do (issue 12): a value linked to one in its clause is decided as a password's
(a chosen one, a PIN), not only as a generated token's. A word they begin ("Schlüsselwort") is
none, and a name in code is no password ("id_ed25519", "clave_sha256"). Values are made up."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets


def _found(text: str) -> list[str]:
    return [text[f.start : f.end] for f in find_secrets(text)]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("la clave del wifi es Girasol2031 y está en el cartel", "Girasol2031"),
        ("Por cierto la clave de la tablet es 734019, ¿la cambio?", "734019"),
        ("usuario admin y clave Rw7!pantera", "Rw7!pantera"),
        ("la clé wifi est Mouette42 pour les invités", "Mouette42"),
        ("der WLAN-Schlüssel ist Sonnenblume#77 seit gestern", "Sonnenblume#77"),
    ],
)
def test_a_value_linked_to_a_key_word_is_masked(text: str, value: str) -> None:
    assert value in _found(text)


@pytest.mark.parametrize(
    "text",
    [
        "Das Schlüsselwort ist async2 hier",
        "der SSH-Schlüssel ist id_ed25519",
        "Pon la clave del banco en `clave_sha256` y la contraseña aparte",
        "la clave es usar índices compuestos",
        "la clave del éxito es la constancia",
    ],
)
def test_other_clauses_with_a_key_word_are_kept(text: str) -> None:
    assert _found(text) == []
