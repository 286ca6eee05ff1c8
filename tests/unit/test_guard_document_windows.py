"""The classifier's windows follow sentences, not every dot: a file name, an address, a version
or a URL does not end a sentence (issue 12: clean documents flagged by a window that began
inside ``eval.py`` or ``noah.lee@…``)."""

from __future__ import annotations

from memscribe.guard import classifier
from memscribe.guard.verdict import windows


def test_a_dot_inside_a_word_ends_no_window() -> None:
    text = "Run python eval.py --split test. Contact noah.lee@example.com today. Version 0.2 ships!"
    assert windows(text)[1:] == [
        "Run python eval.py --split test. Contact noah.lee@example.com today.",
        "Contact noah.lee@example.com today. Version 0.2 ships!",
    ]
    # CJK full stops still end a sentence with no space after them
    assert len(windows("一つ目。二つ目。三つ目。")) == 3


def test_an_inner_mark_is_weighed_as_the_mark() -> None:
    model = classifier.load_model()
    assert model is not None
    # two sentences, no window but the whole text: scored as the plain scorer scores it (the
    # inner marks weigh what the marks weigh); split at every dot it would be four sentences
    for text in ("see eval.py and 0.2. then noah.lee@example.com", "page?q=1 wow!yes. ok"):
        assert abs(model.max_window_score(text, 2) - model.score(text)) < 1e-12, text
