"""Ids: prefix, alphabet, uniform last character, collision check."""

from __future__ import annotations

from collections import Counter

import pytest

from memscribe.errors import StoreError
from memscribe.store.ids import ALPHABET, ID_RE, new_id


@pytest.mark.parametrize(("kind", "prefix"), [("profile", "prof_"), ("playbook", "pbk_")])
def test_shape(kind: str, prefix: str) -> None:
    memory_id = new_id(kind, set())  # type: ignore[arg-type]
    assert memory_id.startswith(prefix)
    suffix = memory_id.removeprefix(prefix)
    assert len(suffix) == 8
    assert set(suffix) <= set(ALPHABET)
    assert ID_RE.match(memory_id)


def test_last_character_is_uniform() -> None:
    """Chi-square on the last character: the public plugin's ids always end in '0'."""
    n = 36 * 200
    counts = Counter(new_id("profile", ())[-1] for _ in range(n))
    assert set(counts) == set(ALPHABET)
    expected = n / len(ALPHABET)
    chi2 = sum((counts[c] - expected) ** 2 / expected for c in ALPHABET)
    # 35 degrees of freedom: p = 1e-6 is at about 87.
    assert chi2 < 87, chi2


def test_every_position_varies() -> None:
    drawn = [new_id("playbook", ()).removeprefix("pbk_") for _ in range(500)]
    for position in range(8):
        assert len({d[position] for d in drawn}) > 20


def _number(body: str) -> int:
    """The number :func:`secrets.randbelow` draws for ``body`` (its first character the lowest digit)."""
    return sum(ALPHABET.index(c) * len(ALPHABET) ** i for i, c in enumerate(body))


def test_collision_is_redrawn(monkeypatch: pytest.MonkeyPatch) -> None:
    queue = iter([_number("aaaaaaaa"), _number("bbbbbbbb")])
    monkeypatch.setattr("secrets.randbelow", lambda n: next(queue))
    assert new_id("profile", {"prof_aaaaaaaa"}) == "prof_bbbbbbbb"


def test_gives_up_with_store_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("secrets.randbelow", lambda n: _number("aaaaaaaa"))
    with pytest.raises(StoreError, match="free profile id"):
        new_id("profile", {"prof_aaaaaaaa"})


def test_one_draw_per_id(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17: an id is one draw from the system's random source (it was one per character,
    ~15 us an id), over every body of the alphabet's characters."""
    import secrets

    draws: list[int] = []
    real = secrets.randbelow

    def counted(n: int) -> int:
        draws.append(n)
        return real(n)

    monkeypatch.setattr("secrets.randbelow", counted)
    monkeypatch.setattr("secrets.choice", lambda seq: pytest.fail("one draw per character"))
    new_id("playbook", ())
    assert draws == [len(ALPHABET) ** 8]


def test_first_character_is_uniform() -> None:
    """The highest digit of the draw is as uniform as the lowest (the alphabet's powers cover it)."""
    n = 36 * 200
    counts = Counter(new_id("profile", ()).removeprefix("prof_")[0] for _ in range(n))
    expected = n / len(ALPHABET)
    chi2 = sum((counts[c] - expected) ** 2 / expected for c in ALPHABET)
    assert chi2 < 87, chi2
