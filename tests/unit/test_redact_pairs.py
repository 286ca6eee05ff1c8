"""Secrets placed by code or a command rather than assigned (issue 12): a call's secret-named
first argument and its value, a salt, a ``…pass`` flag, a cloud key id followed by its secret.
Each masked shape beside a look-alike of the same shape that is kept. Values are made up."""

from __future__ import annotations

import pytest

from memscribe.redaction import find_secrets
from memscribe.redaction.pairs import find_code_pairs


def _found(text: str) -> str:
    return " ".join(text[f.start : f.end] for f in find_secrets(text))


def _pairs(text: str) -> list[str]:
    return [text[s:e] for s, e in find_code_pairs(text)]


_MASKED = [
    ("define( 'DB_PASSWORD', 'Kq7vN2xLp9TzWb4R' );", "Kq7vN2xLp9TzWb4R"),
    (
        "define( 'SECURE_AUTH_SALT', 'p3Zr+Wq9Lk2Vx7Nm4Bt8Yc1Hd6Jf0Gs5Ra+Ue3Ti9Oy2Pw7' );",
        "p3Zr+Wq9Lk2Vx7Nm4Bt8Yc1Hd6Jf0Gs5Ra+Ue3Ti9Oy2Pw7",
    ),
    ("  'passwordsalt' => 'Q8/xTk2Lw9VbRz4Nm7Pc1Hy',", "Q8/xTk2Lw9VbRz4Nm7Pc1Hy"),
    ('os.environ.setdefault("STRIPE_SECRET", "Zx81kLmQ2vW9pTr4Nb7Yc3Hd")', "Zx81kLmQ2vW9pTr4Nb7Yc3Hd"),
    ("command: redis-server --requirepass Wd9TkLq2Xv7RbN4m", "Wd9TkLq2Xv7RbN4m"),
    (
        "the new pair: AKIAQ7X2M4LK9PZT3RVW / r8Kq2/Zx7Lm+Vb4Tn9Wc1Yh6Pd3Jf0Gs5Ra8Ue2T",
        "r8Kq2/Zx7Lm+Vb4Tn9Wc1Yh6Pd3Jf0Gs5Ra8Ue2T",
    ),
    ("阿里云: LTAI5tQ9xK2mLp7VbR4nZw8c 和 Nd3Kq8Zx1Lm7Vb4Tn9Wc2Yh6Pq0J", "Nd3Kq8Zx1Lm7Vb4Tn9Wc2Yh6Pq0J"),
    ('OSS_SK = "Tq4Lm9Zx2Kv7Nb1Wc8Yh3Pd6J"', "Tq4Lm9Zx2Kv7Nb1Wc8Yh3Pd6J"),
]

_KEPT = [
    "define( 'DB_NAME', 'eastside_wp' );",  # not a secret's name
    "define( 'DB_PASSWORD', getenv('DB_PASSWORD') );",  # a call, not a literal
    "define( 'AUTH_SALT', 'put your unique phrase here' );",  # WordPress's placeholder
    "  'passwordsalt' => '',",  # empty
    "git commit --no-verify --bypass d9f3a1c2b7e0",  # bypass is not a password flag
    "redis-server --requirepass $REDIS_PASSWORD",  # a variable
    "AKIAQ7X2M4LK9PZT3RVW and the region eu-central-1 with bucket logs",  # no secret after the id
    'TASK_SK = "build-and-deploy-stage"',  # words
]


@pytest.mark.parametrize(("line", "value"), _MASKED)
def test_a_placed_secret_is_masked(line: str, value: str) -> None:
    assert value in _pairs(line)
    assert value in _found(line)


@pytest.mark.parametrize("line", _KEPT)
def test_a_look_alike_is_kept(line: str) -> None:
    assert _pairs(line) == []
