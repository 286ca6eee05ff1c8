"""Issue 12: a text repeating a table's header (``web,token,x`` between short rows) costs work
linear in its lines. Each header read the rows after it to its table's bound (500 lines, the
later headers among them, since a header fits as a row), so every row was split again under each
of the ~470 headers above it (1 MB redacted at ~14 KB/s). Now one pass: a row is split once per
delimiter, and the cells found are those of the reading per header (checked against it here)."""

from __future__ import annotations

import random

import pytest

from memscribe.redaction import lists, redact_text
from tests.support.counting import counting


def test_rows_split_once_under_repeated_headers(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = counting(monkeypatch, lists, "_cells")
    text = "web,token,x\n1,2,3\n" * 2000
    assert list(lists.find_table_cells(text)) == []
    lines = text.count("\n")
    assert calls.n <= 2 * lines  # was about 500 per header: 1,000,000


def test_repeated_headers_still_mask_their_rows() -> None:
    row = "api,Xk9vQ2mL7pR4zT8wB1nC5dF3gH{},prod\n"
    text = "".join("web,token,env\n" + row.format(i) for i in range(600))
    masked = redact_text(text)[0]
    assert "Xk9vQ2mL7pR4zT8wB1nC5dF3gH" not in masked
    assert masked.count("web,token,env") == 600


def _per_header(text: str) -> set[tuple[int, int]]:
    """The cells as each header's own reading gives them: its rows from the next line, while
    they fit, for at most ``lists._MAX_ROWS`` lines (the reading before the one pass)."""
    found: set[tuple[int, int]] = set()
    starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]
    for n, start in enumerate(starts):
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        head = lists._header(text[start:end])
        if head is None or not any(h in text[start:end].lower() for h in lists.TABLE_HINTS):
            continue
        delim, roles = head
        table = lists._Table(delim, len(roles))
        table.add(roles, 0)
        tables = {(delim, len(roles)): table}
        for m, row in enumerate(starts[n + 1 :], start=1):
            if not tables:
                break
            row_end = text.find("\n", row)
            row_end = len(text) if row_end < 0 else row_end
            found.update(lists._row_cells(text, row, row_end, m, tables))
            if row_end >= len(text):
                break
    return found


@pytest.mark.parametrize("bound", [3, 500])
def test_one_pass_is_the_reading_per_header(monkeypatch: pytest.MonkeyPatch, bound: int) -> None:
    monkeypatch.setattr(lists, "_MAX_ROWS", bound)
    rng = random.Random(bound)
    names = ["url", "username", "password", "token", "api_key", "secret", "totp", "pin", "notes", "env"]
    values = ["Xk9vQ2mL7pR4zT8wB1nC5dF3", "hunter2", "Tr0ub4dor&3x", "1234", "JBSWY3DPEHPK3PXP", "prod", ""]
    for _ in range(1500):
        delim = rng.choice(",;\t|")
        lines = []
        for _ in range(rng.randint(1, 20)):
            pool = names if rng.random() < 0.4 else values
            lines.append(delim.join(rng.choice(pool) for _ in range(rng.randint(1, 5))))
        text = "\n".join(lines) + rng.choice(["", "\n"])
        assert set(lists.find_table_cells(text)) == _per_header(text), text
