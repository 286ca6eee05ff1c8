"""Supersession that understands updates: the structure of a statement (memscribe.semantic.updates)
and the embedded dedup decision on shortlists the relatedness rule builds."""

from __future__ import annotations

import pytest

from memscribe.model.embedded.dedup import dedup_decision, names_left_behind, restates, value_changed
from memscribe.relatedness import Pooled, select
from memscribe.schemas.requests import DedupRequest, ShortlistItem
from memscribe.semantic import wordllama
from memscribe.semantic.updates import change_cue, left_behind, negated, same_polarity

needs_model = pytest.mark.skipif(not wordllama.available(), reason="semantic extra not installed")


pytestmark = pytest.mark.usefixtures("fresh_semantic")  # tests/conftest.py


@pytest.mark.parametrize(
    "text",
    [
        "I switched from Android to an iPhone last month",
        "I've started drinking coffee again",
        "User no longer works at Fintastic",
        "These days I mostly write Kotlin",
        "Actually it's Leeds, not Glasgow",
        "Ich bin inzwischen auf Linux umgestiegen",
        "je ne suis plus doctorante",
        "ahora vivo en Valencia",
        "我们已经升级到 Vue 3 了",
        "エディタは最近 Helix に乗り換えた",
    ],
)
def test_change_cues_across_languages(text: str) -> None:
    assert change_cue(text)


@pytest.mark.parametrize(
    "text",
    [
        "User uses an Android phone (Pixel 8)",
        "User avoids caffeine",
        "User lives in Glasgow",
        "用户是前端工程师",
    ],
)
def test_standing_facts_have_no_change_cue(text: str) -> None:
    assert not change_cue(text)


def test_polarity() -> None:
    assert negated("User doesn't drink coffee") and negated("User no longer uses Vim")
    assert (
        negated("Ich trinke keinen Kaffee") and negated("je ne bois plus de café") and negated("我不喝咖啡")
    )
    assert not negated("User drinks coffee") and same_polarity("User drinks tea", "User likes coffee")


def test_left_behind_is_the_scope_of_an_ending_or_a_from() -> None:
    assert left_behind("I switched from Android to an iPhone") == "Android"
    assert "YNAB" in left_behind("User cancelled YNAB in the spring")
    assert names_left_behind("I switched from Android to an iPhone", "User uses an Android phone (Pixel 8)")
    assert not names_left_behind("I switched from Android to an iPhone", "User lives in Leeds")


def test_value_changed() -> None:
    assert value_changed("User lives in Leeds", "User lives in Glasgow")
    assert not value_changed("User lives in Glasgow, Scotland", "User lives in Glasgow")
    assert value_changed("User no longer drinks coffee", "User drinks coffee")


def item(i: str, slug: str, text: str, score: float) -> ShortlistItem:
    return ShortlistItem(id=i, slug=slug, text=text, created="2026-01-01T00:00:00Z", score=score)


def decide(slug: str, text: str, *items: ShortlistItem) -> tuple[str, list[str]]:
    d = dedup_decision(DedupRequest(kind="profile", slug=slug, text=text, shortlist=items))
    return d.action, d.existing_ids


def test_restatement_is_dropped() -> None:
    mac = item("prof_mac", "os-macos", "User works on macOS.", 0.66)
    assert restates("User uses a Mac.", mac)
    assert decide("computer", "User uses a Mac.", mac) == ("drop_new", ["prof_mac"])


def test_change_naming_the_old_value_supersedes() -> None:
    old = item("prof_android", "phone-pixel", "User uses an Android phone (Pixel 8).", 0.52)
    assert decide("phone", "User switched from Android to an iPhone last month.", old) == (
        "supersede_old",
        ["prof_android"],
    )


def test_change_on_the_best_related_entry_supersedes() -> None:
    old = item("prof_caf", "diet-no-caffeine", "User avoids caffeine.", 0.46)
    other = item("prof_veg", "diet-vegetarian", "User is vegetarian.", 0.2)
    action, ids = decide(
        "drink", "User has started drinking coffee again, one cup in the morning.", old, other
    )
    assert (action, ids) == ("supersede_old", ["prof_caf"])


def test_same_slug_topic_with_a_new_value_supersedes_without_a_cue() -> None:
    old = item("prof_city", "home-city-glasgow", "User lives in Glasgow.", 0.4)
    assert decide("home-city", "User lives in Leeds.", old) == ("supersede_old", ["prof_city"])


def test_different_facts_are_kept_even_with_a_change_cue() -> None:
    weak = item("prof_cats", "pets", "User has two cats.", 0.2)  # a fallback match, not related
    assert decide("home-city", "User moved to Leeds last month.", weak)[0] == "keep_both"
    ide = item("prof_ide", "ide-intellij", "User's IDE is IntelliJ IDEA.", 0.3)
    assert decide("language", "User now writes Kotlin everywhere.", ide)[0] == "keep_both"
    # Related by meaning only, short of STRONG_TOPIC_SCORE: not enough to archive.
    vim = item("prof_vim", "editor-vim", "User's editor is Vim.", 0.38)
    assert decide("stack", "User's admin console was upgraded to Vue 3.", vim)[0] == "keep_both"
    # A common word in the scope of an ending is not the stored value.
    go = item("prof_go", "work-language-go", "User writes Go at work.", 0.24)
    assert decide("job", "User left Fintastic and now works at Verdant Grid.", go)[0] == "keep_both"


def test_the_same_proposition_negated_supersedes() -> None:
    old = item(
        "prof_vpn",
        "rule-remotely-vpn",
        "User's standing instruction: when working remotely, never use a VPN.",
        0.6,
    )
    new = "User's standing instruction: start using a VPN whenever working remotely."
    assert decide("rule-vpn-remote", new, old) == ("supersede_old", ["prof_vpn"])


def test_a_restatement_in_another_script_never_archives() -> None:
    """Words in different scripts cannot show a changed value: never archive on them. With no
    word of change, on the stored fact's slug topic, the statement says it again: dropped
    (test_dedup_across_scripts)."""
    old = item("prof_role", "role-frontend", "User is a frontend engineer at an e-commerce company.", 0.2)
    assert decide("role", "用户是做前端的。", old)[0] == "drop_new"


def test_a_new_detail_on_a_related_entry_is_kept() -> None:
    old = item("prof_cer", "sells-ceramics-etsy", "User sells handmade ceramics through an Etsy shop.", 0.4)
    assert decide("kiln", "User fires their ceramics in a wood kiln.", old)[0] == "keep_both"


@needs_model
@pytest.mark.parametrize(
    ("new", "old_slug", "old", "want"),
    [
        (
            "I've started drinking coffee again, one cup in the morning",
            "avoids-caffeine",
            "User avoids caffeine",
            "supersede_old",
        ),
        (
            "I switched from Android to an iPhone last month",
            "phone-android",
            "User uses an Android phone (Pixel 8)",
            "supersede_old",
        ),
        (
            "User cancelled YNAB, it's a Google Sheet now",
            "budget-tool-ynab",
            "User manages their budget in YNAB.",
            "supersede_old",
        ),
        (
            "User doesn't write Java anymore, it's Kotlin everywhere",
            "main-language-java",
            "User writes backend services mainly in Java.",
            "supersede_old",
        ),
        ("User uses a Mac", "os-macos", "User works on macOS", "drop_new"),
        (
            "User develops inside WSL2 on Windows",
            "dev-env-windows-wsl2",
            "User develops on Windows inside WSL2 (Ubuntu).",
            "drop_new",
        ),
        (
            "User fires ceramics in a wood kiln",
            "sells-ceramics-etsy",
            "User sells handmade ceramics through an Etsy shop.",
            "keep_both",
        ),
        (
            "User treats mostly runners' injuries",
            "job-physiotherapist",
            "User is a physiotherapist with her own practice.",
            "keep_both",
        ),
    ],
)
def test_shortlist_then_decision(new: str, old_slug: str, old: str, want: str) -> None:
    """The whole embedded path on one stored memory beside an unrelated one."""
    entries = [
        Pooled("prof_old", old_slug, old, "2026-01-01T00:00:00Z"),
        Pooled("prof_far", "pets", "User has two cats.", "2026-01-01T00:00:00Z"),
    ]
    shortlisted = select("new-topic", new, entries)
    if want == "keep_both" and not shortlisted:
        return  # nothing related: written as new, the same outcome
    if want != "keep_both":
        assert shortlisted[0].id == "prof_old"
    action, ids = decide("new-topic", new, *shortlisted)
    assert action == want
    assert "prof_far" not in ids


def test_somebody_elses_change_updates_nothing_of_the_users() -> None:
    phone = item("prof_android", "phone-android", "User uses an Android phone (Pixel 8).", 0.5)
    home = item("prof_home", "home-city-hamburg", "User lives in Hamburg.", 0.5)
    assert decide("dad-phone", "User's dad switched to an iPhone.", phone) == ("keep_both", [])
    assert decide("home", 'User, in their words: "Mein Bruder ist nach Köln gezogen"', home) == (
        "keep_both",
        [],
    )
    assert decide("home", 'User, in their words: "我朋友现在搬到北京了"', home) == ("keep_both", [])
    # the same person on both sides is still compared
    wife = item("prof_wife", "wife-job", "User's wife works as a teacher.", 0.6)
    assert decide("wife-job", "User's wife now works as a nurse.", wife)[0] == "supersede_old"
    # the user's own switch still supersedes
    assert decide("phone", "User switched from Android to an iPhone.", phone) == (
        "supersede_old",
        ["prof_android"],
    )


def test_the_users_own_change_updates_nothing_of_somebody_elses() -> None:
    sister = item("prof_sister", "sister-city", "User's sister lives in Madrid.", 0.6)
    dad = item("prof_dad", "dad-phone", "User's dad uses an Android phone.", 0.6)
    assert decide("home-city", "User moved to Valencia.", sister) == ("keep_both", [])
    assert decide("home-city", 'User, in their words: "ahora vivo sola en Valencia"', sister) == (
        "keep_both",
        [],
    )
    assert decide("phone", "User switched from Android to an iPhone.", dad) == ("keep_both", [])


def test_a_value_added_beside_the_stored_one_replaces_nothing() -> None:
    cat = item("prof_cat", "pet-cat", "User has a cat named Miso.", 0.5)
    rust = item("prof_rust", "lang-rust", "User writes Rust.", 0.5)
    assert decide("pet", "User also has a hamster now.", cat) == ("keep_both", [])
    assert decide("lang", 'User, in their words: "Ich lerne jetzt zusätzlich Go"', rust)[0] != "supersede_old"
    # without the additive word the same slug topic is a new value
    assert decide("pet", "User has a hamster now.", cat) == ("supersede_old", ["prof_cat"])


def test_a_change_that_keeps_the_stored_name_is_beside_it() -> None:
    mac = item("prof_mac", "os-mac", "User works on a MacBook.", 0.73)
    assert decide("upgrade", "User upgraded their MacBook to macOS Sequoia.", mac) == ("keep_both", [])
    # another name in its place is a change of value
    assert decide("laptop", "User now works on a ThinkPad.", mac) == ("supersede_old", ["prof_mac"])


def test_a_change_cue_counts_only_in_the_sentence_that_names_the_value() -> None:
    android = item("prof_android", "phone-android", "User uses an Android phone.", 0.4)

    def said(words: str) -> tuple[str, list[str]]:
        d = dedup_decision(
            DedupRequest(
                kind="profile",
                slug="about-uso-iphone-trabajo",
                text='User, in their words: "Uso un iPhone del trabajo"',
                shortlist=(android,),
                said=words,
            )
        )
        return d.action, d.existing_ids

    # the cue is about the flat hunt, not the phone
    assert said("Uso un iPhone del trabajo. Ahora estoy buscando piso.")[0] != "supersede_old"
    # the cue in the sentence naming the phone reports the change
    assert said("Ahora uso un iPhone del trabajo.") == ("supersede_old", ["prof_android"])


def test_a_value_named_as_replaced_is_superseded_though_its_words_are_all_restated() -> None:
    mysql = item("prof_mysql", "db-mysql", "User's project uses MySQL.", 0.65)
    new = "User's team replaced MySQL with Postgres in the project over the summer."
    assert left_behind(new) == "MySQL"  # "with" ends the scope: Postgres is the new value
    assert decide("replaced-mysql-postgres", new, mysql) == ("supersede_old", ["prof_mysql"])
    postgres = item("prof_pg", "db-postgres", "User's team uses Postgres for analytics.", 0.5)
    assert decide("replaced-mysql-postgres", new, postgres)[0] != "supersede_old"
