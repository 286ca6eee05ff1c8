"""CPU of verify locating profiles that cite nothing, today's against a git revision's, in one run.

    .venv/bin/python bench/verify_locate.py --before 1a560c2
    .venv/bin/python bench/verify_locate.py --before 1a560c2 --turns 400 --uncited 1 20 200

A generated chat of ``--turns`` user turns (each answered by the assistant) and, for each count
of ``--uncited``, that many profiles citing no turn, each taking a few words of one user turn:
what a model returns when it leaves its candidates uncited. ``pipeline/stages`` at ``--before``
(loaded from git beside today's, :mod:`at_ref`) and today's verify the same candidates; the table
gives the least CPU of ``--repeat`` runs of each (token caches warmed by one run of both first)
and their ratio. Exit status 1 when the two verify anything differently.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from at_ref import package_at  # noqa: E402

from memscribe.schemas.candidates import ProfileCandidate  # noqa: E402
from memscribe.schemas.transcript import SourcePos, Transcript, Turn  # noqa: E402
from memscribe.stages import verify as today  # noqa: E402

_STEMS = ("gar", "mon", "tel", "sur", "pri", "vol", "kat")
_MIDDLES = ("den", "ric", "ova", "umb")
_ENDS = ("a", "er", "ing", "s", "")
_COMMON = "work project team weekend morning coffee music running travel kids".split()
_VERBS = ("like", "have", "do", "enjoy", "keep")


def chat(turns: int, rng: random.Random) -> Transcript:
    """``turns`` user turns of made-up and common words, each answered by the assistant."""
    vocab = [s + m + e for s in _STEMS for m in _MIDDLES for e in _ENDS] + _COMMON

    def sentence() -> str:
        return (
            f"I {rng.choice(_VERBS)} " + " ".join(rng.choice(vocab) for _ in range(rng.randint(4, 12))) + "."
        )

    texts = [t for _ in range(turns) for t in (("user", sentence()), ("assistant", "Sure, " + sentence()))]
    built = tuple(
        Turn(index=i, role=role, text=text, source=SourcePos(file="chat.txt", line=i + 1))  # type: ignore[arg-type]
        for i, (role, text) in enumerate(texts)
    )
    return Transcript(source="chat.txt", format="text", turns=built)


def uncited(transcript: Transcript, count: int, rng: random.Random) -> list[ProfileCandidate]:
    """``count`` profiles citing nothing, each a few words of one user turn."""
    users = [t.text for t in transcript.turns if t.role == "user"]
    out = []
    for i in range(count):
        words = rng.choice(users).rstrip(".").split()[2:]
        body = "User enjoys " + " ".join(rng.sample(words, min(len(words), rng.randint(2, 5)))) + "."
        out.append(ProfileCandidate(slug=f"fact-{i}", ttl="infinity", body=body, evidence_turns=[]))
    return out


def least_cpu(
    verify: Callable[..., Any], profiles: list[ProfileCandidate], transcript: Transcript, repeat: int
) -> tuple[float, Any]:
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.process_time()
        result = verify(profiles, [], transcript)
        best = min(best, time.process_time() - start)
    return best, result


def main() -> int:
    ap = argparse.ArgumentParser(description="verify's locate of uncited profiles: today vs a git revision")
    ap.add_argument("--before", default="HEAD", help="git revision of pipeline/stages to compare with")
    ap.add_argument("--turns", type=int, default=400, help="user turns in the generated chat")
    ap.add_argument("--uncited", type=int, nargs="+", default=[1, 20, 200], help="profiles citing nothing")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each; the least CPU is shown")
    ap.add_argument("--seed", type=int, default=6)
    a = ap.parse_args()
    stages = package_at(a.before, "pipeline/stages", "memscribe.stages")
    if stages is None:
        print(f"no pipeline/stages at {a.before}", file=sys.stderr)
        return 2
    before = importlib.import_module(stages.__name__ + ".verify")
    rng = random.Random(a.seed)
    transcript = chat(a.turns, rng)
    differ = 0
    print(f"{'user turns':>10} {'uncited':>8} {'before ms':>10} {'after ms':>9} {'ratio':>6}  same")
    for count in a.uncited:
        profiles = uncited(transcript, count, rng)
        before.verify(profiles, [], transcript), today.verify(profiles, [], transcript)  # warm the caches
        cpu_before, out_before = least_cpu(before.verify, profiles, transcript, a.repeat)
        cpu_after, out_after = least_cpu(today.verify, profiles, transcript, a.repeat)
        same = vars(out_before) == vars(out_after)
        differ += not same
        print(
            f"{a.turns:>10} {count:>8} {cpu_before * 1000:>10.1f} {cpu_after * 1000:>9.1f} "
            f"{cpu_before / max(cpu_after, 1e-9):>5.1f}x  {'yes' if same else 'NO'}"
        )
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
