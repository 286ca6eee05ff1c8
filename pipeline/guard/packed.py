"""The guard classifier's weights file and the compact table it loads into.

A feature is known by a stable 64-bit digest of its name (BLAKE2b, 8 bytes, little-endian),
never by a Python string: the shipped model is a few sorted ``array('Q')`` of digests and
``array('d')`` of weights (16 bytes a feature, 24 a word pair, against some 130 for a dict of str or
tuple keys to floats), and loading it is copying those arrays out of the file: no names to
decode, split or hash. A look-up is a digest and a binary search (:func:`bisect.bisect_left`).

Word pairs are kept apart, sorted by the digest of their second token and then of their first:
:meth:`PackedTable.pairs_ending` gives, for one token, the weights of every pair that ends
with it, keyed by the digest of the token before it, so the scorer caches them per distinct
word beside the word's own weights and a text costs one small dict look-up per token.

The file, in gzip's format without a timestamp (the same payload gives the same bytes) and
stored, not deflated: the digests are random bits, so deflate saved only 45% of the main
model's 1.06 MB, and inflating it took most of the load (3.2 of 3.8 ms of CPU, paid by every
extract that screens a candidate; stored: 0.7 ms, issue 17). Then: a magic line,
then length-prefixed sections: a small JSON header (bias, threshold, ...), the digests of the
word and character n-gram features (sorted) and their weights, the second-token digests of
the word pairs, their first-token digests (sorted by second, then first) and their weights.
Weights are little-endian float64, digests little-endian uint64. Two names of one kind with
the same digest cannot be written (:func:`encode_weights` refuses), so a feature of the
file never stands for two; a feature of a text that is not in the file shares a digest with
one that is with a chance of about one in 2^64 / 100,000.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import struct
import sys
from array import array
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from typing import IO, Any

__all__ = ["PackedTable", "decode_weights", "digest", "encode_weights"]

#: The first line of a weights file (the format's name and version).
MAGIC = b"memscribe guard weights 2\n"
#: The gzip level a weights file is written at: 0, its blocks stored (see the module's docstring).
STORED = 0
#: A section's length: unsigned 32-bit little-endian.
_LENGTH = struct.Struct("<I")
_blake2b = hashlib.blake2b


def digest(name: str) -> int:
    """The stable 64-bit digest a feature or token ``name`` is known by (any ``str``: lone
    surrogates are hashed as their UTF-8-like bytes, never refused)."""
    return int.from_bytes(_blake2b(name.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "little")


@dataclass(frozen=True)
class PackedTable:
    """Feature weights by digest: ``keys`` sorted, ``values`` beside them; word pairs by
    (second token's digest, first token's digest), sorted, with ``pair_values``."""

    keys: array[int]
    values: array[float]
    pair_seconds: array[int]
    pair_firsts: array[int]
    pair_values: array[float]

    def weight(self, key: int) -> float:
        """The weight of the feature whose digest is ``key`` (0.0 when there is none)."""
        keys = self.keys
        i = bisect_left(keys, key)
        return self.values[i] if i < len(keys) and keys[i] == key else 0.0

    def weights_of(self, names: list[str]) -> list[float]:
        """The weight of each feature of ``names``, in order (0.0 where there is none); the
        digest and the search of :meth:`weight`, inlined: this runs once per new word."""
        keys, values, size = self.keys, self.values, len(self.keys)
        from_bytes, found = int.from_bytes, []
        for name in names:
            key = from_bytes(
                _blake2b(name.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "little"
            )
            i = bisect_left(keys, key)
            found.append(values[i] if i < size and keys[i] == key else 0.0)
        return found

    def pairs_ending(self, second: int) -> dict[int, float] | None:
        """The weights of the word pairs whose second token has digest ``second``, keyed by the
        first token's digest (``None`` when there is none)."""
        seconds = self.pair_seconds
        i = bisect_left(seconds, second)
        if i == len(seconds) or seconds[i] != second:
            return None
        j = bisect_right(seconds, second, i)
        return dict(zip(self.pair_firsts[i:j], self.pair_values[i:j], strict=True))

    def __len__(self) -> int:
        return len(self.keys) + len(self.pair_values)


def _sections(*parts: bytes) -> bytes:
    return b"".join(_LENGTH.pack(len(p)) + p for p in parts)


def _little(values: array[int] | array[float]) -> bytes:
    if sys.byteorder != "little":  # pragma: no cover - big-endian machines
        values = array(values.typecode, values)
        values.byteswap()
    return values.tobytes()


def encode_weights(data: dict[str, object]) -> bytes:
    """The weights file for ``data``, the training script's payload (``bias``, ``threshold``,
    ``norm_power``, ``version``, ``about`` and ``weights``, a feature → weight mapping where a
    word pair is ``"b:first second"``): gzip without a timestamp, so the same payload gives the
    same bytes, its blocks stored (:data:`STORED`: no inflating when it is loaded)."""
    weights = data["weights"]
    assert isinstance(weights, dict)
    others: dict[int, float] = {}
    pairs: dict[tuple[int, int], float] = {}
    for name, value in weights.items():
        if not name.startswith("b:"):
            key = digest(name)
            if key in others:
                raise ValueError(f"two features share a digest: {name!r}")
            others[key] = float(value)
            continue
        pair = name[2:].split(" ", 1)
        if len(pair) != 2:
            raise ValueError("a word-pair feature is not two tokens")
        both = (digest(pair[1]), digest(pair[0]))
        if both in pairs:
            raise ValueError(f"two word pairs share a digest: {name!r}")
        pairs[both] = float(value)
    header = {k: v for k, v in data.items() if k != "weights"}
    keys = sorted(others)
    both_keys = sorted(pairs)
    raw = MAGIC + _sections(
        json.dumps(header, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode("utf-8"),
        _little(array("Q", keys)),
        _little(array("d", [others[k] for k in keys])),
        _little(array("Q", [s for s, _ in both_keys])),
        _little(array("Q", [f for _, f in both_keys])),
        _little(array("d", [pairs[k] for k in both_keys])),
    )
    return gzip.compress(raw, compresslevel=STORED, mtime=0)


def _read(stream: gzip.GzipFile, size: int) -> bytes:
    blob = stream.read(size)
    if len(blob) != size:
        raise ValueError("a truncated guard weights file")
    return blob


def _section(stream: gzip.GzipFile) -> bytes:
    (size,) = _LENGTH.unpack(_read(stream, _LENGTH.size))
    return _read(stream, size)


def _array(kind: str, blob: bytes) -> array[Any]:
    if len(blob) % 8:
        raise ValueError("a truncated guard weights file")
    values = array(kind)
    values.frombytes(blob)
    if sys.byteorder != "little":  # pragma: no cover - big-endian machines
        values.byteswap()
    return values


def decode_weights(raw: bytes | IO[bytes]) -> tuple[dict[str, Any], PackedTable]:
    """The header and the table of a weights file's bytes, or of the file opened in binary mode
    (see :func:`encode_weights`). Read a section at a time: from a file, the whole file is never
    held beside the table."""
    with gzip.GzipFile(fileobj=io.BytesIO(raw) if isinstance(raw, bytes) else raw) as stream:
        try:
            if stream.read(len(MAGIC)) != MAGIC:
                raise ValueError("not a memscribe guard weights file (version 2)")
            header = json.loads(_section(stream))
            arrays = [_array(kind, _section(stream)) for kind in ("Q", "d", "Q", "Q", "d")]
        except gzip.BadGzipFile as e:
            raise ValueError("not a memscribe guard weights file (not gzip)") from e
        except EOFError as e:
            raise ValueError("a truncated guard weights file") from e
    table = PackedTable(*arrays)
    if len(table.keys) != len(table.values) or not (
        len(table.pair_seconds) == len(table.pair_firsts) == len(table.pair_values)
    ):
        raise ValueError("a truncated guard weights file")
    return header, table
