#!/usr/bin/env bash
# The editor's unit tests: every web-editor/test/*.test.mjs under Node's built-in test runner (node --test).
# node is the machine's, else the Node-RED peer's (scripts/nodered-peer.sh). mvn runs this in the test phase;
# -Dredwire.skipEditorTests (or -DskipTests) skips it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
NODE=$(command -v node || true)
PEER="${REDWIRE_NODERED_DIR:-$HOME/.cache/redwire/nodered}/node-binary"
if [ -z "$NODE" ] && [ -f "$PEER" ]; then
  NODE=$(cat "$PEER")
fi
if [ -z "$NODE" ] || [ ! -x "$NODE" ]; then
  echo "editor unit tests: no node binary (not on PATH, none in $PEER). Install Node.js (Debian: apt-get install" \
    "nodejs) or skip these tests with -Dredwire.skipEditorTests" >&2
  exit 1
fi
exec "$NODE" --test --test-reporter=spec web-editor/test/*.test.mjs
