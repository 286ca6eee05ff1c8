"""Per-language rows in eval reports: the language of the user's own messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.evaluation.datasets import load_agent, session_language

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("texts", "code"),
    [
        (["Can you make the chart bigger? I think it is too small for the slides."], "en"),
        (["Oye, ¿me ayudas con la hoja de cálculo? Es para el colegio de mi hija."], "es"),
        (["Kannst du mir bei der Tabelle helfen? Ich brauche sie für die Arbeit."], "de"),
        (["Peux-tu m'aider avec le tableau ? Je dois le rendre demain et je ne sais pas."], "fr"),
        (["帮我看一下这个表格，明天要交。"], "zh"),
        (["この表を見てもらえますか。明日までに出します。"], "ja"),
        (["1234 5678", ""], "und"),
    ],
)
def test_language_of_user_messages(texts: list[str], code: str) -> None:
    assert session_language(texts) == code


def test_agent_units_carry_a_language_row() -> None:
    units = load_agent(REPO / "fixtures" / "eval" / "authored" / "dev" / "agent")
    langs = {c for u in units for c in u.categories if c.startswith("lang:")}
    assert {"lang:en", "lang:zh", "lang:ja", "lang:es", "lang:de", "lang:fr"} <= langs
    assert all(sum(c.startswith("lang:") for c in u.categories) == 1 for u in units)
