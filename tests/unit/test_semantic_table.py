"""The token table is read from the safetensors file row by row, without numpy."""

from __future__ import annotations

import json
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from memscribe.semantic import wordllama
from memscribe.semantic.table import RowTable, TableError

needs_model = pytest.mark.skipif(not wordllama.available(), reason="the semantic extra is not installed")


def _write(path: Path, rows: list[list[float]], *, dtype: str = "F16", name: str = "t", pad: int = 0) -> Path:
    code = {"F16": "e", "F32": "f"}[dtype]
    data = b"".join(struct.pack(f"<{len(r)}{code}", *r) for r in rows)
    header = json.dumps(
        {name: {"dtype": dtype, "shape": [len(rows), len(rows[0])], "data_offsets": [0, len(data)]}}
    ).encode()
    path.write_bytes(struct.pack("<Q", len(header)) + header + data[: len(data) - pad])
    return path


@pytest.mark.parametrize("dtype", ["F16", "F32"])
def test_rows_as_written(tmp_path: Path, dtype: str) -> None:
    rows = [[0.5, -1.0, 2.0], [0.25, 0.0, -3.5]]
    table = RowTable(_write(tmp_path / "w.safetensors", rows, dtype=dtype), "t")
    assert (table.rows, table.dim) == (2, 3)
    assert table.row(0) == (0.5, -1.0, 2.0) and table.row(1) == (0.25, 0.0, -3.5)
    assert table.row(7) == table.row(1) and table.row(-1) == table.row(0)  # clipped


@pytest.mark.parametrize(
    "broken",
    [
        lambda p: p.write_bytes(b"abc"),
        lambda p: p.write_bytes(struct.pack("<Q", 10**9) + b"{}"),
        lambda p: p.write_bytes(struct.pack("<Q", 2) + b"{]"),
        lambda p: _write(p, [[1.0, 2.0]], name="other"),
        lambda p: _write(p, [[1.0, 2.0], [3.0, 4.0]], pad=2),
    ],
    ids=["too-short", "header-too-long", "header-not-json", "no-such-tensor", "truncated-data"],
)
def test_a_broken_file_is_a_clear_error(tmp_path: Path, broken: object) -> None:
    path = tmp_path / "w.safetensors"
    broken(path)  # type: ignore[operator]
    with pytest.raises(TableError):
        RowTable(path, "t")


@needs_model
def test_same_rows_as_the_safetensors_library() -> None:
    np = pytest.importorskip("numpy")
    st = pytest.importorskip("safetensors.numpy")
    folder = wordllama.package_dir()
    assert folder is not None
    expected = st.load_file(str(folder / wordllama.WEIGHTS))[wordllama.TENSOR]
    table = RowTable(folder / wordllama.WEIGHTS, wordllama.TENSOR)
    assert (table.rows, table.dim) == expected.shape
    for i in (0, 1, 29871, 31999):
        assert np.array_equal(np.asarray(table.row(i), dtype=expected.dtype), expected[i])


@needs_model
def test_scoring_does_not_import_numpy() -> None:
    code = (
        "import sys\n"
        "from memscribe import semantic\n"
        "assert semantic.similarity('started drinking coffee again', 'User avoids caffeine') > 0.35\n"
        "print('numpy' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_rows_are_kept_unpacked_within_a_bound(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from memscribe.semantic import table as table_module

    monkeypatch.setattr(table_module, "ROW_CACHE", 2)
    rows = [[float(i), -float(i)] for i in range(4)]
    table = RowTable(_write(tmp_path / "w.safetensors", rows, dtype="F32"), "t")
    first = table.row(1)
    assert table.row(1) is first  # kept
    for i in range(4):
        assert table.row(i) == (float(i), -float(i))
        assert len(table._rows) <= 2
