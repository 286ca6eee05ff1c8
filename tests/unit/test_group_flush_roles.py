"""The embedded group flush files a person's role under people, not project facts; a role said
with "our" ("王芳是我们的新PM") is the role alone; a decision's context is not an acknowledgement."""

from __future__ import annotations

from memscribe.model.embedded import groups as rules
from memscribe.schemas.groups import GroupRequest
from memscribe.schemas.transcript import Role, SourcePos, Turn


def _request(*lines: tuple[Role, str]) -> GroupRequest:
    turns = tuple(
        Turn(index=i, role=role, kind="message", text=text, source=SourcePos(file="g", line=i + 1))
        for i, (role, text) in enumerate(lines)
    )
    return GroupRequest(group="team", today="2026-12-06", turns=turns)


def test_a_self_stated_role_is_no_project_fact() -> None:
    request = _request(
        ("user", "[群聊 支付组] 韩梅梅：我负责数据库迁移。"),
        ("user", "[#release] Lea: I'm responsible for the database backups."),
        ("user", "[#release] Lea: We use Postgres 16 as our database."),
    )
    assert rules.project(request).facts == ["We use Postgres 16 as our database"]
    people = {(p.name, p.role) for p in rules.people(request).people}
    assert ("韩梅梅", "负责数据库迁移") in people
    assert ("Lea", "responsible for the database backups") in people


def test_a_role_said_with_our_is_the_role() -> None:
    request = _request(("user", "[群聊 支付组] 李雷：好的，王芳是我们的新PM。"))
    assert [(p.name, p.role) for p in rules.people(request).people] == [("王芳", "新PM")]


def test_a_decisions_context_is_not_an_acknowledgement() -> None:
    request = _request(
        ("user", "[#release] Lea: the PSP sandbox is down again"),
        ("assistant", "Noted."),
        ("user", "[#release] Marco: we decided to ship 4.12 on Thursday."),
    )
    (entry,) = rules.experience(request).entries
    assert entry.context == "the PSP sandbox is down again"
