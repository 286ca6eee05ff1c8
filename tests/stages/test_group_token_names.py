"""A group name shaped like a token (stop 45, HQ3 item 6): before, an upper-case token the masker
does not know in that case (``XOXB-…``, a random ``Q7ZX9K2M…`` or hex key) passed the write guard
and ``friendly_name`` lower-cased it into a folder and file named like the secret
(``memory/groups/xoxb-1234567890-…/``), and ``group_names.json`` kept it as the display name.
Now a name with a token-shaped part is known by a hash (``group-<8 hex>``), as an unmapped room
is, and nothing token-shaped reaches the disk."""

from __future__ import annotations

import json
import random
import re
import string
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memscribe.cli import app
from memscribe.groups.names import friendly_name, resolve_group
from memscribe.groups.secret_names import secret_shaped

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "groups"
DAY1 = FIXTURES / "day1" / "zh_group_day1.jsonl"
DAY2 = FIXTURES / "day2" / "zh_group_day2.jsonl"
runner = CliRunner()

TOKENS = [
    "XOXB-1234567890-1234567890123-AB3DE5FG7HJ9KL1MN3PQ5RS7",
    "Q7ZX9K2MPL4VB8NR3TYW",
    "A3F9C2E7B1D4F6A8C0E2B4D6F8A1C3E5",
    "TOKEN_9F8E7D6C5B4A39281726354",
    "Launch crew 7F3K9Q2M8X4B1N6V5C0Z",
    # review RV2 F3: a part after '#', ':', '.' or '/' reached group_names.json as the display name
    "#Q7ZX9K2MPL4VB8NR3TYW",
    "crew:7F3K9Q2M8X4B1N6V5C0Z",
    "team.A3F9C2E7B1D4F6A8C0E2B4D6F8A1C3E5",
    "ops/k3J9xQ2mVb7LwP4zRt8N",
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
    secret = re.split(r"[\s\-_#:./]", group)[-1].casefold()
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
    assert not secret_shaped(name)
    assert friendly_name(name) == slug


#: Review RV2 F4: names e06efeaf hashed (short English words under a quarter vowels, German
#: consonant clusters) and a few in other languages; each keeps its words, its folder and its
#: display name.
WORDS_WITH_NUMBERS = [
    "Christmas2024Party",
    "Sprint2024Planning",
    "Scrum2024TeamAlpha",
    "Strengths2024Workshop",
    "Sprint42Retro2024Q1",
    "Team2024Q3Sprint12Retro",
    "Arbeitsschutz2024",
    "Wirtschaftsteam2024",
    "Deutschkurs2024Berlin",
    "Hochschulsport2024Sommer",
    "Nachtschicht2024",
    "Weihnachtsmarkt2024",
    "Fußball2024Mannschaft",
    "christmas2024party",
    "arbeitsschutz2024",
    "Soiréedanse2024",
    "Navidad2024Familia",
    "bounenkai2024eigyo",
    "xiangmu2024dierqi",
]


@pytest.mark.parametrize("name", WORDS_WITH_NUMBERS)
def test_words_with_a_year_or_a_number_are_not_hashed(name: str) -> None:
    assert not secret_shaped(name)
    room = "!abc:matrix.example.com"
    slug, _, entry = resolve_group(
        {}, session_key=f"agent:a:matrix:group:{room}", group=name, secret_shaped=secret_shaped
    )
    assert not slug.startswith("group-") and entry == {"name": slug, "display_name": name}


@pytest.mark.parametrize(
    ("alphabet", "least"),
    [
        (string.ascii_uppercase + string.digits, 0.85),
        (string.ascii_lowercase + string.digits, 0.85),
        (string.ascii_letters + string.digits, 0.9),
        ("0123456789abcdef", 0.97),
    ],
)
def test_random_keys_of_16_are_caught(alphabet: str, least: float) -> None:
    rng = random.Random(45)
    keys = ["".join(rng.choice(alphabet) for _ in range(16)) for _ in range(600)]
    keys = [k for k in keys if not k.isalpha() and not k.isdigit()]
    caught = sum(secret_shaped(f"Ops {k}") for k in keys) / len(keys)
    assert caught >= least, caught


def test_a_mapped_room_keeps_its_folder(tmp_path: Path) -> None:
    """Review RV2 F4: a room mapped before (here by a flush under ``--group``) was re-derived and
    re-hashed, so its next flush wrote to a new folder and left people/project in the old one."""
    first = runner.invoke(
        app, ["flush", str(DAY1), "--memory-dir", str(tmp_path), "--group", "Christmas2024Party"]
    )
    assert first.exit_code == 0, first.output
    groups = tmp_path / "memory" / "groups"
    assert sorted(p.name for p in groups.iterdir() if p.is_dir()) == ["christmas2024party"]
    names_file = groups / "group_names.json"
    names = json.loads(names_file.read_text(encoding="utf-8"))
    [room] = names
    # a mapping made by another version (a hashed name, or a hand-written one) is kept as it is
    names[room] = {"name": "group-0000beef", "display_name": "Christmas2024Party"}
    names_file.write_text(json.dumps(names), encoding="utf-8")
    (groups / "christmas2024party").rename(groups / "group-0000beef")
    for extra in ([], ["--group", "Christmas2024Party"]):
        again = runner.invoke(app, ["flush", str(DAY2), "--memory-dir", str(tmp_path), *extra])
        assert again.exit_code == 0, again.output
        assert sorted(p.name for p in groups.iterdir() if p.is_dir()) == ["group-0000beef"]
    assert json.loads(names_file.read_text(encoding="utf-8")) == names


#: Review RV5 G3: ordinary CamelCase names with acronyms (``HR``, ``KPI``, ``DPIA``) were hashed,
#: their display name lost (names from the reviewer's list, a development list here).
ACRONYM_NAMES = [
    "HR2024Q3KPIReview",
    "ISO27001Audit2024",
    "GPT4oAPIUsers2024",
    "K8sSIGNetwork2024",
    "BTS2024ARMYfanclub",
    "MLOps2024LLMteam",
    "GDPR2024DPIAreview",
    "WWDC2024iOS18Devs",
]


@pytest.mark.parametrize("name", ACRONYM_NAMES)
def test_camelcase_names_with_acronyms_are_not_hashed(name: str) -> None:
    assert not secret_shaped(name)


@pytest.mark.parametrize("group", ["Ops Q7ZX9K2MPL4VB8NR3TYW", "rx7fd3s2024owners2k"])
def test_a_group_with_a_folder_on_disk_keeps_it(tmp_path: Path, group: str) -> None:
    """Review RV5 G3: a group flushed before under its plain slug (by a version that did not hash
    its name) moved to a ``group-<hash>`` folder, leaving its people, project and pending items
    in the old one. Hashing applies only to a group with no folder yet."""
    slug = friendly_name(group)
    old = tmp_path / "memory" / "groups" / slug
    old.mkdir(parents=True)
    (old / "people.md").write_text("# People\n\n- 张三 is the new PM\n", encoding="utf-8")
    assert secret_shaped(group) or not group.startswith("Ops")
    result = runner.invoke(app, ["flush", str(DAY1), "--memory-dir", str(tmp_path), "--group", group])
    assert result.exit_code == 0, result.output
    folders = sorted(p.name for p in (tmp_path / "memory" / "groups").iterdir() if p.is_dir())
    assert folders == [slug]
    people = (old / "people.md").read_text(encoding="utf-8")
    assert "- 张三 is the new PM\n" in people and "赵六" in people  # the flush wrote to the old folder


#: Review RV5 G1: a key written against letters of another script, or split by an invisible
#: character the write guard then removes, was one Unicode word (never tested) or two short
#: parts, and reached the folder and ``group_names.json`` as it was.
BESIDE_OTHER_SCRIPTS = [
    ("产品群Q7ZX9K2MPL4VB8NR3TYW", "q7zx9k2mpl4vb8nr3tyw"),
    ("k3J9xQ2mVb7LwP4zRt8Nチーム", "k3j9xq2mvb7lwp4zrt8n"),
    ("Команда7F3K9Q2M8X4B1N6V5C0Z", "7f3k9q2m8x4b1n6v5c0z"),
    ("Équipe7F3K9Q2M8X4B1N6V5C0Z", "7f3k9q2m8x4b1n6v5c0z"),
    ("Ops Q7ZX9K2M\u200bPL4VB8NR3TYW", "q7zx9k2mpl4vb8nr3tyw"),
    ("Ops Q7ZX9K2M\u00adPL4VB8NR3TYW", "q7zx9k2m"),
    # review RV8 R2: invisible characters other than format ones (Cf) split the key too
    ("Ops Q7ZX9K2M\ufe0fPL4VB8NR3TYW", "q7zx9k2m"),  # variation selector (Mn)
    ("Ops Q7ZX9K2M\u034fPL4VB8NR3TYW", "q7zx9k2m"),  # combining grapheme joiner
    ("Ops Q7ZX9K2M\u180bPL4VB8NR3TYW", "q7zx9k2m"),  # Mongolian free variation selector
    ("Ops Q7ZX9K2M\u3164PL4VB8NR3TYW", "q7zx9k2m"),  # Hangul filler (Lo)
    ("Ops Q7ZX9K2M\u115fPL4VB8NR3TYW", "q7zx9k2m"),  # Hangul choseong filler
    ("Ops Q7ZX9K2M\uffa0PL4VB8NR3TYW", "q7zx9k2m"),  # halfwidth Hangul filler
    ("Ops Q7ZX9K2M\u2800PL4VB8NR3TYW", "q7zx9k2m"),  # braille blank (So)
    ("Ops Q7ZX9K2M\u0301PL4VB8NR3TYW", "q7zx9k2"),  # combining acute: NFKC makes it 'Ḿ'
]


@pytest.mark.parametrize(("group", "secret"), BESIDE_OTHER_SCRIPTS)
def test_a_key_beside_another_script_or_split_by_an_invisible_char_is_hashed(
    tmp_path: Path, group: str, secret: str
) -> None:
    result = runner.invoke(app, ["flush", str(DAY1), "--memory-dir", str(tmp_path), "--group", group])
    assert result.exit_code == 0, result.output
    folders = [p.name for p in (tmp_path / "memory" / "groups").iterdir() if p.is_dir()]
    assert len(folders) == 1 and folders[0].startswith("group-"), folders
    assert secret not in _everything_written(tmp_path) and secret not in result.output.casefold()


@pytest.mark.parametrize(
    "name",
    [
        "Élèves2025TerminaleS",
        "Straßenfest2024Köln",
        "Команда2024Backend",
        "产品部2024Q3OKR",
        "チームA2025Kickoff",
        # marks written decomposed, emoji with a variation selector (RV8 R2: the bare form is tested too)
        "Cafe\u0301Philo2023Montreal",
        "Nin\u0303os2024FutbolSabado",
        "Family\u2600\ufe0fSummer2024Trip",
        "NhómHọcTập2024HàNội",
    ],
)
def test_words_beside_accented_letters_or_other_scripts_are_not_hashed(name: str) -> None:
    assert not secret_shaped(name)


@pytest.mark.parametrize(
    ("alphabet", "least"),
    [
        (string.ascii_letters + string.digits + "+/", 0.85),
        (string.ascii_letters + string.digits + "-_", 0.85),
    ],
)
def test_base64_keys_split_by_their_own_separators_are_caught(alphabet: str, least: float) -> None:
    """Review RV5 G2: a base64 or base64url key was split at its own '+', '/', '-', '_' into parts
    under 16 characters, none tested: about a third of 24-character keys were written."""
    rng = random.Random(46)
    keys = ["".join(rng.choice(alphabet) for _ in range(24)) for _ in range(400)]
    keys = [k for k in keys if re.search(r"[-_+/]", k) and not k.isalpha()]
    caught = sum(secret_shaped(f"Ops {k}") for k in keys) / len(keys)
    assert caught >= least, caught


def test_a_base64url_key_is_not_written(tmp_path: Path) -> None:
    group, secret = "Ops Yyw2AXraNydHe7s1dc-f_q2t", "yyw2axranydhe7s1dc-f_q2t"
    result = runner.invoke(app, ["flush", str(DAY1), "--memory-dir", str(tmp_path), "--group", group])
    assert result.exit_code == 0, result.output
    written = _everything_written(tmp_path)
    assert secret not in written and "yyw2axranydhe7s1dc" not in written


@pytest.mark.parametrize(
    "name",
    [
        "Team-Alpha-2024-Q3-Planning",
        "PROJ-4521-Hotfix-2024-11-03",
        "proj_Phoenix_v2_2024_Berlin",
        "FY2025-Q1-Sales-Kickoff-EMEA",
        "C++20-Modules-WG-2024",
        "Ops/Dev-2024/Q3-Sync",
    ],
)
def test_names_joined_by_dashes_or_underscores_are_not_hashed(name: str) -> None:
    assert not secret_shaped(name)


@pytest.mark.parametrize("key", ["k3J9xQ7mZ2pL8wR4tV6n", "Q7ZX9K2MPL4VB8NR3TYW"])
def test_a_kept_folder_does_not_write_the_key_as_display_name(tmp_path: Path, key: str) -> None:
    """Review RV8 R1: a group kept in its plain folder (flushed before its name was hashed) wrote
    its name, the key in its own case, to group_names.json once a flush knew its room."""
    group = f"Ops {key}"
    slug = friendly_name(group)
    (tmp_path / "memory" / "groups" / slug).mkdir(parents=True)
    result = runner.invoke(app, ["flush", str(DAY2), "--memory-dir", str(tmp_path), "--group", group])
    assert result.exit_code == 0, result.output
    groups = tmp_path / "memory" / "groups"
    assert sorted(p.name for p in groups.iterdir() if p.is_dir()) == [slug]  # the folder is kept
    names = json.loads((groups / "group_names.json").read_text(encoding="utf-8"))
    assert [entry["name"] for entry in names.values()] == [slug]
    text = json.dumps(names, ensure_ascii=False)
    assert key not in text and key[:8] not in text
    assert [entry["display_name"] for entry in names.values()] == [friendly_name(group, hashed=True)]
    again = runner.invoke(app, ["flush", str(DAY2), "--memory-dir", str(tmp_path), "--group", group])
    assert again.exit_code == 0 and sorted(p.name for p in groups.iterdir() if p.is_dir()) == [slug]
