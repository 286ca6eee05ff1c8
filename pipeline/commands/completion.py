"""``memscribe completion SHELL``: the shell's tab-completion script for memscribe, on stdout.

The script calls ``memscribe`` back with ``_MEMSCRIBE_COMPLETE`` set; typer's completion classes are
registered only then (nothing is loaded for an ordinary run).
"""

from __future__ import annotations

import os
from typing import Annotated

import typer

SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")
COMPLETE_VAR = "_MEMSCRIBE_COMPLETE"
HOW = {
    "bash": 'eval "$(memscribe completion bash)"  # in ~/.bashrc',
    "zsh": 'eval "$(memscribe completion zsh)"  # in ~/.zshrc, after compinit',
    "fish": "memscribe completion fish > ~/.config/fish/completions/memscribe.fish",
    "powershell": "memscribe completion powershell | Out-String | Invoke-Expression  # in $PROFILE",
    "pwsh": "memscribe completion pwsh | Out-String | Invoke-Expression  # in $PROFILE",
}


def completion(
    shell: Annotated[str, typer.Argument(help="bash, zsh, fish, powershell or pwsh.")],
) -> None:
    """Print the tab-completion script for SHELL.

    bash: eval "$(memscribe completion bash)" in ~/.bashrc; zsh: the same in ~/.zshrc (after
    compinit); fish: memscribe completion fish > ~/.config/fish/completions/memscribe.fish.
    """
    from memscribe.cli_common import fail
    from memscribe.errors import UserError

    if shell not in SHELLS:
        fail(UserError(f"unknown shell {shell!r}; choose one of {', '.join(SHELLS)}"))
    from typer._completion_shared import get_completion_script  # what --show-completion prints

    typer.echo(f"# memscribe {shell} completion; install: {HOW[shell]}")
    typer.echo(get_completion_script(prog_name="memscribe", complete_var=COMPLETE_VAR, shell=shell))


def register(app: typer.Typer) -> None:
    if os.environ.get(COMPLETE_VAR):  # the shell asks for completions: typer's classes answer
        from typer._completion_classes import completion_init

        completion_init()
    app.command()(completion)
