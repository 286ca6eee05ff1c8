"""The guard's verdict on one text: rules first, then the learned classifier.

:func:`check` normalises the text (:mod:`memscribe.guard.normalise`), runs the rule table on
every view and, when no rule fires, scores the text and its sentence windows with the shipped
classifier. Rules that judge what is *said* to the agent skip a quoted attack inside the
writer's own words, and the classifier scores the writer's words with such quotations left out
(:mod:`memscribe.guard.quoting`), so a question about an attack is judged by the question. The
verdict names its reason: the rule, or ``classifier`` with the score, so a
refusal can always be explained.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memscribe.guard import classifier, normalise, rules
from memscribe.guard.quoting import dequote

__all__ = ["CLASSIFIER_RULE", "Verdict", "check", "classifier_text", "injection_rule", "windows"]

#: The ``rule`` a classifier verdict carries.
CLASSIFIER_RULE = "classifier"
#: Where :meth:`~memscribe.guard.classifier.Model.max_window_score` ends a sentence: after each
#: ``.``/``!``/``?`` (each is its own token) and at line breaks.
_SENTENCE_END = re.compile(r"(?<=[.!?。！？])|\n")
#: Sentences per window: an instruction hidden in a document is one or two sentences.
WINDOW_SENTENCES = 2


@dataclass(frozen=True)
class Verdict:
    """``rule`` names why text was flagged (a rule name or ``classifier``); ``None`` when clean.

    ``score`` is the classifier's highest window score (``None`` when no classifier is shipped
    or a rule decided first).
    """

    rule: str | None
    score: float | None = None

    @property
    def injection(self) -> bool:
        return self.rule is not None


def windows(text: str) -> list[str]:
    """``text`` itself, then each run of :data:`WINDOW_SENTENCES` consecutive sentences (when
    the text has more than that): the texts the classifier scores, as training sees them."""
    parts = [p for p in (s.strip() for s in _SENTENCE_END.split(text)) if p]
    if len(parts) <= WINDOW_SENTENCES:
        return [text]
    step = WINDOW_SENTENCES
    return [text] + [" ".join(parts[i : i + step]) for i in range(max(1, len(parts) - step + 1))]


def classifier_text(view: str) -> str:
    """What the classifier scores of a normalised view: quotations inside the writer's own
    words left out (:func:`~memscribe.guard.quoting.dequote`). Training scores the same."""
    return dequote(view)


def check(text: str, *, use_classifier: bool = True) -> Verdict:
    """The verdict on ``text``: the first rule that fires on any normalised view, else the
    classifier when the text's score reaches the shipped threshold, or a window's score the
    window threshold."""
    views = normalise.views(text)
    rule = rules.first_rule(views)
    if rule is not None or not use_classifier:
        return Verdict(rule)
    model = classifier.load_model()
    if model is None:
        return Verdict(None)
    scores = [model.text_and_window_scores(classifier_text(v), WINDOW_SENTENCES) for v in views]
    flagged = any(model.flags(whole, window) for whole, window in scores)
    best = max(max(pair) for pair in scores)
    return Verdict(CLASSIFIER_RULE if flagged else None, round(best, 4))


def injection_rule(text: str) -> str | None:
    """Why ``text`` would steer an agent (a rule name, or ``classifier``), or ``None`` when clean."""
    return check(text).rule


def memory_rule(text: str) -> str | None:
    """Why ``text`` must not be *stored* as a memory: :func:`injection_rule`, and any fetch-and-run
    shape whoever it is aimed at (a stored "always run bash <(curl …)" runs in every session)."""
    return rules.remote_execution_rule(normalise.views(text)) or injection_rule(text)
