"""Armoured key blocks are found in time linear in the text (redaction.keyblocks): each BEGIN
header is paired with the first END line 16 to 16384 characters after it, the END lines found
once, not looked for from every header anew. The spans are those ``re.finditer`` gives for the
block patterns (the oracle); a line of many headers four times as long costs about four times
as much (CPU measured side by side in one run, as a ratio)."""

from __future__ import annotations

import random
import re

import pytest

from memscribe.redaction import detectors, find_secrets
from memscribe.redaction.keyblocks import _KEY_BLOCK, _PRIVATE_KEY, find_key_blocks, find_private_keys
from tests.support.growth import cpu_growth

_PIECES = (
    "-----BEGIN PRIVATE KEY-----",
    "-----BEGIN RSA PRIVATE KEY-----",
    "-----BEGIN PGP PRIVATE KEY BLOCK-----",
    "-----END PRIVATE KEY-----",
    "-----END RSA PRIVATE KEY-----",
    "-----END PGP PRIVATE KEY BLOCK-----",
    "-----BEGIN OpenVPN Static key V1-----",
    "-----END OpenVPN Static key V1-----",
    "-----BEGIN PUBLIC KEY-----",
    "-----END PUBLIC KEY-----",
    "-----BEGIN key-----",
    "-----END X-----",
    "-----BEGIN",
    "-----END",
    "-----",
    "PRIVATE KEY-----",
    "MIIEowIBAAKCAQEA7x",
    "abcdefghijklmnopqrstuvwxyz0123",
    "\n",
    "\\n",
    " ",
    "x",
)


def _oracle(pattern: str, text: str) -> list[tuple[int, int]]:
    return [m.span() for m in re.finditer(pattern, text, re.DOTALL)]


def _texts(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    texts = []
    for _ in range(count):
        parts = [rng.choice(_PIECES) for _ in range(rng.randint(1, 24))]
        if rng.random() < 0.25:  # a gap near the least and the most the pattern allows
            parts.insert(rng.randint(0, len(parts)), "B" * rng.choice((5, 10, 11, 16380, 16384, 16400)))
        texts.append("".join(parts))
    return texts


_ADVERSARIAL = (
    # an END too close (under 16 characters) to its header, then one in reach
    "-----BEGIN PRIVATE KEY-----short-----END PRIVATE KEY-----" + "A" * 20 + "-----END PRIVATE KEY-----",
    # two headers, one END: the first header takes it, the second is inside that block
    "-----BEGIN PRIVATE KEY-----" * 2 + "b" * 20 + "-----END PRIVATE KEY-----",
    # headers in a row, ENDs in a row: each block ends at the first END in reach, not the last
    "-----BEGIN PRIVATE KEY-----\n" + "c" * 30 + "\n-----END PRIVATE KEY-----" * 3,
    # an END just out of reach, then a cut-off block's base64 body
    "-----BEGIN EC PRIVATE KEY-----\n" + "D" * 16400 + "-----END EC PRIVATE KEY-----",
    "-----BEGIN EC PRIVATE KEY-----" + "e" * 16384 + "-----END EC PRIVATE KEY-----",
    '{"k": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\nabc"}',
    "-----BEGIN OpenVPN Static key V1-----\n" + "f" * 40 + "\n-----END OpenVPN Static key V1-----",
    "-----BEGIN PUBLIC KEY-----\n" + "g" * 40 + "\n-----END PUBLIC KEY-----",
)


@pytest.mark.parametrize("text", [*_ADVERSARIAL, *_texts(12, 400)])
def test_blocks_are_the_patterns_matches(text: str) -> None:
    assert list(find_private_keys(text)) == _oracle(_PRIVATE_KEY, text)
    assert list(find_key_blocks(text)) == _oracle(_KEY_BLOCK, text)


def test_each_header_takes_the_first_end_in_reach() -> None:
    header, end = "-----BEGIN PRIVATE KEY-----", "-----END PRIVATE KEY-----"
    text = header + "x" * 20 + end + "y" * 20 + end
    assert list(find_private_keys(text)) == [(0, len(header) + 20 + len(end))]
    assert [f.type for f in find_secrets(text)] == ["private_key"]


@pytest.mark.parametrize(
    "unit",
    [
        "-----BEGIN PRIVATE KEY-----",
        "-----BEGIN RSA PRIVATE KEY-----\\n",
        "-----BEGIN OpenVPN Static key V1-----",
    ],
)
def test_a_line_of_headers_costs_linear_time(unit: str) -> None:
    """Headers without an END line (a search from each header scans up to the 16 KB a block may
    span): the key-block detectors on a line eight times as long cost under twenty times as much
    (linear: about 8; a search from each header: about 48, 4 KB to 32 KB). The ratio was 4x the
    length against a bound of 8x until a CI run under load measured 8.19 for the linear code."""
    finders = [d.find for d in detectors() if d.name == "private_key"]
    short = unit * (4096 // len(unit))
    long = unit * (8 * 4096 // len(unit))

    def run(text: str) -> None:
        for _ in range(3):
            for find in finders:
                list(find(text))

    ratio = cpu_growth(run, short, long)
    assert ratio < 20, ratio
