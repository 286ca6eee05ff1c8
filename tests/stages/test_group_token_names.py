"""A group name shaped like a token (stop 45, HQ3 item 6): before, an upper-case token the masker
does not know in that case (``XOXB-…``, a random ``Q7ZX9K2M…`` or hex key) passed the write guard
and ``friendly_name`` lower-cased it into a folder and file named like the secret
(``memory/groups/xoxb-1234567890-…/``), and ``group_names.json`` kept it as the display name.
Now a name with a token-shaped part is known by a hash (``group-<8 hex>``), as an unmapped room
is, and nothing token-shaped reaches the disk."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memscribe.cli import app
from memscribe.groups.names import friendly_name

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "groups"
DAY1 = FIXTURES / "day1" / "zh_group_day1.jsonl"
runner = CliRunner()

TOKENS = [
    "XOXB-1234567890-1234567890123-AB3DE5FG7HJ9KL1MN3PQ5RS7",
    "Q7ZX9K2MPL4VB8NR3TYW",
    "A3F9C2E7B1D4F6A8C0E2B4D6F8A1C3E5",
    "TOKEN_9F8E7D6C5B4A39281726354",
    "Launch crew 7F3K9Q2M8X4B1N6V5C0Z",
]


def _everything_written(root: Path) -> str:
    names = [p.relative_to(root).as_posix() for p in root.rglob("*")]
    texts = [p.read_text(encoding="utf-8") for p in root.rglob("*") if p.is_file()]
    return "\n".join(names + texts).casefold()


@pytest.mark.parametrize("group", TOKENS)
def test_a_token_shaped_group_name_is_hashed_on_disk(tmp_path: Path, group: str) -> None:
    result = runner.invoke(app, ["flush", str(DAY1), "--memory-dir", str(tmp_path), "--group", group])
    assert result.exit_code == 0, result.output
    folders = [p.name for p in (tmp_path / "memory" / "groups").iterdir() if p.is_dir()]
    assert len(folders) == 1 and folders[0].startswith("group-"), folders
    secret = group.split()[-1].split("-")[-1].split("_")[-1].casefold()
    written = _everything_written(tmp_path)
    assert secret not in written and secret[:12] not in written
    assert secret not in result.output.casefold()
    again = runner.invoke(app, ["flush", str(DAY1), "--memory-dir", str(tmp_path), "--group", group])
    assert again.exit_code == 0 and folders == [
        p.name for p in (tmp_path / "memory" / "groups").iterdir() if p.is_dir()
    ]
    names = json.loads((tmp_path / "memory" / "groups" / "group_names.json").read_text(encoding="utf-8"))
    assert secret not in json.dumps(names).casefold()


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("Checkout squad 2024", "checkout-squad-2024"),
        ("Équipe Paiement 2025", "équipe-paiement-2025"),
        ("Produktteam Q3 2026", "produktteam-q3-2026"),
        ("equipo de ventas 2023", "equipo-de-ventas-2023"),
        ("产品群", "产品群"),
        ("チーム開発2024", "チーム開発2024"),
        ("projectphoenix2024v2", "projectphoenix2024v2"),
        ("mp3player4kids2023", "mp3player4kids2023"),
        ("SRE on-call rota", "sre-on-call-rota"),
        ("q4planningmeeting2025", "q4planningmeeting2025"),
        ("web3communityhub2023", "web3communityhub2023"),
        ("equipodeventas2023madrid", "equipodeventas2023madrid"),
        ("réunionhebdomadaire2024", "réunionhebdomadaire2024"),
    ],
)
def test_ordinary_names_keep_their_words(name: str, slug: str) -> None:
    assert friendly_name(name) == slug
