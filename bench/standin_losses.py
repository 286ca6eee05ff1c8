"""Where the LLM (stand-in) path loses MSC persona facts: one count per cause, stage by stage.

``memscribe eval msc --paths standin --sample 60`` gives the strong-model path's MSC figures
(issue 11: recall .39 at precision .88; the bar is .60 at .75). This bench replays the same units
with the same recorded answers (``fixtures/standin/answers``: read, never re-recorded) and follows
every labelled persona fact that was not matched back to where it went missing:

* ``not shown``: no window sent to the model held the user turn whose annotation first holds the
  fact (gate / windows);
* ``not proposed``: the model was shown that turn, but no profile of its recorded answer matches
  the fact under the MSC rule, nor cites the turn (the prompt's doing: counted and left);
* ``said otherwise`` / ``another fact``: a profile of the answer cites the fact's turn, but none
  matches the fact under the MSC rule; one of them shares a content word with it (a compound or
  a paraphrase: "User is planning a Caribbean beach trip for August" for "I like beaches"), or
  none does (the model kept another fact of that turn);
* ``detect`` / ``verify`` / ``screen`` / ``dedup`` / ``apply``: the answer proposed it and that
  stage dropped or changed it (no profile after the stage matches it any more; detect cuts a
  compound profile into one per fact, :mod:`memscribe.stages.split_profiles`: a fact that only
  the whole compound matched under the MSC rule is lost there);
* ``matcher``: a written profile matches it, but the one-to-one matching gave that profile to
  another labelled fact (one profile stating several facts).

The units are split in two halves by a stable hash of the unit id (:func:`half_of`): ``dev``,
whose causes are printed and whose lost facts ``--details`` lists, and ``hold``, of which only
aggregate figures are printed (P / R, profiles after each stage): a rule chosen from dev's details
is kept only if hold's recall rises too, at precision >= .75.

    .venv/bin/python bench/standin_losses.py [--sample 60] [--details]

The stages are observed by wrapping the names :func:`memscribe.run.extract` calls, for the run
only (nothing else changes; the figures are those of ``memscribe eval``).

**Tried for issue 11 and dropped** (session of 2026-12-06, against 3dce069; every prompt answered
again by stand-in helpers from the rendered prompt alone: 330 detect and 98 dedup prompts). A
detect prompt v5 that dropped "usually empty" and named the kinds of lasting fact to keep (work,
studies, age, home, family, pets, health, diet, hobbies, habits, likes and dislikes, what the user
owns or has done, tools, settings), "also when said in passing or in reply to a question",
"negatives count", "one fact per item": "not proposed" fell from 35 to 7, and MSC recall rose,
dev half .410 -> .578 and hold half .439 -> .626, but precision fell to .641 / .636 (the bar asks
.60 at .75): the added profiles are mostly true facts the persona labels do not list. On the
authored sets, whose labels keep what is worth remembering, the same answers wrote every stated
detail: authored-val profile P / R / F1 .873 / .938 / .904 -> .550 / .979 / .704 (false
positives 20 -> 117, forbidden matches 2 -> 14), supersessions 57 -> 50 of 59; authored-dev F1
.915 -> .733. The two kinds of label disagree on how much to keep: one wording was tried, it
lifts MSC recall only with the authored loss (and still misses the MSC bar's precision), so
the v4 prompt stays.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memscribe import run as run_module
from memscribe.evaluation.datasets import Unit, default_data_dir, load
from memscribe.evaluation.matching import greedy_pairs, msc_content, msc_score
from memscribe.evaluation.runner import Outcome, run_unit
from memscribe.evaluation.scoring import score_msc
from memscribe.evaluation.standin import StandinCompletion

REPO = Path(__file__).resolve().parents[1]
STANDIN = REPO / "fixtures" / "standin"
#: The sample the stand-in answers cover (``MSC_DEV_SAMPLES``).
SAMPLE = 60
HALVES = ("dev", "hold")
#: Where a proposed profile is seen, in order: the recorded answer, then each stage's output.
STAGES = ("answer", "detect", "verify", "screen", "dedup", "written")
#: The cause of a fact last seen just before a stage.
LOST_AT = {"detect": "detect", "verify": "verify", "screen": "screen", "dedup": "dedup", "written": "apply"}
CAUSES = ("not shown", "not proposed", "said otherwise", "another fact", *LOST_AT.values(), "matcher")
#: Causes that lie before the pipeline's stages (the model's choice, or the gate's).
BEFORE_STAGES = ("not shown", "not proposed", "said otherwise", "another fact")


def half_of(unit_name: str) -> str:
    """``dev`` or ``hold``, by the first byte of the unit id's SHA-256 (stable across runs)."""
    return HALVES[hashlib.sha256(unit_name.encode("utf-8")).digest()[0] % 2]


class TracingCompletion(StandinCompletion):
    """The stand-in completion (recording nothing) that also keeps each answer it replays."""

    def __init__(self, folder: Path) -> None:
        super().__init__(folder, record=False)
        self.answers: list[str] = []

    def __call__(self, **kwargs: Any) -> Any:
        response = super().__call__(**kwargs)
        self.answers.append(response.choices[0].message.content or "")
        return response


def answer_profiles(answers: Sequence[str]) -> list[tuple[str, list[int]]]:
    """(body, evidence turns) of the answers' profiles (answers other than detect's hold none)."""
    out: list[tuple[str, list[int]]] = []
    for text in answers:
        try:
            data = json.loads(text)
        except ValueError:
            continue
        profiles = data.get("profiles") if isinstance(data, dict) else None
        for p in profiles if isinstance(profiles, list) else ():
            if isinstance(p, dict) and isinstance(p.get("body"), str):
                turns = p.get("evidence_turns")
                cited = [t for t in turns if isinstance(t, int)] if isinstance(turns, list) else []
                out.append((p["body"], cited))
    return out


@dataclass
class Trace:
    """One unit's profile bodies at each stage, the turns its answer cited, the stages' skips."""

    bodies: dict[str, list[str]] = field(default_factory=lambda: {s: [] for s in STAGES})
    #: turn index → the answer's profile bodies citing it
    cited: dict[int, list[str]] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)

    def add_answer(self, answers: Sequence[str]) -> None:
        for body, turns in answer_profiles(answers):
            self.bodies["answer"].append(body)
            for t in turns:
                self.cited.setdefault(t, []).append(body)


def _profile_bodies(result: Any) -> list[str]:
    return [p.body for p in result.profiles]


def _accepted_bodies(result: Any) -> list[str]:
    return [a.merged_body or a.candidate.body for a in result.accepted if a.kind == "profile"]


#: The names :func:`memscribe.run.extract` calls, what each result's profiles are, and the stage.
_OBSERVED: tuple[tuple[str, Callable[[Any], list[str]], str], ...] = (
    ("detect", _profile_bodies, "detect"),
    ("verify", _profile_bodies, "verify"),
    ("screen", _profile_bodies, "screen"),
    ("dedup_all", _accepted_bodies, "dedup"),
)


@contextlib.contextmanager
def tracing(current: Callable[[], Trace]) -> Iterator[None]:
    """Record into ``current()`` the profile bodies each stage lets through, while in the block."""
    originals = {name: getattr(run_module, name) for name, _, _ in _OBSERVED}

    def wrapped(name: str, pick: Callable[[Any], list[str]], stage: str) -> Callable[..., Any]:
        def traced(*args: Any, **kwargs: Any) -> Any:
            result = originals[name](*args, **kwargs)
            trace = current()
            trace.bodies[stage].extend(pick(result))
            trace.skipped.extend(
                f"{stage} {s.reason}: {s.detail}" for s in result.skipped if s.kind == "profile"
            )
            return result

        return traced

    try:
        for name, pick, stage in _OBSERVED:
            setattr(run_module, name, wrapped(name, pick, stage))
        yield
    finally:
        for name, original in originals.items():
            setattr(run_module, name, original)


def fact_turns(unit: Unit, data_dir: Path) -> list[tuple[int, str] | None]:
    """Per labelled fact, (index, text) of the unit's user turn whose annotation first holds it
    (the MSC README: ``agg_persona_list`` is the turn speaker's running list of the session)."""
    session = unit.name[1]
    number, speaker = int(unit.name.split("-")[1]), unit.name.split("-", 2)[2]
    path = data_dir / "msc" / f"session_{session}" / "valid.txt"
    with path.open(encoding="utf-8") as fh:
        dialogue = json.loads([line for line in fh if line.strip()][number])
    first: dict[str, tuple[int, str]] = {}
    for index, turn in enumerate(dialogue["dialog"]):
        if turn["id"] == speaker:
            for g in turn.get("agg_persona_list") or []:
                first.setdefault(g, (index, turn["text"]))
    return [first.get(g) for g in unit.gold["persona"]]


def _matching(bodies: Sequence[str], gold: str) -> list[str]:
    return [b for b in bodies if msc_score(b, gold) is not None]


def _flat(text: str) -> str:
    return " ".join(text.split())


@dataclass
class Loss:
    """One labelled fact not matched: why, the last bodies that matched it, the turn stating it."""

    unit: str
    gold: str
    cause: str
    last: list[str]
    skipped: list[str]
    said: str = ""


def losses(outcome: Outcome, trace: Trace, turns: Sequence[tuple[int, str] | None]) -> list[Loss]:
    """Every labelled fact the run did not match, with the stage it was lost at."""
    gold: list[str] = outcome.unit.gold["persona"]
    written = [e.body for e in outcome.written("profile")]
    trace.bodies["written"] = written
    matched = {p.gold for p in greedy_pairs(written, gold)}
    shown = {_flat(t) for s in outcome.steps for t in s.signal_texts}
    out: list[Loss] = []
    for j, g in enumerate(gold):
        if j in matched:
            continue
        turn = turns[j]
        reach = [s for s in STAGES if _matching(trace.bodies[s], g)]
        if not reach:
            last = trace.cited.get(turn[0], []) if turn is not None else []
            if turn is not None and _flat(turn[1]) not in shown:
                cause = "not shown"
            elif not last:
                cause = "not proposed"
            else:
                near = any(msc_content(g) & msc_content(b) for b in last)
                cause = "said otherwise" if near else "another fact"
        else:
            cause = "matcher" if reach[-1] == "written" else LOST_AT[STAGES[STAGES.index(reach[-1]) + 1]]
            last = _matching(trace.bodies[reach[-1]], g)
        said = turn[1] if turn is not None else ""
        out.append(Loss(outcome.unit.name, g, cause, last, trace.skipped if reach else [], said))
    return out


@dataclass
class Half:
    """A half's sums: the MSC counters, causes and profiles after each stage."""

    counts: Counter[str] = field(default_factory=Counter)
    causes: Counter[str] = field(default_factory=Counter)
    flow: Counter[str] = field(default_factory=Counter)
    lost: list[Loss] = field(default_factory=list)

    def figures(self) -> tuple[float, float]:
        tp, fp, fn = self.counts["prof_tp"], self.counts["prof_fp"], self.counts["prof_fn"]
        return (tp / (tp + fp) if tp + fp else 0.0, tp / (tp + fn) if tp + fn else 0.0)

    def ceiling(self) -> float:
        """Recall were every fact the answers proposed matched (all but the causes before the stages)."""
        tp, fn = self.counts["prof_tp"], self.counts["prof_fn"]
        lost_in_stages = sum(n for cause, n in self.causes.items() if cause not in BEFORE_STAGES)
        return (tp + lost_in_stages) / (tp + fn) if tp + fn else 0.0


def measure(units: Sequence[Unit], data_dir: Path, folder: Path = STANDIN) -> dict[str, Half]:
    """Run every unit with the replayed answers; sum each half's figures and losses."""
    from memscribe.model.llm import LiteLLMModel

    completion = TracingCompletion(folder)

    def make() -> Any:
        return LiteLLMModel(
            "openai/standin", completion=completion, mode="json_schema", backoff_initial_s=0.0, max_reasks=1
        )

    halves = {h: Half() for h in HALVES}
    trace = Trace()
    with tracing(lambda: trace):
        for unit in units:
            trace = Trace()
            completion.answers = []
            outcome = run_unit(unit, make)
            trace.add_answer(completion.answers)
            half = halves[half_of(unit.name)]
            half.counts.update(score_msc(outcome))
            lost = losses(outcome, trace, fact_turns(unit, data_dir))
            half.causes.update(x.cause for x in lost)
            half.flow.update({s: len(b) for s, b in trace.bodies.items()})
            half.lost.extend(lost)
    return halves


def report(halves: dict[str, Half], *, sample: int, details: bool) -> list[str]:
    """The printout: both halves' figures and stage flow; dev's causes (and, asked, its losses)."""
    lines = [
        f"MSC --sample {sample}, stand-in answers replayed; halves by sha256(unit id)[0] % 2",
        f"{'half':<6}{'units':>6}{'tp':>6}{'fp':>6}{'fn':>6}{'P':>8}{'R':>8}{'R ceiling':>11}",
    ]
    for name, h in halves.items():
        p, r = h.figures()
        c = h.counts
        lines.append(
            f"{name:<6}{c['units']:>6}{c['prof_tp']:>6}{c['prof_fp']:>6}{c['prof_fn']:>6}"
            f"{p:>8.3f}{r:>8.3f}{h.ceiling():>11.3f}"
        )
    lines.append("(R ceiling: recall were every fact the recorded answers proposed matched)")
    lines += ["", "profiles after each stage " + " ".join(f"{s:>8}" for s in STAGES)]
    for name, h in halves.items():
        lines.append(f"  {name:<24}" + " ".join(f"{h.flow[s]:>8}" for s in STAGES))
    dev = halves["dev"]
    lines += ["", "unmatched labelled facts by cause (dev half)"]
    lines += [f"  {cause:<14}{dev.causes[cause]:>5}" for cause in CAUSES]
    lines.append(f"  {'total':<14}{sum(dev.causes.values()):>5}")
    if details:
        for loss in dev.lost:
            lines += ["", f"[{loss.cause}] {loss.unit}: {loss.gold}"]
            if loss.cause in BEFORE_STAGES:
                lines.append(f"    said: {loss.said}")
            lines += [f"    last seen: {b}" for b in loss.last]
            lines += [f"    skipped: {s}" for s in loss.skipped]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--sample", type=int, default=SAMPLE, help="MSC positive units (the stand-in's sample)")
    ap.add_argument("--details", action="store_true", help="list every lost fact of the dev half")
    args = ap.parse_args(argv)
    data_dir = default_data_dir()
    halves = measure(load("msc", data_dir, sample=args.sample), data_dir)
    print("\n".join(report(halves, sample=args.sample, details=args.details)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
