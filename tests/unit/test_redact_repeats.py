"""A value found as a secret is masked where it recurs verbatim (issue 12): later in the same
text, and in later texts of the same transcript; a value that recurs line after line (an
identifier) or is short is left to the detectors. Every value is generated for these tests."""

from __future__ import annotations

import random
import string

from memscribe.redaction import find_secrets, redact_text
from memscribe.redaction.combine import REPEAT_MAX, REPEAT_MIN_LEN, Masker
from memscribe.schemas.transcript import SourcePos, Transcript, Turn
from memscribe.stages.redact import redact_transcript

_RNG = random.Random(20261203_14)


def _password(n: int = 14) -> str:
    """``n`` characters: a dot, letters and digits, a ``!`` and a digit (a password's shape)."""
    body = "".join(_RNG.choice(string.ascii_letters + string.digits) for _ in range(n - 3))
    return "." + body[:3] + "!" + body[3:] + _RNG.choice(string.digits)


def _said(pw: str) -> str:
    return f"ok. the vault password is {pw} if you need it"


def _used(pw: str) -> str:
    return f"printf '%s' '{pw}' > /tmp/.vp && ansible-vault view vault.yml --vault-password-file /tmp/.vp"


def test_the_command_alone_is_not_found() -> None:
    """What the tests below rely on: no detector finds the value in the command by itself."""
    pw = _password()
    assert [f for f in find_secrets(_used(pw))] == []
    assert len(find_secrets(_said(pw))) == 1


def test_a_secret_repeated_in_one_text_is_masked_twice() -> None:
    pw = _password()
    out, found = redact_text(_said(pw) + "\n" + _used(pw))
    assert pw not in out and len(found) == 2
    assert out.count("[REDACTED:password]") == 2  # the same value keeps its one mask


def test_a_secret_repeated_in_a_later_turn_is_masked() -> None:
    pw = _password()
    turns = tuple(
        Turn(index=i, role=role, text=text, source=SourcePos(file="t.jsonl", line=i + 1))  # type: ignore[arg-type]
        for i, (role, text) in enumerate((("user", _said(pw)), ("tool", _used(pw)), ("user", "thanks")))
    )
    out, redactions = redact_transcript(Transcript(source="t.jsonl", format="openclaw", turns=turns))
    assert pw not in out.model_dump_json()
    assert [(r.type, r.turn) for r in redactions] == [("password", 0), ("password", 1)]
    assert out.turns[1].text.startswith("printf '%s' '[REDACTED:password]' > /tmp/.vp")


def test_a_value_recurring_line_after_line_is_left_to_the_detectors() -> None:
    pw = _password()
    text = "\n".join([_said(pw)] + [_used(pw)] * REPEAT_MAX)
    found = find_secrets(text)
    assert len(found) == 1 and text[found[0].start : found[0].end] == pw


def test_a_short_value_is_not_repeated() -> None:
    pw = _password(REPEAT_MIN_LEN - 1)
    text = _said(pw) + "\n" + _used(pw)
    found = find_secrets(text)
    assert [text[f.start : f.end] for f in found] == [pw]


def test_only_the_values_a_later_text_holds_are_looked_for_again() -> None:
    """Issue 17: a later text is searched again only for the earlier secrets it holds, however
    few have been masked (before, while under the scanner's first build every value was counted
    in every text)."""
    masker = Masker()
    pws = [_password() for _ in range(3)]
    for pw in pws:
        masker.redact(_said(pw))
    assert masker._repeated("thanks, that worked") == []
    assert masker._repeated(_used(pws[1])) == [(pws[1], "password")]
    out, found = masker.redact(_used(pws[1]))
    assert pws[1] not in out and [f.type for f in found] == ["password"]
