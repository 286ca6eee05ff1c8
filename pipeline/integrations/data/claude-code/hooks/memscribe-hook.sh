#!/bin/sh
# memscribe hook command for Claude Code and Codex: `memscribe-hook.sh claude-code|codex`.
# The agent's JSON payload on stdin goes straight to `memscribe hook`, which reads it bounded
# (size cap and timeout: it never hangs), prints the context block for SessionStart /
# UserPromptSubmit, starts the extraction in the background for PreCompact / SessionEnd / Stop,
# and logs every run to <memory root>/.reflexio/.logs/hooks.log.
# MEMSCRIBE_BIN names the executable when `memscribe` is not on the hook's PATH.
agent="${1:-claude-code}"
bin="${MEMSCRIBE_BIN:-memscribe}"
if ! command -v "$bin" >/dev/null 2>&1; then
  root="${MEMSCRIBE_MEMORY_DIR:-${CLAUDE_PROJECT_DIR:-$PWD}}"
  msg="memscribe hook ($agent): '$bin' not found on PATH ($PATH); install memscribe or set MEMSCRIBE_BIN"
  echo "$msg" >&2
  if mkdir -p "$root/.reflexio/.logs" 2>/dev/null; then
    printf '%s ERROR %s\n' "$(date -u '+%Y-%m-%d %H:%M:%S')" "$msg" >>"$root/.reflexio/.logs/hooks.log" 2>/dev/null
  fi
  exit 0
fi
exec "$bin" hook "$agent"
