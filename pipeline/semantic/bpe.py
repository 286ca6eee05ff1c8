"""The WordLlama tokenizer (Llama-2's SentencePiece BPE, as a ``tokenizers`` JSON) in pure Python.

``tokenizers.Tokenizer.from_file`` spends ~0.08 s CPU parsing the 1.8 MB JSON in every process,
most of an extract's start-up against a large memory root. What encoding needs is small: the
single-character tokens, the 256 byte-fallback tokens and the merge ranks. :func:`load_tables`
reads them from a compact cache (:mod:`marshal`, ~0.01 s) written once per tokenizer file (keyed
by its path, size and mtime) under the user's cache directory, and :class:`BpeEncoder` applies the
same algorithm as ``tokenizers`` to the short texts memscribe compares, id for id (tests compare
the two on every transcript turn and memory text of the dev data).

The algorithm, for the one tokenizer shape accepted (:func:`build_tables` refuses any other):
the normalizer prepends ``▁`` to a non-empty text and turns each space into ``▁``; there is no
pre-tokenizer; each character is its token, or its UTF-8 bytes' ``<0xNN>`` tokens when it has
none; then the adjacent pair with the lowest merge rank (the leftmost on a tie) is merged, again
and again, until no pair has a merge. No token of this vocabulary holds a ``▁`` after a
non-``▁`` character, so no merge crosses the start of a ``▁``-run that follows a word: each such
piece is encoded alone and memoised. A text holding one of the added (special) tokens
(``<s>``, ...), which ``tokenizers`` matches in the raw text, is left to the reference tokenizer.
"""

from __future__ import annotations

import contextlib
import heapq
import marshal
import os
import re
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memscribe.config import cache_dir

#: The cache file's layout; a change invalidates every cache written before.
FORMAT = 1
SPACE = "\u2581"
#: Memoised pieces (a word with its leading ``▁``); cleared when full.
PIECE_CACHE = 65536
#: Pieces of more symbols than this are merged with a heap (linear-log) instead of by rescans.
_SCAN_LIMIT = 48
_SHIFT = 16
_MASK = (1 << _SHIFT) - 1
_NONE = 1 << 48  # no merge (above every rank << 16 | id)
_PIECE = re.compile(f"{SPACE}*[^{SPACE}]+|{SPACE}+")
_NORMALIZER = {
    "type": "Sequence",
    "normalizers": [
        {"type": "Prepend", "prepend": SPACE},
        {"type": "Replace", "pattern": {"String": " "}, "content": SPACE},
    ],
}

TokenIds = Callable[[list[str]], list[list[int]]]


class Unsupported(ValueError):
    """The tokenizer file is not the shape :class:`BpeEncoder` reproduces exactly."""


@dataclass(frozen=True)
class Tables:
    """What encoding needs: single-character token ids, the 256 byte tokens' ids, the merges
    (``left << 16 | right`` → ``rank << 16 | merged``), the added tokens' texts, and whether
    pieces can be encoded one by one."""

    chars: dict[str, int]
    byte_ids: tuple[int, ...]
    merges: dict[int, int]
    specials: tuple[str, ...]
    by_piece: bool

    def dump(self) -> tuple[Any, ...]:
        return (self.chars, self.byte_ids, self.merges, self.specials, self.by_piece)


def build_tables(spec: dict[str, Any]) -> Tables:
    """The tables of a ``tokenizers`` JSON (parsed).

    Raises:
        Unsupported: anything but a BPE model with byte fallback, no pre-tokenizer and the
            SentencePiece normalizer (prepend ``▁``, spaces to ``▁``), or ids past 16 bits.
    """
    model = spec.get("model") or {}
    if spec.get("normalizer") != _NORMALIZER or spec.get("pre_tokenizer") is not None:
        raise Unsupported("normalizer or pre-tokenizer")
    if model.get("type") != "BPE" or model.get("byte_fallback") is not True:
        raise Unsupported("not a byte-fallback BPE model")
    for key in ("dropout", "continuing_subword_prefix", "end_of_word_suffix"):
        if model.get(key) is not None:
            raise Unsupported(key)
    if model.get("ignore_merges", False):
        raise Unsupported("ignore_merges")
    vocab: dict[str, int] = model["vocab"]
    if not vocab or max(vocab.values()) > _MASK or len(model["merges"]) > _MASK:
        raise Unsupported("too large")
    try:
        byte_ids = tuple(vocab[f"<0x{b:02X}>"] for b in range(256))
    except KeyError as exc:  # unknown bytes would become <unk> (fused): not reproduced
        raise Unsupported("missing byte tokens") from exc
    specials = []
    for token in spec.get("added_tokens") or ():
        content = str(token["content"])
        if not content or " " in content or SPACE in content:
            raise Unsupported("added token with a space")
        specials.append(content)
    byte_set = set(byte_ids)
    merges: dict[int, int] = {}
    by_piece = SPACE in vocab
    for rank, merge in enumerate(model["merges"]):
        left, right = merge.split(" ") if isinstance(merge, str) else merge
        merged = left + right
        a, b = vocab[left], vocab[right]
        merges[a << _SHIFT | b] = rank << _SHIFT | vocab[merged]  # a later duplicate wins, as there
        if a in byte_set or b in byte_set or (SPACE in merged[1:] and merged.strip(SPACE)):
            by_piece = False
    chars = {token: i for token, i in vocab.items() if len(token) == 1 and i not in byte_set}
    return Tables(chars, byte_ids, merges, tuple(specials), by_piece)


def _cache_file(source: Path, folder: Path) -> tuple[Path, tuple[Any, ...]]:
    st = source.stat()
    origin = str(source.resolve())
    where = f"{zlib.crc32(origin.encode('utf-8', 'surrogatepass')):08x}"
    key = (FORMAT, origin, st.st_size, st.st_mtime_ns)
    return folder / "tokenizers" / f"{where}-{FORMAT}-{st.st_size}-{st.st_mtime_ns}.marshal", key


def load_tables(source: Path, folder: Path | None = None) -> Tables | None:
    """The tables of the tokenizer file ``source``, from the cache under ``folder`` (default
    :func:`memscribe.config.cache_dir`) or built and cached there. None when the cache can be neither read nor
    written (building alone costs more than the reference tokenizer's own load) or the file is
    not a shape :class:`BpeEncoder` reproduces."""
    folder = folder if folder is not None else cache_dir()
    try:
        path, key = _cache_file(source, folder)
    except OSError:
        return None
    with contextlib.suppress(OSError, ValueError, EOFError, TypeError):
        stored = marshal.loads(path.read_bytes())
        if isinstance(stored, tuple) and len(stored) == 2 and stored[0] == key:
            return _checked(stored[1])
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if not os.access(path.parent, os.W_OK):
            return None
    except OSError:
        return None
    import json

    try:
        tables = build_tables(json.loads(source.read_bytes()))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    _write(path, marshal.dumps((key, tables.dump())))
    return tables


def _checked(data: Any) -> Tables:
    chars, byte_ids, merges, specials, by_piece = data
    if not (
        isinstance(chars, dict)
        and isinstance(merges, dict)
        and isinstance(byte_ids, tuple)
        and len(byte_ids) == 256
        and isinstance(specials, tuple)
    ):
        raise TypeError("not a tokenizer cache")
    return Tables(chars, byte_ids, merges, specials, bool(by_piece))


def _write(path: Path, blob: bytes) -> None:
    """Write atomically; drop this source's caches of other sizes or mtimes. Errors are ignored
    (the next process builds the tables again)."""
    import tempfile  # only here: its imports cost ~5 ms

    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".marshal")
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(blob)
        os.replace(tmp, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        return
    prefix = path.name.split("-", 1)[0] + "-"
    for old in path.parent.glob(prefix + "*.marshal"):
        if old != path:
            with contextlib.suppress(OSError):
                old.unlink()


@dataclass
class BpeEncoder:
    """Token ids of texts, as the reference tokenizer gives them (``add_special_tokens=False``).
    Texts it does not reproduce (an added token in the text; a character UTF-8 cannot encode)
    go to ``fallback`` (the reference tokenizer, loaded by the caller when first needed)."""

    tables: Tables
    fallback: TokenIds
    _pieces: dict[str, tuple[int, ...]] = field(default_factory=dict, repr=False)

    def __call__(self, texts: Sequence[str]) -> list[list[int]]:
        out: list[list[int] | None] = []
        rest: list[int] = []
        for i, text in enumerate(texts):
            ids = self.encode(text)
            if ids is None:
                rest.append(i)
            out.append(ids)
        if rest:
            for i, ids in zip(rest, self.fallback([texts[i] for i in rest]), strict=True):
                out[i] = ids
        return [ids if ids is not None else [] for ids in out]

    def encode(self, text: str) -> list[int] | None:
        """``text``'s token ids, or None when only the reference tokenizer gives them exactly."""
        if not text:
            return []
        specials = self.tables.specials
        if specials and any(s in text for s in specials):
            return None
        normalized = SPACE + text.replace(" ", SPACE)
        try:
            if not self.tables.by_piece:
                return list(self._merge(normalized))
            pieces = self._pieces
            ids: list[int] = []
            for piece in _PIECE.findall(normalized):
                known = pieces.get(piece)
                if known is None:
                    if len(pieces) >= PIECE_CACHE:
                        pieces.clear()
                    known = pieces[piece] = self._merge(piece)
                ids.extend(known)
            return ids
        except UnicodeEncodeError:  # a lone surrogate: the reference decides (it raises)
            return None

    def _symbols(self, piece: str) -> list[int]:
        chars, byte_ids = self.tables.chars, self.tables.byte_ids
        with contextlib.suppress(KeyError):
            return list(map(chars.__getitem__, piece))
        symbols: list[int] = []
        for ch in piece:
            known = chars.get(ch)
            if known is None:
                symbols.extend(byte_ids[b] for b in ch.encode("utf-8"))
            else:
                symbols.append(known)
        return symbols

    def _merge(self, piece: str) -> tuple[int, ...]:
        symbols = self._symbols(piece)
        if len(symbols) > _SCAN_LIMIT:
            return merge_heap(symbols, self.tables.merges)
        return merge_scan(symbols, self.tables.merges)


def merge_scan(symbols: list[int], merges: dict[int, int]) -> tuple[int, ...]:
    """Merge the lowest-ranked adjacent pair (leftmost on a tie) until none has a merge."""
    get = merges.get
    # ranks[i]: the merge of symbols i and i+1 (rank << 16 | merged), or _NONE
    ranks = [get(a << _SHIFT | b, _NONE) for a, b in zip(symbols, symbols[1:], strict=False)]
    while ranks:
        best = min(ranks)
        if best == _NONE:
            break
        at = ranks.index(best)
        new = best & _MASK
        symbols[at : at + 2] = [new]
        del ranks[at]
        if at:
            ranks[at - 1] = get(symbols[at - 1] << _SHIFT | new, _NONE)
        if at < len(ranks):
            ranks[at] = get(new << _SHIFT | symbols[at + 1], _NONE)
    return tuple(symbols)


def merge_heap(symbols: list[int], merges: dict[int, int]) -> tuple[int, ...]:
    """:func:`merge_scan` with a heap of candidate merges over a linked list of symbols, as
    ``tokenizers`` does it (a popped merge whose pair has changed since is skipped)."""
    n = len(symbols)
    ids = list(symbols)
    nxt = [*range(1, n), -1]
    prv = [-1, *range(n - 1)]
    alive = [True] * n
    get = merges.get
    heap: list[tuple[int, int, int]] = []
    for i in range(n - 1):
        found = get(ids[i] << _SHIFT | ids[i + 1])
        if found is not None:
            heap.append((found >> _SHIFT, i, found & _MASK))
    heapq.heapify(heap)
    while heap:
        _, pos, new = heapq.heappop(heap)
        right = nxt[pos]
        if not alive[pos] or right < 0:
            continue
        found = get(ids[pos] << _SHIFT | ids[right])
        if found is None or found & _MASK != new:
            continue
        ids[pos] = new
        alive[right] = False
        after = nxt[pos] = nxt[right]
        if after >= 0:
            prv[after] = pos
            found = get(new << _SHIFT | ids[after])
            if found is not None:
                heapq.heappush(heap, (found >> _SHIFT, pos, found & _MASK))
        before = prv[pos]
        if before >= 0:
            found = get(ids[before] << _SHIFT | new)
            if found is not None:
                heapq.heappush(heap, (found >> _SHIFT, before, found & _MASK))
    return tuple(ids[i] for i in range(n) if alive[i])


__all__ = [
    "FORMAT",
    "PIECE_CACHE",
    "BpeEncoder",
    "Tables",
    "Unsupported",
    "build_tables",
    "load_tables",
    "merge_heap",
    "merge_scan",
]
