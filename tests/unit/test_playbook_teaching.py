"""Issues 11 and 16: a playbook only from a correcting turn that teaches a rule.

A correction states a directive to the agent about its work (imperative, prohibition, request
about the output, contrast), in the user's language; an answer, a hedge, a plan, a statement
about the user or the acceptance of a suggestion teaches none; the turn that confirms an earlier
correction is not a correction itself; a correction that gives up in the same turn is no rule.
Sessions here are written for these tests, not copied from any split.
"""

from __future__ import annotations

import pytest

from memscribe.lexicon.teaching import teaches_rule, unstated_why
from memscribe.model.embedded.detect import extract
from memscribe.schemas.transcript import SourcePos, Turn

SRC = SourcePos(file="-", line=1)


def conv(*pairs: tuple[str, str]) -> list[Turn]:
    return [
        Turn(index=i, role=role, kind="message", text=text, source=SRC)  # type: ignore[arg-type]
        for i, (role, text) in enumerate(pairs)
    ]


def chain(
    correction: str, confirmation: str, *, request: str = "Write the invoice for the Müller order"
) -> list[Turn]:
    return conv(
        ("user", request),
        ("assistant", "Here is a draft: 3 items at $12.00, total $36.00."),
        ("user", correction),
        ("assistant", "Redone as you asked."),
        ("user", confirmation),
    )


# --- positives that must still be written ------------------------------------------------------------


@pytest.mark.parametrize(
    ("correction", "confirmation"),
    [
        ("no, don't use dollar signs. always write amounts in euros", "perfect, thanks"),
        ("give me the totals in euros, not dollars", "great"),
        ("no, please always round to whole euros", "yes that's right"),
        ("nein, bitte keine Dollarzeichen, immer Euro mit Komma", "genau so, danke"),
        ("non, ne mets pas de dollars, utilise les euros", "parfait, merci"),
        ("no, no uses dólares, pon los importes en euros", "perfecto, así sí"),
        ("不对，不要用美元，金额都用欧元写", "对，就是这样"),
        ("いや、ドルは使わないで。ユーロで書いてください。", "そうそう、それでお願い"),
    ],
)
def test_a_confirmed_directive_is_a_playbook_in_each_language(correction: str, confirmation: str) -> None:
    (b,) = extract(chain(correction, confirmation)).playbooks
    assert (b.correction_turn, b.adjustment_turn, b.confirmation_turn, b.confirmation) == (
        2,
        3,
        4,
        "explicit",
    )


def test_an_implicitly_confirmed_directive_is_a_playbook() -> None:
    turns = chain("no, don't use dollar signs, write euros", "now add the VAT line") + conv(
        ("assistant", "Added."), ("user", "and the due date in 14 days")
    )
    turns = [t.model_copy(update={"index": i}) for i, t in enumerate(turns)]
    (b,) = extract(turns).playbooks
    assert (b.correction_turn, b.confirmation) == (2, "implicit")


# --- turns that teach no rule ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "reply",
    [
        # a hedge and a question
        "Maybe, not sure honestly. Which one would you pick for a small office?",
        # a statement about the speaker that names an alternative
        "Actually I moved to the data team last month, so it's SQL all day now instead of spreadsheets.",
        # a plan, hedged
        "Thanks. I might apply for the team lead role, not sure yet, so I want this to be tight.",
        # a bare negation continuing a statement about the speaker
        "ça me va. j'ai juste un petit frigo au bureau, pas de four",
        # an answer to the agent's guess
        "Ha, no trip planned, it's for talking to my neighbours.",
        # accepting a suggestion; a hedge that merely contains a request-like form
        "その本、読んでみます。どっちにしても必要かも。",
        # a lasting state stated, with a negated verb form inside it
        "理系志望なのは変わらないです。",
    ],
)
def test_an_answer_a_hedge_a_plan_or_a_self_description_is_no_rule(reply: str) -> None:
    assert not teaches_rule(reply)
    assert extract(chain(reply, "great, thanks")).playbooks == []


def test_the_confirmation_of_a_correction_is_not_a_second_correction() -> None:
    turns = chain(
        "Les montants en euros s'il te plaît, pas en dollars.",
        "Parfait, merci. Attention, mon client est en Suisse, donc pas de TVA française.",
    ) + conv(("assistant", "Noté, sans TVA."), ("user", "Super."))
    turns = [t.model_copy(update={"index": i}) for i, t in enumerate(turns)]
    (b,) = extract(turns).playbooks
    assert b.correction_turn == 2


@pytest.mark.parametrize(
    "correction",
    [
        "いや、それも違います。うちは Stripe じゃなくて PayPal を使ってます。もういいです、自分で調べます。",
        "no, that's still wrong, don't use dollars. whatever, I'll do it myself",
        "nein, keine Dollar. Egal, ich mach's selbst.",
    ],
)
def test_a_correction_that_gives_up_is_no_rule(correction: str) -> None:
    assert extract(chain(correction, "はい。ありがとう")).playbooks == []


# --- the Why placeholder -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("correction", "confirmation", "why"),
    [
        (
            "いや、ドルは使わないで。ユーロで書いてください。",
            "そうそう、それでお願い",
            "理由は述べられていない。",
        ),
        ("不对，不要用美元，金额都用欧元写", "对，就是这样", "未说明原因。"),
        ("no, don't use dollar signs. always write amounts in euros", "perfect", "Not stated."),
    ],
)
def test_the_unstated_why_is_in_the_sessions_language(correction: str, confirmation: str, why: str) -> None:
    (b,) = extract(chain(correction, confirmation)).playbooks
    assert b.why == why


def test_unstated_why_per_language() -> None:
    assert unstated_why("Bitte immer Euro mit Komma, nicht Dollar") == "Kein Grund genannt."
    assert unstated_why("ne mets pas de dollars, utilise les euros") == "Raison non précisée."
    assert unstated_why("no uses dólares, pon los importes en euros") == "No se indicó el motivo."


def test_a_turn_read_as_no_correction_is_not_walked_back_from() -> None:
    # issue 17: the gate's reading (no correction) answers first; the speaker before is not sought
    from unittest import mock

    from memscribe.model.embedded import playbooks

    turns = [
        Turn(index=i, role=role, kind="message", text=text, source=SourcePos(file="t", line=i + 1))
        for i, (role, text) in enumerate([("assistant", "Done."), ("user", "No, use pytest instead.")])
    ]
    read = playbooks.Reading(turns, {1: ("en", False, False)})
    with mock.patch.object(playbooks, "_previous_speaker", side_effect=AssertionError("walked back")):
        assert playbooks.correction_at(turns, 1, read) is None
