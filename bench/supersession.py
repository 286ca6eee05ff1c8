"""Supersession and duplicates on labelled agent sets (embedded default): four numbers.

For every unit with seeded memories, after the whole pipeline ran into a fresh seeded root:

* **done** — an expected supersession happened: the old memory is archived and a new memory
  lists it in ``supersedes`` (whichever new memory it is);
* **stale** — an old memory the labels say is outdated is still active;
* **duplicates** — a written memory restates a seeded memory the labels say to keep;
* **wrong** — a seeded memory the labels do not say is outdated was archived (worse than a miss).

And, for the LLM path (a model decides well when it is shown the right memory), **shortlist
recall**: for each expected supersession, whether the outdated memory tops the shortlist of the
user's own words (the first quote in the label's note), with a value-free slug.

Only totals are printed (safe on a validation split); ``--details`` lists the units that
contribute (development sets only). ``MEMSCRIBE_SEMANTIC=off`` measures the lexical rule alone.

    python bench/supersession.py [authored-dev|authored-val|authored-test|agent|probe|faults|DIR] [--details]

**Tried and not shipped** (it moved only the data it was written from). More closed lists for the
cross-language cases of the probe: "smoking" and "caffeine" facets (slug words, and the words in
en/de/fr/es/zh/ja: rauchen, fumo, 烟, タバコ; Kaffee, café, コーヒー), "métier", "Beruf",
"profesión", 离职, 辞职, 退職 for the work facet, German "vegetarisch" for the diet class, and 离职,
始めた as change cues. Probe 16/28 -> 23/28, wrong 0 -> 0; authored-dev 14/15 and authored-val 3/7
(shortlist recall 2/7) unchanged, profile F1 unchanged. By the eval's per-category table, three of
the validation split's four stale memories are in its de, es and zh units: other topics than such
lists name, or a new fact the extractor does not write (profile recall 0.71 on that split's
supersession units). A cross-language link needs meaning in both languages; wordllama has none.

Also tried for issue 11 (HEAD export vs HEAD + the change, one run each) and reverted: rule 7 (names
said across languages) and the left-behind look-up fed by the candidate's part of the user's sentence
when the candidate itself reports no change (authored-dev 24 -> 25/63, validation stale 44 -> 42 but
one wrong supersession, duplicates 13 -> 14); a facet taken from that part (no change on either
split); faculty ranks as work-facet words ("maîtresse de conférences": the stored job's place goes on,
aspect.goes_on_beside keeps it); value classes for shells, clouds and issue trackers, and a "dating"
member of marital status (probe 18 -> 19/28 for the girlfriend -> married case; dev and validation
unchanged).
"""

from __future__ import annotations

import argparse
import json
import re
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
QUOTE = re.compile(r"['\"“‘]([^'\"”’]{6,})['\"”’]")
SETS = {
    "authored-dev": REPO / "fixtures" / "eval" / "authored" / "dev",
    "authored-val": REPO / "fixtures" / "eval" / "authored" / "val",
    "authored-test": REPO / "fixtures" / "eval" / "authored" / "test",
}
#: One-turn supersession probe written for this bench (en, de, es, fr, zh, ja): 28 updates of a
#: stored memory, 21 statements that update nothing (somebody else's change, an added value, a
#: cue in another sentence, a restatement). Development data: its units may be listed.
PROBE = REPO / "fixtures" / "persona" / "probe" / "supersession.jsonl"
#: One-turn cases of known faults of the embedded dedup (issue 11; session 36's fixes made new
#: losses and were reverted: bench/supersession_causes.py), in the probe's format: the end of
#: a thing the user has ("my car was stolen" / "User has a car"), and a new value on a topic that
#: holds several ("I'm learning French now" / "User speaks Spanish", "we got a dog" / "User has a
#: cat"), with endings taken back or near. English, development data: its units may be listed.
FAULTS = REPO / "fixtures" / "dedup" / "supersession_faults.jsonl"
#: Sets whose units are never listed (--details): only their totals are read.
HELD_OUT = ("authored-val", "authored-test")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("dataset", nargs="?", default="authored-dev")
    parser.add_argument("--details", action="store_true", help="per-unit lines (never on validation)")
    args = parser.parse_args()
    from memscribe import semantic
    from memscribe.evaluation.datasets import default_data_dir, load
    from memscribe.evaluation.matching import keyword_match
    from memscribe.evaluation.runner import run_unit
    from memscribe.model.factory import make_model

    if args.dataset == "agent":
        data_dir = default_data_dir()
    elif args.dataset in ("probe", "faults"):
        data_dir = Path(tempfile.mkdtemp(prefix="memscribe-probe-"))
        write_probe(PROBE if args.dataset == "probe" else FAULTS, data_dir / "agent")
    else:
        data_dir = SETS.get(args.dataset, Path(args.dataset))
    units = [u for u in load("agent", data_dir) if u.seed]
    total: Counter[str] = Counter()
    for unit in units:
        try:
            outcome = run_unit(unit, lambda: make_model(None))
        except ValueError as exc:  # a label the store refuses (an invalid seeded id)
            total["units that failed"] += 1
            if args.details and args.dataset not in HELD_OUT:
                print(f"  {unit.name}: failed: {exc}")
            continue
        expected = unit.gold.get("expected", {})
        outdated = {rule["old_id"] for rule in expected.get("supersedes", [])}
        active = {e.id for e in outcome.active}
        superseded = {old for e in outcome.active if e.id not in outcome.seed_ids for old in e.supersedes}
        counts: Counter[str] = Counter()
        for old in outdated:
            counts["expected"] += 1
            if old not in active and old in superseded:
                counts["done"] += 1
            if old in active:
                counts["stale"] += 1
        for seed in unit.seed:
            if seed.id not in outdated and seed.id not in active:
                counts["wrong"] += 1
            if seed.id in expected.get("not_rewritten", []) and (seed.all_of or seed.any_of):
                counts["duplicates"] += sum(
                    1
                    for w in outcome.written(seed.kind)
                    if keyword_match(w.body, list(seed.all_of), list(seed.any_of))
                )
        total.update(counts)
        if (
            args.details
            and args.dataset not in HELD_OUT
            and (counts["done"] != counts["expected"] or counts["wrong"] or counts["duplicates"])
        ):
            print(f"  {unit.name}: {dict(counts)}")
    try:
        found, wanted = shortlist_recall(units)
    except ImportError:  # a tree without the relatedness rule's select (comparing with an old one)
        found = wanted = -1
    print(f"set {args.dataset}: {len(units)} units with seeded memory; semantic: {semantic.name() or 'off'}")
    print(f"shortlist recall (outdated memory first for the user's words) {found}/{wanted}")
    print(
        f"supersessions done {total['done']}/{total['expected']} · stale left active {total['stale']} · "
        f"duplicates written {total['duplicates']} · wrongly superseded {total['wrong']}"
        + (f" · units that failed {total['units that failed']}" if total["units that failed"] else "")
    )


def write_probe(source: Path, folder: Path) -> int:
    """Write the probe's cases (one JSON line each: ``id``, ``lang``, ``stored`` as [slug, body]
    pairs, the ``user``'s one turn, the indexes of the stored memories it makes ``old``) as
    labelled units in ``folder`` (text transcripts, the agent label format). Returns the count."""
    folder.mkdir(parents=True, exist_ok=True)
    n = 0
    for line in source.read_text(encoding="utf-8").splitlines():
        case = json.loads(line)
        ids = [f"prof_{(case['id'] + str(i) + 'qqqqqqqq')[:8]}" for i in range(len(case["stored"]))]
        reply = case.get("assistant", "Got it, thanks for letting me know.")
        (folder / f"{case['id']}.txt").write_text(
            f"User: {case['user']}\n\nAssistant: {reply}\n", encoding="utf-8"
        )
        labels = {
            "transcript": f"{case['id']}.txt",
            "format": "text",
            "category": ["supersession" if case["old"] else "no-update", f"lang:{case['lang']}"],
            "existing_memory": [
                {
                    "kind": "profile",
                    "id": ids[i],
                    "slug": slug,
                    "ttl": "one_year",
                    "created": "2026-03-01T10:00:00Z",
                    "body": body,
                    "all_of": [],
                    "any_of": [],
                }
                for i, (slug, body) in enumerate(case["stored"])
            ],
            "expected": {
                "profiles": [{"id": "new", "all_of": [], "any_of": [""], "optional": True}],
                "playbooks": [],
                "supersedes": [{"old_id": ids[i], "by": "new"} for i in case["old"]],
                "not_rewritten": [],
            },
            "forbidden": {"strings": [], "profiles": [], "playbooks": []},
        }
        (folder / f"{case['id']}.labels.json").write_text(
            json.dumps(labels, ensure_ascii=False), encoding="utf-8"
        )
        n += 1
    return n


def shortlist_recall(units: list[Any]) -> tuple[int, int]:
    """(expected supersessions whose old memory tops the shortlist, expected supersessions)."""
    from memscribe.relatedness import Pooled, select

    found = wanted = 0
    for unit in units:
        expected = unit.gold.get("expected", {})
        old_by = {rule["by"]: rule["old_id"] for rule in expected.get("supersedes", [])}
        for item in expected.get("profiles", []) + expected.get("playbooks", []):
            if item["id"] not in old_by:
                continue
            quotes = QUOTE.findall(item.get("note", ""))
            words = quotes[0] if quotes else item.get("note", "")
            kind = next((m.kind for m in unit.seed if m.id == old_by[item["id"]]), "profile")
            pool = [Pooled(m.id, m.slug, m.body, m.created) for m in unit.seed if m.kind == kind]
            items = select("new-fact", words, pool)
            wanted += 1
            found += bool(items) and items[0].id == old_by[item["id"]]
    return found, wanted


if __name__ == "__main__":
    main()
