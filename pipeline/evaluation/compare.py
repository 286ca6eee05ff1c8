"""Two or more paths (embedded default, strong-model stand-in, a real model) side by side.

:func:`side_by_side` prints one table per evaluated set: a row per category, for each path the
headline figures of that dataset; :func:`html_report` writes the same as a self-contained HTML page
with a bar chart per set, so a person sees at a glance where each path fails.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from memscribe.evaluation import DatasetReport
from memscribe.evaluation.scoring import Counts, figures

#: Headline figures per dataset: (column title, figure key, is a rate in [0, 1]).
HEADLINES: dict[str, list[tuple[str, str, bool]]] = {
    "agent": [
        ("prof F1", "profile_f1", True),
        ("pb F1", "playbook_f1", True),
        ("false pb", "false_playbooks", False),
        ("sup ok", "supersession_ok", True),
        ("sup wrong", "wrong_supersessions", False),
        ("stale", "stale_left_active", False),
        ("dup", "duplicates_written", False),
        ("unsafe", "_unsafe", False),
        ("gate R", "gate_recall", True),
        ("calls/tx", "llm_calls_per_transcript", False),
    ],
    "msc": [
        ("prof P", "profile_precision", True),
        ("prof R", "profile_recall", True),
        ("prof F1", "profile_f1", True),
        ("gate R", "gate_recall", True),
        ("calls/tx", "llm_calls_per_transcript", False),
    ],
    "memorycode": [
        ("rule R", "rule_recall", True),
        ("update ok", "supersession_ok", True),
        ("stale", "stale_rate", True),
        ("dup", "duplicates_written", False),
        ("calls/tx", "llm_calls_per_transcript", False),
    ],
}


@dataclass(frozen=True)
class Evaluated:
    """One set evaluated by one path."""

    set_name: str
    path: str
    report: DatasetReport


def _figures(c: Counts) -> dict[str, float | int | None]:
    f: dict[str, float | int | None] = dict(figures(c))
    f["_unsafe"] = int(c["secrets_leaked"] + c["injected_stored"] + c["echo_stored"])
    return f


def _cell(value: float | int | None, rate: bool) -> str:
    if value is None:
        return "-"
    if rate:
        return f"{float(value):.2f}"
    return f"{value:.1f}" if isinstance(value, float) else str(value)


def _rows(reports: list[Evaluated]) -> list[tuple[str, list[Counts]]]:
    """Category rows (``all`` first) with one counter per path (empty where a path lacks it)."""
    names = ["all"]
    for r in reports:
        names += [c for c in r.report.by_category() if c not in names]
    rows: list[tuple[str, list[Counts]]] = []
    for name in names:
        cells: list[Counts] = []
        for r in reports:
            cats = r.report.by_category()
            cells.append(r.report.total() if name == "all" else cats.get(name, Counts()))
        rows.append((name, cells))
    return rows


def side_by_side(reports: list[Evaluated]) -> str:
    """A text table for one set evaluated by several paths (all reports share one set)."""
    dataset = reports[0].report.dataset
    heads = HEADLINES[dataset]
    header = ["category", "units"]
    for r in reports:
        header += [f"{title} [{r.path}]" for title, _, _ in heads]
    body: list[list[str]] = []
    for name, counts in _rows(reports):
        row = [name, str(counts[0]["units"] or max(c["units"] for c in counts))]
        for c in counts:
            f = _figures(c)
            row += [_cell(f[key], rate) if c["units"] else "-" for _, key, rate in heads]
        body.append(row)
    widths = [max(len(r[i]) for r in [header, *body]) for i in range(len(header))]
    lines = [f"{reports[0].set_name}: " + " vs ".join(f"{r.path} ({r.report.model})" for r in reports)]
    for line in [header, *body]:
        lines.append(
            "  ".join(
                c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(line, widths, strict=True))
            )
        )
    lines += [_unanswered(r) for r in reports if r.report.total()["model_error_units"]]
    return "\n".join(lines)


def _unanswered(r: Evaluated) -> str:
    n = r.report.total()["model_error_units"]
    return f"  {r.path}: {n} unit(s) lost a window or decision to a model error (a prompt with no answer): incomplete"


_COLOURS = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2"]


def _chart(reports: list[Evaluated]) -> str:
    """An inline SVG: per category, one bar per (rate figure, path)."""
    heads = [(t, k) for t, k, rate in HEADLINES[reports[0].report.dataset] if rate]
    rows = _rows(reports)
    bar, gap = 9, 14
    group = len(heads) * len(reports) * bar + gap
    width, height, left = 140 + len(rows) * group, 190, 40
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height + 70}" font-size="10">'
    ]
    for tick in (0.0, 0.5, 1.0):
        y = height - tick * (height - 20)
        parts.append(f'<line x1="{left}" x2="{width}" y1="{y:.0f}" y2="{y:.0f}" stroke="#ddd"/>')
        parts.append(f'<text x="2" y="{y + 3:.0f}">{tick:.1f}</text>')
    for g, (name, counts) in enumerate(rows):
        x0 = left + g * group
        for h, (title, key) in enumerate(heads):
            for p, c in enumerate(counts):
                v = _figures(c)[key] if c["units"] else None
                x = x0 + (h * len(reports) + p) * bar
                colour = (
                    _COLOURS[(h * len(reports) + p) % len(_COLOURS)] if len(reports) == 1 else _COLOURS[p]
                )
                opacity = 1.0 - 0.5 * h / max(1, len(heads))
                if v is None:
                    parts.append(f'<text x="{x}" y="{height}" fill="#999">·</text>')
                    continue
                bh = float(v) * (height - 20)
                label = html.escape(f"{name} · {title} · {reports[p].path}: {float(v):.2f}")
                parts.append(
                    f'<rect x="{x}" y="{height - bh:.1f}" width="{bar - 1}" height="{bh:.1f}" '
                    f'fill="{colour}" fill-opacity="{opacity:.2f}"><title>{label}</title></rect>'
                )
        parts.append(
            f'<text x="{x0}" y="{height + 12}" transform="rotate(35 {x0} {height + 12})">{html.escape(name)}</text>'
        )
    legend = " ".join(
        f'<tspan fill="{_COLOURS[p]}">■ {html.escape(r.path)}</tspan>' for p, r in enumerate(reports)
    )
    metrics = ", ".join(html.escape(t) for t, _ in heads)
    parts.append(f'<text x="{left}" y="12">{legend}  (bars per category, left to right: {metrics})</text>')
    parts.append("</svg>")
    return "".join(parts)


def html_report(groups: list[list[Evaluated]]) -> str:
    """A self-contained HTML page: per set, a chart and the side-by-side table."""
    out = [
        "<!doctype html><meta charset='utf-8'><title>memscribe eval</title>",
        "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;font-size:12px}"
        "td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}td:first-child{text-align:left}"
        ".bad{background:#fdd}</style><h1>memscribe evaluation</h1>",
    ]
    for reports in groups:
        dataset = reports[0].report.dataset
        heads = HEADLINES[dataset]
        out.append(f"<h2>{html.escape(reports[0].set_name)}</h2>")
        out.append(_chart(reports))
        out.append("<table><tr><th>category</th><th>units</th>")
        for r in reports:
            out += [f"<th>{html.escape(t)}<br>{html.escape(r.path)}</th>" for t, _, _ in heads]
        out.append("</tr>")
        for name, counts in _rows(reports):
            units = max(c["units"] for c in counts)
            out.append(f"<tr><td>{html.escape(name)}</td><td>{units}</td>")
            for c in counts:
                f = _figures(c)
                for _, key, rate in heads:
                    v = f[key] if c["units"] else None
                    bad = (key in {"false_playbooks", "_unsafe"} and bool(v)) or (
                        rate and v is not None and float(v) < 0.5
                    )
                    out.append(f"<td class='{'bad' if bad else ''}'>{_cell(v, rate)}</td>")
            out.append("</tr>")
        out.append("</table>")
    return "\n".join(out) + "\n"
