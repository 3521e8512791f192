#!/usr/bin/env bash
# The editor's unit tests: every web-editor/test/*.test.mjs under Node's built-in test runner (node --test).
# Node 20 or later (the editor's modules use the global crypto): the machine's, else the Node-RED peer's
# (scripts/nodered-peer.sh installs Node 22 where the machine's is older). mvn runs this in the test phase;
# -Dredwire.skipEditorTests (or -DskipTests) skips it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
recent() {
  [ -n "$1" ] && [ -x "$1" ] && "$1" -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)'
}
PEER="${REDWIRE_NODERED_DIR:-$HOME/.cache/redwire/nodered}/node-binary"
NODE=$(command -v node || true)
if ! recent "$NODE"; then
  NODE=$([ -f "$PEER" ] && cat "$PEER" || true)
fi
if ! recent "$NODE"; then
  echo "editor unit tests: they need Node.js 20 or later; the node on PATH is missing or older and $PEER names" \
    "none. Install one (Debian 13: apt-get install nodejs; or scripts/nodered-peer.sh) or skip these tests with" \
    "-Dredwire.skipEditorTests" >&2
  exit 1
fi
exec "$NODE" --test --test-reporter=spec web-editor/test/*.test.mjs
