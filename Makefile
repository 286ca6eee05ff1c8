# One command each: install, lint, typecheck, test, bench, record.
PY ?= .venv/bin/python

.PHONY: install lint typecheck test bench bench-all record goldens demo

install:
	python3 -m venv .venv && .venv/bin/pip install -q -e '.[dev]'

lint:
	.venv/bin/ruff check . && .venv/bin/ruff format --check pipeline schemas

typecheck:
	rm -rf .typecheck && mkdir -p .typecheck/memscribe
	for f in pipeline/*; do ln -s "../../$$f" ".typecheck/memscribe/$$(basename $$f)"; done
	ln -s ../../schemas .typecheck/memscribe/schemas && ln -s ../../prompts .typecheck/memscribe/prompts
	.venv/bin/mypy

test:
	.venv/bin/pytest -q

# Extraction quality on the three dev sets (embedded default; add --model M for an LLM).
bench:
	$(PY) bench/eval.py all

# Every benchmark (redact needs: .venv/bin/pip install -e '.[bench]').
bench-all: bench
	$(PY) bench/redact.py
	$(PY) bench/store.py
	$(PY) bench/batch.py

# Re-record the LLM cassettes against the scripted local server (tests start it), then
# regenerate the goldens. Review `git diff fixtures/` before committing.
record:
	rm -f fixtures/cassettes/test_fixture_llm*.yaml
	MEMSCRIBE_UPDATE_GOLDEN=1 .venv/bin/pytest -q tests/e2e/test_e2e.py --record-mode=once
	@echo "Other cassettes (snapshot, groups, store, eval): delete the one to redo, then run its test with --record-mode=once."

goldens:
	MEMSCRIBE_UPDATE_GOLDEN=1 .venv/bin/pytest -q tests/e2e/test_e2e.py

demo:
	rm -rf /tmp/memscribe-demo && .venv/bin/memscribe extract fixtures/transcripts/claude_code_confirmed_correction.jsonl --memory-dir /tmp/memscribe-demo
