#!/bin/sh
# Register memscribe's memory folder with OpenClaw and enable the session-end hook.
set -eu
openclaw config set agents.defaults.memorySearch.extraPaths '[".reflexio/"]'
mkdir -p "${OPENCLAW_STATE_DIR:-$HOME/.openclaw}/hooks/memscribe"
cp "$(dirname "$0")/hook/HOOK.md" "$(dirname "$0")/hook/handler.ts" "${OPENCLAW_STATE_DIR:-$HOME/.openclaw}/hooks/memscribe/"
openclaw hooks enable memscribe
