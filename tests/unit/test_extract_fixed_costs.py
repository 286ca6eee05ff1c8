"""Extract's work outside the detector and the gate kept to what it needs (issue 17): the cyclic
collector never rescans the transcript in the ``memscribe`` process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

_TURNS_PROBE = """
import gc, sys
import memscribe.services.extract as service
real = service.extract
def counted(transcript, **kwargs):
    tracked = {id(o) for o in gc.get_objects()}  # frozen objects are in no generation
    print("SCANNED", sum(id(t) in tracked for t in transcript.turns), len(transcript.turns))
    return real(transcript, **kwargs)
service.extract = counted
from memscribe.cli import main
sys.argv = ["memscribe", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
"""


def test_the_memscribe_process_reads_the_transcript_into_the_frozen_generation(tmp_path: Path) -> None:
    """The turns live as long as the command: read with the collector off and frozen after, the
    collections the stages bring never walk them (before: every turn in a generation)."""
    transcript = tmp_path / "t.txt"
    lines = [f"User: I tried the build number {i} again.\nAssistant: Noted {i}.\n" for i in range(40)]
    transcript.write_text("".join(lines), encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-c", _TURNS_PROBE, "extract", str(transcript), "--dry-run", "--json"]
        + ["--memory-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    scanned = [line.split() for line in proc.stdout.splitlines() if line.startswith("SCANNED ")]
    assert scanned == [["SCANNED", "0", "80"]]
    assert '"operations"' in proc.stdout
