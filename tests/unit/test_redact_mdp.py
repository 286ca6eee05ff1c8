"""``mdp``, French for a password's name as ``pwd`` is English, names a password in a clause
(redaction.clauses ``_PASSWORD_WORDS``); words holding the letters stay."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("User: il a mis un mdp sur le panel web Pterodactyl : Hugo&Moi_2026.", "Hugo&Moi_2026"),
        ('% SSID: LABO-GEN-IOT  mdp: "pipette-centrifugeuse-42"', "pipette-centrifugeuse-42"),
        ("mon mdp c'est Chat_noir_91", "Chat_noir_91"),
    ],
)
def test_mdp_value_masked(text: str, secret: str) -> None:
    assert secret not in redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        "le module mdpx est en version 4.12.3-rc1",
        "cmdp: 3f9a7c1e5b2d8f4a6c0e9b7d5f3a1c8e2b4d6f80",
        "mdp oublié, je le réinitialise demain",
        "la commande 1002-4471-2290 est partie",
        "request id 550e8400-e29b-41d4-a716-446655440000",
        "I have 3 kids aged 7, 9 and 12",
    ],
)
def test_mdp_benign_stays(text: str) -> None:
    assert redact_text(text)[0] == text
