"""Classes of benign look-alikes kept (issue 12), each beside the secret it must not hide: an
IBAN on a line that calls it a test or example, a file's or a header's name said in prose next
to a password keyword, and a command's output on the line after a command that already holds
its secret. Every random value is generated for these tests."""

from __future__ import annotations

import random
import string

import pytest

from memscribe.redaction import find_secrets, shannon_entropy
from tests.support.secret_shapes import found as _found

_RNG = random.Random(20261202_12)
_B62 = string.ascii_letters + string.digits
_HEX = "0123456789abcdef"


def _token(n: int, alphabet: str = _B62) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(n))


# --------------------------------------------------------------------------- IBANs marked test

_IBAN = "GB02 NWBK 6016 1331 9268 20"  # a valid checksum, as any bank's test account has


@pytest.mark.parametrize(
    "line",
    [
        f"the integration test IBAN {_IBAN} (sandbox mode)",
        f"Use {_IBAN}, the bank's documented example account, for the demo.",
        f"Testdaten: {_IBAN} (Beispiel-IBAN)",
        f"fixtures/fake_payout.json: iban={_IBAN.replace(' ', '')}",
    ],
)
def test_an_iban_on_a_line_marked_test_or_example_is_kept(line: str) -> None:
    assert _found(line) == []


@pytest.mark.parametrize(
    "line",
    [
        f"refunds go to IBAN {_IBAN} please",
        f"payee_iban={_IBAN.replace(' ', '')}",
        f"the attestation was sent to {_IBAN}",  # "test" inside a word is no marker
        f"I'll make a small test transfer first, to my IBAN {_IBAN}",  # the test is the transfer's
    ],
)
def test_an_iban_elsewhere_is_still_masked(line: str) -> None:
    found = _found(line)
    assert len(found) == 1 and found[0].replace(" ", "") == _IBAN.replace(" ", "")


def test_only_the_marked_line_keeps_its_iban() -> None:
    text = f"test account: {_IBAN}\nmy own account: GB35 WEST 1234 5698 7612 34\n"
    found = find_secrets(text)
    assert len(found) == 1 and found[0].start > text.index("\n")


def test_the_same_iban_unmarked_elsewhere_is_masked_on_both_lines() -> None:
    """A value found as a secret is masked where it recurs (``with_repeats``): an account said
    to be the user's own is theirs on the line that calls it a test account too."""
    text = f"test account: {_IBAN}\nmy own account: {_IBAN}\n"
    assert len(find_secrets(text)) == 2


@pytest.mark.parametrize(
    "line",
    [
        '"DE89370400440532013000";"03.03.23";"UEBERWEISUNG";"Rechnung 417";"-89,00"',
        "IBAN: FR14 2004 1010 0505 0001 3M02 606",
        "payee_iban=NL91ABNA0417164300",
    ],
)
def test_a_documented_example_iban_is_kept_unmarked(line: str) -> None:
    """The IBAN registry's examples are no one's account, with no "example" said beside them."""
    assert _found(line) == []


def test_a_real_iban_beside_an_example_one_is_masked() -> None:
    text = f"from DE89 3704 0044 0532 0130 00 to {_IBAN}"
    assert [f.replace(" ", "") for f in _found(text)] == [_IBAN.replace(" ", "")]


# --------------------------------------------------------------------------- names in prose


@pytest.mark.parametrize(
    "text",
    [
        "2. **Deploy key** `id_ecdsa_deploy` (no passphrase): remove it from the server.",
        "The worker reads `backup_2025_q3` before the password prompt appears.",
        "- `usermod -p` sets a password in plain text. Cloud-Init logs keep it.",
        "Set X-Forwarded-For; the passphrase check then passes.",
    ],
)
def test_a_name_beside_a_password_keyword_is_kept(text: str) -> None:
    assert _found(text) == []


@pytest.mark.parametrize(
    "text, value",
    [
        ("login fails with Qv7#mLp2x? that's the password", "Qv7#mLp2x?"),  # the mark may be the password's
        ("the password for the nas is now Wren-Basalt-61", "Wren-Basalt-61"),
        ("password Tk9_vQ2w_Zr8 works again", "Tk9_vQ2w_Zr8"),
    ],
)
def test_passwords_said_in_prose_are_still_masked(text: str, value: str) -> None:
    assert _found(text) == [value]


# --------------------------------------------------------------------------- command output


def test_output_after_a_command_that_holds_its_secret_is_kept() -> None:
    password = _token(24)
    container = _token(64, _HEX)
    text = (
        f"Tool (bash): docker run -d --name cache redis:7 redis-server --requirepass '{password}'\n"
        f"{container}\n"
    )
    assert _found(text) == [password]


@pytest.mark.parametrize(
    "command",
    [
        "heroku config:get API_TOKEN -a shop",
        "echo $DEPLOY_SECRET",
        "vault kv get -field=password secret/db",
        "docker run -e DB_PASSWORD=$DB_PASSWORD app",  # a reference, not a value
    ],
)
def test_a_value_printed_by_a_command_that_names_a_secret_is_masked(command: str) -> None:
    value = _token(40)
    assert _found(f"$ {command}\n{value}\n") == [value]


# --------------------------------------------------------------------------- a key introduced


@pytest.mark.parametrize(
    "intro",
    [
        "ok I made a new key called edge-agents. here it is:",
        "本番の `master.key` を共有したいです。これです：",
        "Your API key was revoked, so I created a new one:",
    ],
)
def test_a_bare_value_after_a_line_introducing_a_key_is_masked(intro: str) -> None:
    value = _token(32, _HEX)
    while shannon_entropy(value) < 3.6:  # most random hex keys (a few fall under the bar)
        value = _token(32, _HEX)
    assert _found(f"{intro}\n{value}\n") == [value]


@pytest.mark.parametrize(
    "intro",
    [
        "The key fingerprint is:",
        "gpg: key imported, its id:",
        "Here is the public key:",
        "The key question is this:",  # the value must still look random
        "I made a new key called edge-agents.",  # not introducing what follows
    ],
)
def test_a_line_after_a_public_or_unintroduced_key_is_kept(intro: str) -> None:
    value = _token(32, _HEX) if "question" not in intro else "Mostly-about-latency"
    assert _found(f"{intro}\n{value}\n") == []


# --------------------------------------------------------------------------- spaced passwords


@pytest.mark.parametrize(
    "text, value",
    [
        (
            "Gmail asked him for an app password and he made one: qzvt hkwm rnbd xplc is that ok?",
            "qzvt hkwm rnbd xplc",
        ),
        ("app password qzvt-hkwm-rnbd-xplc for the phone", "qzvt-hkwm-rnbd-xplc"),
        (
            'for her vault password we picked "Otto Paints Blue Herons 1971", easy to recall',
            "Otto Paints Blue Herons 1971",
        ),
        ("the Wi-Fi password is “Seven Lanterns & Rain”", "Seven Lanterns & Rain"),
    ],
)
def test_a_spaced_password_after_a_keyword_is_masked(text: str, value: str) -> None:
    assert _found(text) == [value]


@pytest.mark.parametrize(
    "text",
    [
        "the password will then have some more rules",  # words, not random groups
        "a password that they want must have many more rules",
        'the password field says "Please enter your password" twice',
        'set the password policy to "require upper and lower case"',  # words only
        'password reset mails say "Reset your account now"',
        'the password must be "at least 12 characters" long',
        "the password must have 'between 8 and 64 chars'",
    ],
)
def test_quoted_prose_and_word_groups_after_a_keyword_are_kept(text: str) -> None:
    assert _found(text) == []
