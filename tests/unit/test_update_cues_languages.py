"""Change cues and additive focus across the languages of the sets (issue 11): a German move said
with its place ("nach Köln gezogen"), a start ("angefangen", "commencé", "empecé", "始めた"), the
Japanese "currently" (現在は, 今では) report a change as "moved", "started" and 今は do; the
Japanese particle も after a noun ("Macも") adds a value beside those held, as "also" does.

The updates failed before (kept beside the stale fact), and so did the control with も (it
archived "develops on Windows at work").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.semantic.updates import additive, change_cue
from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("text", "cue"),
    [
        ("Wir sind im Mai nach Köln gezogen", True),
        ("Ich habe angefangen zu laufen", True),
        ("J'ai commencé le yoga", True),
        ("Empecé a correr", True),
        ("He empezado a correr", True),
        ("現在はLinuxで開発してる", True),
        ("今ではPythonしか書かない", True),
        ("ランニングを始めた", True),
        ("Das Kind hat an der Leine gezogen", False),
        ("Sie hat in Berlin gewohnt", False),
    ],
)
def test_change_cues(text: str, cue: bool) -> None:
    assert change_cue(text) is cue


@pytest.mark.parametrize(
    ("text", "adds"),
    [
        ("現在はMacも家で使ってる", True),
        ("猫も飼ってる", True),
        ("もう使ってない", False),
        ("でも高い", False),
        ("今は福岡のゲーム会社でデータアナリストやってる", False),
    ],
)
def test_japanese_additive_particle(text: str, adds: bool) -> None:
    assert additive(text) is adds


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("home-city-hamburg", "User lives in Hamburg", "Wir sind im Mai nach Köln gezogen."),
        ("os-windows", "User develops on Windows", "現在はLinuxで開発してる。"),
    ],
)
def test_the_update_supersedes(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == ["prof_stored00"], written


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("os-windows", "User develops on Windows at work", "現在はMacも家で使ってる。"),
        ("hobby-piano", "User plays the piano", "Ich habe angefangen, Gitarre zu lernen."),
        ("running", "User goes running on weekends", "J'ai commencé le yoga le mardi."),
    ],
)
def test_nothing_true_is_archived(tmp_path: Path, slug: str, stored: str, said: str) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == [], written
