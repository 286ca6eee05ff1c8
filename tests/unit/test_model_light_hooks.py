"""The hooks of ``model/light_hooks``: skipped or kept work only for memscribe's calls, and only
while the conditions their docstrings name hold (the request bytes and answers with and without
them: ``test_model_call_identity``)."""

from __future__ import annotations

import datetime
import logging
from typing import Any

import pytest

from memscribe.model import light_calls


def _logging_object(**per_call: Any) -> Any:
    from litellm.litellm_core_utils.litellm_logging import Logging

    return Logging(
        model="openai/m",
        messages=[{"role": "user", "content": "hi"}],
        stream=False,
        call_type="completion",
        start_time=datetime.datetime.now(),
        litellm_call_id="call-1",
        function_id="f-1",
        **per_call,
    )


def _recorded(hooked: bool, answer: Any = None, **per_call: Any) -> bool:
    """Whether ``post_call`` recorded the answer in the logging record."""
    record = _logging_object(**per_call)
    record.update_environment_variables(model="m", user=None, optional_params={}, litellm_params={})
    if hooked:
        with light_calls.memscribe_call():
            record.post_call(original_response=answer if answer is not None else {"id": "x"})
    else:
        record.post_call(original_response=answer if answer is not None else {"id": "x"})
    return "original_response" in record.model_call_details


def test_post_call_records_nothing_for_memscribe_calls_nobody_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    import litellm

    assert "litellm.Logging.post_call" in light_calls.install()
    assert _recorded(hooked=False)  # outside memscribe's calls: recorded as before
    assert not _recorded(hooked=True)
    assert _recorded(hooked=True, answer='{"id": "x"}')  # a raw text answer (not the chat path)
    assert _recorded(hooked=True, dynamic_async_success_callbacks=[lambda *a, **k: None])  # per call
    monkeypatch.setattr(litellm, "input_callback", [lambda *a, **k: None])
    assert _recorded(hooked=True)  # a callback reads the record: recorded


def test_post_call_records_for_debug_logging_and_a_logger_fn() -> None:
    import litellm

    light_calls.install()
    debug_logger = litellm.verbose_logger
    level = debug_logger.level
    debug_logger.setLevel(logging.DEBUG)
    try:
        assert _recorded(hooked=True)
    finally:
        debug_logger.setLevel(level)
    record = _logging_object()
    seen: list[dict[str, Any]] = []
    record.update_environment_variables(
        model="m", user=None, optional_params={}, litellm_params={"logger_fn": seen.append}
    )
    with light_calls.memscribe_call():
        record.post_call(original_response={"id": "x"})
    assert seen and seen[0]["original_response"] == '{"id": "x"}'


def test_parsed_request_urls_are_kept_only_for_absolute_urls_in_memscribe_calls() -> None:
    import httpx

    assert "httpx.BaseClient._merge_url" in light_calls.install()
    client = httpx.Client(base_url="http://127.0.0.1:9/v1/")
    outside = client._merge_url("http://127.0.0.1:9/v1/chat/completions")
    assert client._merge_url("http://127.0.0.1:9/v1/chat/completions") is not outside
    with light_calls.memscribe_call():
        first = client._merge_url("http://127.0.0.1:9/v1/chat/completions")
        assert client._merge_url("http://127.0.0.1:9/v1/chat/completions") is first
        assert first == outside and str(first) == "http://127.0.0.1:9/v1/chat/completions"
        relative = client._merge_url("models")  # merged with the base URL, as before
        assert str(relative) == "http://127.0.0.1:9/v1/models"
        client.base_url = "http://127.0.0.1:8/v2/"
        assert str(client._merge_url("models")) == "http://127.0.0.1:8/v2/models"
    client.close()


def test_supplemental_params_are_kept_per_plain_value(monkeypatch: pytest.MonkeyPatch) -> None:
    import litellm
    from litellm import main

    assert "litellm.main._supplemental_provider_params" in light_calls.install()
    validated: list[object] = []
    original = main.validate_litellm_params_strictly

    def counted(*args: Any, **kwargs: Any) -> Any:
        validated.append(args[1])
        return original(*args, **kwargs)

    monkeypatch.setattr(main, "validate_litellm_params_strictly", counted)
    plain = main._supplemental_provider_params({"timeout": 600.0, "model": "m"}, "m")
    with light_calls.memscribe_call():
        first = main._supplemental_provider_params({"timeout": 600.0, "model": "m"}, "m")
        again = main._supplemental_provider_params({"timeout": 600.0, "messages": []}, "m")
        other = main._supplemental_provider_params({"timeout": 30}, "m")
        assert again is first and other is not first
        assert first.params == plain.params and first.dropped_keys == plain.dropped_keys
        assert other.params.timeout == 30
        assert main._supplemental_provider_params({"timeout": True}, "m") is not first  # True is not 1
        with pytest.raises(litellm.BadRequestError):  # invalid: raised each time, as before
            main._supplemental_provider_params({"rpm": "x"}, "m")
        with pytest.raises(litellm.BadRequestError):
            main._supplemental_provider_params({"rpm": "x"}, "m")
        monkeypatch.setattr(litellm, "drop_params", True)  # dropped, not kept: validated each time
        dropped = main._supplemental_provider_params({"rpm": "x"}, "m")
        assert dropped.dropped_keys == {"rpm"}
        assert main._supplemental_provider_params({"rpm": "x"}, "m") is not dropped
    assert (
        validated
        == [{"timeout": 600.0}, {"timeout": 600.0}, {"timeout": 30}, {"timeout": True}] + [{"rpm": "x"}] * 4
    )


def test_provider_configs_kept_while_stateless_and_the_map_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    import litellm
    from litellm.types.utils import LlmProviders
    from litellm.utils import ProviderConfigManager

    assert "litellm.ProviderConfigManager.get_provider_chat_config" in light_calls.install()
    outside = ProviderConfigManager.get_provider_chat_config("memscribe-x", LlmProviders.OPENAI)
    assert ProviderConfigManager.get_provider_chat_config("memscribe-x", LlmProviders.OPENAI) is not outside
    with light_calls.memscribe_call():
        first = ProviderConfigManager.get_provider_chat_config("memscribe-x", LlmProviders.OPENAI)
        assert type(first) is type(outside)
        assert ProviderConfigManager.get_provider_chat_config("memscribe-x", LlmProviders.OPENAI) is first
        named = ProviderConfigManager.get_provider_chat_config(
            model="memscribe-x", provider=LlmProviders.OPENAI
        )
        assert type(named) is type(first)
        assert (
            ProviderConfigManager.get_provider_chat_config(model="memscribe-x", provider=LlmProviders.OPENAI)
            is named
        )
        as_text = ProviderConfigManager.get_provider_chat_config(
            "memscribe-x", "openai"
        )  # not the enum member
        assert as_text is not first and type(as_text) is type(outside)
        ollama = ProviderConfigManager.get_provider_chat_config("memscribe-x", LlmProviders.OLLAMA_CHAT)
        assert ollama is not first and type(ollama).__name__ == "OllamaChatConfig"
        first.some_state = 1  # a config that holds state is not handed out again
        fresh = ProviderConfigManager.get_provider_chat_config("memscribe-x", LlmProviders.OPENAI)
        assert fresh is not first and not vars(fresh)
        assert ProviderConfigManager.get_provider_chat_config("memscribe-x", LlmProviders.OPENAI) is fresh
        monkeypatch.setattr(litellm, "model_cost", {**litellm.model_cost, "memscribe-x": {"mode": "chat"}})
        assert ProviderConfigManager.get_provider_chat_config("memscribe-x", LlmProviders.OPENAI) is not fresh


def test_merged_headers_are_kept_per_content_and_handed_out_as_copies() -> None:
    import httpx

    assert "httpx.BaseClient._merge_headers" in light_calls.install()
    pairs = [("Accept", "application/json"), ("Authorization", "Bearer k"), ("X-Retry", "0")]
    client = httpx.Client(headers={"User-Agent": "memscribe-test"})
    outside = client._merge_headers(list(pairs))
    with light_calls.memscribe_call():
        first = client._merge_headers(list(pairs))
        assert first.raw == outside.raw and first.multi_items() == outside.multi_items()
        first["Content-Length"] = "12"  # a request adds its own: not into the kept headers
        second = client._merge_headers(list(pairs))
        assert second is not first and second.raw == outside.raw and "Content-Length" not in second
        client.headers["User-Agent"] = "changed"  # in place: the kept merge no longer applies
        changed = client._merge_headers(list(pairs))
        assert changed["User-Agent"] == "changed" and changed.raw != outside.raw
        other = client._merge_headers([("Accept", "text/plain")])
        assert other["Accept"] == "text/plain" and "Authorization" not in other
        as_dict = client._merge_headers({"Accept": "text/html"})  # not a list of pairs: merged as before
        assert as_dict["Accept"] == "text/html"
    client.close()
