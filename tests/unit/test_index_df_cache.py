"""The index remembers query terms' document frequencies for one generation: a refresh that
changes the index forgets them, so the words that pick candidates follow the root as it is."""

from __future__ import annotations

from pathlib import Path

from memscribe.index import open_index
from memscribe.index import query as light
from tests.support.store_helpers import write_profile


def test_frequencies_are_cached_and_forgotten_by_a_refresh(tmp_path: Path) -> None:
    write_profile(tmp_path, "prof_kayak001", "hobby", "User goes kayaking on the Danube.")
    write_profile(tmp_path, "prof_city0001", "home-city", "User lives in Vienna.")
    with open_index(tmp_path, refresh=False) as index:
        index.refresh(full=True)
        first = index.shortlist("profile", "hobby", "User kayaks on the Danube at weekends.", namespace=None)
        assert [s.id for s in first] == ["prof_kayak001"]
        cached = dict(index._df_cache)
        assert cached and all(df >= 0 for df in cached.values())
        assert cached.get(light.porter_guess("danube")) == 1

        write_profile(tmp_path, "prof_kayak002", "trip", "User paddled the Danube delta in May.")
        stats = index.refresh(full=True)
        assert stats.added == 1
        assert index._df_cache == {}  # a new generation: nothing remembered
        index.shortlist("profile", "hobby", "User kayaks on the Danube at weekends.", namespace=None)
        assert index._df_cache[light.porter_guess("danube")] == 2


def test_cached_frequencies_pick_the_same_words(tmp_path: Path) -> None:
    for i, city in enumerate(["Vienna", "Graz", "Linz", "Salzburg"]):
        write_profile(tmp_path, f"prof_city000{i}", f"city-{i}", f"User visited {city} with the choir.")
    with open_index(tmp_path, refresh=False) as index:
        index.refresh(full=True)
        words = ["choir", "graz", "vienna", "salzburg", "unknownword"]
        total = index._total()
        fresh = light.selective_words(index.conn, words, total)
        cache: dict[str, int] = {}
        assert light.selective_words(index.conn, words, total, cache) == fresh
        assert light.selective_words(index.conn, words, total, cache) == fresh  # from the cache
        assert cache[light.porter_guess("unknownword")] == 0
