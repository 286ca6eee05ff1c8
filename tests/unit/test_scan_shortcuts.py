"""Texts that cannot match are not scanned: the snapshot ask and the group-chat sender prefixes
answer as the full regex searches do (issue 17)."""

from __future__ import annotations

import random
import re
import unicodedata

from memscribe.groups.speakers import _PREFIX, Said, segments
from memscribe.redaction import secret_only
from memscribe.schemas.transcript import SourcePos, Turn
from memscribe.snapshot.trigger import _USER_ASK, _user_asks
from memscribe.stages.detect import _language_hint

_PIECES = (
    "please", "save", "the", "a", "snapshot", "SNAPSHOT", "checkpoint", "CheckPoint", "checkpoints",
    "/big-memory", "big-memory", "BIG-MEMORY", "save", "\n", "  ", "snapſhot", "checKpoint",
    "checkpoınt", "checkpoİnt", "保存快照", "存档一下", "Oksana:", "[#room]", "李雷：", "Note:", "x",
)  # fmt: skip


def _texts() -> list[str]:
    rng = random.Random(3)
    texts = [" ".join(rng.choices(_PIECES, k=rng.randint(1, 8))) for _ in range(3000)]
    return texts + ["", "save snapshot", "/big-memory save", "Tomasz: ship it", "no prefix here"]


def test_user_ask_shortcut_answers_as_the_search() -> None:
    texts = _texts()
    assert any(_user_asks(t) for t in texts) and not all(_user_asks(t) for t in texts)
    for text in texts:
        assert _user_asks(text) == (_USER_ASK.search(text) is not None), text


def test_sender_prefixes_need_a_colon() -> None:
    texts = _texts()
    assert any(len(segments(t)) > 1 or segments(t)[0].speaker for t in texts)
    for text in texts:
        if ":" not in text and "：" not in text:
            assert _PREFIX.search(text) is None
            assert segments(text) == [Said(None, text)]


def test_language_hint_skips_only_what_cannot_be_wide() -> None:
    assert not any(unicodedata.east_asian_width(chr(i)) in ("W", "F") for i in range(128))
    user = Turn(index=0, role="user", kind="message", text="", source=SourcePos(file="t", line=1))
    assert _language_hint((user.model_copy(update={"text": "I prefer tabs over spaces."}),)) == ""
    assert "Chinese" in _language_hint((user.model_copy(update={"text": "我喜欢用制表符缩进代码"}),))


def test_secret_talk_word_pattern_is_the_plain_classes() -> None:
    every = "".join(map(chr, range(0x110000))) + "a'’-b ab- 'x"
    plain = re.compile(r"[A-Za-z\u00c0-\uffff][A-Za-z\u00c0-\uffff'’-]+")
    assert [m.span() for m in secret_only._WORD.finditer(every)] == [m.span() for m in plain.finditer(every)]
    sample = "Ünïcode wörds, it's ok-ish; 𝔘𝔫𝔦 x1y ’quoted’"
    assert secret_only._WORD.findall(sample) == plain.findall(sample)
