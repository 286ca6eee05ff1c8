"""A secret found in a URL's user info is masked with the whole URL (redaction.extents): the
scheme, login, host and path around a masked password tell where it is and whose it is, and
authors label the whole URL as the credential (issue 12: no part of a secret left readable)."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text

_PASSWORD = "MMy7snhOA0QQQoc2RhYI"


@pytest.mark.parametrize(
    ("before", "url", "after"),
    [
        ("DATABASE_URL=", f"postgres://orders_svc:{_PASSWORD}@staging-db.internal:5432/orders", ""),
        ("the broker is at ", f"amqp://worker:{_PASSWORD}@mq.internal:5672/jobs", " since Monday."),
        ("(see ", f"redis://:{_PASSWORD}@cache.internal:6379/0", ")."),
        ('url: "', f"https://deploy:{_PASSWORD}@git.example.org/team/app.git", '"'),
    ],
)
def test_whole_url_masked_and_its_surroundings_kept(before: str, url: str, after: str) -> None:
    out, findings = redact_text(before + url + after)
    assert findings
    assert out.startswith(before) and out.endswith(after), out
    middle = out[len(before) : len(out) - len(after)]
    assert middle.startswith("[REDACTED:") and middle.endswith("]"), out
    for part in ("://", "@", ".internal", "example.org", _PASSWORD[:6]):
        assert part not in middle, out


@pytest.mark.parametrize(
    "text",
    [
        "clone it from ssh://git@github.com/acme/app.git first",
        "the docs live at https://docs.example.com/v2/install?lang=en",
        "mail me at someone@example.com about it",
    ],
)
def test_urls_without_a_secret_are_left_whole(text: str) -> None:
    assert redact_text(text)[0] == text


def test_the_password_said_again_alone_is_masked_in_the_same_text() -> None:
    text = (
        f"DATABASE_URL=postgres://app:{_PASSWORD}@db.internal/app\nthen I typed {_PASSWORD} into the prompt"
    )
    out, _ = redact_text(text)
    assert _PASSWORD not in out and "db.internal" not in out, out
    assert out.endswith(" into the prompt"), out


def test_the_password_said_again_alone_is_masked_in_a_later_text() -> None:
    from memscribe.redaction.combine import Masker

    masker = Masker()
    first, _ = masker.redact(f"the broker is amqp://worker:{_PASSWORD}@mq.internal:5672/jobs")
    later, findings = masker.redact(f"and the admin UI takes {_PASSWORD} as well")
    assert "mq.internal" not in first and _PASSWORD not in first, first
    assert _PASSWORD not in later and findings, later
