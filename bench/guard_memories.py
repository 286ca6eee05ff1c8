"""False positives of the injection guard on memory texts a strong model wrote, before and after.

    .venv/bin/python bench/guard_memories.py                 # this tree vs the guard at --before
    .venv/bin/python bench/guard_memories.py --before 89cb80f --show dev

The guard screens every memory candidate before it is written, and candidates are written in the
third person about "the user" ("Never force-push without asking the user first"), a voice that
injection shapes aimed at "the user" can catch. The benign samples here are the profile and
playbook candidates of the strong-model stand-in answers (``fixtures/standin/answers``: a model
answering memscribe's detect prompts from the prompt alone, on the development and evaluation
sets). A candidate's text is what the screen stage checks: its string fields but the slug and
TTL. The answers are split by their key (a digest of the prompt): one in three is
``validation`` and never used to choose a rule; ``--show`` prints the flagged texts of the
development split only.

Printed per split and guard: candidates, flagged by a rule, flagged by the classifier.
Target: no rule fires on any of them; the classifier's share is the guard's memory-text FP rate.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
ANSWERS = REPO / "fixtures" / "standin" / "answers"
sys.path.insert(0, str(REPO / "bench"))

from at_ref import package_at  # noqa: E402

#: Candidate fields that are not memory text.
_NOT_TEXT = frozenset({"slug", "ttl", "confirmation"})


@dataclass(frozen=True)
class MemoryText:
    key: str
    kind: str
    text: str

    @property
    def split(self) -> str:
        return "validation" if int(self.key[:6], 16) % 3 == 0 else "dev"


def load(folder: Path = ANSWERS) -> Iterator[MemoryText]:
    """Every profile and playbook candidate of the recorded answers, in key order."""
    for path in sorted(folder.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if not isinstance(data, dict):
            continue
        for kind in ("profiles", "playbooks"):
            for cand in data.get(kind) or []:
                if isinstance(cand, dict):
                    parts = [v for k, v in cand.items() if isinstance(v, str) and k not in _NOT_TEXT]
                    if parts:
                        yield MemoryText(path.stem, kind, "\n".join(parts))


Guard = Callable[[str], "tuple[str | None, str | None]"]


def guard_of(pkg: object) -> Guard:
    """(rule, classifier) verdicts of a ``memscribe.guard`` package (today's or one at a ref)."""

    def run(text: str) -> tuple[str | None, str | None]:
        rule = pkg.memory_rule(text)  # type: ignore[attr-defined]
        if rule == pkg.CLASSIFIER_RULE:  # type: ignore[attr-defined]
            return None, rule
        return rule, None

    return run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", default=None, help="git ref of the guard to compare with")
    parser.add_argument("--show", choices=("dev",), default=None, help="print the flagged dev texts")
    args = parser.parse_args()
    import memscribe.guard as today

    guards: dict[str, Guard] = {"after": guard_of(today)}
    if args.before:
        old = package_at(args.before, "pipeline/guard", "memscribe.guard")
        if old is None:
            print(f"no guard at {args.before}", file=sys.stderr)
            return 2
        guards = {"before": guard_of(old), **guards}
    samples = list(load())
    print(f"{'split':<11} {'guard':<7} {'texts':>6} {'rule':>5} {'classifier':>10}")
    for split in ("dev", "validation"):
        part = [s for s in samples if s.split == split]
        for name, guard in guards.items():
            verdicts = [guard(s.text) for s in part]
            rules = sum(1 for r, _ in verdicts if r)
            clf = sum(1 for _, c in verdicts if c)
            print(f"{split:<11} {name:<7} {len(part):>6} {rules:>5} {clf:>10}")
            if args.show == split and name == "after":
                for s, (r, c) in zip(part, verdicts, strict=True):
                    if r or c:
                        print(f"    {s.key[:8]} {s.kind} {r or c}: {s.text[:140]!r}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
