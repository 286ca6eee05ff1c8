"""Review of the teaching gate (issues 11, 16): confirmed corrections it lost, Japanese links it
read as requests, and Japanese te-form cues that matched inside a statement ("変わらないです").

Sessions here are written for these tests, not copied from any split.
"""

from __future__ import annotations

import pytest

from memscribe.lexicon import correction_signal
from memscribe.lexicon.langs import self_statements
from memscribe.lexicon.teaching import gives_up, teaches_rule
from memscribe.model.embedded.detect import extract
from memscribe.schemas.transcript import SourcePos, Turn

SRC = SourcePos(file="-", line=1)


def chain(correction: str, confirmation: str) -> list[Turn]:
    pairs = [
        ("user", "Write the invoice for the Müller order"),
        ("assistant", "Here is a draft: 3 items at $12.00, total $36.00."),
        ("user", correction),
        ("assistant", "Redone as you asked."),
        ("user", confirmation),
    ]
    return [
        Turn(index=i, role=role, kind="message", text=text, source=SRC)  # type: ignore[arg-type]
        for i, (role, text) in enumerate(pairs)
    ]


@pytest.mark.parametrize(
    ("correction", "confirmation"),
    [
        # English read as Spanish for its two "no"
        ("no, I said no emojis", "perfect, thanks"),
        ("no, no emojis please", "perfect, thanks"),
        # a contrast with "instead of"; a norm of the work
        ("no, euros instead of dollars", "perfect, thanks"),
        ("that's wrong, amounts are always in euros", "perfect, thanks"),
        # a want or a preference put to the agent in Spanish
        ("no, quiero que uses euros", "perfecto, así sí"),
        ("no, prefiero los importes en euros", "perfecto, así sí"),
        # an obligation with its reason in Chinese
        ("不对，要用欧元，因为客户在德国", "对，就是这样"),
    ],
)
def test_a_confirmed_correction_the_gate_lost_is_a_playbook(correction: str, confirmation: str) -> None:
    assert teaches_rule(correction)
    (b,) = extract(chain(correction, confirmation)).playbooks
    assert (b.correction_turn, b.confirmation_turn, b.confirmation) == (2, 4, "explicit")


@pytest.mark.parametrize(
    "reply",
    [
        # continuative te-forms link a statement to the next clause; they ask for nothing
        "いや、東京に住んでいて、毎日電車で通ってます。",
        "いや、それは去年やめて、今はPythonです。",
        "いや、今は大阪で働いていて、東京じゃなくて。",
        "いや、犬を飼っていて。",
        # a plan in Spanish is no preference about the work
        "no, prefiero esperar a mañana",
    ],
)
def test_a_linked_statement_or_a_plan_is_no_rule(reply: str) -> None:
    assert not teaches_rule(reply)


@pytest.mark.parametrize(
    "reply",
    [
        "いや、ドルは使わないで、ユーロで書いて。",
        "ドルはやめてね",
        "違う、ユーロで",
        "いや、ユーロにしてください",
    ],
)
def test_a_japanese_request_at_the_sentence_end_still_teaches(reply: str) -> None:
    assert teaches_rule(reply)


@pytest.mark.parametrize(
    "statement",
    [
        "理系志望なのは変わらないです。",
        "東京に住んでいないです。",
        "どっちにしても必要です。",
        "コーヒーはやめています。",
        "タバコはやめてる。",
        "肉は食べないでいます。",
    ],
)
def test_a_japanese_te_form_inside_a_statement_is_no_correction(statement: str) -> None:
    assert not correction_signal(statement)


def test_a_negated_statement_in_japanese_is_still_a_self_statement() -> None:
    assert self_statements("理系志望なのは変わらないです。") == ["理系志望なのは変わらないです。"]


@pytest.mark.parametrize(
    "asked", ["いや、ドルは使わないで。", "ドルは使わないでください", "ユーロにしてください", "やめて！"]
)
def test_a_japanese_request_is_still_a_correction(asked: str) -> None:
    assert correction_signal(asked)


@pytest.mark.parametrize(
    "correction",
    [
        "no, the meeting is on Tuesday, not Monday",
        "actually, the client is in Berlin, not Munich",
        "no, the invoice is for Schmidt, not Müller",
        "non, le client est à Lyon, pas à Paris",
        "no, el cliente está en Madrid, no en Sevilla",
    ],
)
def test_a_contrast_correcting_a_fact_of_the_task_is_no_rule(correction: str) -> None:
    assert not teaches_rule(correction)


@pytest.mark.parametrize(
    "correction",
    [
        "the tests go in tests/unit, not next to the code",
        "give me the totals in euros, not dollars",
        "the amounts are always in euros, not dollars",
        "no, the default should be UTC, not local time",
        "les montants toujours avec le symbole euro, pas le dollar",
    ],
)
def test_a_contrast_about_the_work_still_teaches(correction: str) -> None:
    assert teaches_rule(correction)


@pytest.mark.parametrize(
    ("correction", "confirmation"),
    [
        # a give-up or rejection word inside a directive, or a rejection that opens the correction
        ("no, leave it out, don't add the trailer", "perfect, thanks"),
        ("no, don't add the dollar sign, just leave it off", "perfect, thanks"),
        ("no, that's still wrong: use euros, not dollars", "perfect, thanks"),
        ("no, it's still too long, always keep it under 50 words", "perfect, thanks"),
        ("no, no uses dólares, tampoco libras, pon euros", "perfecto, así sí"),
        ("non, n'oublie pas les accents, écris toujours en français correct", "parfait, merci"),
    ],
)
def test_a_correction_that_still_asks_for_its_fix_gives_nothing_up(
    correction: str, confirmation: str
) -> None:
    assert not gives_up(correction)
    (b,) = extract(chain(correction, confirmation)).playbooks
    assert (b.correction_turn, b.confirmation) == (2, "explicit")


@pytest.mark.parametrize(
    "correction",
    [
        "no, don't use dollars. whatever, I'll do it myself",
        "nah don't use dollars, never mind, I'll fix it",
        "non, pas de dollars. Laisse tomber.",
        "Nein, ohne Trailer. Egal, ich mach's selbst.",
        "不对，不要用美元。算了，我自己来",
        "いや、ドルは使わないで。もういいです、自分でやります。",
    ],
)
def test_a_correction_that_ends_by_giving_up_is_no_rule(correction: str) -> None:
    assert gives_up(correction)
    assert extract(chain(correction, "thanks")).playbooks == []
