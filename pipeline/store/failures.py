"""What a plan's refused step leaves on disk, and what its error says: the two must agree.

A plan (:func:`memscribe.store.transaction.apply_locked`) or a group of plans
(:class:`memscribe.store.group.GroupWriter`) writes its journal, its new files and the staged
texts of its updates in place, then renames those texts over their memory files, then archives.
The error of a step the disk refuses says what the caller will find:

- **nothing changed** (``StoreError.changed == "none"``): the step (a new file, a version copy,
  a staged text, or the rename of the first staged text) came before any memory file was
  replaced or removed, and the plan was rolled back whole, journal included
  (:func:`rolled_back`), so no later run completes what the caller was told failed;
- **partly made** (``"partly"``): a memory file was replaced or removed already, or the disk
  refused a removal of the roll-back; the journal stays open and the next ``extract``,
  ``apply`` or ``batch`` completes the plan (:func:`cut_short`);
- **made** (``"all"``): every file is written and only the journal's close failed
  (:func:`close_journal`).

A refusal before the journal is written (the lock, validation, the journal itself) changes
nothing and its error carries no ``changed``.

A roll-back removes only what the plan itself created (new files, staged temps, the version
copies of texts that are still in their memory files), never an original: a copy whose
original another program removed or changed meanwhile (the store's lock keeps out only
memscribe) may be that memory's only text, so the journal then stays open instead
(review RV2 F1 of d5aebabc, which deleted such a copy).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from memscribe.errors import ALL, NONE, PARTLY, StoreError
from memscribe.store import update
from memscribe.store.atomic import fsync_dir, store_error
from memscribe.store.confine import read_text_nofollow


def roll_back(root: Path, written: list[str], journal: Path, staged: Sequence[update.Staged] = ()) -> bool:
    """Remove the files this plan created (never anything else: staged updates are undone
    before anything is published), then its journal. Returns whether all of it is gone.

    A removal the disk refuses leaves the journal open (review RV2 F2 of 51e3ba1f: a new
    memory left active, a version copy or a temp left over, while the error said nothing
    changed): the next run completes the plan, and the caller says so (:func:`cut_short`).
    """
    gone = True
    for one in staged:
        gone = update.discard(root, one) and gone
    for rel in reversed(written):
        gone = update.remove_file(root / rel) and gone
    if gone:
        gone = update.remove_file(journal)
    fsync_dir(journal.parent)
    return gone


def rolled_back(
    root: Path, exc: StoreError, written: list[str], journal: Path, staged: Sequence[update.Staged] = ()
) -> StoreError:
    """The error of a step refused before any memory file was replaced or removed: the plan
    rolled back (:func:`roll_back`) and "nothing changed", or, where the disk refused a removal,
    the journal left open and "partly made" (:func:`cut_short`)."""
    if roll_back(root, written, journal, staged):
        return type(exc)(f"{exc}; nothing changed", **{**exc.fields, "changed": NONE})
    return cut_short(root, exc, journal)


def publish_staged(
    root: Path, staged: Sequence[update.Staged], currents: Sequence[str], written: list[str], journal: Path
) -> None:
    """Rename each staged text over its memory file, in order (``currents``: the texts those
    files held when the plan was validated).

    Raises:
        StoreError: a rename was refused. The first one, its temp still there (the file was not
            replaced) and every file to update still holding its validated text: the plan is
            rolled back and the error ends "nothing changed". Otherwise the journal stays open
            and the error says the next run completes the plan (:func:`cut_short`).
    """
    for position, one in enumerate(staged):
        temp = one.temp
        try:
            update.publish(root, one)
        except StoreError as exc:
            if (
                position == 0
                and temp is not None
                and os.path.lexists(temp)
                and _unchanged(root, staged, currents)
            ):
                raise rolled_back(root, exc, written, journal, staged) from exc
            raise cut_short(root, exc, journal) from exc


def _unchanged(root: Path, staged: Sequence[update.Staged], currents: Sequence[str]) -> bool:
    """Every file to update holds the text it was validated with (so its version copy is no
    memory's only copy)."""
    for one, text in zip(staged, currents, strict=True):
        try:
            if read_text_nofollow(root / one.op.path) != text:
                return False
        except (OSError, UnicodeDecodeError, StoreError):
            return False
    return True


def cut_short(root: Path, exc: StoreError, journal: Path) -> StoreError:
    """The error of a plan a refused step left partly made (its journal open)."""
    rel = journal.relative_to(root).as_posix()
    return type(exc)(
        f"{exc}; the change is partly made and is completed by the next extract, apply or batch"
        f" (journal {rel})",
        **{**exc.fields, "changed": PARTLY},
    )


def close_journal(journal: Path) -> Path:
    """Rename a finished plan's journal ``.done.json``; returns the new path.

    Raises:
        StoreError: the rename was refused; every change is made (the error says so) and the
            next extract, apply or batch closes the journal (its roll-forward finds nothing to do).
    """
    done = journal.with_name(journal.name.removesuffix(".json") + ".done.json")
    try:
        os.rename(journal, done)
    except OSError as exc:
        error = store_error(exc, journal, "close journal")
        raise type(error)(
            f"{error}; every change is made, and the next extract, apply or batch closes the journal",
            **{**error.fields, "changed": ALL},
        ) from exc
    fsync_dir(journal.parent)
    return done


__all__ = ["close_journal", "cut_short", "publish_staged", "roll_back", "rolled_back"]
