"""A generated key of letters alone (scrambled case, 16+ letters after a prefix: RevenueCat's
``appl_…``) looks random under a key's name (redaction.values ``_scrambled_letters``); CamelCase
names and words stay."""

from __future__ import annotations

import pytest

from memscribe.redaction import redact_text


def test_letters_only_key_masked() -> None:
    text = 'static let revenueCatKey = "appl_vKdPqWnRtYxZbMcLfGhJsAeUiO"'
    assert "vKdPqWnRtYxZbMcLfGhJsAeUiO" not in redact_text(text)[0]


@pytest.mark.parametrize(
    "text",
    [
        'static let storeKitKey = "PasswordResetControllerTests"',
        'let revenueCatKey = "XMLHttpRequestHandlerFactory"',
        'cache_key = "user_profile_settings_page"',
        'let analyticsKey = "YouTubeTVSubscriptionManager"',
        'let eventKey = "evt_checkoutSessionCompleted"',
        "commit 3f9a7c1e5b2d8f4a6c0e9b7d5f3a1c8e2b4d6f80",
        "request id 550e8400-e29b-41d4-a716-446655440000",
        "upgraded to version 4.12.3-rc1",
        "your order number is 1002-4471-2290",
        "I have 3 kids aged 7, 9 and 12",
    ],
)
def test_names_stay(text: str) -> None:
    assert redact_text(text)[0] == text
