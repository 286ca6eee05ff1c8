"""The embedded path end to end: a stored value the user says goes on is not replaced.

"Au boulot j'ai maintenant un MacBook Pro, mais chez moi c'est toujours le Dell" was written as
its first clause ("… maintenant un MacBook Pro": a change cue and a laptop) and archived "User uses
a Dell XPS laptop running Windows", which the second clause says still holds (continuative aspect:
"toujours", "still", "immer noch", "sigo", "还是", "相変わらず"; aspect.goes_on_beside). The new
laptop is kept beside it. A Dell shelved ("dort au placard") is still replaced.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.model.embedded.aspect import goes_on_beside
from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py

DELL = "User uses a Dell XPS laptop running Windows."


@pytest.mark.parametrize(
    "said",
    [
        "Au boulot j'ai maintenant un MacBook Pro, mais chez moi c'est toujours le Dell.",
        "I now use a MacBook Pro at work, but at home it's still the Dell.",
        "En el trabajo ahora tengo un MacBook Pro, pero en casa sigo con el Dell.",
        "Im Büro habe ich jetzt ein MacBook Pro, aber zu Hause nutze ich immer noch den Dell.",
        "公司现在给我配了MacBook Pro，但是在家还是用Dell。",
        "会社では今MacBook Proですが、家では相変わらずDellです。",
    ],
)
def test_a_value_said_to_go_on_is_kept(tmp_path: Path, said: str) -> None:
    archived, written = run(tmp_path, "laptop", DELL, said)
    assert archived == [], written


def test_a_shelved_value_is_still_replaced(tmp_path: Path) -> None:
    said = "Au boulot j'ai maintenant un MacBook Pro fourni par l'agence, et mon vieux Dell dort au placard."
    archived, written = run(tmp_path, "laptop", DELL, said)
    assert archived == ["prof_stored00"], written


@pytest.mark.parametrize(
    ("new", "said", "kept"),
    [
        (
            "User now has a MacBook Pro at work.",
            "At work I now have a MacBook Pro, but at home it's still the Dell.",
            True,
        ),
        ("User is still on the Dell at home.", "I'm still on the Dell at home.", False),
        ("User now has a MacBook Pro.", "I now have a MacBook Pro and the Dell is gone.", False),
    ],
)
def test_goes_on_beside(new: str, said: str, kept: bool) -> None:
    assert goes_on_beside(new, said, DELL) is kept
