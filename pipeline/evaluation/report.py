"""Plain-text tables of an evaluation: one row for the dataset, one per category."""

from __future__ import annotations

from collections.abc import Callable

from memscribe.evaluation import DatasetReport
from memscribe.evaluation.scoring import Counts, figures

Column = tuple[str, Callable[[dict[str, float | int | None]], str]]


def _rate(key: str) -> Callable[[dict[str, float | int | None]], str]:
    def show(f: dict[str, float | int | None]) -> str:
        v = f[key]
        return "-" if v is None else f"{v:.2f}"

    return show


def _int(key: str) -> Callable[[dict[str, float | int | None]], str]:
    def show(f: dict[str, float | int | None]) -> str:
        v = f[key]
        return "-" if v is None else str(int(v))

    return show


def _num(key: str) -> Callable[[dict[str, float | int | None]], str]:
    def show(f: dict[str, float | int | None]) -> str:
        v = f[key]
        return "-" if v is None else f"{v:.1f}"

    return show


_COST: list[Column] = [
    ("gate R", _rate("gate_recall")),
    ("empty stop", _rate("nothing_to_learn_stopped")),
    ("calls/tx", _num("llm_calls_per_transcript")),
    ("in tok/tx", _num("prompt_tokens_per_transcript")),
    ("out tok/tx", _num("completion_tokens_per_transcript")),
    ("0-call", _int("zero_call_units")),
]

COLUMNS: dict[str, list[Column]] = {
    "agent": [
        ("units", _int("units")),
        ("prof P", _rate("profile_precision")),
        ("prof R", _rate("profile_recall")),
        ("prof F1", _rate("profile_f1")),
        ("pb P", _rate("playbook_precision")),
        ("pb R", _rate("playbook_recall")),
        ("pb F1", _rate("playbook_f1")),
        ("false pb", _int("false_playbooks")),
        ("sup ok", _rate("supersession_ok")),
        ("sup wrong", _int("wrong_supersessions")),
        ("dup", _int("duplicates_written")),
        ("stale", _int("stale_left_active")),
        ("secrets", _int("secrets_leaked")),
        ("inject", _int("injected_stored")),
        ("echo", _int("echo_stored")),
        ("forbid", _int("forbidden_other")),
        *_COST,
    ],
    "msc": [
        ("units", _int("units")),
        ("prof P", _rate("profile_precision")),
        ("prof R", _rate("profile_recall")),
        ("prof F1", _rate("profile_f1")),
        ("neg FP", _rate("nothing_to_learn_written")),
        *_COST,
    ],
    "memorycode": [
        ("units", _int("units")),
        ("rule R", _rate("rule_recall")),
        ("update ok", _rate("supersession_ok")),
        ("stale", _rate("stale_rate")),
        ("dup", _int("duplicates_written")),
        ("unmatched", _rate("rule_unmatched_share")),
        ("filler", _int("filler_memories")),
        *_COST,
    ],
}


def table(report: DatasetReport) -> str:
    """The dataset row (``all``) then one row per category."""
    columns = COLUMNS[report.dataset]
    rows: list[tuple[str, Counts]] = [("all", report.total()), *report.by_category().items()]
    header = ["category", *(name for name, _ in columns)]
    body = [[name, *(show(figures(c)) for _, show in columns)] for name, c in rows]
    widths = [max(len(r[i]) for r in [header, *body]) for i in range(len(header))]
    lines = [f"{report.dataset} (model: {report.model})"]
    for r in [header, *body]:
        lines.append(
            "  ".join(
                cell.rjust(w) if i else cell.ljust(w)
                for i, (cell, w) in enumerate(zip(r, widths, strict=True))
            )
        )
    errors = report.total()["errors"]
    if errors:
        lines.append(f"  {errors} step(s) failed; see --json --details")
    unanswered = report.total()["model_error_units"]
    if unanswered:
        lines.append(f"  {unanswered} unit(s) lost a window or decision to a model error: incomplete")
    return "\n".join(lines)
