"""Secrets said in a clause (issue 12): a password, PIN or code named some words before its value,
in the languages of the independent corpus; each masked shape beside a look-alike of the same
shape that is kept. The values are made up for these tests."""

from __future__ import annotations

import pytest

from memscribe.redaction.clauses import clause_secrets
from tests.support.secret_shapes import found as _found


def _clause(text: str) -> list[str]:
    return [text[s:e] for s, e, _ in clause_secrets(text)]


#: (sentence, the value it names): each value was readable at 67d2e21.
_MASKED = [
    ("Et le nouveau mot de passe de la base c'est Qv71mLp~Zx3rT. Tu peux le noter ?", "Qv71mLp~Zx3rT."),
    ("j'ai changé le mot de passe postgres en Brioche&Tarte!4. Tu peux regarder ?", "Brioche&Tarte!4."),
    ("Das neue SQL-Passwort ist übrigens Amsel-Kiefer-Moor-17, bitte ablegen.", "Amsel-Kiefer-Moor-17"),
    ("la contraseña de la clave la cambió Ana, me dijo que era Tortilla!Norte!2031", "Tortilla!Norte!2031"),
    ("数据库新密码：Wq8xLk2Pz*hN41B", "Wq8xLk2Pz*hN41B"),
    ("控制台的登录密码我也顺手改了，新的是 Suzhou_Pingjiang_2031!，帮我记一下。", "Suzhou_Pingjiang_2031!"),
    ("And the SMB share password on the NAS for my laptop is Prism-k2.8-Omar, keep it?", "Prism-k2.8-Omar"),
    ("His iPhone passcode is 804172 (a date backwards).", "804172"),
    ("Die SMS-TAN von vorhin war übrigens 551930, die ist abgelaufen.", "551930"),
    ("PIN for phone banking: 6690", "6690"),
    ('BLZ = "10020030"\nPIN = "47105"', "47105"),
    ('Chase texted "Your one-time code is 318842. Don\'t share it" while I was logging in.', "318842"),
    # the sentence's full stop is masked with the value (it may be the password's last character)
    ("für die Mail nehme ich mein GMX-Konto, Passwort Herbst.Nebel#2031.", "Herbst.Nebel#2031."),
    ("The codecov token is 0b6e2f4a-91c3-4d7e-8a25-3f6c1d9e7b40", "0b6e2f4a-91c3-4d7e-8a25-3f6c1d9e7b40"),
    ("谷歌验证器的密钥我以前截图存在相册里，是 QM7T4KZP2XWRB6LD，这样安全吗？", "QM7T4KZP2XWRB6LD"),
    (
        "I changed the router password yesterday because a guest had it. the new one is Maple$Creek$2031 I think.",
        "Maple$Creek$2031",
    ),
    (
        "we rotated the JWT secret at 10:15. the old one was Yq8Lm2ZxT4kVb9Wc1Nh6Pd3Jf0Gs5Ra7",
        "Yq8Lm2ZxT4kVb9Wc1Nh6Pd3Jf0Gs5Ra7",
    ),
    (
        "Il faut en créer un nouveau token.\nUser: c'est fait. Le nouveau : Zr4Kq9Lm2XvT7Wb1Nc8Yh3Pd6Jf0Gs5",
        "Zr4Kq9Lm2XvT7Wb1Nc8Yh3Pd6Jf0Gs5",
    ),
    (
        "and my application key if you need to query things: 3c9e1f7a2b8d4e6f0a5c3b9d7e1f2a4c6b8d0e2f",
        "3c9e1f7a2b8d4e6f0a5c3b9d7e1f2a4c6b8d0e2f",
    ),
    ("la clé du service, c'est Vq8Lm2ZxT4kWb9Rc1Nh6Pd3J", "Vq8Lm2ZxT4kWb9Rc1Nh6Pd3J"),
    (
        "we have doppler. the service token for the nightly config is dp.st.prd.Vq3LbX9rTzK2mWc8NpY4hJ7sD1fG",
        "dp.st.prd.Vq3LbX9rTzK2mWc8NpY4hJ7sD1fG",
    ),
    # more languages of a password's name (and Korean's topic/object particles as a link)
    ("게스트 비번은 kqtrz7731guest 로 했어요", "kqtrz7731guest"),
    ("관리자 비밀번호를 Busan7731!gate 로 바꿨어요", "Busan7731!gate"),
    ("hasło do panelu to Wrzos7731!pole, zmień je potem", "Wrzos7731!pole"),
    ("het wachtwoord van de NAS is Tulp7731!gracht", "Tulp7731!gracht"),
    ("пароль от роутера: Berezka7731!", "Berezka7731!"),
    # a clause that introduces its value on the next line
    (
        "チャネルアクセストークンを再発行しました。新しいのはこれです：\nq8Lm2ZxT4kVb9Wc1Nh6Pd3Jf0Gs5Ra7+Yz/Kx4=",
        "q8Lm2ZxT4kVb9Wc1Nh6Pd3Jf0Gs5Ra7+Yz/Kx4=",
    ),
    # a ``login / password`` pair after the link
    ("the password for the replica was in my notes: pk_readonly / z2.-Ds1le~UwrF . ok?", "z2.-Ds1le~UwrF"),
]

#: Sentences of the same shapes whose value is not a secret.
_KEPT = [
    "Le mot de passe de la base c'est celui du coffre, je te l'envoie.",  # a word, no value
    "Das Passwort ist mindestens 12 Zeichen lang.",  # a length
    "The password policy version is 2.4.1 since March.",  # a version
    "The token request failed, request id is 9f3c2a7b1e0d4c6f8a5b3e2d1c0f9a8b.",  # an id's value
    "the password for the user is stored in vault, and the port is 5432",  # another subject
    "The PIN for the board is on pin 13; the voltage is 3300 mV.",  # not right after PIN
    "No es tan difícil, el puerto es 5432.",  # Spanish 'tan' is not a TAN
    "password: !secret wifi_password",  # a YAML reference
    "비밀번호는 최소 12자 이상이어야 해요",  # a rule, no value
    "The new password rules are:\nat least 12 characters, one digit",  # a rule on the next line
    "hasło do drukarki w sali B? panel admina nie chce mnie wpuścić",  # a question, no value
    "The PIN is 1234 in the docs, use your own.",  # a counting placeholder
    "the password reset page is at /account/reset, see there.",  # no value after the keyword
    "Password123 is a bad example; the password policy forbids it.",  # before the keyword: not read here
    "the token id is 0b6e2f4a-91c3-4d7e-8a25-3f6c1d9e7b40",  # an id, UUID-shaped
    "the wifi password changed. the new one is 2.4.1 on the router firmware.",  # a version
    "we rotated the secret. The new one is stored in vault under prod/api.",  # no value
    "the cache key for that request is 3c9e1f7a2b8d4e6f0a5c3b9d7e1f2a4c",  # a record's key
    "the host key of the server is 3c9e1f7a2b8d4e6f0a5c3b9d7e1f2a4c",  # public by design
    "            fn::secret: ops_eyJzaWduSW5B..[Redacted]",  # cut short by filler: a template
    '{"msg":"password authentication failed for user \\"app\\"","trace_id":"44d8700e3517ac5ea01551cfb620cdf9"}',
]


@pytest.mark.parametrize(("sentence", "value"), _MASKED)
def test_a_value_named_in_its_clause_is_masked(sentence: str, value: str) -> None:
    assert value in _clause(sentence)
    assert value in "".join(_found(sentence))


@pytest.mark.parametrize("sentence", _KEPT)
def test_a_look_alike_in_the_same_shape_is_kept(sentence: str) -> None:
    assert _clause(sentence) == []


def test_the_clause_ends_with_its_sentence() -> None:
    # the value of the next sentence is not the password's (three classes would be needed far away)
    text = "The wifi password changed last week. The build is abc-123 now."
    assert _clause(text) == []
    assert _clause("The wifi password changed last week and the new one is Tulip7Garden$24.") == [
        "Tulip7Garden$24."  # with the full stop, which may be the password's
    ]


def test_far_from_its_keyword_a_value_must_look_strong() -> None:
    # more than a few words between the keyword and the link: a weak value is not enough
    assert _clause("the password of the staging admin on the old box is xk29vd") == []
    assert _clause("the password of the admin is xk29vd") == ["xk29vd"]
