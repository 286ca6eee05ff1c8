"""The authored secret corpus (fixtures/redaction/authored) is well-formed: its marks pair up."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))

from redact_authored import CORPUS, MarkError, parse_marked, split  # noqa: E402

FILES = sorted(CORPUS.glob("*.txt"))


def test_marks_become_labels_on_the_clean_text() -> None:
    text, labels = parse_marked(
        "key ⟦S:aws⟧AKIA1234⟦/S⟧ sha ⟦N:git_sha⟧abc123⟦/N⟧\n⟦S:pem⟧-----BEGIN\nx⟦/S⟧\n"
    )
    assert text == "key AKIA1234 sha abc123\n-----BEGIN\nx\n"
    assert [
        (text[int(str(d["start"])) : int(str(d["end"]))], d["secret"], d["line"], d["line_end"])
        for d in labels
    ] == [
        ("AKIA1234", True, 1, 1),
        ("abc123", False, 1, 1),
        ("-----BEGIN\nx", True, 2, 3),
    ]
    with pytest.raises(MarkError):
        parse_marked("a ⟦S:x⟧value with no end")


def test_validation_only_authors() -> None:
    assert (
        split("sd_01.txt")
        == split("se_12.txt")
        == split("sh_01.txt")
        == split("sj_01.txt")
        == split("sl_01.txt")
        == "validation"
    )


def test_author_f_is_split_like_a_to_c() -> None:
    """sf_ files go one in five to validation by the hash of the name, as sa_-sc_ do; a file of an
    author not listed is held out."""
    from redact import split_of

    names = [f"sf_{i:02d}.txt" for i in range(1, 23)]
    assert [split(n) for n in names] == [split_of(n) for n in names]
    assert {split(n) for n in names} == {"dev", "validation"}
    assert split("sa_01.txt") == split_of("sa_01.txt")
    assert split("sz_01.txt") == "validation"


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_file_parses_with_secrets_and_lookalikes(path: Path) -> None:
    text, labels = parse_marked(path.read_text(encoding="utf-8"))
    assert any(d["secret"] is True for d in labels) and any(d["secret"] is False for d in labels)
    spans = sorted((int(str(d["start"])), int(str(d["end"]))) for d in labels)
    assert all(s < e for s, e in spans) and all(a[1] <= b[0] for a, b in zip(spans, spans[1:], strict=False))
    assert "⟦" not in text and "⟧" not in text


def test_author_g_is_split_like_f() -> None:
    """sg_ files (new development data written after F) go one in five to validation by the
    hash of the name."""
    from redact import split_of

    names = (
        [f"sg_{i:02d}.txt" for i in range(1, 17)]
        + [f"si_{i:02d}.txt" for i in range(1, 13)]
        + [f"sk_{i:02d}.txt" for i in range(1, 15)]
    )
    assert [split(n) for n in names] == [split_of(n) for n in names]
    assert {split(n) for n in names} == {"dev", "validation"}


def test_load_keeps_only_the_authors_asked_for(tmp_path: Path) -> None:
    from redact_authored import load

    docs, _ = load(tmp_path, ("sg_",))
    assert docs and all(d.path.name.startswith("sg_") for d in docs)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(d.path.name for d in docs)


def test_url_extent_widens_a_finding_in_user_info_only() -> None:
    """The credential-URL study (``--url-extent``): a finding starting inside a URL's user info
    widens to the user info or to the whole URL; a URL whose user info holds no finding, and a
    finding elsewhere, stay as they are."""
    from redact_authored import widen_in_urls

    text = "DB=postgres://app:s3cr3t-pw@db.internal:5432/x and https://user@example.com/p"
    pw = (text.index("s3cr3t"), text.index("@db"))
    other = (0, 2)
    info = (text.index("app:"), text.index("@db"))
    url = (text.index("postgres"), text.index(" and"))
    assert widen_in_urls(text, [pw, other], "userinfo") == [pw, other, info]
    assert widen_in_urls(text, [pw, other], "url") == [pw, other, url]
    assert widen_in_urls(text, [other], "url") == [other]
