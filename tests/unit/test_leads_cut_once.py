"""A lead anchored at the start of a text is matched once and cut off (issue 17): the gate's
filler and acknowledgement leads of a turn, and a clause's plain-statement lead, which each rule
the clause goes through asked again with ``sub``."""

from __future__ import annotations

import random
import re

import pytest

from memscribe.lexicon import dialogue, langs
from memscribe.lexicon.caseless import without_lead
from memscribe.model.embedded import chat, profiles, text
from memscribe.stages.gate import gate
from memscribe.transcript import parse_transcript
from tests.support.counting import counting

_LEADS = (dialogue._SHORT_ACK, langs.FILLER_LEAD, dialogue._ANY_FILLER, chat.PLAIN_LEAD, text.INTERJECTION)
_PIECES = (
    *("hmm", "uh", "no", "so", "well", "ok", "okay", "naja", "bueno", "うーん", "嗯", "and", "but"),
    *("really", "lol", "oh", "these days", "I", "prefer", "tabs", "don't", "use", "it", "that's"),
    *(",", ".", "!", " ", "  ", "…", "-", "\n", "，", "、", "ſo", "K"),
)


def _texts(n: int, seed: int = 17) -> list[str]:
    rng = random.Random(seed)
    out = ["", " ", "no", "ok. no, use pytest", "hmm no, not like that", "so I live in Lisbon"]
    for _ in range(n):
        words = [rng.choice(_PIECES) for _ in range(rng.randint(1, 9))]
        out.append("".join(w + rng.choice(("", " ", ", ")) for w in words))
    return out


@pytest.mark.parametrize("lead", _LEADS, ids=lambda p: p.pattern[:24])
def test_a_lead_cut_off_is_the_pattern_s_sub(lead: re.Pattern[str]) -> None:
    texts = _texts(600)
    assert sum(lead.match(t) is not None for t in texts) > 50  # the texts hold leads
    for t in texts:
        assert without_lead(lead, t) == lead.sub("", t)
        assert chat.lead_dropped(t) == chat.PLAIN_LEAD.sub("", t)


def test_the_gate_cuts_a_turn_s_leads_without_sub(monkeypatch: pytest.MonkeyPatch) -> None:
    transcript = parse_transcript(
        "User: the build failed again so I reran it with verbose logging and it passed fine\n"
        "Assistant: Good.\nUser: hmm well, the config file for the port was wrong there\n",
        source="t.txt",
        fmt="text",
    )
    before = gate(transcript)
    subs = [counting(monkeypatch, p, "sub") for p in _LEADS[:3]]
    matches = [counting(monkeypatch, p, "match") for p in _LEADS[:3]]
    assert gate(transcript) == before
    assert [c.n for c in subs] == [0, 0, 0]  # before: each turn's leads asked with sub
    short_ack, english_filler, any_filler = matches
    assert short_ack.n >= 2 and any_filler.n >= 2
    # the English filler lead only of the turn the any-language one cuts a filler from
    assert english_filler.firsts == ["hmm well, the config file for the port was wrong there"]


def test_a_clause_s_lead_is_matched_once_for_all_its_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    chat.lead_dropped.cache_clear()
    clause = "so I live in Lisbon with my two cats"
    facts_before = profiles._clause_facts(clause, [clause], correction_turn=False, plain=True, working=False)
    chat.lead_dropped.cache_clear()
    sub = counting(monkeypatch, chat.PLAIN_LEAD, "sub")
    match = counting(monkeypatch, chat.PLAIN_LEAD, "match")
    facts = profiles._clause_facts(clause, [clause], correction_turn=False, plain=True, working=False)
    assert facts == facts_before and facts  # a fact, as before
    assert sub.n == 0  # before: one sub per rule that read the clause (wish, third party, plain, …)
    assert match.firsts.count(clause) == 1
