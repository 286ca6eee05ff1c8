"""Issues 11 and 16: a norm of the work stated without a correction's lead is a correction too.

"Please always put --context on kubectl commands", "Bitte Beträge immer in Euro", "请用中文回答"
right after the agent's work, the work redone, then confirmed (explicitly, or by two turns that
move on): a playbook, in plain chats as in agent sessions. The next step of a task ("use those
fallbacks"), advice hedged to a partner, a quoted sentence, a norm stated as an aside to a new
request, a turn that accepts the work, or a reply that redoes nothing teaches none. Sessions here
are written for these tests, not copied from any split.
"""

from __future__ import annotations

import pytest

from memscribe.model.embedded.detect import extract
from memscribe.schemas.transcript import SourcePos, Transcript, Turn
from memscribe.stages.gate import gate

SRC = SourcePos(file="-", line=1)

DRAFT = "Here is the draft:\n\n- 3 crates at $12.50\n- total $37.50"
REDONE = "Redone:\n\n- 3 crates at 12,50 €\n- total 37,50 €"


def conv(*pairs: tuple[str, str]) -> list[Turn]:
    return [
        Turn(index=i, role=role, kind="message", text=text, source=SRC)  # type: ignore[arg-type]
        for i, (role, text) in enumerate(pairs)
    ]


def chain(norm: str, *after: str, draft: str = DRAFT, redone: str = REDONE) -> list[Turn]:
    pairs = [("user", "Write the packing list for the Weber order"), ("assistant", draft), ("user", norm)]
    pairs.append(("assistant", redone))
    for number, text in enumerate(after):
        if number:
            pairs.append(("assistant", "Done:\n\n- ok"))
        pairs.append(("user", text))
    return conv(*pairs)


@pytest.mark.parametrize(
    ("norm", "confirmation"),
    [
        ("Please always write amounts in euros with a comma. We're in Germany.", "Perfect, that's it."),
        ("Keep it short, no 'Dear Sir' and none of that formal stuff.", "Yes that's it"),
        ("Bitte Beträge immer in Euro und mit Komma, nicht Dollar mit Punkt.", "Genau so, danke!"),
        ("Por favor, los importes siempre en euros.", "Perfecto, gracias."),
        ("Les montants toujours en euros, s'il te plaît.", "Parfait, merci."),
        ("金额以后都用欧元写。", "好的，谢谢"),
        ("金額は今後いつもユーロで書いてください。", "そうそう、それでお願い"),
    ],
)
def test_a_norm_after_the_work_redone_and_confirmed_is_a_playbook(norm: str, confirmation: str) -> None:
    (b,) = extract(chain(norm, confirmation)).playbooks
    assert (b.correction_turn, b.adjustment_turn, b.confirmation_turn, b.confirmation) == (
        2,
        3,
        4,
        "explicit",
    )


def test_a_norm_moved_on_from_twice_is_implicitly_confirmed() -> None:
    (b,) = extract(chain("请用中文回答，我英文不太好。", "有，就是这个。", "改了，好了！")).playbooks
    assert (b.correction_turn, b.confirmation) == (2, "implicit")


@pytest.mark.parametrize(
    ("norm", "confirmation"),
    [
        ("请用中文回答。", "好的"),
        ("Keep it short, no 'Dear Sir' and none of that formal stuff.", "Yes that's it"),
        ("Bitte Beträge immer in Euro, nicht Dollar.", "Genau so, danke!"),
    ],
)
def test_a_plain_chat_with_only_a_confirmed_norm_passes_the_gate(norm: str, confirmation: str) -> None:
    result = gate(Transcript(source="-", format="text", turns=chain(norm, confirmation)))
    assert result.passed and 2 in result.signal_turns


def test_a_norm_corrected_anew_does_not_open_the_gate() -> None:
    turns = chain("请用中文回答。", "不对，还是不行")
    assert not gate(Transcript(source="-", format="text", turns=turns)).passed


@pytest.mark.parametrize(
    "turn",
    [
        # the next step of the task: no norm
        "use those fallbacks",
        # an aside to a new request: a fact of the team, not a correction
        "ok create a branch and commit. fyi our branches are always named feature/<key>.",
        # a quoted sentence is mentioned, not said
        "Can you check 'no olvides encender el horno'?",
        # advice hedged to a partner
        "Maybe you can imagine you're a pilot! Just don't eat lunch right before the ride!",
        # the speaker's habit, a gerund after "never"
        "I'll tweak the offset myself, still in vim, never switching.",
        # accepts the work first: an instruction anew
        "Perfect. Also please always keep answers short.",
        # a courtesy, not a prohibition
        "Don't hesitate to tell me if the list needs anything.",
    ],
)
def test_no_norm_no_playbook(turn: str) -> None:
    assert extract(chain(turn, "great, thanks")).playbooks == []


def test_a_norm_answered_by_talk_alone_is_no_playbook() -> None:
    # a mentor's standing rule answered with a paragraph: nothing was redone
    turns = chain(
        "Always start your method names with 'x_'.",
        "Good.",
        redone="Understood, I will always start my method names with 'x_' from now on.",
    )
    assert extract(turns).playbooks == []


def test_a_norm_corrected_anew_is_not_confirmed() -> None:
    (b,) = extract(chain("Please always write amounts in euros.", "no, that's still wrong")).playbooks
    assert (b.confirmation_turn, b.confirmation) == (None, "none")


# --- a correction's lead before a rule of the work, worded without rule words -----------------------

COMMIT = "Commit message:\n\nfeat: add export\n\nAdds the CSV export and its tests."
ONE_LINE = "Commit message:\n\nfeat: add CSV export"


@pytest.mark.parametrize(
    "correction",
    [
        "No, keep commit messages to one line",
        "hmm no, keep commit messages to one line",
        "Nein, schreib die Commit-Nachrichten auf eine Zeile.",
        "No, mantén los mensajes de commit en una línea",
    ],
)
def test_a_led_rule_of_the_work_is_a_playbook_and_opens_the_gate(correction: str) -> None:
    turns = chain(correction, "Perfect", draft=COMMIT, redone=ONE_LINE)
    (b,) = extract(turns).playbooks
    assert (b.correction_turn, b.confirmation) == (2, "explicit")
    assert gate(Transcript(source="-", format="text", turns=turns)).passed


@pytest.mark.parametrize(
    "correction",
    [
        "Nope, the mixer takes 16kg max. Split it in two batches",
        "nein, der Mixer schafft nur 16 kg. Teil es auf zwei Chargen auf",
        "no, la amasadora solo admite 16 kg. Divídelo en dos tandas",
    ],
)
def test_a_fact_corrected_with_a_step_on_todays_work_is_no_playbook(correction: str) -> None:
    turns = chain(
        correction,
        "perfect",
        draft="Scaled:\n\n- flour 15 kg\n- water 11 kg",
        redone="Two batches:\n\n- flour 7.5 kg",
    )
    assert extract(turns).playbooks == []


# --- a filler-led re-correction is a correction, in every language ------------------------------------


@pytest.mark.parametrize(
    "recorrection",
    [
        "uhm no that is wrong",
        "meh, no",
        "bueno, no, otra vez mal",
        "naja, nein, das stimmt so nicht",
        "うーん、違う",
    ],
)
def test_a_filler_led_recorrection_leaves_the_rule_unconfirmed(recorrection: str) -> None:
    turns = chain(
        "no, don't use dollar signs. always write amounts in euros", recorrection, "now add the VAT line"
    )
    (b,) = extract(turns).playbooks
    assert (b.confirmation_turn, b.confirmation) == (None, "none")
