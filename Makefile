# One command each: install, lint, typecheck, test, bench, record.
PY ?= .venv/bin/python

.PHONY: install lint typecheck test bench record goldens demo

install:
	python3 -m venv .venv && .venv/bin/pip install -q -e '.[dev]'

lint:
	.venv/bin/ruff check . && .venv/bin/ruff format --check pipeline schemas

typecheck:
	.venv/bin/mypy

test:
	.venv/bin/pytest -q

bench:
	$(PY) bench/eval_embedded.py

# Re-record the LLM cassettes against the scripted local server (tests start it), then
# regenerate the goldens. Review `git diff fixtures/` before committing.
record:
	rm -f fixtures/cassettes/test_fixture_llm*.yaml
	MEMSCRIBE_UPDATE_GOLDEN=1 .venv/bin/pytest -q tests/test_e2e.py --record-mode=once

goldens:
	MEMSCRIBE_UPDATE_GOLDEN=1 .venv/bin/pytest -q tests/test_e2e.py

demo:
	rm -rf /tmp/memscribe-demo && .venv/bin/memscribe extract fixtures/transcripts/claude_code_confirmed_correction.jsonl --memory-dir /tmp/memscribe-demo
