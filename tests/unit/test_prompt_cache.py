"""The ``memscribe`` process keeps compiled prompt templates beside its regex program cache."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

#: argv[1]: the cache folder. Renders the detect prompt of a small transcript as the detect stage
#: does, and prints the messages and how many templates were compiled from source.
_RENDER = r"""
import json, sys
from pathlib import Path
from memscribe.lazyre import install_program_cache
install_program_cache(Path(sys.argv[1]))
import jinja2
compiled = []
real = jinja2.Environment.compile
def compile(self, source, name=None, filename=None, raw=False, defer_init=False):
    compiled.append(name)
    return real(self, source, name, filename, raw, defer_init)
jinja2.Environment.compile = compile
from memscribe.schemas.candidates import Detection
from memscribe.stages.detect import detect
from memscribe.transcript import parse_transcript
class Stub:
    name = "stub"
    messages = []
    def generate(self, *, task, messages, response_model, request):
        self.messages.append(messages)
        return Detection()
text = "User: I prefer {{ tea }} with {% raw %} oat milk.\nAssistant: Noted.\n"
transcript = parse_transcript(text, source="t.txt", fmt=None)
model = Stub()
detect(transcript, model=model, signal_turns=(0,), context_tokens=16000)
print(json.dumps({"messages": model.messages, "compiled": compiled}))
"""


def _render(folder: Path) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", _RENDER, str(folder)], capture_output=True, text=True, check=True
    )
    found: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def test_a_second_process_renders_the_same_prompt_without_compiling_the_template(tmp_path: Path) -> None:
    first = _render(tmp_path)
    second = _render(tmp_path)
    assert first["compiled"] == ["detect.j2"]
    assert second["compiled"] == []
    assert second["messages"] == first["messages"] and first["messages"]


def test_a_cache_folder_that_cannot_be_written_only_means_compiling_again(tmp_path: Path) -> None:
    (tmp_path / "blocked").write_text("a file where the folder would be")
    first = _render(tmp_path / "blocked")
    second = _render(tmp_path / "blocked")
    assert first["compiled"] == second["compiled"] == ["detect.j2"]
    assert second["messages"] == first["messages"] and first["messages"]
