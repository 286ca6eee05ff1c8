"""A name shared across languages is the same topic only where the rest agrees (issue 11; review
RV1 N1 of stop 44).

Two rules of the embedded dedup decision read a name said in another language than the stored
memory as the memory's topic. At cf7aee6 the name alone decided:

* a cessation in another language ending *another activity* on the stored name archived it: "Ich
  kaufe nicht mehr bei Amazon ein" archived "User works at Amazon". Now the two must not be of
  different single-valued facets (:func:`memscribe.model.embedded.dedup_scope.another_activity`);
* a Chinese or Japanese statement naming only the stored names was dropped as a restatement,
  though it said a fact of its own: "我在Amazon上卖掉了我的旧相机" beside "User works at Amazon".
  Now its clause naming the name must hold no verb or object of its own
  (:func:`memscribe.model.embedded.dedup_scope.names_restated`).

The controls: a cessation of the stored activity still archives it, in each language, and a
statement of the name with a verb of using it only is still its restatement.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memscribe.model.embedded.dedup_scope import another_activity, names_restated
from tests.unit.test_supersession_probes import run

pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        # another activity on the employer's name, ended
        ("job-amazon", "User works at Amazon.", "Ich kaufe nicht mehr bei Amazon ein."),
        ("job-amazon", "User works at Amazon.", "J'ai arrêté d'acheter sur Amazon."),
        ("job-amazon", "User works at Amazon.", "我不再在Amazon上买东西了。"),
        ("job-google", "User works at Google.", "Ich benutze Google nicht mehr."),
        ("job-spotify", "User works at Spotify.", "Je n'écoute plus Spotify."),
        ("job-netflix", "User works at Netflix.", "我不再看Netflix了。"),
        ("job-ikea", "User works at IKEA.", "Je n'achète plus chez IKEA."),
        ("home-city-berlin", "User lives in Berlin.", "Ich kaufe nicht mehr in Berlin ein."),
        # a job ended at the name of a thing the user uses
        ("music-spotify", "User listens to music on Spotify.", "Ich arbeite nicht mehr bei Spotify."),
        ("car-bmw", "User drives a BMW.", "Ich arbeite nicht mehr bei BMW."),
        # a new fact about the stored name, in Chinese or Japanese
        ("job-amazon", "User works at Amazon as a data engineer.", "我在Amazon上卖掉了我的旧相机。"),
        ("job-amazon", "User works at Amazon.", "我在Amazon上卖掉了我的旧相机。"),
        ("backup-dropbox", "User backs up photos to Dropbox.", "我每个月为Dropbox付2美元。"),
        ("reading-kindle", "User reads books on a Kindle.", "我在Kindle上画画。"),
        ("reading-kindle", "User reads books on a Kindle.", "Kindleで絵を描いている。"),
        ("design-figma", "User designs in Figma.", "我用Figma给我女儿画生日卡片。"),
    ],
)
def test_a_fact_sharing_only_a_name_is_written_beside_the_memory(
    tmp_path: Path, slug: str, stored: str, said: str
) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == [], written
    assert len(written) == 1


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("job-amazon", "User works at Amazon.", "Ich arbeite nicht mehr bei Amazon."),
        ("job-amazon", "User works at Amazon.", "J'ai arrêté de travailler chez Amazon."),
        ("job-amazon", "User works at Amazon.", "我不再在Amazon工作了。"),
        ("job-siemens", "User works at Siemens.", "Bei Siemens habe ich gekündigt."),
        ("job-siemens", "User works at Siemens.", "J'ai quitté Siemens."),
        ("job-siemens", "User works at Siemens.", "Ich bin nicht mehr bei Siemens."),
        ("job-siemens", "User works at Siemens.", "我已经不在Siemens工作了。"),
        ("home-city-berlin", "User lives in Berlin.", "Ich wohne nicht mehr in Berlin."),
        ("home-city-berlin", "User lives in Berlin.", "Je n'habite plus à Berlin."),
        ("home-city-berlin", "User lives in Berlin.", "Ya no vivo en Berlín."),
        ("car-tesla", "User drives a Tesla.", "Ich fahre keinen Tesla mehr."),
        ("car-tesla", "User drives a Tesla.", "Ya no conduzco un Tesla."),
        ("car-bmw", "User drives a BMW.", "Je ne conduis plus de BMW."),
        ("music-spotify", "User listens to music on Spotify.", "Ich höre keine Musik mehr auf Spotify."),
        ("music-spotify", "User listens to music on Spotify.", "我不再用Spotify听音乐了。"),
        ("editor-vscode", "User codes in VS Code.", "我不再用VS Code了。"),
    ],
)
def test_the_stored_activity_ended_in_another_language_is_archived(
    tmp_path: Path, slug: str, stored: str, said: str
) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert archived == ["prof_stored00"], written


@pytest.mark.parametrize(
    ("slug", "stored", "said"),
    [
        ("design-figma", "User designs in Figma.", "Figmaはいつも使ってる"),
        ("design-figma", "User designs in Figma.", "Figmaを毎日使っています。"),
    ],
)
def test_the_name_with_a_verb_of_using_it_restates_the_memory(
    tmp_path: Path, slug: str, stored: str, said: str
) -> None:
    archived, written = run(tmp_path, slug, stored, said)
    assert (archived, written) == ([], [])


def test_a_clause_not_naming_the_name_is_not_read_for_content() -> None:
    figma = "User designs in Figma."
    assert names_restated('User, in their words: "Figmaはいつも使ってるからそれで大丈夫".', figma)
    assert not names_restated('User, in their words: "Figmaで絵を描いているから大丈夫".', figma)
    assert not names_restated("用户每个月为Dropbox付2美元。", "User backs up photos to Dropbox.")


def test_another_activity_reads_facets_across_languages_only() -> None:
    works = "User works at Amazon."
    assert another_activity(
        'User, in their words: "Ich kaufe nicht mehr bei Amazon ein".', works, "job-amazon"
    )
    # a state of being, a verb of leaving, the same facet: the stored activity may be the one ended
    assert not another_activity('User, in their words: "Ich bin nicht mehr bei Amazon".', works, "job-amazon")
    assert not another_activity('User, in their words: "Bei Amazon habe ich gekündigt".', works, "job-amazon")
    assert not another_activity('User, in their words: "Ich arbeite nicht mehr bei Amazon".', works, "job")
    # the facet of the stored memory's slug counts too
    assert another_activity("用户不再看Amazon的视频了。", "User is a data engineer at Amazon.", "job-amazon")
    # the same language: its words are compared elsewhere
    assert not another_activity("User doesn't shop on Amazon anymore.", works, "job-amazon")
