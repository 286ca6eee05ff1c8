"""Property tests: planted secrets of every provider format never survive redaction."""

from __future__ import annotations

import string

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from memscribe.redaction.values import not_a_secret
from memscribe.stages.redact import redact_text

ALNUM = string.ascii_letters + string.digits
URLSAFE = ALNUM + "_-"
HEX = "0123456789abcdef"


def _s(alphabet: str, n: int, m: int | None = None) -> st.SearchStrategy[str]:
    return st.text(alphabet=alphabet, min_size=n, max_size=n if m is None else m)


def _join(*parts: st.SearchStrategy[str] | str) -> st.SearchStrategy[str]:
    strats = [st.just(p) if isinstance(p, str) else p for p in parts]
    return st.tuples(*strats).map("".join)


SECRETS: dict[str, st.SearchStrategy[str]] = {
    "openai": _join("sk-proj-", _s(URLSAFE, 40, 120)),
    "openai_classic": _join("sk-", _s(ALNUM, 48)),
    "anthropic": _join("sk-ant-api03-", _s(URLSAFE, 40, 95)),
    "google": _join("AIza", _s(URLSAFE, 35)),
    "aws_id": _join(st.sampled_from(["AKIA", "ASIA"]), _s(string.ascii_uppercase + string.digits, 16)),
    "github": _join(st.sampled_from(["ghp_", "gho_", "ghs_", "ghu_"]), _s(ALNUM, 36)),
    "github_pat": _join("github_pat_", _s(ALNUM + "_", 82)),
    "gitlab": _join("glpat-", _s(URLSAFE, 20)),
    "slack": _join(
        st.sampled_from(["xoxb-", "xoxp-", "xoxa-"]), _s(string.digits, 12), "-", _s(string.digits, 13), "-",
        _s(ALNUM, 24),
    ),
    "stripe": _join(st.sampled_from(["sk_live_", "rk_live_"]), _s(ALNUM, 24, 99)),
    "huggingface": _join("hf_", _s(ALNUM, 34)),
    "npm": _join("npm_", _s(ALNUM, 36)),
    "pypi": _join("pypi-AgEIcHlwaS5vcmc", _s(URLSAFE, 50, 90)),
    "sendgrid": _join("SG.", _s(URLSAFE, 22), ".", _s(URLSAFE, 43)),
    "twilio": _join("SK", _s(HEX, 32)),  # an account SID (AC…) is an identifier
    "telegram": _join(_s(string.digits, 10), ":AA", _s(URLSAFE, 33)),
    "discord": _join(st.sampled_from(["M", "N"]), _s(ALNUM, 23), ".", _s(ALNUM, 6), ".", _s(ALNUM, 27)),
    "jwt": _join("eyJ", _s(URLSAFE, 20, 40), ".eyJ", _s(URLSAFE, 20, 80), ".", _s(URLSAFE, 43)),
    "bitbucket": _join("ATBB", _s(ALNUM, 32)),
    "pem": _join(
        "-----BEGIN RSA PRIVATE KEY-----\n", _s(ALNUM + "+/", 64), "\n", _s(ALNUM + "+/", 40),
        "=\n-----END RSA PRIVATE KEY-----",
    ),
}  # fmt: skip

_surrounding = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",)),  # any text, surrogates aside
    max_size=60,
)
_sep = st.sampled_from([" ", "\n", "\t", " : ", "\n\n"])


@st.composite
def planted(draw: st.DrawFn) -> tuple[str, str, int]:
    kind = draw(st.sampled_from(sorted(SECRETS)))
    secret = draw(SECRETS[kind])
    # shrinking can reach values the value decision rightly keeps (``0000…``, alphabet runs,
    # word-shaped identifiers): those are not secrets, so they are not planted
    assume(not not_a_secret(secret))
    before = draw(_surrounding) + draw(_sep)
    after = draw(_sep) + draw(_surrounding)
    return before + secret + after, secret, len(before)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(planted())
def test_planted_secret_never_survives(case: tuple[str, str, int]) -> None:
    text, secret, at = case
    out, findings = redact_text(text)
    assert secret not in out
    # spans point into the input, are ordered and disjoint, and cover the planted secret
    prev_end = 0
    for f in findings:
        assert prev_end <= f.start < f.end <= len(text)
        prev_end = f.end
    assert any(f.start <= at and at + len(secret) <= f.end for f in findings)
    # masking is idempotent
    assert redact_text(out) == (out, [])


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_redaction_is_idempotent_on_any_text(text: str) -> None:
    out, findings = redact_text(text)
    for f in findings:
        assert 0 <= f.start < f.end <= len(text)
    assert redact_text(out) == (out, [])
