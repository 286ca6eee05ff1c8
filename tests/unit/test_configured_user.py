"""A relayed group chat's header names whose assistant it is: "(configured user: X)".

The plain-text reader keeps that header as a system turn (it was a bad line, and the first sender
was taken as the owner); the group's owner is then the configured user, not who spoke first.
"""

from __future__ import annotations

from memscribe.groups.speakers import configured_user, owner_turns, senders
from memscribe.model.embedded.detect import extract
from memscribe.transcript import detect_format, parse_transcript

_RELAY = (
    "# relay: matrix #allotment -> assistant (configured user: Hana Kowalczyk)\n"
    "\n"
    "User: [#allotment] Derek: can we sort the rota? I'm retired so any weekday works\n"
    "[#allotment] Hana: I live in Leeds and I'm allergic to wasp stings\n"
    "\n"
    "Assistant: Sure.\n"
    "\n"
    "User: [#allotment] Derek: I live in York\n"
)


def test_the_header_is_a_system_turn_not_a_bad_line() -> None:
    assert detect_format(_RELAY) == "text"
    transcript = parse_transcript(_RELAY, source="relay.txt")
    assert transcript.bad_lines == ()
    assert [t.role for t in transcript.turns] == ["system", "user", "assistant", "user"]
    assert configured_user(transcript.turns) == "Hana Kowalczyk"


def test_the_configured_user_owns_the_group_not_the_first_sender() -> None:
    turns = parse_transcript(_RELAY, source="relay.txt").turns
    assert senders(turns) == ["Hana", "Derek"]
    own = owner_turns(turns)
    assert [t.text for t in own] == ["I live in Leeds and I'm allergic to wasp stings"]
    bodies = [p.body for p in extract(turns).profiles]
    assert any("Leeds" in b for b in bodies), bodies
    assert any("wasp" in b for b in bodies), bodies
    assert not any("retired" in b or "York" in b for b in bodies), bodies


def test_without_a_header_the_first_sender_owns_the_group() -> None:
    turns = parse_transcript(_RELAY.split("\n", 1)[1].lstrip(), source="relay.txt").turns
    assert senders(turns) == ["Derek", "Hana"]


def test_a_configured_user_who_never_speaks_owns_no_senders_words() -> None:
    """The header names someone who said nothing: every sender is a third party, so nothing they
    said about themselves is written as the user's (the first sender was taken as the owner)."""
    text = _RELAY.replace("Hana Kowalczyk", "Zoe Park")
    turns = parse_transcript(text, source="relay.txt").turns
    assert senders(turns) == ["Zoe Park", "Derek", "Hana"]
    assert owner_turns(turns) == []
    bodies = [c.body for c in extract(turns).profiles]
    assert not any(w in b for b in bodies for w in ("retired", "York", "Leeds", "wasp")), bodies


def test_the_configured_user_under_an_initial_is_the_owner() -> None:
    """A sender who writes as "Hana K." is the configured "Hana Kowalczyk": her facts are the
    user's (the configured name before the senders made no sender the owner, and all were lost)."""
    text = _RELAY.replace("Hana:", "Hana K.:")
    turns = parse_transcript(text, source="relay.txt").turns
    assert senders(turns) == ["Hana K.", "Derek"]
    bodies = [p.body for p in extract(turns).profiles]
    assert any("Leeds" in b for b in bodies), bodies
    assert not any("retired" in b or "York" in b for b in bodies), bodies


def test_an_initial_alone_or_another_name_is_not_the_configured_user() -> None:
    from memscribe.groups.speakers import _same_person

    assert _same_person("Hana K.", "Hana Kowalczyk")
    assert _same_person("H. Kowalczyk", "Hana Kowalczyk")
    assert not _same_person("H.", "Hana Kowalczyk")
    assert not _same_person("Hana M.", "Hana Kowalczyk")
    assert not _same_person("Derek K.", "Hana Kowalczyk")
