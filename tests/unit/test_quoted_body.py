"""The body of a profile kept in the user's own words is built in one place
(``memscribe.model.embedded.text.in_their_words``), in the form the update cues read back."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import memscribe
from memscribe.model.embedded.dedup_parts import quoted_clauses
from memscribe.model.embedded.text import in_their_words
from memscribe.semantic.updates import own_words

PACKAGE = Path(memscribe.__file__).parent
LEAD = "User, in their words:"


@pytest.mark.parametrize(
    "said",
    ["Je joue du violon", "Ich arbeite bei Siemens", "我在华为工作", "ソニーで働いています"],
)
def test_the_quoted_body_reads_back_as_the_words_said(said: str) -> None:
    body = in_their_words(said)
    assert body == f'User, in their words: "{said}".'
    assert own_words(body) == f'{said}".'


def test_a_quoted_body_of_two_clauses_reads_back_as_both() -> None:
    body = in_their_words("Je joue du violon et je travaille chez Airbus")
    assert quoted_clauses(body) == ["Je joue du violon", "je travaille chez Airbus"]


def _builders() -> list[str]:
    """Modules whose code (not docstrings or comments) writes the quotation's lead in a string."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                if node.value.startswith(LEAD):
                    found.append(str(path.relative_to(PACKAGE)))
    return sorted(set(found))


def test_one_module_builds_the_quoted_body() -> None:
    assert _builders() == ["model/embedded/text.py"]
