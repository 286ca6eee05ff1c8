"""A name and its version alone (``CartPole-v1``, ``GridWorld-v3``: an environment's or a model's)
is no password (redaction.values ``_PW_NOT_VALUE``): since 'mdp' became a password word, an
English reinforcement-learning chat about an MDP lost its environment names."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


@pytest.mark.parametrize(
    "text",
    [
        "User: our mdp is GridWorld-v3 from gymnasium",
        "User: MDP: FrozenLake-v1, 16 states",
        "User: mdp: CartPole-v1",
        "User: mdp: Taxi-v3 env",
        "User: the password is Mountain-Car-v0, the env name",
    ],
)
def test_versioned_name_kept(text: str) -> None:
    assert redact_text(text)[0] == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("User: le mdp c'est Hugo&Moi_2026", "Hugo&Moi_2026"),
        ("User: mdp wifi: Tartiflette#74", "Tartiflette#74"),
        ("User: the password is Sommer-v2!x", "Sommer-v2!x"),
        ("User: the password is Kx7-v2mP", "Kx7-v2mP"),
    ],
)
def test_passwords_still_masked(text: str, secret: str) -> None:
    assert secret not in redact_text(text)[0]
