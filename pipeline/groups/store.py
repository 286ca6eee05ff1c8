"""Group memory on disk: read a group's files, the flush state and the name map; apply a flush.

Applied under the memory root's lock. Each file is written whole through a temp file + fsync +
rename, after checking it still holds the bytes the flush read (``base_sha256``): a file changed
meanwhile fails the flush before anything is written. New files are created without ever
replacing one (``write_new_file``). ``group_names.json`` only ever gains entries.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import get_args

from pydantic import ValidationError

from memscribe.errors import StoreError
from memscribe.groups.layout import NAMES_PATH, STATE_PATH, GroupFiles, convention_path, paths, sha256
from memscribe.schemas.groups import ConventionTopic, FlushResult, FlushState
from memscribe.store.atomic import read_text_or_none as _read
from memscribe.store.atomic import replace_file, write_new_file
from memscribe.store.root import MemoryRoot


def read_group_files(root: Path, group: str) -> GroupFiles:
    p = paths(group)
    files = GroupFiles(
        index=_read(Path(root) / p["index"]),
        attention=_read(Path(root) / p["attention"]),
        project=_read(Path(root) / p["project"]),
        experience=_read(Path(root) / p["experience"]),
        people=_read(Path(root) / p["people"]),
    )
    for topic in get_args(ConventionTopic):  # only the known topics: file names stay safe
        text = _read(Path(root) / convention_path(group, topic))
        if text is not None:
            files.conventions[topic] = text
    return files


def read_state(root: Path) -> FlushState:
    text = _read(Path(root) / STATE_PATH)
    if text is None:
        return FlushState()
    try:
        return FlushState.model_validate_json(text)
    except ValidationError as exc:
        raise StoreError(
            f"{STATE_PATH}: not a valid flush state: {exc.errors()[0]['msg']}", path=STATE_PATH
        ) from exc


def read_names(root: Path) -> dict[str, dict[str, str]]:
    text = _read(Path(root) / NAMES_PATH)
    if text is None:
        return {}
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise StoreError(f"{NAMES_PATH}: not valid JSON", path=NAMES_PATH) from exc
    if not isinstance(data, dict):
        raise StoreError(
            f"{NAMES_PATH}: expected an object of room id → {{name, display_name}}", path=NAMES_PATH
        )
    return {str(k): {str(a): str(b) for a, b in v.items()} for k, v in data.items() if isinstance(v, dict)}


def _check_inside(root: Path, rel: str) -> Path:
    target = root / rel
    if ".." in Path(rel).parts or Path(rel).is_absolute():
        raise StoreError(f"invalid path {rel}", path=rel)
    if target.is_symlink() or not target.parent.resolve(strict=False).is_relative_to(root.resolve()):
        raise StoreError(f"{rel} escapes the memory root", path=rel)
    return target


def apply_flush(
    root: Path, result: FlushResult, *, names_entry: dict[str, str] | None = None, lock_timeout: float = 5.0
) -> list[str]:
    """Write a flush's files, the name map entry and the state; returns the paths written."""
    if result.skipped is not None or result.state is None:
        return []
    memory_root = MemoryRoot(root)
    written: list[str] = []
    with memory_root.lock(timeout=lock_timeout):
        base = memory_root.path
        for file in result.files:
            target = _check_inside(base, file.path)
            if sha256(_read(target)) != file.base_sha256:
                raise StoreError(
                    f"{file.path} changed since the flush read it; nothing written", path=file.path
                )
        if names_entry is not None and result.room_id is not None:
            names = read_names(base)
            if result.room_id not in names:
                names[result.room_id] = names_entry
                text = json.dumps(names, ensure_ascii=False, indent=2) + "\n"
                target = _check_inside(base, NAMES_PATH)
                if target.exists():
                    replace_file(target, text)
                else:
                    write_new_file(target, text)
                written.append(NAMES_PATH)
        for file in result.files:
            target = base / file.path
            if file.base_sha256 is None:
                write_new_file(target, file.text)
            else:
                replace_file(target, file.text)
            written.append(file.path)
        replace_file(
            _check_inside(base, STATE_PATH), result.state.model_dump_json(indent=2, exclude_none=False) + "\n"
        )
        written.append(STATE_PATH)
    return written
