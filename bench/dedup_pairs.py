"""The relatedness rule and the embedded dedup decision on their own, on the authored dev set.

The extractor decides what reaches dedup; this bench asks what dedup does when the new fact is
phrased as a model would phrase it (English, "User …"). Positives: one paraphrase per expected
supersession of ``fixtures/eval/authored/dev`` (written for this bench from the label notes),
decided against that unit's stored memories. Negatives: every paraphrase (and a few generic
updates) against the stored memories of every *other* unit of the dev sets — another person's
memories, so an archive there is one a single user would not have meant unless it is the same
attribute (the lines are printed to judge). Never run on the validation split.

    python bench/dedup_pairs.py [--show]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEV = REPO / "fixtures" / "eval" / "authored" / "dev" / "agent"
SHARED = REPO.parent / "shared" / "data" / "eval" / "agent"

#: unit prefix (a/b when a unit has two supersessions) -> the new fact as a model would write it.
PARAPHRASES = {
    "a1_04": "User now works as a data analyst at a game company in Fukuoka",
    "a1_14": "User no longer writes Java; it's Kotlin everywhere now",
    "a1_27": "User has switched completely to Linux (Fedora 41) on the laptop",
    "a1_32": "User's admin console was upgraded to Vue 3, with Pinia instead of Vuex",
    "a1_36": "User is now saving for the down payment on a flat instead",
    "a1_47": "User bought a used Renault Clio last week",
    "a1_52": "User now gets up at 5:30 to run and is in bed before 10pm",
    "a2_04": "User sold the car in March and now does everything by cargo bike",
    "a2_14": "User left Fintastic and now works at Verdant Grid on infrastructure",
    "a2_27": "User switched editor to Helix and no longer uses the vim config",
    "a2_35a": "User is no longer a PhD student; she is a postdoc now",
    "a2_35b": "User moved to Montreal in September",
    "a2_40": "User's next certification target is the CKA",
    "a2_46": "User has worked fully remote from home in Leipzig since October",
    "a2_51": "User cancelled YNAB in the spring; it's a Google Sheet now",
}
GENERIC_UPDATES = [
    "User has started drinking coffee again",
    "User now lives in Berlin",
    "User recently adopted a dog",
    "User switched to a standing desk",
    "User stopped using Twitter",
    "User is now vegetarian",
    "User switched from Spotify to Apple Music",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--show", action="store_true", help="print every decision")
    args = parser.parse_args()
    from memscribe import semantic
    from memscribe.model.embedded.dedup import dedup_decision
    from memscribe.relatedness import Pooled, select
    from memscribe.schemas.requests import DedupRequest

    units: dict[str, tuple[list[Pooled], list[str]]] = {}
    for folder in (DEV, SHARED):
        for path in sorted(folder.glob("*.labels.json")):
            labels = json.loads(path.read_text(encoding="utf-8"))
            seeds = [m for m in labels.get("existing_memory") or [] if m["kind"] == "profile"]
            if seeds:
                key = "_".join(path.name.split("_")[:2])
                olds = [r["old_id"] for r in labels["expected"].get("supersedes", [])]
                units[key] = ([Pooled(m["id"], m["slug"], m["body"], m["created"]) for m in seeds], olds)

    def decide(text: str, pool: list[Pooled]) -> tuple[list[str], list[str]]:
        items = select("new-fact", text, pool)
        if not items:
            return [], []
        d = dedup_decision(DedupRequest(kind="profile", slug="new-fact", text=text, shortlist=tuple(items)))
        return [i.id for i in items], (d.existing_ids if d.action == "supersede_old" else [])

    top = done = wrong_here = 0
    for key, (pool, olds) in units.items():
        for n, old in enumerate(olds):
            text = PARAPHRASES.get(key) or PARAPHRASES.get(key + "abcdefgh"[n % 8])
            if text is None:
                continue
            listed, archived = decide(text, pool)
            top += bool(listed) and listed[0] == old
            done += old in archived
            wrong_here += len([i for i in archived if i != old])
            if args.show:
                print(f"  + {key}: {'top' if listed[:1] == [old] else 'miss'} archived={archived} {text}")
    trials = archived_elsewhere = 0
    for text in [*PARAPHRASES.values(), *GENERIC_UPDATES]:
        for key, (pool, _) in units.items():
            if text in (PARAPHRASES.get(key), PARAPHRASES.get(key + "a"), PARAPHRASES.get(key + "b")):
                continue
            trials += 1
            _, archived = decide(text, pool)
            archived_elsewhere += len(archived)
            if archived and args.show:
                gone = [p.text for p in pool if p.id in archived]
                print(f"  - {text!r} archived {gone} (another person's memory: judge)")
    n = sum(1 for k in units for _ in units[k][1] if k in PARAPHRASES or k + "a" in PARAPHRASES)
    print(f"semantic: {semantic.name() or 'off'}")
    print(
        f"positives: stored memory first on the shortlist {top}/{n}; superseded {done}/{n}; others archived {wrong_here}"
    )
    print(f"negatives: {archived_elsewhere} archived in {trials} cross-unit trials (see --show)")


if __name__ == "__main__":
    main()
