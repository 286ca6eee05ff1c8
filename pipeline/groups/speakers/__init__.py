"""Who says what in a relayed group chat: ``Name: text`` and ``[room] Name: text`` bridge prefixes.

A chat bridge writes each message as one line (or several messages into one turn) prefixed with the
sender, optionally after a room tag: ``[群聊 支付组] 李雷: …``, ``[#release-train] Oksana: …``,
``Tomasz: …``. A prefix is a sender when it looks like a name (one to three capitalised words, or
two to four CJK characters, or an ``@handle``) and is not a label such as ``Note:`` or ``Step 1:``.
A lower-case handle written as one token (``hana_k:``, ``dev-bot:``, ``li.lei:``), or a name with
lower-case words inside ("Ana de Souza:"), a name of four words or more, and a name in another
shape a bridge or an export repeats on every line (``**Hana**:``, ``06/12/2026, 10:31 - Hana:``,
``<hana>``: :mod:`.lines`) is a sender only where the whole chat has that shape (:func:`handles`):
a single ``fix:`` or ``host:`` line is no sender, nor a template's ``**Problem**:``.
Leading acknowledgements ("ok", "sure", "好的，") are stripped from what a sender says.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import NamedTuple

from memscribe.schemas.transcript import Turn

from .lines import Opening, opening, openings
from .lines import is_name as _is_name

#: A sender prefix at the start of a line or after a room tag.
_PREFIX = re.compile(
    r"(?:^|(?<=\n)|(?<=\])|(?<=\s)(?=\[))[ \t]*(?:\[(?P<room>[^\]\n]{1,40})\]\s*)?"
    r"(?P<name>(?:[^\W\d_][\w'’.-]{0,24}(?:\s[^\W\d_][\w'’.-]{0,24}){0,2})|@[\w.-]{2,30})\s*[:：]\s*",
    re.UNICODE,
)
_ROOM_TAG = re.compile(r"\[[^\]\n]{1,40}\]\s*")
#: A relay header's mark of the person who configured the assistant ("(configured user: Hana)";
#: case-insensitive): the plain-text reader keeps a line holding it as a system turn.
CONFIGURED_MARK = r"\bconfigured user\s*[:：]"
#: A system turn's (a relay header's) name of the person who configured the assistant.
_CONFIGURED = re.compile(CONFIGURED_MARK + r"\s*(?P<name>[^()\n,;]{1,60}?)\s*(?:[)\n,;]|$)", re.I)
#: A capitalised name of one to three words ("Ahmed Karimi", "Marie-Claire Dubois", "O'Brien").
_WORD = r"[^\W\d_a-z\u3040-\u30ff\u4e00-\u9fff][^\W\u3040-\u30ff\u4e00-\u9fff]{0,24}"
_NAME = rf"{_WORD}(?:-{_WORD})?(?:['’]{_WORD})?(?:[ \t]+{_WORD}(?:-{_WORD})?(?:['’]{_WORD})?){{0,2}}"
#: A system turn's prose naming whose assistant this is: a person's assistant, by the possessive
#: or genitive of each language ("Ahmed Karimi's assistant", "assistant to …", "l'assistante de
#: Marie Dubois", "Assistent von …", "asistente de …", "王芳的助手", "田中さんのアシスタント").
_PRINCIPAL = re.compile(
    rf"(?<![\w'’])(?P<a>{_NAME})['’]s?[ \t]+(?:[\w-]+[ \t]+){{0,2}}?(?:assistant|agent|aide|secretary)\b"
    rf"|\b(?:assistant|aide|secretary)[ \t]+(?:to|for|of)[ \t]+(?P<b>{_NAME})"
    rf"|\b(?:assistante?|assistente|asistente)[ \t]+(?:personnel(?:le)?[ \t]+|personale?[ \t]+)?"
    rf"(?:de[ \t]+|d['’]|di[ \t]+|para[ \t]+|pour[ \t]+)(?P<c>{_NAME})"
    rf"|\bAssistent(?:in)?[ \t]+(?:von|für)[ \t]+(?P<d>{_NAME})"
    rf"|(?<=[是为當当])[ \t]*(?P<e>[\u4e00-\u9fff]{{2,4}}?|{_NAME})[ \t]*的(?:私人|个人|個人|专属|專屬)?(?:助手|助理|秘书|秘書)"
    rf"|(?<=は)[ \t]*(?P<f>[^\s、。のはが]{{1,8}}?|{_NAME})[ \t]*(?:さん|様|氏)?の(?:専属|個人)?(?:アシスタント|秘書)",
)
_HONORIFIC = re.compile(r"(?:さん|様|氏|先生|女士)$")
#: An acknowledgement that opens a message before its content: a word of its own, which a space,
#: a punctuation mark, the end or (in Chinese) another acknowledgement follows ("嗯嗯，", "好的好的";
#: "Oksana", "Yesterday", "Kate", "好像" open with none).
_ACK_ZH = r"好的|好|收到|嗯|行|可以|了解|明白"
ACK_LEAD = re.compile(
    r"^(?:(?:ok(?:ay)?|sure|yes|yep|yeah|got\s+it|thanks|thank\s+you|cool|great|noted|roger|k|alright"
    rf"|{_ACK_ZH}|ok的)(?=[\s,，.。!！~、]|$|{_ACK_ZH})\s*[,，.。!！~]*\s*)+",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Said:
    speaker: str | None
    text: str


class _Message(NamedTuple):
    """A user message's line openings, as :func:`handles` reads them."""

    turn: int  # the turn's index
    names: tuple[str, ...]  # the senders opening its lines, in order
    needs: frozenset[str]  # those read only in a chat's shape
    sure: bool  # one of them no label looks like
    whole: bool  # every line opens with a sender
    tail: bool  # lines no sender opens after the last one a sender opens
    room: bool  # one of its senders is after a room tag (a bridge's)


def _hosted(o: Opening, t: Turn) -> bool:
    """``o`` names a sender of ``t``: a name, in a turn no host names, after a room tag (a bridge
    relaying others) or the host's own name."""
    return o.judged()[0] and (t.speaker is None or o.room or o.name == t.speaker)


def _opener_shape(t: Turn) -> str | None:
    """The shape of the sender's prefix ``t``'s first line opens with, if any."""
    o = opening(t.text.lstrip())
    return o.shape if o is not None and _hosted(o, t) else None


def _message(t: Turn, shapes: frozenset[str]) -> _Message | None:
    """``t``'s openings in the chat's ``shapes``; None when its first line opens with none."""
    text = t.text.strip()
    names: list[str] = []
    needs: set[str] = set()
    sure = room = False
    end = 0  # where the last sender's prefix ends
    for o in openings(text):
        if o.shape in shapes and _hosted(o, t):
            if not names and o.start != 0:
                return None
            _, alone, sure_one = o.judged()
            names.append(o.name)
            if not alone:
                needs.add(o.name)
            sure = sure or sure_one
            room = room or o.room
            end = o.end
        elif o.start == 0:
            return None
    if not names:
        return None
    if "\n" not in text:
        return _Message(t.index, tuple(names), frozenset(needs), sure, True, False, room)
    lines = sum(1 for line in text.split("\n") if line.strip())
    after = text.find("\n", end)
    tail = after >= 0 and not text[after:].isspace()
    return _Message(t.index, tuple(names), frozenset(needs), sure, len(names) == lines, tail, room)


def _chat_shape(messages: Sequence[_Message]) -> bool:
    """The openings of ``messages`` have a chat's shape: two or more senders, one in two messages
    or more, two or more opening messages, one speaking alone, one no label looks like."""
    seen: dict[str, set[int]] = {}
    for m in messages:
        for name in m.names:
            seen.setdefault(name, set()).add(m.turn)
    return (
        any(m.sure for m in messages)
        and any(len(set(m.names)) == 1 or any(a == b for a, b in pairwise(m.names)) for m in messages)
        and len(seen) >= 2
        and len({m.names[0] for m in messages}) >= 2
        and any(len(at) >= 2 for at in seen.values())
    )


def handles(turns: Sequence[Turn], *, group: bool = False) -> frozenset[str]:
    """The senders whose prefixes no text's line is read by alone, found by the shape of the whole
    chat (none where it is not a chat's): one-token handles (``hana_k:``), names of four words or
    more or with lower-case words inside ("Ana de Souza:"), and every name in a shape a bridge or
    an export repeats (``**Hana**:``, ``06/12/2026, 10:31 - Hana:``, ``<hana>``:
    :mod:`~memscribe.groups.speakers.lines`).

    A bridge writes every message with its sender, in its shape, and its senders speak again:
    they count where every user message opens with a sender's prefix (a name or a handle) in a
    shape two messages or more open with (a prefix in another shape, "**Backend**: Mo" inside a
    message, is part of the message: lines.Opening.shape), two or more prefixes
    open its lines, one of them opens lines of two messages or more, two or more open messages,
    and one speaks alone (a message of one sender's lines, or one sender's lines in a row: the
    labels of a template, "**Problem**: …" / "**Setup**: …" in every message, each once, do not),
    and no capitalised name among them is written in lower case elsewhere (a template's
    "**Task**: …" beside "the task": :func:`_common_words`), and the chat shows several people
    (:func:`_several_people`; ``group``: the caller knows it is a group chat): one person's
    labels, each message answered ("**Goal**: …" / "**Details**: …"), are no senders.
    A line no sender opens continues the message of the sender above it (a message of several
    lines) where a sender's line follows it in its message; lines after a message's last sender
    line continue it only where the chat's shape holds in its messages every line of which a
    sender opens: the user's own words under pasted log lines ("web-1: 502" / "worker-2:
    stalled" / "I prefer Postgres", message after message) stay the user's. A pasted config
    (``host: …`` / ``port: …`` in one message) or a lone ``fix: …`` has not that shape;
    ``Note:``, log levels, URLs and times are no prefix at all. A plain lower-case word (``fix``,
    ``feat``, ``bob``) may be a label as well as a name: it counts only beside a sender no label
    looks like (a name, a handle with a separator or a digit, one in a script without case, one
    in a room, after a stamp or in a frame), so requests written as ``fix: …`` / ``feat: …`` make
    no chat.
    """
    users = [t for t in turns if t.role == "user" and t.kind == "message" and t.text.strip()]
    firsts = Counter(_opener_shape(t) for t in users)
    if None in firsts:
        return frozenset()  # a message that opens with no sender
    shapes = frozenset(shape for shape, n in firsts.items() if shape is not None and n >= 2)
    messages: list[_Message] = []
    for t in users:
        m = _message(t, shapes)
        if m is None:
            return frozenset()  # a message that opens with a shape no other message opens with
        messages.append(m)
    if not _chat_shape(messages):
        return frozenset()
    if not group and not _several_people(
        turns, {m.turn: m.names for m in messages}, any(m.room for m in messages)
    ):
        return frozenset()  # one person's labelled messages, each answered: a template, a diary
    if any(m.tail for m in messages) and len({m.names[0] for m in messages if m.whole}) < 2:
        return frozenset()  # lines no sender opens after the senders': pasted above the user's words
    needs = set().union(*(m.needs for m in messages))
    if _common_words(turns, needs):
        return frozenset()  # a template's labels ("**Task**: …" / "**Goal**: …"), not names
    return frozenset(needs)


def _several_people(turns: Sequence[Turn], names: Mapping[int, Sequence[str]], room: bool) -> bool:
    """The chat shows several people, not one person's labelled messages (``names``: the senders
    read in each user turn, by its index): two or more senders speak between two of the
    assistant's replies (in one turn, or in user turns in a row), a bridge's room tag (``room``),
    a relay's header (:func:`configured_user`), a system turn's principal (:func:`principal`) who
    is one of the senders, or a sender named elsewhere than in a prefix ("thanks Hana", "@hana_k").
    Where each user message is one sender's, the assistant answers every one and no one names
    them, the "senders" are one person's labels ("**Goal**: …" / "**Details**: I live in Madrid"
    / "**Goal**: …", a diary's "08:30 Standup: …", "Goal: …" / "Details: …")."""
    run: set[str] = set()  # the senders since the assistant's last reply
    for t in turns:
        if t.role in ("assistant", "tool"):
            run = set()
        elif t.index in names:
            run.update(names[t.index])
            if len(run) >= 2:
                return True
    if room or configured_user(turns) is not None:
        return True
    everyone = {n for ns in names.values() for n in ns}
    named = principal(turns)
    if named is not None and any(_same_person(n, named) for n in everyone):
        return True
    words = "|".join(map(re.escape, sorted({n.lstrip("@") for n in everyone}, key=len, reverse=True)))
    # a name not in a sender's frame ("Hana:", "**Hana**:", "<hana>"), as written
    mention = re.compile(rf"(?<![\w@])@?(?:{words})(?![\w-])(?!(?:\*\*|__)?[ \t]*[:：])(?!>)")
    return any(mention.search(t.text) for t in turns if t.kind in ("message", "system"))


def _common_words(turns: Sequence[Turn], names: set[str]) -> bool:
    """One of ``names``, a capitalised word, is written in lower case elsewhere in the chat
    ("**Task**: …" and "the task"): a common word, as a proper name is not ("Hana" stays
    "Hana"; "hana" in "hana@x.io", "hana_k" or a path is no word)."""
    words = sorted(n.casefold() for n in names if n[:1].isupper() and n.isalpha())
    if not words:
        return False
    lower = re.compile(rf"(?<![\w@./-])(?:{'|'.join(map(re.escape, words))})(?![\w@/-])")
    return any(lower.search(t.text) for t in turns)


def _marks(text: str, host: str | None, known: frozenset[str]) -> list[tuple[int, int, str]]:
    """(start, end, name) of each sender prefix in ``text``: the prefixes any text is read by
    (:data:`_PREFIX`), and the line openings of ``known`` senders in other shapes."""
    marks = [
        (m.start(), m.end(), m.group("name").strip())
        for m in _PREFIX.finditer(text)
        if (_is_name(m.group("name")) or m.group("name").strip() in known)
        and (host is None or m.group("room") or m.group("name").strip() == host)
    ]
    if not known:
        return marks
    taken = {start for start, _, _ in marks}
    more = [
        (o.start, o.end, o.name)
        for o in openings(text)
        if o.name in known and o.start not in taken and (host is None or o.room or o.name == host)
    ]
    return sorted(marks + more) if more else marks


def segments(text: str, host: str | None = None, known: frozenset[str] = frozenset()) -> list[Said]:
    """The messages in ``text`` with their senders (one unnamed segment when there is no prefix).

    When the host names the sender (``host``, an envelope's sender), only a prefix after a room tag
    (a bridge relaying others) or the host's own name counts: "Decided: …" is then the message.
    ``known``: the chat's senders read only by its shape (:func:`handles`).
    """
    if not known and ":" not in text and "：" not in text:
        return [Said(None, text)]  # every prefix read alone ends with one (the scan is slow)
    marks = _marks(text, host, known)
    if not marks:
        return [Said(None, text)]
    out: list[Said] = []
    head = _ROOM_TAG.sub("", text[: marks[0][0]]).strip()
    if head:
        out.append(Said(None, head))
    for (_, end, name), nxt in zip(marks, [*marks[1:], None], strict=True):
        stop = nxt[0] if nxt is not None else len(text)
        said = _ROOM_TAG.sub(" ", text[end:stop]).strip()
        out.append(Said(name, said))
    return out


def speaker_of(turn: Turn, known: frozenset[str] = frozenset()) -> str | None:
    """The sender of a turn: its first named segment, else the host's ``speaker``."""
    for said in segments(turn.text, turn.speaker, known):
        if said.speaker is not None:
            return said.speaker
    return turn.speaker


def without_ack(text: str) -> str:
    """``text`` without the acknowledgement it opens with ("好的，明天上线" → "明天上线")."""
    rest = ACK_LEAD.sub("", text.strip(), count=1).strip()
    return rest or text.strip()


def _user_messages(turns: Sequence[Turn]) -> list[Turn]:
    return [t for t in turns if t.role == "user" and t.kind == "message"]


def _senders(users: Sequence[Turn], said: dict[int, list[Said]]) -> tuple[list[str], bool]:
    """The senders of ``users`` in order of first message, and whether they came from message
    prefixes (``True``) rather than the host's sender names."""
    named = [s.speaker for t in users for s in said[t.index] if s.speaker]
    hosts = [t.speaker for t in users if t.speaker]
    return list(dict.fromkeys(named or hosts)), bool(named)


def configured_user(turns: Sequence[Turn]) -> str | None:
    """The person a system turn names as the one who configured the assistant ("configured user:
    Hana Kowalczyk" in a relay's header), if any."""
    for t in turns:
        if t.role == "system" and (m := _CONFIGURED.search(t.text)):
            return m.group("name").strip()
    return None


def principal(turns: Sequence[Turn]) -> str | None:
    """The person a system turn's prose names as the one the assistant works for ("You are Ahmed
    Karimi's assistant", "Tu es l'assistante de Marie Dubois"), if any (the first such name)."""
    for t in turns:
        if t.role != "system":
            continue
        for m in _PRINCIPAL.finditer(t.text):
            latin = m.group("a") or m.group("b") or m.group("c") or m.group("d")
            if latin is None or _is_name(latin):  # "User's assistant" names nobody
                name = next(name for name in m.groups() if name)
                return _HONORIFIC.sub("", name).strip()
    return None


def _same_person(sender: str, named: str) -> bool:
    """A sender prefix is the named person when it is the name or one of its words ("Hana" for
    "Hana Kowalczyk"), or the name is one of the prefix's ("@hana" aside); an initial stands for
    the word it begins ("Hana K.", "H. Kowalczyk"), but one full word must be the name's."""
    sender = re.sub(r"(?<=\w)[_.](?=\w)", " ", sender)  # a handle's words: "hana_k", "li.lei"
    a, b = sender.casefold().lstrip("@").split(), named.casefold().split()
    if a == b or (len(a) == 1 and a[0] in b) or (len(b) == 1 and b[0] in a):
        return True
    full = [w for w in a if len(w.rstrip(".")) > 1]
    initials = [w.rstrip(".") for w in a if len(w.rstrip(".")) == 1]
    return (
        len(full) >= 1
        and all(w in b for w in full)
        and all(any(x.startswith(i) and x not in full for x in b) for i in initials)
    )


def _owner_first(names: list[str], turns: Sequence[Turn]) -> list[str]:
    """``names`` with the configured user (:func:`configured_user`) first where one of them is
    that person; the configured user's name before them all where none is (the owner said
    nothing, so no sender's words are the owner's). Without a header, the one sender whom a
    system turn's prose names as the assistant's principal (:func:`principal`) comes first; else
    (or two senders who could be that person) as they are: the first sender, who brought the
    assistant in, is the owner."""
    named = configured_user(turns) if len(names) >= 2 else None
    if named is None:
        # a principal named in prose counts only where exactly one sender is that person
        prose = principal(turns) if len(names) >= 2 else None
        mine = [n for n in names if _same_person(n, prose)] if prose else []
        return [mine[0], *(n for n in names if n != mine[0])] if len(mine) == 1 else names
    mine = [n for n in names if _same_person(n, named)]
    if not mine:
        return [named, *names]
    return [mine[0], *(n for n in names if n != mine[0])] if len(mine) == 1 else names


def senders(turns: Sequence[Turn]) -> list[str]:
    """The senders of the user turns, in order of first message (bridge prefixes, else the host's
    sender names); two or more make a group chat, whose owner is the first: the configured user a
    relay's header names (:func:`configured_user`), else the first to speak.

    One pass that keeps only the distinct names (:func:`_senders` over every user turn's segments,
    without holding those segments: a large transcript's were tens of MB at once); a text without
    a colon names no sender (:func:`segments` returns it unnamed), so it is not split."""
    named: dict[str, None] = {}
    hosts: dict[str, None] = {}
    known = handles(turns)
    for t in turns:
        if t.role != "user" or t.kind != "message":
            continue
        if t.speaker:
            hosts[t.speaker] = None
        if known or ":" in t.text or "：" in t.text:
            for said in segments(t.text, t.speaker, known):
                if said.speaker:
                    named[said.speaker] = None
    return _owner_first(list(named or hosts), turns)


def owner_turns(turns: Sequence[Turn]) -> list[Turn]:
    """The user turns the session's owner wrote, each reduced to the owner's own messages.

    In a group chat (two or more senders among the user turns) the owner is the configured user
    a relay's header names, else the first sender, the one who brought the assistant in; everybody
    else is a third party. Outside a group chat the user turns are returned as they are.
    """
    users = _user_messages(turns)
    known = handles(turns)
    said = {t.index: segments(t.text, t.speaker, known) for t in users}
    names, named = _senders(users, said)
    names = _owner_first(names, turns)
    if len(names) < 2:
        return users
    owner = names[0]
    out: list[Turn] = []
    for t in users:
        mine = [s.text for s in said[t.index] if (s.speaker if named else t.speaker) == owner]
        if mine:
            out.append(t.model_copy(update={"text": "\n".join(mine)}))
    return out
