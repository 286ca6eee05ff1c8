"""Train the injection guard's classifier and write ``pipeline/guard/weights.bin.gz``.

    .venv/bin/pip install -e '.[train]'          # numpy (training only; inference is pure Python)
    .venv/bin/python bench/train_guard.py        # deterministic: the same corpus and code, the same bytes
    .venv/bin/python bench/train_guard.py --check  # exit 1 when the shipped files are not what it gives

The file is written by :func:`memscribe.guard.classifier.encode_weights` (version 2 of the format,
:mod:`memscribe.guard.packed`: features by 64-bit digest in sorted arrays the guard loads as they
are; gzip without a timestamp). The weights are trained by name (:class:`~memscribe.guard.classifier.Model`);
the file keeps digests only, and the shipped model scores bit for bit as the named one would.

Reproduction (issue 12). ``--check`` trains as above, writes nothing, and exits 1 naming what
differs (header fields, weights) when either shipped file is not what the script gives byte for
byte: run it after any change to the features, to the windows the training learns from
(:func:`memscribe.guard.verdict.windows`), to the rules (they share the thresholds' budgets), to
the corpus or to a setting here. The shipped files were trained at ec7496c and the script gives
them back byte for byte up to 89a854f (weights, statement weights and thresholds 0.928 / 0.835 /
0.75). 10ed5e5 changed where a sentence ends (an ASCII ./!/? before a letter or digit ends none,
``verdict._SENTENCE_END``) without retraining; :func:`training_texts` teaches every benign sample
through those windows, so from there the script gives other main weights (57,025 -> 58,072 kept,
bias -3.322353 -> -3.160593; the statement model is unchanged), and with the rules since and the
grouped folds (5772af3) thresholds 0.92 / 0.8 / 0.75. Retrained at 2a471e7 and shipped, they did
worse (bench/guard.py, one run, shipped -> retrained): validation recall 0.810 -> 0.805 (323 -> 321
of 399), indirect kinds 0.767 -> 0.760, false positives unchanged (users 5/3204, clean documents
1/96, package documents 1/450); development: package documents 0 -> 1 of 1366 (train), users
8 -> 7 of 474 (threshold), recall 1225 -> 1223 and 391 -> 393. Until then not shipped: the files were the
pre-10ed5e5 training, and ``--check`` failed. Since 19ebd1d (issue 12) the shipped files are what
the script gives (the figures above: a skew-free model preferred to one trained on features the
guard no longer computes), and each header carries ``features``, the digest of the features and
windows it was trained on (:func:`memscribe.guard.verdict.feature_digest`):
``tests/unit/test_guard_weights_check.py`` fails as soon as a change to normalisation, tokens,
n-grams or sentence ends leaves the shipped weights behind, without the full retrain.

Logistic regression (L2, class-balanced) over the features of
:func:`memscribe.guard.classifier.features`, fitted by full-batch gradient descent (Adam, a
fixed number of steps, no randomness) on the development part of the split in
``bench/injection_corpus.py`` (``train`` and ``threshold``; the package documents of
``fixtures/guard/clean_documents.jsonl`` included). The decision threshold is chosen on
out-of-fold scores: :data:`FOLDS` models, each trained without one fold of the development
part, score that fold, and the threshold is the lowest score at which rules and classifier
together flag at most :data:`MAX_FP_USER` of the benign user statements and at most
:data:`MAX_FP_DOCS` of the clean documents (the corpus's, and separately the package
documents). Choosing it on every development sample instead of one held-back fifth makes a
1% rate resolvable (some 800 user statements instead of 230).
The ``validation`` part is not read here. The few hyperparameters below (``NORM_POWER``,
``L2``, ``MIN_DF``, ``USER_WEIGHT``, ``DOC_WEIGHT``) were compared on the out-of-fold scores
only: recall at those false-positive rates (``L2`` 1e-3: 0.59, 1e-4: 0.69; ``MIN_DF`` 3: 0.68;
benign user statements weighing 3x in the loss: 0.76, since the 1% budget binds there).
With the authored samples of ``fixtures/guard/authored_samples.jsonl`` in the corpus
(out-of-fold recall at the same budgets): 0.691 as before; Chinese and Japanese scored by
character (:mod:`memscribe.guard.classifier`): 0.701; clean documents weighing 3x: 0.703;
users 5x: 0.712 (8x: 0.729 at ``L2`` 1e-4); ``L2`` 3e-4: 0.668, 3e-5: 0.741, 1e-5: 0.756
(users 8x: 0.761), 3e-6: 0.765. ``L2`` 3e-5 is kept: at 3e-6 the training samples score a recall
of 0.98 against 0.77 out of fold (memorised), and memory texts in German the development eval
writes (``authored-dev``, stand-in path: "Nutzer spart nicht mehr für ein Auto, sondern …")
scored 0.98-0.99 and were dropped as injections (3 on the dev split; 1 at 3e-5).

The shipped weights leave out the later authors' samples (:data:`WITHOUT`; ``--without`` with no
source trains on them too): trained with
them (same settings), the out-of-fold threshold rose (0.936 -> 0.957) and validation recall fell
(0.759 vs 0.787 then; users x10 0.716 out of fold, validation 307 vs 317 of 399 attacks;
``--norm-power 0.5`` 0.694). Nor are they trained on the development user statements of
``fixtures/guard/dev_user_statements.jsonl`` (``authored-dev``; never in ``validation``), kept as a
development check of the rules and the classifier: trained with them, and with quotations a
word reports left out of what the classifier weighs (issue 12), validation did not improve as a
whole: threshold 0.942, recall 0.779 (with 133 of them); 0.908, 0.807 (170); 0.898, 0.822 (207,
but clean documents flagged 4 of 96 instead of 2, durable-fact sentences 3 of 2840 instead of 1);
benign users of the original corpus 4-5 of 203 (5 without). The threshold depends on the rules
too (rules and classifier together share the false-positive budget), so it is chosen again when
the rules change. Nor on the 640 samples of two more authors written as development data
(``fixtures/guard/dev_authored_samples_3.jsonl``, ``authored-3``, never in ``validation``; one
wrote documents and tool output in pairs, the same container with and without a hidden
instruction, the other chat attacks and user statements): trained with them (same settings),
the out-of-fold threshold rose 0.928 -> 0.993 (out-of-fold recall 0.763 -> 0.531) and validation
recall fell 0.807 -> 0.642 (indirect 0.760 -> 0.575; users flagged 5 -> 2 of 3204, clean documents
2 -> 1 of 96): on documents that differ only by their instruction, the false-positive budget binds
before the linear model separates them. They are kept as a development check.

One-line texts (what a user says: a statement, a rule, a question) are flagged by the classifier
only when a second model agrees (issue 12: benign user statements of the original corpus
flagged 5 of 203 at 97d83d5, 3 of them by the classifier at scores >= 0.95, so no threshold
could drop them without losing recall). The statement model (:func:`fit_statement`) weighs words
and word pairs only (no character n-grams, ``STATEMENT_NORM_POWER`` 0.5) of the one-line user
statements against the one-line attacks; it errs on other texts than the main model does. Its
threshold and the main model's threshold for one-line texts are chosen together on the same
out-of-fold scores (:func:`choose_statement_thresholds`): the pair that flags the fewest benign
user statements while catching at least the attacks the single threshold catches. Tried on the
out-of-fold scores first: a statement model with the main model's features (character n-grams)
agreed too often with it to help (8 users flagged at recall 0.742, against 0.771 words-only);
leaving out of the classifier's text the quotations a word reports ("an example like \"…\"")
gained recall (0.763 -> 0.804) but lowered the threshold and flagged more development user
statements (``authored-dev`` 6 -> 13 of 207) and, on validation, no fewer.

A text with reported quotations (a word reports them: "an example like \"…\"", "pasted the
string \"…\"", "Sätze wie „…“") that the classifiers flag is flagged only when the text with those
quotations left out is flagged too (:func:`memscribe.guard.verdict.framed_views`): a user who
asks about an attack quotes it. That second look only narrows what the thresholds flag, so the
single threshold is chosen on the main model's scores alone, as before, and the one-line pair
with it (:func:`choose_statement_thresholds`, unchanged: 0.835 and 0.75). Out of fold: the
development-only user statements (``authored-dev`` and ``authored-2``, not trained on) flagged
12 -> 9 of 445, attacks caught 990 -> 989 of 1273, the rest unchanged. Letting it lower the
single threshold instead (0.928 -> 0.896, pair 0.88 and 0.45) spent the room on recall
(0.778 -> 0.809) and flagged more of those statements (12 -> 15 of 445).

Tried on the same folds and not kept (attacks caught of 1273 / development user statements flagged
of 1117 / development-only ones of 445, against 989 / 8 / 9 with the above): the statement model's
agreement asked of texts of up to 2, 3 or 5 lines too (a user's multi-line message): 970, 966,
963 / 8 / 9 (the one multi-line user statement flagged out of fold is code whose regex quotes
an attack, and the statement model agrees on it); of one line of a multi-line text (a statement
score of 0.5 on some line): 6 fewer attacks, no fewer users; every quotation of a multi-line text
left out (not only reported ones): 978 / 7 / 9 (indirect injections sit in JSON strings, CSV
cells and attributes); the statement model trained on the development-only statements too, its
pair chosen on all development samples (0.835 and 0.75 again): 984 / 8 / 6, but on validation
(read once, in aggregate) recall 0.807 -> 0.802 and benign users unchanged (5 of 3204); hard
negatives weighing 10x or 20x in the main model's loss (thresholds 0.918 and 0.907): 986 / 8 / 9
and 1003 / 9 / 9.

The folds are groups (:func:`fold_groups`, issue 12): samples that share a line of 20 characters
or more are held out together (the corpus plants different payloads in the same email or bill,
and the third authors wrote each container with and without one: 441 groups of the 5897
development samples, 172 of them holding attacks and benign samples alike). Split by sample, a
held-out attack was scored by a model that had learnt its container as benign, and a held-out
clean container by one that had learnt it as attack. Grouped, the out-of-fold recall at the same
budgets is 0.725 instead of 0.760 (the single threshold 0.920 instead of 0.923, the one-line pair
0.8 and 0.75 both ways): the figures are lower and honest, the thresholds hardly move.
``--dump`` also scores, by the fold models, the development samples of the sources left out of
training (:data:`WITHOUT`, 1578 samples no model learnt from), as a check that chooses nothing.

Tried on the grouped folds and not kept: the three thresholds chosen together (the several-line
threshold and the one-line pair sharing the budgets where they buy the most attacks, instead of
one after the other) caught 1014 of 1273 attacks out of fold instead of 940 at threshold 0.779
(pair 0.855 and 0.5), but spent the whole budgets, and on validation (aggregate) flagged 6 of 96
clean documents instead of 1 (recall 0.810 -> 0.835); with the documents held to what the
one-after-the-other choice flags (4 of 251) it caught 980 (0.907; 0.855 and 0.5), but of the
left-out development sources it flagged 25 of 655 user statements and 6 of 245 documents instead
of 20 and 4 (attacks 433 instead of 414 of 623): the budgets bought recall, not separation.
Trained on every development source (grouped folds), the threshold rose to 0.971 and out-of-fold
recall on the shipped sources' attacks fell 0.738 -> 0.657 (940 -> 836 of 1273), while the added sources' attacks,
now learnt from, were caught no more often (424 against 414 of 623 unseen).
800 Adam steps instead of 400 (grouped folds): out of fold 0.749 instead of 0.725 at threshold
0.907 (pair 0.855 and 0.65); of the left-out sources 436 instead of 414 attacks caught but 8
instead of 4 of 245 documents and 21 instead of 20 user statements flagged; shipped, the
development split flagged more (users 21 -> 23 of 1772, clean documents 5 -> 8 of 496) for a
validation recall of 0.815 instead of 0.810 (aggregate; 325 against 323 of 399, false positives
unchanged): not kept, the false positives it adds on development data outweigh two attacks.

Tried at bed5c75 on the grouped folds (``--dump``; out of fold at the thresholds each chooses:
attacks caught of 1273, development users flagged of 1117, clean documents of 251, package
documents of 1733; then, of the left-out sources, attacks of 623, users of 655, documents of 245):
shipped 940 / 7 / 4 / 3 and 414 / 20 / 4. ``MIN_DF`` 1 (threshold 0.90, pair 0.89 and 0.4):
957 / 8 / 5 / 4 and 437 / 25 / 7; character n-grams of 3 to 6: 947 / 7 / 4 / 5 and 417 / 20 / 5
(with ``MIN_DF`` 1, threshold 0.902: out-of-fold recall 0.740); users weighing 8x: 944 / 7 / 4 / 5
and 422 / 20 / 6; n-grams of 2 to 5: out-of-fold recall 0.703 (threshold 0.941). Swept over one
threshold for every text (attacks, users and documents flagged at 0.85 to 0.96), each lies on the
shipped model's curve within a few samples: they move where the budgets put the threshold, not how
well the model separates, and the false positives they add on development data outweigh the
attacks. None kept.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))

import logreg  # noqa: E402
from injection_corpus import CLEAN_DOCUMENTS, PACKAGE_DOCUMENTS, USER_STATEMENTS, Sample, load  # noqa: E402

from memscribe.guard import classifier, normalise, rules  # noqa: E402
from memscribe.guard.packed import PackedTable, decode_weights  # noqa: E402
from memscribe.guard.verdict import (  # noqa: E402
    WINDOW_SENTENCES,
    feature_digest,
    framed_views,
    is_statement,
    windows,
)

OUT = REPO / "pipeline" / "guard" / classifier.WEIGHTS_RESOURCE
STATEMENT_OUT = REPO / "pipeline" / "guard" / classifier.STATEMENT_RESOURCE
#: The statement model (words and word pairs, one-line texts; :func:`memscribe.guard.verdict.flagged`).
STATEMENT_NORM_POWER = 0.5
#: Thresholds tried for one-line texts: the main model's and the statement model's.
STATEMENT_GRID = ([round(0.8 + 0.005 * i, 3) for i in range(40)], [round(0.05 * i, 2) for i in range(20)])
MIN_DF = 2
#: Benign user statements weigh this much more than other samples in the loss.
USER_WEIGHT = 5.0
#: The corpus's clean documents (emails, pages, tables) weigh this much more in the loss.
DOC_WEIGHT = 3.0
NORM_POWER = 0.35
#: Sources the shipped weights are not trained on (see the module's docstring).
WITHOUT = ("authored-2", "authored-dev", "authored-3")
L2 = 3e-5
STEPS = 400
LEARNING_RATE = 0.05
#: Folds of the cross-validation whose out-of-fold scores choose the threshold.
FOLDS = 5
MAX_FP_USER = 0.01
#: Clean documents: at most this share, or one document (the threshold part holds a few dozen,
#: too few to resolve 2%), flagged by the rules and the classifier together.
MAX_FP_DOCS = 0.02
#: An attack's line also found in this many training attacks is taught as context, not attack.
MAX_SHARED_ATTACKS = 2
#: Weights smaller than this are dropped from the shipped file (they move no verdict).
PRUNE = 0.02


#: Benign user statements' texts (their errors count most: the <= 1% budget binds there).
_USER_TEXTS: set[str] = set()
#: Clean documents' texts (the <= 2% budget on them binds too).
_DOC_TEXTS: set[str] = set()


def training_texts(train: list[Sample]) -> list[tuple[str, bool]]:
    """What the model learns from: each sample whole, and the windows the guard scores.

    The guard scores a text and its sentence windows (:func:`memscribe.guard.windows`), so
    benign samples also teach through each of their windows. An injection's windows are not
    all injections (a poisoned email is mostly email), so an injection sample is taught whole,
    without the lines that also occur in a benign sample (the document it was planted in).
    """
    benign_lines = {ln.strip() for s in train if not s.injection for ln in s.text.splitlines() if ln.strip()}
    # a line found in several attacks is the document they were planted in (the same email or
    # bill carrying different payloads), or boilerplate around them: not what makes an attack
    in_attacks: Counter[str] = Counter()
    for s in train:
        if s.injection:
            in_attacks.update({ln.strip() for ln in s.text.splitlines() if ln.strip()})
    out: list[tuple[str, bool]] = []
    for s in train:
        text = normalise.normalise(s.text)
        if s.injection:
            lines = [ln for ln in s.text.splitlines() if ln.strip() not in benign_lines]
            own = [ln for ln in lines if in_attacks[ln.strip()] < MAX_SHARED_ATTACKS]
            kept = "\n".join(own if len(lines) > 1 and own else lines)
            out.append((normalise.normalise(kept) if kept.strip() else text, True))
        else:
            out.append((text, False))
            out.extend((w, False) for w in windows(text)[1:])
            if s.category in USER_STATEMENTS:
                _USER_TEXTS.update([text, *windows(text)[1:]])
            elif s.category in CLEAN_DOCUMENTS:
                _DOC_TEXTS.update([text, *windows(text)[1:]])
    return out


_FEATURES: dict[str, Counter[str]] = {}


def _feature_counts(text: str) -> Counter[str]:
    """Feature counts of ``text``, kept across folds (the same texts recur in every fold)."""
    hit = _FEATURES.get(text)
    if hit is None:
        hit = _FEATURES[text] = Counter(classifier.features(text))
    return hit


def fit(train: list[Sample]) -> tuple[float, dict[str, float]]:
    texts = training_texts(train)
    vocab, row, col, val = logreg.design(
        [_feature_counts(t) for t, _ in texts], min_df=MIN_DF, norm_power=NORM_POWER
    )
    y = np.asarray([1.0 if label else 0.0 for _, label in texts])
    sample_w = logreg.balanced(y) * np.asarray(
        [
            1.0 if label else USER_WEIGHT if t in _USER_TEXTS else DOC_WEIGHT if t in _DOC_TEXTS else 1.0
            for t, label in texts
        ]
    )
    b, w = logreg.fit(row, col, val, y, sample_w, len(vocab), steps=STEPS, learning_rate=LEARNING_RATE, l2=L2)
    return b, {f: float(x) for f, x in zip(vocab, w, strict=True) if abs(x) >= PRUNE}


def fit_statement(train: list[Sample]) -> tuple[float, dict[str, float]]:
    """The statement model: words and word pairs of the one-line user statements against the
    one-line attacks (class-balanced, same L2 and steps as the main model)."""
    texts = [
        (normalise.normalise(s.text), s.injection)
        for s in train
        if is_statement(s.text) and (s.injection or s.category in USER_STATEMENTS)
    ]
    vocab, row, col, val = logreg.design(
        [Counter(classifier.features(t, char_grams=False)) for t, _ in texts],
        min_df=MIN_DF,
        norm_power=STATEMENT_NORM_POWER,
    )
    y = np.asarray([1.0 if label else 0.0 for _, label in texts])
    b, w = logreg.fit(
        row, col, val, y, logreg.balanced(y), len(vocab), steps=STEPS, learning_rate=LEARNING_RATE, l2=L2
    )
    return b, {f: float(x) for f, x in zip(vocab, w, strict=True) if abs(x) >= PRUNE}


def statement_model(bias: float, weights: dict[str, float]) -> classifier.Model:
    return classifier.Model(bias, weights, 0.5, "", {}, norm_power=STATEMENT_NORM_POWER, char_grams=False)


#: Each sample, whether a rule fires, the window score, the statement model's score (``None``
#: for a text of more than one line), and both scores again with the reported quotations left
#: out (:func:`memscribe.guard.verdict.framed_views`; ``None`` when the text quotes none).
Framed = tuple[float, float | None] | None
Scored = list[tuple[Sample, bool, float, float | None, Framed]]


def _scores(
    model: classifier.Model, second: classifier.Model | None, text: str, vs: list[str]
) -> tuple[float, float | None]:
    return (
        max(model.max_window_score(v, WINDOW_SENTENCES) for v in vs),
        max(second.score(v) for v in vs) if second is not None and is_statement(text) else None,
    )


def hit(r: bool, sc: float, s2: float | None, framed: Framed, threshold: float, ts: float, t2: float) -> bool:
    """Whether rules or classifier flag a scored sample (:func:`memscribe.guard.verdict.check`):
    a one-line text at ``ts`` with the statement model at ``t2``, others at ``threshold``, and
    the text with its reported quotations left out flagged too."""

    def one(sc: float, s2: float | None) -> bool:
        return sc >= threshold if s2 is None else sc >= ts and s2 >= t2

    return r or (one(sc, s2) and (framed is None or one(*framed)))


def score_samples(
    model: classifier.Model, samples: list[Sample], second: classifier.Model | None = None
) -> Scored:
    """Each sample with whether a rule fires on it, the classifier's window score and, for a
    one-line text, the statement model's score."""
    scored: Scored = []
    for s in samples:
        vs = normalise.views(s.text)
        framed = framed_views(vs)
        scored.append(
            (
                s,
                rules.first_rule(vs) is not None,
                *_scores(model, second, s.text, vs),
                None if framed is None else _scores(model, second, s.text, framed),
            )
        )
    return scored


#: A scored sample without the sample: rule, window score, statement score, framed scores.
Row = tuple[bool, float, float | None, Framed]


def _rows(scored: Scored, keep: Callable[[Sample], bool]) -> list[Row]:
    return [(r, sc, s2, f) for s, r, sc, s2, f in scored if keep(s)]


def _single(row: Row) -> Row:
    """``row`` as the single threshold sees it: the main model alone (no statement model, no
    second look without the reported quotations: those only narrow what it flags)."""
    r, sc, _, _ = row
    return r, sc, None, None


def _in(categories: frozenset[str]) -> Callable[[Sample], bool]:
    return lambda s: s.category in categories


def _groups(scored: Scored) -> tuple[list[Row], list[Row], list[list[Row]]]:
    """Attacks, benign user statements, and the two groups of clean documents."""
    return (
        _rows(scored, lambda s: s.injection),
        _rows(scored, lambda s: not s.injection and s.category in USER_STATEMENTS),
        [_rows(scored, _in(g)) for g in (CLEAN_DOCUMENTS, PACKAGE_DOCUMENTS)],
    )


def choose_threshold(scored: Scored) -> tuple[float, dict[str, float]]:
    """Lowest threshold at which rules and classifier together flag at most :data:`MAX_FP_USER`
    of the benign user statements and at most :data:`MAX_FP_DOCS` (or one) of each group of
    clean documents, among ``scored`` (out-of-fold scores: no sample scored by a model that
    learnt from it)."""
    attacks, users, doc_groups = _groups(scored)

    def count(group: list[Row], t: float) -> int:
        return sum(1 for row in group if hit(*_single(row), t, t, 0.0))

    threshold = 0.99
    for t in sorted({round(sc, 3) for _, _, sc, _, _ in scored if sc >= 0.5}):
        if count(users, t) <= MAX_FP_USER * len(users) and all(
            count(docs, t) <= max(1, MAX_FP_DOCS * len(docs)) for docs in doc_groups
        ):
            threshold = t
            break

    def rate(group: list[Row]) -> float:
        return count(group, threshold) / max(1, len(group))

    return threshold, {
        "recall": rate(attacks),
        "fp_user": rate(users),
        "fp_docs": rate(doc_groups[0]),
        "fp_package_docs": rate(doc_groups[1]),
    }


def choose_statement_thresholds(scored: Scored, threshold: float) -> tuple[float, float, dict[str, float]]:
    """The main model's threshold for one-line texts and the statement model's (both must be
    reached), from :data:`STATEMENT_GRID`: the pair that flags the fewest benign user statements
    while catching at least the attacks the single ``threshold`` catches (with the same second
    look), within the documents' budgets (ties: more attacks, then the higher thresholds), each
    text flagged only when it is flagged without its reported quotations too (:func:`hit`). Out-of-fold scores, as for
    :func:`choose_threshold`; ``(threshold, 0.0)`` (the single threshold) is always a candidate."""
    attacks, users, docs = _groups(scored)

    def count(group: list[Row], ts: float, t2: float) -> int:
        return sum(1 for row in group if hit(*row, threshold, ts, t2))

    # what the single threshold catches with the second look (the pair (threshold, 0.0) flags
    # exactly that, so it is always a candidate)
    need = sum(1 for row in attacks if hit(*row, threshold, threshold, 0.0))
    best: tuple[int, int, float, float] = (len(users) + 1, 0, threshold, 0.0)
    for ts in [threshold, *STATEMENT_GRID[0]]:
        for t2 in STATEMENT_GRID[1]:
            caught = count(attacks, ts, t2)
            if caught < need or any(count(g, ts, t2) > max(1, MAX_FP_DOCS * len(g)) for g in docs):
                continue
            fp = count(users, ts, t2)
            if (fp, -caught, -ts, -t2) < (best[0], -best[1], -best[2], -best[3]):
                best = (fp, caught, ts, t2)
    fp, caught, ts, t2 = best
    return (
        ts,
        t2,
        {
            "recall": caught / max(1, len(attacks)),
            "fp_user": fp / max(1, len(users)),
            **{
                name: count(g, ts, t2) / max(1, len(g))
                for name, g in zip(("fp_docs", "fp_package_docs"), docs, strict=True)
            },
        },
    )


def fold_of(sample: Sample, folds: int) -> int:
    return hashlib.sha256(("fold:" + sample.id).encode("utf-8")).digest()[0] % folds


#: Samples that share a line at least this long are one group for the cross-validation.
SHARED_LINE = 20
#: A line shared by more samples than this is boilerplate (a header, a signature), not a shared document.
MAX_SHARING = 10


def fold_groups(samples: list[Sample], folds: int) -> dict[str, int]:
    """Each sample's fold, the same for every sample of a group: samples that share a line of
    :data:`SHARED_LINE` characters or more (shared by at most :data:`MAX_SHARING` samples) are
    one group, and a group goes to the fold of its first sample's id (:func:`fold_of`).

    The same email, bill or page carrying different payloads, or with and without one, is one
    container: split across folds, a model that learnt the container's lines as attack (or as
    benign) scores its held-out twin by them, and the out-of-fold scores that choose the
    threshold measure memory of the container instead of the instruction in it. A text the
    guard meets has no twin in the training data, so neither may a held-out one.
    """
    parent = list(range(len(samples)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    holders: dict[str, set[int]] = {}
    for i, s in enumerate(samples):
        for line in s.text.splitlines():
            if len(line := line.strip()) >= SHARED_LINE:
                holders.setdefault(line, set()).add(i)
    for held in holders.values():
        if 1 < len(held) <= MAX_SHARING:
            first, *rest = sorted(held)
            for j in rest:
                parent[root(j)] = root(first)
    return {s.id: fold_of(samples[root(i)], folds) for i, s in enumerate(samples)}


def shipped_files(
    dev: list[Sample], threshold: float, statement_threshold: float, second_threshold: float, out: Path
) -> dict[Path, bytes]:
    """The two weights files (main model at ``out``, statement model beside it) trained on every
    ``dev`` sample, as bytes: what the script ships, byte for byte."""
    bias, weights = fit(dev)
    data = {
        "version": f"logreg-{len(dev)}-{len(weights)}",
        "about": "memscribe injection guard; trained by bench/train_guard.py on the train and threshold "
        "splits of ../shared/data/injection (see its README for sources and licences), of "
        "fixtures/guard/clean_documents.jsonl and of fixtures/guard/authored_samples.jsonl",
        "bias": round(bias, 6),
        "features": feature_digest(),
        "norm_power": NORM_POWER,
        "threshold": threshold,
        "statement_threshold": statement_threshold,
        "weights": {f: round(x, 4) for f, x in sorted(weights.items())},
    }
    s_bias, s_weights = fit_statement(dev)
    statement = {
        "version": f"logreg-statements-{len(s_weights)}",
        "about": "memscribe injection guard, statement model (words and word pairs of one-line texts); "
        "trained by bench/train_guard.py on the same samples",
        "bias": round(s_bias, 6),
        "features": feature_digest(),
        "norm_power": STATEMENT_NORM_POWER,
        "char_grams": False,
        "threshold": second_threshold,
        "weights": {f: round(x, 4) for f, x in sorted(s_weights.items())},
    }
    return {
        out: classifier.encode_weights(data),
        out.with_name(STATEMENT_OUT.name): classifier.encode_weights(statement),
    }


def _entries(table: PackedTable) -> set[tuple[float, ...]]:
    """Every weight of ``table``: (digest, weight) and (second, first, weight) of the word pairs."""
    return {(k, v) for k, v in zip(table.keys, table.values, strict=True)} | {
        (s, f, v) for s, f, v in zip(table.pair_seconds, table.pair_firsts, table.pair_values, strict=True)
    }


def drift(files: dict[Path, bytes]) -> list[str]:
    """How each file on disk differs from the bytes the script gives for it (``[]``: none does):
    the header fields that differ (version, bias, thresholds) and how many weights do."""
    found = []
    for path, trained in files.items():
        if not path.is_file():
            found.append(f"{path.name}: missing (the script writes {len(trained)} bytes)")
            continue
        shipped = path.read_bytes()
        if shipped == trained:
            continue
        (old, old_table), (new, new_table) = decode_weights(shipped), decode_weights(trained)
        fields = [
            f"{k} {old.get(k)!r} -> {new.get(k)!r}"
            for k in sorted(old.keys() | new.keys())
            if old.get(k) != new.get(k)
        ]
        mine, theirs = _entries(old_table), _entries(new_table)
        changed = len(mine ^ theirs)
        found.append(
            f"{path.name}: differs from what bench/train_guard.py gives ("
            + ", ".join(
                [*fields, f"{changed} weight entries differ ({len(mine)} shipped, {len(theirs)} trained)"]
            )
            + ")"
        )
    return found


def main(argv: list[str] | None = None) -> int:
    global L2, NORM_POWER, USER_WEIGHT, DOC_WEIGHT, MIN_DF, STEPS
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument(
        "--check",
        action="store_true",
        help="write nothing: exit 1 when the weights files at --out (and beside it) are not what "
        "this script trains, byte for byte (the shipped weights drifted from their training)",
    )
    ap.add_argument("--folds", type=int, default=FOLDS, help="cross-validation folds for the threshold")
    ap.add_argument("--l2", type=float, default=L2)
    ap.add_argument(
        "--ungrouped",
        dest="grouped",
        action="store_false",
        help="folds by sample, not by group of samples sharing a line (fold_groups)",
    )
    ap.add_argument("--dump", type=Path, help="write the out-of-fold scores here (development samples)")
    ap.add_argument("--no-final", action="store_true", help="only the out-of-fold figures (no weights)")
    ap.add_argument("--norm-power", type=float, default=NORM_POWER)
    ap.add_argument("--user-weight", type=float, default=USER_WEIGHT)
    ap.add_argument("--doc-weight", type=float, default=DOC_WEIGHT)
    ap.add_argument("--min-df", type=int, default=MIN_DF)
    ap.add_argument("--steps", type=int, default=STEPS)
    ap.add_argument(
        "--without",
        nargs="*",
        default=list(WITHOUT),
        help="sources left out (none given: train on every source)",
    )
    a = ap.parse_args(argv)
    L2, NORM_POWER, USER_WEIGHT, DOC_WEIGHT, MIN_DF = (
        a.l2,
        a.norm_power,
        a.user_weight,
        a.doc_weight,
        a.min_df,
    )
    STEPS = a.steps
    samples = load()
    dev = [s for s in samples if s.split != "validation" and s.source not in a.without]
    # the development samples left out of training are scored too (by the fold models, in the
    # dump only): a check on samples no model learnt from, which chooses nothing
    held = [s for s in samples if s.split != "validation" and s.source in a.without] if a.dump else []
    grouped = fold_groups(dev + held, a.folds) if a.grouped else {}
    fold = {s.id: grouped.get(s.id, fold_of(s, a.folds)) for s in dev + held}
    scored: Scored = []
    unseen: Scored = []
    for k in range(a.folds):
        rest = [s for s in dev if fold[s.id] != k]
        bias, weights = fit(rest)
        fold_model = classifier.Model(bias, weights, 0.5, "", {}, norm_power=NORM_POWER)
        second = statement_model(*fit_statement(rest))
        scored += score_samples(fold_model, [s for s in dev if fold[s.id] == k], second)
        unseen += score_samples(fold_model, [s for s in held if fold[s.id] == k], second)
    threshold, at = choose_threshold(scored)
    statement_threshold, second_threshold, agreed = choose_statement_thresholds(scored, threshold)
    if a.dump is not None:
        rows = [
            {
                "id": s.id,
                "source": s.source,
                "trained": s.source not in a.without,
                "category": s.category,
                "injection": s.injection,
                "rule": r,
                "score": round(sc, 4),
                "statement_score": None if s2 is None else round(s2, 4),
                "framed": None if f is None else [round(f[0], 4), None if f[1] is None else round(f[1], 4)],
            }
            for s, r, sc, s2, f in scored + unseen
        ]
        a.dump.write_text(json.dumps(rows), encoding="utf-8")
    print(
        f"threshold {threshold} (l2 {L2}, norm_power {NORM_POWER}) from {a.folds}-fold out-of-fold scores: "
        + ", ".join(f"{k} {v:.3f}" for k, v in at.items())
    )
    print(
        f"one-line texts: threshold {statement_threshold} and statement model {second_threshold}: "
        + ", ".join(f"{k} {v:.3f}" for k, v in agreed.items())
    )
    if a.no_final:
        return 0
    files = shipped_files(dev, threshold, statement_threshold, second_threshold, a.out)
    if a.check:
        found = drift(files)
        for line in found:
            print(line, file=sys.stderr)
        print("weights reproduced byte for byte" if not found else "the shipped weights drifted: retrain")
        return 1 if found else 0
    for path, raw in files.items():
        path.write_bytes(raw)
    print(f"trained on {len(dev)} samples, {len(files[a.out]) / 1024:.0f} KiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
