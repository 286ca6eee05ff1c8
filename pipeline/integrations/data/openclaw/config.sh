#!/bin/sh
# Kept for old instructions: the install is one command now. It merges (never overwrites)
# agents.defaults.memorySearch.extraPaths, copies the hook pack and enables it.
set -eu
exec "${MEMSCRIBE_BIN:-memscribe}" install openclaw "$@"
