"""The timeline of one ``memscribe batch`` run: where the call slots sit idle, and why.

    .venv/bin/python bench/batch_timeline.py [--n 200] [--latency 0.2] [--concurrency 32]
        [--baseline REV] [--repeat K] [--series]

Same corpus and scripted server as ``bench/batch.py``. The ``memscribe batch`` process runs with
probes installed as its modules load (measurement only: the code runs unchanged): when discovery,
the call helper's fork, the ledger (recover, classify) and the engine's opening end, each unit's
start and end, each model call's slot wait and flight, each board wait (a unit waiting on earlier
transcripts) and each commit group. Times are seconds from the run's start (``run_batch``), the
process's start-up before it shown apart (negative times).

``calls in flight, mean`` is the slot-seconds in flight over the run's wall; ``ramp``, ``steady``
and ``drain`` split the run (to one latency after the first call; to the last unit's start; the
rest) with the mean in flight over each (:func:`stretches`). ``process cpu /
ideal`` is memscribe's own CPU in the run (all its threads, the call helper's apart) over the
ideal: nearly all of it runs under one interpreter lock, one thread at a time, so it is about a
floor under wall/ideal that no scheduling of the units lowers (only less CPU, or CPU moved to
another process, does); ``process cpu / wall`` is about how busy that lock was (well under 1
with slots free: the units were waiting, not computing).

The slot breakdown divides ``concurrency × (run's wall)`` slot-seconds into: calls in flight, and
free slot-seconds by what the units did meanwhile: ``start-up`` (before the first call leaves),
``prep`` (some unit was waiting for its turn or preparing its first request), ``board`` (else:
some unit waited on earlier transcripts' plans), ``post`` (else: some unit worked between or
after its calls; a unit waiting for its held dedup decisions' answers, ``settle`` in the series,
is not working), ``idle units`` (else: every running unit waited on a model or dedup answer:
none was started to use the slot), ``tail`` (after the last call left: nothing left to call).
``hop ms`` follows each call made in the model-call helper process (medians and 90th
percentiles): ``pipe`` (its caller's send to the helper's read), ``helper`` (in the helper beyond
the model's latency: a worker, the client stack, the answer pickled) and ``back`` (the answer
sent to the caller's reader having read it: mostly that thread waiting for a busy interpreter
lock); a call slot is held across all three. ``slot-s beyond latency`` splits what those calls
held their slots beyond the model's latency between the run's first wave (its first
``concurrency`` calls, sent together while the helper, the planner and the driver all start on two
cores) and every later call (:func:`first_wave`). With ``--baseline REV`` both codes run alternately (``--repeat`` times each) and the medians of
each figure are printed side by side.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(1, str(REPO / "bench"))

from batch import WORDS, respond, transcript  # noqa: E402,F401
from before_after import byte_compiled, export_revision  # noqa: E402

from tests.support.llm_server import serve  # noqa: E402

#: Runs ``memscribe batch`` with probes (argv[1]: where the events go; the rest: the CLI's).
PROBED = r"""
import importlib.abc, importlib.machinery, json, sys, threading, time, atexit, functools, os, pickle, contextlib
T0 = time.monotonic()
EVENTS = []
OUT = sys.argv.pop(1)
_local = threading.local()
def ev(kind, rank=-1, **extra):
    extra["cpu"] = time.thread_time()
    EVENTS.append((time.monotonic() - T0, kind, rank, extra))
def span(name, rank_of=None):
    def wrap(fn):
        @functools.wraps(fn)
        def inner(*a, **k):
            rank = rank_of(a, k) if rank_of else -1
            ev(name + ":start", rank)
            try:
                return fn(*a, **k)
            finally:
                ev(name + ":end", rank)
        return inner
    return wrap
def patch_discovery(m):
    m.discover = span("discover")(m.discover)
def thread_cpu(name):
    def wrap(fn):
        @functools.wraps(fn)
        def inner(*a, **k):
            try:
                return fn(*a, **k)
            finally:
                ev("thread_cpu", -1, name=name, total=time.thread_time())
        return inner
    return wrap
IN_HELPER = []  # in the call helper process: its end of the pipe
HOPS = {}  # a call's key -> [sent by its caller, its answer read by the reader] (monotonic: one clock for both processes)
class _Keys:  # the call helper's key counter, telling the caller's thread its call's key
    def __init__(self, inner):
        self.inner = inner
    def __iter__(self):
        return self
    def __next__(self):
        _local.key = key = next(self.inner)
        return key
class _CallerEnd:
    def __init__(self, conn):
        self.conn = conn
    def __getattr__(self, name):
        return getattr(self.conn, name)
    def send_bytes(self, data):
        if data:
            HOPS[getattr(_local, "key", -1)] = [time.monotonic(), None]
        return self.conn.send_bytes(data)
    def recv_bytes(self):
        data = self.conn.recv_bytes()
        try:
            key = pickle.loads(data)[0]
        except Exception:
            key = None
        if key in HOPS:
            HOPS[key][1] = time.monotonic()
        return data
class _HelperEnd:  # the helper's end of the pipe: each call's key, when it came, when its answer left
    def __init__(self, conn, path):
        self.conn, self.fd, self.came = conn, os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND), {}
    def __getattr__(self, name):
        return getattr(self.conn, name)
    def recv_bytes(self):
        data = self.conn.recv_bytes()
        with contextlib.suppress(Exception):
            self.came[pickle.loads(data)[0]] = time.monotonic()
        return data
    def send_bytes(self, data):
        with contextlib.suppress(Exception):
            key = pickle.loads(data)[0]
            if key in self.came:
                os.write(self.fd, f"{key} {self.came.pop(key)!r} {time.monotonic()!r}\n".encode())
        return self.conn.send_bytes(data)
def patch_call_process(m):
    init = span("helper_fork")(m.CallProcess.__init__)
    def probed_init(self, *a, **k):
        init(self, *a, **k)
        self._conn, self._ids = _CallerEnd(self._conn), _Keys(self._ids)
    m.CallProcess.__init__ = probed_init
    m.CallProcess._read = thread_cpu("reader")(m.CallProcess._read)
    serve_calls = m._serve
    def serve(conn, *a, **k):
        end = _HelperEnd(conn, OUT + ".hops")
        IN_HELPER.append(end)
        return serve_calls(end, *a, **k)
    m._serve = serve
    if hasattr(m, "_Frames"):  # a framed pipe (_send; _Frames reads every whole message there)
        real_send, real_read = m._send, m._Frames.read
        def send(conn, data):
            if IN_HELPER:  # an answer leaving the helper
                with contextlib.suppress(Exception):
                    end, key = IN_HELPER[0], pickle.loads(data)[0]
                    if key in end.came:
                        os.write(end.fd, f"{key} {end.came.pop(key)!r} {time.monotonic()!r}\n".encode())
            elif data:  # a request leaving its caller
                HOPS[getattr(_local, "key", -1)] = [time.monotonic(), None]
            return real_send(conn, data)
        def read(self):
            found = real_read(self)
            now = time.monotonic()
            for data in found:
                with contextlib.suppress(Exception):
                    key = pickle.loads(data)[0]
                    if IN_HELPER:  # a request come to the helper
                        IN_HELPER[0].came[key] = now
                    elif key in HOPS:  # an answer read by the caller's reader
                        HOPS[key][1] = now
            return found
        m._send, m._Frames.read = send, read
def patch_runner(m):
    m.run_batch = span("run_batch")(m.run_batch)
    m.recover = span("recover")(m.recover)
    m._classify_by_stat = span("classify")(m._classify_by_stat)
    m._start = span("engine_start")(m._start)
    def ranks(a, k):
        return a[0][0].out.rank if a[0] else -1
    real_commit = m.commit_group
    def commit_group(group, ctx):
        ev("commit:start", group[0].out.rank if group else -1, n=len(group))
        try:
            return real_commit(group, ctx)
        finally:
            ev("commit:end", group[0].out.rank if group else -1, n=len(group))
    m.commit_group = commit_group
    real_settle = m._settle_output
    def settle_output(state, out):
        ev("result", out.rank)
        return real_settle(state, out)
    m._settle_output = settle_output
def patch_engine(m):
    real_work = m.LocalEngine._work
    def work(self, unit):
        _local.rank = unit.rank
        ev("unit:start", unit.rank)
        try:
            return real_work(self, unit)
        finally:
            ev("unit:end", unit.rank)
    m.LocalEngine._work = work
    real_slotted = m._slotted
    def slotted(transport, slots, rank, *more):
        def timed(**kw):
            ev("call:ask", rank, task=getattr(_local, "task", "?"))
            def flown(**kw2):
                ev("call:start", rank, task=getattr(_local, "task", "?"))
                try:
                    return transport(**kw2)
                finally:
                    ev("call:end", rank)
            within = getattr(transport, "call_within", None)
            if within is not None:  # a transport that gives its slot back itself: timed by the slot
                class Timed:
                    def __init__(self, slot):
                        self.slot = slot
                    def acquire(self):
                        self.slot.acquire()
                        ev("call:start", rank, task=getattr(_local, "task", "?"))
                    def release(self):
                        ev("call:end", rank)
                        self.slot.release()
                flown.call_within = lambda slot, **kw2: within(Timed(slot), **kw2)
            return real_slotted(flown, slots, rank, *more)(**kw)
        return timed
    m._slotted = slotted
    real_generate = m.BoundedModel.generate
    def generate(self, *, task, **kw):
        _local.task = task
        ev("gen:start", self.rank, task=task)
        try:
            return real_generate(self, task=task, **kw)
        finally:
            ev("gen:end", self.rank, task=task)
    m.BoundedModel.generate = generate
    real_open = m.LocalEngine.open
    def open_(self, *a, **k):
        ev("engine_open:start")
        try:
            return real_open(self, *a, **k)
        finally:
            ev("engine_open:end")
    m.LocalEngine.open = open_
def patch_view(m):
    m.MemoryState.__init__ = span("memory_state")(m.MemoryState.__init__)
    m.MemView._build_index = span("index_build")(m.MemView._build_index)
def patch_coalesce(m):
    m.DedupCoalescer._lead = thread_cpu("dedup")(m.DedupCoalescer._lead)
    real_call = m.DedupCoalescer._call
    def call(self, model, asks):
        ev("dedup:gathered", min(a.rank for a in asks), n=len(asks), ranks=[a.rank for a in asks])
        return real_call(self, model, asks)
    m.DedupCoalescer._call = call
    real_settle = m.HeldDecisions.settle
    def settle(self):
        ev("settle:start", self._rank)
        try:
            return real_settle(self)
        finally:
            ev("settle:end", self._rank)
    m.HeldDecisions.settle = settle
def patch_board(m):
    real = m.Board.fetch_layers
    def fetch_layers(self, rank, scope=None):
        ev("board:start", rank)
        try:
            return real(self, rank, scope)
        finally:
            ev("board:end", rank)
    m.Board.fetch_layers = fetch_layers
    real_wc = m.Board.wait_change
    def wait_change(self, tick, progress, rank=None, on=None):
        ev("board:start", -1 if rank is None else rank)
        try:
            return real_wc(self, tick, progress, rank, on)
        finally:
            ev("board:end", -1 if rank is None else rank)
    m.Board.wait_change = wait_change
def patch_turns(m):
    real = m.Turns.take
    def take(self, rank, **kw):
        ev("turn:ask", rank)
        real(self, rank, **kw)
        ev("turn:got", rank)
    m.Turns.take = take
def patch_task(m):
    real = m.plan_transcript
    def plan_transcript(*a, **k):
        ev("plan", getattr(_local, "rank", -1))
        return real(*a, **k)
    m.plan_transcript = plan_transcript
def patch_process_engine(m):  # the planner process (--plan-process): its events and hops kept at its end
    real = m._plan
    def plan(conn, send, first):
        start = len(EVENTS)
        try:
            return real(conn, send, first)
        finally:
            with open(OUT + ".planner", "w") as f:
                json.dump({"events": EVENTS[start:], "hops": {str(k): v for k, v in HOPS.items()}}, f)
    m._plan = plan
PATCHES = {
    "memscribe.batch.process_engine": patch_process_engine,
    "memscribe.batch.discovery": patch_discovery,
    "memscribe.model.call_process": patch_call_process,
    "memscribe.batch.runner": patch_runner,
    "memscribe.batch.engine": patch_engine,
    "memscribe.batch.board": patch_board,
    "memscribe.batch.coalesce": patch_coalesce,
    "memscribe.batch.view": patch_view,
    "memscribe.batch.turns": patch_turns,
    "memscribe.batch.task": patch_task,
}
class Loader(importlib.abc.Loader):
    def __init__(self, inner, name):
        self.inner, self.name = inner, name
    def create_module(self, spec):
        return self.inner.create_module(spec)
    def exec_module(self, module):
        ev("import:" + self.name + ":start")
        self.inner.exec_module(module)
        ev("import:" + self.name + ":end")
        PATCHES[self.name](module)
class Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name not in PATCHES:
            return None
        for finder in sys.meta_path:
            if finder is self:
                continue
            spec = finder.find_spec(name, path, target) if hasattr(finder, "find_spec") else None
            if spec is not None:
                spec.loader = Loader(spec.loader, name)
                return spec
        return None
sys.meta_path.insert(0, Finder())
_real_run = threading.Thread.run
def _run(self):
    try:
        _real_run(self)
    finally:
        ev("thread_exit", -1, name=self.name, total=time.thread_time())
threading.Thread.run = _run
def dump():
    import os
    tasks = {}
    names = {t.native_id: t.name.split("-")[0] if not t.name.startswith("memscribe") else t.name for t in threading.enumerate()}
    for tid in os.listdir("/proc/self/task"):
        try:
            stat = open(f"/proc/self/task/{tid}/stat").read()
            name = names.get(int(tid), "gone?")
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        tasks[name] = tasks.get(name, 0.0) + (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    EVENTS.append((time.monotonic() - T0, "threads", -1, tasks))
    hops = {str(k): v for k, v in HOPS.items()}
    if os.path.exists(OUT + ".planner"):  # the planner's units, calls and hops (one monotonic clock)
        with open(OUT + ".planner") as f:
            planned = json.load(f)
        EVENTS.extend(tuple(e) for e in planned["events"])
        EVENTS.sort(key=lambda e: e[0])
        hops.update(planned["hops"])
    EVENTS.append((time.monotonic() - T0, "hops", -1, hops))
    with open(OUT, "w") as f:
        json.dump(EVENTS, f)
atexit.register(dump)
sys.argv[0] = "memscribe"
from memscribe.cli import main
main()
"""


def probed_run(
    corpus: Path, root: Path, url: str, concurrency: int, code: Path
) -> tuple[dict[str, Any], list[Any]]:
    env = {**os.environ, "OPENAI_API_KEY": "bench-key-not-real", "PYTHONPATH": str(code)}
    with tempfile.NamedTemporaryFile("r", suffix=".json") as events:
        cmd = [sys.executable, "-c", PROBED, events.name, "batch", str(corpus), "--memory-dir", str(root)]
        cmd += ["--concurrency", str(concurrency), "--json", "--no-progress", "--model", "openai/bench"]
        cmd += ["--api-base", url]
        done = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=code, check=False)
        if done.returncode == 6:
            failed = [t for t in json.loads(done.stdout)["transcripts"] if t["status"] == "failed"]
            raise SystemExit(f"{code}: {len(failed)} transcripts failed, e.g. {failed[:2]}")
        if done.returncode != 0:
            raise SystemExit(f"memscribe batch failed ({done.returncode}):\n{done.stderr[-3000:]}")
        found = json.load(open(events.name))
        hops = Path(events.name + ".hops")
        if hops.exists():  # the call helper's side: each call's key, when it came, when its answer left
            lines = [line.split() for line in hops.read_text().splitlines()]
            found.append((0.0, "helper_hops", -1, {k: [float(a), float(b)] for k, a, b in lines}))
            hops.unlink()
        Path(events.name + ".planner").unlink(missing_ok=True)  # (read into the events already)
    return json.loads(done.stdout), found


def first_cpu(events: list[Any], kind: str) -> float:
    return float(next(e[3]["cpu"] for e in events if e[1] == kind))


def last_cpu(events: list[Any], kind: str) -> float:
    return float([e[3]["cpu"] for e in events if e[1] == kind][-1])


STEP = 0.005
#: What a unit does, by the events that open and close it (the rest of its time: "post").
OPENS = {"turn:ask": "prep", "board:start": "board", "gen:start": "gen", "settle:start": "settle"}
CLOSES = {"turn:got": "prep", "board:end": "board", "gen:end": "gen", "settle:end": "settle"}
#: Free slots are put down to the first of these that some unit is in (else "idle units").
CAUSES = ("prep", "board", "post")


class Series:
    """Per STEP bucket of the run: calls in flight, and units in each state (averages)."""

    def __init__(self, end: float) -> None:
        self.end = end
        self.n = int(end / STEP) + 1
        self.of: dict[str, list[float]] = {}

    def add(self, name: str, a: float, b: float) -> None:
        series = self.of.setdefault(name, [0.0] * self.n)
        a, b = max(0.0, a), min(self.end, b)
        i = int(a / STEP)
        while a < b and i < self.n:
            edge = min(b, (i + 1) * STEP)
            series[i] += (edge - a) / STEP
            a, i = edge, i + 1

    def at(self, name: str, i: int) -> float:
        return self.of.get(name, [0.0] * self.n)[i]


def unit_states(events: list[Any], t0: float, series: Series) -> None:
    """Each unit's time by state: preparing its first request (its turn included), in a model
    call or dedup wait ("gen"), waiting on earlier transcripts ("board"), its plan made and
    waiting for its held dedup decisions' real answers ("settle"), other work ("post")."""
    started: dict[int, float] = {}
    opened: dict[int, tuple[str, float]] = {}
    busy: dict[int, list[tuple[float, float]]] = {}
    for t, kind, rank, _extra in events:
        t -= t0
        if kind == "unit:start":
            started[rank] = t
        elif kind in OPENS and rank in started:
            opened[rank] = (OPENS[kind], t)
            if kind == "gen:start" and busy.get(rank) is None:  # prep ends at the first call
                busy[rank] = []
        elif kind in CLOSES and rank in opened:
            state, a = opened.pop(rank)
            series.add(state, a, t)
            busy.setdefault(rank, []).append((a, t))
        elif kind == "unit:end" and rank in started:
            a = started.pop(rank)
            cursor = a
            for wa, wb in sorted(busy.pop(rank, [])):
                series.add("post", cursor, max(cursor, wa))
                cursor = max(cursor, wb)
            series.add("post", cursor, t)
            series.add("running", a, t)


def calls_in_flight(events: list[Any], t0: float, series: Series) -> None:
    open_at: dict[int, list[float]] = {}
    for t, kind, rank, _extra in events:
        if kind == "call:start":
            open_at.setdefault(rank, []).append(t - t0)
        elif kind == "call:end" and open_at.get(rank):
            series.add("inflight", open_at[rank].pop(), t - t0)


def phases(events: list[Any]) -> tuple[float, dict[str, float]]:
    first: dict[str, float] = {}
    last: dict[str, float] = {}
    for t, kind, _rank, _extra in events:
        first.setdefault(kind, t)
        last[kind] = t
    t0 = first["run_batch:start"]
    fig = {"process start-up (s before run)": t0}
    for label, kind, which in (
        ("discover end", "discover:end", first),
        ("helper forked", "helper_fork:end", first),
        ("classify end", "classify:end", first),
        ("engine started", "engine_start:end", last),
        ("first call", "call:start", first),
        ("last call start", "call:start", last),
        ("last call end", "call:end", last),
        ("last result", "result", last),
        ("last commit end", "commit:end", last),
        ("run end", "run_batch:end", last),
    ):
        fig[label] = which.get(kind, t0) - t0
    return t0, fig


def first_unit(events: list[Any]) -> dict[str, float]:
    """The unit that prepared first (the first turn): its thread's CPU (ms) from its start to its
    first call leaving (its preparation, the run's one-time work included: a figure a loaded
    machine's scheduling does not move, as it moves wall times); and the wall from the engine's
    start to the run's first call (s)."""
    ranked = next((e[2] for e in events if e[1] == "turn:got"), None)
    start = next((e for e in events if e[1] == "unit:start" and e[2] == ranked), None)
    call = next((e for e in events if e[1] == "call:start" and e[2] == ranked), None)
    first = next((e for e in events if e[1] == "call:start"), None)
    if start is None or call is None or first is None:
        return {"first unit cpu ms to its call": 0.0, "first call after engine start": 0.0}
    engine = next((e for e in events if e[1] == "engine_start:end"), start)
    return {  # (a worker thread is reused: its CPU counted from the unit's start)
        "first unit cpu ms to its call": 1000 * (float(call[3]["cpu"]) - float(start[3]["cpu"])),
        "first call after engine start": first[0] - engine[0],
    }


def analyse(report: dict[str, Any], events: list[Any], concurrency: int, latency: float) -> dict[str, float]:
    """The run's phases and its slot-seconds by what kept a slot free."""
    t0, fig = phases(events)
    end = fig["run end"]
    calls = sum(1 for e in events if e[1] == "call:start")
    fig["calls"] = calls
    fig.update(first_unit(events))
    fig["dedup calls"] = sum(1 for e in events if e[1] == "call:start" and e[3].get("task") != "detect")
    fig["wall/ideal"] = end / (calls * latency / concurrency) if calls else 0.0
    series = Series(end)
    unit_states(events, t0, series)
    calls_in_flight(events, t0, series)
    total = dict.fromkeys(("in flight", "start-up", *CAUSES, "idle units", "tail"), 0.0)
    for i in range(series.n):
        width = min(STEP, end - i * STEP)
        inflight = series.at("inflight", i)
        free = max(0.0, concurrency - inflight) * width
        total["in flight"] += min(concurrency, inflight) * width
        if i * STEP < fig["first call"]:
            cause = "start-up"
        elif i * STEP >= fig["last call start"]:
            cause = "tail"
        else:
            cause = next((c for c in CAUSES if series.at(c, i) >= 0.5), "idle units")
        total[cause] += free
    for k, v in total.items():
        fig[f"slot-s {k}"] = v
    fig.update(stretches(events, t0, fig, series, latency))
    fig["replans"] = sum(1 for e in events if e[1] == "plan") - sum(1 for e in events if e[1] == "unit:end")
    fig["calls in flight, mean"] = total["in flight"] / end if end else 0.0
    fig["cpu s (process)"] = float(report["cpu_s"])
    ideal = calls * latency / concurrency
    # The interpreter lock runs one thread at a time: memscribe's own CPU (the helper's apart) is
    # about a floor under the wall, whatever the scheduling; its share of the wall, how busy it was.
    fig["process cpu / ideal"] = fig["cpu s (process)"] / ideal if ideal else 0.0
    fig["process cpu / wall"] = fig["cpu s (process)"] / end if end else 0.0
    fig["cpu s helper"] = float(report.get("helper_cpu_s") or 0.0)
    begun: dict[int, float] = {}
    fig["cpu s units"] = 0.0
    for _t, kind, rank, extra in events:
        if kind == "unit:start":
            begun[rank] = extra["cpu"]
        elif kind == "unit:end" and rank in begun:
            fig["cpu s units"] += extra["cpu"] - begun.pop(rank)
    fig["cpu s driver"] = last_cpu(events, "run_batch:end") - first_cpu(events, "run_batch:start")
    fig.update(hops(events, latency))
    fig.update(first_wave(events, latency, concurrency))
    fig.update(chain(events, t0))
    starts = [e[3]["cpu"] for e in events if e[1] == "commit:start"]
    ends = [e[3]["cpu"] for e in events if e[1] == "commit:end"]
    fig["cpu s commit"] = sum(b - a for a, b in zip(starts, ends, strict=False))
    return fig


def chain(events: list[Any], t0: float) -> dict[str, float]:
    """How long the commit chain's head waited on dedup calls. A unit asks its dedup decisions
    (``gen:start`` of a dedup) and, held provisionally, waits for the gathered call holding its
    items to leave (``dedup:gathered``: after a call slot, at :func:`~memscribe.batch.coalesce.follow_up`
    of its rank, behind every waiting detection); plans commit in path order, so every later unit
    waits (settle, board) for the earliest unit still unanswered. ``dedup ask to call ms``: from
    each such ask to its call leaving (median, p90, max); ``ranks ended, first quarter s``: when
    every unit of the first quarter of the ranks had ended (the head's lag: a run that commits
    as it goes ends them in about a quarter of its wall)."""
    asked: dict[int, float] = {}
    waits: list[float] = []
    ended: dict[int, float] = {}
    for t, kind, rank, extra in sorted(events, key=lambda e: e[0]):  # (the planner's are appended)
        if kind == "gen:start" and extra.get("task") == "dedup":
            asked.setdefault(rank, t)
        elif kind == "dedup:gathered":
            for r in extra.get("ranks") or ():
                if r in asked:
                    waits.append(t - asked.pop(r))
        elif kind == "unit:end":
            ended[rank] = t
    waits.sort()
    out: dict[str, float] = {}
    for name, q in (("median", 0.5), ("p90", 0.9), ("max", 1.0)):
        out[f"dedup ask to call ms {name}"] = 1000 * waits[int(q * (len(waits) - 1))] if waits else 0.0
    quarter = [ended[r] for r in sorted(ended)[: max(1, len(ended) // 4)]] if ended else []
    out["ranks ended, first quarter s"] = max(quarter) - t0 if quarter else 0.0
    return out


def hops(events: list[Any], latency: float) -> dict[str, float]:
    """Where a call made in the call helper spends its time, medians and 90th percentiles (ms):
    the pipe to the helper (its caller's send to the helper's read), in the helper beyond the
    model's latency (waiting for a worker, the client stack, the answer pickled), and back (the
    answer sent to the reader having read it: mostly the reader waiting for the interpreter lock
    of a busy process). A call slot is held from before the first to after the last."""
    caller = next((e[3] for e in events if e[1] == "hops"), {})
    helper = next((e[3] for e in events if e[1] == "helper_hops"), {})
    legs: dict[str, list[float]] = {"pipe": [], "helper": [], "back": []}
    for key, (sent, read) in caller.items():
        if key not in helper or read is None:
            continue
        came, left = helper[key]
        legs["pipe"].append(came - sent)
        legs["helper"].append(left - came - latency)
        legs["back"].append(read - left)
    out: dict[str, float] = {}
    for leg, values in legs.items():
        values.sort()
        for name, q in (("median", 0.5), ("p90", 0.9)):
            out[f"hop ms {leg} {name}"] = 1000 * values[int(q * (len(values) - 1))] if values else 0.0
    return out


def first_wave(events: list[Any], latency: float, concurrency: int) -> dict[str, float]:
    """The slot-seconds held beyond the model's latency by calls made in the call helper, split
    into the run's first wave (its first ``concurrency`` calls, sent within a few milliseconds
    while the helper, the planner and the driver all start) and every later call: where the
    ``slot-s in flight`` above the ideal come from. ``first wave hold ms median``: one of those
    first calls' slot hold beyond the latency (a later call's beside it)."""
    caller = next((e[3] for e in events if e[1] == "hops"), {})
    held = sorted(
        (float(sent), float(read) - float(sent) - latency)
        for sent, read in caller.values()
        if read is not None
    )
    first = [extra for _sent, extra in held[:concurrency]]
    later = [extra for _sent, extra in held[concurrency:]]
    return {
        "slot-s beyond latency, first wave": sum(first),
        "slot-s beyond latency, later calls": sum(later),
        "first wave hold ms median": 1000 * statistics.median(first) if first else 0.0,
        "later hold ms median": 1000 * statistics.median(later) if later else 0.0,
    }


def stretches(
    events: list[Any], t0: float, fig: dict[str, float], series: Series, latency: float
) -> dict[str, float]:
    """The run in three stretches, with the mean calls in flight over each: ``ramp`` (to one
    latency after the first call: the first answers come back), ``steady`` (to the last unit's
    first start: transcripts still wait to be started) and ``drain`` (the rest: the last
    units' calls and their dedup decisions). Tells a run's edges from its middle."""
    firsts: dict[int, float] = {}
    for t, kind, rank, _extra in events:
        if kind == "unit:start":
            firsts.setdefault(rank, t - t0)
    end = fig["run end"]
    ramp = min(end, fig["first call"] + latency)
    steady = min(end, max(ramp, max(firsts.values(), default=ramp)))
    bounds = {"ramp": (0.0, ramp), "steady": (ramp, steady), "drain": (steady, end)}
    out: dict[str, float] = {}
    for name, (a, b) in bounds.items():
        held = 0.0
        for i in range(series.n):
            lo, hi = max(a, i * STEP), min(b, (i + 1) * STEP)
            if hi > lo:
                held += series.at("inflight", i) * (hi - lo)
        out[f"{name} s"] = b - a
        out[f"calls in flight, {name}"] = held / (b - a) if b > a else 0.0
    return out


def print_series(events: list[Any], step: float = 0.1) -> None:
    """Calls in flight and units by state, averaged per ``step`` s of the run."""
    t0, fig = phases(events)
    series = Series(fig["run end"])
    unit_states(events, t0, series)
    calls_in_flight(events, t0, series)
    k = int(step / STEP)
    names = ("inflight", "running", "prep", "gen", "board", "settle", "post")
    print("     t  " + "".join(f"{n:>9}" for n in names))
    for i in range(0, series.n, k):
        avg = [sum(series.at(n, j) for j in range(i, min(series.n, i + k))) / k for n in names]
        print(f"{i * STEP:6.2f}  " + "".join(f"{v:9.1f}" for v in avg))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--n", type=int, default=200)
    parser.add_argument("--latency", type=float, default=0.2)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--baseline", metavar="REV")
    parser.add_argument("--before-code", metavar="DIR", help="a folder holding memscribe/ as the baseline")
    parser.add_argument(
        "--after-code", metavar="DIR", help="a folder holding memscribe/ (default: this tree)"
    )
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--dump", metavar="DIR", help="write each run's events (JSON) there")
    parser.add_argument("--series", action="store_true", help="print each run's time line (0.1 s steps)")
    args = parser.parse_args()
    rng = random.Random(6)
    figures: dict[str, list[dict[str, float]]] = {}
    with tempfile.TemporaryDirectory() as tmp, serve(latency_s=args.latency, responder=respond) as url:
        corpus = Path(tmp) / "transcripts"
        corpus.mkdir()
        for i in range(args.n):
            (corpus / f"session-{i:04d}.txt").write_text(transcript(i, rng), encoding="utf-8")
        codes = [("after", Path(args.after_code) if args.after_code else REPO)]
        if args.baseline:
            codes.insert(0, ("before", export_revision(args.baseline, Path(tmp) / "baseline")))
        elif args.before_code:
            codes.insert(0, ("before", Path(args.before_code)))
        byte_compiled(*(code for _, code in codes))  # each side's byte code, as installed
        for k in range(args.repeat):
            order = codes if k % 2 == 0 else codes[::-1]
            for label, code in order:
                root = Path(tmp) / f"memory-{label}-{k}"
                report, events = probed_run(corpus, root, url, args.concurrency, code)
                figures.setdefault(label, []).append(analyse(report, events, args.concurrency, args.latency))
                if args.series:
                    print(f"\n{label}, run {k}:")
                    print_series(events)
                if args.dump:
                    Path(args.dump).mkdir(parents=True, exist_ok=True)
                    (Path(args.dump) / f"{label}-{k}.json").write_text(json.dumps(events))
    labels = [label for label, _ in codes]
    print(
        f"timeline: {args.n} transcripts, concurrency {args.concurrency}, latency {args.latency * 1000:.0f} ms; "
        f"medians of {args.repeat} run(s); times in s from run_batch's start"
    )
    keys = list(figures[labels[0]][0])
    print(f"{'':34}" + "".join(f"{label:>10}" for label in labels))
    for key in keys:
        print(
            f"{key:34}"
            + "".join(f"{statistics.median(f[key] for f in figures[label]):10.3f}" for label in labels)
        )


if __name__ == "__main__":
    main()
