"""MSC's validation split (``msc-val``) draws only dialogues that no dev sample uses."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from memscribe.cli import app
from memscribe.evaluation.datasets import MSC_DEV_SAMPLES, load, load_msc, load_msc_val


def _root(tmp_path: Path, dialogues: int = 150) -> Path:
    root = tmp_path / "msc"
    for session in (1, 2, 3, 4):
        (root / f"session_{session}").mkdir(parents=True)
        lines = []
        for n in range(dialogues):
            fact = f"I have {n} cats in session {session}."
            dialog = [
                {"id": "bot_0", "text": "Hi, how are you?"},
                {"id": "bot_1", "text": f"Fine. {fact}", "persona_text": fact, "agg_persona_list": [fact]},
            ]
            lines.append(json.dumps({"dialog": dialog}))
        (root / f"session_{session}" / "valid.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return root


def _dialogues(units: list) -> set[tuple[str, str]]:
    return {tuple(u.name.split("-")[:2]) for u in units if not u.nothing_to_learn}


def test_val_split_is_disjoint_from_every_dev_sample(tmp_path: Path) -> None:
    root = _root(tmp_path)
    val = load_msc_val(root, sample=100)
    assert len(val) == 100 and all(not u.nothing_to_learn for u in val)
    for size in MSC_DEV_SAMPLES:
        dev = _dialogues(load_msc(root, sample=size))
        assert dev and not dev & _dialogues(val)
    assert {u.categories[0] for u in val} == {f"session_{s}" for s in (1, 2, 3, 4)}
    assert [u.name for u in load_msc_val(root, sample=100)] == [u.name for u in val]  # fixed seed


def test_val_split_through_load_and_cli(tmp_path: Path) -> None:
    _root(tmp_path)
    units = load("msc-val", tmp_path, sample=8)
    assert len(units) == 8 and {u.dataset for u in units} == {"msc"}
    result = CliRunner().invoke(
        app, ["eval", "msc-val", "--sample", "8", "--data-dir", str(tmp_path), "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data[0]["set"] == "msc-val" and data[0]["figures"]["units"] == 8


def test_whole_dev_set_leaves_out_the_validation_dialogues(tmp_path: Path) -> None:
    root = _root(tmp_path)
    val = _dialogues(load_msc_val(root))
    whole = _dialogues(load_msc(root))
    assert val and whole and not val & whole
    assert len(whole) + len(val) == 4 * 150
