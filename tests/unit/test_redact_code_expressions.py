"""Code in source files is no secret (issue 12: "must not mask ... in a memory worth keeping"):
a value computed by a call or a subscript, and a value written in a regular expression's syntax
(a scanner's or validator's rules). Found by scanning the venv's installed packages at
415064a4 (``prev_key = key[:-1].rstrip()``, ``cl_api_key = r'([a-z]{24})'``); the secrets
beside them are made up for these tests and stay masked."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets


@pytest.mark.parametrize(
    "line",
    [
        "prev_key = key[:-1].rstrip()",
        'key = mt19937.state["state"]["key"]',
        "project_token = uuid.uuid4().hex[:6]",
        "secret_key=hashlib.sha256(session_secret.encode()).hexdigest(),",
        "word_size_token = line[index:].split()[0]",
        "tzkey = rule_tzids[parm.split('TZID=')[-1]]",
        "SECRET = SecureRandom.hex(32)",  # Ruby
        "api_token = tokens[2].value",
    ],
)
def test_a_value_computed_by_a_call_or_subscript_is_code(line: str) -> None:
    assert find_secrets(line) == []


@pytest.mark.parametrize(
    "line",
    [
        "cl_api_key = r'([a-z]{24})'",
        "secret = r'([a-zA-Z0-9_\\-]{44}(?![a-zA-Z0-9_\\-]))'",
        "key_or_pass = r'(?:key|pwd|password|pass|token)'",
        '_HEX_PAT = "[0-9A-Fa-f]{1,4}"',
        "const API_KEY_PATTERN = '[A-Za-z0-9]{32}'",  # JavaScript
        'TOKEN_RE = "\\\\d{6}"',
        "pat_token = r'[-.\\d]+'",
    ],
)
def test_a_regular_expression_is_a_pattern_not_a_value(line: str) -> None:
    assert find_secrets(line) == []


@pytest.mark.parametrize(
    ("line", "secret"),
    [
        ("DB_PASSWORD=Tr0ub4dor3xq!", "Tr0ub4dor3xq!"),
        ("SECRET_KEY=ab12cd34ef56gh78ij90kl12", "ab12cd34ef56gh78ij90kl12"),
        ('password = "Xk9#mQ2[vL7"', "Xk9#mQ2[vL7"),  # a bracket alone is no pattern
        ("api_key = 'Zq8Vn3Lx(7Tb)Wm4Rk2p'", "Zq8Vn3Lx(7Tb)Wm4Rk2p"),  # nor a bracketed run
    ],
)
def test_values_with_brackets_that_are_no_code_stay_masked(line: str, secret: str) -> None:
    assert secret in [line[f.start : f.end] for f in find_secrets(line)]


@pytest.mark.parametrize(
    "text",
    [
        '__all__ = [\n    "hashlib",\n    "secrets",\n    "tempfile",\n]\nrun(__all__)\n',
        'params = [\n    "api_base",\n    "api_key",\n    "timeout",\n]\nprint(params)\n',
        'mods = ("secrets", "typing", "os")',
        "names = ['test_pass', 'test_summary', 'test_true']",
    ],
)
def test_a_word_after_a_secret_word_in_a_list_is_an_item(text: str) -> None:
    # (a call in the text: the reader of named calls' pairs looks only then)
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("line", "secret"),
    [
        ('config.set("password", "Tr0ub4dor3xq")', "Tr0ub4dor3xq"),
        ('client = Client(host, "api_key", "sk9Vn3LxQ7Tb2Wm4Rk8p")', "sk9Vn3LxQ7Tb2Wm4Rk8p"),
        (
            'os.environ.setdefault(\n    "SECRET_KEY",\n    "q8Vn3LxZ7Tb2Wm4Rk8pD5",\n)',
            "q8Vn3LxZ7Tb2Wm4Rk8pD5",
        ),
    ],
)
def test_a_name_and_its_value_as_a_call_arguments_stay_masked(line: str, secret: str) -> None:
    assert secret in [line[f.start : f.end] for f in find_secrets(line)]
