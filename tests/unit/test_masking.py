"""A secret in a model's API base never shows: config, model errors, doctor, logs, ``--json`` errors."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import litellm
import pytest
from typer.testing import CliRunner

from memscribe.cli import app
from memscribe.errors import ModelError, UserError
from memscribe.masking import MaskingFilter, mask_url_credentials
from memscribe.schemas.candidates import Detection
from memscribe.schemas.requests import DetectRequest
from tests.support.fakes import fake_llm

SECRETS = ("hunter2pw", "t0kenvalue", "qs3cretq", "ghp_abcdef0123456789")
API_BASE = "https://bob:hunter2pw@llm.example.com/v1?api_key=qs3cretq&region=eu"
runner = CliRunner()


def _clean(text: str) -> bool:
    return not any(secret in text for secret in SECRETS)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("https://bob:hunter2pw@h/v1", "https://bob:****@h/v1"),
        ("see http://ghp_abcdef0123456789@h:8080/v1 now", "see http://****@h:8080/v1 now"),
        ("https://h/v1?api_key=qs3cretq&x=1", "https://h/v1?api_key=****&x=1"),
        ("https://h/v1?region=eu&access_token=t0kenvalue", "https://h/v1?region=eu&access_token=****"),
        ("https://bob:****@h/v1 and https://****@h", "https://bob:****@h/v1 and https://****@h"),
        ("git clone ssh://git@github.com/x.git", "git clone ssh://git@github.com/x.git"),
        ("https://example.com/a@b and a=b", "https://example.com/a@b and a=b"),
    ],
)
def test_url_credentials_are_masked(text: str, shown: str) -> None:
    assert mask_url_credentials(text) == shown
    assert mask_url_credentials(shown) == shown  # idempotent


def test_every_error_message_is_masked() -> None:
    error = UserError(f"cannot reach {API_BASE}")
    assert _clean(str(error)) and "llm.example.com/v1" in str(error)


def test_a_model_error_quoting_the_api_base_is_masked() -> None:
    """The provider's own message (which may quote the URL) becomes the model_error detail."""

    def completion(**kwargs: object) -> object:
        raise litellm.APIConnectionError(
            message=f"Connection error to {kwargs.get('api_base')}", llm_provider="openai", model="fake"
        )

    model = fake_llm(completion, api_base=API_BASE, max_attempts=1)
    with pytest.raises(ModelError) as caught:
        model.generate(
            task="detect",
            messages=[{"role": "user", "content": "[0] user: I use Neovim"}],
            response_model=Detection,
            request=DetectRequest(turns=(), window=1, windows=1),
        )
    assert "llm.example.com" in str(caught.value) and _clean(str(caught.value))


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MEMSCRIBE_CONFIG", str(tmp_path / "user.toml"))
    monkeypatch.setenv("MEMSCRIBE_MEMORY_DIR", str(tmp_path))
    monkeypatch.delenv("MEMSCRIBE_MODEL", raising=False)
    monkeypatch.setenv("MEMSCRIBE_API_BASE", API_BASE)
    (tmp_path / "memscribe.toml").write_text(
        '[embeddings]\nurl = "http://ghp_abcdef0123456789@emb.example.com/v1"\n'
        '[extract]\napi_base = "https://x.example.com/v1?token=t0kenvalue"\n'
    )
    return tmp_path


def test_config_masks_env_and_file_values(env: Path) -> None:
    for args in (["config"], ["config", "--json"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        assert "llm.example.com" in result.output and "emb.example.com" in result.output
        assert _clean(result.output), result.output
    rows = {r["name"]: r for r in json.loads(runner.invoke(app, ["config", "--json"]).output)["settings"]}
    assert rows["api_base"]["value"] == "https://bob:****@llm.example.com/v1?api_key=****&region=eu"


def test_doctor_shows_the_api_base_masked(env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEMSCRIBE_MODEL", "openai/gpt-4o-mini")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-a-real-key-000000000000")
    (env / ".reflexio" / ".logs").mkdir(parents=True)
    (env / ".reflexio" / ".logs" / "hooks.log").write_text(
        f"2026-01-01 ERROR extract failed: cannot connect to {API_BASE}\n"
    )
    result = runner.invoke(app, ["doctor", "--json"])
    assert "llm.example.com" in result.output and _clean(result.output), result.output
    model = next(c for c in json.loads(result.output)["checks"] if c["name"] == "model")
    assert model["detail"].endswith("at https://bob:****@llm.example.com/v1?api_key=****&region=eu")


def test_json_errors_are_masked_on_both_streams(tmp_path: Path) -> None:
    transcript = tmp_path / "t.txt"
    transcript.write_text("user: hi\n")
    result = runner.invoke(
        app, ["extract", str(transcript), "--memory-dir", str(tmp_path), "--format", API_BASE, "--json"]
    )
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert error["type"] == "UserError" and error["exit_code"] == 2 and "llm.example.com" in error["message"]
    assert _clean(result.stdout) and _clean(result.stderr)


def test_log_records_are_masked(tmp_path: Path) -> None:
    from memscribe.cli_common import configure_logging
    from memscribe.integrations.hooks import close_logger, hook_logger, log_path

    log_file = tmp_path / "debug.log"
    configure_logging(verbose=False, log_file=log_file)
    try:
        logging.getLogger("memscribe.model").debug("calling %s", API_BASE)
    finally:
        configure_logging(verbose=False, log_file=None)
    hooks = hook_logger(tmp_path)
    hooks.info("extract failed: cannot reach %s", API_BASE)
    close_logger(hooks)
    for text in (log_file.read_text(), log_path(tmp_path).read_text()):
        assert "llm.example.com" in text and _clean(text), text


def test_the_filter_alone() -> None:
    record = logging.LogRecord("memscribe", logging.INFO, __file__, 1, "at %s", (API_BASE,), None)
    assert MaskingFilter().filter(record) and _clean(record.getMessage())
