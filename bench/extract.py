"""Benchmark the embedded extract path: CPU per MB and peak RSS as the transcript grows.

    .venv/bin/python bench/extract.py                        # 1, 10, 50 MB; text, claude_code, openai
    .venv/bin/python bench/extract.py --sizes 1 5 --formats text --shares 5
    .venv/bin/python bench/extract.py --judged               # every user turn judged by the gate
    .venv/bin/python bench/extract.py --before <pkgdir>      # the same run against another copy
    .venv/bin/python bench/extract.py --compare <pkgdir>     # both, back to back per file, with ratios
    .venv/bin/python bench/extract.py --roots 1000 100000 --compare <pkgdir>   # root size, not MB

Each size and format is a generated session of short user/assistant turns (a fixed seed), with
real facts about the user, corrections the assistant adjusts to and the user confirms, tool
results, and secrets (keys, tokens, a database URL) spread through. Every measurement runs
``memscribe extract FILE --dry-run --json`` (embedded default, empty root) in a fresh child
process; CPU is the child's user+sys time (``os.wait4``), not wall time, and RSS its peak.

Prints, per format, three groups of figures at each size:

- **whole process** (what the bar is stated on): the child's CPU s/MB and peak RSS (MB and x the
  file), start-up included: at 1 MB the interpreter and imports (~0.4 s, ~45 MB) dominate;
- **pipeline (in-process)**: ``in s/MB`` is the ``extract`` command's own CPU per MB, measured in
  another fresh child with the pipeline's modules imported first (the read, the stages and the
  output, without the interpreter, imports or argument parsing): the modules the command imports
  only when it first needs them (the format's reader, the embedded model) are found by a run on
  a tiny transcript of the format and imported before the span too, and that run's CPU once they
  are is printed as the fixed cost per run (first-use regex compiles, the guard's weights) that
  the per-MB figure still holds; ``in RSS/f`` the peak RSS that
  command adds over the process's RSS when it began (before the transcript is read), per MB of
  the file: what the pipeline holds for the transcript;
- **beyond start-up**: ``net s/MB`` the child's CPU less the start-up baseline of that format and
  package (the median of three runs of the same command on a tiny transcript of the same format,
  a few hundred bytes, each in a fresh child, in the same run), per MB of the file; ``net RSS/f``
  likewise the peak RSS beyond that baseline's.

Then the slope (extra CPU per extra MB between the smallest and largest size, start-up
excluded), the largest/smallest CPU-per-MB ratio, the bar checked on the whole process and on the
pipeline alone, and the per-stage CPU shares at the ``--shares`` sizes (cProfile, in a child).

Bar (issue 17): <= 0.3 s CPU per MB at 1 MB and at 50 MB, the 50 MB figure within 1.3x of the
1 MB one, peak RSS <= 4x the file.

``--roots N ...`` measures the memory root instead: a root of N memories is generated (bench/store.py's
corpus: 80% profiles over 20 topics, 20% playbooks, two namespaces) and indexed (``memscribe index``,
by each package measured, on its own copy of the root), and each fixture transcript is extracted
against the empty root and every generated one; it prints the CPU and its ratio to the empty root
(bar: within 1.3x at 100k) and, with ``--compare``, whether the plans are identical (new ids aside;
the memories superseded are compared).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

REPO = Path(__file__).resolve().parent.parent
FORMATS = ("text", "claude_code", "openai")

_WORDS = (
    "the build failed again because of the cache so I reran it with verbose logging and checked"
    " the config file for the port and path then the tests passed on the second try"
).split()
_FACTS = (
    "I prefer tabs over spaces.",
    "I live in Lisbon.",
    "I use Neovim for everything.",
    "My timezone is UTC+1.",
    "I'm a backend engineer.",
    "I work mostly in Rust these days.",
)
_CORRECTIONS = (
    (
        "No, use pytest instead of unittest for the tests.",
        "Switched the tests to pytest.",
        "Perfect, thanks.",
    ),
    (
        "No, don't use tabs in the YAML files, use two spaces.",
        "Re-indented with two spaces.",
        "Great, that works.",
    ),
)
_SECRETS = (
    "export OPENAI_API_KEY=sk-proj-4fJ9kL2mN8pQ1rS5tU7vW0xY3zA6bC9dE2fG5hJ8",
    "AWS_ACCESS_KEY_ID=AKIAQ7X2M4K9P3L8N5R6",
    "DATABASE_URL=postgres://app:Sup3rS3cretPw@db.internal:5432/orders",
    "my github token is ghp_8f7e6d5c4b3a29180716f5e4d3c2b1a0ZyXw",
)


#: What ``--judged`` puts before each user turn: English function words, so the gate judges every
#: user turn by its cues (see :func:`_turns`).
JUDGED_LEAD = "and the "


def _turns(megabytes: float, seed: int, judged: bool = False) -> list[tuple[str, str]]:
    """(role, text) pairs adding up to about ``megabytes`` of text.

    The babble's user turns can hold no English function word at all ("reran build passed
    logging"): the lexicon cannot tell their language, and one such turn lets the gate pass the
    transcript on the uncovered turns alone, its other cues unread (the detector then sees a few
    windows). ``judged``: every user turn opens with :data:`JUDGED_LEAD`, so the gate reads each
    turn's cues and the detector every window holding one (the costlier path)."""
    rng = random.Random(seed)
    target = int(megabytes * 1_000_000)
    out: list[tuple[str, str]] = []
    size = 0
    i = 0

    def babble(lo: int, hi: int) -> str:
        return " ".join(rng.choice(_WORDS) for _ in range(rng.randint(lo, hi)))

    while size < target:
        user = (JUDGED_LEAD if judged else "") + babble(8, 40)
        if i % 50 == 0:
            user += " " + _FACTS[(i // 50) % len(_FACTS)]
        if i % 97 == 0:
            user += "\n" + _SECRETS[(i // 97) % len(_SECRETS)]
        pairs = [("user", user), ("assistant", babble(20, 80))]
        if i % 13 == 0:
            pairs.append(("tool", "$ pytest -q\n" + babble(10, 60)))
            pairs.append(("assistant", babble(10, 30)))
        if i % 211 == 0:
            fix, adjust, confirm = _CORRECTIONS[(i // 211) % len(_CORRECTIONS)]
            pairs += [("user", fix), ("assistant", adjust), ("user", confirm), ("assistant", babble(5, 20))]
        out += pairs
        size += sum(len(t) + 12 for _, t in pairs)
        i += 1
    return out


def write_transcript(fmt: str, megabytes: float, folder: Path, seed: int = 7, judged: bool = False) -> Path:
    """A generated transcript of about ``megabytes`` in ``fmt`` (text, claude_code or openai)."""
    turns = _turns(megabytes, seed, judged)
    if fmt == "text":
        path = folder / f"session-{megabytes:g}.txt"
        names = {"user": "User", "assistant": "Assistant", "tool": "Tool"}
        path.write_text("".join(f"{names[r]}: {t}\n" for r, t in turns if r != "tool"), encoding="utf-8")
    elif fmt == "openai":
        path = folder / f"session-{megabytes:g}.json"
        msgs = [
            {"role": r, "content": t} if r != "tool" else {"role": "user", "content": t} for r, t in turns
        ]
        path.write_text(json.dumps(msgs), encoding="utf-8")
    elif fmt == "claude_code":
        path = folder / f"session-{megabytes:g}.jsonl"
        with path.open("w", encoding="utf-8") as out:
            for n, (role, text) in enumerate(turns):
                rec: dict[str, object] = {
                    "uuid": f"u{n}",
                    "parentUuid": f"u{n - 1}" if n else None,
                    "sessionId": "bench-session",
                    "timestamp": "2026-11-03T10:00:00.000Z",
                    "isSidechain": False,
                }
                if role == "tool":
                    rec |= {
                        "type": "user",
                        "message": {
                            "role": "user",
                            "content": [{"type": "tool_result", "tool_use_id": f"t{n}", "content": text}],
                        },
                    }
                else:
                    rec |= {"type": role, "message": {"role": role, "content": text}}
                out.write(json.dumps(rec) + "\n")
    else:
        raise SystemExit(f"unknown format {fmt!r}")
    return path


def write_in_child(fmt: str, megabytes: float, folder: Path, judged: bool = False) -> Path:
    """:func:`write_transcript` in a child process: on Linux a child's peak RSS starts from its
    parent's RSS at fork, so the generator's memory must never be this process's."""
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); from pathlib import Path; import extract; "
        "print(extract.write_transcript(sys.argv[2], float(sys.argv[3]), Path(sys.argv[4]), "
        "judged=sys.argv[5] == '1'))"
    )
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            code,
            str(Path(__file__).parent),
            fmt,
            str(megabytes),
            str(folder),
            str(int(judged)),
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    return Path(out.stdout.strip())


def baseline(fmt: str, folder: Path, root: Path, package: str | None, runs: int = 3) -> tuple[float, float]:
    """Start-up CPU and peak RSS (MB): the medians over ``runs`` fresh children of the same
    command on a tiny transcript of ``fmt`` (one round of the generator: a fact, a secret, a tool
    result, a correction), so that per-MB figures can be given beyond what every run pays once."""
    path = write_in_child(fmt, 0.0001, folder)
    runs_ = [measure(path, root, package) for _ in range(runs)]
    path.unlink()
    return _median([r[0] for r in runs_]), _median([r[1] for r in runs_])


def _median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


def net_per_mb(value: float, base: float, file_mb: float) -> float:
    """``value`` beyond the start-up baseline ``base``, per MB of the file (CPU s/MB, or RSS
    MB per file MB: what grows with the transcript, the interpreter and imports left out)."""
    return (value - base) / file_mb


def _child_env(before: str | None) -> dict[str, str]:
    """The child's environment: ``before`` ahead on the path, and byte-code caches used as an
    installed package would (``PYTHONDONTWRITEBYTECODE`` unset: a package exported without
    ``__pycache__`` would otherwise compile every module from source in every measured run)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if before:
        env["PYTHONPATH"] = before + os.pathsep + env.get("PYTHONPATH", "")
    return env


def measure(path: Path, root: Path, before: str | None) -> tuple[float, float, dict[str, object]]:
    """CPU seconds (user+sys) and peak RSS in MB of one ``extract --dry-run`` child, and its JSON."""
    cmd = [sys.executable, "-c", _WHOLE_CHILD, "extract", str(path), "--dry-run", "--json"]
    cmd += ["--memory-dir", str(root)]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(cmd, stdout=out, stderr=err, env=_child_env(before))
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        raw = out.read().decode("utf-8", "replace")
        lines = err.read().decode("utf-8", "replace").strip().splitlines()
    peaks = [line.split()[1] for line in lines if line.startswith("PEAK_KB ")]
    why = [line for line in lines if not line.startswith("PEAK_KB ")][-1:]
    # ru_maxrss is no measure here: Linux carries the parent's peak into a child across exec (a
    # large bench or test process would be counted); the child's own high-water mark is.
    peak_mb = int(peaks[-1]) / 1024 if peaks else usage.ru_maxrss / 1024
    try:
        summary = json.loads(raw)
    except json.JSONDecodeError:
        summary = {"exit": proc.returncode, "stderr": why}
    return usage.ru_utime + usage.ru_stime, peak_mb, summary


#: The CLI run as ``python -m memscribe.cli`` would, writing its own peak RSS (VmHWM, this
#: process's memory since exec) to stderr at exit.
_WHOLE_CHILD = """
import atexit, os, runpy, sys
def _peak():
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    os.write(2, ("\\nPEAK_KB " + line.split()[1] + "\\n").encode())
    except OSError:
        pass
atexit.register(_peak)
sys.argv = ["memscribe", *sys.argv[1:]]
runpy.run_module("memscribe.cli", run_name="__main__", alter_sys=True)
"""


_IN_PROCESS_CHILD = """
import functools, importlib, json, os, resource, sys, time
path, root, preload = sys.argv[1], sys.argv[2], [m for m in sys.argv[3].split(",") if m]
sys.argv = ["memscribe", "extract", path, "--dry-run", "--json", "--memory-dir", root]
import memscribe.services.extract  # the pipeline's modules loaded before the span
import memscribe.commands.extract as command
for name in preload:  # and those the command imports when it first needs them (lazy_imports)
    try:
        importlib.import_module(name)
    except Exception:
        pass
real, span = command.extract, {}
@functools.wraps(real)
def timed(*args, **kwargs):
    known = set(sys.modules)
    span["rss_before"] = resident_mb()
    span["start"] = time.process_time()
    try:
        return real(*args, **kwargs)
    finally:
        span["end"] = time.process_time()
        span["peak"] = peak_mb()
        span["imported"] = sorted(set(sys.modules) - known)
def peak_mb():  # this process's own high-water mark (ru_maxrss may carry the parent's, see measure)
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
def resident_mb():
    try:  # the pages resident now (the peak so far may be above: a freed start-up allocation)
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
command.extract = timed  # registered under its name when the app is built below
from memscribe.cli import main
try:
    main()
except SystemExit:
    pass
sys.stderr.write("\\n" + json.dumps(span))
"""


class InProcess(NamedTuple):
    """The ``extract`` command's own figures (see :func:`measure_in_process`)."""

    cpu: float  #: CPU seconds of the command
    rss_growth: float  #: MB: the peak RSS less the RSS resident when the command started
    #: the modules first imported while the command ran (none, given :func:`lazy_imports`)
    imported: tuple[str, ...] = ()


def measure_in_process(path: Path, root: Path, package: str | None, preload: Sequence[str] = ()) -> InProcess:
    """The ``extract`` command itself in a fresh child: its CPU seconds and the peak RSS it adds
    to the process as it stood when the command began (the interpreter, the imports, the
    pipeline's modules, loaded first, and the argument parsing left out; the file's read, the
    stages and the output in). Per MB of the file: the pipeline's cost without start-up. NaN
    when the child gave no figures. ``preload``: modules imported before the span too, those
    the command imports only when it first needs them (the reader of the format, the embedded
    model: :func:`lazy_imports`), which are start-up, not the transcript's cost."""
    proc = subprocess.run(
        [sys.executable, "-c", _IN_PROCESS_CHILD, str(path), str(root), ",".join(preload)],
        capture_output=True,
        text=True,
        env=_child_env(package),
        check=False,
    )
    try:
        span = json.loads(proc.stderr.rstrip().rsplit("\n", 1)[-1])
        return InProcess(
            float(span["end"] - span["start"]),
            float(span["peak"] - span["rss_before"]),
            tuple(span.get("imported", ())),
        )
    except (ValueError, KeyError, TypeError):
        return InProcess(float("nan"), float("nan"))


def lazy_imports(fmt: str, folder: Path, root: Path, package: str | None) -> tuple[tuple[str, ...], float]:
    """The modules the ``extract`` command of ``package`` first imports while it runs on a tiny
    transcript of ``fmt`` (see :func:`baseline`), and its CPU seconds on that transcript once
    they are imported before it: the fixed cost of a run (first-use regex compiles, the guard's
    weights, lazily built tables) that the in-process figure per MB still holds."""
    path = write_in_child(fmt, 0.0001, folder)
    modules = measure_in_process(path, root, package).imported
    fixed = measure_in_process(path, root, package, modules).cpu
    path.unlink()
    return modules, fixed


_STAGES = (
    ("read", "memscribe.transcript", "read_transcript"),
    ("redact", "memscribe.redaction.combine", "redact_transcript"),
    ("gate", "memscribe.stages.gate", "gate"),
    ("detect", "memscribe.stages.detect", "detect"),
    ("verify", "memscribe.stages.verify", "verify"),
    ("screen", "memscribe.stages.screen", "screen"),
    ("dedup", "memscribe.stages.dedup", "dedup_all"),
    ("plan", "memscribe.stages.plan", "build_operations"),
)

_SHARES_CHILD = """
import cProfile, io, json, pstats, sys
sys.argv = ["memscribe", "extract", sys.argv[1], "--dry-run", "--json", "--memory-dir", sys.argv[2]]
from memscribe.cli import main
prof = cProfile.Profile()
prof.enable()
try:
    main()
except SystemExit:
    pass
prof.disable()
stats = pstats.Stats(prof, stream=io.StringIO()).stats
total = max(v[3] for v in stats.values())
out = {"total": total}
for (file, _, func), v in stats.items():
    out.setdefault(file.replace("\\\\", "/") + ":" + func, 0.0)
    out[file.replace("\\\\", "/") + ":" + func] += v[3]
sys.stderr.write(json.dumps(out))
"""


def shares(path: Path, root: Path, before: str | None) -> dict[str, float]:
    """Each stage's share of the child's profiled time (cumulative, cProfile)."""
    proc = subprocess.run(
        [sys.executable, "-c", _SHARES_CHILD, str(path), str(root)],
        capture_output=True,
        text=True,
        env=_child_env(before),
        check=False,
    )
    tail = proc.stderr[proc.stderr.rfind('{"total"') :]
    try:
        cum: dict[str, float] = json.loads(tail)
    except json.JSONDecodeError:
        return {}
    total = cum.pop("total") or 1.0
    found: dict[str, float] = {}
    for stage, module, func in _STAGES:
        tail_path = module.removeprefix("memscribe.").replace(".", "/")
        hits = [
            v
            for key, v in cum.items()
            if key.endswith(":" + func)
            and (f"/{tail_path}.py:" in key or f"/{tail_path}/__init__.py:" in key)
        ]
        found[stage] = max(hits, default=0.0) / total
    return found


#: The stages timed without a profiler (see :func:`stage_cpu`): where :mod:`memscribe.run` and
#: the reader call them.
_TIMED = ("gate", "redact_transcript", "detect", "verify", "screen", "dedup_all", "build_operations")

_STAGE_CPU_CHILD = """
import functools, json, sys, time
stages = sys.argv[3].split(",")
sys.argv = ["memscribe", "extract", sys.argv[1], "--dry-run", "--json", "--memory-dir", sys.argv[2]]
import memscribe.run as run, memscribe.transcript as reader
import memscribe.commands.extract as command
spent = {}
def timed(name, func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        start = time.process_time()
        try:
            return func(*args, **kwargs)
        finally:
            spent[name] = spent.get(name, 0.0) + time.process_time() - start
    return wrapper
reader.read_transcript = timed("read", reader.read_transcript)
for name in stages:
    setattr(run, name, timed(name, getattr(run, name)))
command.extract = timed("command", command.extract)
from memscribe.cli import main
try:
    main()
except SystemExit:
    pass
sys.stderr.write("\\n" + json.dumps(spent))
"""


def stage_cpu(path: Path, root: Path, package: str | None) -> dict[str, float]:
    """Each stage's CPU seconds in one ``extract --dry-run`` child, without a profiler (its
    functions wrapped with ``time.process_time``): ``read`` and the stages :mod:`memscribe.run`
    calls, and ``other`` (the rest of the command: the store view, the plan's checks, output).
    Empty when the child gave no figures."""
    proc = subprocess.run(
        [sys.executable, "-c", _STAGE_CPU_CHILD, str(path), str(root), ",".join(_TIMED)],
        capture_output=True,
        text=True,
        env=_child_env(package),
        check=False,
    )
    try:
        spent: dict[str, float] = json.loads(proc.stderr.rstrip().rsplit("\n", 1)[-1])
    except (ValueError, IndexError):
        return {}
    names = {"redact_transcript": "redact", "dedup_all": "dedup", "build_operations": "plan"}
    out = {names.get(k, k): v for k, v in spent.items() if k != "command"}
    out["other"] = spent.get("command", 0.0) - sum(out.values())
    return out


def stage_line(mb: float, after: dict[str, float], before: dict[str, float] | None) -> str:
    """Per-stage CPU s/MB at ``mb`` (before -> after, and their ratio, with ``before``)."""
    cells = []
    for name in ("read", "gate", "redact", "detect", "verify", "screen", "dedup", "plan", "other"):
        now = after.get(name, float("nan")) / mb
        if before is None:
            cells.append(f"{name} {now:.3f}")
        else:
            was = before.get(name, float("nan")) / mb
            cells.append(f"{name} {was:.3f}->{now:.3f}")
    return f"stage CPU s/MB at {mb:g} MB (no profiler{', before->after' if before else ''}): " + "  ".join(
        cells
    )


def _plan_view(summary: dict[str, object]) -> str:
    """The plan JSON without the fields that differ run to run (creation time, ids)."""
    drop = {"created", "id", "path", "text", "supersedes", "superseded_by", "archive_path"}

    def strip(value: object) -> object:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in drop}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return json.dumps(strip(summary), sort_keys=True)


FIXTURES = REPO / "fixtures" / "transcripts"


def _seed_root(folder: Path, entries: int) -> Path:
    """A root of ``entries`` memories (bench/store.py's generator, in a child process)."""
    root = folder / f"root-{entries}"
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); from pathlib import Path; import store; "
        "root = Path(sys.argv[2]); root.mkdir(); store.generate(root, int(sys.argv[3]), store.Corpus())"
    )
    subprocess.run(
        [sys.executable, "-c", code, str(Path(__file__).parent), str(root), str(entries)], check=True
    )
    return root


def _index_root(root: Path, package: str | None) -> None:
    """Build the root's index with ``package`` (unmeasured). The memory folders were dated back
    when generated (and copied with their times): the index trusts them, so no measured run
    re-scans the root."""
    cmd = [sys.executable, "-m", "memscribe.cli", "index", "--memory-dir", str(root)]
    subprocess.run(cmd, check=True, capture_output=True, env=_child_env(package))


def _strict_plan(summary: dict[str, object]) -> str:
    """The plan JSON less what differs run to run: creation time, the new files' ids (and so
    their paths and texts), ``superseded_by``; the memories superseded and archived are kept."""
    plan = {k: v for k, v in summary.items() if k != "created"}
    ops = []
    for op in plan.get("operations") or []:  # type: ignore[attr-defined]
        drop = {"id", "path", "text"} if op.get("op") == "write" else set()
        ops.append({k: v for k, v in op.items() if k not in drop | {"superseded_by"}})
    plan["operations"] = ops
    return json.dumps(plan, sort_keys=True)


def roots_main(sizes: list[int], compare: str | None, before: str | None, folder: Path) -> dict[str, object]:
    """Extract each fixture transcript against an empty root and roots of ``sizes`` memories
    (with today's tree, or ``before``; and ``compare`` first, on its own copy of each root)."""
    packages: list[tuple[str, str | None]] = [("after", before)]
    if compare:
        packages.insert(0, ("before", compare))
    empty = folder / "empty"
    empty.mkdir()
    roots: dict[tuple[int, str], Path] = {}
    for n in sizes:
        seeded = _seed_root(folder, n)
        for i, (name, package) in enumerate(packages):
            root = seeded if i == len(packages) - 1 else seeded.with_name(f"{seeded.name}-{name}")
            if root != seeded:
                shutil.copytree(seeded, root, symlinks=True)
            _index_root(root, package)
            roots[(n, name)] = root
    print(
        f"\n{'transcript':40} {'package':8} {'empty s':>8} "
        + " ".join(f"{f'{n:,} s':>10} {'ratio':>6}" for n in sizes)
    )
    out: dict[str, object] = {}
    for path in sorted(FIXTURES.iterdir()):
        plans: dict[str, list[str]] = {}
        for name, package in packages:
            cpu0, _, summary0 = measure(path, empty, package)
            cells, cpus, plans[name] = [], [], [_strict_plan(summary0)]
            for n in sizes:
                cpu, _, summary = measure(path, roots[(n, name)], package)
                plans[name].append(_strict_plan(summary))
                cells.append(f"{cpu:>10.2f} {cpu / cpu0:>6.2f}")
                cpus.append(cpu)
                out[f"{path.name} {name} {n}"] = {"empty": cpu0, "root": cpu}
            growth = f"  {sizes[-1]:,}/{sizes[0]:,}: {cpus[-1] / cpus[0]:.2f}" if len(sizes) > 1 else ""
            print(f"{path.name[:40]:40} {name:8} {cpu0:>8.2f} " + " ".join(cells) + growth)
        if compare:
            same = plans["before"] == plans["after"]
            print(f"{'':40} plans (empty and every root): {'identical' if same else 'DIFFER'}")
    return out


#: The table's columns: the whole child (what the bar is stated on), the pipeline alone (the
#: ``extract`` command in a child whose modules were imported first: no start-up), and the whole
#: child beyond the tiny transcript's start-up baseline.
HEADER = (
    f"{'':15} | {'whole process':^36} | {'pipeline (in-process)':^21} | {'beyond start-up':^19} |\n"
    f"{'MB':>6} {'file MB':>8} | {'CPU s':>8} {'s/MB':>7} {'RSS MB':>8} {'RSS/file':>9} | "
    f"{'in s/MB':>9} {'in RSS/f':>9} | {'net s/MB':>9} {'net RSS/f':>9} | result"
)


def row(
    mb: float,
    file_mb: float,
    cpu: float,
    rss: float,
    inner: InProcess,
    startup: tuple[float, float],
    note: str,
) -> str:
    """One line of the table (see :data:`HEADER`)."""
    base, base_rss = startup
    return (
        f"{mb:>6g} {file_mb:>8.1f} | {cpu:>8.2f} {cpu / file_mb:>7.3f} {rss:>8.0f} {rss / file_mb:>9.1f} | "
        f"{inner.cpu / file_mb:>9.3f} {inner.rss_growth / file_mb:>9.2f} | "
        f"{net_per_mb(cpu, base, file_mb):>9.3f} {net_per_mb(rss, base_rss, file_mb):>9.2f} | {note}"
    )


def bar_lines(
    rows: list[tuple[float, float, float, float, float]], in_process: list[tuple[float, float, float, float]]
) -> str:
    """The bar (<= 0.3 s CPU per MB at the smallest and largest size, the largest within 1.3x of
    the smallest, peak RSS <= 4x the file) checked on the whole child and on the pipeline alone."""
    (mb0, f0, c0, _, _), (mb1, f1, c1, _, _) = rows[0], rows[-1]
    (_, _, i0, _), (_, _, i1, _) = in_process[0], in_process[-1]

    def verdict(per_mb0: float, per_mb1: float, rss_x: float) -> str:
        ok = per_mb0 <= BAR_CPU_PER_MB and per_mb1 <= BAR_CPU_PER_MB
        ok = ok and per_mb1 <= BAR_LINEAR * per_mb0 and rss_x <= BAR_RSS_X
        return (
            f"{per_mb0:.3f} / {per_mb1:.3f} s/MB at {mb0:g} / {mb1:g} MB (ratio {per_mb1 / per_mb0:.2f}), "
            f"RSS {rss_x:.1f}x the file at most: {'meets' if ok else 'misses'} the bar"
        )

    rss_whole = max(r / f for _, f, _, r, _ in rows)
    rss_inner = max(g / f for _, f, _, g in in_process)
    return (
        f"bar, whole process: {verdict(c0 / f0, c1 / f1, rss_whole)}\n"
        f"bar, pipeline:      {verdict(i0 / f0, i1 / f1, rss_inner)} (RSS: the growth over the process)"
    )


#: Issue 17's bar: CPU s per MB at the smallest and largest size, their ratio, peak RSS / file.
BAR_CPU_PER_MB = 0.3
BAR_LINEAR = 1.3
BAR_RSS_X = 4.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", type=float, nargs="+", default=[1, 10, 50], help="transcript sizes in MB")
    ap.add_argument("--formats", nargs="+", default=list(FORMATS), choices=FORMATS)
    ap.add_argument(
        "--shares",
        type=float,
        nargs="*",
        default=None,
        help="sizes to profile per stage (default: min and max)",
    )
    ap.add_argument("--before", help="a folder holding another 'memscribe' package, measured instead")
    ap.add_argument(
        "--compare",
        help="a folder holding another 'memscribe' package, measured beside today's tree on the same "
        "file (the two runs back to back) with the after/before ratios",
    )
    ap.add_argument(
        "--judged",
        action="store_true",
        help="every user turn in plain English (the gate reads each turn's cues: see _turns)",
    )
    ap.add_argument("--json", type=Path, help="also write the figures here")
    ap.add_argument(
        "--roots", type=int, nargs="+", help="instead: memory roots of these sizes, fixture transcripts"
    )
    args = ap.parse_args()
    for given in (args.before, args.compare):
        if given and not (Path(given) / "memscribe" / "__init__.py").is_file():
            # on PYTHONPATH a folder without memscribe/ in it leaves today's tree imported: a
            # comparison of the tree with itself, silently
            ap.error(f"{given}: no memscribe package in it (give the folder holding memscribe/)")
    if args.roots:
        with tempfile.TemporaryDirectory(prefix="memscribe-bench-") as tmp:
            found = roots_main(args.roots, args.compare, args.before, Path(tmp))
        if args.json:
            args.json.write_text(json.dumps(found, indent=2), encoding="utf-8")
        return
    sizes = sorted(args.sizes)
    share_sizes = sorted({sizes[0], sizes[-1]}) if args.shares is None else args.shares
    results: dict[str, object] = {}
    with tempfile.TemporaryDirectory(prefix="memscribe-bench-") as tmp:
        folder = Path(tmp)
        root = folder / "root"
        root.mkdir()
        warm = folder / "warm.txt"  # one unmeasured run per package writes its byte-code caches
        warm.write_text("User: I prefer tabs over spaces.\nAssistant: Noted.\n", encoding="utf-8")
        for package in {args.before, args.compare} if args.compare else {args.before}:
            measure(warm, root, package)
        for fmt in args.formats:
            base, base_rss = baseline(fmt, folder, root, args.before)
            base0, base0_rss = baseline(fmt, folder, root, args.compare) if args.compare else (base, base_rss)
            print(
                f"\n{fmt}: start-up baseline (tiny {fmt} transcript, median of 3) {base:.2f} s CPU, "
                f"{base_rss:.0f} MB RSS",
                end="",
            )
            print(f", before {base0:.2f} s, {base0_rss:.0f} MB" if args.compare else "")
            lazy, fixed = lazy_imports(fmt, folder, root, args.before)
            lazy0, fixed0 = lazy_imports(fmt, folder, root, args.compare) if args.compare else (lazy, fixed)
            print(
                f"in-process: {len(lazy)} modules the command imports lazily loaded before the span; "
                f"fixed cost per run (tiny {fmt} transcript) {1000 * fixed:.0f} ms"
                + (f", before {1000 * fixed0:.0f} ms" if args.compare else "")
            )
            print(HEADER)
            rows = []
            in_process: list[tuple[float, float, float, float]] = []
            for mb in sizes:
                path = write_in_child(fmt, mb, folder, judged=args.judged)
                file_mb = path.stat().st_size / 1e6
                if args.compare:
                    cpu0, rss0, summary0 = measure(path, root, args.compare)
                    inner0 = measure_in_process(path, root, args.compare, lazy0)
                    print(row(mb, file_mb, cpu0, rss0, inner0, (base0, base0_rss), "before"))
                cpu, rss, summary = measure(path, root, args.before)
                inner = measure_in_process(path, root, args.before, lazy)
                rows.append((mb, file_mb, cpu, rss, cpu - base))
                in_process.append((mb, file_mb, inner.cpu, inner.rss_growth))
                note: dict[str, object] = {k: summary[k] for k in ("exit", "stderr", "gate") if k in summary}
                if args.compare:
                    same = "same plan" if _plan_view(summary) == _plan_view(summary0) else "PLAN DIFFERS"
                    note = {
                        "cpu after/before": round(cpu / cpu0, 2),
                        "rss after/before": round(rss / rss0, 2),
                        "in cpu after/before": round(inner.cpu / inner0.cpu, 2) if inner0.cpu else None,
                    }
                    note["plan"] = same
                print(row(mb, file_mb, cpu, rss, inner, (base, base_rss), json.dumps(note)[:160]))
                path.unlink()
            if len(rows) > 1:
                (_, f0, c0, _, n0), (_, f1, c1, _, n1) = rows[0], rows[-1]
                slope = (c1 - c0) / (f1 - f0)
                ratio = (c1 / f1) / (c0 / f0)
                net = f"; net (start-up baseline less) {(n1 / f1) / (n0 / f0):.2f}" if n0 > 0 else ""
                print(
                    f"slope {slope:.3f} s/MB beyond start-up; {sizes[-1]:g}/{sizes[0]:g} MB CPU-per-MB ratio "
                    f"{ratio:.2f}{net}"
                )
            print(bar_lines(rows, in_process))
            fmt_shares = {}
            fmt_stage_cpu: dict[float, dict[str, object]] = {}
            for mb in share_sizes:
                path = write_in_child(fmt, mb, folder, judged=args.judged)
                got = shares(path, root, args.before)
                path.unlink()
                fmt_shares[mb] = got
                line = "  ".join(f"{k} {v:.0%}" for k, v in got.items())
                print(f"stage shares at {mb:g} MB: {line}")
                path = write_in_child(fmt, mb, folder, judged=args.judged)
                file_mb = path.stat().st_size / 1e6
                cpu_before = stage_cpu(path, root, args.compare) if args.compare else None
                cpu_after = stage_cpu(path, root, args.before)
                path.unlink()
                print(stage_line(file_mb, cpu_after, cpu_before))
                fmt_stage_cpu[mb] = {"after": cpu_after, "before": cpu_before}
            results[fmt] = {
                "rows": rows,
                "in_process": in_process,
                "shares": fmt_shares,
                "stage_cpu": fmt_stage_cpu,
                "startup_cpu": base,
                "startup_rss": base_rss,
            }
    if args.json:
        args.json.write_text(json.dumps(results, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
