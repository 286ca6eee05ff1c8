"""A full stop or dash after a word is not part of it: a stopword ending a sentence stays a stopword."""

from __future__ import annotations

from memscribe.textsim import content_tokens, similarity


def test_stopword_at_sentence_end_is_not_content() -> None:
    assert content_tokens("No, I never have.") == set()
    assert content_tokens("I like it.") == content_tokens("I like it")


def test_joiners_inside_a_word_are_kept() -> None:
    assert "c++" in content_tokens("I write C++.")
    assert "c#" in content_tokens("Uses C#.")
    assert any(t.startswith("node.j") for t in content_tokens("We deploy with node.js."))


def test_sentence_end_does_not_change_similarity() -> None:
    assert similarity("User has a dog.", "User has a dog") == 1.0
