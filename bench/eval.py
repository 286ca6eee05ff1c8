"""The evaluation harness as a bench program: all three dev sets with the embedded default.

Same as ``memscribe eval all`` (see README "Evaluation"); extra arguments are passed through,
e.g. ``python bench/eval.py --model openai/gpt-4.1-mini`` or ``--sample 150``.
"""

from __future__ import annotations

import sys

from memscribe.cli import app

if __name__ == "__main__":
    args = sys.argv[1:]
    if not args or args[0].startswith("-"):
        args = ["all", *args]
    app(["eval", *args])
