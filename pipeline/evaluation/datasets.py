"""Converters: each evaluation dataset → evaluation units the pipeline can run.

A :class:`Unit` is what one fresh memory root sees: the memories it is seeded with, then one or more
transcripts (as text in a format the readers know) extracted and applied in order, then scored
against the unit's gold. The data is read where it lives (``../shared/data/eval`` by default,
``--data-dir`` / ``MEMSCRIBE_EVAL_DATA`` to override); nothing is copied into the project.

* ``agent``: ``*.labels.json`` + transcript files (five formats), seeded with ``existing_memory``.
* ``msc``: one unit per (dialogue, user speaker); the speaker's turns → ``user``, the partner's →
  ``assistant`` (OpenAI messages JSON); gold = the speaker's last ``agg_persona_list``.
* ``memorycode``: one unit per dialogue, one transcript per session (mentor → ``user``, mentee →
  ``assistant``); gold = the active rules after the last session, plus the superseded versions.
"""

from __future__ import annotations

import difflib
import json
import os
import random
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DATASETS = ("agent", "msc", "memorycode")
ENV_DATA_DIR = "MEMSCRIBE_EVAL_DATA"


def default_data_dir() -> Path:
    """``<repo>/../shared/data/eval`` (the repository is the parent of the ``pipeline`` package)."""
    env = os.environ.get(ENV_DATA_DIR)
    if env:
        return Path(env)
    repo = Path(__file__).resolve().parents[2]
    return repo.parent / "shared" / "data" / "eval"


@dataclass(frozen=True)
class Step:
    """One transcript to extract and apply."""

    name: str
    text: str
    fmt: str | None = None


@dataclass(frozen=True)
class SeedMemory:
    kind: str
    id: str
    slug: str
    body: str
    created: str
    ttl: str | None = None
    all_of: tuple[str, ...] = ()
    any_of: tuple[str, ...] = ()


@dataclass
class Unit:
    """One evaluation unit: a fresh memory root, seeded, then ``steps`` in order.

    ``gold`` is dataset-specific (the label file for ``agent``; persona sentences for ``msc``;
    rules for ``memorycode``); ``fact_turns`` lists, per labelled fact, a predicate's worth of
    data to find the user turns that carry it (for the gate's recall).
    """

    dataset: str
    name: str
    categories: tuple[str, ...]
    steps: list[Step]
    seed: list[SeedMemory] = field(default_factory=list)
    gold: dict[str, Any] = field(default_factory=dict)
    nothing_to_learn: bool = False


# --- agent ---------------------------------------------------------------------------------------


def session_language(texts: Iterable[str]) -> str:
    """The language of a session's user messages (a ``lang:xx`` row of the report): the gate's own
    detector (:func:`memscribe.lexicon.langs.language_of`), ``und`` when there is no letter."""
    from memscribe.lexicon.langs import language_of

    text = "\n".join(texts)
    return language_of(text) if any(c.isalpha() for c in text) else "und"


def _language(text: str, name: str, fmt: str | None) -> str:
    from memscribe.errors import MemscribeError
    from memscribe.transcript import parse_transcript

    try:
        transcript = parse_transcript(text, source=name, fmt=fmt)
    except MemscribeError:
        return "und"
    return session_language(t.text for t in transcript.turns if t.role == "user" and t.kind == "message")


def load_agent(root: Path, *, limit: int | None = None) -> list[Unit]:
    units: list[Unit] = []
    for labels_path in sorted(root.glob("*.labels.json")):
        labels = json.loads(labels_path.read_text(encoding="utf-8"))
        transcript = root / labels["transcript"]
        text, fmt = transcript.read_text(encoding="utf-8"), labels.get("format")
        seed = [
            SeedMemory(
                kind=m["kind"],
                id=m["id"],
                slug=m["slug"],
                body=m["body"],
                created=m["created"],
                ttl=m.get("ttl"),
                all_of=tuple(m.get("all_of", [])),
                any_of=tuple(m.get("any_of", [])),
            )
            for m in labels.get("existing_memory", [])
        ]
        expected = labels.get("expected", {})
        required = [
            i for i in expected.get("profiles", []) + expected.get("playbooks", []) if not i.get("optional")
        ]
        units.append(
            Unit(
                dataset="agent",
                name=labels_path.name.removesuffix(".labels.json"),
                categories=(
                    *labels.get("category", []),
                    f"lang:{_language(text, transcript.name, fmt)}",
                ),
                steps=[Step(transcript.name, text, fmt)],
                seed=seed,
                gold=labels,
                nothing_to_learn=not required and not expected.get("supersedes"),
            )
        )
    return units[:limit] if limit else units


# --- Multi-Session Chat --------------------------------------------------------------------------

MSC_SESSIONS = (1, 2, 3, 4)
#: Default dev sample: every negative unit plus this many positive ones, spread over the sessions.
MSC_DEFAULT_POSITIVES = 400
MSC_SEED = 7


def _msc_dialogues(root: Path, session: int) -> Iterator[tuple[int, dict[str, Any]]]:
    path = root / f"session_{session}" / "valid.txt"
    with path.open(encoding="utf-8") as fh:
        for number, line in enumerate(fh):
            if line.strip():
                yield number, json.loads(line)


def msc_unit(dialogue: dict[str, Any], speaker: str, *, session: int, number: int) -> Unit:
    """One (dialogue, user speaker) unit: OpenAI messages, gold = the speaker's last persona list."""
    messages: list[dict[str, str]] = []
    persona_turns: list[str] = []
    gold: list[str] = []
    for turn in dialogue["dialog"]:
        own = turn["id"] == speaker
        messages.append({"role": "user" if own else "assistant", "content": turn["text"]})
        if own:
            if turn.get("persona_text"):
                persona_turns.append(turn["text"])
            gold = list(turn.get("agg_persona_list") or [])
    seen: set[str] = set()
    unique = []
    from memscribe.evaluation.matching import msc_content

    for g in gold:
        if g not in seen and msc_content(g):
            seen.add(g)
            unique.append(g)
    negative = not persona_turns
    return Unit(
        dataset="msc",
        name=f"s{session}-{number:03d}-{speaker}",
        categories=(f"session_{session}", "negative" if negative else "positive"),
        steps=[
            Step(
                f"msc_s{session}_{number}_{speaker}.json", json.dumps(messages, ensure_ascii=False), "openai"
            )
        ],
        gold={"persona": unique, "fact_turns": persona_turns},
        nothing_to_learn=negative,
    )


#: The dev samples' sizes whose dialogues the validation split leaves out (the default and the
#: ``--sample 60`` the stand-in answers cover).
MSC_DEV_SAMPLES = (MSC_DEFAULT_POSITIVES, 60)
MSC_VAL_SEED = 11
MSC_VAL_DEFAULT_POSITIVES = 200


def _dialogue_of(unit: Unit) -> tuple[int, int]:
    return int(unit.name[1]), int(unit.name.split("-")[1])


def _msc_dev_dialogues(root: Path) -> set[tuple[int, int]]:
    """(session, dialogue number) of every dialogue a dev sample of MSC_DEV_SAMPLES draws."""
    taken: set[tuple[int, int]] = set()
    for size in MSC_DEV_SAMPLES:
        taken.update(_dialogue_of(u) for u in load_msc(root, sample=size) if not u.nothing_to_learn)
    return taken


def load_msc_val(root: Path, *, limit: int | None = None, sample: int | None = None) -> list[Unit]:
    """MSC's validation split (``msc-val``): ``sample`` (default 200) positive units, another seed,
    drawn only from dialogues no dev sample uses, spread over the sessions; one speaker each. Nothing
    is tuned on it: read its figures in aggregate. (Every negative unit is in the dev set.)"""
    taken = _msc_dev_dialogues(root)
    rng = random.Random(MSC_VAL_SEED)
    want = sample or MSC_VAL_DEFAULT_POSITIVES
    units: list[Unit] = []
    for session in MSC_SESSIONS:
        if not (root / f"session_{session}" / "valid.txt").is_file():
            continue
        pool = [
            (n, d)
            for n, d in _msc_dialogues(root, session)
            if (session, n) not in taken and any(t.get("persona_text") for t in d["dialog"])
        ]
        picked = rng.sample(pool, min(len(pool), max(1, want // len(MSC_SESSIONS))))
        for number, dialogue in sorted(picked, key=lambda x: x[0]):
            spoke = sorted({t["id"] for t in dialogue["dialog"] if t.get("persona_text")})
            unit = msc_unit(dialogue, rng.choice(spoke), session=session, number=number)
            units.append(unit)
    return units[:limit] if limit else units


def load_msc(root: Path, *, limit: int | None = None, sample: int | None = None) -> list[Unit]:
    """Every (dialogue, speaker) unit of sessions 1-4 but the validation split's dialogues (msc-val's
    200), or with ``sample``: every negative
    unit plus ``sample`` positive ones drawn with a fixed seed, spread evenly over the sessions
    (the shape of the independent evaluation).
    """
    rng = random.Random(MSC_SEED)
    full = sample is None
    # The whole dev set leaves out the dialogues of the validation split (msc-val, default size).
    held_out = {_dialogue_of(u) for u in load_msc_val(root)} if full else set()
    want = sample or MSC_DEFAULT_POSITIVES
    units: list[Unit] = []
    for session in MSC_SESSIONS:
        if not (root / f"session_{session}" / "valid.txt").is_file():
            continue
        negatives: list[Unit] = []
        positive_pool: list[tuple[int, dict[str, Any]]] = []
        for number, dialogue in _msc_dialogues(root, session):
            spoke = {t["id"] for t in dialogue["dialog"] if t.get("persona_text")}
            for speaker in ("bot_0", "bot_1"):
                if speaker not in spoke:
                    negatives.append(msc_unit(dialogue, speaker, session=session, number=number))
            positive_pool.append((number, dialogue))
        if full:
            chosen = [
                (n, d, s)
                for n, d in positive_pool
                if (session, n) not in held_out
                for s in ("bot_0", "bot_1")
            ]
        else:
            picked = rng.sample(positive_pool, min(len(positive_pool), max(1, want // len(MSC_SESSIONS))))
            chosen = [(n, d, rng.choice(("bot_0", "bot_1"))) for n, d in sorted(picked, key=lambda x: x[0])]
        for number, dialogue, speaker in chosen:
            unit = msc_unit(dialogue, speaker, session=session, number=number)
            if not unit.nothing_to_learn:
                units.append(unit)
        units.extend(negatives)
    return units[:limit] if limit else units


# --- MemoryCode ----------------------------------------------------------------------------------

_TAG = re.compile(r"^\s*[*_]*\s*(?P<name>[^:\n]{1,40}?)\s*[*_]*\s*:\s*[*_]*\s*(?P<rest>.*)$")


def _name_key(name: str) -> str:
    return re.sub(r"[\s*_.]", "", name).casefold()


def _speaker_of(tag: str, mentor: str, mentee: str) -> str | None:
    key = _name_key(tag)
    if not key:
        return None
    names = {"mentor": _name_key(mentor), "mentee": _name_key(mentee)}
    if key in ("mentor", "mentee"):
        return key
    for role, name in names.items():
        if key == name:
            return role
    initials = {
        role: "".join(w[0] for w in re.split(r"[\s\-]+", full) if w).casefold()
        for role, full in (("mentor", mentor), ("mentee", mentee))
    }
    hits = [role for role, ini in initials.items() if key == ini]
    if len(hits) == 1 and initials["mentor"] != initials["mentee"]:
        return hits[0]
    close = [role for role, name in names.items() if difflib.SequenceMatcher(None, key, name).ratio() >= 0.8]
    return close[0] if len(close) == 1 else None


def split_dialogue(text: str, mentor: str, mentee: str) -> list[dict[str, str]]:
    """A generated MemoryCode session → OpenAI messages (mentor = user, mentee = assistant)."""
    turns: list[tuple[str, list[str]]] = []
    preamble: list[str] = []
    for line in text.splitlines():
        m = _TAG.match(line)
        role = _speaker_of(m.group("name"), mentor, mentee) if m else None
        if m and role:
            turns.append((role, [m.group("rest")]))
        elif turns:
            turns[-1][1].append(line)
        else:
            preamble.append(line)
    if not turns:
        paragraphs = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]
        return [
            {"role": "user" if i % 2 == 0 else "assistant", "content": p} for i, p in enumerate(paragraphs)
        ]
    lead = "\n".join(preamble).strip()
    if lead and turns[0][0] == "mentee":
        turns.insert(0, ("mentor", [lead]))
    out = []
    for role, lines in turns:
        content = "\n".join(lines).strip()
        if content:
            out.append({"role": "user" if role == "mentor" else "assistant", "content": content})
    return out


def memorycode_gold(d: dict[str, Any]) -> tuple[dict[int, str], list[tuple[int, str]], list[str]]:
    """(active rules by rule id after the last session, superseded (rule id, text), filler rules)."""
    active: dict[int, str] = {}
    superseded: list[tuple[int, str]] = []
    fillers: list[str] = []
    for k, s in enumerate(d["sessions"]):
        pairs = [] if d["instructions"][k] == [-1] else d["instructions"][k]
        ins = [
            (t, topic) for t, topic in zip(s["type"], s["topic"], strict=True) if t.startswith("instruction-")
        ]
        fillers += [
            topic
            for t, topic in zip(s["type"], s["topic"], strict=True)
            if t.startswith("filler-instruction")
        ]
        for (_, topic), (rule_id, _version) in zip(ins, pairs, strict=True):
            if rule_id in active:
                superseded.append((rule_id, active[rule_id]))
            active[rule_id] = topic
    return active, superseded, fillers


def load_memorycode(root: Path, *, limit: int | None = None) -> list[Unit]:
    folder = root / "dataset"
    units: list[Unit] = []
    paths = sorted(folder.glob("dialogue_*.json"), key=lambda p: int(p.stem.split("_")[1]))
    for path in paths:
        d = json.loads(path.read_text(encoding="utf-8"))
        mentor, mentee = d["context"]["mentor"], d["context"]["mentee"]
        steps = [
            Step(
                f"{path.stem}_session{k + 1}.json",
                json.dumps(split_dialogue(s["text"], mentor, mentee), ensure_ascii=False),
                "openai",
            )
            for k, s in enumerate(d["sessions"])
        ]
        active, superseded, fillers = memorycode_gold(d)
        categories = ["updates" if superseded else "no-updates", f"sessions_{_bucket(len(steps))}"]
        units.append(
            Unit(
                dataset="memorycode",
                name=path.stem,
                categories=tuple(categories),
                steps=steps,
                gold={
                    "rules": [active[k] for k in sorted(active)],
                    "rule_ids": sorted(active),
                    "superseded": [{"rule_id": r, "text": t} for r, t in superseded],
                    "fillers": fillers,
                },
            )
        )
    return units[:limit] if limit else units


def _bucket(n: int) -> str:
    return "1" if n == 1 else "2" if n == 2 else "3-5" if n <= 5 else "6+"


def load(dataset: str, data_dir: Path, *, limit: int | None = None, sample: int | None = None) -> list[Unit]:
    """The units of ``dataset`` (``agent``, ``msc``, ``memorycode``) read from ``data_dir/<dataset>``."""
    root = data_dir / ("msc" if dataset == "msc-val" else dataset)
    if not root.is_dir():
        from memscribe.errors import UserError

        raise UserError(f"no {dataset} data at {root} (set --data-dir or {ENV_DATA_DIR})")
    if dataset == "agent":
        return load_agent(root, limit=limit)
    if dataset == "msc":
        return load_msc(root, limit=limit, sample=sample)
    if dataset == "msc-val":
        return load_msc_val(root, limit=limit, sample=sample)
    if dataset == "memorycode":
        return load_memorycode(root, limit=limit)
    from memscribe.errors import UserError

    raise UserError(f"unknown dataset {dataset!r}; choose one of {', '.join(DATASETS)}")


def names(units: Sequence[Unit]) -> list[str]:
    return [u.name for u in units]
