#!/bin/sh
# Claude Code hook command (PreCompact, SessionEnd): run memscribe on this session's transcript.
# Claude Code passes {"session_id", "transcript_path", "cwd", "hook_event_name", ...} on stdin.
# Incremental and exactly-once (see memscribe batch); runs in the background, never blocks.
set -eu
input=$(cat)
field() { printf '%s' "$input" | python3 -c "import json,sys; print(json.load(sys.stdin).get('$1') or '')"; }
transcript=$(field transcript_path)
cwd=$(field cwd)
[ -n "$transcript" ] && [ -f "$transcript" ] || exit 0
memory_dir=${MEMSCRIBE_MEMORY_DIR:-${cwd:-$PWD}}
nohup "${MEMSCRIBE_BIN:-memscribe}" batch "$transcript" --memory-dir "$memory_dir" \
  --timeout "${MEMSCRIBE_TIMEOUT_S:-120}" --json --no-progress >/dev/null 2>&1 &
exit 0
