"""Japanese statements of the user's own that name a relative, a role or a kin word stay written
(review RV1 F1 and RV4 F3 of stop 49: 07b684cf and 03bc2d98 widened the Japanese row's
``third_party`` to a relative's thing, role nouns and honorific names, and these were dropped as
somebody else's; the row is aff02231's again)."""

from __future__ import annotations

import pytest

from tests.support.turns import extracted_profile_bodies as _bodies


@pytest.mark.parametrize(
    "text",
    [
        "母の料理が一番好きです。",
        "家族の健康が一番大切です。",
        "父の影響で釣りが趣味になりました。",
        "子どもが大好きです。",
        "歯医者が怖いです。",
        "看護師の仕事が好きです。",
    ],
)
def test_the_users_own_statement_is_written(text: str) -> None:
    assert _bodies(text) == [f'User, in their words: "{text.rstrip("。")}".']
