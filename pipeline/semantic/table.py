"""One tensor of a safetensors file, read row by row from a memory map (no numpy).

The offline model's token table is 32,000 rows × 256 float16 values; a memory text needs the rows
of its ten-odd tokens. Importing numpy and loading the whole tensor cost ~0.25 s CPU, more than
every comparison an extract makes; mapping the file and unpacking the rows asked for costs
microseconds. The file format (a little-endian u64 header length, a JSON header naming each
tensor's dtype, shape and byte offsets, then the data) is read here directly.
"""

from __future__ import annotations

import json
import mmap
import struct
from pathlib import Path

#: safetensors dtypes this reader unpacks, as :mod:`struct` codes and byte sizes.
_DTYPES = {"F16": ("e", 2), "F32": ("f", 4), "F64": ("d", 8)}
#: A header larger than this is not a plausible safetensors header (the format caps it at 100 MB).
_MAX_HEADER = 100_000_000
#: Rows kept unpacked (a few thousand tokens make up most memory texts; ~2 KB each).
ROW_CACHE = 4096


class TableError(ValueError):
    """The file is not a safetensors file holding the named 2-D float tensor."""


class RowTable:
    """Rows of a 2-D float tensor, unpacked on demand as tuples of Python floats."""

    def __init__(self, path: Path, tensor: str) -> None:
        with open(path, "rb") as fh:
            size = fh.seek(0, 2)
            if size < 8:
                raise TableError(f"{path.name}: not a safetensors file")
            self._map = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        header_len = struct.unpack_from("<Q", self._map, 0)[0]
        if not 0 < header_len <= min(_MAX_HEADER, size - 8):
            raise TableError(f"{path.name}: not a safetensors file")
        try:
            header = json.loads(self._map[8 : 8 + header_len])
            info = header[tensor]
            rows, dim = (int(n) for n in info["shape"])
            code, width = _DTYPES[info["dtype"]]
            start, end = (int(n) for n in info["data_offsets"])
        except (ValueError, KeyError, TypeError) as exc:
            raise TableError(f"{path.name}: no 2-D float tensor {tensor!r}") from exc
        if end - start != rows * dim * width or 8 + header_len + end > size:
            raise TableError(f"{path.name}: tensor {tensor!r} does not fit the file")
        self.rows = rows
        self.dim = dim
        self._base = 8 + header_len + start
        self._stride = dim * width
        self._row = struct.Struct(f"<{dim}{code}")
        self._rows: dict[int, tuple[float, ...]] = {}

    def row(self, index: int) -> tuple[float, ...]:
        """Row ``index``, clipped to the table (an id past the end reads the last row)."""
        index = min(max(index, 0), self.rows - 1)
        row = self._rows.get(index)
        if row is None:
            if len(self._rows) >= ROW_CACHE:
                self._rows.clear()
            row = self._rows[index] = self._row.unpack_from(self._map, self._base + index * self._stride)
        return row


__all__ = ["ROW_CACHE", "RowTable", "TableError"]
